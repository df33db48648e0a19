/**
 * Where a v1 call's response leaves the code this analysis can follow: a callback handed in by the
 * caller (`client.get(path, cb)` inside `getTicket(id, cb)`), or a return to callers that are not
 * in the module. Code there may read v1 shapes and statuses nobody checked, so such a call is not
 * migrated automatically when v2 changes its answer (the verdict decides). Recorded on the call:
 * `CallInfo.escapes`, from the call's own syntax (`findEscapes`) and from where the shared tracer
 * followed its response (`recordResponseEscapes`).
 */
import { basename } from 'node:path';
import type { Analysis } from './analysis.ts';
import { answersThroughCallback, isLogging } from './clients.ts';
import { EMPTY_FRAMES, functionNodeOf, isStringLiteral, unwrapExpr } from './evaluate.ts';
import { isWholeValue, keyedObjectOf, type DocumentDepth, type Taint } from './flow/taint.ts';
import type { Exit } from './flow/tracer.ts';
import { bindingAt, isFunctionNode, isJsonStringify, memberPath, type Binding } from './module.ts';
import type { Node } from './parse.ts';
import type { TracedResponses } from './trace-responses.ts';
import { tracedModuleOf } from './flow/traced-module.ts';
import { callersUnseen, callsOf, exportNames, isCallersParam, isHttpReply, returnsIntoCall, sharedTestFunction, STATUS_PROPS, unfollowedCallbackArg } from './flow/functions.ts';
import { isJsonParseOf, isMember, memberName } from './syntax.ts';
import { answersWithoutBody, statusChange } from './answer-changes.ts';
import { STATUS_TEXT, statusReadOf, statusUses } from './flow/status-uses.ts';
import { unseenUrlReader, urlWritableAtCall } from './url-at-call.ts';
import { unseenReader } from './value-readers.ts';
import { isOperatorPipe } from './flow/rx-operators.ts';
import { methodReaders } from './this-members.ts';

const TRANSPARENT = new Set(['AwaitExpression', 'ParenthesizedExpression', 'TSAsExpression', 'TSNonNullExpression', 'TSTypeAssertion', 'TSSatisfiesExpression', 'ChainExpression']);

