/**
 * Start-up: `hdmigrate --help` (and `hdmigrate rules`, which loads the catalogue) from the compiled
 * dist/ against `node -e 0` on the same machine in the same run, interleaved, best of N. The same
 * commands from the sources through tsx (what every start cost before dist/) are reported beside
 * them, without a target. dist/ is built first when it is not the build of the current sources.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { benchRow } from './protocol.ts';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin/hdmigrate');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

// @ts-expect-error plain ESM helper of the entry script, no types
const { distIsFresh } = (await import('../bin/fresh.mjs')) as { distIsFresh(): boolean };
if (!distIsFresh()) spawnSync(process.execPath, [join(ROOT, 'bin/build.mjs'), '--quiet'], { stdio: 'inherit' });
if (!distIsFresh()) throw new Error('dist/ could not be built: start-up from dist cannot be measured');

function time(args: string[], env: NodeJS.ProcessEnv = {}): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { env: { ...process.env, ...env }, stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${r.status}`);
  return performance.now() - t;
}

const cases: Array<{ name: string; args: string[]; env?: NodeJS.ProcessEnv; target: number | null }> = [
  { name: 'start-up: hdmigrate --help (dist) vs node -e 0', args: [BIN, '--help'], target: 5 },
  { name: 'start-up: hdmigrate rules (dist) vs node -e 0', args: [BIN, 'rules'], target: 8 },
  { name: 'start-up: hdmigrate --help from sources (tsx) vs node -e 0', args: [BIN, '--help'], env: { HDMIGRATE_FROM_SOURCE: '1' }, target: null },
];
const best = new Map<string, number>();
let base = Infinity;
for (let i = 0; i < ROUNDS; i++) {
  base = Math.min(base, time(['-e', '0']));
  for (const c of cases) best.set(c.name, Math.min(best.get(c.name) ?? Infinity, time(c.args, c.env)));
}
process.stdout.write(`start-up (best of ${ROUNDS}, Node ${process.version}): node -e 0 ${base.toFixed(0)} ms\n`);
for (const c of cases) {
  const ms = best.get(c.name)!;
  process.stdout.write(`  ${c.name.padEnd(62)} ${ms.toFixed(0).padStart(5)} ms  ${(ms / base).toFixed(1)}x${c.target ? ` (target ≤ ${c.target}x)` : ''}\n`);
  benchRow(c.name, ms, base, c.target);
}
