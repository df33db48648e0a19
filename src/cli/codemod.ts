import type { Command } from 'commander';

export function registerCodemod(program: Command): void {
  program.command('codemod').description('(not yet available)').action(() => {
    process.stderr.write('hdmigrate codemod: not yet available\n');
    process.exitCode = 2;
  });
}
