/**
 * What `this.<key>` is inside a method, when that is certain: the sibling method of the same class,
 * prototype, object literal or constructor (`this.get(path, cb)` in `Freshdesk.prototype.getTicket`
 * is `Freshdesk.prototype.get`), or a client the constructor stores once (`this.r =
 * request.defaults(…)`). Small client libraries send every request through such a helper; without
 * this, `this.post(…)` is an unknown object's method and the helper's body is never seen.
 *
 * Certain means: the function around the use binds `this` to an instance of that host (a method
 * of it; arrows and `function () {…}.bind(this)` keep the outer `this`, any other nested
 * `function` has its own), and the key has exactly one definition on the host (a rebinding to
 * itself, `this.get = bind(this.get, this)`, is no other definition). A class with a superclass
 * that does not define the key, or a subclass in the module that redefines it, is not certain.
 */
import type { ModuleInfo } from './module.ts';
import { bindingAt, isFunctionNode, memberPath } from './module.ts';
import type { Node } from './parse.ts';
import { isStringLiteral, unwrapExpr } from './syntax.ts';

/** The object `this` stands for in a method. */
export type ThisHost =
  /** an object literal whose method this is (`{ get() {…}, ticket(id) { this.get(…) } }`) */
  | { kind: 'object'; node: Node }
  /** a class (`class Client { get(p) {…} ticket(id) { this.get(…) } }`) */
  | { kind: 'class'; node: Node }
  /** a constructor function with its prototype (`function F() {}; F.prototype.get = function …`) */
  | { kind: 'ctor'; node: Node };

/** One definition of a key on a host: a function, or a value the constructor stores. */
export interface ThisMember {
  /** the function node (a method, `F.prototype.k = function`, `this.k = function` in the constructor) */
  fn?: Node;
  /** a value stored by `this.k = <value>` (in the constructor or a method) */
  value?: Node;
}

const PROPERTY_TYPES = new Set(['ObjectProperty', 'Property']);
const CLASS_FIELDS = new Set(['ClassProperty', 'PropertyDefinition', 'ClassPrivateProperty']);

function keyName(n: Node): string | undefined {
  if (!n || n.computed) return undefined;
  const k = n.key;
  if (k?.type === 'Identifier') return k.name;
  if (isStringLiteral(k)) return String(k.value);
  return undefined;
}

/** `function () {…}.bind(this)`: a function whose `this` is the outer one. */
function boundToOuterThis(mod: ModuleInfo, fn: Node): boolean {
  const m = mod.parent.get(fn);
  const call = m && mod.parent.get(m);
  return (
    m?.type === 'MemberExpression' &&
    m.object === fn &&
    !m.computed &&
    m.property?.name === 'bind' &&
    call?.type === 'CallExpression' &&
    call.callee === m &&
    unwrapExpr(call.arguments?.[0])?.type === 'ThisExpression'
  );
}

/**
 * The function that gives `this` its value at a node (arrows and `.bind(this)` are transparent),
 * or the class field whose initialiser it is in.
 */
function thisBinder(mod: ModuleInfo, node: Node): Node | undefined {
  let cur = mod.parent.get(node);
  while (cur) {
    if (CLASS_FIELDS.has(cur.type)) return cur;
    if (isFunctionNode(cur) && cur.type !== 'ArrowFunctionExpression' && !boundToOuterThis(mod, cur)) return cur;
    cur = mod.parent.get(cur);
  }
  return undefined;
}

/** `X.prototype.k = fn` → X's identifier node; `X.prototype = { … }` → X's identifier node. */
function prototypeOwner(left: Node): Node | undefined {
  const l = unwrapExpr(left);
  if (l?.type !== 'MemberExpression') return undefined;
  const path = memberPath(l);
  if (!path) return undefined;
  if (path.length === 3 && path[1] === 'prototype') return l.object.object;
  if (path.length === 2 && path[1] === 'prototype') return l.object;
  return undefined;
}

