/**
 * The one response-flow tracer (the codemod rewrites reads along it; the audit finds its reads
 * and escapes on it, ../trace-responses.ts): where a v1 response goes, from its call through
 * `await`, `.then`, callbacks, `JSON.parse`, variables, destructuring, conditionals, array
 * iteration, returns and callbacks of functions (in this module, and through exports into the
 * modules that import them, by `FlowSummary`). Every expression reached carries a `Taint`
 * (./taint.ts): the call it comes from and how deep into the v1 shape it is. Where the value
 * leaves what is followed (a callback the caller hands in, a function not seen, an object
 * property, a return to callers not seen), the call gets an escape: code there may read v1
 * shapes, so the call cannot change with certainty.
 */
import type { Binding } from '../module.ts';
import type { Node } from '../parse.ts';
import { checkBudget } from '../budget.ts';
import { declaredValue, importOf } from '../binding-facts.ts';
import { ANSWER_CALLBACK_OPTIONS, FOLLOWED_CALLBACK_METHODS, isLogging, ITEM_METHODS, LIST_EACH } from '../clients.ts';
import { calleeName, dottedName, isCall, isFunction, isMember, isStringLiteral, isTransparent, memberName, unwrapExpr } from '../syntax.ts';
import { bindingOfFunction, callersUnseen, callsOf, enclosingFunction, exportNames, isCallersParam, isHttpReply, handedTo, isListMapping, namedCallbackOf, returnedValues, returnsIntoCall, namedFunctionOf, unfollowedCallbackArg } from './functions.ts';
import { fieldMappings, TRANSPORT } from '../../catalogue/index.ts';
import { asDocument, fieldDepth, isWholeValue, itemOf, keyedObjectOf, listOf, MAX_PREFIX_DEPTH, MAX_TAINTS_PER_NODE, stepInto, taintKey, type CallbackFlow, type FlowSummary, type Taint } from './taint.ts';
import { bindingOf, type TracedModule } from './traced-module.ts';
import { isStatusRead, statusReadOf } from './status-uses.ts';
import { isOperatorPipe, mapsInPipe, operatorEffect } from './rx-operators.ts';

/** What code does with a deferred (`Q.defer()`, `$.Deferred()`) that keeps its promise in view. */
const DEFERRED_MEMBERS = new Set(['resolve', 'reject', 'notify', 'promise']);

/** A node-style callback's error parameter (`(err, res, body)`): never the answer. */
export const ERROR_PARAM = /^(err|error|e|er|ex|exc|exception|_err|_error)$/i;
/** Where a response object holds its headers (`res.headers`, node's `rawHeaders`, superagent's `header`). */
const RESPONSE_HEADERS: ReadonlySet<string> = new Set(['headers', 'rawHeaders', 'header']);

/** Methods whose result is still the value (or a list of it): `.json()`, `.slice()`, `.filter()`. */
const PASS_THROUGH_CALLS = new Set(['json', 'text', 'getContentText', 'toJSON', 'valueOf', 'slice', 'concat', 'reverse', 'filter', 'sort', 'flat']);
/** Request-builder methods whose result is still the request (got, superagent chains). */
const CHAIN_CALLS = new Set(['send', 'set', 'query', 'type', 'accept', 'auth', 'timeout', 'promise', 'body']);
/** Wrappers the value passes through unchanged. */

/** What a module's exported function does with a response, as its summary says (for a call of it from an importing module). */
export interface ImportedFlow {
  returns?: Taint;
  callbacks?: CallbackFlow[];
}

/**
 * A place where the value leaves what the tracer follows, as a fact; each tool decides which ones
 * block its call (the codemod's decision is `escapes`):
 * - `argument`: handed to a function (not `JSON.parse`, `Promise.resolve` or a list's `each`);
 * - `method`: a method of the value called with a callback the tracer does not follow
 *   (`list.eachSlice(fn)`: not an item method, not a promise step or an event);
 * - `list`: put in an array or spread;
 * - `return`: returned from `fn` (at `from`), which `localCalls` calls of this module call;
 *   `intoCall` when fn's result becomes that of the call it is handed to, followed from there
 *   (`.then(fn)`, `ids.map(fn)`);
 * - `presence`: tested for a key v2 names otherwise or drops (`'helpdesk_ticket' in res.data`,
 *   `t.hasOwnProperty('display_id')`): no read, so no rewrite, changes that test;
 * - `merge`: a variable or expression that holds the value or another one (`t = other` after
 *   `let t = answer`, `cached ? cached : answer`, `x || answer`): its reads may be of the other value.
 */
export type Exit =
  | { kind: 'argument'; taint: Taint; call: Node }
  | { kind: 'method'; taint: Taint; call: Node }
  | { kind: 'list'; taint: Taint; node: Node }
  | { kind: 'return'; taint: Taint; fn: Node; from: Node; localCalls: number; intoCall: boolean }
  | { kind: 'presence'; taint: Taint; node: Node; key: string }
  | { kind: 'merge'; taint: Taint; node: Node; what: string }
  | { kind: 'envelope'; taint: Taint; node: Node; key: string }
  | { kind: 'property'; taint: Taint; node: Node; what: string };

/**
 * A key read at the top of a v1 answer that holds only its wrapper (`{ helpdesk_ticket: … }`): an
 * envelope the code expects around it (`body.item.helpdesk_ticket`, a proxy's or another account
 * setup's), or not this answer at all. What v2 answers there is not known. The v1 error body's
 * keys are no such read (see find-error-reads.ts).
 */
function outsideV1Answer(t: Taint, name: string): boolean {
  const resp = t.rule.response;
  if (t.level !== 'pre' || t.doc?.stage !== 'body' || t.doc.prefix.length || !resp?.wrapper || resp.shape !== 'object') return false;
  return name !== resp.wrapper && !(TRANSPORT.errorBody.v1Read as readonly string[]).includes(name);
}

/** The answer itself, not yet read into (a response stream's `data` chunk is one). */
function isStreamChunk(t: Taint): boolean {
  return t.level === 'pre' && t.prefix === '' && (!t.doc || t.doc.stage === 'raw' || t.doc.stage === 'text');
}

/**
 * A field of the resource (not the resource, not a list item) at a path deeper than any v1 answer:
 * what recursion makes of a field handed back to its own function (`page(n + 1, company.id)` with
 * `company` the resource gives `company.id.id…`). No v1 data is there, so no read of it can be a
 * v1 read; the value is dropped, not counted as a loop the flow cannot follow. The resource or a
 * list item that deep (`x = x.next` over whole values) still stops the flow and keeps its call on v1.
 */
function beyondAnswer(t: Taint): boolean {
  return fieldDepth(t) > MAX_PREFIX_DEPTH && !isWholeValue(t);
}

