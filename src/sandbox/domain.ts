/**
 * Behaviour both surfaces share: finding or creating a requester, making agents, creating tickets and
 * conversations, storing uploads, time arithmetic of time entries, and the group escalation
 * enumeration. Validation-then-commit: `plan*` functions only look; `commit*`/`create*` write.
 */
import type { UploadedFile } from './body.ts';
import type { Attachment, Conversation, Role, SatisfactionRating, Scalar, Survey, Ticket, TimeEntry, User } from './model.ts';
import type { Store } from './store.ts';

const HOUR = 3_600_000;

// ---- requesters ------------------------------------------------------------------------------

export interface RequesterInput {
  requesterId?: number;
  email?: string;
  phone?: string;
  twitterId?: string;
  facebookId?: string;
  uniqueExternalId?: string;
  name?: string;
}

export type RequesterPlan =
  | { kind: 'existing'; user: User }
  | { kind: 'new'; fields: Partial<User> & { name: string } }
  | { kind: 'error'; field: string; code: string; message: string };

export function hasRequesterInput(input: RequesterInput): boolean {
  return (
    input.requesterId !== undefined ||
    !!input.email ||
    !!input.phone ||
    !!input.twitterId ||
    !!input.facebookId ||
    !!input.uniqueExternalId
  );
}

function findUser(store: Store, predicate: (u: User) => boolean): User | undefined {
  for (const u of store.users.values()) if (!u.deleted && predicate(u)) return u;
  return undefined;
}

/**
 * Which user a ticket's requester fields name, in the service's precedence: requester_id, then
 * email, facebook_id, twitter_id, unique_external_id, phone. Unknown e-mail, twitter, external id
 * or phone create a contact; an unknown facebook id or requester_id is an error (spec 000 Ticket).
 */
export function planRequester(store: Store, input: RequesterInput): RequesterPlan {
  if (input.requesterId !== undefined) {
    const user = store.users.get(input.requesterId);
    if (!user || user.deleted) {
      return { kind: 'error', field: 'requester_id', code: 'invalid_value', message: 'There is no contact matching the given requester_id' };
    }
    return { kind: 'existing', user };
  }
  if (input.email) {
    const user = store.userByEmail(input.email);
    if (user) return { kind: 'existing', user };
    return { kind: 'new', fields: { name: input.name || input.email, email: input.email, phone: input.phone ?? null } };
  }
  if (input.facebookId) {
    const user = findUser(store, (u) => u.facebookId === input.facebookId);
    if (!user) return { kind: 'error', field: 'facebook_id', code: 'invalid_value', message: 'There is no contact matching the given facebook_id' };
    return { kind: 'existing', user };
  }
  if (input.twitterId) {
    const user = findUser(store, (u) => u.twitterId === input.twitterId);
    if (user) return { kind: 'existing', user };
    return { kind: 'new', fields: { name: input.name || input.twitterId, twitterId: input.twitterId } };
  }
  if (input.uniqueExternalId) {
    const user = findUser(store, (u) => u.uniqueExternalId === input.uniqueExternalId);
    if (user) return { kind: 'existing', user };
    return { kind: 'new', fields: { name: input.name || input.uniqueExternalId, uniqueExternalId: input.uniqueExternalId } };
  }
  if (input.phone) {
    const user = findUser(store, (u) => u.phone === input.phone || u.mobile === input.phone);
    if (user) return { kind: 'existing', user };
    if (!input.name) return { kind: 'error', field: 'name', code: 'missing_field', message: 'It should be a/an String' };
    return { kind: 'new', fields: { name: input.name, phone: input.phone } };
  }
  return {
    kind: 'error',
    field: 'requester_id',
    code: 'missing_field',
    message: 'Please fill at least 1 of requester_id, phone, email, twitter_id, facebook_id, unique_external_id fields',
  };
}

