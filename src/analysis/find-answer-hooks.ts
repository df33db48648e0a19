/**
 * Code a client runs on every answer before the caller gets it: an axios response interceptor
 * (`fd.interceptors.response.use(fn)`, `axios.interceptors…` for the default instance), axios'
 * `transformResponse` or got's and ky's `hooks: { afterResponse: [...] }` given to an instance
 * (`axios.create({…})`, `ky.create({…})`, `got.extend({…})`).
 *
 * A hook that looks inside the body (`r.data[Object.keys(r.data)[0]]`, `r.data.helpdesk_ticket`,
 * `response.json()`) reads the v1 shape for every call through that client, wherever the call is
 * written: v2's bare answer gives it something else. Such a call keeps v1 (`CallInfo.answerHooks`)
 * when its answer changes shape. Only a hook that provably does not look inside the body (`r => r`,
 * `r => r.data`, logging then `return r`, a retry of the request) lets the call migrate.
 */
import type { Analysis } from './analysis.ts';
import { declaredFunction } from './find-status-predicates.ts';
import { propertyKey, isObjectProperty } from './evaluate.ts';
import { enclosingFunction, children, type ModuleInfo } from './module.ts';
import type { Node } from './parse.ts';
import type { CallInfo } from './types.ts';
import { calleeName, dottedName, isCall, isFunction, isJsonParseOf, isMember, isTransparent, memberName, unwrapExpr } from './syntax.ts';

/** A hook registered in a module: what it is, the client kinds it serves, and who it serves. */
interface AnswerHook {
  mod: ModuleInfo;
  node: Node;
  what: string;
  /** What the hook is handed: the response (interceptors, afterResponse) or the body itself (transformResponse). */
  given: 'response' | 'data';
  clients: ReadonlySet<string>;
  /** `X` of `X.interceptors.response.use(…)`, or the `create(…)` call given the hook in its config. */
  target: { receiver: Node } | { create: Node };
}

const AXIOS: ReadonlySet<string> = new Set(['axios']);
const KY_GOT: ReadonlySet<string> = new Set(['ky', 'got']);

export function findAnswerHooks(a: Analysis): void {
  const calls = a.found.filter((it) => it.site.kind === 'call' && it.site.call && it.node && it.site.file === a.mod.file && it.site.rule);
  if (!calls.length) return;
  const hooksByModule = new Map<ModuleInfo, AnswerHook[]>();
  const hooksOf = (m: ModuleInfo) => hooksByModule.get(m) ?? hooksByModule.set(m, shapeReadingHooks(m)).get(m)!;
  for (const it of calls) {
    const call = it.site.call!;
    // (the instance's module and the repo functions it goes through: their hooks may serve it)
    const modules = [a.mod, ...[...a.wrapperModules].filter((m) => m !== a.mod && servedFrom(call).has(m.file))];
    const served = modules.flatMap(hooksOf).filter((h) => serves(a, h, it.node!, call, it.shape?.instance));
    for (const h of served) (call.answerHooks ??= []).push({ file: h.mod === a.mod ? a.mod.file : h.mod.file, line: h.node.loc?.start.line ?? 0, what: h.what });
  }
}

/** The files of the instance and the wrapper functions a call goes through. */
function servedFrom(call: CallInfo): Set<string> {
  return new Set([...(call.wrapperFiles ?? []), ...(call.sharedInstanceFile ? [call.sharedInstanceFile] : [])]);
}

/**
 * Does the hook serve the call? A call through a repo function: it may (the function's client is
 * not told apart here). A client call: when it is of the hook's client and goes through the hook's
 * instance: the one its config is given to, or the one the interceptor is added to (the package's
 * default instance for `axios.interceptors`). A receiver the reading cannot tell may be it.
 */
function serves(a: Analysis, h: AnswerHook, node: Node, call: CallInfo, instance: Node | undefined): boolean {
  if (call.client === 'wrapper') return true;
  if (!h.clients.has(call.client)) return false;
  const hooked = 'create' in h.target ? h.target.create : instanceOf(a, h.mod, h.target.receiver);
  const through = instance ?? instanceOf(a, a.mod, unwrapExpr(node.callee).object ?? unwrapExpr(node.callee));
  if (hooked === 'unknown' || through === 'unknown') return true;
  return hooked === through;
}

