/**
 * A codemod run over paths: walk (honouring .gitignore, skipping dependencies and build output),
 * a cheap text prefilter before any parse, a worker pool over the cores for large trees, then the
 * decision over every transaction and the per-file application. Nothing is written here; see
 * write.ts for `--write`.
 */
import { existsSync, lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { loadCatalogue, type Overlay } from '../catalogue/index.ts';
import { codemodPrefilter } from '../analysis/run/prefilter.ts';
import { repoWideTextTest } from '../analysis/catalogue-facts.ts';
import { WorkerPool } from '../analysis/run/pool.ts';
import { walk, relPath } from '../analysis/run/walk.ts';
import { generatedNote, generatedSource, type GeneratedFrom } from '../analysis/generated.ts';
import type { CallersContract } from '../analysis/verdict.ts';
import { parserFor } from './parse.ts';
import { chooseRule, matchUrl } from '../analysis/match-url.ts';
import { requestTemplatesOf } from '../analysis/request-templates.ts';
import { importCandidates, relativeImports } from '../analysis/module.ts';
import { applyWork, decide, importedFiles, Planner, toWire, type FileWork, type WireOutcome } from './project.ts';
import type { FileResult, MarkerRecord, RunSummary, SkippedFile } from './types.ts';

export interface RunOptions {
  overlay?: Overlay;
  /** Worker threads to use; default: one per core when there are many candidate files. */
  workers?: number;
  /** Called with progress lines (to stderr in the CLI). */
  progress?: (done: number, total: number, phase: string) => void;
  include?: string[];
  exclude?: string[];
  /** The TypeScript pass (ts-morph) for interfaces and types; default on. */
  types?: boolean;
  /** Only sites of these rules (`tickets.pick`, `tickets.*`; `--rule`/`--family`); default all. */
  only?: string[];
  /** `--callers`: whether the code's own callers take v2 shapes (see CallersContract); default v1. */
  callers?: CallersContract;
}

export interface RunReport {
  /** The common root the files are reported relative to. */
  root: string;
  results: FileResult[];
  /** Files and folders not looked at, with the reason. */
  skipped: SkippedFile[];
  /** Sites silenced by `@hdmigrate-ignore`. */
  ignored: MarkerRecord[];
  summary: RunSummary;
}

const MAX_BYTES = 2_000_000;
/** Pages whose scripts the audit reads but this codemod does not rewrite. */
const SCRIPT_PAGE = /\.(vue|html?|svelte)$/i;


interface Candidate {
  abs: string;
  rel: string;
  text: string;
}

/** What a JS file was compiled from (a twin beside it, a mirrored lib/ folder, a source map): see ../analysis/generated.ts. */
function compiledFrom(abs: string, root: string): GeneratedFrom | null {
  if (!/\.(m|c)?jsx?$/.test(abs)) return null;
  const rel = relPath(root, abs);
  const has = { has: (r: string) => existsSync(path.join(root, r)) };
  return generatedSource(rel, has, (r) => {
    try {
      return readFileSync(path.join(root, r), 'utf8');
    } catch {
      return null;
    }
  });
}

function commonRoot(paths: string[]): string {
  if (paths.length === 0) return process.cwd();
  const dirs = paths.map((p) => {
    try {
      return statSync(p).isDirectory() ? p : path.dirname(p);
    } catch {
      return path.dirname(p);
    }
  });
  let root = dirs[0]!;
  for (const d of dirs.slice(1)) {
    while (!(d === root || d.startsWith(root.endsWith(path.sep) ? root : root + path.sep))) root = path.dirname(root);
  }
  return root;
}

/** Lists the JS/TS files under the paths, with what was skipped and why. */
export function collect(paths: string[], opts: RunOptions = {}): { root: string; files: Candidate[]; others: Candidate[]; skipped: SkippedFile[]; generated: Map<string, string> } {
  const abs = paths.map((p) => path.resolve(p));
  const root = commonRoot(abs);
  const files: Candidate[] = [];
  const skipped: SkippedFile[] = [];
  const generated = new Map<string, string>();
  const pages: Array<{ abs: string; rel: string }> = [];
  const seen = new Set<string>();
  const add = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const rel = relPath(root, file) || path.basename(file);
    if (!parserFor(file)) {
      if (SCRIPT_PAGE.test(file)) pages.push({ abs: file, rel });
      return;
    }
    if (/\.d\.[mc]?ts$/.test(file)) return;
    let size = 0;
    try {
      // a link is never written through (a rename would replace it); its target, when inside the
      // tree, is migrated where it lives
      if (lstatSync(file).isSymbolicLink()) {
        const target = realpathSync(file);
        const inside = target.startsWith(root + path.sep);
        skipped.push({ file: rel, reason: 'unsafe', detail: inside ? `symbolic link to ${relPath(root, target)} (migrated there)` : 'symbolic link to a file outside the tree' });
        return;
      }
      size = statSync(file).size;
    } catch {
      skipped.push({ file: rel, reason: 'unreadable' });
      return;
    }
    if (size > MAX_BYTES) {
      skipped.push({ file: rel, reason: 'huge', detail: `${size} bytes` });
      return;
    }
    let text: string;
    try {
      const bytes = readFileSync(file);
      text = bytes.toString('utf8');
      // bytes that are not UTF-8 would be replaced on the way back: never rewrite such a file
      if (text.includes('\ufffd') && !Buffer.from(text, 'utf8').equals(bytes)) {
        skipped.push({ file: rel, reason: 'unsafe', detail: 'not UTF-8 text; left untouched' });
        return;
      }
    } catch (e) {
      skipped.push({ file: rel, reason: 'unreadable', detail: (e as NodeJS.ErrnoException).code });
      return;
    }
    const crlf = (text.match(/\r\n/g) ?? []).length;
    const lf = (text.match(/\n/g) ?? []).length - crlf;
    if (crlf > 0 && lf > 0) {
      skipped.push({ file: rel, reason: 'unsafe', detail: `mixed line endings (${crlf} CRLF, ${lf} LF); left untouched` });
      return;
    }
    if (text.includes('\u0000')) {
      skipped.push({ file: rel, reason: 'binary' });
      return;
    }
    const from = compiledFrom(file, root);
    if (from?.rewritable) {
      skipped.push({ file: rel, reason: 'generated', detail: `compiled from ${from.source}: rebuild it after the codemod` });
      return;
    }
    // compiled from a source the codemod cannot rewrite (CoffeeScript): rewritten, and said so
    if (from) generated.set(file, generatedNote(from));
    if (/\.min\.[mc]?js$/.test(file) || (text.length > 5000 && text.split('\n', 3).some((l) => l.length > 3000))) {
      skipped.push({ file: rel, reason: 'minified' });
      return;
    }
    files.push({ abs: file, rel, text });
  };
  for (const p of abs) {
    let st;
    try {
      st = statSync(p);
    } catch {
      skipped.push({ file: relPath(root, p) || p, reason: 'unreadable', detail: 'no such file or directory' });
      continue;
    }
    if (st.isDirectory()) {
      const w = walk(p, { include: opts.include, exclude: opts.exclude });
      const base = relPath(root, p);
      for (const s of w.skipped) skipped.push({ ...s, file: base ? `${base}/${s.file}` : s.file });
      for (const f of w.files) add(f.abs);
    } else add(p);
  }
  const { words, format, wrappers } = codemodPrefilter(loadCatalogue());
  // pages whose scripts the audit reads (Vue single-file components, HTML): never rewritten here,
  // and said so when they look like they talk to v1, so that a run's summary does not pass them over
  for (const p of pages) {
    let text = '';
    try {
      if (statSync(p.abs).size <= MAX_BYTES) text = readFileSync(p.abs, 'utf8');
    } catch {
      continue;
    }
    if (words.test(text) && format.test(text)) skipped.push({ file: p.rel, reason: 'unsafe', detail: 'a page with scripts (Vue, HTML): the codemod rewrites JS/TS files only; migrate its v1 calls by hand (hdmigrate audit lists them)' });
  }
  const candidates: Candidate[] = [];
  const others: Candidate[] = [];
  for (const f of files) ((words.test(f.text) && format.test(f.text)) || wrappers.test(f.text) ? candidates : others).push(f);
  return { root, files: candidates, others, skipped, generated };
}

