/**
 * Bracket-keyed form fields (`helpdesk_ticket[custom_field][x_1]`, `helpdesk_ticket[attachments][][resource]`)
 * ↔ nested objects, so multipart and form bodies go through the same lenses as JSON.
 */

type Obj = Record<string, unknown>;

/** Splits `a[b][][c]` into `['a','b','','c']`; a plain key is one part. */
export function splitBracketKey(key: string): string[] {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return [key];
  const parts = [m[1]!];
  for (const b of m[2]!.matchAll(/\[([^[\]]*)\]/g)) parts.push(b[1]!);
  return parts;
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Nests flat bracket-keyed fields the way Rails read them: `x[][resource]` appends, and a new array
 * item starts when the last one already has the key being set.
 */
export function parseBracketFields(entries: Iterable<[string, unknown]>): Obj {
  const root: Obj = {};
  for (const [key, value] of entries) {
    const parts = splitBracketKey(key);
    let cur: Obj | unknown[] = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const last = i === parts.length - 1;
      if (Array.isArray(cur)) {
        if (last) {
          cur.push(value);
          break;
        }
        let item = cur[cur.length - 1];
        if (!isObj(item) || parts[i + 1]! in item) {
          item = {};
          cur.push(item);
        }
        cur = item as Obj;
        continue;
      }
      if (last) {
        cur[part] = value;
        break;
      }
      const wantArray = parts[i + 1] === '';
      if (wantArray ? !Array.isArray(cur[part]) : !isObj(cur[part])) cur[part] = wantArray ? [] : {};
      cur = cur[part] as Obj | unknown[];
    }
  }
  return root;
}

/** Does any key of this flat field list use bracket syntax? */
export function hasBracketKeys(keys: Iterable<string>): boolean {
  for (const k of keys) if (/\[/.test(k)) return true;
  return false;
}
