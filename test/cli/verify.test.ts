/**
 * `hdmigrate verify` follows the conventions every command shares (README "Conventions"): one-line
 * usage errors with exit 2 (bad numbers, unknown names with a suggestion, an --out that cannot be
 * written, all before the first request), examples and exit codes in --help, -f/-o/--json/-q,
 * hdmigrate.config.json, and a command module that loads no verifier for --help.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { cli } from '../verify/helpers.ts';
import { hdmigrate } from './run.ts';

const FAST = { rateLimit: { calls: 1_000_000, seconds: 60 }, v1RateLimit: { calls: 1_000_000, seconds: 3600 } };
/** Nothing listens there: a check that runs after the first request would fail with "connection failed" instead. */
const NOWHERE = ['--base', 'http://127.0.0.1:9', '--allow-insecure'];
let sandbox: Sandbox;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 1, tickets: 10, ...FAST });
  dir = mkdtempSync(join(tmpdir(), 'hdm-verify-cli-'));
});

afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

const oneLine = (r: { stderr: string }) => {
  expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  expect(r.stderr).toMatch(/^hdmigrate: /);
  expect(r.stderr).not.toMatch(/\n\s+at /);
};

describe('hdmigrate verify: usage errors are one line, exit 2, before any request', () => {
  it.each([
    [['--concurrency', '1.5'], '--concurrency 1.5: expected a whole number'],
    [['--concurrency', '0'], '--concurrency 0: expected a whole number from 1 to 64'],
    [['--sample', 'ten'], '--sample ten: expected a whole number'],
    [['--retries', '-1'], '--retries -1: expected a whole number from 0 to 20'],
    [['--reserve', 'lots'], '--reserve lots: expected a number'],
    [['--reserve', '0.99'], '--reserve 0.99: expected a number from 0 to 0.95'],
    [['--relative-threshold', '101'], '--relative-threshold 101: expected a number from 0 to 100'],
    [['--rate-window', '0.5'], '--rate-window 0.5: expected a number from 1 up'],
    [['--v1-limit', '1e3'], '--v1-limit 1e3: expected a whole number'],
  ])('verify %j', (args, message) => {
    const r = hdmigrate(['verify', ...NOWHERE, '--ids', '1', ...(args as string[])]);
    expect(r.code).toBe(2);
    oneLine(r);
    expect(r.stderr).toContain(message);
  });

  it('names an unknown resource or format with a suggestion', () => {
    const r = hdmigrate(['verify', ...NOWHERE, '--resources', 'tickets,contcts', '--ids', '1']);
    expect(r.code).toBe(2);
    oneLine(r);
    expect(r.stderr).toContain('unknown resource "contcts"; did you mean contacts?');
    const far = hdmigrate(['verify', ...NOWHERE, '--resources', 'widgets', '--ids', '1']);
    expect(far.stderr).toMatch(/unknown resource "widgets" \(known: tickets, .*, all\)/);
    const f = hdmigrate(['verify', ...NOWHERE, '--ids', '1', '-f', 'htm']);
    expect(f.code).toBe(2);
    oneLine(f);
    expect(f.stderr).toContain('unknown --format htm: use one of text, json, md, html; did you mean html?');
  });

  it('refuses an --out or --learn that cannot be written before the first request', () => {
    writeFileSync(join(dir, 'file'), '');
    const r = hdmigrate(['verify', ...NOWHERE, '--ids', '1', '--out', join(dir, 'file', 'report.json')]);
    expect(r.code).toBe(2);
    oneLine(r);
    expect(r.stderr).toContain('is a file, not a folder');
    const folder = hdmigrate(['verify', ...NOWHERE, '--ids', '1', '-o', dir]);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain('it is a folder; give a file name');
    const learn = hdmigrate(['verify', ...NOWHERE, '--learn', join(dir, 'file', 'overlay.json')]);
    expect(learn.code).toBe(2);
    expect(learn.stderr).toContain('--learn');
    expect(learn.stderr).toContain('is a file, not a folder');
  });
});

