/**
 * v2 conversation shapes: a listed conversation (null for no cc/bcc) and the reply answer (with replied_to).
 */
import type { Conversation } from '../../model.ts';
import { formatUtc, formatUtcOrNull } from '../../time.ts';
import { attachmentV2 } from './tickets.ts';

export function conversationV2(baseUrl: string, c: Conversation) {
  const note = c.source === 2;
  return {
    id: c.id,
    body: c.bodyHtml,
    body_text: c.bodyText,
    incoming: c.incoming,
    private: c.private,
    user_id: c.userId,
    support_email: c.supportEmail,
    source: c.source,
    category: note ? 2 : c.incoming ? 2 : 3,
    ticket_id: c.ticketDisplayId,
    to_emails: c.toEmails,
    notified_to: note ? c.toEmails : null,
    from_email: c.fromEmail,
    // null, not [], when there were none: what the service answers (python-freshdesk's recorded
    // conversations.json, FC's decorator reading the absent cc/bcc hash)
    cc_emails: c.ccEmails.length > 0 ? c.ccEmails : null,
    bcc_emails: c.bccEmails.length > 0 ? c.bccEmails : null,
    email_failure_count: null,
    outgoing_failures: null,
    attachments: c.attachments.map((a) => attachmentV2(baseUrl, a)),
    deleted: c.deleted,
    last_edited_at: formatUtcOrNull(c.lastEditedAt),
    last_edited_user_id: c.lastEditedUserId,
    created_at: formatUtc(c.createdAt),
    updated_at: formatUtc(c.updatedAt),
  };
}


/**
 * The answer of `POST /tickets/[id]/reply`: the reply shape FDDOC documents ("Create a Reply"), with
 * `replied_to` (the addresses the reply went to) and `[]` for no cc/bcc, not a whole conversation.
 */
export function replyV2(baseUrl: string, c: Conversation) {
  return {
    body_text: c.bodyText,
    body: c.bodyHtml,
    id: c.id,
    user_id: c.userId,
    from_email: c.fromEmail,
    cc_emails: c.ccEmails,
    bcc_emails: c.bccEmails,
    ticket_id: c.ticketDisplayId,
    replied_to: c.toEmails,
    attachments: c.attachments.map((a) => attachmentV2(baseUrl, a)),
    created_at: formatUtc(c.createdAt),
    updated_at: formatUtc(c.updatedAt),
  };
}
