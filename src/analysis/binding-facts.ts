/**
 * What a binding of the scope model (./module.ts) holds, read the same way by every tool: the
 * value it is declared with, and the module it is imported from (ES imports and `require`).
 */
import type { Binding } from './module.ts';
import type { Node } from './parse.ts';
import { propertyKey } from './evaluate.ts';
import { isCall, isMember, isStringLiteral, memberName, unwrapExpr } from './syntax.ts';

/** What a binding is declared as: the function of a function declaration, the initializer of `x = init` (not of a pattern). */
export function declaredValue(b: Binding | undefined): Node | undefined {
  if (!b || !b.init) return undefined;
  if (b.kind === 'function') return b.init;
  if ((b.kind === 'const' || b.kind === 'let' || b.kind === 'var') && !b.path) return b.init;
  return undefined;
}

/** `require('x')` → 'x'. */
export function requireSource(n: Node | undefined): string | undefined {
  if (!n) return undefined;
  const c = unwrapExpr(n);
  if (isCall(c) && c.callee.type === 'Identifier' && c.callee.name === 'require' && c.arguments.length === 1 && isStringLiteral(c.arguments[0])) {
    return c.arguments[0].value;
  }
  return undefined;
}

/**
 * Where a binding's value comes from in another module: ES imports, `const x = require('m')`
 * (namespace, `*`), `const { X } = require('m')` and `const X = require('m').X`.
 */
export function importOf(b: Binding | undefined): { source: string; imported: string } | undefined {
  if (!b) return undefined;
  if (b.kind === 'import') return b.importFrom;
  if (b.kind !== 'const' && b.kind !== 'let' && b.kind !== 'var') return undefined;
  if (b.writes.length) return undefined;
  // a destructured name's init is the whole right-hand side, its path the keys taken out of it
  const init = b.init;
  const src = requireSource(init);
  if (src !== undefined) {
    if (!b.path) return { source: src, imported: '*' };
    // (`const [a] = require(…)` takes an index, not an export)
    if (b.path.length === 1 && !/^\d+$/.test(b.path[0]!)) return { source: src, imported: b.path[0]! };
    return undefined;
  }
  const i = init && unwrapExpr(init);
  if (i && isMember(i) && !b.path) {
    const s2 = requireSource(i.object);
    const k = memberName(i);
    if (s2 !== undefined && k) return { source: s2, imported: k };
  }
  return undefined;
}

/**
 * The object literals a spread argument is one of (`...(priority ? { priority } : {})`, `...(html &&
 * { description_html: html })`; a falsy branch spreads nothing), inline or as the value of a name
 * read only there and never written again. Null when a branch is anything else. The audit (keys
 * known) and the codemod (each literal rewritten) ask this alike.
 */
export function spreadLiteralChoices(arg: Node, lookup: (id: Node) => Binding | undefined): Node[] | null {
  let n = unwrapExpr(arg);
  if (n.type === 'Identifier') {
    const b = lookup(n);
    if (!b || b.writes.length || !b.init || b.path?.length || b.refs.length !== 1) return null;
    n = unwrapExpr(b.init);
  }
  if (n.type !== 'ConditionalExpression' && n.type !== 'LogicalExpression') return null;
  const out: Node[] = [];
  const visit = (x: Node): boolean => {
    const u = unwrapExpr(x);
    if (u.type === 'ObjectExpression') return out.push(u) > 0;
    if (u.type === 'ConditionalExpression') return visit(u.consequent) && visit(u.alternate);
    if (u.type === 'LogicalExpression' && u.operator === '&&') return visit(u.right);
    // (`false`, `null`, `''`, `undefined` spread nothing)
    const literal = u.type === 'NullLiteral' || u.type === 'BooleanLiteral' || isStringLiteral(u) || u.type === 'Literal';
    return (literal && !u.value) || (u.type === 'Identifier' && u.name === 'undefined');
  };
  return visit(n) && out.length ? out : null;
}

/**
 * A body whose request wrapper sits in the literals of a spread choice (`{ ...(urgent ? {
 * helpdesk_ticket: { priority: 4 } } : { helpdesk_ticket: { priority: 1 } }) }`): those literals,
 * each a whole v1 payload that is unwrapped as one. Null unless the body has no wrapper of its own,
 * exactly one spread writes it, and every literal of that spread has it (a literal without it, or a
 * second spread with it, merges fields otherwise on v1 than on v2's unwrapped body).
 */
export function wrapperSpreadChoices(obj: Node, wrapper: string, lookup: (id: Node) => Binding | undefined): Node[] | null {
  const props = obj.properties as Node[];
  const hasWrapper = (o: Node) => (o.properties as Node[]).some((p) => !isSpreadNode(p) && propertyKey(p) === wrapper);
  if (hasWrapper(obj)) return null;
  const choices = props.filter(isSpreadNode).map((p) => spreadLiteralChoices(p.argument, lookup));
  const carrying = choices.filter((c) => c?.some(hasWrapper));
  if (carrying.length !== 1 || !carrying[0]!.every(hasWrapper)) return null;
  return carrying[0]!;
}

function isSpreadNode(p: Node): boolean {
  return p.type === 'SpreadElement' || p.type === 'SpreadProperty';
}