describe('hdmigrate verify --help', () => {
  it('has examples and exit codes like every command, and no "(default: [])"', () => {
    const r = hdmigrate(['verify', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Examples:');
    expect(r.stdout).toMatch(/Exit codes: 0 parity, 1 differences beyond noise remain[\s\S]*2 usage, input or connection error/);
    expect(r.stdout).not.toContain('(default: [])');
    for (const flag of ['-f, --format <format>', '--json', '-o, --out <file>', '-q, --quiet', '--no-color']) expect(r.stdout).toContain(flag);
    expect(r.stdout).toMatch(/--resources <list>[\s\S]*\(default: tickets\)/);
  });

  it('the command module imports no verifier, HTTP client or catalogue at load time (they load in the action)', () => {
    const source = readFileSync(join(import.meta.dirname, '../../src/cli/verify.ts'), 'utf8');
    const loaded = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
    expect(loaded.sort()).toEqual(['./options.ts', './program.ts', 'commander']);
    expect(source).toContain("await import('./verify-run.ts')");
  });
});

describe('hdmigrate verify: exit codes and the shared flags on the sandbox', () => {
  const base = () => ['--base', sandbox.url, '--allow-insecure'];

  it('exit 0 at parity, 1 when nothing was found, and --json is --format json', async () => {
    const ok = await cli([...base(), '--resources', 'groups', '--all', '--json', '--no-progress']);
    expect(ok.code).toBe(0);
    const report = JSON.parse(ok.stdout);
    expect(report.parity).toBe(true);
    expect(report.totals.compared).toBe(5);
    const none = await cli([...base(), '--resources', 'groups', '--ids', '1-3', '-q']);
    expect(none.code).toBe(1);
    expect(none.stderr).toBe('hdmigrate verify: none of the ids exists on either side: nothing was compared\n');
  });

  it('-o writes the report atomically (folder made, no temporary file left) and prints the summary; -q silences progress', async () => {
    const out = join(dir, 'reports', 'nested', 'verify.md');
    const r = await cli([...base(), '--resources', 'groups', '--all', '-f', 'md', '-o', out, '-q']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(readFileSync(out, 'utf8')).toMatch(/^# hdmigrate verify report/);
    expect(readdirSync(join(dir, 'reports', 'nested'))).toEqual(['verify.md']);
    expect(r.stdout).toMatch(/^parity: v2 returns the same data for 5 records/m);
    expect(r.stdout).toContain(`report: ${out}`);
    const loud = await cli([...base(), '--resources', 'groups', '--all', '--format', 'terminal']);
    expect(loud.stderr).toMatch(/^verify groups: compared 5\/5/m);
    expect(loud.stdout).toMatch(/^groups\s+5\s+/m);
  });

  it('colours the terminal report only when asked (FORCE_COLOR, not --no-color or NO_COLOR) and counts nouns right', async () => {
    const before = { FORCE_COLOR: process.env.FORCE_COLOR, NO_COLOR: process.env.NO_COLOR };
    const args = [...base(), '--resources', 'groups', '--ids', '3000001', '-q'];
    try {
      delete process.env.NO_COLOR;
      process.env.FORCE_COLOR = '1';
      const coloured = await cli(args);
      expect(coloured.stdout).toContain('\x1b[');
      expect(coloured.stdout.replace(/\x1b\[\d+m/g, '')).toMatch(/^parity: v2 returns the same data for 1 record \(/m);
      expect((await cli([...args, '--no-color'])).stdout).not.toContain('\x1b[');
      process.env.NO_COLOR = '1';
      expect((await cli(args)).stdout).not.toContain('\x1b[');
    } finally {
      for (const [k, v] of Object.entries(before)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });

  it('takes its options from hdmigrate.config.json; the command line wins; a bad value names its key', async () => {
    const project = join(dir, 'project');
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, 'hdmigrate.config.json'), JSON.stringify({ verify: { resources: ['groups'], all: true, format: 'json', quiet: true, concurrency: 2 } }));
    const cwd = process.cwd();
    process.chdir(project);
    try {
      const r = await cli(base());
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).resources.map((x: { resource: string }) => x.resource)).toEqual(['groups']);
      expect(r.stderr).toBe('');
      const md = await cli([...base(), '-f', 'md']);
      expect(md.stdout).toMatch(/^# hdmigrate verify report/);
      writeFileSync(join(project, 'hdmigrate.config.json'), JSON.stringify({ verify: { concurrency: 100 } }));
      const bad = await cli(base());
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('hdmigrate.config.json: verify.concurrency: expected a whole number from 1 to 64');
      writeFileSync(join(project, 'hdmigrate.config.json'), JSON.stringify({ verify: { resource: 'groups' } }));
      expect((await cli(base())).stderr).toContain('verify.resource is not an option of hdmigrate verify; did you mean resources?');
    } finally {
      process.chdir(cwd);
    }
    expect(existsSync(join(project, 'hdmigrate.config.json'))).toBe(true);
  });
});
