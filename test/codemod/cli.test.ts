/**
 * `hdmigrate codemod` as a user runs it: a real process on a temporary project.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const BIN = path.resolve('bin/hdmigrate');
const FIXTURES = path.resolve('fixtures/codemod');

function run(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [BIN, 'codemod', ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function git(cwd: string, ...args: string[]) {
  execFileSync('git', args, { cwd, stdio: 'ignore', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
}

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hdm-cli-'));
  cpSync(path.join(FIXTURES, 'axios-create-ticket/input.js'), path.join(dir, 'create.js'));
  cpSync(path.join(FIXTURES, 'no-change-v2-client/input.js'), path.join(dir, 'v2.js'));
  writeFileSync(path.join(dir, 'broken.js'), "const x = fetch('/helpdesk/tickets.json' +;\n");
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('hdmigrate codemod', () => {
  it('dry run: prints a unified diff and a summary, writes nothing', () => {
    const before = readFileSync(path.join(dir, 'create.js'), 'utf8');
    const r = run(['.'], dir);
    expect(r.stdout).toContain('--- a/create.js');
    expect(r.stdout).toContain('+++ b/create.js');
    expect(r.stdout).toContain("-  const res = await helpdesk.post('/helpdesk/tickets.json', {");
    expect(r.stdout).toContain("+  const res = await helpdesk.post('/api/v2/tickets', {");
    // only the changed hunks, not whole files
    expect(r.stdout).not.toContain("const DOMAIN = process.env.HELPDESK_DOMAIN");
    expect(r.stdout).toMatch(/1 file would change, 1 unchanged, 0 skipped, 1 error; 0 markers left \(0 new\)/);
    expect(r.stdout).toContain('broken.js');
    expect(r.stdout).toContain('dry run: nothing written');
    expect(readFileSync(path.join(dir, 'create.js'), 'utf8')).toBe(before);
    // a file that does not parse is reported, never fatal (exit 1 says some file could not be processed)
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
  });

  it('--write applies atomically and a second run has nothing left to do', () => {
    rmSync(path.join(dir, 'broken.js'));
    const r = run(['.', '--write'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('wrote 1 file');
    const out = readFileSync(path.join(dir, 'create.js'), 'utf8');
    expect(out).toBe(readFileSync(path.join(FIXTURES, 'axios-create-ticket/output.js'), 'utf8'));
    // no temp files left behind
    expect(readdirSync(dir).sort()).toEqual(['create.js', 'v2.js']);
    const again = run(['.'], dir);
    expect(again.stdout).toMatch(/0 files would change, 2 unchanged/);
    expect(again.stdout).not.toContain('--- a/');
  });

  it('--write keeps the file mode', () => {
    rmSync(path.join(dir, 'broken.js'));
    const file = path.join(dir, 'create.js');
    execFileSync('chmod', ['640', file]);
    run(['create.js', '--write'], dir);
    expect(statSync(file).mode & 0o777).toBe(0o640);
  });

  it('refuses to write into a dirty git tree without --force', () => {
    rmSync(path.join(dir, 'broken.js'));
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'init');
    writeFileSync(path.join(dir, 'v2.js'), `${readFileSync(path.join(dir, 'v2.js'), 'utf8')}\n// local change\n`);
    const before = readFileSync(path.join(dir, 'create.js'), 'utf8');
    const r = run(['.', '--write'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/refusing to write into a dirty git tree/);
    expect(readFileSync(path.join(dir, 'create.js'), 'utf8')).toBe(before);
    const forced = run(['.', '--write', '--force'], dir);
    expect(forced.code).toBe(0);
    expect(readFileSync(path.join(dir, 'create.js'), 'utf8')).not.toBe(before);
  });

  it('--json prints the run for machines', () => {
    const r = run(['.', '--json'], dir);
    const report = JSON.parse(r.stdout);
    expect(report.summary).toMatchObject({ changed: 1, unchanged: 1, errors: 1, markersLeft: 0, markersAdded: 0, dryRun: true, written: 0 });
    const create = report.files.find((f: { file: string }) => f.file === 'create.js');
    expect(create.status).toBe('changed');
    expect(create.diff).toContain('+++ b/create.js');
    // every part of the call is rewritten (the description converted to HTML in place): no marker
    expect(create.markers).toEqual([]);
    expect(create.changes.some((c: { kind: string }) => c.kind === 'status')).toBe(true);
    const broken = report.files.find((f: { file: string }) => f.file === 'broken.js');
    expect(broken).toMatchObject({ status: 'error' });
    expect(broken.reason).toMatch(/does not parse/);
  });

  it('bad input is one line, no stack trace', () => {
    const missing = run(['does-not-exist'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toBe('hdmigrate: no such file or directory: does-not-exist');
    const overlay = run(['.', '--overlay', 'nope.json'], dir);
    expect(overlay.code).toBe(2);
    expect(overlay.stderr.trim().split('\n')).toHaveLength(1);
    const workers = run(['.', '--workers', 'many'], dir);
    expect(workers.stderr.trim()).toBe('hdmigrate: --workers must be a number, got "many"');
  });

  it('--help explains flags, markers and safety', () => {
    const r = spawnSync(process.execPath, [BIN, 'codemod', '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    for (const s of ['--write', '--force', '--json', '--overlay', '@hdmigrate-todo', '@hdmigrate-ignore', 'dirty git tree']) expect(r.stdout).toContain(s);
  });
});
