/**
 * The JS/TS finders over one parsed module: calls, URL strings, payload wrappers, v1-shaped
 * response reads, 403 rate-limit handling, XML parsing, and v1 paths in comments. See ./index.ts
 * for the public entry.
 */
import type { Catalogue, HttpMethod, Rule } from '../../catalogue/index.ts';
import { TRANSPORT } from '../../../rules/transport.ts';
import { changesForCode, fieldMappings, type FieldMapping } from '../../catalogue/fields.ts';
import { chooseRule, matchUrl, segmentWords, escapeRegex, type UrlMatch } from '../match-url.ts';
import { findTextUrls } from '../text-urls.ts';
import { ClientRecognizer, calleeName, HTTP_METHODS, NON_REQUEST_CALLEES, verbMethod, type CallShape, type NodeRef } from './clients.ts';
import {
  Evaluator,
  isNumberLiteral,
  isObjectProperty,
  isStringLiteral,
  propertyKey,
  unwrapExpr,
  type Frames,
  type Value,
} from './evaluate.ts';
import { children, isFunctionNode, memberPath, spanAt, spanOf, type Binding, type ModuleInfo } from './module.ts';
import type { Node } from './parse.ts';
import { serverRoutes } from './routes.ts';
import type { CallInfo, Marker, ReadInfo, Site, Span, StringPart, UrlInfo, WrapperInfo } from './types.ts';

const EMPTY: Frames = new Map();

export const RATE_LIMIT_RULE = 'transport.rate-limit';
export const XML_RULE = 'transport.xml';
export const HTTPS_RULE = 'transport.https';

/** Words that show a 403 branch is about throttling, not permissions. */
const RETRY_WORDS = /retry|setTimeout|sleep|(?<![a-z])wait|delay|backoff|back-off|throttl|rate.?limit|too.?many/i;
const STATUS_NAMES = /^(status|statusCode|status_code|code|responseCode|httpStatus|statusText)$/;
/** Receivers whose `.get(x)` is not a request. */
const NON_HTTP_RECEIVERS = /(^|\.)(cache|map|store|storage|localStorage|sessionStorage|headers|params|searchParams|config|settings|env|db|redis|memcache|lru|set|weakMap|registry|router|app|express|Object|Reflect|Map|Set)$/i;
/** In-page app data (not an API response): `domHelper.getTicketInfo()`, `client.data.get('ticket')`. */
const IN_PAGE = /domHelper|\.data\.get\s*\(|page_data|ticketInfo|getTicketInfo/;

const MARKER = /@hdmigrate-(todo|ignore)\(([^)]*)\)\s*:?\s*(.*)/;

interface Internal {
  site: Site;
  node?: Node;
  shape?: CallShape;
  body?: NodeRef;
}

export interface AnalyzerOptions {
  catalogue: Catalogue;
}

/** Per-catalogue facts the finders need, computed once. */
export class CatalogueFacts {
  readonly words: RegExp;
  /** Request wrapper → rules that take it, POST first. */
  readonly requestWrappers = new Map<string, Rule[]>();
  /** Response wrapper → rules that answer with it. */
  readonly responseWrappers = new Map<string, Rule[]>();
  /** Distinctive v1-only response field names (`status_name`, `display_id`, `timespent`) → rules. */
  readonly distinctiveFields = new Map<string, Rule[]>();

  constructor(readonly cat: Catalogue) {
    this.words = new RegExp(`(?:^|[^\\w])(?:${segmentWords(cat).map(escapeRegex).join('|')})(?:[^\\w]|$)`);
    const byMethod = (a: Rule, b: Rule) => order(a) - order(b);
    for (const rule of cat.rules) {
      const w = rule.request?.wrapper;
      if (w) push(this.requestWrappers, w, rule);
      const rw = rule.response?.wrapper;
      if (rw) push(this.responseWrappers, rw, rule);
      for (const m of readMappings(rule)) {
        const leaf = m.v1.split(/[.[\]]+/).filter(Boolean).pop()!;
        if (leaf === '*' || !isDistinctive(leaf)) continue;
        push(this.distinctiveFields, leaf, rule);
      }
    }
    for (const list of [...this.requestWrappers.values(), ...this.responseWrappers.values(), ...this.distinctiveFields.values()]) list.sort(byMethod);
  }
}

/** A v1 path no other API would use: a format suffix, two literal segments, or a segment with `_`. */
export function isDistinctiveV1Path(um: UrlMatch): boolean {
  if (um.format) return true;
  const segs = um.path.split('/').filter((x) => x && !x.startsWith('{'));
  return segs.length >= 2 || segs.some((x) => x.includes('_'));
}

/** The name a function is called by (declaration, `const f = () => …`, method), for spotting recursion. */
function functionName(mod: ModuleInfo, fn: Node): string | undefined {
  if (fn.id?.name) return fn.id.name;
  const p = mod.parent.get(fn);
  if (p?.type === 'VariableDeclarator' && p.id?.type === 'Identifier') return p.id.name;
  if (fn.type === 'ObjectMethod' || fn.type === 'ClassMethod') return propertyKey(fn) ?? undefined;
  if (p && isObjectProperty(p)) return propertyKey(p) ?? undefined;
  return undefined;
}

/** Response fields whose reads change in v2 (the catalogue's field mappings: renames, wrappers, reshaped values, fields gone). */
function readMappings(rule: Rule): FieldMapping[] {
  return fieldMappings(rule, 'response').filter(changesForCode);
}

/** Body fields (relative to the unwrapped payload) whose writes change in v2; query and path moves are the URL's. */
function writeMappings(rule: Rule): FieldMapping[] {
  return fieldMappings(rule, 'request').filter((m) => changesForCode(m) && !/^(query|params)\./.test(m.v1));
}

function order(r: Rule): number {
  return ['POST', 'GET', 'PUT', 'DELETE'].indexOf(r.v1.method);
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) {
    if (!list.includes(v)) list.push(v);
  } else m.set(k, [v]);
}

/** A field name only v1 has and code would not use for anything else. */
export function isDistinctive(name: string): boolean {
  return /_/.test(name) || /[a-z][A-Z]/.test(name) || name.length >= 9;
}

/** Distinctive wrapper names (`helpdesk_ticket`, `time_entry`) can be recognised without a traced call. */
export function isDistinctiveWrapper(name: string): boolean {
  return /_/.test(name);
}

const factsCache = new WeakMap<Catalogue, CatalogueFacts>();
export function catalogueFacts(cat: Catalogue): CatalogueFacts {
  let f = factsCache.get(cat);
  if (!f) {
    f = new CatalogueFacts(cat);
    factsCache.set(cat, f);
  }
  return f;
}

/** Literal parts of a URL that lie inside its own expression (not in constants it refers to). */
export function ownParts(parts: StringPart[], file: string, root: { start: number; end: number }): StringPart[] {
  return parts.filter((p) => !p.dynamic && p.node !== 'synthetic' && p.file === file && !p.span.file && p.span.start >= root.start && p.span.end <= root.end);
}

function key(file: string, start: number): string {
  return `${file}\0${start}`;
}

export class Analyzer {
  readonly sites: Site[] = [];
  readonly markers: Marker[] = [];
  private readonly internal: Internal[] = [];
  private readonly consumed = new Set<string>();
  private readonly siteKeys = new Set<string>();
  private readonly rec: ClientRecognizer;
  private readonly facts: CatalogueFacts;
  private readonly cat: Catalogue;
  /** Modules of repo functions that made a v1 request for a call here (HTTP wrappers). */
  private readonly wrapperModules = new Set<ModuleInfo>();
  private calls: Node[] = [];
  private strings: Node[] = [];
  private members: Node[] = [];
  private objects: Node[] = [];
  private numbers: Node[] = [];
  private assignments: Node[] = [];

  constructor(
    readonly mod: ModuleInfo,
    readonly ev: Evaluator,
    opts: AnalyzerOptions,
  ) {
    this.cat = opts.catalogue;
    this.facts = catalogueFacts(opts.catalogue);
    this.rec = new ClientRecognizer(ev);
  }

  run(): void {
    this.collect();
    this.findCalls();
    this.findUrls();
    const v1 = this.sites.length > 0;
    this.findWrappers(v1);
    this.findReads(v1);
    if (v1) this.findXml();
    // 403 throttling: in a module with helpdesk context, and in the HTTP wrappers v1 calls here go through
    if (v1 || this.mentionsV1Path(this.mod)) this.findRateLimits(this.mod);
    for (const m of this.wrapperModules) if (m !== this.mod) this.findRateLimits(m);
    this.findComments();
    this.sites.sort((a, b) => (a.file === b.file ? a.span.start - b.span.start : a.file < b.file ? -1 : 1));
  }

  // ---- helpers --------------------------------------------------------------------------------

  private span(node: Node, mod: ModuleInfo = this.mod): Span {
    return spanOf(mod, node, this.mod.file);
  }

  private addSite(site: Site, extra: Omit<Internal, 'site'> = {}): boolean {
    const k = `${site.kind}\0${site.file}\0${site.span.start}\0${site.span.end}`;
    if (this.siteKeys.has(k)) return false;
    this.siteKeys.add(k);
    this.sites.push(site);
    this.internal.push({ site, ...extra });
    return true;
  }

  private collect(): void {
    const n = this.mod.nodes;
    this.calls = n.calls;
    this.strings = n.strings;
    this.members = n.members;
    this.objects = n.objects;
    this.numbers = n.numbers;
    this.assignments = n.assignments;
  }

  private statementOf(node: Node): Node {
    let cur = node;
    for (;;) {
      const p = this.mod.parent.get(cur);
      if (!p) return cur;
      if (/Statement$|Declaration$/.test(cur.type) && cur.type !== 'FunctionDeclaration' && p.type !== 'ExportNamedDeclaration') return cur;
      if (p.type === 'Program' || p.type === 'BlockStatement' || p.type === 'SwitchCase') return cur;
      cur = p;
    }
  }

  private textOf(v: Value): string | undefined {
    return Evaluator.text(v);
  }

  // ---- calls ----------------------------------------------------------------------------------

  private readonly mayMemo = new WeakMap<object, boolean>();

