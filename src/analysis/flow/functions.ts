/**
 * Where the tracer follows a function's result and its callback parameters: its calls by name in
 * its module, and the names it is exported under (for the modules that import it).
 */
import type { Binding } from '../module.ts';
import type { Node } from '../parse.ts';
import { isCall, isFunction, isMember, memberName, unwrapExpr } from '../syntax.ts';
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
  while (isMember(root)) root = unwrapExpr(root.object);
  if (root.type !== 'Identifier') return undefined;
  const b = bindingOf(mod, root);
  if (b?.kind !== 'param' || !b.fn) return undefined;
  const fb = bindingOfFunction(mod, b.fn);
  return fb && fb.refs.length !== 1 ? fb.name : undefined;
}
