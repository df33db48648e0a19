/**
 * `jsTextTest` (the scan's one regex pass over a JS/TS file) answers as the prefilter and the
 * repo-wide text test run one after the other: on the repository's own sources and fixtures, and
 * on generated strings made of the two tests' words, their prefixes and the characters their
 * checks look at.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../src/catalogue/index.ts';
import { scanConfig } from '../../../src/analysis/run/prefilter.ts';
import { passesPrefilter } from '../../../src/analysis/run/scan.ts';
import { passesWideTest } from '../../../src/analysis/catalogue-facts.ts';
import { jsTextTest } from '../../../src/analysis/run/js-text-test.ts';

const cfg = scanConfig(loadCatalogue(), 2 * 1024 * 1024);
const prefilter = new RegExp(cfg.prefilter, 'g');
const wideCache = {};
const twoPasses = (t: string) => (passesPrefilter(t, prefilter, cfg.bounded) ? 'candidate' : passesWideTest(t, cfg.wide!, wideCache) ? 'wide' : null);

function jsFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir)) {
    if (e === 'node_modules' || e === '.output') continue;
    const p = join(dir, e);
    if (statSync(p).isDirectory()) jsFiles(p, out);
    else if (/\.[cm]?[jt]sx?$/.test(e)) out.push(p);
  }
  return out;
}

describe('jsTextTest', () => {
  it('answers as the two tests on the sources and fixtures', () => {
    const cache = {};
    const seen: Record<string, number> = {};
    for (const f of jsFiles(join(import.meta.dirname, '../../..'))) {
      const text = readFileSync(f, 'utf8');
      const want = twoPasses(text);
      seen[String(want)] = (seen[String(want)] ?? 0) + 1;
      expect([f, jsTextTest(text, cfg, cache)]).toEqual([f, want]);
    }
    // every answer occurs
    expect(Object.keys(seen).sort()).toEqual(['candidate', 'null', 'wide']);
  });

  it('answers as the two tests on generated strings', () => {
    const cache = {};
    const words = [...cfg.words, ...cfg.wide!.names, ...cfg.wide!.wrappers, '403', '1403'];
    const around = ['/', "'", '"', '`', '.', '?', ' ', '\n', '_', 'a', '1', '$', '-', ''];
    let seed = 7;
    const rnd = (k: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % k;
    };
    for (let i = 0; i < 50_000; i++) {
      let s = '';
      for (let j = 1 + rnd(5); j > 0; j--) {
        const w = words[rnd(words.length)]!;
        s += around[rnd(around.length)] + (rnd(4) === 0 ? w.slice(0, 1 + rnd(w.length)) : w);
      }
      s += around[rnd(around.length)];
      if (jsTextTest(s, cfg, cache) !== twoPasses(s)) expect([s, jsTextTest(s, cfg, cache)]).toEqual([s, twoPasses(s)]);
    }
  });

  it('never says wide without the repo-wide words', () => {
    const { wide: _, ...noWide } = cfg;
    expect(jsTextTest('res.status === 403; x.display_id', noWide, {})).toBe(null);
    expect(jsTextTest("get('/helpdesk/tickets')", noWide, {})).toBe('candidate');
  });
});
