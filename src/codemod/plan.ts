/**
 * Planning one module: every v1 site the audit found becomes a transaction (all its edits, or a
 * marker saying exactly what to do), response flows are followed into reads and status checks,
 * and file-level facts (403 throttling, http:// base URLs, XML parsing, payloads no call could be
 * tied to) are handled once every site is known.
 */
import { takesV2Status } from '../analysis/answer-changes.ts';
import { isCustomDomain, isOtherProduct } from '../analysis/find-domains.ts';
import { throttlingStatusName } from '../analysis/find-rate-limits.ts';
import { answersThroughCallback } from '../analysis/clients.ts';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import {
  changesForCode,
  fieldMappings,
  isAutoFixable,
  parseTarget,
  type Catalogue,
  type HttpMethod,
  type Overlay,
  type Rule,
  type Translation,
} from '../catalogue/index.ts';
import { inlineValueForm } from '../analysis/converters.ts';
import { moduleWideName } from '../analysis/url-at-call.ts';
import { analyzeSource, callModels, callVerdict, FsModuleLoader, responseChanges, responseShape, statusChange, RUN_TIME_NEED, httpSchemeNeed, readChangeText, type AnalyzeResult, type CallersContract, type CallModel, type Site } from '../analysis/index.ts';
import { isNullish, isNumericLiteral, isObjectProperty, isStringLiteral, keyText, propName, quoteString, unwrapExpr } from './ast.ts';
import { preferredQuote, Tx } from './context.ts';
import { addBody, changeMethod, jsonHeaders, rewriteQueryOptions } from './edits.ts';
import { planQueryOptions, queryRenames, type QueryOptionPlan } from '../analysis/query-options.ts';
import { ResponseTracer } from '../analysis/flow/tracer.ts';
import type { FlowSummary, Taint } from '../analysis/flow/taint.ts';
import { anchorOf, leadingComments, LEFT_ON_V1, leftOnV1, ruleMatches, scanMarkers, WITH_IT, type FoundMarker } from './markers.ts';
import type { Modules } from './modules.ts';
import type { Node, ParsedFile } from './parse.ts';
import { bodyObject, describeMapping, mappingsOf, rewriteBody, rewriteChainedFields } from './payload.ts';
import { staticValue } from './values.ts';
import { bindingOf, Flattener, type ExprPiece, type Module, type TextPiece } from './pieces.ts';
import { responseEdits } from './responses.ts';
import { nodesAt, toUrlSite, type UrlSite } from './sites.ts';
import type { FileEdit, MarkerRecord, RateCheck, Transaction } from './types.ts';
import { bodySentinel, buildNewUrl, distribute, dropEncodedPrefixEdit, emptyOperandEdit, hasSentinel, isSentinel, pieceEdit, removeExprEdit, sentinelsIn, type UrlAnalysis } from './url.ts';
import { valueToSource } from './values.ts';

export interface ModulePlan {
  file: string;
  /** Site transactions (edits may reach other files). */
  txs: Transaction[];
  /** File-level edits that are only safe once every v1 site of the file is migrated. */
  fileTx: Transaction | null;
  /** Markers already in the file. */
  found: FoundMarker[];
  /** Sites silenced by `@hdmigrate-ignore`. */
  ignored: MarkerRecord[];
  notes: string[];
  /** Response flows this module exports (for modules that import it). */
  summary: FlowSummary;
  /** The audit's analysis, for the report. */
  analysis: AnalyzeResult;
  /** Transaction ids the file-level edits depend on (all v1 sites of the file). */
  siteIds: string[];
  /**
   * v1 payloads and response reads the audit found that no site's flow reached: if the file is
   * migrated and nothing else touched them, they get a marker (never left silently).
   */
  leftovers: Array<{ file: string; start: number; end: number; anchor: number; rule: string; text: string }>;
  /** 403 throttling checks here or in the wrappers this file's calls go through (decided in project.ts). */
  checks: RateCheck[];
}

export interface PlanContext {
  cat: Catalogue;
  overlay: Overlay;
  modules: Modules;
  flattener: Flattener;
  loader: FsModuleLoader;
  /** Summaries of other modules' exported response flows (for taint through imports). */
  summaries: (file: string) => FlowSummary | null;
  /** `--rule`/`--family`: only sites of these rules (`tickets.pick`, `tickets.*`); the rest is left as it is, unmarked. */
  only?: string[];
  /**
   * Files planned because they import a module that talks to v1: analysed in repo context (v1-only
   * reads and payloads without a call of their own, as the audit's second pass finds them).
   */
  repoContext?: Set<string>;
  /** The rules the repo's v1 requests use (what a read of a `helpdesk_ticket` wrapper in repo context refers to). */
  repoRules?: string[];
  /**
   * Files of the run whose exports another file of the run uses (`filesUsedInRun`; a re-export
   * alone does not count): a response returned from them reaches callers this run plans (followed
   * through the flow summaries); from any other module it goes to callers nobody sees, and the call
   * stays on v1.
   */
  imported?: ReadonlySet<string>;
  /** `--callers`: whether the code's own callers take v2 shapes (see CallersContract). */
  callers?: CallersContract;
}

/** Replaces sentinels in a text with the expressions they stand for, for marker text. */
function humanise(text: string, a: UrlAnalysis): string {
  return text.replace(/7319\d{4}9137/g, (s) => {
    const p = a.dynamic.get(s);
    if (!p) return '{…}';
    const src = p.mod.pf.text(p.node).replace(/\s+/g, ' ');
    return `{${src.length > 40 ? '…' : src}}`;
  });
}

function callText(c: { method: string; path: string; query: Record<string, string>; body: Record<string, unknown> | null }): string {
  const q = Object.entries(c.query)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return `${c.method} ${c.path}${q ? `?${q}` : ''}${c.body && Object.keys(c.body).length ? ` with body ${JSON.stringify(c.body)}` : ''}`;
}

/** Exactly what to do for a site the codemod leaves: the rule in words, then the v2 calls for this site. */
export function todoText(rule: Rule, t: Translation | null, a: UrlAnalysis | null): string {
  const parts: string[] = [];
  if (rule.fidelity === 'none') {
    parts.push(rule.v1.source === 'run-time' ? rule.summary : `no v2 equivalent. ${rule.summary}`);
    if (rule.substitute) parts.push(`Substitute: ${rule.substitute}.`);
    return parts.join(' ');
  }
  parts.push(rule.summary);
  if (rule.decision) parts.push(`Decide: ${rule.decision}.`);
  if (t && t.calls.length) {
    // (a query string whole from run time reads as one key: its v2 form is the human's, not `?{qs}=&…`)
    const shown = t.calls.map((c) => (Object.keys(c.query).some((k) => isSentinel(k)) ? { ...c, query: {} } : c));
    const calls = shown.map((c, i) => (callText(c) + (c === t.calls[i] ? '' : '?<its query, by hand>')).replace(/\{\{calls\[(\d+)\]\.(.+?)\}\}(?!\})/g, (_m, i: string, f: string) => `<${f} from call ${Number(i) + 1}>`));
    const text = calls.length > 1 ? `v2: ${calls.map((c, i) => `(${i + 1}) ${c}`).join(', then ')}` : `v2: ${calls[0]}`;
    parts.push(a ? humanise(text, a) : text);
  }
  return parts.join(' ');
}

/** Which v1 field of the response a rule's extra call embeds (`notes` for the conversations call). */
function embeddedV1Fields(rule: Rule): Map<number, string> {
  const out = new Map<number, string>();
  const embed = rule.response?.embed ?? {};
  const maps = fieldMappings(rule, 'response');
  for (const [v2Field, index] of Object.entries(embed)) {
    const m = maps.find((x) => x.v2 === v2Field);
    out.set(index, m ? m.v1 : v2Field);
  }
  return out;
}

/**
 * The v2 calls this site needs. A rule's extra call that only embeds a field into the v1 response
 * (the notes of a ticket view) is needed only when the code reads that field.
 */
