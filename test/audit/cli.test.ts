/** `hdmigrate audit` end to end: formats, --out, --fail-on, --traffic, globs, usage errors. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/audit');
process.stdout.setMaxListeners(100); // main() adds a listener per call
const tmp = mkdtempSync(join(tmpdir(), 'hdm-audit-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterEach(() => {
  process.exitCode = undefined;
  vi.restoreAllMocks();
});

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((err += String(s)), true));
  process.exitCode = undefined;
  const code = await main(['node', 'hdmigrate', 'audit', ...args]);
  vi.restoreAllMocks();
  process.exitCode = undefined;
  return { code, out, err };
}

describe('hdmigrate audit', () => {
  it('prints the terminal summary by default', async () => {
    const r = await cli(join(FIXTURES, 'apps-script'), '--no-progress');
    expect(r.code).toBe(0);
    expect(r.out).toContain('v1 uses');
    expect(r.out).toContain('tickets');
    expect(r.err).toBe('');
  });

  it('--format json prints the report; file paths are relative with forward slashes', async () => {
    const r = await cli(join(FIXTURES, 'ts-service'), '--format', 'json');
    const json = JSON.parse(r.out);
    expect(json.findings.map((f: { file: string }) => f.file)).toContain('src/api/client.ts');
    expect(json.findings[0]).toEqual(expect.objectContaining({ line: expect.any(Number), column: expect.any(Number), language: 'typescript' }));
  });

  it('--out writes the report and says so on stderr', async () => {
    const out = join(tmp, 'sub', 'audit.html');
    const r = await cli(join(FIXTURES, 'browser-widget'), '--format', 'html', '--out', out);
    expect(r.code).toBe(0);
    expect(r.out).toBe('');
    expect(r.err).toContain('report written to');
    expect(readFileSync(out, 'utf8')).toContain('<svg');
  });

  it('--fail-on gates CI: fidelity thresholds, any, todo', async () => {
    const dir = join(FIXTURES, 'legacy-node');
    expect((await cli(dir, '--format', 'json', '--fail-on', 'none')).code).toBe(0);
    const manual = await cli(dir, '--format', 'json', '--fail-on', 'manual');
    expect(manual.code).toBe(1);
    expect(manual.err).toContain('fidelity manual or worse');
    expect((await cli(dir, '--format', 'json', '--fail-on', 'todo')).code).toBe(1);
    expect((await cli(join(FIXTURES, 'apps-script'), '--format', 'json', '--fail-on', 'todo')).code).toBe(0);
    expect((await cli(join(FIXTURES, 'apps-script'), '--format', 'json', '--fail-on', 'any')).code).toBe(1);
  });

  it('--include/--exclude globs', async () => {
    const dir = join(FIXTURES, 'polyglot');
    const only = JSON.parse((await cli(dir, '--format', 'json', '--include', '**/*.py')).out);
    expect(new Set(only.findings.map((f: { language: string }) => f.language))).toEqual(new Set(['python']));
    const without = JSON.parse((await cli(dir, '--format', 'json', '--exclude', 'python/**,shell/**')).out);
    expect(without.findings.some((f: { language: string }) => f.language === 'python' || f.language === 'shell')).toBe(false);
  });

  it('--traffic merges runtime counts from the usage log', async () => {
    const log = join(tmp, 'usage.jsonl');
    writeFileSync(
      log,
      [
        '{"ts":"2025-01-01T10:00:00Z","method":"POST","path":"/helpdesk/tickets.json","rule":"tickets.create","status":200}',
        '{"ts":"2025-01-01T10:01:00Z","method":"GET","path":"/helpdesk/tickets/filter/all_tickets?format=json","rule":null,"status":200}',
        '{"ts":"2025-01-01T10:02:00Z","method":"GET","path":"/helpdesk/tickets/filter/all_tickets?format=json","rule":null,"status":403}',
        '{"ts":"2025-01-01T10:03:00Z","method":"DELETE","path":"/groups/4.json","status":200}',
        'not json',
        '{"ts":"2025-01-01T10:04:00Z","method":"GET","path":"/nope.json","status":404}',
      ].join('\n'),
    );
    const r = JSON.parse((await cli(join(FIXTURES, 'apps-script'), '--format', 'json', '--traffic', log)).out);
    const t = r.summary.traffic;
    expect(t).toEqual(expect.objectContaining({ lines: 6, invalid: 1, calls: 4, unmatched: 1 }));
    expect(t.unseenInCode).toEqual([{ rule: 'groups.delete', calls: 1 }]);
    expect(t.notSeenAtRuntime).toEqual(['contacts.view']);
    const filter = r.findings.find((f: { rule: string; kind: string }) => f.rule === 'tickets.filter' && f.kind === 'call');
    expect(filter.traffic).toEqual({ calls: 2, statuses: { 200: 1, 403: 1 }, firstSeen: '2025-01-01T10:01:00Z', lastSeen: '2025-01-01T10:02:00Z' });
  });

  it('bad input is a usage error (exit 2), never a stack trace', async () => {
    for (const args of [
      ['/no/such/dir'],
      [FIXTURES, '--format', 'xml'],
      [FIXTURES, '--fail-on', 'sometimes'],
      [FIXTURES, '--jobs', '0'],
      [FIXTURES, '--traffic', '/no/such.log'],
    ]) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(/^hdmigrate: /);
      expect(r.err).not.toContain('    at ');
    }
  });

  it('audits a single file', async () => {
    const r = JSON.parse((await cli(join(FIXTURES, 'polyglot/go/client.go'), '--format', 'json')).out);
    expect(r.findings.map((f: { file: string; rule: string }) => `${f.file} ${f.rule}`)).toEqual(['client.go tickets.delete', 'client.go groups.list']);
    expect(existsSync(join(FIXTURES, 'polyglot/go/client.go'))).toBe(true);
  });
});
