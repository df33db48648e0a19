/**
 * Static evaluation of string expressions into parts (literal text with its source span, or a
 * `{name}` placeholder for what is only known at run time). Follows literals, template literals,
 * `+` concatenation, `+=` appends, constants, object properties (config objects), destructuring,
 * helper functions (`ticketUrl(id)`), relative imports (ESM and CommonJS), and the usual
 * query-string builders.
 */
import type { ModuleInfo, ModuleLoader, Binding, Scope } from './module.ts';
import { bindingAt, isFunctionNode, isStringifiedInPlace, memberPath, spanAt, spanOf } from './module.ts';
import type { Node } from './parse.ts';
import type { StringPart } from './types.ts';
import { checkBudget } from './budget.ts';
import { thisAliased, thisHost, thisMember } from './this-members.ts';

export type Frames = Map<Scope, Map<string, Value>>;

export type Value =
  | { t: 'str'; parts: StringPart[] }
  | { t: 'obj'; mod: ModuleInfo; node: Node; frames: Frames }
  | { t: 'arr'; mod: ModuleInfo; node: Node; frames: Frames }
  | { t: 'fn'; mod: ModuleInfo; node: Node; frames: Frames; name?: string }
  | { t: 'ns'; mod: ModuleInfo }
  /** An external package (`axios`) or a member of one (`undici.request`). */
  | { t: 'pkg'; name: string; member: string[] }
  /** Something created by a call we recognise by shape (`axios.create(config)`, `new FormData()`). */
  | { t: 'inst'; of: string; mod: ModuleInfo; node: Node; frames: Frames }
  | { t: 'unknown'; name: string };

/** No bindings known: evaluation at the top of a module. */
export const EMPTY_FRAMES: Frames = new Map();
const MAX_DEPTH = 30;

export const UNKNOWN = (name = 'expr'): Value => ({ t: 'unknown', name });

export function isStringLiteral(node: Node): boolean {
  return !!node && (node.type === 'StringLiteral' || (node.type === 'Literal' && typeof node.value === 'string'));
}
export function isNumberLiteral(node: Node): boolean {
  return !!node && (node.type === 'NumericLiteral' || (node.type === 'Literal' && typeof node.value === 'number'));
}
export function isObjectProperty(node: Node): boolean {
  return !!node && (node.type === 'ObjectProperty' || (node.type === 'Property' && !node.method && node.kind === 'init'));
}
export function isMethodProperty(node: Node): boolean {
  return !!node && (node.type === 'ObjectMethod' || (node.type === 'Property' && (node.method || node.kind === 'get')));
}

/** The function node a function value stands for (`function f`, `f: () => …`, `f() {}`), if it is one. */
export function functionNodeOf(fn: Extract<Value, { t: 'fn' }>): Node | undefined {
  const node = fn.node.type === 'Property' ? fn.node.value : fn.node;
  return node && isFunctionNode(node) ? node : undefined;
}

/**
 * The frames a call of `fn` runs in: its plain parameters bound to the argument values by
 * position. A destructured parameter (`{ method = 'GET', body } = {}`) given an argument takes
 * each name from it (`member` reads a key of an argument value); a default then applies only
 * where the argument is an object without that key, never where it is unknown.
 */
export function callFrames(fn: Extract<Value, { t: 'fn' }>, fnNode: Node, scope: Scope, args: Value[], member?: (v: Value, key: string) => Value): Frames {
  const bound = new Map<string, Value>();
  (fnNode.params ?? []).forEach((p: Node, i: number) => {
    const id = p.type === 'AssignmentPattern' ? p.left : p;
    const arg = args[i];
    if (id.type === 'Identifier' && arg) bound.set(id.name, arg);
    if (id.type !== 'ObjectPattern' || !arg) return;
    for (const prop of id.properties as Node[]) {
      if (!isObjectProperty(prop) || prop.computed) continue;
      const key = prop.key?.name ?? prop.key?.value;
      const target = prop.value?.type === 'AssignmentPattern' ? prop.value.left : prop.value;
      if (typeof key !== 'string' || target?.type !== 'Identifier') continue;
      const v = arg.t === 'obj' && member ? member(arg, key) : UNKNOWN(target.name);
      // (an object without the key leaves the default to apply: the name stays unbound)
      if (!(arg.t === 'obj' && v.t === 'unknown' && prop.value?.type === 'AssignmentPattern')) bound.set(target.name, v);
    }
  });
  const frames: Frames = new Map(fn.frames);
  frames.set(scope, bound);
  return frames;
}

/** Strips TS/Flow wrappers and parentheses. */
export function unwrapExpr(node: Node): Node {
  let n = node;
  while (
    n &&
    (n.type === 'ParenthesizedExpression' ||
      n.type === 'TSAsExpression' ||
      n.type === 'TSSatisfiesExpression' ||
      n.type === 'TSNonNullExpression' ||
      n.type === 'TSTypeAssertion' ||
      n.type === 'TypeCastExpression' ||
      n.type === 'ChainExpression')
  ) {
    n = n.expression;
  }
  return n;
}

/** Key of an object property when it is static (identifier, string, number). */
export function propertyKey(prop: Node): string | undefined {
  if (!prop || prop.computed) return undefined;
  const k = prop.key;
  if (!k) return undefined;
  if (k.type === 'Identifier') return k.name;
  if (isStringLiteral(k) || isNumberLiteral(k)) return String(k.value);
  return undefined;
}

