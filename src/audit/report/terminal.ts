/**
 * The terminal report: a summary a person reads in ten seconds (how much, how much is automatic,
 * by family, worst files first), then every finding with `-v`.
 */
import { painter, count, type Painter } from '../../cli/style.ts';
import type { AuditReport, Finding } from '../model.ts';
import { FIDELITIES as FIDS, headline } from './summary.ts';

export interface TerminalOptions {
  verbose?: boolean;
  color?: boolean;
  /** How many worst files to list without -v. */
  top?: number;
}

function pad(s: string, n: number): string {
  return s.padEnd(n);
}
function lpad(s: string | number, n: number): string {
  return String(s).padStart(n);
}

export function renderTerminal(report: AuditReport, opts: TerminalOptions = {}): string {
  const c = painter(!!opts.color);
  const s = report.summary;
  const out: string[] = [];
  const secs = (s.durationMs / 1000).toFixed(s.durationMs < 10_000 ? 1 : 0);
  out.push(
    `${c.bold('hdmigrate audit')} ${s.root}  ${c.dim(`(${count(s.files.scanned, 'file')} scanned, ${s.files.candidates} read closely, ${secs} s)`)}`,
  );
  out.push('');
  // v1 uses and app configuration problems are counted apart (the one headline every format shows)
  const h = headline(report);
  const uses = h.uses.total;
  const usesAuto = h.uses.autofix;
  const sevText = (n: { errors: number; warnings: number }) =>
    [n.errors ? c.red(count(n.errors, 'error')) : '', n.warnings ? c.yellow(count(n.warnings, 'warning')) : ''].filter(Boolean).join(', ');
  if (uses === 0) {
    out.push(`  ${c.green('No v1 use found.')}`);
  } else {
    const human = uses - usesAuto > 0 ? c.yellow(`${uses - usesAuto} need a human`) : c.green('0 need a human');
    out.push(`  ${c.bold(String(uses))} ${uses === 1 ? 'v1 use' : 'v1 uses'}: ${c.green(`${usesAuto} auto-fixable`)}, ${human}`);
    const fid = FIDS.map((f) => {
      const n = h.uses.byFidelity[f];
      const t = `${n} ${f}`;
      return n === 0 ? c.dim(t) : f === 'none' || f === 'manual' ? c.red(t) : f === 'lossy' ? c.yellow(t) : t;
    }).join(' · ');
    out.push(`  fidelity: ${fid}${h.uses.creditDelta ? `   v2 credits: ${h.uses.creditDelta > 0 ? '+' : ''}${h.uses.creditDelta} per pass over every call` : ''}`);
  }
  if (h.config.total) {
    const files = h.config.files;
    out.push(`  ${c.bold(count(h.config.total, 'app configuration problem'))} (${sevText(h.config)}) in ${files.length === 1 ? files[0] : `${files.length} iparams.json files`}: fixed by hand`);
  }
  const extras: string[] = [];
  if (s.inComments) extras.push(`${s.inComments} in comments`);
  if (s.ignored) extras.push(`${s.ignored} ignored by @hdmigrate-ignore`);
  if (s.markers.todo) extras.push(c.yellow(`${s.markers.todo} @hdmigrate-todo left`));
  if (s.files.skipped) extras.push(`${s.files.skipped} skipped`);
  if (s.twins.length) extras.push(`${count(s.twins.length, 'build twin')} reported once`);
  if (extras.length) out.push(`  ${c.dim(extras.join(', '))}`);

  // by family: uses = auto + human = the fidelity columns; a total row; configuration problems apart
  if (h.byFamily.length) {
    const cols = [...FIDS, ...(h.uses.unknownFidelity ? (['unknown'] as const) : [])];
    const row = (r: (typeof h.byFamily)[number], name: string) =>
      `  ${pad(name, 18)}${lpad(r.uses, 6)}${lpad(r.autofix || '·', 6)}${lpad(r.human || '·', 7)}${cols.map((k) => lpad(r.byFidelity[k] || '·', 8)).join('')}`;
    out.push('');
    out.push(`  ${c.bold(pad('v1 uses by family', 18))}${lpad('uses', 6)}${lpad('auto', 6)}${lpad('human', 7)}${cols.map((k) => lpad(k, 8)).join('')}`);
    for (const fam of h.byFamily) out.push(row(fam, fam.family));
    if (h.byFamily.length > 1) out.push(c.dim(row(h.familyTotal, 'total')));
  }
  const top = opts.verbose ? s.worstFiles.length : (opts.top ?? 8);
  if (s.worstFiles.length) {
    out.push('');
    out.push(`  ${c.bold('worst files first')} ${c.dim('(work for a human, then fidelity)')}`);
    const shown = h.worstFiles.slice(0, top);
    const width = Math.min(60, Math.max(...shown.map((f) => f.file.length)));
    for (const f of shown) {
      const what = f.configOnly ? count(f.findings, 'problem') : count(f.findings, 'use');
      const label = f.label;
      const worst = ['none', 'manual', 'error'].includes(label.level ?? '') ? c.red(label.text) : ['lossy', 'warning'].includes(label.level ?? '') ? c.yellow(label.text) : label.level ? label.text : c.dim(label.text);
      out.push(`  ${pad(f.file, width)}  ${pad(what, 12)} ${lpad(f.manual, 3)} need a human  worst: ${worst}`);
    }
    if (s.worstFiles.length > top) out.push(c.dim(`  ... ${count(s.worstFiles.length - top, 'more file')}`));
  }
  if (s.traffic) {
    const t = s.traffic;
    out.push('');
    out.push(`  ${c.bold('traffic')} ${c.dim(t.source)}: ${count(t.calls, 'v1 call')} at run time${t.invalid ? `, ${count(t.invalid, 'invalid line')}` : ''}${t.unmatched ? `, ${t.unmatched} unmatched` : ''}`);
    if (t.unseenInCode.length) out.push(`  ${c.yellow('called but not found in code:')} ${t.unseenInCode.map((u) => `${u.rule} (${u.calls})`).join(', ')}`);
    if (t.notSeenAtRuntime.length) out.push(`  ${c.dim(`in code but not called: ${t.notSeenAtRuntime.join(', ')}`)}`);
  }

  if (opts.verbose) {
    out.push('');
    out.push(c.bold('  findings'));
    for (const f of report.findings) {
      out.push(`  ${findingLine(f, c)}`);
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
      for (const m of report.markers) out.push(`    ${m.file}:${m.line}:${m.column}  @hdmigrate-${m.type}(${m.rule}) ${c.dim(m.text)}`);
    }
  } else if (report.findings.length) {
    out.push('');
    out.push(c.dim('  -v lists every finding; --format html|md|json|sarif writes a report.'));
  }
  return `${out.join('\n')}\n`;
}

/** One finding on one line, starting with `path:line:col` so terminals and editors make it a link. */
function findingLine(f: Finding, c: Painter): string {
  const fid = f.fidelity ?? f.severity;
  const colored = fid === 'none' || fid === 'manual' || fid === 'error' ? c.red(fid) : fid === 'lossy' || fid === 'warning' ? c.yellow(fid) : fid;
  const flags = [f.autofix ? c.green('auto') : 'manual', f.inComment ? 'comment' : '', f.ignored ? 'ignored' : '', f.twins?.length ? `twins: ${f.twins.join(', ')}` : '']
    .filter(Boolean)
    .join(', ');
  return `${c.cyan(`${f.file}:${f.line}:${f.column}`)}  ${pad(f.kind, 13)} ${pad(f.rule ?? '-', 30)} ${colored}  ${c.dim(`[${flags}]`)}  ${f.endpoint ?? f.message}`;
}
