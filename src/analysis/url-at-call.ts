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
import { unseenReader, type HostReaders, type ReaderModule } from './value-readers.ts';
import { hasV1PathText } from './verdict.ts';

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
 * A helper the URL was followed through (`StringPart.via`, `ticketUrl()`) gives at run time the
 * value the analysis read when it only joins its parameters, unchanged, with fixed text (no
 * `encodeURIComponent(id)`, no `id = String(id).replace(…)`); a constant does when nothing writes
 * it or a property of it again (`config.base = opts.base`). Anything else may give the URL another
 * value than the one written out.
 */
function settledHelper(mod: Pick<ModuleInfo, 'bindings'>, via: string): boolean {
  const path = via.replace(/\(\)$/, '').split('.');
  const named = mod.bindings.filter((b: Binding) => b.name === path[path.length - 1]);
  const fn = named.length === 1 ? named[0]!.init : undefined;
  return !!fn && plainHelper(mod, fn);
}

/**
 * A literal of the URL read through a name (`const TICKETS = '/helpdesk/tickets/'`, `config.paths.tickets`):
 * the variable whose initialiser holds it is never written again, nor is any property of it.
 */
function settledLiteral(mod: Pick<ModuleInfo, 'bindings' | 'nodes' | 'parent'>, start: number, end: number): boolean {
  let n: Node | undefined = mod.nodes.strings.find((x: Node) => x.start <= start && x.end >= end);
  while (n && /^(ObjectProperty|Property|ObjectExpression|ArrayExpression|BinaryExpression|TemplateLiteral|ParenthesizedExpression|StringLiteral|Literal)$/.test(n.type)) n = mod.parent.get(n);
  // (inside a helper's return: settled by settledHelper)
  if (!n || n.type === 'ReturnStatement' || n.type === 'ArrowFunctionExpression') return true;
  if (n.type !== 'VariableDeclarator' || n.id.type !== 'Identifier') return false;
  const root = n.id.name;
  if (mod.bindings.some((b: Binding) => b.name === root && b.writes.length)) return false;
  // (a property written anywhere: `config.base = …`, `config.paths.tickets = …`)
  return !mod.nodes.assignments.some((w: Node) => {
    let left = w.left;
    while (left?.type === 'MemberExpression') left = left.object;
    return left?.type === 'Identifier' && left.name === root && w.left.type === 'MemberExpression';
  });
}

const PLAIN_EXPR = new Set(['BinaryExpression', 'TemplateLiteral', 'TemplateElement', 'Identifier', 'MemberExpression', 'StringLiteral', 'NumericLiteral', 'Literal', 'ParenthesizedExpression']);

/** A function whose whole work is to return its parameters, unchanged, joined with fixed text. */
function plainHelper(mod: Pick<ModuleInfo, 'bindings'>, fn: Node): boolean {
  if (!/^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression)$/.test(fn.type)) return false;
  const params = mod.bindings.filter((b: Binding) => b.kind === 'param' && b.fn === fn);
  if (params.some((b) => b.writes.length)) return false;
  let ret: Node | undefined = fn.body;
  if (ret?.type === 'BlockStatement') ret = ret.body.length === 1 && ret.body[0].type === 'ReturnStatement' ? ret.body[0].argument : undefined;
  if (!ret) return false;
  const plain = (n: Node): boolean => {
    if (!n || !PLAIN_EXPR.has(n.type)) return false;
    if (n.type === 'BinaryExpression') return n.operator === '+' && plain(n.left) && plain(n.right);
    if (n.type === 'TemplateLiteral') return (n.expressions as Node[]).every(plain);
    if (n.type === 'MemberExpression') return !n.computed && plain(n.object);
    if (n.type === 'ParenthesizedExpression') return plain(n.expression);
    return true;
  };
  return plain(ret);
}

/**
 * The URL can be written out at the call: every helper and constant it was read through is settled
 * (`settledHelper`, `settledLiteral`), and every dynamic part is written inside the call's URL expression or is a
 * module-wide name of the call's own module (`moduleWideName`).
 */
export function urlWritableAtCall(mod: Pick<ModuleInfo, 'bindings' | 'root' | 'file' | 'parent' | 'nodes'>, url: UrlInfo): boolean {
  for (const p of url.parts) {
    if (p.via?.some((v) => v.endsWith('()') && !settledHelper(mod, v))) return false;
    if (!p.dynamic && p.via?.length && p.node !== 'synthetic' && p.file === mod.file && !settledLiteral(mod, p.span.start, p.span.end)) return false;
    if (!p.dynamic) continue;
    if (p.file !== mod.file) return false;
    if (p.span.start >= url.span.start && p.span.end <= url.span.end) continue;
    const n = nameAt(mod, p.span.start, p.span.end);
    if (!n || !moduleWideName(mod, n)) return false;
  }
  return true;
}

/**
 * Code of the module, other than the requests the analysis sees, that reads the v1 text of a call's
 * URL: a constant or helper whose value also goes elsewhere (`queue.push({ href: ticketUrl(id) })`,
 * `links.ticket = TICKETS`). Rewriting that shared text would change the URL there too, where no
 * body or answer was checked; the call's URL is then written out at the call, or the call stays on
 * v1. Log lines read it harmlessly; exports hand it to other modules, whose own calls their analysis
 * sees. Returns the first such reader (`"ticketUrl(id) at line 9"`), or undefined.
 */
export function unseenUrlReader(mod: ReaderModule, url: UrlInfo, seen: Array<{ start: number; end: number }>, hostReaders: HostReaders): string | undefined {
  for (const p of url.parts) {
    if (p.dynamic || p.node === 'synthetic' || !p.via?.length || p.file !== mod.file || !hasV1PathText(p.text)) continue;
    const str = mod.nodes.strings.find((x: Node) => x.start <= p.span.start && x.end >= p.span.end);
    const found = str && unseenReader(mod, str, seen, hostReaders);
    if (found) return found;
  }
  return undefined;
}