function neededCalls(rule: Rule, readsField: ((field: string) => boolean) | null): { calls: number[]; fixable: boolean } {
  const steps = rule.plan.map((s, i) => ({ s, i })).filter(({ s }) => !s.forResponse);
  if (isAutoFixable(rule)) return { calls: steps.map(({ i }) => i), fixable: true };
  if (rule.fidelity !== 'exact' && rule.fidelity !== 'lossy') return { calls: steps.map(({ i }) => i), fixable: false };
  const embedded = embeddedV1Fields(rule);
  const needed = steps.filter(({ s, i }) => {
    const field = embedded.get(i);
    if (field === undefined || s.provides || s.carries) return true;
    return readsField === null || readsField(field);
  });
  const fixable = needed.length === 1 && !needed[0]!.s.provides;
  return { calls: needed.map(({ i }) => i), fixable };
}

/** The v2 query split between the URL's text and the query object written at the call. */
function splitQuery(a: UrlAnalysis, query: Record<string, string>, rule: Rule): QueryOptionPlan | { why: string } {
  if (!a.options) return { object: [], url: query };
  const keys = a.options.props.map((p) => p.key);
  const urlKeys = Object.keys(parseTarget(a.target).query).filter((k) => !keys.includes(k));
  return planQueryOptions(a.options.props, urlKeys, query, queryRenames(rule), isSentinel);
}

/** A translated body value as source: sentinels become their expressions (Number() when v2 wants a number). */
function bodySource(v: unknown, a: UrlAnalysis, quote: string, used: Set<ExprPiece>): string | null {
  if (typeof v === 'number' && a.dynamic.has(String(v))) {
    const p = a.dynamic.get(String(v))!;
    used.add(p);
    const n = unwrapExpr(p.node);
    const text = p.mod.pf.text(p.node);
    return isNumericLiteral(n) ? text : `Number(${text})`;
  }
  if (typeof v === 'string' && hasSentinel(v)) {
    const s = sentinelsIn(v);
    if (s.length === 1 && v === s[0]) {
      const p = a.dynamic.get(v)!;
      used.add(p);
      return p.mod.pf.text(p.node);
    }
    return null;
  }
  if (Array.isArray(v)) {
    const items = v.map((x) => bodySource(x, a, quote, used));
    return items.some((x) => x === null) ? null : `[${items.join(', ')}]`;
  }
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).map(([k, x]) => {
      const s = bodySource(x, a, quote, used);
      return s === null ? null : `${keyText(k, quote)}: ${s}`;
    });
    return entries.some((x) => x === null) ? null : `{ ${entries.join(', ')} }`;
  }
  return valueToSource(v, quote);
}

export class ModulePlanner {
  readonly txs: Tx[] = [];
  private readonly pf: ParsedFile;
  private found: FoundMarker[] = [];
  private readonly ignored: MarkerRecord[] = [];
  private readonly notes: string[] = [];
  /** The response reads the analysis found in this file (traced or by shape). */
  private readSites: Site[] = [];
  /** Rules of the calls this file makes (a read charged to one of them is that call's). */
  private callRules = new Set<string>();
  private readonly flow: ResponseTracer;
  /** Pattern properties the flow destructured a response by (see readReached). */
  private patternProps?: Set<Node>;
  private readonly txById = new Map<string, Tx>();
  /** Call models of this module by the offset of their call. */
  private readonly models = new Map<number, CallModel>();
  /** The call model of each call left on v1 by the shared verdict. */
  private readonly modelOfTx = new Map<Tx, CallModel>();

  constructor(
    private readonly ctx: PlanContext,
    private readonly mod: Module,
  ) {
    this.pf = mod.pf;
    this.flow = new ResponseTracer({ info: mod.info, tree: mod.pf });
  }

  plan(): ModulePlan {
    const { ctx, mod, pf } = this;
    this.found = scanMarkers(pf);
    const analysis = analyzeSource(pf.source, pf.file, { catalogue: ctx.cat, ast: pf.ast as never, parser: pf.parser, module: mod.info, loader: ctx.loader, repoUsesV1: ctx.repoContext?.has(pf.file) === true, repoRules: ctx.repoContext?.has(pf.file) ? ctx.repoRules : undefined });
    // a partial analysis would give a partial migration: the file is left as it is
    if (analysis.parseError) throw new Error(analysis.parseError.message);
    // the call models of the shared analysis: which calls may change at all (the audit reports the same)
    for (const m of callModels(analysis, pf.file)) this.models.set(m.span.start, m);
    const callSites = analysis.sites.filter((s) => (s.kind === 'call' || s.kind === 'url') && !s.inComment && s.file === pf.file);
    this.readSites = analysis.sites.filter((s) => s.kind === 'response-read' && !!s.read && !s.inComment && s.file === pf.file);
    this.callRules = new Set(analysis.sites.filter((s) => s.kind === 'call' && !!s.rule && !s.inComment && s.file === pf.file).map((s) => s.rule!));
    const sites: UrlSite[] = [];
    for (const s of callSites) {
      // --rule/--family: the calls of other rules are not sites of this run at all (no edit, no marker)
      if (ctx.only && !(s.rules.length ? s.rules : s.rule ? [s.rule] : []).some((r) => ctx.only!.some((p) => ruleMatches(p, r)))) continue;
      // the analysis knows this URL is not text to rewrite (inside another URL's query, a prefix from the environment)
      if (s.fixable === false && s.rule) {
        const node = nodesAt(pf, s.span.start, s.span.end)[0];
        if (node) {
          const tx = new Tx(`${pf.file}:${s.span.start}`, mod, node, s.rule);
          tx.markerOnly = true;
          tx.marker(pf, node, s.rule, `${this.ruleText(s.rule)} (${s.message}: change it by hand)`);
          this.txs.push(tx);
        }
        continue;
      }
      const u = toUrlSite(ctx.cat, mod, ctx.modules, s);
      if (typeof u === 'string') {
        const node = nodesAt(pf, s.span.start, s.span.end)[0];
        if (node && s.rule) {
          const tx = new Tx(`${pf.file}:${s.span.start}`, mod, node, s.rule);
          tx.markerOnly = true;
          // (a URL whose endpoint is a run-time value is no v1 URL the codemod could read: said as such)
          const runTime = ctx.cat.get(s.rule)?.v1.source === 'run-time';
          const why = runTime ? `the URL: ${s.url?.pattern}` : `the codemod could not edit this URL: ${u}`;
          // what the shared verdict says a human must do goes on the marker too (the audit says it)
          const model = s.call && s.file === pf.file ? this.models.get(s.call.span.start) : undefined;
          const needs = (model ? callVerdict(model, ctx.cat, { callersSeen: !!ctx.imported?.has(path.resolve(pf.file)), callers: ctx.callers }).needs : []).filter((n) => n !== RUN_TIME_NEED);
          tx.marker(pf, node, s.rule, needs.length ? leftOnV1(`${this.ruleText(s.rule)} (${why})`, needs) : `${this.ruleText(s.rule)} (${why})`);
          this.txs.push(tx);
        }
        continue;
      }
      sites.push(u);
    }
    // the responses of every call, before deciding (a ticket view needs its notes call only when notes are read)
    for (const site of sites) this.seed(site);
    this.flow.seedImports((source, imported) => {
      const file = ctx.loader.resolve(pf.file, source);
      const summary = file ? ctx.summaries(file) : null;
      if (!summary) return undefined;
      const returns = summary.returns.get(imported);
      const callbacks = summary.callbacks.get(imported);
      return returns || callbacks ? { returns, callbacks } : undefined;
    });
    this.flow.run();
    for (const site of sites) this.planSite(site);
    // reads and status checks, attached to the transaction of the call they come from
    const withIt = new Map<Tx, Tx>();
    responseEdits(mod, this.flow, (t) => {
      const tx = this.txById.get(t.tx) ?? this.foreignTx(t);
      if (!tx || !tx.markerOnly) return tx;
      // a call left as it is still answers v1 shapes: its reads stay too, and its marker lists
      // them (worked out on a copy whose edits are never applied)
      if (!tx.leftOnV1 || !this.txs.includes(tx)) return undefined;
      let copy = withIt.get(tx);
      if (!copy) withIt.set(tx, (copy = new Tx(tx.id, tx.mod, tx.siteNode, tx.rule)));
      return copy;
    }, this.ctx.overlay);
    this.foreignEscapes();
    this.listWithIt(withIt);
    this.xmlMarkers(analysis);
    const fileTx = this.fileLevel(sites);
    return {
      file: pf.file,
      txs: this.txs.map((t) => t.data()),
      fileTx: fileTx?.data() ?? null,
      found: this.found,
      ignored: this.ignored,
      notes: this.notes,
      summary: this.flow.summary,
      analysis: { ...analysis, sites: analysis.sites.filter((x) => x.file === pf.file) },
      siteIds: sites.map((s) => s.id),
      leftovers: this.leftovers(analysis, sites),
      checks: this.rateChecks(analysis, sites),
    };
  }

