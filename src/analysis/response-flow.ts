/**
 * Follows a v1 response from the call that returns it to the places its fields are read: through
 * awaits, variables, destructuring, `.then`, callbacks, `JSON.parse`, `.json()`, returns of repo
 * functions, promises and array iteration. Transport properties (`.data`, `.body`) lead into the
 * v1 document; every outermost read of the document is handed to `onRead`.
 *
 * The audit's own tracer, until it reads its reads off the shared one (./flow/tracer.ts, which the
 * codemod uses): the two still differ in what they follow and what counts as an escape, and moving
 * the audit changes its findings (README, "One response-flow tracer, half way").
 */
import type { Rule } from '../catalogue/index.ts';
import type { Analysis } from './analysis.ts';
import { answersThroughCallback, FOLLOWED_CALLBACK_METHODS, isLogging, ITEM_METHODS, LIST_EACH, type CallShape } from './clients.ts';
import { EMPTY_FRAMES, functionNodeOf, isStringLiteral, propertyKey, unwrapExpr } from './evaluate.ts';
import { bindingAt, isFunctionNode, memberPath, type Binding } from './module.ts';
import type { Node } from './parse.ts';
import type { Span } from './types.ts';
import { checkBudget } from './budget.ts';
import { calledHere } from './find-escapes.ts';

export interface FlowState {
  rule: Rule;
  /** raw: a response object; text: its body as a string; body: the v1 document; maybe: raw or body (repo functions). */
  stage: 'raw' | 'text' | 'body' | 'maybe';
  /** Keys read so far inside the v1 document (`[]` for array items). */
  prefix: string[];
  /** The call the response comes from (for the call model: reads belong to their call). */
  origin?: Span;
}

/**
 * The value is the answer itself, the resource inside its wrapper or an item of a list: an object
 * whose v1 shape its reader depends on (a field already read, `display_id`, is a value the codemod
 * rewrites where it is read).
 */
function holdsResource(state: FlowState): boolean {
  const p = state.prefix.filter((k) => k !== '[]');
  const wrapper = state.rule.response?.wrapper;
  return p.length === 0 || (p.length === 1 && p[0] === wrapper);
}

/** The answer itself or an item of a list of it (not one field read from it, not its text): what code elsewhere may read v1 fields of. */
function isWhole(state: FlowState): boolean {
  return state.stage !== 'text' && (state.prefix.length === 0 || state.prefix.at(-1) === '[]');
}


export class ResponseFlow {
  private readonly visited = new Set<string>();

  constructor(
    private readonly a: Analysis,
    /** A read of the v1 document by a member chain (its outermost member). */
    private readonly onRead: (member: Node, state: FlowState) => void,
    /**
     * The value leaves the code followed here: a callback handed in by the caller (`callback`), or
     * a return from a function nobody in the module calls (`return`: its callers are elsewhere).
     */
    private readonly onEscape?: (state: FlowState, where: string, kind: 'callback' | 'return') => void,
  ) {}

  /** The response of a v1 call, and the callbacks given to the call itself: `request(opts, (err, res, body) => …)`, `$.ajax({ success })`. */
  fromCall(call: Node, shape: CallShape | undefined, rule: Rule, stage: FlowState['stage'], origin?: Span): void {
    if (!answersThroughCallback(shape?.client, call)) this.follow(call, { rule, stage, prefix: [], origin }, 0);
    this.callbacks(call, shape, rule, origin);
  }

