/**
 * `hdmigrate shim --upstream <https url>`: an HTTP proxy that unchanged v1 clients point their base
 * URL at; it answers every v1 call through the account's v2 API. With --json it prints exactly one
 * line {"url": ...} on stdout once it accepts requests. A summary goes to stderr on exit.
 *
 * Only the flags live here: the proxy, ioredis and the catalogue are loaded by shim-run.ts inside the
 * action, so `hdmigrate --help` and every other command start without them.
 */
import { type Command, InvalidArgumentError } from 'commander';
import { numberOption, integerOption } from './options.ts';
import { examples } from './program.ts';

export interface ShimFlags {
  upstream?: string;
  listen: string;
  json?: boolean;
  log?: string;
  redis?: string;
  allowInsecureUpstream?: boolean;
  reserve: number;
  instances: number;
  timeout: number;
  overlay?: string;
  quiet?: boolean;
  color?: boolean;
}

/** `127.0.0.1:8080`, `[::1]:0`, `0.0.0.0:8080` → host and port (0 = any free port); undefined when it is not one. */
export function parseListen(text: string): { host: string; port: number } | undefined {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text.trim());
  if (!m || Number(m[3]) > 65535) return undefined;
  return { host: m[1] ?? m[2]!, port: Number(m[3]) };
}

function listenOption(text: string): string {
  if (!parseListen(text)) throw new InvalidArgumentError('expected host:port such as 127.0.0.1:8080 (port 0 = any free port)');
  return text.trim();
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
    .option('--listen <host:port>', 'where to accept v1 clients', listenOption, '127.0.0.1:8080')
    .option('--json', 'print one JSON line {"url"} once ready, nothing else on stdout')
    .option('--log <file>', 'append one JSON line per call (the usage-log format audit --traffic reads)')
    .option('--redis <url>', 'share the rate budget and lookups with other instances through Redis (redis://host:6379)')
    .option('--allow-insecure-upstream', 'allow a plain http:// upstream (the sandbox)')
    .option('--reserve <fraction>', 'part of the account budget left for other traffic (0 to 0.95)', numberOption(0, 0.95), 0.2)
    .option('--instances <n>', 'with --redis: instances sharing the account (the safe local share when Redis is away)', integerOption(1, 1000), 2)
    .option('--overlay <file>', 'account facts (utcOffset, custom field names, statuses) for exact v1 answers')
    .option('--timeout <seconds>', 'deadline of one v1 call, all its v2 calls included', integerOption(1, 3600), 60)
    .option('-q, --quiet', 'no summary line on stderr when stopped')
    .option('--no-color', 'plain summary (also NO_COLOR=1)')
    .addHelpText(
      'after',
      examples(
        [
          'hdmigrate shim --upstream https://acme.helpdesk.example                 # http://127.0.0.1:8080',
          'hdmigrate shim --upstream https://acme.helpdesk.example --log usage.jsonl',
          'hdmigrate audit ./src --traffic usage.jsonl                              # what the clients really call',
          'hdmigrate sandbox --port 4010 &  hdmigrate shim --upstream http://127.0.0.1:4010 --allow-insecure-upstream',
          'curl -u sandbox-admin-key:X http://127.0.0.1:8080/helpdesk/tickets/1.json',
          'hdmigrate shim --upstream https://acme.helpdesk.example --listen 0.0.0.0:8080 --redis redis://cache:6379',
        ],
        '0 stopped cleanly (SIGINT/SIGTERM), 2 usage or input error (bad flag or number, an http upstream without ' +
          '--allow-insecure-upstream, a port in use, Redis unreachable, --log not writable)',
      ),
    )
    .action(async (flags: ShimFlags) => {
      const { runShim } = await import('./shim-run.ts');
      await runShim(flags);
    });
}
