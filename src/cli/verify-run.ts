/**
 * The run behind `hdmigrate verify` (src/cli/verify.ts holds its options and loads this module only
 * when the command runs): checks what the options cannot check alone, builds the two HTTP clients
 * (v1 base, v2 base), runs src/verify and prints or writes the report.
 */
import { accessSync, closeSync, constants, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { loadCatalogue, type Overlay } from '../catalogue/index.ts';
import { HelpdeskClient, HttpConnectionError, HttpUsageError, LocalBudget, type HttpEvent } from '../http/index.ts';
import * as verify from '../verify/index.ts';
import { LearnError } from '../verify/learn.ts';
import { RunRefusedError, ServerError } from '../verify/observe.ts';
import { formatProgress, type Progress } from '../verify/progress.ts';
import type { StateFile } from '../verify/state.ts';
import { runWrites } from '../verify/writes.ts';
import { EXIT, UsageError, describeFsError } from './errors.ts';
import { ensureDir, writeOutputFile } from './output.ts';
import { readOverlayOption } from './overlay.ts';
import { useColor } from './style.ts';
import { didYouMean } from './suggest.ts';
import { VERIFY_FORMATS, type VerifyCliOptions } from './verify.ts';

function readApiKey(opts: VerifyCliOptions): string {
  if (opts.apiKeyFile) {
    let text: string;
    try {
      text = readFileSync(opts.apiKeyFile, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read --api-key-file ${opts.apiKeyFile}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
    }
    const key = text.trim();
    if (!key) throw new UsageError(`--api-key-file ${opts.apiKeyFile} is empty`);
    return key;
  }
  const key = process.env.HDMIGRATE_API_KEY?.trim();
  if (!key) throw new UsageError('no API key: set HDMIGRATE_API_KEY or give --api-key-file <file>');
  return key;
}

/** The base as the report and state file show it: no user info, no query. */
function shownBase(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/$/, '')}`;
  } catch {
    throw new UsageError(`--base must be a URL like https://acme.helpdesk.example, got "${url}"`);
  }
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);
}

/**
 * A file the run writes at its end (--out, --learn) is checked before the first request, so a long
 * run is not lost to a typo: not a folder, its folder made (output.ts's ensureDir) and writable.
 */
function checkOutputFile(file: string, flag: string): void {
  const abs = resolve(file);
  if (existsSync(abs) && statSync(abs).isDirectory()) throw new UsageError(`${flag} ${file}: it is a folder; give a file name`);
  const dir = ensureDir(dirname(abs), flag);
  try {
    accessSync(dir, constants.W_OK);
  } catch (e) {
    throw new UsageError(describeFsError(e, `${flag} ${file}: cannot write`));
  }
}

