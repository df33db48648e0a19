/**
 * HelpdeskClient: the one HTTP client verify and the shim share. One undici Pool per account origin
 * (keep-alive), a cap on requests in flight, every attempt paced by a RateBudget, retries for
 * idempotent calls on connection failures and 5xx (full-jitter back-off), throttled answers
 * (429, 403 + Retry-After) waited out through the budget, and credentials that never leave in
 * an error, an event, `toString()` or `JSON.stringify()`.
 */
import { inspect } from 'node:util';
import { Pool, type Dispatcher } from 'undici';
import { LocalBudget, parseRetryAfter, rateHeaders, type RateBudget, DEFAULT_RESERVE } from './budget.ts';
import { abortReason, onAbort, systemClock, type Clock } from './clock.ts';
import { HttpConnectionError, HttpUsageError } from './errors.ts';
import { exchange } from './exchange.ts';
import { basicParts, redact } from './redact.ts';
import { backoffDelay, errorCode, isConnectionError, isUsageError, isRetryableStatus, isThrottled, neverSent, type BackoffOptions } from './retry.ts';

export type QueryValue = string | number | boolean | undefined | (string | number)[];

export interface RequestSpec {
  method: string;
  /** '/api/v2/tickets/1' (may include a query string); relative to the base, never an absolute URL */
  path: string;
  /** appended to the path; arrays repeat the key (`k=a&k=b`); undefined values are left out */
  query?: Record<string, QueryValue>;
  /**
   * per-request headers; an 'authorization' here overrides the client's credentials (shim
   * pass-through). Connection headers (host, connection, content-length, transfer-encoding, …) are
   * dropped: the client frames the request and only ever talks to its base.
   */
  headers?: Record<string, string>;
  /** object → JSON; a string is sent as application/json unless a content-type header says otherwise */
  body?: string | Uint8Array | object;
  signal?: AbortSignal;
  /** rate-limit credits this call is expected to spend (default 1) */
  cost?: number;
  /** default: true for GET/HEAD only; only idempotent calls are retried after a 5xx or a connection failure */
  idempotent?: boolean;
}

export interface HttpResult {
  status: number;
  /** lower-case names; repeated headers joined with ", " */
  headers: Record<string, string>;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
  /** attempts made, the first included */
  attempts: number;
  /** how many 429/403-throttle answers were seen before this one */
  throttled: number;
  elapsedMs: number;
}

/** Events for progress and logs. Paths are redacted; no header, body or credential is ever in one. */
export type HttpEvent =
  | { type: 'request'; method: string; path: string; attempt: number }
  | { type: 'response'; method: string; path: string; attempt: number; status: number; ms: number; remaining?: number; used?: number }
  | { type: 'retry'; method: string; path: string; attempt: number; reason: string; delayMs: number }
  | { type: 'wait'; method: string; path: string; ms: number; reason: 'budget' | 'concurrency' }
  | { type: 'error'; method: string; path: string; attempt: number; code?: string; message: string };

export type Credentials = { apiKey: string } | { user: string; password: string };

