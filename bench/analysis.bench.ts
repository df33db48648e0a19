/**
 * Never hang: the shared analysis (what the audit runs per file) and the codemod (analysis,
 * planning, span edits, re-parse) on generated legacy files of 1k to 20k lines, written in the
 * styles real v1 integrations use (a callback client library with one generic request helper and
 * URL builders, piecewise payloads, FormData bracket keys, Express routes, a config object, 403
 * retry logic, jQuery). Reported as time per 1,000 lines against parsing alone (babel, the same
 * parse the analysis starts with), and as linearity: time per line at 20k over time per line at 1k.
 *
 *   npx tsx bench/analysis.bench.ts [--rounds 3] [--json]
 *
 * Targets: analysis ≤ 25x a parse, codemod ≤ 60x a parse (both plan every call of a file that is
 * nothing but v1 calls), and per-line cost at 20k lines ≤ 2x the cost at 1k (close to linear).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { analyzeSource, FsModuleLoader, parseForAnalysis } from '../src/analysis/index.ts';
import { loadCatalogue } from '../src/catalogue/index.ts';
import { codemodSource } from '../src/codemod/project.ts';

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}
const ROUNDS = arg('rounds', 3);
const JSON_OUT = process.argv.includes('--json');

/** One block of legacy code (~40 lines), numbered so names do not collide. */
function block(i: number): string {
  return `
// ---- block ${i}
function ticketUrl${i}(id) { return config.base + '/helpdesk/tickets/' + id + '.json'; }
Client.prototype.getTicket${i} = function (id, cb) {
  this.request(ticketUrl${i}(id), 'GET', null, function (err, body) {
    if (err) return cb(err);
    var t = JSON.parse(body).helpdesk_ticket;
    cb(null, { id: t.display_id, status: t.status_name, due: t.frDueBy });
  });
};
Client.prototype.addNote${i} = function (id, text, cb) {
  var note = {};
  note.helpdesk_note = {};
  note.helpdesk_note.body = text;
  note.helpdesk_note['private'] = true;
  this.request('/helpdesk/tickets/' + id + '/conversations/note.json', 'POST', note, cb);
};
app.post('/hooks/order${i}', function (req, res) {
  var form = new FormData();
  form.append('helpdesk_ticket[subject]', 'Order ' + req.body.id);
  form.append('helpdesk_ticket[custom_field][order_${i}_42]', req.body.id);
  request.post({ url: config.base + '/helpdesk/tickets.json', formData: form }, function (err, r, body) {
    if (r && r.statusCode === 403 && r.headers['retry-after']) return setTimeout(function () { res.sendStatus(503); }, 1000);
    if (r.statusCode === 200) res.json({ ok: true, id: JSON.parse(body).helpdesk_ticket.display_id });
  });
});
function listContacts${i}(email) {
  return $.ajax({ url: config.base + '/contacts.json?state=all&query=email%20is%20' + encodeURIComponent(email), type: 'GET' })
    .then(function (users) { return users.map(function (u) { return u.user.email; }); });
}
async function groups${i}() {
  const res = await axios.get(\`\${config.base}/groups.json\`);
  return res.data.map((g) => g.group.name);
}
function helper${i}(a, b) { return a + b * ${i}; }
`;
}

function legacyFile(lines: number): string {
  const head = `'use strict';
var request = require('request');
var axios = require('axios');
var FormData = require('form-data');
var express = require('express');
var app = express();
var config = { base: process.env.HELPDESK_URL, key: process.env.HELPDESK_KEY };
function Client() {}
Client.prototype.request = function (url, verb, data, cb) {
  request({ url: config.base + url, method: verb, json: data, auth: { user: config.key, pass: 'X' } }, function (err, res, body) {
    if (res && res.statusCode === 403) return setTimeout(function () { Client.prototype.request(url, verb, data, cb); }, 60000);
    cb(err, body);
  });
};
`;
  let text = head;
  for (let i = 0; text.split('\n').length < lines; i++) text += block(i);
  return `${text}module.exports = Client;\n`;
}

async function best(fn: () => unknown): Promise<number> {
  let min = Infinity;
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await fn();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

interface Row {
  name: string;
  value: number;
  baseline: number;
  ratio: number;
  target: number;
  met: boolean;
}

const cat = loadCatalogue();
const dir = mkdtempSync(path.join(tmpdir(), 'hdm-analysis-bench-'));
const rows: Row[] = [];
const perLine: Record<string, Record<number, number>> = { analysis: {}, codemod: {}, parse: {} };
try {
  // warm up (JIT, module loading) on a small file first: the 1k line would carry it otherwise
  {
    const text = legacyFile(1000);
    const file = path.join(dir, 'warmup.js');
    writeFileSync(file, text);
    for (let i = 0; i < 2; i++) {
      parseForAnalysis(text, file);
      analyzeSource(text, file, { catalogue: cat, loader: new FsModuleLoader() });
      codemodSource(text, file, { catalogue: cat });
    }
  }
  for (const lines of [1000, 5000, 10_000, 20_000]) {
    const text = legacyFile(lines);
    const n = text.split('\n').length;
    const file = path.join(dir, `legacy-${lines}.js`);
    writeFileSync(file, text);
    const parse = await best(() => parseForAnalysis(text, file));
    const analysis = await best(() => analyzeSource(text, file, { catalogue: cat, loader: new FsModuleLoader() }));
    const codemod = await best(() => codemodSource(text, file, { catalogue: cat }));
    const r = codemodSource(text, file, { catalogue: cat });
    perLine.parse![lines] = parse / n;
    perLine.analysis![lines] = analysis / n;
    perLine.codemod![lines] = codemod / n;
    const k = (ms: number) => ((ms / n) * 1000).toFixed(1);
    if (!JSON_OUT) {
      process.stdout.write(
        `${String(n).padStart(6)} lines | parse ${k(parse)} ms/1k lines | analysis ${k(analysis)} ms/1k (${(analysis / parse).toFixed(1)}x) | codemod ${k(codemod)} ms/1k (${(codemod / parse).toFixed(1)}x) | codemod status ${r.status}${r.reason ? ` (${r.reason})` : ''}\n`,
      );
    }
    rows.push({ name: `analysis ${lines} lines vs parse`, value: analysis, baseline: parse, ratio: analysis / parse, target: 25, met: analysis / parse <= 25 });
    rows.push({ name: `codemod ${lines} lines vs parse`, value: codemod, baseline: parse, ratio: codemod / parse, target: 60, met: codemod / parse <= 60 && r.status !== 'error' });
  }
  for (const tool of ['analysis', 'codemod'] as const) {
    const small = perLine[tool]![1000]!;
    const large = perLine[tool]![20_000]!;
    rows.push({ name: `${tool} per-line cost 20k vs 1k lines`, value: large * 1000, baseline: small * 1000, ratio: large / small, target: 2, met: large / small <= 2 });
    if (!JSON_OUT) process.stdout.write(`${tool}: time per line at 20k lines is ${(large / small).toFixed(2)}x the time per line at 1k (target ≤ 2)\n`);
  }
  if (JSON_OUT) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
