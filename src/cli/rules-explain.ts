/** What `hdmigrate rules` prints: one rule explained, or its machine-readable description. */
import { creditCost, fieldMappings, isAutoFixable, planSummary, type Rule } from '../catalogue/index.ts';
import { formatQuery } from './format.ts';
import { count } from './style.ts';

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

export function explain(rule: Rule): string {
  const d = describeRule(rule);
  const out: string[] = [];
  out.push(`${rule.id}  (${rule.fidelity}${d.autofix ? ', codemod rewrites it' : ', needs a human'})`);
  out.push(`  ${rule.summary}`);
  out.push('');
  out.push(`v1   ${rule.v1.method} ${rule.v1.paths.map((p) => `${p}.json`).join(' | ')}${rule.v1.whenQuery ? `  (with ${rule.v1.whenQuery.join(', ')})` : ''}`);
  if (rule.response) out.push(`     answered ${rule.response.v1Status}`);
  out.push(`v2   ${d.v2.length ? '' : 'no call'}`);
  for (const s of rule.plan) {
    const q = s.query ? formatQuery(s.query) : '';
    out.push(`     ${s.method} ${s.path}${q}  → ${s.status}, ${count(s.cost, 'credit')}${s.forResponse ? ' (shim only, to rebuild the v1 response)' : ''}`);
    out.push(`       ${s.purpose}`);
  }
  out.push(`     ${count(d.credits, 'v2 credit')} per v1 call`);
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

