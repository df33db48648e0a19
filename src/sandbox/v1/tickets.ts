/**
 * v1 tickets (spec 001): create (`helpdesk_ticket` with sibling `cc_emails` and `helpdesk.tags`), view
 * with notes, update, delete/restore, pick, assign, and the lists: filters, requester, custom views.
 */
import { LIMITS } from '../constants.ts';
import type { Ctx, Reply } from '../context.ts';
import { commitRequester, createTicket, planRequester, setStatus, storeAttachments, totalSize, type TicketDraft } from '../domain/index.ts';
import { v1 } from '../errors.ts';
import type { Scalar, Ticket } from '../model.ts';
import type { Store } from '../store.ts';
import { htmlToText, isEmail, textToHtml } from '../text.ts';
import { formatDate, parseV1DateInput } from '../time.ts';
import { attachmentFiles, bool, int, list, rootParams, str, strOrNull, wrapped, type Params } from './coerce.ts';
import { ticketSummaryV1, ticketV1 } from './present.ts';

const STATUSES = [2, 3, 4, 5, 6, 7];
const SOURCES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

export function findTicketV1(ctx: Ctx, param = 'id'): Ticket {
  const ticket = ctx.store.tickets.get(Number(ctx.params[param]));
  if (!ticket) throw v1.notFound();
  return ticket;
}

/** v1 custom field keys end in `_<account id>`; values are coerced to the field's kind. */
function readCustomFields(store: Store, raw: unknown): Record<string, Scalar> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const suffix = `_${store.account.id}`;
  const out: Record<string, Scalar> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!key.endsWith(suffix)) continue; // Rails ignored unknown flexifield names
    const field = store.ticketFieldByName(key.slice(0, -suffix.length));
    if (!field || field.kind === null) continue;
    if (value === null || value === '') {
      out[field.name] = field.kind === 'checkbox' ? false : null;
      continue;
    }
    const p = { v: value };
    switch (field.kind) {
      case 'number':
        out[field.name] = int(p, 'v', field.label) ?? null;
        break;
      case 'decimal': {
        const n = Number(value);
        if (!Number.isFinite(n)) throw v1.invalid(`${field.label} is not a number`);
        out[field.name] = n;
        break;
      }
      case 'checkbox':
        out[field.name] = bool(p, 'v') ?? false;
        break;
      case 'date': {
        const ms = parseV1DateInput(String(value), store.account.utcOffset);
        if (ms === null) throw v1.invalid(`${field.label} is not a valid date`);
        out[field.name] = formatDate(ms + 12 * 3_600_000); // the calendar day the caller meant
        break;
      }
      default:
        out[field.name] = String(value);
    }
  }
  return out;
}

interface TicketInput {
  fields: Params;
  custom: Record<string, Scalar>;
  tags: string[] | undefined;
  files: ReturnType<typeof attachmentFiles>;
}

/** Reads and checks everything a create or update carries; throws 422 before any write. */
function readTicketInput(ctx: Ctx): TicketInput {
  const { store } = ctx;
  const fields = wrapped(ctx, 'helpdesk_ticket');
  const status = int(fields, 'status');
  if (status !== undefined && !STATUSES.includes(status)) throw v1.invalid('Status is invalid');
  const priority = int(fields, 'priority');
  if (priority !== undefined && (priority < 1 || priority > 4)) throw v1.invalid('Priority is invalid');
  const source = int(fields, 'source');
  if (source !== undefined && !SOURCES.includes(source)) throw v1.invalid('Source is invalid');
  const responder = int(fields, 'responder_id');
  if (responder !== undefined && !store.agent(responder)) throw v1.invalid('Responder is invalid');
  const group = int(fields, 'group_id');
  if (group !== undefined && !store.groups.has(group)) throw v1.invalid('Group is invalid');
  const config = int(fields, 'email_config_id');
  if (config !== undefined && !store.emailConfigs.has(config)) throw v1.invalid('Email config is invalid');
  const product = int(fields, 'product_id');
  if (product !== undefined && !store.products.has(product)) throw v1.invalid('Product is invalid');
  const type = str(fields, 'ticket_type');
  if (type && !store.account.ticketTypes.includes(type)) throw v1.invalid('Ticket type is not included in the list');
  const email = str(fields, 'email');
  if (email && !isEmail(email)) throw v1.invalid('Email is invalid');
  for (const key of ['due_by', 'frDueBy']) {
    const raw = str(fields, key);
    if (raw && parseV1DateInput(raw, store.account.utcOffset) === null) throw v1.invalid(`${key === 'due_by' ? 'Due by' : 'First response due by'} is invalid`);
  }
  const files = attachmentFiles(fields);
  if (totalSize(files) > LIMITS.attachmentsTotalBytes) throw v1.invalid('Attachment size exceeds the 20 MB limit');
  const helpdesk = rootParams(ctx).helpdesk;
  const tags = typeof helpdesk === 'object' && helpdesk !== null ? list(helpdesk as Params, 'tags') : undefined;
  return { fields, custom: readCustomFields(store, fields.custom_field), tags, files };
}

