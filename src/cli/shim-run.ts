/**
 * The body of `hdmigrate shim` (flags in shim.ts): checks what the flags name (upstream, Redis, log
 * file), starts the proxy, waits for SIGINT/SIGTERM, stops it and prints the summary. Loaded only when
 * the command runs: it pulls in the shim core, the catalogue and ioredis.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { Redis } from 'ioredis';
import { LocalBudget } from '../http/index.ts';
import { HttpUsageError } from '../http/errors.ts';
import { RedisBudget } from '../http/budget-redis.ts';
import { RedisCache, startShimServer, type LookupCache, type ShimStats, type UsageLine } from '../shim/index.ts';
import { loadCatalogue } from '../catalogue/index.ts';
import { UsageError, describeFsError } from './errors.ts';
import { readOverlayOption } from './overlay.ts';
import { parseListen, type ShimFlags } from './shim.ts';
import { count, painter, useColor, type Painter } from './style.ts';

export async function runShim(flags: ShimFlags): Promise<void> {
  if (!flags.upstream) throw new UsageError('--upstream is required (the account URL, e.g. https://acme.helpdesk.example)');
  const listen = parseListen(flags.listen);
  if (!listen) throw new UsageError(`--listen ${flags.listen}: expected host:port such as 127.0.0.1:8080 (port 0 = any free port)`);
  const overlay = readOverlayOption(flags.overlay);
  let origin: string;
  try {
    origin = new URL(flags.upstream).origin;
  } catch {
    throw new UsageError(`--upstream must be a URL like https://acme.helpdesk.example, got "${flags.upstream}"`);
  }
  let redis: Redis | undefined;
  let budget: RedisBudget | LocalBudget = new LocalBudget({ reserve: flags.reserve });
  let cache: LookupCache | undefined;
  if (flags.redis) {
    if (!/^rediss?:\/\//.test(flags.redis)) throw new UsageError(`--redis must be a redis:// URL, got "${flags.redis}"`);
    redis = new Redis(flags.redis, { enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 2000, commandTimeout: 250, retryStrategy: (n) => Math.min(2000, 50 * n) });
    redis.on('error', () => {});
    const ready = await new Promise<boolean>((resolve) => {
      const t = setTimeout(() => resolve(false), 3000);
      redis!.once('ready', () => {
        clearTimeout(t);
        resolve(true);
      });
    });
    if (!ready) {
      redis.disconnect();
      throw new UsageError(`cannot reach Redis at ${flags.redis.replace(/\/\/[^@]*@/, '//***@')}`);
    }
    budget = new RedisBudget({ redis, key: origin, reserve: flags.reserve, instances: flags.instances });
    cache = new RedisCache(redis, `hdmigrate:shim:${origin}:`);
  }
  let log: WriteStream | undefined;
  if (flags.log) {
    log = createWriteStream(flags.log, { flags: 'a' });
    await new Promise<void>((resolve, reject) => {
      log!.once('open', () => resolve());
      log!.once('error', (e) => {
        redis?.disconnect();
        reject(new UsageError(describeFsError(e, `--log ${flags.log}: cannot write`)));
      });
    });
  }
  let shim;
  try {
    shim = await startShimServer({
      upstream: flags.upstream,
      allowInsecureUpstream: flags.allowInsecureUpstream,
      host: listen.host,
      port: listen.port,
      budget,
      cache,
      catalogue: loadCatalogue(overlay),
      requestTimeoutMs: flags.timeout * 1000,
      onUsage: log ? (line: UsageLine) => log!.write(`${JSON.stringify(line)}\n`) : undefined,
    });
  } catch (e) {
    redis?.disconnect();
    log?.end();
    if (e instanceof HttpUsageError) throw new UsageError(e.message);
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE' || err.code === 'EACCES') throw new UsageError(`cannot listen on ${flags.listen}: ${err.code}${err.code === 'EADDRINUSE' ? ' (try --listen 127.0.0.1:0)' : ''}`);
    throw e;
  }
  if (flags.json) process.stdout.write(`${JSON.stringify({ url: shim.url })}\n`);
  else process.stdout.write(`hdmigrate shim listening on ${shim.url} → ${shim.core.upstream}${flags.redis ? ' (shared budget through Redis)' : ''}\nPress Ctrl+C to stop.\n`);
  const started = Date.now();
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  const stats = shim.core.stats;
  await shim.close();
  if (budget instanceof RedisBudget) await budget.close();
  redis?.disconnect();
  if (log) await new Promise<void>((resolve) => log!.end(() => resolve()));
  if (!flags.quiet) process.stderr.write(`${shimSummary(stats, Date.now() - started, painter(useColor(process.stderr, flags.color)))}\n`);
}

/** `hdmigrate shim stopped after 12 s: 25 v1 calls (200×24 404×1), 38 v2 calls, 49 credits`; statuses coloured by class. */
export function shimSummary(stats: Pick<ShimStats, 'requests' | 'byStatus' | 'v2Calls' | 'credits'>, elapsedMs: number, paint: Painter): string {
  const byClass = (status: string) => (status >= '500' ? paint.red : status >= '400' ? paint.yellow : paint.green);
  const statuses = Object.entries(stats.byStatus)
    .sort()
    .map(([status, n]) => byClass(status)(`${status}×${n}`))
    .join(' ');
  return (
    `${paint.bold('hdmigrate shim stopped')} after ${Math.round(elapsedMs / 1000)} s: ` +
    `${count(stats.requests, 'v1 call')} (${statuses || 'none'}), ${count(stats.v2Calls, 'v2 call')}, ${count(stats.credits, 'credit')}`
  );
}
