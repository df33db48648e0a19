/** The shell (bash grammar) syntax tree as the shared evaluator reads it (node types of the tree-sitter-wasms grammar). */
import type { Dialect } from './dialects.ts';
import type { SyntaxNode } from './grammars.ts';
import { field } from './syntax-helpers.ts';

export const shell: Dialect = {
  strings: new Set(['string', 'raw_string', 'concatenation', 'word', 'ansi_c_string']),
  isHole: (c) => /expansion|command_substitution|arithmetic/.test(c.type),
  concat: () => null,
  // `printf -v url '%s/helpdesk/tickets/%s.json' "$base" "$id"`: the variable's value is the formatted string
  format(n) {
    const a = printfV(n);
    return a && a.length >= 3 ? { template: a[2]!, args: a.slice(3) } : null;
  },
  call(n) {
    if (n.type !== 'command') return null;
    const name = field(n, 'name');
    if (!name) return null;
    return { node: n, name: name.text, receiver: '', args: n.namedChildren.filter((c) => c.startIndex !== name.startIndex && c.type !== 'variable_assignment' && c.type !== 'file_redirect'), kwargs: new Map(), isNew: false };
  },
  defs(n) {
    const p = printfV(n);
    if (p && p.length >= 3) return [{ name: p[1]!.text, value: n, member: true }];
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
  kinds: { call: new Set(['command']), fn: new Set(['function_definition']), def: new Set(['variable_assignment', 'command']), loop: new Set([]) },
};

/** The arguments of a `printf -v name format args…` command (bash's printf into a variable), else null. */
function printfV(n: SyntaxNode): SyntaxNode[] | null {
  if (n.type !== 'command' || field(n, 'name')?.text !== 'printf') return null;
  const args = n.namedChildren.filter((c) => c.type !== 'command_name' && c.type !== 'file_redirect');
  return args[0]?.text === '-v' ? args : null;
}
