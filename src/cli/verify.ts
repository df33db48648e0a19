/**
 * `hdmigrate verify`: the dual-call verifier's command line. Parses and checks options, builds the
 * two HTTP clients (v1 base, v2 base), runs src/verify and prints or writes the report. Exit 0 on
 * parity, 1 when differences beyond noise remain, 2 on usage, input or connection errors.
 */
import type { Command } from 'commander';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCatalogue, type Overlay } from '../catalogue/index.ts';
import { HelpdeskClient, HttpConnectionError, HttpUsageError, LocalBudget, type HttpEvent } from '../http/index.ts';
import * as verify from '../verify/index.ts';
import { LearnError } from '../verify/learn.ts';
import { RunRefusedError, ServerError } from '../verify/observe.ts';
import { formatProgress, type Progress } from '../verify/progress.ts';
import type { StateFile } from '../verify/state.ts';
import { runWrites } from '../verify/writes.ts';
import { UsageError } from './errors.ts';
import { readOverlayOption } from './overlay.ts';

interface VerifyCliOptions {
  base?: string;
  v1Base?: string;
  resources: string;
  ids?: string;
  idsFile?: string;
  sample?: string;
  all?: boolean;
  seed: string;
  apiKeyFile?: string;
  allowInsecure?: boolean;
  allowWrites?: boolean;
  writeAccount?: string;
  noise?: string;
  noiseSample: string;
  relativeThreshold: string;
  absoluteThreshold: string;
  overlay?: string;
  learn?: string;
  state?: string;
  format: string;
  out?: string;
  redact?: boolean;
  concurrency: string;
  reserve: string;
  v1Limit?: string;
  rateWindow: string;
  log?: string;
  retries: string;
  progress: boolean;
  ca?: string;
}

const EXAMPLES = `
Examples:
  # the sandbox (plain http is allowed only with --allow-insecure)
  hdmigrate sandbox --port 4010 &
  HDMIGRATE_API_KEY=sandbox-admin-key hdmigrate verify --base http://127.0.0.1:4010 --allow-insecure \\
      --resources tickets,conversations,time_entries --ids 1-50
  HDMIGRATE_API_KEY=sandbox-admin-key hdmigrate verify --base http://127.0.0.1:4010 --allow-insecure \\
      --resources contacts,companies,agents --sample 20 --format md --out verify.md
  # a real account: a sample of 200 tickets, resumable, HTML report, personal data masked
  hdmigrate verify --base https://acme.helpdesk.example --api-key-file ~/.helpdesk-key \\
      --resources tickets,conversations --sample 200 --state verify.state.jsonl \\
      --format html --out verify.html --redact
  # learn the account overlay (custom field names, statuses, types, UTC offset) for every other command
  hdmigrate verify --base https://acme.helpdesk.example --learn overlay.json

Exit codes: 0 parity, 1 differences beyond noise remain (or no id found on either side),
2 usage, input or connection error (rerun with the same --state to resume).`;

function number(text: string, name: string, { min = 0, max = Infinity, integer = false } = {}): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
    throw new UsageError(`${name} must be ${integer ? 'an integer' : 'a number'}${max < Infinity ? ` from ${min} to ${max}` : ` ≥ ${min}`}, got "${text}"`);
  }
  return n;
}

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