/** The constructor function an identifier names (`function F` or `var F = function`), in this module. */
function constructorNamed(mod: ModuleInfo, id: Node): Node | undefined {
  if (id?.type !== 'Identifier') return undefined;
  const b = bindingAt(mod, id);
  if (!b || b.writes.length) return undefined;
  if (b.kind === 'function' && b.init && (b.init.type === 'FunctionDeclaration' || b.init.type === 'FunctionExpression')) return b.init;
  const init = b.init && unwrapExpr(b.init);
  if (init && (init.type === 'FunctionExpression' || init.type === 'FunctionDeclaration')) return init;
  return undefined;
}

/** A plain function (not a method, not an arrow): one that can be a constructor. */
function isPlainFunction(mod: ModuleInfo, fn: Node): boolean {
  if (fn.type !== 'FunctionDeclaration' && fn.type !== 'FunctionExpression') return false;
  const p = mod.parent.get(fn);
  return !(p && (PROPERTY_TYPES.has(p.type) || p.type === 'MethodDefinition' || p.type === 'AssignmentExpression'));
}

// (memoised per binding function: thisMember asks it of every `this.k = …` of the module)
const hostMemo = new WeakMap<object, ThisHost | null>();
const memberMemo = new WeakMap<object, Map<string, ThisMember | null>>();

/**
 * The `this` a name stands for: `var self = this` (or `that`, `me`, `_this`), never written again,
 * so `self.url(id)` in a callback of the method is `this.url(id)` where `self` was declared.
 * Returns that `this` node, whose host `thisHost` gives.
 */
export function thisAliased(mod: ModuleInfo, id: Node): Node | undefined {
  if (id?.type !== 'Identifier') return undefined;
  const b = bindingAt(mod, id);
  if (!b || b.writes.length || b.path || (b.kind !== 'var' && b.kind !== 'let' && b.kind !== 'const')) return undefined;
  const init = b.init && unwrapExpr(b.init);
  return init?.type === 'ThisExpression' ? init : undefined;
}

/** The host whose instance `this` is, at a node. */
export function thisHost(mod: ModuleInfo, node: Node): ThisHost | undefined {
  const fn = thisBinder(mod, node);
  if (!fn) return undefined;
  let h = hostMemo.get(fn);
  if (h === undefined) {
    h = hostOfBinder(mod, fn) ?? null;
    hostMemo.set(fn, h);
  }
  return h ?? undefined;
}

function hostOfBinder(mod: ModuleInfo, fn: Node): ThisHost | undefined {
  if (CLASS_FIELDS.has(fn.type)) return fn.static ? undefined : classHost(mod, mod.parent.get(fn));
  if (fn.type === 'ClassMethod' || fn.type === 'ClassPrivateMethod') return fn.static ? undefined : classHost(mod, mod.parent.get(fn));
  const p = mod.parent.get(fn);
  if (p?.type === 'MethodDefinition') return p.static ? undefined : classHost(mod, mod.parent.get(p));
  // a method of an object literal, which may be a prototype (`F.prototype = { … }`)
  const obj = fn.type === 'ObjectMethod' ? p : p && PROPERTY_TYPES.has(p.type) && p.value === fn ? mod.parent.get(p) : undefined;
  if (obj?.type === 'ObjectExpression') {
    const asg = mod.parent.get(obj);
    if (asg?.type === 'AssignmentExpression' && asg.right === obj) {
      const owner = prototypeOwner(asg.left);
      if (owner) {
        const ctor = constructorNamed(mod, owner);
        return ctor ? { kind: 'ctor', node: ctor } : undefined;
      }
    }
    return { kind: 'object', node: obj };
  }
  if (p?.type === 'AssignmentExpression' && p.right === fn && p.operator === '=') {
    // `F.prototype.k = function`
    const owner = prototypeOwner(p.left);
    if (owner) {
      const ctor = constructorNamed(mod, owner);
      return ctor ? { kind: 'ctor', node: ctor } : undefined;
    }
    // `this.k = function` inside a constructor
    const l = unwrapExpr(p.left);
    if (l?.type === 'MemberExpression' && unwrapExpr(l.object)?.type === 'ThisExpression') {
      const outer = thisHost(mod, p);
      return outer && outer.kind !== 'object' ? outer : undefined;
    }
    return undefined;
  }
  // the constructor function itself
  if (isPlainFunction(mod, fn) && hasPrototypeOrThisMethods(mod, fn)) return { kind: 'ctor', node: fn };
  return undefined;
}