  private callbacks(call: Node, shape: CallShape | undefined, rule: Rule, origin?: Span): void {
    const args: Node[] = call.arguments ?? [];
    const fnArg = [...args].reverse().find((x) => isFunctionNode(x));
    const client = shape?.client;
    if (fnArg && (client === 'request' || client === 'needle')) {
      this.param(fnArg, 1, { rule, origin, stage: 'raw', prefix: [] });
      this.param(fnArg, 2, { rule, origin, stage: 'body', prefix: [] });
    } else if (fnArg && client === 'jquery') {
      this.param(fnArg, 0, { rule, origin, stage: 'body', prefix: [] });
    } else if (fnArg && (client === 'wrapper' || client === 'generic')) {
      // callback style: (err, res, body), (err, data) or (data)
      const n = fnArg.params?.length ?? 0;
      if (n >= 3) {
        this.param(fnArg, 1, { rule, origin, stage: 'raw', prefix: [] });
        this.param(fnArg, 2, { rule, origin, stage: 'maybe', prefix: [] });
      } else this.param(fnArg, n === 2 ? 1 : 0, { rule, origin, stage: 'maybe', prefix: [] });
    }
    if (client === 'jquery' && shape?.options) {
      const v = this.a.ev.eval(shape.options.mod, shape.options.node, shape.options.frames);
      if (v.t === 'obj') {
        const s = this.a.ev.objectPropertyNode(v, 'success');
        const fn = s?.prop.value ?? (s?.prop.type === 'ObjectMethod' ? s.prop : undefined);
        if (fn && isFunctionNode(fn)) this.param(fn, 0, { rule, origin, stage: 'body', prefix: [] });
      }
    }
    if ((client === 'superagent' || client === 'unirest') && shape?.chain) {
      const end = shape.chain.find((c) => c.callee.property?.name === 'end' && isFunctionNode(c.arguments[0]));
      if (end) {
        const fn = end.arguments[0];
        this.param(fn, (fn.params?.length ?? 0) >= 2 ? 1 : 0, { rule, origin, stage: 'raw', prefix: [] });
      }
    }
  }

  /** A function's parameter holds the value: every reference of it does. */
  private param(fn: Node, index: number, state: FlowState): void {
    const p = fn?.params?.[index];
    if (!p) return;
    const scope = this.a.mod.fnScope.get(fn);
    if (!scope) return;
    const id = p.type === 'AssignmentPattern' ? p.left : p;
    if (id.type === 'Identifier') {
      const b = scope.names.get(id.name);
      if (b) for (const ref of b.refs) this.follow(ref, state, 1);
    } else if (id.type === 'ObjectPattern') {
      this.destructure(id, state);
    }
  }

  private destructure(pattern: Node, state: FlowState): void {
    for (const p of pattern.properties) {
      const k = propertyKey(p);
      if (!k || !p.value) continue;
      const target = p.value.type === 'AssignmentPattern' ? p.value.left : p.value;
      const next = step(state, k);
      if (!next) continue;
      if (target.type === 'Identifier') {
        const b = bindingAt(this.a.mod, target);
        if (b) for (const ref of b.refs) this.follow(ref, next, 1);
      } else if (target.type === 'ObjectPattern') this.destructure(target, next);
    }
  }

