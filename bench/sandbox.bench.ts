/**
 * Sandbox throughput: requests/second for a ticket view on each surface, against a baseline Node
 * http server answering a fixed ~1 KB JSON body in the same process (so the ratio says how much
 * the sandbox itself costs, whatever the machine).
 *
 *   node --import tsx bench/sandbox.bench.ts [--seconds 3] [--concurrency 32]
 *
 * Each target gets a half-second warm-up first. The sandbox runs with an unlimited budget so the
 * rate limiter is exercised but never refuses.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { startSandbox } from '../src/sandbox/index.ts';

export interface BenchResult {
  name: string;
  requests: number;
  rps: number;
  p50ms: number;
  p99ms: number;
  /** throughput relative to the baseline server */
  ratio: number;
}

const AUTH = `Basic ${Buffer.from('sandbox-admin-key:X').toString('base64')}`;

async function measure(origin: string, path: string, seconds: number, concurrency: number): Promise<Omit<BenchResult, 'name' | 'ratio'>> {
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const res = await pool.request({ method: 'GET', path, headers: { authorization: AUTH } });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
      latencies.push(performance.now() - t0);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - start) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50ms: pick(0.5), p99ms: pick(0.99) };
}

export async function runSandboxBench(seconds = 3, concurrency = 32): Promise<BenchResult[]> {
  // Baseline: the cheapest possible JSON answer of about a ticket's size.
  const payload = JSON.stringify({ id: 1, subject: 'x'.repeat(900), status: 2 });
  const baseline = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
    res.end(payload);
  });
  await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
  const baseOrigin = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`;
  // A budget no benchmark can exhaust: the rate limiter still runs on every request.
  // a fixed clock: the same account (and the same default ticket window) on every run
  const sandbox = await startSandbox({ port: 0, now: '2025-06-30T00:00:00Z', rateLimit: { calls: 1e9, seconds: 60 }, v1RateLimit: { calls: 1e9, seconds: 3600 } });
  try {
    // a short warm-up per target lets the JIT settle before measuring
    await measure(baseOrigin, '/', 0.5, concurrency);
    const base = await measure(baseOrigin, '/', seconds, concurrency);
    const cases: [string, string][] = [
      ['v2 GET /api/v2/tickets/:id', '/api/v2/tickets/1'],
      ['v2 GET /api/v2/tickets/:id?include=requester,stats', '/api/v2/tickets/1?include=requester,stats'],
      ['v1 GET /helpdesk/tickets/:id.json (with notes)', '/helpdesk/tickets/1.json'],
      ['v1 GET /helpdesk/tickets/:id.xml', '/helpdesk/tickets/1.xml'],
    ];
    const results: BenchResult[] = [{ name: 'baseline node:http 1 KB JSON', ...base, ratio: 1 }];
    for (const [name, path] of cases) {
      await measure(sandbox.url, path, 0.5, concurrency);
      const r = await measure(sandbox.url, path, seconds, concurrency);
      results.push({ name, ...r, ratio: r.rps / base.rps });
    }
    return results;
  } finally {
    await sandbox.close();
    await new Promise((resolve) => baseline.close(resolve));
  }
}

function print(results: BenchResult[]): void {
  process.stdout.write('sandbox throughput (same process, loopback)\n');
  for (const r of results) {
    process.stdout.write(
      `  ${r.name.padEnd(55)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50ms.toFixed(2)} ms  p99 ${r.p99ms.toFixed(2)} ms  ${(r.ratio * 100).toFixed(0)}% of baseline\n`,
    );
  }
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  print(await runSandboxBench(arg('seconds', 3), arg('concurrency', 32)));
}
