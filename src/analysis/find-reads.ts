/**
 * `response-read` sites: member chains that read a v1-shaped response (`res.data.helpdesk_ticket.status_name`)
 * where v2 drops the wrapper or renames, reshapes or removes the field. Found where the shared
 * tracer took each v1 call's response (./trace-responses.ts), and, in a file that talks to v1, by
 * shape alone: a response wrapper or a field only v1 has. One site per line and rule; further
 * reads on the line add fields.
 */
import type { Rule } from '../catalogue/index.ts';
import type { Analysis } from './analysis.ts';
import { isCommonFieldName, isDistinctive, isDistinctiveWrapper, isV1OnlyName } from './catalogue-facts.ts';
import { ITEM_METHODS } from './clients.ts';
import { isStringLiteral, propertyKey, unwrapExpr } from './evaluate.ts';
import { isInPageRoot } from './in-page-data.ts';
import { isOtherProduct } from './find-domains.ts';
import { recordResponseEscapes, recordStatusUses } from './find-escapes.ts';
import { bindingAt, isFunctionNode, memberPath, type Binding } from './module.ts';
import type { Node } from './parse.ts';
import { readChanges, readChangesIn, worstOf } from './read-changes.ts';
import { isMember, memberName } from './syntax.ts';
import { traceResponses, tracedModuleOf, type TracedResponses } from './trace-responses.ts';
import { callsOf } from './flow/functions.ts';
import type { Taint } from './flow/taint.ts';
import type { ReadInfo, Site, Span } from './types.ts';

export function findReads(a: Analysis, v1: boolean): void {
  const reads = new ReadSites(a);
  const traced = traceResponses(a);
  const found: Array<[Node, ReadState]> = [];
  for (const [node, taints] of traced.tracer.taints) {
    if (!isMember(node)) continue;
    // a list's `.length` ends the chain the tracer follows, but is still part of the read
    const up = a.mod.parent.get(node);
    const length = isMember(up) && up.object === node && !up.computed && memberName(up) === 'length' ? up : undefined;
    const read = length ?? node;
    if (extendsChain(a, read, traced.tracer.taints)) continue;
    for (const t of taints) {
      if (t.doc?.stage !== 'body' || t.doc.prefix.length === 0) continue;
      found.push([read, { rule: t.rule, prefix: length ? [...t.doc.prefix, 'length'] : t.doc.prefix, origin: traced.originOf(t.tx) }]);
    }
  }
  // destructured: `const { display_id } = res.data.helpdesk_ticket`, `({ subject }) => …`
  for (const { prop, taint: t } of traced.tracer.patternReads) {
    if (t.doc?.stage !== 'body') continue;
    const name = prop.computed ? (isStringLiteral(prop.key) ? String(prop.key.value) : '[]') : (prop.key?.name ?? String(prop.key?.value ?? '[]'));
    found.push([prop, { rule: t.rule, prefix: [...t.doc.prefix, name], origin: traced.originOf(t.tx), pattern: true }]);
  }
  // top to bottom: the first read of a line and rule gives its site
  found.sort((x, y) => x[0].start - y[0].start);
  for (const [node, state] of found) {
    if (state.pattern) reads.recordPattern(node, state);
    else reads.record(node, state, true);
  }
  recordResponseEscapes(a, traced);
  recordStatusUses(a, traced);
  if (v1) shapeReads(a, reads, traced);
}

/**
 * The answers of v1 calls that the chain's root (or one of its steps) holds, at any depth the
 * tracer stopped at: `res` in `res[0].ticket.deleted` after `var res = api.put(url)` (a client
 * object whose answer the audit's depth keeps as the raw response), or an item of such an answer
 * handed to a callback (`rows.map(function (row) { return row.display_id; })`). A read found by
 * shape there is that call's, not one of any call of its endpoint in the file.
 */
