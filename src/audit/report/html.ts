/**
 * HTML report: one self-contained page (inline CSS and SVG, no script, no external resource),
 * readable from disk: summary, a stacked bar chart of findings by family and fidelity, worst
 * files, and every finding grouped by file.
 */
import type { AuditReport, FamilySummary } from '../model.ts';
import { worstLabel } from './worst.ts';

const FIDS = ['exact', 'lossy', 'manual', 'none'] as const;
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
export function familyChart(families: FamilySummary[]): string {
  const rows = families.filter((f) => FIDS.some((x) => f.byFidelity[x] > 0));
  const labelW = 130;
  const barW = 460;
  const rowH = 26;
  const top = 28;
  const max = Math.max(1, ...rows.map((f) => FIDS.reduce((s, x) => s + f.byFidelity[x], 0)));
  const height = top + rows.length * rowH + 10;
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
  if (rows.length === 0) parts.push(`<text x="${labelW}" y="${top + 14}">no findings</text>`);
  parts.push('</svg>');
  return parts.join('');
}

const CSS = `
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem auto;max-width:1100px;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem}
table{border-collapse:collapse;width:100%;font-size:.85rem;margin:.5rem 0}
th,td{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f5f5f7}td.n{text-align:right}
.big{font-size:1.1rem}.muted{color:#666}
.f-exact{color:#2e7d32}.f-lossy{color:#a87900}.f-manual{color:#ef6c00}.f-none{color:#c62828}.f-error{color:#c62828}.f-warning{color:#a87900}
code{font-family:ui-monospace,Menlo,monospace;font-size:.85em}
details{margin:.4rem 0}summary{cursor:pointer;font-weight:600}
.tag{display:inline-block;border-radius:3px;padding:0 .3rem;font-size:.75rem;background:#eee}
`;

export function renderHtml(report: AuditReport): string {
  const s = report.summary;
  const h: string[] = [];
  h.push('<!doctype html><html lang="en"><head><meta charset="utf-8">');
  h.push('<meta name="viewport" content="width=device-width, initial-scale=1">');
  h.push(`<title>hdmigrate audit: ${esc(s.root)}</title><style>${CSS}</style></head><body>`);
  h.push(`<h1>hdmigrate audit</h1><p class="muted">${esc(s.root)} · ${s.files.scanned} files scanned · ${s.files.withFindings} with v1 use · ${(s.durationMs / 1000).toFixed(1)} s</p>`);
  h.push(
    `<p class="big"><strong>${s.findings}</strong> v1 uses: <strong class="f-exact">${s.autofix}</strong> auto-fixable, <strong class="f-manual">${s.manual}</strong> need a human.</p>`,
  );
  h.push(`<p>Fidelity: ${FIDS.map((f) => `<span class="f-${f}">${s.byFidelity[f]} ${f}</span>`).join(' · ')}. v2 credit change per pass over every call: ${s.creditDelta >= 0 ? '+' : ''}${s.creditDelta}.`);
  const extras = [
    s.inComments ? `${s.inComments} in comments` : '',
    s.ignored ? `${s.ignored} ignored` : '',
    s.markers.todo ? `${s.markers.todo} @hdmigrate-todo markers` : '',
    s.files.skipped ? `${s.files.skipped} skipped` : '',
  ].filter(Boolean);
  if (extras.length) h.push(` <span class="muted">Also: ${esc(extras.join(', '))}.</span>`);
  h.push('</p>');
  h.push('<h2>By family and fidelity</h2>');
  h.push(familyChart(s.byFamily));
  h.push('<table><thead><tr><th>family</th><th>uses</th><th>auto-fixable</th>' + FIDS.map((f) => `<th>${f}</th>`).join('') + '</tr></thead><tbody>');
  for (const f of s.byFamily) {
    h.push(`<tr><td>${esc(f.family)}</td><td class="n">${f.findings}</td><td class="n">${f.autofix}</td>${FIDS.map((x) => `<td class="n">${f.byFidelity[x] || ''}</td>`).join('')}</tr>`);
  }
  h.push('</tbody></table>');
  h.push('<h2>Worst files first</h2><table><thead><tr><th>file</th><th>uses</th><th>need a human</th><th>worst</th></tr></thead><tbody>');
  for (const f of s.worstFiles) {
    const worst = worstLabel(report, f);
    h.push(`<tr><td><a href="#${esc(anchor(f.file))}">${esc(f.file)}</a></td><td class="n">${f.findings}</td><td class="n">${f.manual}</td><td class="f-${esc(worst.level ?? '')}">${esc(worst.text)}</td></tr>`);
  }
  h.push('</tbody></table>');
  if (s.traffic) {
    const t = s.traffic;
    h.push(`<h2>Traffic</h2><p>${t.calls} v1 calls in ${esc(t.source)} (${t.lines} lines, ${t.invalid} invalid, ${t.unmatched} unmatched).</p>`);
    if (t.unseenInCode.length) h.push(`<p>Called at run time but not found in code: ${t.unseenInCode.map((u) => `<code>${esc(u.rule)}</code> (${u.calls})`).join(', ')}</p>`);
    if (t.notSeenAtRuntime.length) h.push(`<p class="muted">Found in code but not called: ${t.notSeenAtRuntime.map((r) => `<code>${esc(r)}</code>`).join(', ')}</p>`);
  }
  h.push('<h2>Findings</h2>');
  const byFile = new Map<string, typeof report.findings>();
  for (const f of report.findings) {
    const l = byFile.get(f.file);
    if (l) l.push(f);
    else byFile.set(f.file, [f]);
  }
  for (const [file, list] of byFile) {
    h.push(`<details open id="${esc(anchor(file))}"><summary>${esc(file)} <span class="muted">(${list.length})</span></summary>`);
    h.push('<table><thead><tr><th>line</th><th>kind</th><th>rule</th><th>v1</th><th>fidelity</th><th>auto</th><th>advice</th></tr></thead><tbody>');
    for (const f of list) {
      const tags = [f.inComment ? 'comment' : '', f.ignored ? 'ignored' : '', f.insecure ? 'http://' : '', f.twins?.length ? `twins: ${f.twins.join(', ')}` : ''].filter(Boolean);
      h.push(
        `<tr><td class="n">${f.line}</td><td>${esc(f.kind)}${tags.map((t) => ` <span class="tag">${esc(t)}</span>`).join('')}</td><td><code>${esc(f.rule ?? '')}</code></td><td><code>${esc(f.endpoint ?? f.message)}</code><br><code class="muted">${esc(f.snippet)}</code></td><td class="f-${esc(f.fidelity ?? '')}">${esc(f.fidelity ?? f.severity)}</td><td>${f.autofix ? 'yes' : 'no'}</td><td>${esc(f.advice)}</td></tr>`,
      );
    }
    h.push('</tbody></table></details>');
  }
  if (report.skipped.length) {
    h.push('<h2>Skipped</h2><table><thead><tr><th>file</th><th>reason</th></tr></thead><tbody>');
    for (const sk of report.skipped) h.push(`<tr><td>${esc(sk.file)}</td><td>${esc(sk.reason)}${sk.detail ? `: ${esc(sk.detail)}` : ''}</td></tr>`);
    h.push('</tbody></table>');
  }
  h.push('</body></html>\n');
  return h.join('\n');
}

function anchor(file: string): string {
  return `f-${file.replace(/[^\w-]/g, '_')}`;
}
