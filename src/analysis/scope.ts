/**
 * A lexical scope: the names declared in it and the scope around it, for the one module model
 * both tools read (./module.ts).
 */
import type { Node } from './parse.ts';

export class Scope<B> {
  /** What each name declared in this scope is bound to (the last declaration of a name). */
  readonly names = new Map<string, B>();
  /**
   * Earlier declarations of a name declared again in this scope (`var options = {…}; request(options);
   * var options = {…}; request(options);`, the way old scripts reuse a name), with where each is
   * written; `names` holds the last one and `lastAt` where it is written.
   */
  readonly earlier = new Map<string, Array<{ at: number; binding: B }>>();
  readonly lastAt = new Map<string, number>();
  constructor(
    readonly parent: Scope<B> | null,
    readonly node: Node,
    readonly isFunction: boolean,
  ) {}

  /**
   * Declares a name here, written at `at`. With `keepEarlier`, a name declared again keeps its
   * earlier declaration for the reads written before this one (see `earlier`); otherwise this one
   * replaces it everywhere.
   */
  declare(name: string, binding: B, at: number, keepEarlier = false): void {
    const prev = this.names.get(name);
    if (keepEarlier && prev !== undefined && prev !== binding) {
      const list = this.earlier.get(name) ?? [];
      list.push({ at: this.lastAt.get(name) ?? -1, binding: prev });
      this.earlier.set(name, list);
    }
    this.names.set(name, binding);
    this.lastAt.set(name, at);
  }

  /**
   * The binding a name refers to here: the nearest declaration outwards. With `at` (where the name
   * is read) and a name declared more than once in the same function: the declaration last written
   * before that point, straight-line code read top to bottom (from a nested function the last one,
   * which is the one in force once the outer code has run). `excluded` drops declarations that can
   * never be in force where the name is read (the other arm of an `if`).
   */
  lookup(name: string, at?: number, excluded?: (binding: B) => boolean): B | undefined {
    for (let s: Scope<B> | null = this; s; s = s.parent) {
      const b = s.names.get(name);
      if (b === undefined) continue;
      const prev = at === undefined ? undefined : s.earlier.get(name);
      if (!prev) return b;
      const all = [...prev, { at: s.lastAt.get(name) ?? Infinity, binding: b }].filter((e) => !excluded?.(e.binding));
      if (all.length === 0) return b;
      if (this.functionScope() !== s.functionScope()) return all[all.length - 1]!.binding;
      let chosen = all[0]!.binding;
      for (const e of all) if (e.at <= at!) chosen = e.binding;
      return chosen;
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
