import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './helpers.ts';

const BIN = join(import.meta.dirname, '../../bin/hdmigrate');

interface Run {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function run(args: string[]): Run {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

function firstLine(r: Run): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no line; stderr: ${r.stderr()}`)), 15_000);
    const check = () => {
      const i = r.stdout().indexOf('\n');
      if (i >= 0) {
        clearTimeout(timer);
        resolve(r.stdout().slice(0, i));
      }
    };
    r.child.stdout.on('data', check);
    r.child.on('exit', () => reject(new Error(`exited early; stderr: ${r.stderr()}`)));
  });
}

describe('hdmigrate sandbox', () => {
  it('--port 0 --json prints exactly one JSON line once it accepts requests, and stops cleanly on SIGTERM', async () => {
    const r = run(['sandbox', '--port', '0', '--json', '--tickets', '100']);
    const line = await firstLine(r);
    const info = JSON.parse(line);
    expect(Object.keys(info)).toEqual(['url', 'keys']);
    expect(info.keys).toEqual({ admin: 'sandbox-admin-key', viewer: 'sandbox-viewer-key' });
    expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${info.url}/api/v2/tickets/1`, { headers: { Authorization: ADMIN } });
    expect(res.status).toBe(200);
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    expect(r.stdout()).toBe(`${line}\n`);
  });

  it('writes the account to --data on SIGINT', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hdmigrate-cli-'));
    try {
      const file = join(dir, 'state.json');
      const r = run(['sandbox', '--port', '0', '--json', '--tickets', '50', '--data', file]);
      const info = JSON.parse(await firstLine(r));
      await fetch(`${info.url}/api/v2/tickets/1`, { method: 'PUT', headers: { Authorization: ADMIN, 'Content-Type': 'application/json' }, body: JSON.stringify({ subject: 'saved by the CLI' }) });
      r.child.kill('SIGINT');
      expect(await r.exited).toBe(0);
      const state = JSON.parse(await readFile(file, 'utf8'));
      expect(state.tickets.find((t: { displayId: number }) => t.displayId === 1).subject).toBe('saved by the CLI');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('--now fixes the clock: seeded tickets are recent relative to it, the same --now gives the same answers', async () => {
    const now = '2031-03-04T05:06:07Z';
    const bodies: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = run(['sandbox', '--port', '0', '--json', '--tickets', '60', '--now', now]);
      const info = JSON.parse(await firstLine(r));
      const res = await fetch(`${info.url}/api/v2/tickets?per_page=100`, { headers: { Authorization: ADMIN } });
      const list = await res.json();
      expect(list.length).toBeGreaterThan(0);
      for (const t of list) expect(Date.parse(t.created_at)).toBeGreaterThan(Date.parse(now) - 30 * 86_400_000);
      bodies.push(JSON.stringify(list));
      r.child.kill('SIGTERM');
      expect(await r.exited).toBe(0);
    }
    expect(bodies[1]).toBe(bodies[0]);
  });

  it('prints the URL and demo keys for people without --json', async () => {
    const r = run(['sandbox', '--port', '0', '--tickets', '20', '--seed', '3']);
    const line = await firstLine(r);
    expect(line).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(r.stdout()).toContain('sandbox-admin-key');
    expect(r.stdout()).toContain('sandbox-viewer-key');
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);
  });

  it('bad flags: one line on stderr, exit code 2, no stack trace', async () => {
    const runs = [['--port', 'x'], ['--rate-limit', 'lots'], ['--faults', 'error404'], ['--tickets', '1'], ['--now', 'tomorrow']].map((args) => run(['sandbox', ...args]));
    for (const r of runs) {
      expect(await r.exited).toBe(2);
      expect(r.stdout()).toBe('');
      expect(r.stderr().trim().split('\n')).toHaveLength(1);
      expect(r.stderr()).toMatch(/^hdmigrate: /);
      expect(r.stderr()).not.toMatch(/\n\s+at /);
    }
  });

  it('--help explains the flags, the keys and the fault grammar', async () => {
    const r = run(['sandbox', '--help']);
    expect(await r.exited).toBe(0);
    for (const text of ['--port', '--seed', '--tickets', '--now', '--data', '--rate-limit', '--faults', '--tls', '--json', 'sandbox-viewer-key', 'burst429']) {
      expect(r.stdout()).toContain(text);
    }
  });
});
