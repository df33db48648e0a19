/**
 * HTTP client call shapes: where the URL, the method and the body of a call are written, for the
 * clients legacy integrations use (axios, fetch/undici/node-fetch, request, got, superagent,
 * needle, unirest, https.request, jQuery.ajax, XMLHttpRequest, UrlFetchApp, app `client.request.*`
 * and `$request.*`) and generic wrappers that take a method and a path.
 */
import {
  asHttpMethod,
  calleeName,
  findProp,
  findProps,
  isCall,
  isMember,
  isObjectProperty,
  isStringLiteral,
  memberName,
  propName,
  unwrapExpr,
  isFunction,
} from './ast.ts';
import type { Node } from './parse.ts';
import { constantInit, importOf, requireSource, type Module } from './pieces.ts';

export type ClientKind =
  | 'axios'
  | 'fetch'
  | 'undici-request'
  | 'request'
  | 'got'
  | 'superagent'
  | 'needle'
  | 'unirest'
  | 'https'
  | 'jquery'
  | 'fdk'
  | 'fdk-serverless'
  | 'xhr'
  | 'urlfetch'
  | 'generic';

export type MethodSource =
  /** `axios.post(...)`: the property name of the callee. */
  | { kind: 'callee-prop'; node: Node }
  /** `method: 'POST'`, `xhr.open('POST', url)`, `needle('post', url)`. */
  | { kind: 'string'; node: Node }
  /** No method written: the client's default (GET). `options` is where one can be added. */
  | { kind: 'default'; options?: Node };

export type BodyEncoding =
  /** a JS value the client serialises as JSON (axios data, got/request `json`, superagent send). */
  | 'value'
  /** a string that must already be JSON (`body: JSON.stringify(x)`, `payload`, `xhr.send`). */
  | 'string'
  /** form fields / FormData. */
  | 'form';

export interface BodyRef {
  node: Node;
  encoding: BodyEncoding;
}

export interface CallShape {
  client: ClientKind;
  call: Node;
  url: Node;
  method: string | null;
  methodSource: MethodSource | null;
  body?: BodyRef;
  /** The options/config object literal of the call, when there is one. */
  options?: Node;
  /** Position of the argument that would hold the body for verb-shorthand clients (axios `post(url, data)`). */
  dataArgIndex?: number;
}

const VERBS = new Set(['get', 'post', 'put', 'delete', 'del', 'patch', 'head']);

const MODULE_CLIENTS: Record<string, ClientKind> = {
  axios: 'axios',
  got: 'got',
  request: 'request',
  'request-promise': 'request',
  'request-promise-native': 'request',
  superagent: 'superagent',
  needle: 'needle',
  unirest: 'unirest',
  'node-fetch': 'fetch',
  'cross-fetch': 'fetch',
  'isomorphic-fetch': 'fetch',
  https: 'https',
  http: 'https',
  'node:https': 'https',
  'node:http': 'https',
};

/** What a root identifier is: a client module, an axios instance, ... */
export function clientOfIdentifier(mod: Module, id: Node, depth = 0): ClientKind | undefined {
  if (depth > 4) return undefined;
  const b = mod.scope.resolve(id);
  if (!b) {
    if (id.name === 'fetch') return 'fetch';
    if (id.name === '$' || id.name === 'jQuery') return 'jquery';
    if (id.name === '$request') return 'fdk-serverless';
    if (id.name === 'UrlFetchApp') return 'urlfetch';
    if (id.name === 'client') return undefined;
    return undefined;
  }
  const imp = importOf(b);
  if (imp) {
    const kind = MODULE_CLIENTS[imp.source];
    if (imp.source === 'undici') return imp.imported === 'fetch' ? 'fetch' : imp.imported === 'request' ? 'undici-request' : undefined;
    if (imp.source === 'node-fetch' || imp.source === 'cross-fetch') return 'fetch';
    return kind;
  }
  const init = constantInit(b) ?? (b.decl.type === 'VariableDeclarator' ? b.decl.init : undefined);
  if (init) {
    const i = unwrapExpr(init);
    // const client = axios.create({...}); const api = got.extend({...})
    if (isCall(i) && isMember(i.callee)) {
      const root = rootIdentifier(i.callee);
      const name = memberName(i.callee);
      if (root && (name === 'create' || name === 'extend' || name === 'defaults' || name === 'agent')) return clientOfIdentifier(mod, root, depth + 1);
    }
    if (i.type === 'Identifier') return clientOfIdentifier(mod, i, depth + 1);
    const src = requireSource(i);
    if (src && MODULE_CLIENTS[src]) return MODULE_CLIENTS[src];
  }
  return undefined;
}

