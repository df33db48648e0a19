/**
 * Reads of the v1 error body (`e.response.data.errors.error`, `body.errors.error`): v1 put an error's
 * message under `errors.error`, v2 answers a description and a list of field errors, so such a read
 * gives undefined once the call moves. A read in the function that makes a call (its `catch`, its
 * callback, a `.catch` handler), or anywhere in the module for a call at its top level, belongs to
 * that call (`CallInfo.errorBodyReads`): the verdict keeps the call on v1 and says to read the v2 form.
 */
import { TRANSPORT } from '../catalogue/index.ts';
import type { Analysis } from './analysis.ts';
import { enclosingFunction } from './module.ts';
import type { Node } from './parse.ts';
import { isMember, memberName, unwrapExpr } from './syntax.ts';

export function findErrorBodyReads(a: Analysis): void {
  const [host, field] = TRANSPORT.errorBody.v1Read;
  const reads = a.mod.nodes.members.filter((m) => !m.computed && memberName(m) === field && isMember(unwrapExpr(m.object)) && !unwrapExpr(m.object).computed && memberName(unwrapExpr(m.object)) === host);
  if (!reads.length) return;
  const within = (n: Node, scope: Node | undefined) => !scope || (n.start >= scope.start && n.end <= scope.end);
  for (const it of a.found) {
    const call = it.site.call;
    if (it.site.kind !== 'call' || !call || !it.node || it.site.file !== a.mod.file) continue;
    const scope = enclosingFunction(a.mod, it.node);
    for (const r of reads) {
      if (!within(r, scope)) continue;
      const line = r.loc?.start.line ?? 0;
      if (!(call.errorBodyReads ??= []).includes(line)) call.errorBodyReads.push(line);
    }
  }
}
