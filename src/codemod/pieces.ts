/**
 * A URL expression as the codemod edits it: a sequence of literal text pieces (each with the span
 * of its characters in some module's source) and dynamic pieces (expressions whose value is only
 * known at run time). The pieces come from the shared analysis (src/analysis), which resolves
 * constants, config objects, helpers and imports; this module only follows payload objects
 * (`objectOf`) and module exports for the body rewrites.
 */
import { isCall, isMember, isStringLiteral, memberName, propName, unwrapExpr, isObjectProperty, isFunction } from './ast.ts';
import type { Node, ParsedFile } from './parse.ts';
import { bindingAt, buildModule, type Binding, type ModuleInfo } from '../analysis/module.ts';
import { declaredValue, importOf } from '../analysis/binding-facts.ts';

export { declaredValue, importOf, requireSource } from '../analysis/binding-facts.ts';

/**
 * A module the codemod edits or reads: its parsed text (spans, parents, printing) and the shared
 * analysis' model of it (scopes, bindings, references and writes), built once over the same tree.
 */
export interface Module {
  pf: ParsedFile;
  info: ModuleInfo;
}

export function moduleOf(pf: ParsedFile): Module {
  return { pf, info: buildModule(pf.file, pf.file, pf.source, pf.ast as never, pf.parser) };
}

/** The binding an identifier of the module refers to (or declares), read where it is written. */
export function bindingOf(mod: Module, id: Node): Binding | undefined {
  return bindingAt(mod.info, id);
}

/** Loads another module of the project (relative imports only); null when it is not ours. */
export interface ModuleLoader {
  load(fromFile: string, specifier: string): Module | null;
}

interface PieceBase {
  mod: Module;
  node: Node;
  /** Constants, config entries and helpers followed to reach this piece (`TICKETS_PATH`, `ticketUrl()`). */
  via: string[];
}

export interface TextPiece extends PieceBase {
  kind: 'text';
  /** The cooked characters. */
  value: string;
  /** Span of the raw characters inside the quotes / backticks. */
  start: number;
  end: number;
  /** `'`, `"` or `` ` `` (a template quasi). */
  quote: string;
  /** Text that is not written as such in the source (a separator `path.join` adds, an encoded value): never edited. */
  fixed?: boolean;
  /**
   * A `fixed` piece the source can drop whole (`StringPart.encodedPrefix`): the text an encode call
   * puts before its one value (`'email is '` in `encodeURIComponent('email is ' + x)`). Taking it out
   * (`dropEncodedPrefixEdit` in url.ts) leaves the call around the value alone; no other edit of it is possible.
   */
  droppable?: boolean;
  /** The whole value of the innermost name followed (`StringPart.whole`): shared with whatever else reads that name. */
  whole?: boolean;
}

export interface ExprPiece extends PieceBase {
  kind: 'expr';
}

export type Piece = TextPiece | ExprPiece;

const MAX_DEPTH = 12;

/** A binding whose value is fixed: `const`, or `let`/`var` never written again, with a plain initializer. */
export function constantInit(b: Binding | undefined): Node | undefined {
  if (!b || b.kind === 'function') return undefined;
  if (b.kind === 'const' || b.writes.length === 0) return declaredValue(b);
  return undefined;
}

/** A function a call refers to, when it is declared in a way we can read (declaration or const arrow). */
export function functionOf(b: Binding | undefined): Node | undefined {
  if (!b) return undefined;
  if (b.kind === 'function' && b.init && isFunction(b.init)) return b.init;
  const init = constantInit(b);
  if (init) {
    const fn = unwrapExpr(init);
    if (fn.type === 'ArrowFunctionExpression' || fn.type === 'FunctionExpression') return fn;
  }
  return undefined;
}

/** The single returned expression of a function (`return x` as the only return, or an arrow body). */
export function returnedExpression(fn: Node): Node | undefined {
  if (fn.body?.type !== 'BlockStatement') return fn.body ?? undefined;
  const returns: Node[] = [];
  const walk = (n: Node) => {
    if (!n || typeof n !== 'object') return;
    if (n.type === 'ReturnStatement') {
      returns.push(n);
      return;
    }
    if (isFunction(n) || n.type === 'ClassBody') return;
    for (const key in n) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
      const v = n[key];
      if (Array.isArray(v)) v.forEach((x) => x && typeof x.type === 'string' && walk(x));
      else if (v && typeof v.type === 'string') walk(v);
    }
  };
  for (const s of fn.body.body) walk(s);
  if (returns.length !== 1 || !returns[0]!.argument) return undefined;
  return returns[0]!.argument;
}

export class Flattener {
  constructor(private readonly loader?: ModuleLoader) {}

