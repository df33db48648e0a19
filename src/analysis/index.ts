/**
 * JS/TS analysis shared by `hdmigrate audit` and `hdmigrate codemod`.
 *
 *   import { analyzeSource, parserFor } from '../analysis/index.ts';
 *   const { sites, parseError, markers } = analyzeSource(source, '/abs/path/app.js', { catalogue });
 *
 * `analyzeSource(source, filename, options) → AnalyzeResult`
 * - Parses with jscodeshift's babel parser and plugins for the extension (`parserFor(filename,
 *   source)` names it for `jscodeshift.withParser`), without tokens and without the estree
 *   re-shaping (`parseForAnalysis`, three times faster): node offsets are identical to the tree
 *   jscodeshift builds. Or pass that tree as `options.ast` (`j(source).get().node`, a babel
 *   `File`) to analyse it directly; the sites are the same (tested).
 * - Never throws for bad input: a parse failure comes back as `parseError` with no sites.
 * - `filename` should be absolute when relative imports are to be followed (constants, config
 *   objects and helpers in other modules of the repo); spans in other modules carry `file`.
 *
 * Sites (see ./types.ts for every field):
 * - `call`: a request to a v1 endpoint. `url.parts` are the pieces of the URL with their spans
 *   (literal text you can rewrite, `{x}` placeholders for run-time values, possibly in other
 *   files); `method`/`methodSpan` where the method is written; `call.body` the payload
 *   expression; `call.statement` where a marker comment goes.
 * - `url`: a complete v1 URL string not visibly used by a call in this file.
 * - `wrapper`: a payload wrapper key (`helpdesk_ticket`) in one of its forms, with `fields`
 *   that change in v2.
 * - `response-read`: a member chain reading a v1-shaped response; `read.fields[i].span` is the
 *   property to rename (`v2` is the new name, null when v2 has none).
 * - `rate-limit`: a 403 literal in throttling logic; `xml`: XML parsing of a v1 `.xml` response.
 * - `inComment: true` marks v1 paths in comments (not code).
 * Every site names its catalogue rule (`rule`) and all candidates (`rules`); facts about the rule
 * come from the catalogue (`cat.get(site.rule)`), never from here.
 *
 * Each kind of site has its finder (`find-*.ts`); ./analyze.ts runs them in order over one module.
 */
import { isAbsolute, resolve } from 'node:path';
import type { Catalogue } from '../catalogue/index.ts';
import { Analyzer } from './analyze.ts';
import { BudgetExceeded } from './budget.ts';
import { Evaluator } from './evaluate.ts';
import { buildModule, FsModuleLoader, type ModuleInfo, type ModuleLoader } from './module.ts';
import { parseForAnalysis, type BabelFile, type ParserName } from './parse.ts';
import type { AnalyzeResult, ExportedFlows } from './types.ts';

export type { AnalyzeResult, ExportedFlows, Site, SiteKind, Span, StringPart, UrlInfo, CallInfo, WrapperInfo, ReadInfo, ClientKind, Marker } from './types.ts';
export { parserFor, parsersFor, parseSource, parseForAnalysis, type ParserName } from './parse.ts';
export { FsModuleLoader, type ModuleLoader } from './module.ts';
export { readChanges, RATE_LIMIT_RULE, XML_RULE, HTTPS_RULE } from './analyze.ts';
export { readChangeText } from './read-changes.ts';
export { customDomainNeed, httpSchemeNeed, RUN_TIME_NEED, unseenReaderNeed } from './verdict.ts';

