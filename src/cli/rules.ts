import type { Command } from 'commander';

export function registerRules(program: Command): void {
  program.command('rules').description('(not yet available)').action(() => {
    process.stderr.write('hdmigrate rules: not yet available\n');
    process.exitCode = 2;
  });
}
