/**
 * Applying and reversing lenses. A lens is written once, v1 → v2; its reverse is derived here by
 * reversing the op list and flipping each op's direction, never written by hand. Applying never
 * mutates its input.
 */
import { CONVERTERS, KEY_CONVERTERS, type ConvertContext } from './converters.ts';
import { DERIVERS, type Facts } from './derivers.ts';
import type { Issue, Lens, LensOp, MessageKind, Overlay } from './types.ts';

/** A lens op as it is applied: the declared op, possibly flipped to run v2 → v1. */
type DirectedOp = LensOp & { back?: boolean };
export type DirectedLens = DirectedOp[];

/** The reverse of a lens: ops in reverse order, each one flipped. Reversing twice gives the lens back. */
export function reverseLens(lens: Lens | DirectedLens): DirectedLens {
  return [...(lens as DirectedLens)].reverse().map((op) => {
    const flipped: DirectedOp = { ...op };
    if (op.back) delete flipped.back;
    else flipped.back = true;
    return flipped;
  });
}

/**
 * The reverse of a lens, made once per lens array: rules are loaded once and never changed, and
 * reversing on every item (nested `in`/`map` ops, every response) was a hot spot of the shim.
 * Callers must not modify the array it returns.
 */
const reversed = new WeakMap<object, DirectedLens>();
export function cachedReverseLens(lens: Lens | DirectedLens): DirectedLens {
  let r = reversed.get(lens);
  if (!r) {
    r = reverseLens(lens);
    reversed.set(lens, r);
  }
  return r;
}

export interface LensContext {
  kind: MessageKind;
  overlay: Overlay;
  facts?: Facts;
  issues: Issue[];
  /** Prefix for issue paths (`body`). */
  at?: string;
  /** The whole document, for converters whose meaning depends on siblings (ticket list filters). */
  root?: Obj;
}

type Obj = Record<string, unknown>;

export const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Dotted paths split once: the same few hundred paths are read for every item of every answer. */
const splitPaths = new Map<string, readonly string[]>();
function split(path: string): readonly string[] {
  let parts = splitPaths.get(path);
  if (!parts) {
    parts = path.split('.');
    if (splitPaths.size < 10_000) splitPaths.set(path, parts);
  }
  return parts;
}

export function getPath(doc: unknown, path: string): unknown {
  return getParts(doc, split(path));
}

export function hasPath(doc: unknown, path: string): boolean {
  return hasParts(doc, split(path));
}

export function setPath(doc: Obj, path: string, value: unknown): void {
  setParts(doc, split(path), value);
}

/** Deletes the field and any parent objects the deletion leaves empty. */
export function deletePath(doc: Obj, path: string): void {
  deleteParts(doc, split(path));
}

// the same four on a path already split (compiled lens ops split theirs once)
type Parts = readonly string[];

function getParts(doc: unknown, parts: Parts): unknown {
  let cur: unknown = doc;
  for (let i = 0; i < parts.length; i++) {
    if (!isObject(cur)) return undefined;
    cur = cur[parts[i]!];
  }
  return cur;
}

function hasParts(doc: unknown, parts: Parts): boolean {
  let cur: unknown = doc;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (!isObject(cur) || !(part in cur)) return false;
    cur = cur[part];
  }
  return true;
}

function setParts(doc: Obj, parts: Parts, value: unknown): void {
  let cur: Obj = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i]!;
    if (!isObject(cur[part])) cur[part] = {};
    cur = cur[part] as Obj;
  }
  cur[parts[parts.length - 1]!] = value;
}

function deleteParts(doc: Obj, parts: Parts): void {
  const chain: Obj[] = [doc];
  for (let i = 0; i < parts.length - 1; i++) {
    const next = chain[chain.length - 1]![parts[i]!];
    if (!isObject(next)) return;
    chain.push(next);
  }
  delete chain[chain.length - 1]![parts[parts.length - 1]!];
  for (let i = chain.length - 1; i > 0; i--) {
    if (!isEmpty(chain[i]!)) break;
    delete chain[i - 1]![parts[i - 1]!];
  }
}

function isEmpty(o: Obj): boolean {
  // Object.keys(o).length === 0 without building the array
  for (const key in o) if (Object.hasOwn(o, key)) return false;
  return true;
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Same value, allowing for ids that arrive as strings in a path and as numbers in a body. */
function sameValue(a: unknown, b: unknown): boolean {
  if ((typeof a === 'number' || typeof a === 'string') && (typeof b === 'number' || typeof b === 'string')) return String(a) === String(b);
  return deepEqual(a, b);
}

/**
 * A deep copy. Documents are parsed JSON (plain objects, arrays, primitives): those are copied by
 * hand, several times faster than structuredClone and with far less garbage; anything else
 * (a Date, a Map, a class instance) still goes through structuredClone.
 */
function clone<T>(v: T): T {
  if (v === undefined) return v;
  return copyPlain(v) as T;
}

function copyPlain(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    if (Object.getPrototypeOf(v) !== Array.prototype) return structuredClone(v);
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) if (i in v) out[i] = copyPlain(v[i]);
    return out;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  const out: Obj = {};
  for (const key of Object.keys(v)) {
    const value = copyPlain((v as Obj)[key]);
    // an own "__proto__" key (JSON.parse makes those) stays a key: assigning it would set the prototype
    if (key === '__proto__') Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
    else out[key] = value;
  }
  return out;
}

