/**
 * Every case under fixtures/codemod/<case>/ is one test:
 *   input.(js|ts|tsx) + output.(js|ts|tsx)   one file through the codemod
 *   input/ + output/                         a small project (several modules, tsconfig, build twins)
 *   no-change-*                              output must equal input byte for byte (output may be omitted)
 *   options.json                             codemod options for the case (`{ "callers": "v2" }`)
 * Each case runs twice: the second run must change nothing (idempotence), and every output must
 * parse with the parser of its extension.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codemodSource, type CodemodOptions } from '../../src/codemod/project.ts';
import { checkParses, parserFor } from '../../src/codemod/parse.ts';
import { runCodemod } from '../../src/codemod/run.ts';

const ROOT = path.resolve('fixtures/codemod');
const UPDATE = process.env.UPDATE_FIXTURES === '1';

function listFiles(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(p, base));
    else out.push(path.relative(base, p));
  }
  return out.sort();
}

const cases = readdirSync(ROOT)
  .filter((d) => statSync(path.join(ROOT, d)).isDirectory())
  .sort();

describe('codemod fixtures', () => {
  it('has a case for every rewrite (sanity: the folder is not empty)', () => {
    expect(cases.length).toBeGreaterThan(30);
  });

  for (const name of cases) {
    const dir = path.join(ROOT, name);
    const options: CodemodOptions = existsSync(path.join(dir, 'options.json')) ? JSON.parse(readFileSync(path.join(dir, 'options.json'), 'utf8')) : {};
    const single = readdirSync(dir).find((f) => /^input\.(js|ts|tsx|mjs|cjs|jsx)$/.test(f));
    if (single) {
      it(name, () => {
        const ext = path.extname(single);
        const inputPath = path.join(dir, single);
        const outputPath = path.join(dir, `output${ext}`);
        const input = readFileSync(inputPath, 'utf8');
        const first = codemodSource(input, inputPath, options);
        expect(first.status, first.reason).not.toBe('error');
        const out = first.after ?? input;
        if (UPDATE && !name.startsWith('no-change')) writeFileSync(outputPath, out);
        const expected = name.startsWith('no-change') && !existsSync(outputPath) ? input : readFileSync(outputPath, 'utf8');
        expect(out).toBe(expected);
        if (name.startsWith('no-change')) expect(first.status).toBe('unchanged');
        expect(checkParses(out, parserFor(inputPath)!)).toBeNull();
        // idempotent: the output goes through unchanged
        const second = codemodSource(out, inputPath, options);
        expect(second.status, second.reason).toBe('unchanged');
        expect(second.after ?? out).toBe(out);
      });
      continue;
    }
    if (existsSync(path.join(dir, 'input'))) {
      it(name, async () => {
        const tmp = mkdtempSync(path.join(tmpdir(), `hdm-${name}-`));
        try {
          cpSync(path.join(dir, 'input'), tmp, { recursive: true });
          const report = await runCodemod([tmp], { workers: 0, ...options });
          const errors = report.results.filter((r) => r.status === 'error');
          expect(errors.map((e) => `${e.file}: ${e.reason}`)).toEqual([]);
          for (const r of report.results) if (r.status === 'changed') writeFileSync(path.join(tmp, r.file), r.after!);
          const outDir = path.join(dir, 'output');
          if (UPDATE && !name.startsWith('no-change')) cpSync(tmp, outDir, { recursive: true });
          const expectedDir = name.startsWith('no-change') && !existsSync(outDir) ? path.join(dir, 'input') : outDir;
          expect(listFiles(tmp)).toEqual(listFiles(expectedDir));
          for (const f of listFiles(expectedDir)) {
            const got = readFileSync(path.join(tmp, f), 'utf8');
            expect(got, f).toBe(readFileSync(path.join(expectedDir, f), 'utf8'));
            if (parserFor(f) && !f.endsWith('.d.ts')) expect(checkParses(got, parserFor(f)!), f).toBeNull();
          }
          // idempotent: a second run over the migrated project changes nothing
          const again = await runCodemod([tmp], { workers: 0, ...options });
          expect(again.results.filter((r) => r.status === 'changed').map((r) => r.file)).toEqual([]);
          extraChecks(name, report);
        } finally {
          rmSync(tmp, { recursive: true, force: true });
        }
      });
    }
  }
});

/** Facts about the run a fixture pair cannot show (reports). */
function extraChecks(name: string, report: Awaited<ReturnType<typeof runCodemod>>): void {
  if (name === 'build-twins') {
    const generated = report.skipped.filter((s) => s.reason === 'generated' && s.detail?.includes('compiled from'));
    expect(generated.map((g) => g.file)).toEqual(['src/client.js']);
  }
}
