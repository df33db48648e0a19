import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hdmigrate } from './run.ts';

describe('hdmigrate translate', () => {
  it('prints the documented JSON object for one request', () => {
    const r = hdmigrate(['translate', '--json', 'PUT /helpdesk/tickets/5/assign.json?responder_id=7']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['rule', 'fidelity', 'calls', 'notes']);
    expect(out.rule).toBe('tickets.assign');
    expect(out.calls).toEqual([{ method: 'PUT', path: '/api/v2/tickets/5', query: {}, body: { responder_id: 7 } }]);
  });

  it('an unknown request gives rule null and exit 1; a v2 path is not a v1 request', () => {
    for (const req of ['GET /helpdesk/nothing_here.json', 'GET /api/v2/tickets/1']) {
      const r = hdmigrate(['translate', '--json', req]);
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout)).toMatchObject({ rule: null, calls: [] });
    }
  });

  it('names a wrong method for a known path', () => {
    const r = hdmigrate(['translate', 'POST /helpdesk/tickets/9.json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('the v1 API has GET, PUT, DELETE there');
  });

  it('bad bodies get a clear message and no stack trace', () => {
    const bad = hdmigrate(['translate', 'POST /helpdesk/tickets.json', '--body', '{"helpdesk_ticket": {']);
    expect(bad.code).toBe(2);
    // errors go to stderr, as one line; stdout stays empty
    expect(bad.stderr).toMatch(/^hdmigrate: .*not valid JSON[^\n]*\n$/);
    expect(bad.stdout).toBe('');
    const missing = hdmigrate(['translate', '--json', 'POST /helpdesk/tickets.json', '--body', '{"subject":"x"}']);
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout).error).toContain('must be wrapped in "helpdesk_ticket"');
    for (const r of [bad, missing]) expect(r.stderr + r.stdout).not.toMatch(/\n\s+at /);
  });

  it('reads one request per line from stdin and answers one JSON line each, in order', () => {
    const input = [
      'GET /helpdesk/tickets/filter/spam?format=json',
      '',
      'POST /groups.json {"group":{"name":"L2"}}',
      'GET /nope.json',
      'garbage',
      'PUT /helpdesk/tickets/3.json {"helpdesk_ticket":{"status":4}}',
    ].join('\n');
    const r = hdmigrate(['translate', '-'], input);
    // a line that failed makes the run fail (2), and says which line on stderr
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^hdmigrate: line 5: expected "<METHOD> <path>/m);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatchObject({ rule: 'tickets.filter', calls: [{ query: { filter: 'spam' } }] });
    expect(lines[2]).toMatchObject({ rule: null });
    expect(lines[3].error).toMatch(/expected "<METHOD> <path>/);
    expect(lines[4]).toMatchObject({ rule: 'tickets.update', calls: [{ body: { status: 4 } }] });
  });

  it('fidelity is that of this request: a value v2 cannot carry makes it worse than the rule', () => {
    const r = hdmigrate(['translate', '--json', 'POST /helpdesk/tickets.json', '--body', '{"helpdesk_ticket":{"email":"a@b.co","source":4}}']);
    expect(JSON.parse(r.stdout).fidelity).toBe('manual');
  });

  it('applies an overlay and rejects a bad one by name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hdm-'));
    const good = join(dir, 'overlay.json');
    writeFileSync(good, JSON.stringify({ ticketFields: { odd_field_name: 'tier' } }));
    const r = hdmigrate(['translate', '--json', '--overlay', good, 'PUT /helpdesk/tickets/3.json', '--body', '{"helpdesk_ticket":{"custom_field":{"odd_field_name":"gold"}}}']);
    expect(JSON.parse(r.stdout).calls[0].body).toEqual({ custom_fields: { tier: 'gold' } });
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ accountid: 1 }));
    const b = hdmigrate(['translate', '--overlay', bad, 'GET /helpdesk/tickets.json']);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('unknown key "accountid"');
  });
});

describe('hdmigrate rules', () => {
  it('lists every rule with its fidelity', () => {
    const r = hdmigrate(['rules', '--json']);
    const rules = JSON.parse(r.stdout) as Array<{ id: string; fidelity: string }>;
    expect(rules.length).toBeGreaterThan(10);
    expect(rules.every((x) => ['exact', 'lossy', 'manual', 'none'].includes(x.fidelity))).toBe(true);
  });
  it('explains one rule, and names an unknown one', () => {
    const r = hdmigrate(['rules', 'tickets.pick']);
    expect(r.stdout).toContain('GET /api/v2/agents/me');
    const u = hdmigrate(['rules', 'tickets.pik']);
    expect(u.code).toBe(2);
    expect(u.stderr).toContain('no rule "tickets.pik"');
  });
  it('filters by family and fidelity, and names an unknown family', () => {
    const groups = JSON.parse(hdmigrate(['rules', '--json', '--family', 'groups']).stdout) as Array<{ family: string }>;
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.every((r) => r.family === 'groups')).toBe(true);
    const none = JSON.parse(hdmigrate(['rules', '--json', '--fidelity', 'none']).stdout) as Array<{ fidelity: string; substitute: string | null }>;
    expect(none.length).toBeGreaterThan(0);
    expect(none.every((r) => r.fidelity === 'none' && r.substitute)).toBe(true);
    const bad = hdmigrate(['rules', '--family', 'widgets']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('no family "widgets"');
  });
});
