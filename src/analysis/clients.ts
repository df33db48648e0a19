/**
 * Recognising HTTP requests by the shape of the call: which client, where the URL, method, body,
 * query object and base URL are. Receivers are resolved through imports and bindings
 * (`import got from 'got'`, `const api = axios.create({ baseURL })`, `const { request } = require('undici')`),
 * with global names for browsers, Apps Script and app frameworks.
 */
import type { ModuleInfo } from './module.ts';
import { withoutComments } from './code-text.ts';
import { bindingAt, isFunctionNode, isJsonStringify, memberPath } from './module.ts';
import type { Node } from './parse.ts';
import { Evaluator, isStringLiteral, unwrapExpr, type Frames, type Value } from './evaluate.ts';
import type { ClientKind } from './types.ts';

export interface NodeRef {
  mod: ModuleInfo;
  node: Node;
  frames: Frames;
}

export interface CallShape {
  client: ClientKind;
  /** Callee text as written. */
  callee: string;
  url?: NodeRef;
  /** A URL computed from option parts (https.request host + path). */
  urlValue?: Value;
  base?: NodeRef;
  method?: string;
  methodRef?: NodeRef;
  methodSource: 'callee' | 'option' | 'argument' | 'default' | null;
  options?: NodeRef;
  body?: NodeRef;
  bodyProperty?: string;
  /**
   * The body goes out form-encoded (application/x-www-form-urlencoded): request's and got's
   * `form:`, jQuery's `data` without a JSON `contentType` (its default), UrlFetchApp's `payload`
   * without one. v1 read such bodies (`helpdesk_ticket[subject]=…`); v2 takes JSON there.
   */
  formEncoded?: boolean;
  /**
   * The request goes out as a POST whose real method is in `X-HTTP-Method-Override` (vue-resource's
   * `emulateHTTP` for a PUT, PATCH or DELETE): v1's Rails honoured the header; v2 is not documented to.
   */
  methodOverride?: boolean;
  /** Query object (`params`, `qs`, `searchParams`, jQuery GET `data`). */
  query?: NodeRef;
  /**
   * Query objects beyond the first (superagent's `.query({ page }).query({ state: 'all' })`): each
   * adds parameters, and only the first is read as the call's query.
   */
  moreQueries?: NodeRef[];
  insecure?: boolean;
  /** Chained calls on the request (`.send(x)`, `.field(k, v)`). */
  chain?: Node[];
  /**
   * The argument position where this client takes the body (`axios.put(url, data, config)` → 1,
   * `needle('post', url, data)` → 2), given or not: where a body that v2 needs is added.
   */
  dataArg?: number;
  /**
   * The module an instance the call goes through was made in (`fd.put(…)` with `fd =
   * axios.create(…)` from `./http`), when it is another one: its 403 handling (an interceptor, a
   * retry option) serves this call as a wrapper module's does.
   */
  instanceModule?: ModuleInfo;
  /** The call that made the instance the request goes through (`axios.create({…})`), wherever it is. */
  instance?: Node;
  /**
   * An option the client hands the answer to before the code gets it (request-promise's
   * `transform: (body) => …`): what it reads is not followed.
   */
  answerOption?: NodeRef & { key: string };
}

function withInstance(shape: CallShape, mod: ModuleInfo, inst: Extract<Value, { t: 'inst' }> | undefined): CallShape {
  if (!inst) return shape;
  return { ...shape, instance: inst.node, ...(inst.mod !== mod ? { instanceModule: inst.mod } : {}) };
}

const PACKAGES: Record<string, ClientKind> = {
  axios: 'axios',
  request: 'request',
  'request-promise': 'request',
  'request-promise-native': 'request',
  // request's thunk for generator code (Koa 1: `const res = yield request(options)`)
  'co-request': 'request',
  got: 'got',
  superagent: 'superagent',
  needle: 'needle',
  unirest: 'unirest',
  'node-fetch': 'fetch',
  'cross-fetch': 'fetch',
  'isomorphic-fetch': 'fetch',
  'isomorphic-unfetch': 'fetch',
  'whatwg-fetch': 'fetch',
  undici: 'undici',
  https: 'https',
  http: 'http',
  jquery: 'jquery',
  ky: 'ky',
  'global:fetch': 'fetch',
  'global:$': 'jquery',
  'global:jQuery': 'jquery',
  'global:UrlFetchApp': 'urlfetchapp',
  'global:axios': 'axios',
  // AngularJS 1.x `$http` (injected by that name): axios took its shape, `$http({ method, url, data,
  // params })`, `$http.post(url, data, config)`, and its promise's `.then(r => r.data, r.status)`
  'global:$http': 'axios',
  // vue-resource's `Vue.http` (`this.$http` in a component is the name above): axios's verbs,
  // `post(url, body, options)` with `params`, and a promise of the response for a 2xx status
  'global:Vue.http': 'axios',
  'global:superagent': 'superagent',
  'global:$request': 'app-request',
  'global:ky': 'ky',
};

/** Parameter names that hold a callback (`cb`, `done`, `onSuccess`): never a body, and where a response leaves. */
/** Options of a request that name a function it hands the answer to (`$.ajax({ url, success })`). */
export const ANSWER_CALLBACK_OPTIONS: ReadonlySet<string> = new Set(['success', 'complete', 'done', 'callback', 'onload']);

