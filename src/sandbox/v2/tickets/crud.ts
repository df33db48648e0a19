/**
 * v2 tickets (spec 000 "Endpoints"): create (JSON or multipart), outbound e-mail, view with
 * include=, list with filters, update, delete/restore.
 */
import type { UploadedFile } from '../../body.ts';
import type { Ctx, Reply } from '../../context.ts';
import { commitRequester, createTicket, hasRequesterInput, planRequester, setStatus, storeAttachments, type TicketDraft } from '../../domain/index.ts';
import { v2, type FieldError } from '../../errors.ts';
import type { Ticket } from '../../model.ts';
import { htmlToText } from '../../text.ts';
import { parseDateInput } from '../../time.ts';
import { PAGING_PARAMS, pageRequest, paged } from '../paging.ts';
import { conversationV2, requesterV2, statsV2, ticketV2 } from '../present.ts';
import { checkBody, checkQuery, invalidValue, missing, queryDate, queryId, requireNoBody, type Schema } from '../validate.ts';
import { DAY, assertWritable, checkAttachmentSize, checkCustomFields, checkReferences, findTicket, fullTicket, requesterInput, ticketUrl } from './checks.ts';
import * as schemas from '../schemas/tickets.ts';

// ---- create ----------------------------------------------------------------------------------

interface CreateOptions {
  schema: Schema;
  defaults: { status: number; priority: number; source: number };
  outbound: boolean;
}

function buildDraft(ctx: Ctx, options: CreateOptions): { draft: TicketDraft; requester: Exclude<ReturnType<typeof planRequester>, { kind: 'error' }> } {
  const { store } = ctx;
  const errors: FieldError[] = [];
  const fields = checkBody(ctx.body, options.schema, { form: ctx.formEncoded });
  const custom = fields.custom_fields ? checkCustomFields(store, fields.custom_fields as Record<string, unknown>, ctx.formEncoded, errors) : {};
  checkReferences(store, fields, errors);
  const files = (fields.attachments as UploadedFile[] | undefined) ?? [];
  checkAttachmentSize(files, 0, errors);
  const input = requesterInput(fields);
  const plan = planRequester(store, input);
  if (plan.kind === 'error') {
    if (!hasRequesterInput(input)) errors.unshift({ field: plan.field, code: plan.code, message: plan.message });
    else errors.push({ field: plan.field, code: plan.code, message: plan.message });
  }
  // Due dates: both or neither on create, fr_due_by first, both in the future.
  const dueBy = typeof fields.due_by === 'string' ? parseDateInput(fields.due_by) : null;
  const frDueBy = typeof fields.fr_due_by === 'string' ? parseDateInput(fields.fr_due_by) : null;
  if (dueBy !== null && frDueBy === null) errors.push(missing('fr_due_by', 'Should not be blank if due_by is given'));
  if (frDueBy !== null && dueBy === null) errors.push(missing('due_by', 'Should not be blank if fr_due_by is given'));
  if (dueBy !== null && frDueBy !== null) {
    if (dueBy < frDueBy) errors.push(invalidValue('due_by', 'Should be greater than or equal to fr_due_by'));
    if (dueBy < ctx.now()) errors.push(invalidValue('due_by', 'Should be a date in the future'));
    if (frDueBy < ctx.now()) errors.push(invalidValue('fr_due_by', 'Should be a date in the future'));
  }
  const parentId = typeof fields.parent_id === 'number' ? fields.parent_id : null;
  if (parentId !== null) {
    const parent = store.tickets.get(parentId);
    if (!parent || parent.deleted || parent.spam) errors.push(invalidValue('parent_id', 'There is no ticket matching the given parent_id'));
    else if (parent.associationType === 2 || parent.associationType === 3) errors.push(invalidValue('parent_id', 'A child ticket or tracker cannot be a parent'));
  }
  const relatedIds = (fields.related_ticket_ids as number[] | undefined) ?? [];
  const unknownRelated = relatedIds.filter((id) => !store.tickets.has(id));
  if (unknownRelated.length > 0) errors.push(invalidValue('related_ticket_ids', `There are no tickets matching the ids: ${unknownRelated.join(',')}`));
  if (errors.length > 0 || plan.kind === 'error') throw v2.validation(errors);

  const description = typeof fields.description === 'string' ? fields.description : '';
  let emailConfigId = typeof fields.email_config_id === 'number' ? fields.email_config_id : null;
  const productId = typeof fields.product_id === 'number' ? fields.product_id : null;
  // Spec 000 create rule 3: a product without an email config brings its primary config.
  if (emailConfigId === null && productId !== null) emailConfigId = store.products.get(productId)?.primaryEmailConfigId ?? null;
  const draft: TicketDraft = {
    subject: typeof fields.subject === 'string' ? fields.subject : null,
    descriptionHtml: description,
    descriptionText: htmlToText(description),
    status: (fields.status as number | undefined) ?? options.defaults.status,
    priority: (fields.priority as number | undefined) ?? options.defaults.priority,
    source: (fields.source as number | undefined) ?? options.defaults.source,
    type: typeof fields.type === 'string' ? fields.type : null,
    responderId: typeof fields.responder_id === 'number' ? fields.responder_id : options.outbound ? ctx.caller.id : null,
    groupId: typeof fields.group_id === 'number' ? fields.group_id : null,
    companyId: typeof fields.company_id === 'number' ? fields.company_id : null,
    // with an email_config_id the product is ignored (rule 3)
    productId: typeof fields.email_config_id === 'number' ? null : productId,
    emailConfigId,
    tags: (fields.tags as string[] | undefined) ?? [],
    ccEmails: (fields.cc_emails as string[] | undefined) ?? [],
    dueBy,
    frDueBy,
    custom,
    files,
    parentId,
    relatedIds,
    outbound: options.outbound,
  };
  return { draft, requester: plan };
}

