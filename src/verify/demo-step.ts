/**
 * The verify step of the main job (`npm start`): a fresh sandbox, then `hdmigrate verify` through
 * its CLI, as a user would run it, on a sample of every resource, with the HTML report written
 * next to the others. Returns the report's path for the job's summary.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { startSandbox } from '../sandbox/index.ts';

const BIN = resolve(import.meta.dirname, '../../bin/hdmigrate');

export async function verifyOnSandbox(out: string, seed: number, log: (line: string) => void): Promise<string> {
  log('');
  log('== 5. verify: the same records read through v1 and v2 (sandbox, a sample of every resource)');
  // a roomy v1 budget: the default is spec 001's 1000 calls an hour, which verify would pace to
  const sandbox = await startSandbox({ port: 0, seed, v1RateLimit: { calls: 100_000, seconds: 3600 } });
  const report = join(resolve(out), 'verify.html');
  try {
    const args = [BIN, 'verify', '--base', sandbox.url, '--allow-insecure', '--resources', 'all', '--sample', '5', '--format', 'html', '--out', report, '--no-progress'];
    const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
      const child = spawn(process.execPath, args, { env: { ...process.env, HDMIGRATE_API_KEY: sandbox.keys.admin }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (code) => done({ code, stdout, stderr }));
    });
    if (run.code !== 0 && run.code !== 1) throw new Error(`verify failed: ${run.stderr.trim() || run.stdout.trim()}`);
    // the table and the verdict; the HTML report has the rest
    log(run.stdout.replace(/\nreport: .*\n?$/, '').split('\n\n').filter((p) => !/^fields on one side|^expected losses/.test(p)).join('\n\n').trimEnd());
    return report;
  } finally {
    await sandbox.close();
  }
}