/** A short, path-safe name for an unknown expression: `{ticketId}`, `{ticket.id}`, `{domain}`. */
export function placeholderName(mod: ModuleInfo, node: Node): string {
  const n = unwrapExpr(node);
  if (!n) return 'expr';
  if (n.type === 'Identifier') return n.name;
  const path = memberPath(n);
  if (path) {
    const p = path[0] === 'this' ? path.slice(1) : path;
    const text = p.join('.');
    if (text && text.length <= 40) return text;
    return p[p.length - 1] ?? 'expr';
  }
  if (n.type === 'CallExpression') {
    const callee = memberPath(n.callee);
    if (callee) return `${callee[callee.length - 1]}()`;
  }
  const raw = mod.source.slice(n.start, n.end).replace(/[^\w.$]/g, '');
  return raw && raw.length <= 30 ? raw : 'expr';
}

/**
 * Functions that give back the client they are handed, promisified or retrying (package, then
 * member path): Node's and Bluebird's promisify, pify, and fetch-retry.
 */
const CLIENT_WRAPPERS = /^(util\.promisify|bluebird\.promisify(All)?|global:Promise\.promisify(All)?|pify|es6-promisify(\.promisify)?|fetch-retry|@vercel\/fetch-retry|@zeit\/fetch-retry)$/;

/** Globals of the platform and of common libraries: never an app's own script. */
const PLATFORM_GLOBALS = new Set([
  'process', 'Buffer', 'require', 'module', 'exports', 'global', 'globalThis', '__dirname', '__filename', 'console',
  'window', 'document', 'location', 'navigator', 'localStorage', 'sessionStorage', 'self', 'fetch', 'XMLHttpRequest', 'FormData', 'URL', 'URLSearchParams', 'btoa', 'atob',
  'JSON', 'Math', 'Object', 'Array', 'String', 'Number', 'Boolean', 'Date', 'Promise', 'RegExp', 'Error', 'Symbol', 'Map', 'Set', 'encodeURIComponent', 'encodeURI', 'decodeURIComponent', 'parseInt', 'parseFloat', 'isNaN', 'setTimeout', 'setInterval',
  '$', 'jQuery', 'angular', '_', 'moment', 'Vue', 'React', 'Backbone', 'Ember', 'UrlFetchApp', 'Utilities', 'PropertiesService', 'Logger', 'SpreadsheetApp', 'app', 'client', '$request', '$db',
]);

export class Evaluator {
  private readonly memo = new WeakMap<object, Value>();
  private readonly active = new Set<object>();

  constructor(
    readonly main: ModuleInfo,
    readonly loader: ModuleLoader | null,
  ) {}

  // ---- parts helpers ------------------------------------------------------------------------

  literalPart(mod: ModuleInfo, node: Node, text: string, kind: StringPart['node']): StringPart {
    return { text, dynamic: false, node: kind, span: spanOf(mod, node, this.main.file), file: mod.file };
  }

  placeholder(mod: ModuleInfo, node: Node, name?: string): StringPart {
    return {
      text: `{${name ?? placeholderName(mod, node)}}`,
      dynamic: true,
      node: 'expression',
      span: spanOf(mod, node, this.main.file),
      file: mod.file,
    };
  }

  synthetic(mod: ModuleInfo, node: Node, text: string): StringPart {
    return { text, dynamic: false, node: 'synthetic', span: spanOf(mod, node, this.main.file), file: mod.file };
  }

  /** A value used where a string is expected. */
  toParts(v: Value, mod: ModuleInfo, node: Node): StringPart[] {
    if (v.t === 'str') return v.parts;
    if (v.t === 'unknown') return [this.placeholder(mod, node, v.name === 'expr' ? undefined : v.name)];
    return [this.placeholder(mod, node)];
  }

  /**
   * The value as read through a name. An encode call's prefix (`StringPart.encodedPrefix`) stays
   * droppable only through a name this read alone uses (`keepPrefix`, see `dropsEncodedPrefix`).
   */
  withVia(v: Value, name: string, keepPrefix = false): Value {
    if (v.t !== 'str') return v;
    // a literal that is the whole value of the name: shared by whatever else reads the name (see StringPart.whole)
    const whole = v.parts.length === 1 && !v.parts[0]!.dynamic && !v.parts[0]!.via?.length;
    return {
      t: 'str',
      parts: v.parts.map((p) => {
        const q: StringPart = { ...p, via: [name, ...(p.via ?? [])], ...(whole ? { whole: true } : {}) };
        if (!keepPrefix) delete q.encodedPrefix;
        return q;
      }),
    };
  }

  // ---- evaluation ---------------------------------------------------------------------------

  /** Evaluates an expression node of module `mod`. */
  eval(mod: ModuleInfo, node: Node, frames: Frames = EMPTY_FRAMES, depth = 0): Value {
    checkBudget();
    if (!node) return UNKNOWN();
    if (depth > MAX_DEPTH) return UNKNOWN(placeholderName(mod, node));
    const memoable = frames.size === 0;
    if (memoable) {
      const m = this.memo.get(node);
      if (m) return m;
      if (this.active.has(node)) return UNKNOWN(placeholderName(mod, node));
      this.active.add(node);
    }
    let v: Value;
    try {
      v = this.evalInner(mod, node, frames, depth + 1);
    } finally {
      if (memoable) this.active.delete(node);
    }
    if (memoable) this.memo.set(node, v);
    return v;
  }

