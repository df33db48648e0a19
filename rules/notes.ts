/**
 * Notes (v1) → conversations (v2). A v1 public note stays a note (private: false), not a reply,
 * which would e-mail the requester.
 */
import type { Lens, Rule } from '../src/catalogue/types.ts';
import { attachmentsOps, MULTIPART_NOTE, STANDARD_TIMESTAMPS, v2 } from './shared.ts';

/** One v1 note ↔ one v2 conversation. Order matters for body/body_html: see the ticket description ops. */
export const noteLens: Lens = [
  { op: 'convert', path: 'body', converter: 'textToHtml', only: 'request' },
  { op: 'rename', from: 'body', to: 'body_text', only: 'response' },
  { op: 'rename', from: 'body_html', to: 'body' },
  { op: 'rename', from: 'to_emails', to: 'notify_emails', only: 'request' },
  // v1 to_emails were the recipients of a reply or the people notified of a note; v2 splits them
  // into to_emails (replies) and notified_to (notes)
  { op: 'extra', path: 'notified_to', reason: 'v1 reported the addresses notified of a note as to_emails', only: 'response' },
  { op: 'alias', path: 'to_emails', aliases: ['notified_to'], only: 'response' },
  { op: 'extra', path: 'email_failure_count', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'outgoing_failures', reason: 'v2 only', only: 'response' },
  ...attachmentsOps,
  ...STANDARD_TIMESTAMPS,
  { op: 'extra', path: 'ticket_id', reason: 'v2 adds the ticket id', only: 'response' },
  { op: 'extra', path: 'from_email', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'cc_emails', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'bcc_emails', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'category', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'last_edited_at', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'last_edited_user_id', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'source_additional_info', reason: 'v2 only', only: 'response' },
];

/** The body fields of a v2 note (spec 000, reference §4.5). */
const NOTE_FIELDS: readonly string[] = ['body', 'private', 'incoming', 'notify_emails', 'user_id', 'attachments'];

export const NOTE_RULES: Rule[] = [
  {
    id: 'notes.create',
    family: 'notes',
    summary: 'Add a note to a ticket: POST /api/v2/tickets/[id]/notes with body (HTML) instead of body_html; a public note stays a note.',
    v1: { method: 'POST', paths: ['/helpdesk/tickets/:ticket_id/conversations/note'] },
    plan: [v2('POST', '/tickets/:ticket_id/notes', 'add the note')],
    request: {
      accepts: NOTE_FIELDS,
      wrapper: 'helpdesk_note',
      resource: noteLens,
      multipart: { v1Files: 'helpdesk_note[attachments][][resource]', v2Files: 'attachments[]' },
    },
    response: { v1Status: 200, shape: 'object', wrapper: 'note', resource: noteLens },
    fidelity: 'exact',
    notes: [
      'plain-text body is HTML-escaped (newlines become <br>) because v2 body is HTML',
      'to_emails becomes notify_emails in the request and notified_to in the response',
      'v2 answers 201 Created with the conversation object',
      MULTIPART_NOTE,
    ],
  },
];
