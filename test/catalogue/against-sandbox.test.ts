/**
 * The catalogue checked against the sandbox, which was written from the spec independently: for
 * real records, the v1 answer rebuilt from v2 calls through the catalogue equals the sandbox's own
 * v1 answer, except in the fields the catalogue declares lost (listed here with the reason).
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../rules/index.ts';
import { Catalogue, executePlan } from '../../src/catalogue/index.ts';
import { startSandbox } from '../../src/sandbox/index.ts';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sb: Sandbox;
let auth: string;
const catalogue = new Catalogue(ALL_RULES, { accountId: '318502', utcOffset: '+10:00', surveyScale: 'custom', hhmm: 'decimal-hours' });

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
  auth = `Basic ${Buffer.from(`${sb.keys.admin}:X`).toString('base64')}`;
});
afterAll(() => sb?.close());

async function get(path: string) {
  const res = await fetch(sb.url + path, { headers: { Authorization: auth } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Leaf paths where two JSON values differ, with array indices written as []. */
function differences(a: unknown, b: unknown, path = ''): Set<string> {
  const out = new Set<string>();
  const walk = (x: unknown, y: unknown, p: string) => {
    if (JSON.stringify(x) === JSON.stringify(y)) return;
    if (x && y && typeof x === 'object' && typeof y === 'object' && Array.isArray(x) === Array.isArray(y)) {
      for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) {
        walk((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k], Array.isArray(x) ? `${p}[]` : `${p}.${k}`);
      }
      return;
    }
    out.add(p);
  };
  walk(a, b, path);
  return out;
}

const CASES: Array<{ request: string; allowed: string[] }> = [
  {
    request: '/helpdesk/tickets/1.json',
    allowed: [
      '.helpdesk_ticket.id', // global id: lost
      '.helpdesk_ticket.delta',
      '.helpdesk_ticket.trained',
      '.helpdesk_ticket.to_email',
      '.helpdesk_ticket.notes[]', // meta notes are not v2 conversations
      '.helpdesk_ticket.notes[].note.support_email', // the sandbox v1 notes omit it; FC had it
    ],
  },
  { request: '/contacts/1001001.json', allowed: ['.user.external_id', '.user.fb_profile_id', '.user.company_id'] },
  { request: '/contacts.json?query=email%20is%20agent%40sandbox.example', allowed: [] },
  {
    request: '/helpdesk/tickets/1/time_sheets.json',
    allowed: ['[].time_entry.agent_email', '[].time_entry.contact_email', '[].time_entry.customer_name', '[].time_entry.workable_type'],
  },
  { request: '/helpdesk/tickets/4/surveys.json', allowed: ['[].survey_result.response_note_id', '[].survey_result.surveyable_id', '[].survey_result.surveyable_type'] },
  { request: '/discussions/topics/9200001.json', allowed: ['.topic.last_post_id'] },
  {
    request: '/discussions/forums/9100001.json',
    allowed: ['.forum.description_html', '.forum.topics[].last_post_id'],
  },
  {
    request: '/solution/categories/10000001.json',
    allowed: ['.category.is_default', '.category.position', '.category.folders[].is_default', '.category.folders[].position', '.category.folders[].customer_folders'],
  },
];

describe('catalogue against the sandbox', () => {
  for (const { request, allowed } of CASES) {
    it(`GET ${request}`, async () => {
      const t = catalogue.translate({ method: 'GET', target: request });
      expect(t.rule).not.toBeNull();
      const facts = { agentNames: Object.fromEntries(sb.store.agents().map((a: { id: number; name: string }) => [String(a.id), a.name])) };
      const { v1 } = await executePlan(t, (call) => get(call.path + (Object.keys(call.query).length ? `?${new URLSearchParams(call.query)}` : '')), {
        overlay: catalogue.overlay,
        facts,
      });
      const real = await get(request);
      expect(v1.status).toBe(real.status);
      const unexpected = [...differences(real.body, v1.body)].filter((p) => !allowed.includes(p));
      expect(unexpected).toEqual([]);
    });
  }
});

