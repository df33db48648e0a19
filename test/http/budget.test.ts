/** LocalBudget on a virtual clock: pacing, reserve, Retry-After pauses, calls in flight, aborts. */
import { describe, expect, it } from 'vitest';
import { LocalBudget, ManualClock, parseRetryAfter, rateHeaders } from '../../src/http/index.ts';
import { flush } from '../../src/http/clock.ts';

/** Starts `n` acquires at once; returns the virtual times at which each was admitted. */
function admitTimes(budget: LocalBudget, clock: ManualClock, n: number, cost = 1): { times: (number | undefined)[]; all: Promise<void[]> } {
  const times: (number | undefined)[] = new Array(n).fill(undefined);
  const all = Promise.all(
    Array.from({ length: n }, (_, i) =>
      budget.acquire(cost).then(() => {
        times[i] = clock.now();
      }),
    ),
  );
  return { times, all };
}

async function runUntil(clock: ManualClock, done: () => boolean, limitMs = 10_000_000): Promise<void> {
  const end = clock.now() + limitMs;
  await flush();
  while (!done() && clock.now() < end) {
    if (!(await clock.step())) break;
  }
}

/** Runs the virtual clock until `p` settles. */
async function drive<T>(clock: ManualClock, p: Promise<T>): Promise<T> {
  let done = false;
  const tracked = p.finally(() => (done = true));
  await runUntil(clock, () => done);
  return tracked;
}

