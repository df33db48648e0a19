/**
 * A tiny programmable v2 upstream for shim tests that need exact control over answers (faults,
 * fixture bodies). Every request it receives is recorded, so tests can assert what went upstream
 * (and that nothing did).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'reset' | { delayMs: number; then: Answer };

export interface FakeUpstream {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

export async function startFakeUpstream(answer: (r: Received) => Answer | Promise<Answer>): Promise<FakeUpstream> {
  const received: Received[] = [];
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const r: Received = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body: Buffer.concat(chunks) };
      received.push(r);
      let a = await answer(r);
      while (typeof a === 'object' && 'delayMs' in a) {
        await new Promise((d) => setTimeout(d, (a as { delayMs: number }).delayMs));
        a = a.then;
      }
      if (a === 'reset') {
        req.socket.destroy();
        return;
      }
      const text = a.body === undefined ? '' : JSON.stringify(a.body);
      res.writeHead(a.status, { 'content-type': 'application/json', 'x-ratelimit-total': '1000000', 'x-ratelimit-remaining': '999999', ...a.headers });
      res.end(text);
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export const AUTH = `Basic ${Buffer.from('test-api-key:X').toString('base64')}`;
