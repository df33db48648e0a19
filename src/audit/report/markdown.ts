/** Markdown report: summary tables, worst files, and every finding grouped by file. */
import type { AuditReport } from '../model.ts';
import { worstLabel } from './worst.ts';

const FIDS = ['exact', 'lossy', 'manual', 'none'] as const;

function cell(s: string | number | null | undefined): string {
  return String(s ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function renderMarkdown(report: AuditReport): string {
  const s = report.summary;
  const out: string[] = [];
  out.push(`# hdmigrate audit: ${s.root}`);
  out.push('');
  out.push(
    `**${s.findings}** v1 uses in **${s.files.withFindings}** files (${s.files.scanned} scanned): **${s.autofix}** auto-fixable, **${s.manual}** need a human.`,
  );
  out.push('');
  out.push(`Fidelity: ${FIDS.map((f) => `${s.byFidelity[f]} ${f}`).join(', ')}. v2 credit change per pass over every call: ${s.creditDelta >= 0 ? '+' : ''}${s.creditDelta}.`);
  const extras = [
    s.inComments ? `${s.inComments} in comments` : '',
    s.ignored ? `${s.ignored} ignored` : '',
    s.markers.todo ? `${s.markers.todo} @hdmigrate-todo markers` : '',
    s.files.skipped ? `${s.files.skipped} files skipped` : '',
  ].filter(Boolean);
  if (extras.length) out.push('', `Also: ${extras.join(', ')}.`);
  out.push('', '## By family', '', `| family | uses | auto-fixable | ${FIDS.join(' | ')} |`, `|---|---:|---:|${FIDS.map(() => '---:').join('|')}|`);
  for (const f of s.byFamily) out.push(`| ${f.family} | ${f.findings} | ${f.autofix} | ${FIDS.map((x) => f.byFidelity[x]).join(' | ')} |`);
  out.push('', '## By rule', '', '| rule | uses | fidelity | auto-fixable |', '|---|---:|---|---|');
  for (const r of s.byRule) out.push(`| \`${r.rule}\` | ${r.findings} | ${r.fidelity ?? ''} | ${r.autofix ? 'yes' : 'no'} |`);
  out.push('', '## Worst files first', '', '| file | uses | need a human | worst |', '|---|---:|---:|---|');
  for (const f of s.worstFiles) out.push(`| ${cell(f.file)} | ${f.findings} | ${f.manual} | ${cell(worstLabel(report, f).text)} |`);
  if (s.traffic) {
    const t = s.traffic;
    out.push('', '## Traffic', '', `${t.calls} v1 calls in ${cell(t.source)} (${t.lines} lines, ${t.invalid} invalid, ${t.unmatched} unmatched).`);
    if (t.unseenInCode.length) out.push('', `Called at run time but not found in code: ${t.unseenInCode.map((u) => `\`${u.rule}\` (${u.calls})`).join(', ')}.`);
    if (t.notSeenAtRuntime.length) out.push('', `Found in code but not called: ${t.notSeenAtRuntime.map((r) => `\`${r}\``).join(', ')}.`);
  }
  out.push('', '## Findings');
  let last = '';
  for (const f of report.findings) {
    if (f.file !== last) {
      out.push('', `### ${cell(f.file)}`, '', '| line | kind | rule | v1 | fidelity | auto | advice |', '|---:|---|---|---|---|---|---|');
      last = f.file;
    }
    const flags = [f.inComment ? 'comment' : '', f.ignored ? 'ignored' : ''].filter(Boolean).join(', ');
    out.push(
      `| ${f.line} | ${f.kind}${flags ? ` (${flags})` : ''} | \`${cell(f.rule)}\` | ${cell(f.endpoint ?? f.message)} | ${f.fidelity ?? f.severity} | ${f.autofix ? 'yes' : 'no'} | ${cell(f.advice)} |`,
    );
  }
  if (report.skipped.length) {
    out.push('', '## Skipped', '', '| file | reason |', '|---|---|');
    for (const sk of report.skipped) out.push(`| ${cell(sk.file)} | ${sk.reason}${sk.detail ? `: ${cell(sk.detail)}` : ''} |`);
  }
  return `${out.join('\n')}\n`;
}