/** The instance maker (`axios.create(…)`) a client value comes from; `'default'` for the package itself. */
function instanceOf(a: Analysis, mod: ModuleInfo, n: Node): Node | 'default' | 'unknown' {
  const v = a.ev.eval(mod, n);
  if (v.t === 'inst') return v.node;
  return v.t === 'pkg' && v.member.length === 0 ? 'default' : 'unknown';
}

/** The hooks of a module that look inside the answer's body (or may: a hook the reading cannot see). */
function shapeReadingHooks(m: ModuleInfo): AnswerHook[] {
  return registeredHooks(m).filter((h) => !bodyUnread(m, h.node, h.given));
}

function registeredHooks(m: ModuleInfo): AnswerHook[] {
  const hooks: AnswerHook[] = [];
  for (const c of m.nodes.calls) {
    // `X.interceptors.response.use(onAnswer, onError)`: only the first sees the answers that succeed
    const callee = unwrapExpr(c.callee);
    if (!isMember(callee) || memberName(callee) !== 'use') continue;
    const path = dottedName(callee.object)?.split('.') ?? [];
    if (path.slice(-2).join('.') !== 'interceptors.response') continue;
    const handler = (c.arguments as Node[])[0];
    if (!handler || isNothing(unwrapExpr(handler))) continue;
    hooks.push({ mod: m, node: handler, what: 'response interceptor', given: 'response', clients: AXIOS, target: { receiver: unwrapExpr(callee.object).object.object } });
  }
  for (const o of m.nodes.objects) {
    const create = configOfCreate(m, o);
    if (!create) continue;
    for (const p of (o.properties as Node[]).filter(isObjectProperty)) {
      const key = propertyKey(p);
      if (key === 'transformResponse') for (const fn of listed(p.value)) hooks.push({ mod: m, node: fn, what: 'transformResponse', given: 'data', clients: AXIOS, target: { create } });
      const after = key === 'hooks' && unwrapExpr(p.value).type === 'ObjectExpression' ? (unwrapExpr(p.value).properties as Node[]).find((q) => isObjectProperty(q) && propertyKey(q) === 'afterResponse') : undefined;
      if (after) for (const fn of listed(after.value)) hooks.push({ mod: m, node: fn, what: 'afterResponse hook', given: 'response', clients: KY_GOT, target: { create } });
    }
  }
  return hooks;
}

/** The instance maker an object is the config of (`axios.create({…})`, `ky.extend({…})`). */
function configOfCreate(m: ModuleInfo, o: Node): Node | undefined {
  const holder = m.parent.get(o);
  if (!holder || !isCall(holder) || !(holder.arguments as Node[]).some((x) => unwrapExpr(x) === o)) return undefined;
  return /(^|\.)(create|extend)$/.test(calleeName(holder) ?? '') ? holder : undefined;
}

/** The hooks of an option: one function, or each of a list. */
function listed(v: Node): Node[] {
  const u = unwrapExpr(v);
  return u.type === 'ArrayExpression' ? (u.elements as Node[]).filter(Boolean) : [u];
}

function isNothing(n: Node): boolean {
  return n.type === 'NullLiteral' || (n.type === 'Literal' && n.value === null) || (n.type === 'Identifier' && n.name === 'undefined');
}

/**
 * Does the hook provably leave the body unread? `kind` says what its parameter is: the response
 * (axios interceptors; got's `afterResponse(response)`, ky's `afterResponse(request, options,
 * response)`) or the body itself (`transformResponse(data)`). Every use of it must be one that does
 * not look inside the body: handed back whole (`return r`, `return r.data`, `JSON.parse(data)`), a
 * field of the response beside the body (`r.status`, `r.headers`, `r.config`), or logged.
 */
