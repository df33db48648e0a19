/**
 * One cursor walk over a tree collects the few node kinds the audit looks at (calls, functions,
 * definitions, loops, strings, comments). Walking with a cursor and materialising only those nodes
 * is what keeps the syntax audit fast: every node object web-tree-sitter hands out crosses from
 * WebAssembly to JavaScript.
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

export function indexTree(d: Dialect, root: SyntaxNode): TreeIndex {
  const out: TreeIndex = { calls: [], fns: [], defs: [], loops: [], strings: [], comments: [], returns: [] };
  const k = d.kinds;
  const c = root.walk();
  const fnStack: number[] = [-1];
  let inString = 0;
  const visit = (): void => {
    const type = c.nodeType;
    const named = c.nodeIsNamed;
    let isFn = false;
    let isString = false;
    if (named) {
      const fn = fnStack[fnStack.length - 1]!;
      if (d.comment.has(type)) {
        out.comments.push([c.startIndex, c.endIndex]);
        return;
      }
      if (k.call.has(type)) out.calls.push({ node: c.currentNode, fn });
      if (k.def.has(type)) out.defs.push({ node: c.currentNode, fn });
      if (k.loop.has(type)) out.loops.push(c.currentNode);
      if (type === 'return_statement' || type === 'return' || type === 'jump_expression') out.returns.push({ node: c.currentNode, fn });
      if (k.fn.has(type)) {
        out.fns.push({ node: c.currentNode, fn });
        isFn = true;
      }
      if (d.strings.has(type)) {
        if (inString === 0) out.strings.push({ node: c.currentNode, fn });
        isString = true;
      }
    }
    if (isFn) fnStack.push(c.startIndex);
    if (isString) inString++;
    if (c.gotoFirstChild()) {
      do visit();
      while (c.gotoNextSibling());
      c.gotoParent();
    }
    if (isFn) fnStack.pop();
    if (isString) inString--;
  };
  visit();
  c.delete();
  return out;
}