describe('running plans with writes on the sandbox', () => {
  async function send(call: { method: string; path: string; query: Record<string, string>; body: unknown }) {
    const qs = Object.keys(call.query).length ? `?${new URLSearchParams(call.query)}` : '';
    const res = await fetch(sb.url + call.path + qs, {
      method: call.method,
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: call.body ? JSON.stringify(call.body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  it('pick_tickets: agents/me answers the id the assignment uses', async () => {
    const t = catalogue.translate({ method: 'PUT', target: '/helpdesk/tickets/5/pick_tickets.json' });
    const { responses, v1 } = await executePlan(t, send, { overlay: catalogue.overlay });
    expect(responses[1]!.body).toMatchObject({ id: 5, responder_id: (responses[0]!.body as { id: number }).id });
    expect(v1.body).toEqual([{ ticket: expect.objectContaining({ display_id: 5 }) }]);
  });

  it('restore: the response-only call rebuilds the v1 summary after a 204', async () => {
    const t = catalogue.translate({ method: 'PUT', target: '/helpdesk/tickets/2/restore.json' });
    const { responses, v1 } = await executePlan(t, send, { overlay: catalogue.overlay });
    expect(responses.map((r) => r.status)).toEqual([204, 200]);
    expect(v1).toMatchObject({ status: 200, body: [{ ticket: { display_id: 2, deleted: false } }] });
  });

  it('a failing call stops the plan with the v2 answer', async () => {
    const t = catalogue.translate({ method: 'DELETE', target: '/helpdesk/tickets/3.json' });
    await expect(executePlan(t, send)).rejects.toMatchObject({ response: { status: 405 } });
  });
});

describe('the v2 body fields the catalogue says each write takes', () => {
  /** The sandbox's request schemas by the endpoints their descriptions name (`PUT /api/v2/tickets/[id]`). */
  async function sandboxBodies(): Promise<Map<string, string[]>> {
    const dir = new URL('../../src/sandbox/v2/schemas/', import.meta.url);
    const out = new Map<string, string[]>();
    for (const file of readdirSync(dir).filter((f) => f !== 'fields.ts')) {
      const mod = (await import(new URL(file, dir).href)) as Record<string, { description?: string; properties?: object }>;
      for (const schema of Object.values(mod)) {
        if (!schema?.properties || typeof schema.description !== 'string') continue;
        for (const endpoint of schema.description.split(':')[0]!.split(', ')) out.set(endpoint, Object.keys(schema.properties).sort());
      }
    }
    return out;
  }

  it('equal the fields the sandbox (written from the spec on its own) takes, for every write', async () => {
    const bodies = await sandboxBodies();
    const writes = ALL_RULES.filter((r) => r.request && r.request.body !== 'none');
    expect(writes.length).toBeGreaterThan(20);
    for (const rule of writes) {
      const main = rule.plan.find((s) => s.carries)!;
      const endpoint = `${main.method} ${main.path.replace(/:\w+/g, '[id]')}`;
      expect({ rule: rule.id, accepts: [...(rule.request!.accepts ?? [])].sort() }).toEqual({ rule: rule.id, accepts: bodies.get(endpoint) });
    }
  });

  it('a v1 create carrying fields v2 refuses (id, created_at, a misspelt name) still creates the ticket', async () => {
    const t = catalogue.translate({
      method: 'POST',
      target: '/helpdesk/tickets.json',
      body: { helpdesk_ticket: { subject: 'Printer', email: 'ann@example.com', id: 7, created_at: '2020-01-01T00:00:00Z', prority: 2 } },
    });
    expect(t.calls[0]!.body).toEqual({ subject: 'Printer', email: 'ann@example.com' });
    expect(t.detail!.issues.map((i) => i.path).sort()).toEqual(['body.created_at', 'body.id', 'body.prority']);
    const res = await fetch(`${sb.url}/api/v2/tickets`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(t.calls[0]!.body),
    });
    expect(res.status).toBe(201);
  });
});
