/**
 * Audit and codemod agree, over every codemod fixture:
 * - every v1 call (and every v1 URL found without its call) the audit calls auto-fixable is
 *   rewritten by the codemod (a URL change at its line), and every other one gets a marker (or
 *   already has one, or is ignored);
 * - the same for the parts (payload wrappers, response reads, 403 checks, XML parsing): rewritten
 *   when auto-fixable, otherwise marked, by their own marker or by the marker of their call;
 * - after the codemod has written its output, the audit counts exactly the markers the codemod
 *   reports as left.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/audit/index.ts';
import { runCodemod } from '../../src/codemod/run.ts';

const ROOT = path.resolve('fixtures/codemod');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function copyCase(name: string): string {
  const src = path.join(ROOT, name);
  const tmp = mkdtempSync(path.join(tmpdir(), `hdm-agree-${name}-`));
  dirs.push(tmp);
  if (readdirSync(src).includes('input')) cpSync(path.join(src, 'input'), tmp, { recursive: true });
  else {
    const single = readdirSync(src).find((f) => /^input\.(js|ts|tsx|mjs|cjs|jsx)$/.test(f))!;
    cpSync(path.join(src, single), path.join(tmp, `app${path.extname(single)}`));
  }
  return tmp;
}

/**
 * Known gaps, listed so the test notices when they close: the codemod's type pass (ts-morph) finds
 * that the answer's declared type (`TicketEnvelope` in types.ts) holds a field v2 does not return
 * (`status_name`), and blocks the call on it; the audit follows values, not types, so it still
 * calls these calls auto-fixable. The same pass finds an interface that types the answers of a
 * migrating call and of one that stays on v1 (`ts-types-shared-by-v1`): renaming its fields would
 * change the other call's reads. The codemod errs on the safe side (a marker). Reads of an answer
 * in the modules that import the call's module are followed by both (`cross-module-js`).
 */
const KNOWN_GAPS: Record<string, string[]> = {
  // (an importer's read takes its call's verdict: the gap of the call is its gap too)
  'ts-project': [
    'src/api.ts:7 tickets.view: auto-fixable in the audit, not rewritten (marked)',
    'src/api.ts:8 response-read tickets.view: auto-fixable in the audit, not rewritten (marked)',
    'src/report.ts:6 response-read tickets.view: auto-fixable in the audit, not rewritten',
  ],
  'ts-types-shared-by-v1': [
    'app.ts:20 tickets.view: auto-fixable in the audit, not rewritten (marked)',
    'app.ts:21 response-read tickets.view: auto-fixable in the audit, not rewritten (marked)',
    'app.ts:22 response-read tickets.view: auto-fixable in the audit, not rewritten (marked)',
  ],
  'ts-project-dts': [
    'src/api.ts:7 tickets.view: auto-fixable in the audit, not rewritten (marked)',
    'src/api.ts:8 response-read tickets.view: auto-fixable in the audit, not rewritten (marked)',
    'src/report.ts:6 response-read tickets.view: auto-fixable in the audit, not rewritten',
  ],
};

const cases = readdirSync(ROOT).filter((d) => statSync(path.join(ROOT, d)).isDirectory()).sort();

describe('audit and codemod agree on every fixture', () => {
  for (const name of cases) {
    it(name, async () => {
      const dir = copyCase(name);
      // (a case's codemod options, `--callers v2`, are the audit's too: both ask the same verdict)
      const optionsFile = path.join(ROOT, name, 'options.json');
      const options: { callers?: 'v1' | 'v2' } = existsSync(optionsFile) ? JSON.parse(readFileSync(optionsFile, 'utf8')) : {};
      const audit = await runAudit({ root: dir, jobs: 1, ...options });
      const run = await runCodemod([dir], { workers: 0, types: true, ...options });
      const byFile = new Map(run.results.map((r) => [r.file, r]));
      // calls, and URLs the audit found without their call (a reassigned options object)
      const calls = audit.findings.filter((f) => (f.kind === 'call' || f.kind === 'url') && (f.language === 'javascript' || f.language === 'typescript') && !f.inComment);
      const problems: string[] = [];
      for (const f of calls) {
        const r = byFile.get(f.file);
        const ignored = run.ignored.some((m) => m.file === f.file && m.line <= f.line && m.line >= f.line - 12);
        if (ignored) continue;
        const rewritten = !!r?.changes.some((c) => c.kind === 'url' && c.line === f.line);
        const marked = !!r?.markers.some((m) => m.type === 'todo' && m.line <= f.line && m.line >= f.line - 12 && (m.rule === f.rule || m.rule.split('.')[0] === f.rule?.split('.')[0]));
        if (f.autofix && !rewritten) problems.push(`${f.file}:${f.line} ${f.rule}: auto-fixable in the audit, not rewritten${marked ? ' (marked)' : ''}`);
        if (!f.autofix && rewritten) problems.push(`${f.file}:${f.line} ${f.rule}: not auto-fixable in the audit, but rewritten`);
        if (!f.autofix && !rewritten && !marked) problems.push(`${f.file}:${f.line} ${f.rule}: neither rewritten nor marked`);
      }
      // the parts: payload wrappers, response reads, 403 checks, XML parsing
      const parts = audit.findings.filter((f) => ['wrapper', 'response-read', 'rate-limit', 'xml'].includes(f.kind) && (f.language === 'javascript' || f.language === 'typescript') && !f.inComment);
      for (const f of parts) {
        const r = byFile.get(f.file);
        const changed = !!r?.changes.some((c) => c.line >= f.line - 1 && c.line <= f.line + 1);
        // its own marker above it, or the marker of the call it belongs to (below a piecewise payload)
        const marked = !!r?.markers.some((m) => m.type === 'todo' && ((m.line <= f.line && m.line >= f.line - 15) || (m.rule === f.rule && m.line > f.line && m.line <= f.line + 15)));
        if (f.autofix && !changed) problems.push(`${f.file}:${f.line} ${f.kind} ${f.rule}: auto-fixable in the audit, not rewritten${marked ? ' (marked)' : ''}`);
        // a read in a module that imports the call's module: the call's marker lists it (`(in index.js)`)
        const base = path.basename(f.file);
        const listed = run.results.some((o) => o.file !== f.file && o.markers.some((m) => m.type === 'todo' && m.rule.split('.')[0] === f.rule?.split('.')[0] && m.text.includes(`in ${base}`)));
        if (!f.autofix && !changed && !marked && !listed) problems.push(`${f.file}:${f.line} ${f.kind} ${f.rule}: neither rewritten nor marked`);
      }
      expect(problems).toEqual(KNOWN_GAPS[name] ?? []);
      // the audit of the migrated tree counts the markers the codemod says it left
      for (const r of run.results) if (r.status === 'changed' && r.after !== undefined) writeFileSync(path.join(run.root, r.file), r.after);
      const after = await runAudit({ root: dir, jobs: 1, ...options });
      const todo = after.markers.filter((m) => m.type === 'todo').length;
      expect(todo).toBe(run.summary.markersLeft);
    });
  }
});
