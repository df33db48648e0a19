/**
 * Tickets both surfaces create and update: the draft, SLA due dates, status transitions.
 */
import type { UploadedFile } from '../body.ts';
import type { Scalar, Ticket, User } from '../model.ts';
import type { Store } from '../store.ts';
import { storeAttachments } from './attachments.ts';

const HOUR = 3_600_000;

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