export function findEscapes(a: Analysis): void {
  const mod = a.mod;
  const lookup = (id: Node): Binding | undefined => bindingAt(mod, id);
  const tm = tracedModuleOf(mod);
  // (the URLs of the module's requests, once: code there reads a URL as a request seen)
  let seen: Array<{ start: number; end: number }> | undefined;
  for (const it of a.found) {
    const call = it.site.call;
    if (it.site.kind !== 'call' || !call || !it.node || it.site.file !== a.mod.file) continue;
    const out: string[] = [];
    // a callback the flow does not follow gets the response: the caller's (`cb`), an import, a
    // method, a bound or reassigned function
    const skip = [it.shape?.url?.node, it.body?.node].filter((n): n is Node => !!n);
    const unseen = unfollowedCallbackArg(tm, it.node, skip, it.shape?.client ?? call.client);
    if (unseen) {
      const b = unseen.type === 'Identifier' ? lookup(unseen) : undefined;
      const where = `the callback ${mod.source.slice(unseen.start, unseen.end).slice(0, 40)} (line ${unseen.loc?.start.line ?? '?'})`;
      out.push(where);
      if (isCallersParam(tm, b)) (call.callerEscapes ??= []).push(where);
    }
    // `return client.get(...)` / `() => client.get(...)`: the response goes back to the callers
    let cur: Node = it.node;
    let parent = mod.parent.get(cur);
    while (parent && TRANSPARENT.has(parent.type)) {
      cur = parent;
      parent = mod.parent.get(cur);
    }
    // `request(…).pipe(dest)`: the answer streams into code the flow does not follow (a JSON
    // stream parser keyed on the v1 wrapper, a file an export reads)
    const pipe = parent && isMember(parent) && parent.object === cur && memberName(parent) === 'pipe' ? mod.parent.get(parent) : undefined;
    // (an RxJS pipe's operators are followed by the tracer: rx-operators.ts)
    if (pipe?.type === 'CallExpression' && pipe.callee === parent && !isOperatorPipe(pipe)) {
      const dest = pipe.arguments?.[0];
      out.push(`the stream it is piped to${dest ? ` (${mod.source.slice(dest.start, dest.end).slice(0, 40)}, line ${dest.loc?.start.line ?? '?'})` : ''}`);
    }
    const returned = parent?.type === 'ReturnStatement' || (parent && isFunctionNode(parent) && parent.body === cur);
    // (a call that answers through its callback returns no response: `() => request.post(…, cb)`)
    // (through a wrapper, its inner client decides: `return this.get(path, function (err, res, body) {…})`
    // over `request.get(…, cb)` returns the request object, the response goes to the callback; as in
    // trace-responses.ts seedCall)
    if (returned && !answersThroughCallback(it.shape?.client ?? call.client, it.node)) {
      let fn: Node | undefined = parent;
      while (fn && !isFunctionNode(fn)) fn = mod.parent.get(fn);
      // (an exported function also called here has callers elsewhere too, whom nothing follows)
      if (fn && (!calledHere(a, fn) || exportNames(tm, fn).length > 0) && !returnsIntoCall(mod.parent.get(fn), fn)) {
        const where = `a return to callers that are not seen (line ${cur.loc?.start.line ?? '?'})`;
        (call.returnEscapes ??= []).push(where);
        if (callersUnseen(tm, fn) || exportNames(tm, fn).length > 0) (call.callerEscapes ??= []).push(where);
      }
    }
    if (out.length) call.escapes = [...(call.escapes ?? []), ...out];
    if (it.site.url && urlWritableAtCall(mod, it.site.url)) call.urlAtCall = true;
    // the payload written elsewhere and read by other code too (a second call, another service):
    // unwrapping it for this call would change it there
    const sentAt = it.body && it.body.mod === mod ? it.body.node : undefined;
    if (sentAt) {
      for (const w of a.found) {
        const info = w.site.kind === 'wrapper' ? w.site.wrapper : undefined;
        if (!info?.call || info.call.start !== call.span.start || w.site.file !== mod.file) continue;
        const literal = mod.nodes.objects.find((o: Node) => o.properties.some((p: Node) => p.key?.start === info.keySpan.start));
        // a declared type of the payload (`const body: NewTicketBody = { helpdesk_ticket: … }`,
        // `{ … } as NewTicket`) still says v1 once the literal is unwrapped: the build breaks
        const declared = literal && payloadType(mod, literal);
        if (declared) (call.bodyTypes ??= []).push(declared);
        const reader = literal && unseenReader(mod, literal, [sentAt], (fn) => methodReaders(mod, fn));
        if (reader) {
          call.bodyReadElsewhere = reader;
          break;
        }
      }
    }
    if (it.site.url) {
      // (a URL finding no call uses is no request: a link or a redirect reading the helper is a reader)
      seen ??= a.found.flatMap((f) => (f.site.kind === 'call' && f.site.file === mod.file && f.site.url?.span ? [f.site.url.span] : []));
      const reader = unseenUrlReader(mod, it.site.url, seen, (fn) => methodReaders(mod, fn));
      if (reader) call.urlReadElsewhere = reader;
    }
    // the body as the code's callers gave it (`createTicket(data, cb)` sending `data`): whatever
    // path found it (the call's own argument, a repo helper's parameter the caller fills)
    const body = it.body && it.body.mod === mod ? unwrapExpr(it.body.node) : undefined;
    const sent = body && isJsonStringify(body) ? unwrapExpr(body.arguments[0]) : body;
    if (sent?.type === 'Identifier') {
      const b = bindingAt(mod, sent);
      if (b && !b.writes.length && isCallersParam(tm, b)) call.bodyFromCallers = true;
    }
    // the statuses the repo functions it goes through test (`res.status !== 200`, `case 201`)
    if (call.client === 'wrapper' && call.wrapperFiles?.length) {
      const statuses = new Set<number>();
      for (const m of [a.mod, ...a.wrapperModules]) {
        if (!call.wrapperFiles.includes(m.file) && !(m.abs && call.wrapperFiles.includes(m.abs))) continue;
        // (in the analysed module, only the chain's own functions: a status test elsewhere in it is a caller's)
        const own = m === a.mod && call.wrapperFunctions?.length ? call.wrapperFunctions.map((f) => m.source.slice(f.start, f.end)) : [m.source];
        for (const text of own) for (const x of text.matchAll(/(?:[!=]==?|case)\s*([1-5]\d\d)\b/g)) statuses.add(Number(x[1]));
      }
      call.wrapperStatuses = [...statuses].sort();
    }
  }
}

