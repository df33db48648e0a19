/** The Go syntax tree as the shared evaluator reads it (node types of the tree-sitter-wasms grammar). */
import type { Dialect } from './dialects.ts';
import { field, named, binary } from './syntax-helpers.ts';

export const go: Dialect = {
  strings: new Set(['interpreted_string_literal', 'raw_string_literal']),
  isHole: () => false,
  concat: (n) => binary(n, ['binary_expression'], ['+']),
  format(n) {
    const c = go.call(n);
    if (c && /^(Sprintf|Errorf)$/.test(c.name) && c.receiver === 'fmt' && c.args.length) return { template: c.args[0]!, args: c.args.slice(1) };
    return null;
  },
  call(n) {
    if (n.type !== 'call_expression') return null;
    const f = field(n, 'function')!;
    const name = f.type === 'selector_expression' ? field(f, 'field')!.text : f.text;
    return { node: n, name, receiver: f.type === 'selector_expression' ? field(f, 'operand')!.text : '', args: named(field(n, 'arguments')), kwargs: new Map(), isNew: false };
  },
  defs(n) {
    if (n.type === 'const_spec' || n.type === 'var_spec') {
      const names = n.namedChildren.filter((c) => c.type === 'identifier');
      const values = named(field(n, 'value'));
      return names.flatMap((nm, i) => (values[i] ? [{ name: nm.text, value: values[i]!, member: n.parent?.parent?.type === 'source_file' || n.parent?.type === 'source_file' }] : []));
    }
    if (n.type === 'short_var_declaration' || n.type === 'assignment_statement') {
      const l = named(field(n, 'left'));
      const r = named(field(n, 'right'));
      // `u.Path = path.Join(u.Path, "helpdesk/tickets.json")`: a new value of the URL `u` (see urlPathSet in evaluate.ts)
      if (l.length === 1 && r.length === 1 && l[0]!.type === 'selector_expression' && /^(Path|RawPath)$/.test(field(l[0]!, 'field')!.text) && field(l[0]!, 'operand')!.type === 'identifier') {
        return [{ name: field(l[0]!, 'operand')!.text, value: n, member: false }];
      }
      if (l.length === r.length) return l.flatMap((x, i) => (x.type === 'identifier' ? [{ name: x.text, value: r[i]!, member: false }] : []));
      // `u, err := url.JoinPath(base, …)`: a call's first result is the value, the second its error
      if (l.length === 2 && r.length === 1 && r[0]!.type === 'call_expression' && l[0]!.type === 'identifier') return [{ name: l[0]!.text, value: r[0]!, member: false }];
    }
    return [];
  },
  fn(n) {
    if (n.type !== 'function_declaration' && n.type !== 'method_declaration') return null;
    const params = named(field(n, 'parameters')).flatMap((p) => p.namedChildren.filter((c) => c.type === 'identifier').map((c) => c.text));
    return { name: field(n, 'name')!.text, params, body: field(n, 'body') ?? n };
  },
  nameOf(n) {
    if (n.type === 'identifier') return { name: n.text, member: false };
    if (n.type === 'selector_expression') return { name: field(n, 'field')!.text, member: true };
    return null;
  },
  transparent: new Set(['parenthesized_expression']),
  comment: new Set(['comment']),
  kinds: { call: new Set(['call_expression']), fn: new Set(['function_declaration', 'method_declaration']), def: new Set(['const_spec', 'var_spec', 'short_var_declaration', 'assignment_statement']), loop: new Set([]) },
};
