/** The C# syntax tree as the shared evaluator reads it (node types of the tree-sitter-wasms grammar). */
import type { Dialect } from './dialects.ts';
import type { SyntaxNode } from './grammars.ts';
import { field, named, lastName, binary } from './syntax-helpers.ts';

export const csharp: Dialect = {
  strings: new Set(['string_literal', 'verbatim_string_literal', 'interpolated_string_expression', 'raw_string_literal']),
  isHole: (c) => c.type === 'interpolation',
  concat: (n) => binary(n, ['binary_expression'], ['+']),
  format(n) {
    const c = csharp.call(n);
    if (c && c.name === 'Format' && /^(string|String)$/.test(c.receiver) && c.args.length) return { template: c.args[0]!, args: c.args.slice(1) };
    return null;
  },
  call(n) {
    if (n.type === 'invocation_expression') {
      const f = field(n, 'function')!;
      const args = named(field(n, 'arguments')).map((a) => a.namedChildren.at(-1) ?? a);
      const name = f.type === 'member_access_expression' ? field(f, 'name')!.text : f.text;
      return { node: n, name: name.replace(/<.*$/, ''), receiver: f.type === 'member_access_expression' ? field(f, 'expression')!.text : '', args, kwargs: new Map(), isNew: false };
    }
    if (n.type === 'object_creation_expression') {
      const args = named(field(n, 'arguments')).map((a) => a.namedChildren.at(-1) ?? a);
      // an object initializer's properties (`new HttpRequestMessage { Method = HttpMethod.Put, RequestUri = … }`)
      const kwargs = new Map<string, SyntaxNode>();
      for (const a of n.namedChildren.find((c) => c.type === 'initializer_expression')?.namedChildren ?? []) {
        const l = a.type === 'assignment_expression' ? field(a, 'left') : null;
        const r = a.type === 'assignment_expression' ? field(a, 'right') : null;
        if (l?.type === 'identifier' && r) kwargs.set(l.text, r);
      }
      return { node: n, name: lastName(field(n, 'type')!.text), receiver: '', args, kwargs, isNew: true };
    }
    return null;
  },
  defs(n) {
    if (n.type === 'variable_declarator') {
      const id = n.namedChild(0);
      const v = n.namedChildren.find((c) => c.type === 'equals_value_clause')?.namedChild(0);
      const member = n.parent?.parent?.type === 'field_declaration';
      return id && v ? [{ name: id.text, value: v, member }] : [];
    }
    if (n.type === 'assignment_expression') {
      const l = field(n, 'left')!;
      const r = field(n, 'right')!;
      if (l.type === 'identifier') return [{ name: l.text, value: r, member: false }];
      if (l.type === 'member_access_expression' && field(l, 'expression')?.text === 'this') return [{ name: field(l, 'name')!.text, value: r, member: true }];
    }
    if (n.type === 'property_declaration') {
      const v = n.namedChildren.find((c) => c.type === 'equals_value_clause' || c.type === 'arrow_expression_clause')?.namedChild(0) ?? getterValue(n);
      const name = field(n, 'name');
      return v && name ? [{ name: name.text, value: v, member: true }] : [];
    }
    return [];
  },
  fn(n) {
    if (n.type !== 'method_declaration' && n.type !== 'local_function_statement') return null;
    const params = named(field(n, 'parameters')).map((p) => field(p, 'name')?.text ?? '');
    return { name: field(n, 'name')!.text, params, body: field(n, 'body') ?? n.namedChildren.find((c) => c.type === 'arrow_expression_clause') ?? n };
  },
  nameOf(n) {
    if (n.type === 'identifier') return { name: n.text, member: false };
    if (n.type === 'member_access_expression') {
      const e = field(n, 'expression')!.text;
      return { name: field(n, 'name')!.text, member: e === 'this' || /^[A-Z]/.test(e) };
    }
    return null;
  },
  transparent: new Set(['parenthesized_expression', 'argument', 'await_expression', 'arrow_expression_clause', 'cast_expression']),
  comment: new Set(['comment']),
  kinds: { call: new Set(['invocation_expression', 'object_creation_expression']), fn: new Set(['method_declaration', 'local_function_statement']), def: new Set(['variable_declarator', 'assignment_expression', 'property_declaration']), loop: new Set([]) },
};

/**
 * What a property's getter returns when that is all it does (`Uri X { get { return new Uri(…); } }`,
 * `{ get => … }`): the property's value, as for an expression-bodied property.
 */
function getterValue(n: SyntaxNode): SyntaxNode | null {
  const accessors = n.namedChildren.find((c) => c.type === 'accessor_list');
  const get = accessors?.namedChildren.find((c) => c.type === 'accessor_declaration' && /^get\b/.test(c.text));
  const body = get?.namedChildren.find((c) => c.type === 'block' || c.type === 'arrow_expression_clause');
  if (!body) return null;
  if (body.type === 'arrow_expression_clause') return body.namedChild(0);
  const statements = body.namedChildren.filter((c) => c.type !== 'comment');
  return statements.length === 1 && statements[0]!.type === 'return_statement' ? statements[0]!.namedChild(0) : null;
}