export interface HelpdeskClientOptions {
  /** origin (and optional path prefix) of the account, e.g. https://acme.helpdesk.example */
  base: string;
  /** never printed; sent as HTTP Basic (`<api key>:X` or `<user>:<password>`) */
  credentials?: Credentials;
  /** http:// base allowed (sandbox); otherwise https only → HttpUsageError */
  allowInsecure?: boolean;
  /** undici Pool size (default 8) */
  connections?: number;
  /** max requests in flight (default = connections) */
  concurrency?: number;
  /** part of the budget left for the account's real traffic: 0..1 fraction (default 0.2) */
  reserve?: number;
  /** budget for /api/v2 calls (default new LocalBudget({ reserve })) */
  budget?: RateBudget;
  /**
   * Budget for every other path (the v1 surface has its own hourly limit and sends no X-RateLimit
   * headers). Default: a LocalBudget that only honours Retry-After; pass
   * `new LocalBudget({ limit: 1000, windowMs: 3_600_000, reserve })` to pace v1 too.
   */
  v1Budget?: RateBudget;
  /** idempotent only: network errors + 5xx (default 3), back-off with full jitter */
  retries?: number;
  /** throttled answers (429, 403 + Retry-After) waited out and retried, any method (default 5) */
  throttleRetries?: number;
  /** back-off ceilings for retries */
  backoff?: BackoffOptions;
  /** headers + body timeout per attempt (default 30 s) */
  timeoutMs?: number;
  /** a longer answer is cut off and fails with HttpConnectionError, not retried (default 64 MB; attachments total 20 MB) */
  maxResponseBytes?: number;
  /** to run over something other than the default pool (then `close()` leaves it open) */
  dispatcher?: Dispatcher;
  /** request/response/retry/wait events, already redacted */
  onEvent?: (e: HttpEvent) => void;
  /** extra CA certificate (PEM) to trust, e.g. the sandbox's self-signed one */
  ca?: string;
  /** default headers of every request (an 'authorization' here is treated as a credential) */
  headers?: Record<string, string>;
  /** time source for pacing and back-off (tests) */
  clock?: Clock;
}

/** A counting gate: at most `limit` holders at once, FIFO. */
class Gate {
  private active = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async enter(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw abortReason(signal);
    if (this.active < this.limit) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const go = () => {
        off();
        resolve();
      };
      const off = onAbort(signal, () => {
        const i = this.queue.indexOf(go);
        if (i >= 0) this.queue.splice(i, 1);
        reject(abortReason(signal!));
      });
      this.queue.push(go);
    });
  }

  leave(): void {
    const next = this.queue.shift();
    if (next) next(); // the slot passes straight to the next in line
    else this.active--;
  }
}

/** Headers of the connection, not of the request: never taken from a caller. */
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'content-length', 'expect']);

const V2_PREFIX = /^\/api\/v2(\/|$|\?)/;

function encodeQuery(query: Record<string, QueryValue>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const k = encodeURIComponent(key);
    if (Array.isArray(value)) for (const v of value) parts.push(`${k}=${encodeURIComponent(String(v))}`);
    else parts.push(`${k}=${encodeURIComponent(String(value))}`);
  }
  return parts.join('&');
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

const isBytes = (b: unknown): b is Uint8Array => b instanceof Uint8Array;

export class HelpdeskClient {
  /** origin + path prefix, without credentials (safe to print) */
  readonly base: string;
  readonly #origin: string;
  readonly #prefix: string;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #defaultHeaders: Record<string, string>;
  readonly #secrets: string[];
  readonly #gate: Gate;
  readonly #budget: RateBudget;
  readonly #v1Budget: RateBudget;
  readonly #retries: number;
  readonly #throttleRetries: number;
  readonly #backoff: BackoffOptions;
  readonly #timeoutMs: number;
  readonly #maxResponseBytes: number;
  /** undefined without a listener, so `this.#emit?.({...})` does not even build the event */
  readonly #emit: ((e: HttpEvent) => void) | undefined;
  readonly #clock: Clock;
  #closed = false;

