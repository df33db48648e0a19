/**
 * HTML report: one self-contained page (inline CSS and SVG, no script, no external resource),
 * readable from disk: summary, a stacked bar chart of findings by family and fidelity, worst
 * files, and every finding grouped by file.
 */
import type { AuditReport } from '../model.ts';
import { count as n } from '../../cli/style.ts';
import { FIDELITIES as FIDS, headline, type FamilyRow } from './summary.ts';

const COLORS: Record<(typeof FIDS)[number], string> = { exact: '#2e7d32', lossy: '#f9a825', manual: '#ef6c00', none: '#c62828' };

export function esc(s: unknown): string {
  return String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Horizontal stacked bars: one per family, segments by fidelity. */
export function familyChart<T extends { family: string; byFidelity: Record<(typeof FIDS)[number], number> }>(families: T[]): string {
  const rows = families.filter((f) => FIDS.some((x) => f.byFidelity[x] > 0));
  const labelW = 130;
  const barW = 460;
  const rowH = 26;
  const top = 28;
  const max = Math.max(1, ...rows.map((f) => FIDS.reduce((s, x) => s + f.byFidelity[x], 0)));
  // room for at least one row, so the "no v1 use" line is never cut off
  const height = top + Math.max(1, rows.length) * rowH + 10;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Findings by family and fidelity" width="${labelW + barW + 60}" height="${height}" viewBox="0 0 ${labelW + barW + 60} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
  );
  parts.push('<title>Findings by family and fidelity</title>');
  FIDS.forEach((f, i) => {
    const x = labelW + i * 95;
    parts.push(`<rect x="${x}" y="6" width="12" height="12" fill="${COLORS[f]}"/><text x="${x + 16}" y="16">${f}</text>`);
  });
  rows.forEach((fam, i) => {
    const y = top + i * rowH;
    parts.push(`<text x="${labelW - 8}" y="${y + 15}" text-anchor="end">${esc(fam.family)}</text>`);
    let x = labelW;
    let total = 0;
    for (const f of FIDS) {
      const n = fam.byFidelity[f];
      if (!n) continue;
      total += n;
      const w = Math.max(2, Math.round((n / max) * barW));
      parts.push(`<rect x="${x}" y="${y + 3}" width="${w}" height="${rowH - 8}" fill="${COLORS[f]}"><title>${esc(fam.family)}: ${n} ${f}</title></rect>`);
      x += w;
    }
    parts.push(`<text x="${x + 6}" y="${y + 15}">${total}</text>`);
  });
  if (rows.length === 0) parts.push(`<text x="${labelW}" y="${top + 15}">no v1 use</text>`);
  parts.push('</svg>');
  return parts.join('');
}

const CSS = `
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem auto;max-width:1100px;padding:0 1rem;color:#1d1d1f;overflow-wrap:anywhere}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem}
table{border-collapse:collapse;width:100%;font-size:.85rem;margin:.5rem 0}
th,td{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f5f5f7}th.n,td.n{text-align:right}td.n{white-space:nowrap}
@media (max-width:600px){body{padding:0 .4rem;margin:1rem auto}th,td{padding:.2rem .25rem}table{font-size:.75rem}}
.big{font-size:1.1rem}.muted{color:#666}
.f-exact{color:#2e7d32}.f-lossy{color:#a87900}.f-manual{color:#ef6c00}.f-none{color:#c62828}.f-error{color:#c62828}.f-warning{color:#a87900}
code{font-family:ui-monospace,Menlo,monospace;font-size:.85em;white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-word}
table.findings{table-layout:fixed}
table.findings col.loc{width:9%}table.findings col.kind{width:11%}table.findings col.rule{width:15%}table.findings col.fid{width:9%}table.findings col.auto{width:6%}
svg{max-width:100%;height:auto}
details{margin:.4rem 0}summary{cursor:pointer;font-weight:600}
.tag{display:inline-block;border-radius:3px;padding:0 .3rem;font-size:.75rem;background:#eee}
`;

