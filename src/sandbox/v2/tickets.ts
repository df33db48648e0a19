/**
 * v2 tickets (spec 000 "Endpoints"): create (JSON or multipart), view with include=, list with
 * filters, update, delete/restore, bulk update/delete as jobs, merge, watchers, outbound e-mail.
 */
import type { UploadedFile } from '../body.ts';
import { LIMITS } from '../constants.ts';
import type { Ctx, Reply } from '../context.ts';
import {
  addConversation,
  commitRequester,
  createTicket,
  hasRequesterInput,
  planRequester,
  setStatus,
  storeAttachments,
  supportEmailOf,
  totalSize,
  type RequesterInput,
  type TicketDraft,
} from '../domain.ts';
import { V2Error, v2, type FieldError } from '../errors.ts';
import type { Job, JobItem, Scalar, Ticket, User } from '../model.ts';
import type { Store } from '../store.ts';
import { htmlToText } from '../text.ts';
import { parseDateInput, isPlainDate, formatUtc } from '../time.ts';
import { PAGING_PARAMS, pageRequest, paged } from './paging.ts';
import { conversationV2, requesterV2, statsV2, ticketV2 } from './present.ts';
import {
  checkBody,
  checkQuery,
  checkValue,
  invalidValue,
  missing,
  mismatch,
  queryDate,
  queryId,
  requireNoBody,
  unexpected,
  type Schema,
} from './validate.ts';

const DAY = 86_400_000;
export const STATUSES = [2, 3, 4, 5, 6, 7];
export const PRIORITIES = [1, 2, 3, 4];
/** writable on create: Forum (4), Bot (12) and WhatsApp (13) are not */
const CREATE_SOURCES = [1, 2, 3, 5, 6, 7, 8, 9, 10];
const BULK_SOURCES = [1, 2, 3, 7, 8, 9, 10];

const REQUESTER_FIELDS: Schema = {
  name: { kind: 'string', maxLength: 255 },
  requester_id: { kind: 'id' },
  email: { kind: 'email' },
  facebook_id: { kind: 'string' },
  phone: { kind: 'string' },
  twitter_id: { kind: 'string' },
  unique_external_id: { kind: 'string' },
};

const COMMON_FIELDS: Schema = {
  ...REQUESTER_FIELDS,
  subject: { kind: 'string', maxLength: 255, nullable: true },
  type: { kind: 'string', nullable: true },
  status: { kind: 'integer', oneOf: STATUSES },
  priority: { kind: 'integer', oneOf: PRIORITIES },
  description: { kind: 'string' },
  responder_id: { kind: 'id', nullable: true },
  attachments: { kind: 'files' },
  custom_fields: { kind: 'object' },
  due_by: { kind: 'datetime' },
  fr_due_by: { kind: 'datetime' },
  email_config_id: { kind: 'id' },
  group_id: { kind: 'id', nullable: true },
  product_id: { kind: 'id', nullable: true },
  source: { kind: 'integer', oneOf: CREATE_SOURCES },
  tags: { kind: 'strings', maxLength: 32 },
  company_id: { kind: 'id', nullable: true },
  internal_agent_id: { kind: 'id', nullable: true },
  internal_group_id: { kind: 'id', nullable: true },
};

export const CREATE_SCHEMA: Schema = {
  ...COMMON_FIELDS,
  cc_emails: { kind: 'emails' },
  parent_id: { kind: 'id' },
  related_ticket_ids: { kind: 'ids' },
  lookup_parameter: { kind: 'string', oneOf: ['display_id', 'primary_field_value'] },
};

/** update takes the create fields except cc_emails and the association fields */
export const UPDATE_SCHEMA: Schema = { ...COMMON_FIELDS };

// ---- shared checks ---------------------------------------------------------------------------

export function findTicket(ctx: Ctx, param = 'id'): Ticket {
  const ticket = ctx.store.tickets.get(Number(ctx.params[param]));
  if (!ticket) throw v2.notFound();
  return ticket;
}

