/**
 * What is retried, and how long to wait. Pure functions: the client's loop asks them.
 *
 * Why not undici's RetryHandler / RetryAgent / interceptors.retry: they retry below the dispatcher,
 * so a retried attempt would skip our rate budget (no acquire, its headers never observed), a
 * throttled answer would be waited out by one caller while every other caller keeps sending, the
 * wait would not follow the caller's AbortSignal or an injected clock, and once retries are spent a
 * 5xx comes back as a RequestRetryError instead of the answer. The loop here is small; undici still
 * does the pooling, keep-alive, timeouts and aborts.
 */

export interface BackoffOptions {
  /** first back-off ceiling (default 200 ms) */
  baseMs?: number;
  /** largest back-off ceiling (default 10 s) */
  maxMs?: number;
}

/**
 * "Full jitter" (AWS Architecture Blog, "Exponential Backoff And Jitter"): a uniform draw in
 * [0, min(max, base·2^retry)), so callers that failed together do not come back together.
 */
export function backoffDelay(retry: number, random: number, o: BackoffOptions = {}): number {
  const base = o.baseMs ?? 200;
  const max = o.maxMs ?? 10_000;
  const ceiling = Math.min(max, base * 2 ** Math.max(0, retry));
  return Math.floor(random * ceiling);
}

/** Network error codes that mean "the connection failed", not "the request was wrong". */
const CONNECTION_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETDOWN',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
]);

/** Codes after which the request certainly never reached the server: safe to retry any method. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

export function errorCode(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && e.code !== 'UND_ERR') return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export function isConnectionError(code: string | undefined): boolean {
  return code !== undefined && (CONNECTION_CODES.has(code) || code.startsWith('HPE_'));
}

/** The request itself was malformed (undici refused to send it): the caller's mistake, not the network's. */
export function isUsageError(err: unknown, code: string | undefined): boolean {
  if (code) return code.startsWith('UND_ERR_INVALID') || code === 'UND_ERR_NOT_SUPPORTED' || code.startsWith('ERR_INVALID');
  return err instanceof TypeError;
}

export function neverSent(code: string | undefined): boolean {
  return code !== undefined && NOT_SENT_CODES.has(code);
}

/** Throttled answers: v2 429, and v1's 403 that carries Retry-After. A 403 without it is access denied. */
export function isThrottled(status: number, retryAfter: number | undefined): boolean {
  return status === 429 || (status === 403 && retryAfter !== undefined);
}

export function isRetryableStatus(status: number): boolean {
  return status >= 500 && status <= 599 && status !== 501 && status !== 505;
}
