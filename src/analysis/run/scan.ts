/**
 * The scan phase: read each file once, skip what must be skipped (huge, binary, minified), and
 * test the text with the catalogue's prefilter (one regex, one pass). Non-candidate JS/TS files
 * give their relative import specifiers (read from the bytes), so files importing a v1 module
 * can become candidates.
 *
 * `scanFile` is self-contained (it receives `fs`), so a plain worker thread without the TypeScript
 * loader can run its source: `scanInWorker` starts such a worker in a few milliseconds, which lets
 * the main thread analyse candidates while the rest of the tree is still being read.
 */
import * as fs from 'node:fs';
import { MessageChannel, Worker } from 'node:worker_threads';
import type { Language, SkippedFile } from '../files.ts';
import type { WideWords } from '../catalogue-facts.ts';
import { jsTextTest, type JsTestCache } from './js-text-test.ts';
import { clearKept, keepBytes, keptText, newKeptBytes } from './kept-bytes.ts';
import type { WalkedFile } from './walk.ts';

export interface ScanConfig {
  maxSize: number;
  /**
   * The prefilter applied to each file's text (see `passesPrefilter`): every word, longest first,
   * as one alternation (regex source), and the words that count only between path or quote
   * characters (first path segments); the others (wrappers, markers) count anywhere.
   */
  prefilter: string;
  /** The prefilter's words (what `prefilter` alternates). */
  words: string[];
  bounded: string[];
  minifiedLine: number;
  /**
   * The words of the audit's repo-wide text test (a 403, a v1-only field name, a response wrapper
   * read; `passesWideTest`): JS/TS files that fail the prefilter but pass it are flagged `wide`, so
   * the repo-wide pass reads only those instead of the whole tree again. Both tests of a JS/TS
   * file are one regex pass (`jsTextTest`).
   */
  wide?: WideWords;
  /**
   * Files of the syntax-audited languages that fail the prefilter (by extension, regex source):
   * those whose text matches `words` come back as `project` results with their text (the helper
   * index of src/audit/lang parses them while the scan goes on); the worker keeps the others'
   * bytes (./kept-bytes.ts) for one later `matchKept` query (the files that call a helper of the
   * index), so no file is read twice. Files over `maxText` characters are neither.
   */
  project?: { ext: string; words: string; maxText: number };
}

export type ScanResult =
  | { kind: 'candidate'; file: WalkedFile; text: string; size: number }
  | { kind: 'skipped'; skipped: SkippedFile }
  | { kind: 'imports'; file: WalkedFile; imports: string[]; wide?: boolean }
  /** `bytes` (a view of the scan's reused buffer, valid until the next file) and how they were decoded: for a worker that keeps them. */
  | { kind: 'project'; file: WalkedFile; text: string; indexed: boolean; bytes?: Uint8Array; latin1?: boolean }
  | { kind: 'none' };

export interface ScanState {
  re?: RegExp;
  /** The prefilter and repo-wide test of JS/TS files in one pass (without it: the prefilter alone). */
  jsTest?: typeof jsTextTest;
  jsCache?: JsTestCache;
  projectExt?: RegExp | null;
  projectWords?: RegExp;
  buf?: Buffer;
  isAscii?: (b: Uint8Array) => boolean;
  test: typeof passesPrefilter;
}

/**
 * Does the text hold a prefilter word where it counts? One regex pass finds the words (a plain
 * alternation, ~30% faster than one that also matches the characters around them, whose leading
 * character class matches on almost every line); the few hits are checked here. Self-contained,
 * like `scanFile`.
 */
export function passesPrefilter(text: string, re: RegExp, bounded: string[]): boolean {
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const w = m[0];
    if (!bounded.includes(w)) return true;
    const b = m.index > 0 ? text.charCodeAt(m.index - 1) : -1;
    // before: / ' " `; after: / ' " ` . ? whitespace or the end
    if (b === 0x2f || b === 0x27 || b === 0x22 || b === 0x60) {
      const end = m.index + w.length;
      if (end >= text.length) return true;
      const a = text.charCodeAt(end);
      if (a === 0x2f || a === 0x27 || a === 0x22 || a === 0x60 || a === 0x2e || a === 0x3f || a === 0x20 || (a >= 0x09 && a <= 0x0d)) return true;
    }
    // a word may start inside this one
    re.lastIndex = m.index + 1;
  }
  return false;
}

/**
 * Scans one file. Self-contained on purpose (see the module comment): no imports, no helpers.
 * `config` (app configuration files) are always candidates.
 */
