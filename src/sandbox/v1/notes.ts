/**
 * v1 notes (`POST /helpdesk/tickets/[id]/conversations/note`, `helpdesk_note` wrapper).
 */
import { LIMITS } from '../constants.ts';
import type { Ctx, Reply } from '../context.ts';
import { addConversation, totalSize } from '../domain/index.ts';
import { v1 } from '../errors.ts';
import { htmlToText, textToHtml } from '../text.ts';
import { attachmentFiles, bool, int, list, str, wrapped } from './coerce.ts';
import { noteV1 } from './present.ts';
import { findTicketV1 } from './tickets.ts';

export function createNoteV1(ctx: Ctx): Reply {
  const { store } = ctx;
  const ticket = findTicketV1(ctx);
  const f = wrapped(ctx, 'helpdesk_note');
  const html = str(f, 'body_html');
  const text = str(f, 'body');
  if (!html && !text) throw v1.invalid("Body can't be blank");
  const files = attachmentFiles(f);
  if (totalSize(files) > LIMITS.attachmentsTotalBytes) throw v1.invalid('Attachment size exceeds the 20 MB limit');
  const userId = int(f, 'user_id');
  if (userId !== undefined && !store.users.has(userId)) throw v1.invalid('User is invalid');
  const toEmails = list(f, 'to_emails') ?? [];
  const note = addConversation(store, ticket, {
    userId: userId ?? ctx.caller.id,
    bodyHtml: html ?? textToHtml(text!),
    bodyText: html ? htmlToText(html) : text!,
    source: 2,
    private: bool(f, 'private') ?? true,
    incoming: bool(f, 'incoming') ?? false,
    toEmails,
    files,
  }, ctx.now());
  return { status: 200, body: noteV1(store, ctx.baseUrl, note) };
}
