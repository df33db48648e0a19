/**
 * Where the tracer follows a function's result and its callback parameters: its calls by name in
 * its module, and the names it is exported under (for the modules that import it).
 */
import type { Binding } from '../module.ts';
import type { Node } from '../parse.ts';
import { declaredValue } from '../binding-facts.ts';
import { CALLBACK_NAME, LIST_MAPS } from '../clients.ts';
import { calleeName, isCall, isFunction, isMember, memberName, unwrapExpr } from '../syntax.ts';
import { bindingOf, type TracedModule } from './traced-module.ts';

export function enclosingFunction(mod: TracedModule, node: Node): Node | undefined {
  for (let a = mod.tree.parent(node); a && a.type !== 'File'; a = mod.tree.parent(a)) if (isFunction(a)) return a;
  return undefined;
}

/** The name a function is declared under (`function f`, `const f = () => …`). */
export function bindingOfFunction(mod: TracedModule, fn: Node): Binding | undefined {
  if (fn.type === 'FunctionDeclaration' && fn.id) return bindingOf(mod, fn.id);
  const parent = mod.tree.parent(fn);
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return bindingOf(mod, parent.id);
  return undefined;
}

/** `fn` is the callback of a call whose result is the list of what fn returns: `list.map(fn)`, `pMap(ids, fn)`. */
export function isListMapping(call: Node, fn: Node): boolean {
  if (!isCall(call)) return false;
  const args = call.arguments as Node[];
  const name = calleeName(call);
  const at = name !== undefined ? LIST_MAPS[name] : undefined;
  if (at !== undefined) return !!args[at] && unwrapExpr(args[at]) === fn;
  return isMember(call.callee) && memberName(call.callee) === 'map' && !!args[0] && unwrapExpr(args[0]) === fn && args.length <= 2;
}

/**
 * What fn returns becomes the result of the call it is handed to, which the tracer follows:
 * `.then(fn)`, `.catch(fn)`, `ids.map(fn)`.
 */
export function returnsIntoCall(call: Node | undefined, fn: Node): boolean {
  if (!call || !isCall(call)) return false;
  // (either callback of then: the promise's value is what the one called returns; catch's
  // handler gives the value when the first call failed: `get(url).catch(() => get(url))`)
  const method = isMember(call.callee) ? memberName(call.callee) : undefined;
  if ((method === 'then' || method === 'catch') && (call.arguments as Node[]).some((x) => unwrapExpr(x) === fn)) return true;
  return isListMapping(call, fn);
}

/**
 * The node a function's result goes to and the node that stands for the function there: its
 * parent (a call it is handed to as `fn`, a declarator), or for a function named once and handed
 * to a call by that name (`.then(onOk)`, as namedFunctionOf follows it), that call and the name.
 */
export function handedTo(mod: TracedModule, fn: Node): [Node | undefined, Node] {
  const parent = mod.tree.parent(fn);
  const b = bindingOfFunction(mod, fn);
  const ref = b && b.refs.length === 1 ? b.refs[0]! : undefined;
  const at = ref && namedFunctionOf(mod, ref) === fn ? mod.tree.parent(ref) : undefined;
  return at && isCall(at) && at.callee !== ref ? [at, ref!] : [parent, fn];
}

/** Calls of a function of this module by its name (`obj.method(...)` where obj = { method } is not followed). */
export function callsOf(mod: TracedModule, fn: Node): Node[] {
  const b = bindingOfFunction(mod, fn);
  if (!b) return [];
  const out: Node[] = [];
  for (const ref of b.refs) {
    const p = mod.tree.parent(ref);
    if (p && isCall(p) && p.callee === ref) out.push(p);
  }
  return out;
}