export function createTicketHandler(ctx: Ctx): Reply {
  const { draft, requester } = buildDraft(ctx, {
    schema: schemas.ticketCreate,
    defaults: { status: 2, priority: 1, source: 2 },
    outbound: false,
  });
  const now = ctx.now();
  const user = commitRequester(ctx.store, requester, now);
  const ticket = createTicket(ctx.store, draft, user, now);
  return { status: 201, body: fullTicket(ctx, ticket), headers: { Location: ticketUrl(ctx, ticket) } };
}

/** Outbound e-mail: a ticket to a customer, assigned to the sender and closed by default. */
export function outboundEmailHandler(ctx: Ctx): Reply {
  const { draft, requester } = buildDraft(ctx, {
    schema: schemas.outboundEmail,
    defaults: { status: 5, priority: 1, source: 10 },
    outbound: true,
  });
  if (draft.emailConfigId === null) draft.emailConfigId = ctx.store.primaryEmailConfig()?.id ?? null;
  const now = ctx.now();
  const user = commitRequester(ctx.store, requester, now);
  const ticket = createTicket(ctx.store, draft, user, now);
  return { status: 201, body: fullTicket(ctx, ticket), headers: { Location: ticketUrl(ctx, ticket) } };
}

// ---- view and list -------------------------------------------------------------------------------

const VIEW_INCLUDES = ['conversations', 'requester', 'company', 'stats'];
const LIST_INCLUDES = ['description', 'requester', 'stats'];

export function parseInclude(query: URLSearchParams, allowed: string[]): Set<string> {
  const raw = query.get('include');
  if (raw === null) return new Set();
  const values = raw.split(',').map((s) => s.trim());
  if (values.some((v) => !allowed.includes(v))) {
    throw v2.validation([invalidValue('include', `It should be one/more of these values: '${allowed.join(',')}'`)]);
  }
  return new Set(values);
}

export function viewTicketHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, ['include']);
  const include = parseInclude(ctx.query, VIEW_INCLUDES);
  const ticket = findTicket(ctx);
  const body = fullTicket(ctx, ticket);
  if (include.has('conversations')) {
    // at most ten, oldest first; meta notes are never shown in v2
    body.conversations = ctx.store
      .conversationsOf(ticket.displayId)
      .filter((c) => c.source !== 4)
      .slice(0, 10)
      .map((c) => conversationV2(ctx.baseUrl, c));
  }
  if (include.has('requester')) {
    const requester = ctx.store.users.get(ticket.requesterId);
    body.requester = requester ? requesterV2(requester) : null;
  }
  if (include.has('company')) {
    const company = ticket.companyId === null ? undefined : ctx.store.companies.get(ticket.companyId);
    body.company = company ? { id: company.id, name: company.name } : null;
  }
  if (include.has('stats')) body.stats = statsV2(ticket);
  return { status: 200, body };
}

