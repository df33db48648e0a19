/**
 * RedisBudget: one rate budget shared by every process that talks to one account (several shim
 * instances behind a load balancer), through Redis. The account's limit is account-wide, so the
 * pace is kept in one place: a GCRA token bucket in a Lua script (atomic, Redis' own clock, so the
 * instances' clocks do not matter), a shared pause when any instance is told Retry-After, and the
 * limit learnt from X-RateLimit-Total shared with the others.
 *
 * When Redis goes away (connection lost, a command slower than `commandTimeoutMs`) the budget does
 * not fail calls: it falls back to a local budget that only spends this instance's share of the
 * usable credits (`1 / instances`), so the instances together still stay within the limit, and it
 * goes back to Redis once Redis answers again.
 */
import { Redis, type RedisOptions } from 'ioredis';
import { LocalBudget, DEFAULT_RESERVE, DEFAULT_WINDOW_MS, type BudgetSnapshot, type RateBudget, type RateObservation } from './budget.ts';
import { abortReason } from './clock.ts';

export interface RedisBudgetOptions {
  /** redis://host:port[/db], or a connected ioredis client to share (then close() leaves it open) */
  redis: string | Redis;
  /** names the shared budget: one per account (e.g. the account's origin) */
  key: string;
  /** fraction left for the account's own traffic (default 0.2) */
  reserve?: number;
  /** the rate-limit window (default 60 s) */
  windowMs?: number;
  /** calls per window before any answer says (X-RateLimit-Total) */
  limit?: number;
  /** instances sharing the account: the local fallback spends 1/instances of the usable credits (default 2) */
  instances?: number;
  /** credits that may go back to back (default 2% of the usable budget, at least 2) */
  burst?: number;
  /** a Redis command slower than this counts as Redis gone (default 250 ms) */
  commandTimeoutMs?: number;
  redisOptions?: RedisOptions;
}

/**
 * KEYS: bucket (TAT, ms), pause (until, ms), total, remaining (the lowest X-RateLimit-Remaining any
 * instance saw in the window), in flight (credits every instance has started and not yet had
 * answered). ARGV: cost, reserve, windowMs, burst fraction, default total.
 * Returns the milliseconds to wait (0: taken, and counted as in flight).
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if paused > now then return paused - now end
local total = tonumber(redis.call('GET', KEYS[3]) or ARGV[5])
if total <= 0 then return 0 end
local cost = tonumber(ARGV[1])
local remaining = redis.call('GET', KEYS[4])
if remaining then
  local inFlight = tonumber(redis.call('GET', KEYS[5]) or '0')
  -- the account's own traffic is down to the reserve, counting every instance's calls in flight
  if tonumber(remaining) - inFlight - cost < total * tonumber(ARGV[2]) then return 100 end
end
local windowMs = tonumber(ARGV[3])
local usable = math.max(1, math.floor(total * (1 - tonumber(ARGV[2]))))
local interval = windowMs / usable
local burst = tonumber(ARGV[4])
if burst <= 0 then burst = math.max(2, math.ceil(usable * 0.02)) end
local tau = burst * interval
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local allowAt = tat + cost * interval - tau - interval
if allowAt > now then return math.ceil(allowAt - now) end
redis.call('SET', KEYS[1], tostring(tat + cost * interval), 'PX', math.ceil(windowMs * 2))
redis.call('INCRBY', KEYS[5], cost)
redis.call('PEXPIRE', KEYS[5], math.ceil(windowMs * 2))
return 0
`;

/**
 * KEYS: remaining, in flight. ARGV: cost answered, X-RateLimit-Remaining of the answer ('' when
 * none), windowMs. Answers of concurrent calls arrive out of order: the lowest remaining stands
 * until the window it was seen in is over.
 */
const RELEASE = `
if ARGV[2] ~= '' then
  local cur = redis.call('GET', KEYS[1])
  if (not cur) or tonumber(ARGV[2]) < tonumber(cur) then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
end
local cost = tonumber(ARGV[1])
if cost > 0 and redis.call('EXISTS', KEYS[2]) == 1 then
  if redis.call('DECRBY', KEYS[2], cost) < 0 then redis.call('SET', KEYS[2], '0', 'PX', ARGV[3]) end
end
return 0
`;

