/**
 * Codemod speed, measured against jscodeshift's own parse + toSource of the same files in the same
 * process (the baseline every jscodeshift codemod pays even with no edit).
 *
 *   npx tsx bench/codemod.bench.ts [--rounds 5] [--copies 8]
 *
 * 1. Changed files: every single-file fixture input under fixtures/codemod (legacy integration code
 *    with v1 calls), copied `--copies` times into a temp tree. Time per changed file for the whole
 *    codemod (walk, prefilter, audit analysis, planning, decision, span edits, re-parse of the
 *    output) vs jscodeshift parse + toSource. Target: ≤ 1.5x. JavaScript and TypeScript are shown
 *    apart: TypeScript with type-annotated v1 shapes also pays for the ts-morph pass, a fixed cost of
 *    about half a second per project and run (type-checking the standard library), shown with and
 *    without it (`--no-types`); in a real project it is spread over all its files.
 * 2. Files without v1 use (undici's sources from node_modules): the prefilter rejects them before
 *    any parse, so their cost is a file read and a regex test; shown against a jscodeshift parse.
 * Best of `--rounds` runs (the machine is noisy; ±20% between runs is normal).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import jscodeshift from 'jscodeshift';
import { parserFor } from '../src/codemod/parse.ts';
import { collect, runCodemod } from '../src/codemod/run.ts';

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}

const ROUNDS = arg('rounds', 5);
const COPIES = arg('copies', 8);
const ROOT = path.resolve(import.meta.dirname, '..');

function best(fn: () => void | Promise<void>): Promise<number> {
  return (async () => {
    let min = Infinity;
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      await fn();
      min = Math.min(min, performance.now() - t);
    }
    return min;
  })();
}

function jscodeshiftBaseline(files: string[]): () => void {
  const sources = files.map((f) => ({ src: readFileSync(f, 'utf8'), parser: parserFor(f)! }));
  return () => {
    for (const { src, parser } of sources) jscodeshift.withParser(parser)(src).toSource();
  };
}

function fixtureInputs(ext: RegExp): string[] {
  const dir = path.join(ROOT, 'fixtures/codemod');
  return readdirSync(dir)
    .filter((c) => !c.startsWith('no-change') && statSync(path.join(dir, c)).isDirectory())
    .map((c) => readdirSync(path.join(dir, c)).find((f) => /^input\./.test(f) && ext.test(f)) && path.join(dir, c, readdirSync(path.join(dir, c)).find((f) => /^input\./.test(f) && ext.test(f))!))
    .filter((f): f is string => !!f);
}

async function changedFiles(label: string, ext: RegExp, types = true): Promise<void> {
  const inputs = fixtureInputs(ext);
  const tree = mkdtempSync(path.join(tmpdir(), 'hdm-bench-'));
  try {
    const files: string[] = [];
    for (let c = 0; c < COPIES; c++) {
      const d = path.join(tree, `copy${c}`);
      mkdirSync(d);
      for (const f of inputs) {
        const to = path.join(d, `${path.basename(path.dirname(f))}${path.extname(f)}`);
        cpSync(f, to);
        files.push(to);
      }
    }
    const report = await runCodemod([tree], { workers: 0 });
    const changed = report.summary.changed;
    const lines = files.reduce((n, f) => n + readFileSync(f, 'utf8').split('\n').length, 0);
    // interleaved, so both see the same machine load
    const baseline = jscodeshiftBaseline(files);
    let ours = Infinity;
    let base = Infinity;
    for (let i = 0; i < ROUNDS; i++) {
      let t = performance.now();
      await runCodemod([tree], { workers: 0, types });
      ours = Math.min(ours, performance.now() - t);
      t = performance.now();
      baseline();
      base = Math.min(base, performance.now() - t);
    }
    console.log(
      `${label}: ${files.length} files (${lines} lines), ${changed} changed | codemod ${(ours / changed).toFixed(2)} ms/changed file | ` +
        `jscodeshift parse+toSource ${(base / files.length).toFixed(2)} ms/file | ratio ${(ours / changed / (base / files.length)).toFixed(2)}x (target ≤ 1.5x)`,
    );
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

async function withoutV1(): Promise<void> {
  const lib = path.join(ROOT, 'node_modules/undici/lib');
  const c = collect([lib]);
  const all = [...c.files, ...c.others].map((f) => f.abs);
  const lines = all.reduce((n, f) => n + readFileSync(f, 'utf8').split('\n').length, 0);
  const rejected = c.others.length;
  // what a file without v1 use costs: reading it and one regex test (the walk included)
  const walk = await best(() => {
    collect([lib]);
  });
  const base = await best(() => {
    for (const f of all) jscodeshift.withParser('babel')(readFileSync(f, 'utf8'));
  });
  const whole = await best(async () => {
    await runCodemod([lib], { workers: 0 });
  });
  console.log(
    `without v1 use: ${all.length} files (${lines} lines), ${rejected} rejected by the prefilter before any parse | ` +
      `walk + read + prefilter ${(walk / all.length).toFixed(3)} ms/file vs jscodeshift parse ${(base / all.length).toFixed(2)} ms/file ` +
      `(ratio ${(walk / base).toFixed(3)}x) | whole run ${whole.toFixed(0)} ms, of which the ${c.files.length} file(s) the prefilter let through were analysed in full`,
  );
}

console.log(`hdmigrate codemod bench (best of ${ROUNDS}, ${COPIES} copies of each fixture, Node ${process.version})`);
await changedFiles('JavaScript, changed files', /\.(js|mjs|cjs|jsx)$/);
await changedFiles('TypeScript, changed files', /\.(ts|tsx)$/);
await changedFiles('TypeScript, changed files, --no-types', /\.(ts|tsx)$/, false);
await withoutV1();
