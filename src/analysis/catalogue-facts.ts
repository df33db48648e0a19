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

/**
 * A v1 field name no other code would use (`display_id`, `frDueBy`, `isescalated`): enough, read
 * with no call it can be traced to, to say the value is a v1 answer. Plain words the catalogue
 * also lists (`description`, `signature`, `visibility`) are every form's and every model's.
 */
export function isV1OnlyName(name: string): boolean {
  return /_|[a-z][A-Z]/.test(name) || name === 'isescalated' || name === 'timespent';
}

/**
 * v1 field names that app code uses for its own data too (`user_id`, `owner_id`, `is_public`): a
 * v1 sign only where the object read may be an answer, never on the app's own request input.
 */
export function isCommonFieldName(name: string): boolean {
  return COMMON_FIELD_NAMES.has(name);
}
const COMMON_FIELD_NAMES = new Set(['user_id', 'owner_id', 'customer_id', 'external_id', 'twitter_id', 'is_default', 'is_public', 'to_email', 'body_html', 'agent_email', 'agent_name', 'contact_email', 'customer_name']);

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

/** The words of the repo-wide text test (see `repoWideTextTest`): plain data, so a scan worker can take them. */
export interface WideWords {
  /** v1-only field names, read as whole words. */
  names: string[];
  /** Response wrappers, read as members (`.folder.`). */
  wrappers: string[];
}

/**
 * The words of the audit's repo-wide text test, for files without a v1 word: v1-only field names
 * (`display_id`, `frDueBy`) and the response wrappers of the given rules (of every rule when none
 * are given: what the scan uses before the repo's rules are known, a superset of the pass's own).
 */
export function repoWideWords(cat: Catalogue, ruleIds?: string[]): WideWords {
  const facts = catalogueFacts(cat);
  const names = [...facts.distinctiveFields.keys()].filter(isV1OnlyName);
  const rules = ruleIds ? ruleIds.map((id) => cat.get(id)) : cat.rules;
  const wrappers = [...new Set(rules.map((r) => r?.response?.wrapper).filter((w): w is string => !!w))];
  return { names, wrappers };
}

/**
 * Does the text hold a 403 status (not inside a longer number or a member name), a v1-only field
 * name as a whole word, or a member read of a response wrapper (`.folder.`)? One plain alternation
 * of the words finds them; the few hits are checked here. That is ~20% cheaper on a tree of
 * ordinary JS than one regex with a word boundary around the names and a leading `.` for the
 * wrappers, and the scan runs it on every file (bench/audit.bench.ts). Self-contained, so the scan
 * worker runs its source (src/analysis/run/scan.ts); `cache` keeps the compiled words per caller.
 */
export function passesWideTest(text: string, words: WideWords, cache: { re?: RegExp; names?: Set<string>; wrappers?: Set<string> }): boolean {
  const isWord = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  for (let i = text.indexOf('403'); i >= 0; i = text.indexOf('403', i + 1)) {
    const b = i > 0 ? text.charCodeAt(i - 1) : -1;
    const a = i + 3 < text.length ? text.charCodeAt(i + 3) : -1;
    if (!isWord(b) && b !== 46 && !isWord(a) && a !== 46) return true;
  }
  if (!cache.re) {
    const all = [...new Set([...words.names, ...words.wrappers])].sort((x, y) => y.length - x.length);
    // an empty alternation would match everywhere
    cache.re = all.length ? new RegExp(all.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g') : /(?!)/g;
    cache.names = new Set(words.names);
    cache.wrappers = new Set(words.wrappers);
  }
  const re = cache.re;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const w = m[0];
    const b = m.index > 0 ? text.charCodeAt(m.index - 1) : -1;
    const a = m.index + w.length < text.length ? text.charCodeAt(m.index + w.length) : -1;
    if (cache.names!.has(w) && !isWord(b) && !isWord(a)) return true;
    if (b === 46 && a === 46 && cache.wrappers!.has(w)) return true;
    // a shorter word may start here or inside this one
    re.lastIndex = m.index + 1;
  }
  return false;
}

/** The repo-wide text test of the given rules (see `repoWideWords`, `passesWideTest`). */
export function repoWideTextTest(cat: Catalogue, ruleIds?: string[]): { test(text: string): boolean } {
  const words = repoWideWords(cat, ruleIds);
  const cache = {};
  return { test: (text) => passesWideTest(text, words, cache) };
}
