/**
 * The type-aware half (ts-morph), for TypeScript files with accepted rewrites:
 *   - a rewritten call's response type (`get<TicketEnvelope>(...)`, `as Array<{ group: Group }>`):
 *     the v1 envelope (`{ helpdesk_ticket: Ticket }`) becomes the wrapped type, and the resource
 *     interface (`Ticket`) gets the catalogue's response renames on its properties (`display_id` →
 *     `id`), followed to every use of those properties in the project's files; properties v2 no
 *     longer has get a marker at their declaration;
 *   - a field a read or a payload key was renamed in is followed to its declaration the same way.
 * With a tsconfig.json (at or under the run's root) its project is used; otherwise the rewritten
 * files alone. ts-morph is only read (analyse first, never manipulate): every change is a span
 * edit on the original text, added to the transaction of the site it follows.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Node as TsNode, Project, SyntaxKind, ts, type SourceFile, type TypeNode } from 'ts-morph';
import { fieldMappings, type Catalogue, type Rule } from '../catalogue/index.ts';
import type { Transaction } from './types.ts';
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

function inProject(sf: SourceFile): boolean {
  return !sf.isFromExternalLibrary() && !sf.isDeclarationFile() && !sf.getFilePath().includes('/node_modules/');
}

class Pass {
  private readonly done = new Set<string>();

  constructor(
    private readonly project: Project,
    private readonly ctx: TypesContext,
  ) {}

  edit(tx: Transaction, n: TsNode, text: string, why: string): void {
    const e: FileEdit = { file: n.getSourceFile().getFilePath(), start: n.getStart(), end: n.getEnd(), text, why };
    if (!tx.edits.some((x) => x.file === e.file && x.start === e.start && x.end === e.end && x.text === e.text)) tx.edits.push(e);
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
        this.edit(tx, t, inner.getText(), `envelope ${wrapper}`);
        this.ensureImported(tx, t, inner);
        this.change(tx, t, `the ${wrapper} envelope type is now ${inner.getText()} (v2 answers the bare object)`);
      } else {
        tx.markers.push({ file: t.getSourceFile().getFilePath(), anchor: members.owner.getStart(), rule: rule.id, text: `this type wraps the v1 response in ${wrapper}; v2 answers ${inner.getText()} itself` });
      }
      this.resource(tx, rule, inner);
      return;
    }
    this.resource(tx, rule, t);
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
      if (!d || !inProject(d.getSourceFile())) return undefined;
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

  /** Renames a property declaration and every reference to it in the project. */
  rename(tx: Transaction, nameNode: TsNode, from: string, to: string): void {
    const text = (n: TsNode) => (TsNode.isStringLiteral(n) ? `${n.getText()[0]}${to}${n.getText()[0]}` : to);
    this.edit(tx, nameNode, text(nameNode), `type ${from} → ${to}`);
    this.change(tx, nameNode, `${from} → ${to} in the type and its uses`);
    const refs = TsNode.isIdentifier(nameNode) || TsNode.isStringLiteral(nameNode) ? (nameNode as TsNode & { findReferencesAsNodes(): TsNode[] }).findReferencesAsNodes() : [];
    for (const ref of refs) {
      if (!inProject(ref.getSourceFile())) continue;
      if (!TsNode.isIdentifier(ref) && !TsNode.isStringLiteral(ref)) continue;
      this.edit(tx, ref, text(ref), `type ${from} → ${to}`);
    }
  }

  /** A field renamed by the syntax pass: its declaration (when the checker knows it) follows. */
  field(tx: Transaction, e: FileEdit): void {
    const prop = e.prop!;
    const sf = this.project.getSourceFile(e.file);
    if (!sf) return;
    const at = sf.getDescendantAtPos(prop.kind === 'unwrap' ? e.end - 1 : e.start);
    if (!at || !(TsNode.isIdentifier(at) || TsNode.isStringLiteral(at)) || at.getText().replace(/^['"]|['"]$/g, '') !== prop.v1) return;
    let decls = at.getSymbol()?.getDeclarations() ?? [];
    if (decls.length === 0 || decls.every((d) => TsNode.isPropertyAssignment(d) || TsNode.isShorthandPropertyAssignment(d))) {
      const obj = at.getFirstAncestorByKind(SyntaxKind.ObjectLiteralExpression);
      decls = obj?.getContextualType()?.getProperty(prop.v1)?.getDeclarations() ?? decls;
    }
    const decl = decls.find((d) => TsNode.isPropertySignature(d) && inProject(d.getSourceFile()));
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
        for (const ref of owner.getNameNode().findReferencesAsNodes()) {
          const parent = ref.getParent();
          if (inProject(ref.getSourceFile()) && parent && TsNode.isTypeReference(parent)) this.edit(tx, ref, inner.getText(), `envelope ${prop.v1}`);
        }
        this.change(tx, owner, `${owner.getName()} (the v1 envelope) replaced by ${inner.getText()} where it is used`);
      }
      if (rule) this.resource(tx, rule, inner);
      return;
    }
    if (prop.v2 === null) {
      tx.markers.push({ file: decl.getSourceFile().getFilePath(), anchor: decl.getStart(), rule: prop.rule, text: prop.reason ?? `${prop.v1} has no v2 field` });
      return;
    }
    this.rename(tx, decl.getNameNode(), prop.v1, prop.v2);
  }
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
    let project: Project;
    try {
      project = cfg
        ? new Project({ tsConfigFilePath: cfg })
        : new Project({
            // no tsconfig: the rewritten files alone, with the smallest standard library that types arrays
            compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.CommonJS, jsx: ts.JsxEmit.Preserve, strict: false, lib: ['lib.es5.d.ts'] },
            skipAddingFilesFromTsConfig: true,
          });
      // the texts the codemod planned with
      const files = new Set(list.flatMap((t) => [t.file, ...t.edits.map((e) => e.file)]));
      for (const f of files) {
        if (!TS_FILE.test(f)) continue;
        const text = ctx.read(f);
        if (text !== null) project.createSourceFile(f, text, { overwrite: true });
      }
      if (!cfg) project.resolveSourceFileDependencies();
    } catch {
      continue;
    }
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
