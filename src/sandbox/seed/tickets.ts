/**
 * Seeded tickets, one at a time, with their conversations, time entries and ratings.
 */
import type { Attachment, Conversation, EmailConfig, Group, Product, SatisfactionRating, Scalar, Ticket, TimeEntry, User } from '../model.ts';
import { type Rng } from '../prng.ts';
import { ATTACHMENT_FILES, DESCRIPTION_SENTENCES, NOTE_BODIES, SUBJECT_TEMPLATES, TAGS } from '../seed-data.ts';
import { escapeHtml, htmlToText } from '../text.ts';
import { DAY, HOUR, Ids, MINUTE, PRODUCT_LINES, TICKET_TYPES, dateOnly } from './common.ts';
import { conversation } from './notes.ts';

// ---- tickets -----------------------------------------------------------------------------------

export interface World {
  rng: Rng;
  ids: Ids;
  anchor: number;
  agents: User[];
  groups: Group[];
  contacts: User[];
  /** requesters for new tickets: neither blocked nor deleted */
  liveContacts: User[];
  emailConfigs: EmailConfig[];
  products: Product[];
  surveyId: number;
}

export const PRIORITY_WEIGHTS = [1, 1, 1, 2, 2, 2, 3, 4];
export const SOURCE_WEIGHTS = [1, 1, 1, 1, 2, 2, 3, 3, 7, 9];
/** resolution hours per priority: 1 Low .. 4 Urgent */
export const SLA_HOURS: Record<number, number> = { 1: 72, 2: 48, 3: 24, 4: 8 };

export function attachment(world: World, at: number, preferred?: number): Attachment {
  const file = preferred === undefined ? world.rng.pick(ATTACHMENT_FILES) : ATTACHMENT_FILES[preferred]!;
  return { id: world.ids.next('attachment'), name: file.name, contentType: file.contentType, size: world.rng.int(2_000, 900_000), createdAt: at, updatedAt: at };
}

export function statusFor(world: World, ageDays: number): number {
  const r = world.rng.next();
  if (ageDays > 45) return r < 0.7 ? 5 : r < 0.92 ? 4 : r < 0.96 ? 2 : 3;
  if (ageDays > 10) return r < 0.35 ? 5 : r < 0.6 ? 4 : r < 0.78 ? 2 : r < 0.88 ? 3 : r < 0.95 ? 6 : 7;
  return r < 0.1 ? 5 : r < 0.2 ? 4 : r < 0.6 ? 2 : r < 0.8 ? 3 : r < 0.92 ? 6 : 7;
}

