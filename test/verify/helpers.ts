/** Running `hdmigrate verify` in process (stdout and stderr captured) or as a child process. */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { vi } from 'vitest';
import { main } from '../../src/cli/main.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = join(ROOT, 'bin/hdmigrate');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in this process with HDMIGRATE_API_KEY set for the call. */
export async function cli(args: string[], apiKey = 'sandbox-admin-key'): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  const before = process.env.HDMIGRATE_API_KEY;
  process.env.HDMIGRATE_API_KEY = apiKey;
  try {
    const code = await main(['node', 'hdmigrate', 'verify', ...args]);
    return { code, stdout, stderr };
  } finally {
    process.exitCode = undefined;
    out.mockRestore();
    err.mockRestore();
    if (before === undefined) delete process.env.HDMIGRATE_API_KEY;
    else process.env.HDMIGRATE_API_KEY = before;
  }
}

/** Spawns the CLI; `onStderr` sees stderr as it comes (to kill the child mid-run). */
export function spawnCli(args: string[], env: Record<string, string>, onStdout?: (child: ReturnType<typeof spawn>, text: string) => void) {
  const child = spawn(process.execPath, [BIN, 'verify', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => {
    stdout += d;
    onStdout?.(child, stdout);
  });
  child.stderr!.on('data', (d) => (stderr += d));
  const done = new Promise<CliRun & { signal: NodeJS.Signals | null }>((res) =>
    child.on('close', (code, signal) => res({ code: code ?? -1, signal, stdout, stderr })),
  );
  return { child, done };
}
