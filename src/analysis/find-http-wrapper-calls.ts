/**
 * `call` sites through a function of the repo (an HTTP wrapper): `call('PUT', ticketUrl(id),
 * payload)` where `call` makes the request with the path it receives, also through a wrapper of a
 * wrapper. The site is at the caller: the URL, method and body spans are the caller's arguments
 * that bring them, so the codemod rewrites what the caller wrote.
 */
import { isOwnRoute, matchUrl } from './match-url.ts';
import type { Analysis } from './analysis.ts';
import { bodyRoot, callInfo, callSite, ruleForShape, urlOf } from './call-sites.ts';
import { calleeName } from './clients.ts';
import { callFrames, EMPTY_FRAMES, functionNodeOf, unwrapExpr, type Value } from './evaluate.ts';
import { bindingAt, children, type ModuleInfo } from './module.ts';
import type { Node } from './parse.ts';
import type { Span, StringPart } from './types.ts';

/** The call being traced from the analysed module when the request is made by a wrapper of a wrapper. */
interface OuterCall {
  call: Node;
  args: Value[];
  chain: ModuleInfo[];
  /** The functions of the chain, outermost first. */
  fns: Array<{ mod: ModuleInfo; node: Node }>;
  callerArgs: Value[];
}

/** A call to a function of the repo that makes the request with the path it receives. */
/**
 * `clientOnly`: the request inside must be a client the table knows. A method reached through
 * `this` (`this.get(path)`) is named like a verb anyway: a sibling `get` that reads a Map
 * (`this.items.get(key)`) is no request, and without a known client nothing is gained over the
 * call's own generic site.
 */
