import { Command, CommanderError } from 'commander';
import { UsageError } from './errors.ts';
import { registerRules } from './rules.ts';
import { registerTranslate } from './translate.ts';
import { registerSandbox } from './sandbox.ts';
import { registerAudit } from './audit.ts';
import { registerCodemod } from './codemod.ts';
import { registerDemo } from './demo.ts';
import { registerShim } from './shim.ts';

export function buildProgram(): Command {
  const program = new Command('hdmigrate')
    .description(
      'Move Helpdesk Service API v1 integrations to API v2. ' +
        'One rule catalogue drives every command: rules and translate explain it, audit finds v1 use, ' +
        'codemod rewrites it, sandbox runs a local helpdesk with both APIs to try everything on.',
    )
    .version('0.1.0')
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({ sortSubcommands: false });
  program.exitOverride();
  registerRules(program);
  registerTranslate(program);
  registerSandbox(program);
  registerAudit(program);
  registerCodemod(program);
  registerDemo(program);
  registerShim(program);
  return program;
}

/** Runs the CLI and returns the exit code; a user never sees a stack trace for bad input. */
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

export async function main(argv: string[]): Promise<number> {
  guardClosedPipe();
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // help and version exit through here with code 0
      return err.exitCode;
    }
    if (err instanceof UsageError) {
      process.stderr.write(`hdmigrate: ${err.message}\n`);
      return err.exitCode;
    }
    const e = err as Error;
    process.stderr.write(`hdmigrate: unexpected error: ${e?.message ?? String(err)}\n`);
    if (process.env.HDMIGRATE_DEBUG) process.stderr.write(`${e?.stack ?? ''}\n`);
    return 70;
  }
}
