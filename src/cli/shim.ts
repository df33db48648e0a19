/**
 * `hdmigrate shim --upstream <https url>`: an HTTP proxy that unchanged v1 clients point their base
 * URL at; it answers every v1 call through the account's v2 API. With --json it prints exactly one
 * line {"url": ...} on stdout once it accepts requests. A summary goes to stderr on exit.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import type { Command } from 'commander';
import { Redis } from 'ioredis';
import { LocalBudget } from '../http/index.ts';
import { HttpUsageError } from '../http/errors.ts';
import { RedisBudget } from '../http/budget-redis.ts';
import { RedisCache, startShimServer, type LookupCache, type UsageLine } from '../shim/index.ts';
import { UsageError } from './errors.ts';
import { readOverlayOption } from './overlay.ts';
import { loadCatalogue } from '../catalogue/index.ts';

interface ShimFlags {
  upstream?: string;
  listen: string;
  json?: boolean;
  log?: string;
  redis?: string;
  allowInsecureUpstream?: boolean;
  reserve: string;
  instances: string;
  timeout: string;
  overlay?: string;
}

const EXAMPLES = `
Examples:
  hdmigrate shim --upstream https://acme.helpdesk.example                 # http://127.0.0.1:8080
  hdmigrate shim --upstream https://acme.helpdesk.example --log usage.jsonl
  hdmigrate audit ./src --traffic usage.jsonl                              # what the clients really call
  hdmigrate sandbox --port 4010 &  hdmigrate shim --upstream http://127.0.0.1:4010 --allow-insecure-upstream
  curl -u sandbox-admin-key:X http://127.0.0.1:8080/helpdesk/tickets/1.json
  hdmigrate shim --upstream https://acme.helpdesk.example --listen 0.0.0.0:8080 --redis redis://cache:6379

Exit codes: 0 stopped cleanly (SIGINT/SIGTERM), 2 bad flags or the port/Redis cannot be used.
`;

function parseListen(text: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text.trim());
  if (!m || Number(m[3]) > 65535) throw new UsageError(`--listen must look like 127.0.0.1:8080 (port 0 = any free port), got "${text}"`);
  return { host: m[1] ?? m[2]!, port: Number(m[3]) };
}

function fraction(flag: string, text: string, max: number): number {
  const n = Number(text);
  if (!/^\d*\.?\d+$/.test(text.trim()) || !(n >= 0 && n <= max)) throw new UsageError(`${flag} must be a number from 0 to ${max}, got "${text}"`);
  return n;
}

export function registerShim(program: Command): void {
  program
    .command('shim')
    .summary('keep unchanged v1 clients working: a proxy that answers v1 calls through the v2 API')
    .description(
      'Run a proxy that v1 clients point their base URL at. Each v1 call is matched to its catalogue rule, ' +
        'translated, run as the rule\'s v2 calls on --upstream (and nowhere else), and answered in the v1 shape ' +
        '(JSON or XML, v1 status codes; v2 429 becomes 403 + Retry-After). Credentials pass through and are never ' +
        'stored or logged. Operations without a v2 equivalent answer 501 naming the rule and the substitute.',
    )
    .option('--upstream <url>', 'the account URL (https://<account domain>); the only host the shim calls')
    .option('--listen <host:port>', 'where to accept v1 clients', '127.0.0.1:8080')
    .option('--json', 'print one JSON line {"url"} once ready, nothing else on stdout')
    .option('--log <file>', 'append one JSON line per call (the usage-log format audit --traffic reads)')
    .option('--redis <url>', 'share the rate budget and lookups with other instances through Redis (redis://host:6379)')
    .option('--allow-insecure-upstream', 'allow a plain http:// upstream (the sandbox)')
    .option('--reserve <fraction>', 'part of the account budget left for other traffic', '0.2')
    .option('--instances <n>', 'with --redis: instances sharing the account (the safe local share when Redis is away)', '2')
    .option('--overlay <file>', 'account facts (utcOffset, custom field names, statuses) for exact v1 answers')
    .option('--timeout <seconds>', 'deadline of one v1 call, all its v2 calls included', '60')
    .addHelpText('after', EXAMPLES)
    .action(async (flags: ShimFlags) => {
      if (!flags.upstream) throw new UsageError('--upstream is required (the account URL, e.g. https://acme.helpdesk.example)');
      const { host, port } = parseListen(flags.listen);
      const reserve = fraction('--reserve', flags.reserve, 0.95);
      const instances = fraction('--instances', flags.instances, 1000);
      const timeoutS = fraction('--timeout', flags.timeout, 3600);
      const overlay = readOverlayOption(flags.overlay);
      let origin: string;
      try {
        origin = new URL(flags.upstream).origin;
      } catch {
        throw new UsageError(`--upstream must be a URL like https://acme.helpdesk.example, got "${flags.upstream}"`);
      }
      let redis: Redis | undefined;
      let budget: RedisBudget | LocalBudget = new LocalBudget({ reserve });
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
        budget = new RedisBudget({ redis, key: origin, reserve, instances });
        cache = new RedisCache(redis, `hdmigrate:shim:${origin}:`);
      }
      let log: WriteStream | undefined;
      if (flags.log) {
        log = createWriteStream(flags.log, { flags: 'a' });
        await new Promise<void>((resolve, reject) => {
          log!.once('open', () => resolve());
          log!.once('error', (e: NodeJS.ErrnoException) => reject(new UsageError(`cannot write --log ${flags.log}: ${e.code ?? e.message}`)));
        });
      }
      let shim;
      try {
        shim = await startShimServer({
          upstream: flags.upstream,
          allowInsecureUpstream: flags.allowInsecureUpstream,
          host,
          port,
          budget,
          cache,
          catalogue: loadCatalogue(overlay),
          requestTimeoutMs: timeoutS * 1000,
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
      const s = shim.core.stats;
      await shim.close();
      if (budget instanceof RedisBudget) await budget.close();
      redis?.disconnect();
      if (log) await new Promise<void>((resolve) => log!.end(() => resolve()));
      const statuses = Object.entries(s.byStatus).sort().map(([k, v]) => `${k}×${v}`).join(' ');
      process.stderr.write(
        `hdmigrate shim stopped after ${Math.round((Date.now() - started) / 1000)} s: ${s.requests} v1 calls (${statuses || 'none'}), ${s.v2Calls} v2 calls, ${s.credits} credits\n`,
      );
    });
}
