/**
 * Search (`GET /api/v2/search/tickets|contacts|companies?query="…"`, spec 000 "Filter tickets";
 * FDDOC "Filter Contacts", "Filter Companies"): one query language, each resource with its own
 * fields. A query in double quotes of at most 512 characters; `field:value` joined by AND / OR with
 * parentheses; `:>` / `:<` mean ≥ / ≤ on numbers and dates; `null` matches an empty field; strings
 * in single quotes; dates `YYYY-MM-DD`. 30 results per page, page at most 10, `total` counts all
 * matches. Deleted (and spam) records are never returned. (No indexing delay: results are immediate.)
 *
 * `GET /api/v2/search/solutions?term=` is a keyword search over articles (FDDOC "Search solution
 * articles"): a bare array, each article with its category and folder.
 */
import { LIMITS } from '../constants.ts';
import type { Ctx, Reply } from '../context.ts';
import { V2Error, v2 } from '../errors.ts';
import type { Company, CustomerField, Scalar, SolutionArticle, Ticket, User } from '../model.ts';
import type { Store } from '../store.ts';
import { parseDateInput } from '../time.ts';
import { pageRequest } from './paging.ts';
import { companyV2, contactV2, solutionArticleV2, ticketV2 } from './present.ts';
import { checkQuery, invalidValue } from './validate.ts';

type Value = { kind: 'number'; value: number } | { kind: 'string'; value: string } | { kind: 'null' } | { kind: 'boolean'; value: boolean };

export type SearchNode =
  | { op: 'and' | 'or'; left: SearchNode; right: SearchNode }
  | { op: 'cond'; field: string; cmp: ':' | ':>' | ':<'; value: Value };

type Token = { t: '(' | ')' | 'AND' | 'OR' } | { t: 'cond'; field: string; cmp: ':' | ':>' | ':<'; raw: string };

const fail = (message: string): V2Error => v2.validation([invalidValue('query', message)]);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '(' || ch === ')') {
      tokens.push({ t: ch });
      i++;
      continue;
    }
    const word = /^(AND|OR)(?=[\s()]|$)/.exec(text.slice(i));
    if (word) {
      tokens.push({ t: word[1] as 'AND' | 'OR' });
      i += word[1]!.length;
      continue;
    }
    const cond = /^([A-Za-z_][A-Za-z0-9_]*)(:>|:<|:)/.exec(text.slice(i));
    if (!cond) throw fail(`Unexpected text at position ${i + 1}`);
    i += cond[0].length;
    let raw: string;
    if (text[i] === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw fail('Unterminated string in query');
      raw = text.slice(i, end + 1);
      i = end + 1;
    } else {
      const m = /^[^\s()]+/.exec(text.slice(i));
      if (!m) throw fail(`Missing value for ${cond[1]}`);
      raw = m[0];
      i += raw.length;
    }
    tokens.push({ t: 'cond', field: cond[1]!, cmp: cond[2] as ':' | ':>' | ':<', raw });
  }
  return tokens;
}

function parseValue(raw: string): Value {
  if (raw.startsWith("'")) return { kind: 'string', value: raw.slice(1, -1) };
  if (raw === 'null') return { kind: 'null' };
  if (raw === 'true' || raw === 'false') return { kind: 'boolean', value: raw === 'true' };
  if (/^-?\d+$/.test(raw)) return { kind: 'number', value: Number(raw) };
  throw fail(`Strings must be in single quotes: ${raw}`);
}

