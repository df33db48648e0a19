/**
 * Auditing one candidate file: JS/TS by syntax tree, HTML by its script blocks (syntax tree,
 * patterns when they do not parse), other languages by pattern, app configuration by JSON.
 * Runs the same in the main thread and in workers; results are plain data.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';
import type { Catalogue, HttpMethod } from '../catalogue/index.ts';
import { toFinding, withoutAutoPrefix } from './classify.ts';
import { checkIparams, parseJsonWithPositions, type JNode } from './iparams.ts';
import { analyzeSource, BudgetExceeded, callModels, callVerdict, FILE_BUDGET_MS, hasV1PathText, FsModuleLoader, withBudget, type CallersContract, type CallModel, type CallVerdict } from '../analysis/index.ts';
import { hostOf, isOtherProduct, isOtherService, otherProductNeed } from '../analysis/find-domains.ts';
import { ownParts } from '../analysis/analyze.ts';
import { rewrittenByCodemod } from '../analysis/scripts.ts';
import { urlInfo } from '../analysis/call-sites.ts';
import { templateRequest } from '../analysis/request-templates.ts';
import { fieldMappings } from '../catalogue/index.ts';
import type { ExportedFlows, Site, Span } from '../analysis/types.ts';
import { chooseRule, matchUrl } from '../analysis/match-url.ts';
import type { Finding, Language, MarkerRecord, SkippedFile } from './model.ts';
import { analyzeText, commentRanges } from './patterns.ts';
import { findTextUrls } from '../analysis/text-urls.ts';
import { analyzeSyntax } from './lang/index.ts';
import { notebookSources, type NotebookSources } from './lang/notebook.ts';
import { compileCoffee, mapSitesToCoffee, type CompiledCoffee } from './lang/coffee.ts';
export { addProjectText, helperCallers, prepareLanguage, projectScanConfig, resetProjects, sealProjects, syntaxLanguage, useProjectFiles, type TextMatcher } from './lang/index.ts';
import { configKind, languageOf, relPath } from '../analysis/run/walk.ts';
import { githubScriptSource, shellSource } from '../analysis/embedded-shell.ts';

export interface FileTask {
  abs: string;
  rel: string;
  language: Language;
}

export interface FileResult {
  rel: string;
  findings: Finding[];
  markers: MarkerRecord[];
  skipped?: SkippedFile;
  /** Literal URL parts that calls used, `rel\0offset`: `url` findings built from them are not reported separately. */
  consumed: string[];
  /** For each `url` finding (by index in `findings`): its literal parts, `rel\0offset`. */
  urlParts: Array<{ index: number; keys: string[] }>;
  /** The file went through the syntax tree. */
  parsed: boolean;
  /** Sites of a compiled CoffeeScript file, mapped to the source (internal). */
  coffee?: Site[];
  /**
   * Findings that change when another file of the repo imports this one (internal, see
   * `callersSeen` in src/analysis/verdict.ts): a call whose response is returned to callers outside
   * the module is auto-fixable when those callers are in the repo, where the codemod follows it.
   */
  ifImported?: Array<{ index: number; autofix: boolean; advice: string }>;
  /**
   * Reads in the importing files of this module's answers, and whether they change with their
   * call (internal, the importers' pass): the importer's own finding of such a read is found by
   * shape, not traced, so it takes its call's verdict from here (src/audit/index.ts).
   */
  importerReads?: Array<{ rel: string; line: number; auto: boolean; why: string }>;
}

export interface AnalysisContext {
  root: string;
  cat: Catalogue;
  loader: FsModuleLoader;
  /** Another file of the repo talks to v1 (the audit's second pass, see ./repo-wide.ts). */
  repoUsesV1?: boolean;
  /** Rules of the repo's v1 requests (the second pass). */
  repoRules?: string[];
  /**
   * The files of the repo that import this one (path and text): what this file's functions return
   * or call back with is followed into them, and their reads and hand-offs of it decide, with
   * the rest, whether each call is auto-fixable (see `FileResult.ifImported`).
   */
  importers?: Array<{ abs: string; text: string }>;
  /** `--callers` (see CallersContract in src/analysis/verdict.ts). */
  callers?: CallersContract;
}

const MARKER = /@hdmigrate-(todo|ignore)\(([^)]*)\)\s*:?\s*(.*)/g;

