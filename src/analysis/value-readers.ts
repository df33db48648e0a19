/**
 * Where a value written in one place goes: followed up the tree from where it is written, through
 * names, `+`, string methods, object properties, helper functions and methods (`this.url(id)`,
 * `self.url(id)` where `var self = this`), to every place that reads it. A place inside one of the
 * `seen` spans (a request the analysis sees), a log line or an export is no reader to worry
 * about; any other is code nobody checked: a URL constant also pushed on a queue, a payload also
 * posted to another service. The URL check (./url-at-call.ts `unseenUrlReader`) and the payload
 * check (./find-escapes.ts) ask it.
 */
import { isLogging, TEXT_BUILDER_CALLEES } from './clients.ts';
import { bindingAt, type ModuleInfo } from './module.ts';
import type { Node } from './parse.ts';

export type ReaderModule = Pick<ModuleInfo, 'bindings' | 'parent' | 'source' | 'nodes' | 'file' | 'scopeOf' | 'root'>;
/** The `this.k` reads of a method on its host (./this-members.ts `methodReaders`), undefined for other functions. */
export type HostReaders = (fn: Node) => Node[] | undefined;

/** Expressions whose value carries the text of one of their operands on (`BASE + '/x'`, `a || b`). */
const CARRYING_EXPRESSIONS = new Set(['BinaryExpression', 'TemplateLiteral', 'ConditionalExpression', 'LogicalExpression', 'ParenthesizedExpression', 'AwaitExpression', 'TSAsExpression', 'TSNonNullExpression', 'TSSatisfiesExpression', 'ArrayExpression']);
/** String methods whose result still holds the text (`TICKET.replace(':id', id)`). */
const STRING_METHODS = new Set(['replace', 'replaceAll', 'concat', 'trim', 'toLowerCase', 'toString', 'slice', 'substring', 'split', 'join']);
/** Calls whose result is a payload in another form: serialised or copied (text builders: TEXT_BUILDER_CALLEES). */
const COPYING_CALLS = /^(JSON\.stringify|querystring\.stringify|qs\.stringify|Object\.assign|_\.(assign|extend|merge|clone|cloneDeep)|\$\.extend|angular\.(copy|extend)|extend)$/;

interface ReaderWalk {
  mod: ReaderModule;
  /** Spans of the module where code is a request the analysis sees. */
  seen: Array<{ start: number; end: number }>;
  done: Set<Node>;
  hostReaders: HostReaders;
}

/** The first place other than `seen` code, a log line or an export that reads the value written at `start` (`"ticketUrl(id) at line 9"`). */
export function unseenReader(mod: ReaderModule, start: Node, seen: Array<{ start: number; end: number }>, hostReaders: HostReaders): string | undefined {
  const found = climb({ mod, seen, done: new Set(), hostReaders }, start, [], 0);
  if (!found) return undefined;
  const line = mod.source.slice(0, found.start).split('\n').length;
  return `${mod.source.slice(found.start, found.end).replace(/\s+/g, ' ').slice(0, 40)} at line ${line}`;
}

const inSpan = (n: Node, s: { start: number; end: number }) => n.start >= s.start && n.end <= s.end;

/**
 * Follows a value (URL text, a payload) up the tree to where it goes: into a seen request (nothing
 * to report), a name or helper (its readers are followed), a log or an export (harmless), or
 * anywhere else (the node returned). `path` is the property path the value sits at inside an
 * object literal.
 */
