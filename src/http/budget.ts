/**
 * Rate-limit budgets. The account's limit is account-wide (spec 000 "Limits"): every call any of
 * its integrations makes counts. A budget decides when the next call of ours may start so that
 * (1) our calls are spread evenly over the window, using at most `total × (1 − reserve)` credits
 * per window, and (2) we never start a call that would eat into the reserve left for the account's
 * real traffic, judged from the `X-RateLimit-*` headers of the latest answer minus what we have in
 * flight. A `Retry-After` pauses every caller of the budget, not only the one that was throttled.
 *
 * The pacing is hand-written: undici has retry and back-off, but nothing that reads a server's
 * remaining-credit headers and spreads calls across a window.
 */
import { abortReason, onAbort, systemClock, type Clock } from './clock.ts';

/** What one answer said about the budget. `status` 0 means no answer came (network error). */
export interface RateObservation {
  total?: number;
  remaining?: number;
  /** credits the answered call consumed (`X-RateLimit-Used-CurrentRequest`) */
  used?: number;
  /** seconds to pause every caller, from `Retry-After` on a throttled answer */
  retryAfterS?: number;
  status: number;
  /** the credits `acquire()` reserved for this call; they stop counting as in flight now */
  cost?: number;
}

export interface BudgetSnapshot {
  total?: number;
  /** credits left in the window as we estimate them now (latest header minus our calls in flight) */
  remaining?: number;
  /** when we expect the window to reset (epoch ms) */
  resetAt?: number;
  pausedUntil?: number;
  /** credits of our calls started and not yet answered */
  inFlight?: number;
  /** credits per window this budget lets us spend (total minus reserve), and the window: the pace for an ETA */
  usable?: number;
  windowMs?: number;
}

/** Pluggable: LocalBudget here; RedisBudget (src/http/budget-redis.ts) shares one across processes. */
export interface RateBudget {
  /** Waits until spending `cost` keeps the reserve and the pace; the credits then count as in flight. */
  acquire(cost: number, signal?: AbortSignal): Promise<void>;
  /** Called once per acquired call with what its answer said (status 0: no answer), releasing `cost`. */
  observe(h: RateObservation): void;
  snapshot(): BudgetSnapshot;
}

export interface LocalBudgetOptions {
  /** fraction of the budget left for the account's real traffic, 0..1 (default 0.2) */
  reserve?: number;
  /** length of the rate-limit window: 60 s on per-minute accounts (default), 3600 s on per-hour ones and v1 */
  windowMs?: number;
  /** calls per window when known before any answer says so (v1 answers carry no X-RateLimit headers) */
  limit?: number;
  /**
   * credits that may go back to back to catch up after callers fell behind the pace (late timers, a
   * busy event loop, a pause for lack of callers); default 2% of the usable budget, at least 2. The
   * reserve check still holds: catching up never spends below it.
   */
  burst?: number;
  clock?: Clock;
}

export const DEFAULT_RESERVE = 0.2;
export const DEFAULT_WINDOW_MS = 60_000;