function description(fields: Params): { html: string; text: string } | undefined {
  const html = str(fields, 'description_html');
  if (html !== undefined) return { html, text: htmlToText(html) };
  const text = str(fields, 'description');
  if (text !== undefined) return { html: textToHtml(text), text };
  return undefined;
}

function dateField(store: Store, fields: Params, key: string): number | null {
  const raw = str(fields, key);
  return raw ? parseV1DateInput(raw, store.account.utcOffset) : null;
}

export function createTicketV1(ctx: Ctx): Reply {
  const { store } = ctx;
  const input = readTicketInput(ctx);
  const f = input.fields;
  const plan = planRequester(store, {
    requesterId: int(f, 'requester_id'),
    email: str(f, 'email'),
    phone: str(f, 'phone'),
    twitterId: str(f, 'twitter_id'),
    name: str(f, 'name'),
  });
  if (plan.kind === 'error') {
    throw v1.invalid(plan.field === 'name' ? 'Name should be given when only the phone is given' : plan.code === 'missing_field' ? 'Requester should be present' : 'Requester is invalid');
  }
  const desc = description(f) ?? { html: '', text: '' };
  const ccText = str(rootParams(ctx), 'cc_emails');
  const cc = ccText === undefined ? (list(f, 'cc_emails') ?? []) : ccText.split(',').map((s) => s.trim()).filter(Boolean);
  const badCc = cc.find((e) => !isEmail(e));
  if (badCc) throw v1.invalid(`Cc emails is invalid: ${badCc}`);
  const draft: TicketDraft = {
    subject: str(f, 'subject') ?? null,
    descriptionHtml: desc.html,
    descriptionText: desc.text,
    status: int(f, 'status') ?? 2,
    priority: int(f, 'priority') ?? 1,
    source: int(f, 'source') ?? 2,
    type: str(f, 'ticket_type') || null,
    responderId: int(f, 'responder_id') ?? null,
    groupId: int(f, 'group_id') ?? null,
    companyId: null,
    productId: int(f, 'product_id') ?? null,
    emailConfigId: int(f, 'email_config_id') ?? null,
    tags: input.tags ?? [],
    ccEmails: cc,
    dueBy: dateField(store, f, 'due_by'),
    frDueBy: dateField(store, f, 'frDueBy'),
    custom: input.custom,
    files: input.files,
    parentId: null,
    relatedIds: [],
    outbound: false,
  };
  const now = ctx.now();
  const requester = commitRequester(store, plan, now);
  const ticket = createTicket(store, draft, requester, now);
  return { status: 200, body: { helpdesk_ticket: ticketV1(store, ctx.baseUrl, ticket, { notes: true, tags: true }) } };
}

export function viewTicketV1(ctx: Ctx): Reply {
  const ticket = findTicketV1(ctx);
  return { status: 200, body: { helpdesk_ticket: ticketV1(ctx.store, ctx.baseUrl, ticket, { notes: true, tags: true }) } };
}