  private evalInner(mod: ModuleInfo, raw: Node, frames: Frames, depth: number): Value {
    const node = unwrapExpr(raw);
    if (!node) return UNKNOWN();
    switch (node.type) {
      case 'StringLiteral':
        return { t: 'str', parts: [this.literalPart(mod, node, node.value, 'literal')] };
      case 'Literal':
        if (typeof node.value === 'string') return { t: 'str', parts: [this.literalPart(mod, node, node.value, 'literal')] };
        if (typeof node.value === 'number') return { t: 'str', parts: [this.literalPart(mod, node, String(node.value), 'expression')] };
        return UNKNOWN(placeholderName(mod, node));
      case 'NumericLiteral':
        return { t: 'str', parts: [this.literalPart(mod, node, String(node.value), 'expression')] };
      case 'TemplateLiteral': {
        const parts: StringPart[] = [];
        node.quasis.forEach((q: Node, i: number) => {
          const text = q.value.cooked ?? q.value.raw;
          if (text) parts.push(this.literalPart(mod, q, text, 'quasi'));
          const e = node.expressions[i];
          if (e) parts.push(...this.toParts(this.eval(mod, e, frames, depth), mod, e));
        });
        return { t: 'str', parts };
      }
      case 'BinaryExpression': {
        if (node.operator !== '+') return UNKNOWN(placeholderName(mod, node));
        const l = this.eval(mod, node.left, frames, depth);
        const r = this.eval(mod, node.right, frames, depth);
        if (l.t !== 'str' && r.t !== 'str') return UNKNOWN(placeholderName(mod, node));
        return { t: 'str', parts: [...this.toParts(l, mod, node.left), ...this.toParts(r, mod, node.right)] };
      }
      case 'Identifier':
        return this.evalIdentifier(mod, node, frames, depth);
      case 'MemberExpression':
      case 'OptionalMemberExpression':
        return this.evalMember(mod, node, frames, depth);
      case 'CallExpression':
      case 'OptionalCallExpression':
        return this.evalCall(mod, node, frames, depth);
      case 'NewExpression':
        return this.evalNew(mod, node, frames, depth);
      case 'ConditionalExpression': {
        const a = this.eval(mod, node.consequent, frames, depth);
        const b = this.eval(mod, node.alternate, frames, depth);
        const written = (v: Value): v is Extract<Value, { t: 'str' }> => v.t === 'str' && v.parts.some((p) => !p.dynamic);
        // a choice between two written texts (`isNew ? '/groups.json' : \`/groups/${id}.json\``,
        // `isNew ? 'POST' : 'PUT'`) is either at run time: not the first one
        if (written(a) && written(b) && Evaluator.text(a) !== Evaluator.text(b)) return UNKNOWN(placeholderName(mod, node));
        if (written(a)) return a;
        return b.t === 'str' ? b : a;
      }
      case 'LogicalExpression': {
        const a = this.eval(mod, node.left, frames, depth);
        if (a.t !== 'unknown' && !(a.t === 'str' && a.parts.every((p) => p.dynamic))) return a;
        const b = this.eval(mod, node.right, frames, depth);
        // (`process.env.HELPDESK_URL ?? ''`: the empty fallback says nothing of the value; its name does)
        if (b.t === 'str' && Evaluator.text(b) === '') return a;
        return b.t === 'unknown' ? a : b;
      }
      case 'ObjectExpression':
        return { t: 'obj', mod, node, frames };
      case 'ArrayExpression':
        return { t: 'arr', mod, node, frames };
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
      case 'FunctionDeclaration':
        return { t: 'fn', mod, node, frames };
      case 'AwaitExpression':
        return this.eval(mod, node.argument, frames, depth);
      case 'AssignmentExpression':
        return this.eval(mod, node.right, frames, depth);
      case 'SequenceExpression':
        return this.eval(mod, node.expressions[node.expressions.length - 1], frames, depth);
      default:
        return UNKNOWN(placeholderName(mod, node));
    }
  }

