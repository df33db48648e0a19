/**
 * The shared evaluator over tree-sitter trees: what string a URL expression builds, in the
 * language's own syntax (literals, interpolation, concatenation, formatting), through local
 * variables, module/class/instance constants, loops over tables of paths, and helper functions
 * of the file or project that build a path from an argument (`create_url(path)`, `ticket_path(id)`).
 * Values are lists of alternatives (a loop over a table gives one per entry); unknown parts stay
 * `{name}` placeholders, as the catalogue's URL matching expects.
 */
import type { HttpMethod } from '../../catalogue/index.ts';
import type { StringPart } from '../../analysis/types.ts';
import type { Dialect, FunctionView } from './dialects.ts';
import type { SyntaxNode } from './grammars.ts';
import type { TreeIndex } from './tree-index.ts';
import { classNameHole, ruby } from './ruby.ts';
import { go } from './go.ts';
import { python } from './python.ts';
import { BASE_OPTION, baseJoinOf, chainLink, FARADAY_BASE_OPTION, joinToBase, resolveReference, type BaseJoin, type ChainLink } from './url-chains.ts';

export interface Part {
  text: string;
  dynamic: boolean;
  /** A literal's node (for spans and for "this literal was used by a call"). */
  node?: SyntaxNode;
  /** The file of `node` (another file of the project for project helpers/constants). */
  file?: string;
  /** A parameter of the helper being summarised. */
  param?: string;
  /** A member (`@suffix`, `$this->urlSuffix`) left unresolved: a setter may fill it. */
  member?: string;
  /**
   * With `param`: the value is a table's entry at the key the parameter holds
   * (`$this->endpoints[$endpoint]`); instantiating looks the caller's key up.
   */
  lookup?: Array<{ key: string; value: Value[] }>;
  /** The format the request asks for without a suffix (a resource path under a client that accepts JSON). */
  format?: 'json' | 'xml';
  /** Ruby: the hole is a class's name made into a path segment (see ruby.ts classNameHole). */
  className?: boolean;
}

export type Value = Part[];

export interface Helper {
  name: string;
  params: string[];
  /** What the helper returns (URL builders), with `param` parts. */
  returns?: Value[];
  /**
   * An HTTP request the helper makes whose URL depends on its parameters (request helpers);
   * `bodyParam`: its POST is sent only when the caller gives that argument (see body-param.ts).
   */
  request?: { url: Value[]; method: HttpMethod | null; methodParam?: string; methodDefault?: HttpMethod; bodyParam?: string };
  file: string;
  /** `file:offset` of the function (a subclass's override of the same name does not replace it). */
  origin?: string;
}

export interface Definitions {
  /** name → definitions (value node, function scope start or -1 for file/class level). */
  byName: Map<string, Array<{ value: SyntaxNode; scope: number; at: number; member: boolean; file: string }>>;
}

/** How a constant of another file is reached: through a type (`Endpoints.Tickets`), in the same Go package, or through a Go package's name. */
export interface ConstScope {
  owner?: string;
  samePackage?: boolean;
  goPackage?: string;
}

export interface EvalContext {
  d: Dialect;
  file: string;
  defs: Definitions;
  /** Helpers of this file and of the project, by name. */
  helpers: Map<string, Helper>;
  /** Project-wide constants (name → value in another file; `scope` says through which type or package it is read). */
  projectConst: (name: string, scope?: ConstScope) => { value: SyntaxNode; file: string; ctx: EvalContext } | null;
  /** Parameter bindings while summarising a helper. */
  params?: Set<string>;
  /** Loop variables bound to table entries. */
  bound?: Map<string, Value[]>;
  /**
   * Ruby: the name reads a resource class's path where it is used (`self.url` in a module the
   * resource classes include): left a hole for the resource paths, not one class's helper.
   */
  resourceHole?: (n: SyntaxNode, name: string, receiver: string) => boolean;
}

const MAX_ALTS = 24;
const MAX_DEPTH = 12;

function sanitize(text: string): string {
  const s = text.replace(/^[$@]+/, '').replace(/^(self|this|cls)(\.|->)/, '').replace(/[^\w.]/g, '').replace(/\.+/g, '.');
  return s && s.length <= 40 ? s : 'expr';
}

export const dyn = (text: string, extra?: Partial<Part>): Part => ({ text: `{${sanitize(text)}}`, dynamic: true, ...extra });

function cross(a: Value[], b: Value[]): Value[] {
  const out: Value[] = [];
  for (const x of a) for (const y of b) if (out.length < MAX_ALTS) out.push([...x, ...y]);
  return out;
}

export function enclosingFunction(d: Dialect, n: SyntaxNode): SyntaxNode | null {
  for (let p = n.parent; p; p = p.parent) if (d.fn(p)) return p;
  return null;
}

/** Collects every definition of a tree (from its index: the definition nodes and their function). */
export function collectDefinitions(d: Dialect, index: TreeIndex, file: string): Definitions {
  const byName: Definitions['byName'] = new Map();
  for (const x of index.defs) {
    for (const def of d.defs(x.node)) {
      let list = byName.get(def.name);
      if (!list) byName.set(def.name, (list = []));
      list.push({ value: def.value, scope: def.member ? -1 : x.fn, at: x.node.startIndex, member: def.member, file });
    }
  }
  return { byName };
}

/** The receiver of a method call, also Kotlin's (`x.f()` is a navigation expression without fields). */
function receiverOf(n: SyntaxNode): SyntaxNode | null {
  const nav = n.namedChild(0);
  return receiverNode(n) ?? (n.type === 'call_expression' && nav?.type === 'navigation_expression' ? nav.namedChild(0) : null);
}

/**
 * Go: the URL `u` after `u.Path = path.Join(u.Path, "helpdesk/time_sheets.json")` is its value before
 * with that path: the old path (which the code does not show) read as empty, the scheme and host kept.
 */
function urlPathSet(n: SyntaxNode, ctx: EvalContext, depth: number): Value[] | null {
  const target = n.childForFieldName('left')?.namedChild(0);
  const right = n.childForFieldName('right')?.namedChild(0);
  const owner = target?.childForFieldName('operand');
  if (!target || !right || !owner) return null;
  const before = resolveName(owner.text, false, n, ctx, depth + 1);
  const path = evaluate(right, { ...ctx, bound: new Map([...(ctx.bound ?? []), [target.childForFieldName('field')!.text, [[]]]]) }, depth + 1).map(collapseSlashes);
  return cross(before, [[]]).flatMap((b) => path.map((p) => resolveReference(b, p) ?? collapseSlashes([...b, ...p]))).slice(0, MAX_ALTS);
}

/** The URL a builder chain's link makes of the URL it hangs on (url-chains.ts says what each link does). */
function chainValue(n: SyntaxNode, call: NonNullable<ReturnType<EvalContext['d']['call']>>, link: ChainLink, ctx: EvalContext, depth: number): Value[] {
  const slash = (): Part => ({ text: '/', dynamic: false });
  const lit = (text: string): Value[] => [[{ text, dynamic: false }]];
  const ev = (a: SyntaxNode) => evaluate(a, ctx, depth + 1);
  let base: Value[];
  let segments: SyntaxNode[] = [];
  if (link.kind === 'root') {
    base = link.from === 'arg' ? ev(call.args[0]!) : [[]];
    if (link.segmentsAfter) segments = call.args.slice(1);
  } else {
    const recv = receiverOf(n);
    base = recv ? ev(recv) : [[dyn(call.receiver)]];
    if (link.kind === 'segments') segments = call.args.slice(0, link.args);
  }
  let out = base;
  for (const s of segments) out = cross(out.map((v) => [...v, slash()]), ev(s));
  if (link.kind === 'query') {
    const sep = out.some((v) => v.some((p) => !p.dynamic && p.text.includes('?'))) ? '&' : '?';
    out = cross(cross(cross(out, lit(sep)), ev(call.args[0]!)), cross(lit('='), ev(call.args[1]!)));
  }
  if (link.kind === 'scheme') out = cross(cross(out, ev(call.args[0]!)), lit('://'));
  if (link.kind === 'host') out = cross(out, ev(call.args[0]!));
  return out.map(collapseSlashes);
}