export const CALLBACK_NAME = /^(cb|callback|callbk|done|next|fn|handler|on[A-Z]\w*|\w+(Callback|Cb|Handler))$/;

/**
 * Methods of a list that call their first argument with each item first: the array methods, and
 * `each` of Prototype's arrays, Backbone collections and Underscore chains (the old agent portal
 * loads Prototype, so real v1 code walks answers with `list.each(fn)`).
 */
export const ITEM_METHODS: ReadonlySet<string> = new Set(['map', 'forEach', 'filter', 'find', 'findLast', 'some', 'every', 'flatMap', 'sort', 'toSorted', 'findIndex', 'each']);

/**
 * Methods with a callback that get no part of the answer, or whose callback the flows follow on
 * their own terms (events of a response stream, promise steps): any other method of the answer
 * called with a callback hands the answer to code the flows do not follow (`list.eachSlice(fn)`).
 */
export const FOLLOWED_CALLBACK_METHODS: ReadonlySet<string> = new Set(['then', 'spread', 'done', 'success', 'subscribe', 'catch', 'finally', 'fail', 'error', 'always', 'on', 'once', 'addEventListener', 'reduce', 'pipe', 'end', 'retry']);

/**
 * Library functions that call a callback with each item of the list they are given, and which
 * parameter of the callback is the item: `$.each(list, (i, item) => …)`,
 * `_.each(list, (item, i) => …)`, `angular.forEach(list, (item) => …)`, `Array.from(list, (item) => …)`.
 */
export const LIST_EACH: Readonly<Record<string, number>> = {
  '$.each': 1,
  'jQuery.each': 1,
  '_.each': 0,
  '_.forEach': 0,
  'angular.forEach': 0,
  'Array.from': 0,
};

/**
 * Library functions whose result is the list of what a callback returns for each item, and which
 * argument is the callback: `Array.from(ids, get)`, `_.map(ids, get)`, Bluebird's
 * `Promise.map(ids, get)` and p-map's `pMap(ids, get)` (promises of the list). A list's own
 * `.map(get)` is the method form.
 */
export const LIST_MAPS: Readonly<Record<string, number>> = {
  'Array.from': 1,
  '_.map': 1,
  '$.map': 1,
  'jQuery.map': 1,
  'Promise.map': 1,
  'Bluebird.map': 1,
  pMap: 1,
};

/** A function that only writes its arguments to a log: handing it a response is no escape. */
export function isLogging(calleeName: string): boolean {
  return /^(console|logger|log|winston|debug|pino)\b/.test(calleeName) || /\.(log|info|warn|error|debug|trace)$/.test(calleeName);
}

/**
 * Does this call hand its answer to a callback, so that what the call itself returns is not the
 * answer? `request(opts, cb)` returns request's Request object (a stream), `needle.post(url, data,
 * cb)` likewise: returning it (`(id) => request.post(…, cb)`) does not give callers the response.
 */
export function answersThroughCallback(client: string | undefined, call: Node): boolean {
  if (client !== 'request' && client !== 'needle') return false;
  const args = call.arguments ?? [];
  const last = args.length > 1 ? args[args.length - 1]! : undefined;
  if (!last) return false;
  return /^(FunctionExpression|ArrowFunctionExpression)$/.test(last.type) || (last.type === 'Identifier' && CALLBACK_NAME.test(last.name ?? ''));
}
const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'head', 'options']);
/**
 * A method named for its verb, with what wraps the verb: Nuxt's `$get` (answers the body) and
 * Bluebird's `getAsync` (answers a promise). [1] the `$`, [2] the verb, [3] the `Async`.
 */
export const VERB_NAME = /^(\$?)(get|post|put|patch|delete|del|head|options)(Async)?$/i;
export const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

export function verbMethod(op: string): string {
  const m = op.toUpperCase();
  return m === 'DEL' ? 'DELETE' : m;
}

/** Callees whose string arguments are never requests (logs, tests descriptions). */
/** Calls that build text (a URL) from their arguments and send nothing: `util.format('%s/helpdesk/…', base)`. */
export const TEXT_BUILDER_CALLEES = /^(util\.format|format|sprintf|vsprintf|Utilities\.formatString|String\.format|encodeURI|String|url\.resolve|url\.format|path\.join|path\.posix\.join|path\.resolve|urljoin|urlJoin)$/;

export const NON_REQUEST_CALLEES = /^(console|logger|log|debug|winston|pino|assert|describe|it|test|expect|t|chai|should|require|import|Logger)(\.|$)/;

export class ClientRecognizer {
  constructor(private readonly ev: Evaluator) {}