function where(ctx: LensContext, path: string) {
  return ctx.at ? `${ctx.at}.${path}` : path;
}

/** What a converter sees; `report` is a method, not a closure made for every converted value. */
class ConverterContext implements ConvertContext {
  readonly overlay: Overlay;
  readonly kind: MessageKind;
  readonly root?: Obj;
  constructor(
    ctx: LensContext,
    readonly path: string,
  ) {
    this.overlay = ctx.overlay;
    this.kind = ctx.kind;
    this.root = ctx.root;
    this.issues = ctx.issues;
  }
  private readonly issues: Issue[];
  report(fidelity: Issue['fidelity'], message: string): void {
    this.issues.push({ fidelity, path: this.path, message });
  }
}

function converterContext(ctx: LensContext, path: string): ConvertContext {
  return new ConverterContext(ctx, where(ctx, path));
}

/** Moves a value, reporting when it would overwrite a different one. */
function move(doc: Obj, from: string, to: string, ctx: LensContext): void {
  if (!hasPath(doc, from)) return;
  const value = getPath(doc, from);
  deletePath(doc, from);
  if (hasPath(doc, to) && !sameValue(getPath(doc, to), value)) {
    ctx.issues.push({
      fidelity: 'lossy',
      path: where(ctx, from),
      message: `both ${from} and ${to} were given; ${to} was kept and ${from} dropped`,
    });
    return;
  }
  setPath(doc, to, value);
}

