/**
 * verify's two promises, measured:
 *  1. budget use: against a sandbox with its rate limit set, the calls verify makes per window,
 *     against the calls allowed (limit minus the reserve). Target ≥ 0.95 with zero throttled answers.
 *  2. flat memory: peak RSS growth from a 1,000-id run to a 100,000-id run. Target < 50 MB. The ids
 *     are generated and answered by an in-process stand-in with real sandbox bodies (captured once),
 *     so the figure is verify's own memory (state file, counters, report), not a server's.
 *
 *   node --import tsx bench/verify.bench.ts [--seconds 12] [--ids 100000] [--concurrency 8]
 *
 * Each figure is one row of bench/protocol.ts (`benchRow`: a `BENCH-JSON` line that `npm run bench`
 * collects; `npm run bench -- verify --json` prints them as one JSON array).
 */
import { setMaxListeners } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { loadCatalogue } from '../src/catalogue/index.ts';
import { HelpdeskClient, LocalBudget, type HttpEvent, type HttpResult, type RequestSpec } from '../src/http/index.ts';
import { startSandbox } from '../src/sandbox/index.ts';
import { findResource } from '../src/verify/resources.ts';
import { buildReport } from '../src/verify/report.ts';
import { runVerify } from '../src/verify/runner.ts';
import { StateFile } from '../src/verify/state.ts';
import { NoiseList, DEFAULT_THRESHOLDS } from '../src/verify/noise.ts';
import type { Requester } from '../src/verify/observe.ts';
import { benchRow, type BenchRow } from './protocol.ts';

const round = (n: number) => Math.round(n * 1000) / 1000;

/** A figure for people, then its row for the runner (bench/protocol.ts). */
function row(name: string, value: number, baseline: number, target: number): BenchRow {
  const r = benchRow(name, value, baseline, round(target));
  process.stdout.write(`${r.met ? 'met ' : 'MISS'}  ${r.name}: ${r.value} vs baseline ${r.baseline} → ratio ${r.ratio} (target ≤ ${r.target})\n`);
  return r;
}

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

const run = (tmp: string, name: string, resources: string[], ids: string[]) =>
  StateFile.open(join(tmp, `${name}.jsonl`), {
    base: 'bench',
    v1Base: 'bench',
    resources,
    selection: `${name}:${ids.length}`,
    thresholds: DEFAULT_THRESHOLDS,
    noiseSample: 10,
  });

/** 1. Calls used per window against calls allowed, with the sandbox's limit set. */
async function budgetUse(tmp: string, seconds: number): Promise<BenchRow[]> {
  const windowS = 4;
  const limit = 200;
  const reserve = 0.2;
  const sandbox = await startSandbox({ port: 0, seed: 1, tickets: 2000, rateLimit: { calls: limit, seconds: windowS }, v1RateLimit: { calls: 1_000_000, seconds: 3600 } });
  let credits = 0;
  let throttled = 0;
  let first = 0;
  const onEvent = (e: HttpEvent) => {
    if (e.type !== 'response' || !e.path.startsWith('/api/v2')) return;
    if (e.status === 429) throttled++;
    else credits += e.used ?? 1;
    first ||= performance.now();
  };
  const budget = new LocalBudget({ reserve, windowMs: windowS * 1000 });
  const client = new HelpdeskClient({ base: sandbox.url, allowInsecure: true, credentials: { apiKey: sandbox.keys.admin }, budget, reserve, onEvent });
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const ids = Array.from({ length: 2000 }, (_, i) => String(i + 1));
  const state = run(tmp, 'budget', ['tickets'], ids);
  const started = performance.now();
  const stop = setTimeout(() => controller.abort(), seconds * 1000);
  await runVerify({
    sides: { v1: client, v2: client },
    catalogue: loadCatalogue(),
    resources: [findResource('tickets')!],
    selection: { kind: 'ids', ids },
    state,
    noiseSample: 0,
    concurrency: arg('concurrency', 8),
    signal: controller.signal,
  }).catch(() => undefined);
  clearTimeout(stop);
  const elapsed = (performance.now() - (first || started)) / 1000;
  state.close();
  await client.close();
  await sandbox.close();
  // the first window opens with the first answer; every started window may be spent in full
  const windows = Math.ceil(elapsed / windowS - 1e-9);
  const allowed = windows * Math.floor(limit * (1 - reserve));
  const calls = credits + throttled;
  return [
    // at least 95 % of the allowed credits used = at most 5 % of them left unused
    row(`verify: v2 credits left unused / allowed (limit ${limit} per ${windowS} s, reserve ${reserve * 100} %)`, Math.max(0, allowed - credits), allowed, 0.05),
    row('verify: throttled answers / v2 answers while paced', throttled, calls, 0),
  ];
}

/** A stand-in account: every id answers the captured sandbox body with its id put in. */
async function capturedGroup(): Promise<Requester> {
  const sandbox = await startSandbox({ port: 0, seed: 1, tickets: 10 });
  const client = new HelpdeskClient({ base: sandbox.url, allowInsecure: true, credentials: { apiKey: sandbox.keys.admin } });
  const v1 = (await client.request({ method: 'GET', path: '/groups/3000001.json' })).text();
  const v2 = (await client.request({ method: 'GET', path: '/api/v2/groups/3000001' })).text();
  await client.close();
  await sandbox.close();
  const answer = (text: string): HttpResult => {
    const body = Buffer.from(text);
    return { status: 200, headers: {}, body, text: () => text, json: <T>() => JSON.parse(text) as T, attempts: 1, throttled: 0, elapsedMs: 0 };
  };
  return {
    async request(r: RequestSpec) {
      const id = /(\d+)(\.json)?$/.exec(r.path)?.[1] ?? '0';
      return answer((r.path.startsWith('/api/v2') ? v2 : v1).replaceAll('3000001', id));
    },
  };
}

async function peakRss(work: () => Promise<void>): Promise<number> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  await work();
  clearInterval(timer);
  return Math.max(peak, process.memoryUsage().rss);
}

/** 2. Peak memory of a 1,000-id run and of a 100,000-id run. */
async function memory(tmp: string, many: number): Promise<BenchRow[]> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const requester = await capturedGroup();
  const catalogue = loadCatalogue();
  const groups = findResource('groups')!;
  const once = async (n: number) => {
    gc();
    const ids = Array.from({ length: n }, (_, i) => String(4_000_000 + i));
    const state = run(tmp, `memory-${n}`, ['groups'], ids);
    const rss = await peakRss(async () => {
      await runVerify({ sides: { v1: requester, v2: requester }, catalogue, resources: [groups], selection: { kind: 'ids', ids }, state, noiseSample: 10, concurrency: 8 });
      await buildReport(state.path, { thresholds: DEFAULT_THRESHOLDS, noiseList: new NoiseList() });
    });
    state.close();
    return rss;
  };
  await once(200); // warm-up: code loaded, JIT settled
  const small = await once(1_000);
  const large = await once(many);
  const mb = (n: number) => n / 1024 / 1024;
  // the target: no more than 50 MB above the 1,000-id run, as a ratio to that run
  return [
    row(`verify: peak RSS (MB) of ${many.toLocaleString('en')} ids / of 1,000 ids (target: less than 50 MB more)`, mb(large), mb(small), (mb(small) + 50) / mb(small)),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const tmp = mkdtempSync(join(tmpdir(), 'verify-bench-'));
  try {
    const many = arg('ids', 100_000);
    const rows = [...(await budgetUse(tmp, arg('seconds', 12))), ...(many > 0 ? await memory(tmp, many) : [])];
    process.exitCode = rows.every((r) => r.met) ? 0 : 1;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
