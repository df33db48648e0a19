/** The Java syntax tree as the shared evaluator reads it (node types of the tree-sitter-wasms grammar). */
import type { Dialect } from './dialects.ts';
import { field, named, lastName, binary } from './syntax-helpers.ts';

export const java: Dialect = {
  strings: new Set(['string_literal', 'text_block']),
  isHole: () => false,
  concat: (n) => binary(n, ['binary_expression'], ['+']),
  format(n) {
    const c = java.call(n);
    if (c && /^(format|formatted)$/.test(c.name) && /^(String)$/.test(c.receiver) && c.args.length) return { template: c.args[0]!, args: c.args.slice(1) };
    return null;
  },
  call(n) {
    if (n.type === 'method_invocation') {
      return { node: n, name: field(n, 'name')!.text, receiver: field(n, 'object')?.text ?? '', args: named(field(n, 'arguments')), kwargs: new Map(), isNew: false };
    }
    if (n.type === 'object_creation_expression') {
      return { node: n, name: lastName(field(n, 'type')!.text.replace(/<.*$/, '')), receiver: '', args: named(field(n, 'arguments')), kwargs: new Map(), isNew: true };
    }
    return null;
  },
  defs(n) {
    if (n.type === 'variable_declarator') {
      const name = field(n, 'name');
      const v = field(n, 'value');
      return name && v ? [{ name: name.text, value: v, member: n.parent?.type === 'field_declaration' || n.parent?.type === 'constant_declaration' }] : [];
    }
    if (n.type === 'assignment_expression') {
      const l = field(n, 'left')!;
      const r = field(n, 'right')!;
      if (l.type === 'identifier') return [{ name: l.text, value: r, member: false }];
      if (l.type === 'field_access' && field(l, 'object')?.text === 'this') return [{ name: field(l, 'field')!.text, value: r, member: true }];
    }
    return [];
  },
  fn(n) {
    if (n.type !== 'method_declaration') return null;
    const params = named(field(n, 'parameters')).map((p) => field(p, 'name')?.text ?? '');
    return { name: field(n, 'name')!.text, params, body: field(n, 'body') ?? n };
  },
  nameOf(n) {
    if (n.type === 'identifier') return { name: n.text, member: false };
    if (n.type === 'field_access') {
      const o = field(n, 'object')!.text;
      return { name: field(n, 'field')!.text, member: o === 'this' || /^[A-Z]/.test(o) };
    }
    return null;
  },
  transparent: new Set(['parenthesized_expression', 'cast_expression']),
  pathSegments: true,
  comment: new Set(['line_comment', 'block_comment', 'comment']),
  kinds: { call: new Set(['method_invocation', 'object_creation_expression']), fn: new Set(['method_declaration']), def: new Set(['variable_declarator', 'assignment_expression']), loop: new Set([]) },
};
