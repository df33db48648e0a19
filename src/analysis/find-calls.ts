/**
 * `call` sites: requests to a v1 endpoint. A call is recognised by its client's shape (axios,
 * fetch, request, jQuery, …), or it calls a function of the repo that makes the request (see
 * ./find-http-wrapper-calls.ts), or it is any other call given a complete v1 API path. Server
 * routes (`app.get('/groups/:id.json', …)`) serve a path and are skipped.
 */
import { chooseRule, isDistinctiveV1Path, isOwnRoute, matchRunTimeUrl, matchUrl } from './match-url.ts';
import type { Analysis } from './analysis.ts';
import { hostOf, isOtherService, isPlaceholderHost, settingNamesOtherSystem } from './find-domains.ts';
import { callInfo, callSite, ruleForShape, urlOf } from './call-sites.ts';
import { calleeName, HTTP_METHODS, NON_REQUEST_CALLEES, TEXT_BUILDER_CALLEES, VERB_NAME, verbMethod, type CallShape } from './clients.ts';
import { EMPTY_FRAMES, Evaluator, isStringLiteral, unwrapExpr } from './evaluate.ts';
import { findHttpWrapperCall } from './find-http-wrapper-calls.ts';
import { v1UrlHint } from './may-be-v1.ts';
import { importOf } from './binding-facts.ts';
import { bindingAt, memberPath } from './module.ts';
import type { Node } from './parse.ts';
import { serverRoutes } from './routes.ts';
import { thisAliased } from './this-members.ts';
import type { Site, Span } from './types.ts';

/** Receivers whose `.get(x)` is not a request. */
const NON_HTTP_RECEIVERS = /(^|\.)(cache|map|store|storage|localStorage|sessionStorage|headers|params|searchParams|config|settings|env|db|redis|memcache|lru|set|weakMap|registry|router|app|express|Object|Reflect|Map|Set)$/i;

/** Test doubles of an HTTP API: what a chain on them names is recorded test data, not a request. */
const STUB_NAMES = /^(nock|fetchMock|fetchmock|mockFetch)$/;

/**
 * A call on a test's HTTP stub (`nock(base).get(path)`, `scope.post(path)` with `scope = nock(base)`,
 * `fetchMock.get(url, answer)`), with the base the stub was made on; null for any other call.
 */
function stubOf(a: Analysis, callee: Node, depth = 0): { base?: Node } | null {
  let n = callee;
  let base: Node | undefined;
  for (let i = 0; i < 20; i++) {
    if (n.type === 'MemberExpression' || n.type === 'OptionalMemberExpression') n = unwrapExpr(n.object);
    else if (n.type === 'CallExpression' || n.type === 'OptionalCallExpression') {
      base = n.arguments?.[0];
      n = unwrapExpr(n.callee);
    } else break;
  }
  if (n.type !== 'Identifier' || depth > 5) return null;
  if (STUB_NAMES.test(n.name)) return { base };
  const b = bindingAt(a.mod, n);
  const init = b && !b.writes.length && b.init ? unwrapExpr(b.init) : undefined;
  return init && init !== callee && (init.type === 'CallExpression' || init.type === 'MemberExpression') ? stubOf(a, init, depth + 1) : null;
}

/** A stub's base is another service's host, or a versioned API's (`…/api/v2`). */
function otherApiBase(a: Analysis, base: Node | undefined): boolean {
  const v = base ? a.ev.eval(a.mod, base, EMPTY_FRAMES) : undefined;
  const text = v?.t === 'str' ? v.parts.map((p) => (p.dynamic ? '' : p.text)).join('') : '';
  const host = hostOf(text);
  return (!!host && isOtherService(host)) || /\/api\/v\d/.test(text);
}

