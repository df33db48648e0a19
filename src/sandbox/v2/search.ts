/**
 * Ticket search (`GET /api/v2/search/tickets?query="…"`, spec 000 "Filter tickets"): a query in
 * double quotes of at most 512 characters; `field:value` joined by AND / OR with parentheses;
 * `:>` / `:<` mean ≥ / ≤ on numbers and dates; `null` matches an empty field; strings in single
 * quotes; dates `YYYY-MM-DD`. 30 results per page, page at most 10, `total` counts all matches.
 * Deleted and spam tickets are never returned. (No indexing delay: results are immediate.)
 */
import { LIMITS } from '../constants.ts';
import type { Ctx, Reply } from '../context.ts';
import { V2Error, v2 } from '../errors.ts';
import type { Scalar, Ticket } from '../model.ts';
import type { Store } from '../store.ts';
import { parseDateInput } from '../time.ts';
import { pageRequest } from './paging.ts';
import { ticketV2 } from './present.ts';
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

/** The searchable fields: name → type and how to read it from a ticket. */
function fieldAccessor(store: Store, name: string): { type: FieldType; read: (t: Ticket) => Scalar | Scalar[] } | null {
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

const DAY = 86_400_000;

/** Compiles the tree into a predicate, checking field names and value types once. */
export function compileSearch(store: Store, node: SearchNode): (t: Ticket) => boolean {
  if (node.op !== 'cond') {
    const left = compileSearch(store, node.left);
    const right = compileSearch(store, node.right);
    return node.op === 'and' ? (t) => left(t) && right(t) : (t) => left(t) || right(t);
  }
  const accessor = fieldAccessor(store, node.field);
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

export function searchTicketsHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, ['query', 'page']);
  const raw = ctx.query.get('query');
  if (raw === null) throw v2.validation([{ field: 'query', code: 'missing_field', message: 'Mandatory attribute missing' }]);
  if (raw.length > LIMITS.searchQueryMaxLength) {
    throw v2.validation([invalidValue('query', `Has ${raw.length} characters, it can have maximum of ${LIMITS.searchQueryMaxLength} characters`)]);
  }
  if (raw.length < 2 || !raw.startsWith('"') || !raw.endsWith('"')) throw fail('It should be enclosed within a pair of double quotes');
  const { page } = pageRequest(new URLSearchParams(ctx.query.has('page') ? { page: ctx.query.get('page')! } : {}), LIMITS.searchMaxPage);
  const predicate = compileSearch(ctx.store, parseSearchQuery(raw.slice(1, -1)));
  const matches = ctx.store.tickets.all().filter((t) => !t.deleted && !t.spam && predicate(t));
  matches.sort((a, b) => b.createdAt - a.createdAt || b.displayId - a.displayId);
  const start = (page - 1) * LIMITS.searchPerPage;
  const results = matches.slice(start, start + LIMITS.searchPerPage).map((t) => ticketV2(ctx.baseUrl, t, { description: false, attachments: false }));
  return { status: 200, body: { total: matches.length, results } };
}
