/** HelpdeskClient against the real sandbox: methods, bodies, queries, headers, refusals. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HelpdeskClient, HttpConnectionError, HttpUsageError, LocalBudget, type HttpEvent } from '../../src/http/index.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';

let sandbox: Sandbox;
let client: HelpdeskClient;
const events: HttpEvent[] = [];

beforeAll(async () => {
  // a generous limit: these tests are about the client's plumbing, not its pacing
  sandbox = await startSandbox({ port: 0, tickets: 60, defaultListWindowDays: 0, rateLimit: { calls: 1_000_000, seconds: 60 }, onError: (e) => { throw e; } });
  client = new HelpdeskClient({ base: sandbox.url, allowInsecure: true, credentials: { apiKey: sandbox.keys.admin }, onEvent: (e) => events.push(e) });
});

afterAll(async () => {
  await client?.close();
  await sandbox?.close();
});

describe('HelpdeskClient', () => {
  it('GETs JSON with the rate-limit headers and keeps the connection alive', async () => {
    const r = await client.request({ method: 'GET', path: '/api/v2/tickets/1' });
    expect(r.status).toBe(200);
    expect(r.json<{ id: number }>().id).toBe(1);
    expect(r.headers['x-ratelimit-total']).toBe('1000000');
    expect(r.headers.connection).toBe('keep-alive');
    expect(r.attempts).toBe(1);
    expect(r.throttled).toBe(0);
    expect(Buffer.isBuffer(r.body)).toBe(true);
  });

  it('creates, updates and deletes with JSON bodies (object and string)', async () => {
    const created = await client.request({
      method: 'POST',
      path: '/api/v2/tickets',
      body: { subject: 'from the client', description: 'd', email: 'client-test@example.com', priority: 1, status: 2 },
    });
    expect(created.status).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect(created.headers.location).toMatch(new RegExp(`/api/v2/tickets/${id}$`));
    const updated = await client.request({ method: 'put', path: `/api/v2/tickets/${id}`, body: JSON.stringify({ subject: 'changed' }) });
    expect(updated.status).toBe(200);
    expect(updated.json<{ subject: string }>().subject).toBe('changed');
    const deleted = await client.request({ method: 'DELETE', path: `/api/v2/tickets/${id}` });
    expect(deleted.status).toBe(204);
    expect(deleted.body.length).toBe(0);
  });

  it('sends bytes with the caller\'s content type', async () => {
    const xml = Buffer.from('<helpdesk_ticket><subject>bytes</subject><email>bytes@example.com</email><description>d</description></helpdesk_ticket>');
    const r = await client.request({ method: 'POST', path: '/helpdesk/tickets.xml', body: new Uint8Array(xml), headers: { 'Content-Type': 'application/xml' } });
    expect(r.status).toBeLessThan(300);
    expect(r.text()).toContain('<subject>bytes</subject>');
  });

  it('encodes the query (numbers, booleans, arrays, skipped undefined) after a path query', async () => {
    const r = await client.request({ method: 'GET', path: '/api/v2/tickets?order_type=asc', query: { per_page: 2, page: 2, order_by: undefined } });
    expect(r.status).toBe(200);
    expect(r.json<unknown[]>().length).toBe(2);
    const last = events.filter((e) => e.type === 'request').at(-1);
    expect(last).toMatchObject({ path: '/api/v2/tickets?order_type=asc&per_page=2&page=2' });
    const arr = await client.request({ method: 'GET', path: '/api/v2/tickets', query: { include: ['requester', 'stats'], flag: true } });
    // unknown parameter: the sandbox names it, which proves how it went on the wire
    expect(arr.status).toBe(400);
    expect(events.filter((e) => e.type === 'request').at(-1)).toMatchObject({ path: '/api/v2/tickets?include=requester&include=stats&flag=true' });
  });

  it('lets a per-request authorization override the client credentials (pass-through)', async () => {
    const viewer = `Basic ${Buffer.from(`${sandbox.keys.viewer}:X`).toString('base64')}`;
    const denied = await client.request({ method: 'PUT', path: '/api/v2/tickets/1', body: { subject: 'x' }, headers: { Authorization: viewer } });
    // a v2 403 without Retry-After is access denied: returned, not retried, not counted as throttling
    expect(denied.status).toBe(403);
    expect(denied.attempts).toBe(1);
    expect(denied.throttled).toBe(0);
    const anonymous = new HelpdeskClient({ base: sandbox.url, allowInsecure: true });
    try {
      expect((await anonymous.request({ method: 'GET', path: '/api/v2/tickets/1' })).status).toBe(401);
      const passed = await anonymous.request({ method: 'GET', path: '/api/v2/tickets/1', headers: { authorization: viewer } });
      expect(passed.status).toBe(200);
    } finally {
      await anonymous.close();
    }
  });

  it('serves a base with a path prefix', async () => {
    const prefixed = new HelpdeskClient({ base: `${sandbox.url}/api/v2/`, allowInsecure: true, credentials: { apiKey: sandbox.keys.admin } });
    try {
      const r = await prefixed.request({ method: 'GET', path: '/tickets/2' });
      expect(r.status).toBe(200);
      expect(r.json<{ id: number }>().id).toBe(2);
      expect(prefixed.budget.snapshot().total).toBe(1_000_000); // still a v2 call for pacing
    } finally {
      await prefixed.close();
    }
  });

  it('refuses plain http without allowInsecure, bad URLs, and paths that leave the origin', async () => {
    expect(() => new HelpdeskClient({ base: sandbox.url })).toThrow(HttpUsageError);
    expect(() => new HelpdeskClient({ base: 'not a url' })).toThrow(HttpUsageError);
    expect(() => new HelpdeskClient({ base: 'ftp://example.com' })).toThrow(HttpUsageError);
    expect(() => new HelpdeskClient({ base: 'https://key:secret@example.com' })).toThrow(/not in the base URL/);
    for (const path of ['http://evil.example/x', '//evil.example/x', 'api/v2/tickets', '/a b', '/x\r\nHost: evil']) {
      await expect(client.request({ method: 'GET', path })).rejects.toBeInstanceOf(HttpUsageError);
    }
    await expect(client.request({ method: 'GET', path: '/api/v2/tickets/1', headers: { 'x-a': 'b\r\nc: d' } })).rejects.toBeInstanceOf(HttpUsageError);
  });

  it('fails with HttpConnectionError when nothing listens, after its retries', async () => {
    const dead = await startSandbox({ port: 0, tickets: 1 });
    const url = dead.url;
    await dead.close();
    const c = new HelpdeskClient({ base: url, allowInsecure: true, retries: 2, backoff: { baseMs: 1, maxMs: 2 }, credentials: { apiKey: 'dead-key-123' } });
    try {
      const err = await c.request({ method: 'GET', path: '/api/v2/tickets/1' }).catch((e) => e);
      expect(err).toBeInstanceOf(HttpConnectionError);
      expect(err.code).toBe('ECONNREFUSED');
      expect(err.attempts).toBe(3);
      expect(err.message).not.toContain('dead-key-123');
    } finally {
      await c.close();
    }
  });

  it('uses a given budget for v2 paths and a separate one for v1 paths', async () => {
    const v2 = new LocalBudget({ reserve: 0 });
    const v1 = new LocalBudget({ reserve: 0, windowMs: 3_600_000 });
    const c = new HelpdeskClient({ base: sandbox.url, allowInsecure: true, credentials: { apiKey: sandbox.keys.admin }, budget: v2, v1Budget: v1 });
    try {
      await c.request({ method: 'GET', path: '/api/v2/tickets/3' });
      await c.request({ method: 'GET', path: '/helpdesk/tickets/3.json' });
      expect(v2.snapshot().total).toBe(1_000_000);
      expect(v1.snapshot().total).toBeUndefined();
      expect(c.budget).toBe(v2);
      expect(c.v1Budget).toBe(v1);
    } finally {
      await c.close();
    }
  });

  it('keeps at most `concurrency` requests in flight however many callers wait, each getting its own answer', async () => {
    const slow = await startSandbox({ port: 0, tickets: 40, rateLimit: { calls: 1_000_000, seconds: 60 }, faults: 'latency=2-6ms' });
    let inFlight = 0;
    let peak = 0;
    const c = new HelpdeskClient({
      base: slow.url,
      allowInsecure: true,
      credentials: { apiKey: slow.keys.admin },
      connections: 4,
      concurrency: 3,
      onEvent: (e) => {
        if (e.type === 'request') peak = Math.max(peak, ++inFlight);
        if (e.type === 'response' || e.type === 'error') inFlight--;
      },
    });
    try {
      const ids = Array.from({ length: 40 }, (_, i) => i + 1);
      const results = await Promise.all(ids.map((id) => c.request({ method: 'GET', path: `/api/v2/tickets/${id}` })));
      expect(results.map((r) => r.json<{ id: number }>().id)).toEqual(ids);
      expect(peak).toBe(3);
    } finally {
      await c.close();
      await slow.close();
    }
  });

  it('cuts off an answer larger than maxResponseBytes', async () => {
    const small = new HelpdeskClient({ base: sandbox.url, allowInsecure: true, credentials: { apiKey: sandbox.keys.admin }, maxResponseBytes: 500 });
    try {
      const err = await small.request({ method: 'GET', path: '/api/v2/tickets/1' }).catch((e) => e);
      expect(err).toBeInstanceOf(HttpConnectionError);
      expect(err.code).toBe('UND_ERR_RES_EXCEEDED_MAX_SIZE');
      expect(err.attempts).toBe(1);
      expect((await client.request({ method: 'GET', path: '/api/v2/tickets/1' })).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('never lets a caller pick the host or the framing: connection headers are dropped', async () => {
    const r = await client.request({
      method: 'POST',
      path: '/api/v2/tickets',
      body: { subject: 'host trick', description: 'd', email: 'host-trick@example.com', priority: 1, status: 2 },
      headers: { Host: 'evil.example', 'Content-Length': '999999', Connection: 'close', 'Transfer-Encoding': 'chunked' },
    });
    expect(r.status).toBe(201);
    // the sandbox builds Location from the Host header it received
    expect(r.headers.location).toMatch(new RegExp(`^${sandbox.url}/api/v2/tickets/\\d+$`));
  });

  it('talks HTTPS to a server with a self-signed certificate given as ca', async () => {
    const secure = await startSandbox({ port: 0, tickets: 5, tls: true });
    const c = new HelpdeskClient({ base: secure.url, ca: secure.ca, credentials: { apiKey: secure.keys.admin } });
    const untrusting = new HelpdeskClient({ base: secure.url, credentials: { apiKey: secure.keys.admin }, retries: 0 });
    try {
      expect(secure.url.startsWith('https://')).toBe(true);
      expect((await c.request({ method: 'GET', path: '/api/v2/tickets/1' })).status).toBe(200);
      // an untrusted certificate is not a connection hiccup to retry: it is refused
      const err = await untrusting.request({ method: 'GET', path: '/api/v2/tickets/1' }).catch((e) => e);
      expect(err).toBeInstanceOf(HttpConnectionError);
      expect(err.message).toMatch(/certificate/i);
      expect(err.attempts).toBe(1);
    } finally {
      await c.close();
      await untrusting.close();
      await secure.close();
    }
  });
});