export function scanFile(
  fsm: typeof fs,
  file: { abs: string; rel: string; language: Language; config: boolean },
  cfg: ScanConfig,
  state: ScanState,
): ScanResult {
  if (!state.re) state.re = new RegExp(cfg.prefilter, 'g');
  let fd: number;
  try {
    fd = fsm.openSync(file.abs, 'r');
  } catch (e) {
    return { kind: 'skipped', skipped: { file: file.rel, reason: 'unreadable', detail: (e as { code?: string }).code ?? String(e) } };
  }
  // read at most maxSize + 1 bytes into one reused buffer: no stat call, and a huge file is never read whole
  if (!state.buf || state.buf.length < cfg.maxSize + 1) state.buf = Buffer.allocUnsafe(cfg.maxSize + 1);
  let buf: Buffer;
  try {
    let off = 0;
    for (;;) {
      const want = state.buf.length - off;
      const n = fsm.readSync(fd, state.buf, off, want, null);
      if (n <= 0) break;
      off += n;
      // a regular file gives all it has: a short read is its end (saves the read that returns 0)
      if (off >= state.buf.length || n < want) break;
    }
    if (off > cfg.maxSize) {
      const size = fsm.fstatSync(fd).size;
      return { kind: 'skipped', skipped: { file: file.rel, reason: 'huge', detail: `${size} bytes` } };
    }
    buf = state.buf.subarray(0, off);
  } catch (e) {
    return { kind: 'skipped', skipped: { file: file.rel, reason: 'unreadable', detail: (e as { code?: string }).code ?? String(e) } };
  } finally {
    fsm.closeSync(fd);
  }
  const head = buf.length > 8000 ? buf.subarray(0, 8000) : buf;
  if (head.indexOf(0) >= 0) return { kind: 'skipped', skipped: { file: file.rel, reason: 'binary' } };
  const isJs = file.language === 'javascript' || file.language === 'typescript';
  // ASCII (nearly every source file) decodes as latin1 to the same string at half the cost of
  // validating UTF-8; then one pass of the prefilter
  const latin1 = !!state.isAscii?.(buf);
  const text = latin1 ? buf.toString('latin1') : buf.toString('utf8');
  // JS/TS: the prefilter and the repo-wide test in one pass; other files: the prefilter
  const verdict = file.config ? 'candidate' : isJs && state.jsTest ? state.jsTest(text, cfg, (state.jsCache ??= {})) : state.test(text, state.re, cfg.bounded) ? 'candidate' : null;
  {
    if (verdict === 'candidate') {
      if ((isJs || file.language === 'html') && text.length > cfg.minifiedLine) {
        let max = 0;
        let last = 0;
        for (;;) {
          const i = text.indexOf('\n', last);
          const end = i < 0 ? text.length : i;
          if (end - last > max) max = end - last;
          if (i < 0) break;
          last = i + 1;
        }
        if (max > cfg.minifiedLine) {
          return { kind: 'skipped', skipped: { file: file.rel, reason: 'minified', detail: `lines longer than ${cfg.minifiedLine} characters` } };
        }
      }
      return { kind: 'candidate', file: { abs: file.abs, rel: file.rel, language: file.language }, text, size: buf.length };
    }
  }
  if (!isJs) {
    if (state.projectExt === undefined) state.projectExt = cfg.project ? new RegExp(cfg.project.ext) : null;
    if (!state.projectExt || !state.projectExt.test(file.abs) || text.length > cfg.project!.maxText) return { kind: 'none' };
    if (!state.projectWords) state.projectWords = new RegExp(cfg.project!.words, 'i');
    return { kind: 'project', file: { abs: file.abs, rel: file.rel, language: file.language }, text, indexed: state.projectWords.test(text), bytes: buf, latin1 };
  }
  // relative import specifiers: `'./x'`, `"../y"` (string search: no call into the buffer binding per hit)
  let imports: string[] | null = null;
  let at = text.indexOf('./');
  while (at >= 0) {
    let start = at;
    if (start > 0 && text.charCodeAt(start - 1) === 0x2e) start--; // '../'
    const q = text.charCodeAt(start - 1);
    if (q === 0x27 || q === 0x22 || q === 0x60) {
      const end = text.indexOf(text[start - 1]!, start);
      if (end > start && end - start < 300) {
        const spec = text.slice(start, end);
        if (!/\s/.test(spec)) (imports ??= []).push(spec);
      }
    }
    at = text.indexOf('./', at + 2);
  }
  const wide = verdict === 'wide';
  return imports || wide ? { kind: 'imports', file: { abs: file.abs, rel: file.rel, language: file.language }, imports: imports ?? [], ...(wide ? { wide } : {}) } : { kind: 'none' };
}