  /**
   * Could this expression hold (part of) a v1 URL? A cheap syntactic test before any evaluation:
   * literal text with a v1 path word, or a name bound to such text, a function of the repo, an
   * import of the repo. Parameters and globals alone never make a complete v1 URL.
   */
  mayBeV1(raw: Node): boolean {
    const node = unwrapExpr(raw);
    if (!node || typeof node !== 'object') return false;
    const memo = this.mayMemo.get(node);
    if (memo !== undefined) return memo;
    this.mayMemo.set(node, false); // cycles
    let r = false;
    const src = () => this.mod.source.slice(node.start, node.end);
    switch (node.type) {
      case 'StringLiteral':
      case 'Literal':
        r = typeof node.value === 'string' && this.facts.words.test(node.value);
        break;
      case 'TemplateLiteral':
        r = this.facts.words.test(src()) || node.expressions.some((e: Node) => this.mayBeV1(e));
        break;
      case 'BinaryExpression':
      case 'LogicalExpression':
        r = this.mayBeV1(node.left) || this.mayBeV1(node.right);
        break;
      case 'ConditionalExpression':
        r = this.mayBeV1(node.consequent) || this.mayBeV1(node.alternate);
        break;
      case 'AwaitExpression':
      case 'SpreadElement':
        r = this.mayBeV1(node.argument);
        break;
      case 'Identifier': {
        const b = (this.mod.scopeOf.get(node) ?? this.mod.root).lookup(node.name);
        if (!b) r = false;
        else if (b.kind === 'import') r = !!b.importFrom?.source.startsWith('.');
        else if (b.kind === 'function') r = true;
        else if (b.kind === 'param' || b.kind === 'class' || b.kind === 'catch') r = false;
        else {
          r = (!!b.init && (isFunctionNode(b.init) || this.mayBeV1(b.init) || this.isRequireRelative(b.init))) || b.appends.some((a) => this.mayBeV1(a.right)) || b.assigns.some((a) => this.mayBeV1(a.right));
        }
        break;
      }
      case 'MemberExpression':
      case 'OptionalMemberExpression': {
        const obj = unwrapExpr(node.object);
        r = obj.type === 'ThisExpression' || this.mayBeV1(obj) || (node.computed && this.mayBeV1(node.property));
        break;
      }
      case 'CallExpression':
      case 'OptionalCallExpression':
      case 'NewExpression': {
        r = (node.arguments ?? []).some((a: Node) => this.mayBeV1(a));
        if (!r) {
          const callee = unwrapExpr(node.callee);
          const root = memberPath(callee)?.[0];
          const b = root && root !== 'this' ? (this.mod.scopeOf.get(callee) ?? this.mod.root).lookup(root) : undefined;
          r = !!b && (b.kind === 'function' || (b.kind === 'import' && !!b.importFrom?.source.startsWith('.')) || (!!b.init && (isFunctionNode(b.init) || this.isRequireRelative(b.init) || this.mayBeV1(b.init))));
        }
        break;
      }
      case 'ObjectExpression':
        r = node.properties.some((p: Node) => (p.type === 'SpreadElement' ? this.mayBeV1(p.argument) : isObjectProperty(p) && this.mayBeV1(p.value)));
        break;
      case 'ArrayExpression':
        r = node.elements.some((e: Node) => e && this.mayBeV1(e));
        break;
      default:
        r = false;
    }
    this.mayMemo.set(node, r);
    return r;
  }

  private isRequireRelative(n: Node): boolean {
    const u = unwrapExpr(n);
    if (u?.type === 'MemberExpression') return this.isRequireRelative(u.object);
    return u?.type === 'CallExpression' && u.callee?.type === 'Identifier' && u.callee.name === 'require' && String(u.arguments?.[0]?.value ?? '').startsWith('.');
  }

  private findCalls(): void {
    const routes = serverRoutes(this.mod).calls;
    for (const call of this.calls) {
      const callee = unwrapExpr(call.callee);
      if (!callee) continue;
      // `app.get('/groups/:id.json', (req, res) => …)` serves a path, it does not request one
      if (routes.has(call)) continue;
      // nothing in the arguments can be a v1 URL: not a v1 request (cheap, before any evaluation)
      if (!(call.arguments ?? []).some((a: Node) => this.mayBeV1(a))) continue;
      const shape = this.rec.recognize(this.mod, call, EMPTY);
      if (shape) {
        this.siteFromShape(shape, call);
        continue;
      }
      if (call.type === 'NewExpression') continue;
      const fv = this.ev.eval(this.mod, callee, EMPTY);
      if (fv.t === 'fn') {
        if (this.wrapperCall(fv, call, 0)) continue;
      }
      this.genericArgCall(call);
    }
  }

  /** Builds the URL value of a recognised call: base + url + query object. */
  private urlOf(shape: CallShape, frames: Frames = EMPTY): StringPart[] | null {
    void frames;
    let v: Value | undefined = shape.urlValue;
    if (!v && shape.url) v = this.ev.eval(shape.url.mod, shape.url.node, shape.url.frames);
    if (!v || v.t !== 'str') return null;
    let parts = v.parts;
    const text = parts.map((p) => p.text).join('');
    if (shape.base && !/^[a-z]+:\/\//i.test(text) && !/^\{[^}]*\}/.test(text)) {
      const b = this.ev.eval(shape.base.mod, shape.base.node, shape.base.frames);
      const bp = this.ev.toParts(b, shape.base.mod, shape.base.node);
      const btext = bp.map((p) => p.text).join('');
      const sep = !btext.endsWith('/') && !text.startsWith('/') ? [this.ev.synthetic(shape.base.mod, shape.base.node, '/')] : [];
      parts = [...bp, ...sep, ...parts];
    }
    if (shape.query) {
      const q = this.ev.eval(shape.query.mod, shape.query.node, shape.query.frames);
      if (q.t === 'obj') {
        const keys = (q.node.properties as Node[]).map((p) => propertyKey(p)).filter((k): k is string => !!k);
        if (keys.length > 0) {
          const joined = parts.map((p) => p.text).join('');
          const text2 = (joined.includes('?') ? '&' : '?') + keys.map((k) => `${encodeURIComponent(k)}={${k}}`).join('&');
          parts = [...parts, { ...this.ev.synthetic(shape.query.mod, shape.query.node, text2), dynamic: true }];
        }
      }
    }
    return parts;
  }

  private urlInfo(parts: StringPart[], um: UrlMatch, span: Span, rule: Rule): UrlInfo {
    const m = um.matches.find((x) => x.rule === rule) ?? um.matches[0]!;
    return {
      pattern: parts.map((p) => p.text).join(''),
      path: um.path,
      template: m.template,
      params: m.params,
      query: um.query,
      format: um.format,
      insecure: um.insecure,
      origin: um.origin,
      span,
      parts,
    };
  }

  private consume(parts: StringPart[]): void {
    for (const p of parts) if (!p.dynamic && p.node !== 'synthetic') this.consumed.add(key(p.file, p.span.start));
  }

  private callInfo(call: Node, shape: CallShape | undefined, client: CallInfo['client'], calleeText: string): CallInfo {
    const callee = unwrapExpr(call.callee);
    const info: CallInfo = {
      span: this.span(call),
      statement: this.span(this.statementOf(call)),
      callee: calleeText,
      calleeSpan: this.span(callee),
      client,
      args: (call.arguments ?? []).map((a: Node) => this.span(a)),
    };
    if (shape?.options) info.options = this.span(shape.options.node, shape.options.mod);
    if (shape?.body) {
      const b = unwrapExpr(shape.body.node);
      const stringified = this.isJsonStringify(b);
      info.body = this.span(shape.body.node, shape.body.mod);
      if (shape.bodyProperty) info.bodyProperty = shape.bodyProperty;
      if (stringified) info.bodyStringified = true;
    }
    return info;
  }

  /** The expression a request body comes from, through `JSON.stringify(x)`, `c ? undefined : x`, `x && f(x)`, `x ?? undefined`. */
  private bodyRoot(n: Node): Node {
    const nullish = (x: Node) => {
      const u = unwrapExpr(x);
      return !u || u.type === 'NullLiteral' || (u.type === 'Literal' && u.value === null && !u.regex) || (u.type === 'Identifier' && u.name === 'undefined') || (u.type === 'UnaryExpression' && u.operator === 'void');
    };
    let cur = unwrapExpr(n);
    for (let i = 0; i < 6 && cur; i++) {
      if (this.isJsonStringify(cur)) cur = unwrapExpr(cur.arguments[0]);
      else if (cur.type === 'ConditionalExpression' && (nullish(cur.consequent) || nullish(cur.alternate))) cur = unwrapExpr(nullish(cur.consequent) ? cur.alternate : cur.consequent);
      else if (cur.type === 'LogicalExpression' && cur.operator === '&&') cur = unwrapExpr(cur.right);
      else if (cur.type === 'LogicalExpression' && (cur.operator === '||' || cur.operator === '??') && nullish(cur.right)) cur = unwrapExpr(cur.left);
      else break;
    }
    return cur;
  }

  private isJsonStringify(n: Node): boolean {
    return (n?.type === 'CallExpression' && memberPath(n.callee)?.join('.') === 'JSON.stringify') || false;
  }

  private methodSpan(ref: NodeRef | undefined): Span | undefined {
    return ref ? this.span(ref.node, ref.mod) : undefined;
  }

  private siteFromShape(shape: CallShape, call: Node): boolean {
    const parts = this.urlOf(shape);
    if (!parts) return false;
    const pattern = parts.map((p) => p.text).join('');
    const um = matchUrl(this.cat, pattern);
    if (!um) return false;
    let method: string | null = shape.method ?? null;
    let methodSource: Site['methodSource'] = shape.methodSource;
    let choice = chooseRule(this.cat, um, method);
    if (choice.methodMismatch && methodSource === 'default') {
      method = null;
      methodSource = null;
      choice = chooseRule(this.cat, um, null);
    }
    const urlSpan = shape.url ? this.span(shape.url.node, shape.url.mod) : this.span(call);
    this.consume(parts);
    const rule = choice.rule;
    const site: Site = {
      kind: 'call',
      span: urlSpan,
      file: urlSpan.file ?? this.mod.file,
      rule: rule.id,
      rules: choice.rules,
      method: (method ?? (methodSource === null ? null : null)) as HttpMethod | null,
      methodSource,
      url: this.urlInfo(parts, um, urlSpan, rule),
      call: this.callInfo(call, shape, shape.client, shape.callee),
      message: `${shape.client} ${method ?? '(method unknown)'} ${um.target}`,
      fidelity: rule.fidelity,
    };
    if (method) site.method = method as HttpMethod;
    else site.method = null;
    if (shape.methodRef && method) site.methodSpan = this.methodSpan(shape.methodRef);
    if (choice.methodMismatch) site.message += ` (v1 has no ${method} here)`;
    if (shape.insecure && site.url) site.url.insecure = true;
    return this.addSite(site, { node: call, shape, body: shape.body });
  }

