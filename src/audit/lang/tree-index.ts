/**
 * The few node kinds the audit looks at (calls, functions, definitions, loops, strings, comments,
 * returns), each with its innermost enclosing function. They are collected with
 * `descendantsOfType`, which walks the tree inside WebAssembly and hands back only the matching
 * nodes: every node object or property read that crosses from WebAssembly to JavaScript costs, and
 * a cursor walk over every node of a file was most of the syntax audit's time (measured in
 * bench/audit.bench.ts, mixed tree: 76 ms → 20 ms for the 187 files its helper index parses).
 */
import type { Dialect } from './dialects.ts';
import type { SyntaxNode } from './grammars.ts';

export interface Indexed {
  node: SyntaxNode;
  /** Start of the innermost enclosing function (-1 at file or class level). */
  fn: number;
}

export interface TreeIndex {
  calls: Indexed[];
  fns: Indexed[];
  defs: Indexed[];
  loops: SyntaxNode[];
  /** Outermost string nodes (not inside another string), with their function. */
  strings: Indexed[];
  comments: Array<[number, number]>;
  /** `return` statements (and Kotlin's `return` jumps), with their function. */
  returns: Indexed[];
}

const RETURNS = ['return_statement', 'return', 'jump_expression'];

/** Per grammar: which of the type names also name an anonymous token (`return` the keyword). */
const twins = new WeakMap<object, Set<string>>();
function anonymousTwins(root: SyntaxNode, names: Iterable<string>): Set<string> {
  const lang = root.tree.getLanguage() as unknown as { types: string[]; idForNodeType(t: string, named: boolean): number | null; nodeTypeIsNamed(id: number): boolean };
  let set = twins.get(lang);
  if (!set) {
    set = new Set();
    for (const name of names) {
      // a symbol of that name that is not named (`types` lists every symbol, named or not)
      lang.types.forEach((t, id) => {
        if (t === name && !lang.nodeTypeIsNamed(id)) set!.add(name);
      });
    }
    twins.set(lang, set);
  }
  return set;
}

export function indexTree(d: Dialect, root: SyntaxNode): TreeIndex {
  const k = d.kinds;
  const all = new Set([...k.call, ...k.fn, ...k.def, ...k.loop, ...d.strings, ...d.comment, ...RETURNS]);
  const twin = anonymousTwins(root, all);
  // one walk inside WebAssembly for every kind (each walk costs about the same, whatever it finds),
  // in document order: a function comes before what it contains
  const found = root.descendantsOfType([...all]);
  const out: TreeIndex = { calls: [], fns: [], defs: [], loops: [], strings: [], comments: [], returns: [] };
  const fnStack: Array<[number, number]> = [];
  let stringEnd = -1;
  let commentEnd = -1;
  for (const node of found) {
    const type = node.type;
    if (twin.has(type) && !node.isNamed) continue;
    const start = node.startIndex;
    // nothing inside a comment counts (a doc comment's own children)
    if (start < commentEnd) continue;
    if (d.comment.has(type)) {
      commentEnd = node.endIndex;
      out.comments.push([start, commentEnd]);
      continue;
    }
    while (fnStack.length && start >= fnStack[fnStack.length - 1]![1]) fnStack.pop();
    const fn = fnStack.length ? fnStack[fnStack.length - 1]![0] : -1;
    if (k.call.has(type)) out.calls.push({ node, fn });
    if (k.def.has(type)) out.defs.push({ node, fn });
    if (k.loop.has(type)) out.loops.push(node);
    if (RETURNS.includes(type)) out.returns.push({ node, fn });
    if (k.fn.has(type)) {
      out.fns.push({ node, fn });
      fnStack.push([start, node.endIndex]);
    }
    if (d.strings.has(type) && start >= stringEnd) {
      out.strings.push({ node, fn });
      stringEnd = node.endIndex;
    }
  }
  return out;
}