export function findCalls(a: Analysis): void {
  const routes = serverRoutes(a.mod).calls;
  const mayBeV1 = v1UrlHint(a.mod, a.facts, (name) => a.ev.globalBinding(a.mod, name) !== null);
  for (const call of a.mod.nodes.calls) {
    const callee = unwrapExpr(call.callee);
    if (!callee) continue;
    // `app.get('/groups/:id.json', (req, res) => …)` serves a path, it does not request one
    if (routes.has(call)) continue;
    // nor does a test's stub of an HTTP API (`nock(base).get('/ticket_fields.json').reply(…)`): its
    // path is recorded test data. Of another API (`nock('https://x.zendesk.com/api/v2')`) it is no
    // URL either; of the helpdesk's v1 it stays a URL finding, which the codemod marks: the stub
    // changes with the client it stubs, or that client's tests break
    const stub = stubOf(a, callee);
    if (stub) {
      if (otherApiBase(a, stub.base)) {
        for (const x of call.arguments ?? []) {
          const v = a.ev.eval(a.mod, x, EMPTY_FRAMES);
          if (v.t === 'str') a.consume(v.parts);
        }
      }
      continue;
    }
    // nothing in the arguments can be a v1 URL: not a v1 request (cheap, before any evaluation)
    if (!(call.arguments ?? []).some((x: Node) => mayBeV1(x))) continue;
    const shape = a.rec.recognize(a.mod, call, EMPTY_FRAMES);
    // `this.post(path, data, cb)` or `fresh.post(link, data, cb)` named like a client's verb, but a
    // method of the repo whose body is seen (./this-members.ts, an object literal's function): a
    // call through that wrapper, not an unknown client object
    if (shape?.client === 'generic' && callee.type === 'MemberExpression') {
      const fv = a.ev.eval(a.mod, callee, EMPTY_FRAMES);
      if (fv.t === 'fn' && findHttpWrapperCall(a, fv, call, 0, undefined, true)) continue;
    }
    if (shape) {
      siteFromShape(a, shape, call);
      continue;
    }
    if (call.type === 'NewExpression') {
      // `this.Execute(new RequestInfo(url, 'GET'))`, or the object held in a variable first
      // (`var request = new RequestInfo(url, true, methodType.POST, 'json', data); this.Execute(request)`):
      // an app's own request object, handed to its own HTTP service; the service call is the
      // request (its answer comes back from it)
      if (requestDescription(a, call)) for (const outer of servicesGiven(a, call)) genericArgCall(a, outer, call);
      continue;
    }
    const fv = a.ev.eval(a.mod, callee, EMPTY_FRAMES);
    if (fv.t === 'fn') {
      if (findHttpWrapperCall(a, fv, call, 0)) continue;
    }
    genericArgCall(a, call);
  }
}

/** Clients that resolve a URL without a base against the page: `fetch('a.json')` is a file beside it. */
const PAGE_RELATIVE_CLIENTS: ReadonlySet<string> = new Set(['fetch', 'jquery', 'xhr']);
/** Clients that send a root path without a base to the page's own server. */
const SAME_ORIGIN_CLIENTS: ReadonlySet<string> = new Set(['fetch', 'jquery', 'xhr', 'axios']);
const NAMES_HELPDESK = /fresh_?desk|helpdesk|fresh_?service/i;

/** The module's source without its comments (a marker of this tool names the helpdesk too). */
function codeText(a: Analysis): string {
  const comments = ((a.mod.ast as { comments?: Node[] }).comments ?? []).filter((c) => typeof c.start === 'number');
  if (!comments.length) return a.mod.source;
  let out = '';
  let at = 0;
  for (const c of [...comments].sort((x, y) => x.start - y.start)) {
    out += a.mod.source.slice(at, c.start);
    at = Math.max(at, c.end);
  }
  return out + a.mod.source.slice(at);
}

/**
 * Requests with no host or base in their URL, in a module that shows nothing of the helpdesk (no
 * name of it in its code, no path only v1 has; an agent-portal script that also asks
 * `/ticket_fields.json` or `/helpdesk/tickets.json` is the helpdesk's own page, and keeps them all):
 * - a browser client's are the page's own server's, and only look like v1
 *   (`$.getJSON('/contacts.json')`, `axios.get('/users.json')`: a Rails app answers
 *   `/contacts.json` too): they are dropped;
 * - any other client's (`this.client.send('DELETE', '/groups/' + id + '.xml')` in a Highrise client
 *   library) are reported, but marked `helpdeskUnseen`: never rewritten on a guess.
 */
