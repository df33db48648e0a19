/**
 * Upstream faults mapped to what a v1 client expects: 5xx (retried when idempotent, then passed
 * on), connection resets (502), latency past the deadline (504), 429 bursts (403 + Retry-After, as
 * v1 throttled), a v2 403 (access denied: 403 without Retry-After, so v1 clients do not retry),
 * 404 and validation errors; and `none` rules answer 501 naming the rule and the substitute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShimCore } from '../../src/shim/index.ts';
import { AUTH, startFakeUpstream, type Answer, type FakeUpstream } from './fake-upstream.ts';

let upstream: FakeUpstream;
let next: (path: string) => Answer = () => ({ status: 200, body: {} });
let core: ShimCore;

beforeAll(async () => {
  upstream = await startFakeUpstream((r) => {
    if (r.path === '/api/v2/ticket_fields' || r.path === '/api/v2/agents') return { status: 200, body: [] };
    return next(r.path);
  });
  core = new ShimCore({ upstream: upstream.url, allowInsecureUpstream: true, upstreamTimeoutMs: 300, retries: 2 });
});
afterAll(async () => {
  await core.close();
  await upstream.close();
});

const view = (path = '/helpdesk/tickets/5.json', shim = core) => shim.handle({ method: 'GET', target: path, headers: { authorization: AUTH } });
const mainCalls = () => upstream.received.filter((r) => r.path.startsWith('/api/v2/tickets')).length;

describe('upstream faults as a v1 client expects them', () => {
  it('a 5xx once is retried (GET) and the client never sees it', async () => {
    let n = 0;
    next = () => (n++ === 0 ? { status: 503, body: { description: 'busy' } } : { status: 200, body: n === 2 ? { id: 5, status: 2 } : [] });
    const r = await view();
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body).helpdesk_ticket.display_id).toBe(5);
  });

  it('a lasting 5xx is passed on as the same v1 5xx with a v1 error body', async () => {
    next = () => ({ status: 500, body: { description: 'boom' } });
    const r = await view();
    expect(r.status).toBe(500);
    expect(JSON.parse(r.body)).toEqual({ errors: { error: 'the helpdesk failed (500)' } });
  });

  it('a POST answered 5xx is not retried (it may have run)', async () => {
    upstream.received.length = 0;
    next = () => ({ status: 502, body: {} });
    const r = await core.handle({
      method: 'POST',
      target: '/helpdesk/tickets.json',
      headers: { authorization: AUTH, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ helpdesk_ticket: { subject: 's', email: 'a@b.c', description: 'd' } })),
    });
    expect(r.status).toBe(502);
    expect(upstream.received.filter((x) => x.method === 'POST')).toHaveLength(1);
  });

  it('connection resets → 502; an upstream slower than the deadline → 504', async () => {
    next = () => 'reset';
    const reset = await view();
    expect(reset.status).toBe(502);
    expect(JSON.parse(reset.body).errors.error).toMatch(/could not be reached/);
    next = () => ({ delayMs: 1000, then: { status: 200, body: {} } });
    const slow = await view();
    expect(slow.status).toBe(504);
  });

  it('a 429 burst → 403 + Retry-After (the v1 throttle), in JSON and XML', async () => {
    // its own shim: the pause a 429 starts holds every caller of that shim's budget
    const own = new ShimCore({ upstream: upstream.url, allowInsecureUpstream: true });
    try {
    next = () => ({ status: 429, body: { description: 'Rate limit exceeded' }, headers: { 'retry-after': '7' } });
    const r = await view(undefined, own);
    expect(r.status).toBe(403);
    expect(r.headers['retry-after']).toBe('7');
    expect(JSON.parse(r.body).errors.error).toMatch(/exceeded the limit/);
    // while the account is paused the shim answers the throttle at once, counting down, without a call
    const before = upstream.received.length;
    const xml = await view('/helpdesk/tickets/5.xml', own);
    expect(xml.status).toBe(403);
    expect(Number(xml.headers['retry-after'])).toBeGreaterThanOrEqual(6);
    expect(upstream.received.length).toBe(before);
    expect(xml.body).toMatch(/<errors>\s*<error>You have exceeded/);
      } finally {
      await own.close();
    }
  });

  it('a v2 403 is access denied: 403 without Retry-After; 404 → Record Not Found; 400 → 422 with the field messages', async () => {
    next = () => ({ status: 403, body: { description: 'Access denied', errors: [{ code: 'access_denied', message: 'no' }] } });
    const denied = await view();
    expect(denied.status).toBe(403);
    expect(denied.headers['retry-after']).toBeUndefined();
    expect(JSON.parse(denied.body)).toEqual({ access_denied: true });
    next = () => ({ status: 404, body: { description: 'Resource not found' } });
    const missing = await view();
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({ errors: { error: 'Record Not Found' } });
    next = () => ({ status: 400, body: { description: 'Validation failed', errors: [{ field: 'email', message: 'It should be a valid email address', code: 'invalid_value' }] } });
    const invalid = await core.handle({
      method: 'POST',
      target: '/helpdesk/tickets.json',
      headers: { authorization: AUTH, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ helpdesk_ticket: { subject: 's', email: 'nope' } })),
    });
    expect(invalid.status).toBe(422);
    expect(JSON.parse(invalid.body).errors.error).toMatch(/email: It should be a valid email address/);
  });

  it('a v2 405 (a spam or deleted ticket cannot be updated) is a v1 422 naming the reason, not a 502 that invites retries', async () => {
    next = () => ({ status: 405, body: { description: 'Method not allowed: Spam tickets cannot be updated or deleted' } });
    const r = await core.handle({
      method: 'PUT',
      target: '/helpdesk/tickets/5.json',
      headers: { authorization: AUTH, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ helpdesk_ticket: { priority: 3 } })),
    });
    expect(r.status).toBe(422);
    expect(JSON.parse(r.body).errors.error).toMatch(/Spam tickets cannot be updated/);
  });

  it('a `none` rule answers 501 naming the rule and the substitute (JSON and XML), nothing upstream', async () => {
    const rule = core.catalogue.rules.find((r) => r.plan.length === 0)!;
    upstream.received.length = 0;
    const path = rule.v1.paths[0]!.replace(/:(\w+)/g, '1');
    for (const suffix of ['.json', '.xml']) {
      const r = await core.handle({ method: rule.v1.method, target: `${path}${suffix}`, headers: { authorization: AUTH } });
      expect(r.status).toBe(501);
      expect(r.body).toContain(rule.id);
      if (rule.substitute) expect(r.body).toContain(suffix === '.xml' ? '<substitute>' : '"substitute"');
    }
    expect(upstream.received).toEqual([]);
  });

  it('the call count: a retried GET costs its retries in the stats', () => {
    expect(core.stats.v2Calls).toBeGreaterThan(mainCalls() - 1);
  });
});