export function registerVerify(program: Command): void {
  program
    .command('verify')
    .summary('prove v2 returns the same data as v1: dual calls, noise model, report')
    .description(
      'For the same ids, reads each record from v1 and v2, maps the v1 answer into v2 shape through the catalogue, ' +
        'and reports what differs field by field, separating real differences from noise (an A/A probe and Diffy\'s rule). ' +
        'Read-only unless --allow-writes. Resumable with --state.',
    )
    .option('--base <url>', 'the account (v2 calls go here; https only unless --allow-insecure)')
    .option('--v1-base <url>', 'where v1 calls go (default: --base)')
    .option('--resources <list>', 'comma-separated: tickets,contacts,companies,groups,agents,time_entries,solutions,discussions,ticket_fields,conversations, or all', 'tickets')
    .option('--ids <list>', 'ids and ranges, e.g. 1-500,712')
    .option('--ids-file <file>', 'ids, one per line (or comma-separated)')
    .option('--sample <n>', 'a deterministic sample of n ids listed from v2')
    .option('--all', 'every id v2 lists')
    .option('--seed <n>', 'seed of --sample', '1')
    .option('--api-key-file <file>', 'file holding the API key (default: $HDMIGRATE_API_KEY)')
    .option('--allow-insecure', 'allow a plain http:// base (the sandbox)')
    .option('--allow-writes', 'also round-trip writes (create via v1, read via v2 and the reverse, then clean up); only on the sandbox or with --write-account')
    .option('--write-account <host>', 'opt-in naming the account host that --allow-writes may write to')
    .option('--noise <file>', 'noise list: JSON object of "reported path": "reason"')
    .option('--noise-sample <n>', 'ids probed A/A (each read twice from v1 and from v2) per resource', '10')
    .option('--relative-threshold <pct>', "Diffy's relative threshold, percent", '20')
    .option('--absolute-threshold <pct>', "Diffy's absolute threshold, percent of records", '0.03')
    .option('--overlay <file>', 'account facts (custom field names, statuses, ...) as --learn writes them')
    .option('--learn <file>', 'derive the account overlay from both ticket_fields endpoints and write it to <file>')
    .option('--state <file>', 'JSONL state: resume an interrupted run with the same options and file')
    .option('--format <format>', 'text | json | md | html', 'text')
    .option('--out <file>', 'write the report here (default: stdout)')
    .option('--redact', 'mask personal data (emails, phones, names) in the report')
    .option('--concurrency <n>', 'ids compared at the same time', '8')
    .option('--reserve <fraction>', 'part of the rate budget left for the account\'s own traffic', '0.2')
    .option('--v1-limit <calls>', 'v1 calls per hour to pace to (v1 sends no rate headers; default: only honour Retry-After)')
    .option('--rate-window <seconds>', 'length of the v2 rate-limit window (60 on per-minute accounts)', '60')
    .option('--retries <n>', 'retries of a GET after a network error or 5xx (back-off with jitter)', '5')
    .option('--ca <file>', 'extra CA certificate (PEM) to trust, e.g. the sandbox --tls certificate')
    .option('--log <file>', 'write every HTTP event (request, response, retry, wait; credentials masked) as JSONL')
    .option('--no-progress', 'no progress lines on stderr')
    .addHelpText('after', EXAMPLES)
    .action(async (opts: VerifyCliOptions) => {
      process.exitCode = await runVerifyCommand(opts);
    });
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
  const asked = opts.resources.split(',').map((s) => s.trim()).filter(Boolean);
  const names = asked.includes('all') ? [...verify.RESOURCE_NAMES] : asked;
  const resources = names.map((n) => {
    const r = verify.findResource(n);
    if (!r) throw new UsageError(`unknown resource "${n}" (known: ${verify.RESOURCE_NAMES.join(', ')})`);
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
      selection = { kind: 'sample', n: number(opts.sample, '--sample', { min: 1, integer: true }), seed: number(opts.seed, '--seed', { integer: true }) };
      selectionText = `sample:${selection.n}:${selection.seed}`;
    } else if (opts.all) {
      selection = { kind: 'all' };
      selectionText = 'all';
    }
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError((e as Error).message);
  }
  if (!['text', 'json', 'md', 'html'].includes(opts.format)) throw new UsageError(`--format must be text, json, md or html, got "${opts.format}"`);
  const thresholds = {
    relative: number(opts.relativeThreshold, '--relative-threshold', { max: 100 }),
    absolute: number(opts.absoluteThreshold, '--absolute-threshold', { max: 100 }),
  };
  const noiseSample = number(opts.noiseSample, '--noise-sample', { integer: true });
  const concurrency = number(opts.concurrency, '--concurrency', { min: 1, max: 64, integer: true });
  const reserve = number(opts.reserve, '--reserve', { max: 0.95 });
  const windowMs = number(opts.rateWindow, '--rate-window', { min: 1 }) * 1000;
  const retries = number(opts.retries, '--retries', { max: 20, integer: true });
  const v1Limit = opts.v1Limit !== undefined ? number(opts.v1Limit, '--v1-limit', { min: 1, integer: true }) : undefined;
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
    try {
      logFd = openSync(opts.log, 'a');
    } catch (e) {
      throw new UsageError(`cannot open --log ${opts.log}: ${(e as NodeJS.ErrnoException).code ?? 'unwritable'}`);
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
  const progress = opts.progress && !process.env.HDMIGRATE_NO_PROGRESS;
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
      writeFileSync(opts.learn, `${JSON.stringify(learned.overlay, null, 2)}\n`);
      process.stderr.write(`verify: wrote the overlay to ${opts.learn}${learned.notes.length ? ` (${learned.notes.join('; ')})` : ''}\n`);
      overlay = { ...learned.overlay, ...(overlay ?? {}) };
      if (chosen === 0 && !onlySingletons && !opts.allowWrites) return 0;
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
    if (state.resumed && progress) process.stderr.write(`verify: resuming from ${statePath}\n`);
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
    const text =
      opts.format === 'json'
        ? verify.renderJson(report)
        : opts.format === 'md'
          ? verify.renderMarkdown(report)
          : opts.format === 'html'
            ? verify.renderHtml(report)
            : verify.renderTerminal(report);
    if (opts.out) {
      writeFileSync(opts.out, text);
      process.stdout.write(verify.renderTerminal(report));
      process.stdout.write(`report: ${opts.out}\n`);
    } else process.stdout.write(text);
    if (report.totals.compared > 0 && report.totals.compared === report.totals.absent && report.writes.length === 0) {
      process.stderr.write('verify: none of the ids exists on either side: nothing was compared\n');
      return 1;
    }
    return report.parity ? 0 : 1;
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
