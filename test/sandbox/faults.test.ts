import { afterEach, describe, expect, it } from 'vitest';
import { FaultInjector, FaultSpecError, parseFaults } from '../../src/sandbox/faults.ts';
import { openSandbox, type Client } from './helpers.ts';

let c: Client | undefined;
afterEach(async () => {
  await c?.close();
  c = undefined;
});

describe('fault grammar', () => {
  it('parses every fault kind', () => {
    expect(parseFaults('latency=50ms@0.2,error500@0.05,reset@0.01,burst429@0.1')).toEqual({
      latency: { minMs: 50, maxMs: 50, probability: 0.2 },
      errors: [{ statuses: [500], probability: 0.05 }],
      reset: { probability: 0.01 },
      burst: { count: 3, probability: 0.1 },
    });
    expect(parseFaults('latency=20-80ms').latency).toEqual({ minMs: 20, maxMs: 80, probability: 1 });
    expect(parseFaults('latency=1s@50%').latency).toEqual({ minMs: 1000, maxMs: 1000, probability: 0.5 });
    expect(parseFaults('5xx@0.1').errors[0]!.statuses).toEqual([500, 502, 503, 504]);
    expect(parseFaults('error503').errors[0]).toEqual({ statuses: [503], probability: 1 });
    expect(parseFaults('burst429=5@0.2, seed=9')).toMatchObject({ burst: { count: 5, probability: 0.2 }, seed: 9 });
  });

  it('rejects malformed specs with a message', () => {
    for (const bad of ['', 'latency=fast', 'error404', 'reset@2', 'reset@-1', 'burst429=0', 'explode@0.1', 'latency=80-20ms']) {
      expect(() => parseFaults(bad), bad).toThrow(FaultSpecError);
    }
  });

  it('rolls deterministically for a seed, near the asked probability', () => {
    const roll = () => {
      const f = new FaultInjector(parseFaults('error500@0.3'), 7);
      return Array.from({ length: 1000 }, () => f.decide().kind);
    };
    const a = roll();
    expect(roll()).toEqual(a);
    const errors = a.filter((k) => k === 'error').length;
    expect(errors).toBeGreaterThan(230);
    expect(errors).toBeLessThan(370);
  });

  it('a burst throttles the next requests in a row', () => {
    const f = new FaultInjector(parseFaults('burst429=4@1'), 1);
    expect(Array.from({ length: 4 }, () => f.decide().kind)).toEqual(['throttle', 'throttle', 'throttle', 'throttle']);
  });
});

describe('faults on the wire', () => {
  it('error500 answers 5xx in the API shape and writes nothing', async () => {
    c = await openSandbox({ faults: 'error503@1' });
    const before = c.sandbox.store.tickets.size;
    const r = await c.call('POST', '/api/v2/tickets', { body: { email: 'a@b.example', subject: 'x' } });
    expect(r.status).toBe(503);
    expect(r.json).toHaveProperty('description');
    expect((await c.get('/helpdesk/tickets/1.json')).json).toHaveProperty('errors');
    expect(c.sandbox.store.tickets.size).toBe(before);
  });

  it('reset drops the connection without a response', async () => {
    c = await openSandbox({ faults: 'reset@1' });
    await expect(c.get('/api/v2/tickets/1')).rejects.toThrow();
  });

  it('latency delays the answer', async () => {
    c = await openSandbox({ faults: 'latency=120ms' });
    const t0 = performance.now();
    expect((await c.get('/api/v2/tickets/1')).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(110);
  });

  it('burst429 throttles v2 with 429 and v1 with 403, both with Retry-After: 1', async () => {
    c = await openSandbox({ faults: 'burst429=10@1' });
    const v2 = await c.get('/api/v2/tickets/1');
    expect(v2.status).toBe(429);
    expect(v2.headers.get('retry-after')).toBe('1');
    expect(v2.headers.get('x-ratelimit-remaining')).toBe('0');
    const v1 = await c.get('/helpdesk/tickets/1.json');
    expect(v1.status).toBe(403);
    expect(v1.headers.get('retry-after')).toBe('1');
  });

  it('mixed faults with a probability leave some requests untouched', async () => {
    c = await openSandbox({ faults: 'error500@0.3,seed=3' });
    const statuses = [];
    for (let i = 0; i < 40; i++) statuses.push((await c.get('/api/v2/tickets/1')).status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(500);
  });
});
