/**
 * The styles real legacy integrations are written in (fixtures/audit/callback-client-lib,
 * compiled-libs, express-cron-service, global-config-frontend; their exact findings are checked by
 * test/audit/fixtures.test.ts): what each finding says, and what the codemod does with it.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedSource } from '../../src/analysis/generated.ts';
import { hostOf, isCustomDomain } from '../../src/analysis/find-domains.ts';
import { scriptLanguage } from '../../src/analysis/scripts.ts';
import { runAudit, type AuditReport } from '../../src/audit/index.ts';
import { runCodemod } from '../../src/codemod/run.ts';

const ROOT = join(import.meta.dirname, '../../fixtures/audit');
const reports = new Map<string, AuditReport>();
async function audit(repo: string): Promise<AuditReport> {
  let r = reports.get(repo);
  if (!r) {
    r = await runAudit({ root: join(ROOT, repo), jobs: 1 });
    reports.set(repo, r);
  }
  return r;
}

describe('compiled lib/ folders', () => {
  it('reports a file compiled from CoffeeScript as generated from its source, saying a rebuild undoes edits', async () => {
    const r = await audit('compiled-libs');
    expect(r.summary.twins).toEqual([
      { source: 'src/client.coffee', generated: 'lib/client.js' },
      { source: 'src/contacts.js', generated: 'lib/contacts.js' },
    ]);
    // reported once, at the CoffeeScript source (audited through its compiled form), naming the compiled copy
    expect(r.findings.filter((f) => f.file === 'lib/client.js')).toEqual([]);
    const coffee = r.findings.filter((f) => f.file === 'src/client.coffee');
    expect(coffee.length).toBeGreaterThan(0);
    for (const f of coffee) {
      expect(f.twins?.[0]).toMatch(/^lib\/client\.js:\d+$/);
      expect(f.advice).toContain('Generated from src/client.coffee; a rebuild undoes edits here');
    }
  });

  it('reports a Babel build once, at its source', async () => {
    const r = await audit('compiled-libs');
    expect(r.findings.filter((f) => f.file === 'lib/contacts.js')).toEqual([]);
    expect(r.findings.find((f) => f.file === 'src/contacts.js' && f.kind === 'call')!.twins).toEqual(['lib/contacts.js:13']);
  });

  it('codemod: edits the CoffeeScript output with a note, leaves the Babel output to the rebuild', async () => {
    const run = await runCodemod([join(ROOT, 'compiled-libs')], { workers: 0, types: false });
    const lib = run.results.find((x) => x.file === 'lib/client.js')!;
    expect(lib.notes).toContain('Generated from src/client.coffee; a rebuild undoes edits here: port the change to the source.');
    expect(run.skipped).toContainEqual({ file: 'lib/contacts.js', reason: 'generated', detail: 'compiled from src/contacts.js: rebuild it after the codemod' });
  });

  it('recognises twins, mirrored output folders with a compiler mark or a build file, and nothing else', () => {
    const files = new Map<string, string>([
      ['a/x.ts', ''],
      ['a/x.js', 'var x = 1;'],
      ['src/c.coffee', ''],
      ['lib/c.js', 'var C, bind = function(fn, me){ return function(){ return fn.apply(me, arguments); }; };'],
      ['src/plain.js', ''],
      ['lib/plain.js', 'module.exports = 1;'],
      ['src/built.js', ''],
      ['dist/built.js', 'module.exports = 2;'],
      ['package.json', '{"scripts":{"build":"babel src -d dist"}}'],
    ]);
    const read = (rel: string) => files.get(rel) ?? null;
    const rels = new Set(files.keys());
    expect(generatedSource('a/x.js', rels, read)).toEqual({ source: 'a/x.ts', tool: 'typescript', rewritable: true });
    expect(generatedSource('lib/c.js', rels, read)).toEqual({ source: 'src/c.coffee', tool: 'coffeescript', rewritable: false });
    // same name in lib/ and src/, no compiler mark, no build file naming both: two hand-written files
    expect(generatedSource('lib/plain.js', rels, read)).toBeNull();
    expect(generatedSource('dist/built.js', rels, read)).toEqual({ source: 'src/built.js', tool: 'babel', rewritable: true });
    expect(generatedSource('src/plain.js', rels, read)).toBeNull();
  });
});

describe('Express services, cron jobs and bin/ scripts', () => {
  it('audits an extensionless node script and finds the v1 URL it passes on inside another URL (not auto-fixable)', async () => {
    const r = await audit('express-cron-service');
    const www = r.findings.find((f) => f.file === 'bin/www')!;
    expect(www.language).toBe('javascript');
    expect(www.rule).toBe('tickets.list');
    expect(www.autofix).toBe(false);
    expect(www.advice).toContain('passed on inside another URL');
    // a shell script next to them is read as shell, not Node (and says nothing of the helpdesk)
    expect(scriptLanguage(join(ROOT, 'express-cron-service/bin/rotate-logs'), 'bin/rotate-logs')).toBe('shell');
    expect(scriptLanguage(join(ROOT, 'express-cron-service/bin/www'), 'bin/www')).toBe('javascript');
  });

  it('finds 403 throttling by its behaviour in a file of the repo with no v1 word', async () => {
    const text = readFileSync(join(ROOT, 'express-cron-service/jobs/pull.js'), 'utf8');
    expect(text).not.toMatch(/helpdesk|freshdesk|tickets/);
    const r = await audit('express-cron-service');
    expect(r.findings.filter((f) => f.file === 'jobs/pull.js').map((f) => `${f.line} ${f.kind}`)).toEqual(['8 rate-limit']);
  });

  it.skipIf(availableParallelism() < 2)('finds the same in a tree large enough to be read by the scan worker (which flags such files as it reads)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hdm-wide-'));
    try {
      cpSync(join(ROOT, 'express-cron-service'), dir, { recursive: true });
      mkdirSync(join(dir, 'filler'));
      for (let i = 0; i < 3100; i++) writeFileSync(join(dir, 'filler', `m${i}.js`), `module.exports = ${i};\n`);
      const big = await runAudit({ root: dir, jobs: 2 });
      expect(big.summary.threads?.scanWorker).toBe(true);
      const small = await audit('express-cron-service');
      const keys = (r: AuditReport) => r.findings.map((f) => `${f.file}:${f.line} ${f.kind} ${f.rule}`).sort();
      expect(keys(big)).toEqual(keys(small));
      expect(keys(big)).toContain('jobs/pull.js:8 rate-limit transport.rate-limit');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('codemod: marks what the audit finds in the files with no v1 request (a 403 retry, a stored v1 object, a read fed by another module), one marker each', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hdm-ecs-'));
    try {
      cpSync(join(ROOT, 'express-cron-service'), dir, { recursive: true });
      const run = await runCodemod([dir], { workers: 0 });
      const markers = (file: string) => run.results.find((r) => r.file === file)?.markers.map((m) => `${m.line} ${m.rule}`) ?? [];
      expect(markers('jobs/pull.js')).toEqual(['8 transport.rate-limit']);
      expect(markers('models/ticket.js')).toEqual(['5 tickets.view']);
      expect(markers('app.js')).toEqual(['18 tickets.create']);
      const schema = run.results.find((r) => r.file === 'models/ticket.js')!.markers[0]!.text;
      for (const field of ['display_id', 'status_name', 'frDueBy', 'isescalated', 'requester_name']) expect(schema).toContain(`- ${field} `);
      // the audit after the run counts exactly the markers the codemod reports
      for (const r of run.results) if (r.status === 'changed') writeFileSync(join(dir, r.file), r.after!);
      const after = await runAudit({ root: dir, jobs: 1 });
      expect(after.summary.markers.todo).toBe(run.results.reduce((n, r) => n + r.markers.filter((m) => m.type === 'todo').length, 0));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a stored v1 object (a schema with v1 field names) with every field, never auto-fixable; fields v2 keeps (created_at) are not listed', async () => {
    const r = await audit('express-cron-service');
    const model = r.findings.find((f) => f.file === 'models/ticket.js')!;
    expect(model.kind).toBe('response-read');
    expect(model.autofix).toBe(false);
    expect(model.fields!.map((x) => x.v1)).toEqual(['display_id', 'status_name', 'frDueBy', 'isescalated', 'requester_name']);
  });

  it('finds an .xml export whose /helpdesk prefix comes from the environment', async () => {
    const r = await audit('express-cron-service');
    const xml = r.findings.find((f) => f.file === 'jobs/export.js')!;
    expect(xml.rule).toBe('tickets.list');
    expect(xml.autofix).toBe(false);
    expect(xml.advice).toContain('its /helpdesk prefix comes from {settings.exportRoot}');
  });

  it('notes a custom domain, and the codemod keeps that call on v1 with a marker', async () => {
    const r = await audit('express-cron-service');
    const fwd = r.findings.find((f) => f.file === 'jobs/forward.js' && f.kind === 'call')!;
    expect(fwd.customDomain).toBe('help.partner-logistics.co.uk');
    expect(fwd.autofix).toBe(false);
    expect(fwd.advice).toContain('is a custom domain: v2 is served only on');
    const run = await runCodemod([join(ROOT, 'express-cron-service/jobs/forward.js')], { workers: 0, types: false });
    const res = run.results.find((x) => x.file.endsWith('forward.js'))!;
    expect(res.changes.filter((c) => c.kind === 'url')).toEqual([]);
    expect(res.markers.map((m) => m.text).join('\n')).toContain('help.partner-logistics.co.uk, a custom domain');
  });

  it('tells custom domains from the service domain, placeholders and reserved names', () => {
    expect(isCustomDomain(hostOf('https://support.acme-shop.io/helpdesk')!)).toBe(true);
    expect(isCustomDomain(hostOf('https://acme.freshdesk.com')!)).toBe(false);
    expect(hostOf('https://{domain}.freshdesk.com')).toBe('{domain}.freshdesk.com');
    expect(isCustomDomain('{domain}.freshdesk.com')).toBe(false);
    expect(isCustomDomain('acme.helpdesk.example')).toBe(false);
    expect(isCustomDomain('localhost')).toBe(false);
  });
});

describe('untraced v1 shapes in a v1 repo', () => {
  it('finds v1-only reads and a wrapped payload in a route fed by an async waterfall, tied to the rules the repo calls', async () => {
    const r = await audit('callback-client-lib');
    const route = r.findings.filter((f) => f.file === 'routes/orders.js');
    expect(route.map((f) => `${f.line} ${f.kind} ${f.rule}`)).toEqual([
      '14 response-read tickets.view',
      '15 response-read tickets.update',
      '16 wrapper tickets.update',
      '17 wrapper tickets.update',
      '18 response-read tickets.view',
    ]);
    // a payload for another module's call is never rewritten on its own
    for (const f of route) expect(f.autofix).toBe(false);
  });

  it('finds FormData bracket keys built piecewise with the account id, and folder reads in scripts that share a global config', async () => {
    const r = await audit('global-config-frontend');
    const keys = r.findings.filter((f) => f.kind === 'wrapper').map((f) => f.line);
    expect(keys).toEqual([7, 8, 9, 10]);
    const reads = r.findings.filter((f) => f.kind === 'response-read').map((f) => `${f.file}:${f.line} ${f.rule}`);
    expect(reads).toEqual(['js/news.js:4 solutions.folders.view', 'js/support.js:16 solutions.folders.view']);
    expect(r.findings.filter((f) => f.file === 'js/app-config.js').every((f) => f.customDomain === 'help.fieldkit.org')).toBe(true);
  });

  it('a file that talks to another API is not read as part of the v1 integration', async () => {
    // fixtures/audit/wrapper-service: a GitHub client throttled with 403 + Retry-After in a v1 repo
    const r = await audit('wrapper-service');
    expect(r.findings.filter((f) => f.file === 'src/github/client.js')).toEqual([]);
  });
});

describe('a response returned to callers outside the module', () => {
  const api = `const axios = require('axios');
const http = axios.create({ baseURL: 'https://acme.freshdesk.com', auth: { username: process.env.FD_KEY, password: 'X' } });

async function fetchTicket(id) {
  const res = await http.get('/helpdesk/tickets/' + id + '.json');
  return res.data.helpdesk_ticket;
}

module.exports = { fetchTicket };
`;
  const setUp = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'hdm-returns-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    return dir;
  };

  it('stays on v1 with a marker in a library whose callers are not in the repo (an index.js that only re-exports is not a caller)', async () => {
    const dir = setUp({ 'lib/api.js': api, 'index.js': "module.exports = require('./lib/api');\n" });
    try {
      const audit = await runAudit({ root: dir, jobs: 1 });
      const call = audit.findings.find((f) => f.kind === 'call')!;
      expect(call.autofix).toBe(false);
      const run = await runCodemod([dir], { workers: 0 });
      const lib = run.results.find((r) => r.file === 'lib/api.js')!;
      expect(lib.changes.filter((c) => c.kind === 'url')).toEqual([]);
      expect(lib.markers.map((m) => m.text).join('\n')).toContain('a return to callers that are not seen');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('moves with its callers when a file of the repo calls it (both tools follow the value there)', async () => {
    const dir = setUp({ 'lib/api.js': api, 'report.js': "const { fetchTicket } = require('./lib/api');\nfetchTicket(7).then((t) => console.log(t.subject));\n" });
    try {
      const audit = await runAudit({ root: dir, jobs: 1 });
      expect(audit.findings.find((f) => f.kind === 'call')!.autofix).toBe(true);
      const run = await runCodemod([dir], { workers: 0 });
      const lib = run.results.find((r) => r.file === 'lib/api.js')!;
      expect(lib.after).toContain("http.get('/api/v2/tickets/' + id + '?include=requester')");
      expect(lib.after).toContain('return res.data;');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stays on v1 in both tools when a caller in the repo reads a field v2 does not return, or hands the answer on', async () => {
    const dir = setUp({
      'lib/api.js': api,
      'report.js': "const { fetchTicket } = require('./lib/api');\nfetchTicket(7).then((t) => console.log(t.subject, t.status_name));\n",
      'sync.js': "const api = require('./lib/api');\nconst store = require('./store');\nasync function sync(id) {\n  const t = await api.fetchTicket(id);\n  store.save(t);\n}\nmodule.exports = sync;\n",
    });
    try {
      const audit = await runAudit({ root: dir, jobs: 1 });
      const call = audit.findings.find((f) => f.kind === 'call')!;
      expect(call.autofix).toBe(false);
      // the reads and hand-offs are named with the file they are in
      expect(call.advice).toContain('status_name is read (report.js:2)');
      expect(call.advice).toContain('store.save() (sync.js:5)');
      const run = await runCodemod([dir], { workers: 0 });
      const lib = run.results.find((r) => r.file === 'lib/api.js')!;
      expect(lib.changes.filter((c) => c.kind === 'url')).toEqual([]);
      expect(lib.markers.map((m) => m.text).join('\n')).toContain('status_name');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
