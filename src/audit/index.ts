/**
 * `runAudit`: walk, prefilter, analyse candidates (in process or on a worker pool), merge.
 *
 *   const report = await runAudit({ root: 'path/to/repo' });
 *
 * The prefilter is one regex built from the catalogue (first literal segments of every v1 path,
 * payload wrapper names, marker comments); only files that pass it, app configuration files, and
 * JS/TS files importing a file that passed it are parsed.
 */
import { isAscii } from 'node:buffer';
import { readFileSync, statSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { FIDELITY_ORDER, loadCatalogue, type Catalogue, type Fidelity, type Overlay } from '../catalogue/index.ts';
import { repoWidePass } from './repo-wide.ts';
import { generatedNote, generatedSource } from '../analysis/generated.ts';
import { addProjectText, analyzeFile, helperCallers, prepareLanguage, projectScanConfig, resetProjects, sealProjects, syntaxLanguage, useProjectFiles, type FileResult, type FileTask, type TextMatcher } from './file-analysis.ts';
import { FsModuleLoader, type CallersContract } from '../analysis/index.ts';
import { filesUsedInRun, relativeImports } from '../analysis/module.ts';
import { jsTextTest } from '../analysis/run/js-text-test.ts';
import { DEFAULT_MAX_FILE_SIZE, scanConfig } from '../analysis/run/prefilter.ts';
import { startTsWorker } from '../analysis/run/pool.ts';
import { createScanWorker, nodeFs, passesPrefilter, scanFile, type ScanResult, type ScanWorker } from '../analysis/run/scan.ts';
import {
  REPORT_VERSION,
  type AuditReport,
  type FamilySummary,
  type FileSummary,
  type Finding,
  type FindingFamily,
  type FindingKind,
  type MarkerRecord,
  type SkippedFile,
  type Summary,
} from './model.ts';
import { mergeTraffic, readUsageLog } from './traffic.ts';
import { configKind, walk, type WalkedFile } from '../analysis/run/walk.ts';

export type { AuditReport, Finding, Summary } from './model.ts';

export interface AuditOptions {
  /** Folder (or single file) to audit. */
  root: string;
  include?: string[];
  exclude?: string[];
  /** Honour .gitignore (default true). */
  gitignore?: boolean;
  overlay?: Overlay;
  /** Usage log (JSONL) to merge. */
  traffic?: string;
  /** Worker threads: 0/1 = in process; default: all cores when the candidate set is large. */
  jobs?: number;
  /** Files larger than this are skipped as huge (default 2 MB). */
  maxFileSize?: number;
  /** Called as files are audited. */
  onProgress?: (done: number, total: number, phase: 'scan' | 'analyse') => void;
  catalogue?: Catalogue;
  /** `--callers`: whether the code's own callers take v2 shapes (see CallersContract); default v1. */
  callers?: CallersContract;
}

export const VERSION = '0.1.0';
/** Below this many candidate bytes the pool costs more than it saves. */
const POOL_MIN_BYTES = 1_500_000;
const POOL_MIN_FILES = 400;
/** From this many files on, a plain worker reads the tree while this thread analyses. */
const SCAN_WORKER_MIN_FILES = 3000;

type Candidate = WalkedFile & { text: string; size: number };

function stemOf(p: string): string {
  const b = basename(p).replace(/\.[^.]+$/, '');
  return b === 'index' ? basename(dirname(p)) : b;
}

const ORDER = FIDELITY_ORDER;

function isJs(lang: string): boolean {
  return lang === 'javascript' || lang === 'typescript';
}

export async function runAudit(opts: AuditOptions): Promise<AuditReport> {
  const t0 = Date.now();
  resetProjects(); // helper indexes of other languages are per run (src/audit/lang)
  const cat = opts.catalogue ?? loadCatalogue(opts.overlay);
  let root = resolve(opts.root);
  const maxSize = opts.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  // the scan also hands the helper index of other languages its files (src/audit/lang), so they are read once
  const cfg = { ...scanConfig(cat, maxSize), project: projectScanConfig() };
  const cores = typeof availableParallelism === 'function' ? availableParallelism() : cpus().length;
  // the scan worker starts while the tree is walked; it is dropped if the tree turns out small
  let scanWorker: ScanWorker | null = null;
  if (opts.jobs !== 1 && cores > 1) {
    try {
      scanWorker = createScanWorker(cfg);
    } catch {
      scanWorker = null;
    }
  }
  // ---- walk, scan and analyse ------------------------------------------------------------------
  // Small trees: read and analyse in this thread. Large trees: a plain worker reads and prefilters
  // (no TypeScript loader, so it starts at once), from the first few thousand files the walk lists
  // on, while this thread finishes the walk and then analyses the candidates the worker streams
  // back; a large leftover of candidates also goes to TypeScript workers.
  // one pass over many files: keep imported modules, not every analysed syntax tree (see FsModuleLoader)
  const loader = new FsModuleLoader(undefined, false);
  const queue: Candidate[] = [];
  const candidates: Candidate[] = [];
  const others: Array<{ file: WalkedFile; imports: string[] }> = [];
  // JS/TS files without a v1 word that the repo-wide pass must still read (a 403, a v1 field name)
  const wideFiles: WalkedFile[] = [];
  const results: FileResult[] = [];
  const files: Array<WalkedFile & { config: boolean }> = [];
  // files of other languages for their helper index, parsed as they come once a candidate of their
  // language is seen (a tree with no v1 use in a language parses none of its files), and before any
  // file of it is audited (a file's helpers may be defined in a file read later); the texts of the
  // rest, which this thread scanned itself, for the helper callers (the worker keeps its own)
  const projectQueue: Array<{ file: WalkedFile; text: string }> = [];
  // one file audited alone keeps its folder's helpers: the index then reads the folder itself
  let indexFromScan = true;
  const activeLanguages = new Set<string>();
  const waitingForCandidate = new Map<string, Array<{ file: WalkedFile; text: string }>>();
  const toIndex = (file: WalkedFile, text: string) => {
    const lang = syntaxLanguage(file.language, file.abs);
    if (!lang || !indexFromScan) return;
    if (activeLanguages.has(lang)) {
      projectQueue.push({ file, text });
      return;
    }
    const waiting = waitingForCandidate.get(lang) ?? [];
    waiting.push({ file, text });
    waitingForCandidate.set(lang, waiting);
  };
  const keptHere = new Map<string, string>();
  const deferred: Candidate[] = [];
  let scanned = 0;
  let analysed = 0;
  const handle = (r: ScanResult) => {
    scanned++;
    if (opts.onProgress && scanned % 500 === 0) opts.onProgress(scanned, files.length, 'scan');
    if (r.kind === 'candidate') {
      const c = { ...r.file, text: r.text, size: r.size };
      candidates.push(c);
      const lang = syntaxLanguage(c.language, c.abs);
      if (lang) {
        // the language has v1 use: its index files read so far are parsed now, the next ones as they come
        if (!activeLanguages.has(lang)) {
          activeLanguages.add(lang);
          projectQueue.push(...(waitingForCandidate.get(lang) ?? []));
          waitingForCandidate.delete(lang);
        }
        toIndex(r.file, r.text);
        deferred.push(c);
      } else queue.push(c);
    } else if (r.kind === 'project') {
      if (r.indexed) toIndex(r.file, r.text);
      else keptHere.set(r.file.abs, r.text);
    } else if (r.kind === 'skipped') skipped.push(r.skipped);
    else if (r.kind === 'imports') {
      if (r.imports.length) others.push({ file: r.file, imports: r.imports });
      if (r.wide) wideFiles.push(r.file);
    }
  };
  let lastResultAt = 0;
  let firstAt = 0;
  let wake: (() => void) | null = null;
  let worker: ReturnType<ScanWorker['start']> | null = null;
  const onFiles = (batch: WalkedFile[]) => {
    for (const f of batch) {
      const g = f as WalkedFile & { config: boolean };
      g.config = configKind(f.rel) !== null;
      files.push(g);
    }
    if (!scanWorker) return;
    if (!worker) {
      if (files.length < SCAN_WORKER_MIN_FILES) return;
      worker = scanWorker.start((r) => {
        lastResultAt = Date.now();
        if (!firstAt) firstAt = Date.now();
        if (r.kind === 'none') return;
        handle(r);
        wake?.();
      });
      scanWorker.feed(files.slice());
    } else scanWorker.feed(files.slice(files.length - batch.length));
  };
  let walked: { files: WalkedFile[]; skipped: SkippedFile[] };
  const skipped: SkippedFile[] = [];
  const st = statSync(root);
  indexFromScan = !st.isFile();
  if (st.isFile()) {
    const single = basename(root);
    root = dirname(root);
    walked = walk(root, { include: [single], gitignore: false, onFiles });
  } else {
    walked = walk(root, { include: opts.include, exclude: opts.exclude, gitignore: opts.gitignore, onFiles });
  }
  const tWalk = Date.now();
  skipped.push(...walked.skipped);
  // the helper index of other languages reads what the walk listed (.gitignore and --exclude hold);
  // one file audited alone keeps its folder's helpers
  const projectList = st.isFile() ? undefined : walked.files.map((f) => f.abs);
  if (projectList) useProjectFiles(root, projectList);
  const ctx = { root, cat, loader, callers: opts.callers };
  const indexNext = async () => {
    const p = projectQueue.shift()!;
    await prepareLanguage(p.file.language);
    addProjectText(root, p.file.language, p.file.abs, p.text);
  };
  let anaMs = 0;
  const analyseOne = (c: Candidate) => {
    const a0 = performance.now();
    results.push(analyzeFile(c, c.text, ctx));
    anaMs += performance.now() - a0;
    analysed++;
    opts.onProgress?.(analysed, Math.max(analysed, candidates.length), 'analyse');
  };
  // (assigned in the walk's callback, which the compiler does not follow)
  const scanThread = worker as ReturnType<ScanWorker['start']> | null;
  const streaming = scanThread !== null;
  if (streaming) scanWorker!.finish();
  else scanWorker?.release();
  let scannedInWorker = false;
  let waited = 0;
  let mainScanned = 0;
  let scanWorkerMs = 0;
  if (streaming) {
    let done = false;
    let failed = false;
    const scan = worker!.done.then(
      () => {
        done = true;
        wake?.();
      },
      () => {
        failed = done = true;
        wake?.();
      },
    );
    const state = { isAscii, test: passesPrefilter, jsTest: jsTextTest };
    let ownScanned = 0;
    let filesLeft = true;
    for (;;) {
      if (projectQueue.length) {
        await indexNext();
        continue;
      }
      const next = queue.shift();
      if (next) {
        await prepareLanguage(next.language);
        analyseOne(next);
        await new Promise((r) => setImmediate(r)); // let the scan results in
        continue;
      }
      if (done) break;
      // nothing to analyse yet: read files too, from the same counter as the worker
      if (filesLeft) {
        for (let k = 0; k < 16; k++) {
          const i = worker!.takeNext();
          if (i >= files.length) {
            filesLeft = false;
            break;
          }
          const r = scanFile(nodeFs, files[i]!, cfg, state);
          ownScanned++;
          if (r.kind !== 'none') handle(r);
          else scanned++;
        }
        await new Promise((r) => setImmediate(r));
        continue;
      }
      const w0 = Date.now();
      await new Promise<void>((r) => (wake = r));
      waited += Date.now() - w0;
      wake = null;
    }
    await scan;
    scanWorkerMs = Date.now() - tWalk;
    mainScanned = ownScanned;
    scannedInWorker = !failed;
    if (failed) {
      // start again in this thread
      for (const list of [queue, candidates, others, results, deferred, projectQueue] as unknown[][]) list.length = 0;
      waitingForCandidate.clear();
      activeLanguages.clear();
      skipped.length = walked.skipped.length;
      analysed = 0;
    }
  }
  if (!scannedInWorker) {
    const state = { isAscii, test: passesPrefilter, jsTest: jsTextTest };
    for (const f of files) handle(scanFile(nodeFs, f, cfg, state));
  }
  // the helper index has every file now: the files of its languages can be audited
  while (projectQueue.length) await indexNext();
  // (the languages no candidate was found in are never audited: their texts are dropped unparsed)
  waitingForCandidate.clear();
  if (indexFromScan) sealProjects(root);
  queue.push(...deferred.splice(0));
  // JS/TS files importing a candidate module (constants, config, helpers) are candidates too
  for (let round = 0; round < 3 && others.length; round++) {
    const stems = new Set(candidates.filter((c) => isJs(c.language)).map((c) => stemOf(c.abs)));
    const byAbs = new Set(candidates.map((c) => c.abs));
    let added = 0;
    for (let i = others.length - 1; i >= 0; i--) {
      const o = others[i]!;
      const hit = o.imports.some((spec) => {
        if (!stems.has(stemOf(spec.replace(/\/$/, '')))) return false;
        const abs = loader.resolve(o.file.abs, spec);
        return !!abs && byAbs.has(abs);
      });
      if (!hit) continue;
      let text = '';
      try {
        text = readFileSync(o.file.abs, 'utf8');
      } catch {
        /* the analysis reports what it cannot read */
      }
      const c = { ...o.file, text, size: text.length };
      candidates.push(c);
      queue.push(c);
      others.splice(i, 1);
      added++;
    }
    if (!added) break;
  }
  // files of other languages that only call a URL/request helper of their project (src/audit/lang)
  // their texts: kept by this thread's scan or by the worker's (asked once, by index), else read
  const position = new Map<WalkedFile, number>();
  const matchTexts: TextMatcher<WalkedFile> = async (queries) => {
    const found = new Map<WalkedFile, string>();
    const remote: Array<{ re: string; files: number[] }> = [];
    for (const q of queries) {
      const ask: number[] = [];
      for (const f of q.files) {
        let text = keptHere.get(f.abs);
        if (text === undefined && scannedInWorker) {
          if (!position.size) files.forEach((g, i) => position.set(g, i));
          ask.push(position.get(f)!);
          continue;
        }
        if (text === undefined) {
          try {
            text = readFileSync(f.abs, 'utf8');
          } catch {
            continue;
          }
        }
        if (q.re.test(text)) found.set(f, text);
      }
      if (ask.length) remote.push({ re: q.re.source, files: ask });
    }
    if (remote.length) for (const [i, text] of await scanThread!.matchKept(remote)) found.set(files[i]!, text);
    return found;
  };
  // (asked now, answered while this thread audits the other candidates when it audits them alone)
  const callersFound = helperCallers(root, cat, files, new Set(candidates.map((c) => c.abs)), matchTexts);
  const addCallers = async () => {
    const callers = await callersFound;
    // the worker's kept texts are dropped (and the thread given back) when nothing asked for them
    if (scanThread) void scanThread.matchKept([]).catch(() => {});
    keptHere.clear();
    for (const { file: f, text } of callers) {
      const c = { abs: f.abs, rel: f.rel, language: f.language, text, size: text.length };
      candidates.push(c);
      queue.push(c);
    }
  };
  const tScan = Date.now();
  const bytes = queue.reduce((n, c) => n + c.size, 0);
  const jobs = opts.jobs ?? (bytes >= POOL_MIN_BYTES || queue.length >= POOL_MIN_FILES ? cores : 1);
  let analysisWorkers = 0;
  if (jobs > 1) await addCallers();
  if (jobs > 1 && queue.length > 1) {
    // TypeScript workers take most of the rest; this thread works on its share meanwhile
    const share = Math.floor(queue.length / jobs);
    const mine = queue.splice(0, share);
    const tasks: FileTask[] = queue.splice(0).map((c) => ({ abs: c.abs, rel: c.rel, language: c.language }));
    const pool = runPool(tasks, Math.max(1, Math.min(jobs - 1, tasks.length)), root, opts.overlay, opts.callers, projectList, (d) => opts.onProgress?.(analysed + d, candidates.length, 'analyse'));
    for (const c of mine) {
      await prepareLanguage(c.language);
      analyseOne(c);
      await new Promise((r) => setImmediate(r));
    }
    try {
      results.push(...(await pool));
      analysisWorkers = Math.max(1, Math.min(jobs - 1, tasks.length));
    } catch {
      const doneRel = new Set(results.map((r) => r.rel));
      for (const t of tasks) {
        if (doneRel.has(t.rel)) continue;
        await prepareLanguage(t.language);
        analyseOne(candidates.find((c) => c.rel === t.rel)!);
      }
    }
  } else {
    for (const c of queue.splice(0)) {
      await prepareLanguage(c.language);
      analyseOne(c);
    }
    if (jobs <= 1) await addCallers();
    for (const c of queue.splice(0)) {
      await prepareLanguage(c.language);
      analyseOne(c);
    }
  }
  // a call whose response goes back to callers in other modules: what it is when another file of the
  // repo imports its module (those callers are then in the repo, where the codemod follows the value)
  if (results.some((r) => r.ifImported)) {
    // the texts of the importers: the candidates' (in memory), and those of the other files that
    // import such a module, or a module that hands it on (read again, a few levels deep)
    const texts = candidates.filter((c) => isJs(c.language)).map((c) => ({ abs: c.abs, text: c.text }));
    let frontier = new Set(results.filter((r) => r.ifImported).map((r) => join(root, r.rel)));
    const read = new Set<string>();
    for (let depth = 0; depth < 3 && frontier.size; depth++) {
      const next = new Set<string>();
      for (const o of others) {
        if (read.has(o.file.abs) || !o.imports.some((s) => frontier.has(loader.resolve(o.file.abs, s) ?? ''))) continue;
        read.add(o.file.abs);
        try {
          texts.push({ abs: o.file.abs, text: readFileSync(o.file.abs, 'utf8') });
          next.add(o.file.abs);
        } catch {
          /* gone since the scan: it imports nothing now */
        }
      }
      frontier = next;
    }
    const used = filesUsedInRun(texts, (from, spec) => loader.resolve(from, spec));
    for (const [i, r] of results.entries()) {
      const abs = join(root, r.rel);
      if (!r.ifImported || !used.has(abs)) continue;
      // audited again with the files that import it: their reads of its answers count
      const importers = texts.filter((t) => t.abs !== abs && relativeImports(t.text).some((spec) => loader.resolve(t.abs, spec) === abs));
      const c = candidates.find((x) => x.rel === r.rel);
      if (importers.length && c) results[i] = analyzeFile(c, c.text, { ...ctx, importers });
      // only handed on (`export * from`): its callers are further than this pass follows
      else for (const x of r.ifImported) Object.assign(r.findings[x.index]!, { autofix: x.autofix, advice: x.advice });
    }
  }
  const importerReads = results.flatMap((r) => r.importerReads ?? []);
  for (const r of results) delete r.importerReads;
  for (const r of results) delete r.ifImported;
  // second pass, now that the repo is known to use v1: repo context and throttling by behaviour (./repo-wide.ts)
  const wide = repoWidePass(results, walked.files, wideFiles, candidates, ctx);
  for (const r of wide.replace) results[results.findIndex((x) => x.rel === r.rel)] = r;
  results.push(...wide.added);
  // a read an importer makes of a module's answer: its own finding was read by shape, the module's
  // pass tied it to the call, whose verdict it takes (as the codemod changes it with the call)
  for (const x of importerReads) {
    for (const f of results.find((o) => o.rel === x.rel)?.findings ?? []) {
      if (f.kind !== 'response-read' || f.line !== x.line || f.inComment) continue;
      // (a field v2 does not send keeps its own finding a human's: the verdict said so of the call)
      if (x.auto) {
        if (!f.autofix && !f.advice.includes('Not auto-fixable:') && !/has no v2 field/.test(f.advice)) f.autofix = true;
      } else if (!f.advice.includes('Not auto-fixable:')) f.advice = `${f.advice} Not auto-fixable: ${x.why}.`;
    }
  }
  const order = new Map(walked.files.map((f, i) => [f.rel, i]));
  results.sort((a, b) => (order.get(a.rel) ?? 0) - (order.get(b.rel) ?? 0));
  skipped.sort((a, b) => a.file.localeCompare(b.file));

  // ---- merge ----------------------------------------------------------------------------------
  const tAnalyse = Date.now();
  const report = buildReport(results, {
    root,
    cat,
    skipped,
    scanned: walked.files.length,
    candidates: candidates.length,
    files: walked.files,
    traffic: opts.traffic,
    t0,
  });
  report.summary.phases = { walk: tWalk - t0, scan: tScan - tWalk, analyse: tAnalyse - tScan, merge: Date.now() - tAnalyse };
  if (scannedInWorker) Object.assign(report.summary.phases, { scanWorkerLastResult: lastResultAt - tWalk, mainWaited: waited, mainAnalysing: Math.round(anaMs), scanWorkerFirstResult: firstAt - tWalk, streamEnd: scanWorkerMs, mainScanned });
  report.summary.threads = { scanWorker: scannedInWorker, analysisWorkers };
  return report;
}


/** Spreads the candidate files over worker threads (balanced by size) and gathers their results. */
function runPool(tasks: FileTask[], n: number, root: string, overlay: Overlay | undefined, callers: CallersContract | undefined, projectFiles: string[] | undefined, onProgress?: AuditOptions['onProgress']): Promise<FileResult[]> {
  const chunks: FileTask[][] = Array.from({ length: n }, () => []);
  tasks.forEach((t, i) => chunks[i % n]!.push(t));
  const results: FileResult[] = [];
  let done = 0;
  return new Promise((resolvePromise, reject) => {
    let finished = 0;
    let failed = false;
    for (const chunk of chunks) {
      const w = startTsWorker(new URL('./worker.ts', import.meta.url), { root, overlay, callers, tasks: chunk, projectFiles: projectFiles?.filter((f) => !/\.(m|c)?[jt]sx?$/.test(f)) });
      w.on('message', (msg: FileResult | { done: true }) => {
        if ('done' in msg) return;
        results.push(msg);
        done++;
        onProgress?.(done, tasks.length, 'analyse');
      });
      w.on('error', (e) => {
        if (!failed) {
          failed = true;
          reject(e);
        }
      });
      w.on('exit', () => {
        finished++;
        if (finished === chunks.length && !failed) {
          const order = new Map(tasks.map((t, i) => [t.rel, i]));
          results.sort((a, b) => (order.get(a.rel) ?? 0) - (order.get(b.rel) ?? 0));
          resolvePromise(results);
        }
      });
    }
  });
}

interface MergeInput {
  root: string;
  cat: Catalogue;
  skipped: SkippedFile[];
  scanned: number;
  candidates: number;
  files: WalkedFile[];
  traffic?: string;
  t0: number;
}

function findingKey(f: Finding): string {
  return `${f.file}\0${f.line}\0${f.column}\0${f.kind}\0${f.rule}`;
}

/** Merges per-file results: dedupe, URLs used by calls elsewhere, build twins, ignore markers, traffic, summary. */
export function buildReport(results: FileResult[], input: MergeInput): AuditReport {
  const skipped = [...input.skipped];
  const markers: MarkerRecord[] = [];
  const consumed = new Set<string>();
  let parsed = 0;
  for (const r of results) {
    if (r.skipped) skipped.push(r.skipped);
    markers.push(...r.markers);
    for (const c of r.consumed) consumed.add(c);
    if (r.parsed) parsed++;
  }
  const seen = new Set<string>();
  let findings: Finding[] = [];
  for (const r of results) {
    const dropped = new Set<number>();
    for (const u of r.urlParts) if (u.keys.some((k) => consumed.has(k))) dropped.add(u.index);
    r.findings.forEach((f, i) => {
      if (dropped.has(i)) return;
      const k = findingKey(f);
      if (seen.has(k)) return;
      seen.add(k);
      findings.push(f);
    });
  }

  // build twins: x.js compiled from x.ts (or x.coffee) beside it
  const twins: Summary['twins'] = [];
  const rels = new Set(input.files.map((f) => f.rel));
  const byFile = new Map<string, Finding[]>();
  for (const f of findings) {
    const list = byFile.get(f.file);
    if (list) list.push(f);
    else byFile.set(f.file, [f]);
  }
  const drop = new Set<Finding>();
  const readRel = (rel: string) => {
    try {
      return readFileSync(join(input.root, rel), 'utf8');
    } catch {
      return null;
    }
  };
  for (const gen of [...byFile.keys()].sort()) {
    const from = generatedSource(gen, rels, readRel);
    if (!from) continue;
    const source = from.source;
    twins.push({ source, generated: gen });
    const srcFindings = (byFile.get(source) ?? []).slice();
    for (const g of byFile.get(gen)!) {
      // the compiled copy is reported once, at its source when the source is audited (TS, Babel,
      // CoffeeScript through src/audit/lang); a source the codemod cannot rewrite says where edits go
      const idx = srcFindings.findIndex((s) => s.kind === g.kind && s.rule === g.rule && (s.method === g.method || g.method === null));
      if (idx >= 0) {
        const s = srcFindings.splice(idx, 1)[0]!;
        (s.twins ??= []).push(`${gen}:${g.line}`);
        if (!from.rewritable && !s.advice.includes(generatedNote(from))) s.advice = `${s.advice} ${generatedNote(from)}`;
        drop.add(g);
      } else {
        g.generatedFrom = source;
        g.advice = `${g.advice} ${generatedNote(from)}`;
      }
    }
  }
  findings = findings.filter((f) => !drop.has(f));

  // @hdmigrate-ignore(<rule>) on the line or the line above silences a finding
  const ignores = markers.filter((m) => m.type === 'ignore');
  if (ignores.length) {
    for (const f of findings) {
      if (ignores.some((m) => m.file === f.file && (m.line === f.line || m.line === f.line - 1) && (m.rule === f.rule || m.rule === '*' || m.rule === f.family))) {
        f.ignored = true;
      }
    }
  }

  findings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column || a.kind.localeCompare(b.kind)));
  skipped.sort((a, b) => a.file.localeCompare(b.file));
  markers.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));

  const summary = summarize(findings, markers, skipped, input, parsed);
  summary.twins = twins;
  if (input.traffic) summary.traffic = mergeTraffic(findings, readUsageLog(input.traffic, input.cat));
  summary.durationMs = Date.now() - input.t0;
  return { summary, findings, markers, skipped };
}