export function seedTicket(
  world: World,
  displayId: number,
  globalId: number,
  count: number,
  tickets: Ticket[],
  conversations: Conversation[],
  timeEntries: TimeEntry[],
  ratings: SatisfactionRating[],
): void {
  const { rng, ids, anchor } = world;
  const showcase = displayId === 1;
  // Spread creation over the year before the anchor, oldest first, as display ids grow with time.
  const span = 365 * DAY;
  const createdAt = anchor - span + Math.floor(((displayId - 1) / count) * span) + rng.int(0, 50) * MINUTE;
  const ageDays = (anchor - createdAt) / DAY;
  const requester = showcase ? world.contacts[0]! : rng.pick(world.liveContacts);
  let status = statusFor(world, ageDays);
  if (showcase) status = 2;
  if (displayId === 4) status = 5;
  const priority = showcase ? 3 : rng.pick(PRIORITY_WEIGHTS);
  const source = showcase ? 1 : rng.pick(SOURCE_WEIGHTS);
  const group = showcase ? world.groups[1]! : rng.chance(0.85) ? rng.pick(world.groups) : null;
  const responderPool = group ? world.agents.filter((a) => group.agentIds.includes(a.id)) : world.agents;
  const responder = showcase
    ? world.agents[2]!
    : displayId === 4
      ? world.agents[0]!
      : status === 2 && rng.chance(0.3)
        ? null
        : rng.chance(0.9)
          ? rng.pick(responderPool.length > 0 ? responderPool : world.agents)
          : null;
  const emailConfig = source === 1 ? (group?.name === 'Billing' ? world.emailConfigs[1]! : world.emailConfigs[0]!) : null;
  const subjectTemplate = rng.pick(SUBJECT_TEMPLATES);
  const subject = showcase
    ? 'API returns 500 on bulk import'
    : subjectTemplate.replace('{n}', String(rng.int(10000, 99999))).replace('{v}', `${rng.int(1, 4)}.${rng.int(0, 9)}`);
  const sentences = rng.sample(DESCRIPTION_SENTENCES, rng.int(2, 4));
  const descriptionHtml = sentences.map((s) => `<div>${escapeHtml(s)}</div>`).join('');
  const slaHours = SLA_HOURS[priority] ?? 48;
  const dueBy = createdAt + slaHours * HOUR;
  const frDueBy = createdAt + Math.floor(slaHours / 3) * HOUR;
  const open = status !== 4 && status !== 5;
  const custom: Record<string, Scalar> = {
    cf_product_line: showcase ? 'Widgets' : rng.chance(0.6) ? rng.pick(PRODUCT_LINES) : null,
    cf_order_number: showcase ? 'ORD-10001' : rng.chance(0.3) ? `ORD-${rng.int(10000, 99999)}` : null,
    cf_seats: showcase ? 25 : rng.chance(0.15) ? rng.int(1, 500) : null,
    cf_contract_end: showcase ? '2026-03-31' : rng.chance(0.2) ? dateOnly(anchor + rng.int(-100, 500) * DAY) : null,
    cf_vip: showcase ? true : rng.chance(0.1),
  };
  const ticket: Ticket = {
    id: globalId,
    displayId,
    subject,
    descriptionHtml,
    descriptionText: htmlToText(descriptionHtml),
    status,
    priority,
    source,
    type: showcase ? 'Incident' : rng.chance(0.8) ? rng.pick(TICKET_TYPES) : null,
    requesterId: requester.id,
    responderId: responder?.id ?? null,
    groupId: group?.id ?? null,
    companyId: requester.companyId,
    productId: emailConfig?.productId ?? null,
    emailConfigId: emailConfig?.id ?? null,
    tags: showcase ? ['vip', 'api'] : rng.chance(0.4) ? rng.sample(TAGS, rng.int(1, 2)) : [],
    ccEmails: showcase ? ['cto@acme.example'] : rng.chance(0.1) ? [`colleague${displayId}@mail.example`] : [],
    fwdEmails: rng.chance(0.03) ? [`partner${displayId}@partner.example`] : [],
    replyCcEmails: [],
    toEmails: emailConfig ? [emailConfig.toEmail] : null,
    dueBy,
    frDueBy,
    isEscalated: open && dueBy < anchor && rng.chance(0.5),
    frEscalated: frDueBy < anchor && rng.chance(0.2),
    urgent: priority === 4,
    spam: displayId === 3 || (displayId > 4 && rng.chance(0.005)),
    deleted: displayId === 2 || (displayId > 4 && rng.chance(0.01)),
    outbound: false,
    custom,
    attachments: showcase || rng.chance(0.05) ? [attachment(world, createdAt, showcase ? 0 : undefined)] : [],
    watcherIds: showcase ? [world.agents[0]!.id] : rng.chance(0.05) ? [rng.pick(world.agents).id] : [],
    associationType: null,
    associatedTickets: [],
    stats: {
      firstRespondedAt: null,
      agentRespondedAt: null,
      requesterRespondedAt: null,
      statusUpdatedAt: null,
      resolvedAt: null,
      closedAt: null,
      pendingSince: null,
      reopenedAt: null,
    },
    createdAt,
    updatedAt: createdAt,
  };
  ticket.replyCcEmails = ticket.ccEmails.slice();

  // Conversations: replies from the responder, customer replies, notes; meta notes now and then.
  let at = createdAt;
  const plan: number[] = showcase ? [0, 1, 2, 3, 4] : Array.from({ length: rng.int(0, 4) }, () => rng.pick([0, 0, 1, 2, 3, 4]));
  const agentForNotes = responder ?? world.agents[0]!;
  for (const kind of plan) {
    at += rng.int(20, 600) * MINUTE;
    if (at > anchor) break;
    const c = conversation(world, ticket, kind, agentForNotes, requester, at, showcase);
    conversations.push(c);
    if (kind === 0) {
      ticket.stats.firstRespondedAt ??= at;
      ticket.stats.agentRespondedAt = at;
    }
    if (kind === 1) ticket.stats.requesterRespondedAt = at;
  }
  const lastActivity = Math.min(anchor, at + rng.int(10, 300) * MINUTE);
  if (status === 4 || status === 5) ticket.stats.resolvedAt = lastActivity;
  if (status === 5) ticket.stats.closedAt = lastActivity;
  if (status === 3) ticket.stats.pendingSince = lastActivity;
  ticket.stats.statusUpdatedAt = lastActivity;
  ticket.updatedAt = lastActivity;

  // Time entries on about a fifth of the tickets; the showcase ticket has a billable and a non-billable one.
  if (responder && (showcase || rng.chance(0.2))) {
    const n = showcase ? 2 : rng.int(1, 2);
    for (let i = 0; i < n; i++) {
      // never after "now": the newest tickets are only hours old
      const executedAt = Math.min(anchor, createdAt + rng.int(1, 48) * HOUR);
      const minutes = showcase ? (i === 0 ? 90 : 20) : rng.int(1, 48) * 5;
      timeEntries.push({
        id: ids.next('timeEntry'),
        ticketDisplayId: displayId,
        agentId: responder.id,
        billable: showcase ? i === 0 : rng.chance(0.7),
        note: showcase ? (i === 0 ? 'Investigated the import logs' : 'Call with the customer') : rng.chance(0.5) ? rng.pick(NOTE_BODIES) : null,
        timerRunning: false,
        startTime: executedAt,
        executedAt,
        secondsSpent: minutes * 60,
        createdAt: executedAt,
        updatedAt: executedAt,
      });
    }
  }

  // Satisfaction ratings on some closed or resolved tickets.
  if (responder && (displayId === 4 || (!open && displayId > 4 && rng.chance(0.15)))) {
    const ratedAt = Math.min(anchor, lastActivity + rng.int(1, 48) * HOUR);
    ratings.push({
      id: ids.next('rating'),
      surveyId: world.surveyId,
      ticketDisplayId: displayId,
      userId: requester.id,
      agentId: responder.id,
      groupId: group?.id ?? null,
      rating: displayId === 4 ? 103 : rng.pick([103, 103, 102, 101, 100, 100, -101, -102, -103]),
      feedback: displayId === 4 ? 'Quick and friendly, thanks!' : rng.chance(0.4) ? rng.pick(['Great help', 'Took a while', 'Solved my problem', 'Not happy']) : null,
      responseNoteId: null,
      createdAt: ratedAt,
      updatedAt: ratedAt,
    });
  }
  tickets.push(ticket);
}
