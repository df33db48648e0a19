/**
 * `npm run bench`: every benchmark in turn, each in its own process so one does not warm or load
 * the next. Each prints its figures as ratios against a baseline measured in the same run (grep,
 * jscodeshift, a bare node:http server), never as absolute targets: the machines are shared.
 * `npm run bench -- audit` runs only the benchmarks whose name contains "audit".
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of benches) {
  process.stdout.write(`\n### ${file}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    process.stdout.write(`${file} exited with ${r.status ?? r.signal}\n`);
  }
}
process.exitCode = failed ? 1 : 0;
