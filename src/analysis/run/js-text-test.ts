/**
 * The scan's two text tests of a JS/TS file in one regex pass: the prefilter (`passesPrefilter`:
 * is it a candidate?) and, for a file that is not, the repo-wide text test (`passesWideTest`: must
 * the repo-wide pass read it?). Run one after the other they read every non-candidate file twice,
 * and the two regexes were most of the scan thread's time after the reads themselves (the scan
 * thread is the JS tree's critical path in bench/audit.bench.ts).
 *
 * Same answers as the two tests: one alternation of the union of their words (longest first)
 * stops at every position where either list has a word; there the longest word of each list is the
 * longest of that list that is a prefix of the word found (both are prefixes of the same text), so
 * each list's word is checked exactly as its own test checks it.
 *
 * Self-contained (no imports, no helpers outside it): the scan worker runs its source
 * (src/analysis/run/scan.ts).
 */

export interface JsTestWords {
  /** Every prefilter word (see ScanConfig.words). */
  words: string[];
  /** The prefilter words that count only between path or quote characters. */
  bounded: string[];
  /** The repo-wide test's words (v1-only field names, response wrappers); none: never `wide`. */
  wide?: { names: string[]; wrappers: string[] };
}

/** What `jsTextTest` compiles once per caller. */
export interface JsTestCache {
  re?: RegExp;
  /** Per word of the alternation: the longest prefilter word / repo-wide word it starts with ('' none). */
  prefilterWord?: Map<string, string>;
  wideWord?: Map<string, string>;
  names?: Set<string>;
  wrappers?: Set<string>;
}

/** 'candidate' (passes the prefilter), 'wide' (does not, passes the repo-wide test) or null. */
export function jsTextTest(text: string, cfg: JsTestWords, cache: JsTestCache): 'candidate' | 'wide' | null {
  const isWord = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  if (!cache.re) {
    const wideWords = cfg.wide ? [...cfg.wide.names, ...cfg.wide.wrappers] : [];
    const all = [...new Set([...cfg.words, ...wideWords])].sort((x, y) => y.length - x.length);
    const longestPrefix = (w: string, list: string[]) => {
      let best = '';
      for (const x of list) if (x.length > best.length && w.startsWith(x)) best = x;
      return best;
    };
    cache.prefilterWord = new Map(all.map((w) => [w, longestPrefix(w, cfg.words)]));
    cache.wideWord = new Map(all.map((w) => [w, longestPrefix(w, wideWords)]));
    cache.names = new Set(cfg.wide?.names ?? []);
    cache.wrappers = new Set(cfg.wide?.wrappers ?? []);
    // an empty alternation would match everywhere
    cache.re = all.length ? new RegExp(all.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g') : /(?!)/g;
  }
  const re = cache.re;
  let wide = false;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const at = m.index;
    const before = at > 0 ? text.charCodeAt(at - 1) : -1;
    // the prefilter (passesPrefilter): a bounded word between path or quote characters, any other word anywhere
    const p = cache.prefilterWord!.get(m[0])!;
    if (p) {
      if (!cfg.bounded.includes(p)) return 'candidate';
      if (before === 0x2f || before === 0x27 || before === 0x22 || before === 0x60) {
        const end = at + p.length;
        if (end >= text.length) return 'candidate';
        const a = text.charCodeAt(end);
        if (a === 0x2f || a === 0x27 || a === 0x22 || a === 0x60 || a === 0x2e || a === 0x3f || a === 0x20 || (a >= 0x09 && a <= 0x0d)) return 'candidate';
      }
    }
    // the repo-wide test (passesWideTest): a field name as a whole word, a wrapper read as a member
    const w = wide ? '' : cache.wideWord!.get(m[0])!;
    if (w) {
      const after = at + w.length < text.length ? text.charCodeAt(at + w.length) : -1;
      if (cache.names!.has(w) && !isWord(before) && !isWord(after)) wide = true;
      else if (before === 46 && after === 46 && cache.wrappers!.has(w)) wide = true;
    }
    // a shorter word may start inside this one
    re.lastIndex = at + 1;
  }
  if (wide) return 'wide';
  if (!cfg.wide) return null;
  // a 403 status, not inside a longer number or a member name
  for (let i = text.indexOf('403'); i >= 0; i = text.indexOf('403', i + 1)) {
    const b = i > 0 ? text.charCodeAt(i - 1) : -1;
    const a = i + 3 < text.length ? text.charCodeAt(i + 3) : -1;
    if (!isWord(b) && b !== 46 && !isWord(a) && a !== 46) return 'wide';
  }
  return null;
}
