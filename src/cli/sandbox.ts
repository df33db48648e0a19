import type { Command } from 'commander';

export function registerSandbox(program: Command): void {
  program.command('sandbox').description('(not yet available)').action(() => {
    process.stderr.write('hdmigrate sandbox: not yet available\n');
    process.exitCode = 2;
  });
}