/** Update and delete refuse deleted and spam tickets with 405 (spec 000 "States and transitions"). */
export function assertWritable(ticket: Ticket): void {
  if (ticket.deleted || ticket.spam) {
    throw v2.methodNotAllowed(`${ticket.deleted ? 'Deleted' : 'Spam'} tickets cannot be updated or deleted`);
  }
}

/** Custom field values, checked against the account's ticket fields (v2 names). */
export function checkCustomFields(store: Store, raw: Record<string, unknown>, form: boolean, errors: FieldError[]): Record<string, Scalar> {
  const out: Record<string, Scalar> = {};
  for (const [name, value] of Object.entries(raw)) {
    const field = store.ticketFieldByName(name);
    if (!field || field.kind === null) {
      errors.push(unexpected(name));
      continue;
    }
    if (value === null) {
      out[name] = field.kind === 'checkbox' ? false : null;
      continue;
    }
    switch (field.kind) {
      case 'dropdown':
        if (typeof value !== 'string') errors.push(mismatch(name, 'String', value));
        else if (!field.choices.includes(value)) errors.push(invalidValue(name, `It should be one of these values: '${field.choices.join(',')}'`));
        else out[name] = value;
        break;
      case 'text':
      case 'paragraph': {
        const v = checkValue(name, { kind: 'string', maxLength: field.kind === 'text' ? 255 : undefined }, value, form, errors);
        if (v !== undefined) out[name] = v as string;
        break;
      }
      case 'number': {
        const v = checkValue(name, { kind: 'integer' }, value, form, errors);
        if (v !== undefined) out[name] = v as number;
        break;
      }
      case 'decimal': {
        const n = form && typeof value === 'string' ? Number(value) : value;
        if (typeof n !== 'number' || !Number.isFinite(n)) errors.push(mismatch(name, 'Number', value));
        else out[name] = n;
        break;
      }
      case 'checkbox': {
        const v = checkValue(name, { kind: 'boolean' }, value, form, errors);
        if (v !== undefined) out[name] = v as boolean;
        break;
      }
      case 'date':
        if (typeof value !== 'string') errors.push(mismatch(name, 'String', value));
        else if (!isPlainDate(value)) errors.push(invalidValue(name, "It should be in the 'yyyy-mm-dd' format"));
        else out[name] = value;
        break;
    }
  }
  return out;
}

/** Ids in the body that must name existing records. */
export function checkReferences(store: Store, fields: Record<string, unknown>, errors: FieldError[]): void {
  const id = (k: string) => (typeof fields[k] === 'number' ? (fields[k] as number) : null);
  const responder = id('responder_id');
  if (responder !== null && !store.agent(responder)) errors.push(invalidValue('responder_id', 'There is no agent matching the given responder_id'));
  const group = id('group_id');
  if (group !== null && !store.groups.has(group)) errors.push(invalidValue('group_id', 'There is no group matching the given group_id'));
  const product = id('product_id');
  if (product !== null && !store.products.has(product)) errors.push(invalidValue('product_id', 'There is no product matching the given product_id'));
  const config = id('email_config_id');
  if (config !== null && !store.emailConfigs.has(config)) errors.push(invalidValue('email_config_id', 'There is no email_config matching the given email_config_id'));
  const company = id('company_id');
  if (company !== null && !store.companies.has(company)) errors.push(invalidValue('company_id', 'There is no company matching the given company_id'));
  if (typeof fields.type === 'string' && !store.account.ticketTypes.includes(fields.type)) {
    errors.push(invalidValue('type', `It should be one of these values: '${store.account.ticketTypes.join(',')}'`));
  }
  // Shared ownership is a plan feature this account does not have.
  for (const k of ['internal_agent_id', 'internal_group_id']) {
    if (k in fields) errors.push({ field: k, code: 'require_feature', message: 'The Shared Ownership feature(s) is/are not supported in your plan. Please upgrade your account to use it.' });
  }
}

