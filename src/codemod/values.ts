/**
 * Values in code: reading literal values, writing values back as source, and applying the
 * catalogue's named converters at rewrite time (literals) or as a small inline conversion
 * (dynamic values). Converters stay the catalogue's; this file only knows how to spell a few of
 * them in JavaScript.
 */
import { CONVERTERS, type ConvertContext } from '../catalogue/converters.ts';
import type { Overlay } from '../catalogue/index.ts';
import { inlineValueForm, isIdentityConverter, KEEPS_MISSING, type InlineConverter } from '../analysis/converters.ts';
import { isIdentifierName, isObjectProperty, isSpread, literalValue, propName, quoteString, unwrapExpr } from './ast.ts';
import type { Node } from './parse.ts';

/** The value of an expression made only of literals (arrays and objects included). */
export function staticValue(node: Node): { ok: true; value: unknown } | { ok: false } {
  const n = unwrapExpr(node);
  const lit = literalValue(n);
  if (lit !== undefined || n.type === 'NullLiteral' || (n.type === 'Literal' && n.value === null && !n.regex)) return { ok: true, value: lit ?? null };
  if (n.type === 'ArrayExpression') {
    const out: unknown[] = [];
    for (const el of n.elements as Array<Node | null>) {
      if (!el || isSpread(el)) return { ok: false };
      const v = staticValue(el);
      if (!v.ok) return v;
      out.push(v.value);
    }
    return { ok: true, value: out };
  }
  if (n.type === 'ObjectExpression') {
    const out: Record<string, unknown> = {};
    for (const p of n.properties as Node[]) {
      if (!isObjectProperty(p)) return { ok: false };
      const k = propName(p);
      if (k === undefined) return { ok: false };
      const v = staticValue(p.value);
      if (!v.ok) return v;
      out[k] = v.value;
    }
    return { ok: true, value: out };
  }
  return { ok: false };
}

/** A value as JavaScript source, strings in the given quote style. */
export function valueToSource(v: unknown, quote: string): string {
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (typeof v === 'string') return quoteString(v, quote);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map((x) => valueToSource(x, quote)).join(', ')}]`;
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, x]) => `${isIdentifierName(k) ? k : quoteString(k, quote)}: ${valueToSource(x, quote)}`).join(', ')} }`;
  }
  return String(v);
}

export interface ConvertOutcome {
  value: unknown;
  issues: Array<{ fidelity: 'lossy' | 'manual' | 'none'; message: string }>;
}

function context(overlay: Overlay, path: string, issues: ConvertOutcome['issues'], root?: Record<string, unknown>): ConvertContext {
  return { overlay, kind: 'request', path, root, report: (fidelity, message) => issues.push({ fidelity, message }) };
}

/** Applies the converters in order to a literal value. */
export function convertLiteral(converters: string[], value: unknown, overlay: Overlay, path: string): ConvertOutcome {
  const issues: ConvertOutcome['issues'] = [];
  let v = value;
  for (const name of converters) {
    const c = CONVERTERS[name];
    if (!c) {
      issues.push({ fidelity: 'manual', message: `unknown converter ${name}` });
      continue;
    }
    v = c.forward(v, context(overlay, path, issues));
  }
  return { value: v, issues };
}

/** A custom field key as v2 names it (one place: the catalogue). */
export { convertKey } from '../catalogue/converters.ts';
export { isIdentityConverter } from '../analysis/converters.ts';

/**
 * How a converter is written inline around a dynamic value, for the converters whose JavaScript
 * equivalent is short and exact. The others get a marker.
 */
const INLINE: Record<InlineConverter, (expr: string, quote: string) => string> = {
  commaList: (x, q) => `String(${x}).split(${q},${q}).map((s) => s.trim()).filter(Boolean)`,
  commaIntList: (x, q) => `String(${x}).split(${q},${q}).map((s) => s.trim()).filter(Boolean).map(Number)`,
  numberToString: (x) => `String(${x})`,
  stringToNumber: (x) => `Number(${x})`,
  zeroOneToBoolean: (x, q) => `[true, 1, ${q}1${q}, ${q}true${q}].includes(${x})`,
  looseBoolean: (x, q) => `[true, 1, ${q}1${q}, ${q}true${q}].includes(${x})`,
  // the catalogue's textToHtml, written out: escape, then keep each newline visible with <br>
  textToHtml: (x, q) =>
    `String(${x}).replace(/&/g, ${q}&amp;${q}).replace(/</g, ${q}&lt;${q}).replace(/>/g, ${q}&gt;${q})` +
    `.replace(/"/g, ${q}&quot;${q}).replace(/'/g, ${q}&#39;${q}).replace(/\\r?\\n/g, ${q}<br>\\n${q})`,
};


/** Needs parentheses before being used as the object of `.x` or an argument? */
function needsParens(node: Node): boolean {
  const n = unwrapExpr(node);
  return !['Identifier', 'MemberExpression', 'OptionalMemberExpression', 'CallExpression', 'StringLiteral', 'Literal', 'TemplateLiteral', 'ThisExpression'].includes(n.type);
}

/** The inline conversion of a dynamic value, or null when the converters have no short JS form. */
export function inlineConversion(converters: string[], exprText: string, exprNode: Node, quote: string, overlay: Overlay): string | null {
  let text = exprText;
  let changed = false;
  for (const name of converters) {
    if (isIdentityConverter(name, overlay)) continue;
    const f = INLINE[name as InlineConverter];
    if (!f) return null;
    if (KEEPS_MISSING.has(name)) {
      // a missing value stays missing (the converter passes non-strings through): only for an
      // expression that can be read twice without side effects
      if (changed) return null;
      // a template or a concatenation with text is always a string; a name or member can be read twice
      const form = inlineValueForm(exprNode);
      if (form === 'string') text = f(text, quote);
      else if (form === 'name') text = `${text} == null ? ${text} : ${f(text, quote)}`;
      else return null;
      changed = true;
      continue;
    }
    // String(x), Number(x) and friends take any expression as an argument
    text = f(changed || !needsParens(exprNode) ? text : text, quote);
    changed = true;
  }
  return text;
}

export function needsConversion(converters: string[], overlay: Overlay): boolean {
  return converters.some((c) => !isIdentityConverter(c, overlay));
}
