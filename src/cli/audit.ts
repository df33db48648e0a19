import type { Command } from 'commander';

export function registerAudit(program: Command): void {
  program.command('audit').description('(not yet available)').action(() => {
    process.stderr.write('hdmigrate audit: not yet available\n');
    process.exitCode = 2;
  });
}
