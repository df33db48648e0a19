/**
 * The client against a misbehaving sandbox (5xx, resets, latency, 429 bursts) and a rate-limited
 * one. Sandbox and client share a ScaledClock, so Retry-After seconds and rate-limit windows pass
 * 100 times faster than the wall clock, over real sockets.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HelpdeskClient, HttpConnectionError, ScaledClock, type HttpEvent, type HelpdeskClientOptions } from '../../src/http/index.ts';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.ts';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function sandboxWith(options: SandboxOptions): Promise<Sandbox> {
  const s = await startSandbox({ port: 0, tickets: 200, defaultListWindowDays: 0, onError: (e) => { throw e; }, ...options });
  open.push(s);
  return s;
}

function clientFor(s: Sandbox, options: Partial<HelpdeskClientOptions> = {}): HelpdeskClient {
  const c = new HelpdeskClient({ base: s.url, allowInsecure: true, credentials: { apiKey: s.keys.admin }, ...options });
  open.unshift(c); // closed before the sandboxes
  return c;
}

const IDS = Array.from({ length: 120 }, (_, i) => i + 1);
const PATHS = [...IDS.map((id) => `/api/v2/tickets/${id}`), '/api/v2/tickets?per_page=100&page=1', '/api/v2/contacts?per_page=50', '/helpdesk/tickets/5.json', '/helpdesk/tickets/7.json'];

async function fetchAll(c: HelpdeskClient, paths: string[]): Promise<Map<string, { status: number; body: string; throttled: number; attempts: number }>> {
  const out = new Map<string, { status: number; body: string; throttled: number; attempts: number }>();
  await Promise.all(
    paths.map(async (path) => {
      const r = await c.request({ method: 'GET', path });
      // attachment URLs name the sandbox's port
      out.set(path, { status: r.status, body: r.text().replaceAll(new URL(c.base).origin, 'ORIGIN'), throttled: r.throttled, attempts: r.attempts });
    }),
  );
  return out;
}

const unlimited = { calls: 1_000_000, seconds: 60 };

describe('faults', () => {
  it('a GET run survives 5xx, resets, latency and 429 bursts with the same results as a clean run', async () => {
    const clock = new ScaledClock(100);
    // both sandboxes seed relative to the same instant, so they hold the same account
    const clean = await sandboxWith({ rateLimit: unlimited, v1RateLimit: unlimited, now: clock.anchored() });
    const faulty = await sandboxWith({
      rateLimit: unlimited,
      v1RateLimit: unlimited,
      now: clock.anchored(),
      faults: 'latency=1-15ms@0.3,5xx@0.12,reset@0.06,burst429=2@0.04,seed=11',
    });
    const events: HttpEvent[] = [];
    const expected = await fetchAll(clientFor(clean, { clock }), PATHS);
    const got = await fetchAll(clientFor(faulty, { clock, retries: 10, backoff: { baseMs: 20, maxMs: 500 }, throttleRetries: 20, onEvent: (e) => events.push(e) }), PATHS);
    for (const path of PATHS) {
      expect(got.get(path)!.status, path).toBe(expected.get(path)!.status);
      expect(got.get(path)!.body, path).toBe(expected.get(path)!.body);
    }
    expect([...expected.values()].every((r) => r.status === 200)).toBe(true);
    const reasons = events.filter((e) => e.type === 'retry').map((e) => (e as { reason: string }).reason);
    // every kind of fault happened and was retried
    expect(reasons.some((r) => /^status 5\d\d$/.test(r))).toBe(true);
    expect(reasons.some((r) => /ECONNRESET|UND_ERR_SOCKET/.test(r))).toBe(true);
    expect(reasons.some((r) => r === 'throttled 429')).toBe(true);
    expect([...got.values()].reduce((n, r) => n + r.throttled, 0)).toBeGreaterThan(0);
  });

  it('treats a v1 403 with Retry-After as throttling and waits it out', async () => {
    const clock = new ScaledClock(100);
    const s = await sandboxWith({ v1RateLimit: { calls: 3, seconds: 60 }, now: clock.now });
    const c = clientFor(s, { clock, throttleRetries: 10 });
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((id) => c.request({ method: 'GET', path: `/helpdesk/tickets/${id}.json` })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(results.reduce((n, r) => n + r.throttled, 0)).toBeGreaterThan(0);
    expect(c.v1Budget.snapshot().total).toBeUndefined(); // v1 sends no X-RateLimit headers
  });

  it('never retries a POST after a 5xx or a reset, and retries a GET', async () => {
    const errors = await sandboxWith({ rateLimit: unlimited, faults: 'error503@1' });
    const events: HttpEvent[] = [];
    const c = clientFor(errors, { retries: 3, backoff: { baseMs: 1, maxMs: 2 }, onEvent: (e) => events.push(e) });
    const before = errors.store.tickets.size;
    const post = await c.request({ method: 'POST', path: '/api/v2/tickets', body: { subject: 's', description: 'd', email: 'x@example.com', priority: 1, status: 2 } });
    expect(post.status).toBe(503);
    expect(post.attempts).toBe(1);
    expect(events.filter((e) => e.type === 'request' && e.method === 'POST')).toHaveLength(1);
    const get = await c.request({ method: 'GET', path: '/api/v2/tickets/1' });
    expect(get.status).toBe(503); // retries spent: the last answer is returned
    expect(get.attempts).toBe(4);
    const put = await c.request({ method: 'PUT', path: '/api/v2/tickets/1', body: { priority: 2 }, idempotent: true });
    expect(put.attempts).toBe(4); // the caller may declare a write idempotent

    const resets = await sandboxWith({ rateLimit: unlimited, faults: 'reset@1' });
    const r = clientFor(resets, { retries: 3, backoff: { baseMs: 1, maxMs: 2 } });
    const err = await r.request({ method: 'POST', path: '/api/v2/tickets', body: { subject: 's' } }).catch((e) => e);
    expect(err).toBeInstanceOf(HttpConnectionError);
    expect(err.attempts).toBe(1);
    expect(err.message).toMatch(/not retried: POST is not idempotent/);
    const getErr = await r.request({ method: 'GET', path: '/api/v2/tickets/1' }).catch((e) => e);
    expect(getErr).toBeInstanceOf(HttpConnectionError);
    expect(getErr.attempts).toBe(4);
    expect(errors.store.tickets.size + resets.store.tickets.size).toBe(before * 2);
  });

  it('retries a POST that was throttled: the server refused it without running it', async () => {
    const clock = new ScaledClock(100);
    const s = await sandboxWith({ rateLimit: { calls: 2, seconds: 30 }, now: clock.now });
    const c = clientFor(s, { clock, reserve: 0, budget: undefined });
    // spend the window from outside the client, so the client's first call is throttled
    for (let i = 0; i < 2; i++) await fetch(`${s.url}/api/v2/tickets/1`, { headers: { authorization: `Basic ${Buffer.from(`${s.keys.admin}:X`).toString('base64')}` } });
    const before = s.store.tickets.size;
    const r = await c.request({ method: 'POST', path: '/api/v2/tickets', body: { subject: 's', description: 'd', email: 'x@example.com', priority: 1, status: 2 } });
    expect(r.status).toBe(201);
    expect(r.throttled).toBe(1);
    expect(s.store.tickets.size).toBe(before + 1);
  });

  it('with a rate limit set, spends the budget minus the reserve without a single throttled answer', async () => {
    const clock = new ScaledClock(100);
    // 50 calls per 60 s: with a 20% reserve the client may use 40 per window
    const s = await sandboxWith({ rateLimit: { calls: 50, seconds: 60 }, now: clock.now });
    const statuses: number[] = [];
    const c = clientFor(s, { clock, reserve: 0.2, concurrency: 8, onEvent: (e) => e.type === 'response' && statuses.push(e.status) });
    const started = clock.now();
    const results = await fetchAll(c, IDS.slice(0, 100).map((id) => `/api/v2/tickets/${id}`));
    const elapsed = clock.now() - started;
    expect(statuses.filter((st) => st === 429)).toEqual([]);
    expect([...results.values()].every((r) => r.status === 200 && r.throttled === 0)).toBe(true);
    // 100 calls at 40 per 60 s cannot finish in under 2.5 windows
    expect(elapsed).toBeGreaterThan(2 * 60_000);
  });

  it('times out a slow answer, retries it, then gives up with HttpConnectionError', async () => {
    const s = await sandboxWith({ rateLimit: unlimited, faults: 'latency=400ms' });
    const c = clientFor(s, { timeoutMs: 60, retries: 1, backoff: { baseMs: 1, maxMs: 2 } });
    const err = await c.request({ method: 'GET', path: '/api/v2/tickets/1' }).catch((e) => e);
    expect(err).toBeInstanceOf(HttpConnectionError);
    expect(err.code).toBe('ETIMEDOUT');
    expect(err.message).toMatch(/no answer within 60 ms after 2 attempts/);
    expect(err.attempts).toBe(2);
  });

  it('stops at once when the caller aborts, in flight or while paused by Retry-After', async () => {
    const s = await sandboxWith({ rateLimit: unlimited, faults: 'latency=2s' });
    const c = clientFor(s);
    const ac = new AbortController();
    const pending = c.request({ method: 'GET', path: '/api/v2/tickets/1', signal: ac.signal });
    setTimeout(() => ac.abort(), 30);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });

    const throttled = await sandboxWith({ rateLimit: { calls: 1, seconds: 3600 } });
    const t = clientFor(throttled);
    await t.request({ method: 'GET', path: '/api/v2/tickets/1' });
    const paused = new AbortController();
    const waiting = t.request({ method: 'GET', path: '/api/v2/tickets/2', signal: paused.signal });
    setTimeout(() => paused.abort(new Error('user stopped')), 30);
    await expect(waiting).rejects.toThrow('user stopped');
  });

  it('one signal shared by many waiting requests aborts them all, with one listener on it', async () => {
    const s = await sandboxWith({ rateLimit: unlimited, faults: 'latency=20ms' });
    const c = clientFor(s, { concurrency: 2 });
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      const ac = new AbortController();
      const all = Promise.allSettled(Array.from({ length: 50 }, (_, i) => c.request({ method: 'GET', path: `/api/v2/tickets/${i + 1}`, signal: ac.signal })));
      setTimeout(() => ac.abort(new Error('interrupted')), 30);
      const settled = await all;
      const rejected = settled.filter((r) => r.status === 'rejected');
      expect(rejected.length).toBeGreaterThan(40);
      expect(rejected.every((r) => (r as PromiseRejectedResult).reason.message === 'interrupted')).toBe(true);
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('a v1 call paused by its Retry-After does not hold the slot a v2 call needs', async () => {
    const s = await sandboxWith({ rateLimit: unlimited, v1RateLimit: { calls: 1, seconds: 3600 } });
    const c = clientFor(s, { concurrency: 1 });
    await c.request({ method: 'GET', path: '/helpdesk/tickets/1.json' });
    const ac = new AbortController();
    const paused = c.request({ method: 'GET', path: '/helpdesk/tickets/2.json', signal: ac.signal }); // 403 + Retry-After: 3600
    await new Promise((r) => setTimeout(r, 50));
    expect(c.v1Budget.snapshot().pausedUntil).toBeGreaterThan(Date.now() + 3_000_000);
    const v2 = await c.request({ method: 'GET', path: '/api/v2/tickets/3' });
    expect(v2.status).toBe(200);
    ac.abort(new Error('enough'));
    await expect(paused).rejects.toThrow('enough');
  });
});
