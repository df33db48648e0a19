/**
 * The HTML report opened in a real browser with the network cut off: it renders its chart of
 * differences by field (raw against noise) from the page alone and asks for nothing.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { cli } from './helpers.ts';

const CHROMIUM = '/usr/bin/chromium';
const FAST = { rateLimit: { calls: 1_000_000, seconds: 60 }, v1RateLimit: { calls: 1_000_000, seconds: 3600 } };
let a: Sandbox;
let b: Sandbox;
let dir: string;

beforeAll(async () => {
  // (one starting instant for both, so that only the seeds differ)
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  a = await startSandbox({ port: 0, seed: 1, tickets: 20, now, ...FAST });
  b = await startSandbox({ port: 0, seed: 2, tickets: 20, now, ...FAST });
  dir = mkdtempSync(join(tmpdir(), 'verify-html-'));
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!existsSync(CHROMIUM))('the HTML report in a browser', () => {
  it('renders the chart offline and requests nothing', async () => {
    const html = join(dir, 'report.html');
    const r = await cli(['--base', b.url, '--v1-base', a.url, '--allow-insecure', '--resources', 'tickets', '--ids', '1-8', '--format', 'html', '--out', html, '--no-progress']);
    expect(r.code).toBe(1);
    const { chromium } = await import('playwright-core');
    // a fresh profile per run, offline: anything the page tried to fetch would fail and be seen
    const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      offline: true,
    });
    try {
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (req) => requests.push(req.url()));
      await page.goto(`file://${html}`);
      expect(requests).toEqual([`file://${html}`]);
      const bars = await page.locator('svg rect.raw').count();
      expect(bars).toBeGreaterThan(5);
      // the subject differs in every record and the A/A probe saw no noise: a full raw bar, no noise bar
      const row = await page.locator('svg text', { hasText: 'tickets:body.subject' }).count();
      expect(row).toBe(1);
      // bar 0 is the legend's swatch; the first field's bar spans the full 100 %
      const widths = (await page.locator('svg rect.raw').evaluateAll((els) => els.map((e) => Number(e.getAttribute('width'))))) as number[];
      expect(widths[1]).toBe(420);
      const noise = (await page.locator('svg rect.noise').evaluateAll((els) => els.map((e) => Number(e.getAttribute('width'))))) as number[];
      expect(noise.slice(1).every((w) => w === 0)).toBe(true);
      expect(await page.locator('.status.bad').textContent()).toMatch(/Not at parity/);
    } finally {
      await context.close();
    }
  });
});