/**
 * A plain worker thread that scans files: it runs `scanFile`'s own source, so it needs no
 * TypeScript loader and starts in milliseconds; create it early, `start` it, and `feed` it the
 * files as the walk lists them (it scans while the walk goes on), then `finish`. Files are taken
 * from a shared counter, so the caller can scan some itself whenever it has nothing else to do
 * (`takeNext`, once the walk is over): no file is scanned twice, no thread waits.
 *
 * The thread outlives its scan: it waits, unreferenced (it never keeps the process alive), for the
 * next audit of the same process (the main job, tests, editors), which then skips its start-up and
 * finds its code already optimised.
 */
export interface ScanWorker {
  start(onResult: (r: ScanResult) => void): {
    done: Promise<void>;
    takeNext: () => number;
    /**
     * With `cfg.project`: the given files (indices in walk order) whose text a regex finds, with
     * that text, from the texts the worker kept (see ScanConfig.project). Call once after `done`
     * (with `[]` when there is nothing to ask): the thread is given back for the next scan then.
     */
    matchKept: (queries: Array<{ re: string; files: number[] }>) => Promise<Array<[number, string]>>;
  };
  /** More files, in walk order (indices continue those of earlier batches). */
  feed(files: Array<WalkedFile & { config: boolean }>): void;
  /** No more files. */
  finish(): void;
  /** Give back a worker that was not needed (the tree is small): its scan ends, the thread is kept. */
  release(): void;
}

/** One scan per message: `{ cfg, ctl, port }`; results and the end go back on `port`. */
const workerCode = () => `
  const { parentPort, receiveMessageOnPort } = require('node:worker_threads');
  const fs = require('node:fs');
  const __name = (f) => f;
  const scanFile = (${scanFile.toString()});
  const test = (${passesPrefilter.toString()});
  const jsTest = (${jsTextTest.toString()});
  const isAscii = require('node:buffer').isAscii;
  const newKeptBytes = (${newKeptBytes.toString()});
  const keepBytes = (${keepBytes.toString()});
  const keptText = (${keptText.toString()});
  const clearKept = (${clearKept.toString()});
  // as scanFile decoded them
  const toText = (bytes, latin1) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString(latin1 ? 'latin1' : 'utf8');
  const kept = newKeptBytes();
  parentPort.on('message', ({ cfg, ctl, port }) => {
    const state = { isAscii, test, jsTest };
    const files = [];
    const pull = () => {
      for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) for (const f of m.message) files.push(f);
    };
    // candidates go out at once; the relative imports of the other files (most of the tree) are
    // kept as [index, specifiers] and sent in one message at the end: the caller has the list
    let batch = [];
    const imports = [];
    // bytes of project files kept for the one matchKept query (bounded: past it, read again then)
    clearKept(kept);
    let keptSize = 0;
    scan: for (;;) {
      const i = Atomics.add(ctl, 0, 1);
      while (i >= files.length) {
        const fed = Atomics.load(ctl, 1);
        pull();
        if (i < files.length) break;
        if (Atomics.load(ctl, 2) === 1 && files.length >= fed && fed === Atomics.load(ctl, 1)) break scan;
        Atomics.wait(ctl, 1, fed, 20);
      }
      const r = scanFile(fs, files[i], cfg, state);
      if (r.kind === 'none') continue;
      if (r.kind === 'imports') { imports.push(i, r.imports, r.wide ? 1 : 0); continue; }
      if (r.kind === 'project' && !r.indexed) {
        if (keptSize + r.bytes.length <= 64 * 1024 * 1024) { keepBytes(kept, i, r.bytes, r.latin1); keptSize += r.bytes.length; }
        continue;
      }
      const now = r.kind === 'candidate' || r.kind === 'project';
      batch.push(r.kind === 'candidate' ? { kind: 'candidate', i, text: r.text, size: r.size } : r.kind === 'project' ? { kind: 'project', i, text: r.text } : r);
      if (now || batch.length >= 200) { port.postMessage(batch); batch = []; }
    }
    if (batch.length) port.postMessage(batch);
    if (imports.length) port.postMessage({ imports });
    if (!cfg.project) {
      port.postMessage({ end: true });
      port.close();
      return;
    }
    port.postMessage({ end: true, kept: true });
    // one query: [{ re, files }] → [index, text] of those files whose text the regex finds
    port.once('message', (queries) => {
      const matched = [];
      for (const q of queries) {
        const re = new RegExp(q.re);
        for (const i of q.files) {
          let text = keptText(kept, i, toText);
          if (text === undefined) {
            try { text = fs.readFileSync(files[i].abs, 'utf8'); } catch { continue; }
            if (text.length > cfg.project.maxText) continue;
          }
          if (re.test(text)) matched.push([i, text]);
        }
      }
      clearKept(kept);
      port.postMessage({ matched });
      port.close();
    });
  });
`;

