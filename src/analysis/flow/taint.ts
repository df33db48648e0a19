/**
 * What the response-flow tracer (./tracer.ts) attaches to every expression it reaches: the call
 * the value comes from and how deep into the v1 answer it is. And what a module tells the modules
 * that import it about its exported functions (`FlowSummary`).
 */
import type { Rule } from '../../catalogue/index.ts';

export interface Taint {
  rule: Rule;
  /**
   * `pre`: the response or its body, which may still hold the v1 wrapper (`helpdesk_ticket`);
   * `res`: the resource inside the wrapper (or an item of a v1 list).
   */
  level: 'pre' | 'res';
  /** At `res`: the field path reached inside the resource so far (`attachments[]` for an attachment of the ticket). */
  prefix: string;
  /** The call (the codemod's transaction, `<file>:<offset>`) the response comes from. */
  tx: string;
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

/** No v1 answer is deeper than this; a longer field path comes from a loop. */
export const MAX_PREFIX_DEPTH = 10;
/** Distinct taints one node may carry (calls × depths a real file produces stay far below). */
export const MAX_TAINTS_PER_NODE = 48;

/** Two taints are the same when they agree on call, rule and depth. */
export function taintKey(t: Taint): string {
  return `${t.tx}|${t.rule.id}|${t.level}|${t.prefix}`;
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
  return !(t.level === 'res' && t.prefix !== '' && !t.prefix.endsWith('[]'));
}

/**
 * The taint after reading a property `name` (undefined = an index into a list): the wrapper (or
 * an item of a v1 list) leads into the resource, any other step before it keeps the value at `pre`
 * (`.data`, `.body` of the transport).
 */
export function stepInto(t: Taint, name: string | undefined): Taint {
  const resp = t.rule.response;
  if (t.level === 'pre') {
    if (name !== undefined && resp?.wrapper && name === resp.wrapper) return { ...t, level: 'res', prefix: '' };
    if (name === undefined && resp?.shape === 'list') return { ...t, level: 'res', prefix: '' };
    return t;
  }
  if (name === undefined) return { ...t, prefix: `${t.prefix}[]` };
  return { ...t, prefix: t.prefix ? `${t.prefix}.${name}` : name };
}
