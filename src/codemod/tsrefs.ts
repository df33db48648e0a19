/**
 * Finding the uses of a renamed property (`Ticket.display_id`) across a program, for the type pass.
 *
 * The language service's findReferences asks the checker for the type of every `x` in every
 * `x.display_id`, and for code like `for (const t of await Promise.all(ids.map(fetchTicket)))`
 * that means generic inference through the standard library: ~1 ms per file, more than parsing
 * and printing the file. Most receivers can be typed from what the code declares instead: an
 * annotated parameter or variable, a function's declared return type, and the few array and
 * promise steps values take (`await`, `Promise.all`, `map`, `filter`, `for…of`, callbacks of array
 * methods). `DeclaredTypes` follows exactly those; whatever it cannot type for certain (generics,
 * unions, inherited members, object literals, destructuring, indexed types) goes to the checker,
 * asked the way findReferences asks it. So the answer is the same, and the checker works only
 * where it must.
 */
import { ts } from 'ts-morph';

/**
 * What a receiver is, as far as declarations say: an object type, an array or promise of one.
 * `of: null` is an array or promise of something not known (`T[][]` of a generic function is still
 * an array of arrays).
 */
type Shape = { k: 'obj'; decl: ts.InterfaceDeclaration | ts.TypeLiteralNode } | { k: 'array'; of: Shape | null } | { k: 'promise'; of: Shape | null };

/** Array methods whose callback's first parameter is an element of the array. */
const ELEMENT_CALLBACKS = new Set(['map', 'filter', 'forEach', 'find', 'findLast', 'some', 'every', 'flatMap', 'findIndex', 'findLastIndex']);
/** Array methods that return an array of the same elements. */
const SAME_ARRAY = new Set(['filter', 'slice', 'concat', 'reverse', 'sort', 'toSorted', 'toReversed']);

function stripParens(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  return e;
}

/** Types of expressions from declarations only; `null` means "not known without the checker". */
class DeclaredTypes {
  private readonly memo = new Map<ts.Node, Shape | null>();

  constructor(private readonly checker: ts.TypeChecker) {}

  /** The declaration a name resolves to, through imports. */
  private declOf(id: ts.Node): ts.Declaration | undefined {
    let sym = this.checker.getSymbolAtLocation(id);
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = this.checker.getAliasedSymbol(sym);
    return sym?.valueDeclaration ?? sym?.declarations?.[0];
  }

  fromTypeNode(t: ts.TypeNode | undefined): Shape | null {
    if (!t) return null;
    if (ts.isParenthesizedTypeNode(t)) return this.fromTypeNode(t.type);
    if (ts.isArrayTypeNode(t)) return { k: 'array', of: this.fromTypeNode(t.elementType) };
    if (ts.isTypeLiteralNode(t)) return { k: 'obj', decl: t };
    if (!ts.isTypeReferenceNode(t) || !ts.isIdentifier(t.typeName)) return null;
    const name = t.typeName.text;
    const args = t.typeArguments ?? [];
    // the standard library's, not a class of the program's that happens to share the name
    if ((name === 'Array' || name === 'ReadonlyArray' || name === 'Promise') && args.length === 1 && this.declOf(t.typeName)?.getSourceFile().isDeclarationFile) {
      return { k: name === 'Promise' ? 'promise' : 'array', of: this.fromTypeNode(args[0]) };
    }
    if (args.length) return null;
    const decl = this.declOf(t.typeName);
    if (!decl) return null;
    // an interface that extends another may inherit or override the member: the checker decides
    if (ts.isInterfaceDeclaration(decl)) return decl.typeParameters || decl.heritageClauses ? null : { k: 'obj', decl };
    if (ts.isTypeAliasDeclaration(decl) && !decl.typeParameters) return this.fromTypeNode(decl.type);
    return null;
  }

