/**
 * The shim's core, shared by the HTTP proxy and the in-process dispatcher: one v1 request in, one
 * v1 answer out. It matches the request to its catalogue rule, translates it, runs the rule's v2
 * plan on the configured upstream (and nowhere else), and rebuilds the v1 answer in JSON or XML.
 * Credentials pass through to the upstream and are never kept: caches are keyed by a hash.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Dispatcher } from 'undici';
import { Catalogue, PlanError, executePlan, loadCatalogue, parseTarget, type Rule } from '../catalogue/index.ts';
import type { Facts } from '../catalogue/derivers.ts';
import type { PlannedCall, V2Response } from '../catalogue/translate.ts';
import type { LensOp } from '../catalogue/types.ts';
import { HelpdeskClient, HttpConnectionError, HttpUsageError, LocalBudget, parseRetryAfter, redact, type HttpEvent, type RateBudget } from '../http/index.ts';
import { hasFiles, parseBody, toV2Form, type UploadedFile } from './body.ts';
import { LocalCache, type LookupCache } from './cache.ts';
import { ShimInputError } from './errors.ts';
import { plural, renderXml } from './xml.ts';

export interface ShimOptions {
  /** the account's v2 origin, e.g. https://acme.helpdesk.example: the only host the shim ever calls */
  upstream: string;
  /** allow an http:// upstream (the sandbox) */
  allowInsecureUpstream?: boolean;
  catalogue?: Catalogue;
  /** shared rate budget (RedisBudget); default a LocalBudget */
  budget?: RateBudget;
  /** shared lookup cache (RedisCache); default a LocalCache */
  cache?: LookupCache;
  /** how long lookups are reused (default 5 min) */
  cacheTtlMs?: number;
  /** upstream connections (default 32) */
  connections?: number;
  /** per upstream attempt (default 30 s) */
  upstreamTimeoutMs?: number;
  /** the whole v1 request, all v2 calls included (default 60 s) */
  requestTimeoutMs?: number;
  /** retries of idempotent calls after 5xx/connection errors (default 2) */
  retries?: number;
  /** trust this CA (PEM) for the upstream, e.g. the sandbox's */
  ca?: string;
  /** to run the upstream calls over another dispatcher (tests) */
  dispatcher?: Dispatcher;
  /** one usage line per v1 call */
  onUsage?: (line: UsageLine) => void;
  /** the HTTP layer's events (requests, retries, budget waits), already redacted */
  onHttpEvent?: (e: HttpEvent) => void;
}

/** One line of the usage log: the `audit --traffic` format (ts, method, path, rule, status) plus what the call cost. */
export interface UsageLine {
  ts: string;
  method: string;
  path: string;
  rule: string | null;
  status: number;
  v2Calls: number;
  credits: number;
  latencyMs: number;
  error?: string;
}

export interface ShimRequest {
  method: string;
  /** the request target as sent: origin-form `/path?query` */
  target: string;
  headers: Record<string, string | string[] | undefined>;
  body?: Uint8Array;
  signal?: AbortSignal;
}

export interface ShimResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface ShimStats {
  requests: number;
  byStatus: Record<string, number>;
  v2Calls: number;
  credits: number;
  errors: number;
}

const V1_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
const MAX_TARGET = 8192;
const JSON_TYPE = 'application/json; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';
/** most pages of one embedded list the shim reads (100 per page) */
const MAX_EMBED_PAGES = 50;

type Format = 'json' | 'xml';

interface CallContext {
  auth: string;
  files: Map<string, UploadedFile>;
  signal: AbortSignal;
  v2Calls: number;
  credits: number;
}

/** A v2 answer as the plan sees it, plus the headers the error mapping needs. */
interface V2Answer extends V2Response {
  headers: Record<string, string>;
}

export class ShimCore {
  readonly catalogue: Catalogue;
  readonly upstream: string;
  readonly stats: ShimStats = { requests: 0, byStatus: {}, v2Calls: 0, credits: 0, errors: 0 };
  private readonly client: HelpdeskClient;
  private readonly budget: RateBudget;
  private readonly cache: LookupCache;
  private readonly ttl: number;
  private readonly requestTimeoutMs: number;
  private readonly onUsage?: (line: UsageLine) => void;

