import type { Command } from 'commander';
import { creditCost, fieldMappings, isAutoFixable, loadCatalogue, planSummary, type Rule } from '../catalogue/index.ts';
import { UsageError } from './errors.ts';
import { readOverlayOption } from './overlay.ts';

interface RulesOptions {
  json?: boolean;
  family?: string;
  fidelity?: string;
  overlay?: string;
}

/** The machine-readable description of one rule (what `rules --json` prints). */
export function describeRule(rule: Rule) {
  return {
    id: rule.id,
    family: rule.family,
    fidelity: rule.fidelity,
    summary: rule.summary,
    v1: { method: rule.v1.method, paths: rule.v1.paths, whenQuery: rule.v1.whenQuery ?? [], source: rule.v1.source ?? 'spec' },
    v2: rule.plan.map((s) => ({
      method: s.method,
      path: s.path,
      query: s.query ?? {},
      purpose: s.purpose,
      status: s.status,
      cost: s.cost,
      forResponse: s.forResponse ?? false,
    })),
    v1Status: rule.response?.v1Status ?? null,
    credits: creditCost(rule),
    autofix: isAutoFixable(rule),
    lost: rule.lost ?? [],
    decision: rule.decision ?? null,
    substitute: rule.substitute ?? null,
    notes: rule.notes ?? [],
    fields: { request: fieldMappings(rule, 'request'), response: fieldMappings(rule, 'response') },
  };
}

function explain(rule: Rule): string {
  const d = describeRule(rule);
  const out: string[] = [];
  out.push(`${rule.id}  (${rule.fidelity}${d.autofix ? ', codemod rewrites it' : ', needs a human'})`);
  out.push(`  ${rule.summary}`);
  out.push('');
  out.push(`v1   ${rule.v1.method} ${rule.v1.paths.map((p) => `${p}.json`).join(' | ')}${rule.v1.whenQuery ? `  (with ${rule.v1.whenQuery.join(', ')})` : ''}`);
  if (rule.response) out.push(`     answered ${rule.response.v1Status}`);
  out.push(`v2   ${d.v2.length ? '' : 'no call'}`);
  for (const s of rule.plan) {
    const q = s.query ? `?${new URLSearchParams(s.query).toString()}` : '';
    out.push(`     ${s.method} ${s.path}${q}  → ${s.status}, ${s.cost} credit${s.cost === 1 ? '' : 's'}${s.forResponse ? ' (shim only, to rebuild the v1 response)' : ''}`);
    out.push(`       ${s.purpose}`);
  }
  out.push(`     ${d.credits} v2 credit${d.credits === 1 ? '' : 's'} per v1 call`);
  const section = (title: string, rows: ReturnType<typeof fieldMappings>) => {
    if (rows.length === 0) return;
    out.push('', title);
    for (const m of rows) {
      const via = m.converters.length ? `  [${m.converters.join(' → ')}]` : m.keys ? `  [keys: ${m.keys}]` : '';
      const target = m.v2 ?? '(none)';
      out.push(`  ${m.v1.padEnd(34)} → ${target}${via}${m.v2 === null && m.reason ? `  ${m.fidelity}: ${m.reason}` : ''}`);
    }
  };
  section('request fields', d.fields.request);
  section('response fields (what v1 code reads → v2)', d.fields.response);
  if (d.lost.length) out.push('', 'lost', ...d.lost.map((l) => `  - ${l}`));
  if (d.decision) out.push('', `decision needed: ${d.decision}`);
  if (d.substitute) out.push('', `substitute: ${d.substitute}`);
  if (d.notes.length) out.push('', 'notes', ...d.notes.map((n) => `  - ${n}`));
  return `${out.join('\n')}\n`;
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
    .action((id: string | undefined, opts: RulesOptions) => {
      const catalogue = loadCatalogue(readOverlayOption(opts.overlay));
      if (id) {
        const rule = catalogue.get(id);
        if (!rule) {
          const close = catalogue.rules.filter((r) => r.id.includes(id) || id.includes(r.family)).map((r) => r.id);
          throw new UsageError(`no rule "${id}"${close.length ? `; did you mean ${close.slice(0, 5).join(', ')}?` : ' (run hdmigrate rules for the list)'}`);
        }
        process.stdout.write(opts.json ? `${JSON.stringify(describeRule(rule), null, 2)}\n` : explain(rule));
        return;
      }
      let rules = [...catalogue.rules];
      if (opts.family) {
        rules = rules.filter((r) => r.family === opts.family);
        if (rules.length === 0) {
          const families = [...new Set(catalogue.rules.map((r) => r.family))].join(', ');
          throw new UsageError(`no family "${opts.family}" (known: ${families})`);
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
      process.stdout.write(`${lines.join('\n')}\n\n${rules.length} rules: ${counts}. Explain one with: hdmigrate rules <id>\n`);
    });
}
