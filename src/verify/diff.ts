/**
 * Field-by-field comparison of one v1 record (already mapped into v2 shape by the catalogue) with
 * the v2 record. Pure: no I/O. Paths are Keploy-style `body.<dotted.path>`; list items keyed by id
 * are `[]` in the field path (what reports count and noise files name) and `[id=…]` in the exact
 * place (what examples show).
 */

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One value that differs: `field` groups records, `at` is the exact place in this record. */
export interface FieldDiff {
  field: string;
  at: string;
  v1: unknown;
  v2: unknown;
}

export interface Comparison {
  diffs: FieldDiff[];
  /** fields (or keyed list items) only v1 has, after mapping: listed, never counted as differences */
  v1Only: string[];
  /** fields only v2 has */
  v2Only: string[];
}

const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Two timestamps are the same when they name the same instant, whatever the offset they are written in. */
export function sameInstant(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string' || !INSTANT.test(a) || !INSTANT.test(b)) return false;
  const ta = Date.parse(a.replace(' ', 'T'));
  const tb = Date.parse(b.replace(' ', 'T'));
  return Number.isFinite(ta) && ta === tb;
}

function sameScalar(a: unknown, b: unknown): boolean {
  return a === b || sameInstant(a, b);
}

/** Lists of objects that all carry an id are sets keyed by id: order is not data. */
function keyedById(list: unknown[]): Map<string, Obj> | null {
  const map = new Map<string, Obj>();
  for (const item of list) {
    if (!isObject(item) || item.id === undefined || item.id === null) return null;
    map.set(String(item.id), item);
  }
  return map;
}

const isScalar = (v: unknown) => v === null || typeof v !== 'object';

/** Lists of plain values (tags, cc emails, ids) are compared as multisets. */
function sortedScalars(list: unknown[]): string[] {
  return list.map((v) => JSON.stringify(v)).sort();
}

function join(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function walk(a: unknown, b: unknown, field: string, at: string, out: Comparison): void {
  if (isObject(a) && isObject(b)) {
    for (const key of Object.keys(a)) {
      if (!(key in b)) out.v1Only.push(join(field, key));
      else walk(a[key], b[key], join(field, key), join(at, key), out);
    }
    for (const key of Object.keys(b)) if (!(key in a)) out.v2Only.push(join(field, key));
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length === 0 && b.length === 0) return;
    if (a.every(isScalar) && b.every(isScalar)) {
      const sa = sortedScalars(a);
      const sb = sortedScalars(b);
      if (sa.length !== sb.length || sa.some((v, i) => v !== sb[i] && !sameInstant(JSON.parse(v), JSON.parse(sb[i]!)))) {
        out.diffs.push({ field, at, v1: a, v2: b });
      }
      return;
    }
    const ka = keyedById(a);
    const kb = keyedById(b);
    if (ka && kb) {
      const item = `${field}[]`;
      for (const [id, value] of ka) {
        const other = kb.get(id);
        if (!other) out.v1Only.push(item);
        else walk(value, other, item, `${at}[id=${id}]`, out);
      }
      for (const id of kb.keys()) if (!ka.has(id)) out.v2Only.push(item);
      return;
    }
    if (a.length !== b.length) {
      out.diffs.push({ field, at, v1: a, v2: b });
      return;
    }
    a.forEach((v, i) => walk(v, b[i], `${field}[]`, `${at}[${i}]`, out));
    return;
  }
  if (!sameScalar(a, b) && JSON.stringify(a) !== JSON.stringify(b)) out.diffs.push({ field, at, v1: a, v2: b });
}

/** Compares the mapped v1 body with the v2 body. */
export function compareBodies(v1: unknown, v2: unknown, root = 'body'): Comparison {
  const out: Comparison = { diffs: [], v1Only: [], v2Only: [] };
  walk(v1, v2, root, root, out);
  out.v1Only = [...new Set(out.v1Only)];
  out.v2Only = [...new Set(out.v2Only)];
  return out;
}

/** `conversations[3].body` (a catalogue issue path) as a field path: `body.conversations[].body`. */
export function issueField(path: string, root = 'body'): string {
  const generic = path.replace(/\[\d+\]/g, '[]');
  return generic ? `${root}.${generic}` : root;
}

/** What one id's observation records: differences, one-side-only fields, declared losses. */
export interface RecordComparison extends Comparison {
  expected: { path: string; message: string }[];
  /** differences in fields the catalogue declared lost for this record: shown, never failures */
  declared: FieldDiff[];
}

/** Compares one observation: bodies when both sides answered, else their statuses. */
export function compareObservation(o: {
  s1: number;
  s2: number;
  v1?: unknown;
  v2?: unknown;
  expected: { path: string; message: string }[];
}): RecordComparison {
  const ok1 = o.s1 >= 200 && o.s1 < 300;
  const ok2 = o.s2 >= 200 && o.s2 < 300;
  const seen = new Set<string>();
  const expected: { path: string; message: string }[] = [];
  // in a list answer the catalogue names item fields (`active`); the field path is `body[].active`
  const root = Array.isArray(o.v1) ? 'body[]' : 'body';
  for (const e of o.expected) {
    const field = issueField(e.path, root);
    if (seen.has(field)) continue;
    seen.add(field);
    expected.push({ path: field, message: e.message });
  }
  if (ok1 && ok2) {
    const c = compareBodies(o.v1, o.v2);
    // a difference in a field the catalogue declared lost for this record is that loss, not a failure
    return { ...c, diffs: c.diffs.filter((d) => !seen.has(d.field)), declared: c.diffs.filter((d) => seen.has(d.field)), expected };
  }
  const diffs: FieldDiff[] = o.s1 === o.s2 ? [] : [{ field: 'status', at: 'status', v1: o.s1, v2: o.s2 }];
  return { diffs, v1Only: [], v2Only: [], expected, declared: [] };
}