export function newContact(store: Store, fields: Partial<User> & { name: string }, now: number): User {
  const user: User = {
    id: store.nextId('user'),
    name: fields.name,
    email: fields.email ?? null,
    phone: fields.phone ?? null,
    mobile: fields.mobile ?? null,
    twitterId: fields.twitterId ?? null,
    facebookId: fields.facebookId ?? null,
    uniqueExternalId: fields.uniqueExternalId ?? null,
    address: fields.address ?? null,
    description: fields.description ?? null,
    jobTitle: fields.jobTitle ?? null,
    language: fields.language ?? 'en',
    timeZone: fields.timeZone ?? store.account.timeZone,
    companyId: fields.companyId ?? null,
    otherEmails: fields.otherEmails ?? [],
    tags: fields.tags ?? [],
    custom: fields.custom ?? Object.fromEntries(store.customContactFields().map((f) => [f.name, null])),
    active: fields.active ?? false,
    deleted: false,
    blocked: false,
    agent: null,
    createdAt: now,
    updatedAt: now,
  };
  return store.putUser(user);
}

// ---- agents -----------------------------------------------------------------------------------

export interface AgentDraft {
  role?: Role;
  occasional?: boolean;
  ticketScope?: number;
  signatureHtml?: string | null;
  groupIds?: number[];
}

/**
 * Turns a user into an agent: both surfaces' make_agent and v2's agent create. The agent gets a
 * v1 record id of its own (not the user id) and an API key derived from the user id.
 */
export function makeAgent(store: Store, user: User, draft: AgentDraft, now: number): User {
  user.agent = {
    recordId: store.nextId('agentRecord'),
    role: draft.role ?? 'agent',
    apiKey: `sandbox-agent-${user.id}-key`,
    password: null,
    occasional: draft.occasional ?? false,
    available: true,
    ticketScope: draft.ticketScope ?? 1,
    signatureHtml: draft.signatureHtml ?? null,
    lastLoginAt: null,
    becameAgentAt: now,
  };
  // the service drops a converted contact's other e-mails (FDDOC make_agent note 2)
  user.otherEmails = [];
  for (const id of draft.groupIds ?? []) {
    const g = store.groups.get(id);
    if (g && !g.agentIds.includes(user.id)) g.agentIds.push(user.id);
  }
  user.updatedAt = now;
  return store.putUser(user);
}

/** Writes the plan (creating the contact if needed) and returns the requester. */
export function commitRequester(store: Store, plan: Exclude<RequesterPlan, { kind: 'error' }>, now: number): User {
  return plan.kind === 'existing' ? plan.user : newContact(store, plan.fields, now);
}

// ---- attachments ----------------------------------------------------------------------------

export function totalSize(files: UploadedFile[]): number {
  return files.reduce((sum, f) => sum + f.size, 0);
}

export function storeAttachments(store: Store, files: UploadedFile[], now: number): Attachment[] {
  return files.map((file) => {
    const attachment: Attachment = { id: store.nextId('attachment'), name: file.name, contentType: file.contentType, size: file.size, createdAt: now, updatedAt: now };
    store.attachmentBytes.set(attachment.id, file.bytes);
    return attachment;
  });
}

// ---- tickets ----------------------------------------------------------------------------------

/** resolution hours per priority, used for due_by when the caller gives none */
const SLA_HOURS: Record<number, number> = { 1: 72, 2: 48, 3: 24, 4: 8 };

export interface TicketDraft {
  subject: string | null;
  descriptionHtml: string;
  descriptionText: string;
  status: number;
  priority: number;
  source: number;
  type: string | null;
  responderId: number | null;
  groupId: number | null;
  companyId: number | null;
  productId: number | null;
  emailConfigId: number | null;
  tags: string[];
  ccEmails: string[];
  dueBy: number | null;
  frDueBy: number | null;
  custom: Record<string, Scalar>;
  files: UploadedFile[];
  parentId: number | null;
  relatedIds: number[];
  outbound: boolean;
}

export function emptyCustomValues(store: Store): Record<string, Scalar> {
  const out: Record<string, Scalar> = {};
  for (const f of store.customTicketFields()) out[f.name] = f.kind === 'checkbox' ? false : null;
  return out;
}