export async function runVerifyCommand(opts: VerifyCliOptions): Promise<number> {
  if (!opts.base) throw new UsageError('--base <url> is required');
  const base = shownBase(opts.base);
  const v1Base = shownBase(opts.v1Base ?? opts.base);
  for (const url of [opts.base, opts.v1Base ?? opts.base]) {
    if (new URL(url).protocol === 'http:' && !opts.allowInsecure) {
      throw new UsageError(`refusing plain http:// base ${shownBase(url)}: v2 is HTTPS only (use --allow-insecure for the sandbox)`);
    }
  }
  const asked = opts.resources.length ? opts.resources : ['tickets'];
  const names = asked.includes('all') ? [...verify.RESOURCE_NAMES] : asked;
  const resources = names.map((n) => {
    const r = verify.findResource(n);
    if (!r) throw new UsageError(`unknown resource "${n}"${didYouMean(n, [...verify.RESOURCE_NAMES, 'all']) || ` (known: ${verify.RESOURCE_NAMES.join(', ')}, all)`}`);
    return r;
  });
  const chosen = [opts.ids !== undefined, opts.idsFile !== undefined, opts.sample !== undefined, opts.all === true].filter(Boolean).length;
  if (chosen > 1) throw new UsageError('give only one of --ids, --ids-file, --sample, --all');
  const onlySingletons = resources.every((r) => r.kind === 'singleton');
  if (chosen === 0 && !opts.learn && !onlySingletons && !opts.allowWrites) throw new UsageError('which ids? give --ids, --ids-file, --sample or --all');
  let selection: verify.Selection = { kind: 'ids', ids: [] };
  let selectionText = 'none';
  try {
    if (opts.ids !== undefined) {
      selection = { kind: 'ids', ids: verify.parseIdList(opts.ids) };
      selectionText = `ids:${opts.ids}`;
    } else if (opts.idsFile !== undefined) {
      let text: string;
      try {
        text = readFileSync(opts.idsFile, 'utf8');
      } catch (e) {
        throw new UsageError(`cannot read --ids-file ${opts.idsFile}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
      }
      selection = { kind: 'ids', ids: verify.parseIdList(text) };
      // the state file names the id list by its digest, so a resume with another list is refused
      selectionText = `ids-file:${selection.ids.length}:${createHash('sha256').update(selection.ids.join(',')).digest('hex').slice(0, 16)}`;
    } else if (opts.sample !== undefined) {
      selection = { kind: 'sample', n: opts.sample, seed: opts.seed };
      selectionText = `sample:${selection.n}:${selection.seed}`;
    } else if (opts.all) {
      selection = { kind: 'all' };
      selectionText = 'all';
    }
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError((e as Error).message);
  }
  const format = opts.json ? 'json' : opts.format === 'terminal' ? 'text' : opts.format;
  if (!(VERIFY_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`unknown --format ${format}: use one of ${VERIFY_FORMATS.join(', ')}${didYouMean(format, [...VERIFY_FORMATS, 'terminal'])}`);
  }
  if (opts.out) checkOutputFile(opts.out, '--out');
  if (opts.learn) checkOutputFile(opts.learn, '--learn');
  // numbers were checked by their option parsers (src/cli/options.ts)
  const thresholds = { relative: opts.relativeThreshold, absolute: opts.absoluteThreshold };
  const { noiseSample, concurrency, reserve, retries, v1Limit } = opts;
  const windowMs = opts.rateWindow * 1000;
  let noiseList = new verify.NoiseList();
  if (opts.noise) {
    try {
      noiseList = verify.NoiseList.load(opts.noise);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  if (opts.allowWrites) {
    const host = new URL(opts.base).hostname;
    if (!isLoopback(opts.base) && opts.writeAccount !== host) {
      throw new UsageError(
        `--allow-writes writes to the account: only on the sandbox (a loopback base) or with --write-account ${host} naming it`,
      );
    }
  }
  let ca: string | undefined;
  if (opts.ca) {
    try {
      ca = readFileSync(opts.ca, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read --ca ${opts.ca}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
    }
  }
  let overlay: Overlay | undefined = readOverlayOption(opts.overlay);
  const apiKey = readApiKey(opts);

  const v2Budget = new LocalBudget({ reserve, windowMs });
  const v1Budget = new LocalBudget({ reserve, windowMs: 3_600_000, ...(v1Limit ? { limit: v1Limit } : {}) });
  let logFd: number | undefined;
  if (opts.log) {
    ensureDir(dirname(resolve(opts.log)), '--log');
    try {
      logFd = openSync(opts.log, 'a');
    } catch (e) {
      throw new UsageError(describeFsError(e, `--log ${opts.log}: cannot open`));
    }
  }
  const onEvent = (e: HttpEvent) => {
    if (logFd !== undefined) writeSync(logFd, `${JSON.stringify({ at: new Date().toISOString(), api: e.path.startsWith('/api/v2') ? 'v2' : 'v1', ...e })}\n`);
  };
  const common = { credentials: { apiKey }, allowInsecure: opts.allowInsecure ?? false, reserve, connections: concurrency, retries, ca };
  let v2: HelpdeskClient;
  let v1: HelpdeskClient;
  try {
    v2 = new HelpdeskClient({ ...common, base: opts.base, budget: v2Budget, v1Budget, onEvent });
    v1 = opts.v1Base ? new HelpdeskClient({ ...common, base: opts.v1Base, budget: v2Budget, v1Budget, onEvent }) : v2;
  } catch (e) {
    if (e instanceof HttpUsageError) throw new UsageError(e.message);
    throw e;
  }
  // progress lines (one a second, with an ETA) go to stderr, also in CI logs; -q or --no-progress stop them
  const progress = opts.progress && !opts.quiet && !process.env.HDMIGRATE_NO_PROGRESS;
  const note = (text: string) => {
    if (!opts.quiet) process.stderr.write(`hdmigrate verify: ${text}\n`);
  };
  let lastProgress = 0;
  const onProgress = (p: Progress) => {
    if (!progress) return;
    const now = Date.now();
    if (p.done !== p.total && p.done !== 0 && now - lastProgress < 1000) return;
    lastProgress = now;
    process.stderr.write(`${formatProgress(p)}\n`);
  };

  const controller = new AbortController();
  // every request in flight listens to this one signal
  setMaxListeners(0, controller.signal);
  const onSignal = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const tempDir = opts.state ? undefined : mkdtempSync(join(tmpdir(), 'hdmigrate-verify-'));
  const statePath = opts.state ?? join(tempDir!, 'state.jsonl');
  let state: StateFile | undefined;
  try {
    if (opts.learn) {
      const learned = await verify.learnOverlay(v1, v2);
      writeOutputFile(opts.learn, `${JSON.stringify(learned.overlay, null, 2)}\n`, '--learn');
      note(`wrote the overlay to ${opts.learn}${learned.notes.length ? ` (${learned.notes.join('; ')})` : ''}`);
      overlay = { ...learned.overlay, ...(overlay ?? {}) };
      if (chosen === 0 && !onlySingletons && !opts.allowWrites) return EXIT.ok;
    }
    const catalogue = loadCatalogue(overlay);
    const sides = { v1, v2 };
    try {
      state = verify.StateFile.open(statePath, {
        base,
        v1Base,
        resources: names,
        selection: selectionText,
        thresholds,
        noiseSample,
      });
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    if (state.resumed && progress) note(`resuming from ${statePath}`);
    const budgetView = (b: LocalBudget, windowMs: number) => () => ({ total: b.snapshot().total, windowMs, reserve });
    if (chosen > 0 || onlySingletons) {
      await verify.runVerify({
        sides,
        catalogue,
        resources,
        selection,
        state,
        noiseSample,
        concurrency,
        budgets: { v2: budgetView(v2Budget, windowMs), v1: budgetView(v1Budget, 3_600_000) },
        onProgress,
        signal: controller.signal,
      });
    }
    if (opts.allowWrites && !state.resume.writesDone) {
      await runWrites({ sides, catalogue, state, signal: controller.signal });
    }
    const report = await verify.buildReport(statePath, { thresholds, noiseList, redact: opts.redact });
    const terminal = (color: boolean) => verify.renderTerminal(report, { color: color && useColor(process.stdout, opts.color) });
    const text =
      format === 'json'
        ? verify.renderJson(report)
        : format === 'md'
          ? verify.renderMarkdown(report)
          : format === 'html'
            ? verify.renderHtml(report)
            : terminal(!opts.out);
    if (opts.out) {
      writeOutputFile(opts.out, text);
      process.stdout.write(terminal(true));
      process.stdout.write(`report: ${opts.out}\n`);
    } else process.stdout.write(text);
    if (report.totals.compared > 0 && report.totals.compared === report.totals.absent && report.writes.length === 0) {
      process.stderr.write('hdmigrate verify: none of the ids exists on either side: nothing was compared\n');
      return EXIT.findings;
    }
    return report.parity ? EXIT.ok : EXIT.findings;
  } catch (e) {
    if (e instanceof verify.VerifyAbortedError || controller.signal.aborted) {
      throw new UsageError(`interrupted${opts.state ? `; run the same command again to resume from ${opts.state}` : ' (give --state <file> to be able to resume)'}`);
    }
    if (e instanceof HttpConnectionError) {
      throw new UsageError(`connection failed: ${e.message}${opts.state ? `; run the same command again to resume from ${opts.state}` : ''}`);
    }
    if (e instanceof ServerError) {
      throw new UsageError(`${e.message}${opts.state ? `; run the same command again to resume from ${opts.state}` : ''}`);
    }
    if (e instanceof verify.ListIdsError || e instanceof HttpUsageError || e instanceof RunRefusedError) throw new UsageError(e.message);
    if (e instanceof LearnError) throw new UsageError(e.message);
    throw e;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    state?.close();
    await v2.close();
    if (v1 !== v2) await v1.close();
    if (logFd !== undefined) closeSync(logFd);
    if (tempDir && existsSync(tempDir)) rmSync(tempDir, { recursive: true, force: true });
  }
}
