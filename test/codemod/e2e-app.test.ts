/**
 * The whole bundled legacy app (fixtures/apps/acme-order-sync) through `codemod --write`, then its
 * nightly job against the sandbox: v2 after the codemod prints exactly what v1 printed before.
 * The calls that need a human (report.js) are left as they are, with markers.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.ts';

const run = promisify(execFile);
const APP = path.resolve('fixtures/apps/acme-order-sync');
const BIN = path.resolve('bin/hdmigrate');
const dirs: string[] = [];

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function copyApp(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'hdm-app-'));
  dirs.push(d);
  cpSync(APP, d, { recursive: true });
  return d;
}

/** Runs the app's nightly job against a fresh sandbox (same seed every time). */
async function nightly(dir: string): Promise<string> {
  const sb = await startSandbox({ port: 0, tickets: 40, seed: 1 });
  try {
    const { stdout } = await run(process.execPath, ['sync.js'], {
      cwd: dir,
      env: { ...process.env, HELPDESK_URL: sb.url, HELPDESK_API_KEY: sb.keys.admin },
      encoding: 'utf8',
    });
    return stdout;
  } finally {
    await sb.close();
  }
}

describe('codemod end to end: the bundled legacy app', () => {
  it('prints the same against v2 after the codemod as against v1 before', async () => {
    const before = await nightly(copyApp());
    expect(before).toMatch(/^opened #\d+ "Order A-1001 failed"/);

    const migrated = copyApp();
    const { stdout } = await run(process.execPath, [BIN, 'codemod', '.', '--write', '--json'], { cwd: migrated, encoding: 'utf8' }).catch((e) => e);
    const report = JSON.parse(stdout);
    expect(report.summary.errors).toBe(0);
    expect(report.summary.written).toBeGreaterThan(0);

    const sync = readFileSync(path.join(migrated, 'sync.js'), 'utf8');
    // every call of the nightly job moved to v2
    expect(sync.split('\n').filter((l) => /\/helpdesk\/|\.json'|contacts\.json/.test(l) && !l.trim().startsWith('//'))).toEqual([]);
    // report.js needs a human: markers, v1 calls kept
    const reportJs = readFileSync(path.join(migrated, 'report.js'), 'utf8');
    expect(reportJs).toContain('@hdmigrate-todo(tickets.pick)');
    expect(reportJs).toContain('pick_tickets.json');

    // the wrapper every call goes through (lib/helpdesk.js): throttling is 429 in v2, and the
    // report.js calls still on v1 keep their 403 retry, named at the check
    const helpdesk = readFileSync(path.join(migrated, 'lib/helpdesk.js'), 'utf8');
    expect(helpdesk).toContain("if ((res.status === 429 || res.status === 403) && res.headers.get('retry-after')");
    expect(helpdesk).toMatch(/@hdmigrate-todo\(transport\.rate-limit\): accepts 429[^\n]*\n[^\n]*\.\.\/report\.js:8 \(tickets\.pick\)/);

    const after = await nightly(migrated);
    expect(after).toBe(before);
  });
});