const lineIndex = new Map<string, number[]>();
function lineStarts(text: string): number[] {
  let s = lineIndex.get(text);
  if (!s) {
    s = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) s.push(i + 1);
    if (lineIndex.size > 50) lineIndex.clear();
    lineIndex.set(text, s);
  }
  return s;
}

function lineOf(text: string, line: number): string {
  const starts = lineStarts(text);
  const start = starts[line - 1];
  if (start === undefined) return '';
  const end = text.indexOf('\n', start);
  const s = text.slice(start, end < 0 ? text.length : end).trim();
  return s.length > 200 ? `${s.slice(0, 197)}...` : s;
}

const sourceCache = new Map<string, string>();
function sourceOf(abs: string): string {
  let s = sourceCache.get(abs);
  if (s === undefined) {
    try {
      s = readFileSync(abs, 'utf8');
    } catch {
      s = '';
    }
    if (sourceCache.size > 500) sourceCache.clear();
    sourceCache.set(abs, s);
  }
  return s;
}

/** Blanks everything outside `<script>` blocks (keeping newlines) so offsets and lines stay those of the HTML file. */
export function scriptOnly(html: string): string | null {
  const out = html.replace(/[^\n]/g, ' ').split('');
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  let any = false;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && !/javascript|ecmascript|module|babel|jsx/.test(type)) continue;
    const start = m.index + m[0].indexOf('>') + 1;
    const body = m[2]!;
    for (let i = 0; i < body.length; i++) out[start + i] = body[i]!;
    // statement separator between blocks
    if (start + body.length < out.length && out[start + body.length] !== '\n') out[start + body.length] = ';';
    any = true;
  }
  return any ? out.join('') : null;
}

function markersIn(text: string, lang: Language, rel: string): MarkerRecord[] {
  if (!text.includes('@hdmigrate-')) return [];
  const ranges = commentRanges(text, lang, rel);
  const out: MarkerRecord[] = [];
  MARKER.lastIndex = 0;
  for (let m = MARKER.exec(text); m; m = MARKER.exec(text)) {
    if (!ranges.some(([a, b]) => m!.index >= a && m!.index < b)) continue;
    const before = text.slice(0, m.index);
    const line = before.split('\n').length;
    out.push({ file: rel, line, column: m.index - before.lastIndexOf('\n'), type: m[1] as 'todo' | 'ignore', rule: m[2]!.trim(), text: m[3]!.trim() });
  }
  return out;
}

/** The v1 URLs (`GET /helpdesk/tickets.json`, `/contacts/{id}.json`) the code cells of a notebook name, by text. */
function v1UrlsInCells(text: string, cat: AnalysisContext['cat']): string[] {
  let nb: { cells?: Array<{ cell_type?: string; source?: string | string[] }> };
  try {
    nb = JSON.parse(text);
  } catch {
    return [];
  }
  const code = (nb.cells ?? []).filter((c) => c.cell_type === 'code').map((c) => (Array.isArray(c.source) ? c.source.join('') : (c.source ?? ''))).join('\n');
  const out = new Set<string>();
  for (const hit of findTextUrls(cat, code, 'shell')) {
    if (!hit.format) continue;
    if (hit.match.origin && isOtherService(hostOf(hit.match.origin.replace(/\/\/[^@/]*@/, '//')) ?? '')) continue;
    out.add(`${hit.method ? `${hit.method} ` : ''}${hit.match.target}`);
  }
  return [...out];
}

/** Audits one file; never throws. */
export function analyzeFile(task: FileTask, text: string, ctx: AnalysisContext): FileResult {
  const result: FileResult = { rel: task.rel, findings: [], markers: [], consumed: [], urlParts: [], parsed: false };
  try {
    withBudget(FILE_BUDGET_MS, () => analyzeInto(task, text, ctx, result));
  } catch (e) {
    result.skipped = { file: task.rel, reason: 'parse-error', detail: `audit failed: ${(e as Error).message}` };
    if (e instanceof BudgetExceeded) result.findings = [];
  }
  return result;
}

