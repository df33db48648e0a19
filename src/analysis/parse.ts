/**
 * Parsing JS/TS with jscodeshift's own babel-based parsers, so the audit and the codemod see the
 * same AST (same node types, same `start`/`end`). The parser is chosen by extension and never by
 * guessing a wrong grammar: `.ts` → `ts` (never TSX, which breaks `<T>x` casts), `.tsx` → `tsx`,
 * `.js/.mjs/.cjs/.jsx/.gs` → `babel` (jscodeshift's default, estree-flavoured: `Literal`,
 * `Property`); a `.js` file that `babel` refuses (Flow annotations, TS-only syntax) is retried with
 * `babylon` (Flow + JSX) and then `tsx`.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const getParser = require('jscodeshift/src/getParser') as (name: string) => { parse(code: string): BabelFile };

export type ParserName = 'babel' | 'babylon' | 'ts' | 'tsx';

// Babel's AST as plain objects: analysis code reads fields by name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Node = any;
export interface BabelFile {
  type: 'File';
  program: Node;
  comments?: Node[];
  errors?: unknown[];
}

const cache = new Map<ParserName, { parse(code: string): BabelFile }>();
function parser(name: ParserName) {
  let p = cache.get(name);
  if (!p) {
    p = getParser(name);
    cache.set(name, p);
  }
  return p;
}

/** The parsers to try for a file name, in order. The first is what `jscodeshift.withParser` should get. */
export function parsersFor(filename: string): ParserName[] {
  const lower = filename.toLowerCase();
  if (/\.d\.[mc]?ts$/.test(lower) || /\.[mc]?ts$/.test(lower)) return ['ts'];
  if (lower.endsWith('.tsx')) return ['tsx'];
  return ['babel', 'babylon', 'tsx'];
}

/** The parser jscodeshift should use for this file (the first that parses `source`, when given). */
export function parserFor(filename: string, source?: string): ParserName {
  const list = parsersFor(filename);
  if (source === undefined || list.length === 1) return list[0]!;
  for (const name of list) {
    try {
      parser(name).parse(source);
      return name;
    } catch {
      /* try the next */
    }
  }
  return list[0]!;
}

export class ParseError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------
// The audit's own parse: the same babel parser and plugins as jscodeshift's, without the two
// things only a printer needs: the token list and (for JS) the estree re-shaping, which makes
// every node's location non-enumerable and costs two thirds of the parse. Node offsets are the
// same; node types are babel's (`StringLiteral`, `ObjectProperty`), which the analysis reads as
// well as estree's. Pass jscodeshift's own tree as `ast` to `analyzeSource` to analyse that.

const babelParser = require('@babel/parser') as { parse(code: string, opts: object): BabelFile };
/** jscodeshift's `babel` parser options (parser/babel5Compat.js) without `estree` and `tokens`. */
const jsOptions = {
  // a module first, and a sloppy script when that fails: CommonJS files may declare one function
  // twice, use `with` or octal escapes, all refused in a module (same tree, same offsets)
  sourceType: 'unambiguous',
  // comments stay in `ast.comments`; not attaching them to nodes saves work the analysis never uses
  attachComment: false,
  allowHashBang: true,
  allowImportExportEverywhere: true,
  allowReturnOutsideFunction: true,
  startLine: 1,
  plugins: [
    'jsx',
    'asyncGenerators',
    'classProperties',
    'doExpressions',
    'exportExtensions',
    'functionBind',
    'functionSent',
    'objectRestSpread',
    'dynamicImport',
    'nullishCoalescingOperator',
    'optionalChaining',
    ['decorators', { decoratorsBeforeExport: false }],
  ],
};
const tsOptions = (() => {
  const base = require('jscodeshift/parser/tsOptions') as { plugins: unknown[] } & Record<string, unknown>;
  const { tokens: _tokens, ...rest } = base;
  return { ...rest, attachComment: false, plugins: base.plugins };
})();
const tsxOptions = { ...tsOptions, plugins: ['jsx', ...tsOptions.plugins] };

/** Fast parse for analysis (no tokens, no estree); same offsets as `parseSource`. Throws ParseError. */
export function parseForAnalysis(source: string, filename: string): { ast: BabelFile; parser: ParserName } {
  const list = parsersFor(filename);
  const fast: ParserName = list[0]!;
  try {
    const opts = fast === 'ts' ? tsOptions : fast === 'tsx' ? tsxOptions : jsOptions;
    return { ast: babelParser.parse(source, opts), parser: fast };
  } catch {
    // the slower parsers of the list give the same answer jscodeshift would (Flow, TSX fallbacks)
    return parseSource(source, filename);
  }
}

/** Parses with the first parser of `parsersFor(filename)` that accepts the source. */
export function parseSource(source: string, filename: string): { ast: BabelFile; parser: ParserName } {
  const list = parsersFor(filename);
  let first: unknown;
  for (const name of list) {
    try {
      return { ast: parser(name).parse(source), parser: name };
    } catch (e) {
      first ??= e;
    }
  }
  const err = first as { message?: string; loc?: { line: number; column: number } };
  throw new ParseError(String(err?.message ?? err), err?.loc?.line, err?.loc?.column);
}
