/**
 * A small scope analysis over the babel tree: which declaration an identifier refers to, every
 * reference of a binding, and whether it is reassigned. Enough to follow constants, config
 * objects, helpers and response values within a module; types are left to ts-morph.
 */
import { Scope as LexicalScope } from '../analysis/scope.ts';
import { isObjectProperty, isSpread } from './ast.ts';
import type { Node } from './parse.ts';

export type BindingKind = 'var' | 'let' | 'const' | 'param' | 'function' | 'class' | 'import' | 'catch';

export interface Binding {
  name: string;
  kind: BindingKind;
  /** The identifier that declares it. */
  id: Node;
  /** VariableDeclarator, FunctionDeclaration, ImportDeclaration, the function of a param, ClassDeclaration, CatchClause. */
  decl: Node;
  /** The initializer when the binding is `const x = init` / `let x = init` (not from a pattern). */
  init?: Node;
  /** Set when the binding comes out of a destructuring pattern: the pattern property path (`data`, `a.b`). */
  patternPath?: string[];
  /** For import bindings: the module specifier and the imported name (`default`, `*` or a name). */
  importFrom?: { source: string; imported: string };
  /** Parameter position within its function. */
  paramIndex?: number;
  refs: Node[];
  /** Assignments after the declaration (`x = ...`, `x += ...`, `x++`). */
  writes: Node[];
  scope: Scope;
}

export type Scope = LexicalScope<Binding>;

const TYPE_KEYS = new Set(['typeAnnotation', 'returnType', 'typeParameters', 'superTypeParameters', 'implements', 'predicate']);
const SKIP_KEYS = new Set(['loc', 'start', 'end', 'range', 'extra', 'tokens', 'comments', 'leadingComments', 'trailingComments', 'innerComments', 'type']);
const TYPE_ONLY = new Set([
  'TSInterfaceDeclaration',
  'TSTypeAliasDeclaration',
  'TSDeclareFunction',
  'TSModuleDeclaration',
  'TSEnumDeclaration',
  'TSImportEqualsDeclaration',
  'DeclareVariable',
  'DeclareFunction',
  'InterfaceDeclaration',
  'TypeAlias',
  'OpaqueType',
]);

export class ScopeInfo {
  readonly bindingOf = new Map<Node, Binding>();
  readonly bindings: Binding[] = [];
  readonly program: Scope;
  private pending: Array<{ id: Node; scope: Scope; write?: Node }> = [];
  /** Scope of each function node (for parameters and its body). */
  readonly functionScopes = new Map<Node, Scope>();

  constructor(program: Node) {
    this.program = new LexicalScope<Binding>(null, program, true);
    this.hoist(program.body as Node[], this.program);
    this.visitList(program.body as Node[], this.program);
    for (const { id, scope, write } of this.pending) {
      const b = scope.lookup(id.name);
      if (!b) continue;
      this.bindingOf.set(id, b);
      if (write) b.writes.push(write);
      else b.refs.push(id);
    }
    this.pending = [];
  }

  /** The binding an identifier (a reference or a declaring id) belongs to. */
  resolve(id: Node): Binding | undefined {
    return this.bindingOf.get(id);
  }

  private declare(scope: Scope, id: Node, kind: BindingKind, decl: Node, extra: Partial<Binding> = {}): Binding {
    const existing = scope.names.get(id.name);
    if (existing && (kind === 'var' || kind === 'function') && (existing.kind === 'var' || existing.kind === 'function' || existing.kind === 'param')) {
      this.bindingOf.set(id, existing);
      return existing;
    }
    const b: Binding = { name: id.name, kind, id, decl, refs: [], writes: [], scope, ...extra };
    scope.names.set(id.name, b);
    this.bindings.push(b);
    this.bindingOf.set(id, b);
    return b;
  }

  /** Declares the names of a binding pattern. */
  private declarePattern(scope: Scope, pattern: Node, kind: BindingKind, decl: Node, path: string[] = [], extra: Partial<Binding> = {}): void {
    if (!pattern) return;
    switch (pattern.type) {
      case 'Identifier':
        this.declare(scope, pattern, kind, decl, { ...extra, patternPath: path.length ? path : undefined });
        break;
      case 'ObjectPattern':
        for (const p of pattern.properties as Node[]) {
          if (isSpread(p)) this.declarePattern(scope, p.argument, kind, decl, [...path, '...'], extra);
          else {
            const key = !p.computed && p.key?.type === 'Identifier' ? p.key.name : p.key?.value;
            this.declarePattern(scope, p.value, kind, decl, [...path, String(key ?? '?')], extra);
          }
        }
        break;
      case 'ArrayPattern':
        (pattern.elements as Array<Node | null>).forEach((el, i) => el && this.declarePattern(scope, el, kind, decl, [...path, `[${i}]`], extra));
        break;
      case 'AssignmentPattern':
        this.declarePattern(scope, pattern.left, kind, decl, path, extra);
        break;
      case 'RestElement':
        this.declarePattern(scope, pattern.argument, kind, decl, [...path, '...'], extra);
        break;
      case 'TSParameterProperty':
        this.declarePattern(scope, pattern.parameter, kind, decl, path, extra);
        break;
      default:
        break;
    }
  }