  /** The object literal a constant refers to (here or imported), for config objects. */
  objectOf(mod: Module, node: Node, depth = 0): { mod: Module; node: Node; name: string } | undefined {
    const n = unwrapExpr(node);
    if (depth > MAX_DEPTH) return undefined;
    if (n.type === 'ObjectExpression') return { mod, node: n, name: '' };
    if (n.type === 'Identifier') {
      const b = bindingOf(mod, n);
      if (importOf(b)) {
        const t = this.imported(mod, b!);
        if (t) {
          const inner = this.objectOf(t.mod, t.node, depth + 1);
          return inner && { ...inner, name: b!.name };
        }
        return undefined;
      }
      const init = constantInit(b);
      if (init) {
        const inner = this.objectOf(mod, init, depth + 1);
        return inner && { ...inner, name: b!.name };
      }
      return undefined;
    }
    if (isMember(n)) {
      const v = this.memberValue(mod, n, depth);
      if (v) return this.objectOf(v.mod, v.node, depth + 1);
    }
    return undefined;
  }

  private memberValue(mod: Module, n: Node, depth: number): { mod: Module; node: Node; name: string } | undefined {
    const key = memberName(n);
    if (key === undefined) return undefined;
    // paths.TICKETS where paths = require('./paths') or import * as paths
    const base = unwrapExpr(n.object);
    if (base.type === 'Identifier') {
      const b = bindingOf(mod, base);
      const imp = importOf(b);
      if (imp?.imported === '*' && this.loader) {
        const target = this.loader.load(mod.pf.file, imp.source);
        const node = target && exportedValue(target, key);
        if (target && node) return { mod: target, node, name: `${base.name}.${key}` };
        return undefined;
      }
    }
    const obj = this.objectOf(mod, n.object, depth + 1);
    if (!obj) return undefined;
    for (const p of obj.node.properties as Node[]) {
      if (isObjectProperty(p) && propName(p) === key) return { mod: obj.mod, node: p.value, name: `${obj.name || '{}'}.${key}` };
    }
    return undefined;
  }

  /** The declaration an import refers to in another module of the project. */
  imported(mod: Module, b: Binding): { mod: Module; node: Node } | undefined {
    const imp = importOf(b);
    if (!this.loader || !imp || imp.imported === '*') return undefined;
    const target = this.loader.load(mod.pf.file, imp.source);
    if (!target) return undefined;
    const node = exportedValue(target, imp.imported);
    return node ? { mod: target, node } : undefined;
  }
}

/**
 * The value an export name stands for: `export const X = ...`, `export function f`,
 * `module.exports = { X }`, `exports.X = ...`, `module.exports.X = ...`, `export default ...`.
 */
export function exportedValue(mod: Module, name: string): Node | undefined {
  const body = mod.pf.ast.program.body as Node[];
  const local = (id: string): Node | undefined => {
    const b = mod.info.root.names.get(id);
    if (!b) return undefined;
    if (b.kind === 'function') return b.init;
    return constantInit(b) ?? undefined;
  };
  for (const stmt of body) {
    if (stmt.type === 'ExportNamedDeclaration') {
      const d = stmt.declaration;
      if (d?.type === 'VariableDeclaration') {
        for (const dd of d.declarations) if (dd.id.type === 'Identifier' && dd.id.name === name) return dd.init ?? undefined;
      } else if (d && (d.type === 'FunctionDeclaration' || d.type === 'ClassDeclaration') && d.id?.name === name) {
        return d;
      }
      for (const s of stmt.specifiers ?? []) {
        const exported = s.exported?.name ?? s.exported?.value;
        if (exported === name && !stmt.source) return local(s.local.name);
      }
    }
    if (stmt.type === 'ExportDefaultDeclaration' && name === 'default') {
      const d = stmt.declaration;
      if (d.type === 'Identifier') return local(d.name);
      return d;
    }
    if (stmt.type === 'ExpressionStatement' && stmt.expression.type === 'AssignmentExpression' && stmt.expression.operator === '=') {
      const { left, right } = stmt.expression;
      const target = dotted(left);
      if (target === 'module.exports') {
        const r = unwrapExpr(right);
        if (name === 'default') return r.type === 'Identifier' ? (local(r.name) ?? r) : r;
        if (r.type === 'ObjectExpression') {
          for (const p of r.properties as Node[]) {
            if (isObjectProperty(p) && propName(p) === name) {
              const v = unwrapExpr(p.value);
              return v.type === 'Identifier' ? (local(v.name) ?? v) : v;
            }
          }
        }
        if (r.type === 'Identifier') {
          const obj = local(r.name);
          if (obj?.type === 'ObjectExpression') {
            for (const p of obj.properties as Node[]) if (isObjectProperty(p) && propName(p) === name) return p.value;
          }
        }
      }
      if (target === `module.exports.${name}` || target === `exports.${name}`) {
        const r = unwrapExpr(right);
        return r.type === 'Identifier' ? (local(r.name) ?? r) : r;
      }
    }
  }
  return undefined;
}

function dotted(n: Node): string | undefined {
  if (n.type === 'Identifier') return n.name;
  if (isMember(n)) {
    const o = dotted(n.object);
    const k = memberName(n);
    return o && k ? `${o}.${k}` : undefined;
  }
  return undefined;
}