function classHost(mod: ModuleInfo, body: Node | undefined): ThisHost | undefined {
  const cls = body?.type === 'ClassBody' ? mod.parent.get(body) : undefined;
  return cls ? { kind: 'class', node: cls } : undefined;
}

/** A function used as a constructor: it has prototype members, or stores methods on `this`. */
function hasPrototypeOrThisMethods(mod: ModuleInfo, fn: Node): boolean {
  const id = fn.id ?? (mod.parent.get(fn)?.type === 'VariableDeclarator' ? mod.parent.get(fn)!.id : undefined);
  for (const asg of mod.nodes.assignments) {
    if (asg.type !== 'AssignmentExpression') continue;
    const owner = prototypeOwner(asg.left);
    if (owner && id && owner.type === 'Identifier' && owner.name === id.name && constructorNamed(mod, owner) === fn) return true;
    const l = unwrapExpr(asg.left);
    if (l?.type === 'MemberExpression' && unwrapExpr(l.object)?.type === 'ThisExpression' && isFunctionNode(unwrapExpr(asg.right)) && thisBinder(mod, asg) === fn) return true;
  }
  return false;
}

/** `bind(this.k, this)`, `this.k.bind(this)`, `_.bind(this.k, this)`: the same method, bound. */
function rebindsItself(right: Node, key: string): boolean {
  const r = unwrapExpr(right);
  if (r?.type !== 'CallExpression') return false;
  const isSelf = (n: Node) => {
    const p = n && memberPath(unwrapExpr(n));
    return !!p && p.length === 2 && p[0] === 'this' && p[1] === key;
  };
  const callee = unwrapExpr(r.callee);
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property?.name === 'bind' && isSelf(callee.object)) return true;
  const args: Node[] = r.arguments ?? [];
  return args.length === 2 && isSelf(args[0]) && unwrapExpr(args[1])?.type === 'ThisExpression';
}

function sameHost(a: ThisHost | undefined, b: ThisHost): boolean {
  return !!a && a.kind === b.kind && a.node === b.node;
}

/**
 * The one definition of `key` on the host, or undefined when there is none or more than one.
 * (Object literals are looked up by the evaluator itself, with their spreads and later assignments.)
 */
export function thisMember(mod: ModuleInfo, host: ThisHost, key: string): ThisMember | undefined {
  if (host.kind === 'object') return undefined;
  let byKey = memberMemo.get(host.node);
  if (!byKey) memberMemo.set(host.node, (byKey = new Map()));
  let m = byKey.get(key);
  if (m === undefined) {
    m = definitionOf(mod, host, key) ?? null;
    byKey.set(key, m);
  }
  return m ?? undefined;
}

function definitionOf(mod: ModuleInfo, host: ThisHost, key: string): ThisMember | undefined {
  const defs: ThisMember[] = [];
  if (host.kind === 'class') {
    for (const m of host.node.body?.body ?? []) {
      if (m.static || keyName(m) !== key) continue;
      if (m.type === 'ClassMethod' || m.type === 'ClassPrivateMethod') defs.push(m.kind === 'method' ? { fn: m } : {});
      else if (m.type === 'MethodDefinition') defs.push(m.kind === 'method' ? { fn: m.value } : {});
      else if (CLASS_FIELDS.has(m.type)) defs.push(m.value && isFunctionNode(unwrapExpr(m.value)) ? { fn: unwrapExpr(m.value) } : { value: m.value });
    }
    // overridden: not certain which one runs
    const name = host.node.id?.name;
    if (name && subclassDefines(mod, name, key)) return undefined;
  } else {
    const fnId = host.node.id ?? (mod.parent.get(host.node)?.type === 'VariableDeclarator' ? mod.parent.get(host.node)!.id : undefined);
    for (const asg of mod.nodes.assignments) {
      if (asg.type !== 'AssignmentExpression' || asg.operator !== '=') continue;
      const owner = prototypeOwner(asg.left);
      if (!owner || owner.type !== 'Identifier' || owner.name !== fnId?.name || constructorNamed(mod, owner) !== host.node) continue;
      const path = memberPath(unwrapExpr(asg.left))!;
      const right = unwrapExpr(asg.right);
      if (path.length === 3) {
        if (path[2] === key) defs.push(isFunctionNode(right) ? { fn: right } : { value: right });
      } else if (right.type === 'ObjectExpression') {
        for (const p of right.properties) {
          if (keyName(p) !== key) continue;
          if (p.type === 'ObjectMethod') defs.push({ fn: p });
          else if (PROPERTY_TYPES.has(p.type) && isFunctionNode(unwrapExpr(p.value))) defs.push({ fn: unwrapExpr(p.value) });
          else defs.push({ value: p.value });
        }
      } else defs.push({});
    }
  }
  // `this.k = …` in any method of the host (the constructor's stores included)
  for (const asg of mod.nodes.assignments) {
    if (asg.type !== 'AssignmentExpression') continue;
    const l = unwrapExpr(asg.left);
    if (l?.type !== 'MemberExpression' || unwrapExpr(l.object)?.type !== 'ThisExpression') continue;
    if ((l.computed ? (isStringLiteral(l.property) ? String(l.property.value) : undefined) : l.property?.name) !== key) continue;
    if (!sameHost(thisHost(mod, asg), host)) continue;
    if (asg.operator === '=' && rebindsItself(asg.right, key)) continue;
    const right = unwrapExpr(asg.right);
    defs.push(asg.operator !== '=' ? {} : isFunctionNode(right) ? { fn: right } : { value: right });
  }
  // inherited: the superclass (maybe of another module) decides
  if (!defs.length && host.kind === 'class' && host.node.superClass) return undefined;
  return defs.length === 1 ? defs[0] : undefined;
}

