/**
 * What the shared evaluator needs to know of each language's syntax tree: which nodes are string
 * literals (and their interpolation holes), concatenation, formatting, calls, definitions and
 * functions. One table per language; the node types are those of the `tree-sitter-wasms` grammars.
 */
import type { Language } from '../model.ts';
import type { SyntaxNode } from './grammars.ts';

export interface CallView {
  node: SyntaxNode;
  /** Last name of the callee: `put`, `PutAsync`, `HttpPut`, `create_url`, `new`. */
  name: string;
  /** Text of what the callee hangs on: `requests`, `RestClient`, `Net::HTTP::Put`, `$this`. */
  receiver: string;
  args: SyntaxNode[];
  /** Named arguments (`url=`, `method:`, `'method' =>` in an options hash are not here). */
  kwargs: Map<string, SyntaxNode>;
  /** A constructor call (`new HttpPut(...)`). */
  isNew: boolean;
}

export interface FunctionView {
  name: string;
  params: string[];
  body: SyntaxNode;
}

export interface Definition {
  name: string;
  value: SyntaxNode;
  /** A member (`self.x`, `@x`, `$this->x`, `this.x`) or a class/module constant: visible in the whole file. */
  member: boolean;
}

export interface Dialect {
  strings: ReadonlySet<string>;
  /** Children of a string node that are holes (`#{x}`, `{x}`, `$x`, `${x}`). */
  isHole(child: SyntaxNode): boolean;
  concat(n: SyntaxNode): [SyntaxNode, SyntaxNode] | null;
  /** `"..." % x`, `"...".format()`, `sprintf`, `String.format`, `fmt.Sprintf`, `string.Format`. */
  format(n: SyntaxNode): { template: SyntaxNode; args: SyntaxNode[] } | null;
  call(n: SyntaxNode): CallView | null;
  defs(n: SyntaxNode): Definition[];
  fn(n: SyntaxNode): FunctionView | null;
  /** A name that refers to a value: identifiers, constants, members; null for other nodes. */
  nameOf(n: SyntaxNode): { name: string; member: boolean } | null;
  /** Nodes whose value is their only named child (parentheses, arguments, awaits, casts). */
  transparent: ReadonlySet<string>;
  /** Loop/block variables bound to each item of a collection: `for p in PATHS`, `PATHS.each do |k, v|`. */
  loopBinding?(n: SyntaxNode): { names: string[]; collection: SyntaxNode } | null;
  comment: ReadonlySet<string>;
}

const field = (n: SyntaxNode, f: string) => n.childForFieldName(f);
const named = (n: SyntaxNode | null): SyntaxNode[] => (n ? n.namedChildren.filter((c) => !/comment/.test(c.type)) : []);
const lastName = (text: string) => text.replace(/^.*(::|->|\.)/s, '').replace(/^[$@]+/, '');

function binary(n: SyntaxNode, types: string[], ops: string[]): [SyntaxNode, SyntaxNode] | null {
  if (!types.includes(n.type)) return null;
  const left = field(n, 'left') ?? n.namedChild(0);
  const right = field(n, 'right') ?? n.namedChild(n.namedChildCount - 1);
  const op = field(n, 'operator')?.text ?? n.children.find((c) => !c.isNamed)?.text;
  return left && right && op && ops.includes(op) ? [left, right] : null;
}

function operatorOf(n: SyntaxNode): string | undefined {
  return field(n, 'operator')?.text ?? n.children.find((c) => !c.isNamed)?.text;
}

const HOLE = /interpolat|expansion|variable_name|member_access|subscript|embedded|substitution|^identifier$|simple_identifier/;
const notHole = /content|escape|fragment|string_start|string_end|^text$|interpolated_string_text/;
const isHole = (c: SyntaxNode) => HOLE.test(c.type) && !notHole.test(c.type);

// ---- Python --------------------------------------------------------------------------------------
const python: Dialect = {
  strings: new Set(['string']),
  isHole: (c) => c.type === 'interpolation',
  concat: (n) => binary(n, ['binary_operator'], ['+']) ?? (n.type === 'concatenated_string' && n.namedChildCount >= 2 ? [n.namedChild(0)!, n.namedChild(n.namedChildCount - 1)!] : null),
  format(n) {
    if (n.type === 'binary_operator' && operatorOf(n) === '%') {
      const r = field(n, 'right')!;
      return { template: field(n, 'left')!, args: r.type === 'tuple' ? named(r) : [r] };
    }
    if (n.type === 'call') {
      const f = field(n, 'function');
      if (f?.type === 'attribute' && field(f, 'attribute')?.text === 'format' && field(f, 'object')?.type === 'string') {
        return { template: field(f, 'object')!, args: named(field(n, 'arguments')).filter((a) => a.type !== 'keyword_argument') };
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
};

// ---- Ruby ----------------------------------------------------------------------------------------
const ruby: Dialect = {
  strings: new Set(['string', 'bare_string', 'simple_symbol', 'delimited_symbol']),
  isHole: (c) => c.type === 'interpolation',
  concat: (n) => binary(n, ['binary'], ['+', '<<']),
  format(n) {
    if (n.type === 'binary' && operatorOf(n) === '%' && field(n, 'left')?.type === 'string') {
      const r = field(n, 'right')!;
      return { template: field(n, 'left')!, args: r.type === 'array' ? named(r) : [r] };
    }
    if (n.type === 'call' && /^(format|sprintf)$/.test(field(n, 'method')?.text ?? '') && !field(n, 'receiver')) {
      const a = named(field(n, 'arguments'));
      if (a.length) return { template: a[0]!, args: a.slice(1) };
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
};

// ---- PHP -----------------------------------------------------------------------------------------
const php: Dialect = {
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
};

// ---- C#, Java, Kotlin, Go ------------------------------------------------------------------------
const csharp: Dialect = {
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
      return { node: n, name: lastName(field(n, 'type')!.text), receiver: '', args, kwargs: new Map(), isNew: true };
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
      const v = n.namedChildren.find((c) => c.type === 'equals_value_clause' || c.type === 'arrow_expression_clause')?.namedChild(0);
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
};

const java: Dialect = {
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
  comment: new Set(['line_comment', 'block_comment', 'comment']),
};

const kotlin: Dialect = {
  strings: new Set(['string_literal', 'line_string_literal', 'multi_line_string_literal']),
  isHole: (c) => c.type === 'interpolated_identifier' || c.type === 'interpolated_expression',
  concat: (n) => binary(n, ['additive_expression'], ['+']),
  format(n) {
    // "...".format(a, b) and String.format("...", a)
    const c = kotlin.call(n);
    if (!c || c.name !== 'format') return null;
    const nav = n.namedChild(0);
    const target = nav?.namedChild(0);
    if (target && kotlin.strings.has(target.type)) return { template: target, args: c.args };
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
  comment: new Set(['comment', 'line_comment', 'multiline_comment']),
};

const go: Dialect = {
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
      if (l.length === r.length) return l.flatMap((x, i) => (x.type === 'identifier' ? [{ name: x.text, value: r[i]!, member: false }] : []));
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
};

// ---- shell ---------------------------------------------------------------------------------------
const shell: Dialect = {
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
};

export const DIALECTS: Partial<Record<Language, Dialect>> = { python, ruby, php, csharp, java, kotlin, go, shell };

export { isHole as genericHole };