function climb(w: ReaderWalk, start: Node, path: string[], depth: number): Node | undefined {
  const { mod } = w;
  let cur = start;
  // (what is reported: the name read, or the helper's call)
  let reader = start;
  const escape = () => reader;
  for (;;) {
    if (w.seen.some((s) => inSpan(cur, s))) return undefined;
    const parent = mod.parent.get(cur);
    if (!parent) return undefined;
    if (CARRYING_EXPRESSIONS.has(parent.type) || (parent.type === 'TemplateLiteral' && cur.type === 'TemplateElement')) {
      // (an `if (a === TICKETS)` compares it: the text is read, not carried)
      if (parent.type === 'BinaryExpression' && parent.operator !== '+') return escape();
      if (parent.type === 'ConditionalExpression' && parent.test === cur) return undefined;
      cur = parent;
      continue;
    }
    if ((parent.type === 'ObjectProperty' || parent.type === 'Property') && parent.value === cur) {
      const key = parent.computed ? undefined : (parent.key?.name ?? parent.key?.value);
      const obj = mod.parent.get(parent);
      if (typeof key !== 'string' || !obj) return escape();
      path = [key, ...path];
      cur = obj;
      continue;
    }
    if ((parent.type === 'CallExpression' || parent.type === 'NewExpression' || parent.type === 'OptionalCallExpression') && parent.callee !== cur) {
      const callee = mod.source.slice(parent.callee.start, parent.callee.end);
      if (isLogging(callee)) return undefined;
      if (COPYING_CALLS.test(callee) || TEXT_BUILDER_CALLEES.test(callee) || callee === 'URL') {
        cur = parent;
        continue;
      }
      return escape();
    }
    if (parent.type === 'CallExpression' || parent.type === 'OptionalCallExpression') {
      // a helper called: its result holds the text
      if (reader === cur) reader = parent;
      cur = parent;
      continue;
    }
    if ((parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') && parent.object === cur) {
      const name = parent.computed ? undefined : parent.property?.name;
      const call = mod.parent.get(parent);
      if (name && STRING_METHODS.has(name) && call?.callee === parent) {
        cur = call;
        continue;
      }
      // (the length of the text: no URL goes on; an array's `forEach` may send each)
      if (name === 'length') return undefined;
      // a field written into it (`data.helpdesk_ticket.cc_emails = cc`, `delete data.x`): built, not read
      let top: Node = parent;
      for (let up = mod.parent.get(top); up && (up.type === 'MemberExpression' || up.type === 'OptionalMemberExpression') && up.object === top; up = mod.parent.get(top)) top = up;
      const over = mod.parent.get(top);
      if ((over?.type === 'AssignmentExpression' && over.left === top) || (over?.type === 'UnaryExpression' && over.operator === 'delete')) return undefined;
      return escape();
    }
    if (parent.type === 'ReturnStatement' || (isFunctionValue(parent) && parent.body === cur)) {
      const fn = isFunctionValue(parent) ? parent : enclosingFunction(mod, parent);
      return fn ? readersOf(w, fn, path, depth) : escape();
    }
    // a parameter's default (`fmt = '.json'`): the parameter's uses
    if (parent.type === 'AssignmentPattern' && parent.right === cur) return parent.left?.type === 'Identifier' ? bindingReaders(w, parent.left, path, depth) : escape();
    if (parent.type === 'VariableDeclarator' && parent.init === cur) return parent.id?.type === 'Identifier' ? bindingReaders(w, parent.id, path, depth) : escape();
    if (parent.type === 'AssignmentExpression' && parent.right === cur) {
      if (isExportTarget(parent.left)) return undefined;
      if (parent.left.type === 'Identifier') return bindingReaders(w, parent.left, path, depth);
      return escape();
    }
    if (/^Export/.test(parent.type)) return undefined;
    if (parent.type === 'ExpressionStatement') return undefined;
    return escape();
  }
}

function isFunctionValue(n: Node): boolean {
  return /^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression|ObjectMethod|ClassMethod)$/.test(n?.type);
}

function enclosingFunction(mod: ReaderWalk['mod'], n: Node): Node | undefined {
  let cur = mod.parent.get(n);
  while (cur && !isFunctionValue(cur)) cur = mod.parent.get(cur);
  return cur;
}

/** `module.exports = …`, `exports.x = …`, `module.exports.x = …`. */
function isExportTarget(left: Node): boolean {
  let n = left;
  while (n?.type === 'MemberExpression') {
    if (n.object?.type === 'Identifier' && (n.object.name === 'exports' || (n.object.name === 'module' && n.property?.name === 'exports'))) return true;
    n = n.object;
  }
  return n?.type === 'Identifier' && n.name === 'exports';
}

/** Where a function holding URL text is read: its name's references, or the `this.k` of its host. */
function readersOf(w: ReaderWalk, fn: Node, path: string[], depth: number): Node | undefined {
  if (w.done.has(fn) || depth > 8) return undefined;
  w.done.add(fn);
  const { mod } = w;
  if (fn.type === 'FunctionDeclaration' && fn.id) return bindingReaders(w, fn.id, path, depth);
  // a method: read as `this.k` by its host's methods
  const members = w.hostReaders(fn);
  for (const m of members ?? []) {
    const found = climb(w, m, [], depth + 1);
    if (found) return found;
  }
  // an object literal's method (`{ url(id) {…} }`): also a property of the object
  if (fn.type === 'ObjectMethod') {
    const key = fn.key?.name ?? fn.key?.value;
    const obj = mod.parent.get(fn);
    return typeof key === 'string' && obj ? climb(w, obj, [key, ...path], depth + 1) : undefined;
  }
  const p = mod.parent.get(fn);
  if (members && !(p && (p.type === 'ObjectProperty' || p.type === 'Property'))) return undefined;
  return climb(w, fn, path, depth + 1);
}

/** The readers of a name declared (or assigned) at `id` holding URL text at `path` of its value. */
function bindingReaders(w: ReaderWalk, id: Node, path: string[], depth: number): Node | undefined {
  const { mod } = w;
  const b = bindingAt(mod, id);
  if (!b || w.done.has(b.id) || depth > 8) return undefined;
  w.done.add(b.id);
  for (const r of b.refs) {
    if (r === id) continue;
    let n: Node = r;
    // a function's result (`prep(s)` of a builder returning `{ data: { helpdesk_ticket: … } }`)
    const called = mod.parent.get(n);
    if ((called?.type === 'CallExpression' || called?.type === 'OptionalCallExpression') && called.callee === n) n = called;
    // the part of the value the reference reads: `config.paths.tickets` of `config`
    let k = 0;
    let m = mod.parent.get(n);
    while (k < path.length && (m?.type === 'MemberExpression' || m?.type === 'OptionalMemberExpression') && m.object === n && !m.computed && m.property?.name === path[k]) {
      n = m;
      m = mod.parent.get(n);
      k++;
    }
    // another property of it (`config.apiKey`): not this text
    if (k < path.length && (m?.type === 'MemberExpression' || m?.type === 'OptionalMemberExpression') && m.object === n) continue;
    // (the whole object, held by a name or handed on: followed with the rest of the path)
    const found = climb(w, n, path.slice(k), depth + 1);
    if (found) return found;
  }
  return undefined;
}
