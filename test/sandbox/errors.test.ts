import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, basic, codes, openSandbox, type Client } from './helpers.ts';

let c: Client;
beforeAll(async () => {
  c = await openSandbox();
});
afterAll(() => c.close());

describe('v2 authentication', () => {
  it('accepts API key with any password, and the login e-mail with its password', async () => {
    expect((await c.get('/api/v2/tickets/1', basic('sandbox-admin-key', 'anything'))).status).toBe(200);
    expect((await c.get('/api/v2/tickets/1', basic('sandbox-admin-key', ''))).status).toBe(200);
    expect((await c.get('/api/v2/agents/me', basic('viewer@sandbox.example', 'sandbox-viewer-password'))).json.contact.email).toBe('viewer@sandbox.example');
  });

  it('401 invalid_credentials: missing, wrong key, wrong password, unencoded header', async () => {
    for (const auth of [null, basic('nope'), basic('admin@sandbox.example', 'wrong'), 'Basic sandbox-admin-key:X', 'Bearer sandbox-admin-key']) {
      const r = await c.get('/api/v2/tickets/1', auth);
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ description: expect.any(String), errors: [{ message: expect.any(String), code: 'invalid_credentials' }] });
      expect(r.headers.get('x-ratelimit-total')).not.toBeNull();
    }
  });
});

