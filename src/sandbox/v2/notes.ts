/** v2 conversations: reply, note, forward, list per ticket, update (notes only), delete. */
import type { UploadedFile } from '../body.ts';
import { LIMITS } from '../constants.ts';
import type { Ctx, Reply } from '../context.ts';
import { addConversation, storeAttachments, supportEmailOf, totalSize } from '../domain/index.ts';
import { v2, type FieldError } from '../errors.ts';
import type { Conversation } from '../model.ts';
import { htmlToText } from '../text.ts';
import { PAGING_PARAMS, paged } from './paging.ts';
import { conversationV2, replyV2 } from './present.ts';
import { findTicket } from './tickets/checks.ts';
import * as schemas from './schemas/notes.ts';
import { checkBody, checkQuery, invalidValue } from './validate.ts';

function sizeErrors(files: UploadedFile[]): FieldError[] {
  return totalSize(files) > LIMITS.attachmentsTotalBytes
    ? [invalidValue('attachments', 'The cumulative size of all attachments cannot exceed 20 MB')]
    : [];
}

function checkUser(ctx: Ctx, fields: Record<string, unknown>, key: string, agentsOnly: boolean): number {
  if (typeof fields[key] !== 'number') return ctx.caller.id;
  const id = fields[key] as number;
  const user = agentsOnly ? ctx.store.agent(id) : ctx.store.users.get(id);
  if (!user) throw v2.validation([invalidValue(key, `There is no ${agentsOnly ? 'agent' : 'user'} matching the given ${key}`)]);
  return id;
}

export function replyHandler(ctx: Ctx): Reply {
  const ticket = findTicket(ctx);
  const fields = checkBody(ctx.body, schemas.reply, { form: ctx.formEncoded });
  const files = (fields.attachments as UploadedFile[] | undefined) ?? [];
  const errors = sizeErrors(files);
  if (errors.length > 0) throw v2.validation(errors);
  const userId = checkUser(ctx, fields, 'user_id', true);
  const requester = ctx.store.users.get(ticket.requesterId);
  const body = fields.body as string;
  const support = supportEmailOf(ctx.store, ticket);
  const cc = (fields.cc_emails as string[] | undefined) ?? ticket.replyCcEmails;
  const now = ctx.now();
  const c = addConversation(ctx.store, ticket, {
    userId,
    bodyHtml: body,
    bodyText: htmlToText(body),
    source: 0,
    private: false,
    incoming: false,
    toEmails: requester?.email ? [requester.email] : [],
    ccEmails: cc,
    bccEmails: (fields.bcc_emails as string[] | undefined) ?? [],
    fromEmail: (fields.from_email as string | undefined) ?? support,
    supportEmail: support,
    files,
  }, now);
  if (fields.cc_emails) ticket.replyCcEmails = cc;
  return { status: 201, body: replyV2(ctx.baseUrl, c), headers: { Location: `${ctx.baseUrl}/api/v2/conversations/${c.id}` } };
}

export function noteHandler(ctx: Ctx): Reply {
  const ticket = findTicket(ctx);
  const fields = checkBody(ctx.body, schemas.note, { form: ctx.formEncoded });
  const files = (fields.attachments as UploadedFile[] | undefined) ?? [];
  const errors = sizeErrors(files);
  if (errors.length > 0) throw v2.validation(errors);
  const userId = checkUser(ctx, fields, 'user_id', false);
  const body = fields.body as string;
  const c = addConversation(ctx.store, ticket, {
    userId,
    bodyHtml: body,
    bodyText: htmlToText(body),
    source: 2,
    private: (fields.private as boolean | undefined) ?? true,
    incoming: (fields.incoming as boolean | undefined) ?? false,
    toEmails: (fields.notify_emails as string[] | undefined) ?? [],
    files,
  }, ctx.now());
  return { status: 201, body: conversationV2(ctx.baseUrl, c), headers: { Location: `${ctx.baseUrl}/api/v2/conversations/${c.id}` } };
}

export function forwardHandler(ctx: Ctx): Reply {
  const ticket = findTicket(ctx);
  const fields = checkBody(ctx.body, schemas.forward, { form: ctx.formEncoded });
  const files = (fields.attachments as UploadedFile[] | undefined) ?? [];
  const errors = sizeErrors(files);
  if ((fields.to_emails as string[]).length === 0) errors.push(invalidValue('to_emails', 'It should not be blank as this is a mandatory field'));
  if (errors.length > 0) throw v2.validation(errors);
  const userId = typeof fields.agent_id === 'number' ? checkUser(ctx, fields, 'agent_id', true) : checkUser(ctx, fields, 'user_id', true);
  const support = supportEmailOf(ctx.store, ticket);
  const body = fields.body as string;
  const now = ctx.now();
  const c = addConversation(ctx.store, ticket, {
    userId,
    bodyHtml: body,
    bodyText: htmlToText(body),
    source: 8,
    private: true,
    incoming: false,
    toEmails: fields.to_emails as string[],
    ccEmails: (fields.cc_emails as string[] | undefined) ?? [],
    bccEmails: (fields.bcc_emails as string[] | undefined) ?? [],
    fromEmail: (fields.from_email as string | undefined) ?? support,
    supportEmail: support,
    files,
  }, now);
  if (fields.include_original_attachments !== false && ticket.attachments.length > 0) {
    c.attachments.push(...ticket.attachments.map((a) => ({ ...a, id: ctx.store.nextId('attachment') })));
  }
  for (const address of fields.to_emails as string[]) if (!ticket.fwdEmails.includes(address)) ticket.fwdEmails.push(address);
  const out = {
    ...conversationV2(ctx.baseUrl, c),
    include_quoted_text: (fields.include_quoted_text as boolean | undefined) ?? true,
    include_original_attachments: (fields.include_original_attachments as boolean | undefined) ?? true,
    has_quoted_text: (fields.include_quoted_text as boolean | undefined) ?? true,
    cloud_files: [],
  };
  return { status: 200, body: out };
}

export function listConversationsHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, PAGING_PARAMS);
  const ticket = findTicket(ctx);
  // meta notes (automation, system) are excluded from v2
  const items = ctx.store.conversationsOf(ticket.displayId).filter((c) => c.source !== 4);
  return paged(ctx, items, (c) => conversationV2(ctx.baseUrl, c));
}

function findConversation(ctx: Ctx): Conversation {
  const c = ctx.store.conversations.get(Number(ctx.params.id));
  if (!c) throw v2.notFound();
  return c;
}

export function updateConversationHandler(ctx: Ctx): Reply {
  const c = findConversation(ctx);
  if (c.source !== 2) throw v2.methodNotAllowed('Only notes can be updated');
  const fields = checkBody(ctx.body, schemas.noteUpdate, { form: ctx.formEncoded });
  const files = (fields.attachments as UploadedFile[] | undefined) ?? [];
  const errors = sizeErrors(files);
  if (errors.length > 0) throw v2.validation(errors);
  const now = ctx.now();
  if (typeof fields.body === 'string') {
    c.bodyHtml = fields.body;
    c.bodyText = htmlToText(fields.body);
  }
  if (files.length > 0) c.attachments.push(...storeAttachments(ctx.store, files, now));
  c.lastEditedAt = now;
  c.lastEditedUserId = ctx.caller.id;
  c.updatedAt = now;
  return { status: 200, body: conversationV2(ctx.baseUrl, c) };
}

export function deleteConversationHandler(ctx: Ctx): Reply {
  const c = findConversation(ctx);
  ctx.store.removeConversation(c.id);
  return { status: 204 };
}