  /** `var` and function declarations are visible in the whole function; declare them up front. */
  private hoist(body: Node[], scope: Scope): void {
    for (const stmt of body) this.hoistStatement(stmt, scope, true);
  }

  private hoistStatement(node: Node | null, scope: Scope, top: boolean): void {
    if (!node) return;
    switch (node.type) {
      case 'VariableDeclaration':
        if (node.kind === 'var') for (const d of node.declarations) this.declareDeclarator(scope.functionScope(), d, 'var');
        else if (top) for (const d of node.declarations) this.declareDeclarator(scope, d, node.kind);
        break;
      case 'FunctionDeclaration':
        if (top && node.id) this.declare(scope, node.id, 'function', node);
        break;
      case 'ClassDeclaration':
        if (top && node.id) this.declare(scope, node.id, 'class', node);
        break;
      case 'ImportDeclaration':
        if (node.importKind === 'type') break;
        for (const s of node.specifiers as Node[]) {
          if (s.importKind === 'type') continue;
          const imported =
            s.type === 'ImportDefaultSpecifier' ? 'default' : s.type === 'ImportNamespaceSpecifier' ? '*' : (s.imported?.name ?? s.imported?.value);
          this.declare(scope, s.local, 'import', node, { importFrom: { source: node.source.value, imported } });
        }
        break;
      case 'ExportNamedDeclaration':
      case 'ExportDefaultDeclaration':
        if (node.declaration) this.hoistStatement(node.declaration, scope, top);
        break;
      case 'IfStatement':
        this.hoistStatement(node.consequent, scope, false);
        this.hoistStatement(node.alternate, scope, false);
        break;
      case 'BlockStatement':
        for (const s of node.body) this.hoistStatement(s, scope, false);
        break;
      case 'ForStatement':
        this.hoistStatement(node.init, scope, false);
        this.hoistStatement(node.body, scope, false);
        break;
      case 'ForInStatement':
      case 'ForOfStatement':
        this.hoistStatement(node.left, scope, false);
        this.hoistStatement(node.body, scope, false);
        break;
      case 'WhileStatement':
      case 'DoWhileStatement':
      case 'LabeledStatement':
        this.hoistStatement(node.body, scope, false);
        break;
      case 'TryStatement':
        this.hoistStatement(node.block, scope, false);
        if (node.handler) this.hoistStatement(node.handler.body, scope, false);
        this.hoistStatement(node.finalizer, scope, false);
        break;
      case 'SwitchStatement':
        for (const c of node.cases) for (const s of c.consequent) this.hoistStatement(s, scope, false);
        break;
      default:
        break;
    }
  }

  private declareDeclarator(scope: Scope, d: Node, kind: string): void {
    const k = (kind === 'using' || kind === 'await using' ? 'const' : kind) as BindingKind;
    if (d.id.type === 'Identifier') this.declare(scope, d.id, k, d, { init: d.init ?? undefined });
    else this.declarePattern(scope, d.id, k, d);
  }

  private blockScope(node: Node, parent: Scope, body: Node[]): Scope {
    const scope = new LexicalScope<Binding>(parent, node, false);
    for (const stmt of body) {
      if (stmt.type === 'VariableDeclaration' && stmt.kind !== 'var') for (const d of stmt.declarations) this.declareDeclarator(scope, d, stmt.kind);
      else if (stmt.type === 'FunctionDeclaration' && stmt.id) this.declare(scope, stmt.id, 'function', stmt);
      else if (stmt.type === 'ClassDeclaration' && stmt.id) this.declare(scope, stmt.id, 'class', stmt);
      else if ((stmt.type === 'ExportNamedDeclaration' || stmt.type === 'ExportDefaultDeclaration') && stmt.declaration) {
        const dcl = stmt.declaration;
        if (dcl.type === 'VariableDeclaration' && dcl.kind !== 'var') for (const d of dcl.declarations) this.declareDeclarator(scope, d, dcl.kind);
      }
    }
    return scope;
  }