  /** Value of a binding (as seen from `frames`). */
  bindingValue(mod: ModuleInfo, b: Binding, frames: Frames, depth: number, at?: Node): Value {
    if (b.kind === 'param') {
      const f = frames.get(b.scope);
      const bound = f?.get(b.name);
      if (bound) return bound;
      // the default value only counts inside a call that left the argument out
      if (f && b.init) return this.eval(mod, b.init, frames, depth);
      return UNKNOWN(b.name);
    }
    if (b.kind === 'import' && b.importFrom) return this.importValue(mod, b.importFrom.source, b.importFrom.imported);
    if (b.kind === 'function') return { t: 'fn', mod, node: b.init, frames, name: b.name };
    if (b.kind === 'class' || b.kind === 'catch') return UNKNOWN(b.name);
    if (this.active.has(b)) return UNKNOWN(b.name);
    this.active.add(b);
    try {
      let v: Value;
      // written other than by appending (`x = …`, `x -= …`, `x++`, `[x] = …`, `for (x of …)`) or
      // by turning it into its own JSON text (`payload = JSON.stringify(payload)`)
      const rewritten = b.writes.filter((w) => !b.appends.includes(w) && !isStringifiedInPlace(w)).length;
      if (b.init) {
        v = this.eval(mod, b.init, frames, depth);
        for (const key of b.path ?? []) v = this.member(v, key, depth, mod, b.init);
        if (rewritten > 0 && (b.kind === 'let' || b.kind === 'var')) return UNKNOWN(b.name);
      } else if (b.assigns.length === 1 && rewritten === 1) {
        v = this.eval(mod, b.assigns[0].right, frames, depth);
      } else {
        return UNKNOWN(b.name);
      }
      if (b.appends.length > 0 && v.t === 'str') {
        const parts = [...v.parts];
        for (const a of b.appends) {
          // only appends that happen before the use (same function, earlier in the source)
          if (at && a.start > at.start) continue;
          parts.push(...this.toParts(this.eval(mod, a.right, frames, depth), mod, a.right));
        }
        v = { t: 'str', parts };
      }
      return this.withVia(v, b.name, dropsEncodedPrefix(b));
    } finally {
      this.active.delete(b);
    }
  }

  private evalIdentifier(mod: ModuleInfo, node: Node, frames: Frames, depth: number): Value {
    if (node.name === 'undefined') return UNKNOWN('undefined');
    const b = bindingAt(mod, node);
    if (!b) {
      // a global another script of the web app declares (`var AppConfig = {…}` in app-config.js)
      const g = this.globalBinding(mod, node.name);
      if (g) return this.bindingValue(g.mod, g.binding, EMPTY_FRAMES, depth + 1);
      return { t: 'pkg', name: `global:${node.name}`, member: [] };
    }
    return this.bindingValue(mod, b, frames, depth, node);
  }

  /** The top-level declaration of a global in another script of the same web app, if any. */
  globalBinding(mod: ModuleInfo, name: string): { mod: ModuleInfo; binding: Binding } | null {
    if (!this.loader?.globalScript || !mod.abs || PLATFORM_GLOBALS.has(name)) return null;
    const abs = this.loader.globalScript(name, mod.abs);
    const other = abs ? this.loader.load(abs) : null;
    const binding = other?.root.names.get(name);
    return other && binding && binding.kind !== 'function' ? { mod: other, binding } : null;
  }

  /** Resolves `import x from source` inside `mod`. */
  importValue(mod: ModuleInfo, source: string, imported: string): Value {
    if (!source.startsWith('.')) {
      return { t: 'pkg', name: source.replace(/^node:/, ''), member: imported === 'default' || imported === '*' ? [] : [imported] };
    }
    const other = this.loadRelative(mod, source);
    if (!other) return UNKNOWN(imported === 'default' || imported === '*' ? 'import' : imported);
    if (imported === '*') return { t: 'ns', mod: other };
    return this.exportValue(other, imported, 0);
  }

  loadRelative(mod: ModuleInfo, source: string): ModuleInfo | null {
    if (!this.loader || !mod.abs) return null;
    const abs = this.loader.resolve(mod.abs, source);
    if (!abs) return null;
    return this.loader.load(abs);
  }

  exportValue(mod: ModuleInfo, name: string, hops: number): Value {
    if (hops > 8) return UNKNOWN(name);
    const ref = mod.exports.get(name);
    if (ref) {
      if (ref.kind === 'binding') {
        const b = mod.root.names.get(ref.name);
        return b ? this.bindingValue(mod, b, EMPTY_FRAMES, 0) : UNKNOWN(name);
      }
      if (ref.kind === 'node') return this.withVia(this.eval(mod, ref.node), name);
      const other = this.loadRelative(mod, ref.source);
      if (!other) return UNKNOWN(name);
      return ref.imported === '*' ? { t: 'ns', mod: other } : this.exportValue(other, ref.imported, hops + 1);
    }
    for (const src of mod.starExports) {
      const other = this.loadRelative(mod, src);
      if (other && (other.exports.has(name) || other.cjsWhole)) return this.exportValue(other, name, hops + 1);
    }
    if (mod.cjsWhole) {
      const whole = this.eval(mod, mod.cjsWhole);
      if (name === 'default') return whole;
      return this.member(whole, name, 0, mod, mod.cjsWhole);
    }
    return UNKNOWN(name);
  }

  /** `v.key` for the value kinds we model. */
  member(v: Value, key: string, depth: number, mod: ModuleInfo, at: Node): Value {
    switch (v.t) {
      case 'obj': {
        const found = this.objectProperty(v, key, depth);
        return found ? this.withVia(found, key) : UNKNOWN(key);
      }
      case 'ns':
        return this.exportValue(v.mod, key, 0);
      case 'pkg':
        // (`global.fetch`, `window.fetch`: the global itself)
        if (!v.member.length && /^global:(global|globalThis|window|self)$/.test(v.name)) return { t: 'pkg', name: `global:${key}`, member: [] };
        return { t: 'pkg', name: v.name, member: [...v.member, key] };
      case 'arr': {
        if (/^\d+$/.test(key)) {
          const el = v.node.elements[Number(key)];
          return el ? this.eval(v.mod, el, v.frames, depth) : UNKNOWN(key);
        }
        return UNKNOWN(key);
      }
      case 'inst':
        return UNKNOWN(key);
      default:
        void mod;
        void at;
        return UNKNOWN(v.t === 'unknown' && v.name !== 'expr' ? `${v.name}.${key}` : key);
    }
  }

