/**
 * The request pipeline. One handler serves both APIs: `/api/v2/...` goes through the v2 checks
 * (rate limit, HTTPS, auth, route, role, Accept, Content-Type, body) and answers in v2 shapes;
 * every other path is the v1 surface (format suffix, hourly budget, auth, route, body incl. XML)
 * answering in v1 shapes. Faults are injected before either, so they never touch the store.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { authenticate } from './auth.ts';
import {
  BodyError,
  mediaType,
  nestParams,
  parseJsonBody,
  parseMultipart,
  parseUrlEncoded,
  readBody,
} from './body.ts';
import { API_VERSION_HEADER, LIMITS } from './constants.ts';
import type { Ctx, Reply, RouteDef, Services } from './context.ts';
import { V1Error, V2Error, type FieldError } from './errors.ts';
import type { FaultInjector } from './faults.ts';
import type { Attachment, User } from './model.ts';
import type { RateLimiter } from './ratelimit.ts';
import type { Router } from './router.ts';
import type { Store } from './store.ts';
import { buildV1Router } from './v1/routes.ts';
import { buildV2Router } from './v2/routes.ts';
import { parseXmlBody, renderXml } from './xml.ts';

export interface ServerConfig {
  store: Store;
  now: () => number;
  services: Services;
  v2Limiter: RateLimiter;
  v1Limiter: RateLimiter;
  faults: FaultInjector | null;
  /** called with one line per unexpected server error */
  onError?: (err: unknown) => void;
}

/** Bodies above this are not buffered (413); 20 MB of attachments plus form overhead fits. */
const MAX_BODY_BYTES = LIMITS.attachmentsTotalBytes + 5 * 1024 * 1024;
/** Past this, the connection is cut instead of drained. */
const DRAIN_BYTES = 128 * 1024 * 1024;

const JSON_TYPE = 'application/json; charset=utf-8';

function isSecure(req: IncomingMessage): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  // Behind a TLS-terminating proxy the original scheme arrives in X-Forwarded-Proto.
  return String(req.headers['x-forwarded-proto'] ?? '').toLowerCase() === 'https';
}

function baseUrlOf(req: IncomingMessage): string {
  return `${isSecure(req) ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`;
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body?: string | Buffer): void {
  if (res.headersSent || res.destroyed) return;
  const all: Record<string, string | number> = { ...headers };
  if (body !== undefined) all['Content-Length'] = Buffer.byteLength(body);
  else if (status !== 204 && status !== 304) all['Content-Length'] = 0;
  res.writeHead(status, all);
  res.end(body);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createRequestHandler(config: ServerConfig): (req: IncomingMessage, res: ServerResponse) => void {
  const v2Router = buildV2Router();
  const v1Router = buildV1Router();
  return (req, res) => {
    res.on('error', () => {});
    handle(config, v2Router, v1Router, req, res).catch((err) => {
      config.onError?.(err);
      if (!res.headersSent) send(res, 500, { 'Content-Type': JSON_TYPE }, JSON.stringify({ description: 'Internal server error', errors: [] }));
      else res.destroy();
    });
  };
}

async function handle(config: ServerConfig, v2Router: Router<RouteDef>, v1Router: Router<RouteDef>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const rawUrl = req.url ?? '/';
  const q = rawUrl.indexOf('?');
  const rawPath = q >= 0 ? rawUrl.slice(0, q) : rawUrl;
  const query = new URLSearchParams(q >= 0 ? rawUrl.slice(q + 1) : '');
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    path = '\u0000'; // undecodable: matches no route, answered 404 below
  }
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  const isV2 = path === '/api/v2' || path.startsWith('/api/v2/');

  if (path.startsWith('/attachments/') && req.method === 'GET') return serveAttachment(config.store, path, res);

  if (config.faults) {
    const delay = config.faults.latency();
    if (delay > 0) await sleep(delay);
    const action = config.faults.decide();
    if (action.kind === 'reset') {
      req.socket.destroy();
      return;
    }
    if (action.kind === 'throttle') {
      if (isV2) {
        const d = config.v2Limiter.peek();
        return send(res, 429, { 'Content-Type': JSON_TYPE, 'Retry-After': '1', ...rateHeaders(d.total, 0, 0) }, v2Body('Rate limit exceeded', [{ message: 'You have exceeded the limit of requests per minute', code: 'rate_limit_exceeded' }]));
      }
      return send(res, 403, { 'Content-Type': JSON_TYPE, 'Retry-After': '1' }, JSON.stringify({ errors: { error: 'You have exceeded the limit of requests per hour' } }));
    }
    if (action.kind === 'error') {
      return isV2
        ? send(res, action.status, { 'Content-Type': JSON_TYPE }, v2Body('Internal server error', []))
        : send(res, action.status, { 'Content-Type': JSON_TYPE }, JSON.stringify({ errors: { error: 'Internal server error' } }));
    }
  }

  if (isV2) return handleV2(config, v2Router, req, res, path, query);
  if (path.startsWith('/api/')) {
    // removed or unknown API versions answer 404 (spec 000 "Versioning" 3)
    return send(res, 404, { 'Content-Type': JSON_TYPE }, v2Body('Resource not found', []));
  }
  return handleV1(config, v1Router, req, res, path, query);
}