/** Reads the rate-limit headers of an answer (lower-case names). */
export function rateHeaders(headers: Record<string, string | undefined>): Pick<RateObservation, 'total' | 'remaining' | 'used'> {
  const num = (v: string | undefined) => {
    if (v === undefined || v.trim() === '') return undefined;
    const n = Number(v);
    return Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  return {
    total: num(headers['x-ratelimit-total']),
    remaining: num(headers['x-ratelimit-remaining']),
    used: num(headers['x-ratelimit-used-currentrequest']),
  };
}

/** `Retry-After` as seconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Number(v);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

export class LocalBudget implements RateBudget {
  readonly reserve: number;
  /** the window length in use: as configured, or longer once a Retry-After proved it longer */
  windowMs: number;
  private readonly clock: Clock;
  private total: number | undefined;
  /** latest X-RateLimit-Remaining and when it arrived */
  private remaining: number | undefined;
  /** our estimate of when the server's current window opened (never earlier than it did) */
  private windowStart: number | undefined;
  private inFlight = 0;
  private answered = false;
  private nextSlot = -Infinity;
  private readonly burst: number | undefined;
  private pausedUntil = -Infinity;
  /** FIFO: callers are admitted one at a time, in arrival order */
  private tail: Promise<void> = Promise.resolve();
  private queued = 0;
  /** the server sends X-RateLimit headers (v2): an answer without them did not pass its limiter */
  private sawHeaders = false;
  /** resolved (and replaced) whenever an answer may let a waiting caller go earlier */
  private wake!: () => void;
  private woken!: Promise<void>;

  constructor(options: LocalBudgetOptions = {}) {
    const reserve = options.reserve ?? DEFAULT_RESERVE;
    if (!(reserve >= 0 && reserve < 1)) throw new RangeError('reserve must be a fraction in [0, 1)');
    this.reserve = reserve;
    this.windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
    if (!(this.windowMs > 0)) throw new RangeError('windowMs must be positive');
    this.total = options.limit;
    this.burst = options.burst;
    this.clock = options.clock ?? systemClock;
    this.rearm();
  }

  private rearm(): void {
    this.woken = new Promise<void>((resolve) => (this.wake = resolve));
  }

  acquire(cost = 1, signal?: AbortSignal): Promise<void> {
    // fast path: nobody queued and nothing to wait for
    if (this.queued === 0 && !signal?.aborted && this.delayFor(cost) <= 0) {
      this.take(cost);
      return Promise.resolve();
    }
    return this.acquireQueued(cost, signal);
  }

  private async acquireQueued(cost: number, signal?: AbortSignal): Promise<void> {
    this.queued++;
    const previous = this.tail;
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    this.tail = previous.then(() => mine);
    try {
      await raceAbort(previous, signal);
      for (;;) {
        const wait = this.delayFor(cost);
        if (wait <= 0) break;
        const woken = this.woken;
        if (!Number.isFinite(wait)) {
          await raceAbort(woken, signal);
          continue;
        }
        // an answer may end the wait early: then the timer is cancelled, not left to run out
        const cancel = new AbortController();
        try {
          await raceAbort(Promise.race([this.clock.sleep(wait, cancel.signal).catch(() => {}), woken]), signal);
        } finally {
          cancel.abort();
        }
      }
      this.take(cost);
    } finally {
      this.queued--;
      done();
    }
  }

  observe(h: RateObservation): void {
    const now = this.clock.now();
    if (h.cost !== undefined) this.inFlight = Math.max(0, this.inFlight - h.cost);
    if (h.status !== 0) this.answered = true;
    if (h.total !== undefined && h.total > 0) this.total = h.total;
    if (h.remaining !== undefined) {
      // Answers of concurrent calls arrive out of order, so "remaining went up" only means a new
      // window when it went up by more than the calls that could have overtaken each other.
      const overtaken = this.inFlight + (h.cost ?? 1);
      const fresh =
        this.remaining === undefined ||
        h.remaining > this.remaining + overtaken ||
        this.windowStart === undefined ||
        now >= this.windowStart + this.windowMs;
      // A window that was not open at our last look opened at some point up to now; taking "now"
      // can only make us wait longer than needed, never start a call too early.
      if (fresh) this.windowStart = now;
      // an older answer overtaken by a newer one does not raise the count: the lower one stands
      if (fresh || h.remaining < this.remaining!) this.remaining = h.remaining;
    }
    if (h.remaining !== undefined || h.used !== undefined) this.sawHeaders = true;
    const free = h.used === 0 || (this.sawHeaders && h.status !== 0 && h.remaining === undefined && h.used === undefined);
    if (free && h.cost !== undefined && this.total) {
      // An answer that did not pass the rate limiter (a proxy's 502, a fault) cost nothing: give
      // its slot back. A call with no answer at all may have been counted, so it keeps its slot.
      this.nextSlot -= h.cost * this.interval();
    } else if (h.used !== undefined && h.cost !== undefined && h.used > h.cost && this.total) {
      // the call cost more than we expected (embedding): keep the pace by pushing the next slot
      this.nextSlot = Math.max(this.nextSlot, now) + (h.used - h.cost) * this.interval();
    }
    if (h.retryAfterS !== undefined) {
      // A wait longer than the window we assumed proves the window longer: older accounts count
      // per hour (spec 000 "Limits"). Pace by the longer one from now on.
      if (h.retryAfterS * 1000 > this.windowMs) this.windowMs = h.retryAfterS > 60 ? Math.max(3_600_000, h.retryAfterS * 1000) : Math.ceil(h.retryAfterS) * 1000;
      const until = now + Math.max(0, h.retryAfterS) * 1000;
      this.pausedUntil = Math.max(this.pausedUntil, until);
      // throttled: the window is spent and resets when the pause ends
      this.remaining = 0;
      this.windowStart = this.pausedUntil - this.windowMs;
    }
    this.wakeAll();
  }

  private wakeAll(): void {
    this.wake();
    this.rearm();
  }

  snapshot(): BudgetSnapshot {
    const now = this.clock.now();
    return {
      total: this.total,
      remaining: this.estimate(now),
      resetAt: this.windowStart === undefined ? undefined : this.windowStart + this.windowMs,
      pausedUntil: this.pausedUntil > now ? this.pausedUntil : undefined,
      inFlight: this.inFlight,
      usable: this.total === undefined ? undefined : this.usable(),
      windowMs: this.windowMs,
    };
  }

  /** Milliseconds between two credits so that the usable part of the budget spreads over the window. */
  private interval(): number {
    if (!this.total) return 0;
    return this.windowMs / Math.max(1, this.usable());
  }

  private usable(): number {
    return this.total === undefined ? Infinity : Math.floor(this.total * (1 - this.reserve));
  }

  /** Credits left in the window minus ours in flight; undefined when nothing is known. */
  private estimate(now: number): number | undefined {
    if (this.total === undefined) return undefined;
    const stale = this.remaining === undefined || this.windowStart === undefined || now >= this.windowStart + this.windowMs;
    return (stale ? this.total : this.remaining!) - this.inFlight;
  }

  /** 0: go now; a number: wait that long (or until an answer arrives); Infinity: wait for an answer. */
  private delayFor(cost: number): number {
    const now = this.clock.now();
    if (now < this.pausedUntil) return this.pausedUntil - now;
    if (this.total === undefined) {
      // Before the first answer we do not know the limit: one call at a time finds it out.
      return !this.answered && this.inFlight > 0 ? Infinity : 0;
    }
    const need = Math.min(cost, Math.max(1, this.usable()));
    const floor = this.total - this.usable();
    const estimate = this.estimate(now)!;
    if (estimate - need < floor) {
      const reset = this.windowStart === undefined ? undefined : this.windowStart + this.windowMs;
      // If the window is not known to reset, only answers of our own calls in flight can tell more.
      if (reset !== undefined && reset > now) return reset - now;
      if (this.inFlight > 0) return Infinity;
    }
    return this.nextSlot > now ? this.nextSlot - now : 0;
  }

  private take(cost: number): void {
    const now = this.clock.now();
    this.inFlight += cost;
    const interval = this.interval();
    if (interval === 0) {
      this.nextSlot = now; // no known limit: nothing to pace by yet
      return;
    }
    const burst = this.burst ?? Math.max(2, Math.ceil(this.usable() * 0.02));
    // a token bucket of `burst` credits: time not used (we were late, or idle) buys up to that many
    this.nextSlot = Math.max(now - burst * interval, this.nextSlot) + cost * interval;
  }
}

function raceAbort<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const off = onAbort(signal, () => reject(abortReason(signal)));
    p.then(
      (v) => {
        off();
        resolve(v);
      },
      (e) => {
        off();
        reject(e);
      },
    );
  });
}