const LIST_PARAMS = ['filter', 'requester_id', 'email', 'company_id', 'updated_since', 'unique_external_id', 'order_by', 'order_type', 'include', ...PAGING_PARAMS];
const FILTERS = ['new_and_my_open', 'watching', 'spam', 'deleted'];
const ORDER_FIELDS = ['created_at', 'due_by', 'updated_at', 'status', 'priority'] as const;

const SORT_KEYS: Record<(typeof ORDER_FIELDS)[number], (t: Ticket) => number> = {
  created_at: (t) => t.createdAt,
  due_by: (t) => t.dueBy,
  updated_at: (t) => t.updatedAt,
  status: (t) => t.status,
  priority: (t) => t.priority,
};

export function listTicketsHandler(ctx: Ctx): Reply {
  const { store, query } = ctx;
  checkQuery(query, LIST_PARAMS);
  const include = parseInclude(query, LIST_INCLUDES);
  const errors: FieldError[] = [];
  const filter = query.get('filter');
  if (filter !== null && !FILTERS.includes(filter)) errors.push(invalidValue('filter', `It should be one of these values: '${FILTERS.join(',')}'`));
  const orderBy = (query.get('order_by') ?? 'created_at') as (typeof ORDER_FIELDS)[number];
  if (!ORDER_FIELDS.includes(orderBy)) errors.push(invalidValue('order_by', `It should be one of these values: '${ORDER_FIELDS.join(',')}'`));
  const orderType = query.get('order_type') ?? 'desc';
  if (orderType !== 'asc' && orderType !== 'desc') errors.push(invalidValue('order_type', "It should be one of these values: 'asc,desc'"));
  if (errors.length > 0) throw v2.validation(errors);
  const requesterIds = new Set<number>();
  let byRequester = false;
  const requesterId = queryId(query, 'requester_id');
  if (requesterId !== null) {
    byRequester = true;
    requesterIds.add(requesterId);
  }
  const email = query.get('email');
  if (email !== null) {
    byRequester = true;
    const user = store.userByEmail(email);
    if (!user) throw v2.validation([invalidValue('email', 'There is no contact matching the given email')]);
    requesterIds.add(user.id);
  }
  const externalId = query.get('unique_external_id');
  if (externalId !== null) {
    byRequester = true;
    for (const u of store.users.values()) if (u.uniqueExternalId === externalId) requesterIds.add(u.id);
  }
  const companyId = queryId(query, 'company_id');
  const updatedSince = queryDate(query, 'updated_since');
  const page = pageRequest(query);
  // Without any of these, the service lists only tickets created in the last 30 days.
  const narrowed = filter !== null || byRequester || companyId !== null || updatedSince !== null;
  const windowStart = !narrowed && store.account.defaultListWindowDays > 0 ? ctx.now() - store.account.defaultListWindowDays * DAY : null;
  const callerId = ctx.caller.id;
  const tickets = store.tickets.all().filter((t) => {
    if (filter === 'deleted') {
      if (!t.deleted) return false;
    } else if (filter === 'spam') {
      if (!t.spam || t.deleted) return false;
    } else if (t.deleted || t.spam) return false;
    if (filter === 'new_and_my_open' && !(t.status === 2 && (t.responderId === null || t.responderId === callerId))) return false;
    if (filter === 'watching' && !t.watcherIds.includes(callerId)) return false;
    if (byRequester && !requesterIds.has(t.requesterId)) return false;
    if (companyId !== null && t.companyId !== companyId) return false;
    if (updatedSince !== null && t.updatedAt < updatedSince) return false;
    if (windowStart !== null && t.createdAt < windowStart) return false;
    return true;
  });
  const key = SORT_KEYS[orderBy];
  const sign = orderType === 'asc' ? 1 : -1;
  tickets.sort((a, b) => sign * (key(a) - key(b) || a.displayId - b.displayId));
  return paged(
    ctx,
    tickets,
    (t) => {
      const body = ticketV2(ctx.baseUrl, t, { description: include.has('description'), attachments: false });
      if (include.has('requester')) {
        const requester = store.users.get(t.requesterId);
        body.requester = requester ? requesterV2(requester) : null;
      }
      if (include.has('stats')) body.stats = statsV2(t);
      return body;
    },
    page,
  );
}

// ---- update, delete, restore -----------------------------------------------------------------------