// ---- v2 ------------------------------------------------------------------------------------------

/** The v2 error body, with each error's keys in the service's order: field, message, code. */
function v2Body(description: string, errors: FieldError[]): string {
  return JSON.stringify({
    description,
    errors: errors.map((e) => (e.field === undefined ? { message: e.message, code: e.code } : { field: e.field, message: e.message, code: e.code })),
  });
}

function rateHeaders(total: number, remaining: number, used: number): Record<string, string> {
  return {
    'X-RateLimit-Total': String(total),
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Used-CurrentRequest': String(used),
  };
}

/** Credits a call costs: one, plus one per embedded resource (spec 000 "Limits"). */
function creditsFor(method: string, query: URLSearchParams): number {
  const include = query.get('include');
  if (method !== 'GET' || !include) return 1;
  return 1 + new Set(include.split(',').map((s) => s.trim()).filter(Boolean)).size;
}

function acceptsJson(accept: string | undefined): boolean {
  if (!accept || accept.trim() === '') return true;
  return accept
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .some((t) => t === 'application/json' || t === '*/*' || t === 'application/*' || t === 'multipart/form-data');
}

async function handleV2(config: ServerConfig, router: Router<RouteDef>, req: IncomingMessage, res: ServerResponse, rawPath: string, query: URLSearchParams): Promise<void> {
  const { store } = config;
  const method = req.method ?? 'GET';
  const path = rawPath.endsWith('.json') ? rawPath.slice(0, -5) : rawPath;
  const headers: Record<string, string> = {
    [API_VERSION_HEADER]: 'latest=v2; requested=v2',
    'Access-Control-Allow-Origin': '*',
  };
  if (method === 'OPTIONS') {
    // CORS preflight (spec 000: cross-origin requests are supported)
    return send(res, 204, {
      ...headers,
      'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
      'Access-Control-Expose-Headers': 'Link, Location, Retry-After, X-RateLimit-Total, X-RateLimit-Remaining, X-RateLimit-Used-CurrentRequest',
    });
  }
  const decision = config.v2Limiter.take(creditsFor(method, query));
  Object.assign(headers, rateHeaders(decision.total, decision.remaining, decision.used));
  const fail = (e: V2Error) => send(res, e.status, { ...headers, ...e.headers, 'Content-Type': JSON_TYPE }, v2Body(e.description, e.errors));
  if (!decision.allowed) {
    return fail(new V2Error(429, 'Rate limit exceeded', [{ message: `You have exceeded the limit of ${decision.total} requests per ${config.v2Limiter.config.seconds} seconds`, code: 'rate_limit_exceeded' }], { 'Retry-After': String(decision.retryAfter) }));
  }
  if (store.account.sslRequired && !isSecure(req)) {
    return fail(new V2Error(403, 'SSL required', [{ message: 'HTTPS is required in the API URL', code: 'ssl_required' }]));
  }
  const auth = authenticate(req.headers.authorization, store);
  if (!auth.ok) {
    return fail(new V2Error(401, 'Authentication failure', [{ message: 'You have to be logged in to perform this action.', code: 'invalid_credentials' }]));
  }
  const match = router.match(method, path);
  if (match.kind === 'not_found') return fail(new V2Error(404, 'Resource not found', []));
  if (match.kind === 'wrong_method') {
    return fail(new V2Error(405, 'Method not allowed', [{ message: `${method} method is not allowed. It should be one of these method(s): ${match.allowed.join(', ')}`, code: 'method_not_allowed' }], { Allow: match.allowed.join(', ') }));
  }
  return runRoute(config, req, res, { method, path, query, params: match.params, route: match.route.handler, caller: auth.user }, {
    isError: (e): e is V2Error => e instanceof V2Error,
    fail,
    denied: () => new V2Error(403, 'Access denied', [{ message: 'You are not authorized to perform this action.', code: 'access_denied' }]),
    notAcceptable: () =>
      acceptsJson(req.headers.accept) ? null : new V2Error(406, 'Not acceptable', [{ message: 'Accept header should be application/json or */*', code: 'invalid_accept_header' }]),
    refuseType: (type) =>
      type !== 'application/json' && type !== 'multipart/form-data'
        ? new V2Error(415, 'Unsupported media type', [{ message: 'Content-Type header should be application/json (multipart/form-data for attachments)', code: 'invalid_content_type' }])
        : null,
    parse: async (type, bytes, contentType) =>
      type === 'application/json' ? { body: parseJsonBody(bytes), formEncoded: false } : { body: nestParams(await parseMultipart(bytes, contentType)), formEncoded: true },
    tooLarge: () => new V2Error(413, 'Request entity too large', [{ field: 'attachments', message: 'The cumulative size of all attachments cannot exceed 20 MB', code: 'invalid_value' }]),
    badBody: (e) => new V2Error(400, 'Validation failed', [{ field: '', message: e.message, code: e.kind === 'invalid_json' ? 'invalid_json' : 'invalid_value' }]),
    render: (reply) => {
      const out = { ...headers, ...reply.headers };
      if (reply.body === undefined) return send(res, reply.status, out);
      send(res, reply.status, { ...out, 'Content-Type': JSON_TYPE }, JSON.stringify(reply.body));
    },
  });
}

