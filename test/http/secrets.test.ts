/**
 * Credentials never leave the client: every event, error (message, stack, JSON, inspect) and the
 * client itself (toString, JSON, inspect) are grepped for every spelling of every secret.
 */
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HelpdeskClient, type HttpEvent } from '../../src/http/index.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';

const KEY = 'live-Key_9f8e7d6c5b4a';
const USER = 'ops@acme.example';
const PASSWORD = 'Pa55-word/with+signs';
const PASS_THROUGH = 'shim-Caller-Key-0042';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const FORBIDDEN = [KEY, PASSWORD, PASS_THROUGH, b64(`${KEY}:X`), b64(`${USER}:${PASSWORD}`), b64(`${PASS_THROUGH}:X`), encodeURIComponent(PASSWORD), encodeURIComponent(KEY)];

let sandbox: Sandbox;
let deadUrl: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, tickets: 5, rateLimit: { calls: 1_000_000, seconds: 60 } });
  const dead = await startSandbox({ port: 0, tickets: 1 });
  deadUrl = dead.url;
  await dead.close();
});
afterAll(async () => {
  await sandbox?.close();
});

function everything(e: unknown): string {
  if (e instanceof Error) return [String(e), e.message, e.stack ?? '', JSON.stringify(e), inspect(e, { showHidden: true, depth: 10 })].join('\n');
  return typeof e === 'string' ? e : `${JSON.stringify(e)}\n${inspect(e, { showHidden: true, depth: 10 })}`;
}

describe('credentials are never printed', () => {
  it('in events, errors, toString, JSON and inspect of the client, for every way a request can go', async () => {
    const outputs: string[] = [];
    const events: HttpEvent[] = [];
    const onEvent = (e: HttpEvent) => events.push(e);
    const byKey = new HelpdeskClient({ base: sandbox.url, allowInsecure: true, credentials: { apiKey: KEY }, onEvent, retries: 1, backoff: { baseMs: 1, maxMs: 1 } });
    const byLogin = new HelpdeskClient({ base: sandbox.url, allowInsecure: true, credentials: { user: USER, password: PASSWORD }, onEvent });
    const dead = new HelpdeskClient({ base: deadUrl, allowInsecure: true, credentials: { apiKey: KEY }, onEvent, retries: 1, backoff: { baseMs: 1, maxMs: 1 } });
    const attempts: Promise<unknown>[] = [
      byKey.request({ method: 'GET', path: '/api/v2/tickets/1' }), // 401: unknown key
      byKey.request({ method: 'GET', path: `/helpdesk/tickets.json?api_key=${KEY}` }),
      byKey.request({ method: 'GET', path: '/api/v2/tickets/1', query: { password: PASSWORD } }),
      byKey.request({ method: 'GET', path: '/api/v2/tickets/1', headers: { Authorization: `Basic ${b64(`${PASS_THROUGH}:X`)}` } }),
      byKey.request({ method: 'GET', path: `/x ${KEY}` }), // usage error naming the path
      byKey.request({ method: 'GET', path: '/api/v2/tickets/1', headers: { authorization: `Basic ${b64(`${PASS_THROUGH}:X`)}\r\nx: y` } }),
      byLogin.request({ method: 'POST', path: '/api/v2/tickets', body: { password: PASSWORD } }),
      dead.request({ method: 'GET', path: `/api/v2/tickets/1?token=${KEY}` }),
      dead.request({ method: 'POST', path: '/api/v2/tickets', body: {}, headers: { authorization: `Basic ${b64(`${PASS_THROUGH}:X`)}` } }),
    ];
    for (const settled of await Promise.allSettled(attempts)) {
      outputs.push(settled.status === 'fulfilled' ? `status ${(settled.value as { status: number }).status}` : everything(settled.reason));
    }
    for (const base of ['https://user:' + PASSWORD + '@acme.example', `http://acme.example/?key=${KEY}`, 'not a url ' + KEY]) {
      try {
        new HelpdeskClient({ base, credentials: { apiKey: KEY } });
      } catch (e) {
        outputs.push(everything(e));
      }
    }
    for (const c of [byKey, byLogin, dead]) outputs.push(String(c), JSON.stringify(c), inspect(c, { showHidden: true, depth: 10 }), `${c}`);
    outputs.push(...events.map((e) => everything(e)));
    await Promise.all([byKey.close(), byLogin.close(), dead.close()]);

    expect(outputs.length).toBeGreaterThan(20);
    expect(events.some((e) => e.type === 'error')).toBe(true);
    const all = outputs.join('\n');
    for (const secret of FORBIDDEN) expect(all, `leaked ${secret}`).not.toContain(secret);
    // the masking left the rest readable
    expect(all).toContain('/api/v2/tickets/1');
    expect(all).toMatch(/HttpConnectionError/);
  });
});
