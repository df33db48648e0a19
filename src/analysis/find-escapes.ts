/**
 * Where a v1 call's response leaves the code this analysis can follow: a callback handed in by the
 * caller (`client.get(path, cb)` inside `getTicket(id, cb)`), or a return to callers that are not
 * in the module. Code there may read v1 shapes and statuses nobody checked, so such a call is not
 * migrated automatically when v2 changes its answer (the verdict decides). Recorded on the call:
 * `CallInfo.escapes`.
 */
import type { Analysis } from './analysis.ts';
import { bindingAt, isFunctionNode, type Binding } from './module.ts';
import type { Node } from './parse.ts';
import { unwrapExpr } from './evaluate.ts';
import { answersThroughCallback, CALLBACK_NAME } from './clients.ts';

const TRANSPARENT = new Set(['AwaitExpression', 'ParenthesizedExpression', 'TSAsExpression', 'TSNonNullExpression', 'TSTypeAssertion', 'TSSatisfiesExpression', 'ChainExpression']);

export function findEscapes(a: Analysis): void {
  const mod = a.mod;
  const lookup = (id: Node): Binding | undefined => bindingAt(mod, id);
  for (const it of a.found) {
    const call = it.site.call;
    if (it.site.kind !== 'call' || !call || !it.node || it.site.file !== a.mod.file) continue;
    const out: string[] = [];
    const args = (it.node.arguments ?? []) as Node[];
    const last = args.length > 1 ? unwrapExpr(args[args.length - 1]!) : undefined;
    // the caller's callback gets the response
    if (last?.type === 'Identifier' && CALLBACK_NAME.test(last.name)) {
      const b = lookup(last);
      const fn = b?.kind === 'function' ? b.init : b?.init && unwrapExpr(b.init);
      if (!(fn && isFunctionNode(fn)) && (b?.kind === 'param' || !b)) out.push(`the callback ${last.name} (line ${last.loc?.start.line ?? '?'})`);
    }
    // `return client.get(...)` / `() => client.get(...)`: the response goes back to the callers
    let cur: Node = it.node;
    let parent = mod.parent.get(cur);
    while (parent && TRANSPARENT.has(parent.type)) {
      cur = parent;
      parent = mod.parent.get(cur);
    }
    const returned = parent?.type === 'ReturnStatement' || (parent && isFunctionNode(parent) && parent.body === cur);
    // (a call that answers through its callback returns no response: `() => request.post(…, cb)`)
    if (returned && !answersThroughCallback(call.client, it.node)) {
      let fn: Node | undefined = parent;
      while (fn && !isFunctionNode(fn)) fn = mod.parent.get(fn);
      if (fn && !calledHere(a, fn)) (call.returnEscapes ??= []).push(`a return to callers that are not seen (line ${cur.loc?.start.line ?? '?'})`);
    }
    if (out.length) call.escapes = out;
    // the statuses the repo functions it goes through test (`res.status !== 200`, `case 201`)
    if (call.client === 'wrapper' && call.wrapperFiles?.length) {
      const statuses = new Set<number>();
      for (const m of [a.mod, ...a.wrapperModules]) {
        if (!call.wrapperFiles.includes(m.file) && !(m.abs && call.wrapperFiles.includes(m.abs))) continue;
        for (const x of m.source.matchAll(/(?:[!=]==?|case)\s*([1-5]\d\d)\b/g)) statuses.add(Number(x[1]));
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
