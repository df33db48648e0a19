/** Every report format shows the same headline (one summary model), and SARIF is fit for code scanning. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../src/catalogue/index.ts';
import { runAudit, type AuditReport } from '../../../src/audit/index.ts';
import { renderHtml } from '../../../src/audit/report/html.ts';
import { renderMarkdown } from '../../../src/audit/report/markdown.ts';
import { fingerprint, renderSarif, shortText } from '../../../src/audit/report/sarif.ts';
import { headline } from '../../../src/audit/report/summary.ts';
import { renderTerminal } from '../../../src/audit/report/terminal.ts';
import { hdmigrate } from '../../cli/run.ts';

const FIXTURES = join(import.meta.dirname, '../../../fixtures/audit');
const cat = loadCatalogue();
let apps: AuditReport;
let node: AuditReport;

beforeAll(async () => {
  apps = await runAudit({ root: join(FIXTURES, 'marketplace-app'), jobs: 1 });
  node = await runAudit({ root: join(FIXTURES, 'legacy-node'), jobs: 1 });
});

describe('one headline in every format', () => {
  it('counts v1 uses and app configuration problems apart, the same in terminal, Markdown, HTML, JSON and SARIF', () => {
    const h = headline(apps);
    expect(h.config.total).toBeGreaterThan(0); // the fixture has iparams problems: the case the formats disagreed on
    expect(h.uses.total + h.config.total).toBe(apps.summary.findings);
    const uses = `${h.uses.total} v1 use`;
    expect(renderTerminal(apps)).toContain(`  ${uses}`);
    expect(renderTerminal(apps)).toContain(`${h.config.total} app configuration problem`);
    expect(renderMarkdown(apps)).toContain(`**${h.uses.total}** v1 use`);
    expect(renderMarkdown(apps)).toContain(`**${h.config.total}** app configuration problem`);
    const html = renderHtml(apps);
    expect(html).toContain(`<strong>${h.uses.total}</strong> v1 use`);
    expect(html).toContain(`<strong>${h.config.total}</strong> app configuration problem`);
    const sarif = JSON.parse(renderSarif(apps, cat));
    expect(sarif.runs[0].properties.summary.uses.total).toBe(h.uses.total);
    expect(sarif.runs[0].properties.summary.configProblems.total).toBe(h.config.total);
    // the family tables never list app configuration as a family of v1 uses
    expect(h.byFamily.some((f) => f.family === 'iparams')).toBe(false);
    expect(h.familyTotal.uses).toBe(h.uses.total);
  });

  it('the CLI JSON report carries the same headline numbers', () => {
    const r = hdmigrate(['audit', join(FIXTURES, 'marketplace-app'), '--json', '-j', '1']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    const h = headline(apps);
    expect(json.summary.uses.total).toBe(h.uses.total);
    expect(json.summary.uses.autofix).toBe(h.uses.autofix);
    expect(json.summary.configProblems.total).toBe(h.config.total);
  });

  it('an empty report says so and shows no empty tables', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hdm-empty-'));
    try {
      writeFileSync(join(dir, 'index.js'), 'console.log("no helpdesk here");\n');
      const r = hdmigrate(['audit', dir, '--format', 'md']);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('No v1 use found');
      expect(r.stdout).not.toContain('| family |');
      const html = hdmigrate(['audit', dir, '--format', 'html']).stdout;
      expect(html).toContain('No v1 use found.');
      expect(html).not.toMatch(/<tbody>\s*<\/tbody>/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SARIF for code scanning', () => {
  it('locates results relative to the repository root, with per-rule Markdown help and short descriptions', () => {
    const repoRoot = join(FIXTURES, '..', '..');
    const sarif = JSON.parse(renderSarif(node, cat, { repoRoot }));
    const run = sarif.runs[0];
    expect(run.originalUriBaseIds['%SRCROOT%'].uri).toBe(`file://${repoRoot}/`);
    for (const r of run.results) expect(r.locations[0].physicalLocation.artifactLocation.uri).toMatch(/^fixtures\/audit\/legacy-node\//);
    expect(run.tool.driver.informationUri).toBeUndefined();
    for (const rule of run.tool.driver.rules) {
      expect(rule.shortDescription.text.length).toBeLessThanOrEqual(120);
      expect(rule.help.markdown).toMatch(/\S/);
    }
  });

  it('the CLI finds the repository root with git', () => {
    const r = hdmigrate(['audit', join(FIXTURES, 'legacy-node'), '--format', 'sarif', '-j', '1']);
    expect(r.code).toBe(0);
    const run = JSON.parse(r.stdout).runs[0];
    // this checkout is a git repository (a worktree): URIs start at its root
    for (const x of run.results) expect(x.locations[0].physicalLocation.artifactLocation.uri).toMatch(/^fixtures\/audit\/legacy-node\//);
  });

  it('fingerprints survive whitespace changes and tell repeated lines apart', () => {
    const f = { file: 'a.js', rule: 'tickets.view', kind: 'call' as const, snippet: "axios.get('/helpdesk/tickets/1.json')" };
    expect(fingerprint({ ...f, snippet: "axios.get(  '/helpdesk/tickets/1.json' )" }, 0)).toBe(fingerprint(f, 0));
    expect(fingerprint(f, 1)).not.toBe(fingerprint(f, 0));
    expect(fingerprint({ ...f, rule: 'tickets.list' }, 0)).not.toBe(fingerprint(f, 0));
  });

  it('shortens descriptions to their first sentence', () => {
    expect(shortText('Assign a ticket. Then more words follow here.')).toBe('Assign a ticket.');
    expect(shortText('x'.repeat(300)).length).toBe(120);
  });
});