export interface AnalyzeOptions {
  catalogue: Catalogue;
  /** An AST the caller already has (babel `File` from jscodeshift for the same source). */
  ast?: BabelFile;
  /** The parser that produced `ast` (for reporting). */
  parser?: ParserName;
  /**
   * The module model the caller already built over `ast` (`buildModule`): used as it is, so the
   * caller's bindings are the analysis' bindings (a second build over the same tree would replace
   * the scopes recorded on its nodes).
   */
  module?: ModuleInfo;
  /**
   * Loads other modules for relative imports. Default: a fresh disk loader per call; pass one
   * `new FsModuleLoader()` to share parsed modules across many files. `null` disables imports.
   */
  loader?: ModuleLoader | null;
  /**
   * Another file of the repo talks to v1: look for what only a v1 integration does even where this
   * file names no v1 path (v1-only response fields and payload wrappers, 403 throttling checks).
   */
  repoUsesV1?: boolean;
  /** Rules the repo's v1 requests use: their response wrappers are recognised in reads here even when not distinctive (`.folder.articles`). */
  repoRules?: string[];
  /**
   * The exported response flows of a module this one imports (by its resolved path; see
   * `exportFlows`): answers its exported functions return or call back with are followed here,
   * and reads and escapes of them are charged to its calls.
   */
  importedFlows?: (file: string) => ExportedFlows | undefined;
  /** Give this module's exported response flows in the result (`AnalyzeResult.exportedFlows`). */
  exportFlows?: boolean;
}

/** Finds every v1 use in one JS/TS source. */
export function analyzeSource(source: string, filename: string, options: AnalyzeOptions): AnalyzeResult {
  let ast = options.ast;
  let parser: string | undefined = options.parser;
  const preloaded = !ast && options.loader instanceof FsModuleLoader ? options.loader.cached(isAbsolute(filename) ? filename : resolve(filename)) : null;
  if (preloaded && preloaded.source === source && preloaded.file === filename) {
    ast = preloaded.ast;
    parser = preloaded.parser as ParserName;
  }
  if (!ast) {
    try {
      const parsed = parseForAnalysis(source, filename);
      ast = parsed.ast;
      parser = parsed.parser;
    } catch (e) {
      const err = e as { message?: string; line?: number; column?: number };
      return { sites: [], markers: [], imports: [], parseError: { message: String(err.message ?? e), line: err.line, column: err.column } };
    }
  }
  const abs = isAbsolute(filename) ? filename : resolve(filename);
  const loader = options.loader === undefined ? new FsModuleLoader() : options.loader;
  // the loader may have parsed this file already, as an import of another one
  const cached = !options.ast && loader instanceof FsModuleLoader ? loader.cached(abs) : null;
  const given = options.module && options.module.ast === ast && options.module.source === source ? options.module : null;
  const mod = given ?? (cached && cached.source === source && cached.file === filename ? cached : buildModule(filename, abs, source, ast!, parser ?? 'unknown'));
  if (loader instanceof FsModuleLoader && loader.keepAnalysed) loader.put(abs, mod);
  const ev = new Evaluator(mod, loader);
  const importedFlows = options.importedFlows && loader ? (spec: string) => {
    const file = loader.resolve(abs, spec);
    return file ? options.importedFlows!(file) : undefined;
  } : undefined;
  const analyzer = new Analyzer(mod, ev, { catalogue: options.catalogue, repoUsesV1: options.repoUsesV1, repoRules: options.repoRules, importedFlows });
  try {
    analyzer.run();
  } catch (e) {
    if (e instanceof BudgetExceeded) throw e;
    return {
      sites: analyzer.sites,
      markers: analyzer.markers,
      imports: [],
      parser,
      parseError: { message: `analysis failed: ${(e as Error).message}` },
    };
  }
  const imports = loader
    ? mod.relativeImports.map((s) => loader.resolve(abs, s)).filter((p): p is string => !!p)
    : [];
  return { sites: analyzer.sites, markers: analyzer.markers, imports, parser, ...(options.exportFlows && analyzer.exportedFlows ? { exportedFlows: analyzer.exportedFlows } : {}) };
}
export { callModels, type CallModel } from './call-model.ts';
export { callVerdict, hasV1PathText, isEmbedOnly, type CallVerdict, type CallersContract } from './verdict.ts';
export { callerContract, embeddedFields, responseChanges, responseShape, statusChange } from './answer-changes.ts';
export { BudgetExceeded, checkBudget, FILE_BUDGET_MS, withBudget } from './budget.ts';