/** Files that import one of `targets` (relative imports): a response or constant may flow in. */
function importers(others: Candidate[], targets: Set<string>): Candidate[] {
  const out: Candidate[] = [];
  for (const f of others) {
    if (relativeImports(f.text).some((spec) => importCandidates(f.abs, spec).some((c) => targets.has(c)))) out.push(f);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// workers

type Request = { id: number; type: 'plan'; files: string[] } | { id: number; type: 'apply'; work: FileWork[] };
type Message = { type: 'plan'; files: string[]; repoContext?: boolean; repoRules?: string[] } | { type: 'apply'; work: FileWork[] };
type Response = { id: number; outcomes?: WireOutcome[]; results?: FileResult[]; error?: string };

type Pool = WorkerPool<Message, Response>;

/** Chunks of at most 50 files, handed to whichever worker is free (jscodeshift's scheduling). */
async function planInPool(pool: Pool, files: string[], onDone: (n: number) => void, repoContext = false, repoRules?: string[]): Promise<{ outcomes: WireOutcome[]; owner: Map<string, number> }> {
  const chunk = Math.max(1, Math.min(50, Math.ceil(files.length / (pool.size * 4))));
  const queue: string[][] = [];
  for (let i = 0; i < files.length; i += chunk) queue.push(files.slice(i, i + chunk));
  const outcomes: WireOutcome[] = [];
  const owner = new Map<string, number>();
  await Promise.all(
    Array.from({ length: pool.size }, async (_, w) => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const r = await pool.send(w, { type: 'plan', files: next, repoContext, repoRules });
        for (const o of r.outcomes ?? []) {
          outcomes.push(o);
          owner.set(o.file, w);
        }
        onDone(next.length);
      }
    }),
  );
  return { outcomes, owner };
}

