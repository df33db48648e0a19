import type { Command } from 'commander';
import { EXIT } from './errors.ts';
import { integerOption } from './options.ts';
import { prepareOutputDir } from './output.ts';
import { examples } from './program.ts';

/** What the demo writes into --out: a folder holding only these was made by an earlier demo. */
const DEMO_OUTPUTS = ['app-v1', 'app-v2', 'audit.json', 'audit.html', 'audit.md', 'audit.sarif', 'codemod.diff'];

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .summary('the end-to-end demo on the sandbox and the bundled legacy app (npm start)')
    .description(
      'Audits the bundled legacy app, codemods a copy to v2, runs the original against the sandbox v1 API ' +
        'and the copy against the v2 API, compares what they printed, and lists the reports it wrote. ' +
        'The output folder must be empty, missing, or one an earlier demo made (it holds a .hdmigrate-output mark).',
    )
    .option('--out <dir>', 'where to put the app copies and reports', '.hdmigrate/demo')
    .option('--force', 'use --out even if it is a non-empty folder the demo did not make (its contents are replaced)')
    .option('--seed <n>', 'sandbox seed', integerOption(0, 2 ** 31 - 1), 1)
    .addHelpText('after', examples(['hdmigrate demo', 'hdmigrate demo --out /tmp/hdmigrate-demo --seed 7'], '0 the migrated app behaves as the legacy one did, 1 the outputs differ, 2 usage error'))
    .action(async (opts: { out: string; seed: number; force?: boolean }) => {
      // checked before anything starts: never clear a folder of the user's
      const out = prepareOutputDir(opts.out, { force: opts.force, tool: 'demo', knownEntries: DEMO_OUTPUTS });
      // loaded on use: the demo pulls in the sandbox, which other commands do not need
      const { runDemo } = await import('../demo/run.ts');
      const result = await runDemo({ out, seed: opts.seed, log: (l) => process.stdout.write(`${l}\n`) });
      process.exitCode = result.ok ? EXIT.ok : EXIT.findings;
    });
}
