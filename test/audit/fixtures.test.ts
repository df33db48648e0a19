/**
 * Fixture repos under fixtures/audit/<repo>/ with their expected findings: every hard pattern of
 * the audit issue and every look-alike. Checks precision and recall per repo and overall.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAudit, type AuditReport } from '../../src/audit/index.ts';

const ROOT = join(import.meta.dirname, '../../fixtures/audit');

interface Expected {
  description: string;
  findings: Array<{ file: string; line: number; kind: string; rule: string; inComment?: boolean; ignored?: boolean }>;
  lookalikes: Array<{ file: string; line: number; kind?: string; why: string }>;
  skipped: Array<{ file: string; reason: string }>;
}

const repos = readdirSync(ROOT).filter((d) => existsSync(join(ROOT, d, 'expected.json')));

const key = (f: { file: string; line: number; kind: string; rule: string | null; inComment?: boolean; ignored?: boolean }) =>
  `${f.file}:${f.line} ${f.kind} ${f.rule}${f.inComment ? ' (comment)' : ''}${f.ignored ? ' (ignored)' : ''}`;

const totals = { tp: 0, fp: 0, fn: 0 };
const reports = new Map<string, AuditReport>();

async function audit(repo: string): Promise<AuditReport> {
  let r = reports.get(repo);
  if (!r) {
    r = await runAudit({ root: join(ROOT, repo), jobs: 1 });
    reports.set(repo, r);
  }
  return r;
}

describe('fixture repos: precision and recall', () => {
  it('has fixture repos covering JS/TS, apps, Apps Script, browser code and other languages', () => {
    expect(repos.length).toBeGreaterThanOrEqual(6);
  });

  for (const repo of repos) {
    it(`${repo}: finds exactly the expected findings`, async () => {
      const expected = JSON.parse(readFileSync(join(ROOT, repo, 'expected.json'), 'utf8')) as Expected;
      const report = await audit(repo);
      const actual = new Set(report.findings.map(key));
      const want = new Set(expected.findings.map(key));
      const missing = [...want].filter((k) => !actual.has(k));
      const extra = [...actual].filter((k) => !want.has(k));
      totals.tp += [...want].filter((k) => actual.has(k)).length;
      totals.fp += extra.length;
      totals.fn += missing.length;
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it(`${repo}: no advice claims a codemod rewrite for a finding that is not auto-fixable`, async () => {
      const report = await audit(repo);
      const contradicted = report.findings.filter((f) => !f.autofix && f.advice.startsWith('Auto-fixable')).map(key);
      expect(contradicted).toEqual([]);
    });

    it(`${repo}: reports none of the look-alikes`, async () => {
      const expected = JSON.parse(readFileSync(join(ROOT, repo, 'expected.json'), 'utf8')) as Expected;
      const report = await audit(repo);
      for (const l of expected.lookalikes) {
        const hits = report.findings.filter((f) => f.file === l.file && f.line === l.line && !f.inComment && (!l.kind || f.kind === l.kind));
        expect(hits.map(key), `${l.file}:${l.line} (${l.why})`).toEqual([]);
      }
    });

    it(`${repo}: skips what it should, and says so`, async () => {
      const expected = JSON.parse(readFileSync(join(ROOT, repo, 'expected.json'), 'utf8')) as Expected;
      const report = await audit(repo);
      expect(report.skipped.map((s) => ({ file: s.file, reason: s.reason }))).toEqual(expected.skipped);
    });
  }

  it('precision and recall over all fixtures are 1.0', () => {
    const precision = totals.tp / Math.max(1, totals.tp + totals.fp);
    const recall = totals.tp / Math.max(1, totals.tp + totals.fn);
    expect(totals.tp).toBeGreaterThan(100);
    expect({ precision, recall }).toEqual({ precision: 1, recall: 1 });
  });
});

describe('fixture details', () => {
  it('links the compiled twin to its TypeScript source and reports it once', async () => {
    const r = await audit('legacy-node');
    expect(r.summary.twins).toEqual([{ source: 'src/ts/client.ts', generated: 'src/ts/client.js' }]);
    expect(r.findings.filter((f) => f.file === 'src/ts/client.js')).toEqual([]);
    const del = r.findings.find((f) => f.file === 'src/ts/client.ts' && f.rule === 'tickets.delete')!;
    expect(del.twins).toEqual(['src/ts/client.js:7']);
  });

  it('counts markers and silences the ignored finding', async () => {
    const r = await audit('legacy-node');
    expect(r.summary.markers).toEqual({ todo: 1, ignore: 1 });
    expect(r.summary.ignored).toBe(1);
    expect(r.summary.inComments).toBe(2);
  });

  it('resolves constants, config objects and helpers across modules into the URL parts', async () => {
    const r = await audit('legacy-node');
    const view = r.findings.find((f) => f.file === 'src/sync-tickets.js' && f.rule === 'tickets.view')!;
    expect(view.endpoint).toBe('GET /helpdesk/tickets/{id}.json');
    const assign = r.findings.find((f) => f.rule === 'tickets.assign')!;
    expect(assign.endpoint).toBe('PUT /helpdesk/tickets/{id}/assign.json?responder_id={agentId}');
    // its response goes back to the callers of the exported assign(), which are not in the tree:
    // the call stays v1 with a marker (all or nothing), and the audit says the same
    expect(assign.autofix).toBe(false);
    expect(assign.advice).toContain('callers that are not seen');
    const insecure = r.findings.filter((f) => f.insecure).map((f) => `${f.file}:${f.line}`);
    expect(insecure.sort()).toEqual(['src/export-xml.js:7', 'src/notes-https.js:24']);
  });

  it('a ticket view whose notes are read needs the conversations call: not auto-fixable', async () => {
    const r = await audit('legacy-node');
    const reading = r.findings.find((f) => f.file === 'src/sync-tickets.js' && f.kind === 'call' && f.rule === 'tickets.view')!;
    expect(reading.autofix).toBe(false);
    expect(reading.advice).toContain('reads notes');
    const plain = r.findings.find((f) => f.file === 'src/ts/client.ts' && f.kind === 'call' && f.rule === 'tickets.view')!;
    expect(plain.advice).not.toContain('reads notes');
  });

  it('gives every finding the JSON contract fields', async () => {
    for (const repo of repos) {
      const r = await audit(repo);
      for (const f of r.findings) {
        expect(f.file).not.toMatch(/\\|^\//);
        expect(f.line).toBeGreaterThanOrEqual(1);
        expect(f.column).toBeGreaterThanOrEqual(1);
        for (const k of ['file', 'line', 'column', 'kind', 'rule', 'method', 'endpoint', 'fidelity', 'autofix', 'advice', 'language']) {
          expect(f, `${f.file}:${f.line} ${k}`).toHaveProperty(k);
        }
        expect(f.advice.length).toBeGreaterThan(10);
      }
    }
  });

  it('checks iparams.json against spec 002', async () => {
    const r = await audit('marketplace-app');
    const rules = r.findings.filter((f) => f.kind === 'iparams').map((f) => `${f.line} ${f.rule}`);
    expect(rules).toEqual([
      '2 iparams.missing-product',
      '8 iparams.not-secure',
      '15 iparams.not-secure',
      '18 iparams.bad-value',
      '20 iparams.missing-options',
      '29 iparams.bad-default',
      '34 iparams.bad-regex',
      '35 iparams.bad-events',
      '36 iparams.unknown-attribute',
      '41 iparams.insecure-url',
      '43 iparams.missing-attribute',
      '46 iparams.bad-default',
      '50 iparams.bad-type',
    ]);
  });
});
