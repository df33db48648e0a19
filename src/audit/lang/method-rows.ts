/**
 * A request whose method and path come from the same entry of a table (a dispatch table): Python
 * `OPS = {"add_note": ("POST", "/helpdesk/tickets/{tid}/conversations/note.json")}` …
 * `method, path = OPS[op]; s.request(method, BASE + path)`, Ruby `ENDPOINTS = { user_delete: [:delete,
 * ->(id) { "…/contacts/#{id}.json" }] }` … `verb, url = ENDPOINTS.fetch(op)` or `{ verb: :put, path: … }`
 * read as `ep[:verb]`/`ep[:path]`, Go `map[string]op{"x": {http.MethodPost, "/…"}}` … `o := ops[name];
 * http.NewRequest(o.method, base+o.path, nil)`, also in a loop over the table (`for m, p in ROUTES`,
 * `for _, r := range routes`). Each entry is one request: its own method with its own path, so the
 * site is the entry's, with that method.
 */
import type { HttpMethod } from '../../catalogue/index.ts';
import type { CallView } from './dialects.ts';
import type { SyntaxNode } from './grammars.ts';
import { evaluate, receiverNode, type EvalContext, type Value } from './evaluate.ts';
import { field, named } from './syntax-helpers.ts';

export interface MethodRow {
  /** The table's entry (where the site is reported). */
  node: SyntaxNode;
  method: HttpMethod | null;
  /** The names and reads (`path`, `o.path`, `ep[:path]`) that hold the entry's cells. */
  bound: Map<string, Value[]>;
}

interface Cell {
  key?: string;
  node: SyntaxNode;
}

const METHOD_ARGS = ['method', 'verb', 'Method', 'http_method', 'httpMethod'];
const LOOKUP_CALL = /^(fetch|get|dig)$/;

const words = (s: string): string[] => [...(s.match(/[A-Za-z_]\w*/g) ?? [])];

