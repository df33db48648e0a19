/**
 * Parsing with jscodeshift's own babel parsers, chosen per extension (never the wrong grammar:
 * `.ts` with `ts`, so `<T>x` casts and generics parse; `.tsx` with `tsx`; JavaScript with `babel`).
 *
 * The codemod reads the raw babel tree those parsers return and walks it once with parent links;
 * it never reprints it (edits are spans on the original text), so recast's copy of the tree is not
 * needed. The same parser re-parses the output to prove it still parses.
 */
import { REWRITTEN_EXTENSIONS, scriptLanguage } from '../analysis/scripts.ts';
import { parseSource, parsersFor, parserFor as auditParserFor, type ParserName as AuditParserName } from '../analysis/parse.ts';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const getParser = require('jscodeshift/src/getParser.js') as (name: string) => { parse(code: string): AstFile };

/** jscodeshift's parser names; `babylon` (Flow + JSX) is the fallback for `.js` files `babel` refuses. */
export type ParserName = AuditParserName;

/** A babel node; the codemod reads it structurally. */
export interface Node {
  type: string;
  start: number;
  end: number;
  loc?: { start: { line: number; column: number }; end: { line: number; column: number } };
  [key: string]: any;
}

export interface Comment {
  type: 'CommentLine' | 'CommentBlock' | 'Line' | 'Block';
  value: string;
  start: number;
  end: number;
  loc?: Node['loc'];
}

export interface AstFile extends Node {
  program: Node;
  comments?: Comment[];
}

/**
 * Does the codemod handle this file? The parser itself is the audit's choice (`parserFor` in
 * src/analysis/parse.ts): `.ts` → ts, `.tsx` → tsx, JavaScript → babel (then babylon, tsx), so
 * both tools see identical trees and offsets.
 */
export function parserFor(file: string): ParserName | null {
  const ext = path.extname(file).toLowerCase();
  // extensionless Node scripts (bin/www, a shebang that runs node) are JavaScript too
  if (!REWRITTEN_EXTENSIONS.has(ext)) return ext === '' && scriptLanguage(file, file.split(path.sep).join('/')) === 'javascript' ? auditParserFor(file) : null;
  return auditParserFor(file);
}

export { parsersFor };

const parsers = new Map<ParserName, { parse(code: string): AstFile }>();

function parserOf(name: ParserName) {
  let p = parsers.get(name);
  if (!p) {
    p = getParser(name);
    parsers.set(name, p);
  }
  return p;
}

export class ParseError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = 'ParseError';
  }
}

/** Parses with the jscodeshift parser of that name; a syntax error becomes a ParseError with a position. */
export function parseWith(source: string, parser: ParserName): AstFile {
  try {
    return parserOf(parser).parse(source);
  } catch (e) {
    const err = e as Error & { loc?: { line: number; column: number } };
    const msg = err.message.replace(/\s*\(\d+:\d+\)$/, '');
    throw new ParseError(msg, err.loc?.line, err.loc !== undefined ? err.loc.column + 1 : undefined);
  }
}

type BabelOptions = Record<string, unknown> & { plugins?: unknown[] };
const babel = require('@babel/parser') as { parse(code: string, opts: BabelOptions): AstFile };
const optionsCache = new Map<ParserName, BabelOptions>();

/**
 * The exact babel options of a jscodeshift parser (its grammar: plugins, source type). jscodeshift
 * keeps them in a closure, so they are read once by watching the call it makes.
 */
function jscodeshiftOptions(name: ParserName): BabelOptions {
  let opts = optionsCache.get(name);
  if (opts) return opts;
  const real = babel.parse;
  let seen: BabelOptions | undefined;
  babel.parse = (code, o) => {
    seen = o;
    return real(code, o);
  };
  try {
    parserOf(name).parse('');
  } finally {
    babel.parse = real;
  }
  opts = seen ?? {};
  // jscodeshift parses JavaScript as a module only; a CommonJS script that only a sloppy script
  // allows (a function declared twice, `with`, octal escapes) is parsed as one, as the audit does
  if (opts.sourceType === 'module') opts = { ...opts, sourceType: 'unambiguous' };
  optionsCache.set(name, opts);
  return opts;
}

function toParseError(e: unknown): ParseError {
  const err = e as Error & { loc?: { line: number; column: number } };
  return new ParseError(String(err.message).replace(/\s*\(\d+:\d+\)$/, ''), err.loc?.line, err.loc !== undefined ? err.loc.column + 1 : undefined);
}

/**
 * Parses a file the way the audit does (same parser choice and fallbacks, same grammar and tree
 * shape as jscodeshift), without the token list recast needs for reprinting: the codemod never
 * reprints.
 */
