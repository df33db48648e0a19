import type { Command } from 'commander';
import { UsageError } from './errors.ts';
import { examples } from './program.ts';
import { count } from './style.ts';
import { didYouMean } from './suggest.ts';

interface RulesOptions {
  json?: boolean;
  family?: string;
  fidelity?: string;
  overlay?: string;
}

export function registerRules(program: Command): void {
  program
    .command('rules')
    .summary('list the catalogue, or explain one rule')
    .description(
      'List every v1 operation the catalogue knows with its fidelity (exact, lossy, manual, none), ' +
        'or explain one rule: its v1 paths, v2 call plan, field mappings and what is lost.',
    )
    .argument('[id]', 'a rule id, e.g. tickets.pick (see the list)')
    .option('--json', 'machine-readable output')
    .option('--family <name>', 'only rules of this family (tickets, contacts, groups, ...)')
    .option('--fidelity <level>', 'only rules of this fidelity (exact, lossy, manual, none)')
    .option('--overlay <file>', 'account facts (accepted for symmetry with translate; rules do not change)')
    .addHelpText('after', examples(['hdmigrate rules', 'hdmigrate rules tickets.pick', 'hdmigrate rules --family contacts --fidelity lossy', 'hdmigrate rules --json > catalogue.json'], '0 done, 2 usage error (unknown rule, family or fidelity)'))
    .action(async (id: string | undefined, opts: RulesOptions) => {
      const { loadCatalogue } = await import('../catalogue/index.ts');
      const { readOverlayOption } = await import('./overlay.ts');
      const { describeRule, explain } = await import('./rules-explain.ts');
      const { planSummary } = await import('../catalogue/index.ts');
      const catalogue = loadCatalogue(readOverlayOption(opts.overlay));
      if (id) {
        const rule = catalogue.get(id);
        if (!rule) {
          const ids = catalogue.rules.map((r) => r.id);
          const inFamily = ids.filter((r) => r.startsWith(`${id}.`));
          throw new UsageError(`no rule "${id}"${didYouMean(id, ids) || (inFamily.length ? `; rules of ${id}: ${inFamily.slice(0, 6).join(', ')}${inFamily.length > 6 ? ', …' : ''}` : ' (run hdmigrate rules for the list)')}`);
        }
        process.stdout.write(opts.json ? `${JSON.stringify(describeRule(rule), null, 2)}\n` : explain(rule));
        return;
      }
      let rules = [...catalogue.rules];
      if (opts.family) {
        rules = rules.filter((r) => r.family === opts.family);
        if (rules.length === 0) {
          const families = [...new Set(catalogue.rules.map((r) => r.family))].join(', ');
          throw new UsageError(`no family "${opts.family}"${didYouMean(opts.family, families.split(', ')) || ` (known: ${families})`}`);
        }
      }
      if (opts.fidelity) {
        if (!['exact', 'lossy', 'manual', 'none'].includes(opts.fidelity)) throw new UsageError('--fidelity must be exact, lossy, manual or none');
        rules = rules.filter((r) => r.fidelity === opts.fidelity);
      }
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(rules.map(describeRule), null, 2)}\n`);
        return;
      }
      const width = Math.max(...rules.map((r) => r.id.length), 10);
      const lines = rules.map((r) => `${r.id.padEnd(width)}  ${r.fidelity.padEnd(6)}  ${r.v1.method.padEnd(6)} ${r.v1.paths[0]}  →  ${planSummary(r)}`);
      const counts = ['exact', 'lossy', 'manual', 'none'].map((f) => `${rules.filter((r) => r.fidelity === f).length} ${f}`).join(', ');
      process.stdout.write(`${lines.join('\n')}\n\n${count(rules.length, 'rule')}: ${counts}. Explain one with: hdmigrate rules <id>\n`);
    });
}