  /** The value of `key` in an object literal value (last one wins, spreads followed). */
  objectProperty(v: Extract<Value, { t: 'obj' }>, key: string, depth: number): Value | undefined {
    const props: Node[] = v.node.properties;
    for (let i = props.length - 1; i >= 0; i--) {
      const p = props[i];
      if (p.type === 'SpreadElement' || p.type === 'SpreadProperty' || p.type === 'RestElement') {
        const spread = this.eval(v.mod, p.argument, v.frames, depth);
        if (spread.t === 'obj') {
          const inner = this.objectProperty(spread, key, depth + 1);
          if (inner) return inner;
        }
        continue;
      }
      let k = propertyKey(p);
      if (k === undefined && p.computed) {
        const kv = this.eval(v.mod, p.key, v.frames, depth);
        if (kv.t === 'str' && kv.parts.every((x) => !x.dynamic)) k = kv.parts.map((x) => x.text).join('');
      }
      if (k !== key) continue;
      if (isMethodProperty(p)) return { t: 'fn', mod: v.mod, node: p, frames: v.frames, name: key };
      return this.eval(v.mod, p.value, v.frames, depth);
    }
    return this.assignedProperty(v, key, depth);
  }

  /**
   * A property set after the object was declared, by a statement of the same block (`var
   * configuration = {}; configuration.SupportTicketService = { … }`, the way config scripts grow;
   * `var opts = {}; opts.url = …; opts.method = 'POST'; request(opts, cb)`): the one assignment of
   * that key, when there is exactly one.
   */
  private assignedProperty(v: Extract<Value, { t: 'obj' }>, key: string, depth: number): Value | undefined {
    const assignment = this.propertyAssignment(v, key);
    return assignment ? this.eval(v.mod, assignment.right, v.frames, depth) : undefined;
  }

  private propertyAssignment(v: Extract<Value, { t: 'obj' }>, key: string): Node | undefined {
    const decl = v.mod.parent.get(v.node);
    if (decl?.type !== 'VariableDeclarator' || decl.init !== v.node || decl.id.type !== 'Identifier') return undefined;
    const holder = bindingAt(v.mod, decl.id);
    if (!holder) return undefined;
    const sets: Node[] = [];
    for (const ref of holder.refs) {
      const m = v.mod.parent.get(ref);
      const asg = m && v.mod.parent.get(m);
      if (m?.type === 'MemberExpression' && !m.computed && m.property?.name === key && asg?.type === 'AssignmentExpression' && asg.left === m && asg.operator === '=') sets.push(asg);
    }
    if (sets.length !== 1) return undefined;
    const assignment = sets[0]!;
    // (only a statement of the block that declares the object, not one inside a nested function or a branch)
    const block = v.mod.parent.get(v.mod.parent.get(decl) ?? decl);
    if (!block || v.mod.parent.get(v.mod.parent.get(assignment) ?? assignment) !== block) return undefined;
    return assignment;
  }

  /** The property node of an object literal value (for spans), following spreads. */
  objectPropertyNode(v: Extract<Value, { t: 'obj' }>, key: string): { mod: ModuleInfo; prop: Node; frames: Frames } | undefined {
    const props: Node[] = v.node.properties;
    for (let i = props.length - 1; i >= 0; i--) {
      const p = props[i];
      if (p.type === 'SpreadElement' || p.type === 'SpreadProperty') {
        const spread = this.eval(v.mod, p.argument, v.frames);
        if (spread.t === 'obj') {
          const inner = this.objectPropertyNode(spread, key);
          if (inner) return inner;
        }
        continue;
      }
      if (propertyKey(p) === key) return { mod: v.mod, prop: p, frames: v.frames };
    }
    // set afterwards (`opts.method = 'POST'`): the assignment read as the property it writes
    const asg = this.propertyAssignment(v, key);
    return asg ? { mod: v.mod, prop: { type: 'ObjectProperty', key: asg.left.property, value: asg.right, start: asg.start, end: asg.end, loc: asg.loc }, frames: v.frames } : undefined;
  }