function analyzeInto(task: FileTask, text: string, ctx: AnalysisContext, result: FileResult): void {
  const { cat } = ctx;
  const config = configKind(task.rel);
  if (config === 'iparams') {
    for (const p of checkIparams(text)) {
      const before = text.slice(0, p.start);
      const line = before.split('\n').length;
      const column = p.start - before.lastIndexOf('\n');
      result.findings.push({
        file: task.rel,
        line,
        column,
        endLine: line,
        endColumn: column + Math.max(1, p.end - p.start),
        language: 'json',
        kind: 'iparams',
        rule: p.rule,
        family: 'iparams',
        method: null,
        endpoint: null,
        v1: null,
        v2: null,
        fidelity: null,
        autofix: false,
        credits: null,
        costChange: null,
        advice: p.advice,
        message: p.message,
        snippet: lineOf(text, line),
        via: 'json',
        severity: p.severity,
      });
    }
    return;
  }
  if (config === 'requests') {
    requestTemplates(task, text, ctx, result);
    return;
  }
  // a Jupyter notebook: its code cells as Python, its `!curl` escapes as shell, at the notebook's lines
  let notebook: NotebookSources | null = null;
  if (/\.ipynb$/i.test(task.rel)) {
    notebook = notebookSources(text);
    if (!notebook) {
      const named = v1UrlsInCells(text, cat);
      result.skipped = {
        file: task.rel,
        reason: 'unreadable',
        // (an R or Julia notebook is not audited: a plain look at its code cells says whether it names v1 URLs, so none is silent)
        detail: `not a Python notebook (JSON with code cells): not read${named.length ? `; its code cells name v1 URLs (${named.slice(0, 5).join(', ')}${named.length > 5 ? ', …' : ''}): not audited, check them by hand` : ''}`,
      };
      return;
    }
    text = notebook.text;
  }
  let sites: Site[] = [];
  /** Reads of this file's answers in the files that import it (with `ctx.importers`). */
  let callerReads: Site[] = [];
  let via: Finding['via'] = 'pattern';
  if (task.language === 'javascript' || task.language === 'typescript' || task.language === 'html') {
    const source = task.language === 'html' ? scriptOnly(text) : text;
    if (source !== null) {
      // HTML is parsed as plain JS (`x.html` has no parser of its own)
      const name = task.language === 'html' ? `${task.abs}.js` : task.abs;
      const r = analyzeSource(source, name, { catalogue: cat, loader: ctx.loader, repoUsesV1: ctx.repoUsesV1, repoRules: ctx.repoRules, exportFlows: !!ctx.importers });
      if (r.parseError) {
        result.skipped = {
          file: task.rel,
          reason: 'parse-error',
          detail: `${r.parseError.message}${r.parseError.line ? ` (line ${r.parseError.line})` : ''}; audited by pattern instead`,
        };
      } else {
        result.parsed = true;
        via = 'ast';
        const fix = (f: string) => (f === name ? task.abs : f);
        sites = r.sites.map((s) => ({
          ...s,
          file: fix(s.file),
          url: s.url ? { ...s.url, parts: s.url.parts.map((p) => ({ ...p, file: fix(p.file) })) } : undefined,
        }));
        for (const m of r.markers) {
          result.markers.push({ file: task.rel, line: m.span.line, column: m.span.column + 1, type: m.type, rule: m.rule, text: m.text });
        }
        if (ctx.importers && r.exportedFlows) callerReads = readsInImporters(r.exportedFlows, ctx.importers, ctx);
      }
    }
    if (!result.parsed) {
      sites = analyzeText(cat, text, task.language, task.abs).sites;
      result.markers.push(...markersIn(text, task.language, task.rel));
    }
  } else if (task.language === 'coffeescript' && coffeeSites(task, text, ctx, result)) {
    sites = result.coffee!;
    delete result.coffee;
    via = 'ast';
  } else {
    // Python, PHP, Ruby, C#, Java, Kotlin, Go, shell: by tree-sitter tree when the grammar is loaded (see prepareLanguage)
    // shell in a Makefile or CI file: its shell only, at the same offsets (the findings' snippets are the file's own lines)
    const source = notebook ? notebook.python : task.language === 'shell' ? shellSource(task.rel, text) : text;
    const tree = analyzeSyntax({ cat, text: source, language: task.language, abs: task.abs, root: ctx.root });
    if (tree && !tree.unparsed) {
      result.parsed = true;
      via = 'syntax';
      sites = tree.sites;
    } else {
      if (tree?.unparsed) result.skipped = { file: task.rel, reason: 'parse-error', detail: `${tree.unparsed}; audited by pattern instead` };
      sites = analyzeText(cat, source, task.language, task.abs).sites;
    }
    // the notebook's shell escapes (`!curl -X PUT …`), by the shell audit at the same offsets
    if (notebook && /\S/.test(notebook.shell)) {
      const shell = analyzeSyntax({ cat, text: notebook.shell, language: 'shell', abs: task.abs, root: ctx.root });
      sites = [...sites, ...(shell && !shell.unparsed ? shell.sites : analyzeText(cat, notebook.shell, 'shell', task.abs).sites)];
    }
    // a workflow's `actions/github-script` steps hold JavaScript: the JS audit, at the file's offsets
    if (task.language === 'shell') sites = [...sites, ...githubScriptSites(task, text, ctx)];
    result.markers.push(...markersIn(text, task.language, task.rel));
  }
  // (another service's host: no helpdesk request, whatever its path; the JS analysis drops them itself)
  if (via !== 'ast') sites = sites.filter((x) => !(x.url?.origin && isOtherService(hostOf(x.url.origin.replace(/\/\/[^@/]*@/, '//')) ?? '')));
  const findingOf = new Map<Site, Finding>();
  analyseSites(task, text, ctx, result, sites, via, findingOf);
  // a compact notebook's code ran past the file's lines: back to the notebook's own lines
  if (notebook && notebook.fileLine.some((l, i) => l !== i + 1)) {
    const back = (l: number) => notebook!.fileLine[l - 1] ?? l;
    for (const f of result.findings) {
      if (f.file !== task.rel) continue;
      f.line = back(f.line);
      if (f.endLine !== undefined) f.endLine = Math.max(f.line, back(f.endLine));
    }
  }
  embeddedReads(result.findings, ctx.cat);
  if (via === 'ast') {
    const rewritable = rewrittenByCodemod(task.rel, task.language);
    // the verdict's needs name lines of the analysed JavaScript: a compiled CoffeeScript file's are not the source's
    const explain = task.language !== 'coffeescript';
    if (ctx.importers) {
      // the callers are seen: what they read of each answer, and where they hand it on, counts
      const importerReads: NonNullable<FileResult['importerReads']> = [];
      applyVerdicts([...sites, ...callerReads], findingOf, ctx.cat, task.abs, { callersSeen: true, callers: ctx.callers }, rewritable, explain, (m, v) => {
        for (const r of m.reads) {
          if (r.file !== m.file) importerReads.push({ rel: relPath(ctx.root, r.file), line: r.span.line, auto: v.auto && rewritable, why: `it changes with its call (${basename(m.file)}:${m.span.line}), which stays on v1` });
        }
      });
      if (importerReads.length) result.importerReads = importerReads;
      return;
    }
    // once as if the module's callers were seen (another file imports it), once as they are here
    const before = result.findings.map((f) => ({ autofix: f.autofix, advice: f.advice }));
    const returns = applyVerdicts(sites, findingOf, ctx.cat, task.abs, { callersSeen: true, callers: ctx.callers }, rewritable, explain);
    if (returns) {
      const seen = result.findings.map((f) => ({ autofix: f.autofix, advice: f.advice }));
      result.findings.forEach((f, i) => Object.assign(f, before[i]));
      applyVerdicts(sites, findingOf, ctx.cat, task.abs, { callersSeen: false, callers: ctx.callers }, rewritable, explain);
      // (set when nothing differs too: the importers' reads of its answers count in that pass)
      result.ifImported = seen.map((s, index) => ({ index, ...s })).filter((s) => s.autofix !== result.findings[s.index]!.autofix);
    }
  }
}

