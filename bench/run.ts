/**
 * `npm run bench`: every benchmark in turn, each in its own process so one does not warm or load
 * the next. Each reports its figures as ratios against a baseline measured in the same run (grep,
 * jscodeshift, a bare node:http server, `node -e 0`), never as absolute targets: the machines are
 * shared. Protocol: bench/protocol.ts (each figure a `BENCH-JSON {…}` line on the bench's stdout).
 *
 *   npm run bench                 people's output of every bench, then a table of the rows
 *   npm run bench -- audit        only the benches whose file name contains "audit"
 *   npm run bench -- --json       one JSON array of every row on stdout (the benches' own output
 *                                 goes to stderr)
 * Either way the rows are written to bench/results/latest.json. Exit 1 if a bench failed or a row
 * missed its target.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_PREFIX, parseRows, type BenchRow } from './protocol.ts';

const dir = import.meta.dirname;
const args = process.argv.slice(2);
const json = args.includes('--json');
const only = args.filter((a) => !a.startsWith('-'));
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
const human = json ? process.stderr : process.stdout;

function runBench(file: string): Promise<{ code: number | null; rows: BenchRow[] }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(dir, file)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    let pending = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      pending += d;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const l of lines) if (!l.startsWith(BENCH_PREFIX)) human.write(`${l}\n`);
    });
    child.on('close', (code) => {
      if (pending && !pending.startsWith(BENCH_PREFIX)) human.write(`${pending}\n`);
      let rows: BenchRow[] = [];
      try {
        rows = parseRows(out);
      } catch (e) {
        human.write(`${file}: a BENCH-JSON line is not JSON (${(e as Error).message})\n`);
        code = code || 1;
      }
      done({ code, rows });
    });
  });
}

let failed = 0;
const rows: BenchRow[] = [];
for (const file of benches) {
  human.write(`\n### ${file}\n`);
  const r = await runBench(file);
  if (r.code !== 0) {
    failed++;
    human.write(`${file} exited with ${r.code}\n`);
  }
  if (r.rows.length === 0) human.write(`${file} reported no BENCH-JSON rows\n`);
  rows.push(...r.rows);
}

mkdirSync(join(dir, 'results'), { recursive: true });
writeFileSync(join(dir, 'results/latest.json'), `${JSON.stringify(rows, null, 2)}\n`);
if (json) {
  process.stdout.write(`${JSON.stringify(rows)}\n`);
} else {
  human.write('\n### results (bench/results/latest.json)\n');
  const w = Math.max(10, ...rows.map((r) => r.name.length));
  for (const r of rows) {
    const verdict = r.met === null ? 'info' : r.met ? 'met' : 'MISSED';
    human.write(`  ${r.name.padEnd(w)}  ${String(r.ratio).padStart(8)}x  target ${r.target === null ? '-' : `≤ ${r.target}x`}  ${verdict}\n`);
  }
}
const missed = rows.filter((r) => r.met === false).length;
process.exitCode = failed || missed ? 1 : 0;
