/**
 * Node-shape helpers over both tree flavours the parsers produce (`babel` with the estree plugin:
 * Literal, ChainExpression; `ts`/`tsx`: StringLiteral, OptionalMemberExpression), for code that
 * walks a tree the analysis and the codemod both read: the response-flow tracer and the codemod's
 * own finders (src/codemod/ast.ts re-exports them).
 */
import type { Node } from './parse.ts';

export function isStringLiteral(n: Node | null | undefined): boolean {
  return !!n && (n.type === 'StringLiteral' || (n.type === 'Literal' && typeof n.value === 'string'));
}

export function isNumericLiteral(n: Node | null | undefined): boolean {
  return !!n && (n.type === 'NumericLiteral' || (n.type === 'Literal' && typeof n.value === 'number'));
}

/** The static name of a member expression's property (`a.b`, `a['b']`). */
export function memberName(m: Node): string | undefined {
  const prop = m.property;
  if (!prop) return undefined;
  if (!m.computed && (prop.type === 'Identifier' || prop.type === 'PrivateName')) return prop.name ?? prop.id?.name;
  if (isStringLiteral(prop)) return prop.value;
  if (isNumericLiteral(prop)) return String(prop.value);
  return undefined;
}

/** `JSON.parse(x)` with `x` as its argument. */
export function isJsonParseOf(call: Node, arg: Node): boolean {
  return (call?.type === 'CallExpression' || call?.type === 'OptionalCallExpression') && call.arguments?.[0] === arg && dottedName(unwrapExpr(call.callee)) === 'JSON.parse';
}

export function isMember(n: Node | null | undefined): boolean {
  return !!n && (n.type === 'MemberExpression' || n.type === 'OptionalMemberExpression');
}

export function isCall(n: Node | null | undefined): boolean {
  return !!n && (n.type === 'CallExpression' || n.type === 'OptionalCallExpression');
}

export function isFunction(n: Node | null | undefined): boolean {
  return (
    !!n &&
    (n.type === 'FunctionDeclaration' ||
      n.type === 'FunctionExpression' ||
      n.type === 'ArrowFunctionExpression' ||
      n.type === 'ObjectMethod' ||
      n.type === 'ClassMethod' ||
      n.type === 'ClassPrivateMethod')
  );
}

const TRANSPARENT = new Set([
  'TSAsExpression',
  'TSSatisfiesExpression',
  'TSNonNullExpression',
  'TSTypeAssertion',
  'TypeCastExpression',
  'ParenthesizedExpression',
  'ChainExpression',
]);

/** Strips type assertions, parentheses and optional-chain wrappers. */
export function unwrapExpr(n: Node): Node {
  let cur = n;
  while (cur && TRANSPARENT.has(cur.type)) cur = cur.expression;
  return cur;
}

export function isTransparent(n: Node | undefined): boolean {
  return !!n && TRANSPARENT.has(n.type);
}

/** `a.b.c` as a dotted string when the chain is plain identifiers and static names. */
export function dottedName(n: Node): string | undefined {
  n = unwrapExpr(n);
  if (n.type === 'Identifier') return n.name;
  if (n.type === 'ThisExpression') return 'this';
  if (isMember(n)) {
    const obj = dottedName(n.object);
    const name = memberName(n);
    if (obj === undefined || name === undefined) return undefined;
    return `${obj}.${name}`;
  }
  return undefined;
}

/** The callee as a dotted name (`axios.post`, `client.request.get`, `$.ajax`). */
export function calleeName(call: Node): string | undefined {
  return dottedName(call.callee);
}