export function renderHtml(report: AuditReport): string {
  const s = report.summary;
  const hl = headline(report);
  const h: string[] = [];
  h.push('<!doctype html><html lang="en"><head><meta charset="utf-8">');
  h.push('<meta name="viewport" content="width=device-width, initial-scale=1">');
  h.push(`<title>hdmigrate audit: ${esc(s.root)}</title><style>${CSS}</style></head><body>`);
  h.push(`<h1>hdmigrate audit</h1><p class="muted">${esc(s.root)} · ${n(s.files.scanned, 'file')} scanned · ${s.files.withFindings} with findings · ${(s.durationMs / 1000).toFixed(1)} s</p>`);
  if (hl.uses.total === 0) {
    h.push(`<p class="big" id="headline"><strong>No v1 use found.</strong></p>`);
  } else {
    h.push(
      `<p class="big" id="headline"><strong>${hl.uses.total}</strong> ${hl.uses.total === 1 ? 'v1 use' : 'v1 uses'}: <strong class="f-exact">${hl.uses.autofix}</strong> auto-fixable, <strong class="f-manual">${hl.uses.human}</strong> need a human.</p>`,
    );
    h.push(`<p>Fidelity: ${FIDS.map((f) => `<span class="f-${f}">${hl.uses.byFidelity[f]} ${f}</span>`).join(' · ')}. v2 credit change per pass over every call: ${hl.uses.creditDelta >= 0 ? '+' : ''}${hl.uses.creditDelta}.</p>`);
  }
  if (hl.config.total) {
    h.push(
      `<p class="big" id="config"><strong>${hl.config.total}</strong> app configuration ${hl.config.total === 1 ? 'problem' : 'problems'} (<span class="f-error">${hl.config.errors} ${hl.config.errors === 1 ? 'error' : 'errors'}</span>, <span class="f-warning">${hl.config.warnings} ${hl.config.warnings === 1 ? 'warning' : 'warnings'}</span>) in ${hl.config.files.map((f) => `<code>${esc(f)}</code>`).join(', ')}: fixed by hand.</p>`,
    );
  }
  const extras = [
    s.inComments ? `${s.inComments} in comments` : '',
    s.ignored ? `${s.ignored} ignored` : '',
    s.markers.todo ? `${s.markers.todo} @hdmigrate-todo ${s.markers.todo === 1 ? 'marker' : 'markers'}` : '',
    s.files.skipped ? `${s.files.skipped} skipped` : '',
  ].filter(Boolean);
  if (extras.length) h.push(`<p class="muted">Also: ${esc(extras.join(', '))}.</p>`);
  if (hl.byFamily.length) {
    h.push('<h2>v1 uses by family and fidelity</h2>');
    h.push(familyChart(hl.byFamily));
    h.push('<table id="families"><thead><tr><th>family</th><th class="n">uses</th><th class="n">auto-fixable</th><th class="n">need a human</th>' + FIDS.map((f) => `<th class="n">${f}</th>`).join('') + '</tr></thead><tbody>');
    const row = (f: FamilyRow, name: string, tag = 'td') =>
      `<tr><${tag}>${esc(name)}</${tag}><td class="n">${f.uses}</td><td class="n">${f.autofix}</td><td class="n">${f.human}</td>${FIDS.map((x) => `<td class="n">${f.byFidelity[x] || ''}</td>`).join('')}</tr>`;
    for (const f of hl.byFamily) h.push(row(f, f.family));
    h.push('</tbody>');
    if (hl.byFamily.length > 1) h.push(`<tfoot>${row(hl.familyTotal, 'total', 'th')}</tfoot>`);
    h.push('</table>');
  }
  if (hl.worstFiles.length) {
    h.push('<h2>Worst files first</h2><table id="worst"><thead><tr><th>file</th><th class="n">findings</th><th class="n">need a human</th><th>worst</th></tr></thead><tbody>');
    for (const f of hl.worstFiles) {
      h.push(`<tr><td><a href="#${esc(anchor(f.file))}">${esc(f.file)}</a></td><td class="n">${f.findings}</td><td class="n">${f.manual}</td><td class="f-${esc(f.label.level ?? '')}">${esc(f.label.text)}</td></tr>`);
    }
    h.push('</tbody></table>');
  }
  if (s.traffic) {
    const t = s.traffic;
    h.push(`<h2>Traffic</h2><p>${n(t.calls, 'v1 call')} in ${esc(t.source)} (${n(t.lines, 'line')}, ${t.invalid} invalid, ${t.unmatched} unmatched).</p>`);
    if (t.unseenInCode.length) h.push(`<p>Called at run time but not found in code: ${t.unseenInCode.map((u) => `<code>${esc(u.rule)}</code> (${u.calls})`).join(', ')}</p>`);
    if (t.notSeenAtRuntime.length) h.push(`<p class="muted">Found in code but not called: ${t.notSeenAtRuntime.map((r) => `<code>${esc(r)}</code>`).join(', ')}</p>`);
  }
  const byFile = new Map<string, typeof report.findings>();
  for (const f of report.findings) {
    const l = byFile.get(f.file);
    if (l) l.push(f);
    else byFile.set(f.file, [f]);
  }
  if (byFile.size) h.push('<h2>Findings</h2>');
  for (const [file, list] of byFile) {
    h.push(`<details open id="${esc(anchor(file))}"><summary>${esc(file)} <span class="muted">(${list.length})</span></summary>`);
    h.push(
      '<table class="findings"><colgroup><col class="loc"><col class="kind"><col class="rule"><col class="v1"><col class="fid"><col class="auto"><col class="advice"></colgroup>' +
        '<thead><tr><th>line:col</th><th>kind</th><th>rule</th><th>v1</th><th>fidelity</th><th>auto</th><th>advice</th></tr></thead><tbody>',
    );
    for (const f of list) {
      const tags = [f.inComment ? 'comment' : '', f.ignored ? 'ignored' : '', f.insecure ? 'http://' : '', f.twins?.length ? `twins: ${f.twins.join(', ')}` : ''].filter(Boolean);
      h.push(
        `<tr><td title="${esc(`${f.file}:${f.line}:${f.column}`)}">${f.line}:${f.column}</td><td>${esc(f.kind)}${tags.map((t) => ` <span class="tag">${esc(t)}</span>`).join('')}</td><td><code>${esc(f.rule ?? '')}</code></td><td><code>${esc(f.endpoint ?? f.message)}</code><br><code class="muted">${esc(f.snippet)}</code></td><td class="f-${esc(f.fidelity ?? f.severity)}">${esc(f.fidelity ?? f.severity)}</td><td>${f.autofix ? 'yes' : 'no'}</td><td>${esc(f.advice)}</td></tr>`,
      );
    }
    h.push('</tbody></table></details>');
  }
  if (report.skipped.length) {
    h.push('<h2>Skipped</h2><table id="skipped"><thead><tr><th>file</th><th>reason</th></tr></thead><tbody>');
    for (const sk of report.skipped) h.push(`<tr><td>${esc(sk.file)}</td><td>${esc(sk.reason)}${sk.detail ? `: ${esc(sk.detail)}` : ''}</td></tr>`);
    h.push('</tbody></table>');
  }
  h.push('</body></html>\n');
  return h.join('\n');
}

function anchor(file: string): string {
  return `f-${file.replace(/[^\w-]/g, '_')}`;
}
