/**
 * One parsed module with what the evaluator needs: lexical scopes and bindings (with their
 * initialisers, reassignments and references), parent links, exports (ESM and CommonJS), and a
 * loader that reads other modules of the repo for relative imports.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve as resolvePath } from 'node:path';
import { parseForAnalysis, type BabelFile, type Node } from './parse.ts';
import { Scope as LexicalScope } from './scope.ts';
import type { Span } from './types.ts';
import { handsOnIn } from './hands-on.ts';
import { withoutComments } from './code-text.ts';

export type BindingKind = 'const' | 'let' | 'var' | 'param' | 'function' | 'class' | 'import' | 'catch';

export interface Binding {
  name: string;
  kind: BindingKind;
  scope: Scope;
  /** The identifier node that declares it. */
  id: Node;
  /** Initialiser (declarator init, default param value, function node for functions). */
  init?: Node;
  /** Destructuring path inside `init`: `const { a: { b } } = x` gives b the path ['a', 'b']. */
  path?: string[];
  /** For params: the function and the index of the param. */
  fn?: Node;
  paramIndex?: number;
  /** `import x from 'src'`, `import { y as x }`, `import * as x`. */
  importFrom?: { source: string; imported: string };
  /** Plain reassignments `x = ...` (AssignmentExpression nodes). */
  assigns: Node[];
  /** Appends `x += ...` in source order. */
  appends: Node[];
  /**
   * Every write after the declaration, in source order: assignments of any operator (also into a
   * pattern, `[a, b] = pair`), `x++`, and `for (x of list)` (the statement).
   */
  writes: Node[];
  /** Identifier nodes that read the binding (a plain `x = …` target only writes it; `export { x }` reads it). */
  refs: Node[];
}

export type Scope = LexicalScope<Binding>;

const PARENT = Symbol('hdmigrate.parent');
const SCOPE = Symbol('hdmigrate.scope');

/**
 * Per-node facts stored on the node under a symbol: much cheaper than a WeakMap entry per node
 * (the walk touches every node), and invisible to JSON, Object.keys and AST printers.
 */
export class NodeMap<T> {
  constructor(private readonly key: symbol) {}
  get(node: object | null | undefined): T | undefined {
    return node ? ((node as Record<symbol, T>)[this.key] ?? undefined) : undefined;
  }
  set(node: object, value: T): void {
    (node as Record<symbol, T>)[this.key] = value;
  }
}

export type ExportRef =
  | { kind: 'binding'; name: string }
  | { kind: 'node'; node: Node }
  | { kind: 'reexport'; source: string; imported: string };

export interface ModuleInfo {
  /** The name spans are reported with: as passed for the analysed file, absolute for imported modules. */
  file: string;
  /** Absolute path when the module is on disk (for resolving relative imports). */
  abs: string | null;
  source: string;
  ast: BabelFile;
  parser: string;
  root: Scope;
  parent: NodeMap<Node>;
  scopeOf: NodeMap<Scope>;
  /** Scope a function node creates. */
  fnScope: WeakMap<object, Scope>;
  exports: Map<string, ExportRef>;
  starExports: string[];
  /** `module.exports = X`. */
  cjsWhole?: Node;
  /** Every binding declared in the module, in source order. */
  bindings: Binding[];
  /** Relative import specifiers. */
  relativeImports: string[];
  lineStarts: number[];
  /** Nodes the finders look at, gathered in the same walk (source order). */
  nodes: {
    calls: Node[];
    strings: Node[];
    members: Node[];
    objects: Node[];
    numbers: Node[];
    assignments: Node[];
    /** Equality tests (`a === b`, `a != b`) and `case x:` tests: where a status may be compared with 403 by another name. */
    comparisons: Node[];
  };
}

const EQUALITY = new Set(['==', '===', '!=', '!==']);

const SKIP_KEYS = new Set([
  'loc',
  'start',
  'end',
  'range',
  'extra',
  'comments',
  'leadingComments',
  'trailingComments',
  'innerComments',
  'tokens',
  'errors',
  'typeAnnotation',
  'returnType',
  'typeParameters',
  'superTypeParameters',
  'predicate',
]);

