/**
 * From a site (what the finders saw) to a finding (what the report says): rule facts, fidelity
 * of this particular request, auto-fixability, credit cost, advice. Every fact comes from the
 * catalogue (or the transport facts in rules/transport.ts); nothing is re-encoded here.
 */
import { hostOf, isCustomDomain, isOtherProduct, otherProductNeed } from '../analysis/find-domains.ts';
import type { Catalogue, Fidelity, Rule } from '../catalogue/index.ts';
import { creditCost as creditCostOf, FIDELITY_ORDER as ORDER, isAutoFixable as isAutoFixableOf, planSummary as planSummaryOf, TRANSPORT } from '../catalogue/index.ts';
import { RATE_LIMIT_RULE, XML_RULE } from '../analysis/analyze.ts';
import type { Site } from '../analysis/types.ts';
import { methodsOnPath, normalisePlaceholders, splitOrigin } from '../analysis/match-url.ts';
import { rewrittenByCodemod } from '../analysis/scripts.ts';
import type { Finding, FindingFamily, Language } from './model.ts';

// rule facts are asked for every finding: computed once per rule
const ruleFacts = new WeakMap<Rule, { plan: string; credits: number; autofix: boolean }>();
function factsOf(rule: Rule) {
  let f = ruleFacts.get(rule);
  if (!f) {
    f = { plan: planSummaryOf(rule), credits: creditCostOf(rule), autofix: isAutoFixableOf(rule) };
    ruleFacts.set(rule, f);
  }
  return f;
}
const planSummary = (rule: Rule) => factsOf(rule).plan;
const creditCost = (rule: Rule) => factsOf(rule).credits;
const isAutoFixable = (rule: Rule) => factsOf(rule).autofix;
export function worse(a: Fidelity | null, b: Fidelity | null): Fidelity | null {
  if (a === null) return b;
  if (b === null) return a;
  return ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b;
}

export function severityOf(f: Fidelity | null): Finding['severity'] {
  if (f === 'manual' || f === 'none') return 'error';
  if (f === 'lossy') return 'warning';
  return 'note';
}

const oneLine = new Map<string, string>();
/** A rule's text on one line (asked for every finding; the rule texts are few). */
function firstSentence(s: string): string {
  let r = oneLine.get(s);
  if (r === undefined) {
    r = s.trim().replace(/\s+/g, ' ');
    if (oneLine.size > 1000) oneLine.clear();
    oneLine.set(s, r);
  }
  return r;
}

const targets = new Map<string, string>();
/** The v1 target as the code writes it, without origin: `/helpdesk/tickets/{id}.json`. */
export function targetOf(pattern: string): string {
  let t = targets.get(pattern);
  if (t === undefined) {
    t = splitOrigin(normalisePlaceholders(pattern)).rest;
    if (targets.size > 10_000) targets.clear();
    targets.set(pattern, t);
  }
  return t;
}

export interface ClassifyContext {
  cat: Catalogue;
  /** Root-relative path of the site's file. */
  rel: string;
  language: Language;
  /** The site's source line. */
  snippet: string;
  via: Finding['via'];
}

function v1Of(rule: Rule): string {
  return `${rule.v1.method} ${rule.v1.paths[0]}`;
}

/** What a particular request loses beyond the rule itself (literal query values like letter=, all_tickets). */
const fidelityCache = new WeakMap<Catalogue, Map<string, { fidelity: Fidelity | null; notes: string[] }>>();

function requestFidelity(cat: Catalogue, method: string, target: string): { fidelity: Fidelity | null; notes: string[] } {
  let cache = fidelityCache.get(cat);
  if (!cache) {
    cache = new Map();
    fidelityCache.set(cat, cache);
  }
  const k = `${method} ${target}`;
  let r = cache.get(k);
  if (!r) {
    r = translateFidelity(cat, method, target);
    if (cache.size > 5000) cache.clear();
    cache.set(k, r);
  }
  return r;
}

function translateFidelity(cat: Catalogue, method: string, target: string): { fidelity: Fidelity | null; notes: string[] } {
  try {
    const t = cat.translate({ method, target });
    const issues = (t.detail?.issues ?? []).filter((i) => !/\{[^}]*\}/.test(i.message));
    let f: Fidelity | null = null;
    for (const i of issues) f = worse(f, i.fidelity);
    return { fidelity: f, notes: issues.map((i) => i.message) };
  } catch {
    return { fidelity: null, notes: [] };
  }
}