export function updateTicketHandler(ctx: Ctx): Reply {
  const { store } = ctx;
  const ticket = findTicket(ctx);
  assertWritable(ticket);
  const fields = checkBody(ctx.body, schemas.ticketUpdate, { form: ctx.formEncoded });
  const errors: FieldError[] = [];
  const custom = fields.custom_fields ? checkCustomFields(store, fields.custom_fields as Record<string, unknown>, ctx.formEncoded, errors) : {};
  checkReferences(store, fields, errors);
  const files = (fields.attachments as UploadedFile[] | undefined) ?? [];
  checkAttachmentSize(files, ticket.attachments.reduce((n, a) => n + a.size, 0), errors);
  if (ticket.outbound) {
    for (const k of ['subject', 'description']) {
      if (k in fields) errors.push({ field: k, code: 'incompatible_field', message: 'Subject and description of an outbound ticket cannot be updated' });
    }
  }
  if ('source' in fields && fields.source !== ticket.source && (ticket.source === 5 || ticket.source === 6)) {
    errors.push({ field: 'source', code: 'incompatible_field', message: 'The source of a Twitter or Facebook ticket cannot be changed' });
  }
  const input = requesterInput(fields);
  const plan = hasRequesterInput(input) ? planRequester(store, input) : null;
  if (plan?.kind === 'error') errors.push({ field: plan.field, code: plan.code, message: plan.message });
  const dueBy = typeof fields.due_by === 'string' ? parseDateInput(fields.due_by) : null;
  const frDueBy = typeof fields.fr_due_by === 'string' ? parseDateInput(fields.fr_due_by) : null;
  if ((dueBy ?? ticket.dueBy) < (frDueBy ?? ticket.frDueBy)) errors.push(invalidValue('due_by', 'Should be greater than or equal to fr_due_by'));
  if (errors.length > 0) throw v2.validation(errors);

  const now = ctx.now();
  if (plan && plan.kind !== 'error') ticket.requesterId = commitRequester(store, plan, now).id;
  applyTicketFields(ticket, fields, now);
  Object.assign(ticket.custom, custom);
  if (dueBy !== null) ticket.dueBy = dueBy;
  if (frDueBy !== null) ticket.frDueBy = frDueBy;
  if (files.length > 0) ticket.attachments.push(...storeAttachments(store, files, now));
  if (typeof fields.email_config_id === 'number') ticket.emailConfigId = fields.email_config_id;
  if ('product_id' in fields) {
    ticket.productId = fields.product_id as number | null;
    // switching to a product the current config does not belong to switches the config
    const product = ticket.productId === null ? undefined : store.products.get(ticket.productId);
    const config = ticket.emailConfigId === null ? undefined : store.emailConfigs.get(ticket.emailConfigId);
    if (product && config && config.productId !== product.id && !('email_config_id' in fields)) ticket.emailConfigId = product.primaryEmailConfigId;
  }
  ticket.updatedAt = now;
  return { status: 200, body: fullTicket(ctx, ticket) };
}

/** Plain field assignments shared by update and bulk update. */
export function applyTicketFields(ticket: Ticket, fields: Record<string, unknown>, now: number): void {
  if ('subject' in fields) ticket.subject = fields.subject as string | null;
  if (typeof fields.description === 'string') {
    ticket.descriptionHtml = fields.description;
    ticket.descriptionText = htmlToText(fields.description);
  }
  if (typeof fields.status === 'number') setStatus(ticket, fields.status, now);
  if (typeof fields.priority === 'number') {
    ticket.priority = fields.priority;
    ticket.urgent = fields.priority === 4;
  }
  if (typeof fields.source === 'number') ticket.source = fields.source;
  if ('type' in fields) ticket.type = fields.type as string | null;
  if ('responder_id' in fields) ticket.responderId = fields.responder_id as number | null;
  if ('group_id' in fields) ticket.groupId = fields.group_id as number | null;
  if ('company_id' in fields) ticket.companyId = fields.company_id as number | null;
  if (Array.isArray(fields.tags)) ticket.tags = fields.tags as string[];
}

export function deleteTicketHandler(ctx: Ctx): Reply {
  const ticket = findTicket(ctx);
  assertWritable(ticket);
  ticket.deleted = true;
  ticket.updatedAt = ctx.now();
  return { status: 204 };
}

export function restoreTicketHandler(ctx: Ctx): Reply {
  requireNoBody(ctx.body);
  const ticket = findTicket(ctx);
  if (!ticket.deleted) throw v2.notFound();
  ticket.deleted = false;
  ticket.updatedAt = ctx.now();
  return { status: 204 };
}
