/**
 * The audit's second pass, over what only makes sense once the whole repo is known: when some file
 * talks to v1, the rest of the repo is a v1 integration too. Then
 * - candidate files with no v1 request of their own are analysed again in repo context: v1-only
 *   response fields read without a traceable call (`details.helpdesk_ticket.display_id` in an
 *   Express handler fed by an async waterfall), payload wrappers built for another module's call,
 *   stored v1 objects (models and schemas with v1 field names);
 * - JS/TS files the prefilter let go (no v1 word at all) but that compare a status with 403 are
 *   analysed for throttling recognised by behaviour (Retry-After, a wait and retry, "requests per
 *   hour"): v1 throttles with 403, v2 with 429.
 */
import { readFileSync } from 'node:fs';
import type { WalkedFile } from '../analysis/run/walk.ts';
import { repoWideTextTest } from '../analysis/catalogue-facts.ts';
import { analyzeFile, type AnalysisContext, type FileResult } from './file-analysis.ts';

const REQUEST_KINDS = new Set(['call', 'url', 'wrapper']);

/** Does any file of the repo make (or prepare) a v1 request? */
export function repoUsesV1(results: FileResult[]): boolean {
  return results.some((r) => r.findings.some((f) => REQUEST_KINDS.has(f.kind) && !f.inComment));
}

/**
 * Results of the second pass: replacements for candidate results (same `rel`) and results for
 * files that were not candidates. Empty when no file uses v1. `flagged`: the non-candidate files
 * the scan found passing `repoWideTextTest` (only those are read again).
 */
export function repoWidePass(results: FileResult[], files: WalkedFile[], flagged: WalkedFile[], candidates: Array<{ rel: string }>, ctx: AnalysisContext): { replace: FileResult[]; added: FileResult[] } {
  if (!repoUsesV1(results)) return { replace: [], added: [] };
  const repoRules = [...new Set(results.flatMap((r) => r.findings.filter((f) => (f.kind === 'call' || f.kind === 'url') && !f.inComment && f.rule).map((f) => f.rule!)))];
  const repoCtx: AnalysisContext = { ...ctx, repoUsesV1: true, repoRules };
  const isScript = (f: WalkedFile) => f.language === 'javascript' || f.language === 'typescript';
  const replace: FileResult[] = [];
  const byRel = new Map(files.map((f) => [f.rel, f]));
  for (const r of results) {
    if (!r.parsed || r.findings.some((f) => REQUEST_KINDS.has(f.kind) && !f.inComment)) continue;
    const f = byRel.get(r.rel);
    if (!f || !isScript(f)) continue;
    const text = read(f.abs);
    if (text === null) continue;
    replace.push(analyzeFile(f, text, repoCtx));
  }
  const seen = new Set(candidates.map((c) => c.rel));
  const added: FileResult[] = [];
  // the scan's test knew every rule's wrappers; the repo's own rules narrow it here
  const test = repoWideTextTest(ctx.cat, repoRules);
  for (const f of flagged) {
    if (seen.has(f.rel) || !isScript(f)) continue;
    const text = read(f.abs);
    if (text === null || !test.test(text)) continue;
    const r = analyzeFile(f, text, repoCtx);
    // only what this pass is for: throttling checks (and v1 shapes, if any), never a parse complaint about an unrelated file;
    // and a call whose URL comes from a global another script declares (`AppConfig.support.newsFolder`)
    r.findings = r.findings.filter((x) => x.kind === 'rate-limit' || x.kind === 'response-read' || x.kind === 'wrapper' || (x.kind === 'call' && !x.inComment));
    r.skipped = undefined;
    if (r.findings.length) added.push(r);
  }
  return { replace, added };
}

function read(abs: string): string | null {
  try {
    const text = readFileSync(abs, 'utf8');
    return text.length > 2 * 1024 * 1024 ? null : text;
  } catch {
    return null;
  }
}
