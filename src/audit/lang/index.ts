/**
 * Audit of Python, PHP, Ruby, C#, Java, Kotlin, Go and shell by syntax tree (tree-sitter): v1 calls
 * with the URL the code builds (shared evaluator, helpers of the file and of the project), the HTTP
 * method from the client call or the code's conventions, and the other finding kinds from the
 * shared token finders restricted to code (comments known from the tree).
 *
 * `prepareLanguage(lang)` (async) loads the grammar once per thread; `analyzeSyntax` (sync) then
 * returns the sites, or null when the file cannot be audited by tree (grammar missing, too many
 * syntax errors): the caller falls back to the pattern finders and says so.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { basename, dirname, extname, join, relative } from 'node:path';
import type { Catalogue, HttpMethod } from '../../catalogue/index.ts';
import { catalogueFacts } from '../../analysis/analyze.ts';
import { urlInfo } from '../../analysis/call-sites.ts';
import { lineStartsOf, spanIn } from '../../analysis/module.ts';
import type { Site, Span } from '../../analysis/types.ts';
import { chooseRule, escapeRegex, isOwnRoute, matchUrl, type UrlMatch } from '../../analysis/match-url.ts';
import type { Language } from '../model.ts';
import { analyzeText } from '../patterns.ts';
import { findTextUrls } from '../../analysis/text-urls.ts';
import { isOtherService, namesOtherProduct, otherServiceNamedIn, urlBaseNamesOtherService } from '../../analysis/find-domains.ts';
import { DIALECTS, type CallView, type Dialect } from './dialects.ts';
import { argumentFor, collapseSlashes, collectDefinitions, dyn, listItems, isJoinCall, tableEntries, enclosingFunction, receiverNode, evaluate, instantiate, returnedExpressions, valueText, withClientBase, type ConstScope, type EvalContext, type Helper, type Value } from './evaluate.ts';
import { hasGrammar, loadGrammar, parserFor, resetParser, type SyntaxNode, type Tree } from './grammars.ts';
import { indexTree, type TreeIndex } from './tree-index.ts';
import { annotationOf, inDecorator, isRoutePath, isServerRoute } from './routes.ts';
import { collectResources, emptyResources, fillResourcePaths, finishResources, gemRequest, GEM_METHOD_NAMES, isResourceRead, type RubyResources } from './ruby-resources.ts';
import { flurlSend, isFlurlChain } from './url-chains.ts';
import { commandOf, commandRequests, SHELL_CLIENT, shellMethod, shellUrlArguments, type CommandRequest } from './commands.ts';
import { methodRows } from './method-rows.ts';
import { bodyParamOf, branchBodyParam, methodWithBody } from './body-param.ts';
import { withPlaceholderBase } from './placeholder-base.ts';
import { defaultMethodOf, methodSlotParam } from './method-param.ts';
import { callGivenBody, methodOfGivenBody } from './given-body.ts';

/** The grammar a file is parsed with, from its extension (`.ps1`, `.groovy`, `.scala` have none here). */
export function syntaxLanguage(lang: Language, file: string): Language | null {
  const ext = extname(file).toLowerCase();
  if (lang === 'shell' && /^\.(ps1|psm1)$/.test(ext)) return null; // PowerShell: no grammar here (Makefiles, CI files, shebang scripts are sh)
  if (lang === 'java' && ext !== '.java') return null; // Groovy, Scala: no grammar here
  return hasGrammar(lang) ? lang : null;
}

/** Loads the grammar a file of this language needs (once per thread). */
export async function prepareLanguage(lang: Language): Promise<void> {
  if (hasGrammar(lang)) await loadGrammar(lang);
  // a Jupyter notebook (audited as Python) has shell escapes (`!cat data/…`, `%%bash` cells): read by
  // the shell grammar, not by the pattern finder, which takes any v1-shaped path for a URL
  if (lang === 'python' && hasGrammar('shell')) await loadGrammar('shell');
}

export interface SyntaxResult {
  sites: Site[];
  /** Why the tree was not used (then `sites` is empty and the caller audits by pattern). */
  unparsed?: string;
}

const TEST_FILE = /(^|\/)(tests?|spec|specs|__tests__|test_data|testdata|fixtures|cassettes)\/|(^|\/)(test_[^/]*\.py|[^/]*_test\.(py|go|rb)|[^/]*_spec\.rb|[^/]*Tests?\.(java|cs|kt)|conftest\.py)$/;
const SKIP_DIRS = /^(node_modules|vendor|\.git|dist|build|bower_components|third_party|\.bundle|target|bin|obj|venv|\.venv|site-packages|__pycache__)$/;
const EXTS: Partial<Record<Language, RegExp>> = {
  python: /\.py$/,
  ruby: /\.(rb|rake)$/,
  php: /\.(php|phtml)$/,
  csharp: /\.cs$/,
  java: /\.java$/,
  kotlin: /\.kts?$/,
  go: /\.go$/,
  shell: /\.(sh|bash|zsh|ksh)$/,
};

interface ParsedFile {
  file: string;
  text: string;
  tree: Tree;
  index: TreeIndex;
  ctx: EvalContext;
  lines: { lineStarts: number[] };
  /** The helpers this file defines (as summarised for the project). */
  own?: Helper[];
  /** The text with its comments blanked (same offsets): what the code says, for method look-ups. */
  code?: string;
}

/**
 * The file's text with every comment replaced by spaces (line breaks kept, so offsets and lines
 * stay): a commented-out `# site = RestClient::Resource.new(…)` or `//curl_setopt($ch, CURLOPT_POST, true);`
 * says nothing about the method of the request the code makes.
 */
function codeText(pf: ParsedFile): string {
  if (pf.code === undefined) {
    let out = '';
    let at = 0;
    for (const [a, b] of pf.index.comments) {
      if (a < at) continue;
      out += pf.text.slice(at, a) + pf.text.slice(a, b).replace(/[^\n]/g, ' ');
      at = b;
    }
    pf.code = out + pf.text.slice(at);
  }
  return pf.code;
}

interface Project {
  /** Files added (`addProjectText`) but helpers not yet summarised: `getProject` finishes it. */
  open?: boolean;
  helpers: Map<string, Helper>;
  /** Names of every function/method the project defines. */
  functions: Set<string>;
  /** Texts of the other files of the language, read once for the index, kept for `helperCallers` (main thread only, then dropped). */
  others: Map<string, string>;
  consts: Map<string, ParsedFile>;
  /**
   * Constants read through their type or package (`Endpoints.Tickets` of a C# static class,
   * `FdPaths.TICKETS` of a Java interface, a Go package-level `ticketsPath` of another file of the
   * package): `Owner.name` and `dir\0name` (Go: the package's folder) → the definition.
   */
  scoped: Map<string, { pf: ParsedFile; value: SyntaxNode }>;
  /**
   * Java, Kotlin, C#: every definition of `Owner.name`, with the package or namespace of its file
   * (two packages may each have a `Paths` class): the reading file's imports choose between them.
   */
  owned: Map<string, Array<{ pkg: string; pf: ParsedFile; value: SyntaxNode }>>;
  files: Map<string, ParsedFile>;
  /** Ruby: resource classes' paths, for requests written once in a base class or module. */
  resources?: RubyResources;
  /** Request wrappers sent a `/helpdesk/` path somewhere in the project (see `wrapperKey`). */
  rootWrappers: Set<string>;
}

const projects = new Map<string, Project>();
/** Roots whose index files were all handed in (`addProjectText`, then `sealProjects`): nothing is read. */
const sealed = new Set<string>();

/** Forgets the project indexes and file listings (each audit run starts from the files as they are now). */
export function resetProjects(): void {
  for (const p of projects.values()) for (const pf of p.files.values()) pf.tree.delete();
  projects.clear();
  listings.clear();
  sealed.clear();
}

