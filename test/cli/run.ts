/** Runs the real CLI as a user would, through bin/hdmigrate. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const BIN = join(import.meta.dirname, '../../bin/hdmigrate');

export function hdmigrate(args: string[], input?: string, cwd?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', cwd, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
