/**
 * What the tools need to know about the catalogue's value converters when they decide whether a
 * sent field can be rewritten: does a converter leave values as they are, and which converters
 * have an exact inline JavaScript form (the codemod writes those around a dynamic value).
 */
import { CONVERTERS, type ConvertContext } from '../catalogue/converters.ts';
import type { Overlay } from '../catalogue/index.ts';

/** Converters the codemod writes out inline at a dynamic value (src/codemod/values.ts INLINE). */
export const INLINE_CONVERTERS = ['commaList', 'commaIntList', 'numberToString', 'stringToNumber', 'zeroOneToBoolean', 'looseBoolean', 'textToHtml'] as const;
export type InlineConverter = (typeof INLINE_CONVERTERS)[number];

/**
 * Converters whose inline form must not turn a missing value into text (`String(undefined)`): it
 * reads the value twice (`x == null ? x : convert(x)`), so only a value that can be read twice
 * takes it, or one that is certainly a string already (see inlineValueForm).
 */
export const KEEPS_MISSING: ReadonlySet<string> = new Set(['textToHtml']);

/**
 * How a dynamic value takes an inline conversion: `string`, certainly a string (a template, a
 * concatenation with a string literal), converted as it is; `name`, a name or member chain with no
 * call, read twice; `other` (a call, a conditional…), which a converter of KEEPS_MISSING cannot take
 * inline. The audit's verdict and the codemod's rewrite ask this one question.
 */
export function inlineValueForm(node: { type: string; [k: string]: any }): 'string' | 'name' | 'other' {
  let n = node;
  while (n.type === 'ParenthesizedExpression' || n.type === 'TSAsExpression' || n.type === 'TSNonNullExpression') n = n.expression;
  if (isCertainlyString(n)) return 'string';
  const chain = (x: typeof n): boolean => x.type === 'Identifier' || x.type === 'ThisExpression' || ((x.type === 'MemberExpression' || x.type === 'OptionalMemberExpression') && !x.computed && chain(x.object));
  return chain(n) ? 'name' : 'other';
}

function isCertainlyString(n: { type: string; [k: string]: any }): boolean {
  if (n.type === 'TemplateLiteral' || n.type === 'StringLiteral' || (n.type === 'Literal' && typeof n.value === 'string')) return true;
  return n.type === 'BinaryExpression' && n.operator === '+' && (isCertainlyString(n.left) || isCertainlyString(n.right));
}

/** The v1 → v2 half of a converter's two-way description (`a → b ↔ b → a` → `a → b`; `x ↔ y` → `x → y`). */
export function forwardReason(reason: string | undefined): string | undefined {
  if (!reason) return reason;
  const [a, b] = reason.split(' ↔ ');
  if (b === undefined || a!.includes('→')) return a;
  return `${a} → ${b}`;
}

const PROBES: unknown[] = [2, 'a,b <&>\n"\'', true];
const identityCache = new Map<string, boolean>();

/**
 * Does the converter leave values as they are (it only validates particular literal values)? Asked
 * of the converter itself with a few probe values, so nothing about it is assumed here.
 */
export function isIdentityConverter(name: string, overlay: Overlay): boolean {
  const key = `${name}|${JSON.stringify(overlay)}`;
  const hit = identityCache.get(key);
  if (hit !== undefined) return hit;
  const c = CONVERTERS[name];
  let same = !!c;
  if (c) {
    for (const p of PROBES) {
      const issues: unknown[] = [];
      const ctx: ConvertContext = { overlay, kind: 'request', path: 'probe', report: (fidelity, message) => issues.push({ fidelity, message }) };
      const out = c.forward(p, ctx);
      if (issues.length || JSON.stringify(out) !== JSON.stringify(p)) {
        same = false;
        break;
      }
    }
  }
  identityCache.set(key, same);
  return same;
}
