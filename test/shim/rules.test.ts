/**
 * Every rule through the shim, driven by the catalogue's fixture pairs (fixtures/catalogue/<rule>/):
 * the v1 request of request.json goes into the shim; the v2 calls that reach the upstream must be
 * the ones the fixture expects; the upstream answers with response.json's v2 bodies, and the v1
 * answer the client gets must be response.json's expected v1 response.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalogue, checkOverlay } from '../../src/catalogue/index.ts';
import { ALL_RULES } from '../../rules/index.ts';
import { LocalCache, ShimCore } from '../../src/shim/index.ts';
import { AUTH, startFakeUpstream, type FakeUpstream, type Received } from './fake-upstream.ts';

const ROOT = join(import.meta.dirname, '../../fixtures/catalogue');
const read = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

interface RequestFixture {
  request: string;
  body?: unknown;
  overlay?: unknown;
  expect: { rule: string | null; fidelity: string | null; calls: { method: string; path: string; query: Record<string, string>; body: unknown }[]; error?: string };
}
interface ResponseFixture {
  v2: { status: number; body: unknown }[];
  overlay?: unknown;
  facts?: { agentNames?: Record<string, string>; statuses?: unknown };
  expect: { status: number; body: unknown };
}

/** A value another call provides (`{{calls[0].id}}`) is whatever the upstream answered: any value. */
function anyReference(v: unknown): unknown {
  if (typeof v === 'string' && /^\{\{calls\[\d+\]/.test(v)) return expect.anything();
  if (Array.isArray(v)) return v.map(anyReference);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, anyReference(x)]));
  return v;
}

/** What a lookup answers when the fixture has no v2 body for it: enough for the plan to go on. */
function generic(r: Received): unknown {
  if (r.path === '/api/v2/agents/me') return { id: 7001, contact: { name: 'Grace Hopper' } };
  if (r.path === '/api/v2/companies/autocomplete') return { companies: [{ id: 9001, name: r.query.name }] };
  if (r.path === '/api/v2/agents' && r.query.email) return [{ id: 7001, contact: { email: r.query.email } }];
  return r.method === 'GET' ? [] : {};
}

let upstream: FakeUpstream;
let script: { status: number; body: unknown }[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream((r) => {
    const next = script.shift();
    if (next) return { status: next.status, body: next.body ?? undefined };
    return { status: r.method === 'POST' ? 201 : r.method === 'DELETE' ? 204 : 200, body: r.method === 'DELETE' ? undefined : generic(r) };
  });
});
afterAll(() => upstream.close());

function bodyOf(r: Received): unknown {
  if (r.body.length === 0) return null;
  return JSON.parse(r.body.toString('utf8'));
}

const dirs = readdirSync(ROOT).filter((d) => !d.startsWith('.'));

describe('every rule round-trips through the shim', () => {
  it('covers every rule of the catalogue', () => {
    expect(ALL_RULES.map((r) => r.id).filter((id) => !existsSync(join(ROOT, id, 'request.json')))).toEqual([]);
  });

  for (const dir of dirs) {
    it(dir, async () => {
      const req = read<RequestFixture>(join(ROOT, dir, 'request.json'));
      const resFile = join(ROOT, dir, 'response.json');
      const res = existsSync(resFile) ? read<ResponseFixture>(resFile) : undefined;
      const overlay = checkOverlay({ ...((req.overlay as object) ?? {}), ...((res?.overlay as object) ?? {}) });
      const cache = new LocalCache();
      // the account facts of the fixture, as the shim would have cached them from ticket_fields and agents
      await cache.set('facts:agents', res?.facts?.agentNames ?? {}, 60_000);
      await cache.set('facts:statuses', res?.facts?.statuses ?? {}, 60_000);
      const core = new ShimCore({ upstream: upstream.url, allowInsecureUpstream: true, catalogue: new Catalogue(ALL_RULES, overlay), cache, retries: 0 });
      try {
        const [method, target] = req.request.split(/\s+/, 2) as [string, string];
        const path = target.replace(/^https?:\/\/[^/]+/, '');
        const isXml = /\.xml(\?|$)/.test(path);
        upstream.received.length = 0;
        script = res && (res.v2.length === req.expect.calls.length || res.v2.length > 0) ? res.v2.map((x) => ({ ...x })) : [];
        const answer = await core.handle({
          method,
          target: path,
          headers: { authorization: AUTH, 'content-type': 'application/json' },
          body: req.body === undefined || req.body === null ? undefined : Buffer.from(JSON.stringify(req.body)),
        });
        const rule = ALL_RULES.find((r) => r.id === dir)!;
        if (rule.plan.length === 0) {
          expect(answer.status).toBe(501);
          expect(upstream.received).toEqual([]);
          expect(answer.body).toContain(dir);
          if (rule.substitute) expect(answer.body).toContain(isXml ? 'substitute' : JSON.stringify(rule.substitute).slice(1, 20));
          return;
        }
        // the v2 calls of the main plan, in order (response-only calls come after them)
        const sent = upstream.received.map((r) => ({ method: r.method, path: r.path, query: r.query, body: bodyOf(r) }));
        const mainCalls = sent.filter((_, i) => !rule.plan[i]?.forResponse).slice(0, req.expect.calls.length);
        expect(mainCalls).toEqual(anyReference(req.expect.calls));
        for (const r of upstream.received) expect(r.headers.authorization).toBe(AUTH);
        if (res && !isXml) {
          expect({ status: answer.status, body: answer.body === '' ? null : JSON.parse(answer.body) }).toEqual(res.expect);
        } else {
          expect(answer.status).toBe(rule.response?.v1Status ?? 200);
        }
      } finally {
        await core.close();
      }
    });
  }
});
