/** Markdown report: the headline (v1 uses and app configuration problems apart), worst files, every finding by file. */
import type { AuditReport } from '../model.ts';
import { count as plural } from '../../cli/style.ts';
import { FIDELITIES as FIDS, headline } from './summary.ts';

function cell(s: string | number | null | undefined): string {
  return String(s ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function renderMarkdown(report: AuditReport): string {
  const h = headline(report);
  const out: string[] = [];
  out.push(`# hdmigrate audit: ${h.root}`);
  out.push('');
  if (h.uses.total === 0) {
    out.push(`No v1 use found (${plural(h.files.scanned, 'file')} scanned).`);
  } else {
    out.push(
      `**${h.uses.total}** ${h.uses.total === 1 ? 'v1 use' : 'v1 uses'} in ${plural(h.files.withFindings, 'file')} (${h.files.scanned} scanned): **${h.uses.autofix}** auto-fixable, **${h.uses.human}** need a human.`,
    );
    out.push('');
    out.push(`Fidelity: ${FIDS.map((f) => `${h.uses.byFidelity[f]} ${f}`).join(', ')}. v2 credit change per pass over every call: ${h.uses.creditDelta >= 0 ? '+' : ''}${h.uses.creditDelta}.`);
  }
  if (h.config.total) {
    out.push('', `**${h.config.total}** app configuration ${h.config.total === 1 ? 'problem' : 'problems'} (${plural(h.config.errors, 'error')}, ${plural(h.config.warnings, 'warning')}) in ${h.config.files.map((f) => `\`${f}\``).join(', ')}: fixed by hand.`);
  }
  const extras = [
    h.notCounted.inComments ? `${h.notCounted.inComments} in comments` : '',
    h.notCounted.ignored ? `${h.notCounted.ignored} ignored` : '',
    h.markers.todo ? plural(h.markers.todo, '@hdmigrate-todo marker') : '',
    h.skipped ? `${plural(h.skipped, 'file')} skipped` : '',
  ].filter(Boolean);
  if (extras.length) out.push('', `Also: ${extras.join(', ')}.`);
  if (h.byFamily.length) {
    out.push('', '## v1 uses by family', '', `| family | uses | auto-fixable | need a human | ${FIDS.join(' | ')} |`, `|---|---:|---:|---:|${FIDS.map(() => '---:').join('|')}|`);
    for (const f of h.byFamily) out.push(`| ${f.family} | ${f.uses} | ${f.autofix} | ${f.human} | ${FIDS.map((x) => f.byFidelity[x]).join(' | ')} |`);
    if (h.byFamily.length > 1) {
      const t = h.familyTotal;
      out.push(`| **total** | **${t.uses}** | **${t.autofix}** | **${t.human}** | ${FIDS.map((x) => `**${t.byFidelity[x]}**`).join(' | ')} |`);
    }
    out.push('', '## v1 uses by rule', '', '| rule | uses | fidelity | auto-fixable |', '|---|---:|---|---|');
    for (const r of h.byRule) out.push(`| \`${r.rule}\` | ${r.uses} | ${r.fidelity ?? ''} | ${r.autofix ? 'yes' : 'no'} |`);
  }
  if (h.worstFiles.length) {
    out.push('', '## Worst files first', '', '| file | findings | need a human | worst |', '|---|---:|---:|---|');
    for (const f of h.worstFiles) out.push(`| ${cell(f.file)} | ${f.findings} | ${f.manual} | ${cell(f.label.text)} |`);
  }
  const s = report.summary;
  if (s.traffic) {
    const t = s.traffic;
    out.push('', '## Traffic', '', `${plural(t.calls, 'v1 call')} in ${cell(t.source)} (${plural(t.lines, 'line')}, ${t.invalid} invalid, ${t.unmatched} unmatched).`);
    if (t.unseenInCode.length) out.push('', `Called at run time but not found in code: ${t.unseenInCode.map((u) => `\`${u.rule}\` (${u.calls})`).join(', ')}.`);
    if (t.notSeenAtRuntime.length) out.push('', `Found in code but not called: ${t.notSeenAtRuntime.map((r) => `\`${r}\``).join(', ')}.`);
  }
  if (report.findings.length) {
    out.push('', '## Findings');
    let last = '';
    for (const f of report.findings) {
      if (f.file !== last) {
        out.push('', `### ${cell(f.file)}`, '', '| location | kind | rule | v1 | fidelity | auto | advice |', '|---|---|---|---|---|---|---|');
        last = f.file;
      }
      const flags = [f.inComment ? 'comment' : '', f.ignored ? 'ignored' : ''].filter(Boolean).join(', ');
      out.push(
        `| \`${cell(`${f.file}:${f.line}:${f.column}`)}\` | ${f.kind}${flags ? ` (${flags})` : ''} | \`${cell(f.rule)}\` | ${cell(f.endpoint ?? f.message)} | ${f.fidelity ?? f.severity} | ${f.autofix ? 'yes' : 'no'} | ${cell(f.advice)} |`,
      );
    }
  }
  if (report.skipped.length) {
    out.push('', '## Skipped', '', '| file | reason |', '|---|---|');
    for (const sk of report.skipped) out.push(`| ${cell(sk.file)} | ${sk.reason}${sk.detail ? `: ${cell(sk.detail)}` : ''} |`);
  }
  return `${out.join('\n')}\n`;
}