  /** The client kind of a receiver value (`axios`, an axios instance, `https`). */
  private kindOf(v: Value): { kind: ClientKind; member: string[]; inst?: Extract<Value, { t: 'inst' }> } | null {
    // a parameter named like a well-known global (`(function ($) { ... })(jQuery)`)
    if (v.t === 'unknown' && PACKAGES[`global:${v.name}`] && v.name !== 'fetch') {
      return { kind: PACKAGES[`global:${v.name}`]!, member: [] };
    }
    if (v.t === 'pkg') {
      const kind = PACKAGES[v.name];
      if (kind) {
        // import { fetch } from 'undici' / const { get } = require('https')
        if (kind === 'undici' && v.member[0] === 'fetch') return { kind: 'fetch', member: v.member.slice(1) };
        return { kind, member: v.member };
      }
      // `Vue.http` of vue-resource, `Vue` imported or global
      if ((v.name === 'vue' || v.name === 'global:Vue') && v.member[0] === 'http') return { kind: PACKAGES['global:Vue.http']!, member: v.member.slice(1) };
      return null;
    }
    if (v.t === 'inst') {
      const base = v.of.replace(/^global:/, '');
      if (base === 'XMLHttpRequest') return { kind: 'xhr', member: [], inst: v };
      const root = base.split('.')[0]!;
      const kind = PACKAGES[root] ?? PACKAGES[`global:${root}`];
      if (kind) return { kind, member: [], inst: v };
    }
    return null;
  }

  private ref(mod: ModuleInfo, node: Node | undefined, frames: Frames): NodeRef | undefined {
    return node ? { mod, node, frames } : undefined;
  }

  /** An options object argument (object literal or a binding holding one). */
  private options(mod: ModuleInfo, node: Node | undefined, frames: Frames): Extract<Value, { t: 'obj' }> | undefined {
    if (!node) return undefined;
    const v = this.ev.eval(mod, node, frames);
    return v.t === 'obj' ? v : undefined;
  }

  private prop(obj: Extract<Value, { t: 'obj' }> | undefined, ...keys: string[]): (NodeRef & { key: string }) | undefined {
    if (!obj) return undefined;
    for (const key of keys) {
      const found = this.ev.objectPropertyNode(obj, key);
      if (found) {
        const p = found.prop;
        const value = p.value ?? p;
        return { mod: found.mod, node: value, frames: found.frames, key };
      }
    }
    return undefined;
  }

  /**
   * `f(options)` or `f(url, options?)`: the options object and where it is written, and the URL
   * (the first argument, else the first of `urlKeys` in the options).
   */
  private urlOrOptions(
    mod: ModuleInfo,
    args: Node[],
    frames: Frames,
    ...urlKeys: string[]
  ): { opts?: Extract<Value, { t: 'obj' }>; optsNode?: Node; url?: NodeRef } {
    const first = args[0] ? this.ev.eval(mod, args[0], frames) : undefined;
    if (first?.t === 'obj') return { opts: first, optsNode: args[0], url: this.prop(first, ...urlKeys) };
    const opts = this.options(mod, args[1], frames);
    return { opts, optsNode: opts ? args[1] : undefined, url: this.ref(mod, args[0], frames) ?? this.prop(opts, ...urlKeys) };
  }

  private methodFromRef(r: NodeRef | undefined): string | undefined {
    if (!r) return undefined;
    const v = this.ev.eval(r.mod, r.node, r.frames);
    if (v.t !== 'str' || v.parts.some((p) => p.dynamic)) return undefined;
    const m = v.parts.map((p) => p.text).join('').toUpperCase();
    return HTTP_METHODS.has(m) ? m : undefined;
  }

  /** Chained calls on a call result: `superagent.post(u).set(..).send(body).end(cb)`. */
  chainOf(mod: ModuleInfo, call: Node): Node[] {
    const out: Node[] = [];
    let cur = call;
    for (;;) {
      const parent = mod.parent.get(cur);
      if (!parent || (parent.type !== 'MemberExpression' && parent.type !== 'OptionalMemberExpression') || parent.object !== cur) break;
      const gp = mod.parent.get(parent);
      if (!gp || (gp.type !== 'CallExpression' && gp.type !== 'OptionalCallExpression') || gp.callee !== parent) break;
      out.push(gp);
      cur = gp;
    }
    return out;
  }

  /** Calls made on the variable a call result (or object) is stored in: `req.write(x)`, `xhr.send(x)`. */
  callsOnBinding(mod: ModuleInfo, holder: Node): Node[] {
    let id: Node | undefined;
    if (holder.type === 'Identifier') id = holder;
    else {
      const parent = mod.parent.get(holder);
      if (parent?.type === 'VariableDeclarator' && parent.init === holder && parent.id.type === 'Identifier') id = parent.id;
      else if (parent?.type === 'AssignmentExpression' && parent.right === holder && parent.left.type === 'Identifier') id = parent.left;
    }
    if (!id) return [];
    const b = bindingAt(mod, id);
    if (!b) return [];
    const out: Node[] = [];
    for (const ref of b.refs) {
      const parent = mod.parent.get(ref);
      if (parent?.type === 'MemberExpression' && parent.object === ref) {
        const gp = mod.parent.get(parent);
        if (gp?.type === 'CallExpression' && gp.callee === parent) out.push(gp);
      }
    }
    return out;
  }

