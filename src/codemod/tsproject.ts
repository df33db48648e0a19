/**
 * The type-aware half (ts-morph), for TypeScript files with accepted rewrites:
 *   - a rewritten call's response type (`get<TicketEnvelope>(...)`, `as Array<{ group: Group }>`):
 *     the v1 envelope (`{ helpdesk_ticket: Ticket }`) becomes the wrapped type, and the resource
 *     interface (`Ticket`) gets the catalogue's response renames on its properties (`display_id` →
 *     `id`), followed to every use of those properties in the project's files; properties v2 no
 *     longer has get a marker at their declaration;
 *   - a field a read or a payload key was renamed in is followed to its declaration the same way.
 * With a tsconfig.json (at or under the run's root) its options and files are used; otherwise the
 * rewritten files alone. Either way the program is lean (see leanProject): no standard library or
 * `@types`, and only the project files that can hold a followed reference. ts-morph is only read
 * (analyse first, never manipulate): every change is a span edit on the original text, added to
 * the transaction of the site it follows.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Node as TsNode, Project, SyntaxKind, ts, type FileSystemHost, type SourceFile, type TypeNode } from 'ts-morph';
import { fieldMappings, type Catalogue, type Rule } from '../catalogue/index.ts';
import { isIdentifierName } from './ast.ts';
import type { Transaction } from './types.ts';
import { LIB_FILE_NAME, LIB_TEXT } from './tslib.ts';
import { PropertyReferences } from './tsrefs.ts';
import type { FileEdit } from './url.ts';

const TS_FILE = /\.(ts|tsx|mts|cts)$/;

export interface TypesContext {
  root: string;
  cat: Catalogue;
  /** The text the codemod planned with (may differ from the disk in tests and editors). */
  read: (file: string) => string | null;
}

/** The nearest tsconfig.json above a file, not above `root` (the folder the run was given). */
export function findTsconfig(from: string, root: string): string | null {
  let dir = path.dirname(path.resolve(from));
  const top = path.resolve(root);
  for (;;) {
    const f = path.join(dir, 'tsconfig.json');
    if (existsSync(f)) return f;
    const up = path.dirname(dir);
    if (up === dir || dir === top || !dir.startsWith(top) || dir.includes(`${path.sep}node_modules`)) return null;
    dir = up;
  }
}

/** A file of the project the pass may edit: not a package's, not the pass's own library; a `.d.ts` only under the run's root. */
function inProject(sf: SourceFile, root: string): boolean {
  return inProjectFile(sf.getFilePath(), sf.isDeclarationFile(), sf.isFromExternalLibrary(), root);
}

function inProjectFile(f: string, declaration: boolean, external: boolean, root: string): boolean {
  if (f === LIB_FILE_NAME || external || f.includes('/node_modules/')) return false;
  return !declaration || f.startsWith(root.endsWith('/') ? root : `${root}/`);
}

/** An edit, once: several followed fields can reach the same use. */
function addEdit(tx: Transaction, e: FileEdit): void {
  if (!tx.edits.some((x) => x.file === e.file && x.start === e.start && x.end === e.end && x.text === e.text)) tx.edits.push(e);
}

class Pass {
  private readonly done = new Set<string>();
  private readonly root: string;
  private refs?: { finder: PropertyReferences; files: ts.SourceFile[] };

  constructor(
    private readonly project: Project,
    private readonly ctx: TypesContext,
  ) {
    this.root = path.resolve(ctx.root).split(path.sep).join('/');
  }

  edit(tx: Transaction, n: TsNode, text: string, why: string): void {
    addEdit(tx, { file: n.getSourceFile().getFilePath(), start: n.getStart(), end: n.getEnd(), text, why });
  }

  change(tx: Transaction, n: TsNode, message: string): void {
    tx.changes.push({ file: n.getSourceFile().getFilePath(), line: n.getStartLineNumber(), column: n.getStart() - n.getStartLinePos() + 1, rule: tx.rule, kind: 'type', message });
  }

  /** The response type named at a rewritten call. */
  site(tx: Transaction): void {
    if (!tx.call || !tx.rule) return;
    const rule = this.ctx.cat.get(tx.rule);
    if (!rule?.response) return;
    const sf = this.project.getSourceFile(tx.file);
    if (!sf) return;
    const call = sf.getDescendantAtPos(tx.call.start)?.getParentWhile((p) => p.getStart() === tx.call!.start && p.getEnd() <= tx.call!.end);
    const node = call && (TsNode.isCallExpression(call) ? call : call.getFirstAncestorByKind(SyntaxKind.CallExpression));
    if (!node || !TsNode.isCallExpression(node)) return;
    for (const arg of node.getTypeArguments()) this.responseType(tx, rule, arg, rule.response.shape === 'list' || rule.response.shape === 'list-wrapped');
  }

