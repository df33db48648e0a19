/**
 * A query the client builds from an object written at the call (axios `params: { state: 'all' }`,
 * got/ky `searchParams`, request `qs`, superagent `.query({ … })`): the catalogue translates it with
 * the URL, and the object's properties change with it, one by one. Which properties change and how
 * is decided here, once, for the verdict (can the call move?) and the codemod (the edits).
 */
import { fieldMappings, type Rule } from '../catalogue/index.ts';
import { unwrapExpr } from './evaluate.ts';
import type { Node } from './parse.ts';

/** One property of the query object: its key and its value as the translation saw it. */
export interface QueryOption {
  key: string;
  /** Literal text, or the stand-in the translation got for a value known only at run time. */
  value: string;
  /** The value is a stand-in (a value known at run time). */
  runTime: boolean;
}

export type QueryOptionChange =
  | { op: 'keep'; key: string }
  | { op: 'remove'; key: string }
  /** The v2 name and, for a literal whose value v2 spells otherwise, the new text. */
  | { op: 'set'; key: string; name: string; value?: string }
  | { op: 'add'; name: string; value: string };

export interface QueryOptionPlan {
  /** One change per property of the object, in order, then additions. */
  object: QueryOptionChange[];
  /** What stays in the URL's own query text (its pairs, and what v2 derives from them). */
  url: Record<string, string>;
}

/** Query renames of a rule (`wf_order` → `order_by`), from the catalogue's request mappings. */
export function queryRenames(rule: Rule): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of fieldMappings(rule, 'request')) {
    if (m.v1.startsWith('query.') && m.v2?.startsWith('query.')) out.set(m.v1.slice(6), m.v2.slice(6));
  }
  return out;
}

/**
 * Splits the v2 query the catalogue gives (`v2Query`) between the object's properties and the URL's
 * text. A reason instead when a property cannot follow by an edit of its own: a run-time value v2
 * takes in another form, or a key that also sits in the URL's text.
 */
export function planQueryOptions(options: QueryOption[], urlKeys: string[], v2Query: Record<string, string>, renames: Map<string, string>, isStandIn: (v: string) => boolean): QueryOptionPlan | { why: string } {
  const remaining = new Map(Object.entries(v2Query));
  const object: QueryOptionChange[] = [];
  for (const o of options) {
    if (urlKeys.includes(o.key)) return { why: `${o.key} is in both the URL and the request's options` };
    const name = remaining.has(o.key) ? o.key : renames.get(o.key);
    if (name === undefined || !remaining.has(name)) {
      object.push({ op: 'remove', key: o.key });
      continue;
    }
    const value = remaining.get(name)!;
    remaining.delete(name);
    if (value === o.value) object.push(name === o.key ? { op: 'keep', key: o.key } : { op: 'set', key: o.key, name });
    else if (o.runTime || containsStandIn(value, isStandIn)) return { why: `v2 takes ${name} in another form than the ${o.key} written here` };
    else object.push({ op: 'set', key: o.key, name, value });
  }
  // what v2 derives from the URL's own pairs stays there; what it adds from nothing joins the object
  const url: Record<string, string> = {};
  for (const k of urlKeys) {
    const name = remaining.has(k) ? k : renames.get(k);
    if (name === undefined || !remaining.has(name)) continue;
    url[name] = remaining.get(name)!;
    remaining.delete(name);
  }
  for (const [name, value] of remaining) {
    if (containsStandIn(value, isStandIn)) return { why: `v2 adds ${name} with a value known only at run time` };
    object.push({ op: 'add', name, value });
  }
  return { object, url };
}

function containsStandIn(value: string, isStandIn: (v: string) => boolean): boolean {
  return value.split(/[^0-9]+/).some((d) => d !== '' && isStandIn(d));
}

/**
 * The query text of a value written as a literal at the property (`'all'`, `1`, `true`, a template
 * with no `${}`); null for any other (a name, even of a constant: other code may read it too).
 */
export function literalQueryValue(prop: Node): string | null {
  if (prop.shorthand || !prop.value) return null;
  const n = unwrapExpr(prop.value);
  if ((n.type === 'StringLiteral' || n.type === 'Literal') && typeof n.value === 'string') return n.value;
  if (n.type === 'NumericLiteral' || n.type === 'BooleanLiteral' || (n.type === 'Literal' && (typeof n.value === 'number' || typeof n.value === 'boolean'))) return String(n.value);
  if (n.type === 'TemplateLiteral' && n.expressions.length === 0) return n.quasis[0]?.value.cooked ?? null;
  return null;
}