/** The method written in a cell: a word (`"PUT"`, `:put`) or a named constant (`http.MethodPost`, `HttpMethod.PUT`). */
function cellMethod(n: SyntaxNode): HttpMethod | null {
  const t = n.text.replace(/^[:'"`]+|['"`]+$/g, '');
  const m = /^(?:GET|POST|PUT|DELETE|PATCH|get|post|put|delete|patch|Get|Post|Put|Delete|Patch)$/.test(t)
    ? t
    : (/^(?:[\w.]*\.)?Method(Get|Post|Put|Delete|Patch)$|^(?:[\w.]*\.)?(?:HttpMethod|Method|HTTPMethod)\.(\w+)$/.exec(t)?.slice(1).find(Boolean) ?? null);
  const up = m?.toUpperCase();
  return up && ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(up) ? (up as HttpMethod) : null;
}

function unwrap(ctx: EvalContext, n: SyntaxNode): SyntaxNode {
  let x = n;
  while (x.namedChildCount === 1 && (ctx.d.transparent.has(x.type) || /^(literal_element|argument)$/.test(x.type))) x = x.namedChild(0)!;
  return x;
}

/** The table literal a name, a `.freeze`d literal or `.items()`/`.values()` of one stands for. */
function tableLiteral(n: SyntaxNode, ctx: EvalContext, depth = 0): SyntaxNode | null {
  if (depth > 4) return null;
  const x = unwrap(ctx, n);
  const c = ctx.d.call(x);
  if (c && c.args.length === 0 && /^(freeze|dup|items|values|iteritems|itervalues|each_value|each_pair|each|to_a|entries)$/.test(c.name)) {
    const r = receiverNode(x);
    return r ? tableLiteral(r, ctx, depth + 1) : null;
  }
  const ref = ctx.d.nameOf(x);
  if (ref) {
    const def = ctx.defs.byName.get(ref.name)?.find((v) => v.scope === -1) ?? ctx.defs.byName.get(ref.name)?.[0];
    if (def) return tableLiteral(def.value, ctx, depth + 1);
    return null;
  }
  if (x.type === 'expression_list' && x.namedChildCount === 1) return tableLiteral(x.namedChild(0)!, ctx, depth + 1);
  return /^(dictionary|hash|list|tuple|array|composite_literal)$/.test(x.type) ? x : null;
}

/** The entries (rows) of a table literal. */
function rowsOf(t: SyntaxNode): SyntaxNode[] {
  if (t.type === 'composite_literal') {
    const body = field(t, 'body');
    return named(body).map((e) => {
      const v = e.type === 'keyed_element' ? e.namedChildren.at(-1)! : e;
      return v.type === 'literal_element' ? (v.namedChild(0) ?? v) : v;
    });
  }
  return named(t).map((e) => (e.type === 'pair' ? (field(e, 'value') ?? e.namedChildren.at(-1)!) : e));
}

/** Go: the field names of the struct type a table's entries have (`type op struct{ method, path string }`). */
function structFields(t: SyntaxNode, row: SyntaxNode): string[] {
  const typeNode = (row.type === 'composite_literal' ? field(row, 'type') : null) ?? field(t, 'type');
  const elem = typeNode?.type === 'map_type' ? field(typeNode, 'value') : /^(slice_type|array_type|implicit_length_array_type)$/.test(typeNode?.type ?? '') ? field(typeNode!, 'element') : typeNode;
  const name = elem?.text.replace(/^\*/, '');
  if (!name) return [];
  for (const spec of t.tree.rootNode.descendantsOfType('type_spec')) {
    if (field(spec, 'name')?.text !== name) continue;
    const st = field(spec, 'type');
    if (st?.type !== 'struct_type') return [];
    const list = st.namedChildren.find((c) => c.type === 'field_declaration_list') ?? null;
    return named(list).flatMap((fd) => fd.namedChildren.filter((c) => c.type === 'field_identifier').map((c) => c.text));
  }
  return [];
}

/** The cells of one entry: positional (a tuple, an array, a positional struct) or keyed (a hash, a dict, `{Method: …}`). */
function cellsOf(t: SyntaxNode, row: SyntaxNode): Cell[] {
  let r = row;
  if (r.type === 'unary_expression') r = r.namedChild(0) ?? r; // Go `&op{…}`
  if (r.type === 'composite_literal' || r.type === 'literal_value') {
    const body = r.type === 'composite_literal' ? field(r, 'body') : r;
    const fields = structFields(t, r);
    return named(body).map((e, i) => {
      if (e.type === 'keyed_element') return { key: e.namedChild(0)!.text, node: unwrapElement(e.namedChildren.at(-1)!) };
      return { key: fields[i], node: unwrapElement(e) };
    });
  }
  if (/^(tuple|list|array)$/.test(r.type)) return named(r).map((node) => ({ node }));
  if (/^(dictionary|hash)$/.test(r.type)) {
    return named(r)
      .filter((p) => p.type === 'pair')
      .map((p) => ({ key: (field(p, 'key') ?? p.namedChild(0)!).text.replace(/^[:'"]|[:'"]$/g, ''), node: field(p, 'value') ?? p.namedChildren.at(-1)! }));
  }
  return [];
}

const unwrapElement = (e: SyntaxNode) => (e.type === 'literal_element' ? (e.namedChild(0) ?? e) : e);

/** The reads of an entry's cells through a variable holding the entry: `o.path`, `ep[:path]`, `r["path"]`, `r[1]`. */
function recordReads(v: string, cells: Cell[], values: (c: Cell) => Value[]): Map<string, Value[]> {
  const m = new Map<string, Value[]>();
  cells.forEach((c, i) => {
    m.set(`${v}[${i}]`, values(c));
    if (!c.key) return;
    for (const k of [`${v}.${c.key}`, `${v}[:${c.key}]`, `${v}["${c.key}"]`, `${v}['${c.key}']`, `${v}.fetch(:${c.key})`, `${v}.fetch("${c.key}")`, `${v}.fetch('${c.key}')`, `${v}.get("${c.key}")`, `${v}.get('${c.key}')`]) m.set(k, values(c));
  });
  return m;
}

/** Where the names of the call's method argument come from: an entry read out of a table before the call, or a loop over it. */
interface Source {
  table: SyntaxNode;
  /** Destructured: the names by position (`method, path = OPS[op]`); else the variable holding the entry. */
  names?: string[];
  record?: string;
}

function sourceOf(name: string, call: SyntaxNode, ctx: EvalContext): Source | null {
  // an assignment before the call in the same function: `method, path = OPS[op]`, `o := ops[name]`
  let scope: SyntaxNode | null = call.parent;
  while (scope && !ctx.d.fn(scope) && scope.parent) scope = scope.parent;
  if (!scope) return null;
  let found: Source | null = null;
  for (const a of scope.descendantsOfType(['assignment', 'short_var_declaration', 'assignment_statement', 'var_spec'])) {
    if (a.startIndex >= call.startIndex) break;
    const left = field(a, 'left') ?? a.namedChildren.find((c) => c.type === 'identifier') ?? null;
    const right = field(a, 'right') ?? field(a, 'value');
    if (!left || !right) continue;
    const names = left.type === 'identifier' ? [left.text] : named(left).map((x) => x.text);
    if (!names.includes(name)) continue;
    let value = right;
    if (value.type === 'expression_list' && value.namedChildCount === 1) value = value.namedChild(0)!;
    const table = lookedUpTable(value, ctx);
    if (!table) {
      found = null;
      continue;
    }
    found = names.length > 1 ? { table, names } : { table, record: name };
  }
  if (found) return found;
  // a loop over the table the call is inside: `for method, path in OPS.values()`, `for _, r := range routes`,
  // `ROUTES.each do |name, (verb, path)|`
  for (let p = call.parent; p; p = p.parent) {
    let names: string[] | null = null;
    let collection: SyntaxNode | null = null;
    let pairs = false;
    if (p.type === 'for_statement') {
      const range = p.namedChildren.find((c) => c.type === 'range_clause');
      if (range) {
        names = named(field(range, 'left')).map((x) => x.text);
        collection = field(range, 'right');
        pairs = true; // Go: `for k, v := range m` / `for i, v := range s`: the second is the entry
      }
    }
    const lb = !names ? ctx.d.loopBinding?.(p) : null;
    if (lb) {
      names = lb.names;
      collection = lb.collection;
      // a hash walked with two block variables, a dict's `.items()`: key then entry
    }
    if (!names || !collection) continue;
    const table = tableLiteral(collection, ctx);
    if (!table) continue;
    const keyed = table.type === 'hash' || /\.(items|iteritems)\(\)$/.test(collection.text) || (table.type === 'composite_literal' && field(table, 'type')?.type === 'map_type');
    const entryAt = pairs || (keyed && names.length >= 2) ? 1 : 0;
    // Python's `for m, p in ROUTES` over a list of pairs: the names are the entry's cells
    if (names.length >= 2 && entryAt === 0 && words(names.join(' ')).includes(name)) return { table, names: names.map((x) => x.replace(/[|()\s]/g, '')) };
    const entry = names[entryAt];
    if (!entry) continue;
    if (/[(,]/.test(entry) && words(entry).includes(name)) return { table, names: words(entry) };
    if (entry.replace(/^[|&*]/, '') === name) return { table, record: name };
  }
  return null;
}

/** The table an expression reads one entry of: `OPS[op]`, `ops[name]`, `ENDPOINTS.fetch(op)`, `ROUTES.get(name)`. */
function lookedUpTable(value: SyntaxNode, ctx: EvalContext): SyntaxNode | null {
  const x = unwrap(ctx, value);
  if (/^(subscript|element_reference|index_expression)$/.test(x.type)) {
    const t = field(x, 'value') ?? field(x, 'object') ?? field(x, 'operand') ?? x.namedChild(0);
    return t ? tableLiteral(t, ctx) : null;
  }
  const c = ctx.d.call(x);
  if (c && LOOKUP_CALL.test(c.name) && c.args.length >= 1) {
    const r = receiverNode(x);
    return r ? tableLiteral(r, ctx) : null;
  }
  return null;
}

/**
 * The entries a request is made of when its method argument reads a table's entry: one per entry,
 * with the entry's method and the names that hold its cells bound. Null when the method is not such a read.
 */
export function methodRows(c: CallView, ctx: EvalContext): MethodRow[] | null {
  const candidates = [...c.args.slice(0, 2), ...METHOD_ARGS.map((k) => c.kwargs.get(k))].filter((a): a is SyntaxNode => !!a);
  for (const raw of candidates) {
    const a = unwrap(ctx, raw);
    const text = a.text.replace(/\s+/g, '');
    const root = /^[$@]?([A-Za-z_]\w*)(?:$|\.|\[)/.exec(text)?.[1];
    if (!root || cellMethod(a)) continue;
    const src = sourceOf(root, c.node, ctx);
    if (!src) continue;
    const t = src.table;
    const rows: MethodRow[] = [];
    for (const row of rowsOf(t)) {
      const cells = cellsOf(t, row);
      if (!cells.length) continue;
      const values = (cell: Cell) => evaluate(cell.node, ctx);
      let bound: Map<string, Value[]>;
      let methodCell: Cell | undefined;
      if (src.names) {
        bound = new Map();
        src.names.forEach((n, i) => {
          if (cells[i] && n !== '_') bound.set(n, values(cells[i]!));
        });
        methodCell = text === root ? cells[src.names.indexOf(root)] : undefined;
      } else {
        bound = recordReads(src.record!, cells, values);
        methodCell = cells.find((cell, i) => [`${root}.${cell.key}`, `${root}[:${cell.key}]`, `${root}["${cell.key}"]`, `${root}['${cell.key}']`, `${root}[${i}]`, `${root}.fetch(:${cell.key})`].includes(text));
      }
      if (!methodCell) break;
      rows.push({ node: row, method: cellMethod(methodCell.node), bound });
    }
    if (rows.some((r) => r.method)) return rows;
  }
  return null;
}