function bodyUnread(m: ModuleInfo, hook: Node, kind: AnswerHook['given']): boolean {
  const fn = declaredFunction(m, unwrapExpr(hook));
  if (!isFunction(fn)) return false;
  const params = fn.params as Node[];
  // (ky hands the response third; a hook with no parameter for it never reads it)
  const param = kind === 'response' && params.length >= 3 ? params[2] : params[0];
  if (!param) return true;
  if (kind === 'response' && param.type === 'ObjectPattern') return destructuredLeavesBody(m, fn, param);
  if (param.type !== 'Identifier') return false;
  return usesOf(fn, param.name).every((ref) => (kind === 'data' ? dataUseIsWhole(m, fn, ref) : responseUseLeavesBody(m, fn, ref)));
}

/**
 * `({ data }) => data`, `({ data, status }) => …`: the response taken apart in the parameter. The
 * body (`data`) may only be handed back whole or logged, as `r.data` may; the response's other
 * fields are read freely. A rest element or a default keeps the answer's shape unknown.
 */
function destructuredLeavesBody(m: ModuleInfo, fn: Node, pattern: Node): boolean {
  return (pattern.properties as Node[]).every((p) => {
    if (!isObjectProperty(p) || p.computed || p.value?.type !== 'Identifier') return false;
    const key = propertyKey(p);
    if (key === undefined || key === null) return false;
    if (key !== 'data' && !BODY_FIELDS.has(key)) return true;
    return key === 'data' && usesOf(fn, p.value.name).every((ref) => handedBack(m, fn, ref) || logged(m, ref));
  });
}

/** The identifiers named `name` in a function's body (not property names). */
function usesOf(fn: Node, name: string): Node[] {
  const found: Node[] = [];
  const visit = (n: Node, parent: Node | undefined): void => {
    if (n.type === 'Identifier' && n.name === name && !(parent && isMember(parent) && parent.property === n && !parent.computed) && !(parent && isObjectProperty(parent) && parent.key === n && !parent.computed && parent.value !== n)) found.push(n);
    for (const c of children(n)) visit(c, n);
  };
  visit(fn.body, fn);
  return found;
}

/** The response's fields that are not its body: reading them does not depend on the answer's shape. */
const BODY_FIELDS: ReadonlySet<string> = new Set(['data', 'body', 'rawBody', 'json', 'text', 'arrayBuffer', 'blob', 'clone']);

function responseUseLeavesBody(m: ModuleInfo, fn: Node, ref: Node): boolean {
  if (handedBack(m, fn, ref) || logged(m, ref)) return true;
  const p = parentOf(m, ref);
  if (!p || !isMember(p) || unwrapExpr(p.object) !== ref) return false;
  const name = memberName(p);
  if (name === undefined) return false;
  // `return r.data`: the whole body handed on, as the client gives it
  if (name === 'data') return handedBack(m, fn, p);
  return !BODY_FIELDS.has(name);
}

function dataUseIsWhole(m: ModuleInfo, fn: Node, ref: Node): boolean {
  if (handedBack(m, fn, ref) || logged(m, ref)) return true;
  const p = parentOf(m, ref);
  return !!p && isJsonParseOf(p, ref) && handedBack(m, fn, p);
}

/** Is `n` what the hook itself returns (its expression body, or one of its own `return`s)? */
function handedBack(m: ModuleInfo, fn: Node, n: Node): boolean {
  const p = parentOf(m, n);
  if (p === fn) return unwrapExpr(fn.body) === n;
  return p?.type === 'ReturnStatement' && enclosingFunction(m, p) === fn;
}

/** An argument of a logging call (`console.log(r)`, `logger.debug('got', r)`). */
function logged(m: ModuleInfo, ref: Node): boolean {
  const p = parentOf(m, ref);
  if (!p || !isCall(p) || !(p.arguments as Node[]).includes(ref)) return false;
  return /^(console\.\w+|(\w+\.)*(log|debug|info|warn|error|trace))$/.test(calleeName(p) ?? '');
}

/** The parent past parentheses and type assertions. */
function parentOf(m: ModuleInfo, n: Node): Node | undefined {
  let p = m.parent.get(n);
  while (p && isTransparent(p)) p = m.parent.get(p);
  return p;
}