/**
 * The response reads, in the files that import a module, of what its exported functions return or
 * call back with (`flows`); reads of those answers passed further on are there too, and the
 * importers' hand-offs of them land on the module's own calls (`CallInfo.escapes`).
 */
function readsInImporters(flows: ExportedFlows, importers: Array<{ abs: string; text: string }>, ctx: AnalysisContext): Site[] {
  const out: Site[] = [];
  for (const imp of importers) {
    const r = analyzeSource(imp.text, imp.abs, { catalogue: ctx.cat, loader: ctx.loader, importedFlows: (file) => (file === flows.file ? flows : undefined) });
    out.push(...r.sites.filter((s) => s.kind === 'response-read' && s.read?.call?.file === flows.file));
  }
  return out;
}

/**
 * A finding the codemod leaves to a human: its advice says why instead of claiming a rewrite.
 * `always`: say why even when the finding was not auto-fixable anyway (a call of a rule the
 * catalogue does not rewrite alone: the verdict's needs are the human's list).
 */
function notAutoFixable(f: Finding, why: string, always = false): void {
  if (f.autofix || (always && why && !f.advice.includes('Not auto-fixable:'))) f.advice = `${withoutAutoPrefix(f.advice)} Not auto-fixable: ${why}.`;
  f.autofix = false;
}

