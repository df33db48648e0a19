/**
 * Ruby resource classes: client libraries that write each resource's path once, in the resource
 * class (`endpoint "helpdesk/tickets"`, `def self.path; "contacts" end`, `RESOURCE_PATH = "..."`),
 * and make every request in a base class or in operation modules mixed in
 * (`include Desk::Operations::Create`): `client.post(endpoint, body)`, `get("#{self.class.path}/#{id}")`.
 * The request's URL then has a hole named for the path (`{endpoint}`, `{get_endpoint}`,
 * `{self.class.path}`): it is filled with the path of every resource class that inherits from the
 * class making the request, or includes the module it is written in.
 *
 * When the project's request layer appends the format suffix itself (`url += '.json'`,
 * `"#{path}.json"`), a path filled in this way gets that suffix too.
 */
import type { SyntaxNode } from './grammars.ts';
import { evaluate, returnedExpressions, type EvalContext, type Value } from './evaluate.ts';
import type { Dialect } from './dialects.ts';
import type { TreeIndex } from './tree-index.ts';

/** Names a resource class gives its path by (a class-level call, a method, a constant). */
const PATH_NAME = /^(?:get_)?(endpoint|path|url|api_url|api_path|resource_path|collection_path|base_path|resource_url|collection_url|element_path|resource|resource_name|collection_name|site_path)$/i;

export interface RubyResources {
  /** Class or module name (last segment) → paths of the resource classes inheriting from or including it. */
  byOwner: Map<string, Value[]>;
  /** Class or module name → the classes under it (for a path made of the class name, `"/#{class_name.downcase}s.json"`). */
  classesByOwner: Map<string, string[]>;
  /** The names the project's resource classes declare their path under. */
  names: Set<string>;
  /** The format suffix the project's request layer appends (`url += '.json'`), if it does. */
  suffix: 'json' | 'xml' | null;
  /** Modules a resource class `extend`s: their methods are class methods. */
  extended: Set<string>;
  /** Names of instance methods that return the class's path as written (`def api_url; '/solution/categories' end`). */
  instanceNames: Set<string>;
  /** The project names the product and sets JSON as the format it accepts (`accept: :json`): a path without suffix asks for JSON. */
  acceptJson: boolean;
  seen: { accept: boolean; product: boolean };
  /** The project makes clients of the v1 `freshdesk` gem (`Freshdesk.new(…)`). */
  freshdeskGem?: boolean;
  /** Module name → the modules it includes. */
  moduleIncludes: Map<string, string[]>;
  /** The classes read so far (`finishResources` turns them into `byOwner`). */
  classes: Array<{ name: string; superclass?: string; includes: string[]; paths: Value[] }>;
  /** Class (or `Struct.new` constant) name → its constructor's parameters in order (`Struct.new(:resource)`, `def initialize(resource)`). */
  members?: Map<string, string[]>;
  /**
   * `Requester.new(self)` at class level of `Resource`, `Requester.new(Ticket)`: the class made, the
   * argument's position, the class it gives (`self`: the class it is written in, with its subclasses)
   * and the classes the construction is written in.
   */
  constructions?: Array<{ cls: string; index: number; given: string; in: string[] }>;
}

export function emptyResources(): RubyResources {
  return { byOwner: new Map(), classesByOwner: new Map(), extended: new Set(), instanceNames: new Set(), acceptJson: false, seen: { accept: false, product: false }, moduleIncludes: new Map(), names: new Set(), suffix: null, classes: [], members: new Map(), constructions: [] };
}