  private evalMember(mod: ModuleInfo, node: Node, frames: Frames, depth: number): Value {
    const path = memberPath(node);
    if (path && path[0] === 'process' && path[1] === 'env' && path.length === 3) return UNKNOWN(path[2]!);
    let key: string | undefined;
    if (!node.computed) key = node.property.name ?? node.property.value;
    else {
      const kv = this.eval(mod, node.property, frames, depth);
      if (kv.t === 'str' && kv.parts.every((p) => !p.dynamic)) key = kv.parts.map((p) => p.text).join('');
    }
    if (key === undefined) return UNKNOWN(placeholderName(mod, node));
    // (`self.k` where `var self = this` is `this.k` where self was declared)
    const thisNode = node.object.type === 'ThisExpression' ? node : thisAliased(mod, unwrapExpr(node.object));
    if (thisNode) {
      const host = thisHost(mod, thisNode);
      // `this.x` inside an object literal method: look the property up in that object
      if (host?.kind === 'object') {
        const found = this.objectProperty({ t: 'obj', mod, node: host.node, frames }, key, depth);
        if (found) return this.withVia(found, `this.${key}`);
        return UNKNOWN(key);
      }
      // a method of a class, prototype or constructor: its sibling method, or the client the
      // constructor keeps (`this.r = request.defaults(…)`). Other instance state (`this.url`) stays
      // a run-time value: any code holding the instance may set it.
      const member = host ? thisMember(mod, host, key) : undefined;
      if (member?.fn) return { t: 'fn', mod, node: member.fn, frames, name: key };
      if (member?.value) {
        const v = this.eval(mod, member.value, EMPTY_FRAMES, depth);
        if (v.t === 'inst' || v.t === 'pkg') return v;
      }
      return UNKNOWN(key);
    }
    const obj = this.eval(mod, node.object, frames, depth);
    if (obj.t === 'str' && (key === 'href' || key === 'toString')) return obj;
    const v = this.member(obj, key, depth, mod, node);
    if (v.t === 'unknown') return UNKNOWN(placeholderName(mod, node));
    return v;
  }

  /** Calls a function value with argument values: evaluates its (single) returned expression. */
  callFunction(fn: Extract<Value, { t: 'fn' }>, args: Value[], depth: number): Value {
    const fnNode = functionNodeOf(fn);
    if (!fnNode || depth > MAX_DEPTH) return UNKNOWN();
    const scope = fn.mod.fnScope.get(fnNode);
    if (!scope) return UNKNOWN();
    const frames = callFrames(fn, fnNode, scope, args, (v, key) => this.member(v, key, depth + 1, fn.mod, fnNode));
    const ret = returnedExpression(fnNode);
    if (!ret) return UNKNOWN();
    const v = this.eval(fn.mod, ret, frames, depth + 1);
    return this.withVia(v, `${fn.name ?? fnNode.id?.name ?? 'fn'}()`);
  }

  private evalCall(mod: ModuleInfo, node: Node, frames: Frames, depth: number): Value {
    const callee = unwrapExpr(node.callee);
    const args: Node[] = node.arguments ?? [];
    // require('x')
    if (callee.type === 'Identifier' && callee.name === 'require' && args.length === 1 && isStringLiteral(args[0])) {
      const src = String(args[0].value);
      if (!src.startsWith('.')) return { t: 'pkg', name: src.replace(/^node:/, ''), member: [] };
      const other = this.loadRelative(mod, src);
      if (!other) return UNKNOWN('require');
      if (other.cjsWhole) return this.eval(other, other.cjsWhole);
      return { t: 'ns', mod: other };
    }
    const wrapped = this.wrappedClient(mod, callee, args, frames, depth);
    if (wrapped) return wrapped;
    const cpath = memberPath(callee);
    const last = cpath?.[cpath.length - 1];
    // string methods
    if (callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') {
      const method = callee.computed ? undefined : callee.property.name;
      if (method === 'concat' || method === 'toString' || method === 'trim' || method === 'toLowerCase' || method === 'join') {
        const base = this.eval(mod, callee.object, frames, depth);
        if (method === 'join' && base.t === 'arr') {
          const sepV = args[0] ? this.eval(mod, args[0], frames, depth) : { t: 'str' as const, parts: [this.synthetic(mod, node, ',')] };
          const sep = sepV.t === 'str' ? sepV.parts.map((p) => p.text).join('') : '';
          const parts: StringPart[] = [];
          base.node.elements.forEach((el: Node, i: number) => {
            if (i > 0 && sep) parts.push(this.synthetic(mod, args[0] ?? node, sep));
            if (el) parts.push(...this.toParts(this.eval(base.mod, el, base.frames, depth), base.mod, el));
          });
          return { t: 'str', parts };
        }
        if (base.t === 'str') {
          if (method === 'concat') {
            const parts = [...base.parts];
            for (const a of args) parts.push(...this.toParts(this.eval(mod, a, frames, depth), mod, a));
            return { t: 'str', parts };
          }
          return base;
        }
      }
      if (method === 'replace' || method === 'replaceAll') {
        // `template.replace(':id', id)` / `.replace('{id}', id)`: the token already reads as a placeholder
        const base = this.eval(mod, callee.object, frames, depth);
        if (base.t === 'str') return base;
      }
      // axios.create(...), got.extend(...), request.defaults(...), superagent.agent()
      if (method === 'create' || method === 'extend' || method === 'defaults') {
        const base = this.eval(mod, callee.object, frames, depth);
        if (base.t === 'pkg' || base.t === 'inst') {
          const of = base.t === 'pkg' ? base.name : base.of;
          return { t: 'inst', of, mod, node, frames };
        }
      }
      if (method === 'stringify' || method === 'param') {
        const base = memberPath(callee.object)?.join('.');
        if (base && /^(querystring|qs|\$|jQuery|Qs)$/.test(base) && args[0]) return this.queryString(mod, node, args[0], frames, depth);
      }
      if (method === 'format' && cpath && (cpath[0] === 'util' || cpath[0] === 'Utilities') && args[0]) {
        return this.formatCall(mod, node, args, frames, depth);
      }
      if (method === 'join' && cpath && (cpath[0] === 'path' || cpath[0] === 'posix' || cpath.includes('posix'))) {
        return this.joinPaths(mod, node, args, frames, depth);
      }
      if (method === 'resolve' && cpath && (cpath[0] === 'url' || cpath[0] === 'path') && args.length >= 2) {
        return this.joinPaths(mod, node, args, frames, depth);
      }
    }
    if (callee.type === 'Identifier' && (callee.name === 'String' || callee.name === 'encodeURI')) {
      return args[0] ? this.evalStringish(mod, args[0], frames, depth) : UNKNOWN();
    }
    const encode = args[0] ? this.encoderOf(mod, callee, frames, depth) : undefined;
    if (encode) {
      const v = this.eval(mod, args[0], frames, depth);
      if (v.t === 'str') {
        // literal text is encoded as it will be sent; run-time values stay placeholders
        const prefix = encodedPrefixOf(args[0], v.parts);
        return {
          t: 'str',
          parts: v.parts.map((p) => (p.dynamic || p.node === 'synthetic' ? p : { ...p, text: encode(p.text), encoded: true, ...(p === prefix ? { encodedPrefix: true } : {}) })),
        };
      }
      return { t: 'str', parts: [this.placeholder(mod, args[0])] };
    }
    if (callee.type === 'Identifier' && (callee.name === 'sprintf' || callee.name === 'format') && args[0]) {
      return this.formatCall(mod, node, args, frames, depth);
    }
    // `.toString()` on URLSearchParams
    if (last === 'toString' && callee.type === 'MemberExpression') {
      const base = unwrapExpr(callee.object);
      if (base.type === 'NewExpression' && base.callee.name === 'URLSearchParams' && base.arguments[0]) {
        return this.queryString(mod, node, base.arguments[0], frames, depth);
      }
    }
    // helper functions
    const fv = this.eval(mod, callee, frames, depth);
    if (fv.t === 'fn') {
      const argv = args.map((a) => this.evalLazyArg(mod, a, frames, depth));
      return this.callFunction(fv, argv, depth);
    }
    return UNKNOWN(placeholderName(mod, node));
  }

