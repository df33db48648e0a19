/**
 * The demo's shim step (`npm start`): the bundled legacy app runs unchanged, its base URL pointed
 * at the shim, which answers its v1 calls through a fresh sandbox's v2 surface (same seed as the
 * direct v1 run), writing the usage log that `audit --traffic` then merges.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { startSandbox } from '../sandbox/index.ts';
import { startShimServer } from './server.ts';

export interface ShimRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** v1 calls answered, and the v2 calls and credits they took */
  calls: number;
  v2Calls: number;
  credits: number;
}

export async function runAppThroughShim(appDir: string, script: string, seed: number, usageLog: string): Promise<ShimRun> {
  writeFileSync(usageLog, '');
  const sandbox = await startSandbox({ port: 0, seed });
  const shim = await startShimServer({ upstream: sandbox.url, allowInsecureUpstream: true, port: 0, onUsage: (l) => appendFileSync(usageLog, `${JSON.stringify(l)}\n`) });
  try {
    const run = await new Promise<Omit<ShimRun, 'calls' | 'v2Calls' | 'credits'>>((done) => {
      const child = spawn(process.execPath, [script], { cwd: appDir, env: { ...process.env, HELPDESK_URL: shim.url, HELPDESK_API_KEY: sandbox.keys.admin }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (code) => done({ code, stdout, stderr }));
      child.on('error', (err) => done({ code: -1, stdout, stderr: String(err) }));
    });
    const s = shim.core.stats;
    return { ...run, calls: s.requests, v2Calls: s.v2Calls, credits: s.credits };
  } finally {
    await shim.close();
    await sandbox.close();
  }
}
