/**
 * The sandbox's defaults and the parsing of its start options, kept apart from the server so that
 * `hdmigrate sandbox --help` and flag checks load none of the server, store or seed.
 */
import type { RateLimitConfig } from './ratelimit.ts';
import { parseDateInput } from './time.ts';

export const DEFAULT_PORT = 4010;
export const DEFAULT_TICKETS = 2000;
export const DEFAULT_V2_RATE_LIMIT: RateLimitConfig = { calls: 2000, seconds: 60 };
export const DEFAULT_V1_RATE_LIMIT: RateLimitConfig = { calls: 1000, seconds: 3600 };

export class SandboxStartError extends Error {}

/** An instant as the `now` option or `--now` give it; throws SandboxStartError on anything else. */
export function parseClock(now: string | number | Date): number {
  const ms = typeof now === 'string' ? parseDateInput(now.trim()) : typeof now === 'number' ? now : now.getTime();
  if (ms === null || !Number.isFinite(ms)) {
    throw new SandboxStartError(`now must be a date and time such as 2027-01-02T09:30:00Z, got "${String(now)}"`);
  }
  return ms;
}
