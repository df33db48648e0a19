/**
 * src/http: the one HTTP client verify and the shim share (see README "The HTTP layer").
 *
 * Contract (BRIEF-COMMON.md, "The src/http contract"), implemented as written. Additions, all
 * optional: RequestSpec/HttpResult as listed; HelpdeskClientOptions adds `v1Budget` (v1 has its own
 * hourly limit and sends no X-RateLimit headers), `throttleRetries`, `backoff`, `ca`, `headers`,
 * `clock`; RateBudget.observe() takes an optional `cost` (the credits acquire() reserved, released
 * by that call) and is also called with `status: 0` when a call got no answer, so a budget can
 * count calls in flight; LocalBudget, the clocks and the retry helpers are exported for tools and
 * tests. Throttled answers (429, 403 + Retry-After) are retried for every method, because the
 * server refused them without running them; 5xx and connection failures only for idempotent calls.
 * After the retries are spent a 5xx comes back as the HttpResult (the caller sees the status); a
 * connection failure throws HttpConnectionError. An aborted signal rejects with its reason.
 */
export {
  HelpdeskClient,
  type HelpdeskClientOptions,
  type RequestSpec,
  type HttpResult,
  type HttpEvent,
  type Credentials,
  type QueryValue,
} from './client.ts';
export {
  LocalBudget,
  rateHeaders,
  parseRetryAfter,
  DEFAULT_RESERVE,
  DEFAULT_WINDOW_MS,
  type RateBudget,
  type RateObservation,
  type BudgetSnapshot,
  type LocalBudgetOptions,
} from './budget.ts';
export { redact, basicParts, MASK } from './redact.ts';
export { HttpUsageError, HttpConnectionError } from './errors.ts';
export { systemClock, ManualClock, ScaledClock, type Clock } from './clock.ts';
export { backoffDelay, isThrottled, type BackoffOptions } from './retry.ts';