function heldAnswers(a: Analysis, traced: TracedResponses, m: Node): Taint[] {
  const taints = traced.tracer.taints;
  const out: Taint[] = [];
  let cur: Node = m;
  while (isMember(cur)) {
    cur = unwrapExpr(cur.object);
    out.push(...(taints.get(cur) ?? []));
  }
  if (out.length || cur?.type !== 'Identifier') return out;
  const b = bindingAt(a.mod, cur);
  if (b?.kind !== 'param' || b.paramIndex !== 0 || !b.fn) return out;
  const call = a.mod.parent.get(b.fn);
  if (call?.type !== 'CallExpression' || (call.arguments as Node[])[0] !== b.fn) return out;
  const callee = unwrapExpr(call.callee);
  if (!isMember(callee) || callee.computed || !ITEM_METHODS.has(memberName(callee) ?? '')) return out;
  return [...(taints.get(unwrapExpr(callee.object)) ?? [])];
}


/** A member read that a longer chain continues (only the outermost read of a chain is recorded; iterating it, `res.data.tickets.map(…)`, does not continue it). */
function extendsChain(a: Analysis, member: Node, reached: ReadonlyMap<Node, unknown>): boolean {
  const up = a.mod.parent.get(member);
  return !!up && (up.type === 'MemberExpression' || up.type === 'OptionalMemberExpression') && up.object === member && reached.has(up);
}

/** A read of the v1 document: its rule, the keys read inside the document, and the call it comes from. */
interface ReadState {
  rule: Rule;
  prefix: string[];
  origin?: Span;
  /** Read by a property of an object pattern, not a member chain. */
  pattern?: boolean;
}

/** Records reads as sites, one per line and rule. */
class ReadSites {
  private readonly byLine = new Map<string, Site>();

  constructor(private readonly a: Analysis) {}

  record(member: Node, state: ReadState, traced: boolean, besideUrl = false): void {
    const a = this.a;
    // only what this member chain itself reads: steps taken earlier (`const t = data.helpdesk_ticket`) were reported there
    const own = chainLength(member);
    const offset = state.prefix.length - own;
    const changes = readChangesIn(a.mod.file, readChanges(state.rule, state.prefix, a.cat.overlay).filter((c) => c.index >= offset));
    if (changes.length === 0) return;
    const spans = chainSpans(a, member, own);
    const fields = changes.map((c) => ({
      v1: c.v1,
      v2: c.v2,
      reason: c.reason,
      fidelity: c.fidelity,
      ...(c.reshaped ? { reshaped: true } : {}),
      span: spans[Math.max(0, Math.min(spans.length - 1, c.index - offset))] ?? a.span(member),
    }));
    this.add(member, state, fields, worstOf(changes.map((c) => c.fidelity)), memberPath(rootOf(member))?.[0] ?? 'expr', traced, besideUrl);
  }

  /** A property of an object pattern the v1 document is destructured by (`const { display_id } = ticket`): one step read. */
  recordPattern(prop: Node, state: ReadState): void {
    const changes = readChangesIn(this.a.mod.file, readChanges(state.rule, state.prefix, this.a.cat.overlay).filter((c) => c.index >= state.prefix.length - 1));
    if (changes.length === 0) return;
    const span = this.a.span(prop.key ?? prop);
    const fields = changes.map((c) => ({ v1: c.v1, v2: c.v2, reason: c.reason, fidelity: c.fidelity, ...(c.reshaped ? { reshaped: true } : {}), span }));
    this.add(prop, state, fields, worstOf(changes.map((c) => c.fidelity)), 'pattern', true, false);
  }

  private add(node: Node, state: ReadState, fields: ReadInfo['fields'], fidelity: Site['fidelity'], root: string, traced: boolean, besideUrl: boolean): void {
    const a = this.a;
    const read: ReadInfo = { chain: state.prefix, fields, root, traced };
    if (besideUrl) read.besideUrl = true;
    if (state.origin) read.call = { start: state.origin.start, end: state.origin.end, file: state.origin.file ?? a.mod.file };
    const site: Site = {
      kind: 'response-read',
      span: a.span(node),
      file: a.mod.file,
      rule: state.rule.id,
      rules: [state.rule.id],
      method: state.rule.v1.method,
      methodSource: 'rule',
      read,
      message: `reads v1 response ${state.prefix.join('.').replace(/\.\[\]/g, '[]')}`,
      fidelity,
    };
    // one response-read site per line and rule: further reads on the line add their fields
    const lineKey = `${site.file}\0${site.span.line}\0${site.rule}`;
    const prev = this.byLine.get(lineKey);
    if (prev) {
      for (const f of fields) if (!prev.read!.fields.some((x) => x.v1 === f.v1)) prev.read!.fields.push(f);
      prev.fidelity = worstOf([prev.fidelity ?? 'exact', site.fidelity ?? 'exact']);
      prev.read!.traced ||= traced;
      return;
    }
    if (a.addSite(site)) this.byLine.set(lineKey, site);
  }
}