export function parseFile(source: string, file: string): { ast: AstFile; parser: ParserName } {
  let first: unknown;
  for (const name of parsersFor(file)) {
    try {
      return { ast: babel.parse(source, { ...jscodeshiftOptions(name), tokens: false }), parser: name };
    } catch (e) {
      first ??= e;
    }
  }
  throw toParseError(first);
}

/**
 * Does this text parse with this parser? Same grammar; the estree tree shape and tokens are left
 * out because only the verdict matters. Returns the error instead of throwing.
 */
export function checkParses(source: string, parser: ParserName): ParseError | null {
  const opts = jscodeshiftOptions(parser);
  try {
    babel.parse(source, { ...opts, tokens: false, plugins: (opts.plugins ?? []).filter((p) => p !== 'estree') });
    return null;
  } catch (e) {
    return toParseError(e);
  }
}

void parseSource;

const SKIP_KEYS = new Set([
  'loc',
  'start',
  'end',
  'range',
  'extra',
  'tokens',
  'comments',
  'leadingComments',
  'trailingComments',
  'innerComments',
  'type',
  'typeAnnotation_',
]);

/** Child nodes of a node, in source order as far as the node's own keys go. */
export function children(node: Node): Node[] {
  const out: Node[] = [];
  for (const key in node) {
    if (SKIP_KEYS.has(key)) continue;
    const v = node[key];
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (const item of v) if (item && typeof item === 'object' && typeof item.type === 'string') out.push(item as Node);
    } else if (typeof (v as Node).type === 'string' && typeof (v as Node).start === 'number') {
      out.push(v as Node);
    }
  }
  return out;
}

/** A parsed file with parent links and a flat list of nodes in pre-order (one walk, reused by every finder). */
export class ParsedFile {
  readonly parents = new Map<Node, Node>();
  readonly nodes: Node[] = [];
  private lineStarts?: number[];

  constructor(
    readonly file: string,
    readonly source: string,
    readonly parser: ParserName,
    readonly ast: AstFile,
  ) {
    const stack: Node[] = [ast.program];
    this.parents.set(ast.program, ast);
    while (stack.length) {
      const node = stack.pop()!;
      this.nodes.push(node);
      const kids = children(node);
      for (let i = kids.length - 1; i >= 0; i--) {
        this.parents.set(kids[i]!, node);
        stack.push(kids[i]!);
      }
    }
  }

  static parse(file: string, source: string): ParsedFile {
    if (!parserFor(file)) throw new ParseError(`no parser for ${file}`);
    const { ast, parser } = parseFile(source, file);
    return new ParsedFile(file, source, parser, ast);
  }

  parent(node: Node): Node | undefined {
    return this.parents.get(node);
  }

  /** Ancestors from the parent up to the program. */
  *ancestors(node: Node): Generator<Node> {
    let cur = this.parents.get(node);
    while (cur && cur.type !== 'File') {
      yield cur;
      cur = this.parents.get(cur);
    }
  }

  text(node: { start: number; end: number }): string {
    return this.source.slice(node.start, node.end);
  }

  comments(): Comment[] {
    return (this.ast.comments ?? []) as Comment[];
  }

  private commentEnds?: Map<number, Comment>;

  /** The comment that ends exactly at `end`, if any (indexed once: markers ask for it per site). */
  commentEndingAt(end: number): Comment | undefined {
    if (!this.commentEnds) {
      this.commentEnds = new Map();
      for (const c of this.comments()) this.commentEnds.set(c.end, c);
    }
    return this.commentEnds.get(end);
  }

  /** The offset after the last non-whitespace character before `offset` (no slicing of the source). */
  trimmedEndBefore(offset: number): number {
    let i = offset;
    while (i > 0) {
      const c = this.source.charCodeAt(i - 1);
      if (c !== 32 && c !== 9 && c !== 13 && c !== 10) break;
      i--;
    }
    return i;
  }

  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    if (!this.lineStarts) {
      this.lineStarts = [0];
      for (let i = 0; i < this.source.length; i++) if (this.source.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
    }
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo]! + 1 };
  }

  /** Offset where the line holding `offset` starts. */
  lineStart(offset: number): number {
    const i = this.source.lastIndexOf('\n', offset - 1);
    return i + 1;
  }

  /** The whitespace that indents the line holding `offset`. */
  indentAt(offset: number): string {
    const start = this.lineStart(offset);
    return /^[ \t]*/.exec(this.source.slice(start, start + 200))![0];
  }

  /** True when only whitespace precedes `offset` on its line. */
  startsLine(offset: number): boolean {
    return /^[ \t]*$/.test(this.source.slice(this.lineStart(offset), offset));
  }
}