/** `SolutionCategory` → `solution_category`. */
const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** A hole made of the class's own name (`#{class_name.downcase}s`, `#{self.name.split('::').last.underscore}`, `#{resource_name}`). */
const CLASS_NAME_HOLE = /^\{(?:self\.|class\.)*(?:class_name|name|to_s|singular_resource_name|resource_name|model_name)\b|^\{\w*\.?escape\w*class_?name|^\{CGI\.escapeclass_name/;
/** A hole made of another object's class name (`{resource.name.downcase.pluralize}`, see ruby.ts classNameHole). */
const MEMBER_CLASS_HOLE = /^\{(\w+)\.name(?:\.underscore|\.downcase)?(?:\.pluralize)?\}$/;

/** ActiveSupport's `pluralize` for the regular English plurals a resource name takes (`company` → `companies`). */
function pluralize(w: string): string {
  if (/(?:s|x|z|ch|sh)$/.test(w)) return `${w}es`;
  if (/[^aeiou]y$/.test(w)) return `${w.slice(0, -1)}ies`;
  return `${w}s`;
}

/** A class's name as a class-name hole writes it (`{name.underscore.pluralize}`: `TimeSheet` → `time_sheets`). */
function classSegment(hole: string, name: string): string {
  const base = /\.downcase\b/.test(hole) && !/underscore/.test(hole) && /^\{(?:\w+\.)?name\./.test(hole) ? name.toLowerCase() : snake(name);
  return /\.pluralize\}$/.test(hole) ? pluralize(base) : base;
}

/**
 * Every class's paths (its own, else its nearest ancestor's with the class name filled in for a
 * hole made of the class name), listed under the class, its ancestors and the modules they include.
 */
export function finishResources(res: RubyResources): void {
  const byName = new Map(res.classes.map((c) => [c.name, c]));
  const ancestors = (c: { superclass?: string }) => {
    const out: Array<{ name: string; superclass?: string; includes: string[]; paths: Value[] }> = [];
    for (let s = c.superclass ? byName.get(c.superclass) : undefined; s && out.length < 8 && !out.includes(s); s = s.superclass ? byName.get(s.superclass) : undefined) out.push(s);
    return out;
  };
  // the modules a class includes, with the modules those include
  const expand = (names: string[]) => {
    const out = new Set(names);
    for (let i = 0, list = [...out]; i < list.length && out.size < 64; i++) for (const m of res.moduleIncludes.get(list[i]!) ?? []) if (!out.has(m)) (out.add(m), list.push(m));
    return [...out];
  };
  for (const c of res.classes) c.includes = expand(c.includes);
  for (const c of res.classes) {
    const up = ancestors(c);
    for (const o of new Set([c.name, ...c.includes, ...up.flatMap((a) => [a.name, ...a.includes])])) {
      const list = res.classesByOwner.get(o) ?? [];
      if (!list.includes(c.name) && list.length < 24) list.push(c.name);
      res.classesByOwner.set(o, list);
    }
    let paths = c.paths;
    if (!paths.length) {
      const inherited = up.find((a) => a.paths.length)?.paths ?? [];
      // only a path made from the class name belongs to a subclass that does not give its own
      paths = inherited.filter((v) => v.some((p) => p.dynamic && CLASS_NAME_HOLE.test(p.text))).map((v) => v.map((p) => (p.dynamic && CLASS_NAME_HOLE.test(p.text) ? { text: classSegment(p.text, c.name), dynamic: false } : p)));
    }
    paths = paths.filter((v) => !v.some((p) => p.dynamic && (CLASS_NAME_HOLE.test(p.text) || MEMBER_CLASS_HOLE.test(p.text))));
    if (!paths.length) continue;
    const owners = new Set<string>([c.name, c.superclass ?? '', ...c.includes, ...up.flatMap((a) => [a.name, ...a.includes])].filter(Boolean));
    for (const o of owners) {
      const list = res.byOwner.get(o) ?? [];
      for (const p of paths) if (list.length < 24 && !list.some((x) => x.map((q) => q.text).join('') === p.map((q) => q.text).join(''))) list.push(p);
      res.byOwner.set(o, list);
    }
  }
}

const lastSegment = (t: string) => t.replace(/^.*::/, '');

function pathLike(v: Value): boolean {
  const t = v.map((p) => p.text).join('');
  const lit = v.filter((p) => !p.dynamic).map((p) => p.text).join('');
  // `helpdesk/tickets`, `/contacts`, `solution/categories`: letters and slashes, no host, no spaces
  return /^\/?[a-z_.]+(\/[a-z_{}.%<>0-9]+)*\/?$/i.test(t.replace(/\{[^}]*\}/g, 'x')) && /[a-z]/i.test(lit) && !/\s/.test(t);
}

/** Adds what one parsed Ruby file says about resource classes to `into`. */
export function collectResources(d: Dialect, root: SyntaxNode, index: TreeIndex, ctx: EvalContext, text: string, into: RubyResources): void {
  const suffix = /\b\w+\s*(?:\+=|<<)\s*['"]\.(json|xml)['"]|\+\s*['"]\.(json|xml)['"]|\}\.(json|xml)["']/.exec(text);
  if (suffix && !into.suffix) into.suffix = (suffix[1] ?? suffix[2] ?? suffix[3]) as 'json' | 'xml';
  if (/\baccept\s*(?::|=>)\s*(?::json\b|['"]application\/json)|['"]Accept['"]\s*(?:=>|,)\s*['"]application\/json/i.test(text)) into.seen.accept = true;
  // http.rb's `HTTP.basic_auth(…).accept(format)`: the format is asked for in the Accept header, not in the path
  if (/\bHTTP\.[\s\S]{0,300}?\.accept\(/.test(text)) into.seen.accept = true;
  if (/freshdesk|freshservice/i.test(text)) into.seen.product = true;
  if (/\bFreshdesk\.new\s*\(/.test(text)) into.freshdeskGem = true;
  into.acceptJson = into.seen.accept && into.seen.product;
  const classes: SyntaxNode[] = [];
  const modules: SyntaxNode[] = [];
  const visit = (n: SyntaxNode, depth: number) => {
    if (depth > 12) return;
    for (const c of n.namedChildren) {
      if (c.type === 'class') classes.push(c);
      if (c.type === 'module') modules.push(c);
      if (c.type === 'class' || c.type === 'module' || c.type === 'program' || c.type === 'body_statement') visit(c, depth + 1);
    }
  };
  visit(root, 0);
  collectConstructions(d, root, index, into);
  // modules that include other modules (`module Create; include Save`): a class including the first includes both
  for (const m of modules) {
    const name = m.childForFieldName('name');
    const body = m.namedChildren.find((c) => c.type === 'body_statement');
    if (!name || !body) continue;
    const inc: string[] = [];
    for (const s of body.namedChildren) {
      const call = s.type === 'call' || s.type === 'identifier' ? d.call(s) : null;
      if (call && !call.receiver && /^(include|extend|prepend)$/.test(call.name)) inc.push(...call.args.map((a) => lastSegment(a.text)));
    }
    if (inc.length) into.moduleIncludes.set(lastSegment(name.text), [...(into.moduleIncludes.get(lastSegment(name.text)) ?? []), ...inc]);
  }
  for (const cls of classes) {
    const name = cls.childForFieldName('name');
    if (!name) continue;
    const superclass = cls.childForFieldName('superclass')?.namedChild(0)?.text;
    const body = cls.namedChildren.find((c) => c.type === 'body_statement');
    if (!body) continue;
    const paths: Value[] = [];
    const includes: string[] = [];
    const statements = (b: SyntaxNode): SyntaxNode[] => b.namedChildren.flatMap((s) => (s.type === 'singleton_class' ? statements(s.namedChildren.find((c) => c.type === 'body_statement') ?? s) : [s]));
    for (const s of statements(body)) {
      const call = s.type === 'call' || s.type === 'identifier' ? d.call(s) : null;
      if (call && !call.receiver && /^(include|extend|prepend)$/.test(call.name)) {
        for (const a of call.args) {
          includes.push(lastSegment(a.text));
          if (call.name === 'extend') into.extended.add(lastSegment(a.text));
        }
        continue;
      }
      // `endpoint "helpdesk/tickets"`, `self.path = '/contacts'`
      // (a string: `resource :tickets` is Grape's route block, not a path)
      if (call && !call.receiver && PATH_NAME.test(call.name) && call.args.length === 1 && call.args[0]!.type === 'string') {
        const vals = evaluate(call.args[0]!, ctx).filter(pathLike);
        if (vals.length) {
          paths.push(...vals);
          into.names.add(call.name);
        }
        continue;
      }
      // `def self.path; "helpdesk/tickets" end`, `def api_url(_o = {}) '/solution/categories' end`
      const f = d.fn(s);
      if (f && PATH_NAME.test(f.name)) {
        const vals = returnedExpressions(d, f, s, index).flatMap((e) => evaluate(e, ctx)).filter(pathLike);
        if (vals.length) {
          paths.push(...vals);
          into.names.add(f.name);
          if (s.type === 'method' && vals.every((v) => v.every((p) => !p.dynamic))) into.instanceNames.add(f.name);
        }
        continue;
      }
      // `RESOURCE_PATH = "helpdesk/tickets"`
      for (const def of d.defs(s)) {
        if (!/^[A-Z_]+$/.test(def.name) || !PATH_NAME.test(def.name.toLowerCase())) continue;
        const vals = evaluate(def.value, ctx).filter(pathLike);
        if (vals.length) {
          paths.push(...vals);
          into.names.add(def.name);
        }
      }
    }
    into.classes.push({ name: lastSegment(name.text), superclass: superclass ? lastSegment(superclass) : undefined, includes, paths });
  }
}

/** Constructor parameters of the file's classes and `Struct.new` constants, and the `X.new(…)` calls that give them a class. */
function collectConstructions(d: Dialect, root: SyntaxNode, index: TreeIndex, into: RubyResources): void {
  const members = (into.members ??= new Map());
  const made = (into.constructions ??= []);
  for (const x of index.calls) {
    const call = d.call(x.node);
    if (!call || call.name !== 'new') continue;
    // `Requester = Struct.new(:resource) do … end`
    if (call.receiver === 'Struct' && x.node.parent?.type === 'assignment' && x.node.parent.childForFieldName('left')?.type === 'constant') {
      members.set(lastSegment(x.node.parent.childForFieldName('left')!.text), call.args.filter((a) => a.type === 'simple_symbol').map((a) => a.text.slice(1)));
      continue;
    }
    if (!/^[A-Z][\w:]*$/.test(call.receiver) || call.receiver === 'Struct') continue;
    call.args.forEach((a, i) => {
      const atClass = a.text === 'self' && classLevelAt(a);
      if (atClass || /^[A-Z][\w:]*$/.test(a.text)) made.push({ cls: lastSegment(call.receiver), index: i, given: atClass ? `${ownersOf(a)[0] ?? ''}+` : lastSegment(a.text), in: ownersOf(a) });
    });
  }
  for (const f of index.fns) {
    const fn = d.fn(f.node);
    if (fn?.name !== 'initialize' || f.node.type !== 'method') continue;
    const owner = ownersOf(f.node)[0];
    if (owner && !members.has(owner)) members.set(owner, fn.params);
  }
  void root;
}

/** The node is read at class level: in `def self.x`, `class << self`, or a class body itself. */
function classLevelAt(n: SyntaxNode): boolean {
  for (let p = n.parent; p; p = p.parent) {
    if (p.type === 'singleton_method' || p.type === 'singleton_class') return true;
    // an instance method: class level only inside `class << self`
    if (p.type === 'method') return classLevelAt(p);
    if (p.type === 'class' || p.type === 'module') return p === n.parent?.parent;
  }
  return false;
}

/**
 * The classes a hole made of another object's class name stands for (`resource.name…` in
 * `Requester = Struct.new(:resource)`): the classes given to that parameter where the object is
 * made (`Requester.new(self)` at class level of `Resource`: `Resource` and its subclasses), by the
 * code the hole is read in, or anywhere when it is read in the class that holds the object.
 */
function classesGiven(res: RubyResources, member: string, at: SyntaxNode): string[] {
  const owners = ownersOf(at);
  const out: string[] = [];
  for (const c of res.constructions ?? []) {
    if (res.members?.get(c.cls)?.[c.index] !== member) continue;
    if (!owners.includes(c.cls) && !(owners[0] && c.in.includes(owners[0]))) continue;
    const names = c.given.endsWith('+') ? (res.classesByOwner.get(c.given.slice(0, -1)) ?? [c.given.slice(0, -1)]) : [c.given];
    for (const n of names) if (n && !out.includes(n) && out.length < 24) out.push(n);
  }
  return out;
}

/** A hole that holds a resource path: `{endpoint}`, `{get_endpoint}`, `{self.class.path}`, `{PATH}`. */
function isPathHole(text: string, names: Set<string>): boolean {
  const t = text.replace(/^\{|\}$/g, '').replace(/^(self\.class|self|class)\./, '').replace(/^.*\./, '');
  return names.has(t) || names.has(t.replace(/^get_/, '')) || PATH_NAME.test(t) || (/^[A-Z_]+$/.test(t) && PATH_NAME.test(t.toLowerCase()));
}

/**
 * The name reads the path of the resource classes the code at `n` serves: a path name read at
 * class level (`self.class.path`, or in `def self.x`, `class << self`, a `ClassMethods` module),
 * in a class or module they inherit or include. At instance level `url` is the instance's own
 * method (`"#{self.class.url}/#{id}"`), read as the project's helper.
 */
export function isResourceRead(res: RubyResources, n: SyntaxNode, name: string, receiver: string): boolean {
  if (!res.names.has(name) && !res.names.has(name.replace(/^get_/, ''))) return false;
  if (!/^(self\.)?class$/.test(receiver) && !classLevel(n, res) && !res.instanceNames.has(name)) return false;
  // a parameter of that name (`def self.request(verb, url)`) is the caller's value, not the path
  if (!receiver && paramsAt(n).has(name)) return false;
  return ownersOf(n).some((o) => res.byOwner.has(o));
}

/** Parameters of the method (and blocks) the node is written in. */
function paramsAt(n: SyntaxNode): Set<string> {
  const out = new Set<string>();
  for (let p = n.parent; p; p = p.parent) {
    if (p.type !== 'method' && p.type !== 'singleton_method' && p.type !== 'block' && p.type !== 'do_block') continue;
    const params = p.childForFieldName('parameters') ?? p.namedChildren.find((c) => /parameters$/.test(c.type));
    for (const m of (params?.text ?? '').matchAll(/[a-z_]\w*/g)) out.add(m[0]);
    if (p.type === 'method' || p.type === 'singleton_method') break;
  }
  return out;
}

function classLevel(n: SyntaxNode, res: RubyResources): boolean {
  for (let p = n.parent; p; p = p.parent) {
    if (p.type === 'singleton_method' || p.type === 'singleton_class') return true;
    if (p.type === 'method') {
      // a method of a module of class methods (`module ClassMethods`, extended into the class)
      for (let q = p.parent; q; q = q.parent) {
        if (q.type !== 'module' && q.type !== 'class') continue;
        const name = lastSegment(q.childForFieldName('name')?.text ?? '');
        return q.type === 'module' && (/ClassMethods$/.test(name) || res.extended.has(name));
      }
      return false;
    }
  }
  return false;
}

/** Class and module names the node is written in, innermost first. */
function ownersOf(n: SyntaxNode): string[] {
  const out: string[] = [];
  for (let p = n.parent; p; p = p.parent) {
    if (p.type === 'class' || p.type === 'module') {
      const name = p.childForFieldName('name');
      if (name) out.push(lastSegment(name.text));
    }
    // `Requester = Struct.new(:resource) do … end`: the block is that class's body
    if (p.type === 'assignment' && p.childForFieldName('left')?.type === 'constant' && /^(?:Struct|Class)\.new\b/.test(p.childForFieldName('right')?.text ?? '')) out.push(lastSegment(p.childForFieldName('left')!.text));
  }
  return out;
}

/**
 * The URL values of a request written in a base class or operation module, with their path hole
 * filled by each resource class's path (unchanged when there is nothing to fill).
 */
export function fillResourcePaths(res: RubyResources | undefined, at: SyntaxNode, values: Value[]): Value[] {
  if (!res || (!res.byOwner.size && !res.classesByOwner.size)) return values;
  // a path made of the class name, written in a base class or a module its subclasses use; made of
  // another object's class name, the classes the code gives that object
  const namesFor = (p: { text: string; dynamic: boolean }): string[] | null => {
    if (!p.dynamic) return null;
    const member = MEMBER_CLASS_HOLE.exec(p.text)?.[1];
    if (member && member !== 'class') return classesGiven(res, member, at);
    return CLASS_NAME_HOLE.test(p.text) ? [...new Set(ownersOf(at).flatMap((o) => res.classesByOwner.get(o) ?? []))] : null;
  };
  const named = (v: Value): boolean => v.some((p) => !!namesFor(p)?.length);
  if (values.some(named)) {
    values = values.flatMap((v) => {
      const i = v.findIndex((p) => !!namesFor(p)?.length);
      if (i < 0) return [v];
      const hole = v[i]!;
      const suffixed = /\.(json|xml)\b/.test(v.map((p) => p.text).join(''));
      // the format asked for in an Accept header (as for resource paths below)
      return namesFor(hole)!.map((n) => [...v.slice(0, i), { text: classSegment(hole.text, n), dynamic: false, ...(res.acceptJson && !suffixed ? { format: 'json' as const } : {}) }, ...v.slice(i + 1)]);
    }).filter((v, k, all) => all.findIndex((w) => w.map((p) => p.text).join('') === v.map((p) => p.text).join('')) === k).slice(0, 24);
  }
  if (!res.byOwner.size) return values;
  const params = paramsAt(at);
  const hole = (p: { text: string; dynamic: boolean; param?: string }) => p.dynamic && !p.param && !params.has(p.text.replace(/^\{|\}$/g, '')) && isPathHole(p.text, res.names);
  if (!values.some((v) => v.some(hole))) return values;
  const paths = ownersOf(at).flatMap((o) => res.byOwner.get(o) ?? []);
  if (!paths.length) return values;
  const out: Value[] = [];
  for (const v of values) {
    const i = v.findIndex(hole);
    if (i < 0) {
      out.push(v);
      continue;
    }
    for (const path of paths) {
      const before = v.slice(0, i);
      let after = v.slice(i + 1);
      const filled: Value = [...before, ...path, ...after];
      const text = filled.map((p) => p.text).join('');
      // the request layer adds the format suffix: after the path (and its id), before a query
      if (res.suffix && !/\.(json|xml)\b/.test(text) && !/format\W*(json|xml)/i.test(text)) {
        const q = after.findIndex((p) => !p.dynamic && p.text.includes('?'));
        if (q < 0) after = [...after, { text: `.${res.suffix}`, dynamic: false }];
        else {
          const k = after[q]!.text.indexOf('?');
          after = [...after.slice(0, q), { ...after[q]!, text: `${after[q]!.text.slice(0, k)}.${res.suffix}${after[q]!.text.slice(k)}` }, ...after.slice(q + 1)];
        }
        out.push([...before, ...path, ...after]);
      } else if (res.acceptJson && !/\.(json|xml)\b/.test(text)) out.push([...before, ...path.map((p) => ({ ...p, format: 'json' as const })), ...after]);
      else out.push(filled);
      if (out.length >= 24) return out;
    }
  }
  return out;
}

/**
 * The v1 Ruby gem `freshdesk` (`Freshdesk.new(url, user, password)`): its methods `get_tickets`,
 * `post_users`, `put_tickets`, `delete_companies`… are made by `define_method` from a table of
 * resources; a call of one is a v1 request to that resource's path (the gem's own table).
 */
const GEM_PATHS: Record<string, string> = {
  tickets: '/helpdesk/tickets',
  create_ticket: '/helpdesk/tickets',
  user_ticket: '/helpdesk/tickets/user_ticket',
  ticket_fields: '/ticket_fields',
  ticket_notes: '/helpdesk/tickets/{ticket_id}/notes',
  users: '/contacts',
  forums: '/categories',
  solutions: '/solution/categories',
  companies: '/customers',
  time_sheets: '/helpdesk/time_sheets',
};
const GEM_METHOD = /^(get|post|put|delete)_(tickets|create_ticket|user_ticket|ticket_fields|ticket_notes|users|forums|solutions|companies|time_sheets)$/;
/** Every method name the gem makes (for picking the files that call them). */
export const GEM_METHOD_NAMES = ['get', 'post', 'put', 'delete'].flatMap((v) => Object.keys(GEM_PATHS).map((r) => `${v}_${r}`));

/**
 * Another gem's client (`Freshdesk.new(freshdesk_domain:, …).create_ticket(helpdesk_ticket: {…})`):
 * a create or update of a ticket whose arguments carry v1's `helpdesk_ticket` wrapper.
 */
function wrapperCall(call: { name: string; node?: SyntaxNode; args: SyntaxNode[]; kwargs: Map<string, SyntaxNode> }): RegExpExecArray | null {
  const m = /^(create|post|add|update|put)_ticket$/.exec(call.name);
  if (!m) return null;
  const wrapped = call.kwargs.has('helpdesk_ticket') || call.args.some((a) => /(?:^|[{\s,(:])['":]?helpdesk_ticket['"]?\s*(?:=>|:)/.test(a.text));
  if (!wrapped) return null;
  return /^(post|put)_(tickets)$/.exec(`${/^(update|put)$/.test(m[1]!) ? 'put' : 'post'}_tickets`);
}

/** A call of the gem's methods on an object the gem made: its URL and method, else null. */
export function gemRequest(res: RubyResources | undefined, call: { name: string; receiver: string; args: SyntaxNode[]; kwargs: Map<string, SyntaxNode> }, fileText: string): { url: Value; method: 'GET' | 'POST' | 'PUT' | 'DELETE' } | null {
  if (!res?.freshdeskGem) return null;
  const m = GEM_METHOD.exec(call.name) ?? wrapperCall(call);
  if (!m) return null;
  // the receiver: a variable or method holding `Freshdesk.new(…)`, or one named for the product
  const made = new Set([...fileText.matchAll(/(?:^|[^\w@])(@?\w+)\s*(?:\|\|)?=\s*Freshdesk\.new\b/g)].map((x) => x[1]!.replace(/^@/, '')));
  const recv = call.receiver.replace(/^@/, '').replace(/^self\./, '');
  if (!made.has(recv) && !/freshdesk|^(client|fd|desk|helpdesk)$/i.test(recv)) return null;
  const verb = m[1]!.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
  const base = GEM_PATHS[m[2]!]!;
  // get with an id (not a hash of filters), put and delete: the record's own path
  const first = call.args[0];
  const one = verb === 'PUT' || verb === 'DELETE' || (verb === 'GET' && !!first && first.type !== 'hash' && !call.kwargs.size && m[2] !== 'ticket_fields');
  const text = one && m[2] !== 'ticket_notes' ? `${base}/{id}.json` : `${base}.json`;
  return { url: text.split(/(\{\w+\})/).filter(Boolean).map((t) => (t.startsWith('{') ? { text: t, dynamic: true } : { text: t, dynamic: false })), method: verb };
}
