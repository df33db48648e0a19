/**
 * Settings every command inherits (commander copies them to subcommands created after this call):
 * usage errors are one line on stderr (`hdmigrate: unknown option '--jsn'; did you mean --json?
 * (hdmigrate audit --help)`) and exit code 2; help never shows "(default: [])".
 */
import { type Command, Help } from 'commander';
import { applyConfig } from './config.ts';

export function configureCommands(program: Command): Command {
  program.exitOverride();
  program.showSuggestionAfterError(true);
  program.configureHelp({ sortSubcommands: false, showGlobalOptions: false, optionDescription: describeOption, argumentDescription: describeArgument });
  // hdmigrate.config.json fills what the command line leaves at its defaults
  program.hook('preAction', (_program, command) => applyConfig(command));
  program.configureOutput({
    outputError: (text, write) => {
      const msg = text
        .replace(/^error:\s*/i, '')
        .replace(/^option '(?:-\w, )?(--?[^' ,]+)[^']*' argument '([^']*)' is invalid\.\s*/, (_m, flag: string, value: string) => `${flag} ${value}: `)
        .replace(/\s*\n\s*\(Did you mean (.*)\)\s*/i, '; did you mean $1')
        .replace(/\s*\n\s*/g, ' ')
        .trim();
      write(`hdmigrate: ${msg}\n`);
    },
  });
  return program;
}

const plainHelp = new Help();

/** The default option description, minus empty-list defaults such as "(default: [])". */
function describeOption(option: Parameters<Help['optionDescription']>[0]): string {
  return plainHelp.optionDescription(option).replace(/\s*\(default: (\[\]|"")\)/, '');
}

/** The default argument description, with a list default written as a user types it: `(default: .)`. */
function describeArgument(argument: Parameters<Help['argumentDescription']>[0]): string {
  return plainHelp.argumentDescription(argument).replace(/\(default: \[(.*)\]\)/, (_m, list: string) => `(default: ${list.replace(/"/g, '').replace(/,/g, ' ')})`);
}

/** The help footer every command ends with: its examples, then the exit codes. */
export function examples(lines: string[], exitCodes?: string): string {
  return `\nExamples:\n${lines.map((l) => `  ${l}`).join('\n')}\n\nExit codes: ${exitCodes ?? '0 done, 1 findings, 2 usage or input error'}.`;
}
