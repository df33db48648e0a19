/**
 * The sandbox clock (issue #10 "Time") and the date inputs the service accepts (issue #10 "Input").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxOptionsFromFlags } from '../../src/cli/sandbox.ts';
import { clockFrom, parseClock, startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { parseDateInput } from '../../src/sandbox/time.ts';
import { ADMIN, codes, openSandbox, type Client } from './helpers.ts';

const DAY = 86_400_000;

async function json(sb: Sandbox, path: string): Promise<{ status: number; link: string | null; body: any }> {
  const r = await fetch(sb.url + path, { headers: { Authorization: ADMIN } });
  return { status: r.status, link: r.headers.get('link'), body: await r.json() };
}

describe('sandbox clock', () => {
  it('a fresh sandbox on the real clock lists recent tickets by default, with a next link', async () => {
    const sb = await startSandbox({ port: 0, tickets: 300 });
    try {
      const r = await json(sb, '/api/v2/tickets?per_page=2');
      expect(r.status).toBe(200);
      expect(r.body).toHaveLength(2);
      expect(r.link).toMatch(/rel="next"/);
      for (const t of r.body) expect(Date.now() - Date.parse(t.created_at)).toBeLessThan(30 * DAY);
    } finally {
      await sb.close();
    }
  });

  it('the same seed and the same --now give the same account byte for byte; another --now moves every date', async () => {
    const a = await startSandbox({ port: 0, tickets: 120, seed: 5, now: '2031-03-04T05:06:07Z' });
    const b = await startSandbox({ port: 0, tickets: 120, seed: 5, now: '2031-03-04T05:06:07Z' });
    const c = await startSandbox({ port: 0, tickets: 120, seed: 5, now: '2031-03-05T05:06:07Z' });
    try {
      const snapA = JSON.stringify(a.store.snapshot());
      expect(JSON.stringify(b.store.snapshot())).toBe(snapA);
      expect(JSON.stringify(c.store.snapshot())).not.toBe(snapA);
      // the same shape a day later: every seeded timestamp moved by exactly one day
      const ta = a.store.tickets.get(7)!;
      const tc = c.store.tickets.get(7)!;
      expect(tc.createdAt - ta.createdAt).toBe(DAY);
      // and the HTTP answers are the same bytes too
      const [ra, rb] = await Promise.all([fetch(`${a.url}/api/v2/tickets/1?include=conversations`, { headers: { Authorization: ADMIN } }), fetch(`${b.url}/api/v2/tickets/1?include=conversations`, { headers: { Authorization: ADMIN } })]);
      // (but for the port in attachment URLs)
      const strip = async (r: Response) => (await r.text()).replaceAll(/127\.0\.0\.1:\d+/g, 'HOST');
      expect(await strip(ra)).toBe(await strip(rb));
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('seeded tickets, conversations and time entries are recent relative to --now', async () => {
    const now = Date.parse('2031-03-04T05:06:07Z');
    const sb = await startSandbox({ port: 0, tickets: 300, now: '2031-03-04T05:06:07Z' });
    try {
      const list = await json(sb, '/api/v2/tickets?per_page=100');
      expect(list.body.length).toBeGreaterThan(5);
      for (const t of list.body) {
        expect(Date.parse(t.created_at)).toBeLessThanOrEqual(now + 60_000);
        expect(Date.parse(t.created_at)).toBeGreaterThanOrEqual(now - 30 * DAY);
      }
      const recentTicket = list.body.find((t: { id: number }) => t.id <= 300);
      const conv = await json(sb, `/api/v2/tickets/${recentTicket.id}/conversations`);
      expect(conv.status).toBe(200);
      const entries = await json(sb, `/api/v2/time_entries?executed_after=${new Date(now - 30 * DAY).toISOString()}`);
      expect(entries.status).toBe(200);
      expect(entries.body.length).toBeGreaterThan(0);
      // the clock runs on from --now: a write is stamped at or after it, never at the real date
      const created = await fetch(`${sb.url}/api/v2/tickets`, {
        method: 'POST',
        headers: { Authorization: ADMIN, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'clock@example.com', subject: 's', description: 'd', status: 2, priority: 1 }),
      });
      const t = await created.json();
      expect(Date.parse(t.created_at)).toBeGreaterThanOrEqual(now - 1000);
      expect(Date.parse(t.created_at)).toBeLessThan(now + 60_000);
      expect(Math.abs(sb.now() - now)).toBeLessThan(60_000);
    } finally {
      await sb.close();
    }
  });

  it('clockFrom: a function is the clock; an instant runs on from itself', () => {
    let real = 1_000;
    const clock = clockFrom('2030-01-01T00:00:00.250Z', () => real);
    expect(clock()).toBe(Date.parse('2030-01-01T00:00:00.250Z'));
    real += 5_000;
    expect(clock()).toBe(Date.parse('2030-01-01T00:00:05.250Z'));
    const fixed = () => 42;
    expect(clockFrom(fixed)).toBe(fixed);
    expect(clockFrom(7, () => 0)()).toBe(7);
    expect(() => parseClock('next tuesday')).toThrow(/now must be a date/);
  });

  it('--now is checked before anything starts (usage error, one line)', () => {
    const base = { port: '0', host: '127.0.0.1', seed: '1', tickets: '10' };
    expect(sandboxOptionsFromFlags({ ...base, now: '2027-01-02T00:00:00.000Z' }).now).toBe('2027-01-02T00:00:00.000Z');
    expect(() => sandboxOptionsFromFlags({ ...base, now: 'yesterday' })).toThrow(/--now must be a date and time/);
  });
});

describe('date inputs: every form the service accepts, none it refuses', () => {
  const accepted: Array<[string, string]> = [
    ['2027-01-02', '2027-01-02T00:00:00.000Z'],
    ['2027-01-02T03:04', '2027-01-02T03:04:00.000Z'],
    ['2027-01-02T03:04Z', '2027-01-02T03:04:00.000Z'],
    ['2027-01-02T03:04:05', '2027-01-02T03:04:05.000Z'],
    ['2027-01-02T03:04:05Z', '2027-01-02T03:04:05.000Z'],
    ['2027-01-02T03:04:05+05:30', '2027-01-01T21:34:05.000Z'],
    ['2027-01-02T03:04:05-05', '2027-01-02T08:04:05.000Z'],
    ['2027-01-02T03:04:05+0530', '2027-01-01T21:34:05.000Z'],
    ['2027-01-02T00:00:00.000Z', '2027-01-02T00:00:00.000Z'], // JavaScript toISOString()
    ['2027-01-02T00:00:00.123456', '2027-01-02T00:00:00.123Z'], // Python isoformat() of a naive datetime
    ['2027-01-02T00:00:00.5+01:00', '2027-01-01T23:00:00.500Z'],
  ];
  it.each(accepted)('accepts %s', (text, iso) => {
    expect(new Date(parseDateInput(text)!).toISOString()).toBe(iso);
  });

  const refused = ['2027-01-02 00:00:00', '2027-1-2', '2027-01-02Z', '2027-01-02T00:00.5Z', '2027-02-30', '2027-01-02T24:00:00Z', '2027-01-02T00:00:00.Z', '2027-01-02T00:00:00+25:00', 'yesterday', ''];
  it.each(refused)('refuses %j', (text) => {
    expect(parseDateInput(text)).toBeNull();
  });

  let c: Client;
  beforeAll(async () => {
    c = await openSandbox();
  });
  afterAll(() => c.close());

  it('fractional seconds pass on updated_since, executed_after/before, due_by and fr_due_by; a space still fails', async () => {
    const ms = '2015-01-01T00:00:00.000Z';
    expect((await c.get(`/api/v2/tickets?updated_since=${ms}&per_page=1`)).status).toBe(200);
    expect((await c.get(`/api/v2/time_entries?executed_after=${ms}&executed_before=2030-01-01T00:00:00.999Z`)).status).toBe(200);
    expect((await c.get(`/api/v2/surveys/satisfaction_ratings?created_since=${ms}`)).status).toBe(200);
    expect(codes(await c.get('/api/v2/tickets?updated_since=2015-01-01%2000:00:00'))).toEqual(['invalid_value']);
    const due = new Date(c.sandbox.now() + 3 * DAY).toISOString();
    const frDue = new Date(c.sandbox.now() + 1 * DAY).toISOString();
    const created = await c.call('POST', '/api/v2/tickets', {
      body: { email: 'frac@example.com', subject: 's', description: 'd', status: 2, priority: 1, due_by: due, fr_due_by: frDue },
    });
    expect(created.status).toBe(201);
    expect(created.json.due_by).toBe(due.replace(/\.\d+Z$/, 'Z'));
    const updated = await c.call('PUT', `/api/v2/tickets/${created.json.id}`, { body: { due_by: new Date(c.sandbox.now() + 4 * DAY).toISOString() } });
    expect(updated.status).toBe(200);
    const entry = await c.call('POST', `/api/v2/tickets/1/time_entries`, { body: { time_spent: '01:00', executed_at: '2025-06-01T10:00:00.000Z' } });
    expect(entry.status).toBe(201);
    expect(entry.json.executed_at).toBe('2025-06-01T10:00:00Z');
  });
});