  constructor(o: HelpdeskClientOptions) {
    let url: URL;
    try {
      url = new URL(o.base);
    } catch {
      // not echoed: a malformed URL may hold a credential the masking patterns cannot recognise
      throw new HttpUsageError('the base URL is not a valid absolute URL (expected https://<account domain>)');
    }
    if (url.username || url.password) {
      throw new HttpUsageError('put credentials in the API key setting, not in the base URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new HttpUsageError(`unsupported scheme ${url.protocol} in the base URL (use https://)`);
    }
    if (url.protocol === 'http:' && !o.allowInsecure) {
      throw new HttpUsageError(`refusing plain http:// base ${url.origin}: the API is HTTPS only (allow it explicitly for a local sandbox)`);
    }
    if (url.search || url.hash) throw new HttpUsageError('the base URL must not carry a query or a fragment');
    this.#origin = url.origin;
    this.#prefix = url.pathname.replace(/\/+$/, '');
    this.base = this.#origin + this.#prefix;

    const secrets: string[] = [];
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'hdmigrate' };
    for (const [k, v] of Object.entries(o.headers ?? {})) headers[k.toLowerCase()] = v;
    if (o.credentials) {
      if ('apiKey' in o.credentials) {
        if (!o.credentials.apiKey) throw new HttpUsageError('empty API key');
        headers.authorization = basic(o.credentials.apiKey, 'X');
        secrets.push(o.credentials.apiKey);
      } else {
        headers.authorization = basic(o.credentials.user, o.credentials.password);
        secrets.push(o.credentials.user, o.credentials.password);
      }
    }
    if (headers.authorization) secrets.push(headers.authorization, ...basicParts(headers.authorization));
    this.#secrets = secrets;
    this.#defaultHeaders = headers;

    const connections = o.connections ?? 8;
    if (!(connections >= 1)) throw new HttpUsageError('connections must be at least 1');
    const concurrency = o.concurrency ?? connections;
    if (!(concurrency >= 1)) throw new HttpUsageError('concurrency must be at least 1');
    this.#timeoutMs = o.timeoutMs ?? 30_000;
    this.#maxResponseBytes = o.maxResponseBytes ?? 64 * 1024 * 1024;
    if (o.dispatcher) {
      this.#dispatcher = o.dispatcher;
      this.#ownsDispatcher = false;
    } else {
      this.#dispatcher = new Pool(this.#origin, {
        connections,
        pipelining: 1,
        keepAliveTimeout: 4_000,
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
        connect: o.ca ? { ca: o.ca } : undefined,
      });
      this.#ownsDispatcher = true;
    }
    this.#gate = new Gate(concurrency);
    this.#clock = o.clock ?? systemClock;
    const reserve = o.reserve ?? DEFAULT_RESERVE;
    this.#budget = o.budget ?? new LocalBudget({ reserve, clock: this.#clock });
    this.#v1Budget = o.v1Budget ?? new LocalBudget({ reserve, windowMs: 3_600_000, clock: this.#clock });
    this.#retries = o.retries ?? 3;
    this.#throttleRetries = o.throttleRetries ?? 5;
    this.#backoff = o.backoff ?? {};
    const listener = o.onEvent;
    this.#emit = listener
      ? (e) => {
          try {
            listener(e);
          } catch {
            // a failing listener must not fail the request
          }
        }
      : undefined;
  }

  /** The v2 budget (for progress and ETAs). */
  get budget(): RateBudget {
    return this.#budget;
  }

  /** The budget for non-v2 paths. */
  get v1Budget(): RateBudget {
    return this.#v1Budget;
  }

  /** Masks this client's credentials (and any given per-request ones) in `text`. */
  redact(text: string, extra: string[] = []): string {
    return redact(text, [...this.#secrets, ...extra]);
  }

  toString(): string {
    return `HelpdeskClient(${this.base})`;
  }

  toJSON(): { base: string } {
    return { base: this.base };
  }

  [inspect.custom](): string {
    return this.toString();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }

  async request(r: RequestSpec): Promise<HttpResult> {
    if (this.#closed) throw new HttpUsageError('the client is closed');
    const started = this.#clock.now();
    const method = String(r.method ?? '').toUpperCase();
    if (!/^[A-Z]+$/.test(method)) throw new HttpUsageError(`bad HTTP method ${JSON.stringify(redact(String(r.method)))}`);
    const path = this.#resolvePath(r);
    const isV2 = V2_PREFIX.test(path);
    const budget = isV2 ? this.#budget : this.#v1Budget;

    // headers: defaults, then the caller's (a caller's authorization replaces ours: shim pass-through)
    const headers: Record<string, string> = { ...this.#defaultHeaders };
    const extraSecrets: string[] = [];
    for (const [k, v] of Object.entries(r.headers ?? {})) {
      if (v === undefined || v === null) continue;
      const name = k.toLowerCase();
      if (/[\r\n]/.test(name) || /[\r\n]/.test(String(v))) throw new HttpUsageError(`header ${redact(name)} contains a line break`);
      // The connection is ours: a caller (e.g. a v1 client through the shim) cannot pick the
      // virtual host, the framing or the connection's fate.
      if (HOP_BY_HOP.has(name)) continue;
      headers[name] = String(v);
      if (name === 'authorization' || name === 'proxy-authorization') extraSecrets.push(String(v), ...basicParts(String(v)));
    }
    const secrets = extraSecrets.length ? [...this.#secrets, ...extraSecrets] : this.#secrets;
    // redacted on first use only: most requests never print their path
    let shownText: string | undefined;
    const shown = () => (shownText ??= redact(path, secrets));

    let body: string | Uint8Array | undefined;
    if (r.body !== undefined && r.body !== null) {
      if (typeof r.body === 'string') {
        body = r.body;
        headers['content-type'] ??= 'application/json; charset=utf-8';
      } else if (isBytes(r.body)) {
        body = r.body;
        headers['content-type'] ??= 'application/octet-stream';
      } else {
        body = JSON.stringify(r.body);
        headers['content-type'] ??= 'application/json; charset=utf-8';
      }
    }
    const idempotent = r.idempotent ?? (method === 'GET' || method === 'HEAD');
    const cost = r.cost ?? 1;
    const signal = r.signal;

    let attempt = 0;
    let retriesUsed = 0;
    let throttled = 0;
    for (;;) {
      attempt++;
      if (signal?.aborted) throw abortReason(signal);
      // The budget first, then a slot: a call paused by one budget (v1 throttled for an hour)
      // must not hold a slot that a call of the other budget could use.
      let t0 = this.#clock.now();
      await budget.acquire(cost, signal);
      const waited = this.#clock.now() - t0;
      if (waited > 0) this.#emit?.({ type: 'wait', method, path: shown(), ms: waited, reason: 'budget' });
      t0 = this.#clock.now();
      try {
        await this.#gate.enter(signal);
      } catch (e) {
        budget.observe({ status: 0, cost }); // never sent: the credits stop counting as in flight
        throw e;
      }
      let entered = true;
      const leave = () => {
        if (entered) this.#gate.leave();
        entered = false;
      };
      const gateMs = this.#clock.now() - t0;
      if (gateMs > 0) this.#emit?.({ type: 'wait', method, path: shown(), ms: gateMs, reason: 'concurrency' });

      this.#emit?.({ type: 'request', method, path: shown(), attempt });
      const sentAt = this.#clock.now();
      let status: number;
      let resHeaders: Record<string, string>;
      let bytes: Buffer;
      try {
        const res = await exchange(
          this.#dispatcher,
          {
            origin: this.#origin,
            path,
            method: method as Dispatcher.HttpMethod,
            headers,
            body,
            // undici's own timers are idle timers on a coarse (~0.5 s) clock: exchange()'s one
            // deadline for headers and body is the real bound, these only back it up
            headersTimeout: this.#timeoutMs + 1_000,
            bodyTimeout: this.#timeoutMs + 1_000,
          },
          this.#timeoutMs,
          signal,
          this.#maxResponseBytes,
        );
        status = res.status;
        resHeaders = flatHeaders(res.headers);
        bytes = res.body;
      } catch (err) {
        budget.observe({ status: 0, cost });
        leave();
        if (signal?.aborted) throw abortReason(signal);
        const code = errorCode(err);
        const message = redact(String((err as Error)?.message ?? err), secrets);
        this.#emit?.({ type: 'error', method, path: shown(), attempt, code, message });
        if (isUsageError(err, code)) {
          throw new HttpUsageError(`${method} ${shown()}: ${message}${code ? ` (${code})` : ''}`);
        }
        if (!isConnectionError(code)) {
          // e.g. an untrusted certificate: retrying would not change the answer
          throw new HttpConnectionError(`${method} ${this.base}${shown()}: ${message}${code ? ` (${code})` : ''}`, code, attempt);
        }
        if ((idempotent || neverSent(code)) && retriesUsed < this.#retries) {
          const delayMs = backoffDelay(retriesUsed, this.#clock.random(), this.#backoff);
          retriesUsed++;
          this.#emit?.({ type: 'retry', method, path: shown(), attempt, reason: code!, delayMs });
          await this.#clock.sleep(delayMs, signal);
          continue;
        }
        const why = idempotent || neverSent(code) ? `after ${attempt} attempt${attempt === 1 ? '' : 's'}` : `(not retried: ${method} is not idempotent)`;
        throw new HttpConnectionError(`${method} ${this.base}${shown()}: ${code === 'ETIMEDOUT' ? `no answer within ${this.#timeoutMs} ms` : 'connection failed'} ${why}: ${code}`, code, attempt);
      }
      leave();

      const now = this.#clock.now();
      const rate = rateHeaders(resHeaders);
      const retryAfterS = parseRetryAfter(resHeaders['retry-after'], now);
      const throttle = isThrottled(status, retryAfterS);
      budget.observe({ ...rate, status, cost, retryAfterS: throttle ? (retryAfterS ?? 1) : undefined });
      this.#emit?.({ type: 'response', method, path: shown(), attempt, status, ms: now - sentAt, remaining: rate.remaining, used: rate.used });

      if (throttle && throttled < this.#throttleRetries) {
        // A throttled call was refused, not run: safe to send again for any method. The budget
        // holds every caller until Retry-After has passed.
        throttled++;
        this.#emit?.({ type: 'retry', method, path: shown(), attempt, reason: `throttled ${status}`, delayMs: Math.round((retryAfterS ?? 1) * 1000) });
        continue;
      }
      if (isRetryableStatus(status) && idempotent && retriesUsed < this.#retries) {
        const jitter = backoffDelay(retriesUsed, this.#clock.random(), this.#backoff);
        const delayMs = Math.max(jitter, retryAfterS !== undefined ? retryAfterS * 1000 : 0);
        retriesUsed++;
        this.#emit?.({ type: 'retry', method, path: shown(), attempt, reason: `status ${status}`, delayMs });
        await this.#clock.sleep(delayMs, signal);
        continue;
      }
      const text = () => bytes.toString('utf8');
      return {
        status,
        headers: resHeaders,
        body: bytes,
        text,
        json: <T>() => JSON.parse(text()) as T,
        attempts: attempt,
        throttled,
        elapsedMs: this.#clock.now() - started,
      };
    }
  }

  #resolvePath(r: RequestSpec): string {
    const raw = String(r.path ?? '');
    // Only ever the configured origin: no absolute URLs, no protocol-relative '//host' paths.
    if (!raw.startsWith('/') || raw.startsWith('//') || /^\/\\/.test(raw)) {
      throw new HttpUsageError(`request path must start with a single "/": ${JSON.stringify(redact(raw, this.#secrets))}`);
    }
    if (/[\u0000-\u001f\u007f\s]/.test(raw)) throw new HttpUsageError(`request path contains spaces or control characters: ${JSON.stringify(redact(raw, this.#secrets))}`);
    if (raw.includes('#')) throw new HttpUsageError('request path must not carry a fragment');
    let path = this.#prefix + raw;
    const q = r.query ? encodeQuery(r.query) : '';
    if (q) path += (path.includes('?') ? (path.endsWith('?') || path.endsWith('&') ? '' : '&') : '?') + q;
    return path;
  }
}
