/**
 * The terminal report: a summary a person reads in ten seconds (how much, how much is automatic,
 * by family, worst files first), then every finding with `-v`.
 */
import type { Fidelity } from '../../catalogue/index.ts';
import type { AuditReport, Finding } from '../model.ts';

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
  if (s.findings === 0) {
    out.push(`  ${c.green('No v1 use found.')}`);
  } else {
    const human = s.manual > 0 ? c.yellow(`${s.manual} need a human`) : c.green('0 need a human');
    out.push(`  ${c.bold(String(s.findings))} v1 uses: ${c.green(`${s.autofix} auto-fixable`)}, ${human}`);
    const fid = FIDS.map((f) => {
      const n = s.byFidelity[f];
      const t = `${n} ${f}`;
      return n === 0 ? c.dim(t) : f === 'none' || f === 'manual' ? c.red(t) : f === 'lossy' ? c.yellow(t) : t;
    }).join(' · ');
    out.push(`  fidelity: ${fid}${s.creditDelta ? `   v2 credits: ${s.creditDelta > 0 ? '+' : ''}${s.creditDelta} per pass over every call` : ''}`);
  }
  const extras: string[] = [];
  if (s.inComments) extras.push(`${s.inComments} in comments`);
  if (s.ignored) extras.push(`${s.ignored} ignored by @hdmigrate-ignore`);
  if (s.markers.todo) extras.push(c.yellow(`${s.markers.todo} @hdmigrate-todo left`));
  if (s.files.skipped) extras.push(`${s.files.skipped} skipped`);
  if (s.twins.length) extras.push(`${s.twins.length} build twin${s.twins.length > 1 ? 's' : ''} reported once`);
  if (extras.length) out.push(`  ${c.dim(extras.join(', '))}`);

  if (s.byFamily.length) {
    out.push('');
    out.push(`  ${c.bold(pad('by family', 18))}${lpad('uses', 6)}${lpad('auto', 6)}${FIDS.map((f) => lpad(f, 8)).join('')}`);
    for (const fam of s.byFamily) {
      out.push(
        `  ${pad(fam.family, 18)}${lpad(fam.findings, 6)}${lpad(fam.autofix, 6)}${FIDS.map((f) => lpad(fam.byFidelity[f] || '·', 8)).join('')}`,
      );
    }
  }
  const top = opts.verbose ? s.worstFiles.length : (opts.top ?? 8);
  if (s.worstFiles.length) {
    out.push('');
    out.push(`  ${c.bold('worst files first')} ${c.dim('(work for a human, then fidelity)')}`);
    const width = Math.min(60, Math.max(...s.worstFiles.slice(0, top).map((f) => f.file.length)));
    for (const f of s.worstFiles.slice(0, top)) {
      const worst = f.worst ? (f.worst === 'none' || f.worst === 'manual' ? c.red(f.worst) : f.worst === 'lossy' ? c.yellow(f.worst) : f.worst) : '';
      out.push(`  ${pad(f.file, width)}  ${lpad(f.findings, 3)} uses, ${lpad(f.manual, 3)} manual  worst: ${worst}`);
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
