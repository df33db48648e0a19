/**
 * Can a call's URL be written out whole where the call is made? When its URL reads a constant or a
 * helper (`url(id)`, `TICKETS + id`) that another call reads too, and that other call stays on v1,
 * the shared text cannot change: the migrated call then gets its own URL at the call instead
 * (`` `${BASE}/api/v2/tickets/${id}` ``). That works when every value the URL is built from can be
 * read at the call: it is written inside the call's URL argument, or it is a name the call's code
 * reads as the helper does. The audit (whether such a call is auto-fixable) and the codemod (what
 * it writes) ask the same question here.
 */
import type { Binding, ModuleInfo } from './module.ts';
import type { Node } from './parse.ts';
import type { UrlInfo } from './types.ts';

/**
 * The name a value read inside a helper or constant can be read by at any call of the module
 * (`BASE`, `config.fd_url`): a binding of the module's top level, the only binding of that name in
 * the module (no local one can hide it anywhere), never written after its declaration; or plain
 * properties of one (read when the call runs, as the helper reads them).
 */
export function moduleWideName(mod: Pick<ModuleInfo, 'bindings' | 'root'>, node: Node): string | undefined {
  const path: string[] = [];
  let id = node;
  while (id?.type === 'MemberExpression' && !id.computed && id.property?.type === 'Identifier') {
    path.unshift(id.property.name);
    id = id.object;
  }
  if (id?.type !== 'Identifier') return undefined;
  const same = mod.bindings.filter((b: Binding) => b.name === id.name);
  const b = same.length === 1 ? same[0]! : undefined;
  if (!b || b.scope !== mod.root || b.writes.length || !b.refs.includes(id)) return undefined;
  // (an import is read as it is everywhere; a declaration has a value of its own)
  if (!(b.importFrom || b.init || b.kind === 'function')) return undefined;
  return [b.name, ...path].join('.');
}

/** The expression of `mod` read at `start…end` when it is a name or a chain of plain properties of one. */
function nameAt(mod: Pick<ModuleInfo, 'bindings' | 'parent'>, start: number, end: number): Node | undefined {
  for (const b of mod.bindings) {
    for (const r of b.refs) {
      if (r.start !== start) continue;
      let n: Node = r;
      while (n.end < end) {
        const p = mod.parent.get(n);
        if (p?.type !== 'MemberExpression' || p.object !== n) return undefined;
        n = p;
      }
      return n.end === end ? n : undefined;
    }
  }
  return undefined;
}

/**
 * Every dynamic part of the URL is written inside the call's URL expression, or is a module-wide
 * name of the call's own module (`moduleWideName`): the URL can be written out at the call.
 */
export function urlWritableAtCall(mod: Pick<ModuleInfo, 'bindings' | 'root' | 'file' | 'parent'>, url: UrlInfo): boolean {
  for (const p of url.parts) {
    if (!p.dynamic) continue;
    if (p.file !== mod.file) return false;
    if (p.span.start >= url.span.start && p.span.end <= url.span.end) continue;
    const n = nameAt(mod, p.span.start, p.span.end);
    if (!n || !moduleWideName(mod, n)) return false;
  }
  return true;
}