/** Where a server's own request input lives: never a v1 response. */
const REQUEST_INPUT = new Set(['req', 'request', 'ctx', 'params', 'query', 'body', 'headers', 'session', 'args', 'event', 'payload']);

/** Reads recognised by shape alone, in files that talk to v1: `.helpdesk_ticket.display_id`, `.status_name`. */
/**
 * A value read from a file of the project, or an item of one: a JSON file required or imported, or
 * `JSON.parse(fs.readFileSync(…))`. A recorded v1 answer there is test or seed data, not a request.
 */
function localData(a: Analysis, root: Node | undefined, depth: number): boolean {
  if (root?.type !== 'Identifier' || depth > 2) return false;
  const b = bindingAt(a.mod, root);
  if (!b) return false;
  if (b.kind === 'import') return /\.json$/i.test(b.importFrom?.source ?? '');
  if (b.kind === 'param' && b.fn && b.paramIndex === 0) {
    // an item of such a list (`tickets.map((t) => t.helpdesk_ticket)`)
    const call = a.mod.parent.get(b.fn);
    const callee = call?.type === 'CallExpression' && call.arguments[0] === b.fn ? unwrapExpr(call.callee) : undefined;
    if (!callee || callee.type !== 'MemberExpression' || !ITEM_METHODS.has(callee.property?.name ?? '')) return false;
    let list = unwrapExpr(callee.object);
    while (list?.type === 'MemberExpression') list = unwrapExpr(list.object);
    return localData(a, list, depth + 1);
  }
  // an item of such a list in a loop (`for (const ticketData of ticketsRawData)`)
  const decl = a.mod.parent.get(a.mod.parent.get(b.id) ?? b.id);
  const loop = decl && a.mod.parent.get(decl);
  if (!b.init && loop?.type === 'ForOfStatement' && loop.left === decl) {
    let list = unwrapExpr(loop.right);
    while (list?.type === 'MemberExpression') list = unwrapExpr(list.object);
    return localData(a, list, depth + 1);
  }
  if (b.writes.length || !b.init) return false;
  return readFromFile(a, unwrapExpr(b.init));
}

/**
 * Reads of what the project keeps: a JSON file required, or its text parsed (`JSON.parse(fs.readFileSync(…))`,
 * `await fs.promises.readFile`, fs-extra's `readJson`), or a browser's storage (`JSON.parse(localStorage.getItem('draft') || '{}')`).
 */
const FILE_READ = /(^|\.)(readFileSync|readFile|readJsonSync|readJson)$|(^|\.)(localStorage|sessionStorage)\.getItem$/;
function readFromFile(a: Analysis, init: Node): boolean {
  const call = init.type === 'AwaitExpression' ? unwrapExpr(init.argument) : init;
  if (call?.type !== 'CallExpression') return false;
  const callee = a.mod.source.slice(call.callee.start, call.callee.end);
  const arg = call.arguments[0] && unwrapExpr(call.arguments[0]);
  if (callee === 'require') return isStringLiteral(arg) && /\.json$/i.test(String(arg.value));
  if (/(^|\.)(readJsonSync|readJson)$/.test(callee)) return true;
  if (callee !== 'JSON.parse' || !arg) return false;
  // (`JSON.parse(x || '{}')`: the text read, or a default)
  const text = arg.type === 'LogicalExpression' ? unwrapExpr(arg.left) : arg;
  const read = text.type === 'AwaitExpression' ? unwrapExpr(text.argument) : text.type === 'CallExpression' && a.mod.source.slice(text.callee.start, text.callee.end).endsWith('.toString') ? unwrapExpr(text.callee.object) : text;
  return read?.type === 'CallExpression' && FILE_READ.test(a.mod.source.slice(read.callee.start, read.callee.end));
}

