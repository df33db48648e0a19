/**
 * `--rule <id>` and `--family <name>` (audit, codemod): which rules run. Several of either select
 * the union: `--family contacts --rule tickets.pick` is every contacts rule and tickets.pick.
 * Ids and families are checked against the catalogue first, with a suggestion for a typo.
 */
import type { Catalogue } from '../catalogue/index.ts';
import { UsageError } from './errors.ts';
import { didYouMean } from './suggest.ts';

/** The selection as rule patterns (`tickets.pick`, `contacts.*`), or undefined for every rule. */
export function rulePatterns(cat: Catalogue, rules: string[], families: string[]): string[] | undefined {
  if (!rules.length && !families.length) return undefined;
  const knownFamilies = [...new Set([...cat.rules.map((r) => r.family), 'transport', 'iparams'])];
  for (const f of families) if (!knownFamilies.includes(f)) throw new UsageError(`no family "${f}"${didYouMean(f, knownFamilies) || ` (known: ${knownFamilies.join(', ')})`}`);
  const ids = cat.rules.map((r) => r.id);
  for (const r of rules) {
    if (r.endsWith('.*') ? knownFamilies.includes(r.slice(0, -2)) : cat.get(r) || /^(iparams|transport)\.[\w-]+$/.test(r)) continue;
    throw new UsageError(`no rule "${r}"${didYouMean(r, ids) || ' (hdmigrate rules lists them)'}`);
  }
  return [...rules, ...families.map((f) => `${f}.*`)];
}

/** Does the selection take this rule? (`family.*` takes every rule of the family.) */
export function selects(patterns: string[] | undefined, rule: string | null): boolean {
  if (!patterns) return true;
  if (rule === null) return false;
  return patterns.some((p) => p === rule || (p.endsWith('.*') && rule.startsWith(p.slice(0, -1))));
}