// ---- v1 ------------------------------------------------------------------------------------------

type Format = 'json' | 'xml';

function v1Format(path: string, query: URLSearchParams, accept: string | undefined): { path: string; format: Format } {
  if (path.endsWith('.json')) return { path: path.slice(0, -5), format: 'json' };
  if (path.endsWith('.xml')) return { path: path.slice(0, -4), format: 'xml' };
  const f = query.get('format');
  if (f === 'json' || f === 'xml') return { path, format: f };
  return { path, format: /\bxml\b/i.test(accept ?? '') ? 'xml' : 'json' };
}

function renderV1(res: ServerResponse, format: Format, status: number, body: unknown, headers: Record<string, string> = {}, xmlRoot?: string): void {
  if (body === undefined) return send(res, status, headers);
  if (format === 'xml') return send(res, status, { ...headers, 'Content-Type': 'application/xml; charset=utf-8' }, renderXml(body, xmlRoot));
  send(res, status, { ...headers, 'Content-Type': JSON_TYPE }, JSON.stringify(body));
}

function v1ErrorBody(e: V1Error): unknown {
  return e.body ?? { errors: { error: e.message } };
}

async function handleV1(config: ServerConfig, router: Router<RouteDef>, req: IncomingMessage, res: ServerResponse, rawPath: string, query: URLSearchParams): Promise<void> {
  const { store } = config;
  const method = req.method ?? 'GET';
  const { path, format } = v1Format(rawPath, query, req.headers.accept);
  const fail = (e: V1Error) => renderV1(res, format, e.status, v1ErrorBody(e), e.headers);
  const decision = config.v1Limiter.take(1);
  if (!decision.allowed) {
    // v1 signals throttling with 403 + Retry-After (spec 001 "Errors")
    return fail(new V1Error(403, `You have exceeded the limit of ${decision.total} requests per hour`, undefined, { 'Retry-After': String(decision.retryAfter) }));
  }
  if (store.account.sslRequired && !isSecure(req)) {
    // v1 works over plain HTTP only when the account has SSL off; otherwise Rails redirects
    return send(res, 301, { Location: `https://${req.headers.host ?? 'localhost'}${req.url ?? '/'}` });
  }
  const auth = authenticate(req.headers.authorization, store);
  if (!auth.ok) return fail(new V1Error(401, 'Login required', { require_login: true }));
  const match = router.match(method, path);
  // Rails answers an unmatched verb like an unknown path: 404.
  if (match.kind !== 'found') return fail(new V1Error(404, 'Record Not Found'));
  return runRoute(config, req, res, { method, path, query, params: match.params, route: match.route.handler, caller: auth.user }, {
    isError: (e): e is V1Error => e instanceof V1Error,
    fail,
    denied: () => new V1Error(403, 'Access denied', { access_denied: true }),
    // v1 picks its format from the suffix; any Accept is fine
    notAcceptable: () => null,
    // Rails parses what it knows and leaves the params empty for any other content type
    refuseType: () => null,
    parse: async (type, bytes, contentType) => {
      if (type === 'application/json') return { body: parseJsonBody(bytes), formEncoded: false };
      if (type === 'application/xml' || type === 'text/xml') return { body: parseXmlBody(bytes.toString('utf8')), formEncoded: false };
      if (type === 'multipart/form-data') return { body: nestParams(await parseMultipart(bytes, contentType)), formEncoded: true };
      if (type === 'application/x-www-form-urlencoded') return { body: nestParams(parseUrlEncoded(bytes)), formEncoded: true };
      return { body: undefined, formEncoded: false };
    },
    tooLarge: () => new V1Error(413, 'Request entity too large'),
    badBody: (e) => new V1Error(400, e.message),
    render: (reply) => renderV1(res, format, reply.status, reply.body, reply.headers, reply.xmlRoot),
  });
}