/** `req.body…`/`req.query…` of a parameter named for a request, or Koa's `ctx.request.body…`. */
function receivedRequest(a: Analysis, root: Node | undefined, chain: string[]): boolean {
  if (root?.type !== 'Identifier') return false;
  const b = bindingAt(a.mod, root);
  if (b?.kind !== 'param') return false;
  if (/^(req|request)$/.test(chain[0]!) && (chain[1] === 'body' || chain[1] === 'query' || chain[1] === 'params')) return true;
  return chain[0] === 'ctx' && chain[1] === 'request' && chain[2] === 'body';
}

function shapeReads(a: Analysis, reads: ReadSites, traced: TracedResponses): void {
  const chosen = new Set(a.sites.map((s) => s.rule));
  const fileRules = new Set(a.sites.flatMap((s) => s.rules));
  const handedWith = callbackSites(a);
  const handedTo = (m: Node): ReadonlySet<string> => new Set(handedWith(m).map((x) => x.rule!));
  const rank = (rules: Rule[], near: ReadonlySet<string>) => [
    // the read is in a callback handed to the call that sends this URL (`send(params, (err, res) => …)`)
    ...rules.filter((r) => near.has(r.id)),
    ...rules.filter((r) => chosen.has(r.id) && !near.has(r.id)),
    ...rules.filter((r) => !chosen.has(r.id) && fileRules.has(r.id)),
    // then what the repo's other files call (a ticket read in a handler of a repo that views tickets)
    ...rules.filter((r) => !fileRules.has(r.id) && a.repoRules.has(r.id)),
    ...rules.filter((r) => !fileRules.has(r.id) && !a.repoRules.has(r.id)),
  ];
  const reported = new Set(a.sites.filter((s) => s.kind === 'response-read').map((s) => s.span.line));
  const containers = ownContainerKeys(a);
  const sentBy = requestBodyCalls(a);
  for (const outer of a.mod.nodes.members) {
    // outermost member of a chain, not written; a method called on it (`res.helpdesk_ticket.notes.filter(…)`) reads what it is called on
    const up = a.mod.parent.get(outer);
    if (up && (up.type === 'MemberExpression' || up.type === 'OptionalMemberExpression') && up.object === outer) continue;
    const called = up && (up.type === 'CallExpression' || up.type === 'OptionalCallExpression') && up.callee === outer;
    const m = called ? unwrapExpr(outer.object) : outer;
    if (!m || (m.type !== 'MemberExpression' && m.type !== 'OptionalMemberExpression')) continue;
    if (up?.type === 'AssignmentExpression' && up.left === m) continue;
    if (reported.has(m.loc?.start.line ?? a.span(m).line)) continue;
    const chain = chainKeys(m);
    if (!chain || chain.length < 2) continue;
    const keys = chain.slice(1);
    // cheap first: does the chain name a v1 response wrapper or a v1-only field at all?
    if (!keys.some((k) => a.facts.responseWrappers.has(k) || a.facts.distinctiveFields.has(k))) continue;
    const root = rootOf(m);
    if (isInPageRoot(a.mod, root)) continue;
    // serverless event payloads (`args.data.ticket`) are product data, not API responses
    if ((chain[0] === 'args' || chain[0] === 'payload' || chain[0] === 'event') && chain[1] === 'data') continue;
    // the payload a v1 call of the file is about to send (`if (!data.helpdesk_ticket.email) throw …`
    // before `http.post(url, data)`): a read of the request, which changes with its call's body
    // the answer of a traced call: its rule is the read's when its answer has the field (below)
    const held = heldAnswers(a, traced, m);
    const sending = held.length ? [] : sentBy(root);
    if (sending.length) {
      // (a read naming a wrapper is the read of the call that sends that wrapper: `obj.helpdesk_note`
      // in a validator shared by a ticket create and a note create is the note's)
      const named = keys.some((k) => a.facts.requestWrappers.has(k) || a.facts.responseWrappers.has(k));
      for (const s of sending) {
        const rule = s.rule ? a.cat.get(s.rule) : undefined;
        if (!s.call || (named && rule?.request?.wrapper && !keys.includes(rule.request.wrapper))) continue;
        const line = a.span(m).line;
        const reads = (s.call.bodyReads ??= []);
        if (!reads.some((r) => r.line === line)) reads.push({ line, keys: keys.filter((k) => k !== '[]').join('.') });
      }
      continue;
    }
    // the request a server handler receives (`(req, res) => req.body.helpdesk_ticket`, Koa's
    // `ctx.request.body`): what a client sent this server, not what v1 answered (unless a v1 call
    // of the file sends it on: above)
    if (!held.length && receivedRequest(a, root, chain)) continue;
    // data the project keeps in a file (`require('./fixtures/helpdesk/tickets.json')`, `JSON.parse(fs.readFileSync(…))`)
    if (!held.length && localData(a, root, 0)) continue;
    // the answer of a request to another product (Freshservice): none of this catalogue's shapes
    if (!held.length && handedWith(m).some((x) => !!x.host && isOtherProduct(x.host))) continue;
    // (only the answer of one call: a value several calls may have given, `data = a ? get(v1List)
    // : get(v1Filter)`, is read for each of them, and one of them may stay on v1; such a read stays
    // one found by shape, which keeps every call of its endpoint on v1)
    const one = new Set(held.map((t) => t.tx)).size === 1 ? held : [];
    const heldRules = new Set(one.map((t) => t.rule.id));
    const originOf = (rule: Rule) => {
      const t = one.find((x) => x.rule.id === rule.id);
      return t ? traced.originOf(t.tx) : undefined;
    };
    // a response wrapper in the chain
    const near = one.length ? heldRules : handedTo(m);
    let done = false;
    for (let i = 0; i < keys.length && !done; i++) {
      const rules = a.facts.responseWrappers.get(keys[i]!);
      if (!rules) continue;
      // `rows.push({ ticket: t, asset: a })`: the app's own key, not the v1 wrapper
      if (containers.has(keys[i]!)) continue;
      // `this.ticket.display_id`: an instance property named like a plain wrapper holds the object
      // the class keeps, not an answer wrapped in `ticket` (its fields are still read below)
      if (i === 0 && chain[0] === 'this' && !isDistinctiveWrapper(keys[0]!)) continue;
      const ranked = rank(rules, near);
      for (const rule of ranked) {
        const sub = keys.slice(i);
        const prefix = rule.response!.shape === 'object' ? sub : ['[]', ...sub];
        const changes = readChanges(rule, prefix);
        const beyondWrapper = changes.some((c) => c.v1 !== keys[i] && isDistinctive(c.v1.split(/[.[\]]+/).filter(Boolean).pop() ?? ''));
        if (changes.length === 0) continue;
        // a plain wrapper name (`folder`) of a rule the repo calls, read through (`.folder.articles`), not request input (`req.params.ticket`)
        const repoWrapper = a.repoRules.has(rule.id) && i < keys.length - 1 && !REQUEST_INPUT.has(keys[i - 1] ?? chain[0]!) && !REQUEST_INPUT.has(chain[0]!);
        // a list item's plain wrapper (`users[i].user.name`, v1 answered `[{ user: {...} }]`) counts
        // when read through: `messages[i].user` alone is any list of objects with a `user`
        const listItemWrapper = keys[i - 1] === '[]' && i < keys.length - 1;
        if (!isDistinctiveWrapper(keys[i]!) && !beyondWrapper && !listItemWrapper && !repoWrapper) continue;
        const origin = originOf(rule);
        reads.record(m, { rule, prefix, ...(origin ? { origin } : {}) }, !!origin, !origin && near.has(rule.id));
        done = true;
        break;
      }
    }
    if (done) continue;
    const last = keys[keys.length - 1]!;
    const rules = a.facts.distinctiveFields.get(last);
    if (!rules) continue;
    // only names no other code would use (`display_id`, `frDueBy`): `form.description` is any form's
    if (!isV1OnlyName(last)) continue;
    // a common name (`user_id`) read from the app's own input (`req.body.user_id`, a socket's or a queue's message)
    if (isCommonFieldName(last) && near.size === 0 && isOwnInput(a, chain, root)) continue;
    // the first rule, in rank, whose answer has the field at its top (`desc_un_html` of an article,
    // not of the folder view that embeds articles)
    const prefixOf = (r: Rule) => (r.response!.shape === 'object' ? [last] : ['[]', last]);
    const rule = rank(rules, near).find((r) => readChanges(r, prefixOf(r)).length > 0);
    if (!rule) continue;
    const origin = originOf(rule);
    reads.record(m, { rule, prefix: prefixOf(rule), ...(origin ? { origin } : {}) }, !!origin, !origin && near.has(rule.id));
  }
}