export function updateTicketV1(ctx: Ctx): Reply {
  const { store } = ctx;
  const ticket = findTicketV1(ctx);
  const input = readTicketInput(ctx);
  const f = input.fields;
  const requesterKeys = ['requester_id', 'email', 'phone', 'twitter_id'];
  const plan = requesterKeys.some((k) => str(f, k))
    ? planRequester(store, { requesterId: int(f, 'requester_id'), email: str(f, 'email'), phone: str(f, 'phone'), twitterId: str(f, 'twitter_id'), name: str(f, 'name') })
    : null;
  if (plan?.kind === 'error') throw v1.invalid('Requester is invalid');
  const now = ctx.now();
  if (plan) ticket.requesterId = commitRequester(store, plan, now).id;
  if ('subject' in f) ticket.subject = strOrNull(f, 'subject') ?? null;
  const desc = description(f);
  if (desc) {
    ticket.descriptionHtml = desc.html;
    ticket.descriptionText = desc.text;
  }
  const status = int(f, 'status');
  if (status !== undefined) setStatus(ticket, status, now);
  const priority = int(f, 'priority');
  if (priority !== undefined) {
    ticket.priority = priority;
    ticket.urgent = priority === 4;
  }
  const source = int(f, 'source');
  if (source !== undefined) ticket.source = source;
  if ('ticket_type' in f) ticket.type = strOrNull(f, 'ticket_type') ?? null;
  if ('responder_id' in f) ticket.responderId = int(f, 'responder_id') ?? null;
  if ('group_id' in f) ticket.groupId = int(f, 'group_id') ?? null;
  if ('email_config_id' in f) ticket.emailConfigId = int(f, 'email_config_id') ?? null;
  if ('product_id' in f) ticket.productId = int(f, 'product_id') ?? null;
  const dueBy = dateField(store, f, 'due_by');
  if (dueBy !== null) ticket.dueBy = dueBy;
  const frDueBy = dateField(store, f, 'frDueBy');
  if (frDueBy !== null) ticket.frDueBy = frDueBy;
  Object.assign(ticket.custom, input.custom);
  if (input.tags !== undefined) ticket.tags = input.tags; // setting tags replaces the set
  if (input.files.length > 0) ticket.attachments.push(...storeAttachments(store, input.files, now));
  ticket.updatedAt = now;
  return { status: 200, body: ticketSummaryV1(store, ticket) };
}

export function deleteTicketV1(ctx: Ctx): Reply {
  const ticket = findTicketV1(ctx);
  ticket.deleted = true;
  ticket.updatedAt = ctx.now();
  return { status: 200 };
}

export function restoreTicketV1(ctx: Ctx): Reply {
  const ticket = findTicketV1(ctx);
  ticket.deleted = false;
  ticket.updatedAt = ctx.now();
  return { status: 200, body: [ticketSummaryV1(ctx.store, ticket)], xmlRoot: 'tickets' };
}

/** Assigns the ticket to the caller. */
export function pickTicketV1(ctx: Ctx): Reply {
  const ticket = findTicketV1(ctx);
  ticket.responderId = ctx.caller.id;
  ticket.updatedAt = ctx.now();
  return { status: 200, body: [ticketSummaryV1(ctx.store, ticket)], xmlRoot: 'tickets' };
}

/** Assigns to `?responder_id=`, or to the caller when absent (as the legacy server did). */
export function assignTicketV1(ctx: Ctx): Reply {
  const ticket = findTicketV1(ctx);
  const raw = ctx.query.get('responder_id');
  let responderId = ctx.caller.id;
  if (raw !== null && raw !== '') {
    if (!/^\d+$/.test(raw) || !ctx.store.agent(Number(raw))) throw v1.invalid('Responder is invalid');
    responderId = Number(raw);
  }
  ticket.responderId = responderId;
  ticket.updatedAt = ctx.now();
  return { status: 200, body: [ticketSummaryV1(ctx.store, ticket)], xmlRoot: 'tickets' };
}

// ---- lists -------------------------------------------------------------------------------------

const FILTERS = ['all_tickets', 'new_and_my_open', 'monitored_by', 'spam', 'deleted'];
const SORTS: Record<string, (t: Ticket) => number> = {
  created_at: (t) => t.createdAt,
  due_by: (t) => t.dueBy,
  updated_at: (t) => t.updatedAt,
  priority: (t) => t.priority,
  status: (t) => t.status,
};