/** The rules of the v1 requests planned so far (what the rest of the repo's v1 reads refer to). */
function rulesOf(outcomes: WireOutcome[]): string[] {
  const ids = new Set<string>();
  for (const o of outcomes) if ('plan' in o) for (const t of o.plan.txs) if (t.rule) ids.add(t.rule);
  return [...ids];
}

/** Does a planned file use v1 (so that modules importing it may carry its constants or responses)? */
function usesV1(o: WireOutcome): boolean {
  return 'plan' in o && (o.plan.siteIds.length > 0 || o.plan.txs.length > 0);
}

/**
 * The rules of the request templates (`config/requests.json`, in the tree or at the root of an app
 * the files belong to) that name a v1 path: such an app talks to v1 from its scripts
 * (`invokeTemplate`) though no script names the path, so its reads and payloads are marked like
 * those of any repo that uses v1.
 */
function appTemplateRules(root: string, files: Candidate[], cat: ReturnType<typeof loadCatalogue>): string[] {
  const dirs = new Set<string>([root]);
  for (const f of files) {
    for (let d = path.dirname(f.abs); d.startsWith(root) && !dirs.has(d); d = path.dirname(d)) dirs.add(d);
  }
  const rules = new Set<string>();
  for (const d of dirs) {
    const file = path.join(d, 'config', 'requests.json');
    let text: string;
    try {
      if (!existsSync(file)) continue;
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // (an unreadable file is no reason to stop the run)
    }
    for (const t of requestTemplatesOf(text)) {
      const um = matchUrl(cat, t.pattern);
      if (um) rules.add(chooseRule(cat, um, t.method).rule.id);
    }
  }
  return [...rules];
}