export function rootIdentifier(n: Node): Node | undefined {
  let cur = unwrapExpr(n);
  while (isMember(cur) || isCall(cur)) cur = unwrapExpr(isMember(cur) ? cur.object : cur.callee);
  return cur.type === 'Identifier' ? cur : undefined;
}

/** `JSON.stringify(x)` → x. */
export function stringifyArg(n: Node | undefined): Node | undefined {
  if (!n) return undefined;
  const c = unwrapExpr(n);
  if (isCall(c) && calleeName(c) === 'JSON.stringify' && c.arguments.length >= 1) return c.arguments[0];
  return undefined;
}

function methodFromOptions(opts: Node | undefined, names = ['method', 'type']): { method: string | null; source: MethodSource } {
  const p = findProps(opts, names);
  if (p && isStringLiteral(p.value)) {
    const m = asHttpMethod(p.value.value);
    if (m) return { method: m, source: { kind: 'string', node: p.value } };
  }
  if (p) return { method: null, source: { kind: 'string', node: p.value } };
  return { method: 'GET', source: { kind: 'default', options: opts } };
}

function objectArg(mod: Module, n: Node | undefined): Node | undefined {
  if (!n) return undefined;
  const u = unwrapExpr(n);
  if (u.type === 'ObjectExpression') return u;
  if (u.type === 'Identifier') {
    const init = constantInit(mod.scope.resolve(u));
    if (init && unwrapExpr(init).type === 'ObjectExpression') return unwrapExpr(init);
  }
  return undefined;
}

function bodyProp(opts: Node | undefined, names: string[], encoding: (name: string) => BodyEncoding): BodyRef | undefined {
  if (!opts) return undefined;
  for (const name of names) {
    const p = findProp(opts, name);
    if (p && !(p.value.type === 'BooleanLiteral' || (p.value.type === 'Literal' && typeof p.value.value === 'boolean'))) {
      return { node: p.value, encoding: encoding(name) };
    }
  }
  return undefined;
}

/**
 * Describes the call that uses a URL. `urlNode` is the argument or option value holding the URL;
 * returns undefined when the call is not a request we understand.
 */
