/**
 * The parts behind the fixtures: URL text distribution, the prefilter, the worker pool, refusing
 * outputs that would not parse, shared constants, and the parser chosen per extension.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/index.ts';
import { Modules } from '../../src/codemod/modules.ts';
import { ParsedFile, parserFor } from '../../src/codemod/parse.ts';
import { moduleOf, type Module, type Piece, type TextPiece } from '../../src/codemod/pieces.ts';
import { applyWork, codemodSource } from '../../src/codemod/project.ts';
import { collect, runCodemod } from '../../src/codemod/run.ts';
import { analyseUrl, buildNewUrl, distribute, findPathStart } from '../../src/codemod/url.ts';

const cat = loadCatalogue();

/** Pieces of the string literals and identifiers of `a + b + ...` in a tiny module. */
function piecesOf(code: string): Piece[] {
  const pf = ParsedFile.parse('/virtual/x.js', `const url = ${code};`);
  const mod: Module = moduleOf(pf);
  const out: Piece[] = [];
  const visit = (n: any): void => {
    if (n.type === 'BinaryExpression') {
      visit(n.left);
      visit(n.right);
    } else if (n.type === 'Literal' && typeof n.value === 'string') {
      out.push({ kind: 'text', mod, node: n, value: n.value, start: n.start + 1, end: n.end - 1, quote: "'", via: [] } as TextPiece);
    } else out.push({ kind: 'expr', mod, node: n, via: [] });
  };
  visit(pf.ast.program.body[0].declarations[0].init);
  return out;
}

describe('URL text', () => {
  it('finds where the v1 path starts after a scheme, a dynamic base or at a slash', () => {
    expect(findPathStart('https://acme.freshdesk.com/helpdesk/tickets.json')).toBe(26);
    expect(findPathStart('73190000' + '9137/helpdesk/tickets.json')).toBe(12);
    expect(findPathStart('/helpdesk/tickets.json')).toBe(0);
    expect(findPathStart('helpdesk/tickets.json')).toBe(0);
    expect(findPathStart('GET /helpdesk/tickets.json')).toBeNull();
  });

  it('puts each change in the piece that holds it (a shared base keeps its text)', () => {
    const pieces = piecesOf("'http://acme.freshdesk.com' + '/helpdesk/tickets/' + id + '.json'");
    const a = analyseUrl(cat, pieces)!;
    expect(a.matches.length).toBeGreaterThan(0);
    const t = cat.translate({ method: 'PUT', target: a.target });
    const next = buildNewUrl(a, t.calls[0]!, new Map());
    const d = distribute(a, next.text);
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(d.textEdits.map((e) => [e.piece.value, e.value])).toEqual([
      ['http://acme.freshdesk.com', 'https://acme.freshdesk.com'],
      ['/helpdesk/tickets/', '/api/v2/tickets/'],
      ['.json', ''],
    ]);
  });

  it('keeps query parameters that do not change as they were written', () => {
    const pieces = piecesOf("'/helpdesk/tickets.json?email=a%40b.test&filter_name=all_tickets&page=' + page");
    const a = analyseUrl(cat, pieces)!;
    const t = cat.translate({ method: 'GET', target: a.target });
    const next = buildNewUrl(a, t.calls[0]!, new Map());
    expect(next.text).toMatch(/^\/api\/v2\/tickets\?email=a%40b\.test&page=7319\d{4}9137$/);
  });
});