  /** A variable, parameter or function's value, from its declaration. */
  private fromDeclaration(d: ts.Declaration): Shape | null {
    if (ts.isParameter(d)) {
      if (d.type) return this.fromTypeNode(d.type);
      if (!ts.isIdentifier(d.name) || d.initializer) return null;
      // `xs.map((t) => …)`: the first parameter of a callback of an array method is an element
      const fn = d.parent;
      const call = fn.parent;
      if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && fn.parameters[0] === d && ts.isCallExpression(call) && call.arguments[0] === fn) {
        const callee = call.expression;
        if (ts.isPropertyAccessExpression(callee) && ELEMENT_CALLBACKS.has(callee.name.text)) {
          const arr = this.of(callee.expression);
          return arr?.k === 'array' ? arr.of : null;
        }
      }
      return null;
    }
    if (ts.isVariableDeclaration(d)) {
      if (!ts.isIdentifier(d.name)) return null;
      if (d.type) return this.fromTypeNode(d.type);
      const list = d.parent;
      const stmt = list?.parent;
      if (ts.isVariableDeclarationList(list) && stmt && ts.isForOfStatement(stmt) && !stmt.awaitModifier) {
        const arr = this.of(stmt.expression);
        return arr?.k === 'array' ? arr.of : null;
      }
      // a `let` may be reassigned something else; the checker types it from every assignment too
      return d.initializer && ts.isVariableDeclarationList(list) && list.flags & ts.NodeFlags.Const ? this.of(d.initializer) : null;
    }
    return null;
  }

  /** The return of a call to a function of the program with a declared return type (a type parameter in it is not known). */
  private returnOf(callee: ts.Expression): Shape | null {
    const d = ts.isIdentifier(callee) ? this.declOf(callee) : undefined;
    if (!d) return null;
    let fn: ts.SignatureDeclaration | undefined;
    if (ts.isFunctionDeclaration(d)) fn = d;
    else if (ts.isVariableDeclaration(d) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)) && !d.type) fn = d.initializer;
    if (!fn || !fn.type) return null;
    // overloads: which one applies is the checker's call
    if (ts.isFunctionDeclaration(fn) && fn.name && this.checker.getSymbolAtLocation(fn.name)?.declarations?.length !== 1) return null;
    return this.fromTypeNode(fn.type);
  }

  of(e: ts.Expression): Shape | null {
    e = stripParens(e);
    if (this.memo.has(e)) return this.memo.get(e)!;
    this.memo.set(e, null); // cycles
    const r = this.compute(e);
    this.memo.set(e, r);
    return r;
  }

  private compute(e: ts.Expression): Shape | null {
    if (ts.isIdentifier(e)) {
      const d = this.declOf(e);
      return d ? this.fromDeclaration(d) : null;
    }
    if (ts.isAwaitExpression(e)) {
      const v = this.of(e.expression);
      return v?.k === 'promise' ? v.of : v;
    }
    if (ts.isAsExpression(e) || ts.isTypeAssertionExpression(e)) return this.fromTypeNode(e.type);
    if (ts.isPropertyAccessExpression(e)) {
      const obj = this.of(e.expression);
      if (obj?.k !== 'obj') return null;
      const m = memberOf(obj.decl, e.name.text);
      return m && (ts.isPropertySignature(m) || ts.isPropertyDeclaration(m)) && !m.questionToken ? this.fromTypeNode(m.type) : null;
    }
    if (ts.isElementAccessExpression(e)) {
      const arr = this.of(e.expression);
      return arr?.k === 'array' && !ts.isStringLiteralLike(e.argumentExpression) ? arr.of : null;
    }
    if (ts.isCallExpression(e) && !e.questionDotToken) {
      const callee = stripParens(e.expression);
      if (ts.isPropertyAccessExpression(callee)) {
        const method = callee.name.text;
        // Promise.all(xs): an array of promises of T (or of T) gives a promise of T[]
        if (method === 'all' && ts.isIdentifier(callee.expression) && callee.expression.text === 'Promise' && e.arguments.length === 1 && !ts.isArrayLiteralExpression(e.arguments[0]!)) {
          const arr = this.of(e.arguments[0]!);
          return arr?.k === 'array' ? { k: 'promise', of: { k: 'array', of: arr.of?.k === 'promise' ? arr.of.of : arr.of } } : null;
        }
        const recv = this.of(callee.expression);
        if (recv?.k !== 'array') return null;
        if (SAME_ARRAY.has(method)) return method === 'filter' && e.typeArguments ? null : recv;
        if ((method === 'find' || method === 'findLast' || method === 'at' || method === 'pop' || method === 'shift') && !e.typeArguments) return recv.of;
        if (method === 'map' && !e.typeArguments) {
          const fn = e.arguments[0];
          if (fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) {
            if (fn.type) return { k: 'array', of: this.fromTypeNode(fn.type) };
            if (ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return { k: 'array', of: this.of(fn.body) };
          }
        }
        return null;
      }
      if (e.typeArguments) return null;
      return this.returnOf(callee);
    }
    return null;
  }
}

function memberOf(decl: ts.InterfaceDeclaration | ts.TypeLiteralNode, name: string): ts.TypeElement | undefined {
  return decl.members.find((m) => m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) && m.name.text === name);
}

export class PropertyReferences {
  private readonly checker: ts.TypeChecker;
  private readonly declared: DeclaredTypes;
  /** How many candidate uses the declarations settled, and how many the checker did (for tests and the bench). */
  readonly stats = { declared: 0, checker: 0 };

