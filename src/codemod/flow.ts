/**
 * Where a v1 response goes: from the call of a rewritten site through `await`, `.then`, callbacks,
 * `JSON.parse`, variables, destructuring, array iteration, returns and callbacks of functions (in
 * this module, and through exports into modules that import them). Every expression reached
 * carries the rule of the call and how deep into the v1 shape it is:
 *   - `pre`: the response or its body, which may still hold the v1 wrapper (`helpdesk_ticket`);
 *   - `res`: the resource inside the wrapper, with `prefix` = the field path reached so far
 *     (`attachments[]` for an attachment of the ticket).
 */
import type { Rule } from '../catalogue/index.ts';
import { calleeName, isCall, isFunction, isMember, memberName, unwrapExpr } from './ast.ts';
import type { Node } from './parse.ts';
import { bindingOf, declaredValue, importOf, type Module } from './pieces.ts';
import type { Binding } from '../analysis/module.ts';
import { checkBudget } from '../analysis/budget.ts';
import { CALLBACK_NAME, FOLLOWED_CALLBACK_METHODS, isLogging, ITEM_METHODS, LIST_EACH } from '../analysis/clients.ts';

export interface Taint {
  rule: Rule;
  level: 'pre' | 'res';
  prefix: string;
  /** The transaction (site) the response comes from. */
  tx: string;
}

export interface FlowSummary {
  /** Exported functions whose result carries a response (awaited or not). */
  returns: Map<string, Taint>;
  /** Exported functions that call a callback parameter with a response: param index → [argument index, taint]. */
  callbacks: Map<string, Array<{ param: number; arg: number; taint: Taint }>>;
}

/** No v1 answer is deeper than this; a longer field path comes from a loop. */
const MAX_PREFIX_DEPTH = 10;
/** Distinct taints one node may carry (calls × depths a real file produces stay far below). */
const MAX_TAINTS_PER_NODE = 48;
const ERROR_PARAM = /^(err|error|e|er|ex|exc|exception|_err|_error)$/i;
const PASS_THROUGH_CALLS = new Set(['json', 'text', 'getContentText', 'toJSON', 'valueOf', 'slice', 'concat', 'reverse', 'filter', 'sort', 'flat']);

function key(t: Taint): string {
  return `${t.tx}|${t.rule.id}|${t.level}|${t.prefix}`;
}

export class Flow {
  /** Tainted expression nodes (chain roots and every step reached). */
  readonly taints = new Map<Node, Taint[]>();
  readonly summary: FlowSummary = { returns: new Map(), callbacks: new Map() };
  /**
   * Per transaction, where a response (or a whole object of it) goes that this flow does not
   * follow: a callback given by the caller, a function not seen, an object property, a return to
   * callers not seen. Code there may read v1 shapes, so the call cannot change with certainty.
   */
  readonly escapes = new Map<string, string[]>();
  private readonly queue: Array<[Node, Taint]> = [];
  private readonly boundTaints = new Map<Binding, Taint[]>();
  /** Functions whose result is tainted (local), and callback params (local). */
  private readonly fnReturns = new Map<Node, Taint[]>();
  private readonly fnCallbacks = new Map<Node, Array<{ param: number; arg: number; taint: Taint }>>();

  constructor(private readonly mod: Module) {}

  private add(node: Node, t: Taint): void {
    if (!this.bounded(node, t)) return;
    const list = this.taints.get(node) ?? [];
    const k = key(t);
    if (list.some((x) => key(x) === k)) return;
    list.push(t);
    this.taints.set(node, list);
    this.queue.push([node, t]);
  }

