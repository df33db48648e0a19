/** Report formats: SARIF 2.1.0 schema validity, a self-contained HTML page, Markdown, terminal. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/index.ts';
import { runAudit, type AuditReport } from '../../src/audit/index.ts';
import { familyChart, renderHtml } from '../../src/audit/report/html.ts';
import { renderMarkdown } from '../../src/audit/report/markdown.ts';
import { renderSarif } from '../../src/audit/report/sarif.ts';
import { renderTerminal } from '../../src/audit/report/terminal.ts';

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };
const Ajv = createRequire(import.meta.url)('ajv-draft-04') as new (opts: object) => { compile(schema: object): Validate };

const FIXTURES = join(import.meta.dirname, '../../fixtures/audit');
const cat = loadCatalogue();
let report: AuditReport;
let apps: AuditReport;

beforeAll(async () => {
  report = await runAudit({ root: join(FIXTURES, 'legacy-node'), jobs: 1 });
  apps = await runAudit({ root: join(FIXTURES, 'marketplace-app'), jobs: 1 });
});

describe('SARIF', () => {
  const schema = JSON.parse(readFileSync(join(import.meta.dirname, 'schema/sarif-2.1.0.json'), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  const validate = ajv.compile(schema);

  it('is valid SARIF 2.1.0 (with suppressions, notifications and iparams findings)', () => {
    for (const r of [report, apps]) {
      const log = JSON.parse(renderSarif(r, cat));
      const ok = validate(log);
      expect(validate.errors ?? [], JSON.stringify(validate.errors?.slice(0, 3))).toEqual([]);
      expect(ok).toBe(true);
    }
  });

  it('has one result per finding, rules with help from the catalogue, and relative locations', () => {
    const log = JSON.parse(renderSarif(report, cat));
    const run = log.runs[0];
    expect(log.version).toBe('2.1.0');
    expect(run.results).toHaveLength(report.findings.length);
    const assign = run.tool.driver.rules.find((r: { id: string }) => r.id === 'tickets.assign');
    expect(assign.fullDescription.text).toContain('PUT /api/v2/tickets/:id');
    for (const res of run.results) {
      const loc = res.locations[0].physicalLocation;
      expect(loc.artifactLocation.uriBaseId).toBe('%SRCROOT%');
      expect(loc.artifactLocation.uri).not.toMatch(/^\//);
      expect(run.tool.driver.rules[res.ruleIndex].id).toBe(res.ruleId);
    }
    expect(run.results.filter((r: { suppressions?: unknown }) => r.suppressions)).toHaveLength(1);
  });
});

describe('HTML', () => {
  it('is one self-contained page with an SVG chart by family and fidelity', () => {
    const html = renderHtml(report);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<svg');
    expect(html).toContain('Findings by family and fidelity');
    expect(html).toContain('src/sync-tickets.js');
    // no external resources: no scripts, stylesheets, images or fonts fetched
    expect(html).not.toMatch(/<script\b|<link\b|<img\b|<iframe\b|<object\b|@import|url\(["']?https?:/i);
    expect(html).not.toMatch(/href="https?:/);
  });

  it('escapes what it prints', () => {
    const r = structuredClone(report);
    r.findings[0]!.snippet = '<img src=x onerror=alert(1)>';
    expect(renderHtml(r)).not.toContain('<img');
  });

  it('draws one bar per family with a segment per fidelity', () => {
    const svg = familyChart([
      { family: 'tickets', findings: 3, autofix: 2, byFidelity: { exact: 2, lossy: 1, manual: 0, none: 0 } },
      { family: 'groups', findings: 1, autofix: 0, byFidelity: { exact: 0, lossy: 0, manual: 0, none: 1 } },
    ]);
    expect(svg.match(/<rect [^>]*><title>/g)).toHaveLength(3);
    expect(svg).toContain('tickets: 1 lossy');
  });
});

describe('Markdown, JSON and terminal', () => {
  it('Markdown has the summary tables and every finding', () => {
    const md = renderMarkdown(report);
    expect(md).toContain('## v1 uses by family');
    expect(md).toContain('| `tickets.assign` |');
    // one row per finding, located as path:line:col
    expect(md.match(/^\| `[^`]+:\d+:\d+` \| /gm)!.length).toBe(report.findings.length);
  });

  it('JSON has the documented top level and summary', () => {
    const json = JSON.parse(JSON.stringify(report));
    expect(Object.keys(json)).toEqual(['summary', 'findings', 'markers', 'skipped']);
    expect(json.summary.tool).toEqual({ name: 'hdmigrate', version: '0.1.0', reportVersion: 1 });
    expect(json.summary.findings).toBe(report.findings.filter((f) => !f.ignored && !f.inComment).length);
    expect(json.summary.autofix + json.summary.manual).toBe(json.summary.findings);
    expect(json.summary.worstFiles[0].file).toBe('src/sync-tickets.js');
  });

  it('terminal summary fits on one screen; -v lists every finding', () => {
    const short = renderTerminal(report);
    expect(short.split('\n').length).toBeLessThan(40);
    expect(short).toContain('auto-fixable');
    expect(short).toContain('worst files first');
    const long = renderTerminal(report, { verbose: true });
    for (const f of report.findings.slice(0, 10)) expect(long).toContain(`${f.line}:${f.column}`);
    expect(long).not.toContain('\x1b[');
    expect(renderTerminal(report, { color: true })).toContain('\x1b[');
  });

  it('terminal: v1 uses and app configuration problems apart; family rows and the total add up', () => {
    for (const r of [report, apps]) {
      const text = renderTerminal(r);
      const lines = text.split('\n');
      const config = r.findings.filter((f) => f.kind === 'iparams' && !f.ignored && !f.inComment).length;
      const uses = r.summary.findings - config;
      expect(text).toContain(`  ${uses} v1 uses: `);
      // the fidelity line counts the v1 uses
      const fid = /fidelity: (\d+) exact · (\d+) lossy · (\d+) manual · (\d+) none/.exec(text)!;
      expect(fid.slice(1).map(Number).reduce((a, b) => a + b, 0)).toBe(uses);
      // every family row: uses = auto + human = the fidelity columns; the total row is their sum
      const head = lines.findIndex((l) => l.includes('v1 uses by family'));
      const rows = lines.slice(head + 1, lines.indexOf('', head)).map((l) => l.trim().split(/\s+/));
      const num = (x: string) => (x === '·' ? 0 : Number(x));
      for (const [, n, auto, human, ...fids] of rows) {
        expect(num(auto!) + num(human!)).toBe(num(n!));
        expect(fids.map(num).reduce((a, b) => a + b, 0)).toBe(num(n!));
      }
      const total = rows.find((x) => x[0] === 'total')!;
      const body = rows.filter((x) => x[0] !== 'total');
      for (let col = 1; col < total.length; col++) expect(num(total[col]!)).toBe(body.reduce((a, x) => a + num(x[col]!), 0));
      expect(num(total[1]!)).toBe(uses);
      expect(rows.some((x) => x[0] === 'iparams')).toBe(false);
      // no file ends with an empty "worst:"
      expect(lines.filter((l) => /worst:\s*$/.test(l))).toEqual([]);
    }
    const text = renderTerminal(apps);
    expect(text).toMatch(/13 app configuration problems \(9 errors, 4 warnings\) in config\/iparams\.json/);
    expect(text).toMatch(/config\/iparams\.json\s+13 problems\s+13 need a human\s+worst: iparams 9 errors, 4 warnings/);
  });
});
