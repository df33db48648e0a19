/**
 * Small audited units for the language rounds' tests: each call writes its files into a fresh
 * folder of one temporary tree (removed after the file's tests) and audits that folder.
 */
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';
import { runAudit } from '../../../src/audit/index.ts';

export function unitAudits(prefix: string, opts: { sorted?: boolean } = {}) {
  const tmp = mkdtempSync(join(tmpdir(), `hdm-${prefix}-`));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  let n = 0;
  async function audit(files: Record<string, string>, jobs = 1) {
    const root = join(tmp, `u${n++}`);
    for (const [f, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, f)), { recursive: true });
      writeFileSync(join(root, f), text);
    }
    return runAudit({ root, jobs });
  }
  /** `file:line kind METHOD rule` of the live call and url findings (in report order, or sorted). */
  async function calls(files: Record<string, string>, jobs = 1): Promise<string[]> {
    const r = await audit(files, jobs);
    const out = r.findings.filter((f) => (f.kind === 'call' || f.kind === 'url') && !f.inComment).map((f) => `${f.file}:${f.line} ${f.kind} ${f.method ?? '?'} ${f.rule}`);
    return opts.sorted ? out.sort() : out;
  }
  return { audit, calls };
}