const FUNCTION_TYPES = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ObjectMethod',
  'ClassMethod',
  'ClassPrivateMethod',
]);

export function isFunctionNode(node: Node): boolean {
  return !!node && FUNCTION_TYPES.has(node.type);
}

/** The innermost function around a node (undefined at a module's top level). */
export function enclosingFunction(mod: Pick<ModuleInfo, 'parent'>, node: Node): Node | undefined {
  let cur = mod.parent.get(node);
  while (cur && !isFunctionNode(cur)) cur = mod.parent.get(cur);
  return cur;
}

// babel's visitor keys name the child fields of every node type (source order); estree-only
// types and anything unknown fall back to reading every field
const VISITOR_KEYS = (createRequire(import.meta.url)('@babel/types') as { VISITOR_KEYS: Record<string, string[]> }).VISITOR_KEYS;
const TYPE_KEYS = new Set(['typeAnnotation', 'returnType', 'typeParameters', 'superTypeParameters', 'predicate', 'decorators']);
const keyCache = new Map<string, string[] | null>();
function keysOf(type: string): string[] | null {
  let k = keyCache.get(type);
  if (k === undefined) {
    const v = type === 'Literal' || type === 'Property' || type === 'ChainExpression' || type === 'MethodDefinition' ? undefined : VISITOR_KEYS[type];
    k = v ? v.filter((x) => !TYPE_KEYS.has(x)) : null;
    keyCache.set(type, k);
  }
  return k;
}

/** Children of a node, in source order. */
export function children(node: Node): Node[] {
  const keys = keysOf(node.type);
  if (keys) {
    const out: Node[] = [];
    for (const key of keys) {
      const v = node[key];
      if (!v || typeof v !== 'object') continue;
      if (Array.isArray(v)) {
        for (const c of v) if (c && typeof c.type === 'string') out.push(c);
      } else if (typeof v.type === 'string') out.push(v);
    }
    return out;
  }
  const out: Node[] = [];
  for (const key of Object.keys(node)) {
    if (SKIP_KEYS.has(key)) continue;
    const v = node[key];
    if (!v || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (const c of v) if (c && typeof c.type === 'string') out.push(c);
    } else if (typeof v.type === 'string') {
      out.push(v);
    }
  }
  return out;
}

