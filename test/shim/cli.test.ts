/**
 * `hdmigrate shim` as a user runs it: one JSON line once it accepts requests, /healthz, a v1 call
 * answered through the sandbox's v2 surface, the usage log in the audit --traffic format, a summary
 * on stderr when stopped (none with --quiet); usage errors (bad numbers, addresses, upstream, Redis,
 * log file, port in use) exit 2 with one line, like every command.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { shimSummary } from '../../src/cli/shim-run.ts';
import { painter } from '../../src/cli/style.ts';

const BIN = resolve(import.meta.dirname, '../../bin/hdmigrate');
let sandbox: Sandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 3 });
  dir = mkdtempSync(join(tmpdir(), 'shim-cli-'));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => done({ code, out, err }));
  });
}

describe('hdmigrate shim', () => {
  it('prints one JSON line, serves /healthz and v1 calls, logs usage lines, prints a summary on exit', async () => {
    const log = join(dir, 'usage.jsonl');
    const child = spawn(process.execPath, [BIN, 'shim', '--upstream', sandbox.url, '--allow-insecure-upstream', '--listen', '127.0.0.1:0', '--json', '--log', log], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' }, // the summary is matched as plain text
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const lines: string[] = [];
    const rl = createInterface({ input: child.stdout });
    const first = await new Promise<string>((resolve) => rl.once('line', resolve));
    rl.on('line', (l) => lines.push(l));
    const { url } = JSON.parse(first) as { url: string };
    expect(Object.keys(JSON.parse(first))).toEqual(['url']);
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    const auth = `Basic ${Buffer.from(`${sandbox.keys.admin}:X`).toString('base64')}`;
    const view = await fetch(`${url}/helpdesk/tickets/1.json`, { headers: { authorization: auth } });
    expect(view.status).toBe(200);
    const body = (await view.json()) as { helpdesk_ticket: { display_id: number; status_name: string } };
    expect(body.helpdesk_ticket.display_id).toBe(1);
    expect(typeof body.helpdesk_ticket.status_name).toBe('string');
    const missing = await fetch(`${url}/helpdesk/nothing-here.json`, { headers: { authorization: auth } });
    expect(missing.status).toBe(404);
    const code = await new Promise<number | null>((resolve) => {
      child.on('close', resolve);
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
    expect(lines).toEqual([]);
    // the view, its conversations, and the ticket fields and agents its *_name fields need (cached after)
    expect(err).toMatch(/2 v1 calls \(200×1 404×1\), 4 v2 calls/);
    const usage = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(usage.map((u) => [u.method, u.path, u.rule, u.status])).toEqual([
      ['GET', '/helpdesk/tickets/1.json', 'tickets.view', 200],
      ['GET', '/helpdesk/nothing-here.json', null, 404],
    ]);
    expect(readFileSync(log, 'utf8')).not.toContain(sandbox.keys.admin);
  }, 20_000);

  it('refuses an http upstream without --allow-insecure-upstream, and a bad --listen (exit 2, one line)', async () => {
    const insecure = await run(['shim', '--upstream', 'http://acme.example', '--listen', '127.0.0.1:0']);
    expect(insecure.code).toBe(2);
    expect(insecure.err.trim().split('\n')).toHaveLength(1);
    expect(insecure.err).toMatch(/HTTPS only.*--allow-insecure-upstream/);
    const listen = await run(['shim', '--upstream', 'https://acme.example', '--listen', 'nope']);
    expect(listen.code).toBe(2);
    expect(listen.err).toMatch(/^hdmigrate: --listen nope: expected host:port such as 127\.0\.0\.1:8080/);
    const none = await run(['shim']);
    expect(none.code).toBe(2);
  }, 20_000);

  it('--quiet: serves as usual and prints no summary when stopped', async () => {
    const child = spawn(process.execPath, [BIN, 'shim', '--upstream', sandbox.url, '--allow-insecure-upstream', '--listen', '127.0.0.1:0', '--json', '-q'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const first = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
    const { url } = JSON.parse(first) as { url: string };
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const code = await new Promise<number | null>((resolve) => {
      child.on('close', resolve);
      child.kill('SIGINT');
    });
    expect(code).toBe(0);
    expect(err).toBe('');
  }, 20_000);
});

describe('hdmigrate shim follows the command-line conventions', () => {
  const oneLine = (r: { code: number | null; err: string }) => {
    expect(r.code).toBe(2);
    expect(r.err.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.err).toMatch(/^hdmigrate: /);
    expect(r.err).not.toMatch(/\n\s+at /);
  };

  it('--help: examples, exit codes and the shared flags', async () => {
    const r = await run(['shim', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Examples:\n  hdmigrate shim --upstream');
    expect(r.out).toMatch(/Exit codes: 0 stopped cleanly .*2 usage or input error/);
    expect(r.out).toMatch(/-q, --quiet/);
    expect(r.out).toMatch(/--no-color/);
    expect(r.out).not.toContain('(default: [])');
  }, 20_000);

  it.each([
    [['--reserve', 'abc'], /^hdmigrate: --reserve abc: expected a number/],
    [['--reserve', '0.99'], /^hdmigrate: --reserve 0\.99: expected a number from 0 to 0\.95/],
    [['--reserve', '-0.1'], /^hdmigrate: --reserve -0\.1: expected a number from 0/],
    [['--instances', '1.5'], /^hdmigrate: --instances 1\.5: expected a whole number/],
    [['--instances', '0'], /^hdmigrate: --instances 0: expected a whole number from 1 to 1000/],
    [['--timeout', 'soon'], /^hdmigrate: --timeout soon: expected a whole number/],
    [['--timeout', '0'], /^hdmigrate: --timeout 0: expected a whole number from 1 to 3600/],
    [['--listen', '127.0.0.1:99999'], /^hdmigrate: --listen 127\.0\.0\.1:99999: expected host:port/],
    [['--listen', '8080'], /^hdmigrate: --listen 8080: expected host:port/],
  ])('bad number or address %j: one usage line, exit 2, before anything starts', async (flags, message) => {
    const r = await run(['shim', '--upstream', 'https://acme.example', ...flags]);
    oneLine(r);
    expect(r.err).toMatch(message);
    expect(r.out).toBe('');
  }, 20_000);

  it.each([
    [['--upstream', 'not a url'], /--upstream must be a URL like https:\/\/acme\.helpdesk\.example, got "not a url"/],
    [['--upstream', 'ftp://acme.example'], /--upstream must be https:\/\//],
    [['--upstream', 'https://acme.example', '--redis', 'http://cache:6379'], /--redis must be a redis:\/\/ URL/],
    [['--upstream', 'https://acme.example', '--log', '/proc/no/such/usage.jsonl'], /--log \/proc\/no\/such\/usage\.jsonl: cannot write: no such file or folder/],
    [[], /--upstream is required/],
  ])('bad input %j: one usage line, exit 2', async (flags, message) => {
    const r = await run(['shim', '--listen', '127.0.0.1:0', ...flags]);
    oneLine(r);
    expect(r.err).toMatch(message);
  }, 20_000);

  it('an unreachable --redis is one line naming it (credentials masked), exit 2', async () => {
    // a loopback port that was free a moment ago: nothing listens there
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const r = await run(['shim', '--upstream', 'https://acme.example', '--listen', '127.0.0.1:0', '--redis', `redis://user:secret@127.0.0.1:${port}`]);
    oneLine(r);
    expect(r.err).toBe(`hdmigrate: cannot reach Redis at redis://***@127.0.0.1:${port}\n`);
  }, 20_000);

  it('a port in use is one line with a hint, exit 2', async () => {
    const busy = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => busy.once('listening', resolve));
    const port = (busy.address() as AddressInfo).port;
    const r = await run(['shim', '--upstream', 'https://acme.example', '--listen', `127.0.0.1:${port}`]);
    busy.close();
    oneLine(r);
    expect(r.err).toMatch(/cannot listen on 127\.0\.0\.1:\d+: EADDRINUSE \(try --listen 127\.0\.0\.1:0\)/);
  }, 20_000);

  it('hdmigrate.config.json "shim" numbers go through the same parsers', async () => {
    const project = mkdtempSync(join(dir, 'config-'));
    writeFileSync(join(project, 'hdmigrate.config.json'), JSON.stringify({ shim: { upstream: 'https://acme.example', reserve: 2 } }));
    const r = await new Promise<{ code: number | null; err: string }>((done) => {
      const child = spawn(process.execPath, [BIN, 'shim', '--listen', '127.0.0.1:0'], { cwd: project, stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      child.on('close', (code) => done({ code, err }));
    });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^hdmigrate: hdmigrate\.config\.json: shim\.reserve: expected a number from 0 to 0\.95\n$/);
  }, 20_000);

  it('the summary counts with plurals and colours statuses by class only when colour is on', () => {
    const stats = { requests: 1, byStatus: { '200': 1 }, v2Calls: 1, credits: 1 };
    expect(shimSummary(stats, 1400, painter(false))).toBe('hdmigrate shim stopped after 1 s: 1 v1 call (200×1), 1 v2 call, 1 credit');
    const many = { requests: 3, byStatus: { '503': 1, '200': 1, '404': 1 }, v2Calls: 0, credits: 1200 };
    expect(shimSummary(many, 0, painter(false))).toBe('hdmigrate shim stopped after 0 s: 3 v1 calls (200×1 404×1 503×1), 0 v2 calls, 1,200 credits');
    const coloured = shimSummary(many, 0, painter(true));
    expect(coloured).toContain('\x1b[31m503×1');
    expect(coloured).toContain('\x1b[33m404×1');
    expect(coloured).toContain('\x1b[32m200×1');
    expect(shimSummary({ requests: 0, byStatus: {}, v2Calls: 0, credits: 0 }, 0, painter(false))).toContain('0 v1 calls (none)');
  });

  it('loads no heavy module at start-up: only commander and light cli helpers at the top of shim.ts', () => {
    const source = readFileSync(resolve(import.meta.dirname, '../../src/cli/shim.ts'), 'utf8');
    const imports = [...source.matchAll(/^import\s.*?from\s+'([^']+)'/gms)].map((m) => m[1]);
    expect(imports.sort()).toEqual(['./options.ts', './program.ts', 'commander']);
    expect(source).toContain("await import('./shim-run.ts')");
  });
});
