/**
 * Account-wide call budgets. v2 and v1 have separate budgets (v2 per minute, v1 per hour by
 * default, spec 000 "Limits" and spec 001 "Limits"). A fixed window: it opens with the first call
 * and resets `seconds` later, which is what Retry-After counts down to.
 */

export interface RateLimitConfig {
  calls: number;
  seconds: number;
}

export interface RateDecision {
  allowed: boolean;
  total: number;
  remaining: number;
  /** credits this request consumed (0 when refused) */
  used: number;
  /** seconds until the window resets; meaningful when refused */
  retryAfter: number;
}

export class RateLimiter {
  private windowStart = -Infinity;
  private usedInWindow = 0;

  constructor(
    readonly config: RateLimitConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /** Charges `cost` credits if the budget allows it. */
  take(cost: number): RateDecision {
    const t = this.now();
    const windowMs = this.config.seconds * 1000;
    if (t >= this.windowStart + windowMs) {
      this.windowStart = t;
      this.usedInWindow = 0;
    }
    const total = this.config.calls;
    const retryAfter = Math.max(1, Math.ceil((this.windowStart + windowMs - t) / 1000));
    if (this.usedInWindow + cost > total) {
      return { allowed: false, total, remaining: Math.max(0, total - this.usedInWindow), used: 0, retryAfter };
    }
    this.usedInWindow += cost;
    return { allowed: true, total, remaining: total - this.usedInWindow, used: cost, retryAfter };
  }

  /** What the headers would say right now, without charging. */
  peek(): RateDecision {
    const t = this.now();
    const windowMs = this.config.seconds * 1000;
    const fresh = t >= this.windowStart + windowMs;
    const used = fresh ? 0 : this.usedInWindow;
    const retryAfter = fresh ? this.config.seconds : Math.max(1, Math.ceil((this.windowStart + windowMs - t) / 1000));
    return { allowed: true, total: this.config.calls, remaining: this.config.calls - used, used: 0, retryAfter };
  }
}

/** "100/60" or "100/60s" or "1000/1h" → { calls, seconds }. Returns null when malformed. */
export function parseRateLimit(text: string): RateLimitConfig | null {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*(s|m|h)?\s*$/i.exec(text);
  if (!m) return null;
  const calls = Number(m[1]);
  const unit = (m[3] ?? 's').toLowerCase();
  const seconds = Number(m[2]) * (unit === 'h' ? 3600 : unit === 'm' ? 60 : 1);
  if (calls < 1 || seconds < 1) return null;
  return { calls, seconds };
}
