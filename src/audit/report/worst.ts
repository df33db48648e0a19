/**
 * What the "worst" column says about a file: its worst fidelity; for app configuration files (whose
 * iparams findings have no fidelity) how many errors and warnings they hold.
 */
import type { AuditReport, FileSummary, Finding } from '../model.ts';

export interface WorstLabel {
  /** `exact` | `lossy` | `manual` | `none` | `error` | `warning` (for colouring), or null. */
  level: string | null;
  text: string;
}

export function worstLabel(report: Pick<AuditReport, 'findings'>, f: FileSummary): WorstLabel {
  if (f.worst) return { level: f.worst, text: f.worst };
  const problems = report.findings.filter((x: Finding) => x.file === f.file && x.kind === 'iparams' && !x.ignored && !x.inComment);
  if (!problems.length) return { level: null, text: '-' };
  const errors = problems.filter((x) => x.severity === 'error').length;
  const warnings = problems.length - errors;
  const parts = [errors ? `${errors} error${errors === 1 ? '' : 's'}` : '', warnings ? `${warnings} warning${warnings === 1 ? '' : 's'}` : ''].filter(Boolean);
  return { level: errors ? 'error' : 'warning', text: `iparams ${parts.join(', ')}` };
}
