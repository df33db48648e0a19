/**
 * `hdmigrate shim` as a user runs it: one JSON line once it accepts requests, /healthz, a v1 call
 * answered through the sandbox's v2 surface, the usage log in the audit --traffic format, a summary
 * on stderr when stopped; usage errors exit 2 with one line.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';

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

function run(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
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
    expect(listen.err).toMatch(/--listen must look like/);
    const none = await run(['shim']);
    expect(none.code).toBe(2);
  }, 20_000);
});
