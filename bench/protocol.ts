/**
 * How a benchmark reports its figures to `npm run bench` (bench/run.ts). Each figure is one row:
 *
 *   { name, value, baseline, ratio, target, met }
 *
 * - `value` and `baseline`: the same measure (ms per item, ms per run, ms per request, ...) for the
 *   code and for the baseline measured in the same run on the same data (grep, jscodeshift,
 *   node:http, `node -e 0`), so the ratio does not depend on the machine;
 * - `ratio` = value / baseline (lower is better: state throughput as time per request);
 * - `target`: the highest ratio we accept, or null for a figure that is only informative;
 * - `met`: ratio ≤ target, or null without a target.
 *
 * A bench prints each row on stdout as one line `BENCH-JSON <row as JSON>` (use `benchRow`); its
 * other output is for people. The runner collects the rows of every bench.
 */
export interface BenchRow {
  name: string;
  value: number;
  baseline: number;
  ratio: number;
  target: number | null;
  met: boolean | null;
}

export const BENCH_PREFIX = 'BENCH-JSON ';

/** Builds the row (ratio and met computed) and prints it for the runner. */
export function benchRow(name: string, value: number, baseline: number, target: number | null): BenchRow {
  const ratio = baseline > 0 ? value / baseline : Number.POSITIVE_INFINITY;
  const row: BenchRow = { name, value: round(value), baseline: round(baseline), ratio: round(ratio), target, met: target === null ? null : ratio <= target };
  process.stdout.write(`${BENCH_PREFIX}${JSON.stringify(row)}\n`);
  return row;
}

/** The rows in a bench's output (lines with the prefix; everything else is ignored). */
export function parseRows(output: string): BenchRow[] {
  return output
    .split('\n')
    .filter((l) => l.startsWith(BENCH_PREFIX))
    .map((l) => JSON.parse(l.slice(BENCH_PREFIX.length)) as BenchRow);
}

function round(n: number): number {
  return Number.isFinite(n) ? Math.round(n * 1000) / 1000 : n;
}
