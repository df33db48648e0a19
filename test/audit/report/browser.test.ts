/**
 * The HTML report in a real browser (headless Chromium through playwright-core): the audit report of
 * a fixture repository and of an empty one. Every body cell sits under its header (same column
 * count, left edges within the header's column), nothing makes the page scroll sideways, the empty
 * report's text is whole and it has no empty tables. Screenshots go to test/.output/.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../../src/audit/index.ts';
import { renderHtml } from '../../../src/audit/report/html.ts';

const CHROMIUM = '/usr/bin/chromium';
const OUTPUT = join(import.meta.dirname, '../../.output');
const FIXTURES = join(import.meta.dirname, '../../../fixtures/audit');
let browser: Browser;
let profile: string; // TMPDIR of the browser process, removed afterwards
let work: string;

beforeAll(async () => {
  profile = mkdtempSync(join(tmpdir(), 'hdm-chromium-'));
  work = mkdtempSync(join(tmpdir(), 'hdm-html-'));
  mkdirSync(OUTPUT, { recursive: true });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    // playwright gives the browser a fresh --user-data-dir of its own (it refuses one in args)
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  rmSync(profile, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

interface Layout {
  scrollWidth: number;
  clientWidth: number;
  tables: Array<{ id: string; headers: number; rows: number; misplaced: string[]; empty: boolean }>;
  overflowing: string[];
  headline: string;
}

async function inspect(html: string, name: string, width = 1024): Promise<Layout> {
  const file = join(work, `${name}.html`);
  writeFileSync(file, html);
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  try {
    await page.goto(`file://${file}`);
    await page.screenshot({ path: join(OUTPUT, `audit-${name}-${width}.png`), fullPage: true });
    return await page.evaluate(() => {
      const tables = [...document.querySelectorAll('table')].map((t, i) => {
        const ths = [...t.querySelectorAll('thead th')];
        const rows = [...t.querySelectorAll('tbody tr')];
        const misplaced: string[] = [];
        for (const tr of rows) {
          const cells = [...tr.children];
          if (cells.length !== ths.length) misplaced.push(`${cells.length} cells for ${ths.length} headers`);
          cells.forEach((td, c) => {
            const th = ths[c]?.getBoundingClientRect();
            const r = td.getBoundingClientRect();
            if (th && (Math.abs(r.left - th.left) > 1 || Math.abs(r.right - th.right) > 1)) misplaced.push(`row cell ${c} not under its header`);
            // numbers align with their header's edge: right-aligned header over right-aligned cell
            if (td.classList.contains('n') && ths[c] && getComputedStyle(ths[c]!).textAlign !== getComputedStyle(td).textAlign) misplaced.push(`header ${c} aligned unlike its numbers`);
          });
        }
        return { id: t.id || `table ${i}`, headers: ths.length, rows: rows.length, misplaced, empty: rows.length === 0 };
      });
      const overflowing = [...document.querySelectorAll('td, th, p, code, svg')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'visible' && el.tagName !== 'svg')
        .map((el) => `${el.tagName}: ${(el.textContent ?? '').slice(0, 60)}`);
      return {
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
        tables,
        overflowing,
        headline: document.querySelector('#headline')?.textContent ?? '',
      };
    });
  } finally {
    await page.close();
  }
}

describe.skipIf(!existsSync(CHROMIUM))('HTML report in headless Chromium', () => {
  it('fixture repository: cells under their headers, no sideways scroll even with a very long snippet', async () => {
    const report = await runAudit({ root: join(FIXTURES, 'marketplace-app'), jobs: 1 });
    // a long unbroken line of code, as minified-ish real code has
    report.findings[0]!.snippet = `fetch("/helpdesk/tickets.json?${'query=x&'.repeat(60)}")`;
    report.findings[0]!.endpoint = `GET /helpdesk/tickets.json?${'a'.repeat(300)}`;
    for (const width of [1024, 480]) {
      const layout = await inspect(renderHtml(report), 'fixture', width);
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
      expect(layout.tables.length).toBeGreaterThan(2);
      for (const t of layout.tables) {
        expect(t.misplaced, t.id).toEqual([]);
        expect(t.empty, t.id).toBe(false);
      }
      expect(layout.headline).toMatch(/\d+ v1 uses?: \d+ auto-fixable, \d+ need a human\./);
    }
  }, 60_000);

  it('empty repository: the whole "no v1 use" text and no empty tables', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hdm-empty-'));
    try {
      writeFileSync(join(dir, 'index.js'), 'console.log(1);\n');
      const report = await runAudit({ root: dir, jobs: 1 });
      const layout = await inspect(renderHtml(report), 'empty');
      expect(layout.headline).toBe('No v1 use found.');
      expect(layout.tables.filter((t) => t.empty)).toEqual([]);
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
