/** Lists, numbers and booleans: the spelling differences between v1 and v2 values. */
import { isBlank, type Converter } from './types.ts';

// ---------------------------------------------------------------------------------------------
// lists

/** `"a, b,,c"` → `["a","b","c"]`: v1 sends comma-separated strings where v2 wants arrays. */
export function splitCommaList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export const commaList: Converter = {
  description: 'comma-separated string ↔ array of strings (blank items dropped, spaces trimmed)',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter((s) => s.length > 0);
    if (typeof value === 'string') return splitCommaList(value);
    ctx.report('lossy', `${ctx.path}: expected a comma-separated string, got ${typeof value}`);
    return [String(value)];
  },
  backward(value) {
    if (Array.isArray(value)) return value.join(',');
    return value;
  },
};

export const commaIntList: Converter = {
  description: 'comma-separated ids ↔ array of numbers ("1, 16" ↔ [1,16])',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const items = Array.isArray(value) ? value.map(String) : splitCommaList(String(value));
    const out: number[] = [];
    for (const item of items) {
      const s = item.trim();
      if (s === '') continue;
      if (/^\d+$/.test(s)) out.push(Number(s));
      else ctx.report('lossy', `${ctx.path}: "${s}" is not a numeric id and was left out`);
    }
    return out;
  },
  backward(value) {
    if (Array.isArray(value)) return value.join(',');
    return value;
  },
};

// ---------------------------------------------------------------------------------------------
// scalars

export const numberToString: Converter = {
  description: 'number ↔ string (v1 phone is a number, v2 a string)',
  exact: true,
  forward(value) {
    if (typeof value === 'number') return String(value);
    return value;
  },
  backward(value) {
    // Only digit strings came from numbers; "+61 2 ..." stays a string rather than losing the plus.
    if (typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value)) return Number(value);
    return value;
  },
};

export const stringToNumber: Converter = {
  description: 'numeric string ↔ number (query parameters moved into a JSON body)',
  exact: true,
  forward(value, ctx) {
    if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value.trim());
    if (typeof value === 'number' || isBlank(value)) return value;
    ctx.report('manual', `${ctx.path}: "${String(value)}" is not a number`);
    return value;
  },
  backward(value) {
    return typeof value === 'number' ? String(value) : value;
  },
};

export function toBoolean(value: unknown): boolean | undefined {
  if (value === true || value === false) return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

/** v1 topics took 0/1 for sticky; v2 validates booleans. Coming back, v1 printed 1/0. */
export const zeroOneToBoolean: Converter = {
  description: '0/1 (or "0"/"1", true/false) ↔ boolean; v1 reads back 0/1',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const b = toBoolean(value);
    if (b === undefined) {
      ctx.report('manual', `${ctx.path}: ${JSON.stringify(value)} is neither 0/1 nor a boolean`);
      return value;
    }
    return b;
  },
  backward(value) {
    if (value === true) return 1;
    if (value === false) return 0;
    return value;
  },
};

/** Same as zeroOneToBoolean, but v1 printed booleans (topic `locked`). */
export const looseBoolean: Converter = {
  description: '0/1, "true"/"false" or boolean → boolean; v1 reads back a boolean',
  exact: true,
  forward: zeroOneToBoolean.forward,
  backward(value) {
    return value;
  },
};