export function settleHostlessRequests(a: Analysis): void {
  const requests = a.sites.filter((s) => (s.kind === 'call' || s.kind === 'url') && s.url);
  // (a path only v1 has, whatever its suffix: two named segments, `/helpdesk/…`, a `_` in one)
  if (requests.some((s) => isDistinctiveV1Path({ format: null, path: s.url!.path })) || NAMES_HELPDESK.test(codeText(a))) return;
  // (a documentation host, `api.example.com`, names no service: it is no more the helpdesk's than no host)
  // nor is a setting named for another system (`${process.env.DISCOURSE_URL}/groups.json`)
  const elsewhere = (origin: string) => (origin.startsWith('{') ? settingNamesOtherSystem(origin.slice(1, origin.indexOf('}'))) : isPlaceholderHost(hostOf(origin) ?? ''));
  for (const s of requests) if (s.kind === 'call' && s.call && s.url!.origin && elsewhere(s.url!.origin)) s.call.helpdeskUnseen = true;
  const hostless = requests.filter((s) => s.kind === 'call' && s.call && !s.url!.origin);
  const browser = (s: Site) => SAME_ORIGIN_CLIENTS.has(s.call!.client) || (s.call!.client === 'generic' && ANGULAR_HTTP.test(s.call!.callee) && !ownClient(a, s.call!.callee));
  for (const s of hostless) if (!browser(s)) s.call!.helpdeskUnseen = true;
  const dropped = new Set(hostless.filter(browser));
  a.dropSites((s) => dropped.has(s));
}

/** Angular's HttpClient and AngularJS's `$http` as code names them (`this.http.get`, `$http.post`): browser clients. */
const ANGULAR_HTTP = /(^|\.)(\$?http|_http|httpClient)\.(get|post|put|patch|delete)$/i;

/**
 * A receiver the project makes itself (`import { http } from './lib/http'`, `const http = { get(path) {…} }`):
 * named like Angular's HttpClient, but its base is whatever that module gives it.
 */
function ownClient(a: Analysis, callee: string): boolean {
  const root = callee.split('.')[0]!;
  return a.mod.bindings.some((b) => b.name === root && (importOf(b)?.source.startsWith('.') || (!!b.init && unwrapExpr(b.init).type === 'ObjectExpression')));
}

function siteFromShape(a: Analysis, shape: CallShape, call: Node): boolean {
  const parts = urlOf(a, shape, call);
  if (!parts) return false;
  const pattern = parts.map((p) => p.text).join('');
  // (a request whose endpoint is a run-time value is still a v1 call: `'/helpdesk/' + resource + '.json'`)
  const um = matchUrl(a.cat, pattern) ?? matchRunTimeUrl(a.cat, pattern);
  if (!um || isOwnRoute(um)) return false;
  // `fetch('contacts.json')`, `$.getJSON('agents.json')`: a path without a slash or a base, which a
  // browser client resolves against the page (a data file beside it), and which no base the code
  // configures elsewhere reaches (fetch and jQuery have none; a client made with a base puts it in
  // the URL read here)
  if (!um.origin && PAGE_RELATIVE_CLIENTS.has(shape.client) && !pattern.trimStart().startsWith('/')) {
    // (nor is its text a v1 URL for the string finders)
    a.consume(parts);
    return false;
  }
  const { choice, method, methodSource } = ruleForShape(a.cat, um, shape);
  // the call is reported where it is made: a URL written in another module (the `url:` of an
  // options object a helper there returns) is that module's text, not this call's place
  const urlSpan = shape.url && shape.url.mod === a.mod ? a.span(shape.url.node) : a.span(call);
  a.consume(parts);
  const site = callSite(a, {
    span: urlSpan,
    parts,
    um,
    choice,
    method,
    methodSource,
    call: callInfo(a, call, shape, shape.client, shape.callee),
    message: `${shape.client} ${method ?? '(method unknown)'} ${um.target}`,
  });
  if (shape.methodRef && method) site.methodSpan = a.span(shape.methodRef.node, shape.methodRef.mod);
  if (choice.methodMismatch) {
    site.message += ` (v1 has no ${method} here)`;
    site.noSuchOperation = true;
  }
  if (shape.insecure && site.url) site.url.insecure = true;
  return a.addSite(site, { node: call, shape, body: shape.body });
}