  /** Follows an expression holding the value through awaits, variables, `.then`, JSON.parse, member reads. */
  private follow(node: Node, state: FlowState, depth: number): void {
    checkBudget();
    if (depth > 12) return;
    const mod = this.a.mod;
    const k = `${node.start}:${node.end}:${state.stage}:${state.prefix.join('.')}:${state.rule.id}`;
    if (this.visited.has(k)) return;
    this.visited.add(k);
    const parent = mod.parent.get(node);
    if (!parent) return;
    switch (parent.type) {
      case 'AwaitExpression':
      case 'YieldExpression':
      case 'ParenthesizedExpression':
      case 'TSAsExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
      case 'TSSatisfiesExpression':
      case 'TypeCastExpression':
      case 'ChainExpression':
        this.follow(parent, state, depth + 1);
        return;
      case 'VariableDeclarator': {
        if (parent.init !== node) return;
        if (parent.id.type === 'Identifier') {
          const b = bindingAt(mod, parent.id);
          if (b) for (const ref of b.refs) this.follow(ref, state, depth + 1);
        } else if (parent.id.type === 'ObjectPattern') this.destructure(parent.id, state);
        return;
      }
      case 'AssignmentExpression': {
        if (parent.right !== node || parent.left.type !== 'Identifier') return;
        const b = bindingAt(mod, parent.left);
        if (b) for (const ref of b.refs) if (ref.start > parent.start) this.follow(ref, state, depth + 1);
        return;
      }
      case 'CallExpression': {
        const callee = unwrapExpr(parent.callee);
        if (parent.callee !== node && memberPath(callee)?.join('.') === 'JSON.parse' && parent.arguments[0] === node) {
          this.follow(parent, { ...state, stage: 'body', prefix: [] }, depth + 1);
          return;
        }
        if (parent.callee !== node) {
          const idx = parent.arguments.indexOf(node);
          const name = memberPath(callee)?.join('.') ?? '';
          // `$.each(list, (i, item) => …)`: the callback gets each item
          const each = idx === 0 ? LIST_EACH[name] : undefined;
          if (each !== undefined && isFunctionNode(parent.arguments[1])) {
            if (state.stage === 'body' || state.stage === 'maybe') this.param(parent.arguments[1], each, { ...state, stage: 'body', prefix: [...state.prefix, '[]'] });
            return;
          }
          // passed to a function of this module: its parameter holds the value
          const fv = this.a.ev.eval(mod, callee, EMPTY_FRAMES);
          const followed = idx >= 0 && fv.t === 'fn' && fv.mod === mod && !!functionNodeOf(fv);
          if (followed) this.param(functionNodeOf(fv)!, idx, state);
          const whole = idx >= 0 && isWhole(state);
          // resolve(x) inside a Promise executor: the promise holds it
          if (callee.type === 'Identifier' && callee.name === 'resolve') this.returned(parent, state, depth, true);
          // a callback handed in by the caller (`callback(users[0])`): the response leaves what is seen
          else if (whole && callee.type === 'Identifier' && bindingAt(mod, callee)?.kind === 'param') {
            this.onEscape?.(state, `the callback ${callee.name} (line ${parent.loc?.start.line ?? '?'})`, 'callback');
          }
          // a function this flow does not follow (`list.push(res.body)`, `res.json(body)`): code
          // there may read the v1 shape (a log line only prints it)
          else if (whole && !followed && !isLogging(name) && !/^(String|Number|Boolean|Promise\.resolve)$/.test(name)) {
            // (`res.status(…).json` when the callee is a chain)
            const shown = name || mod.source.slice(callee.start, callee.end).replace(/\([^()]*\)/g, '(…)').replace(/\s+/g, '').slice(0, 40);
            this.onEscape?.(state, `${shown}() (line ${parent.loc?.start.line ?? '?'})`, 'callback');
          }
        }
        return;
      }
      case 'ArrayExpression':
      case 'SpreadElement': {
        // into a list (`all.push(...res.body)`, `[res.data]`): read from there, out of this flow's sight
        if (isWhole(state)) {
          this.onEscape?.(state, `an array or spread (line ${parent.loc?.start.line ?? '?'})`, 'callback');
        }
        return;
      }
      case 'ReturnStatement':
        this.returned(parent, state, depth, false);
        return;
      case 'ArrowFunctionExpression':
        if (parent.body === node) this.returned(node, state, depth, false);
        return;
      case 'ForOfStatement':
        if (parent.right === node && parent.left.type === 'VariableDeclaration') {
          const id = parent.left.declarations[0]?.id;
          const next: FlowState | null = state.stage === 'body' || state.stage === 'maybe' ? { ...state, stage: 'body', prefix: [...state.prefix, '[]'] } : null;
          if (id?.type === 'Identifier' && next) {
            const b = bindingAt(mod, id);
            if (b) for (const ref of b.refs) this.follow(ref, next, depth + 1);
          }
        }
        return;
      case 'MemberExpression':
      case 'OptionalMemberExpression':
        if (parent.object !== node) return;
        this.member(parent, state, depth);
        return;
      default:
        return;
    }
  }

  /** A function returns the value: its callers' call expressions hold it. */
  private returned(from: Node, state: FlowState, depth: number, viaResolve: boolean): void {
    const mod = this.a.mod;
    let fn = mod.parent.get(from);
    while (fn && !isFunctionNode(fn)) fn = mod.parent.get(fn);
    if (!fn) return;
    if (viaResolve) {
      // new Promise((resolve) => ...): the `new Promise` is the value
      const np = mod.parent.get(fn);
      if (np?.type === 'NewExpression') {
        this.follow(np, state, depth + 1);
        return;
      }
    }
    // `.then(r => r.data)`: the then-call result
    const p = mod.parent.get(fn);
    if (p?.type === 'CallExpression' && p.arguments.includes(fn)) {
      const cal = unwrapExpr(p.callee);
      if (cal.type === 'MemberExpression' && cal.property?.name === 'then') {
        this.follow(p, state, depth + 1);
        return;
      }
    }
    // named function: its calls
    let b: Binding | undefined;
    if (fn.type === 'FunctionDeclaration' && fn.id) b = bindingAt(mod, fn.id);
    else if (p?.type === 'VariableDeclarator' && p.id.type === 'Identifier') b = bindingAt(mod, p.id);
    let followed = 0;
    for (const ref of b?.refs ?? []) {
      const rp = mod.parent.get(ref);
      if (rp?.type === 'CallExpression' && rp.callee === ref) {
        this.follow(rp, state, depth + 1);
        followed++;
      }
    }
    // nobody in this module calls it (an exported function, a method): what it returns goes to
    // callers this analysis does not see, where v1 fields may be read
    if (!followed && state.stage !== 'text' && holdsResource(state) && !calledHere(this.a, fn)) {
      this.onEscape?.(state, `a return to callers that are not seen (line ${from.loc?.start.line ?? '?'})`, 'return');
    }
  }