  /** Recognises a request call; null when the callee is not a known client shape. */
  recognize(mod: ModuleInfo, node: Node, frames: Frames): CallShape | null {
    const callee = unwrapExpr(node.callee);
    const args: Node[] = node.arguments ?? [];
    const calleeText = calleeName(mod, callee);
    const isNew = node.type === 'NewExpression';
    let receiver: Value | undefined;
    let op = '';
    if (callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') {
      op = callee.computed ? (isStringLiteral(callee.property) ? String(callee.property.value) : '') : callee.property.name;
      // (Bluebird's promisifyAll gives each method an `…Async` twin that answers a promise)
      const named = VERB_NAME.exec(op);
      if (named && !named[1] && named[3] === 'Async' && VERBS.has(named[2]!)) op = named[2]!;
      receiver = this.ev.eval(mod, callee.object, frames);
    }
    const direct = this.ev.eval(mod, callee, frames);

    if (isNew) {
      if (direct.t === 'pkg' && (direct.name === 'global:Request' || direct.member[0] === 'Request')) {
        return this.fetchLike('fetch', calleeText, mod, args, frames, '');
      }
      return null;
    }

    // the callee itself is a client (`fetch(u)`, `axios(cfg)`, `got(u)`, `request(opts)`, `needle('put', u)`)
    const dk = this.kindOf(direct);
    if (dk && dk.member.length <= 1) {
      const dop = dk.member[0] ?? '';
      const shape = this.byKind(dk.kind, dop, calleeText, mod, node, args, frames, dk.inst);
      if (shape) return withInstance(shape, mod, dk.inst);
    }
    // a member call on a client (`axios.post`, `api.get` for an axios instance, `https.request`)
    if (receiver) {
      const rk = this.kindOf(receiver);
      if (rk && rk.member.length === 0) {
        const shape = this.byKind(rk.kind, op, calleeText, mod, node, args, frames, rk.inst);
        if (shape) return withInstance(shape, mod, rk.inst);
      }
    }
    // form-data: `form.submit({ host, path }, cb)` posts the form
    if (op === 'submit' && receiver?.t === 'inst' && /form-data|FormData/.test(receiver.of)) {
      const first = args[0] ? this.ev.eval(mod, args[0], frames) : undefined;
      const opts = first?.t === 'obj' ? first : undefined;
      const url = opts ? this.prop(opts, 'path') : this.ref(mod, args[0], frames);
      const protocol = this.prop(opts, 'protocol');
      const protoText = protocol ? Evaluator.text(this.ev.eval(protocol.mod, protocol.node, protocol.frames)) : undefined;
      return {
        client: 'form-data',
        callee: calleeText,
        url,
        method: 'POST',
        methodSource: 'default',
        options: opts ? this.ref(mod, args[0], frames) : undefined,
        body: { mod, node: callee.object, frames },
        insecure: protoText === 'http:',
      };
    }
    // app frameworks: `client.request.get(url, options)` (any receiver named by shape)
    const path = memberPath(callee);
    if (path && path.length >= 3 && path[path.length - 2] === 'request' && VERBS.has(op)) {
      return this.appRequest('app-client', calleeText, op, mod, args, frames);
    }
    if (path && path.length === 2 && path[0] === '$request' && VERBS.has(op)) {
      return this.appRequest('app-request', calleeText, op, mod, args, frames);
    }
    // XMLHttpRequest-like: `x.open('PUT', url)`
    if (op === 'open' && args.length >= 2) {
      const mref = this.ref(mod, args[0], frames);
      const method = this.methodFromRef(mref);
      if (method) {
        const holder = unwrapExpr(callee.object);
        const sends = this.callsOnBinding(mod, holder).filter((c) => c.callee.property?.name === 'send' && c.arguments.length > 0);
        return {
          client: 'xhr',
          callee: calleeText,
          url: this.ref(mod, args[1], frames),
          method,
          methodRef: mref,
          methodSource: 'argument',
          body: sends[0] ? this.ref(mod, sends[0].arguments[0], frames) : undefined,
        };
      }
    }
    // any `<x>.get|post|put|delete(url, ...)` (Angular HttpClient, custom clients)
    if (receiver && VERBS.has(op) && args.length > 0 && !NON_REQUEST_CALLEES.test(calleeText)) {
      const hasBody = op === 'post' || op === 'put' || op === 'patch';
      return {
        client: 'generic',
        callee: calleeText,
        url: this.ref(mod, args[0], frames),
        method: verbMethod(op),
        methodRef: { mod, node: callee.property, frames },
        methodSource: 'callee',
        // `this.put(path, cb)`: a callback in the body's place is never the body
        body: hasBody && args[1] && !this.isCallbackArg(mod, args[1], args, frames) ? this.ref(mod, args[1], frames) : undefined,
        dataArg: hasBody ? 1 : undefined,
      };
    }
    // a client this table does not know, called the way most are: `<x>.request({ url, method, … })`
    // (httpsync, sync-request-style wrappers): the options say where and how
    if (receiver && op === 'request' && args[0] && !NON_REQUEST_CALLEES.test(calleeText)) {
      const opts = this.options(mod, args[0], frames);
      const url = this.prop(opts, 'url', 'uri');
      const mref = this.prop(opts, 'method', 'type');
      const method = this.methodFromRef(mref);
      if (url && method) {
        const written = this.callsOnBinding(mod, node).find((c) => c.callee.property?.name === 'write' && c.arguments.length > 0);
        const prop = this.prop(opts, 'body', 'json', 'data', 'form');
        const body = prop ?? (written ? this.ref(mod, written.arguments[0], frames) : undefined);
        return { client: 'generic', callee: calleeText, url, method, methodRef: mref, methodSource: 'option', options: this.ref(mod, args[0], frames), body, bodyProperty: prop?.key };
      }
    }
    return null;
  }