  /**
   * The encoding a call applies to its argument, when the callee is one of the platform's URL
   * encoders: `encodeURIComponent`, the global `escape` (not one the code declares itself: an
   * HTML escape is often called that), `querystring.escape`.
   */
  private encoderOf(mod: ModuleInfo, callee: Node, frames: Frames, depth: number): ((s: string) => string) | undefined {
    if (callee.type === 'Identifier') {
      if (callee.name === 'encodeURIComponent') return encodeURIComponent;
      if (callee.name === 'escape' && !bindingAt(mod, callee)) return (globalThis as unknown as { escape: (s: string) => string }).escape;
      return undefined;
    }
    if ((callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') && !callee.computed && callee.property?.name === 'escape') {
      const base = this.eval(mod, callee.object, frames, depth);
      if (base.t === 'pkg' && base.name === 'querystring' && base.member.length === 0) return encodeURIComponent;
    }
    return undefined;
  }

  private evalStringish(mod: ModuleInfo, node: Node, frames: Frames, depth: number): Value {
    const v = this.eval(mod, node, frames, depth);
    return v.t === 'str' ? v : { t: 'str', parts: [this.placeholder(mod, node, v.t === 'unknown' && v.name !== 'expr' ? v.name : undefined)] };
  }

  /** Arguments of helper calls: evaluated now; unknown ones keep the caller's expression as their placeholder. */
  private evalLazyArg(mod: ModuleInfo, node: Node, frames: Frames, depth: number): Value {
    const v = this.eval(mod, node, frames, depth);
    if (v.t === 'unknown') return { t: 'str', parts: [this.placeholder(mod, node, v.name === 'expr' ? undefined : v.name)] };
    return v;
  }

  /**
   * A client handed to a function that gives it back promisified or retrying, with the same
   * requests: `util.promisify(request.get)`, `Promise.promisifyAll(require('request'))` (whose
   * `getAsync` is `get`), `require('fetch-retry')(fetch)`. Any other call is not this.
   */
  private wrappedClient(mod: ModuleInfo, callee: Node, args: Node[], frames: Frames, depth: number): Value | undefined {
    if (!args[0]) return undefined;
    // (cheap tests first: most calls are none of these)
    const named =
      callee.type === 'Identifier' ||
      (callee.type === 'MemberExpression' && !callee.computed && /^promisify(All)?$/.test(callee.property.name)) ||
      (callee.type === 'CallExpression' && callee.callee.type === 'Identifier' && callee.callee.name === 'require');
    if (!named) return undefined;
    const f = this.eval(mod, callee, frames, depth);
    if (f.t !== 'pkg' || !CLIENT_WRAPPERS.test(`${f.name}${f.member.length ? '.' : ''}${f.member.join('.')}`)) return undefined;
    const client = this.eval(mod, args[0], frames, depth);
    return client.t === 'pkg' || client.t === 'inst' ? client : undefined;
  }

  private evalNew(mod: ModuleInfo, node: Node, frames: Frames, depth: number): Value {
    const callee = unwrapExpr(node.callee);
    const name = memberPath(callee)?.join('.') ?? '';
    const args: Node[] = node.arguments ?? [];
    if (/(^|\.)URL$/.test(name) && args[0]) {
      const a = this.eval(mod, args[0], frames, depth);
      if (args[1] && a.t === 'str' && !/^[a-z]+:\/\//i.test(a.parts[0]?.text ?? '')) {
        const b = this.eval(mod, args[1], frames, depth);
        return { t: 'str', parts: [...this.toParts(b, mod, args[1]), ...a.parts] };
      }
      return a;
    }
    const cv = this.eval(mod, callee, frames, depth);
    if (cv.t === 'pkg') return { t: 'inst', of: cv.member.length ? `${cv.name}.${cv.member.join('.')}` : cv.name.replace(/^global:/, ''), mod, node, frames };
    return { t: 'inst', of: name || 'object', mod, node, frames };
  }

  /** `querystring.stringify({ a: x })` → `a={x}`: synthetic text (not editable), for rule matching. */
  private queryString(mod: ModuleInfo, node: Node, arg: Node, frames: Frames, depth: number): Value {
    const v = this.eval(mod, arg, frames, depth);
    if (v.t !== 'obj') return { t: 'str', parts: [this.placeholder(mod, node)] };
    const pairs: string[] = [];
    for (const p of v.node.properties) {
      const k = propertyKey(p);
      if (k === undefined) continue;
      const val = isObjectProperty(p) ? this.eval(v.mod, p.value, v.frames, depth) : UNKNOWN(k);
      const text = val.t === 'str' && val.parts.every((x) => !x.dynamic) ? val.parts.map((x) => x.text).join('') : `{${k}}`;
      pairs.push(`${encodeURIComponent(k)}=${text}`);
    }
    return { t: 'str', parts: [{ ...this.synthetic(mod, node, pairs.join('&')), dynamic: true }] };
  }

  /** `util.format('%s/helpdesk/tickets/%s.json', base, id)`: the format's `%s` read as placeholders. */
  private formatCall(mod: ModuleInfo, node: Node, args: Node[], frames: Frames, depth: number): Value {
    const f = this.eval(mod, args[0], frames, depth);
    return f.t === 'str' ? f : UNKNOWN(placeholderName(mod, node));
  }

  private joinPaths(mod: ModuleInfo, node: Node, args: Node[], frames: Frames, depth: number): Value {
    const parts: StringPart[] = [];
    args.forEach((a, i) => {
      const v = this.eval(mod, a, frames, depth);
      const ps = this.toParts(v, mod, a);
      const prevText = parts.map((p) => p.text).join('');
      const first = ps[0]?.text ?? '';
      if (i > 0 && !prevText.endsWith('/') && !first.startsWith('/')) parts.push(this.synthetic(mod, node, '/'));
      parts.push(...ps);
    });
    return { t: 'str', parts };
  }

  /** The joined text of a string value. */
  static text(v: Value): string | undefined {
    return v.t === 'str' ? v.parts.map((p) => p.text).join('') : undefined;
  }
}

/**
 * The literal before the one value an encode call gets (`encodeURIComponent('email is ' + x)`,
 * `` encodeURIComponent(`email is ${x}`) ``): the part `parts` (the argument's value) holds for it.
 */
function encodedPrefixOf(arg: Node, parts: StringPart[]): StringPart | undefined {
  // (written as such, the way the codemod takes the prefix out: see dropEncodedPrefixEdit)
  const a = arg;
  if (parts.length !== 2 || parts[0]!.dynamic || !parts[1]!.dynamic || parts[1]!.node === 'synthetic') return undefined;
  if (a.type === 'BinaryExpression' && a.operator === '+' && isStringLiteral(a.left) && parts[0]!.node === 'literal' && !parts[0]!.via?.length) return parts[0];
  if (a.type === 'TemplateLiteral' && a.quasis.length === 2 && parts[0]!.node === 'quasi' && !(a.quasis[1].value.cooked ?? a.quasis[1].value.raw)) return parts[0];
  return undefined;
}

/**
 * A name the text of an encode call reaches the URL through keeps that call's prefix droppable
 * (`query = encodeURIComponent('email is ' + x)` read once, in the URL): it is read only there and
 * written only by its one value. Any other read or write would see the text change too.
 */
export function dropsEncodedPrefix(b: Binding): boolean {
  if (b.kind !== 'var' && b.kind !== 'let' && b.kind !== 'const') return false;
  if (b.refs.length !== 1 || b.appends.length > 0 || b.path?.length) return false;
  return b.init ? b.writes.length === 0 : b.writes.length === 1 && b.assigns.length === 1;
}

/** The expression a function returns: arrow expression body, or its only/first `return x`. */
export function returnedExpression(fn: Node): Node | undefined {
  if (fn.body && fn.body.type !== 'BlockStatement') return fn.body;
  let found: Node | undefined;
  const visit = (n: Node): void => {
    if (found || !n || typeof n !== 'object') return;
    if (n !== fn && isFunctionNode(n)) return;
    if (n.type === 'ReturnStatement' && n.argument) {
      found = n.argument;
      return;
    }
    for (const key of Object.keys(n)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
      const v = n[key];
      if (Array.isArray(v)) v.forEach((c) => c && typeof c.type === 'string' && visit(c));
      else if (v && typeof v.type === 'string') visit(v);
    }
  };
  visit(fn.body);
  return found;
}

export { spanAt };
