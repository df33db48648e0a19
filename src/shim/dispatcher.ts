/**
 * The in-process front end: an undici Dispatcher that answers v1 requests to the account's origin
 * from the shim core (no network hop) and hands everything else (v2 calls, other hosts) to the
 * dispatcher it replaced. Installed as the global dispatcher, Node's fetch and undici's request
 * keep their v1 calls working unchanged.
 */
import { Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { bodyLimit } from './body.ts';
import { ShimCore, type ShimOptions, type ShimResponse } from './core.ts';
import { ShimInputError } from './errors.ts';

export interface ShimDispatcherOptions extends ShimOptions {
  /** origins whose v1 paths are answered by the shim (default: the upstream's) */
  intercept?: string[];
  /** where every other request goes (default: the global dispatcher at creation) */
  fallback?: Dispatcher;
  /** a core to share; otherwise one is made from the options */
  core?: ShimCore;
}

type Handler = Dispatcher.DispatchHandler & Record<string, unknown>;

const V2_PATH = /^\/api\/v2(\/|\?|$)/;

export class ShimDispatcher extends Dispatcher {
  readonly core: ShimCore;
  private readonly origins: Set<string>;
  private readonly fallback: Dispatcher;
  private readonly ownsCore: boolean;

  constructor(options: ShimDispatcherOptions) {
    super();
    this.core = options.core ?? new ShimCore(options);
    this.ownsCore = !options.core;
    this.origins = new Set((options.intercept ?? [this.core.upstream]).map((o) => new URL(o).origin));
    this.fallback = options.fallback ?? getGlobalDispatcher();
  }

  dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    let origin: string | undefined;
    try {
      origin = opts.origin ? new URL(String(opts.origin)).origin : undefined;
    } catch {
      origin = undefined;
    }
    if (!origin || !this.origins.has(origin) || V2_PATH.test(opts.path)) return this.fallback.dispatch(opts, handler);
    void this.serve(opts, handler as Handler);
    return true;
  }

  private async serve(opts: Dispatcher.DispatchOptions, handler: Handler): Promise<void> {
    const abort = new AbortController();
    const controller = {
      abort: (reason?: unknown) => abort.abort(reason),
      pause() {},
      resume() {},
      get aborted() {
        return abort.signal.aborted;
      },
      get paused() {
        return false;
      },
      reason: null,
    };
    const legacy = typeof handler.onRequestStart !== 'function';
    let signal: AbortSignal | undefined;
    const onAbort = () => abort.abort(signal?.reason);
    const fail = (err: Error) => {
      if (legacy) (handler.onError as ((e: Error) => void) | undefined)?.(err);
      else (handler.onResponseError as ((c: unknown, e: Error) => void) | undefined)?.(controller, err);
    };
    try {
      if (legacy) (handler.onConnect as ((a: (r?: unknown) => void) => void) | undefined)?.((r) => abort.abort(r));
      else (handler.onRequestStart as (c: unknown, ctx: unknown) => void)(controller, {});
      signal = (opts as { signal?: AbortSignal }).signal;
      if (signal && typeof signal.addEventListener === 'function') signal.addEventListener('abort', onAbort, { once: true });
      else signal = undefined;
      const headers = normaliseHeaders(opts.headers);
      let answer: ShimResponse;
      const body = await collectBody(opts.body, bodyLimit(headers['content-type']));
      if (body === 'too-large') {
        answer = tooLarge();
      } else {
        answer = await this.core.handle({ method: opts.method, target: opts.path, headers, body, signal: abort.signal });
      }
      if (abort.signal.aborted) return fail(abortError(abort.signal.reason));
      const bytes = Buffer.from(answer.body, 'utf8');
      const resHeaders: Record<string, string> = { ...answer.headers, 'content-length': String(bytes.length) };
      if (legacy) {
        const raw: Buffer[] = [];
        for (const [k, v] of Object.entries(resHeaders)) raw.push(Buffer.from(k), Buffer.from(v));
        (handler.onHeaders as (s: number, h: Buffer[], r: () => void, t: string) => boolean)(answer.status, raw, () => {}, '');
        if (bytes.length && opts.method !== 'HEAD') (handler.onData as (c: Buffer) => boolean)(bytes);
        (handler.onComplete as (t: unknown) => void)([]);
      } else {
        (handler.onResponseStart as (c: unknown, s: number, h: Record<string, string>, m: string) => void)(controller, answer.status, resHeaders, '');
        if (bytes.length && opts.method !== 'HEAD') (handler.onResponseData as (c: unknown, b: Buffer) => void)(controller, bytes);
        (handler.onResponseEnd as (c: unknown, t: unknown) => void)(controller, {});
      }
    } catch (err) {
      fail(err instanceof Error ? err : new Error(String(err)));
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async close(): Promise<void> {
    if (this.ownsCore) await this.core.close();
  }

  async destroy(): Promise<void> {
    await this.close();
  }
}

function tooLarge(): ShimResponse {
  const e = new ShimInputError(413, 'the request body is too large (attachments: 20 MB in all; other bodies: 2 MB)');
  return { status: e.status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ errors: { error: e.message } }) };
}

function abortError(reason: unknown): Error {
  if (reason instanceof Error) return reason;
  const e = new Error('The operation was aborted');
  e.name = 'AbortError';
  return e;
}

function normaliseHeaders(h: Dispatcher.DispatchOptions['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!h) return out;
  const put = (k: unknown, v: unknown) => {
    if (v === undefined || v === null) return;
    const name = String(k).toLowerCase();
    const value = Array.isArray(v) ? v.map(String).join(', ') : String(v);
    out[name] = out[name] !== undefined ? `${out[name]}, ${value}` : value;
  };
  if (Array.isArray(h)) {
    if (h.length && Array.isArray(h[0])) for (const [k, v] of h as unknown as [string, string][]) put(k, v);
    else for (let i = 0; i + 1 < h.length; i += 2) put(h[i], h[i + 1]);
  } else if (typeof (h as Iterable<unknown>)[Symbol.iterator] === 'function' && !(typeof h === 'object' && h.constructor === Object)) {
    for (const [k, v] of h as Iterable<[string, string]>) put(k, v);
  } else {
    for (const [k, v] of Object.entries(h)) put(k, v);
  }
  return out;
}

async function collectBody(body: unknown, limit: number): Promise<Uint8Array | 'too-large' | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function' || typeof (body as Iterable<unknown>)[Symbol.iterator] === 'function') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body as AsyncIterable<unknown>) {
      const b = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
      size += b.length;
      if (size > limit) return 'too-large';
      chunks.push(b);
    }
    return Buffer.concat(chunks);
  }
  throw new ShimInputError(400, 'unsupported request body');
}

export function createShimDispatcher(options: ShimDispatcherOptions): ShimDispatcher {
  return new ShimDispatcher(options);
}

/**
 * Installs the shim as undici's global dispatcher (Node's fetch uses it too); `uninstall()` puts
 * the previous one back and closes the shim.
 */
export function installShimDispatcher(options: ShimDispatcherOptions): { dispatcher: ShimDispatcher; uninstall(): Promise<void> } {
  const previous = getGlobalDispatcher();
  const dispatcher = new ShimDispatcher({ ...options, fallback: options.fallback ?? previous });
  setGlobalDispatcher(dispatcher);
  return {
    dispatcher,
    async uninstall() {
      if (getGlobalDispatcher() === dispatcher) setGlobalDispatcher(previous);
      await dispatcher.close();
    },
  };
}

