/**
 * The cheap text test every file goes through before anything is parsed, built from the catalogue:
 * first literal segments of every v1 path (counted only between path or quote characters),
 * distinctive payload wrapper names and marker comments (counted anywhere).
 */
import type { Catalogue } from '../../catalogue/index.ts';
import { escapeRegex, segmentWords } from '../match-url.ts';
import { repoWideWords } from '../catalogue-facts.ts';
import { passesPrefilter, type ScanConfig } from './scan.ts';

export const DEFAULT_MAX_FILE_SIZE = 2 * 1024 * 1024;
export const MINIFIED_LINE = 2500;

/** The words of the prefilter, from the catalogue: first segments of v1 paths, distinctive wrapper names, markers. */
function prefilterWords(cat: Catalogue): { bounded: string[]; anywhere: string[] } {
  const first = new Set<string>();
  // (and the constructor of the v1 Ruby gem `freshdesk`, whose calls name no path: see lang/ruby-resources.ts)
  const anywhere = new Set<string>(['@hdmigrate-', 'Freshdesk.new']);
  for (const r of cat.rules) {
    for (const p of r.v1.paths) {
      const seg = p.split('/').filter(Boolean)[0];
      if (seg && !seg.startsWith(':')) first.add(seg);
    }
    if (r.request?.wrapper?.includes('_')) anywhere.add(r.request.wrapper);
  }
  for (const w of anywhere) first.delete(w);
  return { bounded: [...first], anywhere: [...anywhere] };
}

/** The scan's settings, the prefilter's words from the catalogue. */
export function scanConfig(cat: Catalogue, maxSize: number): ScanConfig {
  const { bounded, anywhere } = prefilterWords(cat);
  // longest first: `helpdesk_ticket` (anywhere) must win over `helpdesk` (bounded) at one position
  const all = [...anywhere, ...bounded].sort((a, b) => b.length - a.length);
  return { maxSize, prefilter: all.map(escapeRegex).join('|'), words: all, bounded, minifiedLine: MINIFIED_LINE, wide: repoWideWords(cat) };
}

/** The cheap test every file goes through before anything is parsed (what the scan applies). */
export function prefilterFor(cat: Catalogue): { test(text: string): boolean } {
  const cfg = scanConfig(cat, DEFAULT_MAX_FILE_SIZE);
  const re = new RegExp(cfg.prefilter, 'g');
  return { test: (text) => passesPrefilter(text, re, cfg.bounded) };
}

/**
 * The codemod's test: a v1 path word next to a format hint, or a distinctive payload wrapper
 * (`helpdesk_ticket`), which is a v1 body wherever its URL comes from.
 */
export function codemodPrefilter(cat: Catalogue): { words: RegExp; format: RegExp; wrappers: RegExp } {
  const words = new RegExp(`(?:^|[^\\w])(?:${segmentWords(cat).map(escapeRegex).join('|')})(?:[^\\w]|$)`);
  const wrappers = new RegExp(prefilterWords(cat).anywhere.filter((w) => /^\w+$/.test(w) && w.includes('_')).map(escapeRegex).join('|'));
  return { words, format: /\.(json|xml)\b|format=/, wrappers };
}
