/**
 * 10,000 v1 requests at concurrency 50 through the HTTP shim with 10% injected upstream faults
 * (5xx, connection resets, 429s, latency): no crash, every answer a well-formed v1 response, no
 * answer given to the wrong caller (each asks for its own ticket id), memory back near its
 * baseline afterwards. (One v2 call per v1 call, the contact view: the machine is shared, the
 * multi-call plans have their own tests.)
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShimServer, type ShimServer } from '../../src/shim/index.ts';
import { AUTH, startFakeUpstream, type Answer, type FakeUpstream } from './fake-upstream.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let upstream: FakeUpstream;
let shim: ShimServer;

/** One in ten tickets is faulty, always the same way for the same id (so retries meet the fault again). */
function answerFor(path: string): Answer {
  const m = /^\/api\/v2\/contacts\/(\d+)$/.exec(path);
  if (!m) return { status: 404, body: { description: 'Resource not found' } };
  const id = Number(m[1]);
  const contact = { id, name: `Contact ${id}`, email: `c${id}@acme.example`, active: true };
  if (id % 10 === 0) {
    switch (id % 40) {
      case 0:
        return { status: 500, body: { description: 'boom' } };
      case 10:
        return 'reset';
      case 20:
        return { status: 429, body: { description: 'Rate limit exceeded' }, headers: { 'retry-after': '0' } };
      default:
        return { delayMs: 20, then: { status: 200, body: contact } };
    }
  }
  return { status: 200, body: contact };
}

beforeAll(async () => {
  upstream = await startFakeUpstream((r) => answerFor(r.path));
  shim = await startShimServer({ upstream: upstream.url, allowInsecureUpstream: true, port: 0, connections: 64, retries: 1 });
});
afterAll(async () => {
  await shim.close();
  await upstream.close();
});

const EXPECTED: Record<number, number> = { 0: 500, 10: 502, 20: 403, 30: 200 };

async function drive(total: number, concurrency: number, offset: number, problems: string[]): Promise<void> {
  const pool = new Pool(shim.url, { connections: concurrency });
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const id = offset + ++next;
          const res = await pool.request({ method: 'GET', path: `/contacts/${id}.json`, headers: { authorization: AUTH } });
          const text = await res.body.text();
          let body: Record<string, unknown>;
          try {
            body = JSON.parse(text) as Record<string, unknown>;
          } catch {
            problems.push(`${id}: not JSON (${res.statusCode})`);
            continue;
          }
          const want = id % 10 === 0 ? EXPECTED[id % 40]! : 200;
          if (res.statusCode !== want) problems.push(`${id}: status ${res.statusCode}, expected ${want}`);
          if (res.statusCode === 200) {
            const c = body.user as { id?: number; email?: string } | undefined;
            if (c?.id !== id || c.email !== `c${id}@acme.example`) problems.push(`${id}: got the answer for ${c?.id}`);
          } else if (!(body.errors && typeof (body.errors as { error?: unknown }).error === 'string')) {
            problems.push(`${id}: error without a v1 error body`);
          }
          if (res.statusCode === 403 && !res.headers['retry-after']) problems.push(`${id}: throttle without Retry-After`);
        }
      }),
    );
  } finally {
    await pool.close();
  }
}

describe('load with faults', () => {
  it('10,000 requests at concurrency 50, 10% faults: every answer well-formed and for its caller; memory back near baseline', async () => {
    const problems: string[] = [];
    await drive(500, 50, 0, problems); // warm-up: code loaded, pools filled, caches set
    gc();
    const baseline = process.memoryUsage().heapUsed;
    await drive(10_000, 50, 1000, problems);
    gc();
    await new Promise((r) => setTimeout(r, 50));
    gc();
    const after = process.memoryUsage().heapUsed;
    expect(problems.slice(0, 10)).toEqual([]);
    expect(shim.core.stats.requests).toBe(10_500);
    // no retained per-request state: within 25 MB of the baseline after 10,000 requests
    expect((after - baseline) / 1024 / 1024).toBeLessThan(25);
  }, 60_000);
});