type Extra = Pick<Finding, 'inComment' | 'client' | 'insecure' | 'candidates' | 'fields' | 'customDomain'>;
type Verdict = Omit<Finding, 'file' | 'line' | 'column' | 'endLine' | 'endColumn' | 'language' | 'kind' | 'message' | 'snippet' | 'via' | keyof Extra | 'traffic'>;

/**
 * One finding as one object literal: built with spreads (`{ ...base, ...extra, ... }`) it cost
 * ~30 µs (every property after the first spread is defined one by one), a third of a small file's
 * analysis.
 */
function finding(site: Site, ctx: ClassifyContext, extra: Extra, v: Verdict): Finding {
  const f: Finding = {
    file: ctx.rel,
    line: site.span.line,
    column: site.span.column + 1,
    endLine: site.span.endLine,
    endColumn: site.span.endColumn + 1,
    language: ctx.language,
    kind: site.kind,
    message: site.message,
    snippet: ctx.snippet,
    via: ctx.via,
    rule: v.rule,
    family: v.family,
    method: v.method,
    endpoint: v.endpoint,
    v1: v.v1,
    v2: v.v2,
    fidelity: v.fidelity,
    autofix: v.autofix,
    credits: v.credits,
    costChange: v.costChange,
    advice: v.advice,
    severity: v.severity,
  };
  if (extra.inComment) f.inComment = true;
  if (extra.client !== undefined) f.client = extra.client;
  if (extra.insecure) f.insecure = true;
  if (extra.candidates) f.candidates = extra.candidates;
  if (extra.fields) f.fields = extra.fields;
  if (extra.customDomain) f.customDomain = extra.customDomain;
  return f;
}

const AUTO_PREFIX = 'Auto-fixable (hdmigrate codemod): ';

/** The advice of a finding that turns out not to be auto-fixable: without the claim that it is. */
export function withoutAutoPrefix(advice: string): string {
  return advice.startsWith(AUTO_PREFIX) ? advice.slice(AUTO_PREFIX.length) : advice;
}

/**
 * One site as a finding. Auto-fixable means the codemod rewrites it: in a file the codemod does
 * not edit (another language, an HTML page, CoffeeScript), nothing is, whatever the catalogue says
 * of the rule.
 */
export function toFinding(site: Site, ctx: ClassifyContext): Finding {
  const f = classifySite(site, ctx);
  if (ctx.via !== 'json' && !rewrittenByCodemod(ctx.rel, ctx.language)) {
    if (f.autofix) f.advice = `${withoutAutoPrefix(f.advice)} The codemod rewrites JavaScript and TypeScript only: make this change by hand.`;
    f.autofix = false;
  } else if (ctx.via === 'pattern' && f.autofix) {
    // a JS/TS file read by pattern because it does not parse: the codemod refuses it too
    f.advice = `${withoutAutoPrefix(f.advice)} The file does not parse, so the codemod leaves it: fix the syntax error and run it again, or make this change by hand.`;
    f.autofix = false;
  }
  return f;
}

