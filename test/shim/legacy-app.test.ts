/**
 * The bundled legacy app (fixtures/apps/acme-order-sync), unchanged: run directly against the
 * sandbox's v1 surface, and through the shim (HTTP proxy, and in process through the dispatcher)
 * against a second sandbox's v2 surface with the same seed. Every step prints the same line.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/index.ts';
import { parseUsageLog } from '../../src/audit/traffic.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { startShimServer, type ShimServer, type UsageLine } from '../../src/shim/index.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const APP = join(ROOT, 'fixtures/apps/acme-order-sync');

function runApp(script: string, env: Record<string, string>, nodeArgs: string[] = []): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [...nodeArgs, script], { cwd: APP, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => done({ code, out, err }));
  });
}

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function pair(): Promise<{ v1: Sandbox; v2: Sandbox }> {
  // (one starting instant for both: started across a second boundary, the same seed dates its
  // records a second apart)
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const v1 = await startSandbox({ port: 0, seed: 7, now });
  const v2 = await startSandbox({ port: 0, seed: 7, now });
  open.push(v1, v2);
  return { v1, v2 };
}

/** v2 conversations never include meta notes (the rule's documented loss): drop them from the v1 run. */
function withoutMetaNotes(report: string, metaLines: string[]): string {
  return report
    .split('\n')
    .filter((l) => !metaLines.includes(l))
    .map((l) => l.replace(/, (\d+) notes$/, (_m, n: string) => `, ${Number(n) - metaLines.length} notes`))
    .join('\n');
}

describe('legacy app through the shim', () => {
  it('sync.js prints the same lines directly on v1 and through the HTTP shim on v2; the usage log feeds audit --traffic', async () => {
    const { v1, v2 } = await pair();
    const usage: UsageLine[] = [];
    const shim: ShimServer = await startShimServer({ upstream: v2.url, allowInsecureUpstream: true, port: 0, onUsage: (l) => usage.push(l) });
    open.push(shim);
    const direct = await runApp('sync.js', { HELPDESK_URL: v1.url, HELPDESK_API_KEY: v1.keys.admin });
    const shimmed = await runApp('sync.js', { HELPDESK_URL: shim.url, HELPDESK_API_KEY: v2.keys.admin });
    expect(direct.code, direct.err).toBe(0);
    expect(shimmed.code, shimmed.err).toBe(0);
    expect(shimmed.out.split('\n')).toEqual(direct.out.split('\n'));
    expect(usage.map((l) => `${l.method} ${l.rule} ${l.status}`)).toEqual([
      'POST tickets.create 200',
      'POST notes.create 200',
      'PUT tickets.update 200',
      'POST tickets.create 200',
      'POST notes.create 200',
      'PUT tickets.update 200',
      'GET tickets.filter 200',
      'POST contacts.create 200',
    ]);
    // no credential in the log
    const text = usage.map((l) => JSON.stringify(l)).join('\n');
    expect(text).not.toContain(v2.keys.admin);
    const traffic = parseUsageLog(text, loadCatalogue());
    expect(traffic.invalid).toBe(0);
    expect(traffic.byRule.get('tickets.create')?.calls).toBe(2);
  });

  it('report.js (pick, view with notes and *_name fields, time sheets, tickets by company name) gives the same results, less the meta notes v2 never returns', async () => {
    const { v1, v2 } = await pair();
    const shim = await startShimServer({ upstream: v2.url, allowInsecureUpstream: true, port: 0 });
    open.push(shim);
    const direct = await runApp('report.js', { HELPDESK_URL: v1.url, HELPDESK_API_KEY: v1.keys.admin });
    const shimmed = await runApp('report.js', { HELPDESK_URL: shim.url, HELPDESK_API_KEY: v2.keys.admin });
    expect(direct.code, direct.err).toBe(0);
    expect(shimmed.code, shimmed.err).toBe(0);
    const meta = direct.out.split('\n').filter((l) => /automation rule/.test(l));
    expect(shimmed.out.split('\n')).toEqual(withoutMetaNotes(direct.out, meta).split('\n'));
  });

  it('sync.js runs unchanged in process with the dispatcher installed (node --import), same lines as direct v1', async () => {
    const { v1, v2 } = await pair();
    const dir = mkdtempSync(join(tmpdir(), 'shim-log-'));
    try {
      const log = join(dir, 'usage.jsonl');
      const direct = await runApp('sync.js', { HELPDESK_URL: v1.url, HELPDESK_API_KEY: v1.keys.admin });
      const inProcess = await runApp(
        'sync.js',
        { HELPDESK_URL: v2.url, HELPDESK_API_KEY: v2.keys.admin, HDMIGRATE_SHIM_UPSTREAM: v2.url, HDMIGRATE_SHIM_ALLOW_INSECURE: '1', HDMIGRATE_SHIM_LOG: log },
        ['--import', 'tsx', '--import', join(ROOT, 'src/shim/register.ts')],
      );
      expect(inProcess.code, inProcess.err).toBe(0);
      expect(inProcess.out).toBe(direct.out);
      const lines = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as UsageLine);
      expect(lines).toHaveLength(8);
      expect(lines.every((l) => l.status === 200 && l.v2Calls >= 1)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
