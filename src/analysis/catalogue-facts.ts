/**
 * What the JS finders need to know about the catalogue, computed once per catalogue: the v1 path
 * words a URL must contain, the payload and response wrappers with their rules, and the response
 * fields only v1 has. Also the tests of what is distinctive enough to report without a traced call.
 */
import type { Catalogue, Rule } from '../catalogue/index.ts';
import { changesForCode, fieldMappings, reshapesValue, type FieldMapping } from '../catalogue/index.ts';
import { segmentWords, escapeRegex, type UrlMatch } from './match-url.ts';

/** Per-catalogue facts the finders need, computed once. */
export class CatalogueFacts {
  readonly words: RegExp;
  /** Request wrapper → rules that take it, POST first. */
  readonly requestWrappers = new Map<string, Rule[]>();
  /** Response wrapper → rules that answer with it. */
  readonly responseWrappers = new Map<string, Rule[]>();
  /** Distinctive v1-only response field names (`status_name`, `display_id`, `timespent`) → rules. */
  readonly distinctiveFields = new Map<string, Rule[]>();

  constructor(readonly cat: Catalogue) {
    this.words = new RegExp(`(?:^|[^\\w])(?:${segmentWords(cat).map(escapeRegex).join('|')})(?:[^\\w]|$)`);
    const byMethod = (a: Rule, b: Rule) => order(a) - order(b);
    for (const rule of cat.rules) {
      const w = rule.request?.wrapper;
      if (w) push(this.requestWrappers, w, rule);
      const rw = rule.response?.wrapper;
      if (rw) push(this.responseWrappers, rw, rule);
      for (const m of readMappings(rule)) {
        const leaf = leafOf(m.v1);
        if (leaf === '*' || !isDistinctive(leaf)) continue;
        // `notes[].note.created_at` → `conversations[].created_at` changes its path, not the name:
        // a `created_at` read alone is no sign of v1
        if (m.v2 !== null && leafOf(m.v2) === leaf && !reshapesValue(m)) continue;
        push(this.distinctiveFields, leaf, rule);
      }
    }
    for (const list of [...this.requestWrappers.values(), ...this.responseWrappers.values(), ...this.distinctiveFields.values()]) list.sort(byMethod);
  }
}

function leafOf(path: string): string {
  return path.split(/[.[\]]+/).filter(Boolean).pop()!;
}

const factsCache = new WeakMap<Catalogue, CatalogueFacts>();
export function catalogueFacts(cat: Catalogue): CatalogueFacts {
  let f = factsCache.get(cat);
  if (!f) {
    f = new CatalogueFacts(cat);
    factsCache.set(cat, f);
  }
  return f;
}

export { isDistinctiveV1Path } from './match-url.ts';

/** A field name only v1 has and code would not use for anything else. */
export function isDistinctive(name: string): boolean {
  return /_/.test(name) || /[a-z][A-Z]/.test(name) || name.length >= 9;
}

/** Distinctive wrapper names (`helpdesk_ticket`, `time_entry`) can be recognised without a traced call. */
export function isDistinctiveWrapper(name: string): boolean {
  return /_/.test(name);
}

/** Response fields whose reads change in v2 (the catalogue's field mappings: renames, wrappers, reshaped values, fields gone). */
export function readMappings(rule: Rule): FieldMapping[] {
  return fieldMappings(rule, 'response').filter(changesForCode);
}

/** Body fields (relative to the unwrapped payload) whose writes change in v2; query and path moves are the URL's. */
export function writeMappings(rule: Rule): FieldMapping[] {
  return fieldMappings(rule, 'request').filter((m) => changesForCode(m) && !/^(query|params)\./.test(m.v1));
}

function order(r: Rule): number {
  return ['POST', 'GET', 'PUT', 'DELETE'].indexOf(r.v1.method);
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) {
    if (!list.includes(v)) list.push(v);
  } else m.set(k, [v]);
}

/** A status compared with 403 (v1 throttling, or access denied in v2). */
export const STATUS_403 = /(^|[^\w.])403(?![\w.])/;

/**
 * The cheap text test of the audit's repo-wide pass, for files without a v1 word: a 403 status, a
 * v1-only field name (`display_id`, `frDueBy`) or a member read of a response wrapper (`.folder.`)
 * of the given rules (of every rule when none are given: what the scan uses before the repo's
 * rules are known, a superset of the pass's own test).
 */
export function repoWideTextTest(cat: Catalogue, ruleIds?: string[]): RegExp {
  const facts = catalogueFacts(cat);
  const names = [...facts.distinctiveFields.keys()].filter((k) => /_|[a-z][A-Z]/.test(k) || k === 'isescalated');
  const rules = ruleIds ? ruleIds.map((id) => cat.get(id)) : cat.rules;
  const wrappers = [...new Set(rules.map((r) => r?.response?.wrapper).filter((w): w is string => !!w))];
  // one \b around one alternation (not one per name): the regex engine then tries the names only
  // at word starts, which keeps this test cheap enough to run on every file of a tree
  const alts = [STATUS_403.source];
  if (names.length) alts.push(`\\b(?:${names.map(escapeRegex).join('|')})\\b`);
  if (wrappers.length) alts.push(`\\.(?:${wrappers.map(escapeRegex).join('|')})\\.`);
  return new RegExp(alts.join('|'));
}