/**
 * The shared call verdict (src/analysis/verdict.ts): a call the codemod will not rewrite is not
 * auto-fixable, nor is any part of it (its payload wrappers and response reads); the advice says
 * what a human must do (`explain`: also for a call that was not auto-fixable anyway). True when
 * a call's response is returned to callers outside the module.
 */
function applyVerdicts(
  sites: Site[],
  findingOf: Map<Site, Finding>,
  cat: AnalysisContext['cat'],
  file: string,
  who: { callersSeen: boolean; callers?: CallersContract },
  rewritable: boolean,
  explain: boolean,
  eachVerdict?: (m: CallModel, v: CallVerdict) => void,
): boolean {
  const key = (f: string, start: number) => `${f}\0${start}`;
  const byKey = new Map<string, Site>();
  for (const s of sites) byKey.set(key(s.file, s.span.start), s);
  const models = callModels({ sites, markers: [], imports: [] }, file);
  const verdicts = new Map(models.map((m) => [m, callVerdict(m, cat, who)]));
  sharedUrlText(models, verdicts);
  // a payload wrapper no call sends, and a 403 check whose calls do not all move, are marked by the
  // codemod, never rewritten
  for (const s of sites) {
    const f = findingOf.get(s);
    if (!f || !f.autofix) continue;
    if (s.kind === 'wrapper' && !s.wrapper?.call && !models.some((m) => m.wrappers.some((w) => w.span.start === s.span.start && w.file === s.file))) {
      notAutoFixable(f, 'no call that sends this payload is seen here: unwrap it together with that call');
    }
    // a URL no call of this file uses (its call is not seen, or is another file's): the codemod
    // changes it only with that call, so here it is a marker
    if (s.kind === 'url' && !models.some((m) => m.url.parts.some((p) => p.span.start === s.span.start && (p.file ?? m.file) === s.file))) {
      notAutoFixable(f, 'no call that uses this URL is seen here: change it together with the call that sends its body and reads its response');
    }
    if (s.kind === 'rate-limit') {
      const served = models.filter((m) => m.rateLimits.some((r) => r.span.start === s.span.start && r.file === s.file));
      if (!served.length || served.some((m) => !verdicts.get(m)!.auto)) notAutoFixable(f, 'the calls it serves are not all migrated with it: change it together with them');
    }
  }
  for (const m of models) {
    const v = verdicts.get(m)!;
    eachVerdict?.(m, v);
    const call = sites.find((s) => s.kind === 'call' && s.call?.span.start === m.span.start && s.file === m.file);
    const f = call && findingOf.get(call);
    if (v.auto) {
      // e.g. a ticket view whose notes the code does not read: one v2 call does it
      // (the verdict reads the body too: a path field v2 takes from the body is no decision)
      const rule = f?.rule ? cat.get(f.rule) : undefined;
      // (only in a file the codemod edits: an HTML page's inline script is left to a human)
      // (a method v1 has not on the path is no operation to rewrite: a human checks it)
      if (f && rule && rule.fidelity !== 'manual' && rule.fidelity !== 'none' && rewritable && !call.noSuchOperation) f.autofix = true;
      // (--callers v2: the change of contract the code's callers must take, said where the call is)
      if (f?.autofix && v.contract && !f.advice.includes(v.contract)) f.advice = `${f.advice} Contract: ${v.contract}.`;
      continue;
    }
    if (f) notAutoFixable(f, v.needs.join('; '), explain);
    // (the parts of a request to another product are that product's shapes: nothing of the helpdesk's v2 applies)
    const other = !!m.host && isOtherProduct(m.host);
    for (const part of [...m.wrappers, ...m.reads]) {
      const pf = findingOf.get(byKey.get(key(part.file, part.span.start))!);
      const where = part.file === m.file ? `line ${m.span.line}` : `${basename(m.file)}:${m.span.line}`;
      if (pf && other) Object.assign(pf, { autofix: false, advice: `Part of the request at ${where}. Not auto-fixable: ${otherProductNeed(m.host!)}.` });
      else if (pf) notAutoFixable(pf, `it changes with its call (${where}), which stays on v1`);
    }
  }
  return models.some((m) => m.returnEscapes.length > 0 || m.answersImporters);
}

