/**
 * Bad input never reaches the upstream: malformed JSON and XML, wrong content types, oversized
 * bodies, path traversal, absolute-URL and Host tricks, control characters. Each gets a clear v1
 * error; the fake upstream records that nothing was sent.
 */
import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startShimServer, type ShimServer } from '../../src/shim/index.ts';
import { AUTH, startFakeUpstream, type FakeUpstream } from './fake-upstream.ts';

let upstream: FakeUpstream;
let decoy: FakeUpstream;
let shim: ShimServer;

beforeAll(async () => {
  upstream = await startFakeUpstream(() => ({ status: 200, body: { id: 1 } }));
  decoy = await startFakeUpstream(() => ({ status: 200, body: { stolen: true } }));
  shim = await startShimServer({ upstream: upstream.url, allowInsecureUpstream: true, port: 0 });
});
afterAll(async () => {
  await shim.close();
  await upstream.close();
  await decoy.close();
});
beforeEach(() => {
  upstream.received.length = 0;
  decoy.received.length = 0;
});

/** Sends raw bytes (for request lines fetch would refuse to build) and returns status line and body. */
function raw(request: string): Promise<{ status: number; text: string }> {
  const { port } = new URL(shim.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(request));
    let data = '';
    socket.on('data', (d) => (data += d));
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0), text: data }));
    socket.on('error', reject);
  });
}

const post = (path: string, body: string, type?: string) =>
  fetch(`${shim.url}${path}`, { method: 'POST', headers: { authorization: AUTH, ...(type ? { 'content-type': type } : {}) }, body });

describe('bad input: a clear v1 error and nothing upstream', () => {
  it('malformed JSON → 400 naming the problem', async () => {
    const r = await post('/helpdesk/tickets.json', '{"helpdesk_ticket": {', 'application/json');
    expect(r.status).toBe(400);
    expect(((await r.json()) as { errors: { error: string } }).errors.error).toMatch(/not valid JSON/);
    expect(upstream.received).toEqual([]);
  });

  it('malformed XML, and XML with a DTD (entity bombs) → 400 in XML', async () => {
    const r = await post('/helpdesk/tickets.xml', '<helpdesk_ticket><subject>x</helpdesk_ticket>', 'application/xml');
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/xml/);
    expect(await r.text()).toMatch(/<errors>\s*<error>the body is not well-formed XML/);
    const bomb = await post('/helpdesk/tickets.xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><helpdesk_ticket><subject>&a;</subject></helpdesk_ticket>', 'application/xml');
    expect(bomb.status).toBe(400);
    expect(upstream.received).toEqual([]);
  });

  it('a wrong content type → 415; a body missing its wrapper → 400 from the catalogue', async () => {
    const r = await post('/helpdesk/tickets.json', 'subject=x', 'text/plain');
    expect(r.status).toBe(415);
    const unwrapped = await post('/helpdesk/tickets.json', JSON.stringify({ subject: 'x' }), 'application/json');
    expect(unwrapped.status).toBe(400);
    expect(((await unwrapped.json()) as { errors: { error: string } }).errors.error).toMatch(/wrapped in "helpdesk_ticket"/);
    expect(upstream.received).toEqual([]);
  });

  it('an oversized body → 413 (2 MB for JSON, 20 MB of attachments)', async () => {
    const big = await post('/helpdesk/tickets.json', JSON.stringify({ helpdesk_ticket: { description: 'x'.repeat(3 * 1024 * 1024) } }), 'application/json');
    expect(big.status).toBe(413);
    const form = new FormData();
    form.append('helpdesk_ticket[subject]', 'big');
    form.append('helpdesk_ticket[attachments][][resource]', new Blob([new Uint8Array(21 * 1024 * 1024)]), 'big.bin');
    const multipart = await fetch(`${shim.url}/helpdesk/tickets.json`, { method: 'POST', headers: { authorization: AUTH }, body: form }).catch(() => null);
    // the shim answers 413 and closes; a client still sending may see the close instead
    if (multipart) expect(multipart.status).toBe(413);
    expect(upstream.received).toEqual([]);
  });

  it('path traversal (dot segments, encoded slashes, backslashes) → 400', async () => {
    for (const path of ['/helpdesk/../api/v2/tickets', '/helpdesk/%2e%2e/api/v2/tickets.json', '/helpdesk/tickets%2f1.json', '/helpdesk\\..\\api/v2/tickets']) {
      const r = await raw(`GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\nConnection: close\r\n\r\n`);
      expect(r.status, path).toBe(400);
    }
    expect(upstream.received).toEqual([]);
  });

  it('an absolute URL in the request line, or another Host, never sends the call elsewhere', async () => {
    const decoyHost = new URL(decoy.url).host;
    const abs = await raw(`GET ${decoy.url}/helpdesk/tickets/1.json HTTP/1.1\r\nHost: ${decoyHost}\r\nAuthorization: ${AUTH}\r\nConnection: close\r\n\r\n`);
    expect(abs.status).toBe(400);
    expect(abs.text).toMatch(/absolute URLs are refused/);
    const protoRelative = await raw(`GET //${decoyHost}/helpdesk/tickets/1.json HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\nConnection: close\r\n\r\n`);
    expect(protoRelative.status).toBe(400);
    // a Host header naming the decoy: the call goes to the configured upstream only
    const host = await raw(`GET /helpdesk/tickets/1.json HTTP/1.1\r\nHost: ${decoyHost}\r\nX-Forwarded-Host: ${decoyHost}\r\nAuthorization: ${AUTH}\r\nConnection: close\r\n\r\n`);
    expect(host.status).not.toBe(0);
    expect(decoy.received).toEqual([]);
    expect(upstream.received.every((r) => r.headers.host === new URL(upstream.url).host)).toBe(true);
  });

  it('control characters in the path or a header → 400; v2 paths and unknown paths → 404, undocumented v1 endpoints → 501, without an upstream call', async () => {
    const ctl = await raw(`GET /helpdesk/tickets/1.json%00 HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\nConnection: close\r\n\r\n`);
    expect(ctl.status).toBe(400);
    const v2 = await fetch(`${shim.url}/api/v2/tickets/1`, { headers: { authorization: AUTH } });
    expect(v2.status).toBe(404);
    const unknown = await fetch(`${shim.url}/helpdesk/unknown/thing.json`, { headers: { authorization: AUTH } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { errors: { error: string } }).errors.error).toMatch(/no v1 operation matches/);
    const wrongMethod = await fetch(`${shim.url}/helpdesk/tickets/1/pick_tickets.json`, { method: 'DELETE', headers: { authorization: AUTH } });
    expect(wrongMethod.status).toBe(405);
    // a v1 endpoint the references never documented: said so (501), not taken for a wrong method
    const undocumented = await fetch(`${shim.url}/helpdesk/tickets/user_ticket.json?email=a@b.co`, { headers: { authorization: AUTH } });
    expect(undocumented.status).toBe(501);
    expect(((await undocumented.json()) as { errors: { error: string } }).errors.error).toMatch(/the references do not document/);
    expect(upstream.received).toEqual([]);
  });

  it('no credentials → 401 require_login, nothing upstream', async () => {
    const r = await fetch(`${shim.url}/helpdesk/tickets/1.json`);
    expect(r.status).toBe(401);
    expect(await r.json()).toEqual({ require_login: true });
    expect(upstream.received).toEqual([]);
  });
});
