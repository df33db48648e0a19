/**
 * Per-account lookups the shim reuses for a while (`agents/me` per API key, ticket fields, agents,
 * companies by name). Local by default; with Redis the instances behind one load balancer share
 * them. Redis trouble never fails a request: the local copy answers, or the lookup is made again.
 */
import type { Redis } from 'ioredis';

export interface LookupCache {
  get(key: string): Promise<unknown | undefined>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
}

export class LocalCache implements LookupCache {
  private readonly entries = new Map<string, { value: unknown; until: number }>();
  constructor(
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string): Promise<unknown | undefined> {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    if (this.entries.size >= this.maxEntries) {
      // oldest first: Map keeps insertion order
      const first = this.entries.keys().next();
      if (!first.done) this.entries.delete(first.value);
    }
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.now() + ttlMs });
  }
}

/** Shared through Redis (JSON values, PX expiry), with a local cache in front and as the fallback. */
export class RedisCache implements LookupCache {
  private readonly local = new LocalCache();
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async get(key: string): Promise<unknown | undefined> {
    const near = await this.local.get(key);
    if (near !== undefined) return near;
    if (this.redis.status !== 'ready') return undefined;
    try {
      const text = await this.redis.get(this.prefix + key);
      return text === null ? undefined : (JSON.parse(text) as unknown);
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    // the local copy lives shorter, so a change another instance saw reaches this one soon
    await this.local.set(key, value, Math.min(ttlMs, 5_000));
    if (this.redis.status !== 'ready') return;
    try {
      await this.redis.set(this.prefix + key, JSON.stringify(value), 'PX', Math.max(1, Math.round(ttlMs)));
    } catch {
      // Redis went away: the local copy serves
    }
  }
}
