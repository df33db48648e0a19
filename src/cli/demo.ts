import type { Command } from 'commander';

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .summary('the end-to-end demo on the sandbox and the bundled legacy app (npm start)')
    .description(
      'Audits the bundled legacy app, codemods a copy to v2, runs the original against the sandbox v1 API ' +
        'and the copy against the v2 API, compares what they printed, and lists the reports it wrote.',
    )
    .option('--out <dir>', 'where to put the app copies and reports', '.hdmigrate/demo')
    .option('--seed <n>', 'sandbox seed', '1')
    .action(async (opts: { out: string; seed: string }) => {
      // loaded on use: the demo pulls in the sandbox, which other commands do not need
      const { runDemo } = await import('../demo/run.ts');
      const result = await runDemo({ out: opts.out, seed: Number(opts.seed), log: (l) => process.stdout.write(`${l}\n`) });
      process.exitCode = result.ok ? 0 : 1;
    });
}
