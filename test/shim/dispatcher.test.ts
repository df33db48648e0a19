/**
 * The in-process front end: with the shim installed as undici's global dispatcher, Node's fetch
 * and undici.request keep their v1 calls (answered through v2, no network hop to a proxy), while
 * v2 calls and other hosts go to the dispatcher it replaced.
 */
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { createShimDispatcher, installShimDispatcher, type UsageLine } from '../../src/shim/index.ts';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 5 });
});
afterAll(() => sandbox.close());
const auth = () => `Basic ${Buffer.from(`${sandbox.keys.admin}:X`).toString('base64')}`;

describe('shim dispatcher', () => {
  it('installed globally: fetch v1 calls are answered from v2 in process; v2 calls pass through; uninstall restores', async () => {
    const usage: UsageLine[] = [];
    const { uninstall } = installShimDispatcher({ upstream: sandbox.url, allowInsecureUpstream: true, onUsage: (l) => usage.push(l) });
    try {
      const created = await fetch(`${sandbox.url}/helpdesk/tickets.json`, {
        method: 'POST',
        headers: { authorization: auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ helpdesk_ticket: { subject: 'From fetch', email: 'fetch@acme.example', description: 'hi', priority: 2, status: 2 } }),
      });
      expect(created.status).toBe(200);
      const t = ((await created.json()) as { helpdesk_ticket: { display_id: number; subject: string } }).helpdesk_ticket;
      expect(t.subject).toBe('From fetch');
      const xml = await fetch(`${sandbox.url}/helpdesk/tickets/${t.display_id}.xml`, { headers: { authorization: auth() } });
      expect(xml.headers.get('content-type')).toMatch(/xml/);
      expect(await xml.text()).toMatch(/<subject>From fetch<\/subject>/);
      // a v2 call is not the shim's: it reaches the sandbox unchanged
      const v2 = await fetch(`${sandbox.url}/api/v2/tickets/${t.display_id}`, { headers: { authorization: auth() } });
      expect(((await v2.json()) as { subject: string }).subject).toBe('From fetch');
      expect(usage.map((u) => u.rule)).toEqual(['tickets.create', 'tickets.view']);
    } finally {
      await uninstall();
    }
    // uninstalled: v1 goes to the sandbox's own v1 surface again (no usage line)
    const direct = await fetch(`${sandbox.url}/helpdesk/tickets/1.json`, { headers: { authorization: auth() } });
    expect(direct.status).toBe(200);
    expect(usage).toHaveLength(2);
  });

  it('as an explicit dispatcher for undici.request (new handler API), with the v1 error shapes', async () => {
    const dispatcher = createShimDispatcher({ upstream: sandbox.url, allowInsecureUpstream: true });
    try {
      const ok = await request(`${sandbox.url}/contacts.json?state=all`, { dispatcher, headers: { authorization: auth() } });
      expect(ok.statusCode).toBe(200);
      expect(Array.isArray(await ok.body.json())).toBe(true);
      const missing = await request(`${sandbox.url}/helpdesk/tickets/999999.json`, { dispatcher, headers: { authorization: auth() } });
      expect(missing.statusCode).toBe(404);
      expect(await missing.body.json()).toEqual({ errors: { error: 'Record Not Found' } });
    } finally {
      await dispatcher.close();
    }
  });
});
