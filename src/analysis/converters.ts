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
