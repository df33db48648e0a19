/**
 * The HTTP front end: legacy clients point their base URL here. The body is read in full (with a
 * cap and a deadline) before any upstream call, and the upstream answer is read in full before the
 * client gets a byte, so a slow client holds a socket of ours, never an upstream connection.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bodyLimit } from './body.ts';
import { ShimCore, type ShimOptions } from './core.ts';

export interface ShimServerOptions extends ShimOptions {
  host?: string;
  port?: number;
  /** client side: headers and body must arrive within this (default 30 s) */
  clientTimeoutMs?: number;
  /** the client's socket idle limit (default 60 s) */
  idleTimeoutMs?: number;
  /** a core to share (tests); otherwise one is made from the options */
  core?: ShimCore;
}

export interface ShimServer {
  url: string;
  core: ShimCore;
  server: http.Server;
  close(): Promise<void>;
}

const NO_HOP = { 'cache-control': 'no-store' };

function reply(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { ...NO_HOP, ...headers, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Reads the body up to `limit` bytes; past it answers 413 without reading further. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.pause();
        resolve('too-large');
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('aborted', () => reject(new Error('client aborted')));
  });
}

export async function startShimServer(options: ShimServerOptions): Promise<ShimServer> {
  const core = options.core ?? new ShimCore(options);
  const server = http.createServer(
    {
      requestTimeout: options.clientTimeoutMs ?? 30_000,
      headersTimeout: Math.min(options.clientTimeoutMs ?? 30_000, 20_000),
      keepAliveTimeout: 5_000,
      maxHeaderSize: 16 * 1024,
    },
    (req, res) => void handle(core, req, res),
  );
  server.timeout = options.idleTimeoutMs ?? 60_000;
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    core,
    server,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (!options.core) await core.close();
    },
  };
}

async function handle(core: ShimCore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const target = req.url ?? '/';
  if (req.method === 'GET' && (target === '/healthz' || target === '/healthz/')) {
    return reply(res, 200, { 'content-type': 'application/json' }, JSON.stringify({ ok: true, upstream: core.upstream, requests: core.stats.requests }));
  }
  const abort = new AbortController();
  // the client went away before its answer: stop the upstream work for it
  res.on('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  let body: Buffer | 'too-large';
  try {
    body = await readBody(req, bodyLimit(req.headers['content-type']));
  } catch {
    return;
  }
  if (body === 'too-large') {
    const xml = /\.xml(\?|$)/.test(target);
    const message = 'the request body is too large (attachments: 20 MB in all; other bodies: 2 MB)';
    res.setHeader('connection', 'close');
    res.on('finish', () => req.socket.destroy());
    reply(res, 413, { 'content-type': xml ? 'application/xml; charset=utf-8' : 'application/json; charset=utf-8' }, xml ? `<?xml version="1.0" encoding="UTF-8"?>\n<errors><error>${message}</error></errors>` : JSON.stringify({ errors: { error: message } }));
    return;
  }
  const answer = await core.handle({ method: req.method ?? 'GET', target, headers: req.headers, body, signal: abort.signal });
  reply(res, answer.status, answer.headers, answer.body);
}