/**
 * The v1 calls of the file whose body is the value a name holds: the body variable itself
 * (`http.post(url, data)`), or a parameter of a function of the file that is called with it
 * (`validate(options); return http.post(url, options);` makes `obj` of `validate(obj)` that body).
 */
function requestBodyCalls(a: Analysis): (root: Node) => Site[] {
  const bodies = new Map<Binding, Site[]>();
  for (const f of a.found) {
    if (f.site.kind !== 'call' || !f.site.rule || f.site.file !== a.mod.file) continue;
    const ref = f.body ?? f.shape?.body;
    const n = ref && ref.mod === a.mod ? unwrapExpr(ref.node) : undefined;
    const b = n?.type === 'Identifier' ? bindingAt(a.mod, n) : undefined;
    if (b) bodies.set(b, [...(bodies.get(b) ?? []), f.site]);
  }
  const none: Site[] = [];
  if (!bodies.size) return () => none;
  return (root) => {
    if (root?.type !== 'Identifier') return none;
    const b = bindingAt(a.mod, root);
    if (!b) return none;
    const direct = bodies.get(b);
    if (direct) return direct;
    if (b.kind !== 'param' || !b.fn || b.paramIndex === undefined) return none;
    // the calls of that function in the file, and what they hand it at that position
    const out: Site[] = [];
    for (const call of callsOf(tracedModuleOf(a.mod), b.fn)) {
      const arg = unwrapExpr((call.arguments as Node[])[b.paramIndex]);
      const ab = arg?.type === 'Identifier' ? bindingAt(a.mod, arg) : undefined;
      if (ab) out.push(...(bodies.get(ab) ?? []));
    }
    return out;
  };
}

