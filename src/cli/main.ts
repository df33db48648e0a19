import { Command, CommanderError } from 'commander';
import { EXIT, UsageError } from './errors.ts';
import { configureCommands } from './program.ts';
import { registerRules } from './rules.ts';
import { registerTranslate } from './translate.ts';
import { registerSandbox } from './sandbox.ts';
import { registerAudit } from './audit.ts';
import { registerCodemod } from './codemod.ts';
import { registerDemo } from './demo.ts';
import { registerVerify } from './verify.ts';
import { registerShim } from './shim.ts';

/**
 * The command line. Each command lives in its own src/cli/<command>.ts and is added here by one
 * `register<Command>(program)` line; the modules import their heavy parts (parsers, the sandbox)
 * inside their action, so `hdmigrate --help` loads none of them. Conventions every command follows:
 * src/cli/program.ts (usage errors, examples), errors.ts (exit codes), options.ts (numbers, lists,
 * globs), output.ts (--out files and folders), style.ts (colour, plurals, progress), suggest.ts.
 */
export function buildProgram(): Command {
  const program = configureCommands(new Command('hdmigrate'))
    .description(
      'Move Helpdesk Service API v1 integrations to API v2. ' +
        'One rule catalogue drives every command: rules and translate explain it, audit finds v1 use, ' +
        'codemod rewrites it, sandbox runs a local helpdesk with both APIs to try everything on.',
    )
    .version('0.1.0')
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  hdmigrate demo                                   the whole migration on the bundled app (npm start)\n' +
        '  hdmigrate audit . --format html --out audit.html what v1 use there is, and what it takes to move\n' +
        '  hdmigrate codemod src --check                    exit 1 when the codemod would change something\n' +
        '  hdmigrate rules tickets.pick                     what one v1 call becomes in v2\n' +
        '\nExit codes (every command): 0 done, 1 findings / differences / --fail-on / --check, 2 usage or input error.\n' +
        'Project defaults: hdmigrate.config.json in the current folder (see README).',
    );
  registerRules(program);
  registerTranslate(program);
  registerSandbox(program);
  registerAudit(program);
  registerCodemod(program);
  registerDemo(program);
  registerVerify(program);
  registerShim(program);
  return program;
}

let pipeGuarded = false;

/** `hdmigrate rules | head` closes the pipe early: that is not an error. Registered once per process. */
function guardClosedPipe(): void {
  if (pipeGuarded) return;
  pipeGuarded = true;
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
}

/** Runs the CLI and returns the exit code; a user never sees a stack trace for bad input. */
export async function main(argv: string[]): Promise<number> {
  guardClosedPipe();
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (err) {
    if (err instanceof CommanderError) {
      // help and version come through here with code 0; commander's usage errors were printed as one line
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (err instanceof UsageError) {
      process.stderr.write(`hdmigrate: ${oneLine(err.message)}\n`);
      return err.exitCode;
    }
    const e = err as Error;
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      process.stderr.write('hdmigrate: the input is nested too deeply to process\n');
      return EXIT.usage;
    }
    process.stderr.write(`hdmigrate: unexpected error: ${oneLine(e?.message ?? String(err))}\n`);
    if (process.env.HDMIGRATE_DEBUG) process.stderr.write(`${e?.stack ?? ''}\n`);
    return 70;
  }
}

export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