  private visitList(list: Array<Node | null>, scope: Scope): void {
    for (const n of list) if (n) this.visit(n, scope);
  }

  private visitFunction(fn: Node, scope: Scope): void {
    const fnScope = new LexicalScope<Binding>(scope, fn, true);
    this.functionScopes.set(fn, fnScope);
    if (fn.type === 'FunctionExpression' && fn.id) this.declare(fnScope, fn.id, 'function', fn);
    (fn.params as Node[]).forEach((p, i) => this.declarePattern(fnScope, p, 'param', fn, [], { paramIndex: i }));
    // parameter defaults are expressions
    for (const p of fn.params as Node[]) this.visitPatternDefaults(p, fnScope);
    const body = fn.body;
    if (!body) return;
    if (body.type === 'BlockStatement') {
      // only `var`s live in the function scope; the body block holds let/const/function/class
      for (const stmt of body.body as Node[]) this.hoistStatement(stmt, fnScope, false);
      const inner = this.blockScope(body, fnScope, body.body);
      this.visitList(body.body, inner);
    } else {
      this.visit(body, fnScope);
    }
  }

  private visitPatternDefaults(p: Node, scope: Scope): void {
    if (!p) return;
    if (p.type === 'AssignmentPattern') {
      this.visit(p.right, scope);
      this.visitPatternDefaults(p.left, scope);
    } else if (p.type === 'ObjectPattern') {
      for (const prop of p.properties) {
        if (isSpread(prop)) continue;
        if (prop.computed) this.visit(prop.key, scope);
        this.visitPatternDefaults(prop.value, scope);
      }
    } else if (p.type === 'ArrayPattern') {
      for (const el of p.elements) if (el) this.visitPatternDefaults(el, scope);
    }
  }

  /** Identifiers in a pattern that is assigned to (not declared). */
  private visitAssignTarget(p: Node, scope: Scope, write: Node): void {
    if (!p) return;
    switch (p.type) {
      case 'Identifier':
        this.pending.push({ id: p, scope, write });
        break;
      case 'ObjectPattern':
        for (const prop of p.properties) {
          if (isSpread(prop)) this.visitAssignTarget(prop.argument, scope, write);
          else {
            if (prop.computed) this.visit(prop.key, scope);
            this.visitAssignTarget(prop.value, scope, write);
          }
        }
        break;
      case 'ArrayPattern':
        for (const el of p.elements) if (el) this.visitAssignTarget(el, scope, write);
        break;
      case 'AssignmentPattern':
        this.visit(p.right, scope);
        this.visitAssignTarget(p.left, scope, write);
        break;
      case 'RestElement':
        this.visitAssignTarget(p.argument, scope, write);
        break;
      default:
        this.visit(p, scope);
    }
  }