  constructor(options: ShimOptions) {
    let url: URL;
    try {
      url = new URL(options.upstream);
    } catch {
      throw new HttpUsageError(`--upstream must be a URL like https://acme.helpdesk.example, got ${JSON.stringify(options.upstream)}`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new HttpUsageError(`--upstream must be https://, got ${url.protocol}`);
    if (url.username || url.password) throw new HttpUsageError('--upstream must not carry credentials: clients send their own');
    if (url.protocol === 'http:' && !options.allowInsecureUpstream) {
      throw new HttpUsageError(`--upstream ${url.origin} is plain http: v2 is HTTPS only (use --allow-insecure-upstream for the sandbox)`);
    }
    this.upstream = url.origin;
    this.catalogue = options.catalogue ?? loadCatalogue();
    this.cache = options.cache ?? new LocalCache();
    this.ttl = options.cacheTtlMs ?? 5 * 60_000;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
    this.onUsage = options.onUsage;
    this.budget = options.budget ?? new LocalBudget();
    this.client = new HelpdeskClient({
      base: this.upstream,
      allowInsecure: options.allowInsecureUpstream,
      connections: options.connections ?? 32,
      budget: this.budget,
      retries: options.retries ?? 2,
      // a throttled answer goes back to the v1 client as 403 + Retry-After: it decides when to retry
      throttleRetries: 0,
      backoff: { baseMs: 50, maxMs: 1000 },
      timeoutMs: options.upstreamTimeoutMs ?? 30_000,
      ca: options.ca,
      dispatcher: options.dispatcher,
      onEvent: options.onHttpEvent,
    });
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /** Answers one v1 request. Never throws: every failure is a v1 error answer. */
  async handle(req: ShimRequest): Promise<ShimResponse> {
    const started = performance.now();
    const ctx: CallContext = { auth: '', files: new Map(), signal: req.signal ?? new AbortController().signal, v2Calls: 0, credits: 0 };
    let rule: Rule | null = null;
    let format: Format = 'json';
    let response: ShimResponse;
    let error: string | undefined;
    try {
      const checked = checkRequest(req);
      format = checked.format;
      rule = this.matchRule(req.method, checked.target);
      response = await this.run(rule, req, checked.target, format, ctx);
    } catch (e) {
      const mapped = this.mapError(e, format, rule);
      response = mapped.response;
      error = mapped.reason;
    }
    const status = response.status;
    this.stats.requests++;
    this.stats.byStatus[status] = (this.stats.byStatus[status] ?? 0) + 1;
    this.stats.v2Calls += ctx.v2Calls;
    this.stats.credits += ctx.credits;
    if (status >= 500) this.stats.errors++;
    if (this.onUsage) {
      const line: UsageLine = {
        ts: new Date().toISOString(),
        method: String(req.method).toUpperCase().slice(0, 16),
        path: redact(printable(req.target)).slice(0, 2048),
        rule: rule?.id ?? null,
        status,
        v2Calls: ctx.v2Calls,
        credits: ctx.credits,
        latencyMs: Math.round((performance.now() - started) * 100) / 100,
      };
      if (error) line.error = error;
      try {
        this.onUsage(line);
      } catch {
        // a failing log must not fail the answer
      }
    }
    return response;
  }

  /** The rule of a checked request; unknown paths and methods end here, before anything goes upstream. */
  private matchRule(method: string, target: string): Rule {
    const upper = method.toUpperCase();
    const { path } = parseTarget(target);
    if (/^\/api\/v2(\/|$)/.test(path)) throw new ShimInputError(404, `${path} is a v2 path: the shim answers v1 paths only; call v2 directly`);
    const all = this.catalogue.matchPath(target);
    if (all.length === 0) throw new ShimInputError(404, `no v1 operation matches ${path}`);
    // a v1 endpoint the references never documented (the legacy server may have answered it): no v2 plan is known
    const candidates = all.filter((c) => c.rule.v1.source !== 'undocumented' && c.rule.v1.source !== 'run-time');
    if (candidates.length === 0) throw new ShimInputError(501, `${upper} ${path} is a v1 endpoint the references do not document: no v2 equivalent is known, so the shim cannot answer it`);
    const match = V1_METHODS.has(upper) ? this.catalogue.match(upper as 'GET', target) : null;
    if (!match) {
      const allowed = [...new Set(candidates.map((c) => c.rule.v1.method))];
      throw new ShimInputError(405, `${upper} is not a v1 operation on ${path}; v1 has ${allowed.join(', ')} there`, { Allow: allowed.join(', ') });
    }
    return match.rule;
  }

  private async run(rule: Rule, req: ShimRequest, target: string, format: Format, ctx: CallContext): Promise<ShimResponse> {
    if (rule.plan.length === 0) {
      const body = {
        errors: {
          error: `${rule.v1.method} ${rule.v1.paths[0]} (${rule.id}) has no v2 equivalent: ${rule.summary}`,
          rule: rule.id,
          substitute: rule.substitute ?? null,
        },
      };
      return answer(501, body, format);
    }
    const auth = header(req.headers, 'authorization');
    if (!auth) return answer(401, { require_login: true }, format);
    ctx.auth = auth;
    const parsed = await parseBody(header(req.headers, 'content-type'), req.body ?? new Uint8Array());
    ctx.files = parsed.files;
    const t = this.catalogue.translate({ method: req.method.toUpperCase(), target, body: parsed.body });
    if (t.error || !t.detail) throw new ShimInputError(400, t.error ?? `no v1 operation matches ${target}`);
    const missing = t.calls.find((c) => /\{[A-Za-z_]\w*\}/.test(c.path));
    if (missing) throw new ShimInputError(400, `the request does not give what ${missing.method} ${missing.path} needs`);

    // throttled: the account said Retry-After; v1 clients get their throttle answer now instead of a hung call
    const pausedUntil = this.budget.snapshot().pausedUntil;
    if (pausedUntil !== undefined && pausedUntil > Date.now()) {
      const r = answer(403, { errors: { error: 'You have exceeded the limit of requests per hour' } }, format);
      r.headers['retry-after'] = String(Math.max(1, Math.ceil((pausedUntil - Date.now()) / 1000)));
      return r;
    }
    // One deadline for the whole plan, and the client's going away, on one controller. A plain
    // timer cleared at the end (not AbortSignal.timeout/any): nothing outlives the request.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(Object.assign(new Error('the request took too long'), { name: 'TimeoutError' })), this.requestTimeoutMs);
    const forward = () => deadline.abort(req.signal!.reason);
    if (req.signal?.aborted) forward();
    req.signal?.addEventListener('abort', forward, { once: true });
    ctx.signal = deadline.signal;
    let v1;
    try {
      const facts = await this.factsFor(rule, ctx);
      const embedded = new Set(Object.values(rule.response?.embed ?? {}));
      let index = 0;
      const send = async (call: PlannedCall): Promise<V2Answer> => {
        const i = index++;
        return this.send(call, ctx, embedded.has(i));
      };
      ({ v1 } = await executePlan(t, send, { overlay: this.catalogue.overlay, facts }));
    } catch (e) {
      // an abort from the deadline surfaces as whatever the client threw: name it
      if (deadline.signal.aborted && !req.signal?.aborted) throw deadline.signal.reason;
      throw e;
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', forward);
    }
    if (rule.response?.shape === 'none' || v1.body === null) return { status: v1.status, headers: { 'content-type': format === 'xml' ? XML_TYPE : JSON_TYPE }, body: '' };
    return answer(v1.status, v1.body, format, xmlRoot(rule));
  }

  /** One v2 call: lookups from the cache when fresh, embedded lists read to the last page. */
  private async send(call: PlannedCall, ctx: CallContext, readAllPages: boolean): Promise<V2Answer> {
    const key = this.cacheKey(call, ctx.auth);
    if (key) {
      const hit = await this.cache.get(key);
      if (hit !== undefined) return { status: 200, body: hit, headers: {} };
    }
    const first = await this.call(call, ctx);
    if (readAllPages && first.status === 200 && Array.isArray(first.body) && /rel="?next"?/.test(first.headers.link ?? '')) {
      const items = [...first.body];
      let page = Number(call.query.page ?? 1);
      let last = first;
      while (/rel="?next"?/.test(last.headers.link ?? '') && page < MAX_EMBED_PAGES) {
        page++;
        // the next page is asked for by number, never by following the link: only the upstream is called
        last = await this.call({ ...call, query: { ...call.query, page: String(page) } }, ctx);
        if (last.status !== 200 || !Array.isArray(last.body)) return last;
        items.push(...last.body);
      }
      return { status: 200, body: items, headers: first.headers };
    }
    if (key && first.status === 200) await this.cache.set(key, first.body, this.ttl);
    return first;
  }

  private async call(call: PlannedCall, ctx: CallContext): Promise<V2Answer> {
    if (!/^\/api\/v2\/[\w./%@+-]*$/.test(call.path) || /(^|\/)\.\.?(\/|$)/.test(call.path)) {
      throw new ShimInputError(400, `refusing to call ${call.path}: not a v2 path`);
    }
    let body: string | Uint8Array | undefined;
    const headers: Record<string, string> = { authorization: ctx.auth, accept: 'application/json' };
    if (call.body && call.method !== 'GET') {
      if (hasFiles(call.body, ctx.files)) {
        const res = new Response(toV2Form(call.body, ctx.files));
        headers['content-type'] = res.headers.get('content-type')!;
        body = new Uint8Array(await res.arrayBuffer());
      } else {
        body = JSON.stringify(call.body);
      }
    }
    ctx.v2Calls++;
    ctx.credits++;
    const res = await this.client.request({
      method: call.method,
      path: call.path,
      query: call.query,
      headers,
      body,
      signal: ctx.signal,
      idempotent: call.method === 'GET' || call.method === 'DELETE' || call.method === 'PUT',
    });
    if (res.attempts > 1) {
      ctx.v2Calls += res.attempts - 1;
      ctx.credits += res.attempts - 1;
    }
    const used = Number(res.headers['x-ratelimit-used-currentrequest']);
    if (Number.isFinite(used) && used > 1) ctx.credits += used - 1;
    let parsed: unknown = null;
    const text = res.text();
    if (text.trim() !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        if (res.status >= 200 && res.status < 300) return { status: 502, body: { description: 'the v2 API answered something that is not JSON' }, headers: res.headers };
        parsed = { description: text.slice(0, 200) };
      }
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  /** Lookups worth reusing: the caller's own agent (per API key), companies by name, agents by e-mail, ticket fields. */
  private cacheKey(call: PlannedCall, auth: string): string | undefined {
    if (call.method !== 'GET') return undefined;
    if (call.path === '/api/v2/agents/me') return `me:${createHash('sha256').update(auth).digest('base64url')}`;
    if (call.path === '/api/v2/companies/autocomplete' || (call.path === '/api/v2/agents' && call.query.email)) {
      return `lookup:${call.path}?${new URLSearchParams(Object.entries(call.query).sort()).toString()}`;
    }
    return undefined;
  }

  /** Account facts the rule's derived v1 fields need (status labels, agent names), cached per account. */
  private async factsFor(rule: Rule, ctx: CallContext): Promise<Facts> {
    const derivers = deriversOf(rule);
    const facts: Facts = {};
    const jobs: Promise<void>[] = [];
    if (derivers.has('statusName') || derivers.has('requesterStatusName')) {
      jobs.push(
        this.accountLookup('facts:statuses', ctx, async () => {
          const r = await this.call({ method: 'GET', path: '/api/v2/ticket_fields', query: {}, body: null }, ctx);
          if (r.status !== 200 || !Array.isArray(r.body)) return null;
          const field = (r.body as { name?: string; choices?: unknown }[]).find((f) => f.name === 'status');
          return field && typeof field.choices === 'object' ? field.choices : null;
        }).then((v) => {
          if (v) facts.statuses = v as Facts['statuses'];
        }),
      );
    }
    if (derivers.has('responderName') || derivers.has('agentName')) {
      jobs.push(
        this.accountLookup('facts:agents', ctx, async () => {
          const names: Record<string, string> = {};
          for (let page = 1; page <= 10; page++) {
            const r = await this.call({ method: 'GET', path: '/api/v2/agents', query: { per_page: '100', page: String(page) }, body: null }, ctx);
            // the agent list is for admins: without it the names stay out (the v1 answer says null)
            if (r.status !== 200 || !Array.isArray(r.body)) return page === 1 ? null : names;
            for (const a of r.body as { id?: number; contact?: { name?: string } }[]) if (a.id !== undefined && a.contact?.name) names[a.id] = a.contact.name;
            if (!/rel="?next"?/.test(r.headers.link ?? '')) break;
          }
          return names;
        }).then((v) => {
          if (v) facts.agentNames = v as Record<string, string>;
        }),
      );
    }
    await Promise.all(jobs);
    return facts;
  }

  /** Cached per account; a failed lookup is remembered briefly so a denied caller does not repeat it on every call. */
  private readonly inflight = new Map<string, Promise<unknown>>();
  private async accountLookup(key: string, ctx: CallContext, load: () => Promise<unknown>): Promise<unknown> {
    const hit = await this.cache.get(key);
    if (hit !== undefined) return hit;
    let p = this.inflight.get(key);
    if (!p) {
      p = load()
        .then(async (v) => {
          await this.cache.set(key, v, v === null ? 30_000 : this.ttl);
          return v;
        })
        .catch(() => null)
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, p);
    }
    void ctx;
    return p;
  }

  /** Every failure as the v1 answer a v1 client expects. */
  private mapError(e: unknown, format: Format, rule: Rule | null): { response: ShimResponse; reason: string } {
    if (e instanceof ShimInputError) {
      const r = answer(e.status, { errors: { error: e.message } }, format);
      Object.assign(r.headers, e.headers);
      return { response: r, reason: e.message };
    }
    if (e instanceof PlanError) {
      const res = e.response as V2Answer | undefined;
      if (!res) {
        // a lookup found nothing (no company of that name): v1 filtered to nothing, a list answer is empty
        const shape = rule?.response?.shape;
        if (shape === 'list' || shape === 'list-wrapped') return { response: answer(rule!.response!.v1Status, [], format, xmlRoot(rule!)), reason: e.message };
        return { response: answer(404, { errors: { error: e.message } }, format), reason: e.message };
      }
      return { response: mapV2Error(res, format), reason: `v2 answered ${res.status}` };
    }
    if (e instanceof HttpConnectionError) {
      const timedOut = /ETIMEDOUT|no answer within/.test(e.message);
      return {
        response: answer(timedOut ? 504 : 502, { errors: { error: timedOut ? 'the helpdesk did not answer in time' : 'the helpdesk could not be reached' } }, format),
        reason: timedOut ? 'upstream timeout' : 'upstream unreachable',
      };
    }
    const err = e as Error;
    if (err?.name === 'TimeoutError' || err?.name === 'AbortError') {
      return { response: answer(504, { errors: { error: 'the request took too long' } }, format), reason: 'timeout' };
    }
    return { response: answer(500, { errors: { error: 'the shim failed to answer this request' } }, format), reason: redact(String(err?.message ?? err)) };
  }
}

/** A v2 error answer as the v1 answer a v1 client expects. */
export function mapV2Error(res: V2Answer, format: Format): ShimResponse {
  const v2 = (res.body ?? {}) as { description?: string; errors?: { field?: string; message?: string }[] };
  const details = Array.isArray(v2.errors) ? v2.errors.map((x) => (x.field ? `${x.field}: ${x.message}` : x.message)).filter(Boolean).join('; ') : '';
  const message = [v2.description, details].filter(Boolean).join(': ') || `the v2 API answered ${res.status}`;
  switch (res.status) {
    case 429: {
      // v1 throttled with 403 + Retry-After; a v1 client waits that long and retries
      const after = parseRetryAfter(res.headers['retry-after'], Date.now());
      const r = answer(403, { errors: { error: 'You have exceeded the limit of requests per hour' } }, format);
      r.headers['retry-after'] = String(Math.max(1, Math.ceil(after ?? 60)));
      return r;
    }
    case 401:
      return answer(401, { require_login: true }, format);
    case 403:
      // a v2 403 is access denied (never throttling): no Retry-After, so a v1 client does not retry
      return answer(403, { access_denied: true }, format);
    case 404:
      return answer(404, { errors: { error: 'Record Not Found' } }, format);
    case 400:
    case 409:
    // v2 refuses to update or delete a spam or deleted ticket (a blocked or deleted contact) with 405,
    // where v1 went ahead: a refusal of this record, not a failure of the helpdesk (502 would invite a retry)
    case 405:
      return answer(422, { errors: { error: message } }, format);
    default:
      if (res.status >= 500) {
        const r = answer(res.status === 501 ? 502 : res.status, { errors: { error: `the helpdesk failed (${res.status})` } }, format);
        if (res.headers['retry-after']) r.headers['retry-after'] = res.headers['retry-after'];
        return r;
      }
      return answer(502, { errors: { error: message } }, format);
  }
}

function answer(status: number, body: unknown, format: Format, root?: string): ShimResponse {
  if (format === 'xml') return { status, headers: { 'content-type': XML_TYPE }, body: renderXml(body, root) };
  return { status, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(body) };
}

function xmlRoot(rule: Rule): string {
  const w = rule.response?.wrapper;
  if (w) return plural(w);
  return rule.family === 'tickets' ? 'helpdesk_tickets' : rule.family.replace(/-/g, '_');
}

/** The derivers a rule's response lens uses, found once per rule. */
const ruleDerivers = new WeakMap<Rule, Set<string>>();
function deriversOf(rule: Rule): Set<string> {
  let found = ruleDerivers.get(rule);
  if (!found) {
    found = new Set<string>();
    collectDerivers(rule.response?.resource ?? [], found);
    ruleDerivers.set(rule, found);
  }
  return found;
}

function collectDerivers(lens: readonly LensOp[], out: Set<string>): void {
  for (const op of lens) {
    if (op.op === 'derive') out.add(op.deriver);
    if (op.op === 'in' || op.op === 'map') collectDerivers(op.lens, out);
  }
}

function header(headers: ShimRequest['headers'], name: string): string | undefined {
  const v = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

function printable(s: string): string {
  return String(s).replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * Checks a request before anything else: an origin-form target (never an absolute URL or an
 * authority), no control characters, no dot segments or encoded slashes (path traversal).
 */
export function checkRequest(req: ShimRequest): { target: string; format: Format } {
  const target = String(req.target ?? '');
  const suffix = /\.xml(\?|$)/i.test(target.split('#')[0]!) || /[?&]format=xml(&|$)/.test(target) ? 'xml' : 'json';
  if (target.length > MAX_TARGET) throw new ShimInputError(414, `the request target is longer than ${MAX_TARGET} characters`);
  if (/[\u0000-\u001f\u007f\s]/.test(target)) throw new ShimInputError(400, 'the request target contains spaces or control characters');
  if (!target.startsWith('/') || target.startsWith('//')) {
    throw new ShimInputError(400, 'the request target must be a path (/helpdesk/...): absolute URLs are refused, the shim only calls its upstream');
  }
  if (target.includes('#')) throw new ShimInputError(400, 'the request target must not carry a fragment');
  const rawPath = target.split('?')[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    throw new ShimInputError(400, 'the request path has a broken percent-encoding');
  }
  if (/%2f|%5c/i.test(rawPath) || decoded.includes('\\') || /(^|\/)\.\.?(\/|$)/.test(decoded) || /[\u0000-\u001f\u007f]/.test(decoded)) {
    throw new ShimInputError(400, 'the request path has dot segments, encoded slashes or control characters');
  }
  for (const [name, value] of Object.entries(req.headers)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && /[\u0000-\u0008\u000a-\u001f\u007f]/.test(v)) throw new ShimInputError(400, `header ${printable(name)} contains control characters`);
    }
  }
  return { target, format: suffix };
}