/** A default that holds no value to read fields of: `null`, `undefined`, `{}`, `[]`, `''`, `0`, `false`. */
function isEmptyDefault(n: Node): boolean {
  const e = unwrapExpr(n);
  if (e.type === 'NullLiteral' || (e.type === 'Identifier' && e.name === 'undefined')) return true;
  if (e.type === 'ObjectExpression') return e.properties.length === 0;
  if (e.type === 'ArrayExpression') return e.elements.length === 0;
  if (e.type === 'StringLiteral' || e.type === 'NumericLiteral' || e.type === 'BooleanLiteral' || e.type === 'Literal') return !e.value;
  if (e.type === 'TemplateLiteral') return e.expressions.length === 0 && e.quasis.every((q: Node) => !q.value?.cooked);
  return false;
}

/** An empty default, or an object of them (`{ data: [] }`): no field of the answer to read there. */
function holdsOnlyEmpty(n: Node): boolean {
  const e = unwrapExpr(n);
  if (e.type !== 'ObjectExpression' || !e.properties.length) return isEmptyDefault(e);
  return (e.properties as Node[]).every((p) => (p.type === 'ObjectProperty' || p.type === 'Property') && !p.computed && holdsOnlyEmpty(p.value));
}

/**
 * Does v2 answer the key of the value under another name, or not at all? The response wrapper (v2
 * answers the bare object), a field the catalogue renames or drops, any key of an object whose keys
 * v2 renames (custom fields).
 */
function keyChanges(t: Taint, key: string): boolean {
  if (t.level === 'pre') return key === t.rule.response?.wrapper;
  if (keyedObjectOf(t)) return true;
  const path = t.prefix ? `${t.prefix}.${key}` : key;
  return fieldMappings(t.rule, 'response').some((m) => (m.v1 === path || m.v1.startsWith(`${path}.`)) && m.v2 !== m.v1);
}

/**
 * Does an object literal that spreads a v1 answer also write a key of that answer (its wrapper or
 * one of its fields), or spread another object? Then a read of the copy may be the code's own
 * value, not the answer's.
 */