/** Does `new X(…)` describe a request: a method among its arguments (`'GET'`, `methodType.POST`)? */
function requestDescription(a: Analysis, expr: Node): boolean {
  return (expr.arguments ?? []).some((x: Node) => methodArgument(a, x) !== null);
}

/** An argument that names an HTTP method: a string (`'PUT'`) or an enum member (`methodType.PUT`). */
function methodArgument(a: Analysis, x: Node): string | null {
  if (!writtenOnce(a, x)) return null;
  const v = a.ev.eval(a.mod, x, EMPTY_FRAMES);
  const t = Evaluator.text(v)?.toUpperCase();
  if (t && v.t === 'str' && v.parts.every((p) => !p.dynamic) && HTTP_METHODS.has(t)) return t;
  const u = unwrapExpr(x);
  const name = u.type === 'MemberExpression' && !u.computed ? String(u.property.name ?? '').toUpperCase() : '';
  return HTTP_METHODS.has(name) ? name : null;
}

/**
 * A method written as one literal: `'POST'`, `HttpMethod.POST`, or a constant holding a literal.
 * Not a choice (`isNew ? 'POST' : 'PUT'`, directly or through a name): the evaluator reads a
 * choice as its first arm, which is one method of two.
 */
function writtenOnce(a: Analysis, x: Node): boolean {
  const u = unwrapExpr(x);
  if (u.type !== 'Identifier') return u.type !== 'ConditionalExpression' && u.type !== 'LogicalExpression';
  const b = bindingAt(a.mod, u);
  if (!b || b.kind === 'param') return true;
  const init = b.init && unwrapExpr(b.init);
  return !b.writes.length && !!init && init.type !== 'ConditionalExpression' && init.type !== 'LogicalExpression';
}

/**
 * An options object argument that names the request's method (`ofetch(url, { method: 'POST',
 * body })`): the method, where it is written, and the body it holds (in this module).
 */
function requestOptions(a: Analysis, x: Node): { method: string; methodNode: Node; body: Node | undefined } | null {
  const v = a.ev.eval(a.mod, x, EMPTY_FRAMES);
  if (v.t !== 'obj' || v.mod !== a.mod) return null;
  const m = a.ev.objectPropertyNode(v, 'method');
  const node = m?.prop.value;
  if (!m || !node || m.mod !== a.mod) return null;
  if (!writtenOnce(a, node)) return null;
  const t = Evaluator.text(a.ev.eval(m.mod, node, m.frames))?.toUpperCase();
  if (!t || !HTTP_METHODS.has(t)) return null;
  // (a form, a multipart or a payload under another key: not a body this reads)
  if (['form', 'formData', 'multipart', 'payload', 'files'].some((k) => a.ev.objectPropertyNode(v, k))) return null;
  const b = ['body', 'data', 'json'].map((k) => a.ev.objectPropertyNode(v, k)).find((p) => p && p.mod === a.mod && p.prop.value);
  return { method: t, methodNode: node, body: b?.prop.value };
}

/** The calls a request object is handed to: as an argument, directly or through the variable holding it. */
function servicesGiven(a: Analysis, expr: Node): Node[] {
  const isCall = (n: Node | undefined): n is Node => !!n && (n.type === 'CallExpression' || n.type === 'OptionalCallExpression');
  const parent = a.mod.parent.get(expr);
  if (isCall(parent) && parent.arguments.includes(expr)) return [parent];
  if (parent?.type !== 'VariableDeclarator' || parent.init !== expr || parent.id.type !== 'Identifier') return [];
  const b = bindingAt(a.mod, parent.id);
  if (!b || b.writes.length) return [];
  const out: Node[] = [];
  for (const ref of b.refs) {
    const p = a.mod.parent.get(ref);
    if (isCall(p) && p.arguments.includes(ref)) out.push(p);
  }
  return out;
}

/**
 * Any other call with a complete v1 API path among its arguments, or among the arguments of the
 * request object it is handed (`request`: `new RequestInfo(url, 'GET', data)`).
 */