// ---- the request tail both APIs share -------------------------------------------------------------

/** What differs between the two APIs once a request is authenticated and routed. */
interface Surface<E extends Error> {
  isError(e: unknown): e is E;
  fail(e: E): void;
  /** the caller's role may not use this route */
  denied(): E;
  /** checked after the role: the Accept header (v2: 406), or null */
  notAcceptable(): E | null;
  /** refuses a content type before reading the body (v2: 415), or null to read it */
  refuseType(type: string | undefined): E | null;
  parse(type: string | undefined, bytes: Buffer, contentType: string): Promise<{ body: unknown; formEncoded: boolean }>;
  tooLarge(): E;
  badBody(e: BodyError): E;
  render(reply: Reply): void;
}

interface Routed {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  route: RouteDef;
  caller: User;
}

/** Role check, body, handler, answer: the tail of the v1 and the v2 pipeline, written once. */
async function runRoute<E extends Error>(config: ServerConfig, req: IncomingMessage, res: ServerResponse, r: Routed, surface: Surface<E>): Promise<void> {
  const role = r.caller.agent!.role;
  const { access } = r.route;
  if ((access !== 'read' && role === 'viewer') || (access === 'admin' && role !== 'admin')) return surface.fail(surface.denied());
  const unacceptable = surface.notAcceptable();
  if (unacceptable) return surface.fail(unacceptable);
  let body: unknown;
  let formEncoded = false;
  if (hasBody(req)) {
    const type = mediaType(req.headers['content-type']);
    const refused = surface.refuseType(type);
    if (refused) return surface.fail(refused);
    try {
      const raw = await readBody(req, MAX_BODY_BYTES, DRAIN_BYTES);
      if (raw.tooLarge) return surface.fail(surface.tooLarge());
      ({ body, formEncoded } = await surface.parse(type, raw.bytes, req.headers['content-type'] ?? ''));
    } catch (e) {
      if (!(e instanceof BodyError)) throw e;
      if (e.kind === 'too_large' || e.kind === 'aborted') return;
      return surface.fail(surface.badBody(e));
    }
  }
  const ctx: Ctx = {
    store: config.store,
    now: config.now,
    services: config.services,
    caller: r.caller,
    method: r.method,
    path: r.path,
    query: r.query,
    params: r.params,
    body,
    formEncoded,
    baseUrl: baseUrlOf(req),
  };
  let reply: Reply;
  try {
    reply = await r.route.handler(ctx);
  } catch (e) {
    if (surface.isError(e)) return surface.fail(e);
    throw e;
  }
  surface.render(reply);
}

// ---- attachments -----------------------------------------------------------------------------------

function findAttachment(store: Store, id: number): Attachment | undefined {
  for (const t of store.tickets.values()) for (const a of t.attachments) if (a.id === id) return a;
  for (const c of store.conversations.values()) for (const a of c.attachments) if (a.id === id) return a;
  return undefined;
}

/**
 * attachment_url targets. Uploaded files come back byte for byte; seeded ones get deterministic
 * filler of their recorded size. No auth, as the service's signed URLs need none.
 */
function serveAttachment(store: Store, path: string, res: ServerResponse): void {
  const m = /^\/attachments\/(\d+)(?:\/[^/]*)?$/.exec(path);
  const attachment = m ? findAttachment(store, Number(m[1])) : undefined;
  if (!attachment) return send(res, 404, { 'Content-Type': JSON_TYPE }, v2Body('Resource not found', []));
  const bytes = store.attachmentBytes.get(attachment.id) ?? Buffer.alloc(attachment.size, `sandbox attachment ${attachment.id}\n`);
  send(res, 200, { 'Content-Type': attachment.contentType, 'Content-Disposition': `attachment; filename="${attachment.name.replace(/"/g, '')}"` }, Buffer.from(bytes));
}