/** Text of a string node with its holes as placeholders (evaluated when they resolve). */
function stringValue(n: SyntaxNode, ctx: EvalContext, depth: number): Value[] {
  // PHP heredoc/nowdoc: the text is the body between the `<<<ID` line and the closing `ID` (a
  // heredoc's holes are the body's children, as in a double-quoted string; a nowdoc has none)
  const body = /^(heredoc|nowdoc)$/.test(n.type) ? n.namedChildren.find((c) => /^(heredoc|nowdoc)_body$/.test(c.type)) : undefined;
  if (body) return stringValue(body, ctx, depth).map((v) => trimEnds(v.map((p) => (p.node === body ? { ...p, node: n } : p))));
  // (a body's closing `ID` is no part of its text)
  const closer = /_body$/.test(n.type) ? n.namedChildren.find((c) => c.type === 'heredoc_end') : undefined;
  const src = closer ? n.text.slice(0, closer.startIndex - n.startIndex) : n.text;
  const base = n.startIndex;
  let alts: Value[] = [[]];
  let at = 0;
  const holes = n.namedChildren.filter((c) => ctx.d.isHole(c));
  const lit = (s: string) => (s ? [{ text: s, dynamic: false, node: n, file: ctx.file } as Part] : []);
  let braced = false;
  for (const h of holes) {
    let before = src.slice(at, h.startIndex - base);
    if (braced && before.startsWith('}')) before = before.slice(1);
    // PHP `{$x}`, Kotlin `$x` and `${x}`: the sigil and braces are part of the hole
    const opener = /interpolation|expansion/.test(h.type) && h.type !== 'interpolated_expression' ? null : /(\$\{|\{|\$)$/.exec(before);
    braced = !!opener && opener[0].endsWith('{');
    if (opener) before = before.slice(0, -opener[0].length);
    alts = alts.map((v) => [...v, ...lit(before)]);
    const inner = /^(interpolation|interpolated_expression)$/.test(h.type) ? (h.namedChildren.find((c) => !/comment/.test(c.type)) ?? h) : h;
    alts = cross(alts, h.type === 'interpolated_identifier' ? resolveName(h.text, false, h, ctx, depth + 1) : evaluate(inner, ctx, depth + 1));
    at = h.endIndex - base;
  }
  const tail = src.slice(at);
  alts = alts.map((v) => [...v, ...lit(braced && tail.startsWith('}') ? tail.slice(1) : tail)]);
  // strip the delimiters: prefixes (f, r, b, @, $), quotes, heredoc markers, symbol colons
  return /_body$/.test(n.type) ? alts : alts.map((v) => stripQuotes(v, n.type));
}

/** The body of a Ruby heredoc opened by `<<~ID`: the first body after it (the tree keeps it after the statement). */
function heredocBodyOf(n: SyntaxNode): SyntaxNode | null {
  let root = n;
  while (root.parent) root = root.parent;
  return root.descendantsOfType('heredoc_body').find((b) => b.startIndex >= n.endIndex) ?? null;
}

/** A heredoc body's value without the line breaks and indentation around it. */
function trimEnds(v: Value): Value {
  const out = v.map((p) => ({ ...p }));
  if (out[0] && !out[0].dynamic) out[0].text = out[0].text.trimStart();
  const last = out[out.length - 1];
  if (last && !last.dynamic) last.text = last.text.trimEnd();
  return out.filter((p) => p.dynamic || p.text !== '');
}

function stripQuotes(v: Value, type: string): Value {
  if (!v.length) return v;
  const out = v.map((p) => ({ ...p }));
  const first = out[0]!;
  const last = out[out.length - 1]!;
  if (type === 'word' || type === 'concatenation') return out;
  if (!first.dynamic) {
    const m = /^(?:[a-zA-Z@$]{0,3})("""|'''|"|'|`|:"|:)/.exec(first.text);
    if (m) first.text = first.text.slice(m[0].length);
  }
  if (!last.dynamic) {
    const m = /("""|'''|"|'|`)$/.exec(last.text);
    if (m) last.text = last.text.slice(0, -m[0].length);
  }
  return out.filter((p) => p.dynamic || p.text !== '' || p === first);
}

/** Substitutes format holes (`%s`, `%d`, `{}`, `{0}`) of the template values by the argument values. */
function applyFormat(template: Value[], args: SyntaxNode[], ctx: EvalContext, depth: number, named?: Map<string, SyntaxNode>): Value[] {
  const argVals = args.map((a) => evaluate(a, ctx, depth + 1));
  // a named hole (`%(id)d`, `{id}`) takes the value given under its name; without one (`% locals()`,
  // `.format(**kw)`) `%(id)d` is the hole `{id}` and `{id}` stays as written (already a placeholder)
  const byName = (name: string): Value[] | undefined => {
    const a = named?.get(name);
    return a ? evaluate(a, ctx, depth + 1) : undefined;
  };
  const out: Value[] = [];
  for (const t of template) {
    let alts: Value[] = [[]];
    let next = 0;
    for (const p of t) {
      if (p.dynamic) {
        alts = alts.map((v) => [...v, p]);
        continue;
      }
      // (Ruby's named references: `%<id>d` formats the value given as `id:`, `%{id}` inserts it)
      const re = /%[-+ #0]*\d*(?:\.\d+)?[sdifuxXv]|\{(\d*|[A-Za-z_]\w*)(?:![rsa])?(?::[^}]*)?\}|%\((\w+)\)[-+ #0]*\d*(?:\.\d+)?[sdifuxXrv]|%<(\w+)>[-+ #0]*\d*(?:\.\d+)?[sdifuxXv]|%\{(\w+)\}/g;
      let at = 0;
      for (let m = re.exec(p.text); m; m = re.exec(p.text)) {
        const name = m[2] ?? m[3] ?? m[4] ?? (m[1] && !/^\d/.test(m[1]) ? m[1] : undefined);
        // `{id}` with no value given by name is left as it is written
        if (name && !m[2] && !m[3] && !m[4] && !byName(name)) continue;
        const lit = p.text.slice(at, m.index);
        if (lit) alts = alts.map((v) => [...v, { ...p, text: lit }]);
        const idx = name ? -1 : m[1] !== undefined && m[1] !== '' ? Number(m[1]) : next++;
        const val = name ? byName(name) : idx >= 0 ? argVals[idx] : undefined;
        alts = val ? cross(alts, val) : alts.map((v) => [...v, dyn(name ?? 'arg')]);
        at = m.index + m[0].length;
      }
      const rest = p.text.slice(at);
      if (rest) alts = alts.map((v) => [...v, { ...p, text: rest }]);
    }
    out.push(...alts);
  }
  return out.slice(0, MAX_ALTS);
}

/**
 * The argument a helper's parameter takes at a call: its position's, else the keyword argument of
 * its name (`self.call(url='helpdesk/tickets.json')`).
 */
export function argumentFor(params: string[], param: string, args: SyntaxNode[], kwargs?: Map<string, SyntaxNode>): SyntaxNode | undefined {
  const i = params.indexOf(param);
  return (i >= 0 ? args[i] : undefined) ?? kwargs?.get(param);
}

/** Substitutes a helper's parameter parts by the call's argument values (by position, else by keyword). */
export function instantiate(template: Value[], params: string[], args: SyntaxNode[], ctx: EvalContext, depth: number, bound?: Map<string, Value[]>, kwargs?: Map<string, SyntaxNode>): Value[] {
  const vals = new Map<string, Value[]>();
  params.forEach((p, i) => {
    const a = args[i] ?? kwargs?.get(p);
    if (a) vals.set(p, evaluate(a, ctx, depth + 1));
  });
  for (const [k, v] of bound ?? []) vals.set(k, v);
  let out: Value[] = [];
  for (const t of template) {
    let alts: Value[] = [[]];
    for (const p of t) {
      let v = p.param !== undefined ? vals.get(p.param) : p.member !== undefined ? vals.get(`@${p.member}`) : undefined;
      if (v && p.lookup) v = lookUp(p.lookup, v);
      if (v) alts = cross(alts, v);
      else alts = alts.map((x) => [...x, p.param !== undefined ? dyn(p.param) : p]);
    }
    out.push(...alts);
  }
  out = out.slice(0, MAX_ALTS);
  return out;
}

/** The entries of a table at the given keys (a key not written out stays a hole). */
function lookUp(table: Array<{ key: string; value: Value[] }>, keys: Value[]): Value[] {
  const out: Value[] = [];
  for (const k of keys) {
    const text = k.every((p) => !p.dynamic) ? k.map((p) => p.text).join('').replace(/^[:'"]|['"]$/g, '') : null;
    const hit = text !== null ? table.find((e) => e.key === text) : undefined;
    if (hit) out.push(...hit.value);
    else out.push([dyn(text ?? valueText(k))]);
  }
  return out.slice(0, MAX_ALTS);
}

/** `table[key]` in each language: the table and the key expressions. */
function subscriptOf(n: SyntaxNode): { table: SyntaxNode; key: SyntaxNode } | null {
  if (n.type === 'subscript' || n.type === 'subscript_expression' || n.type === 'element_reference' || n.type === 'element_access_expression') {
    const table = n.childForFieldName('value') ?? n.childForFieldName('object') ?? n.childForFieldName('expression') ?? n.namedChild(0);
    const rest = n.namedChildren.filter((c) => c.startIndex >= (table?.endIndex ?? 0));
    const key = n.childForFieldName('subscript') ?? n.childForFieldName('index') ?? rest[0];
    const k = key && (key.type === 'bracketed_argument_list' || key.type === 'argument_list') ? key.namedChild(0)?.namedChild(0) ?? key.namedChild(0) : key;
    return table && k ? { table, key: k } : null;
  }
  return null;
}

const JOINERS = /^(join|urljoin|Combine|Join)$/;
const JOIN_RECEIVERS = /^(File|os\.path|path|posixpath|urlparse|urllib\.parse|Path|filepath|URI)$/;

/** A URL written as one argument: a scheme first, or a base URL's variable and a path (`@base_url + "helpdesk/tickets.xml"`, `"#{@base_url}/…"`). */
const URL_FIRST = /^\s*(?:["'`]\s*)?(?:https?:\/\/|#\{\s*|\$\{?|\{)?[@$]?(?:\w+(?:\.|->|::))*\w*(?:url|uri|host|domain|endpoint|site|base|api|account)\w*\b|^\s*["'`]?https?:\/\//i;

/**
 * A path-joining call (`File.join(base, "contacts.json")`, `urljoin(base, path)`): its value is its
 * arguments joined by `/`. One argument joins nothing, yet a URL in it (`File.join(@base_url +
 * "helpdesk/tickets.xml")`) is still a URL built, no file's path.
 */
export function isJoinCall(d: EvalContext['d'], n: SyntaxNode): boolean {
  const call = d.call(n);
  if (!call || !JOINERS.test(call.name) || !(JOIN_RECEIVERS.test(call.receiver) || call.receiver === '')) return false;
  return call.args.length >= 2 || (call.args.length === 1 && !call.kwargs.size && URL_FIRST.test(call.args[0]!.text) && /[+"'`]/.test(call.args[0]!.text) && !/^\s*["'`]?[@$]?\w*(?:dir|folder|root|file|tmp|cache)/i.test(call.args[0]!.text));
}

/** What a node evaluates to: one or more alternatives. */
export function evaluate(n: SyntaxNode, ctx: EvalContext, depth = 0): Value[] {
  if (depth > MAX_DEPTH) return [[dyn(n.text)]];
  const d = ctx.d;
  if (d.transparent.has(n.type) && n.namedChildCount >= 1) return evaluate(n.namedChildren.find((c) => !/comment/.test(c.type))!, ctx, depth + 1);
  // a table entry's cell read through the variable holding the entry (`o.path`, `ep[:path]`: see method-rows.ts)
  if (ctx.bound?.size && !d.strings.has(n.type) && /[.[]/.test(n.text)) {
    const cell = ctx.bound.get(n.text.replace(/\s+/g, ''));
    if (cell) return cell;
  }
  const fmt = d.format(n);
  if (fmt) return applyFormat(evaluate(fmt.template, ctx, depth + 1), fmt.args, ctx, depth, fmt.named);
  if (d.strings.has(n.type)) {
    if (n.type === 'concatenation') return n.namedChildren.reduce<Value[]>((acc, c) => cross(acc, evaluate(c, ctx, depth + 1)), [[]]);
    return stringValue(n, ctx, depth);
  }
  if (n.type === 'assignment_statement') return urlPathSet(n, ctx, depth) ?? [[dyn(n.text)]];
  // a shell heredoc's body (`bash <<EOF` … `EOF`): its text, expanded
  if (n.type === 'heredoc_body' && !d.strings.has(n.type)) return stringValue(n, ctx, depth).map(trimEnds);
  // Ruby's heredoc (`cmd = <<~SH` … `SH`): the body the tree holds after the statement, interpolated
  if (n.type === 'heredoc_beginning') {
    const body = heredocBodyOf(n);
    return body ? stringValue(body, ctx, depth).map(trimEnds) : [[dyn(n.text)]];
  }
  // a command line in backticks (PHP `` `curl $u` ``, Ruby `` `curl #{u}` `` and `%x(curl …)`): its text, interpolated
  if (n.type === 'shell_command_expression' || n.type === 'subshell') {
    // (`%x(…)`: its opener and its closer, which no quote stripping takes)
    const pct = n.text.startsWith('%x');
    return stringValue(n, ctx, depth).map((v) =>
      v.map((p, i) => {
        let t = p.dynamic ? p.text : i === 0 ? p.text.replace(/^%x./, '') : p.text;
        if (pct && !p.dynamic && i === v.length - 1 && t.endsWith(n.text.slice(-1))) t = t.slice(0, -1);
        return t === p.text ? p : { ...p, text: t };
      }),
    );
  }
  const cat = d.concat(n);
  if (cat) {
    // a long chain (`'a' . $b . "c" . …`, a command line built piece by piece) as one level: its
    // operands in order, so its length does not count against the depth
    const operands: SyntaxNode[] = [];
    const flatten = (x: SyntaxNode, k: number) => {
      const sides = k < 200 ? d.concat(x) : null;
      if (sides) {
        flatten(sides[0], k + 1);
        flatten(sides[1], k + 1);
      } else operands.push(x);
    };
    flatten(n, 0);
    return operands.reduce<Value[]>((acc, o) => cross(acc, evaluate(o, ctx, depth + 1)), [[]]);
  }
  // `URL(BASE) / "helpdesk" / "tickets" / f"{tid}.json"`: the sides joined by one `/` when one of them
  // is a path (a string, or a value with a `/` or a scheme); a division of numbers stays a hole
  const sides = d.pathJoin?.(n);
  if (sides) {
    const [l, r] = [evaluate(sides[0], ctx, depth + 1), evaluate(sides[1], ctx, depth + 1)];
    // a URL only onto a URL: `URL(…)`, a value with a scheme, or a name that says so (`BASE`, `api_url`);
    // `DATA_DIR / "contacts.json"`, `Path(d) / …` are files
    let first = sides[0];
    for (let s = d.pathJoin!(first); s; s = d.pathJoin!(first)) first = s[0];
    const url = /^(yarl\.)?URL\s*\(/.test(first.text) || l.some((v) => v.some((p) => !p.dynamic && /^[a-z][\w+.-]*:\/\//i.test(p.text))) || (/url|uri|host|domain|endpoint|site|base|api|account/i.test(first.text) && !/path|dir|file|folder|root|\bPath\b/i.test(first.text));
    if (url) {
      return cross(l.map((v) => [...v, { text: '/', dynamic: false }]), r).map(collapseSlashes);
    }
    return [[dyn(n.text)]];
  }
  // `tags.empty? ? "" : "?tags=#{t}"`, `a if c else b`, `c ? a : b`: either branch
  const arms = conditionalArms(n);
  if (arms) return arms.flatMap((a) => evaluate(a, ctx, depth + 1)).slice(0, MAX_ALTS);
  // `ENDPOINTS['tickets']`, `$this->endpoints[$endpoint]`: an entry of a table of paths
  const sub = subscriptOf(n);
  if (sub) {
    const entries = tableEntries(sub.table, ctx);
    if (entries.length && entries.every((x) => x.key)) {
      const table = entries.map((x) => ({ key: x.key!.map((v) => v.map((p) => p.text).join('')).join(''), value: x.value }));
      const keys = evaluate(sub.key, ctx, depth + 1);
      // a key the helper's caller gives: looked up when the helper is instantiated
      if (keys.length === 1 && keys[0]!.length === 1 && keys[0]![0]!.param) return [[{ text: `{${keys[0]![0]!.param}}`, dynamic: true, param: keys[0]![0]!.param, lookup: table }]];
      if (keys.every((k) => k.every((p) => !p.dynamic))) return lookUp(table, keys);
    }
  }
  if (/^(integer|integer_literal|int_literal|decimal_integer_literal|number)$/.test(n.type)) return [[{ text: n.text, dynamic: false, node: n, file: ctx.file }]];
  const ref = d.nameOf(n);
  if (ref) return resolveName(ref.name, ref.member, n, ctx, depth);
  // Ruby: a segment made of a class's name (`self.class.name.demodulize.underscore.pluralize`), filled per resource class
  const classHole = d === ruby && n.type === 'call' ? classNameHole(n.text) : null;
  if (classHole) return [[{ text: classHole, dynamic: true, className: true }]];
  // Ruby: a lambda that builds a path (`->(id) { "#{FD}/contacts/#{id}.json" }`) is worth what its body
  // gives, its parameters holes; `url.call(id)`, `url.(id)`, `url[id]` give it
  if (d === ruby && n.type === 'lambda') {
    const last = n.childForFieldName('body')?.namedChildren.find((c) => c.type === 'block_body' || c.type === 'body_statement')?.namedChildren.filter((c) => !/comment/.test(c.type)).at(-1);
    return last ? evaluate(last, ctx, depth + 1) : [[dyn(n.text)]];
  }
  const built = builtString(n, ctx, depth);
  if (built) return built;
  const call = d.call(n);
  if (call && d === ruby && call.name === 'call' && n.childForFieldName('receiver')) {
    const v = evaluate(n.childForFieldName('receiver')!, ctx, depth + 1);
    if (v.some((x) => x.some((p) => !p.dynamic && /\/|:\/\//.test(p.text)))) return v;
  }
  if (call) {
    // `"...".freeze`, `.dup`, `.strip`: the same string
    if (/^(freeze|dup|to_str|itself|strip|chomp|trim|rstrip|lstrip|html_safe|Trim|trimEnd|TrimEnd)$/.test(call.name) && call.args.length === 0) {
      const recv = receiverNode(n);
      if (recv) return evaluate(recv, ctx, depth + 1);
    }
    // a URL builder chain (OkHttp HttpUrl, Android Uri, Go JoinPath, Flurl): see url-chains.ts
    const link = chainLink(call);
    if (link) return chainValue(n, call, link, ctx, depth);
    // yarl: `URL("https://acme.freshdesk.com")` is its string; `.with_query(q)`/`.update_query(q)` add a query
    if (d.pathJoin && call.name === 'URL' && /^(yarl|)$/.test(call.receiver) && call.args.length === 1) return evaluate(call.args[0]!, ctx, depth + 1);
    if (d.pathJoin && /^(with_query|update_query|extend_query)$/.test(call.name) && call.receiver !== '') {
      const recv = receiverNode(n);
      if (recv) return evaluate(recv, ctx, depth + 1).map((v) => [...v, { text: '?', dynamic: false }, dyn('query')]);
    }
    // `u.String()`, `url.toString()` of a URL object the code built: that URL (of anything else, a hole below)
    if (/^(String|toString|ToString|to_s)$/.test(call.name) && call.args.length === 0) {
      const recv = receiverOf(n);
      const v = recv ? evaluate(recv, ctx, depth + 1) : [];
      if (v.some((x) => x.some((p) => !p.dynamic && /\/|:\/\//.test(p.text)))) return v;
    }
    // JAX-RS / Jersey: `client.target(base).path("helpdesk").path("tickets.json")` (also UriBuilder.path)
    if (d.pathSegments && call.args.length === 1 && call.receiver !== '') {
      const recv = receiverNode(n);
      if (call.name === 'target' && /client/i.test(call.receiver)) return evaluate(call.args[0]!, ctx, depth + 1);
      if (call.name === 'path' && recv) {
        const segment = evaluate(call.args[0]!, ctx, depth + 1).map((v) => [{ text: '/', dynamic: false }, ...v] as Value);
        return cross(evaluate(recv, ctx, depth + 1), segment).map(collapseSlashes);
      }
    }
    // a list of pieces joined into one string: `strings.Join([]string{…}, "")`, `"".join([…])`,
    // `[…].join`, `implode('', […])`, `String.join("", a, b)`, `string.Concat(a, b)`, `listOf(…).joinToString("")`
    const joined = joinedList(n, call, ctx, depth);
    if (joined) return joined;
    if (isJoinCall(d, n)) {
      let acc: Value[] = [[]];
      call.args.forEach((a, i) => {
        if (i) acc = acc.map((v) => [...v, { text: '/', dynamic: false }]);
        acc = cross(acc, evaluate(a, ctx, depth + 1));
      });
      return acc.map(collapseSlashes);
    }
    // value-preserving conversions: x.to_s, str(x), URI.escape(x), strconv.Itoa(x) stay dynamic on their argument
    if (/^(escape|encode|quote|urlencode|rawurlencode|trim|strip|rstrip|lstrip|to_s|toString|ToString|String)$/.test(call.name) && call.args.length === 1 && /escape|encode|quote|trim|strip/i.test(call.name)) {
      return evaluate(call.args[0]!, ctx, depth + 1);
    }
    if (/^(escape|encode)$/.test(call.name) && call.receiver === 'URI' && call.args.length === 1) return evaluate(call.args[0]!, ctx, depth + 1);
    if (ctx.resourceHole && /^(|self|self\.class|class)$/.test(call.receiver) && ctx.resourceHole(n, call.name, call.receiver)) return [[dyn(call.receiver ? `${call.receiver}.${call.name}` : call.name)]];
    // an address object made of a string, or of a base and a path (`new Uri(Endpoint, "/helpdesk/tickets.json")`, `new URI(s)`): that URL
    if (call.isNew && /^(Uri|URI)$/.test(call.name) && (call.args.length === 1 || call.args.length === 2)) {
      let acc: Value[] = [[]];
      for (const a of call.args) acc = cross(acc, evaluate(a, ctx, depth + 1));
      return acc.map(collapseSlashes);
    }
    const h = ctx.helpers.get(call.name);
    if (h?.returns && (call.receiver === '' || /^(self|this|\$this|cls|endpoint|Endpoint|@?\w*endpoint|static|parent|self::|\w+)$/.test(call.receiver))) {
      return instantiate(h.returns, h.params, call.args, ctx, depth, undefined, call.kwargs);
    }
    if (/^(to_s|to_str|toString|ToString|str|String|strconv|Itoa|FormatInt|to_i|int|intval|strval)$/.test(call.name) || call.receiver === 'strconv') {
      const inner = call.args[0] ?? n.childForFieldName('receiver') ?? n.childForFieldName('function')?.childForFieldName('expression') ?? n.childForFieldName('object');
      return inner ? evaluate(inner, ctx, depth + 1).map((v) => (v.length === 1 ? v : [dyn(inner.text)])) : [[dyn(n.text)]];
    }
  }
  // `params.to_query`, `id.strip`: an expression on a helper's parameter is that parameter's hole
  const root = /^[$@]?(\w+)/.exec(n.text)?.[1];
  if (ctx.params && root && ctx.params.has(root) && /^[$@]?\w+(\.|->|\[)/.test(n.text)) return [[{ text: `{${root}}`, dynamic: true, param: root }]];
  return [[dyn(n.text)]];
}

/** The two arms of a conditional expression (Ruby, C#, PHP `c ? a : b`, Java's ternary, Python's `a if c else b`). */
function conditionalArms(n: SyntaxNode): [SyntaxNode, SyntaxNode] | null {
  if (n.type === 'conditional_expression' && n.childForFieldName('condition') === null) {
    // Python: `a if c else b` has no fields
    const k = n.namedChildren.filter((c) => !/comment/.test(c.type));
    return k.length === 3 ? [k[0]!, k[2]!] : null;
  }
  if (n.type !== 'conditional' && n.type !== 'conditional_expression' && n.type !== 'ternary_expression') return null;
  const a = n.childForFieldName('consequence') ?? n.childForFieldName('body');
  const b = n.childForFieldName('alternative');
  return a && b ? [a, b] : null;
}

/** The node a value is read from once wrappers (arguments, parentheses) are peeled off. */
function unwrap(d: EvalContext['d'], n: SyntaxNode): SyntaxNode {
  let x = n;
  while (d.transparent.has(x.type) && x.namedChildCount === 1) x = x.namedChild(0)!;
  return x;
}

/**
 * The items of a list written out in the code (`[a, b]`, `(a, b)`, `[]string{a, b}`, `array(a, b)`,
 * `new[] { a, b }`, `List.of(a, b)`, `listOf(a, b)`), also through the variable or constant holding it.
 */
export function listItems(n: SyntaxNode, ctx: EvalContext, depth = 0): SyntaxNode[] | null {
  if (depth > 3) return null;
  const d = ctx.d;
  const x = unwrap(d, n);
  const ref = d.nameOf(x);
  if (ref) {
    const defs = ctx.defs.byName.get(ref.name);
    const def = defs?.filter((v) => v.at < x.startIndex).at(-1) ?? defs?.[0];
    if (def) return listItems(def.value, ctx, depth + 1);
    const pc = ctx.projectConst(ref.name);
    return pc ? listItems(pc.value, pc.ctx, depth + 1) : null;
  }
  const kids = (p: SyntaxNode) => p.namedChildren.filter((c) => !d.comment.has(c.type) && !/comment/.test(c.type));
  switch (x.type) {
    case 'list':
    case 'tuple':
    case 'array':
      return kids(x);
    case 'composite_literal': {
      const body = x.childForFieldName('body');
      return body ? kids(body).map((e) => (e.type === 'literal_element' ? e.namedChild(0) ?? e : e)) : null;
    }
    case 'array_creation_expression':
    case 'implicit_array_creation_expression': {
      const init = x.namedChildren.find((c) => c.type === 'initializer_expression' || c.type === 'array_initializer');
      if (init) return kids(init);
      // PHP `array(…)` / `[…]`: keyed entries give their value
      const entries = kids(x).filter((c) => c.type === 'array_element_initializer');
      return entries.length || !kids(x).length ? entries.map((e) => e.namedChild(e.namedChildCount - 1) ?? e) : null;
    }
  }
  const c = d.call(x);
  if (c && /^(of|asList|listOf|arrayOf|mutableListOf|arrayListOf|List|Array)$/.test(c.name)) return c.args;
  return null;
}

function joinedList(n: SyntaxNode, call: NonNullable<ReturnType<EvalContext['d']['call']>>, ctx: EvalContext, depth: number): Value[] | null {
  const d = ctx.d;
  const recv = receiverNode(n) ?? (n.namedChild(0)?.type === 'navigation_expression' ? n.namedChild(0)!.namedChild(0) : null);
  let items: SyntaxNode[] | null = null;
  let sep: SyntaxNode | null = null;
  if (call.name === 'Join' && call.receiver === 'strings' && call.args.length === 2) {
    items = listItems(call.args[0]!, ctx, depth);
    sep = call.args[1]!;
  } else if (/^(join|Join)$/.test(call.name) && /^(String|string)$/.test(call.receiver) && call.args.length >= 2) {
    sep = call.args[0]!; // Java String.join(sep, a, b…) / String.join(sep, list), C# string.Join(sep, …)
    items = call.args.length === 2 ? listItems(call.args[1]!, ctx, depth) ?? call.args.slice(1) : call.args.slice(1);
  } else if ((call.name === 'join' || call.name === 'joinToString') && recv && !/^(File|os\.path|path|posixpath|Path|filepath|URI)$/.test(call.receiver)) {
    const r = unwrap(d, recv);
    if (d.strings.has(r.type) && call.args.length === 1) {
      items = listItems(call.args[0]!, ctx, depth); // Python: "sep".join(items)
      sep = r;
    } else if (call.args.length <= 1) {
      items = listItems(r, ctx, depth); // Ruby `[…].join(sep)`, Kotlin `listOf(…).joinToString(sep)`
      sep = call.args[0] ?? null;
      if (!sep && call.name === 'joinToString') return null; // its default separator is ", "
    }
  } else if ((call.name === 'implode' || call.name === 'join') && call.receiver === '' && call.args.length >= 1 && call.args.length <= 2) {
    items = listItems(call.args[call.args.length - 1]!, ctx, depth); // PHP implode(sep, items)
    sep = call.args.length === 2 ? call.args[0]! : null;
  } else if (/^(concat|Concat)$/.test(call.name) && /^(String|string)$/.test(call.receiver) && call.args.length >= 2) {
    items = call.args; // C# string.Concat(a, b, …)
  }
  if (!items || !items.length) return null;
  let sepText = '';
  if (sep) {
    const sv = evaluate(sep, ctx, depth + 1);
    if (sv.length !== 1 || sv[0]!.some((p) => p.dynamic)) return null;
    sepText = valueText(sv[0]!);
  }
  let acc: Value[] = [[]];
  items.forEach((item, i) => {
    if (i && sepText) acc = acc.map((v) => [...v, { text: sepText, dynamic: false }]);
    acc = cross(acc, evaluate(item, ctx, depth + 1));
  });
  return acc;
}

export function collapseSlashes(v: Value): Value {
  const out: Value = [];
  for (const p of v) {
    const prev = out[out.length - 1];
    if (prev && !prev.dynamic && !p.dynamic && prev.text.endsWith('/') && p.text.startsWith('/')) out.push({ ...p, text: p.text.slice(1) });
    else out.push(p);
  }
  return out;
}

function resolveName(name: string, member: boolean, at: SyntaxNode, ctx: EvalContext, depth: number): Value[] {
  const bound = ctx.bound?.get(name);
  if (bound) return bound;
  const list = ctx.defs.byName.get(name);
  if (ctx.params?.has(name) && (!member || /^\d$/.test(name))) {
    // a parameter given a new value from itself before this use (`url = 'helpdesk' + url + '.json'`): that value
    const fn = member ? null : enclosingFunction(ctx.d, at);
    const again = fn ? list?.filter((x) => x.scope === fn.startIndex && x.at < at.startIndex && !isInside(at, x.value) && refersTo(x.value, name)).at(-1) : undefined;
    if (again && !isInside(at, again.value)) return evaluate(again.value, ctx, depth + 1);
    return [[{ text: `{${name}}`, dynamic: true, param: name }]];
  }
  if (list?.length) {
    const fn = enclosingFunction(ctx.d, at);
    const scope = fn ? fn.startIndex : -1;
    // the nearest assignment before the use in the same function (or, at a script's top level, in
    // the top level: a variable given a new value before a second request), else a member/constant
    const local = member ? [] : list.filter((x) => x.scope === scope && (x.scope !== -1 || (!x.member && x.file === ctx.file)) && x.at < at.startIndex && !isInside(at, x.value));
    // while summarising a helper, a member assigned in several places (a default and a setter) stays a hole a setter fills
    if (member && ctx.params && list.filter((x) => x.member).length > 1) return [[{ ...dyn(name), member: name }]];
    // (a parameter of the function shadows a file-level name: `$url` of `__construct($key, $url)` is the caller's, not the script's `$url`)
    const shadowed = !local.length && !member && !ctx.params && !!fn && !!ctx.d.fn(fn)?.params.includes(name);
    const chosen = local.length ? local[local.length - 1]! : shadowed ? undefined : list.find((x) => x.scope === -1 && !isInside(at, x.value));
    // assigned in each branch of a conditional the use comes after: every branch's value reaches it
    const branches = local.length > 1 ? branchDefs(local, at) : null;
    if (branches) return branches.flatMap((x) => evaluate(x.value, { ...ctx, params: ctx.params }, depth + 1)).slice(0, MAX_ALTS);
    if (chosen && !isInside(at, chosen.value)) {
      const vals = evaluate(chosen.value, { ...ctx, params: chosen.scope === -1 ? undefined : ctx.params }, depth + 1);
      if (chosen.member && ctx.params && vals.every((v) => v.length === 1 && v[0]!.dynamic)) return [[{ ...dyn(name), member: name }]];
      return vals;
    }
  }
  // a parameter of the function the name is read in is the caller's value, whatever the project calls a helper of that name
  if (!member && !ctx.params) {
    const fn = enclosingFunction(ctx.d, at);
    if (fn && ctx.d.fn(fn)?.params.includes(name)) return [[dyn(name)]];
  }
  if (!member && ctx.resourceHole?.(at, name, '')) return [[dyn(name)]];
  // a helper without parameters used as a value (`helpdesk_path + '/x.json'` in Ruby)
  const h = ctx.helpers.get(name);
  if (h?.returns && h.params.length === 0) return h.returns;
  // Ruby: a bare name is a call without arguments, so a helper read that way has defaults for its
  // parameters (`def note_url(id = @id)` … `URI(note_url)`): its value with the parameters left holes
  if (h?.returns && ctx.d === ruby && !member) return instantiate(h.returns, h.params, [], ctx, depth);
  if (member || /^[A-Z]/.test(name) || ctx.d === go) {
    const pc = ctx.projectConst(name, constScope(at, member, ctx));
    if (pc) return evaluate(pc.value, pc.ctx, depth + 1);
  }
  if (member) return [[{ ...dyn(name), member: name }]];
  return [[dyn(name)]];
}

/**
 * Where a name read from another file is looked for: the type it is read through (`Endpoints.Tickets`,
 * `FdPaths::TICKETS`), Go's own package (a bare name) or the package it is read through (`fd.TicketsPath`).
 */
function constScope(at: SyntaxNode, member: boolean, ctx: EvalContext): ConstScope {
  const q = /(?:^|[^\w$])([A-Za-z_]\w*)\s*(?:\.|::|->)\s*\$?\w+$/.exec(at.text)?.[1];
  if (ctx.d === go) return member ? (q && /^[a-z]/.test(q) ? { goPackage: q } : {}) : { samePackage: true };
  return q && /^[A-Z]/.test(q) ? { owner: q } : {};
}

const CONDITIONAL = /^(if_statement|if|unless|if_expression|case|switch_statement|switch_expression|expression_switch_statement|when_expression|match_statement)$/;
const BRANCH = /^(block|compound_statement|then|else|elsif|when|else_clause|elif_clause|statements|switch_block_statement_group|switch_section|expression_case|default_case|case_clause|when_entry|control_structure_body)$/;

/**
 * The last definition of each branch of the conditional that holds the last definition before the
 * use (`if a: url = x` / `else: url = y` … `get(url)`), when the use is after that conditional; null
 * when the last definition is not in such a branch.
 */
function branchDefs<T extends { value: SyntaxNode }>(local: T[], at: SyntaxNode): T[] | null {
  const last = local[local.length - 1]!;
  let cond: SyntaxNode | null = null;
  for (let p = last.value.parent; p; p = p.parent) {
    if (isInside(at, p)) break;
    if (CONDITIONAL.test(p.type)) cond = p;
  }
  if (!cond) return null;
  const branchOf = (n: SyntaxNode) => {
    for (let p = n.parent; p && p.id !== cond!.id; p = p.parent) if (BRANCH.test(p.type) && p.parent && (p.parent.id === cond!.id || CONDITIONAL.test(p.parent.type) || /clause|else|elsif|when/.test(p.parent.type))) return p.id;
    return null;
  };
  const byBranch = new Map<number, T>();
  // without an `else` the value before the conditional also reaches the use
  const before = local.filter((x) => x.value.endIndex <= cond!.startIndex).at(-1);
  if (before && !cond.namedChildren.some((c) => /else/.test(c.type) || (c.type === 'else' || /^(else_clause|else)$/.test(c.child(0)?.type ?? '')))) byBranch.set(-1, before);
  for (const x of local) {
    if (!isInside(x.value, cond)) continue;
    const b = branchOf(x.value);
    if (b !== null) byBranch.set(b, x);
  }
  return byBranch.size > 1 ? [...byBranch.values()] : null;
}

/** The expression reads the name (`'helpdesk' + url + '.json'` reads `url`). */
function refersTo(n: SyntaxNode, name: string): boolean {
  return new RegExp(`(?<![\\w$@])\\$?${name.replace(/\W/g, '\\$&')}(?![\\w])`).test(n.text);
}

function isInside(n: SyntaxNode, outer: SyntaxNode): boolean {
  return n.startIndex >= outer.startIndex && n.endIndex <= outer.endIndex;
}

/** The expressions a function returns: `return x`, Ruby's last expression, expression bodies. */
export function returnedExpressions(d: Dialect, f: FunctionView, fnNode: SyntaxNode, index: TreeIndex): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const r of index.returns) {
    if (r.fn !== fnNode.startIndex) continue;
    const n = r.node;
    if (n.type === 'jump_expression' && !n.text.startsWith('return')) continue;
    const e = n.namedChildren.find((c) => !/comment/.test(c.type));
    if (e) out.push(e.type === 'expression_list' || e.type === 'argument_list' ? e.namedChild(0)! : e);
  }
  if (!out.length) {
    // implicit return (Ruby) or expression body (Kotlin `= "..."`, C# `=> "..."`)
    if (fnNode.type === 'method' || fnNode.type === 'singleton_method') {
      const last = f.body.namedChildren.filter((c) => !/comment/.test(c.type)).at(-1);
      if (last && f.body.startIndex !== fnNode.startIndex) out.push(...lastOfBranches(last));
    }
    const expr = fnNode.namedChildren.find((c) => c.type === 'function_body' || c.type === 'arrow_expression_clause');
    if (expr && expr.namedChildCount === 1 && !/block|statements/.test(expr.namedChild(0)!.type)) out.push(expr.namedChild(0)!);
  }
  return out;
}

/** Ruby: the value of a method ending in `if … else … end` is the last expression of each branch. */
function lastOfBranches(n: SyntaxNode, depth = 0): SyntaxNode[] {
  if (depth > 4 || !/^(if|unless|elsif)$/.test(n.type)) return [n];
  const lastIn = (b: SyntaxNode | null) => b?.namedChildren.filter((c) => !/comment/.test(c.type)).at(-1);
  const out: SyntaxNode[] = [];
  const then = lastIn(n.childForFieldName('consequence'));
  if (then) out.push(...lastOfBranches(then, depth + 1));
  const alt = n.childForFieldName('alternative');
  const other = alt?.type === 'elsif' ? alt : lastIn(alt);
  if (other) out.push(...lastOfBranches(other, depth + 1));
  return out.length ? out : [n];
}

export function valueText(v: Value): string {
  return v.map((p) => p.text).join('');
}

/** Parts in the report's shape (spans of the literals used), for "this literal was used by a call". */
export function reportParts(v: Value, spanOf: (n: SyntaxNode, file: string) => StringPart['span']): StringPart[] {
  return v
    .filter((p) => p.node)
    .map((p) => ({ text: p.text, dynamic: p.dynamic, node: 'literal' as const, span: spanOf(p.node!, p.file!), file: p.file! }));
}

/** The node a method call hangs on (`x` in `x.freeze`, `x.ToString()`, `x.strip()`). */
export function receiverNode(n: SyntaxNode): SyntaxNode | null {
  const f = n.childForFieldName('function');
  return n.childForFieldName('receiver') ?? n.childForFieldName('object') ?? f?.childForFieldName('expression') ?? f?.childForFieldName('object') ?? f?.childForFieldName('operand') ?? null;
}

/** Entries of a literal table (hash/dict/array), or of a constant holding one. */
export function tableEntries(n: SyntaxNode, ctx: EvalContext, depth = 0): Array<{ key?: Value[]; value: Value[] }> {
  if (depth > 3) return [];
  const d = ctx.d;
  const ref = d.nameOf(n);
  if (ref) {
    const def = ctx.defs.byName.get(ref.name)?.[0];
    if (def) return tableEntries(def.value, ctx, depth + 1);
    const pc = ctx.projectConst(ref.name);
    return pc ? tableEntries(pc.value, pc.ctx, depth + 1) : [];
  }
  const c = d.call(n);
  if (c && c.args.length === 0 && /^(freeze|items|iteritems|to_a|entries|each_pair|keys|values|dup)$/.test(c.name)) {
    const recv = receiverNode(n);
    return recv ? tableEntries(recv, ctx, depth + 1) : [];
  }
  if (/^(hash|dictionary|array|list|array_creation_expression|tuple)$/.test(n.type)) {
    return n.namedChildren
      .filter((c) => !/comment/.test(c.type))
      .map((c) => {
        if (/^(pair|array_element_initializer)$/.test(c.type) && c.namedChildCount >= 2) {
          const k = c.namedChild(0)!;
          const v = c.namedChild(c.namedChildCount - 1)!;
          return { key: [[{ text: k.text.replace(/^[:'"]|[:'"]$/g, ''), dynamic: false }]], value: evaluate(v, ctx) };
        }
        const inner = c.type === 'array_element_initializer' ? c.namedChild(0)! : c;
        return { value: evaluate(inner, ctx) };
      });
  }
  return [];
}

/**
 * A request path resolved against the base URL of the client the call is made on (`$this->http =
 * new Client(['base_uri' => "https://{$account}.freshdesk.com/helpdesk/"])` … `$this->http->post("tickets/{$id}.json")`,
 * `httpx.Client(base_url=…)`, `new HttpClient { BaseAddress = … }`): the client's definition in the file
 * is read for a base option (url-chains.ts). Values that are no relative reference stay as they are.
 */
export function withClientBase(call: NonNullable<ReturnType<EvalContext['d']['call']>>, values: Value[], ctx: EvalContext): Value[] {
  if (!values.some((v) => v[0] && !v[0].dynamic)) return values;
  let recv = call.receiver ? receiverOf(call.node) : null;
  // resty: `client.R().Get(path)` is sent by `client`, made with `.SetBaseURL(…)`
  const restyRequest = recv && ctx.d.call(recv);
  if (restyRequest && restyRequest.name === 'R' && restyRequest.args.length === 0) recv = receiverOf(recv!);
  const ref = recv ? ctx.d.nameOf(recv) : null;
  let base: Value[] | null = null;
  let join: BaseJoin = 'rfc3986';
  // HTTParty: a class that includes it and declares `base_uri '…'` sends `get('/x')`,
  // `self.class.get('/x')` as that base followed by the path
  if (!ref || ref.name === 'class') {
    const macro = /^(|self|self\.class)$/.test(call.receiver) ? httpartyBase(call.node, ctx) : null;
    if (!macro) return values;
    base = evaluate(macro, ctx, 1);
    join = 'concat';
  }
  for (const def of base ? [] : (ctx.defs.byName.get(ref!.name) ?? [])) {
    const ctor = ctx.d.call(def.value);
    if (!ctor) continue;
    join = baseJoinOf(def.value.text);
    // (resty's base is set on the client it made: `resty.New().SetBaseURL(…)`)
    const setter = /\.Set(Base|Host)URL\s*\(/.test(def.value.text) ? restyBase(def.value, ctx) : null;
    if (setter) {
      base = evaluate(setter, ctx, 1);
      join = 'append';
      break;
    }
    // (Faraday's base is its `url:` option or its first argument)
    const option = baseOption(def.value, ctx.d, 0, join === 'append-relative' ? FARADAY_BASE_OPTION : BASE_OPTION) ?? (join === 'append-relative' && ctor.args[0] && ctx.d.strings.has(ctor.args[0].type) ? ctor.args[0] : null);
    if (option) {
      base = evaluate(option, ctx, 1);
      break;
    }
  }
  if (!base) return values;
  const out: Value[] = [];
  for (const v of values) {
    const resolved = base.map((b) => joinToBase(b, v, join)).filter((x): x is Value => !!x);
    out.push(...(resolved.length ? resolved : [v]));
  }
  return out.slice(0, MAX_ALTS);
}

/** The argument of the `SetBaseURL`/`SetHostURL` link of a resty client's chain. */
function restyBase(n: SyntaxNode, ctx: EvalContext, depth = 0): SyntaxNode | null {
  const c = ctx.d.call(n);
  if (c && /^Set(Base|Host)URL$/.test(c.name) && c.args[0]) return c.args[0];
  const recv = c ? receiverOf(n) : null;
  return recv && depth < 8 ? restyBase(recv, ctx, depth + 1) : null;
}

/** The `base_uri` argument of the HTTParty class a call sits in (`include HTTParty` … `base_uri '…'`). */
function httpartyBase(n: SyntaxNode, ctx: EvalContext): SyntaxNode | null {
  let cls: SyntaxNode | null = n.parent;
  while (cls && cls.type !== 'class' && cls.type !== 'module') cls = cls.parent;
  if (!cls || !/\binclude\s+HTTParty\b/.test(cls.text)) return null;
  const body = cls.childForFieldName('body') ?? cls;
  for (const st of body.namedChildren) {
    const c = ctx.d.call(st);
    if (c && c.name === 'base_uri' && !c.receiver && c.args[0]) return c.args[0];
  }
  return null;
}

/** The value of a base-URL option among a client constructor's arguments (a key, keyword or initializer). */
function baseOption(n: SyntaxNode, d: Dialect, depth = 0, option: RegExp = BASE_OPTION): SyntaxNode | null {
  if (depth > 4) return null;
  for (const c of n.namedChildren) {
    if (c.namedChildCount >= 2 && option.test(c.namedChild(0)!.text)) return c.namedChild(c.namedChildCount - 1);
    // (not into a block: `Faraday.new(url: …) do |f| … end` configures, its `url` calls are not the base)
    if (/^(do_block|block)$/.test(c.type)) continue;
    const inner = baseOption(c, d, depth + 1, option);
    if (inner) return inner;
  }
  return null;
}
const URI_COMPONENTS_ROOT = /^(fromHttpUrl|fromUriString|fromPath|fromUri|fromHttpRequest|newInstance)$/;
const URI_COMPONENTS_CHAIN = /\b(UriComponentsBuilder|ServletUriComponentsBuilder|UriBuilder)\b|\.(fromHttpUrl|fromUriString)\s*\(/;

/**
 * Strings the code builds with a library's builder, read the way the language runs them: Python's
 * `string.Template(…).substitute(k=v)`, Ruby's `URI::HTTPS.build(host:, path:)`, Java's
 * `MessageFormat.format("{0}/…", a)`, Spring's `UriComponentsBuilder.fromHttpUrl(b).path(p).buildAndExpand(id)`,
 * Kotlin's `buildString { append(…) }`, Java's `new StringBuilder(a).append(b)`, Go's `strings.Builder`
 * (`b.WriteString(…)` … `b.String()`) and `url.URL{Scheme:, Host:, Path:}`. Null for anything else.
 */
function builtString(n: SyntaxNode, ctx: EvalContext, depth: number): Value[] | null {
  const d = ctx.d;
  const ev = (a: SyntaxNode) => evaluate(a, ctx, depth + 1);
  const lit = (text: string): Value[] => [[{ text, dynamic: false }]];
  // Go: `url.URL{Scheme: "https", Host: h, Path: p, RawQuery: q}` (also `&url.URL{…}`)
  if (d === go && n.type === 'composite_literal' && /^(url\.URL)$/.test(n.childForFieldName('type')?.text ?? '')) {
    const fields = new Map<string, SyntaxNode>();
    for (const e of n.childForFieldName('body')?.namedChildren ?? []) {
      if (e.type !== 'keyed_element' || e.namedChildCount < 2) continue;
      const v = e.namedChildren.at(-1)!;
      fields.set(e.namedChild(0)!.text, v.type === 'literal_element' ? (v.namedChild(0) ?? v) : v);
    }
    const path = fields.get('Path');
    if (!path) return null;
    let out: Value[] = [[]];
    const scheme = fields.get('Scheme');
    const host = fields.get('Host');
    if (host) out = cross(cross(cross(out, scheme ? ev(scheme) : lit('https')), lit('://')), ev(host));
    // (a path without its leading slash is written with one: `URL.String()` adds it after a host)
    out = cross(out, ev(path).map((v) => (host && v[0] && !v[0].dynamic && !v[0].text.startsWith('/') ? [{ text: '/', dynamic: false } as Part, ...v] : v)));
    const q = fields.get('RawQuery');
    if (q) out = cross(cross(out, lit('?')), ev(q));
    return out.map(collapseSlashes).slice(0, MAX_ALTS);
  }
  if (d === go && n.type === 'unary_expression' && n.namedChild(0)?.type === 'composite_literal' && /^&/.test(n.text)) {
    const inner = builtString(n.namedChild(0)!, ctx, depth + 1);
    if (inner) return inner;
  }
  // Kotlin: `buildString { append(a); append(b) }` (and `StringBuilder().apply { append(…) }`)
  if (d !== go && n.type === 'call_expression' && /^(buildString)$/.test(n.namedChild(0)?.text ?? '')) {
    const lambda = n.descendantsOfType('lambda_literal')[0];
    const stmts = lambda?.namedChildren.find((c) => c.type === 'statements');
    if (!stmts) return null;
    let out: Value[] = [[]];
    for (const st of stmts.namedChildren) {
      const c = d.call(st);
      if (!c || !/^(append|appendLine)$/.test(c.name) || c.receiver !== '' || c.args.length !== 1) return null;
      out = cross(out, ev(c.args[0]!));
    }
    return out.map(collapseSlashes);
  }
  const call = d.call(n);
  if (!call) return null;
  // Go: `b.String()` of a strings.Builder / bytes.Buffer filled by `b.WriteString(…)` (and `fmt.Fprintf(&b, …)`) before it
  if (d === go && call.name === 'String' && call.args.length === 0 && /^\w+$/.test(call.receiver)) {
    const fn = enclosingFunction(d, n);
    const name = call.receiver;
    if (!fn || !new RegExp(`\\b${name}\\s+(?:strings\\.Builder|bytes\\.Buffer)\\b|\\b${name}\\s*:?=\\s*(?:&|new\\()\\s*(?:strings\\.Builder|bytes\\.Buffer)`).test(fn.text)) return null;
    let out: Value[] = [[]];
    let any = false;
    for (const w of fn.descendantsOfType('call_expression')) {
      if (w.startIndex >= n.startIndex) break;
      const c = d.call(w);
      if (!c) continue;
      if (c.receiver === name && /^(WriteString|WriteByte|WriteRune|Write)$/.test(c.name) && c.args.length === 1) {
        const a = c.args[0]!;
        // a byte or rune literal: its character
        const ch = /^'(.)'$/.exec(a.text)?.[1];
        out = cross(out, ch ? lit(ch) : ev(a));
        any = true;
      } else if (c.receiver === 'fmt' && c.name === 'Fprintf' && c.args[0]?.text.replace(/^&/, '') === name && c.args[1]) {
        out = cross(out, applyFormat(ev(c.args[1]), c.args.slice(2), ctx, depth));
        any = true;
      } else if (c.receiver === name && c.name === 'Reset') {
        out = [[]];
      }
    }
    return any ? out.map(collapseSlashes).slice(0, MAX_ALTS) : null;
  }
  // Python: `Template(s)` is its template; `t.substitute(k=v)` / `safe_substitute` fills `$k` and `${k}`
  if (d === python) {
    if (call.name === 'Template' && /^(string|)$/.test(call.receiver) && call.args.length === 1) return ev(call.args[0]!);
    if (/^(substitute|safe_substitute)$/.test(call.name) && call.receiver) {
      const recv = receiverNode(n);
      if (!recv) return null;
      const named = new Map(call.kwargs);
      const dict = call.args[0];
      if (dict?.type === 'dictionary') for (const pr of dict.namedChildren) if (pr.type === 'pair') named.set(pr.childForFieldName('key')!.text.replace(/^['"]|['"]$/g, ''), pr.childForFieldName('value')!);
      const out: Value[] = [];
      for (const t of ev(recv)) {
        let alts: Value[] = [[]];
        for (const p of t) {
          if (p.dynamic) {
            alts = alts.map((v) => [...v, p]);
            continue;
          }
          let at = 0;
          const re = /\$(?:(\w+)|\{(\w+)\}|\$)/g;
          for (let m = re.exec(p.text); m; m = re.exec(p.text)) {
            const before = p.text.slice(at, m.index) + (m[0] === '$$' ? '$' : '');
            if (before) alts = alts.map((v) => [...v, { ...p, text: before }]);
            const key = m[1] ?? m[2];
            if (key) {
              const a = named.get(key);
              alts = a ? cross(alts, ev(a)) : alts.map((v) => [...v, dyn(key)]);
            }
            at = m.index + m[0].length;
          }
          const rest = p.text.slice(at);
          if (rest) alts = alts.map((v) => [...v, { ...p, text: rest }]);
        }
        out.push(...alts);
      }
      return out.slice(0, MAX_ALTS);
    }
  }
  // Ruby: `URI::HTTPS.build(host: h, path: p, query: q)`, `URI::HTTP.build(…)`
  if (d === ruby && call.name === 'build' && /^URI::HTTPS?$/.test(call.receiver)) {
    const host = call.kwargs.get('host');
    const path = call.kwargs.get('path');
    if (!path) return null;
    let out: Value[] = host ? cross(lit(`${call.receiver.endsWith('S') ? 'https' : 'http'}://`), ev(host)) : [[]];
    out = cross(out, ev(path));
    const q = call.kwargs.get('query');
    if (q) out = cross(cross(out, lit('?')), ev(q));
    return out.map(collapseSlashes);
  }
  // Java / Kotlin: `MessageFormat.format("{0}/helpdesk/tickets/{1}.json", base, id)`
  if (call.name === 'format' && /^(java\.text\.)?MessageFormat$/.test(call.receiver) && call.args.length >= 1) {
    return applyFormat(ev(call.args[0]!).map((v) => v.map((p) => (p.dynamic ? p : { ...p, text: p.text.replace(/''/g, "'") }))), call.args.slice(1), ctx, depth);
  }
  // Java: `new StringBuilder(a).append(b).append(c)` (its `toString()` reads the builder's value)
  if (call.name === 'append' && call.args.length === 1 && /^(new\s+)?StringBuilder\s*\(/.test(call.receiver.trim())) {
    const recv = receiverNode(n) ?? n.namedChild(0)?.namedChild(0) ?? null;
    if (!recv) return null;
    return cross(ev(recv), ev(call.args[0]!)).map(collapseSlashes);
  }
  if (call.isNew && call.name === 'StringBuilder' && call.args.length <= 1) return call.args[0] && !/^\d+$/.test(call.args[0].text) ? ev(call.args[0]) : [[]];
  // Spring's UriComponentsBuilder (and JAX-RS UriBuilder): the root's URL, `.path()` below appends,
  // `.queryParam(k, v)` adds a parameter, `buildAndExpand(a, b)` fills the `{…}` holes in order
  if (URI_COMPONENTS_CHAIN.test(n.text) && d.pathSegments) {
    if (URI_COMPONENTS_ROOT.test(call.name) && /UriComponentsBuilder|UriBuilder$/.test(call.receiver)) return call.args[0] ? ev(call.args[0]) : [[]];
    const recv = receiverNode(n) ?? (n.namedChild(0)?.type === 'navigation_expression' ? n.namedChild(0)!.namedChild(0) : null);
    if (!recv) return null;
    if (/^(build|toUri|toUriString|encode|normalize|toUriComponents)$/.test(call.name) && call.args.length <= 1) return ev(recv);
    if (call.name === 'queryParam' && call.args.length === 2) {
      const base = ev(recv);
      const sep = base.some((v) => v.some((p) => !p.dynamic && p.text.includes('?'))) ? '&' : '?';
      return cross(cross(cross(cross(base, lit(sep)), ev(call.args[0]!)), lit('=')), ev(call.args[1]!));
    }
    if (/^(buildAndExpand|expand)$/.test(call.name)) {
      const vals = call.args.map((a) => ev(a));
      let i = 0;
      const out: Value[] = [];
      for (const t of ev(recv)) {
        let alts: Value[] = [[]];
        for (const p of t) {
          const m = p.dynamic ? null : p.text.split(/(\{\w+\})/);
          if (!m) {
            alts = alts.map((v) => [...v, p]);
            continue;
          }
          for (const piece of m) {
            if (!piece) continue;
            if (/^\{\w+\}$/.test(piece) && vals[i]) alts = cross(alts, vals[i++]!);
            else alts = alts.map((v) => [...v, { ...p, text: piece }]);
          }
        }
        out.push(...alts);
      }
      return out.slice(0, MAX_ALTS);
    }
  }
  return null;
}