describe('v2 transport rules', () => {
  it('405 for a wrong verb, with Allow', async () => {
    const r = await c.call('PATCH', '/api/v2/tickets/1', { body: { priority: 2 } });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, PUT, DELETE');
    expect(codes(r)).toEqual(['method_not_allowed']);
    expect((await c.call('GET', '/api/v2/tickets/outbound_email')).status).toBe(405);
  });

  it('404 for unknown paths, non-numeric ids and other API versions', async () => {
    expect((await c.get('/api/v2/nothing')).status).toBe(404);
    expect((await c.get('/api/v2/tickets/abc')).status).toBe(404);
    expect((await c.get('/api/v1/tickets')).status).toBe(404);
    expect((await c.get('/api/v2/tickets/1.xml')).status).toBe(404);
    expect((await c.get('/api/v2/tickets/1.json')).status).toBe(200);
  });

  it('406 unless Accept allows JSON', async () => {
    const xml = await c.call('GET', '/api/v2/tickets/1', { headers: { Accept: 'application/xml' } });
    expect(xml.status).toBe(406);
    expect((await c.call('GET', '/api/v2/tickets/1', { headers: { Accept: 'text/html, */*;q=0.1' } })).status).toBe(200);
    expect((await c.call('GET', '/api/v2/tickets/1', { headers: { Accept: 'application/json' } })).status).toBe(200);
  });

  it('415 for a body that is neither JSON nor multipart (XML is unsupported)', async () => {
    const r = await c.call('POST', '/api/v2/tickets', { raw: '<helpdesk_ticket/>', headers: { 'Content-Type': 'application/xml' } });
    expect(r.status).toBe(415);
    expect(codes(r)).toEqual(['invalid_content_type']);
    expect((await c.call('POST', '/api/v2/tickets', { raw: 'email=a@b.example', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
  });

  it('400 invalid_json for malformed JSON; a JSON array body is refused too', async () => {
    const before = c.sandbox.store.tickets.size;
    const r = await c.call('POST', '/api/v2/tickets', { raw: '{"email": "a@b.example",', headers: { 'Content-Type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(codes(r)).toEqual(['invalid_json']);
    const arr = await c.call('POST', '/api/v2/tickets', { raw: '[1,2]', headers: { 'Content-Type': 'application/json' } });
    expect(arr.status).toBe(400);
    expect(c.sandbox.store.tickets.size).toBe(before);
  });

  it('400 for a broken multipart body', async () => {
    const r = await c.call('POST', '/api/v2/tickets', { raw: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nno end', headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' } });
    expect(r.status).toBe(400);
  });

  it('413 for a body past the upload cap, and the server keeps serving', async () => {
    const big = new Uint8Array(26 * 1024 * 1024);
    const r = await c.call('POST', '/api/v2/tickets', { raw: big, headers: { 'Content-Type': 'application/json' } }).catch(() => null);
    if (r) expect(r.status).toBe(413);
    expect((await c.get('/api/v2/tickets/1')).status).toBe(200);
  });

  it('answers CORS preflight', async () => {
    const r = await c.call('OPTIONS', '/api/v2/tickets', { auth: null, headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' } });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('HTTPS only when enforced', () => {
  it('v2 over plain HTTP → 403 ssl_required; X-Forwarded-Proto https passes; v1 is redirected', async () => {
    const strict = await openSandbox({ sslRequired: true });
    try {
      const r = await strict.get('/api/v2/tickets/1');
      expect(r.status).toBe(403);
      expect(codes(r)).toEqual(['ssl_required']);
      const proxied = await strict.call('GET', '/api/v2/tickets/1', { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(proxied.status).toBe(200);
      const v1 = await fetch(`${strict.sandbox.url}/helpdesk/tickets/1.json`, { headers: { Authorization: ADMIN }, redirect: 'manual' });
      expect(v1.status).toBe(301);
      expect(v1.headers.get('location')).toMatch(/^https:\/\//);
    } finally {
      await strict.close();
    }
  });

  it('--tls serves HTTPS with a self-signed certificate, and refuses plain HTTP on the same port', async () => {
    const { Agent } = await import('undici');
    const secure = await openSandbox({ tls: true });
    try {
      expect(secure.sandbox.url).toMatch(/^https:\/\//);
      const dispatcher = new Agent({ connect: { ca: secure.sandbox.ca, servername: 'localhost' } });
      const ok = await fetch(`${secure.sandbox.url}/api/v2/tickets/1`, { headers: { Authorization: ADMIN }, dispatcher } as RequestInit);
      expect(ok.status).toBe(200);
      await dispatcher.close();
      const plain = await fetch(`${secure.sandbox.url.replace('https:', 'http:')}/api/v2/tickets/1`, { headers: { Authorization: ADMIN } });
      expect(plain.status).toBe(403);
      expect((await plain.json()).errors[0].code).toBe('ssl_required');
    } finally {
      await secure.close();
    }
  });
});

describe('never crashes, never hangs', () => {
  /** Writes raw bytes to the server and returns whatever comes back (or '' on reset). */
  const raw = (data: string) =>
    new Promise<string>((resolve) => {
      const { port } = c.sandbox;
      const socket = net.connect(port, '127.0.0.1');
      let out = '';
      socket.setTimeout(3000, () => socket.destroy());
      socket.on('data', (d) => (out += d.toString()));
      socket.on('close', () => resolve(out));
      socket.on('error', () => resolve(out));
      socket.write(data);
      setTimeout(() => socket.end(), 200);
    });

  it('survives malformed requests and keeps answering', async () => {
    const garbage = [
      'GARBAGE\r\n\r\n',
      `GET /api/v2/tickets/%E0%A4%A HTTP/1.1\r\nHost: x\r\nAuthorization: ${ADMIN}\r\n\r\n`,
      `GET //api/v2/../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n`,
      `POST /api/v2/tickets HTTP/1.1\r\nHost: x\r\nAuthorization: ${ADMIN}\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{"a"`,
      `POST /helpdesk/tickets.xml HTTP/1.1\r\nHost: x\r\nAuthorization: ${ADMIN}\r\nContent-Type: application/xml\r\nContent-Length: 60\r\n\r\n<!DOCTYPE x [<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaa">]><x>&a;</x>`,
    ];
    for (const g of garbage) await raw(g);
    const bad = await raw(`GET /api/v2/tickets/%E0%A4%A HTTP/1.1\r\nHost: x\r\nAuthorization: ${ADMIN}\r\nConnection: close\r\n\r\n`);
    expect(bad).toMatch(/^HTTP\/1\.1 404/);
    const dtd = await raw(`POST /helpdesk/tickets.xml HTTP/1.1\r\nHost: x\r\nAuthorization: ${ADMIN}\r\nContent-Type: application/xml\r\nContent-Length: 60\r\nConnection: close\r\n\r\n<!DOCTYPE x [<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaa">]><x>&a;</x>`);
    expect(dtd).toMatch(/^HTTP\/1\.1 400/);
    expect((await c.get('/api/v2/tickets/1')).status).toBe(200);
  });

  it('answers deeply wrong JSON payloads with 400s, not 500s', async () => {
    const payloads: unknown[] = [
      { email: { $ne: 1 } },
      { email: 'a@b.example', custom_fields: [] },
      { email: 'a@b.example', custom_fields: { cf_seats: 'many' } },
      { email: 'a@b.example', tags: [1, 2] },
      { email: 'a@b.example', due_by: 'tomorrow' },
      { email: 'a@b.example', due_by: '2031-01-01T00:00:00Z' },
      { email: 'a@b.example', attachments: ['x'] },
      { email: 'a@b.example', requester_id: -1 },
      { email: 'a@b.example', group_id: 1.5 },
      { __proto__: { polluted: true }, email: 'a@b.example', subject: 'ok' },
      null,
      'string',
      42,
    ];
    for (const body of payloads) {
      const r = await c.call('POST', '/api/v2/tickets', { raw: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    const v1 = await c.call('POST', '/helpdesk/tickets.json', { body: { helpdesk_ticket: 'nope' } });
    expect(v1.status).toBe(422);
    const v1b = await c.call('PUT', '/helpdesk/tickets/1.json', { body: { helpdesk_ticket: { status: 'open' } } });
    expect(v1b.status).toBe(422);
  });

  it('deeply nested JSON and XML bodies are refused, not crashed on', async () => {
    const deepJson = `{"email":"a@b.example","custom_fields":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect((await c.call('POST', '/api/v2/tickets', { raw: deepJson, headers: { 'Content-Type': 'application/json' } })).status).toBe(400);
    const deepXml = `${'<a>'.repeat(50_000)}x${'</a>'.repeat(50_000)}`;
    expect((await c.call('POST', '/helpdesk/tickets.xml', { raw: deepXml, headers: { 'Content-Type': 'application/xml' } })).status).toBe(400);
    expect((await c.get('/api/v2/tickets/1')).status).toBe(200);
  });

  it('a request that reads a very long query or path is still answered', async () => {
    const long = 'x'.repeat(8000);
    const r = await c.get(`/api/v2/search/tickets?query=${long}`);
    expect(r.status).toBe(400);
    expect((await c.get(`/api/v2/${long}`)).status).toBe(404);
  });
});