function applyOp(op: DirectedOp, doc: Obj, ctx: LensContext): Obj {
  if (op.only && op.only !== ctx.kind) return doc;
  const back = op.back === true;
  switch (op.op) {
    case 'rename':
      back ? move(doc, op.to, op.from, ctx) : move(doc, op.from, op.to, ctx);
      return doc;
    case 'convert': {
      const converter = CONVERTERS[op.converter];
      if (!converter) throw new Error(`unknown converter ${op.converter}`);
      const [src, dst] = back ? [op.to ?? op.path, op.path] : [op.path, op.to ?? op.path];
      if (!hasPath(doc, src)) return doc;
      const cctx = converterContext(ctx, src);
      const raw = getPath(doc, src);
      const value = back ? converter.backward(raw, cctx) : converter.forward(raw, cctx);
      deletePath(doc, src);
      if (value !== undefined) setPath(doc, dst, value);
      return doc;
    }
    case 'mapKeys': {
      const converter = KEY_CONVERTERS[op.converter];
      if (!converter) throw new Error(`unknown key converter ${op.converter}`);
      const obj = getPath(doc, op.path);
      if (!isObject(obj)) return doc;
      const cctx = converterContext(ctx, op.path);
      const out: Obj = {};
      for (const [k, v] of Object.entries(obj)) out[back ? converter.backward(k, cctx) : converter.forward(k, cctx)] = v;
      setPath(doc, op.path, out);
      return doc;
    }
    case 'unwrap': {
      if (back) return { [op.key]: doc };
      const inner = doc[op.key];
      if (!isObject(inner)) return doc;
      const { [op.key]: _wrapper, ...siblings } = doc;
      for (const key of Object.keys(siblings)) {
        if (key in inner && !deepEqual(inner[key], siblings[key])) {
          ctx.issues.push({
            fidelity: 'lossy',
            path: where(ctx, key),
            message: `${key} is given both inside ${op.key} and beside it; the value inside was kept`,
          });
        }
      }
      return { ...siblings, ...inner };
    }
    case 'hoist': {
      const inner = `${op.host}.${op.field}`;
      const outer = op.to ?? op.field;
      back ? move(doc, outer, inner, ctx) : move(doc, inner, outer, ctx);
      return doc;
    }
    case 'in': {
      const sub = getPath(doc, op.path);
      if (!isObject(sub)) return doc;
      const lens = back ? cachedReverseLens(op.lens) : (op.lens as DirectedLens);
      setPath(doc, op.path, runLens(lens, sub, { ...ctx, at: where(ctx, op.path) }));
      return doc;
    }
    case 'map': {
      const list = getPath(doc, op.path);
      if (!Array.isArray(list)) return doc;
      const lens = back ? cachedReverseLens(op.lens) : (op.lens as DirectedLens);
      setPath(
        doc,
        op.path,
        list.map((item, i) => (isObject(item) ? runLens(lens, item, { ...ctx, at: where(ctx, `${op.path}[${i}]`) }) : item)),
      );
      return doc;
    }
    case 'drop':
      if (back) return doc; // nothing to restore: that is what makes it lossy
      if (hasPath(doc, op.path)) {
        deletePath(doc, op.path);
        ctx.issues.push({ fidelity: op.fidelity ?? 'lossy', path: where(ctx, op.path), message: op.reason });
      }
      return doc;
    case 'duplicate': {
      const converter = op.converter ? CONVERTERS[op.converter] : undefined;
      if (op.converter && !converter) throw new Error(`unknown converter ${op.converter}`);
      const cctx = converterContext(ctx, op.copy);
      if (back) {
        if (hasPath(doc, op.path)) {
          const value = clone(getPath(doc, op.path));
          setPath(doc, op.copy, converter ? converter.backward(value, cctx) : value);
        }
        return doc;
      }
      if (!hasPath(doc, op.copy)) return doc;
      const copy = converter ? converter.forward(getPath(doc, op.copy), cctx) : getPath(doc, op.copy);
      if (!hasPath(doc, op.path)) {
        deletePath(doc, op.copy);
        setPath(doc, op.path, copy);
      } else {
        if (!deepEqual(copy, getPath(doc, op.path))) {
          ctx.issues.push({
            fidelity: 'lossy',
            path: where(ctx, op.copy),
            message: `${op.copy} differs from ${op.path}; v2 has one value, ${op.path} was kept`,
          });
        }
        deletePath(doc, op.copy);
      }
      return doc;
    }
    case 'v1Default':
      if (back) {
        if (!hasPath(doc, op.path)) setPath(doc, op.path, clone(op.value));
      } else if (hasPath(doc, op.path) && deepEqual(getPath(doc, op.path), op.value)) {
        deletePath(doc, op.path);
      }
      return doc;
    case 'alias': {
      const current = getPath(doc, op.path);
      if (back && (current === undefined || current === null)) {
        const found = op.aliases.find((a) => getPath(doc, a) !== undefined && getPath(doc, a) !== null);
        if (found) {
          setPath(doc, op.path, getPath(doc, found));
          deletePath(doc, found);
        }
      }
      return doc;
    }
    case 'derive': {
      if (!back) {
        deletePath(doc, op.path);
        return doc;
      }
      const deriver = DERIVERS[op.deriver];
      if (!deriver) throw new Error(`unknown deriver ${op.deriver}`);
      const value = deriver.derive(doc, ctx.facts ?? {}, ctx.overlay);
      if (value === undefined) {
        ctx.issues.push({ fidelity: 'lossy', path: where(ctx, op.path), message: `${op.path}: ${op.reason}` });
      } else {
        setPath(doc, op.path, value);
      }
      return doc;
    }
    case 'extra':
      if (back) deletePath(doc, op.path);
      return doc;
    case 'v2Default':
      if (back) {
        if (hasPath(doc, op.path) && deepEqual(getPath(doc, op.path), op.value)) deletePath(doc, op.path);
      } else if (!hasPath(doc, op.path) && !(op.unless ?? []).some((p) => hasPath(doc, p))) {
        setPath(doc, op.path, clone(op.value));
      }
      return doc;
    default: {
      const never: never = op;
      throw new Error(`unknown lens op ${JSON.stringify(never)}`);
    }
  }
}

type CompiledOp = (doc: Obj, ctx: LensContext) => Obj;

/**
 * A lens made once into a list of functions, one per op, with its paths split and its converter
 * looked up beforehand. The common ops of response lenses (rename, hoist, convert, drop, extra,
 * derive) are compiled; the rest run through applyOp. Each compiled op does exactly what applyOp
 * does for it (the lens-law tests run through both).
 */
const compiled = new WeakMap<object, CompiledOp[]>();
function compileLens(lens: DirectedLens): CompiledOp[] {
  let fns = compiled.get(lens);
  if (!fns) {
    fns = lens.map(compileOp);
    compiled.set(lens, fns);
  }
  return fns;
}

function compileOp(op: DirectedOp): CompiledOp {
  const fn = compileBody(op);
  const only = op.only;
  return only ? (doc, ctx) => (only !== ctx.kind ? doc : fn(doc, ctx)) : fn;
}

function compileMove(from: string, to: string): CompiledOp {
  const f = split(from);
  const t = split(to);
  return (doc, ctx) => {
    if (!hasParts(doc, f)) return doc;
    const value = getParts(doc, f);
    deleteParts(doc, f);
    if (hasParts(doc, t) && !sameValue(getParts(doc, t), value)) {
      ctx.issues.push({ fidelity: 'lossy', path: where(ctx, from), message: `both ${from} and ${to} were given; ${to} was kept and ${from} dropped` });
      return doc;
    }
    setParts(doc, t, value);
    return doc;
  };
}