/**
 * A constant or helper that builds the URLs of several calls changes for all of them or for none:
 * when one of them stays on v1, another is migrated only by writing its URL out at the call, which
 * needs every value of it readable there (`urlAtCall`). As the codemod's groups decide
 * (src/codemod/project.ts), until nothing changes.
 */
function sharedUrlText(models: CallModel[], verdicts: Map<CallModel, CallVerdict>): void {
  // (text the change edits: a shared host stays as it is)
  const shared = (m: CallModel) => m.url.parts.filter((p) => !p.dynamic && p.node !== 'synthetic' && p.via?.length && hasV1PathText(p.text));
  for (let changed = true; changed; ) {
    changed = false;
    for (const m of models) {
      const v = verdicts.get(m)!;
      if (!v.auto || m.urlAtCall) continue;
      const mine = shared(m);
      const other = models.find((o) => o !== m && !verdicts.get(o)!.auto && shared(o).some((q) => mine.some((p) => p.file === q.file && p.span.start === q.span.start)));
      if (!other) continue;
      verdicts.set(m, { ...v, auto: false, needs: [...v.needs, `its URL shares a constant with another call that is not migrated (line ${other.span.line}), and cannot be written out at the call`] });
      changed = true;
    }
  }
}

/** The JS audit of a workflow's `actions/github-script` scripts (a same-length copy, as an HTML page's scripts). */
function githubScriptSites(task: FileTask, text: string, ctx: AnalysisContext): Site[] {
  const js = githubScriptSource(task.rel, text);
  if (js === null) return [];
  const name = `${task.abs}.js`;
  const r = analyzeSource(js, name, { catalogue: ctx.cat, loader: ctx.loader });
  if (r.parseError) return [];
  const fix = (f: string) => (f === name ? task.abs : f);
  return r.sites.map((s) => ({ ...s, file: fix(s.file), url: s.url ? { ...s.url, parts: s.url.parts.map((p) => ({ ...p, file: fix(p.file) })) } : undefined }));
}

/** CoffeeScript compiled (with a source map) and run through the JS analysis; false when it does not compile (then: patterns). */
function coffeeSites(task: FileTask, text: string, ctx: AnalysisContext, result: FileResult): boolean {
  let compiled: CompiledCoffee;
  try {
    compiled = compileCoffee(text, task.abs);
  } catch (e) {
    const loc = (e as { location?: { first_line?: number } }).location;
    result.skipped = { file: task.rel, reason: 'parse-error', detail: `${(e as Error).message.split('\n')[0]}${loc?.first_line !== undefined ? ` (line ${loc.first_line + 1})` : ''}; audited by pattern instead` };
    return false;
  }
  const name = `${task.abs}.js`;
  const r = analyzeSource(compiled.js, name, { catalogue: ctx.cat, loader: ctx.loader });
  if (r.parseError) return false;
  result.parsed = true;
  result.coffee = mapSitesToCoffee(r.sites, compiled, name, task.abs);
  result.markers.push(...markersIn(text, task.language, task.rel));
  return true;
}

