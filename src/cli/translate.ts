import type { Command } from 'commander';

export function registerTranslate(program: Command): void {
  program.command('translate').description('(not yet available)').action(() => {
    process.stderr.write('hdmigrate translate: not yet available\n');
    process.exitCode = 2;
  });
}