function genericArgCall(a: Analysis, call: Node, request?: Node): void {
  const callee = unwrapExpr(call.callee);
  const text = calleeName(a.mod, callee);
  if (NON_REQUEST_CALLEES.test(text) || TEXT_BUILDER_CALLEES.test(text)) return;
  const args: Node[] = (request ?? call).arguments ?? [];
  for (const arg of args) {
    if (!looksV1(a, arg)) continue;
    const v = a.ev.eval(a.mod, arg, EMPTY_FRAMES);
    if (v.t !== 'str') continue;
    const um = matchUrl(a.cat, v.parts.map((p) => p.text).join(''));
    if (!um || !um.format) continue;
    // a URL helper inside a recognised call's argument (`client.request.post(v1Url('/helpdesk/...'))`)
    const own = v.parts.filter((p) => !p.dynamic && p.node !== 'synthetic');
    if (own.length && own.every((p) => a.isConsumed(p))) continue;
    const last = memberPath(callee)?.pop() ?? '';
    if (NON_HTTP_RECEIVERS.test(text.split('.').slice(0, -1).join('.')) && /^(get|set|has|delete)$/.test(last)) continue;
    let method: string | null = null;
    let methodSpan: Span | undefined;
    let methodSource: Site['methodSource'] = null;
    let options: ReturnType<typeof requestOptions> = null;
    for (const other of args) {
      if (other === arg) continue;
      const t = methodArgument(a, other);
      if (t) {
        method = t;
        methodSpan = a.span(other);
        methodSource = 'argument';
        break;
      }
      options = args.indexOf(other) > args.indexOf(arg) ? requestOptions(a, other) : null;
      if (options) {
        method = options.method;
        methodSpan = a.span(options.methodNode);
        methodSource = 'option';
        break;
      }
    }
    // (`$get` of Nuxt's axios module, `getAsync` of a Bluebird-promisified client: the verb all the same)
    const named = VERB_NAME.exec(last);
    const verb = named && !/^(head|options)$/i.test(named[2]!) ? named[2] : undefined;
    if (!method && !request && verb) {
      method = verbMethod(verb.toLowerCase());
      methodSource = 'callee';
      if (callee.type === 'MemberExpression') methodSpan = a.span(callee.property);
    }
    const choice = chooseRule(a.cat, um, method);
    a.consume(v.parts);
    const site = callSite(a, {
      span: a.span(arg),
      parts: v.parts,
      um,
      choice,
      method,
      methodSource,
      call: callInfo(a, call, undefined, 'wrapper', text),
      message: `${text}() receives v1 path ${um.target}`,
    });
    if (methodSpan) site.methodSpan = methodSpan;
    // the body: an object argument after the path
    // (not a flag, a number or the method: `new RequestInfo(url, true, methodType.POST, 'json', data)`)
    const isValue = (x: Node) => /^(BooleanLiteral|NumericLiteral|NullLiteral)$/.test(unwrapExpr(x).type) || (unwrapExpr(x).type === 'Literal' && typeof unwrapExpr(x).value !== 'string');
    // (an options object that names the method holds the body under its own key: `{ method: 'POST', body }`)
    const bodyArg = options ? options.body : args.find((x, i) => i > args.indexOf(arg) && !a.rec.isCallbackArg(a.mod, x, args, EMPTY_FRAMES) && !isStringLiteral(x) && !isValue(x) && methodArgument(a, x) === null);
    // (the call model's body too: a rewrite of the URL must take the body with it, or stop)
    if (bodyArg && site.call) site.call.body = a.span(bodyArg);
    a.addSite(site, { node: call, body: bodyArg ? { mod: a.mod, node: bodyArg, frames: EMPTY_FRAMES } : undefined });
    return;
  }
}

/** Cheap test: does the expression's own source text mention a v1 path word, or is it built? */
function looksV1(a: Analysis, node: Node): boolean {
  const n = unwrapExpr(node);
  if (!n) return false;
  if (n.type === 'Identifier' || n.type === 'MemberExpression' || n.type === 'CallExpression') return true;
  return a.facts.words.test(a.mod.source.slice(n.start, n.end)) || /\.(json|xml)|format=/.test(a.mod.source.slice(n.start, n.end));
}
