/**
 * The run's robustness: a killed run resumes to the same final report with no id repeated or
 * skipped; paced to the budget, no request is ever throttled; the API key appears in no output,
 * log, report or state file.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import type { VerifyReport } from '../../src/verify/report.ts';
import { cli, spawnCli } from './helpers.ts';

const FAST = { rateLimit: { calls: 1_000_000, seconds: 60 }, v1RateLimit: { calls: 1_000_000, seconds: 3600 } };
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'verify-resume-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const recordLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{"t":"r"'))
    .map((l) => JSON.parse(l) as { r: string; id: string });

describe('verify runs', () => {
  let slow: Sandbox;
  beforeAll(async () => {
    // every answer takes a little while, so the child is surely mid-run when it is killed
    slow = await startSandbox({ port: 0, seed: 1, tickets: 60, ...FAST, faults: 'latency=15ms-25ms' });
  });
  afterAll(async () => slow?.close());

  it('resumes a killed run to the same final report, without repeating or skipping an id', async () => {
    const args = (state: string, out: string) => [
      '--base', slow.url, '--allow-insecure', '--resources', 'tickets,contacts', '--ids', '1-40',
      '--concurrency', '3', '--state', state, '--format', 'json', '--out', out, '--no-progress',
    ];
    const whole = await cli(args(join(dir, 'whole.jsonl'), join(dir, 'whole.json')));
    expect(whole.code).toBe(0);

    const state = join(dir, 'killed.jsonl');
    const { child, done } = spawnCli(args(state, join(dir, 'killed.json')), { HDMIGRATE_API_KEY: 'sandbox-admin-key' });
    // kill -9 once some ids are done (poll the state file)
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (existsSync(state) && recordLines(state).length >= 12) {
          clearInterval(timer);
          child.kill('SIGKILL');
          resolve();
        }
      }, 20);
    });
    const killed = await done;
    expect(killed.signal).toBe('SIGKILL');
    const before = recordLines(state).length;
    expect(before).toBeGreaterThanOrEqual(12);
    expect(before).toBeLessThan(80);

    const resumed = await cli(args(state, join(dir, 'resumed.json')));
    expect(resumed.code).toBe(0);
    const lines = recordLines(state);
    const keys = lines.map((l) => `${l.r}/${l.id}`);
    expect(new Set(keys).size).toBe(keys.length); // nothing repeated
    expect(keys.length).toBe(80); // nothing skipped: 40 tickets + 40 contacts
    const report = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as VerifyReport;
    expect(report('resumed.json')).toEqual(report('whole.json'));
  });

  it('stops on Ctrl-C with exit 2 and a resume hint, and the same command finishes the run', async () => {
    const state = join(dir, 'interrupted.jsonl');
    const args = ['--base', slow.url, '--allow-insecure', '--resources', 'contacts', '--ids', '1001001-1001030', '--concurrency', '2', '--state', state, '--format', 'json', '--out', join(dir, 'interrupted.json'), '--no-progress'];
    const { child, done } = spawnCli(args, { HDMIGRATE_API_KEY: 'sandbox-admin-key' });
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (existsSync(state) && recordLines(state).length >= 5) {
          clearInterval(timer);
          child.kill('SIGINT');
          resolve();
        }
      }, 20);
    });
    const stopped = await done;
    expect(stopped.code).toBe(2);
    expect(stopped.stderr).toMatch(/interrupted; run the same command again to resume from/);
    expect(recordLines(state).length).toBeLessThan(30);
    const resumed = await cli(args);
    expect(resumed.code).toBe(0);
    const ids = recordLines(state).map((l) => l.id);
    expect(new Set(ids).size).toBe(30);
    expect(ids.length).toBe(30);
  });

  it('refuses to resume from a state file of a different run', async () => {
    const state = join(dir, 'other.jsonl');
    await cli(['--base', slow.url, '--allow-insecure', '--resources', 'groups', '--ids', '1-2', '--state', state, '--no-progress']);
    const r = await cli(['--base', slow.url, '--allow-insecure', '--resources', 'groups', '--ids', '1-3', '--state', state, '--no-progress']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/belongs to another run \(its selection differs\)/);
  });
});

describe('pacing', () => {
  it('never gets a throttled answer when the budget is respected', async () => {
    const tight = await startSandbox({ port: 0, seed: 1, tickets: 30, rateLimit: { calls: 60, seconds: 2 }, v1RateLimit: { calls: 1_000_000, seconds: 3600 } });
    try {
      const log = join(dir, 'paced.log');
      const r = await cli(['--base', tight.url, '--allow-insecure', '--resources', 'tickets', '--ids', '1-14', '--noise-sample', '3', '--rate-window', '2', '--log', log, '--no-progress']);
      expect(r.code).toBe(0);
      const events = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; status?: number; api: string });
      const v2Answers = events.filter((e) => e.type === 'response' && e.api === 'v2');
      // 20 observations (14 ids + 3 probed twice), each a ticket (2 credits) and its notes (1):
      // 60 credits, more than the 48 usable in one 2 s window, so the pacing had to wait
      expect(v2Answers.length).toBe(40);
      expect(events.filter((e) => e.status === 429)).toEqual([]);
      expect(events.filter((e) => e.type === 'retry')).toEqual([]);
      // read-only by default: nothing but GETs
      expect(new Set(events.filter((e) => e.type === 'request').map((e) => (e as { method?: string }).method))).toEqual(new Set(['GET']));
    } finally {
      await tight.close();
    }
  });
});

describe('secrets', () => {
  it('never writes the API key to any output, log, report or state file', async () => {
    const sandbox = await startSandbox({ port: 0, seed: 2, tickets: 20, ...FAST, faults: 'error500@0.05,seed=3' });
    const work = mkdtempSync(join(dir, 'secret-'));
    try {
      const keyFile = join(work, 'key');
      writeFileSync(keyFile, 'sandbox-admin-key\n');
      const runs = [];
      for (const format of ['json', 'md', 'html', 'text']) {
        runs.push(
          await cli(['--base', sandbox.url, '--allow-insecure', '--api-key-file', keyFile, '--resources', 'tickets,contacts,ticket_fields', '--sample', '4',
            '--state', join(work, `state-${format}.jsonl`), '--log', join(work, `http-${format}.log`), '--format', format, '--out', join(work, `report.${format}`)], ''),
        );
      }
      // an error path too: a base nobody listens on
      runs.push(await cli(['--base', 'http://127.0.0.1:9', '--allow-insecure', '--retries', '0', '--ids', '1', '--log', join(work, 'refused.log')]));
      expect(runs.at(-1)!.code).toBe(2);
      const basic = Buffer.from('sandbox-admin-key:X').toString('base64');
      for (const run of runs) {
        expect(run.stdout + run.stderr).not.toContain('sandbox-admin-key');
        expect(run.stdout + run.stderr).not.toContain(basic);
      }
      const files = readdirSync(work).filter((f) => f !== 'key');
      expect(files.length).toBeGreaterThanOrEqual(13);
      for (const f of files) {
        const text = readFileSync(join(work, f), 'utf8');
        expect(text, f).not.toContain('sandbox-admin-key');
        expect(text, f).not.toContain(basic);
      }
    } finally {
      await sandbox.close();
    }
  });
});