/** KEYS: pause. ARGV: seconds. Pauses every instance until now + seconds (never shortens a pause). */
const PAUSE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local untilMs = now + math.ceil(tonumber(ARGV[1]) * 1000)
local cur = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilMs > cur then redis.call('SET', KEYS[1], tostring(untilMs), 'PX', math.ceil(tonumber(ARGV[1]) * 1000) + 1000) end
return untilMs
`;

type ScriptedRedis = Redis & {
  budgetAcquire(bucket: string, pause: string, total: string, remaining: string, inFlight: string, ...args: (string | number)[]): Promise<number>;
  budgetRelease(remaining: string, inFlight: string, cost: number, remainingNow: number | '', windowMs: number): Promise<number>;
  budgetPause(pause: string, seconds: number): Promise<number>;
};

export class RedisBudget implements RateBudget {
  readonly reserve: number;
  readonly windowMs: number;
  private readonly redis: ScriptedRedis;
  private readonly ownsClient: boolean;
  private readonly keys: { bucket: string; pause: string; total: string; remaining: string; inFlight: string };
  private readonly fallback: LocalBudget;
  private readonly limit: number;
  private readonly burstFraction: number;
  private readonly commandTimeoutMs: number;
  private total: number | undefined;
  private lastTotalShared: number | undefined;
  private pausedUntil = 0;
  /** calls admitted by the local fallback since Redis went away */
  private degradedSince: number | undefined;
  /** credits this instance took through Redis and has not had answered yet (counted in Redis' in-flight key) */
  private sharedInFlight = 0;

  constructor(options: RedisBudgetOptions) {
    this.reserve = options.reserve ?? DEFAULT_RESERVE;
    if (!(this.reserve >= 0 && this.reserve < 1)) throw new RangeError('reserve must be a fraction in [0, 1)');
    this.windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
    this.limit = options.limit ?? 0;
    this.total = options.limit;
    this.burstFraction = options.burst ?? 0;
    this.commandTimeoutMs = options.commandTimeoutMs ?? 250;
    const instances = Math.max(1, options.instances ?? 2);
    // this instance's share of the usable credits, as a local reserve: usable/instances in all
    this.fallback = new LocalBudget({ reserve: 1 - (1 - this.reserve) / instances, windowMs: this.windowMs, limit: options.limit });
    const base = `hdmigrate:budget:${options.key}`;
    this.keys = { bucket: `${base}:tat`, pause: `${base}:pause`, total: `${base}:total`, remaining: `${base}:remaining`, inFlight: `${base}:inflight` };
    if (typeof options.redis === 'string') {
      this.redis = new Redis(options.redis, {
        lazyConnect: false,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: 1000,
        commandTimeout: this.commandTimeoutMs,
        // keep trying to come back, at most every 2 s
        retryStrategy: (times) => Math.min(2000, 50 * times),
        ...options.redisOptions,
      }) as ScriptedRedis;
      this.ownsClient = true;
      // connection errors are expected (Redis restarts): the fallback covers them
      this.redis.on('error', () => {});
    } else {
      this.redis = options.redis as ScriptedRedis;
      this.ownsClient = false;
    }
    if (typeof this.redis.budgetAcquire !== 'function') {
      this.redis.defineCommand('budgetAcquire', { numberOfKeys: 5, lua: ACQUIRE });
      this.redis.defineCommand('budgetRelease', { numberOfKeys: 2, lua: RELEASE });
      this.redis.defineCommand('budgetPause', { numberOfKeys: 1, lua: PAUSE });
    }
  }

  /** Is the shared budget in use right now (false: the local fallback is)? */
  get shared(): boolean {
    return this.redis.status === 'ready' && this.degradedSince === undefined;
  }

  async acquire(cost = 1, signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw abortReason(signal);
      let wait: number;
      try {
        if (this.redis.status !== 'ready') throw new Error('redis not ready');
        wait = Number(
          await this.redis.budgetAcquire(this.keys.bucket, this.keys.pause, this.keys.total, this.keys.remaining, this.keys.inFlight, cost, this.reserve, this.windowMs, this.burstFraction, this.limit),
        );
        this.degradedSince = undefined;
        if (wait <= 0) this.sharedInFlight += cost;
      } catch {
        // Redis is gone: this instance spends only its share, locally, until Redis answers again
        this.degradedSince ??= Date.now();
        return this.fallback.acquire(cost, signal);
      }
      if (wait <= 0) return;
      await sleep(Math.min(wait, 1000), signal);
    }
  }

  observe(h: RateObservation): void {
    this.fallback.observe(h);
    // what every instance's reserve check counts: our answered calls leave the shared in-flight
    // count, and the account's remaining as this answer said it
    const released = Math.min(this.sharedInFlight, h.cost ?? 0);
    this.sharedInFlight -= released;
    if ((released > 0 || h.remaining !== undefined) && this.redis.status === 'ready') {
      this.redis.budgetRelease(this.keys.remaining, this.keys.inFlight, released, h.remaining ?? '', this.windowMs).catch(() => {});
    }
    if (h.total !== undefined && h.total > 0) {
      this.total = h.total;
      if (this.lastTotalShared !== h.total && this.redis.status === 'ready') {
        this.lastTotalShared = h.total;
        this.redis.set(this.keys.total, String(h.total), 'PX', this.windowMs * 10).catch(() => {
          this.lastTotalShared = undefined;
        });
      }
    }
    if (h.retryAfterS !== undefined) {
      this.pausedUntil = Math.max(this.pausedUntil, Date.now() + h.retryAfterS * 1000);
      if (this.redis.status === 'ready') this.redis.budgetPause(this.keys.pause, h.retryAfterS).catch(() => {});
    }
  }

  snapshot(): BudgetSnapshot {
    const local = this.fallback.snapshot();
    const usable = this.total === undefined ? undefined : Math.floor(this.total * (1 - this.reserve));
    return {
      ...local,
      total: this.total ?? local.total,
      pausedUntil: this.pausedUntil > Date.now() ? this.pausedUntil : local.pausedUntil,
      usable: this.shared ? usable : local.usable,
      windowMs: this.windowMs,
    };
  }

  async close(): Promise<void> {
    if (!this.ownsClient) return;
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