/**
 * Is the function called by name in this module, where the response flows follow its result
 * (`getTicket(id)`, `const getTicket = …; getTicket(id)`)? A method called on an object
 * (`this.getFolder(f)`, `api.getFolder(f)`) is not followed by either tool: what it returns goes
 * where neither looks.
 */
export function calledHere(a: Analysis, fn: Node): boolean {
  const mod = a.mod;
  let id: Node | undefined;
  if (fn.type === 'FunctionDeclaration') id = fn.id ?? undefined;
  else {
    const p = mod.parent.get(fn);
    if (p?.type === 'VariableDeclarator' && p.id.type === 'Identifier') id = p.id;
  }
  const b = id ? bindingAt(mod, id) : undefined;
  return !!b && b.refs.some((r) => {
    const p = mod.parent.get(r);
    return (p?.type === 'CallExpression' || p?.type === 'OptionalCallExpression') && p.callee === r && (r.start < fn.start || r.start >= fn.end);
  });
}

/**
 * The places a traced response leaves the module that the audit counts as escapes of its call
 * (`CallInfo.escapes`, `returnEscapes` for a return): a callback parameter called with it
 * (`callback(users[0])`), a function this module does not have (`list.push(res.body)`,
 * `res.json(body)`; a log line only prints it), a method of it whose callback is not followed
 * (`list.eachSlice(fn)`), an array or spread, and a return from a function
 * nobody in the module calls (its callers may be elsewhere; another file of the run may be one,
 * the verdict decides). Only a whole answer, the resource or a list item counts: one field read
 * from it is a value, not a v1 shape. The tracer's own `escapes` are the codemod's, which also
 * follows exports into the modules that import them.
 */
export function recordResponseEscapes(a: Analysis, traced: TracedResponses): void {
  for (const e of responseEscapes(a, traced.tracer.exits)) {
    const call = traced.callOf(e.tx);
    if (!call) continue;
    if (e.kind === 'importers') {
      call.answersImporters = true;
      continue;
    }
    const list = e.kind === 'return' ? (call.returnEscapes ??= []) : (call.escapes ??= []);
    // a call of an imported module: the place is in this file, which its own file does not show
    const where = traced.foreignFile(e.tx) ? e.where.replace(/\(line (\d+|\?)\)$/, `(${basename(a.mod.file)}:$1)`) : e.where;
    if (!list.includes(where)) list.push(where);
    if (e.toCallers && !(call.callerEscapes ??= []).includes(where)) call.callerEscapes.push(where);
  }
}

/** A place the answer leaves the module; `toCallers`: it goes to the code's own callers (see CallInfo.callerEscapes). */
interface ResponseEscape {
  tx: string;
  /** `importers`: no escape, the answer reaches the callers through an exported function the codemod follows. */
  kind: 'callback' | 'return' | 'importers';
  where: string;
  at: number;
  toCallers?: boolean;
}

