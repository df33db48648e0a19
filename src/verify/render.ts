/**
 * The report in four forms: a terminal summary, JSON, Markdown, and one self-contained HTML page
 * (inline CSS and SVG, no script, no network) with a chart of differences by field, raw against
 * noise.
 */
import { count, painter, type Painter } from '../cli/style.ts';
import type { FieldReport, ResourceReport, VerifyReport } from './report.ts';

const pct = (n: number) => `${n.toFixed(n < 1 && n > 0 ? 2 : 1)}%`;
const show = (v: unknown) => {
  const s = JSON.stringify(v) ?? 'undefined';
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
};

function verdictWord(f: FieldReport): string {
  if (f.verdict === 'declared-loss') return 'declared loss';
  return f.verdict === 'difference' ? 'DIFFERENT' : f.verdict === 'noise' ? 'noise' : `listed noise (${f.reason})`;
}

/** `color`: styled with node:util styleText (the caller decides, src/cli/style.ts useColor). */
export function renderTerminal(r: VerifyReport, opts: { color?: boolean } = {}): string {
  const p = painter(opts.color ?? false);
  const out: string[] = [];
  out.push(`verify: v1 ${r.v1Base} against v2 ${r.base}`);
  out.push(p.dim('(unmatched = records with fields on one side only; missing = found on one side only; absent = found on neither; explained = only noise or declared losses differ)'));
  const head = ['resource', 'compared', 'identical', 'differing', 'explained', 'unmatched', 'missing', 'absent'];
  const rows = r.resources.map((x) => [x.resource, x.compared, x.identical, x.differing, x.noiseOnly, x.withUnmatched, x.missing, x.absent].map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  out.push(p.bold(line(head)));
  for (const row of rows) out.push(line(row));
  const worst = r.resources.flatMap((x) => x.fields.map((f) => ({ x, f }))).sort((a, b) => rankOf(a.f) - rankOf(b.f) || b.f.rawPct - a.f.rawPct);
  if (worst.length) {
    out.push('');
    out.push('fields that differ, worst first (raw = v1 against v2, noise = A/A probe):');
    for (const { x, f } of worst.slice(0, 15)) {
      const ex = f.examples[0];
      out.push(
        `  ${paintVerdict(p, f, verdictWord(f).padEnd(10))} ${f.path}  raw ${f.raw}/${x.compared} (${pct(f.rawPct)})  noise ${f.noise}/${x.probed} (${pct(f.noisePct)})` +
          (ex ? `  e.g. id ${ex.id}: ${show(ex.v1)} ≠ ${show(ex.v2)}` : ''),
      );
    }
    if (worst.length > 15) out.push(`  ... ${worst.length - 15} more (see --format md|html|json)`);
  }
  const unmatched = r.resources.flatMap((x) => x.unmatched);
  if (unmatched.length) {
    out.push('');
    out.push(`fields on one side only (listed, not differences): ${unmatched.slice(0, 8).map((u) => `${u.path} (${u.side})`).join(', ')}${unmatched.length > 8 ? `, ... ${unmatched.length - 8} more` : ''}`);
  }
  const expected = r.resources.flatMap((x) => x.expected);
  if (expected.length) {
    out.push(`expected losses the catalogue declares: ${expected.slice(0, 6).map((e) => e.path).join(', ')}${expected.length > 6 ? `, ... ${expected.length - 6} more` : ''}`);
  }
  for (const w of r.writes) {
    out.push(`write round trip ${w.resource} ${w.direction} (id ${w.id}): ${w.differences.length ? p.red(count(w.differences.length, 'difference')) : 'same'}${w.cleaned ? ', cleaned up' : p.red(', NOT cleaned up')}`);
  }
  out.push('');
  out.push(
    r.parity
      ? `${p.green(p.bold('parity:'))} v2 returns the same data for ${count(r.totals.compared - r.totals.absent, 'record')} (${r.totals.noiseOnly} with explained differences only${r.totals.absent ? `; ${count(r.totals.absent, 'id')} found on neither side` : ''})`
      : `${p.red(p.bold('NOT at parity:'))} ${count(r.totals.differingFields, 'field')} ${r.totals.differingFields === 1 ? 'differs' : 'differ'} beyond noise in ${count(r.totals.differing, 'record')}`,
  );
  return `${out.join('\n')}\n`;
}

function paintVerdict(p: Painter, f: FieldReport, text: string): string {
  return f.verdict === 'difference' ? p.red(text) : f.verdict === 'noise' ? p.yellow(text) : p.dim(text);
}

function rankOf(f: FieldReport): number {
  return ['difference', 'noise', 'listed-noise', 'declared-loss'].indexOf(f.verdict);
}

export function renderJson(r: VerifyReport): string {
  return `${JSON.stringify(r, null, 2)}\n`;
}

const mdCell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderMarkdown(r: VerifyReport): string {
  const out: string[] = [];
  out.push('# hdmigrate verify report', '');
  out.push(`v1 \`${r.v1Base}\` against v2 \`${r.base}\`. Thresholds: relative ${r.thresholds.relative}%, absolute ${r.thresholds.absolute}%.`, '');
  out.push(`**${r.parity ? 'Parity' : 'Not at parity'}**: ${r.totals.compared} records compared, ${r.totals.identical} identical, ${r.totals.differing} differing, ${r.totals.noiseOnly} with explained differences only, ${r.totals.absent} found on neither side.`, '');
  out.push('| resource | compared | identical | differing | explained | unmatched | missing | absent | probed (A/A) |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const x of r.resources) out.push(`| ${x.resource} | ${x.compared} | ${x.identical} | ${x.differing} | ${x.noiseOnly} | ${x.withUnmatched} | ${x.missing} | ${x.absent} | ${x.probed} |`);
  for (const x of r.resources) {
    out.push('', `## ${x.resource}`, '');
    if (x.rule) out.push(`Read through the catalogue rule \`${x.rule.id}\` (${x.rule.fidelity})${x.rule.lost.length ? `, which declares lost: ${x.rule.lost.map(mdCell).join('; ')}` : ''}.`, '');
    if (x.fields.length) {
      out.push('| field (paste into a noise file) | verdict | raw | noise | relative | absolute | example |', '|---|---|---:|---:|---:|---:|---|');
      for (const f of x.fields) {
        const ex = f.examples[0];
        out.push(
          `| \`${mdCell(f.path)}\` | ${mdCell(verdictWord(f))} | ${f.raw}/${x.compared} (${pct(f.rawPct)}) | ${f.noise}/${x.probed} (${pct(f.noisePct)}) | ${pct(f.relative)} | ${pct(f.absolute)} | ${ex ? mdCell(`id ${ex.id} \`${ex.at}\`: ${show(ex.v1)} ≠ ${show(ex.v2)}`) : ''} |`,
        );
      }
    } else out.push('No differences.');
    if (x.unmatched.length) {
      out.push('', 'Fields on one side only (listed, not differences):', '');
      for (const u of x.unmatched) out.push(`- \`${u.path}\` ${u.side} (${u.records} records)`);
    }
    if (x.expected.length) {
      out.push('', 'Expected losses the catalogue declares:', '');
      for (const e of x.expected) out.push(`- \`${e.path}\`: ${e.message} (${e.records} records)`);
    }
  }
  if (r.writes.length) {
    out.push('', '## Write round trips', '');
    for (const w of r.writes) out.push(`- ${w.resource} ${w.direction} (id ${w.id}): ${w.differences.length ? `${w.differences.length} differences` : 'same'}${w.cleaned ? ', cleaned up' : ', NOT cleaned up'}`);
  }
  return `${out.join('\n')}\n`;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Horizontal bars: one row per field, raw % (dark) above noise % (light). */
function chart(all: { label: string; raw: number; noise: number; flagged: boolean }[]): string {
  if (all.length === 0) return '<p>No field differs.</p>';
  const CAP = 40;
  const fields = [...all].sort((a, b) => Number(b.flagged) - Number(a.flagged) || b.raw - a.raw).slice(0, CAP);
  const more = all.length > CAP ? `<p>${all.length - CAP} more fields in the tables below.</p>` : '';
  const rowH = 30;
  const labelW = 360;
  const barW = 420;
  const h = fields.length * rowH + 30;
  const rows = fields
    .map((f, i) => {
      const y = 20 + i * rowH;
      const rw = Math.max(f.raw > 0 ? 1 : 0, (f.raw / 100) * barW);
      const nw = Math.max(f.noise > 0 ? 1 : 0, (f.noise / 100) * barW);
      return (
        `<text x="${labelW - 6}" y="${y + 14}" text-anchor="end" class="${f.flagged ? 'flag' : ''}">${esc(f.label)}</text>` +
        `<rect x="${labelW}" y="${y}" width="${rw.toFixed(1)}" height="11" class="raw"><title>raw ${f.raw.toFixed(2)}%</title></rect>` +
        `<rect x="${labelW}" y="${y + 13}" width="${nw.toFixed(1)}" height="11" class="noise"><title>noise ${f.noise.toFixed(2)}%</title></rect>` +
        `<text x="${labelW + Math.max(rw, nw) + 6}" y="${y + 14}" class="num">${f.raw.toFixed(1)}% / ${f.noise.toFixed(1)}%</text>`
      );
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="differences by field, raw against noise" width="${labelW + barW + 120}" height="${h}" viewBox="0 0 ${labelW + barW + 120} ${h}">` +
    `<rect x="${labelW}" y="2" width="12" height="10" class="raw"/><text x="${labelW + 16}" y="11" class="num">raw (v1 vs v2)</text>` +
    `<rect x="${labelW + 130}" y="2" width="12" height="10" class="noise"/><text x="${labelW + 146}" y="11" class="num">noise (A/A)</text>` +
    rows +
    '</svg>' +
    more
  );
}

export function renderHtml(r: VerifyReport): string {
  const fields = r.resources.flatMap((x) =>
    x.fields.map((f) => ({ label: f.path, raw: f.rawPct, noise: f.noisePct, flagged: f.verdict === 'difference' })),
  );
  const table = (x: ResourceReport) =>
    x.fields.length === 0
      ? '<p>No differences.</p>'
      : `<table><thead><tr><th>field (paste into a noise file)</th><th>verdict</th><th>raw</th><th>noise</th><th>examples</th></tr></thead><tbody>${x.fields
          .map(
            (f) =>
              `<tr class="${f.verdict}"><td><code>${esc(f.path)}</code></td><td>${esc(verdictWord(f))}</td><td>${f.raw}/${x.compared} (${pct(f.rawPct)})</td><td>${f.noise}/${x.probed} (${pct(f.noisePct)})</td><td>${f.examples
                .map((e) => `id ${esc(e.id)} <code>${esc(e.at)}</code>: <code>${esc(show(e.v1))}</code> ≠ <code>${esc(show(e.v2))}</code>`)
                .join('<br>')}</td></tr>`,
          )
          .join('')}</tbody></table>`;
  const list = (items: string[]) => (items.length ? `<ul>${items.join('')}</ul>` : '');
  const sections = r.resources
    .map(
      (x) =>
        `<section><h2>${esc(x.resource)}</h2>${x.rule ? `<p>Read through the catalogue rule <code>${esc(x.rule.id)}</code> (${esc(x.rule.fidelity)})${x.rule.lost.length ? `, which declares lost: ${esc(x.rule.lost.join('; '))}` : ''}.</p>` : ''}<p>${x.compared} compared · ${x.identical} identical · ${x.differing} differing · ${x.noiseOnly} explained (noise or declared loss) · ${x.withUnmatched} with unmatched fields · ${x.missing} missing on one side · ${x.absent} absent on both · ${x.probed} probed A/A</p>${table(x)}` +
        (x.unmatched.length ? `<h3>Fields on one side only (not differences)</h3>${list(x.unmatched.map((u) => `<li><code>${esc(u.path)}</code> ${u.side} (${u.records})</li>`))}` : '') +
        (x.expected.length ? `<h3>Expected losses the catalogue declares</h3>${list(x.expected.map((e) => `<li><code>${esc(e.path)}</code>: ${esc(e.message)} (${e.records})</li>`))}` : '') +
        '</section>',
    )
    .join('');
  const writes = r.writes.length
    ? `<section><h2>Write round trips</h2>${list(r.writes.map((w) => `<li>${esc(w.resource)} ${esc(w.direction)} (id ${esc(w.id)}): ${w.differences.length ? `${w.differences.length} differences` : 'same'}${w.cleaned ? ', cleaned up' : ', NOT cleaned up'}</li>`))}</section>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>hdmigrate verify report</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d2330;max-width:1100px}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}
.status{padding:.6rem 1rem;border-radius:6px;font-weight:600}
.ok{background:#e3f5e8;color:#14532d}.bad{background:#fde7e7;color:#7f1d1d}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border-bottom:1px solid #dde1e8;padding:.3rem .5rem;text-align:left;vertical-align:top}
tr.difference td:first-child{border-left:4px solid #c0392b}tr.noise td:first-child,tr.listed-noise td:first-child,tr.declared-loss td:first-child{border-left:4px solid #b9c2d0}
code{font:12px ui-monospace,monospace;background:#f3f5f8;padding:0 .2rem}
svg text{font:12px ui-monospace,monospace;fill:#1d2330}svg text.flag{fill:#c0392b;font-weight:700}svg text.num{fill:#4b5563}
svg .raw{fill:#2f4b7c}svg .noise{fill:#a9bfe0}
</style></head><body>
<h1>hdmigrate verify</h1>
<p>v1 <code>${esc(r.v1Base)}</code> against v2 <code>${esc(r.base)}</code> · thresholds: relative ${r.thresholds.relative}%, absolute ${r.thresholds.absolute}% (Diffy's rule: a field is a difference only when raw &gt; noise and both thresholds are passed)</p>
<p class="status ${r.parity ? 'ok' : 'bad'}">${r.parity ? 'Parity' : 'Not at parity'}: ${r.totals.compared} records compared, ${r.totals.identical} identical, ${r.totals.differing} differing, ${r.totals.noiseOnly} with explained differences only, ${r.totals.absent} found on neither side; ${r.totals.differingFields} fields differ beyond noise.</p>
<h2>Differences by field: raw against noise</h2>
${chart(fields)}
${sections}${writes}
</body></html>
`;
}
