/**
 * The main job (`npm start`): on the sandbox and the bundled legacy app, show the whole migration.
 * 1. audit the app, 2. codemod a copy, 3. run the original against the v1 surface and the
 * migrated copy against the v2 surface of two identical sandboxes, 4. compare what they printed,
 * 5. run the original unchanged through the shim on v2 and merge its usage log into the audit.
 * Each tool runs through its own CLI, as a user would run it.
 */
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { startSandbox } from '../sandbox/index.ts';
import { runAppThroughShim } from '../shim/demo.ts';
import { verifyOnSandbox } from '../verify/demo-step.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/hdmigrate');
export const DEMO_APP = join(ROOT, 'fixtures/apps/acme-order-sync');

export interface DemoOptions {
  /** An output folder prepared by the caller (src/cli/output.ts prepareOutputDir: empty or the demo's own). */
  out: string;
  seed: number;
  log: (line: string) => void;
}

export interface DemoResult {
  ok: boolean;
  reports: Record<string, string>;
  before: string;
  after: string;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.on('error', (err) => done({ code: -1, stdout, stderr: String(err) }));
  });
}

const hdmigrate = (args: string[], cwd?: string) => run(process.execPath, [BIN, ...args], { cwd });

/** Runs the app's nightly script against a fresh sandbox surface and returns what it printed. */
async function runApp(dir: string, seed: number): Promise<Run> {
  const sandbox = await startSandbox({ port: 0, seed });
  try {
    return await run(process.execPath, ['sync.js'], {
      cwd: dir,
      env: { HELPDESK_URL: sandbox.url, HELPDESK_API_KEY: sandbox.keys.admin },
    });
  } finally {
    await sandbox.close();
  }
}

function section(log: (l: string) => void, title: string) {
  log('');
  log(`== ${title}`);
}

export async function runDemo(options: DemoOptions): Promise<DemoResult> {
  const { log } = options;
  const out = resolve(options.out);
  const original = join(out, 'app-v1');
  const migrated = join(out, 'app-v2');
  cpSync(DEMO_APP, original, { recursive: true });
  cpSync(DEMO_APP, migrated, { recursive: true });
  const reports: Record<string, string> = {};

  section(log, `1. audit ${relative(process.cwd(), original) || '.'}`);
  for (const format of ['json', 'html', 'md', 'sarif']) {
    const file = join(out, `audit.${format === 'sarif' ? 'sarif' : format}`);
    const r = await hdmigrate(['audit', original, '--format', format, '--out', file]);
    if (r.code !== 0 && r.code !== 1) throw new Error(`audit failed: ${r.stderr.trim() || r.stdout.trim()}`);
    reports[`audit ${format}`] = file;
  }
  const summary = await hdmigrate(['audit', original]);
  log(summary.stdout.trimEnd());

  section(log, '2. codemod a copy to v2 (the dry-run diff is saved; then --write)');
  const dry = await hdmigrate(['codemod', migrated]);
  writeFileSync(join(out, 'codemod.diff'), dry.stdout);
  reports['codemod diff'] = join(out, 'codemod.diff');
  const write = await hdmigrate(['codemod', migrated, '--write', '--force']);
  if (write.code !== 0 && write.code !== 1) throw new Error(`codemod failed: ${write.stderr.trim() || write.stdout.trim()}`);
  // the diff is in codemod.diff; here only what is left to do and the counts
  const summaryAt = write.stdout.search(/^(left for you|\d+ files? changed)/m);
  log((summaryAt >= 0 ? write.stdout.slice(summaryAt) : write.stdout).trimEnd());
  if (write.stderr.trim()) log(write.stderr.trimEnd());

  section(log, '3. run the app: original against v1, migrated copy against v2 (two sandboxes, same seed)');
  const before = await runApp(original, options.seed);
  const after = await runApp(migrated, options.seed);
  log('v1 (before):');
  log(indent(before.stdout || before.stderr));
  log('v2 (after):');
  log(indent(after.stdout || after.stderr));

  section(log, '4. compare');
  const same = before.code === 0 && after.code === 0 && before.stdout === after.stdout;
  log(same ? 'same output before and after: the migrated app behaves as the legacy one did' : 'the outputs DIFFER (see above)');

  reports['verify html'] = await verifyOnSandbox(out, options.seed, log);

  section(log, '6. shim: the original app, unchanged, through `hdmigrate shim` on the v2 surface; its usage log merged into the audit');
  const shimLog = join(out, 'shim-usage.jsonl');
  const shimmed = await runAppThroughShim(original, 'sync.js', options.seed, shimLog);
  const shimSame = shimmed.code === 0 && shimmed.stdout === before.stdout;
  log(`${shimmed.calls} v1 calls answered with ${shimmed.v2Calls} v2 calls (${shimmed.credits} credits); ${shimSame ? 'same output as the direct v1 run' : 'the output DIFFERS from the direct v1 run:'}`);
  if (!shimSame) log(indent(shimmed.stdout || shimmed.stderr));
  const traffic = await hdmigrate(['audit', original, '--traffic', shimLog, '--format', 'json', '--out', join(out, 'audit-traffic.json')]);
  if (traffic.code !== 0 && traffic.code !== 1) throw new Error(`audit --traffic failed: ${traffic.stderr.trim()}`);
  const t = (JSON.parse(readFileSync(join(out, 'audit-traffic.json'), 'utf8')) as { summary: { traffic?: { calls: number; notSeenAtRuntime: string[] } } }).summary.traffic;
  if (t) log(`audit --traffic: ${t.calls} calls merged into the findings; in the code but not called at run time: ${t.notSeenAtRuntime.join(', ') || 'none'}`);
  reports['shim usage log'] = shimLog;
  reports['audit+traffic'] = join(out, 'audit-traffic.json');

  section(log, 'reports');
  for (const [name, file] of Object.entries(reports)) log(`  ${name.padEnd(14)} ${file}`);
  return { ok: same && shimSame, reports, before: before.stdout, after: after.stdout };
}

function indent(text: string): string {
  return text
    .trimEnd()
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
}
