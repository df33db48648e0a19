/** The command-line conventions every command shares (README "Exit codes" and "Conventions"). */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count, useColor, painter } from '../../src/cli/style.ts';
import { closest } from '../../src/cli/suggest.ts';
import { formatQuery } from '../../src/cli/format.ts';
import { hdmigrate } from './run.ts';

const FIXTURE_APP = join(import.meta.dirname, '../../fixtures/audit/legacy-node');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hdm-conv-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const oneLine = (r: { stderr: string }) => {
  expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  expect(r.stderr).toMatch(/^hdmigrate: /);
  expect(r.stderr).not.toMatch(/\n\s+at /);
};

describe('usage errors: one line on stderr, exit 2', () => {
  it.each([
    [['bogus']],
    [['audit', '--jsn']],
    [['translate']],
    [['translate', 'GET', '/a', 'extra']],
    [['demo', '--seed', 'abc']],
    [['audit', '--jobs', '1.5']],
    [['audit', '--max-file-size', 'lots']],
    [['audit', '--include', '[']],
    [['codemod', '--jobs', '-3']],
    [['audit', '--format', 'htm']],
    [['rules', 'tickets.pik']],
    [['audit', '--rule', 'tickets.pik']],
    [['audit', '--family', 'tikets']],
  ])('hdmigrate %j', (args) => {
    const r = hdmigrate(args as string[]);
    expect(r.code).toBe(2);
    oneLine(r);
  });

  it('suggests by edit distance', () => {
    expect(hdmigrate(['rules', 'tickets.pik']).stderr).toContain('did you mean tickets.pick');
    expect(hdmigrate(['audit', '--jsn']).stderr).toContain('did you mean --json');
    expect(hdmigrate(['audit', '.', '--family', 'tikets']).stderr).toContain('did you mean tickets');
    expect(closest('contcts.view', ['contacts.view', 'tickets.view', 'groups.list'])[0]).toBe('contacts.view');
  });
});