function responseEscapes(a: Analysis, exits: Exit[]): ResponseEscape[] {
  const mod = a.mod;
  const tm = tracedModuleOf(mod);
  const out: ResponseEscape[] = [];
  for (const x of exits) {
    const doc = x.taint.doc;
    if (!doc) continue;
    const tx = x.taint.tx;
    if (x.kind === 'argument') {
      const call = x.call;
      const callee = unwrapExpr(call.callee);
      const line = call.loc?.start.line ?? '?';
      const name = memberPath(callee)?.join('.') ?? '';
      // resolve(x) inside a Promise executor: the promise holds it
      if (callee.type === 'Identifier' && callee.name === 'resolve') continue;
      if (!isWhole(x.taint, doc)) continue;
      const calleeBinding = callee.type === 'Identifier' ? bindingAt(mod, callee) : undefined;
      if (calleeBinding?.kind === 'param') {
        // the resource inside its wrapper, handed to a callback parameter, is what the function
        // answers its callers (`cb(null, JSON.parse(body).helpdesk_ticket)`): the codemod follows
        // it to them through the function's callbacks, so only the document itself counts here
        // (when the tracer can: the function is called here or exported by name; a prototype
        // method's callers are not followed, `Lib.prototype.getContact = function (id, cb)`)
        if (doc.prefix.length > 0 && doc.prefix.at(-1) !== '[]' && calleeBinding.fn && (callsOf(tm, calleeBinding.fn).length > 0 || exportNames(tm, calleeBinding.fn).length > 0)) {
          if (exportNames(tm, calleeBinding.fn).length > 0) out.push({ tx, kind: 'importers', where: '', at: call.start });
          continue;
        }
        out.push({ tx, kind: 'callback', where: `the callback ${callee.name} (line ${line})`, at: call.start, toCallers: isCallersParam(tm, calleeBinding) });
        continue;
      }
      // a function of this module is followed; any other one may read the v1 shape
      const fv = a.ev.eval(mod, callee, EMPTY_FRAMES);
      const local = fv.t === 'fn' && fv.mod === mod && !!functionNodeOf(fv);
      if (local || isLogging(name) || /^(String|Number|Boolean|Promise\.resolve)$/.test(name)) continue;
      // (`res.status(…).json` when the callee is a chain)
      const shown = name || mod.source.slice(callee.start, callee.end).replace(/\([^()]*\)/g, '(…)').replace(/\s+/g, '').slice(0, 40);
      out.push({ tx, kind: 'callback', where: `${shown}() (line ${line})`, at: call.start, toCallers: isHttpReply(tm, callee) });
    } else if (x.kind === 'method') {
      // a method of the answer whose callback is not followed (`list.eachSlice(fn)`); `.json()` and `.text()` read the body
      const m = x.call.callee;
      const prop = m.computed ? (isStringLiteral(m.property) ? String(m.property.value) : '[]') : m.property.name;
      const keyed = keyedObjectOf(x.taint);
      if (keyed && doc.stage !== 'text') out.push({ tx, kind: 'callback', where: `${keyed.v1}.${prop}() (line ${x.call.loc?.start.line ?? '?'})`, at: x.call.start });
      else if (doc.stage !== 'text' && prop !== 'json' && prop !== 'text' && prop !== 'getContentText') {
        // (named when it is a name: `rows.map(nameOf)`)
        const fnArg = x.call.arguments?.[0];
        const named = fnArg?.type === 'Identifier' ? `${fnArg.name} ` : '';
        out.push({ tx, kind: 'callback', where: `the callback ${named}of .${prop}() (line ${x.call.loc?.start.line ?? '?'})`, at: x.call.start });
      }
    } else if (x.kind === 'merge') {
      if (isWhole(x.taint, doc)) out.push({ tx, kind: 'callback', where: `${x.what} (line ${x.node.loc?.start.line ?? '?'})`, at: x.node.start });
    } else if (x.kind === 'property') {
      if (isWhole(x.taint, doc)) out.push({ tx, kind: 'callback', where: `${x.what} (line ${x.node.loc?.start.line ?? '?'})`, at: x.node.start });
    } else if (x.kind === 'envelope') {
      out.push({ tx, kind: 'callback', where: `.${x.key}, a key the v1 answer does not have (line ${x.node.loc?.start.line ?? '?'})`, at: x.node.start });
    } else if (x.kind === 'presence') {
      out.push({ tx, kind: 'callback', where: `a test for the ${x.key} key (line ${x.node.loc?.start.line ?? '?'})`, at: x.node.start });
    } else if (x.kind === 'list') {
      if (isWhole(x.taint, doc)) out.push({ tx, kind: 'callback', where: `an array or spread (line ${x.node.loc?.start.line ?? '?'})`, at: x.node.start });
    } else if (!x.intoCall && doc.stage !== 'text' && holdsResource(x.taint, doc) && ((!x.localCalls && !calledHere(a, x.fn)) || exportNames(tm, x.fn).length > 0)) {
      // (a function handed to a call returns into that call, `data.map((row) => row.user)`: said so)
      const host = mod.parent.get(x.fn);
      const hostParent = host && mod.parent.get(host);
      const hostReturned = hostParent?.type === 'ReturnStatement' || (!!hostParent && isFunctionNode(hostParent) && hostParent.body === host);
      const into = host && (host.type === 'CallExpression' || host.type === 'OptionalCallExpression') && host.callee !== x.fn && !hostReturned ? unwrapExpr(host.callee) : null;
      const where = into
        ? `the result of ${mod.source.slice(into.start, into.end).replace(/\([^()]*\)/g, '(…)').replace(/\s+/g, '').slice(0, 40)}() (line ${host.loc?.start.line ?? '?'})`
        : `a return to callers that are not seen (line ${x.from.loc?.start.line ?? '?'})`;
      out.push({ tx, kind: 'return', where, at: x.from.start, toCallers: callersUnseen(tm, x.fn) || exportNames(tm, x.fn).length > 0 });
    }
  }
  // top to bottom, whatever order the tracer reached them in
  return out.sort((x, y) => x.at - y.at);
}

