/**
 * Status predicates a client is configured with: axios' `validateStatus: (s) => s === 200`, on the
 * call's own config, on the instance (`axios.create({ validateStatus })`) or its defaults
 * (`fd.defaults.validateStatus = …`), here or in the module that makes the instance or the repo
 * function the call goes through. A create that v2
 * answers with 201 is rejected by a predicate that accepts only 200, so the predicate belongs to the
 * call (`CallInfo.statusPredicates`): one that accepts the v2 status needs nothing, a plain
 * equality in the call's own config is rewritten with it, any other keeps the call on v1.
 */
import type { Analysis } from './analysis.ts';
import { mainStep } from './answer-changes.ts';
import { isObjectProperty, propertyKey } from './evaluate.ts';
import { bindingAt, memberPath, spanOf, type ModuleInfo } from './module.ts';
import type { Node } from './parse.ts';
import { calleeName, isCall, isFunction, isMember, isNumericLiteral, unwrapExpr } from './syntax.ts';

/** A `validateStatus` written in a module: a key of a config object, or assigned to a client's defaults. */
interface Predicate {
  mod: ModuleInfo;
  /** The function, or what it is given as (a name, a call). */
  value: Node;
  line: number;
  /** The config object it is a key of (a request's own, or `axios.create({…})`'s). */
  owner?: Node;
  /** The client whose defaults it is assigned to (`fd` of `fd.defaults.validateStatus = …`, `axios`). */
  client?: Node;
}

export function findStatusPredicates(a: Analysis): void {
  const here = predicatesIn(a.mod);
  for (const it of a.found) {
    const call = it.site.call;
    if (it.site.kind !== 'call' || !call || !it.node || it.site.file !== a.mod.file || !it.site.rule) continue;
    const rule = a.cat.get(it.site.rule);
    if (!rule) continue;
    const v1 = rule.response?.v1Status ?? 200;
    const v2 = mainStep(rule)?.status ?? 200;
    // (an instance made in another module, `module.exports = axios.create({ validateStatus })`, brings its own)
    const made = instanceMadeElsewhere(a, it.node);
    const fromInstance = made ? predicatesIn(made.mod).filter((p) => servesInstance(p, made.node)) : [];
    // (a repo function of another module sends it, `get(path)` of api.js: its configs and instances are the request's)
    const fromWrappers = [...a.wrapperModules].filter((m) => m !== a.mod && m !== made?.mod && call.wrapperFiles?.includes(m.file)).flatMap(predicatesIn);
    const serving = [...here.filter((p) => servesCall(a, it.node!, p)), ...fromInstance, ...fromWrappers];
    for (const p of serving) {
      const own = p.mod === a.mod && callGiven(p) === it.node;
      const fn = declaredFunction(p.mod, unwrapExpr(p.value));
      const file = p.mod === a.mod ? undefined : p.mod.file;
      const at = { line: p.line, ...(file ? { file } : {}) };
      // (`s === 200 || s === 403` before a Retry-After branch: v2 throttles with 429, which it refuses)
      // (one the reading cannot decide may let 403 through from a name, `OK.has(s)` with `const OK =
      // new Set([200, 403])`, or be another module's: it counts, and keeps a call with a 403 check on v1)
      const lets403 = isFunction(fn) ? judge(fn, 0, 403).accepts : undefined;
      const lets429 = isFunction(fn) ? judge(fn, 0, 429).accepts : undefined;
      if ((lets403 === true && lets429 !== true) || lets403 === undefined) (call.throttlePredicates ??= []).push(at);
      if (v1 === v2) continue;
      const verdict = isFunction(fn) ? judge(fn, v1, v2) : { accepts: undefined };
      if (verdict.accepts === true) continue;
      // a plain `s === 200` in this call's own config is this call's to change
      (call.statusPredicates ??= []).push({ ...at, ...(own && verdict.literal ? { literal: spanOf(a.mod, verdict.literal) } : {}) });
    }
  }
}

/**
 * The `validateStatus` predicates written in a module: config keys (`validateStatus: (s) => …`, the
 * method form `validateStatus(s) { … }`) and assignments to a client's defaults
 * (`fd.defaults.validateStatus = …`, `axios.defaults.validateStatus = …`).
 */