  /** A type node standing for the v1 response (or, in a list, one item). */
  responseType(tx: Transaction, rule: Rule, t: TypeNode, list: boolean): void {
    if (list) {
      if (TsNode.isArrayTypeNode(t)) return this.item(tx, rule, t.getElementTypeNode());
      if (TsNode.isTypeReference(t) && /^(Array|ReadonlyArray)$/.test(t.getTypeName().getText()) && t.getTypeArguments()[0]) {
        return this.item(tx, rule, t.getTypeArguments()[0]!);
      }
      return;
    }
    this.item(tx, rule, t);
  }

  /** One v1 object: an envelope `{ wrapper: R }` (replaced by R) or the resource itself. */
  item(tx: Transaction, rule: Rule, t: TypeNode): void {
    const wrapper = rule.response?.wrapper;
    const members = this.members(t);
    if (!members) return;
    const wrap = wrapper ? members.props.find((p) => p.getName() === wrapper) : undefined;
    if (wrap) {
      const inner = wrap.getTypeNode();
      if (!inner) return;
      if (members.props.length === 1) {
        // (an inner type written out is copied where the envelope was: with its v2 field names)
        const text = TsNode.isTypeLiteral(inner) ? this.renamedLiteral(rule, inner) : inner.getText();
        this.edit(tx, t, text, `envelope ${wrapper}`);
        this.ensureImported(tx, t, inner);
        this.change(tx, t, `the ${wrapper} envelope type is now ${text} (v2 answers the bare object)`);
      } else {
        tx.markers.push({ file: t.getSourceFile().getFilePath(), anchor: members.owner.getStart(), rule: rule.id, text: `this type wraps the v1 response in ${wrapper}; v2 answers ${inner.getText()} itself` });
      }
      // (an inner literal copied where a declared envelope was named carries the v2 names itself:
      // the declaration stays whole for its other uses, not half v1 half v2)
      const copied = members.props.length === 1 && TsNode.isTypeLiteral(inner) && !TsNode.isTypeLiteral(t);
      if (!copied) this.resource(tx, rule, inner);
      // an envelope written inline (`get<{ helpdesk_ticket: { … } }>`): its inner renames are in the
      // text that replaces it, not edits of their own inside it
      if (members.props.length === 1) {
        const file = t.getSourceFile().getFilePath();
        const [from, to] = [t.getStart(), t.getEnd()];
        tx.edits = tx.edits.filter((e) => !(e.file === file && e.start >= from && e.end <= to && (e.start !== from || e.end !== to)));
      }
      return;
    }
    this.resource(tx, rule, t);
  }

  /** A type literal's text with its properties under their v2 names (the renames `resource` makes where it is declared). */
  renamedLiteral(rule: Rule, lit: TypeNode): string {
    const maps = fieldMappings(rule, 'response');
    const start = lit.getStart();
    let text = lit.getText();
    const members = this.members(lit);
    const renames = (members?.props ?? [])
      .map((p) => ({ p, m: maps.find((x) => x.v1 === p.getName()) }))
      .filter(({ m }) => m?.v2 && !m.v2.includes('.') && !m.v2.includes('[]'))
      .map(({ p, m }) => ({ node: p.getNameNode(), v2: m!.v2!.split('.').pop()! }))
      .sort((x, y) => y.node.getStart() - x.node.getStart());
    for (const r of renames) text = text.slice(0, r.node.getStart() - start) + r.v2 + text.slice(r.node.getEnd() - start);
    return text;
  }

