/**
 * Shape helpers over both tree flavours the parsers produce: `babel` (JavaScript) runs with the
 * estree plugin (Literal, Property, ChainExpression), `ts`/`tsx` produce babel's own nodes
 * (StringLiteral, ObjectProperty, OptionalMemberExpression). Every finder goes through these so a
 * transform never "does nothing" on one grammar because a node type differs.
 */
import type { Node } from './parse.ts';
import { isNumericLiteral, isStringLiteral } from '../analysis/syntax.ts';

export { isStringLiteral, isNumericLiteral, memberName, isMember, isCall, isFunction, unwrapExpr, isTransparent, dottedName, calleeName } from '../analysis/syntax.ts';

export function isNullish(n: Node | null | undefined): boolean {
  return !!n && (n.type === 'NullLiteral' || (n.type === 'Literal' && n.value === null && !n.regex) || (n.type === 'Identifier' && n.name === 'undefined'));
}

export function isBooleanLiteral(n: Node | null | undefined): boolean {
  return !!n && (n.type === 'BooleanLiteral' || (n.type === 'Literal' && typeof n.value === 'boolean'));
}

/** A literal's JS value (string, number, boolean, null); undefined for anything else. */
export function literalValue(n: Node | null | undefined): unknown {
  if (!n) return undefined;
  if (isStringLiteral(n) || isNumericLiteral(n) || isBooleanLiteral(n)) return n.value;
  if (n.type === 'NullLiteral' || (n.type === 'Literal' && n.value === null && !n.regex)) return null;
  if (n.type === 'TemplateLiteral' && n.expressions.length === 0) return n.quasis[0].value.cooked;
  if (n.type === 'UnaryExpression' && n.operator === '-' && isNumericLiteral(n.argument)) return -n.argument.value;
  return undefined;
}

export function isObjectProperty(n: Node | null | undefined): boolean {
  return !!n && (n.type === 'ObjectProperty' || (n.type === 'Property' && n.kind === 'init' && !n.method));
}

export function isObjectMethod(n: Node | null | undefined): boolean {
  return !!n && (n.type === 'ObjectMethod' || (n.type === 'Property' && (n.method || n.kind !== 'init')));
}

export function isSpread(n: Node | null | undefined): boolean {
  return !!n && (n.type === 'SpreadElement' || n.type === 'SpreadProperty' || n.type === 'RestElement');
}

/** The static name of a property key (`a`, `'a'`, `["a"]`), or undefined when computed. */
export function propName(p: Node): string | undefined {
  const key = p.key;
  if (!key) return undefined;
  if (!p.computed && key.type === 'Identifier') return key.name;
  if (isStringLiteral(key)) return key.value;
  if (isNumericLiteral(key)) return String(key.value);
  if (p.computed && key.type === 'TemplateLiteral' && key.expressions.length === 0) return key.quasis[0].value.cooked;
  return undefined;
}

export function findProp(obj: Node | null | undefined, name: string): Node | undefined {
  if (!obj || obj.type !== 'ObjectExpression') return undefined;
  for (const p of obj.properties as Node[]) if (isObjectProperty(p) && propName(p) === name) return p;
  return undefined;
}

export function findProps(obj: Node | null | undefined, names: readonly string[]): Node | undefined {
  for (const n of names) {
    const p = findProp(obj, n);
    if (p) return p;
  }
  return undefined;
}

/** Statement-like nodes a marker comment can sit above. */
export function isStatementLike(n: Node): boolean {
  return (
    /Statement$|Declaration$/.test(n.type) ||
    n.type === 'ClassProperty' ||
    n.type === 'PropertyDefinition' ||
    n.type === 'ClassMethod' ||
    n.type === 'MethodDefinition' ||
    n.type === 'SwitchCase' ||
    isObjectProperty(n) ||
    n.type === 'ObjectMethod' ||
    n.type === 'TSPropertySignature'
  );
}

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;

export function asHttpMethod(s: unknown): string | undefined {
  if (typeof s !== 'string') return undefined;
  const up = s.toUpperCase();
  return (HTTP_METHODS as readonly string[]).includes(up) ? up : undefined;
}

/** Writes `method` in the case style of `like` (`post` → `delete`, `POST` → `DELETE`, `Post` → `Delete`). */
export function sameCase(like: string, method: string): string {
  if (like === like.toUpperCase()) return method.toUpperCase();
  if (like === like.toLowerCase()) return method.toLowerCase();
  return method[0]!.toUpperCase() + method.slice(1).toLowerCase();
}

/** A JavaScript string literal for `value`, in the given quote style, escaping only what must be. */
export function quoteString(value: string, quote: string): string {
  if (quote === '`') return `\`${escapeTemplate(value)}\``;
  let out = '';
  for (const ch of value) {
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\u2028') out += '\\u2028';
    else if (ch === '\u2029') out += '\\u2029';
    else out += ch;
  }
  return quote + out + quote;
}

/** Raw text for a template literal's quasi holding `value`. */
export function escapeTemplate(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
}

/** Raw text inside a string literal's quotes holding `value`. */
export function escapeStringBody(value: string, quote: string): string {
  return quoteString(value, quote).slice(1, -1);
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

export function isIdentifierName(s: string): boolean {
  return IDENT.test(s);
}

/** A property key as source text: bare when it is an identifier, else quoted. */
export function keyText(name: string, quote: string): string {
  return isIdentifierName(name) ? name : quoteString(name, quote);
}
