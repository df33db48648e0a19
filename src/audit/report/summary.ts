/**
 * The one summary every report format shows (terminal, JSON, Markdown, SARIF, HTML), so their
 * headline counts agree. v1 uses (calls, URLs, wrappers, reads, rate-limit and XML handling: they
 * have a fidelity and may be auto-fixable) and app configuration problems (iparams.json checks:
 * errors and warnings, fixed by hand) are counted apart everywhere. Findings in comments and
 * findings silenced by @hdmigrate-ignore are not counted.
 */
import type { Fidelity } from '../../catalogue/index.ts';
import type { AuditReport, FileSummary, Finding, FindingFamily } from '../model.ts';
import { worstLabel, type WorstLabel } from './worst.ts';

export const FIDELITIES: Fidelity[] = ['exact', 'lossy', 'manual', 'none'];

export interface FamilyRow {
  family: FindingFamily;
  uses: number;
  autofix: number;
  human: number;
  byFidelity: Record<Fidelity | 'unknown', number>;
}

export interface Headline {
  root: string;
  files: AuditReport['summary']['files'];
  durationMs: number;
  /** v1 uses: each has a fidelity (or an unknown method) and may be auto-fixable. */
  uses: { total: number; autofix: number; human: number; byFidelity: Record<Fidelity, number>; unknownFidelity: number; creditDelta: number };
  /** App configuration problems (iparams.json): no fidelity, always fixed by hand. */
  config: { total: number; errors: number; warnings: number; files: string[] };
  byFamily: FamilyRow[];
  /** Totals over byFamily (the same numbers as `uses`). */
  familyTotal: FamilyRow;
  byRule: Array<{ rule: string; uses: number; fidelity: Fidelity | null; autofix: boolean }>;
  worstFiles: Array<FileSummary & { label: WorstLabel; configOnly: boolean }>;
  notCounted: { inComments: number; ignored: number };
  markers: { todo: number; ignore: number };
  skipped: number;
  twins: number;
}

const counted = (f: Finding) => !f.ignored && !f.inComment;

export function headline(report: AuditReport): Headline {
  const s = report.summary;
  const all = report.findings.filter(counted);
  const config = all.filter((f) => f.kind === 'iparams');
  const uses = all.filter((f) => f.kind !== 'iparams');
  const byFidelity: Record<Fidelity, number> = { exact: 0, lossy: 0, manual: 0, none: 0 };
  const families = new Map<FindingFamily, FamilyRow>();
  const rules = new Map<string, { rule: string; uses: number; fidelity: Fidelity | null; autofix: boolean }>();
  const emptyRow = (family: FindingFamily): FamilyRow => ({ family, uses: 0, autofix: 0, human: 0, byFidelity: { exact: 0, lossy: 0, manual: 0, none: 0, unknown: 0 } });
  const total = emptyRow('transport');
  let creditDelta = 0;
  for (const f of uses) {
    if (f.fidelity) byFidelity[f.fidelity]++;
    if (f.kind === 'call' && f.costChange) creditDelta += f.costChange;
    let row = families.get(f.family);
    if (!row) families.set(f.family, (row = emptyRow(f.family)));
    for (const r of [row, total]) {
      r.uses++;
      if (f.autofix) r.autofix++;
      else r.human++;
      r.byFidelity[f.fidelity ?? 'unknown']++;
    }
    if (f.rule) {
      const r = rules.get(f.rule) ?? { rule: f.rule, uses: 0, fidelity: f.fidelity, autofix: true };
      r.uses++;
      if (f.fidelity && (!r.fidelity || FIDELITIES.indexOf(f.fidelity) > FIDELITIES.indexOf(r.fidelity))) r.fidelity = f.fidelity;
      if (!f.autofix) r.autofix = false;
      rules.set(f.rule, r);
    }
  }
  const autofix = uses.filter((f) => f.autofix).length;
  const errors = config.filter((f) => f.severity === 'error').length;
  const configFiles = new Set(config.map((f) => f.file));
  return {
    root: s.root,
    files: s.files,
    durationMs: s.durationMs,
    uses: { total: uses.length, autofix, human: uses.length - autofix, byFidelity, unknownFidelity: uses.filter((f) => !f.fidelity).length, creditDelta },
    config: { total: config.length, errors, warnings: config.length - errors, files: [...configFiles].sort() },
    byFamily: [...families.values()].sort((a, b) => b.uses - a.uses || a.family.localeCompare(b.family)),
    familyTotal: total,
    byRule: [...rules.values()].sort((a, b) => b.uses - a.uses || a.rule.localeCompare(b.rule)),
    worstFiles: s.worstFiles.map((f) => {
      const label = worstLabel(report, f);
      const usesHere = uses.filter((x) => x.file === f.file).length;
      return { ...f, label, configOnly: usesHere === 0 && configFiles.has(f.file) };
    }),
    notCounted: { inComments: s.inComments, ignored: s.ignored },
    markers: s.markers,
    skipped: s.files.skipped,
    twins: s.twins.length,
  };
}

/** The JSON report's additions: the same headline numbers, beside the older all-findings counts. */
export function headlineJson(h: Headline) {
  return {
    uses: { ...h.uses, byFamily: h.byFamily.map(({ family, uses, autofix, human, byFidelity }) => ({ family, uses, autofix, human, byFidelity })) },
    configProblems: h.config,
  };
}
