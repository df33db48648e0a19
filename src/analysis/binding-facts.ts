/**
 * What a binding of the scope model (./module.ts) holds, read the same way by every tool: the
 * value it is declared with, and the module it is imported from (ES imports and `require`).
 */
import type { Binding } from './module.ts';
import type { Node } from './parse.ts';
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
