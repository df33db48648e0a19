/**
 * What the shared evaluator needs to know of each language's syntax tree: which nodes are string
 * literals (and their interpolation holes), concatenation, formatting, calls, definitions and
 * functions. One table per language; the node types are those of the `tree-sitter-wasms` grammars.
 */
import type { Language } from '../model.ts';
import type { SyntaxNode } from './grammars.ts';

export interface CallView {
  node: SyntaxNode;
  /** Last name of the callee: `put`, `PutAsync`, `HttpPut`, `create_url`, `new`. */
  name: string;
  /** Text of what the callee hangs on: `requests`, `RestClient`, `Net::HTTP::Put`, `$this`. */
  receiver: string;
  args: SyntaxNode[];
  /** Named arguments (`url=`, `method:`, `'method' =>` in an options hash are not here). */
  kwargs: Map<string, SyntaxNode>;
  /** A constructor call (`new HttpPut(...)`). */
  isNew: boolean;
}

export interface Formatting {
  template: SyntaxNode;
  args: SyntaxNode[];
  /** Values by name (Python `"%(id)d" % {"id": i}`, `dict(id=i)`, `"{id}".format(id=i)`): fill `%(id)d` and `{id}`. */
  named?: Map<string, SyntaxNode>;
}

export interface FunctionView {
  name: string;
  params: string[];
  body: SyntaxNode;
}

export interface Definition {
  name: string;
  value: SyntaxNode;
  /** A member (`self.x`, `@x`, `$this->x`, `this.x`) or a class/module constant: visible in the whole file. */
  member: boolean;
}

export interface Dialect {
  strings: ReadonlySet<string>;
  /** Children of a string node that are holes (`#{x}`, `{x}`, `$x`, `${x}`). */
  isHole(child: SyntaxNode): boolean;
  concat(n: SyntaxNode): [SyntaxNode, SyntaxNode] | null;
  /** A path join written as an operator (Python's `URL(base) / "helpdesk" / "tickets.json"`, yarl or pathlib): its two sides. */
  pathJoin?(n: SyntaxNode): [SyntaxNode, SyntaxNode] | null;
  /** `"..." % x`, `"...".format()`, `sprintf`, `String.format`, `fmt.Sprintf`, `string.Format`. */
  format(n: SyntaxNode): Formatting | null;
  call(n: SyntaxNode): CallView | null;
  defs(n: SyntaxNode): Definition[];
  fn(n: SyntaxNode): FunctionView | null;
  /** A name that refers to a value: identifiers, constants, members; null for other nodes. */
  nameOf(n: SyntaxNode): { name: string; member: boolean } | null;
  /** Nodes whose value is their only named child (parentheses, arguments, awaits, casts). */
  transparent: ReadonlySet<string>;
  /** Loop/block variables bound to each item of a collection: `for p in PATHS`, `PATHS.each do |k, v|`. */
  loopBinding?(n: SyntaxNode): { names: string[]; collection: SyntaxNode } | null;
  comment: ReadonlySet<string>;
  /** `x.path("segment")` appends a path segment to the URL `x` holds (JAX-RS WebTarget, UriBuilder). */
  pathSegments?: boolean;
  /** Node types worth looking at (the walk materialises only these): calls, functions, definitions, loops. */
  kinds: { call: ReadonlySet<string>; fn: ReadonlySet<string>; def: ReadonlySet<string>; loop: ReadonlySet<string> };
}

import { python } from './python.ts';
import { ruby } from './ruby.ts';
import { php } from './php.ts';
import { csharp } from './csharp.ts';
import { java } from './java.ts';
import { kotlin } from './kotlin.ts';
import { go } from './go.ts';
import { shell } from './shell.ts';

export const DIALECTS: Partial<Record<Language, Dialect>> = { python, ruby, php, csharp, java, kotlin, go, shell };