function classifySite(site: Site, ctx: ClassifyContext): Finding {
  const { cat } = ctx;
  const extra: Extra = {};
  if (site.inComment) extra.inComment = true;
  if (site.call) extra.client = site.call.innerClient ? `${site.call.callee} (${site.call.innerClient})` : site.call.client === 'generic' ? site.call.callee : site.call.client;

  if (site.rule === RATE_LIMIT_RULE) {
    const v2 = TRANSPORT.rateLimit.v2;
    return finding(site, ctx, extra, {
      rule: RATE_LIMIT_RULE,
      family: 'transport',
      method: null,
      endpoint: null,
      v1: `${TRANSPORT.rateLimit.v1.status} + ${TRANSPORT.rateLimit.v1.headers.join(', ')}`,
      v2: `${v2.status} + ${v2.headers.join(', ')}`,
      fidelity: 'exact',
      autofix: site.fixable === true,
      credits: null,
      costChange: null,
      advice: `Treat ${v2.status} + Retry-After as throttling (watch ${v2.headers.slice(1).join(', ')}); in v2 a ${TRANSPORT.rateLimit.v1.status} means ${TRANSPORT.rateLimit.v2ForbiddenMeans}.`,
      severity: 'warning',
    });
  }
  if (site.rule === XML_RULE) {
    return finding(site, ctx, extra, {
      rule: XML_RULE,
      family: 'transport',
      method: null,
      endpoint: null,
      v1: `formats: ${TRANSPORT.formats.v1.join(', ')}`,
      v2: `formats: ${TRANSPORT.formats.v2.join(', ')}`,
      fidelity: 'manual',
      autofix: false,
      credits: null,
      costChange: null,
      advice: `v2 answers JSON only (XML gets ${TRANSPORT.formats.xmlRefusal.contentType}/${TRANSPORT.formats.xmlRefusal.accept}): replace this XML parsing with JSON.parse or the client's JSON mode.`,
      severity: 'error',
    });
  }
  const rule = site.rule ? cat.get(site.rule) : undefined;
  if (!rule) {
    return finding(site, ctx, extra, {
      rule: site.rule,
      family: 'transport',
      method: site.method,
      endpoint: null,
      v1: null,
      v2: null,
      fidelity: site.fidelity ?? null,
      autofix: false,
      credits: null,
      costChange: null,
      advice: site.message,
      severity: severityOf(site.fidelity ?? null),
    });
  }
  const family: FindingFamily = rule.family;
  let fidelity: Fidelity | null = rule.fidelity;
  let autofix = isAutoFixable(rule);
  let advice: string;
  let endpoint: string | null = `${rule.v1.method} ${rule.v1.paths[0]}`;
  const credits = creditCost(rule);
  const isRequest = site.kind === 'call' || site.kind === 'url';
  let target = '';
  let noPlan = false;
  if (isRequest && site.url) {
    target = targetOf(site.url.pattern);
    endpoint = `${site.method ?? '?'} ${target}`;
    const rf = requestFidelity(cat, site.method ?? rule.v1.method, target);
    fidelity = worse(fidelity, rf.fidelity);
    if (site.url.insecure) extra.insecure = true;
    if (site.methodSource === null && site.kind === 'call') autofix = false;
    if (fidelity === 'manual' || fidelity === 'none') autofix = false;
    if (site.inComment) autofix = false;
    // a finder that knows the site cannot be rewritten mechanically (a URL inside another URL's query)
    if (site.fixable === false) autofix = false;
    // the path alone cannot be migrated on a custom domain: the account's own domain is not in the code
    // (the syntax audit of other languages does not set `host`: the URL's own origin says it)
    const host = site.host ?? (site.url.origin ? hostOf(site.url.origin.replace(/\/\/[^@/]*@/, '//')) : null) ?? undefined;
    const custom = !!host && isCustomDomain(host);
    if (custom) {
      autofix = false;
      extra.customDomain = host;
    }
    // the other product's account: never auto-fixable, and nothing of the helpdesk's v2 applies
    const other = !!host && isOtherProduct(host);
    if (other) autofix = false;
    const parts: string[] = [];
    // (an endpoint named only at run time may well have one: which, the code does not say)
    if (rule.v1.source === 'run-time') parts.push(rule.decision!);
    else if (rule.fidelity === 'none') parts.push(rule.substitute ? `No v2 equivalent: use ${rule.substitute}.` : `No v2 equivalent.${rule.decision ? ` ${rule.decision}` : ''}`);
    else if (fidelity === 'manual') parts.push(`Needs a decision: ${rule.decision ?? rf.notes[0] ?? rule.summary}`);
    else parts.push(autofix ? `${AUTO_PREFIX}${firstSentence(rule.summary)}` : firstSentence(rule.summary));
    if (fidelity === 'lossy' && rule.lost?.length) parts.push(`Lost: ${rule.lost[0]}${rule.lost.length > 1 ? ` (and ${rule.lost.length - 1} more)` : ''}.`);
    for (const n of rf.notes) if (!parts.some((p) => p.includes(n))) parts.push(n.endsWith('.') ? n : `${n}.`);
    if (site.url.format === 'xml') parts.push(`v2 is JSON only: drop .xml and parse JSON.`);
    if (site.url.insecure) parts.push(`Use https:// (v2 refuses plain http with ssl_required).`);
    if (site.fixable === false) parts.push(`${site.message}: change it by hand.`);
    if (custom) {
      parts.push(`The host ${host} is a custom domain: v2 is served only on the account's own <account>.freshdesk.com domain, so the base URL changes too.`);
    }
    if (other) parts.splice(0, parts.length, `Not auto-fixable: ${otherProductNeed(host)}.`);
    if (site.inComment) parts.unshift('In a comment:');
    if (site.method === null && site.rules.length > 1) parts.push(`Method not known here; other candidates: ${site.rules.slice(1).join(', ')}.`);
    advice = parts.join(' ');
    // the code's method is no v1 operation on this path (a PUT to /contacts.json): nothing to migrate as
    // such, and no other operation's plan to follow; a human checks what the code meant
    if (site.noSuchOperation && site.method) {
      const has = methodsOnPath(cat, site.rules);
      advice = `${site.inComment ? 'In a comment: ' : ''}${site.method} ${target} is not a v1 operation (v1 has ${has.length ? has.join(', ') : 'other methods'} on this path): nothing to migrate as such. A human checks what the code meant to do (the rule given, ${rule.id}, is the path's, not a plan for this request).`;
      fidelity = 'manual';
      autofix = false;
      noPlan = true;
    }
    if (site.rules.length > 1) extra.candidates = site.rules;
  } else if (site.kind === 'wrapper' && site.wrapper) {
    const w = site.wrapper;
    const fields = (w.fields ?? []).map((f) =>
      f.refused ? `${f.v1} (v2 refuses it: remove it)` : f.v1 === f.v2 ? `${f.v1} (value converted)` : `${f.v1} → ${f.v2 ?? '(dropped)'}`,
    );
    // a refused field has no v2 counterpart, whatever the lens renamed it to
    if (w.fields?.length) extra.fields = w.fields.map((f) => ({ v1: f.v1, v2: f.refused ? null : f.v2 }));
    advice =
      w.form === 'bracket-key'
        ? `v2 form fields have no ${w.name}[...] prefix${rule.request?.multipart ? ` (files: ${rule.request.multipart.v2Files})` : ''}.`
        : `Send the ${w.name} fields at the top level (v2 rejects the wrapper with invalid_field)${fields.length ? `; fields: ${fields.join(', ')}` : ''}.`;
    autofix = rule.fidelity !== 'none' && rule.fidelity !== 'manual' && site.fixable !== false;
    if (site.fixable === false) advice += ' The request it is sent with is not seen here (made in another module, or on a URL that is not resolved): migrate them together.';
  } else if (site.kind === 'response-read' && site.read) {
    const changes = site.read.fields;
    extra.fields = changes.map((f) => ({ v1: f.v1, v2: f.v2 }));
    fidelity = site.fidelity ?? 'exact';
    const gone = changes.filter((c) => c.v2 === null && !c.reason?.includes('not wrapped'));
    const renamed = changes.filter((c) => c.v2 !== null);
    const wrapper = changes.find((c) => c.reason?.includes('not wrapped'));
    const bits: string[] = [];
    if (wrapper) bits.push(`v2 is not wrapped in ${wrapper.v1}`);
    if (renamed.length) bits.push(`read ${renamed.map((c) => `${c.v2} (was ${c.v1})`).join(', ')}`);
    if (gone.length) bits.push(`${gone.map((c) => c.v1).join(', ')} has no v2 field${gone[0]?.reason ? ` (${gone[0].reason})` : ''}`);
    advice = `${bits.join('; ')}.`.replace(/^[a-z](?!2)/, (c) => c.toUpperCase());
    autofix = gone.length === 0 && site.read.traced;
    if (gone.length) fidelity = worse(fidelity, 'lossy');
  } else {
    advice = firstSentence(rule.summary);
  }
  return finding(site, ctx, extra, {
    rule: rule.id,
    family,
    method: site.method ?? (isRequest ? null : rule.v1.method),
    endpoint,
    v1: v1Of(rule),
    v2: noPlan ? null : planSummary(rule),
    fidelity,
    autofix,
    credits: isRequest ? credits : null,
    costChange: isRequest ? credits - 1 : null,
    advice,
    severity: severityOf(fidelity),
  });
}