function analyseSites(task: FileTask, text: string, ctx: AnalysisContext, result: FileResult, sites: Site[], via: Finding['via'], findingOf?: Map<Site, Finding>): void {
  const { cat } = ctx;
  for (const site of sites) {
    const abs = isAbsolute(site.file) ? site.file : join(dirname(task.abs), site.file);
    const rel = abs === task.abs ? task.rel : relPath(ctx.root, abs);
    if (rel.startsWith('..')) continue;
    const language = abs === task.abs ? task.language : (languageOf(rel) ?? task.language);
    const src = abs === task.abs ? text : sourceOf(abs);
    const finding = toFinding(site, { cat, rel, language, snippet: lineOf(src, site.span.line), via });
    result.findings.push(finding);
    findingOf?.set(site, finding);
    const relOf = (file: string) => (file === task.abs || file === `${task.abs}.js` ? task.rel : relPath(ctx.root, file));
    if (site.kind === 'call' && site.url) {
      for (const p of site.url.parts) if (!p.dynamic && p.node !== 'synthetic') result.consumed.push(`${relOf(p.file)}\0${p.span.start}`);
    }
    if (site.kind === 'url' && site.url) {
      result.urlParts.push({
        index: result.findings.length - 1,
        keys: ownParts(site.url.parts, site.file, site.span).map((p) => `${relOf(p.file)}\0${p.span.start}`),
      });
    }
  }
}

/**
 * A call whose rule fills an embedded field with a second v2 call (a ticket's `notes`) is only
 * auto-fixable when the code does not read that field: the reads found in the same file decide.
 */
function embeddedReads(findings: Finding[], cat: AnalysisContext['cat']): void {
  for (const call of findings) {
    if (call.kind !== 'call' || !call.rule) continue;
    const rule = cat.get(call.rule);
    const keys = Object.keys(rule?.response?.embed ?? {});
    if (!rule || !keys.length) continue;
    // embed keys are v2 field names (`conversations`); the code reads the v1 names (`notes`)
    const maps = fieldMappings(rule, 'response');
    const embed = keys.flatMap((k) => [k, ...maps.filter((m) => m.v2 === k).map((m) => m.v1)]);
    const read = findings.find(
      (f) => f.kind === 'response-read' && f.rule === call.rule && f.fields?.some((x) => embed.some((e) => x.v1 === e || x.v1.startsWith(`${e}[]`) || x.v1.startsWith(`${e}.`))),
    );
    if (!read) continue;
    const names = [...new Set(read.fields!.map((x) => x.v1.split(/[.[]/)[0]!).filter((n) => embed.includes(n)))];
    call.autofix = false;
    call.advice += ` The code reads ${names.join(', ')} (line ${read.line}), which v2 returns only from the second call.`;
  }
}

/** `config/requests.json` request templates of app platform 2.3: `{ name: { schema: { method, host, path } } }`. */
function requestTemplates(task: FileTask, text: string, ctx: AnalysisContext, result: FileResult): void {
  let root: JNode;
  try {
    root = parseJsonWithPositions(text);
  } catch {
    return;
  }
  for (const m of root.members ?? []) {
    const schema = m.node.members?.find((x) => x.key === 'schema')?.node;
    if (!schema) continue;
    const get = (k: string) => schema.members?.find((x) => x.key === k);
    const path = get('path');
    if (!path || path.node.kind !== 'string') continue;
    const request = templateRequest({ method: get('method')?.node.value, protocol: get('protocol')?.node.value, host: get('host')?.node.value, path: path.node.value });
    if (!request) continue;
    const { method, pattern } = request;
    const um = matchUrl(ctx.cat, pattern);
    if (!um) continue;
    const choice = chooseRule(ctx.cat, um, method);
    const before = text.slice(0, path.node.start);
    const line = before.split('\n').length;
    const column = path.node.start - before.lastIndexOf('\n') - 1;
    const span: Span = { start: path.node.start, end: path.node.end, line, column, endLine: line, endColumn: column + (path.node.end - path.node.start) };
    const site: Site = {
      kind: 'call',
      span,
      file: task.abs,
      rule: choice.rule.id,
      rules: choice.rules,
      method: method as HttpMethod,
      noSuchOperation: choice.methodMismatch || undefined,
      methodSource: 'option',
      url: urlInfo(um, { pattern, span, parts: [] }),
      message: `request template "${m.key}": ${method} ${um.target}`,
      fidelity: choice.rule.fidelity,
    };
    const f = toFinding(site, { cat: ctx.cat, rel: task.rel, language: 'json', snippet: lineOf(text, line), via: 'json' });
    f.client = 'request-template';
    // the codemod edits no JSON, and the body and the reads of this request are in the code that
    // invokes the template: a human changes them together
    notAutoFixable(f, `a request template: change its path here together with the code that invokes "${m.key}" (client.request.invokeTemplate), its body and its response reads`);
    result.findings.push(f);
  }
}