/** Parses the query text (without its double quotes) into a tree; AND binds tighter than OR. */
export function parseSearchQuery(text: string): SearchNode {
  const tokens = tokenize(text);
  let pos = 0;
  const peek = () => tokens[pos];
  const parseOr = (): SearchNode => {
    let left = parseAnd();
    while (peek()?.t === 'OR') {
      pos++;
      left = { op: 'or', left, right: parseAnd() };
    }
    return left;
  };
  const parseAnd = (): SearchNode => {
    let left = parseFactor();
    while (peek()?.t === 'AND') {
      pos++;
      left = { op: 'and', left, right: parseFactor() };
    }
    return left;
  };
  const parseFactor = (): SearchNode => {
    const tok = tokens[pos++];
    if (!tok) throw fail('Query ends unexpectedly');
    if (tok.t === '(') {
      const inner = parseOr();
      if (tokens[pos++]?.t !== ')') throw fail('Unbalanced parentheses');
      return inner;
    }
    if (tok.t !== 'cond') throw fail(`Unexpected ${tok.t}`);
    return { op: 'cond', field: tok.field, cmp: tok.cmp, value: parseValue(tok.raw) };
  };
  if (tokens.length === 0) throw fail('Query is empty');
  const tree = parseOr();
  if (pos < tokens.length) throw fail('Unexpected text after the end of the query');
  return tree;
}

type FieldType = 'integer' | 'string' | 'date' | 'boolean';

/** How to read one searchable field from a record of type R. */
export interface Accessor<R> {
  type: FieldType;
  read: (r: R) => Scalar | Scalar[];
}
export type FieldResolver<R> = (name: string) => Accessor<R> | null;

/** The searchable ticket fields (spec 000): name → type and how to read it from a ticket. */
function ticketField(store: Store, name: string): Accessor<Ticket> | null {
  switch (name) {
    case 'agent_id':
      return { type: 'integer', read: (t) => t.responderId };
    case 'group_id':
      return { type: 'integer', read: (t) => t.groupId };
    case 'priority':
      return { type: 'integer', read: (t) => t.priority };
    case 'status':
      return { type: 'integer', read: (t) => t.status };
    case 'tag':
      return { type: 'string', read: (t) => t.tags };
    case 'type':
      return { type: 'string', read: (t) => t.type };
    case 'due_by':
      return { type: 'date', read: (t) => t.dueBy };
    case 'fr_due_by':
      return { type: 'date', read: (t) => t.frDueBy };
    case 'created_at':
      return { type: 'date', read: (t) => t.createdAt };
    case 'updated_at':
      return { type: 'date', read: (t) => t.updatedAt };
    case 'custom_string': {
      const textFields = store.customTicketFields().filter((f) => f.kind === 'text').map((f) => f.name);
      return { type: 'string', read: (t) => textFields.map((n) => t.custom[n] ?? null) };
    }
  }
  if (!name.startsWith('cf_')) return null;
  const field = store.ticketFieldByName(name);
  if (!field || field.kind === null) return null;
  const type: FieldType = field.kind === 'number' ? 'integer' : field.kind === 'checkbox' ? 'boolean' : field.kind === 'date' ? 'date' : 'string';
  return {
    type,
    read: (t) => {
      const v = t.custom[name] ?? null;
      return type === 'date' && typeof v === 'string' ? parseDateInput(v) : v;
    },
  };
}

/**
 * A contact or company custom field by its v2 name (without `cf_`). FDDOC lists text, number,
 * checkbox and dropdown as searchable; date fields are not.
 */
function customerCustomField<R extends { custom: Record<string, Scalar> }>(defs: CustomerField[], name: string): Accessor<R> | null {
  const def = defs.find((d) => d.name === name);
  if (!def) return null;
  const type: FieldType | null =
    def.fieldType === 'custom_number' ? 'integer' : def.fieldType === 'custom_checkbox' ? 'boolean' : def.fieldType === 'custom_text' || def.fieldType === 'custom_dropdown' ? 'string' : null;
  return type ? { type, read: (r) => r.custom[name] ?? null } : null;
}