function filterPredicate(ctx: Ctx, name: string): (t: Ticket) => boolean {
  const me = ctx.caller.id;
  switch (name) {
    case 'all_tickets':
      return (t) => !t.deleted && !t.spam;
    case 'monitored_by':
      return (t) => !t.deleted && !t.spam && t.watcherIds.includes(me);
    case 'spam':
      return (t) => t.spam && !t.deleted;
    case 'deleted':
      return (t) => t.deleted;
    default:
      // new_and_my_open, also what an unknown name falls back to
      return (t) => !t.deleted && !t.spam && t.status === 2 && (t.responderId === null || t.responderId === me);
  }
}

function pageNumber(ctx: Ctx): number {
  const raw = ctx.query.get('page');
  return raw !== null && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1;
}

/** Sorts (unless a custom view), pages by 30 and presents list items (no notes, no tags). */
function listReply(ctx: Ctx, tickets: Ticket[], sortable: boolean): Reply {
  if (sortable) {
    const order = ctx.query.get('wf_order') ?? 'created_at';
    const key = SORTS[order] ?? SORTS.created_at!;
    const sign = ctx.query.get('wf_order_type') === 'asc' ? 1 : -1;
    tickets.sort((a, b) => sign * (key(a) - key(b) || a.displayId - b.displayId));
  } else {
    tickets.sort((a, b) => b.createdAt - a.createdAt || b.displayId - a.displayId);
  }
  const per = LIMITS.v1TicketsPerPage;
  const start = (pageNumber(ctx) - 1) * per;
  const body = tickets.slice(start, start + per).map((t) => ticketV1(ctx.store, ctx.baseUrl, t, { notes: false, tags: false }));
  return { status: 200, body, xmlRoot: 'helpdesk_tickets' };
}

/** `/helpdesk/tickets.json` with `filter_name`, `company_id`, `company_name`, `email`, `requester_id`. */
export function listTicketsV1(ctx: Ctx): Reply {
  const q = ctx.query;
  const name = q.get('filter_name') ?? 'new_and_my_open';
  let predicate = filterPredicate(ctx, FILTERS.includes(name) ? name : 'new_and_my_open');
  const companyId = q.get('company_id');
  const companyName = q.get('company_name');
  const email = q.get('email');
  const requesterId = q.get('requester_id');
  const extra: ((t: Ticket) => boolean)[] = [];
  if (companyId !== null) extra.push((t) => t.companyId === Number(companyId));
  if (companyName !== null) {
    const company = ctx.store.companyByName(companyName);
    extra.push((t) => company !== undefined && t.companyId === company.id);
  }
  if (email !== null) {
    const user = ctx.store.userByEmail(email);
    extra.push((t) => user !== undefined && t.requesterId === user.id);
  }
  if (requesterId !== null) extra.push((t) => t.requesterId === Number(requesterId));
  const base = predicate;
  predicate = (t) => base(t) && extra.every((p) => p(t));
  return listReply(ctx, ctx.store.tickets.all().filter(predicate), true);
}

export function filterTicketsV1(ctx: Ctx): Reply {
  const name = ctx.params.name!;
  return listReply(ctx, ctx.store.tickets.all().filter(filterPredicate(ctx, name)), true);
}

export function requesterTicketsV1(ctx: Ctx): Reply {
  const id = Number(ctx.params.id);
  return listReply(ctx, ctx.store.tickets.all().filter((t) => !t.deleted && !t.spam && t.requesterId === id), true);
}

export function customViewV1(ctx: Ctx): Reply {
  const view = ctx.store.customViews.get(Number(ctx.params.id));
  if (!view) throw v1.notFound();
  const read = (t: Ticket, field: string): Scalar => {
    switch (field) {
      case 'status':
        return t.status;
      case 'priority':
        return t.priority;
      case 'group_id':
        return t.groupId;
      case 'type':
        return t.type;
      default:
        return t.custom[field] ?? null;
    }
  };
  const tickets = ctx.store.tickets.all().filter((t) => !t.deleted && !t.spam && view.conditions.every((c) => c.values.includes(read(t, c.field))));
  // sorting is not supported with custom views (spec 001): wf_order is ignored
  return listReply(ctx, tickets, false);
}
