/**
 * The responses of a file's v1 calls, followed by the shared tracer (./flow/tracer.ts) at the
 * audit's depth (`DocumentDepth`: response, text or v1 document, and the keys read inside it).
 * Each call is seeded where its client hands over the response: the call's value, and the
 * callbacks given to the call itself (`request(opts, (err, res, body) => …)`, `$.ajax({ success })`,
 * superagent's `.end(cb)`).
 */
import type { Rule } from '../catalogue/index.ts';
import type { Analysis } from './analysis.ts';
import { ANSWER_CALLBACK_OPTIONS, answersThroughCallback, type CallShape } from './clients.ts';
import type { DocumentDepth, Taint } from './flow/taint.ts';
import { tracedModuleOf } from './flow/traced-module.ts';

export { tracedModuleOf };
import { ERROR_PARAM, ResponseTracer } from './flow/tracer.ts';
import { isFunctionNode } from './module.ts';
import { unwrapExpr } from './syntax.ts';
import type { Node } from './parse.ts';
import type { CallInfo, ExportedFlows, Span } from './types.ts';

export interface TracedResponses {
  tracer: ResponseTracer;
  /** The call a taint comes from (`Taint.tx`): of this module, or of a module it imports. */
  callOf(tx: string): CallInfo | undefined;
  /** Where that call is (with `file` set when it is another module's). */
  originOf(tx: string): Span | undefined;
  /** The file of the imported module the call is in; undefined for this module's own calls. */
  foreignFile(tx: string): string | undefined;
}