/** Offsets where each line of a text starts. */
export function lineStartsOf(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** Line (1-based) and column (0-based) of an offset. */
export function positionOf(mod: Pick<ModuleInfo, 'lineStarts'>, offset: number): { line: number; column: number } {
  const ls = mod.lineStarts;
  let lo = 0;
  let hi = ls.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ls[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - ls[lo]! };
}

/** The span of an offset range of a text, by the text's line starts. */
export function spanIn(text: Pick<ModuleInfo, 'lineStarts'>, start: number, end: number): Span {
  const a = positionOf(text, start);
  const b = positionOf(text, end);
  return { start, end, line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
}

export function spanOf(mod: ModuleInfo, node: Node, mainFile?: string): Span {
  return spanAt(mod, node.start as number, node.end as number, mainFile);
}

export function spanAt(mod: ModuleInfo, start: number, end: number, mainFile?: string): Span {
  const span = spanIn(mod, start, end);
  if (mainFile !== undefined && mod.file !== mainFile) span.file = mod.file;
  return span;
}

function declarePattern(
  bindings: Binding[],
  pattern: Node,
  scope: Scope,
  kind: BindingKind,
  init: Node | undefined,
  path: string[],
  extra: Partial<Binding> = {},
): void {
  if (!pattern) return;
  switch (pattern.type) {
    case 'Identifier': {
      // one literal, the optional fields set after (a trailing spread defines each field slowly)
      const b: Binding = { name: pattern.name, kind, scope, id: pattern, init, path: path.length ? path : undefined, assigns: [], appends: [], writes: [], refs: [] };
      if (extra.fn !== undefined) b.fn = extra.fn;
      if (extra.paramIndex !== undefined) b.paramIndex = extra.paramIndex;
      if (extra.importFrom !== undefined) b.importFrom = extra.importFrom;
      // a `var` declared again keeps its earlier declaration for the reads written before this one
      // (a function declared twice is the last one everywhere: declarations are hoisted)
      scope.declare(pattern.name, b, pattern.start, kind === 'var' && scope.names.get(pattern.name)?.kind === 'var');
      bindings.push(b);
      break;
    }
    case 'AssignmentPattern':
      // default values: the init wins when given; keep the default as a fallback only for params
      declarePattern(bindings, pattern.left, scope, kind, init ?? pattern.right, init ? path : [], extra);
      break;
    case 'ObjectPattern':
      for (const p of pattern.properties) {
        if (p.type === 'RestElement') {
          declarePattern(bindings, p.argument, scope, kind, undefined, [], extra);
          continue;
        }
        const key = !p.computed && p.key ? (p.key.name ?? p.key.value) : undefined;
        declarePattern(bindings, p.value, scope, kind, key === undefined ? undefined : init, key === undefined ? [] : [...path, String(key)], extra);
      }
      break;
    case 'ArrayPattern':
      pattern.elements.forEach((el: Node, i: number) => {
        if (el) declarePattern(bindings, el.type === 'RestElement' ? el.argument : el, scope, kind, init, [...path, String(i)], extra);
      });
      break;
    case 'RestElement':
      declarePattern(bindings, pattern.argument, scope, kind, undefined, [], extra);
      break;
    case 'TSParameterProperty':
      declarePattern(bindings, pattern.parameter, scope, kind, init, path, extra);
      break;
    default:
      break;
  }
}

/** Names that an expression position reads (not property keys, not declarations). */
function isReference(node: Node, parent: Node | undefined): boolean {
  if (!parent) return true;
  switch (parent.type) {
    case 'MemberExpression':
    case 'OptionalMemberExpression':
      return parent.object === node || parent.computed;
    case 'ObjectProperty':
    case 'Property':
      if (parent.key === node && !parent.computed) return parent.shorthand === true && parent.value === node;
      return true;
    case 'ClassProperty':
    case 'ClassMethod':
    case 'ObjectMethod':
    case 'MethodDefinition':
      return parent.computed && parent.key === node;
    case 'VariableDeclarator':
      return parent.init === node;
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
    case 'ClassDeclaration':
    case 'ClassExpression':
      return false;
    case 'ImportSpecifier':
    case 'ImportDefaultSpecifier':
    case 'ImportNamespaceSpecifier':
    case 'ExportSpecifier':
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
    case 'CatchClause':
      return false;
    case 'AssignmentPattern':
      return parent.right === node;
    default:
      // types name nothing at run time; the value inside `x as T`, `x!`, `<T>x`, `export = x` is read
      return !parent.type.startsWith('TS') || parent.expression === node || parent.initializer === node;
  }
}

/** Builds scopes, bindings, references and exports for one parsed file. */
export function buildModule(file: string, abs: string | null, source: string, ast: BabelFile, parser: string): ModuleInfo {
  const root = new LexicalScope<Binding>(null, ast.program, true);
  const mod: ModuleInfo = {
    file,
    abs,
    source,
    ast,
    parser,
    root,
    parent: new NodeMap<Node>(PARENT),
    scopeOf: new NodeMap<Scope>(SCOPE),
    fnScope: new WeakMap(),
    exports: new Map(),
    starExports: [],
    relativeImports: [],
    bindings: [],
    lineStarts: lineStartsOf(source),
    nodes: { calls: [], strings: [], members: [], objects: [], numbers: [], assignments: [], comparisons: [] },
  };
  const nodes = mod.nodes;
  const identNodes: Node[] = [];
  const identScopes: Scope[] = [];
  const assignments: Array<[Node, Scope]> = [];
  // identifiers a write sets, with the write (their bindings are known once every name is declared)
  const written: Array<[Node, Node, Scope]> = [];
  // targets that are only written (`x = …`, `[a, b] = pair`, `for (x of list)`): not references
  const writeOnly = new Set<Node>();
  const writeTargets = (target: Node, write: Node, scope: Scope, alsoReads: boolean) => {
    for (const id of patternIdentifiers(target)) {
      written.push([id, write, scope]);
      if (!alsoReads) writeOnly.add(id);
    }
  };

  const declareFunctionParams = (fn: Node, scope: Scope) => {
    (fn.params ?? []).forEach((p: Node, i: number) => {
      declarePattern(mod.bindings, p, scope, 'param', undefined, [], { fn, paramIndex: i });
    });
  };

  const visit = (node: Node, scope: Scope, parent: Node | undefined): void => {
    if (parent) mod.parent.set(node, parent);
    mod.scopeOf.set(node, scope);
    let inner = scope;
    switch (node.type) {
      case 'Identifier':
        if (isReference(node, parent) && !writeOnly.has(node)) {
          identNodes.push(node);
          identScopes.push(scope);
        }
        break;
      case 'StringLiteral':
      case 'TemplateLiteral':
        nodes.strings.push(node);
        break;
      case 'Literal':
        if (typeof node.value === 'string') nodes.strings.push(node);
        else if (node.value === 403) nodes.numbers.push(node);
        break;
      case 'NumericLiteral':
        if (node.value === 403) nodes.numbers.push(node);
        break;
      case 'MemberExpression':
      case 'OptionalMemberExpression':
        nodes.members.push(node);
        break;
      case 'ObjectExpression':
        nodes.objects.push(node);
        break;
      case 'NewExpression':
      case 'OptionalCallExpression':
        nodes.calls.push(node);
        break;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
      case 'ObjectMethod':
      case 'ClassMethod':
      case 'ClassPrivateMethod': {
        if (node.type === 'FunctionDeclaration' && node.id) {
          declarePattern(mod.bindings, node.id, scope, 'function', node, []);
        }
        inner = new LexicalScope<Binding>(scope, node, true);
        mod.fnScope.set(node, inner);
        if (node.type === 'FunctionExpression' && node.id) declarePattern(mod.bindings, node.id, inner, 'function', node, []);
        declareFunctionParams(node, inner);
        break;
      }
      case 'ClassDeclaration':
        if (node.id) declarePattern(mod.bindings, node.id, scope, 'class', node, []);
        break;
      case 'BlockStatement':
        if (!isFunctionNode(parent)) inner = new LexicalScope<Binding>(scope, node, false);
        break;
      case 'ForStatement':
      case 'SwitchStatement':
        inner = new LexicalScope<Binding>(scope, node, false);
        break;
      case 'CatchClause':
        inner = new LexicalScope<Binding>(scope, node, false);
        if (node.param) declarePattern(mod.bindings, node.param, inner, 'catch', undefined, []);
        break;
      case 'VariableDeclaration': {
        const target = node.kind === 'var' ? scope.functionScope() : scope;
        for (const d of node.declarations) {
          declarePattern(mod.bindings, d.id, target, node.kind === 'var' ? 'var' : node.kind === 'let' ? 'let' : 'const', d.init ?? undefined, []);
        }
        break;
      }
      case 'ImportDeclaration': {
        const source = String(node.source.value);
        if (source.startsWith('.')) mod.relativeImports.push(source);
        for (const s of node.specifiers ?? []) {
          const imported =
            s.type === 'ImportDefaultSpecifier' ? 'default' : s.type === 'ImportNamespaceSpecifier' ? '*' : (s.imported?.name ?? s.imported?.value);
          declarePattern(mod.bindings, s.local, root, 'import', undefined, [], { importFrom: { source, imported } });
        }
        break;
      }
      case 'ExportNamedDeclaration': {
        if (node.source) {
          const source = String(node.source.value);
          if (source.startsWith('.')) mod.relativeImports.push(source);
          for (const s of node.specifiers ?? []) {
            const exported = s.exported?.name ?? s.exported?.value;
            const local = s.local?.name ?? s.local?.value ?? 'default';
            mod.exports.set(exported, { kind: 'reexport', source, imported: s.type === 'ExportNamespaceSpecifier' ? '*' : local });
          }
        } else if (node.declaration) {
          const decl = node.declaration;
          if (decl.type === 'VariableDeclaration') {
            for (const d of decl.declarations) for (const name of patternNames(d.id)) mod.exports.set(name, { kind: 'binding', name });
          } else if (decl.id?.name) {
            mod.exports.set(decl.id.name, { kind: 'binding', name: decl.id.name });
          }
        } else {
          for (const s of node.specifiers ?? []) {
            const exported = s.exported?.name ?? s.exported?.value;
            mod.exports.set(exported, { kind: 'binding', name: s.local.name });
            // `export { x }` reads x (whoever follows x's uses finds its export here)
            if (s.local?.type === 'Identifier') {
              identNodes.push(s.local);
              identScopes.push(scope);
            }
          }
        }
        break;
      }
      case 'ExportDefaultDeclaration': {
        const d = node.declaration;
        if ((d.type === 'FunctionDeclaration' || d.type === 'ClassDeclaration') && d.id) {
          mod.exports.set('default', { kind: 'binding', name: d.id.name });
        } else {
          mod.exports.set('default', { kind: 'node', node: d });
        }
        break;
      }
      case 'ExportAllDeclaration': {
        const source = String(node.source.value);
        if (source.startsWith('.')) mod.relativeImports.push(source);
        if (node.exported) mod.exports.set(node.exported.name, { kind: 'reexport', source, imported: '*' });
        else mod.starExports.push(source);
        break;
      }
      case 'BinaryExpression':
        if (EQUALITY.has(node.operator)) nodes.comparisons.push(node);
        break;
      case 'SwitchCase':
        if (node.test) nodes.comparisons.push(node);
        break;
      case 'AssignmentExpression':
        assignments.push([node, scope]);
        nodes.assignments.push(node);
        writeTargets(node.left, node, scope, node.operator !== '=');
        break;
      case 'UpdateExpression':
        writeTargets(node.argument, node, scope, true);
        break;
      case 'ForInStatement':
      case 'ForOfStatement':
        if (node.left.type !== 'VariableDeclaration') writeTargets(node.left, node, scope, false);
        inner = new LexicalScope<Binding>(scope, node, false);
        break;
      case 'CallExpression':
        nodes.calls.push(node);
        if (
          node.callee?.type === 'Identifier' &&
          node.callee.name === 'require' &&
          node.arguments?.[0] &&
          typeof (node.arguments[0].value as unknown) === 'string' &&
          String(node.arguments[0].value).startsWith('.')
        ) {
          mod.relativeImports.push(String(node.arguments[0].value));
        }
        break;
      default:
        break;
    }
    // children in source order, without allocating a list per node
    const keys = keysOf(node.type);
    if (keys) {
      for (let k = 0; k < keys.length; k++) {
        const v = node[keys[k]!];
        if (!v || typeof v !== 'object') continue;
        if (Array.isArray(v)) {
          for (let i = 0; i < v.length; i++) {
            const c = v[i];
            if (c && typeof c.type === 'string') visit(c, inner, node);
          }
        } else if (typeof v.type === 'string') visit(v, inner, node);
      }
    } else {
      for (const c of children(node)) visit(c, inner, node);
    }
  };
  visit(ast.program, root, undefined);

  for (let i = 0; i < identNodes.length; i++) {
    const id = identNodes[i];
    const b = lookupAt(mod, identScopes[i]!, id);
    if (b && b.id !== id) b.refs.push(id);
  }
  for (const [id, write, scope] of written) lookupAt(mod, scope, id)?.writes.push(write);
  for (const [node, scope] of assignments) {
    const left = node.left;
    if (left.type === 'Identifier') {
      const b = lookupAt(mod, scope, left);
      if (!b) continue;
      if (node.operator === '+=') b.appends.push(node);
      else if (node.operator === '=') b.assigns.push(node);
      continue;
    }
    // CommonJS exports
    const target = memberPath(left);
    if (!target) continue;
    if (target.join('.') === 'module.exports' && node.operator === '=') {
      mod.cjsWhole = node.right;
    } else if ((target[0] === 'exports' && target.length === 2) || (target[0] === 'module' && target[1] === 'exports' && target.length === 3)) {
      const name = target[target.length - 1]!;
      mod.exports.set(name, { kind: 'node', node: node.right });
    }
  }
  return mod;
}

/** The binding an identifier of `mod` refers to (or declares), read where it is written. */
export function bindingAt(mod: Pick<ModuleInfo, 'scopeOf' | 'root' | 'parent'>, id: Node): Binding | undefined {
  return lookupAt(mod, mod.scopeOf.get(id) ?? mod.root, id);
}

/** The binding a name read at `id` refers to from `scope`: never one declared in the other arm of an `if` around it. */
function lookupAt(mod: Pick<ModuleInfo, 'parent'>, scope: Scope, id: Node): Binding | undefined {
  return scope.lookup(id.name, id.start, (b) => inOtherArms(mod, b.id, id));
}

/**
 * Are two nodes in different arms of one `if` or `?:` (so never both run)? `var options` declared
 * in both arms of an if/else, each arm sending its own request, is the way old scripts branch.
 */
function inOtherArms(mod: Pick<ModuleInfo, 'parent'>, a: Node, b: Node): boolean {
  const childOnPath = new Map<Node, Node>();
  for (let child = a, p = mod.parent.get(a); p; child = p, p = mod.parent.get(p)) childOnPath.set(p, child);
  for (let child = b, p = mod.parent.get(b); p; child = p, p = mod.parent.get(p)) {
    const fromA = childOnPath.get(p);
    if (fromA === undefined) continue;
    // the nearest node both are inside
    if (p.type !== 'IfStatement' && p.type !== 'ConditionalExpression') return false;
    return fromA !== child && fromA !== p.test && child !== p.test;
  }
  return false;
}

/** The identifiers a pattern binds or assigns (`a`, `{ b: { c } }`, `[d = 1, ...e]`); member targets are left out. */
export function patternIdentifiers(p: Node): Node[] {
  if (!p) return [];
  switch (p.type) {
    case 'Identifier':
      return [p];
    case 'ObjectPattern':
      return p.properties.flatMap((x: Node) => patternIdentifiers(x.type === 'RestElement' ? x.argument : x.value));
    case 'ArrayPattern':
      return p.elements.flatMap((x: Node) => (x ? patternIdentifiers(x.type === 'RestElement' ? x.argument : x) : []));
    case 'AssignmentPattern':
      return patternIdentifiers(p.left);
    case 'ParenthesizedExpression':
    case 'TSAsExpression':
    case 'TSNonNullExpression':
    case 'TSSatisfiesExpression':
    case 'TSTypeAssertion':
      return patternIdentifiers(p.expression);
    default:
      return [];
  }
}

export function patternNames(p: Node): string[] {
  return patternIdentifiers(p).map((id) => id.name);
}

/**
 * `payload = JSON.stringify(payload)`: a write that only turns the value into its JSON text, the
 * way jQuery front ends prepare a body. The fields in it are still the ones the object had.
 */
export function isStringifiedInPlace(write: Node): boolean {
  if (write.type !== 'AssignmentExpression' || write.operator !== '=' || write.left.type !== 'Identifier') return false;
  const r = write.right;
  return isJsonStringify(r) && r.arguments[0]?.type === 'Identifier' && r.arguments[0].name === write.left.name;
}

export function isJsonStringify(n: Node): boolean {
  return (n?.type === 'CallExpression' && memberPath(n.callee)?.join('.') === 'JSON.stringify') || false;
}

/** `a.b.c` → ['a','b','c'] for non-computed member chains rooted at an identifier (or `this`). */
export function memberPath(node: Node): string[] | null {
  const out: string[] = [];
  let cur = node;
  while (cur) {
    if (cur.type === 'MemberExpression' || cur.type === 'OptionalMemberExpression') {
      if (cur.computed) {
        if (cur.property.type === 'StringLiteral' || (cur.property.type === 'Literal' && typeof cur.property.value === 'string')) {
          out.unshift(String(cur.property.value));
        } else return null;
      } else out.unshift(cur.property.name ?? cur.property.value);
      cur = cur.object;
    } else if (cur.type === 'Identifier') {
      out.unshift(cur.name);
      return out;
    } else if (cur.type === 'ThisExpression') {
      out.unshift('this');
      return out;
    } else if (cur.type === 'ChainExpression' || cur.type === 'TSNonNullExpression' || cur.type === 'ParenthesizedExpression') {
      cur = cur.expression;
    } else return null;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// loading other modules of the audited repo

const EXTS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.jsx', '.mts', '.cts'];

export interface ModuleLoader {
  /** Absolute path of a relative import, or null. */
  resolve(fromAbs: string, specifier: string): string | null;
  /** The parsed module (cached), or null when it cannot be read or parsed. */
  load(abs: string): ModuleInfo | null;
  /**
   * The browser script of the same web app that declares a global at its top level (`var AppConfig
   * = {…}` in a script index.html loads first), for a name a script reads without declaring it.
   */
  globalScript?(name: string, fromAbs: string): string | null;
}

/** Folders whose scripts are never the app's own globals. */
const NOT_APP_SCRIPTS = new Set(['node_modules', 'bower_components', 'jspm_packages', '.git', 'dist', 'build', 'out', 'coverage', 'vendor', 'vendors', 'third_party']);
const MAX_GLOBAL_SCRIPTS = 3000;

/**
 * The top of the web app a script belongs to: the nearest folder (up to 4 levels) with an
 * index.html, a package.json or a .git; else the script's own folder (a lone script: its
 * parent may be a home folder or the file system's root, never walked for globals).
 */
function scriptRoot(dir: string): string {
  let cur = dir;
  for (let i = 0; i < 4; i++) {
    if (['index.html', 'package.json', '.git'].some((f) => existsSync(resolvePath(cur, f)))) return cur;
    const up = dirname(cur);
    if (up === cur) break;
    cur = up;
  }
  return dir;
}

/**
 * Names the plain scripts under `root` declare at their top level (`var X = …` at the start of a
 * line), each with its script; a name two scripts declare is left out (which one wins depends on
 * the page). ES modules and CommonJS files declare no globals.
 */
function indexGlobals(root: string): Map<string, string | null> {
  const out = new Map<string, string | null>();
  let seen = 0;
  const walkDir = (dir: string): void => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (seen >= MAX_GLOBAL_SCRIPTS) return;
      const abs = resolvePath(dir, e.name);
      if (e.isDirectory()) {
        if (!NOT_APP_SCRIPTS.has(e.name) && !e.name.startsWith('.')) walkDir(abs);
        continue;
      }
      if (!e.isFile() || !/\.js$/.test(e.name) || /\.min\.js$/.test(e.name)) continue;
      seen++;
      let text: string;
      try {
        if (statSync(abs).size > 1_000_000) continue;
        text = readFileSync(abs, 'utf8');
      } catch {
        continue;
      }
      if (/^\s*(import|export)\s/m.test(text) || /\brequire\s*\(|\bmodule\.exports\b/.test(text)) continue;
      for (const m of text.matchAll(/^(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=/gm)) out.set(m[1]!, out.has(m[1]!) ? null : abs);
    }
  };
  // the file system's root is no app's folder
  if (dirname(root) !== root) walkDir(root);
  return out;
}

const RELATIVE_IMPORT = /(?:require\s*\(\s*|from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The relative specifiers a JS/TS text imports (`require('./x')`, `from '../y'`, `import('./z')`), read from the text alone. */
export function relativeImports(text: string): string[] {
  return [...text.matchAll(RELATIVE_IMPORT)].map((m) => m[1]!);
}

/**
 * The files of a run whose exports some file of the run uses, and none hands on: what such a
 * module returns reaches callers in the run. A module handed on (an `index.js` that re-exports it
 * in any form, a file that uses it and exports it too) does not count: neither tool follows a
 * value through the re-export into the files that import it, so some of its callers are not seen
 * (`handsOn`). Shared by the audit and the codemod.
 */
export function filesUsedInRun(files: Iterable<{ abs: string; text: string }>, resolve: (fromAbs: string, spec: string) => string | null): Set<string> {
  const used = new Set<string>();
  const handed = new Set<string>();
  for (const f of files) {
    let code: string | undefined;
    for (const spec of new Set(relativeImports(f.text))) {
      const target = resolve(f.abs, spec);
      if (!target || target === f.abs) continue;
      code ??= withoutComments(f.text);
      (handsOnIn(code, spec) ? handed : used).add(target);
    }
  }
  for (const h of handed) used.delete(h);
  return used;
}

/**
 * The files a relative (or absolute) import may name, in the order Node and TypeScript try them:
 * the path itself, `./x.js` as `./x.ts` (TS ESM style), the path with an extension, then its
 * `index` file. Empty for a package specifier. Shared by every tool that follows imports.
 */
export function importCandidates(fromAbs: string, specifier: string): string[] {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return [];
  const base = resolvePath(dirname(fromAbs), specifier);
  const candidates = [base];
  const m = /\.(m|c)?jsx?$/.exec(base);
  if (m) for (const e of ['.ts', '.tsx', '.mts', '.cts']) candidates.push(base.slice(0, -m[0].length) + e);
  for (const e of EXTS) candidates.push(base + e);
  for (const e of EXTS) candidates.push(`${base}/index${e}`);
  return candidates;
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/**
 * Reads modules from disk, caching parsed modules. `maxBytes` guards against huge generated files.
 * `keepAnalysed`: also keep each file `analyzeSource` analyses (so a later import of it is not
 * parsed again). A one-pass audit over many files turns it off: holding every syntax tree until the
 * end costs more garbage-collection time than the few files imported after their own analysis
 * cost to parse again.
 */
export class FsModuleLoader implements ModuleLoader {
  private readonly cache = new Map<string, ModuleInfo | null>();
  private readonly resolved = new Map<string, string | null>();
  private readonly globals = new Map<string, Map<string, string | null>>();

  globalScript(name: string, fromAbs: string): string | null {
    const root = scriptRoot(dirname(fromAbs));
    let index = this.globals.get(root);
    if (!index) this.globals.set(root, (index = indexGlobals(root)));
    const abs = index.get(name) ?? null;
    return abs === fromAbs ? null : abs;
  }
  constructor(
    private readonly maxBytes = 2_000_000,
    readonly keepAnalysed = true,
  ) {}

  resolve(fromAbs: string, specifier: string): string | null {
    const key = `${fromAbs}\0${specifier}`;
    if (this.resolved.has(key)) return this.resolved.get(key)!;
    const candidates = importCandidates(fromAbs, specifier);
    const found = candidates.find(isFile) ?? null;
    this.resolved.set(key, found);
    return found;
  }

  /** The module if it was parsed already (no disk access). */
  cached(abs: string): ModuleInfo | null {
    return this.cache.get(abs) ?? null;
  }

  /** Registers an already parsed module (the file being analysed) so imports back to it hit the cache. */
  put(abs: string, mod: ModuleInfo): void {
    this.cache.set(abs, mod);
  }

  load(abs: string): ModuleInfo | null {
    if (this.cache.has(abs)) return this.cache.get(abs)!;
    let mod: ModuleInfo | null = null;
    try {
      const st = statSync(abs);
      if (st.size <= this.maxBytes) {
        const source = readFileSync(abs, 'utf8');
        const { ast, parser } = parseForAnalysis(source, abs);
        mod = buildModule(abs, abs, source, ast, parser);
      }
    } catch {
      mod = null;
    }
    this.cache.set(abs, mod);
    return mod;
  }
}