/** The files the helper index parses: those that mention one of these (the others cannot define a v1 URL builder). */
// (and Ruby resource classes, whose path or operations are declared without any of those words:
// `resource_path 'contacts'`, `include Desk::APIOperations::Create`)
const INDEX_WORDS = /helpdesk|\.json|\.xml|freshdesk|(?:^|\n)[ \t]*(?:endpoint|resource_path|collection_path|element_path|site_path)[ \t(]+['"]|(?:^|\n)[ \t]*(?:include|extend)[ \t]+[\w:]*(?:Operations|Actions)::/i;
/** Larger files are left out of the index (generated code, data). */
const MAX_INDEX_TEXT = 512 * 1024;

/**
 * What a scan needs to hand the index its files as it reads them (see ScanConfig.project in
 * src/analysis/run/scan.ts): the extensions of the indexed languages, the index's words, its size limit.
 */
export function projectScanConfig(): { ext: string; words: string; maxText: number } {
  return { ext: PROJECT_FILE.source, words: INDEX_WORDS.source, maxText: MAX_INDEX_TEXT };
}

/**
 * Adds one file to the helper index of its language under `root`, from a text already read (the
 * audit's scan reads every file once). Files that do not mention the index's words are ignored.
 * The grammar must be loaded (`prepareLanguage`). Call `sealProjects` once every file is in.
 */
export function addProjectText(root: string, language: Language, abs: string, text: string): void {
  const lang = syntaxLanguage(language, abs);
  const d = lang ? DIALECTS[lang] : undefined;
  if (!lang || !d || !EXTS[lang]?.test(abs) || !parserFor(lang) || text.length > MAX_INDEX_TEXT || !INDEX_WORDS.test(text)) return;
  const key = `${lang}\0${root}`;
  let p = projects.get(key);
  if (!p) {
    p = newProject();
    p.open = true;
    projects.set(key, p);
  }
  if (!p.open || p.files.has(abs)) return;
  indexProjectFile(p, lang, d, abs, text);
}

/** Every index file of `root` was added: from now on its indexes are complete without reading the tree. */
export function sealProjects(root: string): void {
  sealed.add(root);
}

/** Why the grammar itself failed on a file, by file (its sites then come from patterns). */
const grammarCrashes = new Map<string, string>();

function parse(lang: Language, file: string, text: string): Tree | null {
  const p = parserFor(lang);
  if (!p) return null;
  try {
    return p.parse(text);
  } catch (e) {
    // (tree-sitter-wasms' bash scanner calls `strcmp`, which web-tree-sitter 0.22 does not export,
    // when it meets `esac`: the parse throws from inside WebAssembly and leaves that parser unusable)
    grammarCrashes.set(file, e instanceof Error ? e.message : String(e));
    resetParser(lang);
  }
  // a shell script's `case` statements, read as brace groups of their arms' commands (same length)
  const flat = lang === 'shell' ? caseArmsAsGroups(text) : text;
  if (flat === text) return null;
  try {
    const tree = parserFor(lang)!.parse(flat);
    grammarCrashes.delete(file);
    return tree;
  } catch {
    resetParser(lang);
    return null;
  }
}

/**
 * The text with each `case … in … esac` turned into `{ … }` holding its arms' commands, every
 * offset kept: `case "$1" in` → `{`, an arm's pattern (`list)`, `new|add)`, `(*)`) → spaces, `;;`
 * (`;&`, `;;&`) → `; ` after a command (spaces after none), `esac` → `}`. A case with no command at
 * all becomes spaces. The statement is found by a small shell lexer (quotes, `$(…)`, `${…}`,
 * `$((…))`, backquotes, comments and here-documents are skipped), so a case on one line, arms on
 * the `in` line and cases nested in an arm or in `$(…)` are read, and a `)` in a command is never
 * taken for a pattern. The grammar cannot parse `esac` here (see `parse`), and the commands are
 * what the audit reads. A case the lexer cannot follow leaves the text as it was.
 */
export function caseArmsAsGroups(text: string): string {
  if (!/\besac\b/.test(text)) return text;
  const out = text.split('');
  const n = text.length;
  const blank = (a: number, b: number) => {
    for (let k = a; k < b; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  const isWordChar = (c: string | undefined) => c !== undefined && !/[\s;&|()<>]/.test(c);
  const heredocs: { tag: string; strip: boolean }[] = [];
  class Stop extends Error {}

  /** After a newline: the bodies of the here-documents opened on the line before. */
  const skipHeredocs = (i: number): number => {
    while (heredocs.length) {
      const { tag, strip } = heredocs.shift()!;
      for (;;) {
        if (i >= n) return n;
        const e = text.indexOf('\n', i);
        const end = e < 0 ? n : e;
        const line = text.slice(i, end);
        i = end + 1;
        if ((strip ? line.replace(/^\t+/, '') : line) === tag) break;
      }
    }
    return i;
  };
  /** The end of a quoted string or expansion starting at i (`'…'`, `"…"`, `` `…` ``, `$(…)`, `${…}`, `$'…'`). */
  const skipQuoted = (i: number): number => {
    const c = text[i];
    if (c === "'") {
      const e = text.indexOf("'", i + 1);
      return e < 0 ? n : e + 1;
    }
    if (c === '$' && text[i + 1] === "'") {
      for (let k = i + 2; k < n; k++) {
        if (text[k] === '\\') k++;
        else if (text[k] === "'") return k + 1;
      }
      return n;
    }
    if (c === '"' || c === '`') {
      for (let k = i + 1; k < n; k++) {
        if (text[k] === '\\') k++;
        else if (text[k] === c) return k + 1;
        else if (c === '"' && text[k] === '$' && /[({]/.test(text[k + 1] ?? '')) k = skipQuoted(k) - 1;
      }
      return n;
    }
    if (c === '$' && text[i + 1] === '{') {
      let depth = 0;
      for (let k = i + 1; k < n; k++) {
        const d = text[k]!;
        if (d === '\\') k++;
        else if (d === "'" || d === '"' || (d === '$' && /[({]/.test(text[k + 1] ?? ''))) k = skipQuoted(k) - 1;
        else if (d === '{') depth++;
        else if (d === '}' && --depth === 0) return k + 1;
      }
      return n;
    }
    if (c === '$' && text[i + 1] === '(' && text[i + 2] === '(') {
      let depth = 0;
      for (let k = i + 1; k < n; k++) {
        if (text[k] === '(') depth++;
        else if (text[k] === ')' && --depth === 0) return k + 1;
      }
      return n;
    }
    if (c === '$' && text[i + 1] === '(') return commands(i + 2, ')');
    return i + 1;
  };
  /** One word (quotes and expansions inside it) from i: its end. */
  const word = (i: number): number => {
    while (i < n) {
      const c = text[i]!;
      if (c === '\\') i += 2;
      else if (c === "'" || c === '"' || c === '`' || (c === '$' && /[('{]/.test(text[i + 1] ?? ''))) i = skipQuoted(i);
      else if (isWordChar(c)) i++;
      else break;
    }
    return Math.min(i, n);
  };
  const spaces = (i: number, newlines: boolean): number => {
    for (;;) {
      if (i >= n) return n;
      const c = text[i]!;
      if (c === ' ' || c === '\t' || c === '\r') i++;
      else if (c === '\\' && text[i + 1] === '\n') i += 2;
      else if (c === '#') {
        const e = text.indexOf('\n', i);
        i = e < 0 ? n : e;
      } else if (newlines && c === '\n') i = skipHeredocs(i + 1);
      else return i;
    }
  };
  /**
   * Commands from i up to `until` (`)` closing a subshell or `$(`, `;;` or `esac` ending an arm,
   * the end of the text): the index of that end. `found.command` tells whether a word was read.
   */
  const found = { command: false };
  function commands(i: number, until: ')' | 'arm' | 'eof'): number {
    let start = true;
    while (i < n) {
      const c = text[i]!;
      if (c === ' ' || c === '\t' || c === '\r' || (c === '\\' && text[i + 1] === '\n')) {
        i = spaces(i, false);
        continue;
      }
      if (c === '#' && start) {
        i = spaces(i, false);
        continue;
      }
      if (c === '\n') {
        i = skipHeredocs(i + 1);
        start = true;
        continue;
      }
      if (c === ')') {
        if (until === ')') return i + 1;
        throw new Stop();
      }
      if (c === ';') {
        if (until === 'arm' && (text[i + 1] === ';' || text[i + 1] === '&')) return i;
        i++;
        start = true;
        continue;
      }
      if (c === '&' || c === '|') {
        i += text[i + 1] === c ? 2 : 1;
        start = true;
        continue;
      }
      if (c === '(') {
        i = commands(i + 1, ')');
        start = false;
        continue;
      }
      if (c === '<' && text[i + 1] === '<' && text[i + 2] !== '<') {
        const strip = text[i + 2] === '-';
        const t = spaces(i + (strip ? 3 : 2), false);
        const e = word(t);
        heredocs.push({ tag: text.slice(t, e).replace(/['"\\]/g, ''), strip });
        i = e;
        continue;
      }
      if (c === '<' || c === '>') {
        i++;
        continue;
      }
      const e = word(i);
      const w = text.slice(i, e);
      if (start && w === 'esac' && until === 'arm') return i;
      if (start && w === 'case') {
        i = caseStatement(i, e);
        found.command = true;
        start = false;
        continue;
      }
      if (!(start && /^(then|do|else|elif|if|while|until|\{|!|time|fi|done|\})$/.test(w))) {
        found.command = true;
        start = false;
      }
      i = Math.max(e, i + 1);
    }
    if (until === ')' || until === 'arm') throw new Stop();
    return n;
  }
  /** `case` at i (its word ends at e): the statement read and rewritten, its end. */
  function caseStatement(i: number, e: number): number {
    let k = spaces(e, false);
    k = word(k);
    k = spaces(k, true);
    if (text.slice(k, k + 2) !== 'in' || isWordChar(text[k + 2])) throw new Stop();
    const open = i;
    blank(i + 1, k + 2);
    out[i] = '{';
    k += 2;
    const outer = found.command;
    let any = false;
    for (;;) {
      k = spaces(k, true);
      if (k >= n) throw new Stop();
      const w = text.slice(k, word(k));
      if (w === 'esac') {
        blank(k, k + 4);
        if (any) out[k] = '}';
        else blank(open, open + 1);
        found.command = outer;
        return k + 4;
      }
      // the pattern: up to its unquoted `)`
      const p = k;
      if (text[k] === '(') k++;
      for (;;) {
        k = word(k);
        k = spaces(k, false);
        if (text[k] === '|') k++;
        else break;
      }
      if (text[k] !== ')') throw new Stop();
      blank(p, k + 1);
      found.command = false;
      k = commands(k + 1, 'arm');
      const had = found.command;
      any ||= had;
      if (text[k] === ';') {
        const len = text.startsWith(';;&', k) ? 3 : 2;
        blank(k, k + len);
        if (had) out[k] = ';';
        k += len;
      }
    }
  }
  try {
    commands(0, 'eof');
  } catch (err) {
    if (err instanceof Stop) return text;
    throw err;
  }
  return out.join('');
}

/** Share of the text inside ERROR nodes. */
function errorShare(tree: Tree, size: number): number {
  if (!tree.rootNode.hasError) return 0;
  let bad = 0;
  const visit = (n: SyntaxNode) => {
    if (n.type === 'ERROR' || n.isMissing) {
      bad += Math.max(1, n.endIndex - n.startIndex);
      return;
    }
    if (n.hasError) for (const c of n.children) visit(c);
  };
  visit(tree.rootNode);
  return bad / Math.max(1, size);
}

const PROJECT_FILE = /\.(py|rb|rake|php|phtml|cs|java|kts?|go|sh|bash|zsh|ksh)$/;

/**
 * The files of the audited tree as the audit's walk listed them (so `.gitignore` and `--exclude`
 * hold for the helper index as for everything else): set by `runAudit` (and its workers) for the
 * run. Without it (one file audited, a test), the index lists the folder itself.
 */
export function useProjectFiles(root: string, files: string[]): void {
  listings.set(root, files.filter((f) => PROJECT_FILE.test(f)));
}

/** Every file under the root (one listing per root and thread, shared by the languages). */
const listings = new Map<string, string[]>();
function projectFiles(root: string): string[] {
  let list = listings.get(root);
  if (!list) {
    list = [];
    walkProject(root, PROJECT_FILE, list);
    if (listings.size > 20) listings.delete(listings.keys().next().value!);
    listings.set(root, list);
  }
  return list;
}

function walkProject(root: string, re: RegExp, out: string[], depth = 0): void {
  if (depth > 12 || out.length > 20000) return;
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(root, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.isDirectory()) {
      if (!SKIP_DIRS.test(e.name) && !e.name.startsWith('.')) walkProject(join(root, e.name), re, out, depth + 1);
    } else if (e.isFile() && re.test(e.name)) out.push(join(root, e.name));
  }
}

function newContext(d: Dialect, file: string, index: TreeIndex, project: Project | null): EvalContext {
  const ctx: EvalContext = {
    d,
    file,
    defs: collectDefinitions(d, index, file),
    helpers: new Map(project?.helpers ?? []),
    projectConst: (name, scope) => (project ? projectConstant(project, file, name, scope) : null),
  };
  return ctx;
}

/**
 * A constant of another file of the project: by its name when it is written in capitals
 * (`TICKETS_PATH`), else through the type that holds it (`Endpoints.Tickets`) or, in Go, in the
 * same package (another file of the folder: `ticketsPath`) or through the package's name (`fd.TicketsPath`).
 */
function projectConstant(p: Project, file: string, name: string, scope?: ConstScope): ReturnType<EvalContext['projectConst']> {
  // through a type that more than one package defines, or a type imported statically
  // (`using static Acme.Endpoints;`, `import static a.b.Paths.*;`): the one the file's imports name
  const owners = scope?.owner ? [scope.owner] : scope?.samePackage ? [] : importsOf(p, file).statics.map((t) => t.slice(t.lastIndexOf('.') + 1));
  for (const owner of owners) {
    const cands = p.owned.get(`${owner}.${name}`)?.filter((c) => c.pf.file !== file);
    if (!cands?.length) continue;
    const hit = chooseOwned(importsOf(p, file), owner, cands, !scope?.owner);
    if (hit === undefined) continue;
    return hit ? { value: hit.value, file: hit.pf.file, ctx: hit.pf.ctx } : null;
  }
  // Go: a package imported with a dot (`import . "acme/fd/paths"`): its names are read bare
  if (scope?.samePackage) {
    for (const path of importsOf(p, file).dots) {
      const want = path.split('/');
      let best: { hit: { pf: ParsedFile; value: SyntaxNode }; score: number } | null = null;
      for (const [k, hit] of p.scoped) {
        if (!k.endsWith(`\0${name}`) || k.startsWith('go:') || hit.pf.file === file) continue;
        const dir = k.slice(0, k.indexOf('\0')).split(/[\\/]/);
        let score = 0;
        while (score < want.length && score < dir.length && want[want.length - 1 - score] === dir[dir.length - 1 - score]) score++;
        if (score && (!best || score > best.score)) best = { hit, score };
      }
      if (best) return { value: best.hit.value, file: best.hit.pf.file, ctx: best.hit.pf.ctx };
    }
  }
  const pf = p.consts.get(name);
  if (pf && pf.file !== file) {
    const def = pf.ctx.defs.byName.get(name)?.find((x) => x.scope === -1);
    if (def) return { value: def.value, file: pf.file, ctx: pf.ctx };
  }
  const keys = [scope?.owner ? `${scope.owner}.${name}` : '', scope?.samePackage ? `${dirname(file)}\0${name}` : '', scope?.goPackage ? `go:${scope.goPackage}\0${name}` : ''];
  for (const k of keys) {
    const hit = k ? p.scoped.get(k) : undefined;
    if (hit && hit.pf.file !== file) return { value: hit.value, file: hit.pf.file, ctx: hit.pf.ctx };
  }
  return null;
}

/** The package (Java, Kotlin) or namespace (C#) a file declares, or ''. */
function packageOf(text: string): string {
  return /^\s*(?:package|namespace)\s+([\w.]+)/m.exec(text)?.[1] ?? '';
}

interface Imports {
  own: string;
  /** Types imported by name (`import a.b.Paths;`) and packages or namespaces imported whole (`import a.b.*;`, `using A.B;`). */
  types: string[];
  whole: string[];
  /** Types whose members are read bare (`using static A.B.Paths;`, `import static a.b.Paths.*;`). */
  statics: string[];
  /** Go: packages imported with a dot. */
  dots: string[];
}
const importCache = new Map<string, Imports>();
/** What a file imports (read once per file and run). */
function importsOf(p: Project, file: string): Imports {
  let got = importCache.get(file);
  if (got) return got;
  let text = p.files.get(file)?.text ?? p.others.get(file);
  if (text === undefined) {
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      text = '';
    }
  }
  const head = text.slice(0, 20000);
  got = { own: packageOf(head), types: [], whole: [], statics: [], dots: [] };
  for (const m of head.matchAll(/^\s*import\s+static\s+([\w.]+?)(?:\.\*|\.\w+)\s*;/gm)) got.statics.push(m[1]!);
  for (const m of head.matchAll(/^\s*using\s+static\s+(?:global::)?([\w.]+)\s*;/gm)) got.statics.push(m[1]!);
  for (const m of head.matchAll(/^\s*import\s+(?!static\b)([\w.]+?)(\.\*)?\s*;?\s*$/gm)) (m[2] ? got.whole : got.types).push(m[1]!);
  for (const m of head.matchAll(/^\s*using\s+(?!static\b)(?:global::)?([\w.]+)\s*;/gm)) got.whole.push(m[1]!);
  for (const m of head.matchAll(/(?:^|[\s(])\.\s+"([^"]+)"/gm)) got.dots.push(m[1]!);
  if (importCache.size > 2000) importCache.clear();
  importCache.set(file, got);
  return got;
}

/**
 * Of the definitions of `Owner.name` in several packages, the one the file's imports name: the type
 * imported by name, else its own package's, else a package imported whole. null when the file imports
 * a type of that name that is none of them (`import com.acme.v2.Paths;` and only `com.acme.old.Paths`
 * holds the v1 path); undefined when nothing decides (one candidate: that one, as before).
 */
function chooseOwned<T extends { pkg: string }>(im: Imports, owner: string, cands: T[], statically: boolean): T | null | undefined {
  const named = (statically ? im.statics : im.types).filter((t) => t === owner || t.endsWith(`.${owner}`));
  if (named.length) {
    const hit = cands.find((c) => named.some((t) => c.pkg && t.startsWith(`${c.pkg}.`)));
    if (hit) return hit;
    return statically ? undefined : null;
  }
  if (statically) return undefined;
  const own = cands.find((c) => c.pkg && (c.pkg === im.own || im.own.startsWith(`${c.pkg}.`)));
  if (own) return own;
  const whole = cands.find((c) => c.pkg && im.whole.some((w) => w === c.pkg || w.startsWith(`${c.pkg}.`)));
  if (whole) return whole;
  return cands.length === 1 ? cands[0] : undefined;
}

/** The type (class, interface, object, struct, module) a definition sits in, by name (a companion object: its class's). */
const TYPE_NODE = /^(class_declaration|interface_declaration|object_declaration|struct_declaration|record_declaration|enum_declaration|trait_declaration|class_definition|class|module)$/;
function ownerType(n: SyntaxNode): string | null {
  for (let p = n.parent; p; p = p.parent) {
    if (!TYPE_NODE.test(p.type)) continue;
    const name = p.childForFieldName('name') ?? p.namedChildren.find((c) => /^(identifier|type_identifier|constant|name|simple_identifier)$/.test(c.type));
    if (name) return name.text;
  }
  return null;
}

/** Constants worth finding callers of: what they hold looks like a v1 path. */
const CONST_WORDS = /helpdesk|\.json|\.xml/;

/** The regex sources that find a read of the project's path constants in another file (see helperCallers). */
function constantReads(p: Project): string[] {
  const out = new Set<string>();
  for (const [name, pf] of p.consts) {
    const def = pf.ctx.defs.byName.get(name)?.find((x) => x.scope === -1);
    if (def && CONST_WORDS.test(def.value.text)) out.add(escapeRegex(name));
  }
  for (const [key, hit] of p.scoped) {
    if (!CONST_WORDS.test(hit.value.text)) continue;
    const [owner, name] = key.includes('\0') ? [null, key.split('\0')[1]!] : [key.slice(0, key.lastIndexOf('.')), key.slice(key.lastIndexOf('.') + 1)];
    out.add(owner ? `${escapeRegex(owner)}\\s*(?:\\.|::)\\s*${escapeRegex(name)}` : escapeRegex(name));
    // (its members read bare after `using static A.B.Owner;` / `import static a.b.Owner.*;`)
    if (owner) out.add(`(?:using|import)\\s+static\\s+[\\w.]*?\\b${escapeRegex(owner)}`);
  }
  return [...out];
}

/** Helpers (URL builders, request helpers, setters of a URL member) of one parsed file. */
function summariseHelpers(pf: ParsedFile, into: Map<string, Helper>, cat: Catalogue, projectFunctions: Set<string>): void {
  const { d } = pf.ctx;
  const fns: Array<{ node: SyntaxNode; f: NonNullable<ReturnType<Dialect['fn']>>; body: string; urlish: boolean }> = [];
  for (const x of pf.index.fns) {
    const f = fnOf(d, x.node);
    if (!f) continue;
    const body = pf.text.slice(x.node.startIndex, x.node.endIndex);
    fns.push({ node: x.node, f, body, urlish: URLISH.test(body) });
  }
  // Only functions that could build or send a URL are summarised: a path separator, a format
  // suffix, a URL-ish name, or a helper already known (the rest of a file is skipped cheaply).
  const mayBuild = (x: { body: string; urlish: boolean }) => {
    if (x.urlish) return true;
    for (const k of into.keys()) if (x.body.includes(k)) return true;
    return false;
  };
  // a round that changes no helper leaves the next one nothing new to see: stop there
  let changed = false;
  const put = (h: Helper) => {
    const prev = into.get(h.name);
    if (!prev || helperSig(prev) !== helperSig(h)) changed = true;
    into.set(h.name, h);
  };
  // two rounds: a builder may use another builder
  for (let round = 0; round < 2; round++) {
    changed = false;
    for (const x of fns) {
      if (!mayBuild(x)) continue;
      const { node, f } = x;
      const ctx: EvalContext = { ...pf.ctx, params: new Set(f.params), helpers: into };
      const returns = returnedExpressions(d, f, node, pf.index).flatMap((e) => evaluate(e, ctx));
      // (a Ruby segment made of a class's name is a builder too: `def segment; model.name.underscore.pluralize end`)
      const useful = returns.filter((v) => (v.some((p) => !p.dynamic && /[/.]/.test(p.text)) && (f.params.length === 0 ? /\/|\.json|\.xml/.test(valueText(v)) && v.some((p) => !p.dynamic && p.text.includes('/')) : v.some((p) => p.param || p.member))) || (f.params.length === 0 && v.length === 1 && !!v[0]!.className));
      if (useful.length) put({ ...(into.get(f.name) ?? {}), name: f.name, params: f.params, returns: useful, file: pf.file });
    }
    if (!changed) break;
  }
  // request helpers: an HTTP request whose URL depends on the parameters (or on a member a setter
  // fills), directly or through another request helper (`get($e)` → `_request($e, 'GET')`)
  const memberUrls = new Map<string, NonNullable<Helper['request']>>();
  const functions = new Set(fns.map((x) => x.f.name));
  for (const f of projectFunctions) functions.add(f);
  for (let round = 0; round < 3; round++) {
    changed = false;
    for (const x of fns) {
      if (!mayBuild(x)) continue;
      const { node, f } = x;
      const ctx: EvalContext = { ...pf.ctx, params: new Set(f.params), helpers: into };
      const methodParam = f.params.find((p) => METHOD_PARAM.test(p)) ?? methodSlotParam(x.body, f.params);
      const methodDefault = methodParam ? defaultMethodOf(x.body, methodParam) : undefined;
      // the helper's own requests, to tell a GET-or-POST chosen by a body parameter (see branchBodyParam)
      const verbs: Array<{ method: HttpMethod | null; call: SyntaxNode }> = [];
      const sent: Array<{ method: HttpMethod | null; url: Value[] }> = [];
      forEachCall(d, pf.index, (call) => {
        const inner = call.name !== f.name ? into.get(call.name) : undefined;
        if (inner?.request && (WEAK_RECEIVER.test(call.receiver) || functions.has(call.name))) {
          const urls = instantiate(inner.request.url, inner.params, call.args, ctx, 0, undefined, call.kwargs).filter((v) => v.some((p) => p.param) && !v.some((p) => p.className) && !matchUrl(cat, queryEncoded(valueText(collapseSlashes(v)))));
          if (!urls.length) return false;
          let method: HttpMethod | null = inner.request.method;
          let passes: string | undefined;
          if (inner.request.methodParam) {
            const a = argumentFor(inner.params, inner.request.methodParam, call.args, call.kwargs);
            const lit = a ? evaluate(a, ctx)[0] : undefined;
            if (lit?.length === 1 && lit[0]!.param) passes = lit[0]!.param;
            else method = normaliseMethod(a?.text.replace(/^[:'"]|['"]$/g, '')) ?? (a ? methodConstant(a, ctx) : (inner.request.methodDefault ?? method));
          }
          if (!method && !passes) method = methodOfConvention(f.name);
          // (a body the inner helper sends only when given: this helper's own parameter, or none)
          let bodyParam: string | undefined;
          if (inner.request.bodyParam) {
            const b = argumentFor(inner.params, inner.request.bodyParam, call.args, call.kwargs);
            const held = b ? evaluate(b, ctx)[0] : undefined;
            if (held?.length === 1 && held[0]!.param) bodyParam = held[0]!.param;
            else method = methodWithBody(method, b);
          }
          setRequest(put, into, f, pf.file, node, { url: urls, method, methodParam: passes ?? methodParam, ...(methodDefault ? { methodDefault } : {}), ...(bodyParam ? { bodyParam } : {}) });
          return true;
        }
        if (!isClientCall(call, d) || (WEAK_RECEIVER.test(call.receiver) && functions.has(call.name)) || into.get(call.name)?.returns) return false;
        // (every request object the helper makes, with or without the URL: Ruby's `body ? Net::HTTP::Post.new(uri) : Net::HTTP::Get.new(uri)`)
        verbs.push({ method: methodOfCall(call, d, codeText(pf), node), call: call.node });
        for (const arg of urlArguments(call, d)) {
          const vals = evaluate(arg, ctx);
          // an API method whose URL is already a v1 path is a call site, not a helper (`get_ticket(id)`)
          // (a Ruby path made of a class's name is filled where the request is written, see ruby-resources.ts)
          const open = vals.filter((v) => v.some((p) => p.param) && !isWholeMethodWord(v) && !v.some((p) => p.className) && !matchUrl(cat, queryEncoded(valueText(collapseSlashes(v)))));
          const viaMember = vals.filter((v) => !v.some((p) => p.param) && v.some((p) => p.member) && v.some((p) => !p.dynamic && p.text.includes('/')));
          for (const v of viaMember) for (const p of v) if (p.member) memberUrls.set(p.member, { url: [v], method: methodOfCall(call, d, codeText(pf), node) });
          if (!open.length) continue;
          const shellMethod = d === DIALECTS.shell ? /(?:-X|--request)\s+["']?\$\{?(\d)\b/.exec(call.node.text)?.[1] : undefined;
          // (a parameter handed to the request as its method, whatever its name says: `new RestRequest(url, methodType)`)
          const passed = methodParam ? undefined : methodParamPassed(call, f.params);
          const method = shellMethod || passed ? null : (methodOfCall(call, d, codeText(pf), node) ?? (methodParam ? null : methodOfConvention(f.name)));
          const bodyParam = method === 'POST' ? bodyParamOf(x.body, f.params) : null;
          setRequest(put, into, f, pf.file, node, { url: open, method, methodParam: shellMethod ?? passed ?? methodParam, ...(methodDefault ? { methodDefault } : {}), ...(bodyParam ? { bodyParam } : {}) });
          sent.push({ method, url: open });
          return true;
        }
        return false;
      }, node);
      const url = (sent.find((s) => s.method === 'POST') ?? sent[sent.length - 1])?.url;
      const gets = verbs.filter((s) => s.method === 'GET');
      const posts = verbs.filter((s) => s.method === 'POST');
      const bodyParam = url && !methodParam ? posts.flatMap((p) => gets.map((g) => branchBodyParam(g.call, p.call, f.params))).find(Boolean) : null;
      if (bodyParam) setRequest(put, into, f, pf.file, node, { url: url!, method: 'POST', bodyParam });
    }
    if (!changed) break;
  }
  // setters: `setUrlSuffix($s) { $this->urlSuffix = $s; }` fills a member a request's URL uses
  const requestByMember = new Map<string, { request: NonNullable<Helper['request']> }>();
  for (const h of into.values()) for (const v of h.request?.url ?? []) for (const p of v) if (p.member) requestByMember.set(p.member, h as { request: NonNullable<Helper['request']> });
  for (const [m, request] of memberUrls) if (!requestByMember.has(m)) requestByMember.set(m, { request });
  for (const { node, f } of requestByMember.size ? fns : []) {
    if (f.params.length !== 1) continue;
    for (const x of pf.index.defs) {
      if (x.fn !== node.startIndex) continue;
      for (const def of d.defs(x.node)) {
        if (!def.member) continue;
        const target = requestByMember.get(def.name);
        if (!target || into.get(f.name)?.request) continue;
        const value = evaluate(def.value, { ...pf.ctx, params: new Set(f.params), helpers: into });
        if (!value.every((v) => v.some((p) => p.param === f.params[0]))) continue;
        const url = target.request!.url.map((v) => v.flatMap((p) => (p.member === def.name ? value[0]! : [p])));
        into.set(f.name, { name: f.name, params: f.params, file: pf.file, request: { url, method: target.request!.method } });
      }
    }
  }
}

/**
 * A parameter handed bare to a request call where the method goes (its first two arguments, a
 * `method` keyword) and named for one (`methodType`, `MethodType`, `httpVerb`): the caller's argument
 * is the method (`new RestRequest(url, methodType)` called as `Make(url, Method.POST)`).
 */
function methodParamPassed(call: CallView, params: string[]): string | undefined {
  return [...call.args.slice(0, 2), call.kwargs.get('method')]
    .map((a) => a?.text.replace(/^\$/, ''))
    .find((t): t is string => !!t && params.includes(t) && /method|verb/i.test(t));
}

/** What `d.fn` reads of a function node, once per node (each field read crosses into WebAssembly). */
function fnOf(d: Dialect, node: SyntaxNode): ReturnType<Dialect['fn']> {
  let f = fnInfos.get(node);
  if (f === undefined) fnInfos.set(node, (f = d.fn(node)));
  return f;
}
const fnInfos = new WeakMap<SyntaxNode, ReturnType<Dialect['fn']>>();

/**
 * Records a request helper. In one file the first function of a name wins over overrides that call
 * it (`parent::get`); a file's own function wins over another file's of the same name.
 */
function setRequest(put: (h: Helper) => void, into: Map<string, Helper>, f: { name: string; params: string[] }, file: string, node: SyntaxNode, request: NonNullable<Helper['request']>): void {
  const origin = `${file}:${node.startIndex}`;
  // a constructor that sends the request itself (`new Report($key, $url)` → `__construct` … `curl_init($url)`,
  // `Call(url)` → `__init__`) is called by its class's name
  const cls = CONSTRUCTOR_NAME.test(f.name) ? ownerType(node) : null;
  for (const name of cls ? [f.name, cls] : [f.name]) {
    const prev = into.get(name);
    if (prev?.request && prev.origin !== origin && prev.file === file) continue;
    put({ name, params: f.params, file, returns: prev?.origin === origin ? prev.returns : undefined, request, origin });
  }
}
/** Constructors named apart from their class (PHP, Python). */
const CONSTRUCTOR_NAME = /^(__construct|__init__)$/;

/** What a helper says, to tell a changed one from the same one summarised again (nodes by identity in their tree). */
function helperSig(h: Helper): string {
  return JSON.stringify(h, (k, v) => (k === 'node' ? (v ? `${(v as SyntaxNode).id}` : null) : v));
}

/** The calls made by the function `own` itself (not by functions nested in it), in source order. */
function forEachCall(d: Dialect, index: TreeIndex, fn: (c: CallView) => boolean | void, own: SyntaxNode): void {
  let byFn = callsByFn.get(index);
  if (!byFn) {
    byFn = new Map();
    index.calls.forEach((x, i) => {
      const list = byFn!.get(x.fn);
      if (list) list.push(i);
      else byFn!.set(x.fn, [i]);
    });
    callsByFn.set(index, byFn);
  }
  for (const i of byFn.get(own.startIndex) ?? []) {
    const c = callView(d, index, i);
    if (c) fn(c);
  }
}
const callsByFn = new WeakMap<TreeIndex, Map<number, number[]>>();

/**
 * The call view of `index.calls[i]`, built once per file: reading a node's fields crosses from
 * WebAssembly into JavaScript at every step, and the index, the helpers and the sites all ask.
 */
function callView(d: Dialect, index: TreeIndex, i: number): CallView | null {
  let views = callViews.get(index);
  if (!views) callViews.set(index, (views = new Array(index.calls.length)));
  let v = views[i];
  if (v === undefined) views[i] = v = d.call(index.calls[i]!.node);
  return v;
}
const callViews = new WeakMap<TreeIndex, Array<CallView | null | undefined>>();

/** Names a class's path is read by (a Ruby DSL method that sets it with an argument and returns it without). */
const URL_GETTER_NAME = /(path|endpoint|url|resource)$/i;

/** Setters of the path a later request uses (`setUrlSuffix`, `setUri`, `set_path`). */
const URL_SETTER = /^set_?(?:url|uri|path|endpoint)(?:_?(?:suffix|path))?$/i;

/** A `format` query parameter set to json or xml, by name or through a constant named for it (`URL_PARAM_FORMAT, 'json'`). */
const FORMAT_PARAM = /(?<![a-z])format\w*['"]?\s*(?:=>|:|=|,)\s*[:'"]?(json|xml)\b/i;

/** What makes an expression built of strings look like a URL worth matching. */
const URL_WORDS = /helpdesk|\.json|\.xml|format=|\/api\//;

// (`pluralize`, `demodulize`: a Ruby path segment made of a class name, see ruby.ts classNameHole)
const URLISH = /\/|\.json|\.xml|url|uri|path|endpoint|base|host|prefix|suffix|domain|resource|pluralize|demodulize|tableize/i;

/** Receivers that mean "this object": a call through them to a function of the project is not a client call. */
const WEAK_RECEIVER = /^(|self|this|\$this|parent|static|super|cls|self::|static::|parent::)$/;
const queryEncoded = (s: string) => s.replace(/\?.*$/s, (q) => q.replace(/ /g, '%20'));
const METHOD_WORD = /^(get|post|put|delete|patch|head)$/i;
function isWholeMethodWord(v: Value): boolean {
  if (v.length !== 1) return false;
  const p = v[0]!;
  // `'POST'`, or the helper's own method parameter (`request($method, $url)` in Guzzle's order)
  return p.dynamic ? !!p.param && METHOD_PARAM.test(p.param) : METHOD_WORD.test(p.text);
}

const METHOD_PARAM = /^(method|verb|http_?method|httpMethod|request_?method|requestMethod)$/i;

const CLIENT_NAMES =
  /^(get|post|put|delete|patch|head|request|fetch|execute|send|open|urlopen|Request|curl_init|curl_setopt|curl_setopt_array|wp_remote_\w+|wp_safe_remote_\w+|file_get_contents|NewRequest|CreateHttp|build_request|createRequest|NewRequestWithContext|Get|Post|PostForm|Head|getForObject|getForEntity|postForObject|postForEntity|exchange|\w+Async|Create|DownloadString|UploadString|UploadValues|HttpGet|HttpPost|HttpPut|HttpDelete|HttpPatch|HttpRequestMessage|RestRequest|url|uri|http_request|get_response|new|run|call|urlfetch|getJSON|http_get|http_post|http_put|http_delete|api_call|rest_call|Do|DoRequest|DoWithResult|doRequest|do_request|prepareGet|preparePost|preparePut|prepareDelete|preparePatch)$/;

/** The receiver is a cache or a key-value store (`Rails.cache`, `@cache`, `$this->cache`, `cache_store`, `redis`, `Dalli`), not a client. */
const CACHE_RECEIVER = /^[@$]?(?:\w*_)?(?:cache|Cache|CACHE)(?:_?(?:store|Store|client|Client|manager|Manager))?$|^[@$]?[a-z]\w*Cache$|^[@$]?(?:\w*_)?(?:redis|Redis|REDIS|memcached?|Memcached?|dalli|Dalli)(?:_?(?:client|Client|conn|pool))?$/;

/** A file store's receiver: Laravel's `Storage`/`File` facades and disks, Flysystem, a `filesystem`/`disk`/`storage` object. */
const FILE_STORE_RECEIVER = /^\\?(?:Illuminate\\Support\\Facades\\)?(?:Storage|File|Flysystem)(?:$|::|->)|(?:^|->|::|\.)disk\s*\(|^(?:\$this->|self\.|@|\$)?(?:\w*_)?(?:filesystem|fileSystem|Filesystem|disk|storage|fs)$/;

function isClientCall(c: CallView, d: Dialect): boolean {
  // (also behind a prefix command: `exec curl …`, `sudo -E curl …`, `nohup wget …`)
  if (d === DIALECTS.shell) return SHELL_CLIENT.test(c.name) || (SHELL_PREFIX.test(c.name) && c.args.some((a) => SHELL_CLIENT.test(a.text)));
  if (c.name === 'new') return /Net::HTTP::\w+|Request|HTTPI|Typhoeus|Faraday|RestClient/.test(c.receiver);
  // Tornado's `HTTPRequest(url, method="PUT", body=…)`, handed to `AsyncHTTPClient().fetch(req)`
  if (d === DIALECTS.python && c.name === 'HTTPRequest' && /^(|httpclient|tornado\.httpclient)$/.test(c.receiver)) return true;
  // an address (`new Uri(base, "/helpdesk/tickets.json")`, `new URI(s)`) is a value the request that uses it reads, not a request
  if (c.isNew && /^(Uri|URI)$/.test(c.name)) return false;
  if (c.name === 'parse' || c.name === 'URI' || c.name === 'URL' || c.name === 'Uri') return c.isNew || /^URI$/.test(c.receiver) || c.name !== 'parse';
  // (a project's own request class made with its method: `new NcHttpRequest(HttpMethod.Post, uri)`)
  if (c.isNew) return /^(HttpGet|HttpPost|HttpPut|HttpDelete|HttpPatch|HttpRequestMessage|RestRequest|URL|Uri|HttpRequest|Request|WebClient|GetMethod|PostMethod|PutMethod|DeleteMethod)$|^\w+HttpRequest(Message)?$/.test(c.name) || c.args.slice(0, 2).some((a) => /^HttpMethod\.(Get|Post|Put|Delete|Patch)$/.test(a.text));
  // Java 11's `HttpRequest.newBuilder(uri)`; Fuel's `"…".httpGet()` on the URL string
  if (c.name === 'newBuilder') return /^HttpRequest$/.test(c.receiver);
  if (isJsoupConnect(c)) return true;
  // a cache or key-value store keyed by the path (`Rails.cache.fetch(path) { get(path) }`, `redis.get(url)`): not a request
  if (CACHE_RECEIVER.test(c.receiver.replace(/^.*(?:\.|->|::)/, ''))) return false;
  // a file store or filesystem (`Storage::disk('local')->put(name, …)`, `File::put`, Flysystem's
  // `$filesystem->write`, `$this->disk->get`): a file written or read, not a request
  if (FILE_STORE_RECEIVER.test(c.receiver)) return false;
  // PHP's file functions (`file_put_contents` is no `put`) and Python's builtin `open()` (no open-uri
  // in Python: `open("contacts.json", "w")` is a local file)
  if (!c.receiver && (d === DIALECTS.php ? FILE_FUNCTIONS.test(c.name) : d === DIALECTS.python && c.name === 'open')) return false;
  // PHP's `fopen($url, 'r', false, $ctx)`: a request with a stream context, or on an http(s) URL
  if (d === DIALECTS.php && c.name === 'fopen' && !c.receiver) return c.args.length >= 4 || /^["'](https?):\/\//.test(c.args[0]?.text ?? '');
  if (d === DIALECTS.python && c.name === 'open' && /^(io|codecs|gzip|bz2|lzma|builtins)$/.test(c.receiver)) return false;
  return CLIENT_NAMES.test(c.name) || /(^|_)(get|post|put|delete|patch)(_|$)/i.test(c.name) || /^http(Get|Post|Put|Delete|Patch)$/.test(c.name) || GET_ONLY.test(c.name);
}

/** Jsoup's `Jsoup.connect(url)`: a request its chain sends (`.get()`, `.post()`, `.execute()`). */
function isJsoupConnect(c: CallView): boolean {
  return c.name === 'connect' && /(?:^|\.)Jsoup$/.test(c.receiver);
}

/**
 * The method of a Jsoup chain, from the rest of its statement: `.method(Connection.Method.PUT)` (or
 * `Method.valueOf("PUT")`), else the verb that sends it (`.get()`, `.post()`); `.execute()` alone is a GET.
 */
function jsoupMethod(c: CallView): HttpMethod | null {
  const stmt = statementOf(c.node);
  const rest = stmt.text.slice(c.node.endIndex - stmt.startIndex);
  // (`Connection.Method.PUT`, `Method.valueOf("PUT")`, or `DELETE` imported statically from `Connection.Method`)
  const set = /\.\s*method\s*\(\s*(?:[\w.]*Method\s*\.\s*(\w+)\s*\)|[\w.]*Method\s*\.\s*valueOf\s*\(\s*"(\w+)"\s*\)\s*\)|(GET|POST|PUT|DELETE|PATCH)\s*\))/.exec(rest);
  if (set) return normaliseMethod(set[1] ?? set[2] ?? set[3]);
  const sent = /\.\s*(get|post)\s*\(\s*\)/.exec(rest);
  if (sent) return normaliseMethod(sent[1]);
  return /\.\s*execute\s*\(\s*\)/.test(rest) ? 'GET' : null;
}

/** `….path(…).request(…)` of a JAX-RS client (Jersey, RESTEasy): the request builder of a WebTarget. */
function isJaxRsRequest(c: CallView, d: Dialect): boolean {
  return !!d.pathSegments && c.name === 'request' && /\.path\s*\(|\.target\s*\(|[tT]arget$/.test(c.receiver);
}

/** The arguments that may be the URL. */
function urlArguments(c: CallView, d: Dialect): SyntaxNode[] {
  if (d === DIALECTS.shell) return shellUrlArguments(c.args.map((a) => a.text.replace(/^['"]|['"]$/g, ''))).map((i) => c.args[i]!);
  if (c.name === 'curl_setopt') return c.args[1] && /CURLOPT_URL/.test(c.args[1].text) && c.args[2] ? [c.args[2]] : [];
  if (c.name === 'curl_setopt_array') return curlOptions(c).filter((o) => o.key === 'CURLOPT_URL').map((o) => o.value);
  // JAX-RS: `target.path("helpdesk").path("tickets.json").request(MediaType…)`: the URL is the target it hangs on
  if (isJaxRsRequest(c, d)) {
    const recv = receiverNode(c.node);
    return recv ? [recv] : [];
  }
  // Fuel: the URL is the string the verb is called on (`"$base/agents.json".httpGet()`)
  if (/^http(Get|Post|Put|Delete|Patch)$/.test(c.name) && !c.args.length) {
    const nav = c.node.namedChild(0);
    const recv = receiverNode(c.node) ?? (nav?.type === 'navigation_expression' ? nav.namedChild(0) : null);
    return recv ? [recv] : [];
  }
  // (C#'s object initializer: `new HttpRequestMessage { RequestUri = … }`, RestSharp's `new RestRequest { Resource = … }`)
  const kw = ['url', 'uri', 'path', 'endpoint', 'URL', 'RequestUri', 'Resource'].map((k) => c.kwargs.get(k)).filter((x): x is SyntaxNode => !!x);
  // RestClient's sub-resource: `site[path].get`, `@client[url].send(:post, body)`: the path is the index
  const recv = d === DIALECTS.ruby ? receiverNode(c.node) : null;
  const sub = recv?.type === 'element_reference' && recv.namedChildCount === 2 ? recv.namedChild(1) : null;
  if (sub) return [sub];
  return [...c.args.slice(0, 4).map((a) => addressInside(a, d)), ...kw];
}

/** The options of `curl_setopt_array($ch, [CURLOPT_URL => …, CURLOPT_CUSTOMREQUEST => 'PUT'])`, key by key. */
function curlOptions(c: CallView): Array<{ key: string; value: SyntaxNode }> {
  const arg = c.args[1];
  if (arg?.type === 'variable_name') return curlOptionsOfVariable(arg, c.node);
  const out: Array<{ key: string; value: SyntaxNode }> = [];
  for (const el of arg?.namedChildren ?? []) {
    const [key, value] = el.type === 'array_element_initializer' ? el.namedChildren : [];
    if (key && value) out.push({ key: key.text, value });
  }
  return out;
}

/**
 * The options of an array built in a variable before the call (`$opts = [CURLOPT_URL => …];`
 * `$opts[CURLOPT_CUSTOMREQUEST] = 'PUT';` … `curl_setopt_array($ch, $opts)`), in the same function:
 * its last array assignment before the call, then the keys set one by one after it.
 */
function curlOptionsOfVariable(v: SyntaxNode, call: SyntaxNode): Array<{ key: string; value: SyntaxNode }> {
  let scope: SyntaxNode = call;
  while (scope.parent && !/^(method_declaration|function_definition|anonymous_function|arrow_function|program)$/.test(scope.type)) scope = scope.parent;
  const assignments: SyntaxNode[] = [];
  const stack = [scope];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.startIndex >= call.startIndex) continue;
    if (n.type === 'assignment_expression') assignments.push(n);
    stack.push(...n.namedChildren);
  }
  assignments.sort((a, b) => a.startIndex - b.startIndex);
  let out: Array<{ key: string; value: SyntaxNode }> = [];
  for (const a of assignments) {
    const [left, right] = [a.childForFieldName('left'), a.childForFieldName('right')];
    if (!left || !right) continue;
    if (left.text === v.text && /^array_creation_expression$/.test(right.type)) {
      out = right.namedChildren.filter((el) => el.type === 'array_element_initializer' && el.namedChildCount === 2).map((el) => ({ key: el.namedChild(0)!.text, value: el.namedChild(1)! }));
    } else if (left.type === 'subscript_expression' && left.namedChild(0)?.text === v.text && left.namedChild(1)) {
      const key = left.namedChild(1)!.text;
      out = [...out.filter((o) => o.key !== key), { key, value: right }];
    }
  }
  return out;
}

/** The method the options of one `curl_setopt_array` call set: a custom request, else a POST; null when they set none. */
function curlOptionsMethod(c: CallView, text: string): HttpMethod | null {
  const opts = curlOptions(c);
  const custom = opts.find((o) => o.key === 'CURLOPT_CUSTOMREQUEST');
  // (a literal, or a constant holding one: `self::VERB_DELETE` with `const VERB_DELETE = 'DELETE'`)
  if (custom) return normaliseMethod(custom.value.text) ?? methodOfName(custom.value.text.replace(/^.*::/, ''), text);
  return opts.some((o) => o.key === 'CURLOPT_POSTFIELDS' || (o.key === 'CURLOPT_POST' && !/^(false|0)$/i.test(o.value.text))) ? 'POST' : null;
}

/**
 * The URL an argument wraps: the string an address is made of (`URI.create(u)`, `URI(u)`,
 * `URI.parse(u)`), or the path a URI-builder lambda sets (`uri(b -> b.path("/contacts/{id}.json").build(id))`).
 */
function addressInside(a: SyntaxNode, d: Dialect): SyntaxNode {
  const c = d.call(a);
  if (c && c.args.length === 1 && (/^(create|parse)$/.test(c.name) ? /^(URI|java\.net\.URI)$/.test(c.receiver) : /^(URI|Uri|URL)$/.test(c.name) && !c.receiver)) return c.args[0]!;
  if (/^(lambda_expression|lambda_literal|lambda)$/.test(a.type)) {
    const stack = [a];
    while (stack.length) {
      const n = stack.shift()!;
      const inner = d.call(n);
      if (inner && /^(path|replacePath)$/.test(inner.name) && inner.args[0]) return inner.args[0];
      stack.push(...n.namedChildren);
    }
  }
  return a;
}

/** An argument that names a record (`id`, `id.toString()`, `ticket.getDisplay_id()`, `user.getId()`, `$ticket_id`). */
const ID_ARG = /(?:^|[^A-Za-z0-9])id\b|_id\b|Id\b/;
/** A path segment handed apart (`"/conversations/note"`, `"assign"`). */
const SEGMENT = /^\/?[a-z_]+(?:\/[a-z_]+)*$/;

/**
 * A request wrapper of the repo's own that is not defined where the index reads it (`new
 * ConnectionsFreshDesk().put(json, id, path)`), named for its verb: the argument holding a v1
 * resource path (whatever its position), the record id among the other arguments appended to it,
 * then the path segments given after it (`post(json, path, id, "/conversations/note")`). Without a
 * suffix the path asks for JSON when the code shows it is this helpdesk's (a `/helpdesk/` path, or a
 * file that names the product): such wrappers set the format in their Accept header.
 */
function wrapperPath(c: CallView, ctx: EvalContext, cat: Catalogue, text: string, atRoot: boolean): { arg: SyntaxNode; values: Value[] } | null {
  if (!METHOD_WORD.test(c.name) || WEAK_RECEIVER.test(c.receiver) || c.args.length < 1 || c.args.length > 8 || ctx.d === DIALECTS.shell) return null;
  const vals = c.args.map((a) => evaluate(a, ctx));
  const isV1 = (t: string) => !!matchUrl(cat, t) || (atRoot && !!matchWithFormat(cat, t, 'json'));
  const at = vals.findIndex((vs) => vs.length >= 1 && vs.every((v) => v[0] && !v[0].dynamic && v[0].text.startsWith('/') && isV1(valueText(v))));
  if (at < 0) return null;
  const first = valueText(vals[at]![0]!);
  // a full URL or one with its suffix is read as it is; several arguments only when the path is not first
  if (/\.(json|xml)\b/.test(first) || (at === 0 && c.args.length > 1)) return null;
  const extra: Value = [];
  const id = c.args.findIndex((a, i) => i !== at && ID_ARG.test(a.text));
  if (id >= 0) extra.push({ text: '/', dynamic: false }, dyn('id'));
  for (let i = at + 1; i < c.args.length; i++) {
    if (i === id) continue;
    const v = vals[i]!;
    if (v.length !== 1 || v[0]!.some((p) => p.dynamic)) break;
    const seg = valueText(v[0]!);
    if (!SEGMENT.test(seg)) break;
    extra.push({ text: seg.startsWith('/') ? seg : `/${seg}`, dynamic: false });
  }
  const json = atRoot || /^\/helpdesk\//.test(first) || /freshdesk/i.test(text);
  const values = vals[at]!.map((v) => collapseSlashes([...v.map((p) => (json && !p.dynamic ? { ...p, format: 'json' as const } : p)), ...extra]));
  return { arg: c.args[at]!, values };
}

/** curl/wget options whose value is a local file. */
const SHELL_FILE_OPTIONS = /^(-[oTKcbDE]|-O|--(output|output-document|upload-file|config|cookie|cookie-jar|dump-header|cert|cacert|key|post-file|body-file|input-file))$/;

/** The arguments of a shell client call that name local files: an output or upload file, `@file` data. */
function shellLocalFiles(c: CallView): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let i = 0; i < c.args.length; i++) {
    const t = c.args[i]!.text.replace(/^['"]|['"]$/g, '');
    const next = c.args[i + 1];
    if (SHELL_FILE_OPTIONS.test(t) && next) out.push(next);
    else if (/^(-d|--data[\w-]*|-F|--form)$/.test(t) && next && /^['"]?@/.test(next.text)) out.push(next);
  }
  return out;
}

// (xargs and GNU parallel run the command they are given once per input line)
const SHELL_PREFIX = /^(exec|command|sudo|nohup|time|env|timeout|retry|xargs|parallel)$/;


// (`GetFromJsonAsync`, Flurl's `PostJsonAsync`, Fuel's `"…".httpGet()` name their method too)
// (and CodeIgniter's curl library: `$this->curl->simple_get(url, params)`, `simple_post`, `simple_put`, `simple_delete`)
const METHOD_OF_NAME = /^(?:http_?|wp_remote_|wp_safe_remote_|_|do_|send_|prepare|simple_)?(get|post|put|delete|patch)(?:_request|_json|_form|Async|AsJsonAsync|StringAsync|StreamAsync|ByteArrayAsync|FromJsonAsync|JsonAsync|ForObject|ForEntity|_?)?$/i;
/** Calls that only ever GET: WebClient's downloads and readers. */
const GET_ONLY = /^(DownloadString|DownloadData|DownloadFile|OpenRead)(TaskAsync|Async)?$/;

/**
 * The call an expression is an argument of (directly, or inside another call's arguments: a URL
 * builder), when another argument of it is a literal HTTP method (`"POST"`, `:put`).
 */
function siblingMethod(d: Dialect, n: SyntaxNode, ctx?: EvalContext): { method: HttpMethod; call: CallView } | null {
  let cur = n;
  for (let depth = 0; depth < 6 && cur.parent; depth++) {
    const parent = cur.parent;
    const call = d.call(parent);
    if (call) {
      const inner = (a: SyntaxNode) => a.startIndex <= n.startIndex && n.endIndex <= a.endIndex;
      for (const a of call.args) {
        if (inner(a)) continue;
        if (!(d.strings.has(a.type) || a.type === 'simple_symbol')) {
          const method = ctx ? methodConstant(a, ctx) : null;
          if (method) return { method, call };
          continue;
        }
        const method = normaliseMethod(a.text);
        if (method && /^[:'"]?[A-Za-z]+['"]?$/.test(a.text)) return { method, call };
      }
      // the expression is this call's callee or receiver, not an argument: no sibling to read
      if (!call.args.some(inner)) return null;
    }
    cur = parent;
  }
  return null;
}

/**
 * A method passed by name (`DELETE`, `http.MethodDelete`, `HttpMethod.PUT`), made of its word
 * (C#'s `new HttpMethod("DELETE")`, Spring's `HttpMethod.valueOf("PUT")`, PowerShell's
 * `[WebRequestMethod]::Put`) or through a variable or constant holding one of those or its word
 * (`const del = "DELETE"`, `method := http.MethodDelete`): that method.
 */
function methodConstant(a: SyntaxNode, ctx: EvalContext, depth = 0): HttpMethod | null {
  const named = /^(?:[\w.]*\.)?(?:Method|METHOD_)(Get|Post|Put|Delete|Patch|GET|POST|PUT|DELETE|PATCH)$|^(?:[\w.]*\.)?(?:HttpMethod|Method)\.(\w+)$|^(GET|POST|PUT|DELETE|PATCH)$/.exec(a.text);
  if (named) return normaliseMethod(named.slice(1).find(Boolean));
  const made = METHOD_MADE.exec(a.text.trim());
  if (made) return normaliseMethod(made[1]);
  // (also an entry of a table: `VERBS["close"]` with `VERBS = {"close": "PUT"}`)
  if (!ctx.d.nameOf(a) && !/^(subscript|element_reference|element_access_expression|index_expression|subscript_expression|indexing_expression)$/.test(a.type)) return null;
  const vals = evaluate(a, ctx);
  const v = vals.length === 1 && vals[0]!.length === 1 && !vals[0]![0]!.dynamic ? vals[0]![0]!.text : null;
  if (v) return METHOD_WORD.test(v) ? normaliseMethod(v) : null;
  // a variable given a method by name before the use (`method := http.MethodDelete`, `var m = new HttpMethod("PATCH")`)
  const held = depth < 3 ? definitionBefore(a, ctx) : null;
  if (held) {
    const m = methodConstant(held, ctx, depth + 1);
    if (m) return m;
  }
  // a class constant named for its method (`self::METHOD_POST`, `static::HTTP_PUT`, `Rest::DELETE`)
  // whose definition the tree does not hold (a parent class of another package): its name says it
  const scoped = /^(?:[\w\\]+::|\$this->|self\.|this\.)(?:METHOD_|HTTP_|HTTP_METHOD_|VERB_|REQUEST_)?(GET|POST|PUT|DELETE|PATCH)$/.exec(a.text.replace(/\s+/g, ''));
  return scoped ? normaliseMethod(scoped[1]) : null;
}

/** A method object made of its word: `new HttpMethod("DELETE")`, `HttpMethod.valueOf("PUT")`, `HttpMethod.resolve("PUT")`. */
const METHOD_MADE = /^(?:new\s+)?(?:[\w.]*\.)?(?:Http)?Method(?:\s*\.\s*(?:valueOf|resolve|parse))?\s*\(\s*"(\w+)"\s*\)$/;

/** The value last given to the name before this read, in its function (else at file or class level). */
function definitionBefore(a: SyntaxNode, ctx: EvalContext): SyntaxNode | null {
  const ref = ctx.d.nameOf(a);
  const list = ref ? ctx.defs.byName.get(ref.name) : undefined;
  if (!list) return null;
  const fn = enclosingFunction(ctx.d, a);
  const scope = fn ? fn.startIndex : -1;
  const own = list.filter((x) => x.file === ctx.file && x.at < a.startIndex && (ref!.member ? x.scope === -1 : x.scope === scope) && !(a.startIndex >= x.value.startIndex && a.endIndex <= x.value.endIndex));
  return own.at(-1)?.value ?? list.find((x) => x.scope === -1 && x.file === ctx.file)?.value ?? null;
}

/**
 * A method given by a name, not a literal: .NET's `WebRequestMethods.Http.Put`, a name that is the
 * verb (`DELETE`, `Verbs.PUT`, `METHOD_POST`), or a constant of the file holding the verb's word
 * (`static final String DEL = "DELETE"`, `const string M = "PUT"`).
 */
function methodOfName(name: string, text: string): HttpMethod | null {
  const last = name.replace(/^.*\./, '');
  // a class's constant (`Verbs.Delete` with `public const string Delete = "DELETE"`): its value when
  // the file holds it, else its name when that is the verb (the class is in another file)
  if (/^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/.test(name) && !/^WebRequestMethods\./.test(name)) {
    const def = new RegExp(`(?:^|[^\\w.$])${last}\\s*(?::\\s*\\w+\\s*)?=\\s*["'](GET|POST|PUT|DELETE|PATCH)["']`, 'i').exec(text);
    if (def) return normaliseMethod(def[1]);
  }
  const word = /^(?:METHOD_|HTTP_)?(GET|POST|PUT|DELETE|PATCH)$/i.exec(last);
  if (word && (/^WebRequestMethods\.Http\./.test(name) || /^[A-Z_]+$/.test(last) || /^[A-Z]\w*\.[A-Z][a-z]+$/.test(name))) return normaliseMethod(word[1]);
  if (!/^[A-Za-z_]\w*$/.test(name)) return null;
  const def = new RegExp(`(?:^|[^\\w.$])${name}\\s*(?::\\s*\\w+\\s*)?=\\s*["'](GET|POST|PUT|DELETE|PATCH)["']`, 'i').exec(text);
  return def ? normaliseMethod(def[1]) : null;
}

function normaliseMethod(s: string | undefined | null): HttpMethod | null {
  if (!s) return null;
  const m = s.replace(/^[:'"]+|['"]+$/g, '').toUpperCase();
  return (['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const).includes(m as 'GET') ? (m as HttpMethod) : null;
}

/** The HTTP method of a client call: its name, its class, a method argument, or what the enclosing function sets. */
function methodOfCall(c: CallView, d: Dialect, text: string, fnNode?: SyntaxNode | null, ctx?: EvalContext): HttpMethod | null {
  if (d === DIALECTS.shell) {
    let args = c.args.map((a) => a.text.replace(/^['"]|['"]$/g, ''));
    // behind a prefix command (`xargs -d '\n' curl …`, `parallel -j2 curl …`): the client's own options only
    const name = SHELL_PREFIX.test(c.name) ? (args.find((a) => SHELL_CLIENT.test(a)) ?? c.name) : c.name;
    if (name !== c.name) args = args.slice(args.indexOf(name) + 1);
    return shellMethod(name, args);
  }
  if (isJaxRsRequest(c, d)) {
    // then `.get()`, `.post(entity)`, `.put(entity)`, `.delete()`, `.method("PUT", …)` or `.build("POST", …).invoke()`
    const rest = statementOf(c.node).text.slice(c.node.endIndex - statementOf(c.node).startIndex);
    const m = /^\s*\.\s*(?:(get|post|put|delete)\s*\(|(?:method|build)\s*\(\s*"(\w+)")/i.exec(rest);
    return m ? normaliseMethod(m[1] ?? m[2]) : null;
  }
  if (GET_ONLY.test(c.name)) return 'GET';
  if (isJsoupConnect(c)) return jsoupMethod(c);
  if (c.name === 'curl_setopt_array') {
    const own = curlOptionsMethod(c, text);
    if (own) return own;
  }
  // a request object whose method is set again before it is sent (`req.Method = "PUT"` after
  // `http.NewRequest("GET", …)`, `msg.Method = HttpMethod.Delete` after `new HttpRequestMessage(HttpMethod.Get, …)`)
  const later = methodSetLater(c, d, text, fnNode);
  if (later) return later;
  // Ruby's open-uri (`URI.open(url)`, `URI(url).open`, `OpenURI.open_uri`, `open(url)`) only GETs:
  // a Net::HTTP::Delete written later in the script is another request's
  if (d === DIALECTS.ruby && (/^(open|open_uri)$/.test(c.name) && /^(URI|Kernel|OpenURI|)$/.test(c.receiver) || (c.name === 'open' && /^URI(?:\s*\(|\s*\.\s*parse\s*\()/.test(c.receiver)))) return 'GET';
  // (`URI.parse(url).open(…)`: the address made, then opened by open-uri)
  if (d === DIALECTS.ruby && /^(parse|URI)$/.test(c.name) && /^(URI|)$/.test(c.receiver) && c.node.parent?.type === 'call' && c.node.parent.childForFieldName('method')?.text === 'open') return 'GET';
  // PHP's `file_get_contents($url, false, $ctx)` / `fopen($url, 'r', false, $ctx)`: the method of
  // the stream context (`stream_context_create(['http' => ['method' => 'PUT', …]])`), else GET
  if (d === DIALECTS.php && /^(file_get_contents|fopen)$/.test(c.name) && !c.receiver) {
    const ctxArg = c.args[c.name === 'fopen' ? 3 : 2];
    if (!ctxArg) return 'GET';
    return streamContextMethod(ctxArg.text, text.slice(0, c.node.startIndex));
  }
  // Ruby's Net::HTTP class methods that GET: `get_response(uri)`, `get_print(uri)`
  if (/^(get_response|get_print)$/.test(c.name) && /(^|::)HTTP$/.test(c.receiver)) return 'GET';
  // a request builder whose method is a call of its chain: WebClient `client.post().uri(…)`,
  // `client.method(HttpMethod.PUT).uri(…)`; Java 11 `HttpRequest.newBuilder().uri(…).POST(body)`,
  // which is a GET unless another verb follows
  if (/^(uri|newBuilder)$/.test(c.name)) {
    const before = /\.\s*(get|post|put|delete|patch)\s*\(\s*\)\s*$|\.\s*method\s*\(\s*(?:HttpMethod\.)?["']?(\w+)["']?\s*\)\s*$/i.exec(c.receiver);
    if (before) return normaliseMethod(before[1] ?? before[2]);
    const stmt = statementOf(c.node);
    const rest = stmt.text.slice(c.node.endIndex - stmt.startIndex);
    const after = /^[^;]*?\.\s*(?:(GET|POST|PUT|DELETE|PATCH)\s*\(|method\s*\(\s*"(\w+)")/.exec(rest);
    if (after) return normaliseMethod(after[1] ?? after[2]);
    if (/^HttpRequest\s*\.\s*newBuilder\s*\(\s*\)$/.test(c.receiver) || (c.name === 'newBuilder' && c.receiver === 'HttpRequest')) return 'GET';
  }
  const byName = METHOD_OF_NAME.exec(c.name);
  if (byName && c.name !== 'get' + '') return normaliseMethod(byName[1]);
  if (byName) return 'GET';
  if (c.isNew) {
    // Apache HttpClient 4 (`new HttpPut`) and 3 (`new PutMethod`)
    const m = /^Http(Get|Post|Put|Delete|Patch)$|^(Get|Post|Put|Delete)Method$/.exec(c.name);
    if (m) return normaliseMethod(m[1] ?? m[2]);
  }
  const sub = /::(Get|Post|Put|Delete|Patch)$/.exec(c.receiver);
  if (sub) return normaliseMethod(sub[1]);
  // RestSharp: `new RestRequest(path)` without a method, handed to `client.DeleteAsync(…)`,
  // `ExecutePutAsync(…)` or `ExecuteAsync(…, Method.Delete)`: the method of the call it is sent with
  if (c.isNew && c.name === 'RestRequest' && !c.args.slice(1).some((a) => /Method\.\w+/.test(a.text))) {
    for (let p = c.node.parent, k = 0; p && k < 8; p = p.parent, k++) {
      const outer = d.call(p);
      // (through the request's own builder calls: `new RestRequest(p).AddJsonBody(x)`)
      if (!outer || outer.node === c.node || /^(Add|With|Set)\w*$/.test(outer.name)) continue;
      const named = /^(?:Execute)?(Get|Post|Put|Delete|Patch)(?:Async)?$/.exec(outer.name)?.[1];
      const given = /^Execute(?:Async)?$/.test(outer.name) ? /\bMethod\.(\w+)/.exec(outer.args.slice(1).map((a) => a.text).join(' '))?.[1] : undefined;
      if (named || given) return normaliseMethod(named ?? given);
      break;
    }
    // kept in a variable and sent in a later statement (`var req = new RestRequest(p).AddJsonBody(x);`
    // … `client.ExecuteAsync(req, Method.Put)`, `client.PutAsync(req)`)
    const held = /^\s*(?:var\s+|[\w.]+(?:<[^>]*>)?\s+)?(\w+)\s*=(?!=)/.exec(statementOf(c.node).text)?.[1];
    const fn = held ? (fnNode ?? enclosingFunction(d, c.node)) : null;
    if (held && fn) {
      const after = text.slice(statementOf(c.node).endIndex, fn.endIndex);
      const sent = new RegExp(`\\b(?:Execute)?(Get|Post|Put|Delete|Patch)(?:Async)?\\s*\\(\\s*${held}\\b|\\bExecute(?:Async)?\\s*\\(\\s*${held}\\s*,\\s*Method\\.(\\w+)`).exec(after);
      if (sent) return normaliseMethod(sent[1] ?? sent[2]);
    }
  }
  for (const a of [...c.args.slice(0, 2), c.kwargs.get('method'), c.kwargs.get('verb'), c.kwargs.get('Method')]) {
    if (!a) continue;
    const t = a.text.replace(/^[:'"]|['"]$/g, '');
    const m = normaliseMethod(t) ?? normaliseMethod(/HttpMethod\.(\w+)|Method\.(\w+)|MethodPut|http\.Method(\w+)/.exec(a.text)?.slice(1).find(Boolean));
    if (m) return m;
    // a constant holding the method's word (`const del = "DELETE"` … `c.Do(u, del, nil)`)
    const k = ctx && a.type !== 'ERROR' ? methodConstant(a, ctx) : null;
    if (k) return k;
  }
  // Tornado's HTTPRequest without a method is a GET
  if (d === DIALECTS.python && c.name === 'HTTPRequest' && !c.kwargs.has('method') && c.args.length < 2) return 'GET';
  // options hashes / arrays: method: :put, 'method' => 'PUT'
  const statement = statementOf(c.node);
  const inline = /\b(?:method|verb|type)['"]?\s*(?:=>|:|=)\s*['":]*(get|post|put|delete|patch)\b/i.exec(c.node.text);
  if (inline) return normaliseMethod(inline[1]);
  // Python's urllib Request: GET without data, POST with it, unless the code overrides its
  // `get_method` (whatever the enclosing function is called: `freshdesk_get_ticket`, `load_ticket`)
  if (d === DIALECTS.python && c.name === 'Request' && /^(urllib2|urllib\.request|request|)$/.test(c.receiver)) {
    const fnText = fnNode ? text.slice(fnNode.startIndex, fnNode.endIndex) : statement.text;
    const override = /get_method\s*=\s*lambda[^:]*:\s*['"](\w+)['"]/.exec(fnText);
    if (override) return normaliseMethod(override[1]);
    if (!/get_method/.test(fnText)) return c.args.length > 1 || c.kwargs.has('data') ? 'POST' : 'GET';
  }
  // `fetch(url)` with no method and no body: a GET, the default of every client named so (JavaScript's
  // fetch, Tornado's, App Engine's urlfetch), also through a wrapper the repo does not hold (`gw.fetch(path)`)
  if (c.name === 'fetch' && c.args.length === 1 && !['body', 'data', 'json', 'payload'].some((k) => c.kwargs.has(k))) return 'GET';
  // OkHttp's Request.Builder: GET unless .put()/.post()/.delete(), or `.method("PUT", body)`; a name
  // there (`.method(verb, body)`) is the method it holds (`String verb = "PUT"`), unknown if the code does not say
  const chain = /\.(put|post|delete|patch)\s*\(|\.method\s*\(\s*(?:"(\w+)"|([\w.]+)\s*,)/i.exec(statement.text);
  if (c.name === 'url') return chain ? (chain[3] ? methodOfName(chain[3], text) : normaliseMethod(chain[1] ?? chain[2])) : 'GET';
  const fn = fnNode ?? enclosingFunction(d, c.node);
  // a script's top level is its own scope: from this call to the next call of the same client
  // (`curl_init(…)` then its `curl_setopt`s, `RestClient::Resource.new(…)` then `site.post`)
  let scope = fn ? text.slice(fn.startIndex, fn.endIndex) : '';
  if (!fn) {
    // the same client again (`RestClient::Resource.new`, not any `.new` such as a `File.new` for an
    // attachment); PHP's curl handle is set up from its curl_init to the next one
    const curl = /^curl_(init|setopt|setopt_array)$/.test(c.name);
    const callee = curl ? 'curl_init' : `${c.receiver ? `${c.receiver}.` : ''}${c.name}`;
    const again = new RegExp(`(?:^|[^\\w$:])${callee.replace(/\W/g, '\\$&')}\\s*\\(`);
    const from = curl ? Math.max(0, text.lastIndexOf('curl_init', c.node.startIndex)) : c.node.startIndex;
    const after = text.slice(c.node.endIndex);
    const next = again.exec(after);
    scope = text.slice(from, c.node.endIndex + (next ? next.index : after.length));
  }
  // the object the call made is used with a verb later: `site = RestClient::Resource.new(url)` … `site.post(…)`
  const assigned = /^\s*(?:var\s+|let\s+|const\s+|val\s+|\w+(?:<[^>]*>)?\s+)?([$@]?\w+)\s*=\s*(?!=)/.exec(statement.text)?.[1];
  if (assigned) {
    const esc = assigned.replace(/\W/g, '\\$&');
    // (also on a sub-resource of it: `site['notes'].post(…)`)
    const use = new RegExp(`(?:^|[^\\w$@])${esc}\\s*(?:\\[[^\\]\\n]*\\]\\s*)?(?:\\.|->)\\s*(get|post|put|delete|patch)\\b(?!\\w)`, 'i').exec(text.slice(statement.endIndex, fn ? fn.endIndex : c.node.endIndex + scope.length));
    if (use) return normaliseMethod(use[1]);
    // `createRequest.Method = "POST"` (HttpWebRequest), `req.method = 'PUT'`: the method of that object, not of another request in the function
    // (also a named method: `req.Method = WebRequestMethods.Http.Put`, `req.Method = PUT` with `const string PUT = "PUT"`)
    const set = new RegExp(`(?:^|[^\\w$@])${esc}\\s*(?:\\.|->)\\s*[Mm]ethod\\s*=\\s*(?:["'](\\w+)["']|([\\w.]+))`).exec(text.slice(statement.endIndex, fn ? fn.endIndex : c.node.endIndex + scope.length));
    const setMethod = set ? (set[1] ? normaliseMethod(set[1]) : methodOfName(set[2]!, text)) : null;
    if (setMethod) return setMethod;
  }
  const fromScope = methodInScope(scope, text);
  if (fromScope !== undefined) return fromScope;
  if (/^(curl_init|curl_setopt|curl_setopt_array|file_get_contents|urlopen|URL|open|Create|CreateHttp|HttpRequestMessage)$/.test(c.name) || c.isNew) return /CURLOPT_(POST|CUSTOMREQUEST)|setDoOutput|'method'|"method"/.test(scope) ? null : 'GET';
  return null;
}

/** Calls that build a request object whose `Method` may be set afterwards. */
const REQUEST_OBJECT = /^(NewRequest|NewRequestWithContext|HttpRequestMessage|HttpWebRequest|Create|CreateHttp)$/;

/**
 * The method given to the request object this call builds, by an assignment to the same variable
 * after it and before the request is sent or the variable is given another value:
 * `req, _ := http.NewRequest("GET", u, nil)` … `req.Method = "PUT"` … `client.Do(req)`.
 */
function methodSetLater(c: CallView, d: Dialect, text: string, fnNode?: SyntaxNode | null): HttpMethod | null {
  if (!REQUEST_OBJECT.test(c.name)) return null;
  const statement = statementOf(c.node);
  // (the call is the statement's value: `req, err := …`, `var msg = new …`, `HttpWebRequest r = (HttpWebRequest)WebRequest.Create(…)`)
  const head = /^\s*(?:(?:var|let|const|val|auto)\s+|[\w.]+(?:<[^>]*>)?\s+)?([$@]?\w+)\s*(?:,\s*\w+\s*)*:?=(?!=)/.exec(statement.text);
  if (!head || statement.startIndex + head[0].length > c.node.startIndex) return null;
  const v = head[1]!.replace(/\W/g, '\\$&');
  const fn = fnNode ?? enclosingFunction(d, c.node);
  const after = text.slice(statement.endIndex, fn ? fn.endIndex : text.length);
  const set = new RegExp(`(?:^|[^\\w$@.])${v}\\s*(?:\\.|->)\\s*[Mm]ethod\\s*=(?!=)\\s*([^;\\n]+)`).exec(after);
  if (!set) return null;
  // sent (the variable handed to a call) or given another value before: that method is another request's
  const sent = new RegExp(`[(,]\\s*(?:&\\s*)?${v}\\s*[,)]`).exec(after);
  const again = new RegExp(`(?:^|[^\\w$@.])${v}\\s*(?:,\\s*\\w+\\s*)*:?=(?!=)`).exec(after);
  if ((sent && sent.index < set.index) || (again && again.index < set.index)) return null;
  return methodOfText(set[1]!.trim(), text);
}

/** A method written as a literal (`"PUT"`), a constant or enum member (`http.MethodDelete`, `HttpMethod.Delete`), or made of its word. */
function methodOfText(t: string, text: string): HttpMethod | null {
  const lit = /^["'`](\w+)["'`]$/.exec(t);
  if (lit) return normaliseMethod(lit[1]);
  const named = /^(?:[\w.]*\.)?(?:Method|METHOD_)(Get|Post|Put|Delete|Patch|GET|POST|PUT|DELETE|PATCH)$|^(?:[\w.]*\.)?(?:HttpMethod|Method)\.(\w+)$|^(GET|POST|PUT|DELETE|PATCH)$/.exec(t);
  if (named) return normaliseMethod(named.slice(1).find(Boolean));
  const made = METHOD_MADE.exec(t);
  if (made) return normaliseMethod(made[1]);
  return /^[\w.]+$/.test(t) ? methodOfName(t, text) : null;
}

/** What the code of a function says about the method: undefined when it says nothing, null when it sets one the audit cannot read. */
function methodInScope(scope: string, text?: string): HttpMethod | null | undefined {
  // the method set by name: `setRequestMethod(DELETE)` with `static final String DELETE = "DELETE"`,
  // `req.Method = WebRequestMethods.Http.Put`, `requestMethod = METHOD`
  const byName = /(?:setRequestMethod\(\s*|\.Method\s*=\s*|\brequestMethod\s*=\s*)((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*)\s*[);\n]/.exec(scope);
  if (byName) {
    const m = methodOfName(byName[1]!, text ?? scope);
    if (m) return m;
  }
  // (`method="POST"` as a keyword argument is that call's own, never the scope's)
  const custom = /Net::HTTP::(Get|Post|Put|Delete|Patch)\b|\bRequestBuilder\s*\.\s*(get|post|put|delete)\s*\(|\bRequest\s*\.\s*(Get|Post|Put|Delete)\s*\(|CUSTOMREQUEST[^;\n]*?['"](\w+)['"]|setRequestMethod\(\s*"(\w+)"|set_?[mM]ethod\(\s*['"](\w+)['"]|\.Method\s*=\s*"(\w+)"|\.Method\s*=\s*new\s+HttpMethod\s*\(\s*"(\w+)"|(?<![(,]\s*)\bmethod\s*=\s*['"](\w+)['"]|\brequestMethod\s*=\s*"(\w+)"|HttpMethod\.(\w+)/i.exec(scope);
  if (custom) return normaliseMethod(custom.slice(1).find(Boolean));
  // a client's method constants (`Zend_Http_Client::PUT`, `HttpRequest::METHOD_POST`): one says which,
  // several (one per branch) say only that the method is chosen at run time
  const constants = new Set([...scope.matchAll(/\b\w*(?:Client|Request|Http)\w*::(?:METHOD_)?(GET|POST|PUT|DELETE|PATCH)\b/g)].map((m) => m[1]!));
  if (constants.size) return constants.size === 1 ? normaliseMethod([...constants][0]) : null;
  if (/CURLOPT_CUSTOMREQUEST/.test(scope)) return null;
  if (/CURLOPT_POST\b|CURLOPT_POSTFIELDS/.test(scope)) return 'POST';
  return undefined;
}

/**
 * A comment of the file names the other product as the one the code talks to: its account's host
 * (`/// … https://emermedica.freshservice.com`), its API (`# Freshservice API client`, `// client for
 * Freshservice`), and the file names the helpdesk nowhere. A comment that only mentions the product
 * (`// Freshservice has the same endpoint`) says nothing about where these requests go.
 */
function commentNamesOtherProduct(text: string): boolean {
  if (/freshdesk/i.test(text) || !/freshservice/i.test(text)) return false;
  const PRODUCT = /\b[\w-]+\.freshservice\.com\b|\bfreshservice(?:'s)?\s+(?:rest\s+)?(?:api|account|instance|portal|domain|tenant|service\s*desk)\b|\b(?:api|client|wrapper|integration|connector|sdk)\s+(?:for|to|of|de|para|with|against)\s+(?:the\s+)?freshservice\b/i;
  for (const m of text.matchAll(/(?:^|[^:"'\w])(?:\/\/+|#|\/\*+|^\s*\*|''')([^\n]*)/gm)) if (PRODUCT.test(m[1]!)) return true;
  return false;
}

/**
 * Helpers that answer with a redirect or write a link: their path is the app's own page, not a request the code makes.
 * ASP.NET's `Created(location, value)` / `Results.Created(…)` answer with the new resource's address in `Location`.
 */
const LINK_HELPERS = /^(redirect_to|redirect|redirect_back|link_to|button_to|url_for|link_to_unless_current|HttpResponseRedirect|HttpResponsePermanentRedirect|RedirectResponse|Redirect|RedirectPermanent|LocalRedirect|sendRedirect|Created|Accepted)$/;

/** The string is an argument of such a helper (through its argument list or a keyword pair). */
function linkOrRedirect(d: Dialect, top: SyntaxNode): boolean {
  let p: SyntaxNode | null = top.parent;
  for (let k = 0; p && k < 3; k++, p = p.parent) {
    const c = d.call(p);
    if (c && c.node.startIndex !== top.startIndex) return LINK_HELPERS.test(c.name) && c.args.some((a) => a.startIndex <= top.startIndex && a.endIndex >= top.endIndex);
  }
  return false;
}

/** A closure, lambda or block handed to a call (a route's handler): code of its own, not the call's value. */
const HANDLER_BODY = /^(anonymous_function|anonymous_function_creation_expression|arrow_function|closure|lambda|lambda_expression|lambda_literal|annotated_lambda|func_literal|anonymous_method_expression|do_block|block)$/;
function isHandlerBody(a: SyntaxNode): boolean {
  for (let n: SyntaxNode | null = a, k = 0; n && k < 3; n = n.namedChildCount === 1 ? n.namedChild(0) : null, k++) if (HANDLER_BODY.test(n.type)) return true;
  return false;
}

/** PHP's file functions and Laravel's path helpers (`storage_path('helpdesk/tickets.json')`): their path is a file's. */
const FILE_FUNCTIONS = /^(file_put_contents|unlink|is_file|file_exists|mkdir|touch|copy|rename|is_readable|is_writable|filemtime|storage_path|base_path|public_path|app_path|resource_path|database_path|config_path|lang_path)$/;

/** Files and paths of the standard libraries: `File(…)`, `new FileWriter(…)`, `Paths.get`, `Path.of`, `Files.write`, Ruby's/C#'s `File.write`, `os.path.join`. */
const FILE_CLASS = /^(File|FileInfo|FileReader|FileWriter|FileInputStream|FileOutputStream|FileStream|StreamReader|StreamWriter|PrintWriter|RandomAccessFile|Path|PurePath|PosixPath|DirectoryInfo)$/;
const FILE_RECEIVER = /^(Files|File|Paths|Path|FileUtils|Directory|os\.path|os|shutil|pathlib|IO|java\.io\.File|java\.nio\.file\.(Files|Paths|Path)|System\.IO\.File|ioutil|afero|embed\.FS)$/;
const RESOURCE_READ = /^(getResourceAsStream|getResource|getResources|getSystemResource|getSystemResourceAsStream|getSystemResources|GetManifestResourceStream|openRawResource)$/;
/** Printed or logged: `println`, `print`, `puts`, `echo`, `Console.WriteLine`, `System.out.println`, `logger.info`. */
const PRINT_NAME = /^(print|println|printf|puts|echo|warn|say|pp|var_dump|print_r|error_log|Write|WriteLine|Print|Println|Printf)$/;
const PRINT_RECEIVER = /^(|System\.(out|err)|Console|fmt|\$stderr|\$stdout|STDERR|STDOUT|sys\.stdout|sys\.stderr|Debug|Trace)$/;
const LOG_RECEIVER = /(^|\.|->|::|@|\$)(log|logger|LOG|LOGGER|Log|Logger|logging|_log|_logger|Rails\.logger)$/;
const LOG_NAME = /^(debug|info|warn|warning|error|fatal|trace|notice|critical|exception|log|Debug|Info|Warn|Warning|Error|Fatal|Trace|LogInformation|LogDebug|LogWarning|LogError|LogTrace|d|i|w|e|v)$/;

/** A call that takes a file's path (file stores, caches, file functions and classes) or only prints or logs its argument. */
function fileOrPrintCall(d: Dialect, c: CallView): boolean {
  const last = c.receiver.replace(/^.*(?:\.|->|::)/, '');
  if (FILE_STORE_RECEIVER.test(c.receiver) || (c.receiver && CACHE_RECEIVER.test(last))) return true;
  if (!c.receiver && d === DIALECTS.php && FILE_FUNCTIONS.test(c.name)) return true;
  if (d === DIALECTS.python && c.name === 'open' && /^(|io|codecs|gzip|bz2|lzma|builtins)$/.test(c.receiver)) return true;
  if (FILE_CLASS.test(c.name) && (!c.receiver || /^(java\.io|java\.nio\.file|pathlib|System\.IO|io)$/.test(c.receiver))) return true;
  if (FILE_RECEIVER.test(c.receiver)) return true;
  // a resource of the program's own package: Java's/Kotlin's `getClass().getResourceAsStream("/agents.json")`,
  // `javaClass.getResource(…)`, a class loader's; .NET's `GetManifestResourceStream`; Python's
  // `pkgutil.get_data(__name__, "fixtures/contacts.json")`, `pkg_resources.resource_string`, `importlib.resources`
  if (RESOURCE_READ.test(c.name)) return true;
  if (/^(pkgutil|pkg_resources|importlib\.resources|resources)$/.test(c.receiver) && /^(get_data|resource_\w+|read_text|read_binary|open_text|open_binary|files|path)$/.test(c.name)) return true;
  if (PRINT_NAME.test(c.name) && PRINT_RECEIVER.test(c.receiver)) return true;
  return LOG_RECEIVER.test(c.receiver) && LOG_NAME.test(c.name);
}

/** The string is the path of a file store's or a file function's call (`Storage::disk('local')->put('/helpdesk/tickets.json', …)`), or only printed: a file or text, no URL. */
function fileStoreArgument(d: Dialect, top: SyntaxNode): boolean {
  let p: SyntaxNode | null = top.parent;
  for (let k = 0; p && k < 5; k++, p = p.parent) {
    const c = d.call(p);
    if (c && c.node.startIndex !== top.startIndex) return fileOrPrintCall(d, c) && c.args.some((a) => a.startIndex <= top.startIndex && a.endIndex >= top.endIndex);
  }
  return false;
}

/**
 * Another product's client or a library that makes no HTTP request, as the code builds or names it:
 * GitHub's (`Octokit::Client.new`, `Github::Client`, PyGithub), GitLab's, Zendesk's, Jira's, Slack's
 * SDKs; S3, GCS, Azure blobs and other object stores; zip and tar archives.
 */
const OTHER_CLIENT = /\b(?:Octokit|Github|GitHub|github3?|Gitlab|GitLab|gitlab|Zendesk\w*|zendesk\w*|zenpy|Zenpy|JIRA|Jira\w*|jira|Slack\w*|slack_sdk|slack|boto3?|botocore|Aws|AWS|S3\w*|s3\w*|Minio|minio|storage|Storage|bucket|Bucket|blob|Blob|BlobServiceClient|BlobContainerClient|Dropbox|dropbox|zipfile|ZipFile|tarfile|TarFile|ZipArchive|ZipInputStream|ZipOutputStream|Zip|zip|PharData|Flysystem|Filesystem|ActiveStorage|Fog|Redmine\w*|redmine|Trello|Asana|Intercom|Hubspot|HubSpot|Restforce|Salesforce|Twilio|Stripe|ShopifyAPI|Shopify)\b/;
/** Names an object store's calls give their keys (`get_object(Bucket=…, Key=…)`). */
const STORAGE_KEYWORDS = /^:?(?:Key|Bucket|bucket|Prefix)$/;

/** What the code binds `name` to in `text` (`gh = Octokit::Client.new(…)`, `with zipfile.ZipFile(p) as z`, `$s3 = new S3Client(…)`), joined. */
function bindingsOf(name: string, text: string): string {
  const n = escapeRegex(name.replace(/^(?:self\.|this\.|\$this->|@)/, ''));
  const got: string[] = [];
  const assign = new RegExp(`(?:^|[^\\w.>$@])(?:self\\.|this\\.|\\$this->|@|\\$)?${n}\\s*(?::=|=(?![=>~]))\\s*([^\\n;]{1,200})`, 'g');
  for (const m of text.matchAll(assign)) got.push(m[1]!);
  const withAs = new RegExp(`\\bwith\\s+([^\\n]{1,200}?)\\s+as\\s+${n}\\b`, 'g');
  for (const m of text.matchAll(withAs)) got.push(m[1]!);
  // a typed declaration or parameter (`S3Client s3`, `AmazonS3 s3Client`, `s3: S3Client`)
  const typed = new RegExp(`\\b([A-Z][\\w.:]*)(?:<[^>]*>)?\\s+\\$?${n}\\b|\\b${n}\\s*:\\s*([A-Z][\\w.:]*)`, 'g');
  for (const m of text.matchAll(typed)) got.push(m[1] ?? m[2]!);
  return got.join('\n');
}

/**
 * The expression is an argument (positional or named) of a call to another product's client or to a
 * library that makes no HTTP request, as the code shows it: the receiver is such a client (by its
 * name or what the code binds it to: `gh = Octokit::Client.new`, `with zipfile.ZipFile(p) as z`,
 * `boto3.client("s3")`, a host of another service), or the call names a bucket or key
 * (`get_object(Bucket=…, Key=…)`). An unknown wrapper of the code (`fd.tickets_for("helpdesk/tickets.json")`,
 * imported from a package outside the repo) is no such call: its path is a request's.
 */
function argumentOfOtherService(d: Dialect, top: SyntaxNode, text: string, helpers: Map<string, Helper>, projectFunctions: Set<string>): boolean {
  let p: SyntaxNode | null = top.parent;
  for (let k = 0; p && k < 4; k++, p = p.parent) {
    const c = d.call(p);
    if (!c || c.node.startIndex === top.startIndex) continue;
    const inside = (a: SyntaxNode) => a.startIndex <= top.startIndex && a.endIndex >= top.endIndex;
    if (!c.args.some(inside) && ![...c.kwargs.values()].some(inside)) return false;
    if (helpers.has(c.name) || projectFunctions.has(c.name) || isJoinCall(d, c.node) || d.format(c.node)) return false;
    // (whatever the call is named: S3's `get_object` is no HTTP `get`)
    if ([...c.kwargs.keys()].some((key) => STORAGE_KEYWORDS.test(key))) return true;
    if (!c.receiver) return false;
    if (OTHER_CLIENT.test(c.receiver) || otherServiceNamedIn(c.receiver)) return true;
    const root = /^(?:self\.|this\.|\$this->|@|\$)?[A-Za-z_]\w*/.exec(c.receiver)?.[0];
    if (!root) return false;
    const bound = bindingsOf(root, text);
    return !!bound && (OTHER_CLIENT.test(bound) || !!otherServiceNamedIn(bound));
  }
  return false;
}

/** The last assignment `$name = …;` in `before` (its right-hand side up to the `;`), or null. */
function lastAssignment(name: string, before: string): string | null {
  const re = new RegExp(`\\${name}\\s*=(?!=|>)\\s*([\\s\\S]*?);`, 'g');
  let got: string | null = null;
  for (let m = re.exec(before); m; m = re.exec(before)) got = m[1]!;
  return got;
}

/**
 * The method of a PHP stream context (`$ctx` or `stream_context_create(…)` as written): its options
 * inline, in a variable (`$opts = ['http' => ['method' => 'PUT']]`) or set key by key
 * (`$o['http']['method'] = 'PUT'`); `'method' => $verb` reads `$verb = 'DELETE'`. GET when no
 * method is set; null when the method is there but not known here (a parameter).
 */
function streamContextMethod(arg: string, before: string): HttpMethod | null {
  let made = arg;
  if (/^\$\w+$/.test(arg)) made = lastAssignment(arg, before) ?? '';
  const call = /stream_context_create\s*\(\s*([\s\S]*)\)\s*$/.exec(made.trim());
  if (!call) return 'GET';
  let opts = call[1]!.trim();
  let keyed: string | null = null;
  if (/^\$\w+$/.test(opts)) {
    const name = opts;
    // set key by key: `$o['http']['method'] = 'PUT';`
    const keyRe = new RegExp(`\\${name}\\s*\\[\\s*['"]https?['"]\\s*\\]\\s*\\[\\s*['"]method['"]\\s*\\]\\s*=\\s*([^;]+);`, 'gi');
    for (let m = keyRe.exec(before); m; m = keyRe.exec(before)) keyed = m[1]!.trim();
    opts = lastAssignment(name, before) ?? '';
  }
  const value = keyed ?? /['"]method['"]\s*=>\s*([^,\])]+)/i.exec(opts)?.[1]?.trim();
  if (!value) return 'GET';
  const lit = /^['"](\w+)['"]$/.exec(value);
  if (lit) return normaliseMethod(lit[1]);
  if (/^\$\w+$/.test(value)) {
    const v = lastAssignment(value, before)?.trim();
    const vl = v ? /^['"](\w+)['"]$/.exec(v) : null;
    if (vl) return normaliseMethod(vl[1]);
  }
  return null;
}

/** Method by the enclosing function's name (`update_ticket` → PUT), the convention of wrapper code. */
function methodOfConvention(fnName: string | undefined): HttpMethod | null {
  if (!fnName) return null;
  if (/^(get|list|fetch|find|show|view|all|search|read|load)/i.test(fnName)) return 'GET';
  if (/^(create|add|post|new|make)/i.test(fnName)) return 'POST';
  if (/^(update|put|set|edit|modify|assign|change)/i.test(fnName)) return 'PUT';
  if (/^(delete|remove|destroy)/i.test(fnName)) return 'DELETE';
  return null;
}

function statementOf(n: SyntaxNode): SyntaxNode {
  let s = n;
  // (Ruby's `if`/`unless`/`when`/`begin` bodies are `then`, `else`, `begin`, `ensure` nodes)
  while (s.parent && !/statement|block|body|program|module|source_file|compilation_unit|declaration_list|class_body|do_block|^(method|then|else|begin|ensure)$/.test(s.parent.type)) s = s.parent;
  return s;
}

function newProject(): Project {
  return { helpers: new Map(), consts: new Map(), scoped: new Map(), owned: new Map(), files: new Map(), functions: new Set(), others: new Map(), rootWrappers: new Set() };
}

function indexProjectFile(p: Project, lang: Language, d: Dialect, abs: string, text: string): void {
  const tree = parse(lang, abs, text);
  if (!tree) return;
  const index = indexTree(d, tree.rootNode);
  p.files.set(abs, { file: abs, text, tree, index, ctx: newContext(d, abs, index, null), lines: { lineStarts: lineStartsOf(text) } });
}

function getProject(root: string, lang: Language, d: Dialect, cat: Catalogue): Project {
  const key = `${lang}\0${root}`;
  let p = projects.get(key);
  if (p && !p.open) return p;
  if (p) {
    // a file audited before the index has every file would miss helpers defined later in the walk
    if (!sealed.has(root)) throw new Error(`the helper index of ${root} is still being built (sealProjects comes first)`);
    // files handed in by the scan, in the order they came: put back in walk order, which decides
    // between two definitions of one name as when the index reads the tree itself
    p.open = false;
    const order = new Map(projectFiles(root).map((f, i) => [f, i]));
    p.files = new Map([...p.files].sort((a, b) => (order.get(a[0]) ?? Infinity) - (order.get(b[0]) ?? Infinity)));
    return finishProject(p, d, cat);
  }
  p = newProject();
  projects.set(key, p);
  if (projects.size > 40) projects.delete(projects.keys().next().value!);
  if (sealed.has(root)) return finishProject(p, d, cat);
  const files = projectFiles(root).filter((f) => EXTS[lang]!.test(f));
  for (const abs of files) {
    let text: string;
    try {
      text = readFileSync(abs, 'utf8');
      if (text.length > MAX_INDEX_TEXT) continue;
    } catch {
      continue;
    }
    if (!INDEX_WORDS.test(text)) {
      if (isMainThread) p.others.set(abs, text);
      continue;
    }
    indexProjectFile(p, lang, d, abs, text);
  }
  return finishProject(p, d, cat);
}

/** Constants, function names and helpers of the project, once its files are indexed. */
function finishProject(p: Project, d: Dialect, cat: Catalogue): Project {
  for (const pf of p.files.values()) {
    pf.ctx.projectConst = (name, scope) => projectConstant(p, pf.file, name, scope);
    // (Go: every package-level name of the package; elsewhere members of a named type)
    const goPackage = d === DIALECTS.go ? /^\s*package\s+(\w+)/m.exec(pf.text)?.[1] : undefined;
    for (const [name, defs] of pf.ctx.defs.byName) {
      for (const def of defs) {
        if (def.scope !== -1 || !def.member) continue;
        const keys = goPackage ? [`${dirname(pf.file)}\0${name}`, ...(/^[A-Z]/.test(name) ? [`go:${goPackage}\0${name}`] : [])] : [ownerType(def.value)].filter((o): o is string => !!o).map((o) => `${o}.${name}`);
        for (const k of keys) if (!p.scoped.has(k)) p.scoped.set(k, { pf, value: def.value });
        if (!goPackage) for (const k of keys) {
          const list = p.owned.get(k) ?? [];
          if (!list.some((x) => x.value === def.value)) list.push({ pkg: packageOf(pf.text), pf, value: def.value });
          p.owned.set(k, list);
        }
      }
    }
    for (const x of pf.index.fns) {
      const f = fnOf(d, x.node);
      if (f) p.functions.add(f.name);
    }
    for (const [name, defs] of pf.ctx.defs.byName) if (defs.some((x) => x.scope === -1 && /^[A-Z][A-Z0-9_]*$/.test(name)) && !p.consts.has(name)) p.consts.set(name, pf);
  }
  if (d === DIALECTS.ruby) {
    p.resources = emptyResources();
    for (const pf of p.files.values()) collectResources(d, pf.tree.rootNode, pf.index, pf.ctx, pf.text, p.resources);
    finishResources(p.resources);
  }
  for (const pf of p.files.values()) {
    summariseHelpers(pf, p.helpers, cat, p.functions);
    pf.own = [...p.helpers.values()].filter((h) => h.file === pf.file);
  }
  for (const pf of p.files.values()) collectRootWrappers(pf, d, p.rootWrappers);
  return p;
}

/**
 * Who a request wrapper is, for `rootWrappers`: a wrapper made where it is called (`new
 * ConnectionsFreshDesk().put(…)`), or held in a name the file makes or declares of a class
 * (`DeskHttp http = new DeskHttp()`), is that class, in every file; any other receiver (`conn`,
 * `self.client`) is that name in its own file only, where it is likely the same object.
 */
function wrapperKey(c: CallView, pf: ParsedFile): string | null {
  const made = /^\(?\s*new\s+([\w.$\\]+)\s*\(/.exec(c.receiver);
  if (made) return `new ${made[1]}`;
  if (WEAK_RECEIVER.test(c.receiver) || !/^[\w.$:>-]{1,60}$/.test(c.receiver)) return null;
  const name = /(?:^|[.>:])([A-Za-z_]\w*)$/.exec(c.receiver)?.[1];
  if (name) {
    const held = new RegExp(`\\b${name}\\s*=\\s*new\\s+([A-Z][\\w.]*)\\s*\\(|\\b([A-Z]\\w*)\\s+\\$?${name}\\s*[=;]`).exec(pf.text);
    const cls = held?.[1] ?? held?.[2];
    if (cls && !/^(String|Object|var|val|let|const)$/.test(cls)) return `new ${cls}`;
  }
  return `${pf.file}\0${c.receiver}`;
}

/**
 * Request wrappers the project sends a `/helpdesk/` path through: their base is the account's
 * root, not `/api/v2` (v2 has no path under `/helpdesk/`), so a suffix-less resource path sent
 * through the same wrapper (`.post(json, "/contacts")`) is a v1 call too. Without this evidence such
 * a path stays quiet, since a v2 client's paths look the same under a base the code does not show.
 */
function collectRootWrappers(pf: ParsedFile, d: Dialect, into: Set<string>): void {
  pf.index.calls.forEach((_, i) => {
    const c = callView(d, pf.index, i);
    if (!c || !METHOD_WORD.test(c.name) || c.args.length < 1 || c.args.length > 8) return;
    if (!c.args.some((a) => evaluate(a, pf.ctx).some((v) => !v[0]?.dynamic && /^\/helpdesk\//.test(valueText(v))))) return;
    const key = wrapperKey(c, pf);
    if (key) into.add(key);
  });
}

/**
 * A helper's URL whose scheme (and so its base) the code writes out (`https://books.example.com/api/v2/{id}/contacts.json`)
 * and which matches no v1 endpoint as a whole: what the caller's path means is settled by that base.
 */
function explicitForeignBase(cat: Catalogue, v: Value): boolean {
  const text = valueText(collapseSlashes(v));
  if (!/^(?:https?:)?\/\/[^/{}]*[a-z]/i.test(text) && !/^https?:\/\/\{[^}]*\}[^/]*\//i.test(text)) return false;
  const rest = text.replace(/^(?:https?:)?\/\/[^/]*/i, '');
  // the base is more than a host: a path prefix of its own (`/api/v2/`, `/v3/`) ahead of the caller's part
  return /^\/[^{?]+\//.test(rest) && !matchUrl(cat, queryEncoded(text));
}

/** Code for Redmine's helpdesk plugin (see findSites): it names Redmine or the plugin's project-scoped paths, and not the helpdesk. */
/**
 * The file is another service's client (Zendesk, Shopify, GitHub): it names the helpdesk nowhere,
 * and its package or namespace is named after that service (`package zendesk`, `namespace
 * Acme.Shopify`), or it or another file of its folder (a Go package) names that service's host.
 * Its host-less paths (`/groups.json`, `/ticket_fields.json`) are that service's, as the JavaScript
 * audit reads a request to such a host.
 */
function otherServiceClient(file: string, text: string, namespace: string | undefined): boolean {
  const helpdesk = /fresh_?desk|fresh_?service|freshworks/i;
  if (helpdesk.test(text)) return false;
  // (`desk` names the helpdesk's own code as often as desk.com)
  const named = (namespace ?? '').split(/[.\\/]/).some((seg) => /^[a-z]{4,}$/i.test(seg) && !/^(desk|force|web|basecamp)$/i.test(seg) && isOtherService(`${seg.toLowerCase()}.com`));
  if (named || otherServiceNamedIn(text)) return true;
  if (!/\.go$/.test(file)) return false;
  let siblings: string[];
  try {
    siblings = readdirSync(join(file, '..')).filter((f) => f.endsWith('.go') && !f.endsWith('_test.go') && join(file, '..', f) !== file).slice(0, 40);
  } catch {
    return false;
  }
  const pkg = /^package\s+(\w+)/m.exec(text)?.[1];
  let other = false;
  for (const f of siblings) {
    let t: string;
    try {
      t = readFileSync(join(file, '..', f), 'utf8');
    } catch {
      continue;
    }
    if (pkg && /^package\s+(\w+)/m.exec(t)?.[1] !== pkg) continue;
    if (helpdesk.test(t)) return false;
    other ||= !!otherServiceNamedIn(t);
  }
  return other;
}

function otherHelpdeskProduct(text: string): boolean {
  return !/freshdesk/i.test(text) && (/redmine/i.test(text) || /['"`]\/?projects\/[^'"`\s]*\/helpdesk\/[a-z_]+(?:\/|\.json|\.xml)/i.test(text));
}

/** The match of a suffix-less path sent where the format is chosen apart (an Accept header, a base at the account's root). */
function matchWithFormat(cat: Catalogue, pattern: string, format: 'json' | 'xml'): UrlMatch | null {
  const q = pattern.indexOf('?');
  const suffixed = q < 0 ? `${pattern}.${format}` : `${pattern.slice(0, q)}.${format}${pattern.slice(q)}`;
  const um = matchUrl(cat, suffixed);
  return um && { ...um, target: um.target.replace(`.${format}`, '') };
}

export interface SyntaxInput {
  cat: Catalogue;
  text: string;
  language: Language;
  /** Absolute path of the file. */
  abs: string;
  /** The audited root (for helpers and constants of the project). */
  root: string;
}

/** Audits one file by syntax tree; null when its grammar is not loaded (call `prepareLanguage` first). */
export function analyzeSyntax(input: SyntaxInput): SyntaxResult | null {
  const lang = syntaxLanguage(input.language, input.abs);
  if (!lang) return null;
  const d = DIALECTS[lang];
  if (!d || !parserFor(lang)) return null;
  const { cat, text, abs } = input;
  const project = getProject(input.root, lang, d, cat);
  const rel = relative(input.root, abs);
  // a file the project index parsed already: its tree, definitions and helpers serve again
  const known = project.files.get(abs);
  if (known && known.text === text && errorShare(known.tree, text.length) <= 0.15) {
    const own = new Map(project.helpers);
    for (const h of known.own ?? []) own.set(h.name, h);
    const pf: ParsedFile = { ...known, ctx: { ...known.ctx, helpers: own } };
    const functions = new Set(project.functions);
    return { sites: findSites(pf, cat, lang, rel, functions, project.resources, project.rootWrappers) };
  }
  const tree = parse(lang, abs, text);
  if (!tree) return { sites: [], unparsed: `the ${lang} grammar failed on this file (${grammarCrashes.get(abs) ?? 'no tree'})` };
  const share = errorShare(tree, text.length);
  if (share > 0.15) {
    tree.delete();
    return { sites: [], unparsed: `${Math.round(share * 100)}% of the file is not ${lang} the grammar knows` };
  }
  const index = indexTree(d, tree.rootNode);
  const ctx = newContext(d, abs, index, project);
  const pf: ParsedFile = { file: abs, text, tree, index, ctx, lines: { lineStarts: lineStartsOf(text) } };
  // helpers of this file come first
  const own = new Map(project.helpers);
  summariseHelpers(pf, own, cat, project.functions);
  ctx.helpers = own;
  const functions = new Set(project.functions);
  for (const x of index.fns) {
    const f = fnOf(d, x.node);
    if (f) functions.add(f.name);
  }
  const sites = findSites(pf, cat, lang, rel, functions, project.resources, project.rootWrappers);
  tree.delete();
  return { sites };
}

function spanOf(pf: ParsedFile, n: SyntaxNode): Span {
  return spanIn(pf.lines, n.startIndex, n.endIndex);
}

function findSites(pf: ParsedFile, cat: Catalogue, lang: Language, rel: string, projectFunctions: Set<string>, resources?: RubyResources, rootWrappers?: Set<string>): Site[] {
  const { ctx, text } = pf;
  const d = ctx.d;
  if (resources?.byOwner.size) ctx.resourceHole = (n, name, receiver) => isResourceRead(resources, n, name, receiver);
  const sites: Site[] = [];
  const consumed = new Set<number>();
  const comments = pf.index.comments;
  const reported = new Set<string>();
  const loops: Array<{ node: SyntaxNode; names: string[]; collection: SyntaxNode }> = [];
  for (const n of pf.index.loops) {
    const lb = d.loopBinding?.(n);
    if (lb) loops.push({ node: n, ...lb });
  }
  const fnNodes = new Map(pf.index.fns.map((x) => [x.node.startIndex, x.node]));

  /** Loop variables of a table the node sits in: `PATHS.each do |name, path|`, `for p in PATHS`. */
  const boundAt = (n: SyntaxNode): Map<string, Value[]> | undefined => {
    const loop = loops.filter((l) => n.startIndex >= l.node.startIndex && n.endIndex <= l.node.endIndex).at(-1);
    if (!loop) return undefined;
    const m = new Map<string, Value[]>();
    // `for url, label in CHECKS` over a list of tuples: each name takes its place in every tuple
    const rows = loop.names.length > 1 ? listItems(loop.collection, ctx) : null;
    if (rows?.length && rows.every((r) => /^(tuple|list|array)$/.test(r.type))) {
      loop.names.forEach((name, i) => {
        const vals = rows.flatMap((r) => {
          const cell = r.namedChildren.filter((c) => !/comment/.test(c.type))[i];
          return cell ? evaluate(cell, ctx) : [];
        });
        if (vals.length) m.set(name.replace(/^[|$]/, ''), vals.slice(0, 24));
      });
      return m.size ? m : undefined;
    }
    const entries = tableEntries(loop.collection, ctx);
    if (!entries.length) return undefined;
    loop.names.forEach((name, i) => {
      const vals = entries.map((e) => (loop.names.length === 1 ? e.value : (i === 0 ? e.key : e.value))).filter((v): v is Value[] => !!v).flat();
      if (vals.length) m.set(name.replace(/^[|$]/, ''), vals.slice(0, 24));
    });
    return m;
  };

  // the file's namespace or package (`namespace Doozycode\Freshservice\Endpoints;`, `package com.acme.freshservice;`):
  // an SDK of the other product may be named there only
  const namespace = /^[ \t]*(?:namespace|package)[ \t]+([\w.\\]+)/m.exec(text)?.[1];
  const commentNamed = commentNamesOtherProduct(text);
  /** The call's own text, its class, its file, its namespace or its comments name the other product (and not the helpdesk). */
  const otherProductNamed = (n: SyntaxNode): boolean => {
    if (commentNamed || namesOtherProduct(n.text) || namesOtherProduct(basename(pf.file)) || (!!namespace && namesOtherProduct(namespace))) return true;
    for (let p = n.parent; p; p = p.parent) {
      if (!/class|module|object_declaration|struct|impl/.test(p.type)) continue;
      const name = p.childForFieldName('name')?.text;
      if (name && namesOtherProduct(name)) return true;
    }
    return false;
  };
  const testFile = TEST_FILE.test(rel.replace(/\\/g, '/'));
  const addCall = (c: CallView, argNode: SyntaxNode, values: Value[], method: HttpMethod | null, client: string, fnNode: SyntaxNode | null, atRoot = false) => {
    // tests call through stubs and mocks: recorded test data, not the integration
    if (testFile) return;
    for (const raw of fillResourcePaths(resources, c.node, values)) {
      const v = collapseSlashes(withPlaceholderBase(raw));
      // spaces in a query string are sent encoded (`?query=email is {email}`)
      const pattern = queryEncoded(valueText(v));
      // a suffix-less path through a wrapper whose base is the account's root (see collectRootWrappers)
      let um = matchUrl(cat, pattern) ?? (atRoot ? matchWithFormat(cat, pattern, 'json') : null);
      // no suffix, but the code asks for the format in a query parameter it adds apart
      // (`->setUrlSuffix('helpdesk/tickets/%d')->addUrlQueryParams('format', 'json')`): v1's other way
      if (um && !um.format) {
        const format = FORMAT_PARAM.exec(fnNode ? text.slice(fnNode.startIndex, fnNode.endIndex) : statementOf(c.node).text)?.[1]?.toLowerCase();
        if (format) um = { ...um, format: format as 'json' | 'xml' };
        // a resource path under a client that asks for JSON in its Accept header (see ruby-resources.ts)
        else if (v.some((p) => p.format)) um = { ...um, format: v.find((p) => p.format)!.format! };
      }
      // no format suffix under a base not shown: the app's own route (see isOwnRoute)
      if (!um || isOwnRoute(um)) continue;
      const choice = chooseRule(cat, um, method);
      const span = spanOf(pf, argNode);
      const key = `${span.start}\0${choice.rule.id}`;
      if (reported.has(key)) continue;
      reported.add(key);
      for (const p of v) if (p.node && p.file === pf.file) consumed.add(p.node.startIndex);
      const parts = v
        .filter((p) => p.node && !p.dynamic)
        .map((p) => ({ text: p.text, dynamic: false, node: 'literal' as const, span: p.file === pf.file ? spanOf(pf, p.node!) : spanIn({ lineStarts: lineStartsOf(p.node!.tree.rootNode.text) }, p.node!.startIndex, p.node!.endIndex), file: p.file! }));
      // a host the code does not show, on a request the code names for the other product (its
      // class or file, `class FreshService`, `freshservice.py`): that product's account, as in JavaScript
      const host = (!um.origin || um.origin.startsWith('{')) && otherProductNamed(c.node) ? '{freshservice}' : undefined;
      sites.push({
        kind: 'call',
        span,
        file: pf.file,
        ...(host ? { host } : {}),
        rule: choice.rule.id,
        rules: choice.rules,
        // (a method no v1 rule has on the path: kept, and said so)
        method: method ?? null,
        methodSource: method ? 'argument' : null,
        noSuchOperation: (method && choice.methodMismatch) || undefined,
        url: urlInfo(um, { pattern, span, parts }, choice.rule),
        message: `${client} ${method ?? ''} ${um.target}`.replace(/\s+/g, ' ').trim(),
        fidelity: choice.rule.fidelity,
        call: { span: spanOf(pf, c.node), statement: spanOf(pf, statementOf(c.node)), callee: client, calleeSpan: spanOf(pf, c.node), client: 'generic', args: [] },
      });
    }
  };

  /** Marks the string literals of a node as used (a route's path: not a URL of its own). */
  const consumeStrings = (a: SyntaxNode) => {
    for (const x of pf.index.strings) if (x.node.startIndex >= a.startIndex && x.node.endIndex <= a.endIndex) consumed.add(x.node.startIndex);
  };
  const fnNames = new Map<number, string | undefined>();
  const nameOfFn = (fnNode: SyntaxNode | null) => {
    if (!fnNode) return undefined;
    if (!fnNames.has(fnNode.startIndex)) fnNames.set(fnNode.startIndex, fnOf(d, fnNode)?.name);
    return fnNames.get(fnNode.startIndex);
  };
  /** The requests of a command line the code runs, each at the literal that writes its path. */
  const commandSites = (c: CallView, reqs: CommandRequest[], fn: number): boolean => {
    const fnNode = fn >= 0 ? (fnNodes.get(fn) ?? null) : null;
    const before = sites.length;
    for (const r of reqs) {
      const own = [...r.url].reverse().filter((p) => p.node && p.file === pf.file);
      const anchor = (own.find((p) => /\.(json|xml)\b/.test(p.text)) ?? own[0])?.node ?? c.node;
      addCall(c, anchor, [r.url], r.method, `${c.name} ${r.client}`.trim(), fnNode);
    }
    return sites.length > before;
  };
  // PHP's and Ruby's backticks (`` `curl -s $base/contacts.json` ``, `%x(…)`): a command line run
  if (!testFile && (lang === 'php' || lang === 'ruby') && /`|%x/.test(text)) {
    for (const n of pf.tree.rootNode.descendantsOfType(['shell_command_expression', 'subshell'])) {
      if (comments.some(([a, b]) => n.startIndex >= a && n.startIndex < b)) continue;
      const fn = enclosingFunction(d, n);
      commandSites({ node: n, name: '`', receiver: '', args: [], kwargs: new Map(), isNew: false }, commandRequests({ line: n }, ctx), fn ? fn.startIndex : -1);
    }
  }
  for (let i = 0; i < pf.index.calls.length; i++) {
    const x = pf.index.calls[i]!;
    const c = callView(d, pf.index, i);
    if (!c) continue;
    // a server route (`Route::get('/x', …)`, `r.GET("/x", h)`) or a decorator (`@router.get("/x")`):
    // the app's own path, not a request; its strings are the route's (see routes.ts)
    if (inDecorator(c.node)) continue;
    if (isServerRoute(c, d, lang, text)) {
      // (not the handler's body: `Route::get('/x', function () { curlWrap(…, $url, …) })` makes requests of its own)
      for (const a of c.args) if (!isHandlerBody(a)) consumeStrings(a);
      continue;
    }
    // a command line the code runs (`exec("curl … -X POST $base/helpdesk/tickets.xml")`,
    // `subprocess.run(["curl", "-X", "PUT", url])`): the request of its curl (commands.ts)
    const command = testFile ? null : commandOf(c, d, ctx);
    if (command && commandSites(c, commandRequests(command, boundAt(x.node) ? { ...ctx, bound: boundAt(x.node) } : ctx), x.fn)) continue;
    const helper = ctx.helpers.get(c.name);
    // `->setUrlSuffix($path)` on an object whose request is sent elsewhere (a singleton, a chain
    // ending in `->request($method)`): the path is the call's, even when the project defines the setter
    const setter = URL_SETTER.test(c.name) && c.args.length === 1;
    // Ruby: a method of the v1 `freshdesk` gem on a client it made (`freshdesk.post_tickets(…)`)
    const gem = lang === 'ruby' ? gemRequest(resources, c, text) : null;
    if (gem) {
      addCall(c, c.node, [gem.url], gem.method, `Freshdesk#${c.name}`, x.fn >= 0 ? (fnNodes.get(x.fn) ?? null) : null);
      continue;
    }
    // a URL builder of the project is not a client call; a method of the same name on the result of
    // a call (OkHttp's `Request.Builder().url(url("helpdesk/…"))`) is the client's, not the builder
    const builder = !!helper?.returns && !/\)\s*$/.test(c.receiver);
    const client = setter || (isClientCall(c, d) && !(WEAK_RECEIVER.test(c.receiver) && projectFunctions.has(c.name)) && !builder);
    if (!helper?.request && !client) continue;
    const n = x.node;
    const bound = boundAt(n);
    const cctx: EvalContext = bound ? { ...ctx, bound } : ctx;
    const fnNode = x.fn >= 0 ? (fnNodes.get(x.fn) ?? null) : null;
    const fnName = nameOfFn(fnNode);
    if (helper?.request && c.receiver !== 'requests') {
      const urls = instantiate(helper.request.url, helper.params, c.args, cctx, 0, undefined, c.kwargs);
      let method = helper.request.method;
      if (helper.request.methodParam) {
        const a = argumentFor(helper.params, helper.request.methodParam, c.args, c.kwargs);
        // a literal (`'PUT'`, `:put`) or a constant of it (`self::VERB_PUT`, `HttpMethod.Put`)
        method = normaliseMethod(a?.text.replace(/^[:'"]|['"]$/g, '')) ?? (a ? methodConstant(a, cctx) : (helper.request.methodDefault ?? null)) ?? method;
      }
      if (helper.request.bodyParam) method = methodWithBody(method, argumentFor(helper.params, helper.request.bodyParam, c.args, c.kwargs));
      method ??= (fnNode ? methodInScope(codeText(pf).slice(fnNode.startIndex, fnNode.endIndex)) : undefined) ?? methodOfConvention(fnName);
      const i = helper.params.findIndex((p) => helper.request!.url.some((v) => v.some((x) => x.param === p)));
      // a setter of the path called as its getter (`self.class.resource_path`): no request of its own
      const urlArg = i >= 0 ? argumentFor(helper.params, helper.params[i]!, c.args, c.kwargs) : undefined;
      if (i >= 0 && !urlArg && helper.params.length === 1 && URL_GETTER_NAME.test(c.name)) continue;
      const before = sites.length;
      addCall(c, urlArg ?? c.args[0] ?? c.node, urls, method, helper.name, fnNode);
      // the helper sends the path under a base it writes out (`'https://books.example.com/api/v2/' . $path`)
      // and the whole URL is no v1 endpoint: another product's (or v2's) path, not a v1 URL of its own
      if (sites.length === before) for (const v of urls) if (explicitForeignBase(cat, v)) for (const p of v) if (p.node && p.file === pf.file) consumed.add(p.node.startIndex);
      // a setter of that name elsewhere (another class's) builds no v1 URL from this path, and a
      // library's method of the same name (`RestClient.post(url)` where the project has its own
      // `post(path)` wrapper) sends the URL it is given: read the argument itself
      if (sites.length > before || (!setter && !client)) continue;
    }
    if (!client) continue;
    // curl's and wget's local files (`-o "$OUT/contacts.json"`, `-d @data/tickets.json`) are no URLs:
    // the URL strings pass must not report them either
    if (d === DIALECTS.shell) for (const f of shellLocalFiles(c)) for (const sn of pf.index.strings) if (sn.node.startIndex >= f.startIndex && sn.node.endIndex <= f.endIndex) consumed.add(sn.node.startIndex);
    // Flurl sends the URL chain it hangs on, with the verb of its name (url-chains.ts)
    const flurl = d === DIALECTS.csharp ? flurlSend(c, isFlurlChain(c.receiver)) : null;
    const method = flurl ?? methodOfCall(c, d, codeText(pf), fnNode, cctx) ?? methodOfConvention(fnName);
    const callee = `${c.receiver ? `${c.receiver}.` : ''}${c.name}`.slice(0, 60);
    // a wrapper of the repo's own (`conn.put(json, id, path)`): its path and what it appends
    // (the wrapper's key reads the file's text: only asked when the project has such wrappers)
    const key = rootWrappers?.size && METHOD_WORD.test(c.name) ? wrapperKey(c, pf) : null;
    const atRoot = !!key && !!rootWrappers?.has(key);
    // a dispatch table: the method and the path are cells of the same entry (method-rows.ts), one site per entry
    const rows = setter || flurl || d === DIALECTS.shell ? null : methodRows(c, cctx);
    if (rows) {
      for (const row of rows) {
        const rctx: EvalContext = { ...cctx, bound: new Map([...(cctx.bound ?? []), ...row.bound]) };
        for (const arg of urlArguments(c, d)) addCall(c, row.node, withClientBase(c, evaluate(arg, rctx), rctx), row.method ?? method, callee, fnNode);
      }
      continue;
    }
    const wrapped = setter ? null : wrapperPath(c, cctx, cat, text, atRoot);
    if (wrapped) {
      addCall(c, wrapped.arg, wrapped.values, method, callee, fnNode, atRoot);
      continue;
    }
    for (const arg of setter ? c.args : flurl ? [receiverNode(c.node) ?? c.node] : urlArguments(c, d)) {
      const before = sites.length;
      const values = withClientBase(c, evaluate(arg, cctx), cctx);
      addCall(c, arg, values, method, callee, fnNode);
      // a path sent under another API's base (`base_uri 'https://acme.myshopify.com/admin/api/…'`):
      // not a v1 URL, neither here nor as a bare string
      if (sites.length === before && values.some((v) => explicitForeignBase(cat, v))) consumeStrings(arg);
    }
  }

  // URL strings no call used: evaluated from the outermost expression that builds them (not in
  // tests: there they are recorded test data, mock registrations and expected values)
  const done = new Set<number>();
  // where the words that make an expression URL-ish occur: the expression a string builds stays
  // inside the string's function, so a string in a function without one of them is passed over
  // without reading its surroundings from the tree
  const wordAt = [...text.matchAll(new RegExp(URL_WORDS.source, 'g'))].map((m) => m.index!);
  const wordWithin = (from: number, to: number) => {
    let lo = 0;
    let hi = wordAt.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (wordAt[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < wordAt.length && wordAt[lo]! < to;
  };
  /**
   * Where a URL put in a local variable is handed on (`$url = sprintf(…)` … `restCall($url,
   * self::METHOD_PUT)`): the variable as an argument of the calls of the same function, up to its
   * next assignment (a value overwritten is not the one those calls get).
   */
  const variableUses = (top: SyntaxNode, fn: number): SyntaxNode[] => {
    // the value assigned: the string, or what builds the URL of it (`sprintf('/helpdesk/tickets/%d.json', $id)`)
    let value = top;
    for (let i = 0; i < 4 && value.parent; i++) {
      const p = value.parent;
      if (!(d.transparent.has(p.type) || /^(arguments|argument_list|value_argument|value_arguments)$/.test(p.type) || d.format(p) || d.concat(p) || d.call(p)?.args.some((a) => a.startIndex <= top.startIndex && top.endIndex <= a.endIndex))) break;
      value = p;
    }
    let def: { name: string; node: SyntaxNode } | null = null;
    for (const v of value === top ? [top] : [value, top]) {
      for (let p = v.parent, i = 0; p && i < 3 && !def; p = p.parent, i++) {
        if (!d.kinds.def.has(p.type)) continue;
        const hit = d.defs(p).find((x) => !x.member && x.value.startIndex === v.startIndex && x.value.endIndex === v.endIndex);
        if (hit) def = { name: hit.name, node: p };
      }
      if (def) break;
    }
    if (!def) return [];
    const from = def.node.endIndex;
    const until = Math.min(...(ctx.defs.byName.get(def.name) ?? []).filter((x) => x.scope === fn && x.at >= from).map((x) => x.at), Infinity);
    const out: SyntaxNode[] = [];
    pf.index.calls.forEach((x, i) => {
      if (x.fn !== fn || x.node.startIndex < from || x.node.startIndex > until || out.length > 8) return;
      for (const a of callView(d, pf.index, i)?.args ?? []) {
        let u = a;
        while (d.transparent.has(u.type) && u.namedChildCount === 1) u = u.namedChild(0)!;
        const ref = d.nameOf(u);
        if (ref && !ref.member && ref.name === def!.name) out.push(u);
      }
    });
    return out;
  };
  /**
   * The string is a variable's or constant's value (`const val CACHE = "helpdesk/tickets.json"`) whose
   * every use in the file is a file's path or printed (`File(CACHE)`, `println("mock for $OLD")`): no URL.
   */
  const onlyFileOrPrintUses = (top: SyntaxNode): boolean => {
    let def: { name: string; node: SyntaxNode } | null = null;
    for (let p = top.parent, i = 0; p && i < 3 && !def; p = p.parent, i++) {
      if (!d.kinds.def.has(p.type)) continue;
      // (a field or constant too: `const val CACHE`, `static final String OLD`, used as `X.OLD` or `this.OLD`)
      const hit = d.defs(p).find((x) => x.value.startIndex === top.startIndex && x.value.endIndex === top.endIndex);
      if (hit) def = { name: hit.name, node: p };
    }
    if (!def || !/^\w+$/.test(def.name)) return false;
    const re = new RegExp(`(?<!\\w)${def.name}\\b`, 'g');
    let uses = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m.index >= def.node.startIndex && m.index < def.node.endIndex) continue;
      if (comments.some(([a, b]) => m!.index >= a && m!.index < b)) continue;
      const at = pf.tree.rootNode.descendantForIndex(m.index, m.index + def.name.length);
      if (!at || !fileStoreArgument(d, at)) return false;
      uses++;
    }
    return uses > 0;
  };
  /**
   * A declarative client's request (Retrofit `@POST("helpdesk/tickets.json")`, Refit `[Put("/contacts/{id}.json")]`,
   * Feign `@RequestLine("POST /…")`): a call with the annotation's method. Its paths are relative to the
   * base the client is built with, which is the account's root: read from the root.
   */
  // the bases the file builds its declarative clients with (`Retrofit.Builder().baseUrl("…")`,
  // `RestService.For<ICrm>("…")`, uplink's `base_url=`, Feign's `url =`), written out
  const clientBases = [...text.matchAll(/(?:\bbaseUrl|RestService\.For<[^>]*>|\bbase_url\s*=|@FeignClient\s*\([^)]*?\burl\s*=)\s*\(?\s*[$@]?["']((?:https?:)?\/\/[^"'{$]+)["']/g)].map((m) => m[1]!);
  const foreignOnly = clientBases.length > 0 && clientBases.every((b) => !/freshdesk|helpdesk/i.test(b));
  const helpdeskBase = clientBases.find((b) => /freshdesk/i.test(b) && /^(?:https?:)?\/\/[^/]+\/[^?]+/.test(b));
  const annotationCall = (n: SyntaxNode, ann: SyntaxNode, method: HttpMethod | null, verbInText: boolean, prefix?: string) => {
    // (another API's client: every base the file gives its clients is another host)
    const values = evaluate(n, ctx);
    // a path held in a constant (`@POST(NOTE_PATH)`): the constant's string is the request's, not a URL of its own
    const useUp = () => {
      for (const v of values) for (const p of v) if (p.node && p.file === pf.file) consumed.add(p.node.startIndex);
    };
    if (foreignOnly) {
      consumed.add(n.startIndex);
      useUp();
      return;
    }
    for (const v0 of values) {
      const v = v0.map((p) => ({ ...p }));
      if (verbInText && v[0] && !v[0].dynamic) v[0].text = v[0].text.replace(/^\s*[A-Z]+\s+/, '');
      // under the path the client type declares for all its methods (`@RequestMapping("/helpdesk")`)
      if (prefix && v[0] && !v[0].dynamic && !/^[a-z]+:\/\//i.test(v[0].text)) v[0].text = `${prefix.replace(/\/$/, '')}/${v[0].text.replace(/^\//, '')}`;
      // a relative path under the helpdesk base the file builds the client with (`…/helpdesk/` + `tickets.json`)
      const relative = !!v[0] && !v[0].dynamic && !/^(\/|[a-z]+:\/\/)/i.test(v[0].text);
      if (relative && helpdeskBase) v[0].text = `${helpdeskBase.replace(/\/?$/, '/')}${v[0].text}`;
      else if (relative) v[0].text = `/${v[0].text}`;
      const pattern = valueText(collapseSlashes(v));
      let um = matchUrl(cat, queryEncoded(pattern));
      // no suffix, but the method sends the format as a query parameter with a default
      // (Kotlin `@Query("format") format: String = "json"`): Retrofit adds it to every request
      if (um && !um.format) {
        const format = queryDefaultFormat(ann);
        if (format) um = { ...um, format };
      }
      if (!um || !um.format || isOwnRoute(um)) continue;
      const choice = chooseRule(cat, um, method);
      const span = spanOf(pf, n);
      const key = `${span.start}\0${choice.rule.id}`;
      if (reported.has(key)) continue;
      reported.add(key);
      consumed.add(n.startIndex);
      useUp();
      const callee = `@${ann.text.replace(/\(.*$/s, '').replace(/^[@#\[]+/, '')}`.slice(0, 60);
      const m = method ?? null;
      sites.push({
        noSuchOperation: (m && choice.methodMismatch) || undefined,
        kind: 'call',
        span,
        file: pf.file,
        ...((!um.origin || um.origin.startsWith('{')) && otherProductNamed(n) ? { host: '{freshservice}' } : {}),
        rule: choice.rule.id,
        rules: choice.rules,
        method: m,
        methodSource: m ? 'argument' : null,
        url: urlInfo(um, { pattern, span, parts: [{ text: n.text, dynamic: false, node: 'literal', span, file: pf.file }] }, choice.rule),
        message: `${callee} ${m ?? ''} ${um.target}`.replace(/\s+/g, ' ').trim(),
        fidelity: choice.rule.fidelity,
        call: { span: spanOf(pf, ann), statement: spanOf(pf, ann), callee, calleeSpan: spanOf(pf, ann), client: 'generic', args: [] },
      });
    }
  };
  // a declarative client's path held in a constant (`@POST(NOTE_PATH)`, `@GET(FdApi.TICKETS)`,
  // Java's interface constant `@POST(NOTE)`, Refit's `[Get(Paths.Tickets)]`): evaluated where the
  // annotation is, before the strings pass would report the constant's string as a bare URL
  if (!testFile && (lang === 'java' || lang === 'kotlin' || lang === 'csharp')) {
    for (const arg of constantAnnotationArguments(pf.tree.rootNode, text)) {
      if (comments.some(([a, b]) => arg.startIndex >= a && arg.startIndex < b)) continue;
      const annotated = annotationOf(arg, lang, text);
      if (annotated?.kind === 'client') annotationCall(arg, annotated.node!, annotated.method, annotated.verbInText, annotated.prefix);
    }
  }
  // shell functions that hand their arguments to a client (`fd() { curl -sf -u "$KEY:X" "$@"; }`):
  // a call of one is that client's request with the caller's options, GET when they set no method
  const forwarders = new Map<string, { client: string; body: CallView }>();
  if (d === DIALECTS.shell) {
    pf.index.calls.forEach((_x, i) => {
      const c = callView(d, pf.index, i);
      if (!c || !isClientCall(c, d) || !c.args.some((a) => /^"?\$(?:@|\{@\}|\*)"?$/.test(a.text))) return;
      for (let p = c.node.parent; p; p = p.parent) {
        const f = d.fn(p);
        if (f) {
          forwarders.set(f.name, { client: SHELL_PREFIX.test(c.name) ? (c.args.find((a) => SHELL_CLIENT.test(a.text))?.text ?? c.name) : c.name, body: c });
          break;
        }
      }
    });
  }
  const shellForwarded = (top: SyntaxNode): { method: HttpMethod; call: CallView } | null => {
    if (!forwarders.size) return null;
    let p: SyntaxNode | null = top.parent;
    for (let k = 0; p && k < 3 && !d.call(p); k++) p = p.parent;
    const c = p ? d.call(p) : null;
    const fwd = c ? forwarders.get(c.name) : undefined;
    if (!c || !fwd) return null;
    const own = methodOfCall({ ...fwd.body, args: fwd.body.args.filter((a) => !/^"?\$(?:@|\{@\}|\*)"?$/.test(a.text)) }, d, text);
    const given = methodOfCall({ ...c, name: fwd.client }, d, text);
    const method = given && given !== 'GET' ? given : (own ?? given);
    return method ? { method, call: c } : null;
  };
  // handed to a call the audit does not know together with a body: the path's one body-taking operation (given-body.ts)
  const givenBody = (top: SyntaxNode, um: UrlMatch): { method: HttpMethod; call: CallView } | null => {
    const call = callGivenBody(d, top);
    const method = call ? methodOfGivenBody(um) : null;
    return call && method ? { method, call } : null;
  };
  for (const { node: n, fn } of testFile ? [] : pf.index.strings) {
    if (consumed.has(n.startIndex)) continue;
    const fnNode = fn >= 0 ? fnNodes.get(fn) : undefined;
    if (fnNode && !wordWithin(fn, fnNode.endIndex) && !/^(word|concatenation)$/.test(n.type)) continue;
    // in an annotation/attribute/decorator: a route the app serves (quiet) or a declarative client's request
    const annotated = lang === 'ruby' || lang === 'go' || lang === 'shell' ? null : annotationOf(n, lang, text);
    if (annotated) {
      if (annotated.kind === 'client' && !comments.some(([a, b]) => n.startIndex >= a && n.startIndex < b)) annotationCall(n, annotated.node!, annotated.method, annotated.verbInText, annotated.prefix);
      continue;
    }
    // a route the app serves, written as a path string (http4k's `"/x" bind Method.GET to h`)
    if (isRoutePath(n, lang, text)) continue;
    let top = n;
    let joined = false;
    for (;;) {
      for (let up = top.parent; up && (d.concat(up) || d.pathJoin?.(up) || d.format(up) || d.transparent.has(up.type)); up = up.parent) top = up;
      // an argument of a path join (`File.join(@base_url, "contacts.xml")`, through its argument list)
      const above = top.parent;
      const join = [above, above?.parent].find((p) => p && isJoinCall(d, p));
      if (!join) break;
      // a file system join (`File.join`, `os.path.join`) builds a URL only onto a URL: `File.join(dir,
      // 'contacts.json')` is a file; `File.join(@base_url, 'contacts.json')` an address
      const j = d.call(join)!;
      if (!/url|uri/i.test(j.name + j.receiver) && !/url|uri|host|domain|endpoint|site|base|api|account/i.test(j.args[0]?.text ?? '')) break;
      top = join;
      joined = true;
    }
    // the whole expression that builds the string (`"/contacts/" + id + ".json"`)
    const raw = text.slice(top.startIndex, top.endIndex);
    if (!URL_WORDS.test(raw) && !/^(word|concatenation)$/.test(n.type)) continue;
    // `tickets.json` alone is a file name; a URL has a path separator (a join puts one in)
    if (!raw.includes('/') && !joined) continue;
    // shell: a relative path outside an HTTP client (`cp fixtures/helpdesk/tickets.json build/`) is a
    // file; a URL has a scheme, a host (`acme.freshdesk.com/…`), a leading `/` or a variable first
    if (lang === 'shell' && /^['"]?[\w-]+\//.test(raw)) continue;
    if (done.has(top.startIndex)) continue;
    done.add(top.startIndex);
    if (comments.some(([a, b]) => n.startIndex >= a && n.startIndex < b)) continue;
    // the app sends the browser there (`redirect_to "/helpdesk/tickets/#{id}.json"`, `link_to`,
    // `url_for`, Django's/Flask's `redirect`, ASP.NET's `Redirect`): a page of the app, no request
    if (linkOrRedirect(d, top) || fileStoreArgument(d, top) || onlyFileOrPrintUses(top)) continue;
    // a relative name (`helpdesk/tickets.json`, no `/` first, no base before it) handed to another
    // product's client or to a library that makes no request (Octokit's `gh.contents(repo, path:
    // "helpdesk/tickets.json")`, a zip member, an S3 key): that call's own name of a file or key
    if (/^['"`]?[\w-]+\//.test(raw) && argumentOfOtherService(d, top, text, ctx.helpers, projectFunctions)) continue;
    for (const v of evaluate(top, ctx)) {
      // (a sample's placeholder base, as for a call's URL)
      const um = matchUrl(cat, valueText(collapseSlashes(withPlaceholderBase(v))));
      if (!um || !um.format) continue;
      // (a part another call used already: that call's URL; a host or base it shares with this one,
      // `FD="https://acme.freshdesk.com"` of a direct curl, is no reason to drop this one)
      if (v.some((p) => p.node && consumed.has(p.node.startIndex) && p.node.startIndex !== n.startIndex && /\.(json|xml)\b/i.test(p.text))) continue;
      // handed to a call beside a literal method (`DoRequest(UriForPath("/customers.json"), "POST", body)`):
      // a request whose helper the index could not follow, with its method
      const sibling = siblingMethod(d, top, ctx) ?? variableUses(top, fn).reduce<ReturnType<typeof siblingMethod>>((got, u) => got ?? siblingMethod(d, u, ctx), null) ?? shellForwarded(top) ?? givenBody(top, um);
      const choice = chooseRule(cat, um, sibling?.method ?? null);
      const method = sibling ? sibling.method : null;
      const span = spanOf(pf, n);
      const key = `${span.start}\0${choice.rule.id}`;
      if (reported.has(key)) continue;
      reported.add(key);
      const callee = sibling ? `${sibling.call.receiver ? `${sibling.call.receiver}.` : ''}${sibling.call.name}`.slice(0, 60) : '';
      sites.push({
        kind: method ? 'call' : 'url',
        span,
        file: pf.file,
        rule: choice.rule.id,
        rules: choice.rules,
        method,
        methodSource: method ? 'argument' : null,
        noSuchOperation: (method && choice.methodMismatch) || undefined,
        url: urlInfo(um, { pattern: valueText(v), span, parts: [{ text: n.text, dynamic: false, node: 'literal', span, file: pf.file }] }, choice.rule),
        message: method ? `${callee} ${method} ${um.target}` : `URL ${um.target}`,
        fidelity: choice.rule.fidelity,
        ...(method && sibling
          ? { call: { span: spanOf(pf, sibling.call.node), statement: spanOf(pf, statementOf(sibling.call.node)), callee, calleeSpan: spanOf(pf, sibling.call.node), client: 'generic' as const, args: [] } }
          : {}),
      });
    }
  }

  // another product's helpdesk: Redmine's helpdesk plugin has the same `/helpdesk/tickets/{id}.json`
  // paths (python-redmine's resource classes hold them as class attributes); a file that names
  // Redmine, or holds the plugin's project-scoped form (`/projects/{project_id}/helpdesk/…`, which
  // v1 never had), and never names the helpdesk product is that plugin's code: its `/helpdesk/` paths are the plugin's
  if (otherHelpdeskProduct(text)) dropRequests(sites, (url) => /^\/helpdesk\//.test(url.path));
  // URLs in comments: commented-out code and documentation, as the pattern finder reports them
  if (comments.length) {
    const facts = catalogueFacts(cat);
    for (const hit of findTextUrls(cat, text, lang === 'kotlin' ? 'java' : lang, facts.words)) {
      if (!comments.some(([a, b]) => hit.start >= a && hit.start < b)) continue;
      if (!hit.format && !hit.httpContext) continue;
      const choice = chooseRule(cat, hit.match, hit.method ?? null);
      const span = spanIn(pf.lines, hit.start, hit.end);
      sites.push({
        kind: hit.httpContext ? 'call' : 'url',
        span,
        file: pf.file,
        rule: choice.rule.id,
        rules: choice.rules,
        method: (hit.method ?? null) as HttpMethod | null,
        methodSource: hit.method ? 'argument' : null,
        noSuchOperation: choice.methodMismatch || undefined,
        url: urlInfo(hit.match, { pattern: hit.pattern, span, parts: [] }, choice.rule),
        inComment: true,
        message: `${hit.client ?? 'URL'} ${hit.method ?? ''} ${hit.match.target}`.replace(/\s+/g, ' ').trim(),
        fidelity: choice.rule.fidelity,
      });
    }
  }
  // another service's client: its host-less requests and paths are that service's
  if (otherServiceClient(pf.file, text, namespace)) dropRequests(sites, (url) => !url.origin || url.origin.startsWith('{'));
  // a request whose base names another service (`{redmine}/groups.json`, `https://redmine.example.org/…`,
  // a self-hosted tracker with v1-like paths): that service's request, whatever the file holds besides
  dropRequests(sites, urlBaseNamesOtherService);
  sites.sort((a, b) => a.span.start - b.span.start);
  // wrappers, response reads, 403 handling and XML parsing: the token finders, with the tree's comments
  // a module whose request helpers build v1 URLs is helpdesk code even without a call site of its own
  const helpdeskContext = [...ctx.helpers.values()].some((h) => h.file === pf.file && [...(h.request?.url ?? []), ...(h.returns ?? [])].some((v) => /^(\{[^}]*\}|[a-z]+:\/\/[^/]*)*\/helpdesk\/|freshdesk\.com/.test(valueText(v))));
  return analyzeText(cat, text, lang, pf.file, { sites, comments, helpdeskContext }).sites;
}

/** Removes the request and URL sites (in place) whose URL is another product's or service's. */
function dropRequests(sites: Site[], notV1: (url: NonNullable<Site['url']>) => boolean): void {
  const kept = sites.filter((s) => (s.kind !== 'call' && s.kind !== 'url') || !s.url || !notV1(s.url));
  sites.length = 0;
  sites.push(...kept);
}

/** Request annotations written with a name between their parentheses: `@GET(`, `@HTTP(`, `@PostExchange(`, `[Get(`. */
const NAMED_ANNOTATION = /(?:@|\[\s*)(?:[\w.]+\.)?(?:GET|POST|PUT|DELETE|PATCH|HEAD|HTTP|Get|Post|Put|Delete|Patch|\w+Exchange|\w+Mapping|Path)\s*\(\s*(?=[^\s"'@)])/g;
/** Argument nodes that name a value (a constant, a member of a type). */
const NAME_ARGUMENT = /^(identifier|simple_identifier|navigation_expression|field_access|member_access_expression|scoped_identifier|qualified_name)$/;

/**
 * The arguments of request annotations that are names, not strings (`NOTE_PATH` in
 * `@POST(NOTE_PATH)`, `FdApi.TICKETS`, `path = NOTE` of `@HTTP(method = "POST", path = NOTE)`).
 */
function constantAnnotationArguments(root: SyntaxNode, text: string): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const seen = new Set<number>();
  for (const m of text.matchAll(NAMED_ANNOTATION)) {
    let a: SyntaxNode | null = root.descendantForIndex(m.index! + m[0].length);
    for (let i = 0; a && i < 6 && !/^(annotation|attribute)$/.test(a.type); i++) a = a.parent;
    if (!a || !/^(annotation|attribute)$/.test(a.type) || seen.has(a.startIndex)) continue;
    seen.add(a.startIndex);
    // the arguments: positional, or named `value`/`path`/`url` (Kotlin `value_argument`, Java `element_value_pair`, C# `attribute_argument`)
    const list = a.descendantsOfType(['value_argument', 'element_value_pair', 'attribute_argument', 'annotation_argument_list']);
    for (const x of list) {
      let arg: SyntaxNode | null = null;
      if (x.type === 'annotation_argument_list') arg = x.namedChildren.find((c) => NAME_ARGUMENT.test(c.type)) ?? null;
      else {
        const key = /^\s*(\w+)\s*[=:]/.exec(x.text)?.[1];
        if (key && !/^(value|path|url)$/.test(key)) continue;
        arg = x.namedChildren.at(-1) ?? null;
      }
      if (arg && NAME_ARGUMENT.test(arg.type) && !seen.has(arg.startIndex)) {
        seen.add(arg.startIndex);
        out.push(arg);
      }
    }
  }
  return out;
}

/** Kotlin: a `@Query("format")` parameter with a `"json"`/`"xml"` default on the function an annotation is on. */
function queryDefaultFormat(ann: SyntaxNode): 'json' | 'xml' | null {
  let f: SyntaxNode | null = ann.parent;
  for (let i = 0; f && i < 3 && f.type !== 'function_declaration'; i++) f = f.parent;
  const params = f?.type === 'function_declaration' ? f.namedChildren.find((c) => c.type === 'function_value_parameters') : null;
  const m = params && /@Query\(\s*"format"\s*\)\s*\w+\s*:\s*String\??\s*=\s*"(json|xml)"/.exec(params.text);
  return (m?.[1] as 'json' | 'xml' | undefined) ?? null;
}

/**
 * Files of the walked tree that call a URL builder or request helper of their project but name no
 * v1 path themselves (`get_request(endpoint.ticket_path(id))`): the prefilter does not pick them,
 * the syntax audit must see them. Returns them in walk order, with the text they were found in.
 */
export async function helperCallers<F extends { abs: string; language: Language }>(root: string, cat: Catalogue, files: F[], candidates: Set<string>, match?: TextMatcher<F>): Promise<Array<{ file: F; text: string }>> {
  try {
    return await findHelperCallers(root, cat, files, candidates, match);
  } catch {
    return []; // never stops the audit: the candidates are audited all the same
  }
}

/**
 * Which of the files each regex finds in their texts, for a caller that holds the texts (the
 * audit's scan kept them): the index then reads nothing. Returns the files found with their texts.
 */
export type TextMatcher<F> = (queries: Array<{ re: RegExp; files: F[] }>) => Promise<Map<F, string>>;

async function findHelperCallers<F extends { abs: string; language: Language }>(root: string, cat: Catalogue, files: F[], candidates: Set<string>, match?: TextMatcher<F>): Promise<Array<{ file: F; text: string }>> {
  const out: Array<{ file: F; text: string }> = [];
  const queries: Array<{ re: RegExp; files: F[] }> = [];
  const langs = new Set<Language>();
  for (const f of files) if (candidates.has(f.abs)) {
    const l = syntaxLanguage(f.language, f.abs);
    if (l) langs.add(l);
  }
  for (const lang of langs) {
    await prepareLanguage(lang);
    const d = DIALECTS[lang];
    if (!d || !parserFor(lang)) continue;
    const project = getProject(root, lang, d, cat);
    const names = [...project.helpers.values()].filter((h) => h.request || h.returns).map((h) => h.name);
    // a base class or module whose requests take a resource class's path (`client.post(endpoint, body)`)
    if (project.resources?.byOwner.size) names.push(...project.resources.names, ...project.resources.byOwner.keys());
    // files calling the v1 gem's methods (`client.post_tickets(…)`) in a project that makes its clients
    if (project.resources?.freshdeskGem) names.push(...GEM_METHOD_NAMES);
    // files reading a path constant of another file (`Endpoints.Tickets`, `FdPaths.TICKETS`, a Go package's `ticketsPath`)
    const reads = constantReads(project);
    if (!names.length && !reads.length) continue;
    const re = new RegExp(`(?<![\\w$])(?:${[...names.map(escapeRegex), ...reads].join('|')})(?![\\w$])`);
    if (match) {
      queries.push({ re, files: files.filter((f) => !candidates.has(f.abs) && syntaxLanguage(f.language, f.abs) === lang) });
      continue;
    }
    for (const f of files) {
      if (candidates.has(f.abs) || syntaxLanguage(f.language, f.abs) !== lang) continue;
      let text = project.others.get(f.abs);
      if (text === undefined) {
        try {
          text = readFileSync(f.abs, 'utf8');
        } catch {
          continue;
        }
      }
      if (text.length <= MAX_INDEX_TEXT && re.test(text)) out.push({ file: f, text });
    }
    project.others.clear();
  }
  if (match && queries.length) {
    // back in walk order, as the index reads them
    const found = await match(queries);
    return files.filter((f) => found.has(f)).map((f) => ({ file: f, text: found.get(f)! }));
  }
  return out;
}

/** For debugging and tests: the helpers the project index found (name → what they build). */
export function projectHelpers(root: string, lang: Language, cat: Catalogue): Array<{ name: string; params: string[]; returns?: string[]; request?: string[]; method?: string | null }> {
  const d = DIALECTS[lang];
  if (!d || !parserFor(lang)) return [];
  return [...getProject(root, lang, d, cat).helpers.values()].map((h) => ({
    name: h.name,
    params: h.params,
    returns: h.returns?.map(valueText),
    request: h.request?.url.map(valueText),
    method: h.request?.method,
  }));
}