  /** The inner type named where the envelope was: imported next to the envelope when it is not in scope there. */
  ensureImported(tx: Transaction, at: TypeNode, inner: TypeNode): void {
    if (!TsNode.isTypeReference(inner) || !TsNode.isTypeReference(at)) return;
    const name = inner.getTypeName().getText();
    if (name.includes('.')) return;
    const sf = at.getSourceFile();
    const local = sf.getInterface(name) || sf.getTypeAlias(name) || sf.getClass(name) || sf.getEnum(name);
    const imported = sf.getImportDeclarations().some((d) => d.getNamedImports().some((n) => (n.getAliasNode() ?? n.getNameNode()).getText() === name));
    if (local || imported) return;
    const envName = at.getTypeName().getText();
    const decl = sf.getImportDeclarations().find((d) => d.getNamedImports().some((n) => (n.getAliasNode() ?? n.getNameNode()).getText() === envName));
    const last = decl?.getNamedImports().at(-1);
    if (!last) {
      tx.markers.push({ file: sf.getFilePath(), anchor: at.getStart(), rule: tx.rule ?? 'unknown', text: `import ${name} here: it replaces the v1 envelope type ${envName}` });
      return;
    }
    tx.edits.push({ file: sf.getFilePath(), start: last.getEnd(), end: last.getEnd(), text: `, ${name}`, why: `import ${name}` });
  }

  /** Properties of an inline type literal or of the interface/alias a reference names (in the project). */
  members(t: TypeNode): { owner: TsNode; props: Array<TsNode & { getName(): string; getNameNode(): TsNode; getTypeNode(): TypeNode | undefined }> } | undefined {
    if (TsNode.isTypeLiteral(t)) return { owner: t, props: t.getProperties() };
    if (TsNode.isTypeReference(t)) {
      const decl = t.getTypeName().getSymbol()?.getDeclarations()[0];
      const d = decl && TsNode.isImportSpecifier(decl) ? decl.getSymbol()?.getAliasedSymbol()?.getDeclarations()[0] : decl;
      if (!d || !inProject(d.getSourceFile(), this.root)) return undefined;
      if (TsNode.isInterfaceDeclaration(d)) return { owner: d, props: d.getProperties() };
      if (TsNode.isTypeAliasDeclaration(d)) {
        const tn = d.getTypeNode();
        if (tn && TsNode.isTypeLiteral(tn)) return { owner: d, props: tn.getProperties() };
      }
    }
    return undefined;
  }

  /** A v1 resource type: its fields get the catalogue's response renames, followed to their uses. */
  resource(tx: Transaction, rule: Rule, t: TypeNode): void {
    const members = this.members(t);
    if (!members) return;
    const key = `${members.owner.getSourceFile().getFilePath()}:${members.owner.getStart()}:${rule.id}`;
    if (this.done.has(key)) return;
    this.done.add(key);
    const maps = fieldMappings(rule, 'response');
    for (const p of members.props) {
      const name = p.getName();
      const m = maps.find((x) => x.v1 === name);
      if (!m) continue;
      if (m.v2 === null) {
        tx.markers.push({ file: p.getSourceFile().getFilePath(), anchor: p.getStart(), rule: rule.id, text: `${name} is not in the v2 response${m.reason ? `: ${m.reason}` : ''}` });
        continue;
      }
      const v2 = m.v2.split('.').pop()!;
      if (v2 === name || m.v2.includes('.') || m.v2.includes('[]')) continue;
      this.rename(tx, p.getNameNode(), name, v2);
    }
  }

  /** The reference finder over the program's project files (see ./tsrefs.ts), made once per pass. */
  private references(): { finder: PropertyReferences; files: ts.SourceFile[] } {
    if (!this.refs) {
      const program = this.project.getProgram().compilerObject;
      const files = program.getSourceFiles().filter((sf) => inProjectFile(sf.fileName, sf.isDeclarationFile, program.isSourceFileFromExternalLibrary(sf), this.root));
      this.refs = { finder: new PropertyReferences(program), files };
    }
    return this.refs;
  }

