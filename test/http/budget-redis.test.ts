/**
 * RedisBudget with a real redis-server (started here on a free loopback port, stopped after):
 * two shim instances under concurrent load share one budget and together stay within the
 * account's limit; when Redis is killed mid-load they degrade to local budgets (each its share)
 * instead of failing, and still stay within the limit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisBudget } from '../../src/http/budget-redis.ts';
import { ShimCore } from '../../src/shim/index.ts';
import { AUTH, startFakeUpstream, type Answer, type FakeUpstream } from '../shim/fake-upstream.ts';

const LIMIT = 200; // calls per window at the fake account
const WINDOW_MS = 1000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('redis-server did not start')), 5000);
    child.stdout!.on('data', (d: Buffer) => {
      if (/Ready to accept connections/.test(String(d))) {
        clearTimeout(t);
        resolve();
      }
    });
    child.on('error', reject);
  });
  return child;
}

/** An account with a sliding one-second window: every call counted, 429 past the limit. */
let upstream: FakeUpstream;
const calls: number[] = [];
let throttled = 0;
let redisPort: number;
let redis: ChildProcess | undefined;

function maxInAnyWindow(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let lo = 0;
  for (let hi = 0; hi < sorted.length; hi++) {
    while (sorted[hi]! - sorted[lo]! >= WINDOW_MS) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}

beforeAll(async () => {
  upstream = await startFakeUpstream((): Answer => {
    const now = Date.now();
    while (calls.length && now - calls[0]! >= WINDOW_MS) calls.shift();
    if (calls.length >= LIMIT) {
      throttled++;
      return { status: 429, body: { description: 'Rate limit exceeded' }, headers: { 'retry-after': '1', 'x-ratelimit-total': String(LIMIT), 'x-ratelimit-remaining': '0' } };
    }
    calls.push(now);
    allCalls.push(now);
    return { status: 200, body: [], headers: { 'x-ratelimit-total': String(LIMIT), 'x-ratelimit-remaining': String(LIMIT - calls.length) } };
  });
  redisPort = await freePort();
  redis = await startRedis(redisPort);
});
afterAll(async () => {
  redis?.kill('SIGKILL');
  await upstream.close();
});
const allCalls: number[] = [];

function instance(key: string) {
  const budget = new RedisBudget({ redis: `redis://127.0.0.1:${redisPort}`, key, windowMs: WINDOW_MS, limit: LIMIT, instances: 2 });
  const core = new ShimCore({ upstream: upstream.url, allowInsecureUpstream: true, budget, retries: 0 });
  return { budget, core };
}

async function load(cores: ShimCore[], perInstance: number, concurrency: number, onProgress?: (done: number) => void): Promise<number[]> {
  let done = 0;
  const statuses: number[] = [];
  await Promise.all(
    cores.map(async (core) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < perInstance) {
            next++;
            const r = await core.handle({ method: 'GET', target: '/helpdesk/tickets.json?filter_name=all_tickets', headers: { authorization: AUTH } });
            statuses.push(r.status);
            onProgress?.(++done);
          }
        }),
      );
    }),
  );
  return statuses;
}

describe('RedisBudget', () => {
  it("keeps the reserve counting every instance's calls in flight, not only its own", async () => {
    const opts = { redis: `redis://127.0.0.1:${redisPort}`, key: 'acct-reserve', windowMs: 60_000, limit: 100, reserve: 0.2, burst: 100 };
    const a = new RedisBudget(opts);
    const b = new RedisBudget(opts);
    try {
      // each has made calls before, through Redis once it is connected (the first may go local)
      for (const x of [a, b]) {
        for (let i = 0; i < 40 && !(x.shared && i > 0); i++) {
          await x.acquire(1);
          x.observe({ status: 200, cost: 1 });
          await new Promise((r) => setTimeout(r, 25));
        }
      }
      expect(a.shared && b.shared).toBe(true);
      // b starts 6 calls; an answer to a then says 25 credits are left (the reserve is 20)
      for (let i = 0; i < 6; i++) await b.acquire(1);
      a.observe({ status: 200, remaining: 25, total: 100 });
      await new Promise((r) => setTimeout(r, 50));
      // 25 - 6 in flight - 1 < 20: a waits (it would not, counting only its own calls)
      await expect(a.acquire(1, AbortSignal.timeout(400))).rejects.toThrow();
      // b's calls are answered: they no longer count, and a goes ahead
      for (let i = 0; i < 6; i++) b.observe({ status: 200, cost: 1 });
      await new Promise((r) => setTimeout(r, 50));
      await a.acquire(1, AbortSignal.timeout(2000));
      a.observe({ status: 200, cost: 1, remaining: 24 });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('two shim instances under concurrent load stay within the account limit together', async () => {
    const a = instance('acct-1');
    const b = instance('acct-1');
    try {
      allCalls.length = 0;
      throttled = 0;
      const statuses = await load([a.core, b.core], 250, 25);
      expect(statuses.every((s) => s === 200)).toBe(true);
      expect(throttled).toBe(0);
      expect(a.budget.shared && b.budget.shared).toBe(true);
      // paced at 80% of the limit plus a small burst; arrival jitter on a loaded machine can bunch
      // admitted calls, which the 20% reserve absorbs: never past the limit in any window
      expect(maxInAnyWindow(allCalls)).toBeLessThanOrEqual(LIMIT);
    } finally {
      await Promise.all([a.core.close(), b.core.close(), a.budget.close(), b.budget.close()]);
    }
  }, 20_000);

  it('degrades to a safe local budget when Redis is killed mid-load, and no call fails', async () => {
    const a = instance('acct-2');
    const b = instance('acct-2');
    try {
      allCalls.length = 0;
      throttled = 0;
      const statuses = await load([a.core, b.core], 250, 25, (n) => {
        if (n === 150) redis!.kill('SIGKILL');
      });
      expect(statuses.every((s) => s === 200)).toBe(true);
      expect(a.budget.shared || b.budget.shared).toBe(false);
      expect(throttled).toBe(0);
      expect(maxInAnyWindow(allCalls)).toBeLessThanOrEqual(LIMIT);
    } finally {
      await Promise.all([a.core.close(), b.core.close(), a.budget.close(), b.budget.close()]);
    }
  }, 30_000);
});