export function createTicket(store: Store, draft: TicketDraft, requester: User, now: number): Ticket {
  const { id, displayId } = store.nextTicketIds();
  const emailConfig = draft.emailConfigId === null ? undefined : store.emailConfigs.get(draft.emailConfigId);
  const sla = (SLA_HOURS[draft.priority] ?? 48) * HOUR;
  const ticket: Ticket = {
    id,
    displayId,
    subject: draft.subject,
    descriptionHtml: draft.descriptionHtml,
    descriptionText: draft.descriptionText,
    status: draft.status,
    priority: draft.priority,
    source: draft.source,
    type: draft.type,
    requesterId: requester.id,
    responderId: draft.responderId,
    groupId: draft.groupId ?? emailConfig?.groupId ?? null,
    companyId: draft.companyId ?? requester.companyId,
    productId: draft.productId ?? emailConfig?.productId ?? null,
    emailConfigId: draft.emailConfigId,
    tags: draft.tags,
    ccEmails: draft.ccEmails,
    fwdEmails: [],
    replyCcEmails: draft.ccEmails.slice(),
    toEmails: emailConfig ? [emailConfig.toEmail] : null,
    dueBy: draft.dueBy ?? now + sla,
    frDueBy: draft.frDueBy ?? now + Math.floor(sla / 3),
    isEscalated: false,
    frEscalated: false,
    urgent: draft.priority === 4,
    spam: false,
    deleted: false,
    outbound: draft.outbound,
    custom: { ...emptyCustomValues(store), ...draft.custom },
    attachments: storeAttachments(store, draft.files, now),
    watcherIds: [],
    associationType: null,
    associatedTickets: [],
    stats: {
      firstRespondedAt: null,
      agentRespondedAt: null,
      requesterRespondedAt: null,
      statusUpdatedAt: now,
      resolvedAt: draft.status === 4 || draft.status === 5 ? now : null,
      closedAt: draft.status === 5 ? now : null,
      pendingSince: draft.status === 3 ? now : null,
      reopenedAt: null,
    },
    createdAt: now,
    updatedAt: now,
  };
  if (draft.parentId !== null) {
    const parent = store.tickets.get(draft.parentId);
    ticket.associationType = 2;
    ticket.associatedTickets = [draft.parentId];
    if (parent) {
      parent.associationType = 1; // a parent ticket
      parent.associatedTickets = [...parent.associatedTickets, displayId];
    }
  } else if (draft.relatedIds.length > 0) {
    ticket.associationType = 3;
    ticket.associatedTickets = draft.relatedIds.slice();
    for (const relatedId of draft.relatedIds) {
      const related = store.tickets.get(relatedId);
      if (related) {
        related.associationType = 4; // a related ticket
        related.associatedTickets = [...related.associatedTickets, displayId];
      }
    }
  }
  return store.tickets.put(ticket);
}

/** Status change bookkeeping shared by every path that sets a status. */
export function setStatus(ticket: Ticket, status: number, now: number): void {
  if (ticket.status === status) return;
  const wasClosed = ticket.status === 4 || ticket.status === 5;
  ticket.status = status;
  ticket.stats.statusUpdatedAt = now;
  if (status === 4 || status === 5) ticket.stats.resolvedAt ??= now;
  if (status === 5) ticket.stats.closedAt = now;
  if (status === 3) ticket.stats.pendingSince = now;
  if (wasClosed && status !== 4 && status !== 5) ticket.stats.reopenedAt = now;
}

// ---- conversations ----------------------------------------------------------------------------

export interface ConversationDraft {
  userId: number;
  bodyHtml: string;
  bodyText: string;
  source: number;
  private: boolean;
  incoming: boolean;
  toEmails?: string[];
  ccEmails?: string[];
  bccEmails?: string[];
  fromEmail?: string | null;
  supportEmail?: string | null;
  files?: UploadedFile[];
}

