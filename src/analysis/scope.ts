/**
 * A lexical scope: the names declared in it and the scope around it. One class for the audit's
 * module analysis (./module.ts) and the codemod's scope analysis, each with its own kind of binding.
 */
import type { Node } from './parse.ts';

export class Scope<B> {
  /** What each name declared in this scope is bound to. */
  readonly names = new Map<string, B>();
  constructor(
    readonly parent: Scope<B> | null,
    readonly node: Node,
    readonly isFunction: boolean,
  ) {}

  /** The binding a name refers to here: the nearest declaration outwards. */
  lookup(name: string): B | undefined {
    for (let s: Scope<B> | null = this; s; s = s.parent) {
      const b = s.names.get(name);
      if (b) return b;
    }
    return undefined;
  }

  /** Where `var` declarations go: the nearest function (or the program) scope. */
  functionScope(): Scope<B> {
    let s: Scope<B> = this;
    while (!s.isFunction && s.parent) s = s.parent;
    return s;
  }
}