let code: string | null = null;
/** The thread kept for the next scan (at most one). */
let idle: Worker | null = null;

function takeThread(): Worker {
  const w = idle ?? new Worker((code ??= workerCode()), { eval: true });
  idle = null;
  w.ref();
  return w;
}

function giveBack(w: Worker): void {
  if (idle) {
    void w.terminate();
    return;
  }
  w.unref();
  idle = w;
}

export function createScanWorker(cfg: ScanConfig): ScanWorker {
  // [next file to take, files fed, walk finished]
  const ctl = new Int32Array(new SharedArrayBuffer(12));
  const { port1, port2 } = new MessageChannel();
  const w = takeThread();
  w.postMessage({ cfg, ctl, port: port2 }, [port2]);
  let onResult: ((r: ScanResult) => void) | null = null;
  const list: Array<WalkedFile & { config: boolean }> = [];
  const fileAt = (i: number): WalkedFile => list[i]!;
  type Wire = ScanResult | { kind: 'candidate'; i: number; text: string; size: number } | { kind: 'project'; i: number; text: string };
  let answer: { resolve: (matched: Array<[number, string]>) => void; reject: (e: Error) => void } | null = null;
  let keeping = false;
  const done = new Promise<void>((resolve, reject) => {
    const fail = (e: unknown) => {
      w.off('exit', exited);
      port1.close();
      const err = e instanceof Error ? e : new Error(String(e));
      reject(err);
      answer?.reject(err);
    };
    const exited = (n: number) => fail(new Error(`scan worker exited with ${n}`));
    w.once('error', fail);
    w.once('exit', exited);
    const release = () => {
      w.off('error', fail);
      w.off('exit', exited);
      port1.close();
      giveBack(w);
    };
    port1.on('message', (msg: Wire[] | { imports: Array<number | string[]> } | { end: true; kept?: true } | { matched: Array<[number, string]> }) => {
      if (Array.isArray(msg)) {
        for (const r of msg) {
          if (!('i' in r)) onResult?.(r);
          else if (r.kind === 'candidate') onResult?.({ kind: 'candidate', file: fileAt(r.i), text: r.text, size: r.size });
          else onResult?.({ kind: 'project', file: fileAt(r.i), text: r.text, indexed: true });
        }
      } else if ('imports' in msg) {
        for (let k = 0; k < msg.imports.length; k += 3) onResult?.({ kind: 'imports', file: fileAt(msg.imports[k] as number), imports: msg.imports[k + 1] as string[], ...(msg.imports[k + 2] ? { wide: true } : {}) });
      } else if ('matched' in msg) {
        release();
        answer?.resolve(msg.matched);
      } else {
        // the scan is over; a worker that keeps files waits for its one query, unreferenced (an
        // audit that ends without asking never keeps the process alive)
        keeping = !!msg.kept;
        if (keeping) {
          w.unref();
          port1.unref();
        } else release();
        resolve();
      }
    });
  });
  done.catch(() => {});
  let asked: Promise<Array<[number, string]>> | null = null;
  const matchKept = (queries: Array<{ re: string; files: number[] }>): Promise<Array<[number, string]>> => {
    if (asked) return asked;
    asked = done.then(() => {
      if (!keeping) return [];
      return new Promise<Array<[number, string]>>((resolve, reject) => {
        answer = { resolve, reject };
        port1.ref();
        port1.postMessage(queries);
      });
    });
    return asked;
  };
  const finish = () => {
    Atomics.store(ctl, 2, 1);
    Atomics.notify(ctl, 1);
  };
  return {
    start(cb) {
      onResult = cb;
      return { done, takeNext: () => Atomics.add(ctl, 0, 1), matchKept };
    },
    feed(files) {
      if (!files.length) return;
      for (const f of files) list.push(f);
      port1.postMessage(files);
      Atomics.add(ctl, 1, files.length);
      Atomics.notify(ctl, 1);
    },
    finish,
    release() {
      finish();
      void matchKept([]).catch(() => {});
    },
  };
}

export { fs as nodeFs };
