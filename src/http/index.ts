/**
 * src/http: the one HTTP client verify and the shim share (README: "The HTTP layer (`src/http`)").
 *
 * The contract of BRIEF-COMMON.md ("The src/http contract") is implemented as written: nothing in
 * it is renamed or removed. Additions, all optional:
 * - HelpdeskClientOptions: `maxResponseBytes` (default 64 MB), `v1Budget` (non-/api/v2 paths; v1 has its own hourly limit and sends no
 *   X-RateLimit headers), `throttleRetries` (default 5), `backoff` ({ baseMs, maxMs }), `ca`,
 *   `headers` (defaults for every request), `clock` (test seam for time).
 * - RateBudget.observe() takes an optional `cost` (the credits acquire() reserved for that call,
 *   released now) and is also called with `status: 0` when a call got no answer, so a budget can
 *   count calls in flight. A RateBudget implementation should treat both as described in budget.ts.
 * - BudgetSnapshot adds `inFlight`, `usable` and `windowMs` (the pace, for an ETA).
 * - Exports: LocalBudget, rateHeaders, parseRetryAfter, the clocks (systemClock, ManualClock,
 *   ScaledClock), backoffDelay, isThrottled, basicParts, HttpEvent and the client's `budget` /
 *   `v1Budget` getters and `redact()` method.
 * Behaviour the contract leaves open, decided here: throttled answers (429, 403 + Retry-After) are
 * sent again for every method (the server refused them without running them); 5xx and connection
 * failures only for idempotent calls. When retries are spent a 5xx comes back as the HttpResult
 * (the caller sees the status); a connection failure throws HttpConnectionError (a certificate
 * failure too, without retries); a malformed request throws HttpUsageError. An aborted signal
 * rejects with the signal's reason. Caller headers cannot set host/connection/framing headers.
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