/** FDDOC "Filter Contacts": supported contact fields. */
function contactField(store: Store, name: string): Accessor<User> | null {
  switch (name) {
    case 'active':
      return { type: 'boolean', read: (u) => u.active };
    case 'company_id':
      return { type: 'integer', read: (u) => u.companyId };
    case 'twitter_id':
      return { type: 'string', read: (u) => u.twitterId };
    case 'email':
      return { type: 'string', read: (u) => [u.email, ...u.otherEmails] };
    case 'phone':
      return { type: 'string', read: (u) => u.phone };
    case 'mobile':
      return { type: 'string', read: (u) => u.mobile };
    case 'tag':
      return { type: 'string', read: (u) => u.tags };
    case 'language':
      return { type: 'string', read: (u) => u.language };
    case 'time_zone':
      return { type: 'string', read: (u) => u.timeZone };
    case 'created_at':
      return { type: 'date', read: (u) => u.createdAt };
    case 'updated_at':
      return { type: 'date', read: (u) => u.updatedAt };
  }
  return customerCustomField<User>(store.customContactFields(), name);
}

/** FDDOC "Filter Companies": supported company fields. */
function companyField(store: Store, name: string): Accessor<Company> | null {
  switch (name) {
    case 'domain':
      return { type: 'string', read: (c) => c.domains };
    case 'created_at':
      return { type: 'date', read: (c) => c.createdAt };
    case 'updated_at':
      return { type: 'date', read: (c) => c.updatedAt };
  }
  return customerCustomField<Company>(store.customCompanyFields(), name);
}

const DAY = 86_400_000;

/** Compiles the tree into a predicate, checking field names and value types once. */
export function compileSearch<R>(resolve: FieldResolver<R>, node: SearchNode): (r: R) => boolean {
  if (node.op !== 'cond') {
    const left = compileSearch(resolve, node.left);
    const right = compileSearch(resolve, node.right);
    return node.op === 'and' ? (t) => left(t) && right(t) : (t) => left(t) || right(t);
  }
  const accessor = resolve(node.field);
  if (!accessor) throw new V2Error(400, 'Validation failed', [{ field: node.field, code: 'invalid_field', message: 'Unexpected/invalid field in request' }]);
  const { type, read } = accessor;
  const { value, cmp } = node;
  if (value.kind === 'null') {
    if (cmp !== ':') throw fail(`null cannot be compared with ${cmp}`);
    return (t) => {
      const v = read(t);
      return Array.isArray(v) ? v.every((x) => x === null) : v === null;
    };
  }
  let wanted: number | string | boolean;
  if (type === 'integer') {
    if (value.kind !== 'number') throw fail(`${node.field} takes an integer`);
    wanted = value.value;
  } else if (type === 'boolean') {
    if (value.kind !== 'boolean') throw fail(`${node.field} takes true or false`);
    wanted = value.value;
  } else if (type === 'date') {
    const text = value.kind === 'string' ? value.value : '';
    const ms = /^\d{4}-\d{2}-\d{2}$/.test(text) ? parseDateInput(text) : null;
    if (ms === null) throw fail(`${node.field} takes a date 'YYYY-MM-DD'`);
    wanted = ms;
  } else {
    if (value.kind !== 'string') throw fail(`${node.field} takes a string in single quotes`);
    if (cmp !== ':') throw fail(`${node.field} cannot be compared with ${cmp}`);
    wanted = value.value.toLowerCase();
  }
  const test = (v: Scalar): boolean => {
    if (v === null) return false;
    if (type === 'string') return String(v).toLowerCase() === wanted;
    if (type === 'date') {
      const day = Math.floor((v as number) / DAY) * DAY; // compare by UTC calendar day
      return cmp === ':>' ? day >= (wanted as number) : cmp === ':<' ? day <= (wanted as number) : day === wanted;
    }
    if (type === 'integer') return cmp === ':>' ? (v as number) >= (wanted as number) : cmp === ':<' ? (v as number) <= (wanted as number) : v === wanted;
    return v === wanted;
  };
  return (t) => {
    const v = read(t);
    return Array.isArray(v) ? v.some(test) : test(v);
  };
}