function setsAnswerKeys(obj: Node, t: Taint): boolean {
  const keys = new Set(fieldMappings(t.rule, 'response').map((m) => m.v1.split(/[.[]/)[0]!));
  if (t.rule.response?.wrapper) keys.add(t.rule.response.wrapper);
  const props = obj.properties as Node[];
  // (a second spread may bring any key too)
  if (props.filter((p) => p.type === 'SpreadElement').length > 1) return true;
  return props.some((p) => p.type !== 'SpreadElement' && (p.computed || keys.has(p.key?.name ?? String(p.key?.value))));
}

export class ResponseTracer {
  /** Every expression reached (chain roots and every step), with the taints it carries. */
  readonly taints = new Map<Node, Taint[]>();
  /** This module's exported functions that hand a response to their callers. */
  readonly summary: FlowSummary = { returns: new Map(), callbacks: new Map() };
  /** Per call (`Taint.tx`), where its response goes that this tracer does not follow. */
  readonly escapes = new Map<string, string[]>();
  /** The entries of `escapes` that go to the code's own callers (see CallInfo.callerEscapes). */
  readonly callerEscapes = new Map<string, string[]>();
  /** Per call in `escapes`, its rule (the call may be another module's, its response imported). */
  readonly escapeRules = new Map<string, Taint['rule']>();
  /** Every place a value leaves what is followed, in the order reached. */
  readonly exits: Exit[] = [];
  /**
   * Properties of object patterns the value is destructured by (`const { display_id } = ticket`,
   * `({ subject }) => …`), with the taint of the object: reads as much as `ticket.display_id`.
   */
  readonly patternReads: Array<{ prop: Node; taint: Taint }> = [];
  private readonly patternKeys = new Set<string>();
  private readonly queue: Array<[Node, Taint]> = [];
  private readonly boundTaints = new Map<Binding, Taint[]>();
  /** The other side of each choice the value is one side of (`cached ? cached : answer`). */
  private readonly choices: Array<{ other: Node; t: Taint }> = [];
  /** Lists joined to a list of answers (`answers.concat(others)`). */
  private readonly joined: Array<{ other: Node; t: Taint }> = [];
  /** What a `.catch(fn)` of the answer returns instead (`.catch(() => ({ data: [] }))`). */
  private readonly fallbacks: Array<{ other: Node; t: Taint }> = [];
  /** Variables that are the request object itself (`xhr`), seeded whole. */
  private readonly carriers = new Set<Binding>();
  /** Functions whose result is tainted (local), and callback params (local). */
  private readonly fnReturns = new Map<Node, Taint[]>();
  private readonly fnCallbacks = new Map<Node, CallbackFlow[]>();

  constructor(private readonly mod: TracedModule) {}

  /** The response of a call (or a value known to carry one). */
  seed(node: Node, t: Taint): void {
    this.add(node, t);
  }

  /** A variable that is the response itself (`xhr` after `xhr.open(...)`). */
  seedIdentifier(id: Node, t: Taint): void {
    const b = bindingOf(this.mod, id);
    if (!b) return;
    // (the object carries the answer once the request is sent on it: its initialiser is no other value)
    this.carriers.add(b);
    this.taintBinding(b, t);
  }

  /** Parameters of callback functions given to the call (`request(opts, (err, res, body) => ...)`, `success: fn`). */
  seedCallbacks(call: Node, t: Taint, skip: Node[] = [], client?: string): void {
    const args = (call.arguments ?? []) as Node[];
    const last = args.length > 1 ? unwrapExpr(args[args.length - 1]!) : undefined;
    if (last && last.type === 'Identifier' && !skip.some((n) => unwrapExpr(n) === last)) {
      const fn = this.namedCallback(call);
      if (fn) this.taintParams(fn, t, 'all');
    }
    // a callback this module does not show (`cb`, an import, `this.onTicket`, `handler.bind(this)`)
    const unseen = unfollowedCallbackArg(this.mod, call, skip, client);
    if (unseen) {
      const b = unseen.type === 'Identifier' ? bindingOf(this.mod, unseen) : undefined;
      this.escape(unseen, t, `the callback ${this.mod.tree.text(unseen).slice(0, 40)}`, isCallersParam(this.mod, b));
    }
    for (const a of args) {
      const u = unwrapExpr(a);
      if (isFunction(u)) this.taintParams(u, t, 'all');
      if (u.type === 'ObjectExpression') {
        for (const p of u.properties as Node[]) {
          const name = p.key?.name ?? p.key?.value;
          const v = p.value ? unwrapExpr(p.value) : undefined;
          if (ANSWER_CALLBACK_OPTIONS.has(name) && v && isFunction(v)) this.taintParams(v, t, 'all');
        }
      }
    }
  }

  /** See namedCallbackOf (./functions.ts). */
  namedCallback(call: Node): Node | undefined {
    return namedCallbackOf(this.mod, call);
  }

  /** Seeds calls of imported functions whose summaries say they return or call back with a response. */
  seedImports(lookup: (source: string, imported: string) => ImportedFlow | undefined): void {
    const tree = this.mod.tree;
    for (const b of this.mod.info.bindings) {
      const imp = importOf(b);
      if (!imp) continue;
      for (const ref of b.refs) {
        const p = tree.parent(ref);
        let call: Node | undefined;
        let name = imp.imported;
        if (p && isCall(p) && p.callee === ref) call = p;
        else if (imp.imported === '*' && p && isMember(p) && p.object === ref) {
          const g = tree.parent(p);
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

  /**
   * Does any code hold call `tx`'s answer (after `run`)? Not when the call's value is a statement
   * of its own (`await api.put(…);`, `request(opts, (err) => …)`), no code reads a parameter that
   * took it, and it left nowhere: then no read anywhere, traced or not, can be of this answer.
   */
  answerHeld(call: Node, tx: string): boolean {
    const own = new Set<Node>([call]);
    let cur = call;
    let p = this.mod.tree.parent(cur);
    while (p && (isTransparent(p) || p.type === 'AwaitExpression')) {
      own.add(p);
      cur = p;
      p = this.mod.tree.parent(cur);
    }
    if (p?.type !== 'ExpressionStatement') return true;
    if (this.exits.some((e) => e.taint.tx === tx)) return true;
    for (const [node, list] of this.taints) if (!own.has(node) && list.some((x) => x.tx === tx)) return true;
    return false;
  }

  /** Follows every seed to its end. */
  run(): void {
    // an index, not shift(): the queue may grow long
    for (let i = 0; i < this.queue.length; i++) {
      const [node, t] = this.queue[i]!;
      this.propagate(node, t);
    }
    this.queue.length = 0;
    this.checkMerges();
  }

  /**
   * Every value a variable (its initialiser, each plain assignment, the list of a `for…of`) or a
   * choice (`c ? a : b`, `a || b`, `a ?? b`) may hold must be the same call's answer, or an empty
   * default (`null`, `{}`, `''`): otherwise a read of it may be of the other value, which no rewrite
   * for v2 may change (`let t = answer; …; t = other; t.display_id`).
   */
  private checkMerges(): void {
    const sources = (b: Binding): Node[] => {
      const out: Node[] = [];
      if (b.init && !b.path && (b.kind === 'param' || /^(var|let|const)$/.test(b.kind))) out.push(b.init);
      for (const w of b.writes) {
        if (w.type === 'AssignmentExpression' && w.operator === '=' && w.left.type === 'Identifier') out.push(w.right);
        else if (w.type === 'ForOfStatement' || w.type === 'ForInStatement') out.push(w.right);
      }
      // a parameter: what each call of its function by name hands it (`render(cached)` beside `render(answer)`)
      if (b.kind === 'param' && b.fn && b.paramIndex !== undefined) {
        for (const call of callsOf(this.mod, b.fn)) {
          const arg = (call.arguments as Node[])[b.paramIndex];
          if (arg && arg.type !== 'SpreadElement') out.push(arg);
        }
      }
      return out;
    };
    for (const [b, taints] of this.boundTaints) {
      if (this.carriers.has(b) || !this.readsFields(b)) continue;
      for (const t of taints) {
        const other = sources(b).find((n) => !this.carries(n, t.tx) && !isEmptyDefault(n));
        if (!other) continue;
        const fn = b.kind === 'param' && b.fn ? bindingOfFunction(this.mod, b.fn)?.name : undefined;
        this.merged(other, t, b.kind === 'param' ? `the parameter ${b.name}${fn ? ` of ${fn}()` : ''}, given another value too` : `the variable ${b.name}, which also holds another value`);
      }
    }
    for (const { other, t } of this.choices) if (!this.carries(other, t.tx) && !isEmptyDefault(other)) this.merged(other, t, 'a choice between it and another value');
    for (const { other, t } of this.joined) if (!this.carries(other, t.tx) && !holdsOnlyEmpty(other)) this.merged(other, t, 'a list .concat() joins to it');
    // what a `.catch` handler gives instead of the answer: a call's answer of the same rule has the
    // same shape and moves with it; nothing, a rejection or a log line give no value to read; any
    // other value (a stand-in, another API's answer, what a `.then` builds from one) may be read
    // as the v1 answer is
    for (const { other, t } of this.fallbacks) {
      // (a stand-in for one field read from the answer is a value like it: `.catch(() => 'unknown')`)
      if (!isWholeValue(t) && !keyedObjectOf(t)) continue;
      const e = unwrapExpr(other.type === 'AwaitExpression' ? other.argument : other);
      const sameShape = this.taints.get(e)?.some((x) => x.rule.id === t.rule.id && !x.prefix && x.level === t.level);
      const name = isCall(e) ? (calleeName(e) ?? '') : '';
      const noValue = name === 'Promise.reject' || isLogging(name) || e.type === 'UnaryExpression';
      if (!sameShape && !noValue && !holdsOnlyEmpty(e)) this.merged(other, t, 'a value the .catch() handler gives instead');
    }
  }

  /**
   * Does code read a field of the name? Not when its only uses test the status (`function ok(r) {
   * return r.status === 200 }`): whatever else it holds, no rewrite of a read happens there (see
   * sharedTestFunction).
   */
  private readsFields(b: Binding): boolean {
    return b.refs.some((r) => {
      let cur = r;
      let p = this.mod.tree.parent(cur);
      while (p && isTransparent(p)) {
        cur = p;
        p = this.mod.tree.parent(cur);
      }
      return !(p && statusReadOf(cur, p, this.mod.tree.parent(p)));
    });
  }

  /** The answer goes where the flow does not follow it (a property stored, a field read by a name): an exit and an escape. */
  private unfollowed(node: Node, t: Taint, what: string): void {
    this.exits.push({ kind: 'property', taint: t, node, what });
    this.escape(node, t, what);
  }

  private merged(node: Node, t: Taint, what: string): void {
    if (this.exits.some((x) => x.kind === 'merge' && x.node === node && x.taint.tx === t.tx)) return;
    this.exits.push({ kind: 'merge', taint: t, node, what });
    this.escape(node, t, what);
  }

  /** Does the expression carry the answer of call `tx` (seen through parentheses and type casts)? */
  private carries(node: Node, tx: string): boolean {
    let n = node;
    while (isTransparent(n) && n.expression) n = n.expression;
    return !!this.taints.get(n)?.some((x) => x.tx === tx);
  }

  /** `t` null: the value is no v1 document there (a document step the audit does not follow). */
  private add(node: Node, t: Taint | null): void {
    if (!t || !this.bounded(node, t)) return;
    const list = this.taints.get(node) ?? [];
    const k = taintKey(t);
    if (list.some((x) => taintKey(x) === k)) return;
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
    if (beyondAnswer(t)) return false;
    if (fieldDepth(t) > MAX_PREFIX_DEPTH || (this.taints.get(node)?.length ?? 0) >= MAX_TAINTS_PER_NODE) {
      this.escape(node, { ...t, level: 'pre', prefix: '' }, 'a loop the codemod cannot follow to its end');
      return false;
    }
    return true;
  }

  /** A parameter of a function holds the value (a callback the call itself takes: `(err, res, body) => …`). */
  seedParam(fn: Node, index: number, t: Taint): void {
    const p = fn?.params?.[index];
    if (p && this.mod.info.fnScope.get(fn)) this.taintPattern(p, t);
  }

  private taintParams(fn: Node, t: Taint | null, which: 'all' | number): void {
    if (!t) return;
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

  private taintPattern(p: Node, t: Taint | null): void {
    if (!t) return;
    const u = p.type === 'AssignmentPattern' ? p.left : p;
    if (u.type === 'Identifier') {
      const b = bindingOf(this.mod, u);
      if (b) this.taintBinding(b, t);
    } else if (u.type === 'ObjectPattern') {
      for (const prop of u.properties as Node[]) {
        // `{ display_id, ...rest }`: the rest is the same object less some keys
        if (prop.type === 'RestElement') {
          this.taintPattern(prop.argument, t);
          continue;
        }
        const name = prop.computed ? (typeof prop.key?.value === 'string' ? prop.key.value : undefined) : prop.key?.name ?? prop.key?.value;
        if (prop.computed && name === undefined && this.keyHeldByName(prop.key)) {
          this.unfollowed(prop, t, `[${this.mod.tree.text(prop.key)}], a field taken through a name`);
          continue;
        }
        const k = `${prop.start}|${taintKey(t)}`;
        if (!this.patternKeys.has(k)) {
          this.patternKeys.add(k);
          this.patternReads.push({ prop, taint: t });
        }
        this.taintPattern(prop.value, stepInto(t, name));
      }
    } else if (u.type === 'ArrayPattern') {
      // `const [first] = res.data`: each element is an item of the list, a rest element the list
      for (const el of u.elements as Array<Node | null>) {
        if (!el) continue;
        if (el.type === 'RestElement') this.taintPattern(el.argument, t);
        else this.taintPattern(el, itemOf(t));
      }
    }
  }

  private taintBinding(b: Binding, t: Taint): void {
    const list = this.boundTaints.get(b) ?? [];
    const k = taintKey(t);
    if (list.some((x) => taintKey(x) === k)) {
      // (the audit follows a place two calls' answers reach once, for the first: the other call's
      // answer is merged there all the same, as the first call's merge check says of it)
      if (!list.some((x) => x.tx === t.tx) && this.readsFields(b)) this.merged(b.id, t, `${b.kind === 'param' ? 'the parameter' : 'the variable'} ${b.name}, which another call's answer reaches too`);
      return;
    }
    if (beyondAnswer(t)) return;
    if (list.length >= MAX_TAINTS_PER_NODE || fieldDepth(t) > MAX_PREFIX_DEPTH) {
      this.escape(b.id, { ...t, level: 'pre', prefix: '' }, 'a loop the codemod cannot follow to its end');
      return;
    }
    list.push(t);
    this.boundTaints.set(b, list);
    for (const ref of b.refs) this.add(ref, t);
  }

  /** A test for a key of the value (`'helpdesk_ticket' in res.data`): an exit when v2 names that key otherwise or drops it. */
  private presence(node: Node, key: string, t: Taint): void {
    if (!keyChanges(t, key)) return;
    this.exits.push({ kind: 'presence', taint: t, node, key });
    this.escape(node, t, `a test for the ${key} key`);
  }

  /**
   * A whole response object (not one scalar field of it) reaches `where`, which the tracer does not
   * follow. `toCallers`: the code's own callers (see CallInfo.callerEscapes), kept in `callerEscapes` too.
   */
  /** A key written as a name that holds a string for good (`var ENVELOPE = 'user'`), not an index. */
  private keyHeldByName(key: Node): boolean {
    const k = unwrapExpr(key);
    if (k?.type !== 'Identifier') return false;
    const b = bindingOf(this.mod, k);
    const v = b && !b.writes.length ? declaredValue(b) : undefined;
    const u = v && unwrapExpr(v);
    return !!u && (u.type === 'StringLiteral' || (u.type === 'Literal' && typeof u.value === 'string'));
  }

  private escape(node: Node, t: Taint, where: string, toCallers = false): void {
    if (!isWholeValue(t)) return;
    // the error of a node-style callback (`done(err)`) is not the answer
    if (node.type === 'CallExpression' && (node.arguments as Node[]).every((x) => (x.type === 'Identifier' && ERROR_PARAM.test(x.name)) || x.type === 'NullLiteral' || (x.type === 'Literal' && x.value === null))) return;
    const list = this.escapes.get(t.tx) ?? [];
    const text = `${where} (line ${this.mod.tree.position(node.start).line})`;
    if (!list.includes(text)) list.push(text);
    this.escapes.set(t.tx, list);
    if (toCallers) {
      const own = this.callerEscapes.get(t.tx) ?? [];
      if (!own.includes(text)) own.push(text);
      this.callerEscapes.set(t.tx, own);
    }
    this.escapeRules.set(t.tx, t.rule);
  }

  /** One step from an expression holding the value to the expression around it. */
  private propagate(node: Node, t: Taint): void {
    checkBudget();
    const tree = this.mod.tree;
    let cur = node;
    let parent = tree.parent(cur);
    while (parent && isTransparent(parent)) {
      cur = parent;
      parent = tree.parent(cur);
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
        const grand = tree.parent(parent);
        // a method call on the value
        if (grand && isCall(grand) && grand.callee === parent) {
          this.methodCall(grand, name, t);
          return;
        }
        // a list's length is a number, not a part of the v1 answer; nor are the response's headers
        // (`res.headers['retry-after']`: no v1 answer has such a key above its wrapper)
        if (name === 'length' && !parent.computed) return;
        if (t.level === 'pre' && (!t.doc || ((t.doc.stage === 'raw' || t.doc.stage === 'maybe') && !t.doc.prefix.length)) && name !== undefined && RESPONSE_HEADERS.has(name)) return;
        // `body[ENVELOPE]` with `var ENVELOPE = 'user'`: a field read by a name neither tool rewrites
        if (index && this.keyHeldByName(parent.property)) {
          this.unfollowed(parent, t, `[${this.mod.tree.text(parent.property)}], a field read through a name`);
          return;
        }
        if (name !== undefined && !index && outsideV1Answer(t, name)) {
          this.exits.push({ kind: 'envelope', taint: t, node: parent, key: name });
          this.escape(parent, t, `.${name}, a key the v1 answer does not have`);
          return;
        }
        this.add(parent, stepInto(t, index ? undefined : name));
        return;
      }
      case 'CallExpression':
      case 'OptionalCallExpression': {
        if (parent.callee === cur) return;
        const argIndex = (parent.arguments as Node[]).indexOf(cur);
        if (argIndex < 0) return;
        // a status handed on (`[403, 503].indexOf(r.status)`) is no part of the answer: status-uses.ts
        // judges it (the audit's document depth stops at the status the same way)
        if (!t.doc && t.level === 'pre' && t.prefix === '' && isStatusRead(cur)) return;
        const name = calleeName(parent);
        // what a `map(fn)` of an RxJS pipe gives goes on to the pipe's next operators
        if (isMember(parent.callee) && memberName(parent.callee) === 'pipe' && isCall(cur) && isOperatorPipe(parent)) {
          this.throughOperators(parent, argIndex + 1, t);
          return;
        }
        // an observable's value as a promise (rxjs 7)
        if ((name === 'firstValueFrom' || name === 'lastValueFrom') && argIndex === 0) {
          this.add(parent, t);
          return;
        }
        if (name === 'JSON.parse' && argIndex === 0) {
          this.add(parent, asDocument(t, { stage: 'body', prefix: [] }));
          return;
        }
        // (`Promise.all(ids.map(get))`: a promise of the same list)
        if (name === 'Promise.resolve' || (name === 'Promise.all' && argIndex === 0 && !!t.lists)) {
          this.add(parent, t);
          return;
        }
        // a copy of the list (`Array.from(list)`; with a callback, LIST_EACH below)
        if ((name === 'Array.from' || name === 'Array.prototype.slice.call') && argIndex === 0 && parent.arguments.length === 1) {
          this.add(parent, t);
          return;
        }
        // `$.each(list, (i, item) => …)`: the callback gets each item
        const each = name !== undefined && argIndex === 0 ? LIST_EACH[name] : undefined;
        const fn = parent.arguments[1] && unwrapExpr(parent.arguments[1]);
        if (each !== undefined && fn && isFunction(fn)) {
          this.taintParams(fn, itemOf(t), each);
          return;
        }
        if (argIndex === 0 && this.resolvesDeferred(parent, t)) return;
        if (argIndex === 0 && isStreamChunk(t) && this.gathersChunks(parent, t)) return;
        this.exits.push({ kind: 'argument', taint: t, call: parent });
        if (parent.callee.type === 'Identifier') this.passToFunction(parent, parent.callee, argIndex, t);
        else if (!isLogging(name ?? '')) this.escape(parent, t, `${name ?? 'a function'}()`, isHttpReply(this.mod, parent.callee));
        return;
      }
      case 'VariableDeclarator':
        if (parent.init === cur) this.taintPattern(parent.id, t);
        return;
      case 'AssignmentExpression':
        // `res.on('data', (chunk) => { body += chunk })`: the variable gathers the answer's text
        if (parent.operator === '+=' && parent.right === cur && parent.left.type === 'Identifier' && isStreamChunk(t)) {
          const b = bindingOf(this.mod, parent.left);
          const text = asDocument(t, { stage: 'text', prefix: [] });
          if (b && text) this.taintBinding(b, text);
          return;
        }
        if (parent.right === cur && parent.left.type === 'Identifier') {
          const b = bindingOf(this.mod, parent.left);
          if (b) this.taintBinding(b, t);
        } else if (parent.right === cur) this.unfollowed(parent, t, `the property ${tree.text(parent.left).slice(0, 40)}`);
        return;
      case 'ObjectProperty':
      case 'Property':
        if (parent.value === cur) this.unfollowed(parent, t, 'an object property');
        return;
      // `ticket$ = this.http.get(…).pipe(shareReplay(1))`: a class field, read through `this` or by
      // a component's template, neither of which the flow follows
      case 'ClassProperty':
      case 'ClassPrivateProperty':
      case 'PropertyDefinition':
      case 'ClassAccessorProperty':
        if (parent.value === cur) this.unfollowed(parent, t, `the class field ${tree.text(parent.key).slice(0, 40)}`);
        return;
      case 'ArrayExpression':
      case 'SpreadElement': {
        // `const [c, g] = await Promise.all([getContact(), getGroup()])`: each answer to its element
        if (parent.type === 'ArrayExpression' && this.tupleElement(parent, cur, t)) return;
        // `{ ...ticket, fetched: now }`: a copy of the object, read as the object is
        const copy = parent.type === 'SpreadElement' ? tree.parent(parent) : undefined;
        if (copy?.type === 'ObjectExpression' && isWholeValue(t) && !setsAnswerKeys(copy, t)) {
          this.add(copy, t);
          return;
        }
        this.exits.push({ kind: 'list', taint: t, node: parent });
        this.escape(parent, t, 'an array or spread');
        return;
      }
      case 'ReturnStatement': {
        const fn = enclosingFunction(this.mod, cur);
        if (fn) this.returnedFrom(fn, t, parent);
        return;
      }
      case 'ArrowFunctionExpression':
        if (parent.body === cur) this.returnedFrom(parent, t, cur);
        return;
      case 'ConditionalExpression':
        if (parent.test === cur) return;
        this.choices.push({ other: parent.consequent === cur ? parent.alternate : parent.consequent, t });
        this.add(parent, t);
        return;
      case 'LogicalExpression':
        // `res && res.status` is `res` only when `res` is falsy: no answer then
        if (parent.operator === '&&' && parent.left === cur) return;
        if (parent.operator !== '&&') this.choices.push({ other: parent.left === cur ? parent.right : parent.left, t });
        this.add(parent, t);
        return;
      case 'BinaryExpression':
        if (parent.operator === 'in' && parent.right === cur && isStringLiteral(parent.left)) this.presence(parent, String(parent.left.value), t);
        return;
      case 'ForOfStatement':
        if (parent.right === cur) {
          const left = parent.left.type === 'VariableDeclaration' ? parent.left.declarations[0].id : parent.left;
          this.taintPattern(left, itemOf(t));
        }
        return;
      default:
        return;
    }
  }

  private methodCall(call: Node, name: string | undefined, t: Taint): void {
    const args = call.arguments as Node[];
    // a method handed a callback whose reads are not followed (`list.eachSlice(fn)`)
    const unfollowed = !(name && (ITEM_METHODS.has(name) || FOLLOWED_CALLBACK_METHODS.has(name))) && args.some((x) => isFunction(unwrapExpr(x)));
    // a key test (`t.hasOwnProperty('display_id')`) is a presence test; any other method asked of an
    // object whose keys v2 renames (`cf.propertyIsEnumerable(k)`) reads its v1 key names where no read is seen
    const keyTest = name === 'hasOwnProperty' && !!args[0] && isStringLiteral(unwrapExpr(args[0]));
    if (keyTest) this.presence(call, String(unwrapExpr(args[0]!).value), t);
    else if (unfollowed || keyedObjectOf(t)) this.exits.push({ kind: 'method', taint: t, call });
    // (Angular's HttpClient: the observable's subscriber gets the body)
    if (name === 'then' || name === 'done' || name === 'success' || name === 'subscribe') {
      const a0 = args[0] && unwrapExpr(args[0]);
      // (a handler named there and used nowhere else is followed as if written there: `.then(onOk)`)
      const fn = a0 && (isFunction(a0) ? a0 : namedFunctionOf(this.mod, a0));
      // any other handler (a parameter, an import, a method, one used elsewhere too) reads the
      // answer where it is not seen (a field read from it is a value: `.then(console.log)` of an id)
      if (a0 && !fn && !isEmptyDefault(a0) && !isLogging(dottedName(a0) ?? '')) {
        if (!isWholeValue(t) && !keyedObjectOf(t)) return;
        const b = a0.type === 'Identifier' ? bindingOf(this.mod, a0) : undefined;
        this.exits.push({ kind: 'method', taint: t, call });
        this.escape(call, t, `the callback ${this.mod.tree.text(a0).slice(0, 30)} of .${name}()`, isCallersParam(this.mod, b));
        return;
      }
      if (fn) {
        // (jQuery's `done`/`success` get the parsed document)
        const arg = (name === 'done' || name === 'success') && t.doc?.stage === 'raw' ? asDocument(t, { ...t.doc, stage: 'body' }) : t;
        this.taintParams(fn, arg, 0);
        // AngularJS's legacy `.success(function (data, status) { … })` gives the status beside the
        // body (jQuery its text): a status used there is not followed, so the call stays on v1
        const status = (name === 'done' || name === 'success') && t.level === 'pre' && t.prefix === '' ? (fn.params as Node[])[1] : undefined;
        const sb = status?.type === 'Identifier' ? bindingOf(this.mod, status) : undefined;
        // (a status only written to a log is no use: `$log.debug('loaded', status)`)
        // (or into the text of one: `$log.info('loaded with HTTP ' + status)`)
        const logged = (r: Node) => {
          let at = r;
          let up = this.mod.tree.parent(r);
          while (up && ((up.type === 'BinaryExpression' && up.operator === '+') || up.type === 'TemplateLiteral' || isTransparent(up))) {
            at = up;
            up = this.mod.tree.parent(up);
          }
          return !!up && isCall(up) && up.callee !== at && isLogging(calleeName(up) ?? '');
        };
        if (sb && sb.refs.some((r) => r !== status && !logged(r))) this.unfollowed(call, t, `the status parameter ${status.name} of .${name}()`);
        return;
      }
      this.add(call, t);
      return;
    }
    // Bluebird's `.spread((res, body) => …)` of a request promisified with `multiArgs: true`: the
    // response and the body (only the promise of a request's answer is such a pair)
    if (name === 'spread') {
      const fn = args[0] && unwrapExpr(args[0]);
      // (the codemod's taints carry no document depth: there both are the answer)
      const pair = t.level === 'pre' && t.prefix === '' && (!t.doc || (t.doc.stage === 'maybe' && !t.doc.prefix.length));
      if (fn && isFunction(fn) && pair) {
        const res = asDocument(t, { stage: 'raw', prefix: [] });
        const body = asDocument(t, { stage: 'body', prefix: [] });
        if (res) this.taintParams(fn, res, 0);
        if (body) this.taintParams(fn, body, 1);
        return;
      }
      this.exits.push({ kind: 'method', taint: t, call });
      this.escape(call, t, `the callback of .spread()`);
      return;
    }
    if (name === 'catch' || name === 'finally' || name === 'fail' || name === 'error') {
      const a0 = args[0] && unwrapExpr(args[0]);
      const fn = name === 'catch' && a0 ? (isFunction(a0) ? a0 : namedFunctionOf(this.mod, a0)) : undefined;
      if (fn) for (const r of returnedValues(fn)) this.fallbacks.push({ other: r, t });
      this.add(call, t);
      return;
    }
    if (name && ITEM_METHODS.has(name)) {
      const arg = args[0] && unwrapExpr(args[0]);
      // a function written there, or named there and used nowhere else (`rows.map(nameOf)`)
      const fn = arg && (isFunction(arg) ? arg : namedFunctionOf(this.mod, arg));
      const item = itemOf(t);
      // (what is not a list of documents is not iterated: the text of a response)
      if (!item) return;
      // (a function the flow does not follow gets the items: what it reads is not seen)
      if (arg && !fn) {
        this.exits.push({ kind: 'method', taint: t, call });
        this.escape(call, item, `the callback ${this.mod.tree.text(arg).slice(0, 30)} of .${name}()`);
      }
      if (fn) this.taintParams(fn, item, 0);
      // (a comparator gets two items: `sort((a, b) => a.group.name.localeCompare(b.group.name))`)
      if (fn && (name === 'sort' || name === 'toSorted')) this.taintParams(fn, item, 1);
      if (name === 'find' || name === 'findLast') this.add(call, item);
      else if (name === 'filter' || name === 'sort' || name === 'toSorted') this.add(call, t);
      return;
    }
    if (name === 'reduce') {
      const arg = args[0] && unwrapExpr(args[0]);
      const fn = arg && (isFunction(arg) ? arg : namedFunctionOf(this.mod, arg));
      if (arg && !fn && itemOf(t)) {
        this.exits.push({ kind: 'method', taint: t, call });
        this.escape(call, t, `the callback ${this.mod.tree.text(arg).slice(0, 30)} of .reduce()`);
      }
      if (fn) this.taintParams(fn, itemOf(t), 1);
      return;
    }
    // superagent's `.retry(count, (err, res) => …)` asks its callback whether to send again: the
    // callback sees the response (its status), the chain goes on with the answer
    if (name === 'retry') {
      const fn = (args as Node[]).map((x) => unwrapExpr(x)).find((x) => isFunction(x));
      if (fn) this.taintParams(fn, t, 1);
      this.add(call, t);
      return;
    }
    if (name === 'on' || name === 'once') {
      const fn = args[1] && unwrapExpr(args[1]);
      if (fn && isFunction(fn)) this.taintParams(fn, t, 'all');
      return;
    }
    // an RxJS pipe: the answer goes through its operators (`.pipe(map((r) => r.x), retry(2))`)
    if (name === 'pipe' && isOperatorPipe(call)) {
      this.throughOperators(call, 0, t);
      return;
    }
    // (an observable's promise: `obs.toPromise()`, rxjs 6)
    if (name === 'toPromise') {
      this.add(call, t);
      return;
    }
    if (name === 'end' || name === 'pipe') return;
    // one item of the list (`list.at(-1)`, `list.pop()`), or the list itself or a copy (`toReversed()`)
    if ((name === 'at' || name === 'pop' || name === 'shift') && itemOf(t)) {
      this.add(call, itemOf(t));
      return;
    }
    if ((name === 'toReversed' || name === 'splice' || name === 'toSpliced') && itemOf(t)) {
      this.add(call, t);
      return;
    }
    // `for (const [i, row] of list.entries())`: each pair's second element is an item; `values()` is the list
    if (name === 'values' && !args.length && itemOf(t)) {
      this.add(call, t);
      return;
    }
    if (name === 'entries' && !args.length && itemOf(t)) {
      const loop = this.mod.tree.parent(call);
      const left = loop?.type === 'ForOfStatement' && loop.right === call ? (loop.left.type === 'VariableDeclaration' ? loop.left.declarations[0].id : loop.left) : undefined;
      if (left?.type === 'ArrayPattern') {
        const item = left.elements[1];
        if (item && item.type !== 'RestElement') this.taintPattern(item, itemOf(t));
      } else this.unfollowed(call, t, `the pairs of .entries()`);
      return;
    }
    if (name === 'json') {
      // the parsed body of a fetch-style response
      this.add(call, asDocument(t, t.doc?.stage === 'raw' ? { stage: 'body', prefix: [] } : null));
      return;
    }
    if (name === 'text' || name === 'getContentText') {
      this.add(call, asDocument(t, t.doc?.stage === 'raw' ? { stage: 'text', prefix: [] } : null));
      return;
    }
    if (name && PASS_THROUGH_CALLS.has(name)) {
      // (`a.concat(b)`: b's items join a's, and a read of the result may be of them)
      if (name === 'concat') for (const x of args) this.joined.push({ other: x, t });
      this.add(call, t);
      return;
    }
    // unknown method: the result may still be the response (got(...).json(), superagent chains)
    if (name && CHAIN_CALLS.has(name)) {
      this.add(call, t);
      return;
    }
    if (unfollowed) this.escape(call, t, `the callback of .${name ?? '?'}()`);
  }

  /**
   * `chunks.push(chunk)` of a response stream's chunk, into a list of this function used nowhere
   * but there and in `Buffer.concat(chunks)` / `chunks.join('')`: those give the answer's text.
   */
  private gathersChunks(call: Node, t: Taint): boolean {
    const callee = call.callee;
    if (!isMember(callee) || memberName(callee) !== 'push' || callee.object.type !== 'Identifier' || call.arguments.length !== 1) return false;
    const b = bindingOf(this.mod, callee.object);
    if (!b || b.writes.length) return false;
    const joins: Node[] = [];
    for (const ref of b.refs) {
      const up = this.mod.tree.parent(ref);
      if (up === callee) continue;
      if (isMember(up) && up.object === ref && memberName(up) === 'push') continue;
      const upCall = up && this.mod.tree.parent(up);
      if (isMember(up) && up.object === ref && memberName(up) === 'join' && upCall?.type === 'CallExpression' && upCall.callee === up) joins.push(upCall);
      else if (up?.type === 'CallExpression' && up.arguments[0] === ref && calleeName(up) === 'Buffer.concat') joins.push(up);
      else if (ref !== b.id) return false;
    }
    const text = asDocument(t, { stage: 'text', prefix: [] });
    if (!joins.length || !text) return false;
    for (const j of joins) this.add(j, text);
    return true;
  }

  /**
   * `d.resolve(x)` of a deferred made here, never replaced and resolved nowhere else (`d = Q.defer()`,
   * `$q.defer()`, `$.Deferred()`): what its promise (`d.promise`, `d.promise()`) carries, as
   * `new Promise`'s `resolve(x)` is the promise's. False when no promise of it is read here.
   */
  private resolvesDeferred(call: Node, t: Taint): boolean {
    const callee = call.callee;
    if (!isMember(callee) || memberName(callee) !== 'resolve' || callee.object.type !== 'Identifier') return false;
    const b = bindingOf(this.mod, callee.object);
    const init = declaredValue(b);
    const made = init && unwrapExpr(init);
    const maker = made && (isCall(made) || made.type === 'NewExpression') ? (calleeName(made) ?? '') : '';
    if (!b || b.writes.length || !/(^|\.)(defer|Deferred)$/.test(maker)) return false;
    // (a deferred handed elsewhere, `track(d)`, has readers of its promise this module does not see)
    const uses = b.refs.map((r) => [r, this.mod.tree.parent(r)] as const);
    if (!uses.every(([r, p]) => p && isMember(p) && p.object === r && DEFERRED_MEMBERS.has(memberName(p) ?? ''))) return false;
    // (resolved in another place too, `d.resolve(cache[id])`: its promise may carry another value)
    if (uses.filter(([, p]) => memberName(p!) === 'resolve').length !== 1) return false;
    let found = false;
    for (const [, p] of uses) {
      if (memberName(p) !== 'promise') continue;
      const g = this.mod.tree.parent(p);
      this.add(g && isCall(g) && g.callee === p ? g : p, t);
      found = true;
    }
    return found;
  }

  /** `cb(null, x)` where cb is a parameter of the enclosing function; `helper(x)` where helper is ours; `resolve(x)`. */
  private passToFunction(call: Node, callee: Node, argIndex: number, t: Taint): void {
    const b = bindingOf(this.mod, callee);
    if (!b) {
      if (callee.name !== 'resolve' && callee.name !== 'String' && callee.name !== 'Number' && callee.name !== 'Boolean') this.escape(call, t, `${callee.name}()`);
      return;
    }
    if (b.kind === 'param' && b.fn && isFunction(b.fn)) {
      this.callbackParam(call, callee, b, argIndex, t);
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

  /** A parameter of the enclosing function is called with the value: `resolve(x)`, `cb(null, x)`. */
  private callbackParam(call: Node, callee: Node, b: Binding, argIndex: number, t: Taint): void {
    const fn = b.fn!;
    // new Promise((resolve) => ... resolve(x))
    const owner = this.mod.tree.parent(fn);
    if (owner?.type === 'NewExpression' && owner.callee.type === 'Identifier' && owner.callee.name === 'Promise' && b.paramIndex === 0) {
      this.add(owner, t);
      return;
    }
    const list = this.fnCallbacks.get(fn) ?? [];
    if (list.some((c) => c.param === b.paramIndex && c.arg === argIndex && taintKey(c.taint) === taintKey(t))) return;
    list.push({ param: b.paramIndex!, arg: argIndex, taint: t });
    this.fnCallbacks.set(fn, list);
    const uses = this.callbackUses(fn, b.paramIndex!, argIndex, t);
    const names = exportNames(this.mod, fn);
    for (const name of names) {
      const l = this.summary.callbacks.get(name) ?? [];
      l.push({ param: b.paramIndex!, arg: argIndex, taint: t });
      this.summary.callbacks.set(name, l);
    }
    if (!uses && !names.length) this.escape(call, t, `the callback ${callee.name} of a function whose callers are not seen`, callersUnseen(this.mod, fn));
  }

  /** Calls of `fn` pass a function as the callback parameter: its parameter `arg` is tainted. */
  private callbackUses(fn: Node, param: number, arg: number, t: Taint): number {
    let n = 0;
    for (const call of callsOf(this.mod, fn)) {
      n++;
      const cb = call.arguments[param] && unwrapExpr(call.arguments[param]);
      if (cb && isFunction(cb)) this.taintParams(cb, t, arg);
      else if (cb) this.escape(call, t, `the callback ${this.mod.tree.text(cb).slice(0, 30)}`);
    }
    return n;
  }

  /**
   * The element of `Promise.all([a, b])`'s result that takes apart the answer at `item` of the list:
   * `const [x, y] = await Promise.all(list)`, `.then(([x, y]) => …)`. False when the result is
   * used any other way (the list then escapes as an array).
   */
  private tupleElement(list: Node, item: Node, t: Taint): boolean {
    const tree = this.mod.tree;
    const index = (list.elements as Array<Node | null>).indexOf(item);
    let all = tree.parent(list);
    while (all && isTransparent(all)) all = tree.parent(all);
    if (index < 0 || !all || !isCall(all) || calleeName(all) !== 'Promise.all' || unwrapExpr(all.arguments[0]) !== list) return false;
    // (a spread before the item: its position at run time is not its place in the text)
    if ((list.elements as Array<Node | null>).slice(0, index).some((e) => e?.type === 'SpreadElement')) return false;
    let use: Node = all;
    let up = tree.parent(use);
    while (up && (isTransparent(up) || up.type === 'AwaitExpression')) {
      use = up;
      up = tree.parent(use);
    }
    let pattern: Node | undefined;
    if (up?.type === 'VariableDeclarator' && up.init === use) pattern = up.id;
    else if (up?.type === 'AssignmentExpression' && up.right === use) pattern = up.left;
    else if (up && isMember(up) && up.object === use && memberName(up) === 'then') {
      const call = tree.parent(up);
      const fn = call && isCall(call) && call.callee === up ? unwrapExpr(call.arguments[0]) : undefined;
      pattern = fn && isFunction(fn) ? (fn.params as Node[])[0] : undefined;
    }
    if (pattern?.type !== 'ArrayPattern') return false;
    const elements = pattern.elements as Array<Node | null>;
    // (a rest element or a hole before it: the positions no longer match)
    if (elements.slice(0, index + 1).some((e) => e?.type === 'RestElement')) return false;
    const el = elements[index];
    if (el) this.taintPattern(el, t);
    return true;
  }

  /**
   * `.map(fn)` of one answer that is no list: rxjs 5's `http.get(url).map((res) => res.json())`,
   * whose result is what fn returns for the one answer, not a list (followed by `.then`'s rule).
   */
  private mapsOneAnswer(call: Node): boolean {
    if (!isMember(call.callee)) return false;
    const on = this.taints.get(unwrapExpr(call.callee.object)) ?? [];
    return on.some((r) => !r.lists && r.level === 'pre' && r.rule.response?.shape === 'object');
  }

  /**
   * The answer at operator `from` of an RxJS pipe: each operator from there on, in order. A `map`'s
   * function gets it, and what that returns comes back to the pipe's next operator (`add` of the
   * `map(fn)` call, above); after the last operator the pipe's result carries it.
   */
  private throughOperators(pipe: Node, from: number, t: Taint): void {
    const ops = pipe.arguments as Node[];
    for (let i = from; i < ops.length; i++) {
      const op = unwrapExpr(ops[i]!);
      const { effect, fn } = operatorEffect(op);
      if (effect === 'maps') {
        this.taintParams(fn!, t, 0);
        return;
      }
      if (effect === 'reads') this.taintParams(fn!, t, 0);
      else if (effect === 'unknown') {
        this.unfollowed(op, t, `the operator ${calleeName(op) ?? '?'}() of .pipe()`);
        return;
      }
    }
    this.add(pipe, t);
  }

  /** The function returns the value: its calls here, its importers (by the summary), a `.then` around it. */
  private returnedFrom(fn: Node, t: Taint, from: Node): void {
    // (a `.then(fn)` callback or a mapping's (`ids.map(get)`): that call's result; the same for a
    // function named there and used nowhere else, `.then(onOk)`)
    const [parent, handed] = handedTo(this.mod, fn);
    const intoCall = returnsIntoCall(parent, handed) || mapsInPipe(parent, handed, (n) => this.mod.tree.parent(n));
    const calls = callsOf(this.mod, fn);
    // (a recursive call inside fn returns into fn again: no caller of it)
    const callers = calls.filter((c) => c.start < fn.start || c.start >= fn.end);
    this.exits.push({ kind: 'return', taint: t, fn, from, localCalls: callers.length, intoCall });
    const list = this.fnReturns.get(fn) ?? [];
    if (list.some((x) => taintKey(x) === taintKey(t))) return;
    list.push(t);
    this.fnReturns.set(fn, list);
    for (const call of calls) this.add(call, t);
    const names = exportNames(this.mod, fn);
    for (const name of names) this.summary.returns.set(name, t);
    // a mapping's result is the list of what fn returns (a list of names read from the answers is
    // no v1 shape), but rxjs 5's `.map` of one answer is that answer
    if (intoCall && !isListMapping(parent!, handed)) this.add(parent!, t);
    else if (intoCall && this.mapsOneAnswer(parent!)) this.add(parent!, t);
    else if (intoCall && (isWholeValue(t) || !!keyedObjectOf(t))) this.add(parent!, listOf(t));
    // (a function handed to another call: a promise executor, a callback whose result is that call's)
    const passed = !!parent && isCall(parent) && parent.callee !== handed;
    if (!calls.length && !names.length && !intoCall && !passed) this.escape(fn, t, 'a return to callers that are not seen', callersUnseen(this.mod, fn));
  }
}

