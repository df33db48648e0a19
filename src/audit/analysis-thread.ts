/**
 * The analysis thread: one TypeScript worker that audits JS/TS candidates beside the main thread
 * while the scan worker still reads the tree. On a large JS tree the main thread's analysis is
 * then the critical path (bench/audit.bench.ts); sharing it uses the second core.
 *
 * Its start-up (~0.4 s: the TypeScript loader and the analysis modules, more than a whole audit of
 * a 10,000-file tree) is never paid by an audit: `startAnalysisThread` is called after an audit of a
 * large tree, and the next audits of the process (the main job, tests, editors) use the thread once
 * it has loaded. It never keeps the process alive when no audit waits for it. The files it audits
 * get the same results as on the main thread: each audit gets its own module loader there too.
 */
import type { Worker } from 'node:worker_threads';
import type { Overlay } from '../catalogue/index.ts';
import { startTsWorker } from '../analysis/run/pool.ts';
import type { FileResult, FileTask } from './file-analysis.ts';

/** One file to audit, in the run `run` (a new run gets a new module loader). */
export interface AnalysisRequest {
  id: number;
  run: number;
  root: string;
  overlay?: Overlay;
  file: FileTask;
  text: string;
}

type Reply = { ready: true } | { id: number; result: FileResult } | { id: number; error: string };

interface Thread {
  worker: Worker;
  ready: boolean;
  loaded: Promise<boolean>;
  pending: Map<number, { resolve: (r: FileResult) => void; reject: (e: Error) => void }>;
}

let thread: Thread | null = null;
/** The thread failed once: audits run without it for the rest of the process. */
let broken = false;
let seq = 0;
let runs = 0;

/** Starts the thread (once per process) unless it failed before; it is used once loaded. */
export function startAnalysisThread(): void {
  if (thread || broken) return;
  let worker: Worker;
  try {
    worker = startTsWorker(new URL('./analysis-thread-worker.ts', import.meta.url), null);
  } catch {
    broken = true;
    return;
  }
  let loaded!: (ok: boolean) => void;
  const t: Thread = { worker, ready: false, loaded: new Promise((r) => (loaded = r)), pending: new Map() };
  thread = t;
  worker.unref();
  const fail = (e: Error) => {
    broken = true;
    thread = null;
    loaded(false);
    for (const p of t.pending.values()) p.reject(e);
    t.pending.clear();
    void worker.terminate();
  };
  worker.on('message', (msg: Reply) => {
    if ('ready' in msg) {
      t.ready = true;
      loaded(true);
      return;
    }
    const p = t.pending.get(msg.id);
    t.pending.delete(msg.id);
    // an idle thread never holds the process
    if (!t.pending.size) worker.unref();
    if ('error' in msg) p?.reject(new Error(msg.error));
    else p?.resolve(msg.result);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`analysis thread exited with ${code}`)));
}

/** Resolves when the thread started has loaded (false: none started, or it failed); for tests. */
export function analysisThreadLoaded(): Promise<boolean> {
  return thread ? thread.loaded : Promise.resolve(false);
}

/** One audit's use of the thread: files sent, results promised. */
export interface AnalysisRun {
  /** Files sent and not answered yet. */
  readonly pending: number;
  analyse(file: FileTask, text: string): Promise<FileResult>;
}

/** The thread for one audit of `root`, when it has loaded (null before, or after it failed). */
export function analysisRun(root: string, overlay: Overlay | undefined): AnalysisRun | null {
  const t = thread;
  if (!t?.ready) return null;
  const run = ++runs;
  return {
    get pending() {
      return t.pending.size;
    },
    analyse(file, text) {
      const id = ++seq;
      return new Promise<FileResult>((resolve, reject) => {
        if (thread !== t) {
          reject(new Error('analysis thread stopped'));
          return;
        }
        t.pending.set(id, { resolve, reject });
        t.worker.ref();
        const req: AnalysisRequest = { id, run, root, overlay, file: { abs: file.abs, rel: file.rel, language: file.language }, text };
        t.worker.postMessage(req);
      });
    },
  };
}
