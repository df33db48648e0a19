/** v2 conversation request bodies (spec 000 "Conversations"): reply, note, forward. */
import { body, boolean, email, emails, files, id, string } from './fields.ts';

const attachments = files('attachments[] of a multipart/form-data body (20 MB in all)');

export const reply = body(
  'POST /api/v2/tickets/[id]/reply',
  {
    body: string('HTML content of the reply'),
    from_email: email('address the reply goes out from'),
    cc_emails: emails('addresses copied (default: the ticket cc)'),
    bcc_emails: emails('addresses blind-copied'),
    user_id: id('the agent replying (default: the caller)'),
    attachments,
  },
  ['body'],
);

export const note = body(
  'POST /api/v2/tickets/[id]/notes',
  {
    body: string('HTML content of the note'),
    private: boolean('private (default true)'),
    incoming: boolean('shown as coming from outside (default false)'),
    notify_emails: emails('agents told of the note'),
    user_id: id('the author: an agent or contact (default: the caller)'),
    attachments,
  },
  ['body'],
);

export const forward = body(
  'POST /api/v2/tickets/[id]/forward',
  {
    body: string('HTML content added above the forwarded ticket'),
    to_emails: emails('recipients, at least one'),
    cc_emails: emails('addresses copied'),
    bcc_emails: emails('addresses blind-copied'),
    from_email: email('address the e-mail goes out from'),
    agent_id: id('the agent forwarding'),
    user_id: id('the agent forwarding (older name)'),
    include_quoted_text: boolean('include the quoted conversation'),
    include_original_attachments: boolean("include the ticket's attachments"),
    attachments,
  },
  ['body', 'to_emails'],
);

export const noteUpdate = body('PUT /api/v2/conversations/[id]: notes only', { body: string('HTML content of the note'), attachments });