/** Methods that register a handler of the app's own input: a route, an event, a queue's jobs. */
const HANDLER_REGISTRATIONS = new Set(['on', 'once', 'addListener', 'process', 'subscribe', 'get', 'post', 'put', 'patch', 'delete', 'del', 'all', 'use']);

/**
 * Is the read object the app's own input, never a helpdesk answer? A server's request
 * (`req.body`, `req.params`, `req.query`, `ctx.request.body`), or a parameter of a handler
 * registered for a route, an event or a queue (`socket.on('join', function (params) {…})`,
 * `queue.process('notify' + id, function (job) {…})`, `app.post('/todos', function (req) {…})`):
 * its first argument names the route or event, and nothing handed to it holds a v1 URL.
 */
function isOwnInput(a: Analysis, chain: string[], root: Node): boolean {
  if ((chain[0] === 'req' || chain[0] === 'ctx') && ['body', 'params', 'query'].includes(chain[1]!)) return true;
  if (chain[0] === 'ctx' && chain[1] === 'request' && chain[2] === 'body') return true;
  if (root?.type !== 'Identifier') return false;
  const b = bindingAt(a.mod, root);
  if (!b || b.kind !== 'param' || !b.fn) return false;
  const call = a.mod.parent.get(b.fn);
  if (!call || call.type !== 'CallExpression' || !(call.arguments as Node[]).includes(b.fn)) return false;
  const callee = unwrapExpr(call.callee);
  if (!isMember(callee) || callee.computed || !HANDLER_REGISTRATIONS.has(memberName(callee) ?? '')) return false;
  const first = unwrapExpr((call.arguments as Node[])[0]);
  return isNamingString(first);
}

/** A string literal, a template or a concatenation that starts with one: a route or event name. */
function isNamingString(n: Node | undefined): boolean {
  if (!n) return false;
  if (isStringLiteral(n) || n.type === 'TemplateLiteral') return true;
  return n.type === 'BinaryExpression' && n.operator === '+' && isNamingString(unwrapExpr(n.left));
}