  private visit(node: Node, scope: Scope): void {
    if (!node || typeof node.type !== 'string') return;
    if (TYPE_ONLY.has(node.type)) return;
    switch (node.type) {
      case 'Identifier':
        this.pending.push({ id: node, scope });
        return;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
      case 'ObjectMethod':
      case 'ClassMethod':
      case 'ClassPrivateMethod':
        if ((node.type === 'ObjectMethod' || node.type === 'ClassMethod') && node.computed) this.visit(node.key, scope);
        this.visitFunction(node, scope);
        return;
      case 'VariableDeclaration':
        for (const d of node.declarations as Node[]) {
          this.visitPatternDefaults(d.id, scope);
          if (d.init) this.visit(d.init, scope);
        }
        return;
      case 'BlockStatement':
      case 'StaticBlock': {
        const inner = this.blockScope(node, scope, node.body);
        this.visitList(node.body, inner);
        return;
      }
      case 'ForStatement': {
        const inner = this.blockScope(node, scope, node.init ? [node.init] : []);
        if (node.init) this.visit(node.init, inner);
        if (node.test) this.visit(node.test, inner);
        if (node.update) this.visit(node.update, inner);
        this.visit(node.body, inner);
        return;
      }
      case 'ForInStatement':
      case 'ForOfStatement': {
        const inner = this.blockScope(node, scope, node.left.type === 'VariableDeclaration' ? [node.left] : []);
        if (node.left.type === 'VariableDeclaration') this.visitPatternDefaults(node.left.declarations[0].id, inner);
        else this.visitAssignTarget(node.left, inner, node);
        this.visit(node.right, inner);
        this.visit(node.body, inner);
        return;
      }
      case 'CatchClause': {
        const inner = new LexicalScope<Binding>(scope, node, false);
        if (node.param) this.declarePattern(inner, node.param, 'catch', node);
        this.visit(node.body, inner);
        return;
      }
      case 'SwitchStatement': {
        this.visit(node.discriminant, scope);
        const all = (node.cases as Node[]).flatMap((c) => c.consequent as Node[]);
        const inner = this.blockScope(node, scope, all);
        for (const c of node.cases as Node[]) {
          if (c.test) this.visit(c.test, inner);
          this.visitList(c.consequent, inner);
        }
        return;
      }
      case 'ClassDeclaration':
      case 'ClassExpression': {
        if (node.superClass) this.visit(node.superClass, scope);
        const inner = new LexicalScope<Binding>(scope, node, false);
        if (node.type === 'ClassExpression' && node.id) this.declare(inner, node.id, 'class', node);
        for (const m of node.body.body as Node[]) {
          if (m.computed && m.key) this.visit(m.key, inner);
          if (m.type === 'ClassMethod' || m.type === 'ClassPrivateMethod' || m.type === 'TSDeclareMethod') {
            if (m.body) this.visitFunction(m, inner);
          } else if (m.type === 'MethodDefinition') {
            this.visitFunction(m.value, inner);
          } else if (m.value) {
            this.visit(m.value, inner);
          } else if (m.type === 'StaticBlock') {
            this.visit(m, inner);
          }
        }
        return;
      }
      case 'MemberExpression':
      case 'OptionalMemberExpression':
        this.visit(node.object, scope);
        if (node.computed) this.visit(node.property, scope);
        return;
      case 'MetaProperty':
      case 'PrivateName':
      case 'Super':
      case 'ThisExpression':
        return;
      case 'ObjectProperty':
      case 'Property':
        if (node.computed) this.visit(node.key, scope);
        if (node.type === 'Property' && (node.method || node.kind !== 'init')) {
          this.visitFunction(node.value, scope);
          return;
        }
        if (node.value && (node.shorthand ? true : node.value !== node.key)) this.visit(node.value, scope);
        return;
      case 'AssignmentExpression':
        if (node.left.type === 'Identifier' || node.left.type === 'ObjectPattern' || node.left.type === 'ArrayPattern') {
          this.visitAssignTarget(node.left, scope, node);
          if (node.operator !== '=' && node.left.type === 'Identifier') this.pending.push({ id: node.left, scope });
        } else this.visit(node.left, scope);
        this.visit(node.right, scope);
        return;
      case 'UpdateExpression':
        if (node.argument.type === 'Identifier') {
          this.pending.push({ id: node.argument, scope, write: node });
          this.pending.push({ id: node.argument, scope });
        } else this.visit(node.argument, scope);
        return;
      case 'LabeledStatement':
        this.visit(node.body, scope);
        return;
      case 'BreakStatement':
      case 'ContinueStatement':
        return;
      case 'ImportDeclaration':
        return;
      case 'ExportNamedDeclaration':
        if (node.declaration) this.visit(node.declaration, scope);
        else if (!node.source) for (const s of node.specifiers as Node[]) if (s.local?.type === 'Identifier') this.pending.push({ id: s.local, scope });
        return;
      case 'ExportDefaultDeclaration':
        this.visit(node.declaration, scope);
        return;
      case 'ExportAllDeclaration':
        return;
      case 'JSXIdentifier':
      case 'JSXAttribute':
        if (node.type === 'JSXAttribute' && node.value) this.visit(node.value, scope);
        return;
      case 'JSXMemberExpression':
        this.visit(node.object, scope);
        return;
      case 'JSXOpeningElement':
        if (node.name.type === 'JSXIdentifier' && /^[A-Z]/.test(node.name.name)) this.pending.push({ id: { ...node.name, type: 'Identifier' } as Node, scope });
        else if (node.name.type === 'JSXMemberExpression') this.visit(node.name, scope);
        this.visitList(node.attributes, scope);
        return;
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
      case 'TypeCastExpression':
        this.visit(node.expression, scope);
        return;
      case 'TSEnumDeclaration':
        return;
      default:
        break;
    }
    for (const key in node) {
      if (SKIP_KEYS.has(key) || TYPE_KEYS.has(key)) continue;
      const v = node[key];
      if (!v || typeof v !== 'object') continue;
      if (Array.isArray(v)) {
        for (const item of v) if (item && typeof item.type === 'string') this.visit(item, scope);
      } else if (typeof v.type === 'string') this.visit(v, scope);
    }
  }
}

/** Is this object property shorthand (`{ subject }`)? */
export function isShorthand(p: Node): boolean {
  return isObjectProperty(p) && !!p.shorthand;
}