function predicatesIn(mod: ModuleInfo): Predicate[] {
  const out: Predicate[] = [];
  for (const o of mod.nodes.objects) {
    for (const p of o.properties as Node[]) {
      if (propertyKey(p) !== 'validateStatus') continue;
      // (Babel's ObjectMethod is the function; an ESTree method Property holds it as its value)
      const value = p.type === 'ObjectMethod' ? p : isObjectProperty(p) || (p.type === 'Property' && p.method) ? p.value : undefined;
      if (value) out.push({ mod, value, line: p.loc?.start.line ?? 0, owner: o });
    }
  }
  for (const w of mod.nodes.assignments) {
    const target = unwrapExpr(w.left);
    const path = isMember(target) ? memberPath(target) : null;
    if (w.operator !== '=' || path?.at(-1) !== 'validateStatus' || path.at(-2) !== 'defaults') continue;
    out.push({ mod, value: w.right, line: w.loc?.start.line ?? 0, client: unwrapExpr(unwrapExpr(target.object).object) });
  }
  return out;
}

/** Is the request `call` of this module sent with predicate `p` of this module? */
function servesCall(a: Analysis, call: Node, p: Predicate): boolean {
  if (p.client) return sendsThroughClient(a, call, p.client);
  const given = callGiven(p);
  if (given === call) return true;
  // another request's own config is that request's (an instance's, `axios.create({…})`, serves all)
  if (!given) return true;
  if (!isInstanceMaker(given)) return false;
  // an instance's predicate serves the requests sent through it: not `axios.post` beside it
  return throughInstance(a, call, given);
}

/** Does an instance made by `made` (a create call of its module) get predicate `p` of that module? */
function servesInstance(p: Predicate, made: Node): boolean {
  const given = p.client ? undefined : callGiven(p);
  // (a key in a config object not given to a call there, `const config = {…}`, may be that instance's)
  return !given || given === made;
}

/** The call the config object holding `p` is an argument of (`axios.create({…})`, `fd.get(url, {…})`). */
function callGiven(p: Predicate): Node | undefined {
  const holder = p.owner && p.mod.parent.get(p.owner);
  return holder && isCall(holder) && (holder.arguments as Node[]).some((x) => unwrapExpr(x) === p.owner) ? holder : undefined;
}

function isInstanceMaker(call: Node): boolean {
  return /(^|\.)create$/.test(calleeName(call) ?? '');
}

/**
 * Is the request sent through the client whose defaults are set (`fd.defaults.validateStatus` and
 * `fd.get(…)`)? The package's own defaults (`axios.defaults`) serve every request of it, and the
 * instances made from it; a receiver that is not a name of this module (`this.http`) may be that client.
 */
function sendsThroughClient(a: Analysis, call: Node, client: Node): boolean {
  const root = receiverRoot(call);
  if (client.type !== 'Identifier' || root?.type !== 'Identifier') return true;
  const target = a.ev.eval(a.mod, client);
  if (target.t === 'pkg') return true;
  const b = bindingAt(a.mod, root);
  return !b || b === bindingAt(a.mod, client);
}

/** The name a request's callee starts from (`fd` of `fd.get`, `this` of `this.http.get`). */
function receiverRoot(call: Node): Node {
  let root = unwrapExpr(call.callee);
  while (isMember(root)) root = unwrapExpr(root.object);
  return root;
}

/** The client instance a request goes through when another module makes it (`const fd = require('./client')`). */
function instanceMadeElsewhere(a: Analysis, call: Node): { mod: ModuleInfo; node: Node } | undefined {
  const callee = unwrapExpr(call.callee);
  if (!isMember(callee)) return undefined;
  const v = a.ev.eval(a.mod, callee.object);
  return v.t === 'inst' && v.mod !== a.mod ? { mod: v.mod, node: v.node } : undefined;
}

/**
 * Does the predicate accept the v2 status? Read from its body when it is a comparison of its
 * parameter with numbers (`s === 200`, `s >= 200 && s < 300`); `literal` is the number of a plain
 * equality with the v1 status, which then only needs the v2 status written in its place.
 */