  /**
   * The flow stays finite: a field path deeper than any v1 answer, or a node reached by more
   * taints than calls could bring, comes from a loop (`x = x[k]`, recursion through callbacks).
   * The call it comes from is then marked as escaping (it stays v1), never followed further.
   */
  private bounded(node: Node, t: Taint): boolean {
    const depth = t.prefix ? t.prefix.split(/[.[]/).length : 0;
    if (depth > MAX_PREFIX_DEPTH || (this.taints.get(node)?.length ?? 0) >= MAX_TAINTS_PER_NODE) {
      this.escape(node, { ...t, level: 'pre', prefix: '' }, 'a loop the codemod cannot follow to its end');
      return false;
    }
    return true;
  }

  /** The response of a call (or a value known to carry one). */
  seed(node: Node, t: Taint): void {
    this.add(node, t);
  }

  /** A variable that is the response itself (`xhr` after `xhr.open(...)`). */
  seedIdentifier(id: Node, t: Taint): void {
    const b = bindingOf(this.mod, id);
    if (b) this.taintBinding(b, t);
  }

  /** Parameters of callback functions given to the call (`request(opts, (err, res, body) => ...)`, `success: fn`). */
  seedCallbacks(call: Node, t: Taint, skip: Node[] = []): void {
    const args = (call.arguments ?? []) as Node[];
    const last = args.length > 1 ? unwrapExpr(args[args.length - 1]!) : undefined;
    if (last && last.type === 'Identifier' && !skip.some((n) => unwrapExpr(n) === last)) {
      // `client.get(path, callback)`: a callback of this module is followed, one from elsewhere is not
      const b = bindingOf(this.mod, last);
      const value = declaredValue(b);
      const fn = value && unwrapExpr(value);
      if (fn && isFunction(fn)) this.taintParams(fn, t, 'all');
      else if (b?.kind === 'param' && CALLBACK_NAME.test(last.name)) this.escape(last, t, `the callback ${last.name}`);
    }
    for (const a of args) {
      const u = unwrapExpr(a);
      if (isFunction(u)) this.taintParams(u, t, 'all');
      if (u.type === 'ObjectExpression') {
        for (const p of u.properties as Node[]) {
          const name = p.key?.name ?? p.key?.value;
          const v = p.value ? unwrapExpr(p.value) : undefined;
          if (['success', 'complete', 'done', 'callback', 'onload'].includes(name) && v && isFunction(v)) this.taintParams(v, t, 'all');
        }
      }
    }
  }

  private taintParams(fn: Node, t: Taint, which: 'all' | number): void {
    const fs = this.mod.info.fnScope.get(fn);
    if (!fs) return;
    const params = fn.params as Node[];
    params.forEach((p, i) => {
      if (which !== 'all' && which !== i) return;
      // a node-style callback's first parameter is the error, never the answer (`(err, res, body)`)
      if (which === 'all' && i === 0 && params.length > 1 && p.type === 'Identifier' && ERROR_PARAM.test(p.name)) return;
      this.taintPattern(p, t);
    });
  }

  private taintPattern(p: Node, t: Taint): void {
    const u = p.type === 'AssignmentPattern' ? p.left : p;
    if (u.type === 'Identifier') {
      const b = bindingOf(this.mod, u);
      if (b) this.taintBinding(b, t);
    } else if (u.type === 'ObjectPattern') {
      for (const prop of u.properties as Node[]) {
        if (prop.type === 'RestElement') continue;
        const name = prop.key?.name ?? prop.key?.value;
        this.taintPattern(prop.value, this.step(t, name));
      }
    }
  }

  private taintBinding(b: Binding, t: Taint): void {
    const list = this.boundTaints.get(b) ?? [];
    const k = key(t);
    if (list.some((x) => key(x) === k)) return;
    if (list.length >= MAX_TAINTS_PER_NODE || (t.prefix ? t.prefix.split(/[.[]/).length : 0) > MAX_PREFIX_DEPTH) {
      this.escape(b.id, { ...t, level: 'pre', prefix: '' }, 'a loop the codemod cannot follow to its end');
      return;
    }
    list.push(t);
    this.boundTaints.set(b, list);
    for (const ref of b.refs) this.add(ref, t);
  }

  /** A whole response object (not one scalar field of it) reaches `where`, which the flow does not follow. */
  private escape(node: Node, t: Taint, where: string): void {
    if (t.level === 'res' && t.prefix !== '' && !t.prefix.endsWith('[]')) return;
    // the error of a node-style callback (`done(err)`) is not the answer
    if (node.type === 'CallExpression' && (node.arguments as Node[]).every((x) => (x.type === 'Identifier' && ERROR_PARAM.test(x.name)) || x.type === 'NullLiteral' || (x.type === 'Literal' && x.value === null))) return;
    const list = this.escapes.get(t.tx) ?? [];
    const pos = this.mod.pf.position(node.start);
    const text = `${where} (line ${pos.line})`;
    if (!list.includes(text)) list.push(text);
    this.escapes.set(t.tx, list);
  }

  /** The taint after reading a property `name` (undefined = an index into a list). */
  step(t: Taint, name: string | undefined): Taint {
    const resp = t.rule.response;
    if (t.level === 'pre') {
      if (name !== undefined && resp?.wrapper && name === resp.wrapper) return { ...t, level: 'res', prefix: '' };
      if (name === undefined && resp?.shape === 'list') return { ...t, level: 'res', prefix: '' };
      return t;
    }
    if (name === undefined) return { ...t, prefix: `${t.prefix}[]` };
    return { ...t, prefix: t.prefix ? `${t.prefix}.${name}` : name };
  }

  run(): void {
    // an index, not shift(): the queue may grow long
    for (let i = 0; i < this.queue.length; i++) {
      const [node, t] = this.queue[i]!;
      this.propagate(node, t);
    }
    this.queue.length = 0;
  }

  private propagate(node: Node, t: Taint): void {
    checkBudget();
    const pf = this.mod.pf;
    let cur = node;
    let parent = pf.parent(cur);
    // transparent wrappers
    while (parent && (parent.type === 'TSAsExpression' || parent.type === 'TSNonNullExpression' || parent.type === 'ParenthesizedExpression' || parent.type === 'TSSatisfiesExpression' || parent.type === 'ChainExpression' || parent.type === 'TypeCastExpression' || parent.type === 'TSTypeAssertion')) {
      cur = parent;
      parent = pf.parent(cur);
    }
    if (!parent) return;
    switch (parent.type) {
      case 'AwaitExpression':
      case 'YieldExpression':
        this.add(parent, t);
        return;
      case 'MemberExpression':
      case 'OptionalMemberExpression': {
        if (parent.object !== cur) return;
        const name = memberName(parent);
        const index = parent.computed && (name === undefined || /^\d+$/.test(name));
        const grand = pf.parent(parent);
        // a method call on the value
        if (grand && isCall(grand) && grand.callee === parent) {
          this.methodCall(grand, name, t);
          return;
        }
        // a list's length is a number, not a part of the v1 answer
        if (name === 'length' && !parent.computed) return;
        this.add(parent, this.step(t, index ? undefined : name));
        return;
      }
      case 'CallExpression':
      case 'OptionalCallExpression': {
        if (parent.callee === cur) return;
        const argIndex = (parent.arguments as Node[]).indexOf(cur);
        if (argIndex < 0) return;
        const name = calleeName(parent);
        if (name === 'JSON.parse' && argIndex === 0) {
          this.add(parent, t);
          return;
        }
        if (name === 'Promise.resolve') {
          this.add(parent, t);
          return;
        }
        // `$.each(list, (i, item) => …)`: the callback gets each item
        const each = name !== undefined && argIndex === 0 ? LIST_EACH[name] : undefined;
        const fn = parent.arguments[1] && unwrapExpr(parent.arguments[1]);
        if (each !== undefined && fn && isFunction(fn)) {
          this.taintParams(fn, this.step(t, undefined), each);
          return;
        }
        if (parent.callee.type === 'Identifier') this.passToFunction(parent, parent.callee, argIndex, t);
        else if (!isLogging(name ?? '')) this.escape(parent, t, `${name ?? 'a function'}()`);
        return;
      }
      case 'VariableDeclarator':
        if (parent.init === cur) this.taintPattern(parent.id, t);
        return;
      case 'AssignmentExpression':
        if (parent.right === cur && parent.left.type === 'Identifier') {
          const b = bindingOf(this.mod, parent.left);
          if (b) this.taintBinding(b, t);
        } else if (parent.right === cur) this.escape(parent, t, `the property ${this.mod.pf.text(parent.left).slice(0, 40)}`);
        return;
      case 'ObjectProperty':
      case 'Property':
        if (parent.value === cur) this.escape(parent, t, 'an object property');
        return;
      case 'ArrayExpression':
      case 'SpreadElement':
        this.escape(parent, t, 'an array or spread');
        return;
      case 'ReturnStatement':
        this.returned(cur, t);
        return;
      case 'ArrowFunctionExpression':
        if (parent.body === cur) this.returnedFrom(parent, t);
        return;
      case 'ConditionalExpression':
        if (parent.test !== cur) this.add(parent, t);
        return;
      case 'LogicalExpression':
        this.add(parent, t);
        return;
      case 'ForOfStatement':
        if (parent.right === cur) {
          const left = parent.left.type === 'VariableDeclaration' ? parent.left.declarations[0].id : parent.left;
          this.taintPattern(left, this.step(t, undefined));
        }
        return;
      case 'NewExpression':
        return;
      default:
        return;
    }
  }

  private methodCall(call: Node, name: string | undefined, t: Taint): void {
    const args = call.arguments as Node[];
    // (Angular's HttpClient: the observable's subscriber gets the body)
    if (name === 'then' || name === 'done' || name === 'success' || name === 'subscribe') {
      const fn = args[0] && unwrapExpr(args[0]);
      if (fn && isFunction(fn)) {
        this.taintParams(fn, t, 0);
        return;
      }
      this.add(call, t);
      return;
    }
    if (name === 'catch' || name === 'finally' || name === 'fail' || name === 'error') {
      this.add(call, t);
      return;
    }
    if (name && ITEM_METHODS.has(name)) {
      const fn = args[0] && unwrapExpr(args[0]);
      const item = this.step(t, undefined);
      if (fn && isFunction(fn)) this.taintParams(fn, item, 0);
      if (name === 'find' || name === 'findLast') this.add(call, item);
      else if (name === 'filter' || name === 'sort') this.add(call, t);
      return;
    }
    if (name === 'reduce') {
      const fn = args[0] && unwrapExpr(args[0]);
      if (fn && isFunction(fn)) this.taintParams(fn, this.step(t, undefined), 1);
      return;
    }
    if (name === 'on' || name === 'once') {
      const fn = args[1] && unwrapExpr(args[1]);
      if (fn && isFunction(fn)) this.taintParams(fn, t, 'all');
      return;
    }
    if (name === 'end' || name === 'pipe') return;
    if (name && PASS_THROUGH_CALLS.has(name)) {
      this.add(call, t);
      return;
    }
    // unknown method: the result may still be the response (got(...).json(), superagent chains)
    if (name === 'send' || name === 'set' || name === 'query' || name === 'type' || name === 'accept' || name === 'auth' || name === 'timeout' || name === 'promise' || name === 'body') {
      this.add(call, t);
      return;
    }
    // any other method handed a callback (`list.eachSlice(fn)`): what the callback reads is not followed
    if (!(name && FOLLOWED_CALLBACK_METHODS.has(name)) && args.some((x) => isFunction(unwrapExpr(x)))) this.escape(call, t, `the callback of .${name ?? '?'}()`);
  }

  /** `cb(null, x)` where cb is a parameter of the enclosing function; `helper(x)` where helper is ours; `resolve(x)`. */
  private passToFunction(call: Node, callee: Node, argIndex: number, t: Taint): void {
    const b = bindingOf(this.mod, callee);
    if (!b) {
      if (callee.name !== 'resolve' && callee.name !== 'String' && callee.name !== 'Number' && callee.name !== 'Boolean') this.escape(call, t, `${callee.name}()`);
      return;
    }
    if (b.kind === 'param' && b.fn && isFunction(b.fn)) {
      const fn = b.fn;
      // new Promise((resolve) => ... resolve(x))
      const owner = this.mod.pf.parent(fn);
      if (owner?.type === 'NewExpression' && owner.callee.type === 'Identifier' && owner.callee.name === 'Promise' && b.paramIndex === 0) {
        this.add(owner, t);
        return;
      }
      const list = this.fnCallbacks.get(fn) ?? [];
      if (!list.some((c) => c.param === b.paramIndex && c.arg === argIndex && key(c.taint) === key(t))) {
        list.push({ param: b.paramIndex!, arg: argIndex, taint: t });
        this.fnCallbacks.set(fn, list);
        const uses = this.callbackUses(fn, b.paramIndex!, argIndex, t);
        let exported = false;
        this.exported(fn, (name) => {
          exported = true;
          const l = this.summary.callbacks.get(name) ?? [];
          l.push({ param: b.paramIndex!, arg: argIndex, taint: t });
          this.summary.callbacks.set(name, l);
        });
        if (!uses && !exported) this.escape(call, t, `the callback ${callee.name} of a function whose callers are not seen`);
      }
      return;
    }
    // a function of this module: its parameter carries the value
    const value = declaredValue(b);
    const fn = value && unwrapExpr(value);
    if (fn && isFunction(fn)) {
      const p = (fn.params as Node[])[argIndex];
      if (p) this.taintPattern(p, t);
    } else if (!importOf(b)) this.escape(call, t, `${callee.name}()`);
  }

  /** Calls of `fn` pass a function as the callback parameter: its parameter `arg` is tainted. */
  private callbackUses(fn: Node, param: number, arg: number, t: Taint): number {
    let n = 0;
    for (const call of this.callsOf(fn)) {
      n++;
      const cb = call.arguments[param] && unwrapExpr(call.arguments[param]);
      if (cb && isFunction(cb)) this.taintParams(cb, t, arg);
      else if (cb) this.escape(call, t, `the callback ${this.mod.pf.text(cb).slice(0, 30)}`);
    }
    return n;
  }

  private returned(node: Node, t: Taint): void {
    const fn = this.enclosingFunction(node);
    if (fn) this.returnedFrom(fn, t);
  }

  private returnedFrom(fn: Node, t: Taint): void {
    const list = this.fnReturns.get(fn) ?? [];
    if (list.some((x) => key(x) === key(t))) return;
    list.push(t);
    this.fnReturns.set(fn, list);
    const calls = this.callsOf(fn);
    for (const call of calls) this.add(call, t);
    // promise executor / then callback: the outer chain already carries the value
    let exported = false;
    this.exported(fn, (name) => {
      exported = true;
      this.summary.returns.set(name, t);
    });
    // a .then(fn) callback: the then-call's result
    const parent = this.mod.pf.parent(fn);
    const thenCallback = !!parent && isCall(parent) && isMember(parent.callee) && memberName(parent.callee) === 'then';
    if (thenCallback) this.add(parent, t);
    const passed = !!parent && isCall(parent) && parent.callee !== fn;
    if (!calls.length && !exported && !thenCallback && !passed) this.escape(fn, t, 'a return to callers that are not seen');
  }

  private enclosingFunction(node: Node): Node | undefined {
    for (const a of this.mod.pf.ancestors(node)) if (isFunction(a)) return a;
    return undefined;
  }

  /** Calls of a function of this module (by its binding). */
  private callsOf(fn: Node): Node[] {
    const b = this.bindingOfFunction(fn);
    if (!b) return [];
    const out: Node[] = [];
    for (const ref of b.refs) {
      const p = this.mod.pf.parent(ref);
      if (p && isCall(p) && p.callee === ref) out.push(p);
      // obj.method(...) where obj = { method } is not followed
    }
    return out;
  }

  private bindingOfFunction(fn: Node): Binding | undefined {
    if (fn.type === 'FunctionDeclaration' && fn.id) return bindingOf(this.mod, fn.id);
    const parent = this.mod.pf.parent(fn);
    if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return bindingOf(this.mod, parent.id);
    return undefined;
  }

  /** Runs `f` with each name under which the function is exported. */
  private exported(fn: Node, f: (name: string) => void): void {
    const b = this.bindingOfFunction(fn);
    const pf = this.mod.pf;
    // export function x / export const x = () => ...
    let cur: Node | undefined = fn;
    for (let i = 0; i < 3 && cur; i++) {
      cur = pf.parent(cur);
      if (cur?.type === 'ExportNamedDeclaration') {
        if (b) f(b.name);
        return;
      }
      if (cur?.type === 'ExportDefaultDeclaration') {
        f('default');
        return;
      }
    }
    if (!b) {
      // module.exports.x = function () {}, exports.x = () => {}
      const parent = pf.parent(fn);
      if (parent?.type === 'AssignmentExpression') {
        const left = parent.left;
        if (isMember(left)) {
          const obj = left.object;
          const objName = obj.type === 'Identifier' ? obj.name : isMember(obj) && obj.object.type === 'Identifier' ? `${obj.object.name}.${memberName(obj)}` : '';
          if (objName === 'exports' || objName === 'module.exports') f(memberName(left) ?? '');
        }
      }
      return;
    }
    for (const ref of b.refs) {
      const p = pf.parent(ref);
      if (p?.type === 'ExportSpecifier') f(p.exported?.name ?? b.name);
      // module.exports = { getTicket } / { getTicket: getTicket }
      if ((p?.type === 'ObjectProperty' || p?.type === 'Property') && p.value === ref) {
        const obj = pf.parent(p);
        const asg = obj && pf.parent(obj);
        if (asg?.type === 'AssignmentExpression' && isMember(asg.left) && memberName(asg.left) === 'exports') f(p.key.name ?? p.key.value);
      }
      if (p?.type === 'AssignmentExpression' && p.right === ref && isMember(p.left)) {
        const o = p.left.object;
        if ((o.type === 'Identifier' && o.name === 'exports') || (isMember(o) && memberName(o) === 'exports')) f(memberName(p.left) ?? b.name);
        if (o.type === 'Identifier' && o.name === 'module' && memberName(p.left) === 'exports') f('default');
      }
    }
  }

  /** Seeds calls of imported functions whose summaries say they return or call back with a response. */
  seedImports(lookup: (source: string, imported: string) => { returns?: Taint; callbacks?: Array<{ param: number; arg: number; taint: Taint }> } | undefined): void {
    const pf = this.mod.pf;
    for (const b of this.mod.info.bindings) {
      const imp = importOf(b);
      if (!imp) continue;
      for (const ref of b.refs) {
        const p = pf.parent(ref);
        let call: Node | undefined;
        let name = imp.imported;
        if (p && isCall(p) && p.callee === ref) call = p;
        else if (imp.imported === '*' && p && isMember(p) && p.object === ref) {
          const g = pf.parent(p);
          if (g && isCall(g) && g.callee === p) {
            call = g;
            name = memberName(p) ?? '';
          }
        }
        if (!call || name === '*') continue;
        const s = lookup(imp.source, name);
        if (!s) continue;
        if (s.returns) this.add(call, s.returns);
        for (const cb of s.callbacks ?? []) {
          const fn = call.arguments[cb.param] && unwrapExpr(call.arguments[cb.param]);
          if (fn && isFunction(fn)) this.taintParams(fn, cb.taint, cb.arg);
        }
      }
    }
  }
}
