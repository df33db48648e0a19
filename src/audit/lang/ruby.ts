/** The Ruby syntax tree as the shared evaluator reads it (node types of the tree-sitter-wasms grammar). */
import type { Dialect } from './dialects.ts';
import type { SyntaxNode } from './grammars.ts';
import { field, named, lastName, binary, operatorOf } from './syntax-helpers.ts';

export const ruby: Dialect = {
  strings: new Set(['string', 'bare_string', 'simple_symbol', 'delimited_symbol']),
  isHole: (c) => c.type === 'interpolation',
  concat: (n) => binary(n, ['binary'], ['+', '<<']),
  format(n) {
    if (n.type === 'binary' && operatorOf(n) === '%' && field(n, 'left')?.type === 'string') {
      const r = field(n, 'right')!;
      // `'/contacts/%<id>d.json' % { id: id }`: the hash's keys fill the named references
      if (r.type === 'hash') return { template: field(n, 'left')!, args: [], named: new Map(named(r).filter((x) => x.type === 'pair' && field(x, 'key') && field(x, 'value')).map((x) => [field(x, 'key')!.text.replace(/^:|:$/g, '').replace(/^['"]|['"]$/g, ''), field(x, 'value')!] as const)) };
      return { template: field(n, 'left')!, args: r.type === 'array' ? named(r) : [r] };
    }
    if (n.type === 'call' && /^(format|sprintf)$/.test(field(n, 'method')?.text ?? '') && !field(n, 'receiver')) {
      const a = named(field(n, 'arguments'));
      // `format('/helpdesk/tickets/%<id>d.json', id: id)`: the keyword arguments fill `%<id>d` and `%{id}`
      const pairs = a.slice(1).filter((x) => x.type === 'pair' && /hash_key_symbol|simple_symbol/.test(field(x, 'key')?.type ?? ''));
      const named_ = new Map(pairs.map((x) => [field(x, 'key')!.text.replace(/^:/, ''), field(x, 'value')!] as const));
      if (a.length) return { template: a[0]!, args: a.slice(1).filter((x) => !pairs.includes(x)), named: named_ };
    }
    return null;
  },
  call(n) {
    if (n.type !== 'call') return null;
    const m = field(n, 'method');
    if (!m) return null;
    const r = field(n, 'receiver');
    const args: SyntaxNode[] = [];
    const kwargs = new Map<string, SyntaxNode>();
    for (const a of named(field(n, 'arguments'))) {
      if (a.type === 'pair' && /hash_key_symbol|simple_symbol/.test(field(a, 'key')?.type ?? '')) kwargs.set(field(a, 'key')!.text.replace(/^:/, ''), field(a, 'value')!);
      else args.push(a);
    }
    return { node: n, name: m.text, receiver: r?.text ?? '', args, kwargs, isNew: m.text === 'new' };
  },
  defs(n) {
    if (n.type !== 'assignment' && n.type !== 'operator_assignment') return [];
    const l = field(n, 'left');
    const r = field(n, 'right');
    if (!l || !r || n.type === 'operator_assignment') return [];
    if (l.type === 'identifier') return [{ name: l.text, value: r, member: false }];
    if (l.type === 'constant') return [{ name: l.text, value: r, member: true }];
    if (l.type === 'instance_variable' || l.type === 'class_variable') return [{ name: l.text.replace(/^@+/, ''), value: r, member: true }];
    return [];
  },
  fn(n) {
    if (n.type !== 'method' && n.type !== 'singleton_method') return null;
    const params = named(field(n, 'parameters')).map((p) => (p.type === 'identifier' ? p.text : (field(p, 'name')?.text ?? p.namedChild(0)?.text ?? '')));
    return { name: field(n, 'name')!.text, params, body: field(n, 'body') ?? n };
  },
  nameOf(n) {
    if (n.type === 'identifier') return { name: n.text, member: false };
    if (n.type === 'constant') return { name: n.text, member: true };
    if (n.type === 'scope_resolution') return { name: field(n, 'name')?.text ?? lastName(n.text), member: true };
    if (n.type === 'instance_variable' || n.type === 'class_variable') return { name: n.text.replace(/^@+/, ''), member: true };
    return null;
  },
  transparent: new Set(['parenthesized_statements', 'begin_block']),
  loopBinding(n) {
    // PATHS.each do |name, path| ... end
    if (n.type !== 'do_block' && n.type !== 'block') return null;
    const call = n.parent;
    if (call?.type !== 'call' || !/^(each|each_pair|map|each_with_index|each_key|each_value)$/.test(field(call, 'method')?.text ?? '')) return null;
    const recv = field(call, 'receiver');
    const params = n.namedChildren.find((c) => c.type === 'block_parameters');
    if (!recv || !params) return null;
    return { names: named(params).map((p) => p.text), collection: recv };
  },
  comment: new Set(['comment']),
  kinds: { call: new Set(['call']), fn: new Set(['method', 'singleton_method']), def: new Set(['assignment', 'operator_assignment']), loop: new Set(['do_block', 'block']) },
};

/**
 * A path segment made of a class's name (`self.class.name.demodulize.underscore.pluralize`,
 * `resource.name.demodulize.downcase.pluralize`, `name.split('::').last.tableize`): the hole
 * `{name.underscore.pluralize}` (`{resource.name.…}` when the class is another object's), which
 * ruby-resources.ts fills with each resource class's name, transformed the same way. Null for
 * anything else (`user.name.downcase` is a record's name: without a class-only step it is not read).
 */
export function classNameHole(text: string): string | null {
  const m = /^(?:(self|@{0,2}[a-z_]\w*)\.)?(class\.)?(?:name|to_s)((?:\.(?:demodulize|underscore|downcase|pluralize|tableize|to_s|singularize)|\.split\(\s*['"]::['"]\s*\)\.last)+)$/.exec(text.replace(/\s+/g, ''));
  if (!m) return null;
  const steps = m[3]!;
  if (!m[2] && !/demodulize|underscore|pluralize|tableize|split/.test(steps)) return null;
  const root = !m[1] || m[1] === 'self' ? '' : `${m[1].replace(/^@+/, '')}.`;
  const cased = /underscore|tableize/.test(steps) ? '.underscore' : /downcase/.test(steps) ? '.downcase' : '';
  const plural = /pluralize|tableize/.test(steps) ? '.pluralize' : '';
  return `{${root}name${cased}${plural}}`;
}