  /** A call to a function of the repo that makes the request with the path it receives. */
  private wrapperCall(fn: Extract<Value, { t: 'fn' }>, call: Node, depth: number, outer?: { call: Node; args: Value[]; chain: ModuleInfo[]; callerArgs: Value[] }): boolean {
    if (depth > 3) return false;
    const fnNode = fn.node.type === 'Property' ? fn.node.value : fn.node;
    if (!fnNode || !isFunctionNode(fnNode)) return false;
    const scope = fn.mod.fnScope.get(fnNode);
    if (!scope) return false;
    const args: Value[] =
      outer?.args ??
      (call.arguments ?? []).map((a: Node) => {
        const v = this.ev.eval(this.mod, a, EMPTY);
        return v.t === 'unknown' ? ({ t: 'str', parts: [this.ev.placeholder(this.mod, a, v.name === 'expr' ? undefined : v.name)] } as Value) : v;
      });
    const bound = new Map<string, Value>();
    (fnNode.params ?? []).forEach((p: Node, i: number) => {
      const id = p.type === 'AssignmentPattern' ? p.left : p;
      if (id.type === 'Identifier' && args[i]) bound.set(id.name, args[i]!);
    });
    const frames: Frames = new Map(fn.frames);
    frames.set(scope, bound);
    // the calls the wrapper makes
    const inner: Node[] = [];
    const visit = (n: Node): void => {
      if (n.type === 'CallExpression' || n.type === 'NewExpression' || n.type === 'OptionalCallExpression') inner.push(n);
      for (const c of children(n)) visit(c);
    };
    visit(fnNode.body);
    for (const ic of inner) {
      const shape = this.rec.recognize(fn.mod, ic, frames);
      if (!shape || shape.client === 'generic') {
        // a wrapper of a wrapper
        const icallee = unwrapExpr(ic.callee);
        const iv = this.ev.eval(fn.mod, icallee, frames);
        if (iv.t === 'fn' && iv.node !== fn.node) {
          const iargs = (ic.arguments ?? []).map((a: Node) => this.ev.eval(fn.mod, a, frames));
          if (this.wrapperCall(iv, ic, depth + 1, { call: outer?.call ?? call, args: iargs, chain: [...(outer?.chain ?? []), fn.mod], callerArgs: outer?.callerArgs ?? args })) return true;
        }
        if (!shape) continue;
      }
      const parts = this.urlOf(shape);
      if (!parts) continue;
      const um = matchUrl(this.cat, parts.map((p) => p.text).join(''));
      if (!um) continue;
      // a URL complete without the caller's arguments is the inner call's own site, not the wrapper's
      {
        const alone = this.rec.recognize(fn.mod, ic, fn.frames);
        const aloneParts = alone ? this.urlOf(alone) : null;
        if (aloneParts && matchUrl(this.cat, aloneParts.map((p) => p.text).join(''))) continue;
      }
      const outerCall = outer?.call ?? call;
      let method = shape.method ?? null;
      let methodSource = shape.methodSource;
      let choice = chooseRule(this.cat, um, method);
      if (choice.methodMismatch && methodSource === 'default') {
        method = null;
        methodSource = null;
        choice = chooseRule(this.cat, um, null);
      }
      // the URL expression at the call site: the caller's argument whose value went into the URL
      // (`ticketUrl(id)` brings its parts from the helper; they are the same parts in the URL)
      const argNodes: Node[] = outerCall.arguments ?? [];
      const callerArgs = outer?.callerArgs ?? args;
      const partKey = (p: StringPart) => `${p.file}\0${p.span.start}\0${p.span.end}`;
      const urlKeys = new Set(parts.filter((p) => p.node !== 'synthetic').map(partKey));
      const byValue = callerArgs.findIndex((v) => v.t === 'str' && v.parts.some((p) => p.node !== 'synthetic' && urlKeys.has(partKey(p))));
      const mainPart = parts.find((p) => p.file === this.mod.file && !p.dynamic && p.node !== 'synthetic');
      const argNode = argNodes[byValue] ?? (mainPart ? argNodes.find((a) => a.start <= mainPart.span.start && mainPart.span.end <= a.end) : undefined);
      const urlSpan = argNode ? this.span(argNode) : this.span(outerCall);
      // method passed in by the caller?
      let methodSpan: Span | undefined;
      if (shape.methodRef) {
        const ms = this.span(shape.methodRef.node, shape.methodRef.mod);
        const fromArg = argNodes.find((a) => a.start <= ms.start && ms.end <= a.end && !ms.file);
        methodSpan = fromArg ? this.span(fromArg) : ms;
        if (shape.methodRef.node.type === 'Identifier') {
          const b = (shape.methodRef.mod.scopeOf.get(shape.methodRef.node) ?? shape.methodRef.mod.root).lookup(shape.methodRef.node.name);
          if (b?.kind === 'param' && b.paramIndex !== undefined && argNodes[b.paramIndex] && b.fn === fnNode) {
            methodSpan = this.span(argNodes[b.paramIndex]);
            methodSource = 'argument';
          }
        }
      }
      this.consume(parts);
      const rule = choice.rule;
      const info = this.callInfo(outerCall, undefined, 'wrapper', calleeName(this.mod, unwrapExpr(outerCall.callee)));
      info.innerClient = shape.client;
      const chain = [...(outer?.chain ?? []), fn.mod];
      info.wrapperFiles = [...new Set(chain.map((m) => (m === this.mod ? this.mod.file : m.file)))];
      for (const m of chain) this.wrapperModules.add(m);
      const site: Site = {
        kind: 'call',
        span: urlSpan,
        file: this.mod.file,
        rule: rule.id,
        rules: choice.rules,
        method: (method as HttpMethod) ?? null,
        methodSource,
        url: this.urlInfo(parts, um, urlSpan, rule),
        call: info,
        message: `${info.callee}() → ${shape.client} ${method ?? '(method unknown)'} ${um.target}`,
        fidelity: rule.fidelity,
      };
      if (methodSpan && method) site.methodSpan = methodSpan;
      if (shape.insecure && site.url) site.url.insecure = true;
      // the body the wrapper sends: when it is one of its params (also behind `JSON.stringify`,
      // `body === undefined ? undefined : JSON.stringify(body)`, `body && JSON.stringify(body)`), the caller's argument
      let body = shape.body;
      if (body) {
        const inner2 = this.bodyRoot(body.node);
        if (inner2?.type === 'Identifier') {
          const b = (body.mod.scopeOf.get(inner2) ?? body.mod.root).lookup(inner2.name);
          const bv = b?.kind === 'param' && b.fn === fnNode ? bound.get(b.name) : undefined;
          const idx = bv ? callerArgs.indexOf(bv) : -1;
          if (idx >= 0 && argNodes[idx]) {
            body = { mod: this.mod, node: argNodes[idx], frames: EMPTY };
            info.body = this.span(argNodes[idx]);
          }
        }
      }
      this.addSite(site, { node: outerCall, shape, body });
      return true;
    }
    return false;
  }

  /** Any other call with a complete v1 API path among its arguments. */
  private genericArgCall(call: Node): void {
    const callee = unwrapExpr(call.callee);
    const text = calleeName(this.mod, callee);
    if (NON_REQUEST_CALLEES.test(text)) return;
    const args: Node[] = call.arguments ?? [];
    for (const a of args) {
      if (!this.looksV1(a)) continue;
      const v = this.ev.eval(this.mod, a, EMPTY);
      if (v.t !== 'str') continue;
      const um = matchUrl(this.cat, v.parts.map((p) => p.text).join(''));
      if (!um || !um.format) continue;
      // a URL helper inside a recognised call's argument (`client.request.post(v1Url('/helpdesk/...'))`)
      const own = v.parts.filter((p) => !p.dynamic && p.node !== 'synthetic');
      if (own.length && own.every((p) => this.consumed.has(key(p.file, p.span.start)))) continue;
      const last = memberPath(callee)?.pop() ?? '';
      if (NON_HTTP_RECEIVERS.test(text.split('.').slice(0, -1).join('.')) && /^(get|set|has|delete)$/.test(last)) continue;
      let method: string | null = null;
      let methodSpan: Span | undefined;
      let methodSource: Site['methodSource'] = null;
      for (const other of args) {
        if (other === a) continue;
        const ov = this.ev.eval(this.mod, other, EMPTY);
        const t = this.textOf(ov)?.toUpperCase();
        if (t && HTTP_METHODS.has(t) && ov.t === 'str' && ov.parts.every((p) => !p.dynamic)) {
          method = t;
          methodSpan = this.span(other);
          methodSource = 'argument';
          break;
        }
      }
      if (!method && /^(get|post|put|delete|del|patch)$/i.test(last)) {
        method = verbMethod(last.toLowerCase());
        methodSource = 'callee';
        if (callee.type === 'MemberExpression') methodSpan = this.span(callee.property);
      }
      const choice = chooseRule(this.cat, um, method);
      this.consume(v.parts);
      const urlSpan = this.span(a);
      const rule = choice.rule;
      const site: Site = {
        kind: 'call',
        span: urlSpan,
        file: this.mod.file,
        rule: rule.id,
        rules: choice.rules,
        method: (method as HttpMethod) ?? null,
        methodSource,
        url: this.urlInfo(v.parts, um, urlSpan, rule),
        call: this.callInfo(call, undefined, 'wrapper', text),
        message: `${text}() receives v1 path ${um.target}`,
        fidelity: rule.fidelity,
      };
      if (methodSpan) site.methodSpan = methodSpan;
      // the body: an object argument after the path
      const bodyArg = args.find((x, i) => i > args.indexOf(a) && x.type !== 'ArrowFunctionExpression' && x.type !== 'FunctionExpression' && !isStringLiteral(x));
      this.addSite(site, { node: call, body: bodyArg ? { mod: this.mod, node: bodyArg, frames: EMPTY } : undefined });
      return;
    }
  }