  /**
   * Did the flow reach the read at `span` (a field of an audit `response-read` site): the member
   * chain it is part of, or the pattern property it is (`{ display_id }`).
   */
  private readReached(span: { start: number; end: number }): { reached: boolean; node?: Node } {
    const pf = this.pf;
    const nodes = nodesAt(pf, span.start, span.end);
    const member = nodes.map((n) => (n.type === 'MemberExpression' || n.type === 'OptionalMemberExpression' ? n : pf.parent(n))).find((m) => m && (m.type === 'MemberExpression' || m.type === 'OptionalMemberExpression'));
    if (member && (this.flow.taints.has(member) || this.flow.taints.has(member.object))) return { reached: true, node: member };
    this.patternProps ??= new Set(this.flow.patternReads.map((p) => p.prop));
    const prop = nodes.map((n) => (this.patternProps!.has(n) ? n : pf.parent(n))).find((n) => n && this.patternProps!.has(n));
    return { reached: !!prop, node: member ?? prop ?? nodes[0] };
  }

  /** Lines of this file's reads of a rule's (or its family's) response that no traced response reaches. */
  private unreachedReads(rule: Rule, call: { file: string; start: number } | undefined): number[] {
    const lines = new Set<number>();
    const ruleId = rule.id;
    // by family: a read found by shape names the likeliest rule (contacts.create), the call may be
    // contacts.list; one in a callback handed with another URL of the family is that URL's; and
    // one charged to another call of this file is that call's, unless this rule's answer changes
    // that field too (an article's `desc_un_html` is no field of the category list)
    const family = ruleId.split('.')[0];
    const own = new Set(fieldMappings(rule, 'response').filter(changesForCode).map((m) => m.v1));
    if (rule.response?.wrapper) own.add(rule.response.wrapper);
    const anotherCalls = (s: Site) => this.callRules.has(s.rule!) && !s.read!.fields.some((f) => own.has(f.v1));
    // (a read the analysis traced to another call is that call's, whatever the codemod makes of it)
    const ofAnotherCall = (s: Site) => !!call && !!s.read!.call && (s.read!.call.file !== call.file || s.read!.call.start !== call.start);
    for (const s of this.readSites) {
      if (ofAnotherCall(s)) continue;
      if (s.rule !== ruleId && (s.read!.besideUrl || s.rule?.split('.')[0] !== family || anotherCalls(s))) continue;
      for (const f of s.read!.fields) if (!this.readReached(f.span).reached) lines.add(f.span.line);
    }
    return [...lines].sort((x, y) => x - y);
  }

  /** Audit findings (payload wrappers, response reads) that no site of this plan reached. */
  private leftovers(analysis: AnalyzeResult, sites: UrlSite[]): ModulePlan['leftovers'] {
    const pf = this.pf;
    const out: ModulePlan['leftovers'] = [];
    const calls = sites.filter((s) => s.shape).map((s) => s.shape!.call);
    const touched = (a: number, b: number) => this.txs.some((t) => t.edits.some((e) => e.file === pf.file && e.start < b && e.end > a));
    for (const s of analysis.sites) {
      if (s.file !== pf.file || s.inComment || !s.rule) continue;
      if (this.ctx.only && !this.ctx.only.some((p) => ruleMatches(p, s.rule!))) continue;
      if (s.kind === 'response-read' && s.read) {
        for (const f of s.read.fields) {
          const { reached, node } = this.readReached(f.span);
          if (reached || touched(f.span.start, f.span.end)) continue;
          const what = readChangeText(f);
          out.push({ file: pf.file, start: f.span.start, end: f.span.end, anchor: anchorOf(pf, node ?? pf.ast.program).start, rule: s.rule, text: `reads a v1 response the codemod could not follow to its call: ${what}` });
        }
      }
      if (s.kind === 'wrapper' && s.wrapper) {
        // a wrapper in the body of a call belongs to that call: rewritten with it, or in its marker
        if (s.wrapper.call) continue;
        const k = s.wrapper.keySpan;
        if (calls.some((c) => c.start <= k.start && k.end <= c.end) || touched(k.start, k.end)) continue;
        const node = nodesAt(pf, k.start, k.end)[0];
        if (!node) continue;
        const rule = this.ctx.cat.get(s.rule);
        out.push({ file: pf.file, start: k.start, end: k.end, anchor: anchorOf(pf, node).start, rule: s.rule, text: `a v1 payload the codemod could not tie to a migrated call: v2 takes the fields without the ${s.wrapper.name} wrapper${rule ? ` (${rule.summary})` : ''}` });
      }
    }
    return mergeNearbyReads(out, (at) => pf.position(at).line);
  }

  private ruleText(id: string): string {
    const r = this.ctx.cat.get(id);
    return r ? todoText(r, null, null) : id;
  }

  /**
   * A response of another module's call (imported through an exported function) handed on here to
   * code the flow does not follow: that call stays on v1, as it would for a hand-off in its own
   * module (its site's plan checks `escapes` for its own module only).
   */
  private foreignEscapes(): void {
    for (const [id, all] of this.flow.escapes) {
      const own = this.txById.get(id);
      if (own && !own.foreign) continue;
      const where = this.blockingEscapes(id, all);
      if (!where.length) continue;
      const rule = this.flow.escapeRules.get(id);
      if (!rule || !(responseChanges(rule) || !!statusChange(rule))) continue;
      const tx = this.foreignTx({ rule, level: 'pre', prefix: '', tx: id });
      const answers = responseChanges(rule) ? `v2 answers ${responseShape(rule)}` : `v2 answers another status`;
      tx?.marker(this.pf, this.pf.ast.program, rule.id, `the v1 response goes to ${where.slice(0, 3).join(', ')}, where the codemod cannot see how it is read; ${answers}: change the code that reads it, then the URL`);
    }
  }

  /** The places a call's response leaves what is followed that keep it on v1: all of them, but those to the code's own callers with `--callers v2`. */
  private blockingEscapes(id: string, all: string[]): string[] {
    if (this.ctx.callers !== 'v2') return all;
    const toCallers = this.flow.callerEscapes.get(id) ?? [];
    return all.filter((e) => !toCallers.includes(e));
  }

  /** Transactions of sites in other modules (responses flowing in through imports). */
  private foreignTx(t: Taint): Tx | undefined {
    const existing = this.txById.get(t.tx);
    if (existing) return existing;
    // a response from another module's call: the edits here join that site's transaction
    const tx = new Tx(t.tx, this.mod, this.pf.ast.program, t.rule.id);
    tx.foreign = true;
    this.txById.set(t.tx, tx);
    this.txs.push(tx);
    return tx;
  }