/** Each name under which the function is exported, in source order (a name may come twice). */
export function exportNames(mod: TracedModule, fn: Node): string[] {
  const b = bindingOfFunction(mod, fn);
  const tree = mod.tree;
  const names: string[] = [];
  // export function x / export const x = () => ...
  let cur: Node | undefined = fn;
  for (let i = 0; i < 3 && cur; i++) {
    cur = tree.parent(cur);
    if (cur?.type === 'ExportNamedDeclaration') return b ? [b.name] : [];
    if (cur?.type === 'ExportDefaultDeclaration') return ['default'];
  }
  if (!b) {
    // module.exports.x = function () {}, exports.x = () => {}
    const parent = tree.parent(fn);
    if (parent?.type === 'AssignmentExpression') {
      const left = parent.left;
      if (isMember(left)) {
        const obj = left.object;
        const objName = obj.type === 'Identifier' ? obj.name : isMember(obj) && obj.object.type === 'Identifier' ? `${obj.object.name}.${memberName(obj)}` : '';
        if (objName === 'exports' || objName === 'module.exports') names.push(memberName(left) ?? '');
      }
    }
    return names;
  }
  for (const ref of b.refs) {
    const p = tree.parent(ref);
    if (p?.type === 'ExportSpecifier') names.push(p.exported?.name ?? b.name);
    // module.exports = { getTicket } / { getTicket: getTicket }
    if ((p?.type === 'ObjectProperty' || p?.type === 'Property') && p.value === ref) {
      const obj = tree.parent(p);
      const asg = obj && tree.parent(obj);
      if (asg?.type === 'AssignmentExpression' && isMember(asg.left) && memberName(asg.left) === 'exports') names.push(p.key.name ?? p.key.value);
    }
    if (p?.type === 'AssignmentExpression' && p.right === ref && isMember(p.left)) {
      const o = p.left.object;
      if ((o.type === 'Identifier' && o.name === 'exports') || (isMember(o) && memberName(o) === 'exports')) names.push(memberName(p.left) ?? b.name);
      if (o.type === 'Identifier' && o.name === 'module' && memberName(p.left) === 'exports') names.push('default');
    }
  }
  return names;
}

/**
 * Is `fn` called only by code outside what the analysis follows (the public surface of a library,
 * a route handler, a method of an exported object): nothing in the module calls it by name, and it
 * is not itself handed to a call (a callback, a `.then` handler, a promise executor) whose caller
 * is here. Its parameters then come from those callers, and what it hands its callback parameters
 * or returns goes to them: the code's contract with its callers (`--callers v2` lets that change).
 */
export function callersUnseen(mod: TracedModule, fn: Node): boolean {
  if (callsOf(mod, fn).length) return false;
  // a method the module calls itself (`this.fetchTicket(id, cb)`): its callers are here, unfollowed
  const name = methodName(mod, fn);
  // (not a client's verb of the same name, `fd.get(…)` on `const fd = axios.create(…)`: a
  // receiver made by a call is no instance of this code's class)
  const sameMethod = (c: Node) => {
    if (!isMember(c.callee) || memberName(c.callee) !== name || (c.start >= fn.start && c.end <= fn.end)) return false;
    const recv = unwrapExpr(c.callee.object);
    const init = recv.type === 'Identifier' ? bindingOf(mod, recv)?.init : undefined;
    return !(init && unwrapExpr(init).type === 'CallExpression');
  };
  if (name && mod.info.nodes.calls.some(sameMethod)) return false;
  const parent = mod.tree.parent(fn);
  if (parent && isCall(parent)) return false;
  // a step handed to a library in a list or a map (`async.waterfall([fn, …])`, `async.parallel({ a:
  // fn })`), written there or by name: the library calls it, with its own continuation
  if (handedInLiteral(mod, fn)) return false;
  const b = bindingOfFunction(mod, fn);
  if (b?.refs.some((r) => handedInLiteral(mod, r))) return false;
  // (an IIFE, `(function () { … })()`)
  if (parent?.type === 'ParenthesizedExpression') {
    const outer = mod.tree.parent(parent);
    if (outer && isCall(outer)) return false;
  }
  return true;
}