describe('LocalBudget', () => {
  it('sends one probe before the limit is known, then the rest', async () => {
    const clock = new ManualClock(0);
    const budget = new LocalBudget({ clock, reserve: 0 });
    const { times } = admitTimes(budget, clock, 3);
    await flush();
    expect(times).toEqual([0, undefined, undefined]);
    budget.observe({ status: 200, cost: 1 }); // an answer without headers: no limit to pace by
    await flush();
    expect(times).toEqual([0, 0, 0]);
  });

  it('spreads the usable budget (total minus reserve) evenly over the window', async () => {
    const clock = new ManualClock(0);
    const budget = new LocalBudget({ clock, reserve: 0.2, windowMs: 60_000, limit: 100, burst: 0 });
    const { times } = admitTimes(budget, clock, 10);
    await runUntil(clock, () => times.every((t) => t !== undefined));
    // 80 usable credits per 60 s: one every 750 ms
    expect(times).toEqual([0, 750, 1500, 2250, 3000, 3750, 4500, 5250, 6000, 6750]);
  });

  it('gives the slot back for an answer that did not pass the rate limiter, not for a call without answer', async () => {
    const clock = new ManualClock(0);
    const budget = new LocalBudget({ clock, reserve: 0, windowMs: 10_000, limit: 10, burst: 0 });
    await budget.acquire(1);
    budget.observe({ status: 200, cost: 1, total: 10, remaining: 9, used: 1 });
    await drive(clock, budget.acquire(1)); // at 1 s
    budget.observe({ status: 502, cost: 1 }); // no rate headers: the limiter never saw it
    await drive(clock, budget.acquire(1)); // the freed slot: still at 1 s
    expect(clock.now()).toBe(1_000);
    budget.observe({ status: 0, cost: 1 }); // reset: maybe counted, the slot stays spent
    await drive(clock, budget.acquire(1));
    expect(clock.now()).toBe(2_000);
    budget.observe({ status: 200, cost: 1, total: 10, remaining: 7, used: 1 });
    await drive(clock, budget.acquire(1));
    expect(clock.now()).toBe(3_000);
  });

  it('lets a few credits go back to back to catch up after callers fell behind the pace', async () => {
    const clock = new ManualClock(0);
    const budget = new LocalBudget({ clock, reserve: 0, windowMs: 10_000, limit: 10, burst: 2 });
    await budget.acquire(1);
    budget.observe({ status: 200, cost: 1, total: 10, remaining: 9 });
    await clock.advance(5_000); // nobody called for 5 s
    const { times } = admitTimes(budget, clock, 4);
    await runUntil(clock, () => times.every((t) => t !== undefined));
    expect(times).toEqual([5_000, 5_000, 5_000, 6_000]);
  });

  it('never uses more than total minus reserve in a window, and goes on when the window resets', async () => {
    const clock = new ManualClock(0);
    const budget = new LocalBudget({ clock, reserve: 0.5, windowMs: 1_000, limit: 10 });
    let serverUsed = 0;
    let windowStart = -Infinity;
    const sentAt: number[] = [];
    // a fixed-window server like the sandbox's, answering instantly
    const call = async () => {
      await budget.acquire(1);
      const t = clock.now();
      if (t >= windowStart + 1_000) {
        windowStart = t;
        serverUsed = 0;
      }
      serverUsed++;
      sentAt.push(t);
      budget.observe({ status: 200, cost: 1, total: 10, remaining: 10 - serverUsed, used: 1 });
    };
    const all = Promise.all(Array.from({ length: 20 }, call));
    await runUntil(clock, () => sentAt.length === 20);
    await all;
    for (const t of sentAt) expect(sentAt.filter((u) => u >= t && u < t + 1_000).length).toBeLessThanOrEqual(5);
    expect(sentAt.at(-1)).toBeLessThan(4_100); // 20 calls at 5 per second: about 4 s, not more
  });

  it('keeps the reserve when other traffic has spent the budget, until the window resets', async () => {
    const clock = new ManualClock(0);
    const budget = new LocalBudget({ clock, reserve: 0.2, windowMs: 60_000 });
    await budget.acquire(1);
    clock.advance(10);
    // someone else used most of the window: 21 left, the reserve is 20
    budget.observe({ status: 200, cost: 1, total: 100, remaining: 21, used: 1 });
    const { times } = admitTimes(budget, clock, 2);
    await runUntil(clock, () => times.every((t) => t !== undefined));
    expect(times[0]).toBeLessThan(1_000);
    expect(times[1]).toBeGreaterThanOrEqual(60_010); // only after the window that opened at 10 ms has reset
  });

  it('counts calls in flight against what the latest answer says is left', async () => {
    const clock = new ManualClock(0);
    const budget = new LocalBudget({ clock, reserve: 0, windowMs: 60_000 });
    await budget.acquire(1);
    budget.observe({ status: 200, cost: 1, total: 1_000, remaining: 3, used: 1 });
    const { times } = admitTimes(budget, clock, 4);
    await runUntil(clock, () => times.filter((t) => t !== undefined).length >= 3, 1_000);
    expect(times.filter((t) => t !== undefined).length).toBe(3); // 3 left, 3 in flight: the 4th waits
    expect(budget.snapshot()).toMatchObject({ remaining: 0, inFlight: 3 });
  });

  it('pauses every caller for Retry-After after a throttled answer', async () => {
    const clock = new ManualClock(0);
    const budget = new LocalBudget({ clock, reserve: 0.2 });
    await budget.acquire(1);
    budget.observe({ status: 429, cost: 1, total: 100, remaining: 0, retryAfterS: 7 });
    expect(budget.snapshot().pausedUntil).toBe(7_000);
    const { times } = admitTimes(budget, clock, 2);
    await runUntil(clock, () => times.every((t) => t !== undefined));
    expect(times[0]).toBe(7_000);
    expect(times[1]).toBeGreaterThanOrEqual(7_000);
  });

  it('learns an hourly window from a Retry-After longer than the assumed minute', async () => {
    const clock = new ManualClock(0);
    const budget = new LocalBudget({ clock, reserve: 0.2, burst: 0 });
    await budget.acquire(1);
    budget.observe({ status: 429, cost: 1, total: 3_000, remaining: 0, retryAfterS: 1_800 });
    expect(budget.snapshot()).toMatchObject({ windowMs: 3_600_000, pausedUntil: 1_800_000, resetAt: 1_800_000 });
    // 2,400 usable calls per hour: one every 1.5 s
    await drive(clock, budget.acquire(1));
    budget.observe({ status: 200, cost: 1, total: 3_000, remaining: 2_999, used: 1 });
    const before = clock.now();
    await drive(clock, budget.acquire(1));
    await drive(clock, budget.acquire(1));
    await drive(clock, budget.acquire(1));
    expect(clock.now() - before).toBe(3 * 1_500);
  });

  it('charges more than one credit for expensive calls and keeps the pace when a call cost more than expected', async () => {
    const clock = new ManualClock(0);
    const budget = new LocalBudget({ clock, reserve: 0, windowMs: 10_000, limit: 10, burst: 0 });
    await budget.acquire(3);
    budget.observe({ status: 200, cost: 3, total: 10, remaining: 6, used: 4 });
    const { times } = admitTimes(budget, clock, 1);
    await runUntil(clock, () => times[0] !== undefined);
    expect(times[0]).toBe(4_000); // 1 s per credit, 4 credits spent
  });

  it('rejects an aborted acquire with the signal reason and lets the next caller through', async () => {
    const clock = new ManualClock(0);
    const budget = new LocalBudget({ clock, reserve: 0, limit: 1, windowMs: 60_000 });
    await budget.acquire(1);
    const ac = new AbortController();
    const aborted = budget.acquire(1, ac.signal);
    const next = budget.acquire(1);
    ac.abort(new Error('stop'));
    await expect(aborted).rejects.toThrow('stop');
    budget.observe({ status: 200, cost: 1, total: 1, remaining: 0 });
    let admitted = false;
    void next.then(() => (admitted = true));
    await runUntil(clock, () => admitted);
    expect(admitted).toBe(true);
    expect(clock.now()).toBeGreaterThanOrEqual(60_000);
  });
});

describe('header parsing', () => {
  it('reads X-RateLimit-* and Retry-After', () => {
    expect(rateHeaders({ 'x-ratelimit-total': '200', 'x-ratelimit-remaining': '7', 'x-ratelimit-used-currentrequest': '3' })).toEqual({ total: 200, remaining: 7, used: 3 });
    expect(rateHeaders({ 'x-ratelimit-total': 'lots' })).toEqual({ total: undefined, remaining: undefined, used: undefined });
    expect(parseRetryAfter('5', 0)).toBe(5);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 0)).toBe(10);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(parseRetryAfter(undefined, 0)).toBeUndefined();
  });
});