export function describeCall(mod: Module, call: Node, urlNode: Node): CallShape | undefined {
  const args = call.arguments as Node[];
  const urlIndex = args.findIndex((a) => a === urlNode || unwrapExpr(a) === urlNode);
  const optionsArg = urlIndex < 0 ? args.find((a) => objectArg(mod, a) && containsNode(a, urlNode)) : undefined;
  const callee = unwrapExpr(call.callee);
  const name = calleeName(call) ?? '';
  const root = rootIdentifier(callee);
  let client = root ? clientOfIdentifier(mod, root) : undefined;
  if (/^(client|this\.client|_client)\.request\./.test(name) || /\.request\.(get|post|put|delete|patch|invoke)$/.test(name)) client = 'fdk';
  if (name.startsWith('$request.')) client = 'fdk-serverless';
  if (name === 'UrlFetchApp.fetch') client = 'urlfetch';
  if (name === '$.ajax' || name === 'jQuery.ajax' || /^(\$|jQuery)\.(get|post|getJSON)$/.test(name)) client = 'jquery';
  const verb = isMember(callee) ? memberName(callee) : undefined;

  // xhr.open('POST', url)
  if (isMember(callee) && verb === 'open' && urlIndex === 1 && isStringLiteral(unwrapExpr(args[0]!))) {
    const m = asHttpMethod(unwrapExpr(args[0]!).value);
    return { client: 'xhr', call, url: urlNode, method: m ?? null, methodSource: { kind: 'string', node: unwrapExpr(args[0]!) } };
  }

  // verb shorthands: axios.post(url, data, config), got.post(url, opts), request.post(url, opts, cb), $request.post(url, opts) ...
  if (isMember(callee) && verb && VERBS.has(verb.toLowerCase()) && urlIndex === 0) {
    const method = verb.toLowerCase() === 'del' ? 'DELETE' : verb.toUpperCase();
    const shape: CallShape = {
      client: client ?? 'generic',
      call,
      url: urlNode,
      method,
      methodSource: { kind: 'callee-prop', node: callee.property },
    };
    const second = args[1];
    const secondObj = objectArg(mod, second);
    const kind = shape.client;
    if (kind === 'axios' || kind === 'needle' || (kind === 'generic' && !looksLikeOptions(secondObj))) {
      // data as the second argument (not for axios get/delete/head, whose second argument is the config)
      if (kind === 'axios' && ['GET', 'DELETE', 'HEAD'].includes(method)) {
        shape.options = objectArg(mod, second);
        const d = bodyProp(shape.options, ['data'], () => 'value');
        if (d) shape.body = d;
      } else {
        shape.dataArgIndex = 1;
        if (second && !isFunction(unwrapExpr(second))) shape.body = { node: second, encoding: stringifyArg(second) ? 'string' : 'value' };
        shape.options = objectArg(mod, args[2]);
      }
    } else if (kind === 'jquery') {
      // $.post(url, data, success)
      shape.dataArgIndex = 1;
      if (second && !isFunction(unwrapExpr(second))) shape.body = { node: second, encoding: stringifyArg(second) ? 'string' : 'form' };
    } else if (kind === 'superagent' || kind === 'unirest') {
      const send = chainedCall(mod, call, 'send');
      if (send && send.arguments[0]) shape.body = { node: send.arguments[0], encoding: stringifyArg(send.arguments[0]) ? 'string' : 'value' };
    } else {
      // got / request / fdk / undici: an options object
      shape.options = secondObj;
      shape.body = bodyProp(secondObj, ['json', 'body', 'form', 'formData', 'data'], (n) =>
        n === 'json' ? 'value' : n === 'form' || n === 'formData' ? 'form' : n === 'data' ? 'value' : 'string',
      );
    }
    return shape;
  }

  // fetch(url, opts), undici.request(url, opts), got(url, opts), request(url, opts, cb), UrlFetchApp.fetch(url, params)
  if (urlIndex === 0) {
    const opts = objectArg(mod, args[1]);
    const k: ClientKind =
      client ??
      (name === 'fetch' || /(^|\.)fetch$/.test(name) ? 'fetch' : name === 'needle' || name === 'unirest' ? (name as ClientKind) : 'generic');
    if (k === 'generic') return genericShape(mod, call, urlNode, args);
    if (k === 'axios') {
      // axios(url, config)
      const { method, source } = methodFromOptions(opts, ['method']);
      return { client: k, call, url: urlNode, method, methodSource: source, options: opts, body: bodyProp(opts, ['data'], () => 'value') };
    }
    const { method, source } = methodFromOptions(opts, k === 'jquery' ? ['type', 'method'] : ['method']);
    const body = bodyProp(opts, ['json', 'body', 'payload', 'form', 'formData', 'data'], (n) =>
      n === 'json' ? 'value' : n === 'form' || n === 'formData' ? 'form' : k === 'jquery' && n === 'data' ? 'form' : 'string',
    );
    return { client: k, call, url: urlNode, method, methodSource: source, options: opts, body };
  }

  // needle('post', url, data) / unirest('POST', url)
  if (urlIndex === 1 && isStringLiteral(unwrapExpr(args[0]!)) && asHttpMethod(unwrapExpr(args[0]!).value)) {
    const m = asHttpMethod(unwrapExpr(args[0]!).value)!;
    const shape: CallShape = { client: client ?? 'generic', call, url: urlNode, method: m, methodSource: { kind: 'string', node: unwrapExpr(args[0]!) } };
    if (args[2] && !isFunction(unwrapExpr(args[2]))) {
      shape.body = { node: args[2], encoding: stringifyArg(args[2]) ? 'string' : 'value' };
      shape.dataArgIndex = 2;
    } else shape.dataArgIndex = 2;
    return shape;
  }

  // the URL inside an options object: axios({ url, method, data }), request({ uri, method, json }),
  // $.ajax({ url, type, data }), https.request({ path, method }), fetch-like wrappers
  if (optionsArg) {
    const opts = objectArg(mod, optionsArg)!;
    const k: ClientKind = client ?? (name === 'fetch' ? 'fetch' : 'generic');
    if (k === 'https') {
      const { method, source } = methodFromOptions(opts, ['method']);
      return { client: k, call, url: urlNode, method, methodSource: source, options: opts, body: writtenBody(mod, call) };
    }
    if (k === 'jquery') {
      const { method, source } = methodFromOptions(opts, ['type', 'method']);
      const d = findProp(opts, 'data');
      return { client: k, call, url: urlNode, method, methodSource: source, options: opts, body: d ? { node: d.value, encoding: stringifyArg(d.value) ? 'string' : 'form' } : undefined };
    }
    let { method, source } = methodFromOptions(opts, ['method', 'type']);
    // request.del({ url }), request.put({ uri, json }): the verb is the callee's property
    if (source.kind === 'default' && isMember(callee) && verb && VERBS.has(verb.toLowerCase())) {
      method = verb.toLowerCase() === 'del' ? 'DELETE' : verb.toUpperCase();
      source = { kind: 'callee-prop', node: callee.property };
    }
    const body = bodyProp(opts, ['data', 'json', 'body', 'payload', 'form', 'formData'], (n) =>
      n === 'json' || (n === 'data' && k !== 'generic') ? 'value' : n === 'form' || n === 'formData' ? 'form' : n === 'data' ? 'value' : 'string',
    );
    if (body && k === 'axios' && findProp(opts, 'data')) body.encoding = stringifyArg(body.node) ? 'string' : 'value';
    return { client: k, call, url: urlNode, method, methodSource: source, options: opts, body };
  }

  return genericShape(mod, call, urlNode, args);
}