/**
 * The answer itself, the resource inside its wrapper or an item of a list (not one field read from
 * it, not its text): the codemod's test (`isWholeValue`), so both tools block on the same hand-offs.
 */
function isWhole(t: Taint, doc: DocumentDepth): boolean {
  return doc.stage !== 'text' && (isWholeValue(t) || !!keyedObjectOf(t));
}


/** The answer itself, the resource inside its wrapper or an item of a list. */
function holdsResource(t: Taint, doc: DocumentDepth): boolean {
  const p = doc.prefix.filter((k) => k !== '[]');
  const wrapper = t.rule.response?.wrapper;
  return p.length === 0 || (p.length === 1 && p[0] === wrapper);
}

/**
 * What the code does with a call's status: tests inside a function that other code calls too
 * (`CallInfo.sharedStatusTests`: the codemod cannot change such a test for this call alone), and
 * uses no rewrite makes right for the v2 status, or a parse of a body v2 no longer sends
 * (`CallInfo.statusUnclear`, judged by `statusUses` as the codemod judges them).
 */
export function recordStatusUses(a: Analysis, traced: TracedResponses): void {
  const mod = tracedModuleOf(a.mod);
  const unclear = (t: Taint, line: number | undefined) => {
    const call = traced.callOf(t.tx);
    if (call && line !== undefined && !(call.statusUnclear ??= []).includes(line)) call.statusUnclear.push(line);
  };
  for (const [node, taints] of traced.tracer.taints) {
    const parent = a.mod.parent.get(node);
    // the body of a call v2 answers with 204 and none, parsed (`JSON.parse('')` throws)
    if (parent && isJsonParseOf(parent, node)) for (const t of taints) if (t.level === 'res' && answersWithoutBody(t.rule)) unclear(t, parent.loc?.start.line);
    // status uses no rewrite makes right (the codemod's statusCheck marks the same ones)
    const status = statusReadOf(node, parent, parent && a.mod.parent.get(parent));
    if (status && !sharedTestFunction(mod, status)) {
      for (const t of taints) {
        const change = t.level === 'pre' ? statusChange(t.rule) : null;
        if (change) for (const u of statusUses(mod, status, change.v1)) if (u.kind === 'unclear') unclear(t, u.node.loc?.start.line);
      }
    }
    // (the status is no part of the answer's document: the test is found from the response it is read on)
    const test = status && !(isMember(status) && memberName(status) === STATUS_TEXT) ? status : null;
    if (!test) continue;
    const shared = sharedTestFunction(mod, test);
    if (!shared) continue;
    for (const t of taints) {
      const call = t.level === 'pre' ? traced.callOf(t.tx) : undefined;
      if (!call) continue;
      const where = `${shared}() (line ${test.loc?.start.line ?? '?'})`;
      if (!(call.sharedStatusTests ??= []).includes(where)) call.sharedStatusTests.push(where);
    }
  }
  // `const { status } = res`: the name's uses
  for (const { prop, taint } of traced.tracer.patternReads) {
    const name = prop.computed ? undefined : (prop.key?.name ?? prop.key?.value);
    const change = taint.level === 'pre' && (STATUS_PROPS.has(name) || name === STATUS_TEXT) ? statusChange(taint.rule) : null;
    const id = prop.value?.type === 'AssignmentPattern' ? prop.value.left : prop.value;
    const b = change && id?.type === 'Identifier' ? bindingAt(a.mod, id) : undefined;
    if (!change || !b || b.writes.length) continue;
    for (const ref of b.refs) if (ref !== id) for (const u of statusUses(mod, ref, change.v1, name === STATUS_TEXT)) if (u.kind === 'unclear') unclear(taint, u.node.loc?.start.line);
  }
}

/** The line of a type the payload literal is declared with (an annotation, `as`, `satisfies`), if any. */
function payloadType(mod: Analysis['mod'], literal: Node): number | undefined {
  const p = mod.parent.get(literal);
  if (p && /^(TSAsExpression|TSSatisfiesExpression|TSTypeAssertion)$/.test(p.type) && p.typeAnnotation?.type !== 'TSAnyKeyword') return p.loc?.start.line;
  if (p?.type === 'VariableDeclarator' && p.init === literal && p.id.typeAnnotation && p.id.typeAnnotation.typeAnnotation?.type !== 'TSAnyKeyword') return p.loc?.start.line;
  return undefined;
}

