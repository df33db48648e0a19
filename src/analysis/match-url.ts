/**
 * From a resolved URL pattern (`{base}/helpdesk/tickets/{id}.json`, `https://<%= iparam.domain %>/...`)
 * to the catalogue's rules. The catalogue decides what is a v1 path; this module only normalises
 * what code writes around a path (origins, template syntaxes, leading base placeholders).
 */
import type { Catalogue, HttpMethod, PathMatch, Rule } from '../catalogue/index.ts';
import { METHODS, parseTarget } from '../catalogue/index.ts';

export interface UrlMatch {
  /** The target as handed to the catalogue: path with query, no origin. */
  target: string;
  path: string;
  query: Record<string, string>;
  format: 'json' | 'xml' | null;
  insecure: boolean;
  origin?: string;
  matches: PathMatch[];
}

/** Template syntaxes of other languages and app frameworks → `{name}` placeholders. */
export function normalisePlaceholders(s: string): string {
  return s
    .replace(/<%[=-]?\s*([^%]*?)\s*-?%>/g, (_m, e: string) => `{${sanitize(e)}}`)
    .replace(/\{\{\s*([^}]*?)\s*\}\}/g, (_m, e: string) => `{${sanitize(e)}}`)
    .replace(/[$#]\{([^}]*)\}/g, (_m, e: string) => `{${sanitize(e)}}`)
    // printf-style holes (`%s/helpdesk/tickets/%d.json`); real percent-encodings have two hex digits
    .replace(/%[sdvi](?![0-9A-Fa-f])/g, '{arg}')
    // URI templates (RFC 6570: vue-resource's `Vue.resource('…/tickets{/id}.json')`): a path
    // expansion is a segment, a query expansion adds parameters the code names elsewhere
    .replace(/\{\/([\w.,]+)\}/g, (_m, e: string) => `/{${sanitize(e)}}`)
    .replace(/\{[?&][\w.,]+\}/g, '');
}

function sanitize(e: string): string {
  const s = e.replace(/[^\w.$]/g, '');
  return s.length > 0 && s.length <= 40 ? s : 'expr';
}

/** Whitespace outside placeholders means prose (a log message), not a URL. */
function hasBareWhitespace(s: string): boolean {
  const t = s.replace(/\{[^}]*\}/g, '');
  if (!/\s/.test(t)) return false;
  // a query written unencoded after a format suffix (`/agents.json?query=email is ${mail}`): the
  // client encodes it, and the legacy server took it; prose has no `.json?name=`
  return !/^[^\s?]*\.(json|xml)\?[\w.%[\]-]+=[^?]*$/i.test(t);
}