const subclassMemo = new WeakMap<object, Node[]>();

/** Does a class of this module that extends `name` define `key`? */
function subclassDefines(mod: ModuleInfo, name: string, key: string): boolean {
  let classes = subclassMemo.get(mod);
  if (!classes) subclassMemo.set(mod, (classes = subclasses(mod)));
  return classes.some((c) => c.superClass.name === name && (c.body?.body ?? []).some((m: Node) => keyName(m) === key));
}

/** The classes of a module that extend a named class. */
function subclasses(mod: ModuleInfo): Node[] {
  const out: Node[] = [];
  const visit = (n: Node): void => {
    if (!n || typeof n !== 'object') return;
    if ((n.type === 'ClassDeclaration' || n.type === 'ClassExpression') && n.superClass?.type === 'Identifier') out.push(n);
    for (const k of Object.keys(n)) {
      if (k === 'loc' || k === 'leadingComments' || k === 'trailingComments' || k === 'innerComments') continue;
      const v = n[k];
      if (Array.isArray(v)) v.forEach((c) => c && typeof c.type === 'string' && visit(c));
      else if (v && typeof v.type === 'string') visit(v);
    }
  };
  visit(mod.ast.program ?? mod.ast);
  return out;
}

/** The key a method is defined under on its host (`F.prototype.k = function`, `k() {…}`, `this.k = function`). */
function methodKey(mod: ModuleInfo, fn: Node): string | undefined {
  if (fn.type === 'ClassMethod' || fn.type === 'ClassPrivateMethod' || fn.type === 'ObjectMethod') return keyName(fn);
  const p = mod.parent.get(fn);
  if (p?.type === 'MethodDefinition' || (p && PROPERTY_TYPES.has(p.type) && p.value === fn) || (p && CLASS_FIELDS.has(p.type))) return keyName(p);
  if (p?.type === 'AssignmentExpression' && p.right === fn) {
    const l = unwrapExpr(p.left);
    if (l?.type === 'MemberExpression' && !l.computed) return l.property?.name;
  }
  return undefined;
}

/**
 * Where a method is read through `this` (or `var self = this`) in the methods of its own host:
 * `this.url(id)` for `Desk.prototype.url`. Undefined when `fn` is no method of a host.
 */
export function methodReaders(mod: ModuleInfo, fn: Node): Node[] | undefined {
  const host = hostOfBinder(mod, fn);
  const key = host && methodKey(mod, fn);
  if (!host || !key) return undefined;
  return mod.nodes.members.filter((m: Node) => {
    if (m.computed || m.property?.name !== key) return false;
    const obj = unwrapExpr(m.object);
    const self = obj?.type === 'ThisExpression' ? m : thisAliased(mod, obj);
    return !!self && sameHost(thisHost(mod, self), host);
  });
}
