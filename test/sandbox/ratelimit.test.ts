import { afterEach, describe, expect, it } from 'vitest';
import { parseRateLimit, RateLimiter } from '../../src/sandbox/ratelimit.ts';
import { basic, codes, openSandbox, type Client } from './helpers.ts';

let c: Client | undefined;
afterEach(async () => {
  await c?.close();
  c = undefined;
});

describe('v2 rate limit', () => {
  it('reports Total/Remaining/Used-CurrentRequest on every response, charges includes, then 429 + Retry-After', async () => {
    c = await openSandbox({ rateLimit: { calls: 6, seconds: 60 } });
    const first = await c.get('/api/v2/tickets/1');
    expect([first.headers.get('x-ratelimit-total'), first.headers.get('x-ratelimit-remaining'), first.headers.get('x-ratelimit-used-currentrequest')]).toEqual(['6', '5', '1']);
    const withIncludes = await c.get('/api/v2/tickets/1?include=requester,stats');
    expect(withIncludes.headers.get('x-ratelimit-used-currentrequest')).toBe('3');
    expect(withIncludes.headers.get('x-ratelimit-remaining')).toBe('2');
    // invalid requests count too
    const unauthorized = await c.get('/api/v2/tickets/1', basic('wrong'));
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('x-ratelimit-remaining')).toBe('1');
    // a call costing more than what is left is refused
    const tooExpensive = await c.get('/api/v2/tickets/1?include=requester');
    expect(tooExpensive.status).toBe(429);
    await c.get('/api/v2/tickets/1');
    const limited = await c.get('/api/v2/tickets/1');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-total')).toBe('6');
    expect(codes(limited)).toEqual(['rate_limit_exceeded']);
    // the v1 budget is separate
    expect((await c.get('/helpdesk/tickets/1.json')).status).toBe(200);
  });

  it('the window resets after its length', async () => {
    let now = 1_000_000;
    c = await openSandbox({ rateLimit: { calls: 2, seconds: 60 }, now: () => now });
    await c.get('/api/v2/tickets/1');
    await c.get('/api/v2/tickets/1');
    const limited = await c.get('/api/v2/tickets/1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    now += 30_000;
    expect((await c.get('/api/v2/tickets/1')).headers.get('retry-after')).toBe('30');
    now += 30_000;
    expect((await c.get('/api/v2/tickets/1')).status).toBe(200);
  });
});

describe('v1 rate limit', () => {
  it('403 + Retry-After when the hourly budget is spent; no X-RateLimit headers', async () => {
    c = await openSandbox({ v1RateLimit: { calls: 2, seconds: 3600 } });
    const ok = await c.get('/helpdesk/tickets/1.json');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-ratelimit-total')).toBeNull();
    await c.get('/groups.json');
    const limited = await c.get('/helpdesk/tickets/1.json');
    expect(limited.status).toBe(403);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(limited.json.errors.error).toMatch(/limit/);
    const xml = await c.get('/helpdesk/tickets/1.xml');
    expect(xml.status).toBe(403);
    expect(xml.text).toContain('<errors>');
    // v2 is unaffected
    expect((await c.get('/api/v2/tickets/1')).status).toBe(200);
  });
});

describe('budget arithmetic', () => {
  it('parses calls/seconds with units', () => {
    expect(parseRateLimit('100/60')).toEqual({ calls: 100, seconds: 60 });
    expect(parseRateLimit('1000/1h')).toEqual({ calls: 1000, seconds: 3600 });
    expect(parseRateLimit('50/1m')).toEqual({ calls: 50, seconds: 60 });
    expect(parseRateLimit('0/60')).toBeNull();
    expect(parseRateLimit('ten/60')).toBeNull();
  });

  it('never goes below zero remaining and refuses without charging', () => {
    const limiter = new RateLimiter({ calls: 3, seconds: 10 }, () => 0);
    expect(limiter.take(2)).toMatchObject({ allowed: true, remaining: 1, used: 2 });
    expect(limiter.take(2)).toMatchObject({ allowed: false, remaining: 1, used: 0, retryAfter: 10 });
    expect(limiter.take(1)).toMatchObject({ allowed: true, remaining: 0 });
  });
});