export function addConversation(store: Store, ticket: Ticket, draft: ConversationDraft, now: number): Conversation {
  const conversation: Conversation = {
    id: store.nextId('conversation'),
    ticketDisplayId: ticket.displayId,
    userId: draft.userId,
    bodyHtml: draft.bodyHtml,
    bodyText: draft.bodyText,
    source: draft.source,
    private: draft.private,
    incoming: draft.incoming,
    toEmails: draft.toEmails ?? [],
    ccEmails: draft.ccEmails ?? [],
    bccEmails: draft.bccEmails ?? [],
    fromEmail: draft.fromEmail ?? null,
    supportEmail: draft.supportEmail ?? null,
    attachments: storeAttachments(store, draft.files ?? [], now),
    deleted: false,
    lastEditedAt: null,
    lastEditedUserId: null,
    createdAt: now,
    updatedAt: now,
  };
  store.putConversation(conversation);
  if (draft.source === 0 && !draft.incoming) {
    ticket.stats.firstRespondedAt ??= now;
    ticket.stats.agentRespondedAt = now;
  }
  ticket.updatedAt = now;
  return conversation;
}

export function supportEmailOf(store: Store, ticket: Ticket): string {
  const config = ticket.emailConfigId === null ? undefined : store.emailConfigs.get(ticket.emailConfigId);
  return (config ?? store.primaryEmailConfig())?.replyEmail ?? 'support@sandbox.example';
}

// ---- time entries ----------------------------------------------------------------------------

/** Seconds on the clock, counting a running timer up to `now`. */
export function secondsSpent(entry: TimeEntry, now: number): number {
  const running = entry.timerRunning ? Math.max(0, Math.floor((now - entry.startTime) / 1000)) : 0;
  return entry.secondsSpent + running;
}

export interface TimeEntryDraft {
  agentId: number;
  billable: boolean;
  note: string | null;
  timerRunning: boolean;
  /** seconds already spent */
  seconds: number;
  startTime?: number;
  executedAt?: number;
}

/** A new time entry on a ticket, for either surface. Starting a timer stops the agent's others. */
export function addTimeEntry(store: Store, ticket: Ticket, draft: TimeEntryDraft, now: number): TimeEntry {
  const entry: TimeEntry = {
    id: store.nextId('timeEntry'),
    ticketDisplayId: ticket.displayId,
    agentId: draft.agentId,
    billable: draft.billable,
    note: draft.note,
    timerRunning: draft.timerRunning,
    startTime: draft.startTime ?? now,
    executedAt: draft.executedAt ?? now,
    secondsSpent: draft.seconds,
    createdAt: now,
    updatedAt: now,
  };
  if (entry.timerRunning) stopOtherTimers(store, entry.agentId, entry.id, now);
  store.putTimeEntry(entry);
  return entry;
}

/** One running timer per agent: starting one stops the others, as the service does. */
export function stopOtherTimers(store: Store, agentId: number, except: number, now: number): void {
  for (const e of store.timeEntries.values()) {
    if (e.agentId === agentId && e.id !== except && e.timerRunning) {
      e.secondsSpent = secondsSpent(e, now);
      e.timerRunning = false;
      e.updatedAt = now;
    }
  }
}

/** Starts or stops the timer (both surfaces' toggle_timer); starting stops the agent's others. */
export function setTimer(store: Store, entry: TimeEntry, running: boolean, now: number): void {
  if (running === entry.timerRunning) return;
  if (running) {
    entry.timerRunning = true;
    entry.startTime = now;
    stopOtherTimers(store, entry.agentId, entry.id, now);
  } else {
    entry.secondsSpent = secondsSpent(entry, now);
    entry.timerRunning = false;
  }
  entry.updatedAt = now;
}

export function toggleTimer(store: Store, entry: TimeEntry, now: number): void {
  setTimer(store, entry, !entry.timerRunning, now);
  entry.updatedAt = now;
}

/** What both account-wide time entry lists filter on (v1 time_sheets.json, v2 time_entries). */
export interface TimeEntryFilter {
  companyId?: number | null;
  agentId?: number | null;
  billable?: boolean | null;
  executedAfter?: number | null;
  executedBefore?: number | null;
}

