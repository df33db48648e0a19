/**
 * XML clients and multipart attachments, directly on the sandbox's v1 surface and through the shim
 * on a second sandbox's v2 surface (same seed): the same answers where v1 and v2 hold the same data.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { startShimServer, type ShimServer } from '../../src/shim/index.ts';

let v1: Sandbox;
let v2: Sandbox;
let shim: ShimServer;
const basic = (key: string) => `Basic ${Buffer.from(`${key}:X`).toString('base64')}`;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false });

beforeAll(async () => {
  // (one starting instant for both: started across a second boundary, the same seed dates its
  // records a second apart)
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  v1 = await startSandbox({ port: 0, seed: 11, now });
  v2 = await startSandbox({ port: 0, seed: 11, now });
  shim = await startShimServer({ upstream: v2.url, allowInsecureUpstream: true, port: 0 });
});
afterAll(async () => {
  await shim.close();
  await v1.close();
  await v2.close();
});

/** The same request to the v1 sandbox directly and to the shim in front of the v2 sandbox. */
async function both(path: string, init: RequestInit = {}) {
  const direct = await fetch(`${v1.url}${path}`, { ...init, headers: { ...(init.headers as object), authorization: basic(v1.keys.admin) } });
  const shimmed = await fetch(`${shim.url}${path}`, { ...init, headers: { ...(init.headers as object), authorization: basic(v2.keys.admin) } });
  return { direct: { status: direct.status, type: direct.headers.get('content-type'), text: await direct.text() }, shimmed: { status: shimmed.status, type: shimmed.headers.get('content-type'), text: await shimmed.text() } };
}

const FIELDS = ['display_id', 'subject', 'status', 'priority', 'source', 'requester_id', 'responder_id', 'status_name', 'priority_name', 'source_name', 'requester_name'];

describe('XML clients', () => {
  it('GET a ticket as XML: same root, same typed fields', async () => {
    const { direct, shimmed } = await both('/helpdesk/tickets/3.xml');
    expect(shimmed.status).toBe(direct.status);
    expect(shimmed.type).toMatch(/application\/xml/);
    const a = parser.parse(direct.text).helpdesk_ticket;
    const b = parser.parse(shimmed.text).helpdesk_ticket;
    for (const f of FIELDS) expect(b[f], f).toEqual(a[f]);
  });

  it('POST an XML body (contacts.xml): created, answered in XML', async () => {
    const body = '<?xml version="1.0" encoding="UTF-8"?><user><name>Lois Lane</name><email>lois@planet.example</email><mobile>5550199</mobile></user>';
    const { direct, shimmed } = await both('/contacts.xml', { method: 'POST', headers: { 'content-type': 'application/xml' }, body });
    expect(direct.status).toBe(200);
    expect(shimmed.status).toBe(direct.status);
    const a = parser.parse(direct.text).user;
    const b = parser.parse(shimmed.text).user;
    for (const f of ['name', 'email']) expect(b[f], f).toEqual(a[f]);
    // the catalogue gives v1 phone numbers back as numbers (v1 typed them); the value is the same
    expect(String(b.mobile['#text'] ?? b.mobile)).toBe(String(a.mobile['#text'] ?? a.mobile));
  });

  it('GET a list as XML: the same array root and items', async () => {
    const { direct, shimmed } = await both('/helpdesk/ticket_fields.xml');
    expect(shimmed.status).toBe(direct.status);
    const rootA = Object.keys(parser.parse(direct.text)).filter((k) => !k.startsWith('?'));
    const rootB = Object.keys(parser.parse(shimmed.text)).filter((k) => !k.startsWith('?'));
    expect(rootB).toEqual(rootA);
  });
});

describe('multipart attachments', () => {
  it('a ticket with two files: same subject and the same attachment names and sizes', async () => {
    const form = () => {
      const f = new FormData();
      f.append('helpdesk_ticket[subject]', 'Scan attached');
      f.append('helpdesk_ticket[email]', 'ada@acme.example');
      f.append('helpdesk_ticket[description]', 'see the scans');
      f.append('helpdesk_ticket[attachments][][resource]', new Blob([new Uint8Array(1500).fill(7)], { type: 'application/pdf' }), 'scan.pdf');
      f.append('helpdesk_ticket[attachments][][resource]', new Blob(['hello world'], { type: 'text/plain' }), 'note.txt');
      return f;
    };
    const direct = await fetch(`${v1.url}/helpdesk/tickets.json`, { method: 'POST', headers: { authorization: basic(v1.keys.admin) }, body: form() });
    const shimmed = await fetch(`${shim.url}/helpdesk/tickets.json`, { method: 'POST', headers: { authorization: basic(v2.keys.admin) }, body: form() });
    expect(direct.status).toBe(200);
    expect(shimmed.status).toBe(direct.status);
    type T = { helpdesk_ticket: { subject: string; attachments: { name?: string; content_file_name?: string; file_size?: number; content_file_size?: number; size?: number }[] } };
    const a = ((await direct.json()) as T).helpdesk_ticket;
    const b = ((await shimmed.json()) as T).helpdesk_ticket;
    expect(b.subject).toBe(a.subject);
    const files = (t: T['helpdesk_ticket']) => t.attachments.map((x) => [x.content_file_name ?? x.name, x.content_file_size ?? x.file_size ?? x.size]);
    expect(files(b)).toEqual(files(a));
    expect(files(b)).toEqual([
      ['scan.pdf', 1500],
      ['note.txt', 11],
    ]);
  });
});

describe('agents (the v1 agents family)', () => {
  it('GET /agents.json: the same agents, names and e-mails, through the shim', async () => {
    type A = { agent: { user: { name: string; email: string } } }[];
    const { direct, shimmed } = await both('/agents.json');
    expect(shimmed.status).toBe(direct.status);
    const people = (list: A) => list.map((a) => [a.agent.user.name, a.agent.user.email]).sort();
    expect(people(JSON.parse(shimmed.text) as A)).toEqual(people(JSON.parse(direct.text) as A));
  });
});