  private member(member: Node, state: FlowState, depth: number): void {
    const mod = this.a.mod;
    const gp = mod.parent.get(member);
    const prop = member.computed ? (isStringLiteral(member.property) ? String(member.property.value) : '[]') : member.property.name;
    // method calls on the value
    if (gp && (gp.type === 'CallExpression' || gp.type === 'OptionalCallExpression') && gp.callee === member) {
      const cb = gp.arguments[0];
      switch (prop) {
        case 'then':
        case 'subscribe':
          if (cb && isFunctionNode(cb)) this.param(cb, 0, state);
          return;
        case 'done':
        case 'success':
          if (cb && isFunctionNode(cb)) this.param(cb, 0, { ...state, stage: state.stage === 'raw' ? 'body' : state.stage });
          return;
        case 'json':
          if (state.stage === 'raw') this.follow(gp, { ...state, stage: 'body', prefix: [] }, depth + 1);
          return;
        case 'text':
        case 'getContentText':
          if (state.stage === 'raw') this.follow(gp, { ...state, stage: 'text', prefix: [] }, depth + 1);
          return;
        default:
          if (ITEM_METHODS.has(prop)) {
            if ((state.stage === 'body' || state.stage === 'maybe') && cb && isFunctionNode(cb)) {
              const item: FlowState = { ...state, stage: 'body', prefix: [...state.prefix, '[]'] };
              this.param(cb, 0, item);
              if (prop === 'find' || prop === 'findLast' || prop === 'filter' || prop === 'sort') this.follow(gp, prop === 'find' || prop === 'findLast' ? item : state, depth + 1);
            }
            return;
          }
          // any other method handed a callback (`list.eachSlice(fn)`): what the callback reads is not followed
          if (!FOLLOWED_CALLBACK_METHODS.has(prop) && state.stage !== 'text' && (gp.arguments as Node[]).some((x) => isFunctionNode(unwrapExpr(x)))) {
            this.onEscape?.(state, `the callback of .${prop}() (line ${gp.loc?.start.line ?? '?'})`, 'callback');
          }
          return;
      }
    }
    const next = step(state, prop);
    if (!next) return;
    if (next.stage === 'body' && next.prefix.length > 0) {
      // only the outermost read of a chain is recorded
      const up = mod.parent.get(member);
      const extends_ = up && (up.type === 'MemberExpression' || up.type === 'OptionalMemberExpression') && up.object === member && !(mod.parent.get(up)?.type === 'CallExpression' && mod.parent.get(up).callee === up && ITEM_METHODS.has(up.property?.name));
      if (!extends_) this.onRead(member, next);
    }
    this.follow(member, next, depth + 1);
  }
}

/** Moving one property into the value: transport props first, then the v1 document. */
function step(state: FlowState, prop: string): FlowState | null {
  if (state.stage === 'maybe') {
    if (prop === 'data' || prop === 'body' || prop === 'responseJSON') return { ...state, stage: 'body', prefix: [] };
    if (prop === 'response' || prop === 'responseText') return { ...state, stage: 'text', prefix: [] };
    return { ...state, stage: 'body', prefix: [prop] };
  }
  if (state.stage === 'raw') {
    if (prop === 'data' || prop === 'body' || prop === 'responseJSON') return { ...state, stage: 'body', prefix: [] };
    if (prop === 'response' || prop === 'responseText' || prop === 'text' || prop === 'content') return { ...state, stage: 'text', prefix: [] };
    return null;
  }
  // a "text" that is read like an object was parsed already (app clients with json: true)
  if (state.stage === 'text') return { ...state, stage: 'body', prefix: [prop] };
  return { ...state, prefix: [...state.prefix, prop] };
}