/**
 * Plain response wrapper names (`ticket`, `user`) the module itself uses as a key of an object it
 * builds beside other keys (`{ ticket: t, asset: a }`): such an object is the app's own, and
 * `.ticket` read from it is no v1 wrapper (v1 wrapped a resource alone: `{ ticket: {…} }`).
 */
function ownContainerKeys(a: Analysis): ReadonlySet<string> {
  const out = new Set<string>();
  for (const obj of a.mod.nodes.objects) {
    const props = obj.properties as Node[];
    if (props.length < 2) continue;
    for (const p of props) {
      const k = p.type === 'ObjectProperty' || p.type === 'Property' ? propertyKey(p) : undefined;
      if (k && a.facts.responseWrappers.has(k) && !isDistinctiveWrapper(k) && unwrapExpr(p.value)?.type !== 'ObjectExpression') out.add(k);
    }
  }
  return out;
}

/**
 * The v1 URL and call sites handed to the call a read's callback is handed to: in
 * `common.getData(params, function (err, res) { res.helpdesk_ticket… })` with `params = { path:
 * '/helpdesk/tickets/' + id + '.json' }`, the read is the ticket view's whatever else the file calls.
 */
function callbackSites(a: Analysis): (member: Node) => readonly Site[] {
  const urls = a.sites.filter((s) => (s.kind === 'url' || s.kind === 'call') && s.rule && s.file === a.mod.file);
  const cache = new Map<Node, readonly Site[]>();
  const inside = (n: Node) => urls.filter((s) => s.span.start >= n.start && s.span.end <= n.end);
  return (member) => {
    let fn: Node | undefined = a.mod.parent.get(member);
    while (fn && !isFunctionNode(fn)) fn = a.mod.parent.get(fn);
    const call = fn && a.mod.parent.get(fn);
    if (!fn || !call || (call.type !== 'CallExpression' && call.type !== 'NewExpression') || !(call.arguments as Node[]).includes(fn)) return [];
    let found = cache.get(call);
    if (!found) {
      const sites: Site[] = [];
      for (const arg of call.arguments as Node[]) {
        if (arg === fn) continue;
        const x = unwrapExpr(arg);
        sites.push(...inside(x));
        // the options held in a variable: where it is declared
        const b = x.type === 'Identifier' ? bindingAt(a.mod, x) : undefined;
        if (b?.init) sites.push(...inside(b.init));
      }
      cache.set(call, (found = sites));
    }
    return found;
  };
}

/** Property spans of a member chain, outermost last, aligned with the chain keys. */
function chainSpans(a: Analysis, member: Node, count: number): Span[] {
  const spans: Span[] = [];
  let cur = member;
  while (spans.length < count && cur && (cur.type === 'MemberExpression' || cur.type === 'OptionalMemberExpression')) {
    spans.unshift(a.span(cur.property));
    cur = unwrapExpr(cur.object);
  }
  while (spans.length < count) spans.unshift(a.span(member));
  return spans;
}

/** How many member steps the chain takes. */
function chainLength(member: Node): number {
  let n = 0;
  let cur = member;
  while (cur && (cur.type === 'MemberExpression' || cur.type === 'OptionalMemberExpression')) {
    n++;
    cur = unwrapExpr(cur.object);
  }
  return n;
}

/** The node a member chain starts from (`res.data.x` → `res`; `f().x` → the call). */
export function rootOf(member: Node): Node {
  let cur = member;
  while (cur && (cur.type === 'MemberExpression' || cur.type === 'OptionalMemberExpression')) cur = unwrapExpr(cur.object);
  return cur;
}

/** The chain's root name and keys (`[]` for computed indexes): `res.data[0].id` → `res, data, [], id`. */
function chainKeys(m: Node): string[] | null {
  const out: string[] = [];
  let cur = m;
  while (cur && (cur.type === 'MemberExpression' || cur.type === 'OptionalMemberExpression')) {
    if (cur.computed) out.unshift(isStringLiteral(cur.property) ? String(cur.property.value) : '[]');
    else out.unshift(cur.property.name);
    cur = unwrapExpr(cur.object);
  }
  out.unshift(cur?.type === 'Identifier' ? cur.name : cur?.type === 'ThisExpression' ? 'this' : '()');
  return out;
}