export async function runCodemod(paths: string[], opts: RunOptions = {}): Promise<RunReport> {
  const { root, files, others, skipped, generated } = collect(paths, opts);
  const progress = opts.progress ?? (() => {});
  const cores = availableParallelism();
  const wanted = opts.workers ?? (files.length >= 40 ? Math.max(1, Math.min(cores, 8)) : 0);
  const outcomes: WireOutcome[] = [];
  let done = 0;
  const total = files.length;
  const tick = (n: number) => {
    done += n;
    progress(done, total, 'planning');
  };
  // a response returned from a module another file of the run imports reaches callers the run plans
  const imported = [...importedFiles([...files, ...others])];
  const pool = wanted > 1 ? new WorkerPool<Message, Response>(new URL('./worker.ts', import.meta.url), wanted, { overlay: opts.overlay, only: opts.only, imported, callers: opts.callers }) : null;
  const planner = pool ? null : new Planner({ overlay: opts.overlay, only: opts.only, imported, callers: opts.callers });
  const owner = new Map<string, number>();
  // importers of a module that talks to v1 are read in repo context (see PlanContext.repoContext)
  const templateRules = appTemplateRules(root, [...files, ...others], loadCatalogue(opts.overlay));
  const planRound = async (list: Candidate[], count: boolean, repoContext = false): Promise<WireOutcome[]> => {
    const repoRules = repoContext ? [...new Set([...rulesOf(outcomes), ...templateRules])] : undefined;
    if (pool) {
      const r = await planInPool(pool, list.map((f) => f.abs), count ? tick : () => {}, repoContext, repoRules);
      for (const [f, w] of r.owner) owner.set(f, w);
      return r.outcomes;
    }
    if (repoContext) planner!.inRepoContext(list.map((f) => f.abs), repoRules);
    return list.map((f) => {
      const o = toWire(planner!.plan(f.abs));
      if (count) tick(1);
      return o;
    });
  };
  try {
    let round = await planRound(files, true);
    outcomes.push(...round);
    // modules importing a module that uses v1 may read its constants or its responses: plan them too
    let rest = others;
    for (let depth = 0; depth < 6 && rest.length; depth++) {
      const targets = new Set(round.filter(usesV1).map((o) => o.file));
      if (!targets.size) break;
      const next = importers(rest, targets);
      if (!next.length) break;
      rest = rest.filter((f) => !next.includes(f));
      round = await planRound(next, false, true);
      outcomes.push(...round);
    }
    // the rest of a repo that talks to v1: files with a 403 check, v1-only field names or a v1
    // response wrapper read (the files the audit's repo-wide pass reads), planned in repo context
    // so that what they hold is marked like everywhere else
    // (the files of the first round that make no v1 request are planned again, now in that context)
    if (outcomes.some(usesV1) || templateRules.length) {
      const wideTest = repoWideTextTest(loadCatalogue(opts.overlay));
      const firstRound = new Set(files.map((f) => f.abs));
      const plain = new Set(outcomes.filter((o) => firstRound.has(o.file) && 'plan' in o && !usesV1(o)).map((o) => o.file));
      const wide = [...files.filter((f) => plain.has(f.abs)), ...rest].filter((f) => wideTest.test(f.text));
      if (wide.length) {
        const again = new Set(wide.map((f) => f.abs));
        // (planned before the list is replaced: the round reads the rules of what was planned so far)
        const replanned = await planRound(wide, false, true);
        const kept = outcomes.filter((o) => !again.has(o.file));
        outcomes.length = 0;
        outcomes.push(...kept, ...replanned);
      }
    }
    const decided = pool
      ? decide(outcomes, { root, cat: loadCatalogue(opts.overlay), types: opts.types })
      : decide(outcomes, { root, cat: planner!.cat, read: (f) => planner!.modules.read(f), types: opts.types });
    progress(total, total, 'applying');
    let results: FileResult[];
    if (pool) {
      const byWorker: FileWork[][] = Array.from({ length: pool.size }, () => []);
      let rr = 0;
      for (const w of decided.work.values()) byWorker[owner.get(w.file) ?? rr++ % pool.size]!.push(w);
      const applied = await Promise.all(byWorker.map((work, i) => (work.length ? pool.send(i, { type: 'apply', work }) : Promise.resolve({ id: 0, results: [] }))));
      results = applied.flatMap((r) => r.results ?? []);
    } else {
      results = [...decided.work.values()].map((w) => applyWork(planner!.modules, w));
    }
    results.push(...decided.skipped);
    // files that passed no prefilter: unchanged without a parse
    const seen = new Set(results.map((r) => r.file));
    for (const f of [...files, ...others]) if (!seen.has(f.abs)) results.push({ file: f.abs, status: 'unchanged', changes: [], markers: [], notes: [] });
    results.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    for (const r of results) {
      const note = generated.get(r.file);
      if (note && (r.changes.length || r.markers.length)) r.notes.push(note);
    }
    for (const r of results) r.file = relPath(root, r.file) || path.basename(r.file);
    for (const r of results) for (const m of r.markers) m.file = r.file;
    for (const r of results) for (const c of r.changes) c.file = r.file;
    const ignored = decided.ignored.map((m) => ({ ...m, file: relPath(root, m.file) }));
    return { root, results, skipped, ignored, summary: summarise(results, skipped, ignored) };
  } finally {
    await pool?.close();
  }
}

export function summarise(results: FileResult[], skipped: SkippedFile[], ignored: MarkerRecord[]): RunSummary {
  const markers = results.flatMap((r) => r.markers.filter((m) => m.type === 'todo'));
  return {
    files: results.length,
    changed: results.filter((r) => r.status === 'changed').length,
    unchanged: results.filter((r) => r.status === 'unchanged').length,
    skipped: results.filter((r) => r.status === 'skipped').length + skipped.length,
    errors: results.filter((r) => r.status === 'error').length,
    markersLeft: markers.length,
    markersAdded: markers.filter((m) => !m.existing).length,
    ignored: ignored.length,
    changes: results.reduce((n, r) => n + r.changes.length, 0),
  };
}
