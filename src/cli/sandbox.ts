/**
 * `hdmigrate sandbox`: runs the embedded helpdesk (v1 + v2 over one store) until SIGINT/SIGTERM.
 * With --json it prints exactly one line on stdout once it accepts requests:
 *   {"url": "...", "keys": {"admin": "...", "viewer": "..."}}
 */
import type { Command } from 'commander';
import { UsageError } from './errors.ts';
import { integerOption } from './options.ts';
import { count } from './style.ts';
// Light modules only: the server, store and seed load in the action, so --help stays quick.
import { DEMO_LOGINS } from '../sandbox/constants.ts';
import { DEFAULT_PORT, DEFAULT_TICKETS, DEFAULT_V1_RATE_LIMIT, DEFAULT_V2_RATE_LIMIT, SandboxStartError, parseClock } from '../sandbox/defaults.ts';
import { FaultSpecError, parseFaults } from '../sandbox/faults.ts';
import { parseRateLimit, type RateLimitConfig } from '../sandbox/ratelimit.ts';
import type { SandboxOptions } from '../sandbox/index.ts';

interface SandboxFlags {
  port: string;
  host: string;
  seed: string;
  tickets: string;
  data?: string;
  rateLimit?: string;
  v1RateLimit?: string;
  faults?: string;
  tls?: boolean;
  sslRequired?: boolean;
  now?: string;
  json?: boolean;
}

/** The shared whole-number parser (options.ts), its message as the other commands give it. */
function integer(flag: string, text: string, min: number, max: number): number {
  try {
    return integerOption(min, max)(text);
  } catch (e) {
    throw new UsageError(`${flag} ${text}: ${(e as Error).message}`);
  }
}

function rate(flag: string, text: string | undefined): RateLimitConfig | undefined {
  if (text === undefined) return undefined;
  const parsed = parseRateLimit(text);
  if (!parsed) throw new UsageError(`${flag} must look like <calls>/<seconds> (e.g. 100/60 or 1000/1h), got "${text}"`);
  return parsed;
}

/** Flags → options, every check done before anything starts. */
export function sandboxOptionsFromFlags(flags: SandboxFlags): SandboxOptions {
  if (flags.faults !== undefined) {
    try {
      parseFaults(flags.faults);
    } catch (e) {
      if (e instanceof FaultSpecError) throw new UsageError(`--faults: ${e.message}`);
      throw e;
    }
  }
  if (flags.now !== undefined) {
    try {
      parseClock(flags.now);
    } catch {
      throw new UsageError(`--now must be a date and time such as 2027-01-02T09:30:00Z, got "${flags.now}"`);
    }
  }
  return {
    port: integer('--port', flags.port, 0, 65535),
    host: flags.host,
    seed: integer('--seed', flags.seed, 0, 2 ** 31 - 1),
    tickets: integer('--tickets', flags.tickets, 4, 200_000),
    dataFile: flags.data,
    rateLimit: rate('--rate-limit', flags.rateLimit),
    v1RateLimit: rate('--v1-rate-limit', flags.v1RateLimit),
    faults: flags.faults,
    tls: flags.tls ?? false,
    sslRequired: flags.sslRequired,
    now: flags.now,
  };
}

const EXAMPLES = `
Demo credentials (the same for every seed; Basic auth, any password with a key):
  admin       API key sandbox-admin-key     login ${DEMO_LOGINS.admin.email} / ${DEMO_LOGINS.admin.password}
  view-only   API key sandbox-viewer-key    login ${DEMO_LOGINS.viewer.email} / ${DEMO_LOGINS.viewer.password}
  agent       API key sandbox-agent-key     login ${DEMO_LOGINS.agent.email} / ${DEMO_LOGINS.agent.password}

Fault spec (comma-separated, each with an optional @probability, default always):
  latency=50ms@0.2   latency=20-200ms   error500@0.05   5xx@0.1   reset@0.01   burst429=5@0.1   seed=7

Examples:
  hdmigrate sandbox                                  # http://127.0.0.1:${DEFAULT_PORT}
  hdmigrate sandbox --port 0 --json                  # one JSON line with url and keys
  hdmigrate sandbox --data state.json --seed 7       # keep changes between runs
  hdmigrate sandbox --now 2027-01-02T09:30:00Z       # same seed + same --now = same account
  hdmigrate sandbox --rate-limit 50/60 --faults "latency=20-80ms,error503@0.05"
  curl -u sandbox-admin-key:X http://127.0.0.1:${DEFAULT_PORT}/api/v2/tickets/1?include=conversations
  curl -u sandbox-admin-key:X http://127.0.0.1:${DEFAULT_PORT}/helpdesk/tickets/1.json

Exit codes: 0 stopped (Ctrl-C or SIGTERM), 1 could not write --data on exit, 2 usage error (bad flag, port in use).
`;

