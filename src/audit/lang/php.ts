/** The PHP syntax tree as the shared evaluator reads it (node types of the tree-sitter-wasms grammar). */
import type { Dialect } from './dialects.ts';
import { field, named, lastName, binary } from './syntax-helpers.ts';

export const php: Dialect = {
  strings: new Set(['string', 'encapsed_string', 'heredoc', 'nowdoc']),
  isHole: (c) => /variable_name|member_access_expression|subscript_expression|dynamic_variable_name|^expression$/.test(c.type),
  concat: (n) => binary(n, ['binary_expression'], ['.']),
  format(n) {
    if (n.type === 'function_call_expression' && /^(sprintf|vsprintf)$/i.test(field(n, 'function')?.text ?? '')) {
      const a = named(field(n, 'arguments')).map((x) => (x.type === 'argument' ? x.namedChild(0)! : x));
      if (a.length) return { template: a[0]!, args: a.slice(1) };
    }
    return null;
  },
  call(n) {
    const t = n.type;
    if (!/^(function_call_expression|member_call_expression|scoped_call_expression|nullsafe_member_call_expression|object_creation_expression)$/.test(t)) return null;
    const args = named(field(n, 'arguments') ?? n.namedChildren.find((c) => c.type === 'arguments') ?? null).map((x) => (x.type === 'argument' ? (x.namedChildren.at(-1) ?? x) : x));
    if (t === 'object_creation_expression') {
      const cls = n.namedChildren.find((c) => /name|qualified_name/.test(c.type));
      return { node: n, name: lastName(cls?.text ?? ''), receiver: '', args, kwargs: new Map(), isNew: true };
    }
    if (t === 'function_call_expression') return { node: n, name: lastName(field(n, 'function')!.text), receiver: '', args, kwargs: new Map(), isNew: false };
    return { node: n, name: field(n, 'name')!.text, receiver: (field(n, 'object') ?? field(n, 'scope'))?.text ?? '', args, kwargs: new Map(), isNew: false };
  },
  defs(n) {
    if (n.type === 'const_element') {
      const name = n.namedChildren.find((c) => c.type === 'name');
      const value = n.namedChildren.at(-1);
      return name && value && value.startIndex !== name.startIndex ? [{ name: name.text, value, member: true }] : [];
    }
    if (n.type === 'property_element') {
      const v = n.namedChildren.find((c) => c.type === 'variable_name');
      const init = n.namedChildren.find((c) => c.type === 'property_initializer')?.namedChild(0);
      return v && init ? [{ name: v.text.replace(/^\$/, ''), value: init, member: true }] : [];
    }
    if (n.type === 'assignment_expression') {
      const l = field(n, 'left')!;
      const r = field(n, 'right')!;
      if (l.type === 'variable_name') return [{ name: l.text.replace(/^\$/, ''), value: r, member: false }];
      if (l.type === 'member_access_expression' && field(l, 'object')?.text === '$this') return [{ name: field(l, 'name')!.text, value: r, member: true }];
    }
    if (n.type === 'function_call_expression' && /^define$/i.test(field(n, 'function')?.text ?? '')) {
      const a = named(field(n, 'arguments')).map((x) => x.namedChild(0)!);
      if (a.length === 2 && a[0]!.type.includes('string')) return [{ name: a[0]!.text.slice(1, -1), value: a[1]!, member: true }];
    }
    return [];
  },
  fn(n) {
    if (n.type !== 'method_declaration' && n.type !== 'function_definition') return null;
    const params = named(field(n, 'parameters')).map((p) => (field(p, 'name')?.text ?? '').replace(/^\$/, ''));
    return { name: field(n, 'name')!.text, params, body: field(n, 'body') ?? n };
  },
  nameOf(n) {
    if (n.type === 'variable_name') return { name: n.text.replace(/^\$/, ''), member: false };
    if (n.type === 'name') return { name: n.text, member: true };
    if (n.type === 'member_access_expression') return { name: field(n, 'name')?.text ?? lastName(n.text), member: true };
    if (n.type === 'class_constant_access_expression') return { name: n.namedChildren.at(-1)!.text, member: true };
    // a static property (`self::$submit_url`, `static::$base`, `Api::$url`): read like a class constant
    if (n.type === 'scoped_property_access_expression') return { name: n.namedChildren.at(-1)!.text.replace(/^\$/, ''), member: true };
    return null;
  },
  transparent: new Set(['parenthesized_expression', 'argument', 'expression_statement']),
  loopBinding(n) {
    if (n.type !== 'foreach_statement') return null;
    const kids = named(n);
    const pair = kids[1];
    if (!kids[0] || !pair) return null;
    const names = pair.type === 'pair' ? named(pair).map((x) => x.text.replace(/^\$/, '')) : [pair.text.replace(/^\$/, '')];
    return { names, collection: kids[0] };
  },
  comment: new Set(['comment']),
  kinds: { call: new Set(['function_call_expression', 'member_call_expression', 'scoped_call_expression', 'nullsafe_member_call_expression', 'object_creation_expression']), fn: new Set(['method_declaration', 'function_definition']), def: new Set(['const_element', 'property_element', 'assignment_expression', 'function_call_expression']), loop: new Set(['foreach_statement']) },
};