  /** Cheap test: does the expression's own source text mention a v1 path word, or is it built? */
  private looksV1(node: Node): boolean {
    const n = unwrapExpr(node);
    if (!n) return false;
    if (n.type === 'Identifier' || n.type === 'MemberExpression' || n.type === 'CallExpression') return true;
    return this.facts.words.test(this.mod.source.slice(n.start, n.end)) || /\.(json|xml)|format=/.test(this.mod.source.slice(n.start, n.end));
  }

  // ---- URL strings ----------------------------------------------------------------------------

  private stringRoot(node: Node): Node {
    let cur = node;
    for (;;) {
      const p = this.mod.parent.get(cur);
      if (!p) return cur;
      if ((p.type === 'BinaryExpression' && p.operator === '+') || p.type === 'TemplateLiteral' || p.type === 'ParenthesizedExpression' || p.type === 'TSAsExpression') {
        cur = p;
        continue;
      }
      return cur;
    }
  }

  private findUrls(): void {
    const done = new Set<Node>(serverRoutes(this.mod).paths);
    for (const s of this.strings) {
      const parent = this.mod.parent.get(s);
      if (!parent) continue;
      if (
        parent.type === 'ImportDeclaration' ||
        parent.type === 'ExportNamedDeclaration' ||
        parent.type === 'ExportAllDeclaration' ||
        parent.type === 'TSLiteralType' ||
        parent.type === 'TSExternalModuleReference' ||
        parent.type === 'Directive' ||
        ((parent.type === 'ObjectProperty' || parent.type === 'Property') && parent.key === s && !parent.computed)
      ) {
        continue;
      }
      const root = this.stringRoot(s);
      if (done.has(root)) continue;
      done.add(root);
      const text = this.mod.source.slice(root.start, root.end);
      if (!this.facts.words.test(text)) continue;
      const v = this.ev.eval(this.mod, root, EMPTY);
      if (v.t !== 'str') continue;
      const pattern = v.parts.map((p) => p.text).join('');
      const um = matchUrl(this.cat, pattern);
      if (!um || !um.format) continue;
      // the root's own text used by a call here (constants shared by many URLs do not count)
      if (ownParts(v.parts, this.mod.file, root).some((p) => this.consumed.has(key(p.file, p.span.start)))) continue;
      // a sibling `method: 'PUT'` in the same object (route tables, request configs)
      let method: string | null = null;
      let methodSpan: Span | undefined;
      const rp = this.mod.parent.get(root);
      if (rp && isObjectProperty(rp) && rp.value === root) {
        const obj = this.mod.parent.get(rp);
        for (const p of obj?.properties ?? []) {
          const k = propertyKey(p);
          if ((k === 'method' || k === 'type' || k === 'verb') && isObjectProperty(p) && isStringLiteral(p.value)) {
            const m = String(p.value.value).toUpperCase();
            if (HTTP_METHODS.has(m)) {
              method = m;
              methodSpan = this.span(p.value);
            }
          }
        }
      }
      const choice = chooseRule(this.cat, um, method);
      const span = this.span(root);
      const site: Site = {
        kind: 'url',
        span,
        file: this.mod.file,
        rule: choice.rule.id,
        rules: choice.rules,
        method: (method as HttpMethod) ?? null,
        methodSource: method ? 'sibling' : null,
        url: this.urlInfo(v.parts, um, span, choice.rule),
        message: `v1 URL ${um.target}${method ? ` (${method})` : ''}`,
        fidelity: choice.rule.fidelity,
      };
      if (methodSpan) site.methodSpan = methodSpan;
      this.addSite(site, { node: root });
    }
  }

  // ---- wrappers -------------------------------------------------------------------------------

  private wrapperSite(
    rule: Rule,
    rules: string[],
    w: WrapperInfo,
    mod: ModuleInfo,
    message: string,
  ): void {
    const site: Site = {
      kind: 'wrapper',
      span: w.keySpan,
      file: w.keySpan.file ?? mod.file,
      rule: rule.id,
      rules,
      method: rule.v1.method,
      methodSource: 'rule',
      wrapper: w,
      message,
      fidelity: rule.fidelity,
    };
    this.addSite(site);
  }

  private requestFields(rule: Rule, mod: ModuleInfo, valueNode: Node | undefined, frames: Frames): WrapperInfo['fields'] {
    if (!valueNode) return undefined;
    const v = this.ev.eval(mod, valueNode, frames);
    if (v.t !== 'obj') return undefined;
    const maps = writeMappings(rule);
    const out: NonNullable<WrapperInfo['fields']> = [];
    for (const p of v.node.properties as Node[]) {
      const k = propertyKey(p);
      if (!k) continue;
      const m = maps.find((x) => x.v1 === k || x.v1.startsWith(`${k}.`));
      if (m) out.push({ v1: k, v2: m.v2, span: spanOf(v.mod, p.key ?? p, this.mod.file) });
    }
    return out.length ? out : undefined;
  }

  /** Wrapper keys in a request body (object literal, JSON string, FormData, assignments on its variable). */
  private bodyWrappers(rule: Rule, rules: string[], body: NodeRef, shape?: CallShape): void {
    const wrapperNames = new Set<string>();
    for (const id of rules) {
      const w = this.cat.get(id)?.request?.wrapper;
      if (w) wrapperNames.add(w);
    }
    if (rule.request?.wrapper) wrapperNames.add(rule.request.wrapper);
    if (wrapperNames.size === 0) return;
    const ruleFor = (w: string): Rule => (rule.request?.wrapper === w ? rule : (rules.map((id) => this.cat.get(id)!).find((r) => r?.request?.wrapper === w) ?? rule));
    let node = unwrapExpr(body.node);
    if (this.isJsonStringify(node)) node = unwrapExpr(node.arguments[0]);
    if (!node) return;
    const v = this.ev.eval(body.mod, node, body.frames);
    if (v.t === 'obj') this.objectWrappers(v, wrapperNames, ruleFor, rules);
    if (v.t === 'str') this.stringWrappers(v.parts, wrapperNames, ruleFor, rules);
    // the variable holding the body: assignments and FormData appends on it
    const holder = node.type === 'Identifier' ? node : undefined;
    if (holder) {
      const b = (body.mod.scopeOf.get(holder) ?? body.mod.root).lookup(holder.name);
      if (b) this.bindingWrappers(body.mod, b, wrapperNames, ruleFor, rules);
    }
    // superagent/unirest `.field('helpdesk_ticket[x]', v)` / `.attach(...)`
    for (const c of shape?.chain ?? []) {
      const name = c.callee.property?.name;
      if ((name === 'field' || name === 'attach') && c.arguments[0]) this.bracketKeyArg(this.mod, c.arguments[0], wrapperNames, ruleFor, rules);
    }
  }

