/**
 * `hdmigrate verify` against the real sandbox: parity on a clean account for every resource,
 * field-by-field differences between two differently seeded accounts, faults survived with the
 * same report, writes round-tripped and cleaned up, the overlay learned, usage refused.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOverlay } from '../../src/catalogue/index.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import type { VerifyReport } from '../../src/verify/report.ts';
import { RESOURCE_NAMES } from '../../src/verify/resources.ts';
import { cli } from './helpers.ts';

const FAST = { rateLimit: { calls: 1_000_000, seconds: 60 }, v1RateLimit: { calls: 1_000_000, seconds: 3600 } };
let clean: Sandbox;
let other: Sandbox;
let dir: string;

beforeAll(async () => {
  // (one starting instant for both: two sandboxes started across a second boundary anchor their
  // seeded dates a second apart, and the account-wide ticket fields then differ in created_at)
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  clean = await startSandbox({ port: 0, seed: 1, tickets: 40, now, ...FAST });
  other = await startSandbox({ port: 0, seed: 2, tickets: 40, now, ...FAST });
  dir = mkdtempSync(join(tmpdir(), 'verify-test-'));
});

afterAll(async () => {
  await clean?.close();
  await other?.close();
  rmSync(dir, { recursive: true, force: true });
});

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as VerifyReport;

describe('hdmigrate verify on the sandbox', () => {
  it('reports parity for every resource of a clean account (exit 0)', async () => {
    const out = join(dir, 'clean.json');
    const r = await cli(['--base', clean.url, '--allow-insecure', '--resources', 'all', '--sample', '6', '--format', 'json', '--out', out, '--no-progress']);
    const report = read(out);
    expect(report.resources.map((x) => x.resource)).toEqual(RESOURCE_NAMES);
    for (const res of report.resources) {
      expect(res.compared, res.resource).toBeGreaterThan(0);
      expect(res.absent, res.resource).toBe(0);
      expect(res.differing, `${res.resource}: ${JSON.stringify(res.fields.filter((f) => f.verdict === 'difference').map((f) => [f.path, f.examples[0]]))}`).toBe(0);
      expect(res.identical + res.noiseOnly, res.resource).toBe(res.compared);
    }
    expect(report.parity).toBe(true);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^parity: v2 returns the same data/m);
  });

  it('reports the differences field by field when v1 and v2 come from differently seeded accounts (exit 1)', async () => {
    const out = join(dir, 'seeds.json');
    const r = await cli(['--base', other.url, '--v1-base', clean.url, '--allow-insecure', '--resources', 'tickets,ticket_fields', '--ids', '1-12', '--format', 'json', '--out', out, '--no-progress']);
    expect(r.code).toBe(1);
    const report = read(out);
    expect(report.parity).toBe(false);
    const tickets = report.resources.find((x) => x.resource === 'tickets')!;
    expect(tickets.differing).toBeGreaterThan(0);
    const subject = tickets.fields.find((f) => f.path === 'tickets:body.subject')!;
    expect(subject.verdict).toBe('difference');
    expect(subject.noise).toBe(0);
    expect(subject.examples[0]!.v1).not.toEqual(subject.examples[0]!.v2);
    expect(subject.examples[0]!.at).toBe('body.subject');
    // the account-wide ticket fields are the same in both seeds
    expect(report.resources.find((x) => x.resource === 'ticket_fields')!.differing).toBe(0);
    expect(r.stdout).toMatch(/DIFFERENT\s+tickets:body\.subject/);
  });

  it('survives 5xx, resets, latency and 429 bursts with the same final report', async () => {
    const faulty = await startSandbox({ port: 0, seed: 1, tickets: 40, ...FAST, faults: 'error503@0.08,reset@0.03,latency=1ms-10ms@0.3,burst429=2@0.02,seed=11' });
    try {
      const args = ['--allow-insecure', '--resources', 'tickets,contacts,time_entries', '--ids', '1-10', '--format', 'json', '--no-progress'];
      const a = await cli(['--base', clean.url, ...args, '--out', join(dir, 'nofault.json')]);
      const log = join(dir, 'fault.log');
      const b = await cli(['--base', faulty.url, ...args, '--out', join(dir, 'fault.json'), '--log', log]);
      expect(b.stderr).toBe('');
      // the faults did happen, and were retried
      const events = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; status?: number });
      expect(events.filter((e) => e.status === 503).length).toBeGreaterThan(0);
      expect(events.filter((e) => e.type === 'error').length).toBeGreaterThan(0);
      expect(events.filter((e) => e.type === 'retry').length).toBeGreaterThan(0);
      expect(events.filter((e) => e.status === 429 || e.status === 403).length).toBeGreaterThan(0);
      expect(b.code).toBe(a.code);
      const strip = (x: VerifyReport) => JSON.stringify({ ...x, base: '', v1Base: '' }).replaceAll(faulty.url, clean.url);
      expect(strip(read(join(dir, 'fault.json')))).toBe(strip(read(join(dir, 'nofault.json'))));
    } finally {
      await faulty.close();
    }
  });

  it('round-trips writes on the sandbox and cleans up what it made', async () => {
    const out = join(dir, 'writes.json');
    const before = clean.store.snapshot();
    const r = await cli(['--base', clean.url, '--allow-insecure', '--allow-writes', '--format', 'json', '--out', out, '--no-progress']);
    const report = read(out);
    expect(report.writes.map((w) => `${w.resource} ${w.direction}`)).toEqual(['contacts v1→v2', 'contacts v2→v1', 'tickets v1→v2', 'tickets v2→v1']);
    for (const w of report.writes) {
      expect(w.differences, w.direction).toEqual([]);
      expect(w.cleaned).toBe(true);
    }
    expect(r.code).toBe(0);
    const after = clean.store.snapshot();
    const live = (s: typeof before) => (s.tickets as { deleted?: boolean }[]).filter((t) => !t.deleted).length;
    expect(live(after)).toBe(live(before));
    // contacts are hard-deleted: none of the round-trip ones is left
    expect(JSON.stringify(after.users)).not.toContain('hdmigrate-verify-');
  });

  it('shows progress on stderr with an ETA from the rate budget, and the report on stdout', async () => {
    const r = await cli(['--base', clean.url, '--allow-insecure', '--resources', 'groups', '--all']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^verify groups: compared 5\/5 \(100%\) · ETA \d+s \(from the rate budget\)$/m);
    expect(r.stdout).toMatch(/^groups\s+5\s+/m);
  });

  it('refuses writes to an account it was not told it may write to', async () => {
    const r = await cli(['--base', 'https://acme.helpdesk.example', '--allow-writes', '--ids', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--write-account acme\.helpdesk\.example/);
  });

  it('refuses a plain http base without --allow-insecure, and a missing key', async () => {
    const r = await cli(['--base', clean.url, '--ids', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/HTTPS only/);
    const k = await cli(['--base', clean.url, '--allow-insecure', '--ids', '1'], '');
    expect(k.code).toBe(2);
    expect(k.stderr).toMatch(/HDMIGRATE_API_KEY/);
  });

  it('stops with exit 2 when the key is refused, and exit 1 when none of the ids exists', async () => {
    const refused = await cli(['--base', clean.url, '--allow-insecure', '--ids', '1-3', '--no-progress'], 'not-a-key');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/answered 401: the API key was refused/);
    expect(refused.stderr).not.toContain('not-a-key');
    const none = await cli(['--base', clean.url, '--allow-insecure', '--resources', 'groups', '--ids', '1-3', '--no-progress']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/none of the ids exists on either side/);
  });

  it('learns the overlay from both ticket_fields endpoints and writes a file every command reads', async () => {
    const file = join(dir, 'overlay.json');
    const r = await cli(['--base', clean.url, '--allow-insecure', '--learn', file]);
    expect(r.code).toBe(0);
    const overlay = loadOverlay(file);
    expect(overlay.accountId).toBe('318502');
    expect(overlay.utcOffset).toBe('+10:00');
    expect(overlay.statuses?.['2']).toEqual(['Open', 'Being Processed']);
    expect(overlay.ticketTypes).toContain('Incident');
    const again = await cli(['--base', clean.url, '--allow-insecure', '--overlay', file, '--resources', 'tickets', '--ids', '1-3', '--no-progress']);
    expect(again.code).toBe(0);
  });

  it('masks personal data with --redact and writes one self-contained HTML page', async () => {
    const html = join(dir, 'seeds.html');
    await cli(['--base', other.url, '--v1-base', clean.url, '--allow-insecure', '--resources', 'contacts', '--sample', '5', '--redact', '--format', 'html', '--out', html, '--no-progress']);
    const page = readFileSync(html, 'utf8');
    expect(page).toMatch(/<svg[^>]*role="img"/);
    expect(page).not.toMatch(/<script|<link|src="http|href="http|@import/);
    expect(page).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.example/);
    expect(page).toContain('[redacted]');
  });
});

describe('noise', () => {
  it('treats a field that changes by itself (A/A probe) as noise, not as a difference', async () => {
    const { HelpdeskClient } = await import('../../src/http/index.ts');
    const { loadCatalogue } = await import('../../src/catalogue/index.ts');
    const { runVerify } = await import('../../src/verify/runner.ts');
    const { buildReport } = await import('../../src/verify/report.ts');
    const { StateFile } = await import('../../src/verify/state.ts');
    const { NoiseList, DEFAULT_THRESHOLDS } = await import('../../src/verify/noise.ts');
    const { findResource } = await import('../../src/verify/resources.ts');
    const client = new HelpdeskClient({ base: clean.url, allowInsecure: true, credentials: { apiKey: clean.keys.admin } });
    // a v2 that stamps updated_at anew on every read, as an automation touching records would
    let tick = 0;
    const jittery = {
      async request(r: Parameters<typeof client.request>[0]) {
        const res = await client.request(r);
        if (!/^\/api\/v2\/contacts\/\d+$/.test(r.path) || res.status !== 200) return res;
        const body = { ...res.json<Record<string, unknown>>(), updated_at: new Date(Date.UTC(2030, 0, 1) + ++tick * 1000).toISOString() };
        const text = JSON.stringify(body);
        return { ...res, body: Buffer.from(text), text: () => text, json: <T>() => JSON.parse(text) as T };
      },
    };
    const statePath = join(dir, 'aa.jsonl');
    const state = StateFile.open(statePath, { base: 'x', v1Base: 'x', resources: ['contacts'], selection: 'aa', thresholds: DEFAULT_THRESHOLDS, noiseSample: 5 });
    try {
      await runVerify({
        sides: { v1: client, v2: jittery },
        catalogue: loadCatalogue(),
        resources: [findResource('contacts')!],
        selection: { kind: 'sample', n: 12, seed: 1 },
        state,
        noiseSample: 5,
        concurrency: 4,
      });
    } finally {
      state.close();
      await client.close();
    }
    const report = await buildReport(statePath, { thresholds: DEFAULT_THRESHOLDS, noiseList: new NoiseList() });
    const contacts = report.resources[0]!;
    const updated = contacts.fields.find((f) => f.field === 'body.updated_at')!;
    expect(updated.raw).toBe(12);
    expect(updated.noise).toBe(5);
    expect(updated.verdict).toBe('noise');
    expect(contacts.noiseOnly).toBe(12);
    expect(report.parity).toBe(true);
  });

  it('silences differences whose reported paths are pasted into a noise file', async () => {
    const first = join(dir, 'before-noise.json');
    const args = ['--base', other.url, '--v1-base', clean.url, '--allow-insecure', '--resources', 'tickets', '--ids', '1-6', '--format', 'json', '--no-progress'];
    expect((await cli([...args, '--out', first])).code).toBe(1);
    const paths = read(first).resources[0]!.fields.filter((f) => f.verdict === 'difference').map((f) => f.path);
    expect(paths.length).toBeGreaterThan(0);
    const noiseFile = join(dir, 'noise.json');
    writeFileSync(noiseFile, JSON.stringify(Object.fromEntries(paths.map((p) => [p, 'the two accounts were seeded differently']))));
    const second = join(dir, 'after-noise.json');
    const r = await cli([...args, '--noise', noiseFile, '--out', second]);
    expect(r.code).toBe(0);
    const fields = read(second).resources[0]!.fields;
    for (const p of paths) expect(fields.find((f) => f.path === p)).toMatchObject({ verdict: 'listed-noise', reason: 'the two accounts were seeded differently' });
  });
});