/** Is the node an element of an array or a value of an object literal that is a call's argument? */
function handedInLiteral(mod: TracedModule, node: Node): boolean {
  let cur = node;
  let parent = mod.tree.parent(cur);
  let inLiteral = false;
  while (parent && (parent.type === 'ArrayExpression' || parent.type === 'ObjectExpression' || (parent.type === 'ObjectProperty' && parent.value === cur) || parent.type === 'SpreadElement')) {
    if (parent.type === 'ArrayExpression' || parent.type === 'ObjectExpression') inLiteral = true;
    cur = parent;
    parent = mod.tree.parent(cur);
  }
  return inLiteral && !!parent && isCall(parent) && parent.callee !== cur;
}

/** The name a function is a method under (`class { m() {} }`, `{ m: function () {} }`, `X.prototype.m = function`, `this.m = …`). */
function methodName(mod: TracedModule, fn: Node): string | undefined {
  if (fn.type === 'ClassMethod' || fn.type === 'ObjectMethod') return fn.computed ? undefined : (fn.key?.name ?? fn.key?.value);
  const parent = mod.tree.parent(fn);
  // (the estree form of a class method: `MethodDefinition` holding a function expression)
  if (parent?.type === 'MethodDefinition' && parent.value === fn) return parent.computed ? undefined : (parent.key?.name ?? parent.key?.value);
  if ((parent?.type === 'ObjectProperty' || parent?.type === 'ClassProperty') && parent.value === fn && !parent.computed) return parent.key?.name ?? parent.key?.value;
  if (parent?.type === 'AssignmentExpression' && parent.right === fn && isMember(parent.left)) return memberName(parent.left);
  return undefined;
}

/** A parameter of `fn` whose value `fn`'s unseen callers give (see callersUnseen). */
export function isCallersParam(mod: TracedModule, b: Binding | undefined): boolean {
  if (b?.kind !== 'param') return false;
  // (a store action's `{ commit, dispatch }` hands the answer to the store's mutations, whose
  // readers (getters, components) are not the action's callers: Vuex, Pinia-style context)
  if (b.path && /^(commit|dispatch)$/.test(b.name)) return false;
  const fn = enclosingFunction(mod, b.id);
  return !!fn && callersUnseen(mod, fn);
}

/**
 * `res.json(x)`, `res.status(201).send(x)`, `reply.send(x)`: the answer of a route handler to the
 * HTTP clients of the service (its callers, in the sense of `callersUnseen`). The response object
 * is a parameter of the handler, named as Express, Koa and Fastify code names it.
 */
export function isHttpReply(mod: TracedModule, callee: Node): boolean {
  if (!isMember(callee) || !/^(json|jsonp|send)$/.test(memberName(callee) ?? '')) return false;
  let obj = unwrapExpr(callee.object);
  // `res.status(201).json(x)`, `res.set(h).send(x)`
  while (isCall(obj) && isMember(obj.callee) && /^(status|set|header|type)$/.test(memberName(obj.callee) ?? '')) obj = unwrapExpr(obj.callee.object);
  return obj.type === 'Identifier' && /^(res|resp|response|reply)$/.test(obj.name) && bindingOf(mod, obj)?.kind === 'param';
}

/** Properties a status test reads on a response (`res.status === 200`, `resp.statusCode != 201`). */
export const STATUS_PROPS: ReadonlySet<string> = new Set(['status', 'statusCode']);

/**
 * The name of the function a status test (`r.status === 200`) sits in when the response reaches it
 * as a parameter and other code may call that function too: called from more than one place,
 * handed on or exported (`function ok(r) { return r.status === 200 }` used by a create and a view).
 * A test rewritten for one call would change it for every other one. A callback of the call
 * itself (`.then((r) => r.status === 200)`) and a function called once serve that call alone.
 */
export function sharedTestFunction(mod: TracedModule, member: Node): string | undefined {
  let root = member;
  // (`r.status`, or `r.getResponseCode()`)
  while (isMember(root) || isCall(root)) root = unwrapExpr(isCall(root) ? root.callee : root.object);
  if (root.type !== 'Identifier') return undefined;
  const b = bindingOf(mod, root);
  if (b?.kind !== 'param' || !b.fn) return undefined;
  const fb = bindingOfFunction(mod, b.fn);
  return fb && fb.refs.length !== 1 ? fb.name : undefined;
}