  private objectWrappers(v: Extract<Value, { t: 'obj' }>, names: Set<string>, ruleFor: (w: string) => Rule, rules: string[]): void {
    for (const p of v.node.properties as Node[]) {
      if (p.type === 'SpreadElement' || p.type === 'SpreadProperty') {
        const sv = this.ev.eval(v.mod, p.argument, v.frames);
        if (sv.t === 'obj') this.objectWrappers(sv, names, ruleFor, rules);
        continue;
      }
      let k = propertyKey(p);
      let form: WrapperInfo['form'] = p.shorthand ? 'shorthand' : 'object-key';
      if (k === undefined && p.computed) {
        const kv = this.ev.eval(v.mod, p.key, v.frames);
        k = this.textOf(kv);
        form = 'computed-key';
      }
      if (!k) continue;
      const bracket = /^([A-Za-z_]\w*)\[/.exec(k);
      const w = names.has(k) ? k : bracket && names.has(bracket[1]!) ? bracket[1]! : undefined;
      if (!w) continue;
      const rule = ruleFor(w);
      const info: WrapperInfo = {
        name: w,
        form: bracket ? 'bracket-key' : form,
        keySpan: spanOf(v.mod, p.key, this.mod.file),
        objectSpan: spanOf(v.mod, v.node, this.mod.file),
      };
      if (bracket) info.key = k;
      if (!bracket && isObjectProperty(p)) {
        info.valueSpan = spanOf(v.mod, p.value, this.mod.file);
        info.fields = this.requestFields(rule, v.mod, p.value, v.frames);
      }
      this.wrapperSite(rule, rules, info, v.mod, bracket ? `multipart field ${k}` : `payload wrapped in ${w}`);
    }
  }

  private stringWrappers(parts: StringPart[], names: Set<string>, ruleFor: (w: string) => Rule, rules: string[]): void {
    for (const part of parts) {
      if (part.dynamic || part.node === 'synthetic') continue;
      for (const w of names) {
        const re = new RegExp(`(["'\\\\]*)${escapeRegex(w)}\\1\\s*:`);
        const m = re.exec(part.text);
        if (!m) continue;
        const rule = ruleFor(w);
        this.wrapperSite(rule, rules, { name: w, form: 'json-string', keySpan: { ...part.span } }, this.mod, `JSON payload wrapped in ${w}`);
      }
    }
  }

  private bracketKeyArg(mod: ModuleInfo, arg: Node, names: Set<string>, ruleFor: (w: string) => Rule, rules: string[]): void {
    const kv = this.textOf(this.ev.eval(mod, arg, EMPTY));
    if (!kv) return;
    const m = /^([A-Za-z_]\w*)\[/.exec(kv);
    if (!m || !names.has(m[1]!)) return;
    const rule = ruleFor(m[1]!);
    this.wrapperSite(rule, rules, { name: m[1]!, form: 'bracket-key', keySpan: spanOf(mod, arg, this.mod.file), key: kv }, mod, `multipart field ${kv}`);
  }

  /** `payload.helpdesk_ticket = {...}`, `payload[WRAPPER].custom_field[k] = v`, `form.append('helpdesk_ticket[x]', v)`. */
  private bindingWrappers(mod: ModuleInfo, b: Binding, names: Set<string>, ruleFor: (w: string) => Rule, rules: string[]): void {
    for (const ref of b.refs) {
      const parent = mod.parent.get(ref);
      if (!parent || (parent.type !== 'MemberExpression' && parent.type !== 'OptionalMemberExpression') || parent.object !== ref) continue;
      const gp = mod.parent.get(parent);
      // form.append('helpdesk_ticket[subject]', x)
      if (gp?.type === 'CallExpression' && gp.callee === parent) {
        const name = parent.property?.name;
        if ((name === 'append' || name === 'set' || name === 'field' || name === 'attach') && gp.arguments[0]) {
          this.bracketKeyArg(mod, gp.arguments[0], names, ruleFor, rules);
        }
        continue;
      }
      let k: string | undefined;
      if (!parent.computed) k = parent.property.name;
      else k = this.textOf(this.ev.eval(mod, parent.property, EMPTY));
      if (!k || !names.has(k)) continue;
      // only writes: `x.W = ...` or a longer chain that is assigned (`x.W.custom_field[k] = v`)
      let top = parent;
      for (;;) {
        const up = mod.parent.get(top);
        if (up && (up.type === 'MemberExpression' || up.type === 'OptionalMemberExpression') && up.object === top) top = up;
        else break;
      }
      const assign = mod.parent.get(top);
      if (!assign || assign.type !== 'AssignmentExpression' || assign.left !== top) continue;
      const rule = ruleFor(k);
      const info: WrapperInfo = {
        name: k,
        form: parent.computed && !isStringLiteral(parent.property) ? 'computed-key' : 'member-assign',
        keySpan: spanOf(mod, parent.property, this.mod.file),
      };
      if (top === parent) {
        info.valueSpan = spanOf(mod, assign.right, this.mod.file);
        info.fields = this.requestFields(rule, mod, assign.right, EMPTY);
      } else {
        const chain = memberPath(top);
        const after = chain ? chain.slice(chain.indexOf(k) + 1) : [];
        const m = writeMappings(rule).find((x) => after[0] !== undefined && (x.v1 === after[0] || x.v1.startsWith(`${after[0]}.`)));
        if (m && after[0]) info.fields = [{ v1: after[0], v2: m.v2, span: spanOf(mod, top, this.mod.file) }];
      }
      this.wrapperSite(rule, rules, info, mod, top === parent ? `payload wrapped in ${k} (assigned)` : `write into ${k}.${memberPath(top)?.slice(-1)[0] ?? ''}`);
    }
  }

  private findWrappers(v1: boolean): void {
    for (const it of [...this.internal]) {
      if (it.site.kind !== 'call' || !it.body || !it.site.rule) continue;
      const rule = this.cat.get(it.site.rule);
      if (!rule) continue;
      this.bodyWrappers(rule, it.site.rules, it.body, it.shape);
    }
    if (!v1) return;
    // file-level: distinctive wrappers anywhere in a file that talks to v1
    const fileRules = new Set(this.sites.flatMap((s) => s.rules));
    const ruleForName = (w: string): { rule: Rule; rules: string[] } | undefined => {
      const candidates = this.facts.requestWrappers.get(w);
      if (!candidates) return undefined;
      const inFile = candidates.filter((r) => fileRules.has(r.id));
      const list = inFile.length ? inFile : candidates;
      return { rule: list[0]!, rules: list.map((r) => r.id) };
    };
    const distinctive = [...this.facts.requestWrappers.keys()].filter(isDistinctiveWrapper);
    // object literal keys
    for (const obj of this.objects) {
      for (const p of obj.properties as Node[]) {
        const k = propertyKey(p);
        if (!k) continue;
        const bracket = /^([A-Za-z_]\w*)\[/.exec(k);
        const w = bracket ? bracket[1]! : k;
        if (!distinctive.includes(w) && !(bracket && this.facts.requestWrappers.has(w) && fileRules.size > 0)) continue;
        if (this.inPageObject(obj)) continue;
        const r = ruleForName(w);
        if (!r) continue;
        const info: WrapperInfo = { name: w, form: bracket ? 'bracket-key' : p.shorthand ? 'shorthand' : 'object-key', keySpan: this.span(p.key), objectSpan: this.span(obj) };
        if (bracket) info.key = k;
        else if (isObjectProperty(p)) {
          info.valueSpan = this.span(p.value);
          info.fields = this.requestFields(r.rule, this.mod, p.value, EMPTY);
        }
        this.wrapperSite(r.rule, r.rules, info, this.mod, bracket ? `multipart field ${k}` : `payload wrapped in ${w}`);
      }
    }
    // member writes `data.helpdesk_ticket = ...` and string keys
    for (const a of this.assignments) {
      const top = a.left;
      if (top.type !== 'MemberExpression') continue;
      // find the wrapper step in the written chain
      let cur = top;
      while (cur && cur.type === 'MemberExpression') {
        const k = cur.computed ? this.textOf(this.ev.eval(this.mod, cur.property, EMPTY)) : cur.property.name;
        if (k && distinctive.includes(k) && this.isObjectish(cur.object)) {
          const r = ruleForName(k);
          if (r) {
            const info: WrapperInfo = { name: k, form: cur.computed && !isStringLiteral(cur.property) ? 'computed-key' : 'member-assign', keySpan: this.span(cur.property) };
            if (cur === top) {
              info.valueSpan = this.span(a.right);
              info.fields = this.requestFields(r.rule, this.mod, a.right, EMPTY);
            }
            this.wrapperSite(r.rule, r.rules, info, this.mod, cur === top ? `payload wrapped in ${k} (assigned)` : `write into ${k}`);
          }
          break;
        }
        cur = cur.object;
      }
    }
    for (const s of this.strings) {
      if (s.type === 'TemplateLiteral') continue;
      const parent = this.mod.parent.get(s);
      const value = String(s.value);
      const bracket = /^([A-Za-z_]\w*)\[/.exec(value);
      if (bracket && this.facts.requestWrappers.has(bracket[1]!) && parent?.type === 'CallExpression' && parent.arguments[0] === s) {
        const name = parent.callee?.property?.name;
        if (name === 'append' || name === 'field' || name === 'attach' || name === 'set') {
          const r = ruleForName(bracket[1]!);
          if (r) this.wrapperSite(r.rule, r.rules, { name: bracket[1]!, form: 'bracket-key', keySpan: this.span(s), key: value }, this.mod, `multipart field ${value}`);
        }
        continue;
      }
      for (const w of distinctive) {
        if (value.includes(`"${w}"`) && new RegExp(`"${escapeRegex(w)}"\\s*:`).test(value)) {
          const r = ruleForName(w);
          if (r) this.wrapperSite(r.rule, r.rules, { name: w, form: 'json-string', keySpan: this.span(s) }, this.mod, `JSON payload wrapped in ${w}`);
        }
      }
    }
  }

  private isObjectish(n: Node): boolean {
    const u = unwrapExpr(n);
    return u.type === 'Identifier' || u.type === 'MemberExpression' || u.type === 'ThisExpression';
  }

  /** An object literal that is in-page app data, not a request (`domHelper` fixtures). */
  private inPageObject(obj: Node): boolean {
    let cur = obj;
    for (let i = 0; i < 4 && cur; i++) {
      const p = this.mod.parent.get(cur);
      if (!p) return false;
      if (p.type === 'CallExpression' && IN_PAGE.test(this.mod.source.slice(p.callee.start, p.callee.end))) return true;
      cur = p;
    }
    return false;
  }

  // ---- response reads -------------------------------------------------------------------------

  private readonly tainted = new Set<string>();

  private findReads(v1: boolean): void {
    for (const it of [...this.internal]) {
      if (it.site.kind !== 'call' || !it.node || !it.site.rule || it.site.file !== this.mod.file) continue;
      const rule = this.cat.get(it.site.rule);
      if (!rule?.response) continue;
      // a function of the repo may return the response or already its body
      const state: TaintState = { rule, stage: it.site.call?.client === 'wrapper' ? 'maybe' : 'raw', prefix: [] };
      this.taint(it.node, state, 0);
      // callbacks given to the call itself: request(opts, (err, res, body) => ...), $.ajax({ success })
      this.callbackTaint(it.node, it.shape, rule);
    }
    if (v1) this.shapeReads();
  }

  private callbackTaint(call: Node, shape: CallShape | undefined, rule: Rule): void {
    const args: Node[] = call.arguments ?? [];
    const fnArg = [...args].reverse().find((a) => isFunctionNode(a));
    const client = shape?.client;
    if (fnArg && (client === 'request' || client === 'needle')) {
      this.taintParam(fnArg, 1, { rule, stage: 'raw', prefix: [] });
      this.taintParam(fnArg, 2, { rule, stage: 'body', prefix: [] });
    } else if (fnArg && client === 'jquery') {
      this.taintParam(fnArg, 0, { rule, stage: 'body', prefix: [] });
    } else if (fnArg && (client === 'wrapper' || client === 'generic')) {
      // callback style: (err, res, body), (err, data) or (data)
      const n = fnArg.params?.length ?? 0;
      if (n >= 3) {
        this.taintParam(fnArg, 1, { rule, stage: 'raw', prefix: [] });
        this.taintParam(fnArg, 2, { rule, stage: 'maybe', prefix: [] });
      } else this.taintParam(fnArg, n === 2 ? 1 : 0, { rule, stage: 'maybe', prefix: [] });
    }
    if (client === 'jquery' && shape?.options) {
      const v = this.ev.eval(shape.options.mod, shape.options.node, shape.options.frames);
      if (v.t === 'obj') {
        const s = this.ev.objectPropertyNode(v, 'success');
        const fn = s?.prop.value ?? (s?.prop.type === 'ObjectMethod' ? s.prop : undefined);
        if (fn && isFunctionNode(fn)) this.taintParam(fn, 0, { rule, stage: 'body', prefix: [] });
      }
    }
    if ((client === 'superagent' || client === 'unirest') && shape?.chain) {
      const end = shape.chain.find((c) => c.callee.property?.name === 'end' && isFunctionNode(c.arguments[0]));
      if (end) {
        const fn = end.arguments[0];
        this.taintParam(fn, (fn.params?.length ?? 0) >= 2 ? 1 : 0, { rule, stage: 'raw', prefix: [] });
      }
    }
  }

  private taintParam(fn: Node, index: number, state: TaintState): void {
    const p = fn?.params?.[index];
    if (!p) return;
    const scope = this.mod.fnScope.get(fn);
    if (!scope) return;
    const id = p.type === 'AssignmentPattern' ? p.left : p;
    if (id.type === 'Identifier') {
      const b = scope.bindings.get(id.name);
      if (b) for (const ref of b.refs) this.taint(ref, state, 1);
    } else if (id.type === 'ObjectPattern') {
      this.destructure(id, scope, state);
    }
  }

  private destructure(pattern: Node, scope: import('./module.ts').Scope, state: TaintState): void {
    for (const p of pattern.properties) {
      const k = propertyKey(p);
      if (!k || !p.value) continue;
      const target = p.value.type === 'AssignmentPattern' ? p.value.left : p.value;
      const next = this.step(state, k);
      if (!next) continue;
      if (target.type === 'Identifier') {
        const b = scope.lookup(target.name);
        if (b) for (const ref of b.refs) this.taint(ref, next, 1);
      } else if (target.type === 'ObjectPattern') this.destructure(target, scope, next);
    }
  }

  /** Moving one property into a tainted value: transport props first, then the v1 document. */
  private step(state: TaintState, prop: string): TaintState | null {
    if (state.stage === 'maybe') {
      if (prop === 'data' || prop === 'body' || prop === 'responseJSON') return { ...state, stage: 'body', prefix: [] };
      if (prop === 'response' || prop === 'responseText') return { ...state, stage: 'text', prefix: [] };
      return { ...state, stage: 'body', prefix: [prop] };
    }
    if (state.stage === 'raw') {
      if (prop === 'data' || prop === 'body' || prop === 'responseJSON') return { ...state, stage: 'body', prefix: [] };
      if (prop === 'response' || prop === 'responseText' || prop === 'text' || prop === 'content') return { ...state, stage: 'text', prefix: [] };
      return null;
    }
    // a "text" that is read like an object was parsed already (app clients with json: true)
    if (state.stage === 'text') return { ...state, stage: 'body', prefix: [prop] };
    return { ...state, prefix: [...state.prefix, prop] };
  }

  /** Follows a tainted expression through awaits, variables, `.then`, JSON.parse, member reads. */
  private taint(node: Node, state: TaintState, depth: number): void {
    if (depth > 12) return;
    const k = `${node.start}:${node.end}:${state.stage}:${state.prefix.join('.')}:${state.rule.id}`;
    if (this.tainted.has(k)) return;
    this.tainted.add(k);
    const parent = this.mod.parent.get(node);
    if (!parent) return;
    switch (parent.type) {
      case 'AwaitExpression':
      case 'ParenthesizedExpression':
      case 'TSAsExpression':
      case 'TSNonNullExpression':
      case 'ChainExpression':
        this.taint(parent, state, depth + 1);
        return;
      case 'VariableDeclarator': {
        if (parent.init !== node) return;
        const scope = this.mod.scopeOf.get(parent) ?? this.mod.root;
        if (parent.id.type === 'Identifier') {
          const b = scope.lookup(parent.id.name);
          if (b) for (const ref of b.refs) this.taint(ref, state, depth + 1);
        } else if (parent.id.type === 'ObjectPattern') this.destructure(parent.id, scope, state);
        return;
      }
      case 'AssignmentExpression': {
        if (parent.right !== node || parent.left.type !== 'Identifier') return;
        const b = (this.mod.scopeOf.get(parent) ?? this.mod.root).lookup(parent.left.name);
        if (b) for (const ref of b.refs) if (ref.start > parent.start) this.taint(ref, state, depth + 1);
        return;
      }
      case 'CallExpression': {
        const callee = unwrapExpr(parent.callee);
        if (parent.callee !== node && memberPath(callee)?.join('.') === 'JSON.parse' && parent.arguments[0] === node) {
          this.taint(parent, { ...state, stage: 'body', prefix: [] }, depth + 1);
          return;
        }
        if (parent.callee !== node) {
          // passed to a function of this module: its parameter is tainted
          const idx = parent.arguments.indexOf(node);
          const fv = this.ev.eval(this.mod, callee, EMPTY);
          if (idx >= 0 && fv.t === 'fn' && fv.mod === this.mod) {
            const fnNode = fv.node.type === 'Property' ? fv.node.value : fv.node;
            if (isFunctionNode(fnNode)) this.taintParam(fnNode, idx, state);
          }
          // resolve(x) inside a Promise executor: the promise is tainted
          if (callee.type === 'Identifier' && callee.name === 'resolve') this.taintReturn(parent, state, depth, true);
        }
        return;
      }
      case 'ReturnStatement':
        this.taintReturn(parent, state, depth, false);
        return;
      case 'ArrowFunctionExpression':
        if (parent.body === node) this.taintReturn(node, state, depth, false);
        return;
      case 'ForOfStatement':
        if (parent.right === node && parent.left.type === 'VariableDeclaration') {
          const id = parent.left.declarations[0]?.id;
          const scope = this.mod.scopeOf.get(parent.left) ?? this.mod.root;
          const next: TaintState | null = state.stage === 'body' || state.stage === 'maybe' ? { ...state, stage: 'body', prefix: [...state.prefix, '[]'] } : null;
          if (id?.type === 'Identifier' && next) {
            const b = scope.lookup(id.name);
            if (b) for (const ref of b.refs) this.taint(ref, next, depth + 1);
          }
        }
        return;
      case 'MemberExpression':
      case 'OptionalMemberExpression':
        if (parent.object !== node) return;
        this.taintMember(parent, state, depth);
        return;
      default:
        return;
    }
  }

  /** The value a function returns is tainted: its callers' call expressions are tainted. */
  private taintReturn(from: Node, state: TaintState, depth: number, viaResolve: boolean): void {
    let fn = this.mod.parent.get(from);
    while (fn && !isFunctionNode(fn)) fn = this.mod.parent.get(fn);
    if (!fn) return;
    if (viaResolve) {
      // new Promise((resolve) => ...): the `new Promise` is the value
      const np = this.mod.parent.get(fn);
      if (np?.type === 'NewExpression') {
        this.taint(np, state, depth + 1);
        return;
      }
    }
    // `.then(r => r.data)`: the then-call result
    const p = this.mod.parent.get(fn);
    if (p?.type === 'CallExpression' && p.arguments.includes(fn)) {
      const cal = unwrapExpr(p.callee);
      if (cal.type === 'MemberExpression' && cal.property?.name === 'then') {
        this.taint(p, state, depth + 1);
        return;
      }
    }
    // named function: its calls
    let b: Binding | undefined;
    if (fn.type === 'FunctionDeclaration' && fn.id) b = (this.mod.scopeOf.get(fn) ?? this.mod.root).lookup(fn.id.name);
    else if (p?.type === 'VariableDeclarator' && p.id.type === 'Identifier') b = (this.mod.scopeOf.get(p) ?? this.mod.root).lookup(p.id.name);
    if (!b) return;
    for (const ref of b.refs) {
      const rp = this.mod.parent.get(ref);
      if (rp?.type === 'CallExpression' && rp.callee === ref) this.taint(rp, state, depth + 1);
    }
  }

  private taintMember(member: Node, state: TaintState, depth: number): void {
    const gp = this.mod.parent.get(member);
    const prop = member.computed ? (isStringLiteral(member.property) ? String(member.property.value) : '[]') : member.property.name;
    // method calls on the tainted value
    if (gp && (gp.type === 'CallExpression' || gp.type === 'OptionalCallExpression') && gp.callee === member) {
      const cb = gp.arguments[0];
      switch (prop) {
        case 'then':
          if (cb && isFunctionNode(cb)) this.taintParam(cb, 0, state);
          return;
        case 'done':
        case 'success':
          if (cb && isFunctionNode(cb)) this.taintParam(cb, 0, { ...state, stage: state.stage === 'raw' ? 'body' : state.stage });
          return;
        case 'json':
          if (state.stage === 'raw') this.taint(gp, { ...state, stage: 'body', prefix: [] }, depth + 1);
          return;
        case 'text':
        case 'getContentText':
          if (state.stage === 'raw') this.taint(gp, { ...state, stage: 'text', prefix: [] }, depth + 1);
          return;
        case 'map':
        case 'forEach':
        case 'filter':
        case 'find':
        case 'some':
        case 'every':
        case 'flatMap':
        case 'findIndex':
          if ((state.stage === 'body' || state.stage === 'maybe') && cb && isFunctionNode(cb)) {
            const item: TaintState = { ...state, stage: 'body', prefix: [...state.prefix, '[]'] };
            this.taintParam(cb, 0, item);
            if (prop === 'find' || prop === 'filter') this.taint(gp, prop === 'find' ? item : state, depth + 1);
          }
          return;
        default:
          return;
      }
    }
    const next = this.step(state, prop);
    if (!next) return;
    if (next.stage === 'body' && next.prefix.length > 0) {
      // only the outermost read of a chain is recorded
      const up = this.mod.parent.get(member);
      const extends_ = up && (up.type === 'MemberExpression' || up.type === 'OptionalMemberExpression') && up.object === member && !(this.mod.parent.get(up)?.type === 'CallExpression' && this.mod.parent.get(up).callee === up && ['map', 'forEach', 'filter', 'find', 'some', 'every', 'flatMap'].includes(up.property?.name));
      if (!extends_) this.recordRead(member, next, true);
    }
    this.taint(member, next, depth + 1);
  }

  /** Property spans of a member chain, outermost last, aligned with the chain keys. */
  private chainSpans(member: Node, count: number): Span[] {
    const spans: Span[] = [];
    let cur = member;
    while (spans.length < count && cur && (cur.type === 'MemberExpression' || cur.type === 'OptionalMemberExpression')) {
      spans.unshift(this.span(cur.property));
      cur = unwrapExpr(cur.object);
    }
    while (spans.length < count) spans.unshift(this.span(member));
    return spans;
  }

  private recordRead(member: Node, state: TaintState, traced: boolean): void {
    // only what this member chain itself reads: steps taken earlier (`const t = data.helpdesk_ticket`) were reported there
    const own = this.ownChainLength(member);
    const offset = state.prefix.length - own;
    const changes = readChanges(state.rule, state.prefix).filter((c) => c.index >= offset);
    if (changes.length === 0) return;
    const spans = this.chainSpans(member, own);
    const fields = changes.map((c) => ({
      v1: c.v1,
      v2: c.v2,
      reason: c.reason,
      span: spans[Math.max(0, Math.min(spans.length - 1, c.index - offset))] ?? this.span(member),
    }));
    const root = memberPath(this.rootOf(member))?.[0] ?? 'expr';
    const read: ReadInfo = { chain: state.prefix, fields, root, traced };
    const site: Site = {
      kind: 'response-read',
      span: this.span(member),
      file: this.mod.file,
      rule: state.rule.id,
      rules: [state.rule.id],
      method: state.rule.v1.method,
      methodSource: 'rule',
      read,
      message: `reads v1 response ${state.prefix.join('.').replace(/\.\[\]/g, '[]')}`,
      fidelity: worstOf(changes.map((c) => c.fidelity)),
    };
    // one response-read site per line and rule: further reads on the line add their fields
    const lineKey = `${site.file}\0${site.span.line}\0${site.rule}`;
    const prev = this.readsByLine.get(lineKey);
    if (prev) {
      for (const f of fields) if (!prev.read!.fields.some((x) => x.v1 === f.v1)) prev.read!.fields.push(f);
      prev.fidelity = worstOf([prev.fidelity ?? 'exact', site.fidelity ?? 'exact']);
      prev.read!.traced ||= traced;
      return;
    }
    if (this.addSite(site)) this.readsByLine.set(lineKey, site);
  }

  private readonly readsByLine = new Map<string, Site>();

  private ownChainLength(member: Node): number {
    let n = 0;
    let cur = member;
    while (cur && (cur.type === 'MemberExpression' || cur.type === 'OptionalMemberExpression')) {
      n++;
      cur = unwrapExpr(cur.object);
    }
    return n;
  }

  private rootOf(member: Node): Node {
    let cur = member;
    while (cur && (cur.type === 'MemberExpression' || cur.type === 'OptionalMemberExpression')) cur = unwrapExpr(cur.object);
    return cur;
  }

  /** Reads recognised by shape alone, in files that talk to v1: `.helpdesk_ticket.display_id`, `.status_name`. */
  private shapeReads(): void {
    const chosen = new Set(this.sites.map((s) => s.rule));
    const fileRules = new Set(this.sites.flatMap((s) => s.rules));
    const rank = (rules: Rule[]) => [
      ...rules.filter((r) => chosen.has(r.id)),
      ...rules.filter((r) => !chosen.has(r.id) && fileRules.has(r.id)),
      ...rules.filter((r) => !fileRules.has(r.id)),
    ];
    const reported = new Set(this.sites.filter((s) => s.kind === 'response-read').map((s) => s.span.line));
    for (const m of this.members) {
      // outermost member of a chain, not a call target, not written
      const up = this.mod.parent.get(m);
      if (up && (up.type === 'MemberExpression' || up.type === 'OptionalMemberExpression') && up.object === m) continue;
      if (up && (up.type === 'CallExpression' || up.type === 'OptionalCallExpression') && up.callee === m) continue;
      if (up?.type === 'AssignmentExpression' && up.left === m) continue;
      if (reported.has(m.loc?.start.line ?? this.span(m).line)) continue;
      const chain = this.chainKeys(m);
      if (!chain || chain.length < 2) continue;
      const keys = chain.slice(1);
      // cheap first: does the chain name a v1 response wrapper or a v1-only field at all?
      if (!keys.some((k) => this.facts.responseWrappers.has(k) || this.facts.distinctiveFields.has(k))) continue;
      const root = this.rootOf(m);
      if (this.isInPageRoot(root)) continue;
      // serverless event payloads (`args.data.ticket`) are product data, not API responses
      if ((chain[0] === 'args' || chain[0] === 'payload' || chain[0] === 'event') && chain[1] === 'data') continue;
      // a response wrapper in the chain
      let done = false;
      for (let i = 0; i < keys.length && !done; i++) {
        const rules = this.facts.responseWrappers.get(keys[i]!);
        if (!rules) continue;
        const ranked = rank(rules);
        for (const rule of ranked) {
          const sub = keys.slice(i);
          const prefix = rule.response!.shape === 'object' ? sub : ['[]', ...sub];
          const changes = readChanges(rule, prefix);
          const beyondWrapper = changes.some((c) => c.v1 !== keys[i] && isDistinctive(c.v1.split(/[.[\]]+/).filter(Boolean).pop() ?? ''));
          if (changes.length === 0) continue;
          if (!isDistinctiveWrapper(keys[i]!) && !beyondWrapper && keys[i - 1] !== '[]') continue;
          this.recordRead(m, { rule, stage: 'body', prefix }, false);
          done = true;
          break;
        }
      }
      if (done) continue;
      const last = keys[keys.length - 1]!;
      const rules = this.facts.distinctiveFields.get(last);
      if (!rules) continue;
      const rule = rank(rules)[0]!;
      const changes = readChanges(rule, rule.response!.shape === 'object' ? [last] : ['[]', last]);
      if (changes.length === 0) continue;
      this.recordRead(m, { rule, stage: 'body', prefix: rule.response!.shape === 'object' ? [last] : ['[]', last] }, false);
    }
  }

  private chainKeys(m: Node): string[] | null {
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

  private isInPageRoot(root: Node): boolean {
    if (!root) return true;
    if (root.type === 'CallExpression') return IN_PAGE.test(this.mod.source.slice(root.start, root.end));
    if (root.type !== 'Identifier') return false;
    const b = (this.mod.scopeOf.get(root) ?? this.mod.root).lookup(root.name);
    if (!b) return false;
    if (b.init && IN_PAGE.test(this.mod.source.slice(b.init.start, b.init.end))) return true;
    if (b.kind === 'param' && b.fn) {
      const call = this.mod.parent.get(b.fn);
      if (call?.type === 'CallExpression') {
        const cal = unwrapExpr(call.callee);
        const obj = cal.type === 'MemberExpression' ? cal.object : cal;
        if (IN_PAGE.test(this.mod.source.slice(obj.start, obj.end))) return true;
      }
    }
    return false;
  }

  // ---- rate limits and XML --------------------------------------------------------------------

  /**
   * Does the module name a v1 path that no other API would (`'/helpdesk/tickets'`, `'/solution/categories'`,
   * any v1 URL with `.json`/`.xml`)? Single generic words (`'/groups'`, `'/contacts'`) do not count.
   */
  private mentionsV1Path(mod: ModuleInfo): boolean {
    for (const s of mod.nodes.strings) {
      let text: string;
      if (s.type === 'TemplateLiteral') text = (s.quasis as Node[]).map((q) => q.value?.cooked ?? '').join('{x}');
      else text = String(s.value);
      if (text.length > 300 || !this.facts.words.test(text)) continue;
      const p = mod.parent.get(s);
      if (p && (p.type === 'ImportDeclaration' || p.type === 'ExportNamedDeclaration' || p.type === 'ExportAllDeclaration')) continue;
      const um = matchUrl(this.cat, text);
      if (um && isDistinctiveV1Path(um)) return true;
    }
    return false;
  }

  private isStatusExpr(mod: ModuleInfo, n: Node): boolean {
    const u = unwrapExpr(n);
    if (!u) return false;
    if (u.type === 'Identifier') return /status|code/i.test(u.name);
    if (u.type === 'MemberExpression' || u.type === 'OptionalMemberExpression') {
      const name = u.computed ? (isStringLiteral(u.property) ? u.property.value : '') : u.property.name;
      return STATUS_NAMES.test(String(name));
    }
    if (u.type === 'CallExpression') return /getResponseCode|status/i.test(calleeName(mod, u.callee));
    return false;
  }

  /**
   * 403 compared with a status in throttling logic, in a module with helpdesk context (its own v1
   * use, a distinctive v1 path, or the HTTP wrapper other modules' v1 calls go through). Only what
   * the check itself guards counts as throttling evidence (its condition and its branch: Retry-After,
   * a wait, a retry): a 403 that means "access denied" is not reported, even next to a throttling one.
   */
  private findRateLimits(mod: ModuleInfo): void {
    const v2 = TRANSPORT.rateLimit.v2.status;
    const src = (n: Node) => mod.source.slice(n.start, n.end);
    for (const lit of mod.nodes.numbers) {
      const p = mod.parent.get(lit);
      if (!p) continue;
      let check: Node | undefined;
      let simple = false;
      let viaConstant = false;
      if (p.type === 'BinaryExpression' && ['==', '===', '!=', '!=='].includes(p.operator)) {
        if (this.isStatusExpr(mod, p.left === lit ? p.right : p.left)) {
          check = p;
          simple = true;
        }
      } else if (p.type === 'SwitchCase' && p.test === lit) {
        const sw = mod.parent.get(p);
        if (sw && this.isStatusExpr(mod, sw.discriminant)) {
          check = p;
          simple = true;
        }
      } else if (p.type === 'ArrayExpression') {
        // `[403, 503].includes(status)`, or a constant list of retryable statuses used that way
        const holder = mod.parent.get(p);
        const lists: Node[] = [p];
        if (holder?.type === 'VariableDeclarator' && holder.init === p && holder.id?.type === 'Identifier') {
          lists.push(...((mod.scopeOf.get(holder) ?? mod.root).lookup(holder.id.name)?.refs ?? []));
          viaConstant = true;
        }
        for (const list of lists) {
          const gp = mod.parent.get(list);
          const ggp = gp && mod.parent.get(gp);
          if (gp?.object === list && ggp?.type === 'CallExpression' && ggp.callee === gp && ['includes', 'indexOf'].includes(gp.property?.name) && ggp.arguments.some((a: Node) => this.isStatusExpr(mod, a)) && this.throttles(mod, ggp)) {
            check = ggp;
            break;
          }
        }
        if (!check) continue;
      } else if (p.type === 'VariableDeclarator' && p.init === lit && p.id?.type === 'Identifier') {
        // `const THROTTLED = 403` compared with a status somewhere: the constant is the place to change
        const b = (mod.scopeOf.get(p) ?? mod.root).lookup(p.id.name);
        for (const ref of b?.refs ?? []) {
          const rp = mod.parent.get(ref);
          if (rp?.type === 'BinaryExpression' && ['==', '===', '!=', '!=='].includes(rp.operator) && this.isStatusExpr(mod, rp.left === ref ? rp.right : rp.left) && this.throttles(mod, rp)) {
            check = rp;
            viaConstant = true;
            break;
          }
        }
      }
      if (!check) continue;
      if (!viaConstant && p.type !== 'ArrayExpression' && !this.throttles(mod, check)) continue;
      // `status === 403 || status === 429`: v2 already handled; dropping the 403 is a human's call
      const both = simple && p.type === 'BinaryExpression' && new RegExp(`(^|[^\\d.])${v2}(?![\\d.])`).test(src(this.conditionOf(mod, check)));
      if (both) simple = false;
      const span = spanOf(mod, lit, this.mod.file);
      const site: Site = {
        kind: 'rate-limit',
        span,
        file: span.file ?? this.mod.file,
        rule: RATE_LIMIT_RULE,
        rules: [RATE_LIMIT_RULE],
        method: null,
        methodSource: null,
        message: simple
          ? `403 handled as rate limiting (v2 answers ${v2})`
          : both
            ? `403 handled as rate limiting next to ${v2} (in v2 a 403 is never a throttle)`
            : viaConstant
              ? `403 in a constant used for rate limiting (v2 throttles with ${v2})`
              : `403 in a list of retryable statuses (v2 throttles with ${v2})`,
        fidelity: 'exact',
        fixable: simple,
      };
      this.addSite(site, { node: lit });
    }
  }

  /** The whole condition a comparison is part of (`a && status === 403 && b`). */
  private conditionOf(mod: ModuleInfo, check: Node): Node {
    let cond = check;
    for (;;) {
      const up = mod.parent.get(cond);
      if (up && (up.type === 'LogicalExpression' || up.type === 'ParenthesizedExpression' || (up.type === 'UnaryExpression' && up.operator === '!'))) cond = up;
      else return cond;
    }
  }

  /** Is this 403 check about throttling? Evidence only from what the check guards. */
  private throttles(mod: ModuleInfo, check: Node): boolean {
    const src = (n: Node | null | undefined) => (n ? mod.source.slice(n.start, n.end) : '');
    const fn = this.enclosingFunction(mod, check);
    const name = fn ? functionName(mod, fn) : undefined;
    const evidence = (text: string) => RETRY_WORDS.test(text) || (!!name && new RegExp(`\\b${escapeRegex(name)}\\s*\\(`).test(text));
    if (check.type === 'SwitchCase') {
      // the case's statements (an empty case falls through to the next one)
      const cases: Node[] = mod.parent.get(check)?.cases ?? [];
      for (let i = cases.indexOf(check); i >= 0 && i < cases.length; i++) {
        const body = (cases[i]!.consequent as Node[]).map(src).join('\n');
        if (cases[i]!.consequent.length) return evidence(body);
      }
      return false;
    }
    const cond = this.conditionOf(mod, check);
    if (RETRY_WORDS.test(src(cond))) return true;
    const negated = check.type === 'BinaryExpression' && (check.operator === '!==' || check.operator === '!=');
    const holder = mod.parent.get(cond);
    if (!negated && holder?.type === 'IfStatement' && holder.test === cond) return evidence(src(holder.consequent));
    if (!negated && holder?.type === 'ConditionalExpression' && holder.test === cond) return evidence(src(holder.consequent));
    if (holder && /^(While|DoWhile|For)Statement$/.test(holder.type) && holder.test === cond) return evidence(src(holder.body));
    // a value (`retryIf: (e) => e.status === 403`, `if (s !== 403) return r;` then a retry): the function around it
    const around = fn ? src(fn) : mod.source;
    const owner = fn ? mod.parent.get(fn) : undefined;
    const key = owner && isObjectProperty(owner) ? (propertyKey(owner) ?? '') : owner?.type === 'CallExpression' ? calleeName(mod, owner.callee) : '';
    return RETRY_WORDS.test(around) || RETRY_WORDS.test(key);
  }

  private enclosingFunction(mod: ModuleInfo, node: Node): Node | undefined {
    let cur = mod.parent.get(node);
    while (cur && !isFunctionNode(cur)) cur = mod.parent.get(cur);
    return cur;
  }

  private findXml(): void {
    if (!this.sites.some((s) => s.url?.format === 'xml')) return;
    const XML_CALL = /(^|\.)(parseString|parseStringPromise|parseFromString|parseXML|parseXml|xml2js|xml2json|toJson)$/;
    for (const call of this.calls) {
      if (call.type === 'NewExpression') continue;
      const name = calleeName(this.mod, unwrapExpr(call.callee));
      let hit = XML_CALL.test(name) || name === 'XmlService.parse';
      if (!hit && /(^|\.)parse$/.test(name)) {
        const callee = unwrapExpr(call.callee);
        if (callee.type === 'MemberExpression') {
          const r = this.ev.eval(this.mod, callee.object, EMPTY);
          hit = r.t === 'inst' && /XMLParser|Parser$/.test(r.of);
        }
      }
      if (!hit) continue;
      this.addSite(
        {
          kind: 'xml',
          span: this.span(call),
          file: this.mod.file,
          rule: XML_RULE,
          rules: [XML_RULE],
          method: null,
          methodSource: null,
          message: `parses an XML response (${name})`,
          fidelity: 'exact',
        },
        { node: call },
      );
    }
    for (const m of this.members) {
      if (m.computed || m.property?.name !== 'responseXML') continue;
      this.addSite({
        kind: 'xml',
        span: this.span(m),
        file: this.mod.file,
        rule: XML_RULE,
        rules: [XML_RULE],
        method: null,
        methodSource: null,
        message: 'reads responseXML',
        fidelity: 'exact',
      });
    }
  }

  // ---- comments and markers -------------------------------------------------------------------

  private findComments(): void {
    for (const c of this.mod.ast.comments ?? []) {
      const text: string = c.value;
      const start: number = c.start + 2;
      const mk = MARKER.exec(text);
      if (mk) {
        const at = start + mk.index;
        this.markers.push({
          type: mk[1] as 'todo' | 'ignore',
          rule: mk[2]!.trim(),
          text: mk[3]!.trim(),
          span: spanAt(this.mod, at, at + mk[0].length, this.mod.file),
        });
        continue;
      }
      if (!this.facts.words.test(text)) continue;
      for (const hit of findTextUrls(this.cat, text, 'javascript')) {
        if (!hit.format && !hit.httpContext) continue;
        const span = spanAt(this.mod, start + hit.start, start + hit.end, this.mod.file);
        const choice = chooseRule(this.cat, hit.match, hit.method ?? null);
        this.addSite({
          kind: hit.httpContext ? 'call' : 'url',
          span,
          file: this.mod.file,
          rule: choice.rule.id,
          rules: choice.rules,
          method: (hit.method as HttpMethod) ?? null,
          methodSource: hit.method ? 'argument' : null,
          inComment: true,
          message: `v1 ${hit.httpContext ? 'call' : 'URL'} in a comment: ${hit.match.target}`,
          fidelity: choice.rule.fidelity,
        });
      }
    }
  }
}

interface TaintState {
  rule: Rule;
  /** raw: a response object; text: its body as a string; body: the v1 document; maybe: raw or body (repo functions). */
  stage: 'raw' | 'text' | 'body' | 'maybe';
  prefix: string[];
}

interface ReadChange {
  v1: string;
  v2: string | null;
  reason?: string;
  fidelity: FieldMapping['fidelity'];
  /** Index in the chain of the key this change is about. */
  index: number;
}

export function worstOf(list: FieldMapping['fidelity'][]): FieldMapping['fidelity'] {
  const order = ['exact', 'lossy', 'manual', 'none'];
  return list.reduce((w, f) => (order.indexOf(f) > order.indexOf(w) ? f : w), 'exact' as FieldMapping['fidelity']);
}

/**
 * What a v1 response read (chain after the transport) hits in the rule's response: the wrapper
 * (v2 has none) and fields that change. The chain uses `[]` for array indexes.
 */
export function readChanges(rule: Rule, chain: string[]): ReadChange[] {
  const spec = rule.response;
  if (!spec) return [];
  const out: ReadChange[] = [];
  let i = 0;
  if (spec.shape === 'list' || spec.shape === 'list-wrapped' || spec.shape === 'summary-list') {
    if (chain[0] !== '[]') return [];
    i = 1;
  }
  if (spec.wrapper && spec.shape !== 'list') {
    if (chain[i] === spec.wrapper) {
      out.push({ v1: spec.wrapper, v2: null, reason: `v2 answers the ${spec.wrapper} object itself, not wrapped`, fidelity: 'exact', index: i });
      i++;
    } else if (spec.shape !== 'object') {
      return [];
    }
  }
  // path string of the rest with `[]` attached: notes[].note.body_html
  const rest = chain.slice(i);
  const segs: Array<{ text: string; index: number }> = [];
  rest.forEach((k, j) => {
    if (k === '[]' && segs.length) segs[segs.length - 1]!.text += '[]';
    else segs.push({ text: k, index: i + j });
  });
  const maps = readMappings(rule);
  for (let n = 1; n <= segs.length; n++) {
    const path = segs
      .slice(0, n)
      .map((s) => s.text)
      .join('.');
    const bare = path.replace(/\[\]$/, '');
    for (const m of maps) {
      if (m.v1 === path || m.v1 === bare) {
        out.push({ v1: m.v1, v2: m.v2, reason: m.reason, fidelity: m.fidelity, index: segs[n - 1]!.index });
      }
    }
  }
  return out;
}
