/**
 * `hdmigrate verify`: the dual-call verifier's command line. Only the options live here, so
 * `hdmigrate --help` loads nothing of the verifier; the run itself (two HTTP clients, src/verify,
 * the report) is src/cli/verify-run.ts, imported when the command runs. Exit 0 on parity, 1 when
 * differences beyond noise remain, 2 on usage, input or connection errors.
 */
import { type Command, Option } from 'commander';
import { integerOption, listOption, numberOption } from './options.ts';
import { examples } from './program.ts';

export interface VerifyCliOptions {
  base?: string;
  v1Base?: string;
  /** as given (repeatable, comma-separated); empty = tickets */
  resources: string[];
  ids?: string;
  idsFile?: string;
  sample?: number;
  all?: boolean;
  seed: number;
  apiKeyFile?: string;
  allowInsecure?: boolean;
  allowWrites?: boolean;
  writeAccount?: string;
  noise?: string;
  noiseSample: number;
  relativeThreshold: number;
  absoluteThreshold: number;
  overlay?: string;
  learn?: string;
  state?: string;
  format: string;
  json?: boolean;
  out?: string;
  redact?: boolean;
  concurrency: number;
  reserve: number;
  v1Limit?: number;
  rateWindow: number;
  log?: string;
  retries: number;
  progress: boolean;
  quiet?: boolean;
  color?: boolean;
  ca?: string;
}

/** The report formats; `terminal` is accepted for `text`, as audit calls it. */
export const VERIFY_FORMATS = ['text', 'json', 'md', 'html'] as const;

/** The resource names, for the help only (the run checks them against src/verify/resources.ts). */
const RESOURCES_HELP = 'tickets, contacts, companies, groups, agents, time_entries, solutions, discussions, ticket_fields, conversations, or all';

export function registerVerify(program: Command): void {
  program
    .command('verify')
    .summary('prove v2 returns the same data as v1: dual calls, noise model, report')
    .description(
      'For the same ids, reads each record from v1 and v2, maps the v1 answer into v2 shape through the catalogue, ' +
        'and reports what differs field by field, separating real differences from noise (an A/A probe and Diffy\'s rule). ' +
        'Read-only unless --allow-writes. Resumable with --state.',
    )
    .option('--base <url>', 'the account (v2 calls go here; https only unless --allow-insecure)')
    .option('--v1-base <url>', 'where v1 calls go (default: --base)')
    .addOption(new Option('--resources <list>', `what to compare: ${RESOURCES_HELP} (repeatable, comma-separated)`).argParser(listOption).default([], 'tickets'))
    .option('--ids <list>', 'ids and ranges, e.g. 1-500,712')
    .option('--ids-file <file>', 'ids, one per line (or comma-separated)')
    .option('--sample <n>', 'a deterministic sample of n ids listed from v2', integerOption(1))
    .option('--all', 'every id v2 lists')
    .option('--seed <n>', 'seed of --sample', integerOption(0), 1)
    .option('--api-key-file <file>', 'file holding the API key (default: $HDMIGRATE_API_KEY)')
    .option('--allow-insecure', 'allow a plain http:// base (the sandbox)')
    .option('--allow-writes', 'also round-trip writes (create via v1, read via v2 and the reverse, then clean up); only on the sandbox or with --write-account')
    .option('--write-account <host>', 'opt-in naming the account host that --allow-writes may write to')
    .option('--noise <file>', 'noise list: JSON object of "reported path": "reason"')
    .option('--noise-sample <n>', 'ids probed A/A (each read twice from v1 and from v2) per resource', integerOption(0), 10)
    .option('--relative-threshold <pct>', "Diffy's relative threshold, percent", numberOption(0, 100), 20)
    .option('--absolute-threshold <pct>', "Diffy's absolute threshold, percent of records", numberOption(0, 100), 0.03)
    .option('--overlay <file>', 'account facts (custom field names, statuses, ...) as --learn writes them')
    .option('--learn <file>', 'derive the account overlay from both ticket_fields endpoints and write it to <file>')
    .option('--state <file>', 'JSONL state: resume an interrupted run with the same options and file')
    .option('-f, --format <format>', `report: ${VERIFY_FORMATS.join(', ')} (text is also called terminal)`, 'text')
    .option('--json', 'the same as --format json')
    .option('-o, --out <file>', 'write the report there, atomically (stdout then gets the text summary)')
    .option('--redact', 'mask personal data (emails, phones, names) in the report')
    .option('--concurrency <n>', 'ids compared at the same time', integerOption(1, 64), 8)
    .option('--reserve <fraction>', "part of the rate budget left for the account's own traffic", numberOption(0, 0.95), 0.2)
    .option('--v1-limit <calls>', 'v1 calls per hour to pace to (v1 sends no rate headers; default: only honour Retry-After)', integerOption(1))
    .option('--rate-window <seconds>', 'length of the v2 rate-limit window (60 on per-minute accounts)', numberOption(1), 60)
    .option('--retries <n>', 'retries of a GET after a network error or 5xx (back-off with jitter)', integerOption(0, 20), 5)
    .option('--ca <file>', 'extra CA certificate (PEM) to trust, e.g. the sandbox --tls certificate')
    .option('--log <file>', 'write every HTTP event (request, response, retry, wait; credentials masked) as JSONL')
    .option('-q, --quiet', 'no progress and no notes on stderr (errors and the exit reason stay)')
    .option('--no-progress', 'no progress lines on stderr')
    .option('--no-color', 'plain terminal report (also NO_COLOR=1)')
    .addHelpText(
      'after',
      examples(
        [
          '# the sandbox (plain http is allowed only with --allow-insecure)',
          'hdmigrate sandbox --port 4010 &',
          'HDMIGRATE_API_KEY=sandbox-admin-key hdmigrate verify --base http://127.0.0.1:4010 --allow-insecure \\',
          '    --resources tickets,conversations,time_entries --ids 1-50',
          'HDMIGRATE_API_KEY=sandbox-admin-key hdmigrate verify --base http://127.0.0.1:4010 --allow-insecure \\',
          '    --resources contacts,companies,agents --sample 20 -f md -o verify.md',
          '# a real account: a sample of 200 tickets, resumable, HTML report, personal data masked',
          'hdmigrate verify --base https://acme.helpdesk.example --api-key-file ~/.helpdesk-key \\',
          '    --resources tickets,conversations --sample 200 --state verify.state.jsonl \\',
          '    --format html --out verify.html --redact',
          '# learn the account overlay (custom field names, statuses, types, UTC offset) for every other command',
          'hdmigrate verify --base https://acme.helpdesk.example --learn overlay.json',
        ],
        '0 parity, 1 differences beyond noise remain (or no id found on either side),\n' +
          '2 usage, input or connection error (rerun with the same --state to resume)',
      ),
    )
    .action(async (opts: VerifyCliOptions) => {
      // the verifier, the HTTP client and the catalogue load only when the command runs
      const { runVerifyCommand } = await import('./verify-run.ts');
      process.exitCode = await runVerifyCommand(opts);
    });
}
