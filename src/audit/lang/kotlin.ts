/** The Kotlin syntax tree as the shared evaluator reads it (node types of the tree-sitter-wasms grammar). */
import type { Dialect } from './dialects.ts';
import { named, binary } from './syntax-helpers.ts';

export const kotlin: Dialect = {
  strings: new Set(['string_literal', 'line_string_literal', 'multi_line_string_literal']),
  isHole: (c) => c.type === 'interpolated_identifier' || c.type === 'interpolated_expression',
  concat: (n) => binary(n, ['additive_expression'], ['+']),
  format(n) {
    // "...".format(a, b) and String.format("...", a)
    const c = kotlin.call(n);
    if (!c || c.name !== 'format') return null;
    const nav = n.namedChild(0);
    const target = nav?.namedChild(0);
    // the String extension on a literal or on a name holding the template (`TICKET.format(id)` with a
    // `const val TICKET`); `String.format(…)` below is the static form
    if (target && (kotlin.strings.has(target.type) || (target.type === 'simple_identifier' && target.text !== 'String') || (target.type === 'navigation_expression' && /^[A-Z]\w*\.[A-Z][A-Z0-9_]*$/.test(target.text)))) return { template: target, args: c.args };
    if (c.receiver === 'String' && c.args.length) return { template: c.args[0]!, args: c.args.slice(1) };
    return null;
  },
  call(n) {
    if (n.type !== 'call_expression') return null;
    const callee = n.namedChild(0)!;
    const suffix = n.namedChildren.find((c) => c.type === 'call_suffix');
    const args = named(suffix?.namedChildren.find((c) => c.type === 'value_arguments') ?? null).map((a) => a.namedChildren.at(-1) ?? a);
    if (callee.type === 'navigation_expression') {
      const nameNode = callee.namedChildren.at(-1)?.namedChildren.at(-1);
      return { node: n, name: nameNode?.text ?? '', receiver: callee.namedChild(0)?.text ?? '', args, kwargs: new Map(), isNew: false };
    }
    return { node: n, name: callee.text, receiver: '', args, kwargs: new Map(), isNew: /^[A-Z]/.test(callee.text) };
  },
  defs(n) {
    if (n.type !== 'property_declaration') return [];
    const v = n.namedChildren.find((c) => c.type === 'variable_declaration');
    const value = n.namedChildren.at(-1);
    const member = n.parent?.type === 'class_body' || n.parent?.type === 'source_file' || n.parent?.parent?.type === 'companion_object';
    return v && value && value.startIndex !== v.startIndex ? [{ name: v.namedChild(0)!.text, value, member }] : [];
  },
  fn(n) {
    if (n.type !== 'function_declaration') return null;
    const params = named(n.namedChildren.find((c) => c.type === 'function_value_parameters') ?? null).map((p) => p.namedChild(0)?.text ?? '');
    return { name: n.namedChildren.find((c) => c.type === 'simple_identifier')!.text, params, body: n.namedChildren.find((c) => c.type === 'function_body') ?? n };
  },
  nameOf(n) {
    if (n.type === 'simple_identifier') return { name: n.text, member: false };
    if (n.type === 'navigation_expression') return { name: n.namedChildren.at(-1)!.text.replace(/^\./, ''), member: true };
    return null;
  },
  transparent: new Set(['parenthesized_expression', 'value_argument']),
  pathSegments: true,
  comment: new Set(['comment', 'line_comment', 'multiline_comment']),
  kinds: { call: new Set(['call_expression']), fn: new Set(['function_declaration']), def: new Set(['property_declaration']), loop: new Set([]) },
};