export function traceResponses(a: Analysis): TracedResponses {
  const tracer = new ResponseTracer(tracedModuleOf(a.mod));
  const calls = new Map<string, CallInfo>();
  const seeded = new Map<string, { node: Node; shape?: CallShape }>();
  // Angular's HttpClient (a client this code is handed, so found as a generic one) answers the body
  // itself, or the response with `observe: 'response'`: either, as the codemod reads it
  const angular = /from\s*['"]@angular\/common\/http['"]/.test(a.mod.source);
  for (const it of [...a.found]) {
    if (it.site.kind !== 'call' || !it.node || !it.site.rule || it.site.file !== a.mod.file) continue;
    const rule = a.cat.get(it.site.rule);
    if (!rule?.response) continue;
    const call = it.site.call;
    // the file too: a response of an imported module's call travels here under its own id
    const tx = call ? `${a.mod.file}:${call.span.start}` : `${a.mod.file}?${it.node.start}`;
    if (call && !calls.has(tx)) calls.set(tx, call);
    seeded.set(tx, { node: it.node, shape: it.shape });
    // a function of the repo may return the response or already its body
    seedCall(a, tracer, it.node, it.shape, rule, tx, call?.client === 'wrapper' || (angular && call?.client === 'generic') ? 'maybe' : 'raw', call?.client === 'wrapper');
  }
  // the answers imported functions return or call back with (their module's exported flows)
  const foreign = new Map<string, ExportedFlows>();
  const imported = a.importedFlows;
  if (imported) {
    tracer.seedImports((source, name) => {
      const flows = imported(source);
      const returns = flows?.summary.returns.get(name);
      const callbacks = flows?.summary.callbacks.get(name);
      for (const t of [returns, ...(callbacks ?? []).map((c) => c.taint)]) if (t) foreign.set(t.tx, flows!);
      return returns || callbacks ? { returns, callbacks } : undefined;
    });
  }
  tracer.run();
  // (code registered to see every answer of a client holds them all: see RESPONSE_OBSERVERS)
  const observed = seeded.size > 0 && [a.mod, ...a.wrapperModules].some((m) => RESPONSE_OBSERVERS.test(m.source));
  for (const [tx, { node, shape }] of seeded) {
    const call = calls.get(tx);
    if (call && !observed && !unfollowedCallback(a, tracer, node, shape) && !tracer.answerHeld(node, tx)) call.answerDiscarded = true;
  }
  a.exportedFlows = { file: a.mod.file, summary: tracer.summary, callOf: (tx) => calls.get(tx) };
  const callOf = (tx: string) => calls.get(tx) ?? foreign.get(tx)?.callOf(tx);
  return {
    tracer,
    callOf,
    originOf: (tx) => {
      const call = callOf(tx);
      const file = foreign.get(tx)?.file;
      return call && file && !calls.has(tx) ? { ...call.span, file: call.span.file ?? file } : call?.span;
    },
    foreignFile: (tx) => (calls.has(tx) ? undefined : foreign.get(tx)?.file),
  };
}


/**
 * A function the call hands its answer to that the tracer does not follow: the last argument of a
 * client that answers through one, when it is no function of this module (`request(opts, cb)`,
 * `request(opts, this.onTicket)`), an option naming one (`$.ajax({ success: onTicket })`), any
 * other function among its arguments (`statusCode: { 200: (data) => … }`, `error: …`), or a followed
 * callback that reads `arguments` or `this` (`this.response` in a `request` callback). What reads
 * the answer there is not seen, so the answer is held. (Broader than unfollowedCallbackArg, which
 * says where a call's answer escapes: this only decides whether a read elsewhere may be of it.)
 */
function unfollowedCallback(a: Analysis, tracer: ResponseTracer, call: Node, shape: CallShape | undefined): boolean {
  const args: Node[] = call.arguments ?? [];
  const last = args.length > 1 ? unwrapExpr(args[args.length - 1]!) : undefined;
  const callbackSlot = last && CALLBACK_CLIENTS.has(shape?.client ?? '') && /^(Identifier|MemberExpression|OptionalMemberExpression|CallExpression)$/.test(last.type);
  if (callbackSlot && !tracer.namedCallback(call)) return true;
  // the functions seedCall follows: the last one of the arguments, a jQuery `success`
  const followed = new Set<Node>();
  const fnArg = [...args].reverse().find((x) => isFunctionNode(x));
  if (fnArg) followed.add(fnArg);
  let unseen = false;
  const visit = (n: Node | undefined, depth: number): void => {
    const u = n && unwrapExpr(n);
    if (!u || unseen || depth > 4) return;
    if (isFunctionNode(u)) {
      if (!followed.has(u) || /\b(arguments|this)\b/.test(a.mod.source.slice(u.start, u.end))) unseen = true;
      return;
    }
    if (u.type === 'ObjectExpression') {
      for (const p of u.properties as Node[]) {
        if (p.type === 'ObjectMethod') unseen = true;
        else if (p.type === 'SpreadElement') visit(p.argument, depth + 1);
        else {
          const key = p.key?.name ?? p.key?.value;
          const v = p.value && unwrapExpr(p.value);
          if (shape?.client === 'jquery' && key === 'success' && v && isFunctionNode(v)) followed.add(v);
          // (a callback option given by name: what it is, is not followed here)
          // (`error:` too: it gets the failed answer)
          if ((ANSWER_CALLBACK_OPTIONS.has(key) || key === 'error') && v && !isFunctionNode(v)) unseen = true;
          visit(p.value, depth + 1);
        }
      }
    } else if (u.type === 'ArrayExpression') for (const e of u.elements as Node[]) visit(e ?? undefined, depth + 1);
  };
  for (const x of args) visit(x, 0);
  return unseen;
}

/**
 * Code registered to see every answer of a client, wherever the request is made: an axios
 * interceptor or `transformResponse`, got's or ky's `afterResponse` hooks, jQuery's global
 * `ajaxSuccess`, `ajaxComplete` and `ajaxSetup`.
 */
const RESPONSE_OBSERVERS = /\b(interceptors|transformResponse|afterResponse|ajaxSuccess|ajaxComplete|ajaxSetup|dataFilter)\b|\bhooks\s*:/;

/** Clients (and the repo's own wrappers) that may answer through a function given as the last argument. */
const CALLBACK_CLIENTS: ReadonlySet<string> = new Set(['request', 'needle', 'http', 'https', 'jquery', 'wrapper', 'generic', 'app-request']);

function seedCall(a: Analysis, tracer: ResponseTracer, call: Node, shape: CallShape | undefined, rule: Rule, tx: string, stage: DocumentDepth['stage'], viaWrapper = false): void {
  const t = (s: DocumentDepth['stage']): Taint => ({ rule, level: 'pre', prefix: '', tx, doc: { stage: s, prefix: [] } });
  const args: Node[] = call.arguments ?? [];
  // a callback written at the call, or a function of this module named there
  const fnArg = [...args].reverse().find((x) => isFunctionNode(x)) ?? tracer.namedCallback(call);
  // (a repo wrapper's callback has the wrapper's arguments, `(err, body)` of `cb(null, body)`,
  // whatever client sends the request inside it: as the codemod seeds it)
  const client = viaWrapper && fnArg && shape?.client !== 'wrapper' ? 'wrapper' : shape?.client;
  // request-promise's promise: the body (`json: true`), or the whole response with
  // `resolveWithFullResponse`; request itself answers only through its callback
  // (whether the call itself gives the answer is its inner client's: `this._get(…, cb)` over
  // `request(…, cb)` gives the request object)
  if (!answersThroughCallback(shape?.client, call)) tracer.seed(call, t(shape?.client === 'request' && !fnArg ? 'maybe' : stage));
  if (fnArg && (client === 'request' || client === 'needle')) {
    tracer.seedParam(fnArg, 1, t('raw'));
    tracer.seedParam(fnArg, 2, t('body'));
  } else if (fnArg && client === 'jquery') {
    tracer.seedParam(fnArg, 0, t('body'));
  } else if (fnArg && (client === 'http' || client === 'https')) {
    // Node's http(s).request/get: the response stream, read by `res.on('data')` and `res.on('end')`
    tracer.seedParam(fnArg, 0, t('raw'));
  } else if (fnArg && (client === 'wrapper' || client === 'generic')) {
    // callback style: (err, res, body), (err, data) or (data)
    const n = fnArg.params?.length ?? 0;
    if (n >= 3) {
      tracer.seedParam(fnArg, 1, t('raw'));
      tracer.seedParam(fnArg, 2, t('maybe'));
    } else if (n === 2 || !ERROR_PARAM.test(fnArg.params?.[0]?.name ?? '')) tracer.seedParam(fnArg, n === 2 ? 1 : 0, t('maybe'));
  }
  // XMLHttpRequest: the object the request was opened on carries status and response (as the codemod seeds it)
  const callee = call.callee && unwrapExpr(call.callee);
  if (client === 'xhr' && callee && (callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') && callee.object.type === 'Identifier') {
    tracer.seedIdentifier(callee.object, t('raw'));
  }
  if (client === 'jquery' && shape?.options) {
    const v = a.ev.eval(shape.options.mod, shape.options.node, shape.options.frames);
    if (v.t === 'obj') {
      const s = a.ev.objectPropertyNode(v, 'success');
      const fn = s?.prop.value ?? (s?.prop.type === 'ObjectMethod' ? s.prop : undefined);
      if (fn && isFunctionNode(fn)) tracer.seedParam(fn, 0, t('body'));
    }
  }
  if ((client === 'superagent' || client === 'unirest') && shape?.chain) {
    const end = shape.chain.find((c) => c.callee.property?.name === 'end' && isFunctionNode(c.arguments[0]));
    if (end) {
      const fn = end.arguments[0];
      tracer.seedParam(fn, (fn.params?.length ?? 0) >= 2 ? 1 : 0, t('raw'));
    }
  }
}
