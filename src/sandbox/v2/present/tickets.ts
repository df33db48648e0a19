/**
 * v2 ticket shapes: the ticket (id = display id), stats, requester, attachments.
 */
import type { Attachment, Ticket, User } from '../../model.ts';
import { formatUtc, formatUtcOrNull } from '../../time.ts';

export function attachmentV2(baseUrl: string, a: Attachment) {
  return {
    id: a.id,
    content_type: a.contentType,
    file_size: a.size,
    name: a.name,
    attachment_url: `${baseUrl}/attachments/${a.id}/${encodeURIComponent(a.name)}`,
    created_at: formatUtc(a.createdAt),
    updated_at: formatUtc(a.updatedAt),
  };
}


export interface TicketOptions {
  description: boolean;
  attachments: boolean;
}


export function ticketV2(baseUrl: string, t: Ticket, options: TicketOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {
    cc_emails: t.ccEmails,
    fwd_emails: t.fwdEmails,
    reply_cc_emails: t.replyCcEmails,
    fr_escalated: t.frEscalated,
    spam: t.spam,
    email_config_id: t.emailConfigId,
    group_id: t.groupId,
    priority: t.priority,
    requester_id: t.requesterId,
    responder_id: t.responderId,
    source: t.source,
    company_id: t.companyId,
    status: t.status,
    subject: t.subject,
    association_type: t.associationType,
    associated_tickets_list: t.associationType === null ? null : t.associatedTickets,
    to_emails: t.toEmails,
    product_id: t.productId,
    id: t.displayId,
    type: t.type,
    due_by: formatUtc(t.dueBy),
    fr_due_by: formatUtc(t.frDueBy),
    is_escalated: t.isEscalated,
  };
  if (options.description) {
    out.description = t.descriptionHtml;
    out.description_text = t.descriptionText;
  }
  out.custom_fields = { ...t.custom };
  out.created_at = formatUtc(t.createdAt);
  out.updated_at = formatUtc(t.updatedAt);
  out.tags = t.tags;
  if (options.attachments) out.attachments = t.attachments.map((a) => attachmentV2(baseUrl, a));
  out.deleted = t.deleted;
  out.urgent = t.urgent;
  return out;
}


export function statsV2(t: Ticket) {
  return {
    agent_responded_at: formatUtcOrNull(t.stats.agentRespondedAt),
    requester_responded_at: formatUtcOrNull(t.stats.requesterRespondedAt),
    first_responded_at: formatUtcOrNull(t.stats.firstRespondedAt),
    status_updated_at: formatUtcOrNull(t.stats.statusUpdatedAt),
    reopened_at: formatUtcOrNull(t.stats.reopenedAt),
    resolved_at: formatUtcOrNull(t.stats.resolvedAt),
    closed_at: formatUtcOrNull(t.stats.closedAt),
    pending_since: formatUtcOrNull(t.stats.pendingSince),
  };
}


export function requesterV2(u: User) {
  return { email: u.email, id: u.id, mobile: u.mobile, name: u.name, phone: u.phone };
}