function judge(fn: Node, v1: number, v2: number): { accepts: boolean | undefined; literal?: Node } {
  // `() => true`: every status is accepted
  const whole = fn.body?.type === 'BlockStatement' ? (fn.body.body.length === 1 && fn.body.body[0].type === 'ReturnStatement' ? unwrapExpr(fn.body.body[0].argument) : undefined) : unwrapExpr(fn.body);
  if ((whole?.type === 'BooleanLiteral' || whole?.type === 'Literal') && whole.value === true) return { accepts: true };
  const param = fn.params?.[0];
  if (fn.params?.length !== 1 || param?.type !== 'Identifier') return { accepts: undefined };
  let body = fn.body;
  if (body?.type === 'BlockStatement') {
    const stmts = body.body as Node[];
    if (stmts.length !== 1 || stmts[0]!.type !== 'ReturnStatement' || !stmts[0]!.argument) return { accepts: undefined };
    body = stmts[0]!.argument;
  }
  const e = unwrapExpr(body);
  const value = evaluate(e, param.name, v2);
  const accepts = typeof value === 'boolean' ? value : undefined;
  if (accepts === false && e.type === 'BinaryExpression' && (e.operator === '===' || e.operator === '==')) {
    const lit = [e.left, e.right].map((x: Node) => unwrapExpr(x)).find((x: Node) => isNumericLiteral(x) && x.value === v1);
    const other = [e.left, e.right].map((x: Node) => unwrapExpr(x)).find((x: Node) => x.type === 'Identifier' && x.name === param.name);
    if (lit && other) return { accepts, literal: lit };
  }
  return { accepts };
}

/** The value of a comparison of `name` with numbers when `name` is `status`; undefined when it is anything else. */
function evaluate(e: Node, name: string, status: number): boolean | number | undefined {
  if (e.type === 'Identifier') return e.name === name ? status : undefined;
  if (isNumericLiteral(e)) return e.value as number;
  if (e.type === 'UnaryExpression' && e.operator === '!') {
    const v = evaluate(unwrapExpr(e.argument), name, status);
    return typeof v === 'boolean' ? !v : undefined;
  }
  // `[200, 403].includes(s)`, `[200, 403].indexOf(s)`
  if (e.type === 'CallExpression' && isMember(e.callee) && unwrapExpr(e.callee.object).type === 'ArrayExpression' && e.arguments?.length === 1) {
    const items = (unwrapExpr(e.callee.object).elements as Node[]).map((x) => (x ? evaluate(unwrapExpr(x), name, status) : undefined));
    const arg = evaluate(unwrapExpr(e.arguments[0]), name, status);
    if (typeof arg !== 'number' || items.some((x) => typeof x !== 'number')) return undefined;
    const method = e.callee.computed ? undefined : e.callee.property.name;
    if (method === 'includes') return items.includes(arg);
    if (method === 'indexOf') return items.indexOf(arg);
    return undefined;
  }
  if (e.type === 'LogicalExpression') {
    const l = evaluate(unwrapExpr(e.left), name, status);
    const r = evaluate(unwrapExpr(e.right), name, status);
    if (typeof l !== 'boolean' || typeof r !== 'boolean') return undefined;
    return e.operator === '&&' ? l && r : e.operator === '||' ? l || r : undefined;
  }
  if (e.type === 'BinaryExpression') {
    const l = evaluate(unwrapExpr(e.left), name, status);
    const r = evaluate(unwrapExpr(e.right), name, status);
    if (typeof l !== 'number' || typeof r !== 'number') return undefined;
    switch (e.operator) {
      case '===':
      case '==':
        return l === r;
      case '!==':
      case '!=':
        return l !== r;
      case '<':
        return l < r;
      case '<=':
        return l <= r;
      case '>':
        return l > r;
      case '>=':
        return l >= r;
    }
  }
  return undefined;
}

/**
 * Is the request sent through the instance that `create` makes (`strict.post(…)` with `const strict
 * = axios.create(…)`)? Unknown when the receiver is not a name of this module (`this.http`): then it may be.
 */
function throughInstance(a: Analysis, call: Node, create: Node): boolean {
  const root = receiverRoot(call);
  if (root.type !== 'Identifier') return true;
  const b = bindingAt(a.mod, root);
  if (!b) return true;
  return !!b.init && unwrapExpr(b.init) === create;
}

/** A predicate or hook given by name (`validateStatus: okOrThrottled`): the function that name is declared as, when never written again. */
export function declaredFunction(mod: ModuleInfo, n: Node): Node {
  if (n.type !== 'Identifier') return n;
  const b = bindingAt(mod, n);
  const init = b && !b.writes.length ? (b.init ? unwrapExpr(b.init) : undefined) : undefined;
  return init && isFunction(init) ? init : n;
}