export function findHttpWrapperCall(a: Analysis, fn: Extract<Value, { t: 'fn' }>, call: Node, depth: number, outer?: OuterCall, clientOnly = false): boolean {
  if (depth > 3) return false;
  const fnNode = functionNodeOf(fn);
  if (!fnNode) return false;
  const scope = fn.mod.fnScope.get(fnNode);
  if (!scope) return false;
  const args: Value[] =
    outer?.args ??
    (call.arguments ?? []).map((x: Node) => {
      const v = a.ev.eval(a.mod, x, EMPTY_FRAMES);
      return v.t === 'unknown' ? ({ t: 'str', parts: [a.ev.placeholder(a.mod, x, v.name === 'expr' ? undefined : v.name)] } as Value) : v;
    });
  const frames = callFrames(fn, fnNode, scope, args, (v, key) => a.ev.member(v, key, 0, fn.mod, fnNode));
  // the calls the wrapper makes
  const inner: Node[] = [];
  const visit = (n: Node): void => {
    if (n.type === 'CallExpression' || n.type === 'NewExpression' || n.type === 'OptionalCallExpression') inner.push(n);
    for (const c of children(n)) visit(c);
  };
  visit(fnNode.body);
  for (const ic of inner) {
    const shape = a.rec.recognize(fn.mod, ic, frames);
    if (!shape || shape.client === 'generic') {
      // a wrapper of a wrapper
      const icallee = unwrapExpr(ic.callee);
      const iv = a.ev.eval(fn.mod, icallee, frames);
      if (iv.t === 'fn' && iv.node !== fn.node) {
        const iargs = (ic.arguments ?? []).map((x: Node) => a.ev.eval(fn.mod, x, frames));
        if (findHttpWrapperCall(a, iv, ic, depth + 1, { call: outer?.call ?? call, args: iargs, chain: [...(outer?.chain ?? []), fn.mod], fns: [...(outer?.fns ?? []), { mod: fn.mod, node: fnNode }], callerArgs: outer?.callerArgs ?? args }, clientOnly)) return true;
      }
      if (!shape || clientOnly) continue;
    }
    const parts = urlOf(a, shape);
    if (!parts) continue;
    const um = matchUrl(a.cat, parts.map((p) => p.text).join(''));
    if (!um || isOwnRoute(um)) continue;
    // a URL complete without the caller's arguments is the inner call's own site, not the wrapper's
    {
      const alone = a.rec.recognize(fn.mod, ic, fn.frames);
      const aloneParts = alone ? urlOf(a, alone) : null;
      if (aloneParts && matchUrl(a.cat, aloneParts.map((p) => p.text).join(''))) continue;
    }
    // (the inner call's own site, when its endpoint is a run-time value, is this one)
    a.resolvedAtCaller(ic);
    const outerCall = outer?.call ?? call;
    const ruled = ruleForShape(a.cat, um, shape);
    const { choice, method } = ruled;
    let methodSource = ruled.methodSource;
    // the URL expression at the call site: the caller's argument whose value went into the URL
    // (`ticketUrl(id)` brings its parts from the helper; they are the same parts in the URL)
    const argNodes: Node[] = outerCall.arguments ?? [];
    const callerArgs = outer?.callerArgs ?? args;
    const partKey = (p: StringPart) => `${p.file}\0${p.span.start}\0${p.span.end}`;
    const urlKeys = new Set(parts.filter((p) => p.node !== 'synthetic').map(partKey));
    const byValue = callerArgs.findIndex((v) => v.t === 'str' && v.parts.some((p) => p.node !== 'synthetic' && urlKeys.has(partKey(p))));
    const mainPart = parts.find((p) => p.file === a.mod.file && !p.dynamic && p.node !== 'synthetic');
    const argNode = argNodes[byValue] ?? (mainPart ? argNodes.find((x) => x.start <= mainPart.span.start && mainPart.span.end <= x.end) : undefined);
    const urlSpan = argNode ? a.span(argNode) : a.span(outerCall);
    // method passed in by the caller?
    let methodSpan: Span | undefined;
    if (shape.methodRef) {
      const ms = a.span(shape.methodRef.node, shape.methodRef.mod);
      const fromArg = argNodes.find((x) => x.start <= ms.start && ms.end <= x.end && !ms.file);
      methodSpan = fromArg ? a.span(fromArg) : ms;
      if (shape.methodRef.node.type === 'Identifier') {
        const b = bindingAt(shape.methodRef.mod, shape.methodRef.node);
        if (b?.kind === 'param' && b.paramIndex !== undefined && argNodes[b.paramIndex] && b.fn === fnNode) {
          methodSpan = a.span(argNodes[b.paramIndex]);
          methodSource = 'argument';
        }
      }
    }
    a.consume(parts);
    const info = callInfo(a, outerCall, undefined, 'wrapper', calleeName(a.mod, unwrapExpr(outerCall.callee)));
    info.innerClient = shape.client;
    const chain = [...(outer?.chain ?? []), fn.mod];
    info.wrapperFiles = [...new Set(chain.map((m) => (m === a.mod ? a.mod.file : m.file)))];
    // (the analysed module's own functions of the chain: its other code's status tests are its callers')
    info.wrapperFunctions = [...(outer?.fns ?? []), { mod: fn.mod, node: fnNode }].filter((f) => f.mod === a.mod).map((f) => a.span(f.node));
    for (const m of chain) a.wrapperModules.add(m);
    const site = callSite(a, {
      span: urlSpan,
      parts,
      um,
      choice,
      method,
      methodSource,
      call: info,
      message: `${info.callee}() → ${shape.client} ${method ?? '(method unknown)'} ${um.target}`,
    });
    if (methodSpan && method) site.methodSpan = methodSpan;
    if (shape.insecure && site.url) site.url.insecure = true;
    // the body the wrapper sends: when it is one of its params (also behind `JSON.stringify`,
    // `body === undefined ? undefined : JSON.stringify(body)`, `body && JSON.stringify(body)`), the caller's argument
    let body = shape.body;
    if (body) {
      const inner2 = bodyRoot(body.node);
      if (inner2?.type === 'Identifier') {
        const b = bindingAt(body.mod, inner2);
        const bv = b?.kind === 'param' && b.fn === fnNode ? frames.get(scope)!.get(b.name) : undefined;
        const idx = bv ? callerArgs.indexOf(bv) : -1;
        // a callback the caller passes where the wrapper takes its body is never a body
        if (idx >= 0 && argNodes[idx] && a.rec.isCallbackArg(a.mod, argNodes[idx], argNodes, EMPTY_FRAMES)) {
          body = undefined;
          delete info.body;
        } else if (idx >= 0 && argNodes[idx]) {
          body = { mod: a.mod, node: argNodes[idx], frames: EMPTY_FRAMES };
          info.body = a.span(argNodes[idx]);
        }
      }
    }
    if (body && body.node && info.body === undefined) info.wrapperBody = a.span(body.node, body.mod);
    if (!body && !outer && method && method !== 'GET' && method !== 'DELETE') {
      const given = handedOnArgument(a, fn, fnNode, inner, argNodes, argNode);
      if (given) {
        body = { mod: a.mod, node: given, frames: EMPTY_FRAMES };
        info.body = a.span(given);
      }
    }
    a.addSite(site, { node: outerCall, shape, body });
    return true;
  }
  return false;
}

/**
 * A body the client is given out of its shape's sight (`if (data != null) req = req.send(data)` on a
 * request held in a variable, CoffeeScript's compiled `req.send(data) if data?`): the caller's
 * object argument for a parameter the wrapper hands to a call of its own is what it sends. (Before
 * `this.send(…)` resolved to its method, such a call was read by its arguments alone, body
 * included; see find-calls.ts genericArgCall.)
 */
function handedOnArgument(a: Analysis, fn: Extract<Value, { t: 'fn' }>, fnNode: Node, inner: Node[], argNodes: Node[], urlArg: Node | undefined): Node | undefined {
  const params: Node[] = fnNode.params ?? [];
  for (let i = 0; i < params.length && i < argNodes.length; i++) {
    const p = params[i]!;
    const arg = unwrapExpr(argNodes[i]!);
    if (argNodes[i] === urlArg || p.type !== 'Identifier' || (arg.type !== 'ObjectExpression' && arg.type !== 'Identifier')) continue;
    if (a.rec.isCallbackArg(a.mod, argNodes[i]!, argNodes, EMPTY_FRAMES)) continue;
    const handed = inner.some((c) =>
      (c.arguments ?? []).some((x: Node) => {
        const u = unwrapExpr(x);
        if (u?.type !== 'Identifier' || u.name !== p.name) return false;
        const b = bindingAt(fn.mod, u);
        return b?.kind === 'param' && b.fn === fnNode;
      }),
    );
    if (handed) return argNodes[i];
  }
  return undefined;
}
