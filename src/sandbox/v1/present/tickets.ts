/**
 * v1 ticket shapes: the ticket with display_id and global id, *_name fields, cc_email, notes; the update summary; attachments.
 */
import type { Attachment, Scalar, Ticket } from '../../model.ts';
import type { Store } from '../../store.ts';
import { PRIORITY_NAMES, SOURCE_NAMES, clock, v1TicketFieldName } from './common.ts';
import { noteV1 } from './notes.ts';

export function attachmentV1(store: Store, baseUrl: string, a: Attachment) {
  const t = clock(store);
  return {
    content_content_type: a.contentType,
    content_file_name: a.name,
    content_file_size: a.size,
    created_at: t.at(a.createdAt),
    id: a.id,
    updated_at: t.at(a.updatedAt),
    attachment_url: `${baseUrl}/attachments/${a.id}/${encodeURIComponent(a.name)}`,
  };
}


function nameOf(store: Store, userId: number | null): string | null {
  if (userId === null) return null;
  return store.users.get(userId)?.name ?? null;
}


/** The `*_name` fields v1 derived from ids and the ticket field choices. */
function names(store: Store, t: Ticket) {
  const status = store.statusLabels().get(t.status);
  return {
    status_name: status?.[0] ?? null,
    requester_status_name: status?.[1] ?? null,
    priority_name: PRIORITY_NAMES[t.priority] ?? null,
    source_name: SOURCE_NAMES[t.source] ?? null,
    requester_name: nameOf(store, t.requesterId),
    responder_name: nameOf(store, t.responderId),
  };
}


export function ticketV1(store: Store, baseUrl: string, t: Ticket, options: { notes: boolean; tags: boolean }): Record<string, unknown> {
  const c = clock(store);
  const custom: Record<string, Scalar> = {};
  for (const [name, value] of Object.entries(t.custom)) custom[v1TicketFieldName(store, name)] = value;
  const out: Record<string, unknown> = {
    // spec 001 lists both: `cc_emails` (array in responses) and the `cc_email` object
    cc_email: { cc_emails: t.ccEmails, fwd_emails: t.fwdEmails, reply_cc: t.replyCcEmails },
    cc_emails: t.ccEmails,
    created_at: c.at(t.createdAt),
    deleted: t.deleted,
    delta: true,
    description: t.descriptionText,
    description_html: t.descriptionHtml,
    display_id: t.displayId,
    due_by: c.at(t.dueBy),
    email_config_id: t.emailConfigId,
    frDueBy: c.at(t.frDueBy),
    fr_escalated: t.frEscalated,
    group_id: t.groupId,
    id: t.id,
    isescalated: t.isEscalated,
    owner_id: t.companyId,
    priority: t.priority,
    requester_id: t.requesterId,
    responder_id: t.responderId,
    source: t.source,
    spam: t.spam,
    status: t.status,
    subject: t.subject,
    ticket_type: t.type,
    to_email: t.toEmails?.[0] ?? null,
    to_emails: t.toEmails,
    trained: false,
    updated_at: c.at(t.updatedAt),
    urgent: t.urgent,
    product_id: t.productId,
    ...names(store, t),
    custom_field: custom,
    attachments: t.attachments.map((a) => attachmentV1(store, baseUrl, a)),
  };
  if (options.notes) out.notes = store.conversationsOf(t.displayId).map((n) => noteV1(store, baseUrl, n));
  if (options.tags) out.tags = t.tags.map((name) => ({ name }));
  return out;
}


/** The short `{ticket: {...}}` form of update, pick, restore and assign answers. */
export function ticketSummaryV1(store: Store, t: Ticket) {
  return {
    ticket: {
      deleted: t.deleted,
      display_id: t.displayId,
      subject: t.subject,
      ...names(store, t),
      to_emails: t.toEmails,
    },
  };
}