describe('parsing', () => {
  it('chooses the parser by extension (never TSX for .ts)', () => {
    expect(parserFor('a.ts')).toBe('ts');
    expect(parserFor('a.tsx')).toBe('tsx');
    expect(parserFor('a.js')).toBe('babel');
    expect(parserFor('a.md')).toBeNull();
    // `<T>x` casts only parse with the ts grammar
    expect(() => ParsedFile.parse('/v/a.ts', 'const x = <any>y;')).not.toThrow();
  });

  it('leaves a file that does not parse untouched and says why', () => {
    const r = codemodSource("fetch('/helpdesk/tickets.json' +;\n", '/virtual/broken.js');
    expect(r.status).toBe('error');
    expect(r.reason).toMatch(/does not parse/);
    expect(r.after).toBeUndefined();
  });

  it('refuses an output that would not parse and leaves the file as it was', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hdm-parse-'));
    try {
      const file = path.join(dir, 'a.js');
      writeFileSync(file, 'const a = 1;\n');
      const r = applyWork(new Modules(), { file, edits: [{ start: 10, end: 11, text: '(' }], markers: [], changes: [], notes: [] });
      expect(r.status).toBe('error');
      expect(r.reason).toMatch(/would not parse/);
      expect(r.after).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('runs', () => {
  let tree: string;
  beforeAll(() => {
    tree = mkdtempSync(path.join(tmpdir(), 'hdm-tree-'));
    for (const c of ['axios-create-ticket', 'shared-constants', 'callback-flow', 'ticket-filters', 'no-change-v2-client', 'no-change-redmine']) {
      cpSync(path.join('fixtures/codemod', c, 'input.js'), path.join(tree, `${c}.js`));
    }
    cpSync('fixtures/codemod/cross-module-js/input', path.join(tree, 'cross'), { recursive: true });
    cpSync('fixtures/codemod/build-twins/input', path.join(tree, 'twins'), { recursive: true });
    cpSync('fixtures/codemod/axios-create-ticket/input.js', path.join(tree, 'node_modules/dep/index.js'));
    cpSync('fixtures/codemod/axios-create-ticket/input.js', path.join(tree, 'dist/bundle.js'));
    writeFileSync(path.join(tree, 'plain.js'), 'module.exports = () => 42;\n');
  });
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  it('parses only files that pass the prefilter (and the modules they import from)', () => {
    const c = collect([tree]);
    const rel = (l: { rel: string }[]) => l.map((f) => f.rel).sort();
    expect(rel(c.files)).toContain('axios-create-ticket.js');
    expect(rel(c.files)).toContain('cross/lib/paths.js');
    expect(rel(c.others)).toEqual(['cross/index.js', 'cross/lib/api.js', 'no-change-v2-client.js', 'plain.js']);
    expect(c.skipped.map((s) => s.file)).toEqual(expect.arrayContaining(['node_modules/', 'dist/', 'twins/src/client.js']));
  });

  it('never touches dependencies, build output or compiled twins', async () => {
    const r = await runCodemod([tree], { workers: 0 });
    const files = r.results.map((x) => x.file);
    expect(files.some((f) => f.startsWith('node_modules/') || f.startsWith('dist/'))).toBe(false);
    expect(files).not.toContain('twins/src/client.js');
    expect(r.results.find((x) => x.file === 'plain.js')?.status).toBe('unchanged');
    expect(r.results.find((x) => x.file === 'no-change-redmine.js')?.status).toBe('unchanged');
  });

  it('gives the same result in a worker pool as in one thread', async () => {
    const one = await runCodemod([tree], { workers: 0 });
    const pool = await runCodemod([tree], { workers: 2 });
    const view = (r: typeof one) => r.results.map((x) => [x.file, x.status, x.after ?? null, x.markers.length]);
    expect(view(pool)).toEqual(view(one));
    expect(pool.summary).toEqual(one.summary);
  });
});

describe('markers', () => {
  it('one marker per concern: a payload built line by line is marked once, not on every line', () => {
    const src = `var request = require('request');
exports.list = function (cb) { request({ url: 'https://acme.freshdesk.com/helpdesk/tickets.json', json: true }, cb); };
function build(text) {
  var data = { helpdesk_note: {} };
  data.helpdesk_note.body = text;
  data.helpdesk_note.private = false;
  return data;
}
exports.build = build;
`;
    const out = codemodSource(src, '/virtual/payload.js', { catalogue: cat });
    const notes = out.markers.filter((m) => m.rule === 'notes.create');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.line).toBe(4);
    // and a second run adds nothing
    const again = codemodSource(out.after!, '/virtual/payload.js', { catalogue: cat });
    expect(again.markers.filter((m) => !m.existing)).toEqual([]);
  });
});

describe('never a rewrite v2 would refuse', () => {
  it('leaves a call on v1 when its URL starts with an http:// other code shares (v2 is HTTPS only) or its body carries an unknown field beside the wrapper', () => {
    // the scheme is a constant another URL reads too: making it https is not this call's to decide
    const http = `var needle = require('needle');
var SCHEME = "http://";
var fdUrl = SCHEME + API_KEY + ":X@" + FD_ENDPOINT + "/helpdesk/tickets.json";
var statusUrl = SCHEME + "status.example.org/ping";
needle.post(fdUrl, { 'helpdesk_ticket[subject]': 's', 'helpdesk_ticket[email]': 'a@b.example' }, { multipart: true }, function (err, resp) { console.log(resp.statusCode); });
`;
    const a = codemodSource(http, '/virtual/http.js', { catalogue: cat });
    expect(a.after ?? http).toContain('/helpdesk/tickets.json');
    expect(a.after ?? http).toContain('var SCHEME = "http://";');
    expect(a.markers.map((m) => m.text).join('\n')).toMatch(/starts with http:\/\/ where it is built/);
    // written in the URL's own concatenation (the vendor's needle sample): changed with the rest of the URL
    const own = http
      .replace('var SCHEME = "http://";\n', '')
      .replace('SCHEME + API_KEY', '"http://" + API_KEY')
      .replace('var statusUrl = SCHEME + "status.example.org/ping";\n', '')
      .replace('function (err, resp) { console.log(resp.statusCode); }', 'function (err, resp, body) { console.log(body); }');
    const o = codemodSource(own, '/virtual/own.js', { catalogue: cat });
    expect(o.after).toContain('var fdUrl = "https://" + API_KEY + ":X@" + FD_ENDPOINT + "/api/v2/tickets";');
    expect(o.after).toContain("{ 'subject': 's', 'email': 'a@b.example' }");
    expect(o.markers).toEqual([]);
    // the same call kept on v1 for another reason (its status handed on, which v2 changes): its marker says https too
    const kept = own.replace('function (err, resp, body) { console.log(body); }', 'function (err, resp) { done(resp.statusCode); }');
    const k = codemodSource(kept, '/virtual/kept.js', { catalogue: cat });
    expect(k.after).toContain('"http://" + API_KEY');
    expect(k.markers.map((m) => m.text).join('\n')).toMatch(/uses the status in a way no rewrite makes right[\s\S]*starts with http:\/\/ where it is built/);
    // printed only: the same in v1 and v2, the call migrates
    const printed = own.replace('function (err, resp, body) { console.log(body); }', 'function (err, resp) { console.log(resp.statusCode); }');
    expect(codemodSource(printed, '/virtual/printed.js', { catalogue: cat }).markers).toEqual([]);
    const sibling = `function createCategory() {
  var payload = '{"solution_category":{"name":"API test"},"tags":{"name":""}}';
  var response = UrlFetchApp.fetch('https://acme.freshdesk.com/solution/categories.json', { method: 'post', payload: payload, contentType: 'application/json' });
  Logger.log(response.getResponseCode());
}
`;
    const b = codemodSource(sibling, '/virtual/sibling.js', { catalogue: cat });
    expect(b.after ?? sibling).toContain(`'{"solution_category":{"name":"API test"},"tags":{"name":""}}'`);
    expect(b.after ?? sibling).toContain("'https://acme.freshdesk.com/solution/categories.json'");
    expect(b.markers.map((m) => m.text).join('\n')).toMatch(/tags beside the solution_category wrapper/);
  });

  it('moves a unirest .field(fields).attach(…) chain as one unit, and never the URL of one whose keys it cannot write', () => {
    const src = `var unirest = require('unirest');
var URL = 'https://acme.freshdesk.com' + '/helpdesk/tickets.json';
var fields = { 'helpdesk_ticket[email]': 'a@b.example', 'helpdesk_ticket[subject]': 's' };
unirest.post(URL).field(fields).attach('helpdesk_ticket[attachments][][resource]', 'a.png').end(function (r) { console.log(r.body); });
`;
    const out = codemodSource(src, '/virtual/unirest.js', { catalogue: cat });
    expect(out.after).toContain("var URL = 'https://acme.freshdesk.com' + '/api/v2/tickets';");
    expect(out.after).toContain("var fields = { 'email': 'a@b.example', 'subject': 's' };");
    expect(out.after).toContain(".attach('attachments[]', 'a.png')");
    expect(out.markers).toEqual([]);
    // an attachment key built at run time: nothing of the call moves
    const built = src.replace("attach('helpdesk_ticket[attachments][][resource]', 'a.png')", "attach('helpdesk_ticket[' + kind + ']', 'a.png')");
    const b = codemodSource(built, '/virtual/unirest-built.js', { catalogue: cat });
    expect(b.after ?? built).toContain("'/helpdesk/tickets.json'");
    expect(b.after ?? built).toContain("'helpdesk_ticket[email]'");
    expect(b.markers.map((m) => m.text).join('\n')).toMatch(/a field name under helpdesk_ticket is computed/);
  });
});