/** A wrapper of our own: `api('POST', '/helpdesk/tickets.json', payload)`, `fd.request(path, { method })`. */
function genericShape(mod: Module, call: Node, urlNode: Node, args: Node[]): CallShape {
  const shape: CallShape = { client: 'generic', call, url: urlNode, method: null, methodSource: null };
  for (const a of args) {
    const u = unwrapExpr(a);
    if (u === urlNode) continue;
    if (isStringLiteral(u) && asHttpMethod(u.value)) {
      shape.method = asHttpMethod(u.value)!;
      shape.methodSource = { kind: 'string', node: u };
    }
  }
  const opts = args.map((a) => objectArg(mod, a)).find((o) => o && findProps(o, ['method', 'type', 'body', 'data', 'json', 'headers']));
  if (opts) {
    shape.options = opts;
    if (!shape.method) {
      const p = findProps(opts, ['method', 'type']);
      if (p && isStringLiteral(p.value) && asHttpMethod(p.value.value)) {
        shape.method = asHttpMethod(p.value.value)!;
        shape.methodSource = { kind: 'string', node: p.value };
      }
    }
    shape.body = bodyProp(opts, ['data', 'json', 'body', 'payload'], (n) => (n === 'body' || n === 'payload' ? 'string' : 'value'));
    if (shape.body && shape.body.encoding === 'string' && !stringifyArg(shape.body.node) && !isStringLiteral(unwrapExpr(shape.body.node))) {
      shape.body.encoding = 'value';
    }
  }
  if (!shape.body) {
    // a payload argument: an object literal (or constant) after the URL
    const idx = args.findIndex((a) => unwrapExpr(a) === urlNode);
    for (let i = idx + 1; i < args.length; i++) {
      const a = args[i]!;
      const u = unwrapExpr(a);
      if (isFunction(u) || (isStringLiteral(u) && asHttpMethod(u.value))) continue;
      if (u === shape.options) continue;
      shape.body = { node: a, encoding: stringifyArg(a) ? 'string' : 'value' };
      shape.dataArgIndex = i;
      break;
    }
  }
  return shape;
}

function looksLikeOptions(obj: Node | undefined): boolean {
  if (!obj) return false;
  return !!findProps(obj, ['headers', 'json', 'body', 'form', 'auth', 'responseType', 'timeout', 'searchParams', 'qs']);
}

function containsNode(outer: Node, inner: Node): boolean {
  return inner.start >= unwrapExpr(outer).start && inner.end <= unwrapExpr(outer).end;
}

/** `superagent.post(url).set(...).send(body)`: the chained call with that name, if any. */
export function chainedCall(mod: Module, call: Node, name: string): Node | undefined {
  let cur: Node = call;
  for (let i = 0; i < 8; i++) {
    const parent = mod.pf.parent(cur);
    if (!parent || !isMember(parent) || parent.object !== cur) return undefined;
    const grand = mod.pf.parent(parent);
    if (!grand || !isCall(grand) || grand.callee !== parent) return undefined;
    if (memberName(parent) === name) return grand;
    cur = grand;
  }
  return undefined;
}

/** `const req = https.request(opts, cb); req.write(JSON.stringify(body))`: the written body. */
function writtenBody(mod: Module, call: Node): BodyRef | undefined {
  const parent = mod.pf.parent(call);
  if (parent?.type !== 'VariableDeclarator' || parent.id.type !== 'Identifier') return undefined;
  const b = mod.scope.resolve(parent.id);
  for (const ref of b?.refs ?? []) {
    const m = mod.pf.parent(ref);
    if (m && isMember(m) && memberName(m) === 'write') {
      const c = mod.pf.parent(m);
      if (c && isCall(c) && c.arguments[0]) return { node: c.arguments[0], encoding: 'string' };
    }
  }
  return undefined;
}

/** The options object a call passes, for headers (`Accept`, `Content-Type`). */
export function headersOf(shape: CallShape): Node | undefined {
  const h = findProp(shape.options, 'headers');
  return h && unwrapExpr(h.value).type === 'ObjectExpression' ? unwrapExpr(h.value) : undefined;
}

export function hasJsonContentType(shape: CallShape): boolean {
  const headers = headersOf(shape);
  if (headers) {
    for (const p of headers.properties as Node[]) {
      if (isObjectProperty(p) && /^content-type$/i.test(propName(p) ?? '') && isStringLiteral(unwrapExpr(p.value))) {
        return /json/i.test(unwrapExpr(p.value).value);
      }
    }
  }
  const ct = findProps(shape.options, ['contentType']);
  if (ct && isStringLiteral(unwrapExpr(ct.value))) return /json/i.test(unwrapExpr(ct.value).value);
  return false;
}