export function summarize(findings: Finding[], markers: MarkerRecord[], skipped: SkippedFile[], input: Pick<MergeInput, 'root' | 'scanned' | 'candidates'>, parsed: number): Summary {
  const counted = findings.filter((f) => !f.ignored && !f.inComment);
  const byKind: Partial<Record<FindingKind, number>> = {};
  const byFidelity: Record<Fidelity, number> = { exact: 0, lossy: 0, manual: 0, none: 0 };
  const families = new Map<FindingFamily, FamilySummary>();
  const rules = new Map<string, { rule: string; findings: number; fidelity: Fidelity | null; autofix: boolean }>();
  const files = new Map<string, FileSummary>();
  let autofix = 0;
  let creditDelta = 0;
  for (const f of counted) {
    byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
    if (f.fidelity) byFidelity[f.fidelity]++;
    if (f.autofix) autofix++;
    if (f.kind === 'call' && f.costChange) creditDelta += f.costChange;
    let fam = families.get(f.family);
    if (!fam) {
      fam = { family: f.family, findings: 0, autofix: 0, byFidelity: { exact: 0, lossy: 0, manual: 0, none: 0 } };
      families.set(f.family, fam);
    }
    fam.findings++;
    if (f.autofix) fam.autofix++;
    if (f.fidelity) fam.byFidelity[f.fidelity]++;
    if (f.rule) {
      const r = rules.get(f.rule) ?? { rule: f.rule, findings: 0, fidelity: f.fidelity, autofix: true };
      r.findings++;
      if (f.fidelity && (!r.fidelity || ORDER.indexOf(f.fidelity) > ORDER.indexOf(r.fidelity))) r.fidelity = f.fidelity;
      if (!f.autofix) r.autofix = false;
      rules.set(f.rule, r);
    }
    const fs = files.get(f.file) ?? { file: f.file, findings: 0, autofix: 0, worst: null, manual: 0 };
    fs.findings++;
    if (f.autofix) fs.autofix++;
    else fs.manual++;
    if (f.fidelity && (!fs.worst || ORDER.indexOf(f.fidelity) > ORDER.indexOf(fs.worst))) fs.worst = f.fidelity;
    files.set(f.file, fs);
  }
  const worstFiles = [...files.values()].sort(
    (a, b) =>
      b.manual - a.manual ||
      ORDER.indexOf(b.worst ?? 'exact') - ORDER.indexOf(a.worst ?? 'exact') ||
      b.findings - a.findings ||
      a.file.localeCompare(b.file),
  );
  return {
    tool: { name: 'hdmigrate', version: VERSION, reportVersion: REPORT_VERSION },
    root: input.root,
    files: { scanned: input.scanned, candidates: input.candidates, parsed, withFindings: files.size, skipped: skipped.length },
    findings: counted.length,
    autofix,
    manual: counted.length - autofix,
    inComments: findings.filter((f) => f.inComment && !f.ignored).length,
    ignored: findings.filter((f) => f.ignored).length,
    byKind,
    byFidelity,
    byFamily: [...families.values()].sort((a, b) => b.findings - a.findings || a.family.localeCompare(b.family)),
    byRule: [...rules.values()].sort((a, b) => b.findings - a.findings || a.rule.localeCompare(b.rule)),
    worstFiles,
    markers: { todo: markers.filter((m) => m.type === 'todo').length, ignore: markers.filter((m) => m.type === 'ignore').length },
    creditDelta,
    twins: [],
    durationMs: 0,
  };
}
