/**
 * Time as a dependency: pacing and backoff only ever read `now()` and wait with `sleep()`, so tests
 * can run them on a virtual clock (no timed tests) and production runs them on the real one.
 */

export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Uniform in [0, 1): the jitter dice. */
  random(): number;
}

export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

const watchers = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Runs `fn` once when `signal` aborts; returns the function that unsubscribes. One listener per
 * signal however many requests, sleeps and queues wait on it: a caller may share one signal
 * across thousands of concurrent requests (Ctrl-C of a whole run) without piling up listeners.
 */
export function onAbort(signal: AbortSignal | undefined, fn: () => void): () => void {
  if (!signal) return () => {};
  let set = watchers.get(signal);
  if (!set) {
    const fresh = new Set<() => void>();
    set = fresh;
    watchers.set(signal, fresh);
    signal.addEventListener(
      'abort',
      () => {
        watchers.delete(signal);
        for (const f of [...fresh]) f();
      },
      { once: true },
    );
  }
  set.add(fn);
  const mine = set;
  return () => {
    mine.delete(fn);
  };
}

export const systemClock: Clock = {
  now: () => Date.now(),
  random: () => Math.random(),
  sleep(ms, signal) {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        resolve();
      }, ms);
      const off = onAbort(signal, () => {
        clearTimeout(timer);
        reject(abortReason(signal!));
      });
    });
  },
};

/**
 * A virtual clock for tests: `sleep` resolves when `advance()` moves time past its deadline, or, in
 * `auto` mode, as soon as every pending promise has settled (time jumps to the next deadline).
 */
export class ManualClock implements Clock {
  private t: number;
  private readonly timers: { at: number; resolve: () => void; seq: number }[] = [];
  private seq = 0;
  private rolls: number[];

  constructor(start = 0, rolls: number[] = []) {
    this.t = start;
    this.rolls = [...rolls];
  }

  now(): number {
    return this.t;
  }

  random(): number {
    return this.rolls.length > 0 ? this.rolls.shift()! : 0.5;
  }

  /** Total virtual time slept so far is `now() - start`. */
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const entry = {
        at: this.t + ms,
        seq: this.seq++,
        resolve: () => {
          off();
          resolve();
        },
      };
      const off = onAbort(signal, () => {
        const i = this.timers.indexOf(entry);
        if (i >= 0) this.timers.splice(i, 1);
        reject(abortReason(signal!));
      });
      this.timers.push(entry);
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
    });
  }

  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, waking sleepers in deadline order. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    while (this.timers.length > 0 && this.timers[0]!.at <= end) {
      const next = this.timers.shift()!;
      this.t = Math.max(this.t, next.at);
      next.resolve();
      await flush();
    }
    this.t = end;
    await flush();
  }

  /** Jumps to the next deadline (if any) and wakes it. */
  async step(): Promise<boolean> {
    const next = this.timers[0];
    if (!next) return false;
    await this.advance(next.at - this.t);
    return true;
  }
}

/** Lets every queued microtask and immediate run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
}

/**
 * Real time, sped up: `now()` runs `scale` times faster than the wall clock and `sleep(ms)` waits
 * `ms / scale` real milliseconds. Give the same instance to the sandbox (`startSandbox({ now })`)
 * and to the client, and a 60-second rate-limit window passes in 60 / scale real seconds, with
 * real sockets in between.
 */
export class ScaledClock implements Clock {
  private readonly realStart = performance.now();

  constructor(
    readonly scale: number,
    readonly start = Date.now(),
  ) {}

  /**
   * The same clock for a sandbox whose seed anchors at its clock's first reading: that reading
   * is `start`, so sandboxes started a little apart seed the very same account.
   */
  anchored(): () => number {
    let first = true;
    return () => {
      if (!first) return this.now();
      first = false;
      return this.start;
    };
  }

  now = (): number => this.start + (performance.now() - this.realStart) * this.scale;

  random(): number {
    return Math.random();
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return systemClock.sleep(ms / this.scale, signal);
  }
}