describe('help', () => {
  it('every command has examples and exit codes, and no "(default: [])"', () => {
    for (const cmd of [[], ['rules'], ['translate'], ['sandbox'], ['audit'], ['codemod'], ['demo'], ['shim']]) {
      const r = hdmigrate([...cmd, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Examples:');
      expect(r.stdout).toMatch(/Exit codes/);
      expect(r.stdout).not.toContain('(default: [])');
    }
  });
});

describe('never lose a user\'s data', () => {
  it('demo --out refuses a non-empty folder it did not make, a file in the way, and an impossible path', () => {
    writeFileSync(join(dir, 'precious.txt'), 'keep me');
    const r = hdmigrate(['demo', '--out', dir]);
    expect(r.code).toBe(2);
    oneLine(r);
    expect(r.stderr).toContain('not empty');
    expect(readFileSync(join(dir, 'precious.txt'), 'utf8')).toBe('keep me');
    const file = hdmigrate(['demo', '--out', join(dir, 'precious.txt')]);
    expect(file.code).toBe(2);
    expect(file.stderr).toContain('a file is in the way');
    const t = Date.now();
    const proc = hdmigrate(['demo', '--out', '/proc/x/y']);
    expect(proc.code).toBe(2);
    oneLine(proc);
    expect(Date.now() - t).toBeLessThan(15_000); // not minutes of recursive mkdir
    // the current folder is never cleared, even with --force
    const cwd = hdmigrate(['demo', '--out', '.', '--force'], undefined, dir);
    expect(cwd.code).toBe(2);
    expect(existsSync(join(dir, 'precious.txt'))).toBe(true);
  });

  it('prepareOutputDir marks the folders it makes and clears only those', async () => {
    const { prepareOutputDir, OWNER_MARK } = await import('../../src/cli/output.ts');
    const out = join(dir, 'out');
    prepareOutputDir(out, { tool: 'demo' });
    expect(existsSync(join(out, OWNER_MARK))).toBe(true);
    writeFileSync(join(out, 'old-report.json'), '{}');
    prepareOutputDir(out, { tool: 'demo' }); // its own folder: cleared and reused
    expect(existsSync(join(out, 'old-report.json'))).toBe(false);
    const mine = join(dir, 'mine');
    mkdirSync(mine);
    writeFileSync(join(mine, 'a.txt'), 'a');
    expect(() => prepareOutputDir(mine, { tool: 'demo' })).toThrow(/not empty/);
    // a folder an earlier demo made before folders were marked: only the demo's own outputs in it
    const older = join(dir, 'older');
    mkdirSync(join(older, 'app-v1'), { recursive: true });
    writeFileSync(join(older, 'audit.json'), '{}');
    prepareOutputDir(older, { tool: 'demo', knownEntries: ['app-v1', 'audit.json'] });
    expect(existsSync(join(older, 'audit.json'))).toBe(false);
    prepareOutputDir(mine, { tool: 'demo', force: true });
    expect(existsSync(join(mine, 'a.txt'))).toBe(false);
  });

  it('codemod --write outside a git repository needs --force and says why', () => {
    writeFileSync(join(dir, 'a.js'), "const axios = require('axios');\naxios.get('/helpdesk/tickets/1.json');\n");
    const before = readFileSync(join(dir, 'a.js'), 'utf8');
    const r = hdmigrate(['codemod', '.', '--write'], undefined, dir);
    expect(r.code).toBe(2);
    oneLine(r);
    expect(r.stderr).toContain('outside a git repository');
    expect(readFileSync(join(dir, 'a.js'), 'utf8')).toBe(before);
    expect(hdmigrate(['codemod', '.', '--write', '--force'], undefined, dir).code).toBe(0);
    expect(readFileSync(join(dir, 'a.js'), 'utf8')).toContain('/api/v2/tickets/1');
  });

  it('an --out that cannot be written is one clear line', () => {
    writeFileSync(join(dir, 'file'), '');
    const r = hdmigrate(['audit', FIXTURE_APP, '--format', 'json', '--out', join(dir, 'file', 'report.json')]);
    expect(r.code).toBe(2);
    oneLine(r);
    expect(r.stderr).toContain('is a file, not a folder');
  });
});

describe('codemod --check', () => {
  it('exits 1 when something would change, without a diff unless asked, and writes nothing', () => {
    writeFileSync(join(dir, 'a.js'), "const axios = require('axios');\naxios.get('/helpdesk/tickets/1.json');\n");
    const r = hdmigrate(['codemod', '.', '--check'], undefined, dir);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('--- a/');
    expect(r.stdout).toContain('check failed: 1 file would change');
    expect(hdmigrate(['codemod', '.', '--check', '--diff'], undefined, dir).stdout).toContain('--- a/a.js');
    writeFileSync(join(dir, 'a.js'), "console.log('v2 only');\n");
    expect(hdmigrate(['codemod', '.', '--check'], undefined, dir).code).toBe(0);
  });
});

describe('codemod --json marker lines', () => {
  it('gives the line in the written file and, when it moved, the line of the site in the original', () => {
    // two calls that stay on v1 (their answers leave the module): two markers, the second pushed down by the first
    writeFileSync(
      join(dir, 'a.js'),
      "const axios = require('axios');\nexports.a = () => axios.get('/helpdesk/tickets/1.json');\nexports.b = () => axios.get('/contacts/2.json');\n",
    );
    const run = JSON.parse(hdmigrate(['codemod', '.', '--json'], undefined, dir).stdout);
    const markers = run.files[0].markers as Array<{ line: number; sourceLine?: number; rule: string }>;
    expect(markers.map((m) => m.rule)).toEqual(['tickets.view', 'contacts.view']);
    const written = hdmigrate(['codemod', '.', '--write', '--force', '--json'], undefined, dir);
    const lines = readFileSync(join(dir, 'a.js'), 'utf8').split('\n');
    for (const m of markers) expect(lines[m.line - 1]).toContain(`@hdmigrate-todo(${m.rule})`);
    expect(markers[0]!.sourceLine ?? markers[0]!.line).toBe(2);
    expect(markers[1]!.sourceLine).toBe(3);
    expect(written.code).toBe(0);
  });
});

describe('codemod --rule / --family', () => {
  it('rewrites only the sites of the chosen rules and families, and leaves the others unmarked', () => {
    writeFileSync(
      join(dir, 'a.js'),
      "const axios = require('axios');\naxios.get('/helpdesk/tickets/1.json');\naxios.get('/contacts/2.json');\n",
    );
    const contacts = hdmigrate(['codemod', '.', '--family', 'contacts', '--json'], undefined, dir);
    const run = JSON.parse(contacts.stdout);
    const changes = run.files.flatMap((f: { changes: Array<{ rule: string }> }) => f.changes);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((c: { rule: string }) => c.rule.startsWith('contacts.'))).toBe(true);
    expect(run.files[0].diff).toContain("+axios.get('/api/v2/contacts/2');");
    expect(run.files[0].diff).not.toContain('/api/v2/tickets/1');
    expect(run.files.flatMap((f: { markers: unknown[] }) => f.markers)).toEqual([]);
    const both = JSON.parse(hdmigrate(['codemod', '.', '--family', 'contacts', '--rule', 'tickets.view', '--json'], undefined, dir).stdout);
    expect(both.files[0].diff).toContain('/api/v2/tickets/1');
  });
});

describe('--callers', () => {
  const LIB = "const request = require('request');\nexports.getTicket = function (id, cb) {\n  request.get({ url: 'https://acme.freshdesk.com/helpdesk/tickets/' + id + '.json', json: true }, function (err, res, body) { cb(err, body); });\n};\n";

  it('v1 (the default) keeps a call whose answer goes to the callers on v1; v2 migrates it and lists the contract, in both tools', () => {
    writeFileSync(join(dir, 'lib.js'), LIB);
    const kept = hdmigrate(['codemod', 'lib.js', '--no-diff'], undefined, dir);
    expect(kept.stdout).toContain('1 marker left');
    expect(kept.stdout).not.toContain('callers now take v2');
    const marker = JSON.parse(hdmigrate(['codemod', 'lib.js', '--json'], undefined, dir).stdout).files[0].markers[0];
    expect(marker.text).toContain('the callback cb');
    const moved = hdmigrate(['codemod', 'lib.js', '--callers', 'v2'], undefined, dir);
    expect(moved.stdout).toContain("+  request.get({ url: 'https://acme.freshdesk.com/api/v2/tickets/' + id + '?include=requester'");
    expect(moved.stdout).toMatch(/callers now take v2[^\n]*\n {2}lib\.js:3: callers now get the v2 answer \(without the helpdesk_ticket wrapper/);
    const audit = JSON.parse(hdmigrate(['audit', 'lib.js', '--json', '--callers', 'v2'], undefined, dir).stdout);
    const call = audit.findings.find((f: { kind: string }) => f.kind === 'call');
    expect(call.autofix).toBe(true);
    expect(call.advice).toContain('Contract: callers now get the v2 answer');
  });

  it('anything but v1 or v2 is a usage error', () => {
    const r = hdmigrate(['codemod', '.', '--callers', 'v3'], undefined, dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--callers');
  });
});

describe('hdmigrate.config.json', () => {
  it('fills options the command line leaves at their defaults; the command line wins', () => {
    writeFileSync(join(dir, 'hdmigrate.config.json'), JSON.stringify({ audit: { format: 'json', failOn: ['any'] } }));
    const r = hdmigrate(['audit', FIXTURE_APP], undefined, dir);
    expect(r.code).toBe(1); // failOn any, from the file
    expect(JSON.parse(r.stdout).summary.uses.total).toBeGreaterThan(0); // format json, from the file
    const cli = hdmigrate(['audit', FIXTURE_APP, '--format', 'md'], undefined, dir);
    expect(cli.stdout).toMatch(/^# hdmigrate audit/);
  });

  it('an unknown key or a bad value is a usage error naming it', () => {
    writeFileSync(join(dir, 'hdmigrate.config.json'), JSON.stringify({ audit: { failon: ['any'] } }));
    const r = hdmigrate(['audit', FIXTURE_APP], undefined, dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('audit.failon is not an option of hdmigrate audit; did you mean failOn?');
    writeFileSync(join(dir, 'hdmigrate.config.json'), JSON.stringify({ audit: { jobs: 'many' } }));
    expect(hdmigrate(['audit', FIXTURE_APP], undefined, dir).stderr).toContain('audit.jobs');
  });
});

describe('audit selection and locations', () => {
  it('--rule and --family narrow the findings; several paths make one report', () => {
    const all = JSON.parse(hdmigrate(['audit', FIXTURE_APP, '--json']).stdout);
    const tickets = JSON.parse(hdmigrate(['audit', FIXTURE_APP, '--json', '--family', 'tickets']).stdout);
    expect(tickets.findings.length).toBeGreaterThan(0);
    expect(tickets.findings.every((f: { family: string }) => f.family === 'tickets')).toBe(true);
    expect(tickets.findings.length).toBeLessThan(all.findings.length);
    const rule = all.findings.find((f: { rule: string | null }) => f.rule)!.rule as string;
    const one = JSON.parse(hdmigrate(['audit', FIXTURE_APP, '--json', '--rule', rule]).stdout);
    expect(one.findings.every((f: { rule: string }) => f.rule === rule)).toBe(true);
    const both = JSON.parse(hdmigrate(['audit', join(FIXTURE_APP, 'src'), join(FIXTURE_APP, 'public'), '--json']).stdout);
    expect(both.summary.root).toBe(FIXTURE_APP);
  });

  it('-v prints every finding as path:line:col', () => {
    const r = hdmigrate(['audit', FIXTURE_APP, '-v']);
    expect(r.stdout).toMatch(/^ {2}src\/[\w./-]+:\d+:\d+ {2}/m);
  });
});

describe('translate', () => {
  it('shows placeholders as written, not percent-encoded', () => {
    expect(formatQuery({ company_id: '{{calls[0].companies[name=Acme Corp].id}}', a: 'x&y' })).toBe('?company_id={{calls[0].companies[name=Acme Corp].id}}&a=x%26y');
  });

  it('a deeply nested --body is a clear error', () => {
    const body = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const r = hdmigrate(['translate', 'POST /helpdesk/tickets.json', '--body', body]);
    expect(r.code).toBe(2);
    oneLine(r);
    expect(r.stderr).toContain('nested');
  });

  it('stdin: exit 1 when a line has no rule', () => {
    expect(hdmigrate(['translate', '-'], 'GET /nope.json\n').code).toBe(1);
    expect(hdmigrate(['translate', '-'], 'GET /helpdesk/tickets/1.json\n').code).toBe(0);
  });
});

describe('presentation helpers', () => {
  it('plurals', () => {
    expect(count(1, 'file')).toBe('1 file');
    expect(count(2, 'file')).toBe('2 files');
    expect(count(0, 'entry')).toBe('0 entries');
    expect(count(1200, 'use')).toBe('1,200 uses');
  });

  it('colour honours --no-color, NO_COLOR and FORCE_COLOR', () => {
    const tty = { isTTY: true };
    const pipe = { isTTY: false };
    expect(useColor(tty, undefined, {})).toBe(true);
    expect(useColor(pipe, undefined, {})).toBe(false);
    expect(useColor(tty, false, {})).toBe(false);
    expect(useColor(tty, undefined, { NO_COLOR: '1' })).toBe(false);
    expect(useColor(pipe, undefined, { FORCE_COLOR: '1' })).toBe(true);
    expect(useColor(tty, undefined, { FORCE_COLOR: '0' })).toBe(false);
    expect(painter(true).red('x')).toBe('\x1b[31mx\x1b[39m');
    expect(painter(false).red('x')).toBe('x');
    const forced = execFileSync(process.execPath, [join(import.meta.dirname, '../../bin/hdmigrate'), 'audit', FIXTURE_APP], { env: { ...process.env, FORCE_COLOR: '1', NO_COLOR: '' }, encoding: 'utf8' });
    expect(forced).toContain('\x1b[');
  });
});
