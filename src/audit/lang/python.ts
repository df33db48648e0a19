/** The Python syntax tree as the shared evaluator reads it (node types of the tree-sitter-wasms grammar). */
import type { Dialect } from './dialects.ts';
import type { SyntaxNode } from './grammars.ts';
import { field, named, binary, operatorOf } from './syntax-helpers.ts';

export const python: Dialect = {
  strings: new Set(['string']),
  isHole: (c) => c.type === 'interpolation',
  concat: (n) => binary(n, ['binary_operator'], ['+']) ?? (n.type === 'concatenated_string' && n.namedChildCount >= 2 ? [n.namedChild(0)!, n.namedChild(n.namedChildCount - 1)!] : null),
  // (str / str is no Python: a `/` with a string on one side joins a yarl URL or a pathlib path)
  pathJoin: (n) => binary(n, ['binary_operator'], ['/']),
  format(n) {
    if (n.type === 'binary_operator' && operatorOf(n) === '%') {
      const r = field(n, 'right')!;
      // the mapping form: `"%(id)d" % {"id": i}`, `% dict(id=i)`; `% locals()` / `% vars()` leave the holes named
      const byKey = mappingOf(r);
      if (byKey) return { template: field(n, 'left')!, args: [], named: byKey };
      return { template: field(n, 'left')!, args: r.type === 'tuple' ? named(r) : [r] };
    }
    if (n.type === 'call') {
      const f = field(n, 'function');
      // `"…{id}…".format(id=i)`, and on a value that holds the template (`ENDPOINTS["ticket"].format(id=i)`,
      // `TICKET_URL.format(i)`): str.format is the only `format` method a URL template has
      const obj = f?.type === 'attribute' && field(f, 'attribute')?.text === 'format' ? field(f, 'object') : null;
      if (obj && /^(string|subscript|identifier|attribute|concatenated_string|parenthesized_expression)$/.test(obj.type)) {
        const all = named(field(n, 'arguments'));
        const kw = new Map(all.filter((a) => a.type === 'keyword_argument').map((a) => [field(a, 'name')!.text, field(a, 'value')!] as const));
        return { template: obj, args: all.filter((a) => a.type !== 'keyword_argument' && !/splat/.test(a.type)), named: kw };
      }
    }
    return null;
  },
  call(n) {
    if (n.type !== 'call') return null;
    const f = field(n, 'function')!;
    const args: SyntaxNode[] = [];
    const kwargs = new Map<string, SyntaxNode>();
    for (const a of named(field(n, 'arguments'))) {
      if (a.type === 'keyword_argument') kwargs.set(field(a, 'name')!.text, field(a, 'value')!);
      else args.push(a);
    }
    const name = f.type === 'attribute' ? field(f, 'attribute')!.text : f.text;
    return { node: n, name, receiver: f.type === 'attribute' ? field(f, 'object')!.text : '', args, kwargs, isNew: false };
  },
  defs(n) {
    // `with httpx.Client(base_url=…) as c:`: `c` is the client the with-statement made
    if (n.type === 'as_pattern') {
      const value = n.namedChild(0);
      const alias = field(n, 'alias')?.namedChild(0);
      return value && alias?.type === 'identifier' && n.parent?.type === 'with_item' ? [{ name: alias.text, value, member: false }] : [];
    }
    if (n.type !== 'assignment') return [];
    const l = field(n, 'left');
    const r = field(n, 'right');
    if (!l || !r) return [];
    if (l.type === 'identifier') return [{ name: l.text, value: r, member: false }];
    if (l.type === 'attribute' && /^(self|cls)$/.test(field(l, 'object')!.text)) return [{ name: field(l, 'attribute')!.text, value: r, member: true }];
    return [];
  },
  fn(n) {
    if (n.type !== 'function_definition') return null;
    const params = named(field(n, 'parameters')).map((p) => (p.type === 'identifier' ? p.text : (field(p, 'name')?.text ?? p.namedChild(0)?.text ?? ''))).filter((p) => p !== 'self' && p !== 'cls');
    return { name: field(n, 'name')!.text, params, body: field(n, 'body')! };
  },
  nameOf(n) {
    if (n.type === 'identifier') return { name: n.text, member: false };
    if (n.type === 'attribute') {
      const o = field(n, 'object')!.text;
      return { name: field(n, 'attribute')!.text, member: /^(self|cls)$/.test(o) || /^[A-Z]/.test(o) };
    }
    return null;
  },
  transparent: new Set(['parenthesized_expression', 'expression_statement', 'await']),
  loopBinding(n) {
    if (n.type !== 'for_statement') return null;
    const l = field(n, 'left')!;
    return { names: l.type === 'identifier' ? [l.text] : named(l).map((x) => x.text), collection: field(n, 'right')! };
  },
  comment: new Set(['comment']),
  kinds: { call: new Set(['call']), fn: new Set(['function_definition']), def: new Set(['assignment', 'as_pattern']), loop: new Set(['for_statement']) },
};

/** The names and values of a `%` mapping: a dict literal with string keys or `dict(k=v)`; an empty map for `locals()`/`vars()`. */
function mappingOf(r: SyntaxNode): Map<string, SyntaxNode> | null {
  if (r.type === 'dictionary') {
    const out = new Map<string, SyntaxNode>();
    for (const p of named(r)) {
      const k = field(p, 'key');
      const v = field(p, 'value');
      if (p.type === 'pair' && k?.type === 'string' && v) out.set(k.text.replace(/^[a-zA-Z]*['"]|['"]$/g, ''), v);
    }
    return out;
  }
  if (r.type === 'call' && /^(dict|locals|vars)$/.test(field(r, 'function')?.text ?? '')) {
    return new Map(named(field(r, 'arguments')).filter((a) => a.type === 'keyword_argument').map((a) => [field(a, 'name')!.text, field(a, 'value')!] as const));
  }
  return null;
}