function requesterInput(fields: Record<string, unknown>): RequesterInput {
  const s = (k: string) => (typeof fields[k] === 'string' ? (fields[k] as string) : undefined);
  return {
    requesterId: typeof fields.requester_id === 'number' ? fields.requester_id : undefined,
    email: s('email'),
    phone: s('phone'),
    twitterId: s('twitter_id'),
    facebookId: s('facebook_id'),
    uniqueExternalId: s('unique_external_id'),
    name: s('name'),
  };
}

function checkAttachmentSize(files: UploadedFile[], existingBytes: number, errors: FieldError[]): void {
  if (totalSize(files) + existingBytes > LIMITS.attachmentsTotalBytes) {
    errors.push(invalidValue('attachments', 'The cumulative size of all attachments cannot exceed 20 MB'));
  }
}

function ticketUrl(ctx: Ctx, t: Ticket): string {
  return `${ctx.baseUrl}/api/v2/tickets/${t.displayId}`;
}

function fullTicket(ctx: Ctx, t: Ticket): Record<string, unknown> {
  return ticketV2(ctx.baseUrl, t, { description: true, attachments: true });
}

// ---- create ----------------------------------------------------------------------------------

interface CreateOptions {
  schema: Schema;
  required?: string[];
  defaults: { status: number; priority: number; source: number };
  outbound: boolean;
}

function buildDraft(ctx: Ctx, options: CreateOptions): { draft: TicketDraft; requester: Exclude<ReturnType<typeof planRequester>, { kind: 'error' }> } {
  const { store } = ctx;
  const errors: FieldError[] = [];
  const fields = checkBody(ctx.body, options.schema, { form: ctx.formEncoded, required: options.required });
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
    schema: CREATE_SCHEMA,
    defaults: { status: 2, priority: 1, source: 2 },
    outbound: false,
  });
  const now = ctx.now();
  const user = commitRequester(ctx.store, requester, now);
  const ticket = createTicket(ctx.store, draft, user, now);
  return { status: 201, body: fullTicket(ctx, ticket), headers: { Location: ticketUrl(ctx, ticket) } };
}

const OUTBOUND_SCHEMA: Schema = {
  name: { kind: 'string', maxLength: 255 },
  email: { kind: 'email' },
  subject: { kind: 'string', maxLength: 255 },
  description: { kind: 'string' },
  email_config_id: { kind: 'id' },
  priority: { kind: 'integer', oneOf: PRIORITIES },
  status: { kind: 'integer', oneOf: STATUSES },
  type: { kind: 'string', nullable: true },
  tags: { kind: 'strings', maxLength: 32 },
  cc_emails: { kind: 'emails' },
  custom_fields: { kind: 'object' },
  due_by: { kind: 'datetime' },
  fr_due_by: { kind: 'datetime' },
  group_id: { kind: 'id', nullable: true },
  attachments: { kind: 'files' },
};

