/**
 * One request/response exchange on an undici dispatcher, through its handler API (`dispatch`).
 * The answer is collected into one Buffer; there is no stream to build and drain, which is most
 * of what `dispatcher.request()` costs per call. One timer bounds the whole exchange (headers and
 * body); the caller's signal and the timer abort it through the dispatch controller, even while
 * the request still waits in the pool's queue.
 */
import type { Dispatcher } from 'undici';
import { abortReason, onAbort } from './clock.ts';

export interface Exchanged {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export class ExchangeTimeout extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

const EMPTY = Buffer.alloc(0);

export class ResponseTooLarge extends Error {
  readonly code = 'UND_ERR_RES_EXCEEDED_MAX_SIZE';
  constructor(max: number) {
    super(`answer larger than ${max} bytes`);
  }
}

export function exchange(dispatcher: Dispatcher, options: Dispatcher.DispatchOptions, timeoutMs: number, signal?: AbortSignal, maxBytes = Infinity): Promise<Exchanged> {
  return new Promise<Exchanged>((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let pendingAbort: Error | undefined;
    let settled = false;
    let status = 0;
    let headers: Record<string, string | string[] | undefined> = {};
    const chunks: Buffer[] = [];
    let size = 0;
    let off = () => {};
    const finish = (err: unknown, value?: Exchanged) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      off();
      if (err) reject(err);
      else resolve(value!);
    };
    const abort = (reason: Error) => {
      if (settled) return;
      if (controller) controller.abort(reason);
      else pendingAbort = reason; // still queued in the pool: abort as soon as it is picked up
      finish(reason);
    };
    const timer = setTimeout(() => abort(new ExchangeTimeout(timeoutMs)), timeoutMs);
    off = onAbort(signal, () => abort(abortReason(signal!) as Error));
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        if (pendingAbort) c.abort(pendingAbort);
      },
      onResponseStart(_c, statusCode, h) {
        if (statusCode < 200) return; // 1xx: the real answer follows
        status = statusCode;
        headers = h as Record<string, string | string[] | undefined>;
      },
      onResponseData(_c, chunk) {
        size += chunk.length;
        if (size > maxBytes) return abort(new ResponseTooLarge(maxBytes));
        chunks.push(chunk);
      },
      onResponseEnd() {
        finish(undefined, { status, headers, body: chunks.length === 0 ? EMPTY : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
      },
      onResponseError(_c, err) {
        finish(err);
      },
    };
    try {
      dispatcher.dispatch(options, handler);
    } catch (err) {
      finish(err);
    }
  });
}