function compileBody(op: DirectedOp): CompiledOp {
  const back = op.back === true;
  switch (op.op) {
    case 'rename':
      return back ? compileMove(op.to, op.from) : compileMove(op.from, op.to);
    case 'hoist': {
      const inner = `${op.host}.${op.field}`;
      const outer = op.to ?? op.field;
      return back ? compileMove(outer, inner) : compileMove(inner, outer);
    }
    case 'convert': {
      const converter = CONVERTERS[op.converter];
      if (!converter) return (doc, ctx) => applyOp({ ...op, only: undefined }, doc, ctx); // throws as before, when run
      const src = back ? (op.to ?? op.path) : op.path;
      const s = split(src);
      const d = split(back ? op.path : (op.to ?? op.path));
      const convert = back ? converter.backward.bind(converter) : converter.forward.bind(converter);
      return (doc, ctx) => {
        if (!hasParts(doc, s)) return doc;
        const value = convert(getParts(doc, s), converterContext(ctx, src));
        deleteParts(doc, s);
        if (value !== undefined) setParts(doc, d, value);
        return doc;
      };
    }
    case 'drop': {
      if (back) return (doc) => doc;
      const p = split(op.path);
      const fidelity = op.fidelity ?? 'lossy';
      return (doc, ctx) => {
        if (hasParts(doc, p)) {
          deleteParts(doc, p);
          ctx.issues.push({ fidelity, path: where(ctx, op.path), message: op.reason });
        }
        return doc;
      };
    }
    case 'extra': {
      if (!back) return (doc) => doc;
      const p = split(op.path);
      return (doc) => {
        deleteParts(doc, p);
        return doc;
      };
    }
    case 'derive': {
      const p = split(op.path);
      if (!back) {
        return (doc) => {
          deleteParts(doc, p);
          return doc;
        };
      }
      const deriver = DERIVERS[op.deriver];
      if (!deriver) return (doc, ctx) => applyOp({ ...op, only: undefined }, doc, ctx); // throws as before, when run
      return (doc, ctx) => {
        const value = deriver.derive(doc, ctx.facts ?? {}, ctx.overlay);
        if (value === undefined) ctx.issues.push({ fidelity: 'lossy', path: where(ctx, op.path), message: `${op.path}: ${op.reason}` });
        else setParts(doc, p, value);
        return doc;
      };
    }
    default:
      return (doc, ctx) => applyOp(op, doc, ctx);
  }
}

function runLens(lens: DirectedLens, doc: Obj, ctx: LensContext): Obj {
  const fns = compileLens(lens);
  let out = doc;
  for (let i = 0; i < fns.length; i++) out = fns[i]!(out, ctx);
  return out;
}

/** Applies a lens (or a derived reverse) to a document; the input is not modified. */
export function applyLens(lens: Lens | DirectedLens, doc: Obj, ctx: LensContext): Obj {
  const copy = clone(doc);
  return runLens(lens as DirectedLens, copy, { ...ctx, root: ctx.root ?? copy });
}

/** Every op in a lens, nested ones included, for listing and for the lens-law tests. */
export function* walkLens(lens: Lens, at = ''): Generator<{ op: LensOp; at: string }> {
  for (const op of lens) {
    yield { op, at };
    if (op.op === 'in' || op.op === 'map') yield* walkLens(op.lens, at ? `${at}.${op.path}` : op.path);
  }
}

/** Ops that lose information by construction (a drop, or a converter not declared exact). */
export function isLossyOp(op: LensOp): boolean {
  if (op.op === 'drop') return true;
  if (op.op === 'convert') return !CONVERTERS[op.converter]?.exact;
  if (op.op === 'mapKeys') return !KEY_CONVERTERS[op.converter]?.exact;
  return false;
}

/**
 * Reads a value out of a response with a small selector: `id`, `agent.id`,
 * `companies[name=Acme Corp].id` (array item whose field equals the value, case-insensitively; the
 * field may be a dotted path, `[contact.email=a@b.co]`).
 */
export function selectValue(doc: unknown, selector: string): unknown {
  let cur: unknown = doc;
  const re = /([^.[\]]+)?(?:\[([^=\]]+)=([^\]]*)\])?\.?/gy;
  let m: RegExpExecArray | null;
  while (re.lastIndex < selector.length && (m = re.exec(selector)) && m[0] !== '') {
    const [, key, field, value] = m;
    if (key !== undefined) cur = isObject(cur) ? cur[key] : undefined;
    if (field !== undefined) {
      if (!Array.isArray(cur)) return undefined;
      const want = value!.toLowerCase();
      cur = cur.find((item) => isObject(item) && String(getPath(item, field)).toLowerCase() === want);
    }
  }
  return cur;
}