  /** Renames a property declaration and every reference to it in the project. */
  rename(tx: Transaction, nameNode: TsNode, from: string, to: string): void {
    const quoted = (n: ts.Node, sf: ts.SourceFile) => (ts.isStringLiteralLike(n) ? `${n.getText(sf)[0]}${to}${n.getText(sf)[0]}` : to);
    this.edit(tx, nameNode, quoted(nameNode.compilerNode, nameNode.getSourceFile().compilerNode), `type ${from} → ${to}`);
    this.change(tx, nameNode, `${from} → ${to} in the type and its uses`);
    const decl = nameNode.getParent()?.compilerNode;
    if (!decl || !(ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl))) return;
    const { finder, files } = this.references();
    for (const ref of finder.find(decl, files)) {
      const sf = ref.getSourceFile();
      // `{ display_id }` (a pattern or an object literal): the name is also the variable's, which
      // stays: `{ id: display_id }` (the edit the response reads make for a pattern too)
      const p = ref.parent;
      const shorthand = (ts.isBindingElement(p) && !p.propertyName && p.name === ref) || (ts.isShorthandPropertyAssignment(p) && p.name === ref);
      const e = shorthand
        ? { file: sf.fileName, start: ref.getStart(sf), end: ref.getStart(sf), text: `${isIdentifierName(to) ? to : `'${to}'`}: `, why: `type ${from} → ${to}` }
        : { file: sf.fileName, start: ref.getStart(sf), end: ref.getEnd(), text: quoted(ref, sf), why: `type ${from} → ${to}` };
      if (tx.edits.some((x) => x.file === e.file && x.start === e.start && x.end === e.end && x.text === e.text)) continue;
      addEdit(tx, e);
      const start = e.start;
      // each read the type leads to is a change of its own file (the run lists it where it is)
      const at = sf.getLineAndCharacterOfPosition(start);
      tx.changes.push({ file: sf.fileName, line: at.line + 1, column: at.character + 1, rule: tx.rule, kind: 'response-read', message: `${from} → ${to} (through the v1 type)` });
    }
  }

  /** The declaration a `x.field` read reads, from declarations alone (see ./tsrefs.ts); undefined when the checker must say. */
  private declaredMember(at: TsNode): TsNode[] | undefined {
    const raw = at.compilerNode;
    const access = raw.parent;
    if (!access || !ts.isPropertyAccessExpression(access) || access.name !== raw) return undefined;
    const m = this.references().finder.declaredMember(access);
    if (!m?.name) return undefined;
    let node = this.project.getSourceFile(m.getSourceFile().fileName)?.getDescendantAtPos(m.name.getStart(m.getSourceFile()));
    while (node && node.compilerNode !== m) node = node.getParent();
    return node ? [node] : undefined;
  }

  /** A field renamed by the syntax pass: its declaration (when the checker knows it) follows. */
  field(tx: Transaction, e: FileEdit): void {
    const prop = e.prop!;
    const sf = this.project.getSourceFile(e.file);
    if (!sf) return;
    const at = sf.getDescendantAtPos(prop.kind === 'unwrap' ? e.end - 1 : e.start);
    if (!at || !(TsNode.isIdentifier(at) || TsNode.isStringLiteral(at)) || at.getText().replace(/^['"]|['"]$/g, '') !== prop.v1) return;
    let decls = this.declaredMember(at) ?? at.getSymbol()?.getDeclarations() ?? [];
    if (decls.length === 0 || decls.every((d) => TsNode.isPropertyAssignment(d) || TsNode.isShorthandPropertyAssignment(d))) {
      const obj = at.getFirstAncestorByKind(SyntaxKind.ObjectLiteralExpression);
      decls = obj?.getContextualType()?.getProperty(prop.v1)?.getDeclarations() ?? decls;
    }
    const decl = decls.find((d) => TsNode.isPropertySignature(d) && inProject(d.getSourceFile(), this.root));
    if (!decl || !TsNode.isPropertySignature(decl)) return;
    const rule = this.ctx.cat.get(prop.rule);
    if (prop.kind === 'unwrap') {
      // `.group` removed from a value typed `{ group: Group }`: the type is the inner one now
      const owner = decl.getParent();
      const inner = decl.getTypeNode();
      if (!inner) return;
      if (TsNode.isTypeLiteral(owner) && owner.getProperties().length === 1) {
        this.edit(tx, owner, inner.getText(), `envelope ${prop.v1}`);
        this.change(tx, owner, `the ${prop.v1} envelope type is now ${inner.getText()}`);
      } else if (TsNode.isInterfaceDeclaration(owner) && owner.getProperties().length === 1) {
        // (an inner literal is copied with its v2 names, as `item` copies it; the declaration stays whole)
        const copied = !!rule && TsNode.isTypeLiteral(inner);
        const text = copied ? this.renamedLiteral(rule!, inner) : inner.getText();
        for (const ref of owner.getNameNode().findReferencesAsNodes()) {
          const parent = ref.getParent();
          if (inProject(ref.getSourceFile(), this.root) && parent && TsNode.isTypeReference(parent)) this.edit(tx, ref, text, `envelope ${prop.v1}`);
        }
        this.change(tx, owner, `${owner.getName()} (the v1 envelope) replaced by ${text} where it is used`);
        if (copied) return;
      }
      if (rule) this.resource(tx, rule, inner);
      return;
    }
    if (prop.v2 === null) {
      tx.markers.push({ file: decl.getSourceFile().getFilePath(), anchor: decl.getStart(), rule: prop.rule, text: prop.reason ?? `${prop.v1} has no v2 field` });
      return;
    }
    // (a field of a declared envelope's inner literal: the answer is typed by a renamed copy of it
    // now, and the declaration stays v1 for its other uses)
    if (rule && inCopiedEnvelope(decl, rule)) return;
    this.rename(tx, decl.getNameNode(), prop.v1, prop.v2);
  }
}

/**
 * Is the property declared in the inner literal of a declared one-field envelope (`interface
 * V1Ticket { helpdesk_ticket: { display_id: number } }`)? Such an envelope is replaced where it is
 * used by a copy of the literal with the v2 names, never edited in place.
 */
function inCopiedEnvelope(decl: TsNode, rule: Rule): boolean {
  const literal = decl.getParent();
  const wrap = literal?.getParent();
  const owner = wrap?.getParent();
  const declared = owner && (TsNode.isInterfaceDeclaration(owner) || (TsNode.isTypeLiteral(owner) && TsNode.isTypeAliasDeclaration(owner.getParent())));
  return !!declared && TsNode.isTypeLiteral(literal) && TsNode.isPropertySignature(wrap) && wrap.getName() === rule.response?.wrapper && (owner as TsNode & { getProperties(): unknown[] }).getProperties().length === 1;
}

/** Adds type-following edits to the accepted-so-far transactions of TypeScript files. */
/**
 * Is a type pass worth its cost for this transaction? A call with type arguments always; a renamed
 * field only when it is declared with a type somewhere near (this file or a module it imports).
 */
function needsTypes(t: Transaction, read: (file: string) => string | null): boolean {
  if (t.call?.typed) return true;
  const names = [...new Set(t.edits.filter((e) => e.prop).map((e) => e.prop!.v1))];
  if (!names.length) return false;
  const text = read(t.file) ?? '';
  const near = [text];
  for (const m of text.matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const base = path.resolve(path.dirname(t.file), m[1]!).replace(/\.(m|c)?js$/, '');
    for (const ext of ['.ts', '.tsx', '/index.ts', '.d.ts']) {
      const other = read(base + ext);
      if (other !== null) {
        near.push(other);
        break;
      }
    }
  }
  const typed = /\b(interface|type)\s+\w+|:\s*\{|<\{|\bas\s+[\w<]*\{/;
  const declared = new RegExp(`\\b(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\s*\\??\\s*:`);
  return near.some((x) => typed.test(x) && declared.test(x));
}

/** What the type pass compiles with on top of the project's own options: no standard library, no `@types`. */
const LEAN: ts.CompilerOptions = {
  noLib: true,
  lib: undefined,
  types: [],
  skipLibCheck: true,
  skipDefaultLibCheck: true,
  noEmit: true,
  allowJs: false,
  checkJs: false,
  declaration: false,
  composite: false,
  incremental: false,
};

/** Options used without a tsconfig.json: the rewritten files alone. */
const NO_CONFIG: ts.CompilerOptions = { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.CommonJS, jsx: ts.JsxEmit.Preserve, strict: false };

/**
 * The words a reference the pass may follow must contain: the v1 names of fields it may rename or
 * mark (payload keys renamed by the syntax pass, response fields of the rules of typed calls) and
 * the wrappers it may unwrap.
 */
function followedWords(list: Transaction[], cat: Catalogue): Set<string> {
  const words = new Set<string>();
  const add = (name: string) => {
    for (const w of name.split(/\W+/)) if (w) words.add(w);
  };
  for (const t of list) {
    for (const e of t.edits) if (e.prop) add(e.prop.v1);
    const rule = t.call && t.rule ? cat.get(t.rule) : undefined;
    if (!rule?.response) continue;
    if (rule.response.wrapper) add(rule.response.wrapper);
    for (const m of fieldMappings(rule, 'response')) if (m.v2 !== m.v1) add(m.v1);
  }
  return words;
}

const wordsRegex = (words: Iterable<string>) => new RegExp(`\\b(?:${[...words].map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`);

/**
 * The project's files the pass needs besides the rewritten ones (their imports the compiler follows
 * itself): those that can hold a reference to what it follows, i.e. that name a followed field, or
 * a type declared next to one (an envelope interface used elsewhere by name); and global scripts and
 * declarations (no import/export, `declare global`), which no import brings in.
 */
function relevantFiles(files: string[], words: Set<string>, read: (file: string) => string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!words.size) return out;
  const texts = new Map<string, string>();
  for (const f of files) {
    const text = read(f);
    if (text !== null) texts.set(f, text);
  }
  const fields = wordsRegex(words);
  const names = new Set<string>();
  for (const text of texts.values()) {
    if (!fields.test(text)) continue;
    for (const m of text.matchAll(/\b(?:interface|type)\s+([A-Za-z_$][\w$]*)/g)) names.add(m[1]!);
  }
  const any = names.size ? wordsRegex([...words, ...names]) : fields;
  const moduleSyntax = /^\s*(?:import|export)\b/m;
  for (const [f, text] of texts) {
    if (any.test(text) || !moduleSyntax.test(text) || /\bdeclare\s+(?:global|module)\b/.test(text)) out.set(f, text);
  }
  return out;
}

let realFileSystem: FileSystemHost | undefined;

/** The disk, except for the given texts (absolute paths). */
function overlayFileSystem(texts: Map<string, string>): FileSystemHost {
  realFileSystem ??= new Project({ skipLoadingLibFiles: true }).getFileSystem();
  const real = realFileSystem;
  return new Proxy(real, {
    get(target, prop) {
      switch (prop) {
        case 'readFileSync':
          return (p: string, enc?: string) => texts.get(p) ?? target.readFileSync(p, enc);
        case 'readFile':
          return async (p: string, enc?: string) => texts.get(p) ?? target.readFile(p, enc);
        case 'fileExistsSync':
          return (p: string) => texts.has(p) || target.fileExistsSync(p);
        case 'fileExists':
          return async (p: string) => texts.has(p) || target.fileExists(p);
        default: {
          const v = Reflect.get(target, prop) as unknown;
          return typeof v === 'function' ? v.bind(target) : v;
        }
      }
    },
  });
}

/**
 * One lean Project for the transactions of one tsconfig (or of none): the changed files with the
 * texts the codemod planned with, the project files that matter (see relevantFiles), what they
 * import (resolved by the compiler as usual, packages included), and a small standard library
 * (tslib.ts) instead of the project's `lib` and `@types`, which cost ~0.3–0.5 s to parse and bind.
 */
function leanProject(cfg: string, list: Transaction[], ctx: TypesContext): Project | null {
  let options: ts.CompilerOptions = NO_CONFIG;
  let projectFiles: string[] = [];
  if (cfg) {
    const parsed = ts.getParsedCommandLineOfConfigFile(cfg, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    if (!parsed) return null;
    options = parsed.options;
    projectFiles = parsed.fileNames.filter((f) => TS_FILE.test(f) && !f.includes('/node_modules/'));
  }
  // the texts the codemod planned with, served in place of the disk's (`createSourceFile` with
  // `overwrite` would parse the disk's text first, then the given one)
  const texts = new Map<string, string>([[LIB_FILE_NAME, LIB_TEXT]]);
  const changed = new Set([...new Set(list.flatMap((t) => [t.file, ...t.edits.map((e) => e.file)]))].map((f) => path.resolve(f)).filter((f) => TS_FILE.test(f)));
  for (const f of changed) {
    const text = ctx.read(f);
    if (text !== null) texts.set(f, text);
  }
  const others = projectFiles.filter((f) => !changed.has(path.resolve(f)));
  for (const [f, text] of relevantFiles(others, followedWords(list, ctx.cat), ctx.read)) texts.set(path.resolve(f), text);
  const project = new Project({ compilerOptions: { ...options, ...LEAN }, fileSystem: overlayFileSystem(texts), skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true });
  for (const f of texts.keys()) project.addSourceFileAtPath(f);
  return project;
}

export function followTypes(txs: Transaction[], ctx: TypesContext): void {
  const ts_ = txs.filter((t) => TS_FILE.test(t.file) && (t.call || t.edits.some((e) => e.prop)) && needsTypes(t, ctx.read));
  if (!ts_.length) return;
  const groups = new Map<string, Transaction[]>();
  for (const t of ts_) {
    const cfg = findTsconfig(t.file, ctx.root) ?? '';
    const list = groups.get(cfg) ?? [];
    list.push(t);
    groups.set(cfg, list);
  }
  for (const [cfg, list] of groups) {
    let project: Project | null;
    try {
      project = leanProject(cfg, list, ctx);
    } catch {
      project = null;
    }
    if (!project) continue;
    const pass = new Pass(project, ctx);
    for (const t of list) {
      const before = t.edits.filter((e) => e.prop);
      try {
        pass.site(t);
        for (const e of before) pass.field(t, e);
      } catch {
        /* the types stay as they are; the syntax edits still hold */
      }
    }
  }
}
