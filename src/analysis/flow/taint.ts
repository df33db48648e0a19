/**
 * What the response-flow tracer (./tracer.ts) attaches to every expression it reaches: the call
 * the value comes from and how deep into the v1 answer it is. And what a module tells the modules
 * that import it about its exported functions (`FlowSummary`).
 */
import { fieldMappings, type FieldMapping, type Rule } from '../../catalogue/index.ts';

export interface Taint {
  rule: Rule;
  /**
   * `pre`: the response or its body, which may still hold the v1 wrapper (`helpdesk_ticket`);
   * `res`: the resource inside the wrapper (or an item of a v1 list).
   */
  level: 'pre' | 'res';
  /** At `res`: the field path reached inside the resource so far (`attachments[]` for an attachment of the ticket). */
  prefix: string;
  /** The call the response comes from (the codemod's transaction id, `<file>:<offset>`; in the audit, the call's offset). */
  tx: string;
  /** The same depth as the audit reads it (when the tracer follows documents: see `DocumentDepth`). */
  doc?: DocumentDepth;
  /**
   * A list whose items are this value, that many lists deep: what `ids.map((id) => get(id))` and
   * `Promise.all` of it give. An item of it (`for … of`, `[0]`, `.forEach`) is the value itself.
   */
  lists?: number;
}

/**
 * What the value is to a reader of the v1 document, with the transport told apart: the response
 * object (`raw`), its body as a string (`text`), the v1 document (`body`), or either of the
 * first and the third (`maybe`: what a repo function answers), with the keys read inside the
 * document (`[]` for list items).
 */
export interface DocumentDepth {
  stage: 'raw' | 'text' | 'body' | 'maybe';
  prefix: string[];
}

/** An exported function calls its callback parameter `param` with a response as argument `arg`. */
export interface CallbackFlow {
  param: number;
  arg: number;
  taint: Taint;
}

/** A module's exported functions that hand a response to their callers (read by modules that import them). */
export interface FlowSummary {
  /** Exported functions whose result carries a response (awaited or not). */
  returns: Map<string, Taint>;
  /** Exported functions that call a callback parameter with a response. */
  callbacks: Map<string, CallbackFlow[]>;
}

/** A list of lists of answers at most; deeper comes from a loop. */
export const MAX_LISTS = 2;

/** The list of the value that a mapping function returned for each item. */
export function listOf(t: Taint): Taint | null {
  const lists = (t.lists ?? 0) + 1;
  return lists > MAX_LISTS ? null : { ...t, lists };
}

/** No v1 answer is deeper than this; a longer field path comes from a loop. */
export const MAX_PREFIX_DEPTH = 10;
/** Distinct taints one node may carry (calls × depths a real file produces stay far below). */
export const MAX_TAINTS_PER_NODE = 48;

/**
 * Two taints are the same when they agree on call, rule and depth. At the audit's depth the call
 * does not count: a value two calls of one rule bring to the same place is followed once, for the
 * first call (its reads and escapes are that call's).
 */
export function taintKey(t: Taint): string {
  const lists = t.lists ? `|L${t.lists}` : '';
  if (t.doc) return `${t.rule.id}|${t.level}|${t.prefix}|${t.doc.stage}:${t.doc.prefix.join('.')}${lists}`;
  return `${t.tx}|${t.rule.id}|${t.level}|${t.prefix}${lists}`;
}

/** How many steps the field path takes inside the resource. */
export function fieldDepth(t: Taint): number {
  return t.prefix ? t.prefix.split(/[.[]/).length : 0;
}

/**
 * The response itself, the resource or an item of a list: a value whose v1 shape code elsewhere
 * may read (one scalar field of it is not).
 */
export function isWholeValue(t: Taint): boolean {
  return !!t.lists || !(t.level === 'res' && t.prefix !== '' && !t.prefix.endsWith('[]'));
}

/**
 * The taint after reading a property `name` (undefined = an index into a list): the wrapper (or
 * an item of a v1 list) leads into the resource, any other step before it keeps the value at `pre`
 * (`.data`, `.body` of the transport). Null when the audit's depth says the property is not part
 * of the answer (`res.statusCode` of a response object).
 */
export function stepInto(t: Taint, name: string | undefined): Taint | null {
  // (a list of answers has items and a length, nothing of the answer)
  if (t.lists) return name === undefined ? itemOf(t) : null;
  const next = stepResource(t, name);
  if (!t.doc) return next;
  const doc = stepDocument(t.doc, name ?? '[]');
  return doc ? { ...next, doc } : null;
}

/** An item of the value as a list (`for (x of v)`, `v.map(x => …)`); null when the value is no document. */
export function itemOf(t: Taint): Taint | null {
  if (t.lists) return { ...t, lists: t.lists > 1 ? t.lists - 1 : undefined };
  const next = stepResource(t, undefined);
  if (!t.doc) return next;
  if (t.doc.stage !== 'body' && t.doc.stage !== 'maybe') return null;
  return { ...next, doc: { stage: 'body', prefix: [...t.doc.prefix, '[]'] } };
}

/** The same value at another document stage (`.json()` of the response, `JSON.parse` of its text). */
export function asDocument(t: Taint, doc: DocumentDepth | null): Taint | null {
  if (t.lists) return null;
  if (!t.doc) return t;
  return doc ? { ...t, doc } : null;
}

function stepResource(t: Taint, name: string | undefined): Taint {
  const resp = t.rule.response;
  if (t.level === 'pre') {
    if (name !== undefined && resp?.wrapper && name === resp.wrapper) return { ...t, level: 'res', prefix: '' };
    if (name === undefined && resp?.shape === 'list') return { ...t, level: 'res', prefix: '' };
    return t;
  }
  if (name === undefined) return { ...t, prefix: `${t.prefix}[]` };
  return { ...t, prefix: t.prefix ? `${t.prefix}.${name}` : name };
}

/** Moving one property into the value: transport properties first, then the v1 document. */
function stepDocument(d: DocumentDepth, prop: string): DocumentDepth | null {
  if (d.stage === 'maybe') {
    if (prop === 'data' || prop === 'body' || prop === 'responseJSON') return { stage: 'body', prefix: [] };
    if (prop === 'response' || prop === 'responseText') return { stage: 'text', prefix: [] };
    return { stage: 'body', prefix: [prop] };
  }
  if (d.stage === 'raw') {
    if (prop === 'data' || prop === 'body' || prop === 'responseJSON') return { stage: 'body', prefix: [] };
    if (prop === 'response' || prop === 'responseText' || prop === 'text' || prop === 'content') return { stage: 'text', prefix: [] };
    return null;
  }
  // a "text" that is read like an object was parsed already (app clients with json: true)
  if (d.stage === 'text') return { stage: 'body', prefix: [prop] };
  return { stage: d.stage, prefix: [...d.prefix, prop] };
}

/**
 * The object the value is, when v2 renames that object's keys (`custom_field` of a ticket: its
 * keys lose the account id suffix): the mapping that says how; undefined for any other value.
 */
export function keyedObjectOf(t: Taint): FieldMapping | undefined {
  if (t.level !== 'res' || !t.prefix || t.lists) return undefined;
  return fieldMappings(t.rule, 'response').find((m) => m.v1 === t.prefix && !!m.keys && !m.wrapper);
}