/** Strips the origin (scheme + host, or a leading base placeholder) and returns the rest. */
export function splitOrigin(input: string): { origin?: string; insecure: boolean; rest: string } {
  let s = input.trim();
  const abs = /^([a-z][a-z0-9+.-]*|\{[^}/]*\}):\/\/([^/?#]*)/i.exec(s);
  if (abs) {
    return { origin: abs[0], insecure: abs[1]!.toLowerCase() === 'http', rest: s.slice(abs[0].length) || '/' };
  }
  if (s.startsWith('//')) {
    const host = /^\/\/[^/?#]*/.exec(s)![0];
    return { origin: host, insecure: false, rest: s.slice(host.length) || '/' };
  }
  let origin = '';
  while (/^\{[^}]*\}/.test(s)) {
    const m = /^\{[^}]*\}/.exec(s)![0];
    origin += m;
    s = s.slice(m.length);
  }
  // host continuation after a placeholder: `{sub}.freshdesk.com/...`, `{host}:8080/...`
  if (origin && /^[.:]/.test(s)) {
    const host = /^[^/?#]*/.exec(s)![0];
    origin += host;
    s = s.slice(host.length);
  }
  if (!origin && !s.startsWith('/')) {
    const first = /^[^/?#]*/.exec(s)![0];
    if (/\./.test(first) && !/\.(json|xml)$/i.test(first) && /\//.test(s)) {
      origin = first;
      s = s.slice(first.length);
    }
  }
  return { origin: origin || undefined, insecure: false, rest: s.startsWith('/') ? s : `/${s}` };
}

const matchCache = new WeakMap<Catalogue, Map<string, UrlMatch | null>>();

/** Matches a resolved pattern to catalogue rules; null when it is not a v1 path. (Cached per pattern.) */
export function matchUrl(cat: Catalogue, pattern: string): UrlMatch | null {
  let cache = matchCache.get(cat);
  if (!cache) {
    cache = new Map();
    matchCache.set(cat, cache);
  }
  if (cache.has(pattern)) return cache.get(pattern)!;
  const r = matchUrlUncached(cat, pattern);
  if (cache.size > 20_000) cache.clear();
  cache.set(pattern, r);
  return r;
}

/**
 * A request's URL whose endpoint is only known at run time (`'https://acme.freshdesk.com/helpdesk/'
 * + resource + '.json'`), matched to the family's run-time rules; null otherwise. Only for the
 * request itself: a URL helper's text is matched through its callers (`matchUrl`).
 */
export function matchRunTimeUrl(cat: Catalogue, pattern: string): UrlMatch | null {
  return matchWith(pattern, (rest) => cat.matchRunTimeEndpoint(rest));
}

function matchUrlUncached(cat: Catalogue, pattern: string): UrlMatch | null {
  return matchWith(pattern, (rest) => cat.matchPath(rest));
}

function matchWith(pattern: string, match: (rest: string) => UrlMatch['matches']): UrlMatch | null {
  // blanks typed before the format suffix (`'/tickets/' + id + '  .json'`) are a slip in a real
  // URL, not prose: the legacy server took the id and the format all the same
  const norm = normalisePlaceholders(pattern).trim().replace(/(\})[ \t]+(\.(?:json|xml))(?=$|\?)/i, '$1$2');
  if (!norm || norm.length > 2000 || hasBareWhitespace(norm)) return null;
  // (`./contacts.json`, `../data/groups.json`: a file beside the page or the module, never the
  // account's API root)
  if (/^\.\.?\//.test(norm)) return null;
  const { origin, insecure, rest } = splitOrigin(norm);
  const parsed = parseTarget(rest);
  if (parsed.path === '/' || !/[a-z]/i.test(parsed.path)) return null;
  const matches = match(rest);
  if (matches.length === 0) return null;
  const um: UrlMatch = { target: rest, path: parsed.path, query: parsed.query, format: parsed.format, insecure, origin, matches };
  // `${base}/contacts/{id}` with no format suffix: under a base that ends in /api/v2 (a v2 client
  // with a configurable base URL) v2's paths look exactly like this, and a base the code does not
  // show may; there, only a path v2 never has is v1 (two literal segments, a `_`)
  if (isOwnRoute(um) && !isDistinctiveV1Path(um)) return null;
  return um;
}

/** A v1 path no other API would use: a format suffix, two literal segments, or a segment with `_`. */
export function isDistinctiveV1Path(um: Pick<UrlMatch, 'format' | 'path'>): boolean {
  if (um.format) return true;
  const segs = um.path.split('/').filter((x) => x && !x.startsWith('{'));
  return segs.length >= 2 || segs.some((x) => x.includes('_'));
}

/**
 * A request to a path with no format suffix under a base the code does not show
 * (`api.get('/helpdesk/tickets/' + id)` on `axios.create({ baseURL: process.env.API })`): the v1 API
 * chose its format by the suffix (`.json`, `.xml`, `format=json`), so this is a route of the app's
 * own server (many apps have a `/helpdesk` module), not a v1 call.
 */
export function isOwnRoute(um: UrlMatch): boolean {
  return !um.format && (!um.origin || um.origin.startsWith('{'));
}

export interface RuleChoice {
  rule: Rule;
  /** Every candidate rule id, the chosen one first. */
  rules: string[];
  /** The method given by the code is not a v1 operation on this path. */
  methodMismatch: boolean;
}

const choiceCache = new WeakMap<UrlMatch, Map<string, RuleChoice>>();

/** The rule of a matched URL for a method (or, method unknown, the first of GET, POST, PUT, DELETE that matches). */
export function chooseRule(cat: Catalogue, um: UrlMatch, method: string | null): RuleChoice {
  let cache = choiceCache.get(um);
  if (!cache) {
    cache = new Map();
    choiceCache.set(um, cache);
  }
  const k = method ?? '';
  let r = cache.get(k);
  if (!r) {
    r = chooseRuleUncached(cat, um, method);
    cache.set(k, r);
  }
  return r;
}

function chooseRuleUncached(cat: Catalogue, um: UrlMatch, method: string | null): RuleChoice {
  const ids = [...new Set(um.matches.map((m) => m.rule.id))];
  const order = (first: Rule) => [first.id, ...ids.filter((id) => id !== first.id)];
  const m = method ? method.toUpperCase() : null;
  if (m && (METHODS as readonly string[]).includes(m)) {
    const found = cat.match(m as HttpMethod, um.target)?.rule ?? undocumented(um, m);
    if (found) return { rule: found, rules: order(found), methodMismatch: false };
    const byPath = pathRule(um, true);
    return { rule: byPath, rules: order(byPath), methodMismatch: true };
  }
  // a method v1 has no operation for on any path (`curl -I`: HEAD, OPTIONS; a PATCH): the path's
  // rule, and said so
  if (m) {
    const byPath = pathRule(um, true);
    return { rule: byPath, rules: order(byPath), methodMismatch: true };
  }
  for (const mm of METHODS) {
    const found = cat.match(mm, um.target);
    if (found) return { rule: found.rule, rules: order(found.rule), methodMismatch: false };
  }
  const byPath = pathRule(um);
  return { rule: byPath, rules: order(byPath), methodMismatch: false };
}

/**
 * The rule of a path when no rule has the code's method on it (a PUT to `/contacts.json`): chosen
 * by path and query as the catalogue would for any method (the most literal template; a rule that
 * needs query parameters only when they are present, else the plain one), never a query-specific
 * variant (`contacts.list-by-letter`) whose query the URL does not carry.
 */
function pathRule(um: UrlMatch, mismatch = false): Rule {
  const lit = (t: string) => t.split('/').filter((s) => s && !s.startsWith(':')).length;
  const top = Math.max(...um.matches.map((m) => lit(m.template)));
  let best = um.matches.filter((m) => lit(m.template) === top);
  // the code's method is none of the path's: its read rule stands for the path (a DELETE of
  // `/groups.json` is not to become the POST that creates a group)
  if (mismatch && best.some((m) => m.rule.v1.method === 'GET')) best = best.filter((m) => m.rule.v1.method === 'GET');
  const withQuery = best.find((m) => m.rule.v1.whenQuery?.length && m.rule.v1.whenQuery.every((q) => q in um.query));
  const plain = best.find((m) => !m.rule.v1.whenQuery?.length);
  return (withQuery ?? plain ?? best[0]!).rule;
}

/** The methods v1 has on a path, from its candidate rules (for "PATCH is not a v1 operation: v1 has GET, PUT, DELETE here"). */
export function methodsOnPath(cat: Catalogue, rules: readonly string[]): string[] {
  return [...new Set(rules.map((id) => cat.get(id)?.v1.method).filter((m): m is HttpMethod => !!m))];
}

/** The undocumented-endpoint rule of that method, when the path matched only those (catalogue/undocumented.ts). */
function undocumented(um: UrlMatch, method: string): Rule | undefined {
  return um.matches.find((x) => (x.rule.v1.source === 'undocumented' || x.rule.v1.source === 'run-time') && x.rule.v1.method === method)?.rule;
}

/**
 * A regex source matching any literal path segment of any v1 rule (`helpdesk`, `contacts`, ...):
 * the cheap test a string must pass before it is evaluated and matched.
 */
export function segmentWords(cat: Catalogue): string[] {
  const words = new Set<string>();
  for (const rule of cat.rules) {
    for (const t of rule.v1.paths) {
      for (const seg of t.split('/')) if (seg && !seg.startsWith(':')) words.add(seg);
    }
  }
  return [...words].sort();
}

export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