  /**
   * The marker of a call left on v1 lists what the codemod would have changed with it (its payload,
   * status checks and response reads), so the human does the whole call in one step. `copies`
   * holds, per call, the reads and status checks worked out on a copy that is never applied.
   */
  private listWithIt(copies: Map<Tx, Tx>): void {
    const pf = this.pf;
    for (const tx of this.txs) {
      if (!tx.leftOnV1) continue;
      const copy = copies.get(tx);
      if (copy?.edits.length) tx.answerReads = copy.edits.map((e) => ({ file: e.file, start: e.start, end: e.end }));
      const marker = tx.markers.find((m) => m.text.includes(LEFT_ON_V1));
      if (!marker) continue;
      // what the list above already says of a line: a field v2 lacks there (the copy's marker says
      // it again), a read the analysis could not tie to this call (the copy's rewrite of it is a
      // guess; one the list does not name stays here, so that the marker names every read)
      const said = (line: number) => new RegExp(`\\bline ${line}\\b`).test(marker.text);
      const untraced = (line: number) => marker.text.split('\n').some((l) => l.includes(`line ${line} `) && l.includes('cannot be traced'));
      const at = (line: number, text: string) => ({ line, text: `line ${line}: ${text}` });
      const parts = [
        ...tx.withIt,
        // (a contract line is what callers get once the call moves: no part of the code to change)
        ...(copy?.changes ?? []).filter((c) => c.kind !== 'contract').map((c) => at(c.line, c.message)).filter((c) => !untraced(c.line)),
        ...(copy?.markers ?? []).map((m) => at(pf.position(m.anchor).line, m.text.split('\n')[0]!)).filter((m) => !said(m.line)),
      ];
      // reads the analysis tied to this call that the copy did not reach (a client object's
      // answer indexed by shape, `res[0].ticket`): the marker names them too
      const listed = new Set(parts.map((p) => p.line));
      for (const r of this.modelOfTx.get(tx)?.reads ?? []) {
        if (r.file !== pf.file || listed.has(r.span.line) || said(r.span.line)) continue;
        parts.push(at(r.span.line, r.fields.map((f) => readChangeText(f)).join('; ')));
      }
      const lines = [...new Set(parts.sort((x, y) => x.line - y.line).map((p) => p.text))];
      if (lines.length) marker.text += `\n${WITH_IT}\n${lines.map((l) => `- ${l}`).join('\n')}`;
    }
  }

  /** The payload a call left on v1 sends, as the codemod would have rewritten it: one line per wrapper name. */
  private payloadWithIt(tx: Tx, model: CallModel, rule: Rule | undefined, needs: string[]): void {
    // (a payload built piecewise has one wrapper site per assignment: they are one line here)
    const byName = new Map<string, { lines: number[]; fields: Set<string> }>();
    for (const w of model.wrappers) {
      if (w.file !== this.pf.file || w.opaque || needs.some((n) => n.includes(`${w.name} wrapper`))) continue;
      const entry = byName.get(w.name) ?? { lines: [], fields: new Set<string>() };
      entry.lines.push(w.span.line);
      // (a field v2 refuses has its own line in the needs: it goes, it is not renamed)
      for (const f of w.fields ?? []) if (!f.refused) entry.fields.add(f.v1);
      // (fields v1 took beside the wrapper change too: `cc_emails: 'a@b'` → an array)
      for (const k of w.siblings ?? []) entry.fields.add(k);
      byName.set(w.name, entry);
    }
    for (const [name, { lines, fields }] of byName) {
      const changes = rule ? mappingsOf(rule).filter((m) => fields.has(m.v1)).map(describeMapping).filter(Boolean) : [];
      const at = Math.min(...lines) < Math.max(...lines) ? `lines ${Math.min(...lines)}–${Math.max(...lines)}` : `line ${lines[0]}`;
      tx.withIt.push({ line: Math.min(...lines), text: `${at}: send the fields without the ${name} wrapper${changes.length ? ` (${changes.join('; ')})` : ''}` });
    }
  }

