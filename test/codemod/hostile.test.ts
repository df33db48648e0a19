/**
 * Never fail, never hang: files the codemod must not rewrite (symbolic links, text that is not
 * UTF-8, mixed line endings, huge or unparsable files) are left byte for byte and reported; a
 * byte order mark and CRLF line endings survive a rewrite; a file over the time budget is
 * reported and left untouched.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withBudget } from '../../src/analysis/budget.ts';
import { Planner } from '../../src/codemod/project.ts';
import { runCodemod } from '../../src/codemod/run.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function tmp(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'hdm-hostile-'));
  dirs.push(d);
  return d;
}

const CALL = "const axios = require('axios');\nasync function groups() {\n  const res = await axios.get('https://acme.freshdesk.com/groups.json');\n  return res.data.length;\n}\nmodule.exports = { groups };\n";

describe('hostile files', () => {
  it('leaves links, non-UTF-8 text, mixed line endings, huge and broken files untouched, and reports each', async () => {
    const outside = tmp();
    const dir = tmp();
    writeFileSync(path.join(outside, 'shared.js'), CALL);
    symlinkSync(path.join(outside, 'shared.js'), path.join(dir, 'link.js'));
    writeFileSync(path.join(dir, 'latin1.js'), Buffer.concat([Buffer.from(CALL), Buffer.from('// caf\xe9\n', 'latin1')]));
    writeFileSync(path.join(dir, 'mixed.js'), CALL.replace('\n', '\r\n'));
    writeFileSync(path.join(dir, 'broken.js'), "const x = fetch('/helpdesk/tickets.json' +;\n");
    writeFileSync(path.join(dir, 'huge.js'), `${CALL}${'// padding padding padding padding\n'.repeat(70_000)}`);
    const before = new Map(['link.js', 'latin1.js', 'mixed.js', 'broken.js', 'huge.js'].map((f) => [f, readFileSync(path.join(dir, f))]));
    const run = await runCodemod([dir], { workers: 0 });
    const reason = (f: string) => run.skipped.find((s) => s.file === f) ?? run.results.find((r) => r.file === f && r.status === 'error');
    expect(reason('link.js')).toMatchObject({ reason: 'unsafe', detail: 'symbolic link to a file outside the tree' });
    expect(reason('latin1.js')).toMatchObject({ reason: 'unsafe' });
    expect(reason('mixed.js')).toMatchObject({ reason: 'unsafe' });
    expect(reason('huge.js')).toMatchObject({ reason: 'huge' });
    expect(reason('broken.js')).toBeTruthy();
    for (const r of run.results) expect(['link.js', 'latin1.js', 'mixed.js', 'huge.js'].includes(r.file) && r.status === 'changed').toBe(false);
    for (const [f, bytes] of before) expect(readFileSync(path.join(dir, f)).equals(bytes), f).toBe(true);
    expect(readFileSync(path.join(outside, 'shared.js'), 'utf8')).toBe(CALL);
  });

  it('names pages with scripts that talk to v1 (Vue, HTML) as left untouched, and only those', async () => {
    const dir = tmp();
    const script = "  fetch('https://acme.freshdesk.com/helpdesk/tickets.json').then((r) => r.json());";
    writeFileSync(path.join(dir, 'Tickets.vue'), `<template><ul></ul></template>\n<script>\nexport default { mounted() {\n${script}\n} };\n</script>\n`);
    writeFileSync(path.join(dir, 'help.html'), `<html><body><script>\n${script}\n</script></body></html>\n`);
    writeFileSync(path.join(dir, 'about.html'), '<html><body><a href="https://acme.freshdesk.com/support/home">Help</a></body></html>\n');
    const run = await runCodemod([dir], { workers: 0 });
    const pages = run.skipped.filter((s) => s.reason === 'unsafe').map((s) => s.file).sort();
    expect(pages).toEqual(['Tickets.vue', 'help.html']);
    expect(run.skipped.find((s) => s.file === 'Tickets.vue')!.detail).toMatch(/rewrites JS\/TS files only/);
    expect(readFileSync(path.join(dir, 'Tickets.vue'), 'utf8')).toContain(script);
  });

  it('keeps a byte order mark first and CRLF line endings when it rewrites', async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'bom.js'), `\ufeff${CALL}`);
    writeFileSync(path.join(dir, 'crlf.js'), CALL.replace(/\n/g, '\r\n').replace("'https", "// v1 groups\r\n  'https"));
    const run = await runCodemod([dir], { workers: 0 });
    const bom = run.results.find((r) => r.file === 'bom.js')!;
    expect(bom.status).toBe('changed');
    expect(bom.after!.charCodeAt(0)).toBe(0xfeff);
    expect(bom.after).toContain('/api/v2/groups');
    const crlf = run.results.find((r) => r.file === 'crlf.js')!;
    expect(crlf.status).not.toBe('error');
    const out = crlf.after ?? '';
    expect(out.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('reports a file that runs over its time budget and leaves it untouched', () => {
    const dir = tmp();
    const file = path.join(dir, 'big.js');
    const body = Array.from({ length: 400 }, (_, i) => `async function f${i}(id) {\n  const res = await axios.get('https://acme.freshdesk.com/helpdesk/tickets/' + id + '.json');\n  return res.data.helpdesk_ticket.subject;\n}\n`).join('');
    writeFileSync(file, `const axios = require('axios');\n${body}`);
    const outcome = withBudget(1, () => new Planner().plan(file));
    expect(outcome).toMatchObject({ error: true });
    expect('skipped' in outcome && outcome.skipped).toMatch(/budget/);
  });

  it('plans a callback-style client (helper, URL builders, callbacks, `who = who.user`) well within its budget', () => {
    const dir = tmp();
    const file = path.join(dir, 'desk.js');
    writeFileSync(
      file,
      `var request = require('request');
var cfg = require('./cfg');
function connect(url, verb, cb) { request({ url: url, method: verb, auth: { user: cfg.key, pass: 'X' } }, cb); }
function ticketUrl(id) { return cfg.base + '/helpdesk/tickets/' + id + '.json'; }
function fields(cb) { connect(cfg.base + '/ticket_fields.json', 'GET', cb); }
function customName(done) {
  fields(function (err, res, body) {
    if (err) return done(err);
    var list = JSON.parse(body);
    for (var i = 0; i < list.length; i++) {
      if (list[i].ticket_field.label === cfg.label) done(null, list[i].ticket_field.name);
    }
  });
}
function lookup(id, done) {
  connect(ticketUrl(id), 'GET', function (err, res, body) {
    if (err) return done(err);
    var t = JSON.parse(body);
    done(null, t);
  });
}
function contact(id, done) {
  connect(cfg.base + '/contacts/' + id + '.json', 'GET', function (err, res, body) {
    if (err) return done(err);
    var who = JSON.parse(body);
    who = who.user;
    done(null, who);
  });
}
function relink(id, done) {
  lookup(id, function (err, t) {
    if (err) return done(err);
    customName(function (err2, name) {
      if (err2) return done(err2);
      lookup(t.helpdesk_ticket.custom_field[name], function (err3, other) { done(err3, other, t); });
    });
  });
}
module.exports = { lookup: lookup, relink: relink, contact: contact };
`,
    );
    const outcome = withBudget(5000, () => new Planner().plan(file));
    expect('plan' in outcome, 'skipped' in outcome ? outcome.skipped : '').toBe(true);
  });
});

describe('an interrupted --write', () => {
  it('leaves every file either as it was or fully rewritten, whenever the process is killed', async () => {
    const { spawn } = await import('node:child_process');
    const { watch, readdirSync } = await import('node:fs');
    const BIN = path.join(import.meta.dirname, '../../bin/hdmigrate');
    const padding = '// a long comment line that makes the file take a while to write out\n'.repeat(600);
    const source = (i: number) => `const axios = require('axios');\naxios.get('/helpdesk/tickets/${i}.json');\n${padding}`;
    const files = Array.from({ length: 120 }, (_, i) => `f${i}.js`);
    const fresh = () => {
      const d = tmp();
      files.forEach((f, i) => writeFileSync(path.join(d, f), source(i)));
      return d;
    };
    const run = (dir: string) => spawn(process.execPath, [BIN, 'codemod', dir, '--write', '--force', '-q'], { stdio: 'ignore' });
    // what a complete run writes
    const full = fresh();
    await new Promise((r) => run(full).on('exit', r));
    const after = new Map(files.map((f) => [f, readFileSync(path.join(full, f), 'utf8')]));
    expect(after.get('f7.js')).toContain('/api/v2/tickets/7');
    for (const signal of ['SIGKILL', 'SIGINT'] as const) {
      const dir = fresh();
      const child = run(dir);
      // killed as soon as the first file is replaced (or created: the temporary file next to it)
      const watcher = watch(dir, () => child.kill(signal));
      await new Promise((r) => child.on('exit', r));
      watcher.close();
      for (const [i, f] of files.entries()) {
        const text = readFileSync(path.join(dir, f), 'utf8');
        expect(text === source(i) || text === after.get(f), `${signal}: ${f} is neither the old nor the new text`).toBe(true);
      }
      // a signal the process can handle also takes its temporary files away
      if (signal === 'SIGINT') expect(readdirSync(dir).sort()).toEqual([...files].sort());
    }
  }, 120_000);
});

describe('which files a run reads closely', () => {
  it('a file whose only v1 sign is a payload wrapper (URL from configuration) is read and marked', async () => {
    const dir = tmp();
    writeFileSync(
      path.join(dir, 'ticket.js'),
      "const cfg = require('./config');\nfunction open(email) {\n  const data = { helpdesk_ticket: { subject: 'Help', email } };\n  return fetch(cfg.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(data) });\n}\nmodule.exports = open;\n",
    );
    const run = await runCodemod([dir], { workers: 0 });
    expect(run.results.flatMap((r) => r.markers).map((m) => m.rule)).toEqual(['tickets.create']);
  });
});