/** Outbound e-mail: a ticket to a customer, assigned to the sender and closed by default. */
export function outboundEmailHandler(ctx: Ctx): Reply {
  const { draft, requester } = buildDraft(ctx, {
    schema: OUTBOUND_SCHEMA,
    required: ['email', 'subject'],
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
  const fields = checkBody(ctx.body, UPDATE_SCHEMA, { form: ctx.formEncoded });
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

// ---- bulk operations and jobs ---------------------------------------------------------------------

const BULK_PROPERTIES: Schema = {
  from_email: { kind: 'email' },
  skip_close_notification: { kind: 'boolean' },
  email_config_id: { kind: 'id' },
  group_id: { kind: 'id', nullable: true },
  requester_id: { kind: 'id' },
  responder_id: { kind: 'id', nullable: true },
  product_id: { kind: 'id', nullable: true },
  parent_id: { kind: 'id' },
  internal_agent_id: { kind: 'id', nullable: true },
  internal_group_id: { kind: 'id', nullable: true },
  priority: { kind: 'integer', oneOf: PRIORITIES },
  source: { kind: 'integer', oneOf: BULK_SOURCES },
  status: { kind: 'integer', oneOf: STATUSES },
  type: { kind: 'string', nullable: true },
  due_by: { kind: 'datetime' },
  fr_due_by: { kind: 'datetime' },
  custom_fields: { kind: 'object' },
  tags: { kind: 'strings', maxLength: 32 },
};

const BULK_REPLY: Schema = {
  body: { kind: 'string' },
  from_email: { kind: 'email' },
  attachment_ids: { kind: 'ids' },
  inline_attachment_ids: { kind: 'ids' },
  cloud_files: { kind: 'any' },
};

/** Reads `{ bulk_action: {...} }`, reporting errors under dotted field names. */
function bulkAction(ctx: Ctx, allowed: Schema, required: string[]): Record<string, unknown> {
  const outer = checkBody(ctx.body, { bulk_action: { kind: 'object' } }, { form: false, required: ['bulk_action'] });
  const inner = checkBody(outer.bulk_action, allowed, { form: false, required });
  if (Array.isArray(inner.ids) && inner.ids.length === 0) throw v2.validation([invalidValue('ids', 'It should not be blank as this is a mandatory field')]);
  return inner;
}

function startJob(ctx: Ctx, action: Job['action'], ids: number[], apply: (ticket: Ticket, now: number) => void): Reply {
  const { store } = ctx;
  const now = ctx.now();
  const job: Job = { id: store.nextJobId(), action, status: 'IN PROGRESS', data: [], createdAt: now, updatedAt: now };
  store.jobs.set(job.id, job);
  // The work runs in the background, as in the service; the job view shows progress.
  ctx.services.schedule(() => {
    const at = ctx.now();
    const data: JobItem[] = ids.map((id) => {
      const ticket = store.tickets.get(id);
      if (!ticket) return { id, success: false, errors: [{ field: 'id', message: 'There is no ticket matching the given id', code: 'invalid_value' }] };
      if (ticket.deleted || ticket.spam) return { id, success: false, errors: [{ field: 'id', message: 'Deleted or spam tickets cannot be updated', code: 'invalid_value' }] };
      apply(ticket, at);
      ticket.updatedAt = at;
      return { id, success: true };
    });
    const ok = data.filter((d) => d.success).length;
    job.data = data;
    job.status = ok === data.length ? 'SUCCESS' : ok === 0 ? 'FAILED' : 'PARTIAL';
    job.updatedAt = at;
  }, ctx.services.jobDelayMs);
  return { status: 202, body: { job_id: job.id, href: `${ctx.baseUrl}/api/v2/jobs/${job.id}` } };
}

export function bulkUpdateHandler(ctx: Ctx): Reply {
  const { store } = ctx;
  const action = bulkAction(ctx, { ids: { kind: 'ids' }, properties: { kind: 'object' }, reply: { kind: 'object' } }, ['ids']);
  if (!action.properties && !action.reply) throw v2.validation([missing('properties', 'Please fill at least 1 of properties, reply fields')]);
  const errors: FieldError[] = [];
  let properties: Record<string, unknown> = {};
  let custom: Record<string, Scalar> = {};
  if (action.properties) {
    try {
      properties = checkBody(action.properties, BULK_PROPERTIES, { form: false });
    } catch (e) {
      if (!(e instanceof V2Error)) throw e;
      errors.push(...e.errors);
    }
    if (properties.custom_fields) custom = checkCustomFields(store, properties.custom_fields as Record<string, unknown>, false, errors);
    checkReferences(store, properties, errors);
    if (typeof properties.requester_id === 'number' && !store.users.has(properties.requester_id)) {
      errors.push(invalidValue('requester_id', 'There is no contact matching the given requester_id'));
    }
  }
  let reply: Record<string, unknown> | null = null;
  if (action.reply) {
    try {
      reply = checkBody(action.reply, BULK_REPLY, { form: false, required: ['body'] });
    } catch (e) {
      if (!(e instanceof V2Error)) throw e;
      errors.push(...e.errors);
    }
  }
  if (errors.length > 0) throw v2.validation(errors);
  const caller = ctx.caller;
  return startJob(ctx, 'bulk_update', action.ids as number[], (ticket, now) => {
    applyTicketFields(ticket, properties, now);
    if (typeof properties.requester_id === 'number') ticket.requesterId = properties.requester_id;
    if (typeof properties.due_by === 'string') ticket.dueBy = parseDateInput(properties.due_by) ?? ticket.dueBy;
    if (typeof properties.fr_due_by === 'string') ticket.frDueBy = parseDateInput(properties.fr_due_by) ?? ticket.frDueBy;
    if (typeof properties.email_config_id === 'number') ticket.emailConfigId = properties.email_config_id;
    if ('product_id' in properties) ticket.productId = properties.product_id as number | null;
    Object.assign(ticket.custom, custom);
    if (reply) {
      const body = reply.body as string;
      const requester = store.users.get(ticket.requesterId);
      addConversation(store, ticket, {
        userId: caller.id,
        bodyHtml: body,
        bodyText: htmlToText(body),
        source: 0,
        private: false,
        incoming: false,
        toEmails: requester?.email ? [requester.email] : [],
        fromEmail: (reply.from_email as string | undefined) ?? supportEmailOf(store, ticket),
        supportEmail: supportEmailOf(store, ticket),
      }, now);
    }
  });
}

export function bulkDeleteHandler(ctx: Ctx): Reply {
  const action = bulkAction(ctx, { ids: { kind: 'ids' } }, ['ids']);
  return startJob(ctx, 'bulk_delete', action.ids as number[], (ticket) => {
    ticket.deleted = true;
  });
}

export function viewJobHandler(ctx: Ctx): Reply {
  const job = ctx.store.jobs.get(ctx.params.id!);
  if (!job) throw v2.notFound();
  return {
    status: 200,
    body: { id: job.id, status: job.status, action: job.action, data: job.data, created_at: formatUtc(job.createdAt), updated_at: formatUtc(job.updatedAt) },
  };
}

// ---- merge ----------------------------------------------------------------------------------------

const NOTE_SCHEMA: Schema = { body: { kind: 'string' }, private: { kind: 'boolean' } };

export function mergeHandler(ctx: Ctx): Reply {
  const { store } = ctx;
  const fields = checkBody(
    ctx.body,
    {
      primary_id: { kind: 'id' },
      ticket_ids: { kind: 'ids' },
      note_in_primary: { kind: 'object' },
      note_in_secondary: { kind: 'object' },
      convert_recepients_to_cc: { kind: 'boolean' },
    },
    { form: false, required: ['primary_id', 'ticket_ids'] },
  );
  const errors: FieldError[] = [];
  const primaryNote = fields.note_in_primary ? checkNested('note_in_primary', fields.note_in_primary, errors) : null;
  const secondaryNote = fields.note_in_secondary ? checkNested('note_in_secondary', fields.note_in_secondary, errors) : null;
  const primary = store.tickets.get(fields.primary_id as number);
  if (!primary || primary.deleted || primary.spam) errors.push(invalidValue('primary_id', 'There is no ticket matching the given primary_id'));
  const ids = fields.ticket_ids as number[];
  if (ids.length === 0) errors.push(invalidValue('ticket_ids', 'It should not be blank as this is a mandatory field'));
  if (ids.includes(fields.primary_id as number)) errors.push(invalidValue('ticket_ids', 'The primary ticket cannot be merged into itself'));
  const missingIds = ids.filter((id) => {
    const t = store.tickets.get(id);
    return !t || t.deleted || t.spam;
  });
  if (missingIds.length > 0) errors.push(invalidValue('ticket_ids', `There are no tickets matching the ids: ${missingIds.join(',')}`));
  if (errors.length > 0 || !primary) throw v2.validation(errors);

  const now = ctx.now();
  const secondaries = ids.map((id) => store.tickets.get(id)!);
  for (const t of secondaries) {
    const text = (secondaryNote?.body as string | undefined) ?? `This ticket is closed and merged into ticket ${primary.displayId}`;
    addConversation(store, t, { userId: ctx.caller.id, bodyHtml: text, bodyText: htmlToText(text), source: 2, private: (secondaryNote?.private as boolean | undefined) ?? true, incoming: false }, now);
    setStatus(t, 5, now);
    for (const entry of store.timeEntriesOf(t.displayId)) {
      store.removeTimeEntry(entry.id);
      entry.ticketDisplayId = primary.displayId;
      store.putTimeEntry(entry);
    }
    if (fields.convert_recepients_to_cc) {
      const requester = store.users.get(t.requesterId);
      for (const address of [requester?.email, ...t.ccEmails]) {
        if (address && !primary.ccEmails.includes(address)) primary.ccEmails.push(address);
      }
    }
  }
  const text = (primaryNote?.body as string | undefined) ?? `Tickets with ids ${ids.join(', ')} were merged into this ticket`;
  addConversation(store, primary, { userId: ctx.caller.id, bodyHtml: text, bodyText: htmlToText(text), source: 2, private: (primaryNote?.private as boolean | undefined) ?? true, incoming: false }, now);
  return { status: 204 };
}

function checkNested(field: string, value: unknown, errors: FieldError[]): Record<string, unknown> | null {
  try {
    return checkBody(value, NOTE_SCHEMA, { form: false, required: ['body'] });
  } catch (e) {
    if (!(e instanceof V2Error)) throw e;
    errors.push(...e.errors.map((err) => ({ ...err, field: `${field}.${err.field}` })));
    return null;
  }
}

// ---- watchers ----------------------------------------------------------------------------------------

function checkAgent(store: Store, id: number, field: string): User {
  const agent = store.agent(id);
  if (!agent) throw v2.validation([invalidValue(field, `There is no agent matching the given ${field}`)]);
  return agent;
}

export function watchHandler(ctx: Ctx): Reply {
  const ticket = findTicket(ctx);
  const fields = checkBody(ctx.body, { user_id: { kind: 'id' } }, { form: false, required: ['user_id'] });
  const agent = checkAgent(ctx.store, fields.user_id as number, 'user_id');
  if (!ticket.watcherIds.includes(agent.id)) ticket.watcherIds.push(agent.id);
  return { status: 204 };
}

export function unwatchHandler(ctx: Ctx): Reply {
  requireNoBody(ctx.body);
  const ticket = findTicket(ctx);
  ticket.watcherIds = ticket.watcherIds.filter((id) => id !== ctx.caller.id);
  return { status: 204 };
}

export function watchersHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, []);
  const ticket = findTicket(ctx);
  return { status: 200, body: { watcher_ids: ticket.watcherIds } };
}

function bulkWatchTickets(ctx: Ctx, ids: number[]): Ticket[] {
  const unknown = ids.filter((id) => !ctx.store.tickets.has(id));
  if (unknown.length > 0) throw v2.validation([invalidValue('ids', `There are no tickets matching the ids: ${unknown.join(',')}`)]);
  return ids.map((id) => ctx.store.tickets.get(id)!);
}

export function bulkWatchHandler(ctx: Ctx): Reply {
  const fields = checkBody(ctx.body, { ids: { kind: 'ids' }, user_id: { kind: 'id' } }, { form: false, required: ['ids'] });
  const agent = typeof fields.user_id === 'number' ? checkAgent(ctx.store, fields.user_id, 'user_id') : ctx.caller;
  for (const t of bulkWatchTickets(ctx, fields.ids as number[])) if (!t.watcherIds.includes(agent.id)) t.watcherIds.push(agent.id);
  return { status: 204 };
}

export function bulkUnwatchHandler(ctx: Ctx): Reply {
  // the caller is always the one unwatched: user_id is not accepted (spec 000 "Watchers")
  const fields = checkBody(ctx.body, { ids: { kind: 'ids' } }, { form: false, required: ['ids'] });
  for (const t of bulkWatchTickets(ctx, fields.ids as number[])) t.watcherIds = t.watcherIds.filter((id) => id !== ctx.caller.id);
  return { status: 204 };
}
