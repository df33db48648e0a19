/**
 * Status predicates a client is configured with: axios' `validateStatus: (s) => s === 200`, on the
 * call's own config or on the instance (`axios.create({ validateStatus })`). A create that v2
 * answers with 201 is rejected by a predicate that accepts only 200, so the predicate belongs to the
 * call (`CallInfo.statusPredicates`): one that accepts the v2 status needs nothing, a plain
 * equality in the call's own config is rewritten with it, any other keeps the call on v1.
 */
import type { Analysis } from './analysis.ts';
import { mainStep } from './answer-changes.ts';
import { isObjectProperty, propertyKey } from './evaluate.ts';
import { bindingAt, spanOf, type ModuleInfo } from './module.ts';
import type { Node } from './parse.ts';
import { calleeName, isCall, isFunction, isMember, isNumericLiteral, unwrapExpr } from './syntax.ts';

export function findStatusPredicates(a: Analysis): void {
  const predicates = a.mod.nodes.objects.flatMap((o) => (o.properties as Node[]).filter((p) => isObjectProperty(p) && propertyKey(p) === 'validateStatus').map((p) => ({ prop: p, owner: o })));
  if (!predicates.length) return;
  for (const it of a.found) {
    const call = it.site.call;
    if (it.site.kind !== 'call' || !call || !it.node || it.site.file !== a.mod.file || !it.site.rule) continue;
    const rule = a.cat.get(it.site.rule);
    const v1 = rule?.response?.v1Status ?? 200;
    const v2 = rule ? (mainStep(rule)?.status ?? 200) : 200;
    if (!rule) continue;
    const ownArgs = new Set((it.node.arguments as Node[] | undefined)?.map((x) => unwrapExpr(x)) ?? []);
    for (const { prop, owner } of predicates) {
      const own = ownArgs.has(owner);
      // another request's own config is that request's (an instance's, `axios.create({…})`, serves all)
      const holder = a.mod.parent.get(owner);
      const argOf = !own && holder && isCall(holder) && (holder.arguments as Node[]).some((x) => unwrapExpr(x) === owner) ? holder : undefined;
      if (argOf && !/(^|\.)create$/.test(calleeName(argOf) ?? '')) continue;
      // an instance's predicate serves the requests sent through it: not `axios.post` beside it
      if (argOf && !throughInstance(a, it.node, argOf)) continue;
      const fn = prop.type === 'ObjectMethod' ? prop : declaredFunction(a.mod, unwrapExpr(prop.value));
      const line = prop.loc?.start.line ?? 0;
      // (`s === 200 || s === 403` before a Retry-After branch: v2 throttles with 429, which it refuses)
      // (one the reading cannot decide may let 403 through from a name, `OK.has(s)` with `const OK =
      // new Set([200, 403])`, or be another module's: it counts, and keeps a call with a 403 check on v1)
      const lets403 = isFunction(fn) ? judge(fn, 0, 403).accepts : undefined;
      const lets429 = isFunction(fn) ? judge(fn, 0, 429).accepts : undefined;
      if ((lets403 === true && lets429 !== true) || lets403 === undefined) (call.throttlePredicates ??= []).push(line);
      if (v1 === v2) continue;
      const verdict = isFunction(fn) ? judge(fn, v1, v2) : { accepts: undefined };
      if (verdict.accepts === true) continue;
      // a plain `s === 200` in this call's own config is this call's to change
      (call.statusPredicates ??= []).push({ line, ...(own && verdict.literal ? { literal: spanOf(a.mod, verdict.literal) } : {}) });
    }
  }
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
  let root = unwrapExpr(call.callee);
  while (isMember(root)) root = unwrapExpr(root.object);
  if (root.type !== 'Identifier') return true;
  const b = bindingAt(a.mod, root);
  if (!b) return true;
  return !!b.init && unwrapExpr(b.init) === create;
}

/** A function given by name (`validateStatus: okOrThrottled`): the function that name is declared as, when never written again. */
export function declaredFunction(mod: ModuleInfo, n: Node): Node {
  if (n.type !== 'Identifier') return n;
  const b = bindingAt(mod, n);
  const init = b && !b.writes.length ? (b.init ? unwrapExpr(b.init) : undefined) : undefined;
  return init && isFunction(init) ? init : n;
}
