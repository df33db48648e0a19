/**
 * The terminal report: a summary a person reads in ten seconds (how much, how much is automatic,
 * by family, worst files first), then every finding with `-v`.
 */
import type { Fidelity } from '../../catalogue/index.ts';
import type { AuditReport, Finding } from '../model.ts';
import { worstLabel } from './worst.ts';

export interface TerminalOptions {
  verbose?: boolean;
  color?: boolean;
  /** How many worst files to list without -v. */
  top?: number;
}

const FIDS: Fidelity[] = ['exact', 'lossy', 'manual', 'none'];

function painter(on: boolean) {
  const wrap = (code: string) => (s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s);
  return { bold: wrap('1'), dim: wrap('2'), red: wrap('31'), yellow: wrap('33'), green: wrap('32'), cyan: wrap('36') };
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}
function lpad(s: string | number, n: number): string {
  const t = String(s);
  return t.length >= n ? t : ' '.repeat(n - t.length) + t;
}

export function renderTerminal(report: AuditReport, opts: TerminalOptions = {}): string {
  const c = painter(!!opts.color);
  const s = report.summary;
  const out: string[] = [];
  const secs = (s.durationMs / 1000).toFixed(s.durationMs < 10_000 ? 1 : 0);
  out.push(
    `${c.bold('hdmigrate audit')} ${s.root}  ${c.dim(`(${s.files.scanned} files scanned, ${s.files.candidates} read closely, ${secs} s)`)}`,
  );
  out.push('');
  // v1 uses and app configuration problems are counted apart: only v1 uses have a fidelity
  const counted = report.findings.filter((f) => !f.ignored && !f.inComment);
  const config = counted.filter((f) => f.kind === 'iparams');
  const uses = counted.length - config.length;
  const usesAuto = counted.filter((f) => f.kind !== 'iparams' && f.autofix).length;
  const sev = (list: Finding[]) => ({ errors: list.filter((f) => f.severity === 'error').length, warnings: list.filter((f) => f.severity !== 'error').length });
  const sevText = (n: { errors: number; warnings: number }) =>
    [n.errors ? c.red(`${n.errors} error${n.errors === 1 ? '' : 's'}`) : '', n.warnings ? c.yellow(`${n.warnings} warning${n.warnings === 1 ? '' : 's'}`) : ''].filter(Boolean).join(', ');
  if (uses === 0) {
    out.push(`  ${c.green('No v1 use found.')}`);
  } else {
    const human = uses - usesAuto > 0 ? c.yellow(`${uses - usesAuto} need a human`) : c.green('0 need a human');
    out.push(`  ${c.bold(String(uses))} v1 uses: ${c.green(`${usesAuto} auto-fixable`)}, ${human}`);
    const fid = FIDS.map((f) => {
      const n = s.byFidelity[f];
      const t = `${n} ${f}`;
      return n === 0 ? c.dim(t) : f === 'none' || f === 'manual' ? c.red(t) : f === 'lossy' ? c.yellow(t) : t;
    }).join(' · ');
    out.push(`  fidelity: ${fid}${s.creditDelta ? `   v2 credits: ${s.creditDelta > 0 ? '+' : ''}${s.creditDelta} per pass over every call` : ''}`);
  }
  if (config.length) {
    const files = new Set(config.map((f) => f.file));
    out.push(`  ${c.bold(String(config.length))} app configuration problem${config.length === 1 ? '' : 's'} (${sevText(sev(config))}) in ${files.size === 1 ? [...files][0] : `${files.size} iparams.json files`}: fixed by hand`);
  }
  const extras: string[] = [];
  if (s.inComments) extras.push(`${s.inComments} in comments`);
  if (s.ignored) extras.push(`${s.ignored} ignored by @hdmigrate-ignore`);
  if (s.markers.todo) extras.push(c.yellow(`${s.markers.todo} @hdmigrate-todo left`));
  if (s.files.skipped) extras.push(`${s.files.skipped} skipped`);
  if (s.twins.length) extras.push(`${s.twins.length} build twin${s.twins.length > 1 ? 's' : ''} reported once`);
  if (extras.length) out.push(`  ${c.dim(extras.join(', '))}`);

  // by family: uses = auto + human = the fidelity columns; a total row; configuration problems apart
  const families = s.byFamily.filter((f) => f.family !== 'iparams');
  if (families.length) {
    const unknown = families.some((f) => FIDS.reduce((n, k) => n + f.byFidelity[k], 0) !== f.findings);
    const cols = [...FIDS, ...(unknown ? ['unknown'] : [])];
    const row = (name: string, n: number, auto: number, byFid: Record<string, number>) =>
      `  ${pad(name, 18)}${lpad(n, 6)}${lpad(auto || '·', 6)}${lpad(n - auto || '·', 7)}${cols.map((k) => lpad(byFid[k] || '·', 8)).join('')}`;
    const fidOf = (f: (typeof families)[number]) => ({ ...f.byFidelity, unknown: f.findings - FIDS.reduce((n, k) => n + f.byFidelity[k], 0) });
    out.push('');
    out.push(`  ${c.bold(pad('v1 uses by family', 18))}${lpad('uses', 6)}${lpad('auto', 6)}${lpad('human', 7)}${cols.map((k) => lpad(k, 8)).join('')}`);
    const total: Record<string, number> = {};
    for (const fam of families) {
      const byFid = fidOf(fam);
      for (const k of cols) total[k] = (total[k] ?? 0) + (byFid[k as keyof typeof byFid] ?? 0);
      out.push(row(fam.family, fam.findings, fam.autofix, byFid));
    }
    if (families.length > 1) out.push(c.dim(row('total', uses, usesAuto, total)));
  }
  const top = opts.verbose ? s.worstFiles.length : (opts.top ?? 8);
  if (s.worstFiles.length) {
    out.push('');
    out.push(`  ${c.bold('worst files first')} ${c.dim('(work for a human, then fidelity)')}`);
    const shown = s.worstFiles.slice(0, top);
    const width = Math.min(60, Math.max(...shown.map((f) => f.file.length)));
    const byFile = new Map<string, Finding[]>();
    for (const f of config) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
    for (const f of shown) {
      const problems = byFile.get(f.file);
      const what = problems && problems.length === f.findings ? `${f.findings} problem${f.findings === 1 ? '' : 's'}` : `${f.findings} use${f.findings === 1 ? '' : 's'}`;
      const label = worstLabel(report, f);
      const worst = ['none', 'manual', 'error'].includes(label.level ?? '') ? c.red(label.text) : ['lossy', 'warning'].includes(label.level ?? '') ? c.yellow(label.text) : label.level ? label.text : c.dim(label.text);
      out.push(`  ${pad(f.file, width)}  ${pad(what, 12)} ${lpad(f.manual, 3)} need a human  worst: ${worst}`);
    }
    if (s.worstFiles.length > top) out.push(c.dim(`  ... ${s.worstFiles.length - top} more files`));
  }
  if (s.traffic) {
    const t = s.traffic;
    out.push('');
    out.push(`  ${c.bold('traffic')} ${c.dim(t.source)}: ${t.calls} v1 calls at run time${t.invalid ? `, ${t.invalid} invalid lines` : ''}${t.unmatched ? `, ${t.unmatched} unmatched` : ''}`);
    if (t.unseenInCode.length) out.push(`  ${c.yellow('called but not found in code:')} ${t.unseenInCode.map((u) => `${u.rule} (${u.calls})`).join(', ')}`);
    if (t.notSeenAtRuntime.length) out.push(`  ${c.dim(`in code but not called: ${t.notSeenAtRuntime.join(', ')}`)}`);
  }

  if (opts.verbose) {
    out.push('');
    out.push(c.bold('  findings'));
    let last = '';
    for (const f of report.findings) {
      if (f.file !== last) {
        out.push(`  ${c.cyan(f.file)}`);
        last = f.file;
      }
      out.push(`    ${findingLine(f, c)}`);
      out.push(`      ${c.dim(f.advice)}`);
    }
    if (report.skipped.length) {
      out.push('');
      out.push(c.bold('  skipped'));
      for (const sk of report.skipped) out.push(`    ${sk.file}  ${c.dim(`${sk.reason}${sk.detail ? `: ${sk.detail}` : ''}`)}`);
    }
    if (report.markers.length) {
      out.push('');
      out.push(c.bold('  markers'));
      for (const m of report.markers) out.push(`    ${m.file}:${m.line}  @hdmigrate-${m.type}(${m.rule}) ${c.dim(m.text)}`);
    }
  } else if (report.findings.length) {
    out.push('');
    out.push(c.dim('  -v lists every finding; --format html|md|json|sarif writes a report.'));
  }
  return `${out.join('\n')}\n`;
}

function findingLine(f: Finding, c: ReturnType<typeof painter>): string {
  const fid = f.fidelity ?? f.severity;
  const colored = fid === 'none' || fid === 'manual' || fid === 'error' ? c.red(fid) : fid === 'lossy' || fid === 'warning' ? c.yellow(fid) : fid;
  const flags = [f.autofix ? c.green('auto') : 'manual', f.inComment ? 'comment' : '', f.ignored ? 'ignored' : '', f.twins?.length ? `twins: ${f.twins.join(', ')}` : '']
    .filter(Boolean)
    .join(', ');
  return `${lpad(`${f.line}:${f.column}`, 8)}  ${pad(f.kind, 13)} ${pad(f.rule ?? '-', 30)} ${colored}  ${c.dim(`[${flags}]`)}  ${f.endpoint ?? f.message}`;
}
