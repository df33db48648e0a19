/**
 * The call model: one CallModel per v1 call with its body, wrappers, reads, escapes and 403
 * checks, and the verdict both tools follow.
 */
import { describe, expect, it } from 'vitest';
import { analyzeSource, callModels, callVerdict, FsModuleLoader, readChangeText } from '../../src/analysis/index.ts';
import { loadCatalogue } from '../../src/catalogue/index.ts';
import { codemodSource } from '../../src/codemod/project.ts';

const cat = loadCatalogue();
const FILE = '/virtual/lib/client.js';

function models(source: string) {
  const r = analyzeSource(source, FILE, { catalogue: cat, loader: new FsModuleLoader() });
  return callModels(r, FILE);
}

const LIBRARY = `var request = require('request');
function Client(url) { this.url = url; }
Client.prototype.put = function (path, data, cb) { request.put({ url: this.url + path, json: data }, cb); };
Client.prototype.restoreTicket = function (id, cb) { return this.put('/helpdesk/tickets/' + id + '/restore.json', cb); };
Client.prototype.assignTicket = function (id, userId, cb) { return this.put('/helpdesk/tickets/' + id + '/assign.json?responder_id=' + userId, cb); };
module.exports = Client;
`;

describe('call model', () => {
  it('never takes a callback for a request body', () => {
    const ms = models(LIBRARY);
    expect(ms.map((m) => m.rule)).toEqual(['tickets.restore', 'tickets.assign']);
    for (const m of ms) expect(m.body).toBeUndefined();
    // and the codemod never drops the query into a callback's place: the calls stay v1, marked
    const out = codemodSource(LIBRARY, FILE, { catalogue: cat });
    expect(out.status).not.toBe('error');
    expect(out.after ?? LIBRARY).toContain("'/assign.json?responder_id=' + userId, cb)");
  });

  it('never takes a callback for a request body through a function of the repo either', () => {
    const src = `var request = require('request');
var BASE = 'https://acme.freshdesk.com';
function call(method, path, body, cb) { request({ method: method, url: BASE + path, json: body }, cb); }
exports.pick = function (id, cb) { call('PUT', '/helpdesk/tickets/' + id + '/pick_tickets.json', function (err, res) { cb(err, res && res.statusCode); }); };
`;
    const ms = models(src);
    expect(ms.map((m) => m.rule)).toEqual(['tickets.pick']);
    expect(ms[0]!.body).toBeUndefined();
    const out = codemodSource(src, FILE, { catalogue: cat });
    expect(out.status).not.toBe('error');
    // no body was written into the callback's place
    expect(out.after ?? src).toContain('function (err, res) { cb(err, res && res.statusCode); }); };');
  });

  it('reads a client it does not know from its options (`x.request({ url, method })`), and one marker lists every part left', () => {
    const src = `var httpsync = require('httpsync');
var fdUrl = 'http://' + process.env.FD_KEY + ':X@' + process.env.FD_HOST + '/helpdesk/tickets.json';
var payload = { helpdesk_ticket: { subject: 'Printer on fire', email: 'ops@example.com', priority: 4, status: 2 } };
var req = httpsync.request({ url: fdUrl, method: 'POST', headers: { 'Content-Type': 'application/json' } });
req.write(JSON.stringify(payload));
console.log(req.end());
`;
    const ms = models(src);
    expect(ms.map((m) => [m.rule, m.method])).toEqual([['tickets.create', 'POST']]);
    expect(ms[0]!.wrappers.map((w) => w.name)).toEqual(['helpdesk_ticket']);
    const out = codemodSource(src, FILE, { catalogue: cat });
    expect(out.after ?? src).toContain("'/helpdesk/tickets.json'");
    expect(out.markers).toHaveLength(1);
    // the status v2 changes (a client not seen) and the http:// that stays: both on the one marker
    expect(out.markers[0]!.text).toContain('v2 answers 201 where v1 answered 200');
    expect(out.markers[0]!.text.match(/the URL starts with http:\/\//g)).toHaveLength(1);
  });

  it('says each change a read meets the way a person would fix it', () => {
    expect(readChangeText({ v1: 'display_id', v2: 'id' })).toBe('display_id is id in v2');
    expect(readChangeText({ v1: 'helpdesk_ticket', v2: null, reason: 'v2 answers the helpdesk_ticket object itself, not wrapped' })).toBe(
      'helpdesk_ticket: v2 answers the helpdesk_ticket object itself, not wrapped (drop .helpdesk_ticket from the read)',
    );
    expect(readChangeText({ v1: 'status_name', v2: null, reason: 'derived' })).toBe('status_name has no v2 field (derived)');
    expect(readChangeText({ v1: 'name', v2: 'name', reason: 'custom names lose the _<account_id> suffix' })).toBe('name changes in v2: custom names lose the _<account_id> suffix');
    // a rename whose value changes form says so: following the rename alone reads it wrong
    expect(readChangeText({ v1: 'timespent', v2: 'time_spent', reason: 'decimal hours "1.50" ↔ "hh:mm"', reshaped: true })).toBe('timespent is time_spent in v2, and its value changes: decimal hours "1.50" ↔ "hh:mm"');
  });

  it('gives the audit every reason the codemod has to keep a call on v1: a key beside the wrapper, a bare http:// scheme', () => {
    const beside = models(`const axios = require('axios');
axios.post('https://acme.freshdesk.com/solution/categories.json', { solution_category: { name: 'API' }, tags: { name: '' } });
`);
    expect(callVerdict(beside[0]!, cat).needs.join('\n')).toContain('tags beside the solution_category wrapper');
    const asString = models(`const axios = require('axios');
axios.post('https://acme.freshdesk.com/solution/categories.json', '{"solution_category":{"name":"API"},"tags":{"name":""}}', { headers: { 'Content-Type': 'application/json' } });
`);
    expect(callVerdict(asString[0]!, cat).needs.join('\n')).toContain('tags beside the solution_category wrapper');
    // a bare http:// that is a constant of its own (other code may read it) stays with a human
    const bare = models(`const axios = require('axios');
const SCHEME = 'http://';
const url = SCHEME + process.env.KEY + ':X@' + process.env.HOST + '/helpdesk/tickets/' + 5 + '.json';
axios.delete(url);
`);
    expect(callVerdict(bare[0]!, cat).needs.join('\n')).toContain('the URL starts with http:// where it is built');
    // one written in the URL's own concatenation is changed with the URL: no need on its own
    const inline = models(`const axios = require('axios');
const url = 'http://' + process.env.KEY + ':X@' + process.env.HOST + '/helpdesk/tickets/' + 5 + '.json';
axios.delete(url);
`);
    expect(callVerdict(inline[0]!, cat)).toEqual({ auto: true, needs: [] });
    // what the codemod makes of each: left on v1
    for (const src of [`const axios = require('axios');\naxios.post('https://acme.freshdesk.com/solution/categories.json', { solution_category: { name: 'API' }, tags: { name: '' } });\n`]) {
      expect(codemodSource(src, FILE, { catalogue: cat }).after ?? src).toContain('/solution/categories.json');
    }
  });

  it('a unirest chain: the .field(fields) object is the body; an .attach key built at run time is a field name to write by hand', () => {
    const src = (key: string) => `var unirest = require('unirest');
var fields = { 'helpdesk_ticket[email]': 'a@b.example', 'helpdesk_ticket[subject]': 's' };
unirest.post('https://acme.freshdesk.com/helpdesk/tickets.json').field(fields).attach(${key}, 'a.png').end(function (r) { console.log(r.body); });
`;
    const literal = models(src("'helpdesk_ticket[attachments][][resource]'"));
    expect(literal[0]!.body).toBeDefined();
    expect(callVerdict(literal[0]!, cat)).toEqual({ auto: true, needs: [] });
    const built = models(src("'helpdesk_ticket[' + kind + ']'"));
    expect(callVerdict(built[0]!, cat).needs.join('\n')).toContain('a field name under helpdesk_ticket is computed');
  });

  it('finds a URL with blanks typed before .json (the legacy server took it) and leaves it to a human', () => {
    const src = `var request = require('request');
exports.update = function (body, cb) {
  request.put({ url: 'https://acme.freshdesk.com/helpdesk/tickets/' + body.id + '  .json', body: { helpdesk_ticket: { priority: 2 } }, json: true }, cb);
};
`;
    const ms = models(src);
    expect(ms.map((m) => m.rule)).toEqual(['tickets.update']);
    expect(callVerdict(ms[0]!, cat).needs).toContain('blanks before the .json suffix: write the v2 URL by hand');
    const out = codemodSource(src, FILE, { catalogue: cat });
    expect(out.after ?? src).toContain("+ '  .json'");
    expect(out.markers.map((m) => m.rule)).toEqual(['tickets.update']);
  });

  it('groups the body, its wrappers and the reads traced to the call', () => {
    const ms = models(`const axios = require('axios');
async function escalate(subject) {
  const data = { helpdesk_ticket: { subject, ticket_type: 'Incident' } };
  const res = await axios.post('https://acme.freshdesk.com/helpdesk/tickets.json', data);
  return res.data.helpdesk_ticket.display_id;
}
escalate('x').then(console.log);
`);
    expect(ms).toHaveLength(1);
    const m = ms[0]!;
    expect(m.rule).toBe('tickets.create');
    expect(m.body).toBeTruthy();
    expect(m.wrappers.map((w) => w.name)).toEqual(['helpdesk_ticket']);
    expect(m.wrappers[0]!.fields?.find((f) => f.v1 === 'ticket_type')?.literal).toBe(true);
    expect(m.reads.flatMap((r) => r.fields.map((f) => f.v1))).toContain('display_id');
    expect(m.files).toEqual([FILE]);
    expect(callVerdict(m, cat)).toEqual({ auto: true, needs: [] });
  });

  it('records a response that leaves the code seen, and the verdict keeps such a call on v1', () => {
    const [m] = models(`const request = require('request');
module.exports.getTicket = function (id, callback) {
  request.get({ url: 'https://acme.freshdesk.com/helpdesk/tickets/' + id + '.json', json: true }, callback);
};
`);
    expect(m!.escapes[0]).toMatch(/the callback callback/);
    const v = callVerdict(m!, cat);
    expect(v.auto).toBe(false);
    expect(v.needs.join('\n')).toMatch(/the v1 response goes to the callback callback/);
  });

  it('lists every part a human must do: a field v2 does not send, a 403 test that is not simple', () => {
    const [m] = models(`const axios = require('axios');
const RETRY = [403, 503];
async function show(id) {
  try {
    const res = await axios.get('https://acme.freshdesk.com/helpdesk/tickets/' + id + '.json');
    console.log(res.data.helpdesk_ticket.status_name);
  } catch (e) {
    if (RETRY.includes(e.response.status) && e.response.headers['retry-after']) return show(id);
  }
}
show(1);
`);
    const v = callVerdict(m!, cat);
    expect(v.auto).toBe(false);
    expect(v.needs.some((n) => n.startsWith('status_name is read'))).toBe(true);
  });

  it('says a query value the code computes is a run-time value, never the stand-in the catalogue saw', () => {
    const src = `const https = require('https');
function inbox(settings, done) {
  https.get({ host: settings.host, path: '/helpdesk/tickets.json?filter_name=' + settings.view, auth: settings.key + ':X' }, (res) => done(res.statusCode));
}
module.exports = inbox;
`;
    const needs = callVerdict(models(src)[0]!, cat).needs.join('\n');
    expect(needs).toContain('query.filter: its value comes from settings.view at run time');
    expect(needs).not.toMatch(/7319\d{4}/);
  });
});

describe('what the audit follows as the codemod does', () => {
  it('follows an XHR answer from the object it was opened on, to where it is stored', () => {
    const src = `var Inbox = {
  load: function () {
    var xhr = new XMLHttpRequest();
    xhr.open('GET', 'https://acme.freshdesk.com/helpdesk/tickets.json', false);
    xhr.send();
    var list = JSON.parse(xhr.responseText);
    return { tickets: list, total: list.length };
  },
};
`;
    const [m] = models(src);
    expect(m!.escapes.join()).toContain('an object property');
    expect(callVerdict(m!, cat).auto).toBe(false);
  });

  it('takes a module that names only the other product, whose requests are built elsewhere, for that product', () => {
    const src = `const request = require('request');
const service = require('./lib/freshservice');
function view(id, reply) {
  request(service.url('/helpdesk/tickets/' + id + '.json'), (err, res, body) => reply(body.helpdesk_ticket.subject));
}
module.exports = view;
`;
    const [m] = models(src);
    expect(callVerdict(m!, cat).needs.join()).toContain('Freshservice');
  });
});

describe('--callers v2: the code\'s own callers take v2 shapes', () => {
  const LIB = `var request = require('request');
function Desk(base) { this.base = base; }
Desk.prototype.getTicket = function (id, cb) {
  request.get({ url: this.base + '/helpdesk/tickets/' + id + '.json', json: true }, function (err, res, body) { cb(err, body); });
};
Desk.prototype.update = function (id, fields, cb) {
  request.put({ url: this.base + '/helpdesk/tickets/' + id + '.json', json: fields }, function (err, res, body) { cb(err, body); });
};
Desk.prototype.own = function (id, cb) {
  request.get({ url: this.base + '/helpdesk/tickets/' + id + '.json', json: true }, function (err, res, body) { cb(err, body); });
};
Desk.prototype.title = function (id, cb) { this.own(id, function (e, t) { cb(e, t); }); };
module.exports = Desk;
`;

  it('keeps a call whose answer or body crosses to callers on v1 by default, and says why', () => {
    const [view, update] = models(LIB);
    const v = callVerdict(view!, cat);
    expect(v.auto).toBe(false);
    expect(v.needs.join('\n')).toContain('the callback cb');
    expect(update!.bodyFromCallers).toBe(true);
    expect(callVerdict(update!, cat).needs.join('\n')).toContain('the body comes from elsewhere');
  });

  it('migrates such a call with callers v2, and says what the callers now get and send', () => {
    const [view, update, own] = models(LIB);
    const v = callVerdict(view!, cat, { callers: 'v2' });
    expect(v).toMatchObject({ auto: true, needs: [] });
    expect(v.contract).toContain('callers now get the v2 answer (without the helpdesk_ticket wrapper');
    expect(v.contract).toContain('notes only from a second v2 call');
    const u = callVerdict(update!, cat, { callers: 'v2' });
    expect(u.auto).toBe(true);
    expect(u.contract).toContain('send its fields without the helpdesk_ticket wrapper');
    // a method this module calls itself (this.own): its callers are here, not the contract's
    const o = callVerdict(own!, cat, { callers: 'v2' });
    expect(o.auto).toBe(false);
    expect(own!.callerEscapes).toEqual([]);
  });

  it('finds other code reading a payload written outside the call, through builders and properties', () => {
    const body = (src: string) => models(`var axios = require('axios'); var audit = require('./audit');\n${src}\nmodule.exports = { go };\n`)[0]!.bodyReadElsewhere;
    const build = `function prep(s) { return { url: 'https://a.freshdesk.com/helpdesk/tickets.json', data: { helpdesk_ticket: { subject: s } } }; }`;
    expect(body(`${build}\nfunction go(s) { var t = prep(s); console.log(t.url); return axios.post(t.url, t.data).then(() => null); }`)).toBeUndefined();
    expect(body(`${build}\nfunction go(s) { var t = prep(s); audit.record(t.data); return axios.post(t.url, t.data).then(() => null); }`)).toBe('t.data at line 3');
    expect(body(`var P = { helpdesk_ticket: { status: 5 } };\nfunction go(id) { P.helpdesk_ticket.priority = 1; return axios.put('https://a.freshdesk.com/helpdesk/tickets/' + id + '.json', JSON.stringify(P)).then(() => null); }`)).toBeUndefined();
  });

  it('judges a validateStatus predicate by what it accepts: one that accepts every status needs nothing', () => {
    const preds = (fn: string) => models(`const axios = require('axios');
async function note(id) { const res = await axios.post('https://a.freshdesk.com/helpdesk/tickets/' + id + '/conversations/note.json', { helpdesk_note: { body: 'x' } }, { validateStatus: ${fn} }); return res.data.note.id; }
note(1);
`)[0]!.statusPredicates.length;
    expect(preds('() => true')).toBe(0);
    expect(preds('function () { return true; }')).toBe(0);
    expect(preds('(s) => s >= 200 && s < 300')).toBe(0);
    expect(preds('(s) => s === 200')).toBe(1);
    expect(preds('() => false')).toBe(1);
  });

  it('never takes a library\'s continuation for the code\'s own callers (async.waterfall steps, written there or by name)', () => {
    const step = (steps: string, extra = '') => models(`var async = require('async'); var request = require('request');
${extra}
async.waterfall(${steps}, function (err, email) { console.log(err, email); });
`);
    const inline = step(`[function (next) { request({ url: 'https://a.freshdesk.com/contacts/7.json', json: true }, function (e, r, body) { next(e, body); }); }, function (c, next) { next(null, c.user.email); }]`);
    expect(inline[0]!.escapes.join()).toContain('next');
    expect(inline[0]!.callerEscapes).toEqual([]);
    expect(callVerdict(inline[0]!, cat, { callers: 'v2' }).auto).toBe(false);
    const named = step('[find, open]', `function find(next) { request({ url: 'https://a.freshdesk.com/contacts/7.json', json: true }, function (e, r, body) { next(e, body); }); }
function open(c, next) { next(null, c.user.email); }`);
    expect(named[0]!.callerEscapes).toEqual([]);
    expect(callVerdict(named[0]!, cat, { callers: 'v2' }).auto).toBe(false);
  });

  it('takes an Express reply as the service\'s callers, and never a merge with another value', () => {
    const src = `const request = require('request');
module.exports = (app) => {
  app.get('/t/:id', (req, res) => {
    request.get({ url: 'https://acme.freshdesk.com/helpdesk/tickets/' + req.params.id + '.json', json: true }, (err, r, body) => res.status(200).json(body));
  });
  app.get('/c/:id', (req, res) => {
    request.get({ url: 'https://acme.freshdesk.com/helpdesk/tickets/' + req.params.id + '.json', json: true }, (err, r, body) => res.json(req.query.cached || body));
  });
};
`;
    const [reply, merged] = models(src);
    expect(reply!.callerEscapes.join()).toContain('json()');
    expect(callVerdict(reply!, cat, { callers: 'v2' }).auto).toBe(true);
    expect(callVerdict(merged!, cat, { callers: 'v2' }).auto).toBe(false);
  });

  it('knows whether nothing holds a call\'s answer, and then charges it no untraced read', () => {
    const ms = models(`var request = require('request');
function url(id) { return process.env.DESK + '/helpdesk/tickets/' + id + '.json'; }
function summary(body) { return body.helpdesk_ticket.subject; }
function close(id, cb) { request({ url: url(id), method: 'PUT', json: true, body: { helpdesk_ticket: { status: 5 } } }, (err) => cb(err)); }
function reopen(id, cb) { request({ url: url(id), method: 'PUT', json: true, body: { helpdesk_ticket: { status: 2 } } }, (err, res) => cb(err, res)); }
async function resolve(id) { const r = await fetch(url(id), { method: 'PUT', body: JSON.stringify({ helpdesk_ticket: { status: 4 } }) }); return r; }
async function pend(id) { await fetch(url(id), { method: 'PUT', body: JSON.stringify({ helpdesk_ticket: { status: 3 } }) }); }
function hold(id) { request({ url: url(id), method: 'PUT', json: true, body: { helpdesk_ticket: { status: 6 } } }, this.onDone); }
function coded(id) { $.ajax({ url: url(id), type: 'PUT', data: JSON.stringify({ helpdesk_ticket: { status: 7 } }), statusCode: { 200: function (d) { show(d); } } }); }
function unused(id) { request({ url: url(id), method: 'PUT', json: true, body: { helpdesk_ticket: { status: 8 } } }, function (err, res, body) { if (err) log(err); }); }
module.exports = { summary, close, reopen, resolve, pend, hold, coded, unused };
`);
    expect(ms.map((m) => [m.rule, m.answerDiscarded, m.untraced.length])).toEqual([
      ['tickets.update', true, 0],
      // (the response goes to the caller's callback, or is returned: a read elsewhere may be of it)
      ['tickets.update', false, 1],
      ['tickets.update', false, 1],
      ['tickets.update', true, 0],
      // (a callback the flow does not follow may read it: a name, a jQuery statusCode handler)
      ['tickets.update', false, 1],
      ['tickets.update', false, 1],
      // (parameters that take it, never read)
      ['tickets.update', true, 0],
    ]);
  });

  it('knows when a URL can be written out at the call', () => {
    const at = (helper: string, call: string) => models(`var axios = require('axios');
var config = require('./config.json');
const BASE = process.env.DESK;
let moving = 'x';
moving = process.env.OTHER;
${helper}
function go(req, id) { return axios.put(${call}, { helpdesk_ticket: { status: 5 } }).then(() => null); }
module.exports = { go };
`)[0]!.urlAtCall;
    expect(at(`function u(id) { return BASE + '/helpdesk/tickets/' + id + '.json'; }`, 'u(id)')).toBe(true);
    expect(at(`function u(id) { return config.domain + '/helpdesk/tickets/' + id + '.json'; }`, 'u(id)')).toBe(true);
    // a value of the helper's own parameter, a name written again, a name another scope declares too
    expect(at(`function u(r, id) { return r.headers.base + '/helpdesk/tickets/' + id + '.json'; }`, 'u(req, id)')).toBe(false);
    expect(at(`function u(id) { return moving + '/helpdesk/tickets/' + id + '.json'; }`, 'u(id)')).toBe(false);
    expect(at(`function u(id) { return BASE + '/helpdesk/tickets/' + id + '.json'; }\nfunction other(BASE) { return BASE; }`, 'u(id)')).toBe(false);
  });

  it('holds an answer code registered elsewhere sees (interceptors, hooks, global jQuery handlers, this.response)', () => {
    const held = (setup: string, call: string) => models(`var request = require('request'); var axios = require('axios');\n${setup}\nfunction summary(b) { return b.helpdesk_ticket.subject; }\nasync function close(id) { ${call} }\nmodule.exports = { summary, close };\n`)[0]!.answerDiscarded;
    const put = "await api.put('https://a.freshdesk.com/helpdesk/tickets/' + id + '.json', { helpdesk_ticket: { status: 5 } });";
    expect(held("const api = axios.create({});", put)).toBe(true);
    expect(held("const api = axios.create({}); api.interceptors.response.use((r) => { seen(r.data.helpdesk_ticket); return r; });", put)).toBe(false);
    expect(held('', "request.put({ url: 'https://a.freshdesk.com/helpdesk/tickets/' + id + '.json', json: { helpdesk_ticket: { status: 5 } } }, function (err) { log(this.response.body); });")).toBe(false);
  });

  it('leaves a callback it does not follow as an escape: a reassigned or imported function, a bound method, a parameter of any name', () => {
    const escapes = (src: string) => models(`var request = require('request');\nvar onTicket = require('./handlers').onTicket;\n${src}\nmodule.exports = { go };\n`).map((m) => m.escapes.join('; '));
    const req = (cb: string) => `request({ url: 'https://a.freshdesk.com/helpdesk/tickets/' + id + '.json', json: true }, ${cb})`;
    expect(escapes(`var show = function (e, r, b) { log(b.helpdesk_ticket); };\nshow = function (e, r, b) { log(b); };\nfunction go(id) { ${req('show')}; }`)).toEqual([expect.stringContaining('the callback show')]);
    expect(escapes(`function go(id) { ${req('onTicket')}; }`)).toEqual([expect.stringContaining('the callback onTicket')]);
    expect(escapes(`function go(id) { ${req('this.onTicket.bind(this)')}; }`)).toEqual([expect.stringContaining('the callback this.onTicket.bind(this)')]);
    expect(escapes(`function go(id, show) { ${req('show')}; }`)).toEqual([expect.stringContaining('the callback show')]);
    // followed: a function of the module named only here
    expect(escapes(`function print(e, r, b) { log(b.helpdesk_ticket.subject); }\nfunction go(id) { ${req('print')}; }`)).toEqual(['']);
  });

  it('follows a deferred resolved in one place only, and says when two calls\' answers meet in one parameter', () => {
    const ms = models(`var request = require('request'); var Q = require('q');
var cache = {};
function get(id) { var d = Q.defer(); if (cache[id]) d.resolve(cache[id]); else request({ url: 'https://a.freshdesk.com/helpdesk/tickets/' + id + '.json', json: true }, function (e, r, body) { d.resolve(body); }); return d.promise; }
function subject(id) { return get(id).then(function (t) { return t.helpdesk_ticket.subject; }); }
function render(t) { return t.helpdesk_ticket.subject; }
function a(id) { request({ url: 'https://a.freshdesk.com/helpdesk/tickets/' + id + '.json', json: true }, function (e, r, body) { render(body); }); }
function b(id) { request({ url: 'https://a.freshdesk.com/helpdesk/tickets/' + id + '.json', json: true }, function (e, r, body) { render(body); }); }
module.exports = { subject, a, b };
`);
    expect(ms.map((m) => [m.reads.length, m.escapes.length > 0])).toEqual([[0, true], [1, true], [0, true]]);
  });

  it('writes a URL out at the call only when the helper and constants give what was read', () => {
    const at = (src: string) => models(`var axios = require('axios');\nvar BASE = 'https://a.freshdesk.com';\n${src}\nfunction go(id) { return axios.put(u(id), { helpdesk_ticket: { status: 5 } }).then(() => null); }\nmodule.exports = { go };\n`)[0]!.urlAtCall;
    expect(at(`function u(id) { return BASE + '/helpdesk/tickets/' + id + '.json'; }`)).toBe(true);
    expect(at(`function u(id) { return BASE + '/helpdesk/tickets/' + encodeURIComponent(id) + '.json'; }`)).toBe(false);
    expect(at(`function u(id) { id = String(id).replace(/^#/, ''); return BASE + '/helpdesk/tickets/' + id + '.json'; }`)).toBe(false);
    expect(at(`var cfg = { base: 'https://a.freshdesk.com', path: '/helpdesk/tickets/' };\nfunction u(id) { return cfg.base + cfg.path + id + '.json'; }\nfunction init(o) { cfg.base = o.base; }`)).toBe(false);
  });

  it('finds code other than a seen request that reads the URL\'s constant or helper', () => {
    const reader = (src: string) => models(`var axios = require('axios'); var jobs = require('./jobs');\nvar BASE = 'https://a.freshdesk.com';\n${src}\nmodule.exports = { go };\n`)[0]!.urlReadElsewhere;
    const go = (url: string) => `function go(id) { return axios.put(${url}, { helpdesk_ticket: { status: 5 } }).then(() => null); }`;
    // none: read by the call only, by a log line, by another request, or exported
    expect(reader(`function u(id) { return BASE + '/helpdesk/tickets/' + id + '.json'; }\n${go('u(id)')}`)).toBeUndefined();
    expect(reader(`function u(id) { return BASE + '/helpdesk/tickets/' + id + '.json'; }\n${go('url')}\nvar url = u(7); console.log('PUT ' + url);`)).toBeUndefined();
    expect(reader(`var T = BASE + '/helpdesk/tickets/';\n${go("T + id + '.json'")}\nfunction all() { return axios.get(T.replace(/\\/$/, '.json')); }`)).toBeUndefined();
    expect(reader(`function u(id) { return BASE + '/helpdesk/tickets/' + id + '.json'; }\n${go('u(id)')}\nexports.u = u;`)).toBeUndefined();
    // a parameter's default is the helper's own text
    expect(reader(`function u(id, fmt = '.json') { return BASE + '/helpdesk/tickets/' + id + fmt; }\n${go('u(id)')}`)).toBeUndefined();
    // another property of the same config object is no reader of this text
    expect(reader(`var cfg = { key: 'k', paths: { t: '/helpdesk/tickets/' } };\n${go("BASE + cfg.paths.t + id + '.json'")}\njobs.auth(cfg.key);`)).toBeUndefined();
    // readers: a queue, a stored link, a property of the config object, a method read through `self`
    expect(reader(`function u(id) { return BASE + '/helpdesk/tickets/' + id + '.json'; }\n${go('u(id)')}\nfunction later(id) { jobs.push({ href: u(id) }); }`)).toMatch(/^u\(id\) at line 5$/);
    expect(reader(`var T = BASE + '/helpdesk/tickets/';\n${go("T + id + '.json'")}\nvar links = {}; links.tickets = T;`)).toMatch(/^T at line 5$/);
    expect(reader(`var cfg = { paths: { t: '/helpdesk/tickets/' } };\n${go("BASE + cfg.paths.t + id + '.json'")}\njobs.watch(cfg.paths.t);`)).toMatch(/^cfg\.paths\.t at line 5$/);
    const method = models(`var request = require('request'); var jobs = require('./jobs');
function D(b) { this.base = b; }
D.prototype.url = function (id) { return this.base + '/helpdesk/tickets/' + id + '.json'; };
D.prototype.close = function (id, cb) { request({ url: this.url(id), method: 'PUT', json: { helpdesk_ticket: { status: 5 } } }, function (e) { cb(e); }); };
D.prototype.later = function (id) { var self = this; setTimeout(function () { jobs.push(self.url(id)); }, 9); };
module.exports = D;
`);
    expect(method[0]!.urlReadElsewhere).toBe('self.url(id) at line 5');
  });
});