  constructor(private readonly program: ts.Program) {
    this.checker = program.getTypeChecker();
    this.declared = new DeclaredTypes(this.checker);
  }

  /** The member a `x.name` read reads, when declarations alone say it (else the checker must). */
  declaredMember(access: ts.PropertyAccessExpression): ts.TypeElement | undefined {
    const recv = this.declared.of(access.expression);
    return recv?.k === 'obj' ? memberOf(recv.decl, access.name.text) : undefined;
  }

  /**
   * The identifiers and string literals in `files` that refer to the property `decl` declares
   * (the declaration itself excluded).
   */
  find(decl: ts.PropertySignature | ts.PropertyDeclaration, files: readonly ts.SourceFile[]): Array<ts.Identifier | ts.StringLiteralLike> {
    const nameNode = decl.name;
    if (!ts.isIdentifier(nameNode) && !ts.isStringLiteral(nameNode)) return [];
    const name = nameNode.text;
    const target = this.checker.getSymbolAtLocation(nameNode);
    if (!target) return [];
    const out: Array<ts.Identifier | ts.StringLiteralLike> = [];
    for (const sf of files) {
      const text = sf.text;
      for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length)) {
        // the compiler's own (internal, stable for years) lookup the language service uses too
        const tok = (ts as unknown as { getTokenAtPosition(sf: ts.SourceFile, pos: number): ts.Node }).getTokenAtPosition(sf, at);
        if (tok === nameNode) continue;
        if (ts.isIdentifier(tok)) {
          if (tok.text !== name || tok.getStart(sf) !== at) continue;
        } else if (ts.isStringLiteralLike(tok)) {
          if (tok.text !== name || tok.getStart(sf) !== at - 1) continue;
        } else continue;
        if (this.refersTo(tok, name, target, decl)) out.push(tok);
      }
    }
    return out;
  }

  private refersTo(tok: ts.Identifier | ts.StringLiteralLike, name: string, target: ts.Symbol, decl: ts.Declaration): boolean {
    const parent = tok.parent;
    if (ts.isIdentifier(tok) && ts.isPropertyAccessExpression(parent) && parent.name === tok) {
      const recv = this.declared.of(parent.expression);
      if (recv?.k === 'obj') {
        const m = memberOf(recv.decl, name);
        if (m) {
          this.stats.declared++;
          return m === decl;
        }
      } else if (recv?.k === 'array' || recv?.k === 'promise') {
        // arrays and promises have no such field of their own
        this.stats.declared++;
        return false;
      }
    }
    this.stats.checker++;
    return this.symbolsAt(tok, name).some((sym) => this.related(sym, target));
  }

  /** The property symbols a use stands for, as findReferences sees them. */
  private symbolsAt(tok: ts.Identifier | ts.StringLiteralLike, name: string): Array<ts.Symbol | undefined> {
    const c = this.checker;
    const parent = tok.parent;
    // each member of a union: `{ display_id: 1 }` returned where a `Ticket | PromiseLike<Ticket>` is expected
    const propertiesOf = (t: ts.Type | undefined) => (!t ? [] : t.isUnion() ? t.types.map((x) => x.getProperty(name)) : [t.getProperty(name)]);
    // `{ display_id: 1 }` and `{ display_id }` where a Ticket is expected
    if ((ts.isPropertyAssignment(parent) || ts.isShorthandPropertyAssignment(parent) || ts.isMethodDeclaration(parent)) && parent.name === tok && ts.isObjectLiteralExpression(parent.parent)) {
      return propertiesOf(c.getContextualType(parent.parent));
    }
    // `const { display_id } = t`
    if (ts.isBindingElement(parent) && (parent.propertyName ?? parent.name) === tok && ts.isObjectBindingPattern(parent.parent)) {
      return propertiesOf(c.getTypeAtLocation(parent.parent));
    }
    return [c.getSymbolAtLocation(tok)];
  }

  private related(sym: ts.Symbol | undefined, target: ts.Symbol, depth = 0): boolean {
    if (!sym || depth > 5) return false;
    if (sym === target) return true;
    const c = this.checker;
    if (c.getRootSymbols(sym).includes(target)) return true;
    // a member that overrides the target's in an interface or class extending the target's owner
    const owner = (sym as ts.Symbol & { parent?: ts.Symbol }).parent;
    if (!owner || !(owner.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class))) return false;
    const type = c.getDeclaredTypeOfSymbol(owner);
    if (!(type.flags & ts.TypeFlags.Object) || !((type as ts.ObjectType).objectFlags & (ts.ObjectFlags.Interface | ts.ObjectFlags.Class))) return false;
    return c.getBaseTypes(type as ts.InterfaceType).some((b) => this.related(b.getProperty(sym.name), target, depth + 1));
  }
}