export function filterTimeEntries(store: Store, f: TimeEntryFilter, extra: (e: TimeEntry) => boolean = () => true): TimeEntry[] {
  return store.timeEntries.all().filter((e) => {
    if (f.agentId != null && e.agentId !== f.agentId) return false;
    if (f.billable != null && e.billable !== f.billable) return false;
    if (f.executedAfter != null && e.executedAt < f.executedAfter) return false;
    if (f.executedBefore != null && e.executedAt > f.executedBefore) return false;
    if (f.companyId != null && store.tickets.get(e.ticketDisplayId)?.companyId !== f.companyId) return false;
    return extra(e);
  });
}

/** v2 `time_spent`: "hh:mm", hours unbounded, minutes rounded down. */
export function formatHhMm(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** "hh:mm" → seconds, or null unless it matches `^\d+:[0-5][0-9]$`. */
export function parseHhMm(text: string): number | null {
  const m = /^(\d+):([0-5]\d)$/.exec(text);
  return m ? (Number(m[1]) * 60 + Number(m[2])) * 60 : null;
}

/** v1 `timespent`: decimal hours with two decimals ("0.50" is half an hour). */
export function formatDecimalHours(seconds: number): string {
  return (Math.round((seconds / 3600) * 100) / 100).toFixed(2);
}

/**
 * v1 `hhmm`, as the legacy server read it: a number is decimal hours (10.40 → 10 h 24 min); a
 * string `H:MM`/`HH:MM` with hours 0-23 is hours and minutes; any other string is decimal hours.
 * Returns seconds, or null when it is no number at all.
 */
export function parseV1Hhmm(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value * 3600) : null;
  if (typeof value !== 'string') return null;
  const m = /^\s*(\d{1,2}):([0-5]\d)\s*$/.exec(value);
  if (m && Number(m[1]) <= 23) return (Number(m[1]) * 60 + Number(m[2])) * 60;
  const n = Number.parseFloat(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 3600) : null;
}

// ---- groups -----------------------------------------------------------------------------------

/** v2 `unassigned_for` values and their seconds; every other v1 `assign_time` has no v2 form. */
export const UNASSIGNED_FOR: Record<string, number> = {
  '30m': 1800,
  '1h': 3600,
  '2h': 7200,
  '4h': 14400,
  '8h': 28800,
  '12h': 43200,
  '1d': 86400,
  '2d': 172800,
  '3d': 259200,
};

export function unassignedForOf(seconds: number | null): string | null {
  if (seconds === null) return null;
  for (const [label, s] of Object.entries(UNASSIGNED_FOR)) if (s === seconds) return label;
  return null;
}

// ---- surveys ----------------------------------------------------------------------------------

/** v2 face values of the default survey question (the "new survey" scale). */
export const RATING_VALUES = [103, 102, 101, 100, -101, -102, -103];

/** v1 `rating` 1 Awesome, 2 Just Okay, 3 Not Good → v2 face value (as the service converted). */
export const V1_TO_V2_RATING: Record<number, number> = { 1: 103, 2: 100, 3: -103 };

/** The survey ratings go to; null when none is active (v1 then answers 422, v2 403). */
export function activeSurvey(store: Store): Survey | null {
  return store.surveys.all().find((s) => s.active) ?? null;
}

/**
 * Rates a ticket on the v2 scale, for either surface (v1 converts its 1/2/3 first). The rating
 * names the ticket's requester, responder and group, as the service records them.
 */
export function rateTicket(store: Store, survey: Survey, ticket: Ticket, value: number, feedback: string | null, now: number): SatisfactionRating {
  const rating: SatisfactionRating = {
    id: store.nextId('rating'),
    surveyId: survey.id,
    ticketDisplayId: ticket.displayId,
    userId: ticket.requesterId,
    agentId: ticket.responderId,
    groupId: ticket.groupId,
    rating: value,
    feedback,
    responseNoteId: null,
    createdAt: now,
    updatedAt: now,
  };
  store.putRating(rating);
  return rating;
}

/** v2 face value → v1 rating: positive is Awesome, 100 neutral is Just Okay, negative is Not Good. */
export function v1RatingOf(value: number): number {
  return value > 100 ? 1 : value === 100 ? 2 : 3;
}