/**
 * The function of the module named as a call's last argument (`request(opts, extractTicket)`),
 * when this is the only use of its name and the name is never written again: followed like a
 * function written at the call. A function that other calls are handed too, or that code calls
 * itself, gets other values in the same parameters (a read there rewritten for this call would
 * break for them); a name from elsewhere (a parameter, an import) is not seen.
 */
export function namedCallbackOf(mod: TracedModule, call: Node): Node | undefined {
  const args = (call.arguments ?? []) as Node[];
  const last = args.length > 1 ? unwrapExpr(args[args.length - 1]!) : undefined;
  return last ? namedFunctionOf(mod, last) : undefined;
}

/**
 * The function of the module a name stands for, when this is the only use of the name and it is
 * never written again (`rows.map(nameOf)` with `const nameOf = ({ group }) => group.name`).
 */
export function namedFunctionOf(mod: TracedModule, node: Node): Node | undefined {
  if (node.type !== 'Identifier') return undefined;
  const b = bindingOf(mod, node);
  const value = declaredValue(b);
  const fn = value && unwrapExpr(value);
  if (!b || b.writes.length || b.refs.length !== 1 || b.refs[0] !== node) return undefined;
  return fn && isFunction(fn) ? fn : undefined;
}

/** Clients whose last argument after the request is always the callback (never a body). */
const TRAILING_CALLBACK_CLIENTS: ReadonlySet<string> = new Set(['request', 'needle', 'http', 'https']);

/**
 * A call's last argument that is a callback the flow does not follow: a name for a function that
 * is not followed (a parameter, an import, a function reassigned or used elsewhere:
 * `request(opts, onContact)`), a method (`this.onContact`), a bound function
 * (`handler.bind(this)`). Whatever reads the answer there is not seen. `skip`: the call's URL and
 * body, which are never its callback.
 */
export function unfollowedCallbackArg(mod: TracedModule, call: Node, skip: Node[] = [], client?: string): Node | undefined {
  const args = (call.arguments ?? []) as Node[];
  const last = args.length > 1 ? unwrapExpr(args[args.length - 1]!) : undefined;
  if (!last || skip.some((n) => unwrapExpr(n) === last) || namedCallbackOf(mod, call)) return undefined;
  if (last.type === 'Identifier') {
    const b = bindingOf(mod, last);
    const value = declaredValue(b);
    const fn = value && unwrapExpr(value);
    // (a parameter after `request`'s options is the caller's callback, whatever it is called: `show`)
    const trailing = b?.kind === 'param' && !!client && TRAILING_CALLBACK_CLIENTS.has(client);
    return CALLBACK_NAME.test(last.name) || (fn && isFunction(fn)) || b?.kind === 'function' || trailing ? last : undefined;
  }
  if (isMember(last)) return CALLBACK_NAME.test(memberName(last) ?? '') ? last : undefined;
  if (isCall(last) && isMember(last.callee) && memberName(last.callee) === 'bind') return last;
  return undefined;
}

/** The values a function returns: its expression body, or the arguments of its own return statements. */
export function returnedValues(fn: Node): Node[] {
  if (fn.body?.type !== 'BlockStatement') return fn.body ? [fn.body] : [];
  const out: Node[] = [];
  const walk = (n: Node | null | undefined): void => {
    if (!n || typeof n.type !== 'string' || isFunction(n)) return;
    if (n.type === 'ReturnStatement') {
      if (n.argument) out.push(n.argument);
      return;
    }
    for (const k of Object.keys(n)) {
      if (k === 'loc' || k === 'start' || k === 'end') continue;
      const v = (n as Record<string, unknown>)[k];
      if (Array.isArray(v)) for (const x of v) walk(x as Node);
      else if (v && typeof v === 'object' && typeof (v as Node).type === 'string') walk(v as Node);
    }
  };
  for (const st of fn.body.body as Node[]) walk(st);
  return out;
}
