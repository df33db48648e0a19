/** The shell (bash grammar) syntax tree as the shared evaluator reads it (node types of the tree-sitter-wasms grammar). */
import type { Dialect } from './dialects.ts';
import { field } from './syntax-helpers.ts';

export const shell: Dialect = {
  strings: new Set(['string', 'raw_string', 'concatenation', 'word', 'ansi_c_string']),
  isHole: (c) => /expansion|command_substitution|arithmetic/.test(c.type),
  concat: () => null,
  format: () => null,
  call(n) {
    if (n.type !== 'command') return null;
    const name = field(n, 'name');
    if (!name) return null;
    return { node: n, name: name.text, receiver: '', args: n.namedChildren.filter((c) => c.startIndex !== name.startIndex && c.type !== 'variable_assignment' && c.type !== 'file_redirect'), kwargs: new Map(), isNew: false };
  },
  defs(n) {
    if (n.type !== 'variable_assignment') return [];
    const name = field(n, 'name');
    const value = field(n, 'value');
    return name && value ? [{ name: name.text, value, member: true }] : [];
  },
  fn(n) {
    if (n.type !== 'function_definition') return null;
    return { name: field(n, 'name')!.text, params: ['1', '2', '3'], body: field(n, 'body') ?? n };
  },
  nameOf(n) {
    if (n.type === 'simple_expansion' || n.type === 'expansion') {
      const v = n.namedChildren.find((c) => c.type === 'variable_name' || c.type === 'special_variable_name');
      return v ? { name: v.text, member: true } : null;
    }
    return null;
  },
  transparent: new Set([]),
  comment: new Set(['comment']),
  kinds: { call: new Set(['command']), fn: new Set(['function_definition']), def: new Set(['variable_assignment']), loop: new Set([]) },
};
