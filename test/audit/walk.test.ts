/**
 * The tree walk and robustness: unreadable, binary, huge, minified and unparsable files are
 * reported and skipped, never fatal; .gitignore, dependency and build folders; candidate
 * expansion through imports; the worker pool gives the same report as one thread.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/index.ts';
import { runAudit } from '../../src/audit/index.ts';
import { prefilterFor } from '../../src/analysis/run/prefilter.ts';
import { walk } from '../../src/analysis/run/walk.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tree(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'hdm-walk-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('robustness', () => {
  it('reports unreadable, binary, huge, minified and unparsable files and goes on', async () => {
    const dir = tree({
      'ok.js': "fetch('/helpdesk/tickets.json', { method: 'POST' });",
      'bin.js': Buffer.from([0x66, 0x00, 0x2f, 0x68, 0x65, 0x6c, 0x70, 0x64, 0x65, 0x73, 0x6b]),
      'huge.js': `fetch('/groups.json');\n${'// filler\n'.repeat(2000)}`,
      'bundle.js': `var a=1;${'x();'.repeat(1000)}fetch("/groups.json");`,
      'broken.js': "fetch('/contacts.json' +\n",
      'app.zip': 'PK',
    });
    symlinkSync(join(dir, 'gone.js'), join(dir, 'link.js'));
    const r = await runAudit({ root: dir, maxFileSize: 10_000, jobs: 1 });
    expect(r.skipped.map((s) => `${s.file} ${s.reason}`)).toEqual([
      'app.zip archive',
      'bin.js binary',
      'broken.js parse-error',
      'bundle.js minified',
      'huge.js huge',
      'link.js unreadable',
    ]);
    // the unparsable file is still audited by pattern
    expect(r.findings.map((f) => `${f.file} ${f.rule} ${f.via}`)).toEqual(['broken.js contacts.list pattern', 'ok.js tickets.create ast']);
    // which the codemod refuses too: nothing found there is auto-fixable
    expect(r.findings.find((f) => f.file === 'broken.js')!.autofix).toBe(false);
  });

  it('honours .gitignore (nested too) and skips dependency and build folders', () => {
    const dir = tree({
      '.gitignore': 'tmp/\n*.gen.js\n',
      'a.js': '',
      'tmp/b.js': '',
      'c.gen.js': '',
      'sub/.gitignore': 'local.js\n',
      'sub/local.js': '',
      'sub/kept.js': '',
      'node_modules/x/index.js': '',
      'dist/out.js': '',
      'README.md': '',
    });
    const w = walk(dir);
    expect(w.files.map((f) => f.rel)).toEqual(['a.js', 'sub/kept.js']);
    expect(w.skipped.map((s) => `${s.file} ${s.reason}`)).toEqual(['dist/ generated', 'node_modules/ dependency']);
    expect(walk(dir, { gitignore: false }).files.map((f) => f.rel)).toEqual(['a.js', 'c.gen.js', 'sub/kept.js', 'sub/local.js', 'tmp/b.js']);
  });

  it('parses files that only import v1 constants from another module', async () => {
    const dir = tree({
      'src/paths.js': "export const CONTACTS = 'https://acme.freshdesk.com/contacts';",
      'src/use.js': "import { CONTACTS } from './paths.js';\nexport const get = (id) => fetch(CONTACTS + '/' + id + '.json');",
      'src/other.js': "import { x } from './unrelated.js';\nfetch(x);",
      'src/unrelated.js': 'export const x = 1;',
    });
    const r = await runAudit({ root: dir, jobs: 1 });
    expect(r.findings.map((f) => `${f.file}:${f.line} ${f.rule}`)).toEqual(['src/use.js:2 contacts.view']);
    expect(r.summary.files.candidates).toBe(2);
  });

  it('the prefilter is built from the catalogue and lets obvious non-candidates through cheaply', () => {
    const re = prefilterFor(loadCatalogue());
    expect(re.test("axios.get(base + '/helpdesk/tickets/' + id)")).toBe(true);
    expect(re.test('x = "contacts.json"')).toBe(true);
    expect(re.test('// @hdmigrate-todo(tickets.pick): ...')).toBe(true);
    expect(re.test('const groups = list.filter(Boolean); // admin view')).toBe(false);
    // wrappers count anywhere, and win over the path word they start with
    expect(re.test('payload.helpdesk_ticket = {}')).toBe(true);
    expect(re.test('const kind = "solution_folder";')).toBe(true);
    // a word starting inside a word that did not count is still seen
    expect(re.test('supporttime_entry')).toBe(true);
    expect(re.test("url = '/helpdeskx/'; y = 'groupsy'")).toBe(false);
    expect(re.test('"/contacts"')).toBe(true);
    expect(re.test("'/agents")).toBe(true);
  });
});

describe('worker pool', () => {
  it('gives the same findings on two workers as in one thread', async () => {
    const root = join(import.meta.dirname, '../../fixtures/audit/legacy-node');
    const one = await runAudit({ root, jobs: 1 });
    const two = await runAudit({ root, jobs: 2 });
    const strip = (r: typeof one) => ({ findings: r.findings, markers: r.markers, skipped: r.skipped });
    expect(two.summary.threads).toEqual({ scanWorker: false, analysisWorkers: 1 });
    expect(strip(two)).toEqual(strip(one));
  }, 30_000);

  it('reads large trees on a scan worker while analysing, with the same findings', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 3100; i++) files[`src/m${i % 30}/f${i}.js`] = `module.exports = (x) => x + ${i};\n`;
    files['src/m1/api.js'] = "const axios = require('axios');\nexports.get = (id) => axios.get('/helpdesk/tickets/' + id + '.json');\nexports.TICKETS = '/helpdesk/tickets';\n";
    files['src/m2/iparams.json'] = '{}';
    // listed after the worker started (the walk feeds it as it goes): a candidate, and a file that
    // only imports one (found through the import lists the worker sends at the end)
    files['src/z/late.js'] = "fetch(B + '/groups.json');\n";
    files['src/z/use.js'] = "const { TICKETS } = require('../m1/api');\nfetch(B + TICKETS + '/7.json');\n";
    const dir = tree(files);
    const batches: number[] = [];
    walk(dir, { onFiles: (b) => batches.push(b.length) });
    expect(batches.length).toBeGreaterThan(10);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(walk(dir).files.length);
    const streamed = await runAudit({ root: dir });
    const single = await runAudit({ root: dir, jobs: 1 });
    expect(streamed.summary.threads!.scanWorker).toBe(true);
    expect(single.summary.threads!.scanWorker).toBe(false);
    expect(streamed.findings).toEqual(single.findings);
    expect(streamed.findings.map((f) => `${f.file}:${f.line} ${f.kind} ${f.rule}`)).toEqual([
      'src/m1/api.js:2 call tickets.view',
      'src/z/late.js:1 call groups.list',
      'src/z/use.js:2 call tickets.view',
    ]);
    // the thread is kept for the next audit of the process, which gives the same answer
    const again = await runAudit({ root: dir });
    expect(again.summary.threads!.scanWorker).toBe(true);
    expect(again.findings).toEqual(single.findings);
    expect(again.summary.files).toEqual(single.summary.files);
  }, 30_000);
});