/** The common part of every `?query=` search: checks, parsing, paging, `{ total, results }`. */
function search<R>(ctx: Ctx, records: R[], resolve: FieldResolver<R>, order: (a: R, b: R) => number, present: (r: R) => unknown): Reply {
  checkQuery(ctx.query, ['query', 'page']);
  const raw = ctx.query.get('query');
  if (raw === null) throw v2.validation([{ field: 'query', code: 'missing_field', message: 'Mandatory attribute missing' }]);
  if (raw.length > LIMITS.searchQueryMaxLength) {
    throw v2.validation([invalidValue('query', `Has ${raw.length} characters, it can have maximum of ${LIMITS.searchQueryMaxLength} characters`)]);
  }
  if (raw.length < 2 || !raw.startsWith('"') || !raw.endsWith('"')) throw fail('It should be enclosed within a pair of double quotes');
  const { page } = pageRequest(new URLSearchParams(ctx.query.has('page') ? { page: ctx.query.get('page')! } : {}), LIMITS.searchMaxPage);
  const predicate = compileSearch(resolve, parseSearchQuery(raw.slice(1, -1)));
  const matches = records.filter(predicate).sort(order);
  const start = (page - 1) * LIMITS.searchPerPage;
  return { status: 200, body: { total: matches.length, results: matches.slice(start, start + LIMITS.searchPerPage).map(present) } };
}

export function searchTicketsHandler(ctx: Ctx): Reply {
  const { store } = ctx;
  return search(
    ctx,
    store.tickets.all().filter((t) => !t.deleted && !t.spam),
    (name) => ticketField(store, name),
    (a, b) => b.createdAt - a.createdAt || b.displayId - a.displayId,
    // results carry description and description_text (FDDOC "Filter Tickets" sample), unlike the list
    (t) => ticketV2(ctx.baseUrl, t, { description: true, attachments: false }),
  );
}

export function searchContactsHandler(ctx: Ctx): Reply {
  const { store } = ctx;
  return search(
    ctx,
    store.contacts().filter((u) => !u.deleted),
    (name) => contactField(store, name),
    (a, b) => b.updatedAt - a.updatedAt || b.id - a.id,
    contactV2,
  );
}

export function searchCompaniesHandler(ctx: Ctx): Reply {
  const { store } = ctx;
  return search(
    ctx,
    store.companies.all(),
    (name) => companyField(store, name),
    (a, b) => b.updatedAt - a.updatedAt || b.id - a.id,
    companyV2,
  );
}

/** At most this many articles per keyword search (INFERRED: FDDOC shows no paging for it). */
const SOLUTION_SEARCH_LIMIT = 30;

/**
 * Keyword search over solution articles: every word of `term` must occur in the title or the text
 * (case-insensitive). Answers a bare array of articles, each with its category and folder names
 * (FDDOC "Search solution articles" sample).
 */
export function searchSolutionsHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, ['term', 'page', 'per_page']);
  const term = ctx.query.get('term');
  if (term === null) throw v2.validation([{ field: 'term', code: 'missing_field', message: 'Mandatory attribute missing' }]);
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  const { store } = ctx;
  const hit = (a: SolutionArticle) => {
    const text = `${a.title} ${a.descriptionText}`.toLowerCase();
    return words.every((w) => text.includes(w));
  };
  const articles = words.length === 0 ? [] : store.solutionArticles.all().filter(hit);
  articles.sort((a, b) => b.updatedAt - a.updatedAt || b.id - a.id);
  const body = articles.slice(0, SOLUTION_SEARCH_LIMIT).map((a) => {
    const folder = store.solutionFolders.get(a.folderId);
    const category = folder ? store.solutionCategories.get(folder.categoryId) : undefined;
    return { ...solutionArticleV2(store, a), folder_visibility: folder?.visibility ?? null, category_name: category?.name ?? null, folder_name: folder?.name ?? null };
  });
  return { status: 200, body };
}
