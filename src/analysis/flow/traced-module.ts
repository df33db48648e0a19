/**
 * The module the response-flow tracer walks: the analysis' scope model of it, over the tree its
 * caller parsed (the codemod's own `ParsedFile`, whose parent links and line numbers it keeps).
 */
import { bindingAt, positionOf, type Binding, type ModuleInfo } from '../module.ts';
import type { Node } from '../parse.ts';

export interface TracedModule {
  info: ModuleInfo;
  tree: {
    parent(node: Node): Node | undefined;
    /** 1-based line of an offset. */
    position(offset: number): { line: number };
    text(node: { start: number; end: number }): string;
  };
}

/** The binding an identifier refers to (or declares), read where it is written. */
export function bindingOf(mod: TracedModule, id: Node): Binding | undefined {
  return bindingAt(mod.info, id);
}

/** The tracer's view of a module the analysis parsed itself (its own parent links and lines). */
export function tracedModuleOf(mod: ModuleInfo): TracedModule {
  return {
    info: mod,
    tree: { parent: (n) => mod.parent.get(n), position: (o) => positionOf(mod, o), text: (n) => mod.source.slice(n.start, n.end) },
  };
}