export function registerSandbox(program: Command): void {
  program
    .command('sandbox')
    .summary('run a local helpdesk serving the v1 and v2 APIs over one seeded account')
    .description(
      'Run a local helpdesk that serves the v1 legacy API and the v2 API over one seeded account: a ticket ' +
        'created through v1 is visible through v2. The demo, the tests, verify and shim run against it. ' +
        'It prints its base URL and the demo API keys (fixed, the same for every seed).',
    )
    .option('--port <port>', 'port to listen on (0 = any free port)', String(DEFAULT_PORT))
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--seed <n>', 'seed of the generated account (same seed, same data)', '1')
    .option('--tickets <count>', 'number of seeded tickets', String(DEFAULT_TICKETS))
    .option('--now <time>', 'start the clock at this ISO time (seeded records are dated relative to it; default: the real time)')
    .option('--data <file>', 'load the account from this file if it exists; write it on exit')
    .option('--rate-limit <calls/seconds>', `v2 call budget (default ${DEFAULT_V2_RATE_LIMIT.calls}/${DEFAULT_V2_RATE_LIMIT.seconds})`)
    .option('--v1-rate-limit <calls/seconds>', `v1 call budget (default ${DEFAULT_V1_RATE_LIMIT.calls}/${DEFAULT_V1_RATE_LIMIT.seconds})`)
    .option('--faults <spec>', 'inject latency, 5xx, connection resets and 429 bursts (see below)')
    .option('--tls', 'serve HTTPS with a throw-away self-signed certificate (plain HTTP v2 calls get ssl_required)')
    .option('--ssl-required', 'refuse plain HTTP even without --tls (X-Forwarded-Proto: https passes)')
    .option('--json', 'print one JSON line {"url","keys"} once ready, nothing else on stdout')
    .addHelpText('after', EXAMPLES)
    .action(async (flags: SandboxFlags) => {
      const options = sandboxOptionsFromFlags(flags);
      let sandbox;
      try {
        const { startSandbox } = await import('../sandbox/index.ts');
        sandbox = await startSandbox(options);
      } catch (e) {
        if (e instanceof SandboxStartError) throw new UsageError(`${e.message}${/in use/.test(e.message) ? ' (try --port 0)' : ''}`);
        throw e;
      }
      if (flags.json) {
        process.stdout.write(`${JSON.stringify({ url: sandbox.url, keys: sandbox.keys })}\n`);
      } else {
        const out = process.stdout;
        out.write(`hdmigrate sandbox listening on ${sandbox.url}  (seed ${options.seed}, ${count(sandbox.store.tickets.size, 'ticket')}${options.dataFile ? `, data ${options.dataFile}` : ''})\n`);
        out.write(`  admin key:   ${sandbox.keys.admin}\n  viewer key:  ${sandbox.keys.viewer}\n`);
        out.write(`  v2: ${sandbox.url}/api/v2/tickets/1    v1: ${sandbox.url}/helpdesk/tickets/1.json\n`);
        if (sandbox.ca) out.write('  TLS: self-signed certificate (use curl -k, or trust it as a CA)\n');
        out.write('Press Ctrl+C to stop.\n');
      }
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          sandbox.close().then(resolve, (err: Error) => {
            process.stderr.write(`hdmigrate sandbox: could not write state: ${err.message}\n`);
            process.exitCode = 1;
            resolve();
          });
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      if (!flags.json) process.stderr.write('hdmigrate sandbox stopped\n');
    });
}