  /**
   * Is this argument a callback rather than a request body? A function, a name bound to a
   * function, or the call's last argument named like one (`cb`, `callback`, `done`) that is a
   * parameter or unknown.
   */
  isCallbackArg(mod: ModuleInfo, node: Node, args: Node[], frames: Frames): boolean {
    const n = unwrapExpr(node);
    if (n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression') return true;
    if (n.type !== 'Identifier') return false;
    const v = this.ev.eval(mod, n, frames);
    if (v.t === 'fn') return true;
    if (v.t === 'obj' || v.t === 'str' || v.t === 'arr') return false;
    return unwrapExpr(args[args.length - 1]!) === n && CALLBACK_NAME.test(n.name);
  }

  private appRequest(client: ClientKind, callee: string, op: string, mod: ModuleInfo, args: Node[], frames: Frames): CallShape {
    const opts = this.options(mod, args[1], frames);
    const body = this.prop(opts, 'body', 'json');
    const calleeNode = undefined;
    void calleeNode;
    return {
      client,
      callee,
      url: this.ref(mod, args[0], frames),
      method: verbMethod(op),
      methodSource: 'callee',
      options: this.ref(mod, args[1], frames),
      body,
      bodyProperty: body?.key,
    };
  }

  private fetchLike(client: ClientKind, callee: string, mod: ModuleInfo, args: Node[], frames: Frames, op: string, instConfig?: Extract<Value, { t: 'obj' }>): CallShape {
    const opts = this.options(mod, args[1], frames);
    const mref = this.prop(opts, 'method');
    const method = op && VERBS.has(op) ? verbMethod(op) : this.methodFromRef(mref);
    const body = this.prop(opts, 'body', 'json');
    // (a method option the code computes, `method: isNew ? 'POST' : 'PUT'`, is not known: not GET)
    const unknown = !method && !!mref;
    return {
      client,
      callee,
      url: this.ref(mod, args[0], frames),
      ...(unknown ? {} : { method: method ?? 'GET' }),
      methodRef: op && VERBS.has(op) ? undefined : mref,
      methodSource: op && VERBS.has(op) ? 'callee' : method ? 'option' : unknown ? null : 'default',
      options: this.ref(mod, args[1], frames),
      body,
      bodyProperty: body?.key,
      query: this.prop(opts, 'searchParams'),
      // (ky's instance gives its calls its prefixUrl: `ky.create({ prefixUrl })`)
      base: this.prop(opts, 'prefixUrl') ?? this.prop(instConfig, 'prefixUrl'),
    };
  }

  private byKind(
    kind: ClientKind,
    op: string,
    callee: string,
    mod: ModuleInfo,
    node: Node,
    args: Node[],
    frames: Frames,
    inst?: Extract<Value, { t: 'inst' }>,
  ): CallShape | null {
    const calleeNode = unwrapExpr(node.callee);
    const opRef: NodeRef | undefined =
      (calleeNode.type === 'MemberExpression' || calleeNode.type === 'OptionalMemberExpression') && !calleeNode.computed
        ? { mod, node: calleeNode.property, frames }
        : undefined;
    const instConfig = inst ? this.options(inst.mod, inst.node.arguments?.[0], inst.frames) : undefined;
    const verb = VERBS.has(op);
    switch (kind) {
      case 'fetch':
      case 'ky':
        if (op === '' || op === 'fetch' || (kind === 'ky' && verb)) return this.fetchLike(kind, callee, mod, args, frames, kind === 'ky' ? op : '', kind === 'ky' ? instConfig : undefined);
        return null;
      case 'undici':
        if (op === 'request' || op === 'fetch') return { ...this.fetchLike(op === 'fetch' ? 'fetch' : 'undici', callee, mod, args, frames, ''), client: op === 'fetch' ? 'fetch' : 'undici' };
        return null;
      case 'axios': {
        if (op === 'create' || op === 'defaults' || op === 'interceptors' || op === 'isAxiosError') return null;
        let url: NodeRef | undefined;
        let config: Extract<Value, { t: 'obj' }> | undefined;
        let configNode: Node | undefined;
        let body: (NodeRef & { key?: string }) | undefined;
        let dataArg: number | undefined;
        if (op === '' || op === 'request') {
          const first = args[0] ? this.ev.eval(mod, args[0], frames) : undefined;
          if (first?.t === 'obj') {
            config = first;
            configNode = args[0];
          } else {
            url = this.ref(mod, args[0], frames);
            config = this.options(mod, args[1], frames);
            configNode = args[1];
          }
        } else if (op === 'get' || op === 'delete' || op === 'head' || op === 'options') {
          url = this.ref(mod, args[0], frames);
          config = this.options(mod, args[1], frames);
          configNode = args[1];
        } else if (op === 'post' || op === 'put' || op === 'patch') {
          url = this.ref(mod, args[0], frames);
          body = this.ref(mod, args[1], frames);
          dataArg = 1;
          config = this.options(mod, args[2], frames);
          configNode = args[2];
        } else return null;
        url ??= this.prop(config, 'url');
        const mref = verb ? opRef : this.prop(config, 'method');
        const method = verb ? verbMethod(op) : (this.methodFromRef(mref) ?? 'GET');
        if (!body) {
          // (vue-resource's config form takes the body as `body`)
          const d = this.prop(config, 'data', 'body');
          if (d) body = d;
        }
        // vue-resource's `emulateJSON: true` sends the body form-encoded (v2 answers that 415), its
        // `emulateHTTP: true` a PUT, PATCH or DELETE as a POST with the method in a header; per
        // request or instance, or for every `Vue.http` request once set in `Vue.http.options`
        const vueResource = /(^|\.)\$?http\.[a-z]+$/i.test(callee);
        const emulates = (option: string) => {
          const v = this.prop(config, option) ?? this.prop(instConfig, option);
          return v ? this.isTrue(v) : vueResource && vueHttpSwitches(mod).has(option);
        };
        return {
          client: 'axios',
          callee,
          url,
          base: this.prop(config, 'baseURL') ?? this.prop(instConfig, 'baseURL'),
          method,
          methodRef: mref,
          methodSource: verb ? 'callee' : mref ? (method ? 'option' : null) : 'default',
          options: configNode ? this.ref(mod, configNode, frames) : undefined,
          body,
          bodyProperty: body?.key,
          query: this.prop(config, 'params'),
          dataArg,
          ...(body && emulates('emulateJSON') ? { formEncoded: true } : {}),
          ...(method !== 'GET' && method !== 'POST' && emulates('emulateHTTP') ? { methodOverride: true } : {}),
        };
      }
      case 'request':
      case 'got': {
        if (op !== '' && !verb) return null;
        const { opts, optsNode, url } = this.urlOrOptions(mod, args, frames, 'uri', 'url');
        const mref = verb ? opRef : this.prop(opts, 'method');
        // (a method option the code computes is not known: not GET)
        const method = verb ? verbMethod(op) : (this.methodFromRef(mref) ?? (mref ? undefined : 'GET'));
        // `json: true` only asks for JSON; the body is then in `body:`
        let body = this.prop(opts, 'json', 'body', 'form', 'formData');
        if (body?.key === 'json' && this.isBooleanLiteral(body)) body = this.prop(opts, 'body', 'form', 'formData') ?? body;
        return {
          client: kind,
          callee,
          url,
          base: this.prop(opts, 'baseUrl', 'prefixUrl') ?? this.prop(instConfig, 'baseUrl', 'prefixUrl'),
          method,
          methodRef: mref,
          methodSource: verb ? 'callee' : mref ? (method ? 'option' : null) : 'default',
          options: optsNode ? this.ref(mod, optsNode, frames) : undefined,
          body: body && !(body.key === 'json' && this.isBooleanLiteral(body)) ? body : undefined,
          bodyProperty: body?.key,
          ...(body?.key === 'form' ? { formEncoded: true } : {}),
          query: this.prop(opts, 'qs', 'searchParams'),
          ...(this.prop(opts, 'transform') ? { answerOption: this.prop(opts, 'transform')! } : {}),
        };
      }
      case 'superagent':
      case 'unirest': {
        let url: NodeRef | undefined;
        let method: string | undefined;
        let mref: NodeRef | undefined;
        let source: CallShape['methodSource'] = 'callee';
        if (verb) {
          url = this.ref(mod, args[0], frames);
          method = verbMethod(op);
          mref = opRef;
        } else if (op === '' && args.length >= 2) {
          mref = this.ref(mod, args[0], frames);
          method = this.methodFromRef(mref);
          url = this.ref(mod, args[1], frames);
          source = 'argument';
        } else return null;
        const chain = this.chainOf(mod, node);
        const send = chain.find((c) => c.callee.property?.name === 'send' && c.arguments.length > 0);
        const [query, ...moreQueries] = chain.filter((c) => c.callee.property?.name === 'query' && c.arguments.length > 0);
        let body = send ? this.ref(mod, send.arguments[0], frames) : undefined;
        if (!body && kind === 'unirest' && verb && args[2]) body = this.ref(mod, args[2], frames);
        // `.field(fields)` (unirest, superagent): an object of form fields is the (multipart) body
        const fields = !body ? chain.find((c) => c.callee.property?.name === 'field' && c.arguments.length === 1) : undefined;
        if (fields) body = this.ref(mod, fields.arguments[0], frames);
        // `.type('form')`, `.set('Content-Type', 'application/x-www-form-urlencoded')`: sent as a form
        const formType = chain.some((c) => {
          const name = c.callee.property?.name;
          const texts = (c.arguments as Node[]).map((x) => (isStringLiteral(x) ? String(x.value).toLowerCase() : ''));
          return (name === 'type' && (texts[0] === 'form' || texts[0]?.includes('x-www-form-urlencoded'))) || (name === 'set' && texts[0] === 'content-type' && !!texts[1]?.includes('x-www-form-urlencoded'));
        });
        return {
          client: kind,
          ...(formType && body && !fields ? { formEncoded: true } : {}),
          callee,
          url,
          method: method ?? 'GET',
          methodRef: mref,
          methodSource: method ? source : 'default',
          body,
          query: query ? this.ref(mod, query.arguments[0], frames) : undefined,
          ...(moreQueries.length ? { moreQueries: moreQueries.flatMap((q) => this.ref(mod, q.arguments[0], frames) ?? []) } : {}),
          chain,
        };
      }
      case 'needle': {
        let url: NodeRef | undefined;
        let method: string | undefined;
        let mref: NodeRef | undefined;
        let body: NodeRef | undefined;
        let dataArg: number | undefined;
        let source: CallShape['methodSource'] = 'callee';
        if (op === 'get' || op === 'head') {
          url = this.ref(mod, args[0], frames);
          method = verbMethod(op);
          mref = opRef;
        } else if (verb) {
          url = this.ref(mod, args[0], frames);
          method = verbMethod(op);
          mref = opRef;
          body = this.ref(mod, args[1], frames);
          dataArg = 1;
        } else if (op === '' || op === 'request') {
          mref = this.ref(mod, args[0], frames);
          method = this.methodFromRef(mref);
          url = this.ref(mod, args[1], frames);
          body = this.ref(mod, args[2], frames);
          dataArg = 2;
          source = 'argument';
        } else return null;
        // an object is sent form-encoded unless the options say `json: true` (or `multipart: true`,
        // which v2 takes too); options it cannot read are not judged
        const optsArg = dataArg !== undefined ? unwrapExpr(args[dataArg + 1]) : undefined;
        const opts = optsArg && !isFunctionNode(optsArg) && !(optsArg.type === 'Identifier' && CALLBACK_NAME.test(optsArg.name)) ? this.ev.eval(mod, optsArg, frames) : undefined;
        const declares = (key: string) => opts?.t === 'obj' && !!this.prop(opts, key) && this.isTrue(this.prop(opts, key)!);
        const formEncoded = !!body && method !== 'GET' && (opts === undefined || (opts.t === 'obj' && !declares('json') && !declares('multipart'))) && !this.isStringBody(body) && this.ev.eval(body.mod, body.node, body.frames).t === 'obj';
        return { client: 'needle', callee, url, method: method ?? 'GET', methodRef: mref, methodSource: method ? source : 'default', body, dataArg, ...(formEncoded ? { formEncoded: true } : {}) };
      }
      case 'https':
      case 'http': {
        if (op !== 'request' && op !== 'get') return null;
        const { opts, optsNode, url } = this.urlOrOptions(mod, args, frames, 'path');
        const mref = this.prop(opts, 'method');
        const method = op === 'get' ? 'GET' : (this.methodFromRef(mref) ?? 'GET');
        const protocol = this.prop(opts, 'protocol');
        const protoText = protocol ? Evaluator.text(this.ev.eval(protocol.mod, protocol.node, protocol.frames)) : undefined;
        const writes = this.callsOnBinding(mod, node).filter((c) => ['write', 'end'].includes(c.callee.property?.name) && c.arguments.length > 0);
        const chainWrites = this.chainOf(mod, node).filter((c) => ['write', 'end'].includes(c.callee.property?.name) && c.arguments.length > 0);
        const w = writes[0] ?? chainWrites[0];
        return {
          client: kind,
          callee,
          url,
          method,
          methodRef: op === 'get' ? opRef : mref,
          methodSource: op === 'get' ? 'callee' : mref ? 'option' : 'default',
          options: optsNode ? this.ref(mod, optsNode, frames) : undefined,
          body: w ? this.ref(mod, w.arguments[0], frames) : undefined,
          insecure: kind === 'http' || protoText === 'http:',
        };
      }
      case 'jquery': {
        if (op === 'ajax' || op === '') {
          const { opts: settings, optsNode: settingsNode, url } = this.urlOrOptions(mod, args, frames, 'url');
          if (!url) return null;
          const mref = this.prop(settings, 'type', 'method');
          const method = this.methodFromRef(mref) ?? 'GET';
          const data = this.prop(settings, 'data');
          return {
            client: 'jquery',
            callee,
            url,
            method,
            methodRef: mref,
            methodSource: mref ? 'option' : 'default',
            options: settingsNode ? this.ref(mod, settingsNode, frames) : undefined,
            body: method === 'GET' ? undefined : data,
            query: method === 'GET' ? data : undefined,
            bodyProperty: data?.key,
            ...(data && method !== 'GET' && this.formEncodes(data, this.declaredType(settings, 'contentType')) ? { formEncoded: true } : {}),
          };
        }
        if (op === 'get' || op === 'getJSON' || op === 'post') {
          const method = op === 'post' ? 'POST' : 'GET';
          return {
            client: 'jquery',
            callee,
            url: this.ref(mod, args[0], frames),
            method,
            methodRef: opRef,
            methodSource: 'callee',
            body: method === 'POST' ? this.ref(mod, args[1], frames) : undefined,
            // (a GET's data is its query: `$.getJSON(url, { state: 'all' }, cb)`)
            query: method === 'GET' && args[1] && !isFunctionNode(unwrapExpr(args[1])) && !(unwrapExpr(args[1]).type === 'Identifier' && CALLBACK_NAME.test(unwrapExpr(args[1]).name)) ? this.ref(mod, args[1], frames) : undefined,
            dataArg: method === 'POST' ? 1 : undefined,
            // (the shorthand cannot set a content type: its data always goes out form-encoded)
            ...(method === 'POST' && args[1] && !isFunctionNode(unwrapExpr(args[1])) && !(unwrapExpr(args[1]).type === 'Identifier' && CALLBACK_NAME.test(unwrapExpr(args[1]).name)) ? { formEncoded: true } : {}),
          };
        }
        return null;
      }
      case 'urlfetchapp': {
        if (op !== 'fetch') return null;
        const params = this.options(mod, args[1], frames);
        const mref = this.prop(params, 'method');
        const method = this.methodFromRef(mref) ?? 'GET';
        const body = this.prop(params, 'payload');
        return {
          client: 'urlfetchapp',
          callee,
          url: this.ref(mod, args[0], frames),
          method,
          methodRef: mref,
          methodSource: mref ? 'option' : 'default',
          options: this.ref(mod, args[1], frames),
          body,
          bodyProperty: body?.key,
          ...(body && this.formEncodes(body, this.declaredType(params, 'contentType')) ? { formEncoded: true } : {}),
        };
      }
      case 'app-request':
        if (verb) return this.appRequest('app-request', callee, op, mod, args, frames);
        return null;
      default:
        return null;
    }
  }

  /**
   * The content type the options declare for the body: their content type option
   * (`contentType: 'application/json'`) or a `Content-Type` header among their `headers`. `none`:
   * neither is written (the client's default applies); `unknown`: written, not readable here.
   */
  private declaredType(opts: Extract<Value, { t: 'obj' }> | undefined, option: string): 'json' | 'form' | 'other' | 'unknown' | 'none' {
    const kind = (r: NodeRef) => {
      const text = Evaluator.text(this.ev.eval(r.mod, r.node, r.frames));
      return text === undefined ? 'unknown' : /json/i.test(text) ? 'json' : /x-www-form-urlencoded/i.test(text) ? 'form' : 'other';
    };
    const own = this.prop(opts, option);
    if (own) return kind(own);
    const headers = this.prop(opts, 'headers');
    if (!headers) return 'none';
    const hv = this.ev.eval(headers.mod, headers.node, headers.frames);
    if (hv.t !== 'obj') return 'unknown';
    const header = this.prop(hv, 'Content-Type', 'content-type', 'Content-type', 'CONTENT-TYPE');
    return header ? kind(header) : 'none';
  }

  /**
   * Does a body with this declared content type go out form-encoded? A string (`JSON.stringify(x)`,
   * held in a variable or not) goes as the type says, the client's default (form) when none is
   * written; an object is form-encoded by jQuery and UrlFetchApp whatever the header says, unless a
   * multipart type is declared (UrlFetchApp's blobs).
   */
  private formEncodes(body: NodeRef, declared: ReturnType<ClientRecognizer['declaredType']>): boolean {
    if (declared === 'form' || declared === 'none') return true;
    if (declared === 'json' || declared === 'unknown') return !this.isStringBody(body) && this.ev.eval(body.mod, body.node, body.frames).t === 'obj';
    return false;
  }

  /** A body that is text: a string, `JSON.stringify(x)`, or a variable holding one. */
  private isStringBody(body: NodeRef): boolean {
    const n = unwrapExpr(body.node);
    if (isJsonStringify(n) || this.ev.eval(body.mod, n, body.frames).t === 'str') return true;
    if (n.type !== 'Identifier') return false;
    const b = bindingAt(body.mod, n);
    return !!b && ((!!b.init && isJsonStringify(unwrapExpr(b.init))) || b.assigns.some((w) => isJsonStringify(unwrapExpr(w.right))));
  }

  /** A literal `true` (as `json: true` is written). */
  private isTrue(r: NodeRef): boolean {
    const n = unwrapExpr(r.node);
    return (n.type === 'BooleanLiteral' || n.type === 'Literal') && n.value === true;
  }

  private isBooleanLiteral(r: NodeRef): boolean {
    const n = unwrapExpr(r.node);
    return n.type === 'BooleanLiteral' || (n.type === 'Literal' && typeof n.value === 'boolean');
  }
}

/** Callee text as written, compacted: `client.request.get`, `$.ajax`, `this.http.post`. */
export function calleeName(mod: ModuleInfo, callee: Node): string {
  const path = memberPath(callee);
  if (path) return path.join('.');
  return mod.source.slice(callee.start, callee.end).replace(/\s+/g, '').slice(0, 60);
}

/**
 * The vue-resource switches the module turns on for every `Vue.http` request (`Vue.http.options.emulateHTTP
 * = true`, `['emulateHTTP'] = true`, `Object.assign(Vue.http.options, { emulateHTTP: true })`, …: a
 * mention in a statement on `http.options` that does not set it false counts). Read once per module.
 */
const vueHttpSwitchesOf = new WeakMap<ModuleInfo, ReadonlySet<string>>();
function vueHttpSwitches(mod: ModuleInfo): ReadonlySet<string> {
  let on = vueHttpSwitchesOf.get(mod);
  if (!on) {
    const code = withoutComments(mod.source);
    on = new Set(['emulateJSON', 'emulateHTTP'].filter((option) => [...code.matchAll(new RegExp(`\\bhttp\\.options\\b(?:[^;\\n]|\\n(?=[ \\t]))*?\\b${option}\\b(['"\`]?\\]?\\s*[:=]\\s*false\\b)?`, 'g'))].some((m) => !m[1])));
    vueHttpSwitchesOf.set(mod, on);
  }
  return on;
}