  private seed(site: UrlSite): void {
    const rule = this.ruleOf(site);
    if (!rule || !site.shape) return;
    const t: Taint = { rule, level: 'pre', prefix: '', tx: site.id };
    // (through a wrapper, the client it calls decides, as in the analysis' trace-responses.ts seedCall)
    if (!answersThroughCallback(site.shape.innerClient ?? site.shape.client, site.shape.call)) this.flow.seed(site.shape.call, t);
    this.flow.seedCallbacks(site.shape.call, t, [site.shape.url, ...(site.shape.body ? [site.shape.body.node] : [])], site.shape.client);
    // XMLHttpRequest: the object the request was opened on carries status and response
    const callee = unwrapExpr(site.shape.call.callee);
    if (site.shape.client === 'xhr' && (callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') && callee.object.type === 'Identifier') {
      this.flow.seedIdentifier(callee.object, t);
    }
  }

  private ruleOf(site: UrlSite): Rule | undefined {
    const s = site.site;
    const method = site.shape?.method ?? s.method;
    if (method) {
      const m = this.ctx.cat.match(method as HttpMethod, site.analysis.target);
      if (m) return m.rule;
    }
    return s.rule ? this.ctx.cat.get(s.rule) : undefined;
  }

  private isIgnored(site: UrlSite, ruleIds: string[]): FoundMarker | undefined {
    const anchor = anchorOf(this.pf, site.shape?.call ?? site.url);
    const lead = leadingComments(this.pf, anchor, this.found);
    return lead.find((m) => m.type === 'ignore' && ruleIds.some((r) => ruleMatches(m.rule, r)));
  }

  /**
   * The URL is http:// in a piece it shares with other code: a base or host whose whole value has a
   * name (`const BASE = 'http://…'`, `const SCHEME = 'http://'`), or an expression. A literal written
   * in the URL's own concatenation, even one reached through the variable that holds the URL
   * (`var fdUrl = 'http://' + KEY + ':X@' + HOST + '/helpdesk/tickets.json'`), is this URL's.
   */
  private sharedScheme(a: UrlAnalysis): boolean {
    const first = a.pieces[0];
    return a.insecure && !!first && (first.kind !== 'text' || (first.via.length > 0 && !!first.whole));
  }

  /**
   * The http:// of a shared piece that no pass of this run makes https, said as a task: the
   * file-level pass upgrades a helpdesk base literal of this file (see fileLevel); any other
   * http:// (a bare "http://" + host, a base in another module) would stay, and v2 refuses plain
   * http. A default behind `process.env.URL || 'http://…'` is not the scheme the code runs with.
   */
  private schemeThatStays(a: UrlAnalysis): string | null {
    const first = a.pieces[0];
    if (!first || first.kind !== 'text') return null;
    const fixedHere = first.mod === this.mod && HELPDESK_HTTP_BASE.test(first.value);
    const parent = first.mod.pf.parent(first.node);
    const fallback = !!parent && (parent.type === 'LogicalExpression' || parent.type === 'ConditionalExpression');
    if (fixedHere || fallback) return null;
    return httpSchemeNeed(first.value);
  }

  private planSite(site: UrlSite): void {
    const { ctx, pf } = this;
    const s = site.site;
    const a = site.analysis;
    const shape = site.shape;
    const anchorNode = shape?.call ?? site.url;
    const ruleIds = s.rules.length ? s.rules : s.rule ? [s.rule] : [];
    // `:id` written in the URL is a route pattern, not a value: the code fills it in somewhere else
    // (a URL no call uses still gets its marker below, as the audit reports it: `ROUTES.ticket`)
    if (/\/:[A-Za-z_]\w*/.test(a.target.split('?')[0]!)) {
      if (shape?.client === 'generic') return;
    }
    const ign = this.isIgnored(site, ruleIds);
    if (ign) {
      const pos = pf.position(ign.start);
      this.ignored.push({ file: pf.file, line: pos.line, column: pos.column, rule: ign.rule, text: ign.text, existing: true, type: 'ignore' });
      return;
    }
    const methodKnown = !!(shape?.method ?? s.method) && s.methodSource !== 'rule';
    const rule = methodKnown ? this.ruleOf(site) : undefined;
    const tx = new Tx(site.id, site.mod, anchorNode, rule?.id ?? s.rule);
    if (shape) tx.call = { start: shape.call.start, end: shape.call.end, typed: !!(shape.call.typeParameters ?? shape.call.typeArguments) };
    this.txById.set(site.id, tx);
    this.txs.push(tx);
    for (const p of a.pieces) if (p.kind === 'text' && p.via.length) tx.reads.push({ file: p.mod.pf.file, start: p.start, end: p.end });
    if (!shape) {
      tx.loose = true;
      if (s.host && isCustomDomain(s.host)) tx.customDomain = s.host;
      tx.spans = a.pieces.filter((p): p is TextPiece => p.kind === 'text' && !p.fixed).map((p) => ({ file: p.mod.pf.file, start: p.start, end: p.end }));
    }
    {
      const r0 = rule ?? (s.rule ? ctx.cat.get(s.rule) : undefined);
      if (r0) tx.fallback.text = todoText(r0, ctx.cat.translate({ method: r0.v1.method, target: a.target }), a);
    }

    const fail = (text: string, ruleId = tx.rule ?? s.rule ?? 'unknown') => {
      tx.edits = [];
      tx.changes = [];
      tx.markers = [];
      tx.markerOnly = true;
      tx.leftOnV1 = true;
      tx.rule = ruleId;
      tx.marker(pf, anchorNode, ruleId, text);
    };

    // the shared verdict: a call the audit does not call auto-fixable is never rewritten
    const model = s.call && s.file === pf.file ? this.models.get(s.call.span.start) : undefined;
    const verdict = model ? callVerdict(model, ctx.cat, { callersSeen: !!ctx.imported?.has(path.resolve(pf.file)), callers: ctx.callers }) : null;
    if (verdict && !verdict.auto) {
      const r0 = rule ?? (s.rule ? ctx.cat.get(s.rule) : undefined);
      // (a method v1 has no operation for on the path, or another product's request, has no plan
      // to show: the path's rule's would mislead)
      const otherProduct = !!model?.host && isOtherProduct(model.host);
      const plan = model?.noSuchOperation || otherProduct ? `no v2 plan for this request here: ${r0?.id ?? 'the path'} is the helpdesk's rule for the path` : r0 ? todoText(r0, ctx.cat.translate({ method: (s.method ?? r0.v1.method) as HttpMethod, target: a.target }), a) : 'migrate this call to v2';
      // what the codemod itself would also stop at belongs on the same list (one marker, every part)
      const stays = this.sharedScheme(a) ? this.schemeThatStays(a) : null;
      // (the verdict already says it for a bare "http://" + host)
      const needs = stays && !verdict.needs.includes(stays) ? [...verdict.needs, stays] : verdict.needs;
      fail(leftOnV1(plan, needs), r0?.id ?? s.rule ?? 'unknown');
      // another product's v2 is not this catalogue's: listing the helpdesk's changes would mislead
      if (otherProduct) {
        tx.leftOnV1 = false;
        return;
      }
      if (model) this.modelOfTx.set(tx, model);
      if (model) this.payloadWithIt(tx, model, r0, needs);
      return;
    }
    // (a failure further on drops it with the call's other changes)
    if (verdict?.contract) tx.change(pf, site.url, 'contract', verdict.contract);
    if (!rule) {
      // method unknown: rewrite only when every candidate rule gives the same URL
      const candidates = ruleIds.map((id) => ctx.cat.get(id)).filter((r): r is Rule => !!r);
      const outcomes = candidates.map((r) => {
        const t = ctx.cat.translate({ method: r.v1.method, target: a.target });
        const main = t.calls[0];
        const split = main ? splitQuery(a, main.query, r) : null;
        const fix = neededCalls(r, null).fixable && !t.error && !!main && !!split && !('why' in split);
        const options = split && !('why' in split) ? split.object : [];
        return { r, t, url: fix ? buildNewUrl(a, { ...main!, query: (split as QueryOptionPlan).url }, queryRenames(r)).text : null, options, method: main?.method };
      });
      const urls = new Set(outcomes.map((o) => o.url && `${o.url} ${JSON.stringify(o.options)}`));
      const methodsSame = outcomes.every((o) => o.method === o.r.v1.method);
      if (outcomes.length && urls.size === 1 && outcomes[0]!.url !== null && methodsSame && !outcomes.some((o) => o.t.calls[0]?.body)) {
        this.rewriteUrl(site, tx, outcomes[0]!.url!, outcomes[0]!.r);
        if (tx.markerOnly) return;
        if (a.options) rewriteQueryOptions(tx, a.options, outcomes[0]!.options);
        tx.change(pf, site.url, 'url', `${a.target} → ${humanise(outcomes[0]!.url!, a)}`);
        if (a.format === 'xml') this.notes.push(`${pf.position(site.url.start).line}: .xml → JSON (v2 answers JSON only)`);
        return;
      }
      // a URL constant nothing reads (left over, or used by code the run does not have): one line
      // with the v2 URL per method, not every candidate's whole plan
      const decl = pf.parent(site.url);
      const unread = decl?.type === 'VariableDeclarator' && decl.init === site.url && decl.id.type === 'Identifier' && !bindingOf(site.mod, decl.id)?.refs.length;
      if (unread) {
        const v2 = [...new Set(outcomes.filter((o) => o.t.calls[0]).map((o) => `v1 ${o.r.v1.method} is ${humanise(callText(o.t.calls[0]!), a)}`))];
        fail(`a v1 URL that nothing in this file reads (${decl.id.name}): remove it, or change it with the request that uses it (${v2.join('; ')})`, candidates[0]?.id ?? s.rule ?? 'unknown');
        return;
      }
      const lines = outcomes.map((o) => `${o.r.v1.method} (${o.r.id}): ${todoText(o.r, o.t, a)}`);
      fail(`the method of this request is not known here, and v1 ${a.target.replace(/7319\d{4}9137/g, '{…}')} means different v2 calls by method: ${lines.join(' | ')}`, candidates[0]?.id ?? s.rule ?? 'unknown');
      return;
    }

    const method = (shape?.method ?? s.method ?? rule.v1.method) as string;
    // fields v2 takes in the path instead of the body (forum_id of a new topic)
    const bodyValues = new Map<string, string>();
    let probeBody: Record<string, unknown> | undefined;
    const toPath = mappingsOf(rule).filter((m) => m.v2?.startsWith('params.'));
    if (toPath.length && shape?.body) {
      const found = bodyObject(ctx.flattener, site.mod, shape.body.node, rule.request?.wrapper);
      if (found) {
        const inner: Record<string, unknown> = {};
        for (const m of toPath) {
          const p = (found.obj.properties as Node[]).find((x) => isObjectProperty(x) && propName(x) === m.v1);
          if (!p) continue;
          const sv = staticValue(p.value);
          if (sv.ok) inner[m.v1] = sv.value;
          else {
            const key = bodySentinel(bodyValues.size);
            bodyValues.set(key, found.mod.pf.text(p.value));
            inner[m.v1] = key;
          }
        }
        const w = rule.request?.wrapper;
        probeBody = w ? { [w]: inner } : inner;
      }
    }
    const t = ctx.cat.translate({ method, target: a.target, body: probeBody });
    if (t.error) return fail(`${t.error}. ${todoText(rule, null, a)}`, rule.id);
    if (!t.calls.length) return fail(todoText(rule, t, a), rule.id);
    if (a.format === null) {
      return fail(`no .json suffix or format=json: v1 answered the agent web page here. If this is an API call, ${todoText(rule, t, a)}`, rule.id);
    }
    // a custom domain (support.example.com): v2 answers only on the account's own domain, which the code does not name
    if (s.host && isCustomDomain(s.host)) {
      return fail(`the request goes to ${s.host}, a custom domain: v2 is served only on <account>.freshdesk.com. Point the base URL at the account's own domain, then ${todoText(rule, t, a)}`, rule.id);
    }
    const reads = (field: string) => this.readsField(site.id, field);
    const need = neededCalls(rule, shape ? reads : null);
    if (!need.fixable) return fail(todoText(rule, t, a), rule.id);
    // the response goes where this run cannot see how it is read: its v1 shape must stay
    const escapes = this.blockingEscapes(site.id, this.flow.escapes.get(site.id) ?? []);
    if (escapes.length && (responseChanges(rule) || !!statusChange(rule))) {
      const answers = responseChanges(rule) ? `v2 answers ${responseShape(rule)}` : `v2 answers ${statusChange(rule)?.v2} where v1 answered ${rule.response?.v1Status}`;
      return fail(`${todoText(rule, t, a)}\n${LEFT_ON_V1}: the v1 response goes to ${escapes.slice(0, 3).join(', ')}, where the codemod cannot see how it is read; ${answers}: change the code that reads it, then the URL`, rule.id);
    }
    // reads of this rule's response in this file that the flow did not reach: their v1 shape would break
    // (none can be of an answer nothing holds: `request(opts, (err) => …)`)
    const unreached = responseChanges(rule) && !model?.answerDiscarded ? this.unreachedReads(rule, s.call && { file: s.file, start: s.call.span.start }) : [];
    if (unreached.length) {
      return fail(`${todoText(rule, t, a)}\n${LEFT_ON_V1}: line ${unreached.join(', ')} reads v1 fields of this response where the codemod cannot follow it from the call; change those reads with the URL`, rule.id);
    }
    // the one v2 call (translate lists calls of the steps that are not only for the response)
    const steps = rule.plan.map((st, i) => ({ st, i })).filter(({ st }) => !st.forResponse);
    const callIndex = steps.findIndex(({ i }) => i === need.calls[0]);
    const main = t.calls[callIndex]!;
    const manual = t.detail?.issues.filter((i) => i.fidelity === 'manual' || i.fidelity === 'none') ?? [];
    if (manual.length) return fail(`${manual.map((i) => humanise(i.message, a)).join('; ')}. ${todoText(rule, t, a)}`, rule.id);
    // the repo's HTTP wrapper accepts only 200, and v2 answers this call with another success status
    const v2Status = steps[callIndex]?.st.status ?? 200;
    // (the analysis read the statuses the wrapper's own code tests: the call model's, when there is one)
    const strict = v2Status === 200 ? null : model ? (model.wrapperStatuses.includes(200) ? path.basename(model.wrapperFiles[0] ?? pf.file) : null) : wrapperDemanding200(s.call?.wrapperFiles ?? [], pf.file, pf.source);
    // a client function whose body is not seen: how it treats a status other than v1's is not known
    const v1Status = rule.response?.v1Status ?? 200;
    if (!strict && v2Status !== v1Status && s.call?.client === 'generic' && !s.call.innerClient && !s.call.wrapperFiles?.length && !takesV2Status(s.call, v2Status)) {
      return fail(`${todoText(rule, t, a)}\n${LEFT_ON_V1}: v2 answers ${v2Status} where v1 answered ${v1Status}, and ${s.call?.callee ?? 'the client'} is not seen here: make sure it accepts ${v2Status}, then change the URL`, rule.id);
    }
    if (strict) {
      return fail(`${todoText(rule, t, a)}\n${LEFT_ON_V1}: the HTTP wrapper in ${strict} accepts only status 200, and v2 answers ${v2Status} here: accept ${v2Status} there, then change the URL`, rule.id);
    }
    // a validateStatus in the call's own config that accepts v1's status alone (the verdict kept the call on v1 for any other)
    for (const p of s.call?.statusPredicates ?? []) {
      if (!p.literal || v2Status === v1Status) continue;
      tx.replace(pf, p.literal, String(v2Status), `status ${v1Status} → ${v2Status}`);
      tx.change(pf, p.literal, 'status', `validateStatus expects ${v2Status} (v2) instead of ${v1Status} (v1)`);
    }

    // 1. the URL (http:// in a shared base is left to the file that defines it: other calls read it too)
    const sharedScheme = this.sharedScheme(a);
    if (sharedScheme) {
      const stays = this.schemeThatStays(a);
      if (stays) return fail(`${todoText(rule, t, a)}\n${LEFT_ON_V1}: ${stays}, then change the URL`, rule.id);
      this.notes.push(`${pf.position(site.url.start).line}: the base URL uses http://; v2 is HTTPS only (changed where it is defined)`);
    }
    const split = splitQuery(a, main.query, rule);
    if ('why' in split) return fail(`${todoText(rule, t, a)}\n${LEFT_ON_V1}: the query comes from the request's options and ${split.why}: change it with the URL by hand`, rule.id);
    const newUrl = buildNewUrl(sharedScheme ? { ...a, insecure: false } : a, { ...main, query: split.url }, queryRenames(rule));
    const additions: Array<{ name: string; source: string }> = [];
    const used = new Set<ExprPiece>();
    const quote = preferredQuote(pf);
    if (main.body) {
      for (const [k, v] of Object.entries(main.body)) {
        const src = bodySource(v, a, quote, used);
        if (src === null) return fail(`${k} moves into the body in v2 and could not be written from this URL. ${todoText(rule, t, a)}`, rule.id);
        additions.push({ name: k, source: src });
      }
    }
    this.rewriteUrl(site, tx, newUrl.text, rule, used, bodyValues);
    if (tx.markerOnly) return;
    if (a.options) rewriteQueryOptions(tx, a.options, split.object);
    tx.change(pf, site.url, 'url', `${method} ${humanise(a.target, a)} → ${main.method} ${humanise(newUrl.text.slice(newUrl.text.indexOf('/api/v2')), a)}`);
    for (const i of t.detail?.issues ?? []) if (i.fidelity === 'lossy') tx.marker(pf, anchorNode, rule.id, humanise(i.message, a));

    // 2. the method
    if (main.method !== method) {
      if (!shape) return fail(`v2 uses ${main.method} here, not ${method}. ${todoText(rule, t, a)}`, rule.id);
      const why = changeMethod(tx, pf, shape, main.method);
      if (why) return fail(`${why}. ${todoText(rule, t, a)}`, rule.id);
      tx.change(pf, shape.methodSource?.kind === 'default' ? shape.call : (shape.methodSource?.node ?? shape.call), 'method', `${method} → ${main.method}`);
    }

    // 3. the body (one put in place by another module cannot move with this call; the verdict
    // says so first, this is the backstop against a half-migrated call)
    if (shape?.bodyElsewhere && rule.request) return fail(`its body is put in place in ${path.basename(shape.bodyElsewhere)}. ${todoText(rule, t, a)}`, rule.id);
    const bodyNode = shape?.body ? unwrapExpr(shape.body.node) : undefined;
    const noBody = !bodyNode || isNullish(bodyNode) || (bodyNode.type === 'ObjectExpression' && bodyNode.properties.length === 0 && additions.length > 0 && shape?.client === 'axios');
    if (shape?.body && !noBody) {
      const env = { cat: ctx.cat, overlay: ctx.overlay, flattener: ctx.flattener, tx, rule, method, target: a.target, additions, bodyFromCallers: ctx.callers === 'v2' && !!model?.bodyFromCallers };
      rewriteBody(env, site.mod, shape.body);
      if (shape.client === 'unirest' || shape.client === 'superagent') rewriteChainedFields(env, site.mod, shape.call);
    } else if (additions.length) {
      if (!shape) return fail(`v2 takes ${additions.map((x) => x.name).join(', ')} in the body. ${todoText(rule, t, a)}`, rule.id);
      const obj = `{ ${additions.map((x) => `${keyText(x.name, quote)}: ${x.source}`).join(', ')} }`;
      const why = addBody(tx, pf, shape, obj);
      if (why) return fail(`${why}: v2 needs the body ${obj}. ${todoText(rule, t, a)}`, rule.id);
      tx.change(pf, shape.call, 'body', `body ${obj} (was in the query string)`);
    }

    // every payload wrapper the analysis tied to this call goes with it (the backstop: a body the
    // rewriters did not reach would reach the v2 URL still wrapped)
    const untouched = (model?.wrappers ?? []).find((w) => w.file === pf.file && !w.opaque && !tx.edits.some((e) => e.file === pf.file && e.start < w.span.end && w.span.start < e.end));
    if (untouched && !tx.markers.length) {
      return fail(`the payload at line ${untouched.span.line} is not rewritten with the call: send its fields without the ${untouched.name} wrapper. ${todoText(rule, t, a)}`, rule.id);
    }

    // 4. XML → JSON headers
    if (a.format === 'xml' && shape) jsonHeaders(tx, pf, shape);
    if (a.insecure && !sharedScheme) tx.change(pf, site.url, 'https', 'http:// → https:// (v2 is HTTPS only)');
  }

  /** Edits the URL pieces to `newText` (sentinels for dynamic parts); on failure the transaction becomes a marker. */
  private rewriteUrl(site: UrlSite, tx: Tx, newText: string, rule: Rule, moved: Set<ExprPiece> = new Set(), bodyValues?: Map<string, string>): void {
    const a = site.analysis;
    const pf = this.pf;
    // a query v2 adds to a URL whose text is a shared constant: appended where the URL is used
    let append = '';
    const q = newText.indexOf('?');
    const last = [...a.pieces].reverse().find((p) => p.kind === 'text' || p.kind === 'expr');
    const lastShared = !last || last.kind === 'expr' || last.via.length > 0;
    const appendable = ['Identifier', 'MemberExpression', 'OptionalMemberExpression', 'CallExpression', 'BinaryExpression', 'StringLiteral', 'Literal', 'TemplateLiteral'].includes(unwrapExpr(site.url).type);
    if (q >= 0 && !a.target.includes('?') && lastShared && !hasSentinel(newText.slice(q)) && site.shape && appendable) {
      append = newText.slice(q);
      newText = newText.slice(0, q);
    }
    // a pair v2 adds after a query that ends in a run-time value (`'&page=' + page`): no text
    // follows that value to hold it, so it is appended where the URL is used
    const lastValue = !append && last?.kind === 'expr' && site.shape && appendable && a.target.includes('?') ? sentinelsIn(newText).at(-1) : undefined;
    const tail = lastValue ? newText.slice(newText.lastIndexOf(lastValue) + lastValue.length) : '';
    if (lastValue && a.dynamic.get(lastValue) === last && tail.startsWith('&')) {
      append = tail;
      newText = newText.slice(0, newText.length - tail.length);
    }
    const d = distribute(a, newText);
    const failWith = (why: string) => {
      tx.edits = [];
      tx.markerOnly = true;
      tx.marker(pf, site.shape?.call ?? site.url, rule.id, `${todoText(rule, this.ctx.cat.translate({ method: rule.v1.method, target: a.target }), a)} (the codemod could not edit this URL: ${why})`);
    };
    if (!d.ok) return failWith(d.reason);
    const before = tx.edits.length;
    for (const p of d.dropped) {
      // (a value v2 no longer takes in the path goes with its text when reading it does nothing
      // else: a name or a member chain; a call might, and stays)
      if (!moved.has(p) && inlineValueForm(p.node) !== 'name') return failWith(`${p.mod.pf.text(p.node)} would be lost`);
      const e = removeExprEdit(p);
      if (!e) return failWith(`cannot take ${p.mod.pf.text(p.node)} out of the URL`);
      tx.edits.push(e);
    }
    let stringLeft = false;
    for (const p of a.pieces) {
      if (p.kind !== 'text') continue;
      const edit = d.textEdits.find((x) => x.piece === p);
      const value = edit ? edit.value : p.value;
      if (edit && p.droppable) {
        const e = value === '' ? dropEncodedPrefixEdit(p) : null;
        if (!e) return failWith('cannot place the new text in the source');
        tx.edits.push(e);
      } else if (edit) {
        const empty = value === '' ? emptyOperandEdit(p, stringLeft) : null;
        if (empty) tx.edits.push(empty);
        else tx.edits.push(pieceEdit(p, value, 'URL', bodyValues));
      }
      if (value !== '') stringLeft = true;
    }
    if (append) tx.edit(pf, site.url.end, site.url.end, ` + ${quoteString(append, preferredQuote(pf))}`, 'query added at the call');
    tx.urlEdits = tx.edits.slice(before);
    // the same URL written out at the call, for when a shared constant cannot change
    if (a.pieces.some((p) => p.kind === 'text' && p.via.length > 0)) tx.inlineUrl = this.inlineUrl(site, a, append ? newText + append : newText, moved, bodyValues) ?? undefined;
    if (site.shape) tx.unseenReader = this.models.get(site.shape.call.start)?.urlReadElsewhere;
  }

  /**
   * `TICKETS_PATH + '.json'` → `'/api/v2/tickets'`, `ticketUrl(id)` → `` `/api/v2/tickets/${id}` ``:
   * the URL argument of the call rewritten as one literal, leaving the shared constant or helper
   * as it is. Null when a dynamic part is not written at the call.
   */
  private inlineUrl(site: UrlSite, a: UrlAnalysis, newText: string, moved: Set<ExprPiece>, bodyValues?: Map<string, string>): FileEdit | null {
    const pf = this.pf;
    const shape = site.shape;
    // (the analysis' judgement, as the audit reads it: every value of the URL readable at the call, as it is)
    if (!shape || !this.models.get(shape.call.start)?.urlAtCall) return null;
    const inside = (n: Node, outer: Node) => n.start >= outer.start && n.end <= outer.end;
    // the argument holding the path (the audit's URL span at the call)
    const arg: Node = site.url;
    if (shape && arg === shape.call) return null;
    const argText = pf.text(arg);
    const idx = a.pieces.findIndex((p) => (p.mod === site.mod && inside(p.node, arg)) || (p.via.length > 0 && argText.includes(p.via[0]!.replace(/\(\)$/, ''))));
    if (idx < 0) return null;
    let oldPrefix = '';
    for (const p of a.pieces.slice(0, idx)) {
      if (p.kind === 'text') oldPrefix += p.value;
      else {
        const s = [...a.dynamic].find(([, v]) => v === p)?.[0];
        if (!s) return null;
        oldPrefix += s;
      }
    }
    if (!newText.startsWith(oldPrefix)) return null;
    const rest = newText.slice(oldPrefix.length);
    const parts = rest.split(/(7319\d{4}9137|8246\d{4}6428)/);
    let raw = '';
    let dynamic = false;
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k]!;
      if (k % 2 === 0) {
        raw += part.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
        continue;
      }
      dynamic = true;
      if (bodyValues?.has(part)) {
        raw += `\${${bodyValues.get(part)}}`;
        continue;
      }
      const p = a.dynamic.get(part);
      if (!p || moved.has(p) || p.mod !== site.mod) return null;
      // a value read inside the helper or constant: by the name the call's code reads it by too
      const name = inside(p.node, arg) ? pf.text(p.node) : moduleWideName(site.mod.info, p.node);
      if (!name) return null;
      raw += `\${${name}}`;
    }
    const text = dynamic ? `\`${raw}\`` : quoteString(rest, preferredQuote(pf));
    return { file: pf.file, start: arg.start, end: arg.end, text, why: 'URL written at the call' };
  }

  /** Per transaction: the resource fields its response is read at (built once, after the flow ran). */
  private fieldsRead?: Map<string, Set<string>>;

  private readsField(txId: string, field: string): boolean {
    if (!this.fieldsRead) {
      this.fieldsRead = new Map();
      const add = (tx: string, f: string) => {
        const set = this.fieldsRead!.get(tx) ?? new Set<string>();
        set.add(f);
        this.fieldsRead!.set(tx, set);
      };
      for (const [node, taints] of this.flow.taints) {
        for (const t of taints) {
          if (t.level !== 'res') continue;
          if (t.prefix !== '') add(t.tx, t.prefix.split(/[.[]/)[0]!);
          else {
            // a read right after the wrapper: res.data.helpdesk_ticket.notes
            const parent = this.pf.parent(node);
            if (parent && (parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') && parent.object === node) {
              const name = parent.property?.name ?? parent.property?.value;
              if (typeof name === 'string') add(t.tx, name);
            }
          }
        }
      }
    }
    return this.fieldsRead.get(txId)?.has(field) ?? false;
  }

  private xmlMarkers(analysis: AnalyzeResult): void {
    for (const s of analysis.sites) {
      if (s.kind !== 'xml' || s.file !== this.pf.file) continue;
      const node = nodesAt(this.pf, s.span.start, s.span.end)[0];
      if (!node) continue;
      // joins the transaction of the .xml call when the flow ties it to one
      const taint = [...(this.flow.taints.get(node) ?? [])][0];
      const tx = (taint && this.txById.get(taint.tx)) ?? this.txs.find((t) => !t.markerOnly && t.file === this.pf.file);
      if (tx) tx.marker(this.pf, node, s.rule ?? 'transport.xml', 'v2 answers JSON only: parse the response with JSON.parse (or res.json()) instead of an XML parser, and read the v2 field names');
    }
  }

  /**
   * 403 throttling checks the audit found in this file or in the HTTP wrappers the calls of this
   * file go through; project.ts decides them once every call is known (they follow those calls).
   */
  private rateChecks(analysis: AnalyzeResult, sites: UrlSite[]): RateCheck[] {
    const out: RateCheck[] = [];
    for (const s of analysis.sites) {
      if (s.kind !== 'rate-limit' || s.inComment) continue;
      const own = s.file === this.pf.file;
      const file = own ? this.pf.file : path.resolve(s.file);
      const mod = own ? this.mod : this.ctx.modules.get(file);
      const at403 = mod ? nodesAt(mod.pf, s.span.start, s.span.end) : [];
      const lit = at403.find((n) => throttlingEdit(mod!.pf, n)) ?? at403[0];
      if (!mod || !lit) continue;
      const pos = mod.pf.position(lit.start);
      // (a helper, of another module or exported, serves the calls of this file whose errors it tells apart)
      const through = s.helperOf ? sites : own ? [] : sites.filter((u) => u.site.call?.wrapperFiles?.some((f) => path.resolve(f) === file));
      const callers = through.map((u) => ({ id: u.id, label: `${path.relative(path.dirname(file), this.pf.file).split(path.sep).join('/')}:${u.site.span.line} (${u.site.rule})` }));
      const edit = throttlingEdit(mod.pf, lit);
      const at = edit ?? { start: lit.start, end: lit.end, text: '' };
      const check: RateCheck = { file, start: at.start, end: at.end, text: at.text, line: pos.line, column: pos.column, anchor: anchorOf(mod.pf, lit).start, fixable: s.fixable === true && !!edit, callers };
      if (s.errorOf) {
        check.meaningUnclear = true;
        const of = sites.find((u) => u.site.span.start === s.errorOf!.start);
        if (of) check.only = of.id;
      }
      // the same test for v1 and v2 calls at once (v2 never sends 403 with Retry-After)
      const parent = mod.pf.parent(lit);
      if (edit && parent?.type === 'BinaryExpression' && (parent.operator === '===' || parent.operator === '==') && parent.right === lit) {
        const left = mod.pf.text(parent.left);
        const written = mod.pf.text(lit);
        const throttled = written.slice(0, edit.start - lit.start) + edit.text + written.slice(edit.end - lit.start);
        check.both = { start: parent.start, end: parent.end, text: `(${left} ${parent.operator} ${throttled} || ${left} ${parent.operator} ${written})` };
      } else if (parent?.type === 'ArrayExpression') {
        // a list of retryable statuses: both answers retried
        check.both = { start: lit.start, end: lit.end, text: '429, 403' };
      } else if (parent?.type === 'SwitchCase' && parent.test === lit) {
        check.both = { start: lit.start, end: lit.end + (mod.pf.source.slice(lit.end).match(/^\s*:/)?.[0].length ?? 0), text: '429: case 403:' };
      }
      if (s.helperOf) check.helper = s.helperOf.name;
      else if (through[0]?.site.call) check.wrapper = through[0].site.call.callee;
      out.push(check);
    }
    return out;
  }

  /** http:// base URLs of the helpdesk: only once every v1 call of the file is migrated. */
  private fileLevel(sites: UrlSite[]): Tx | null {
    const pf = this.pf;
    if (sites.length === 0) return null;
    const tx = new Tx(`${pf.file}:file`, this.mod, pf.ast.program, 'transport.https');
    // http:// base URLs of the helpdesk outside the URLs already rewritten
    const edited = this.txs.flatMap((t) => t.edits.filter((e) => e.file === pf.file));
    for (const n of pf.nodes) {
      if (!isStringLiteral(n) || !HELPDESK_HTTP_BASE.test(n.value)) continue;
      if (edited.some((e) => e.start <= n.start + 1 && e.end >= n.start + 1)) continue;
      tx.edit(pf, n.start + 1, n.start + 5, 'https', 'https');
      tx.change(pf, n, 'https', 'http:// → https:// (v2 is HTTPS only)', 'transport.https');
    }
    return tx.edits.length ? tx : null;
  }
}

/**
 * The edit that makes a 403 of a throttling test v2's: `403` → `429`, `'403'` → `'429'`, a status
 * name (`HttpStatus.FORBIDDEN`) → its throttling name; none for a 403 reached through another name.
 */
function throttlingEdit(pf: ParsedFile, lit: Node): { start: number; end: number; text: string } | undefined {
  if (isNumericLiteral(lit) && lit.value === 403) return { start: lit.start, end: lit.end, text: '429' };
  if (isStringLiteral(lit) && String(lit.value).trim() === '403') {
    const start = lit.start + pf.text(lit).indexOf('403');
    return { start, end: start + 3, text: '429' };
  }
  const renamed = lit.type === 'Identifier' ? throttlingStatusName(lit.name) : undefined;
  return renamed ? { start: lit.start, end: lit.end, text: renamed } : undefined;
}

export { anchorOf };

/** An http:// base URL on the service's own domain (or an app's iparam domain): made https by the file-level pass. */
const HELPDESK_HTTP_BASE = /^http:\/\/[^/'"`\s]*(freshdesk\.com|<%=\s*iparam\.[\w]+\s*%>)/i;

/** The first wrapper file that treats any status but 200 as a failure, if any. */
function wrapperDemanding200(files: string[], self: string, selfText: string): string | null {
  for (const f of files) {
    let text: string;
    try {
      text = f === self ? selfText : readFileSync(f, 'utf8');
    } catch {
      continue;
    }
    if (/(?:status|code|retCode|statusCode)\w*\s*!==?\s*200\b|\b200\s*!==?\s*\w*(?:status|code)/i.test(text)) return path.basename(f);
  }
  return null;
}

const UNTRACED_READ = 'reads a v1 response the codemod could not follow to its call: ';

/**
 * One marker per concern: untraced v1 reads of one rule on neighbouring lines (the fields of a
 * stored v1 object, a row built from a response) become one marker at the first, one line per field.
 */
function mergeNearbyReads(list: ModulePlan['leftovers'], lineOf: (offset: number) => number): ModulePlan['leftovers'] {
  const out: ModulePlan['leftovers'] = [];
  let group: { head: ModulePlan['leftovers'][number]; details: string[]; line: number } | null = null;
  const flush = () => {
    if (!group) return;
    const { head, details } = group;
    out.push(details.length === 1 ? head : { ...head, text: `${UNTRACED_READ.replace(/: $/, '')}:\n${details.map((d) => `- ${d}`).join('\n')}` });
    group = null;
  };
  for (const l of [...list].sort((a, b) => a.anchor - b.anchor)) {
    if (!l.text.startsWith(UNTRACED_READ)) {
      out.push(l);
      continue;
    }
    const line = lineOf(l.anchor);
    const detail = l.text.slice(UNTRACED_READ.length);
    if (group && group.head.rule === l.rule && line - group.line <= 2) {
      if (!group.details.includes(detail)) group.details.push(detail);
      group.line = line;
      continue;
    }
    flush();
    group = { head: l, details: [detail], line };
  }
  flush();
  return out;
}
