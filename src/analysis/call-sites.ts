/**
 * The pieces of a `call` site that every call finder builds the same way: the URL value of a
 * recognised call (base + url + query object), the URL info, the call info (statement, arguments,
 * body), the rule when a method the client only defaults to has no v1 endpoint, and the request
 * body behind `JSON.stringify` and nullish guards.
 */
import type { Catalogue, HttpMethod, Rule } from '../catalogue/index.ts';
import { literalQueryValue } from './query-options.ts';
import { chooseRule, type RuleChoice, type UrlMatch } from './match-url.ts';
import type { Analysis } from './analysis.ts';
import type { CallShape } from './clients.ts';
import { propertyKey, unwrapExpr } from './evaluate.ts';
import { calleeName, isCall, isMember, memberName } from './syntax.ts';
import { isJsonStringify, memberPath, type ModuleInfo } from './module.ts';
import type { Node } from './parse.ts';
import type { CallInfo, Site, Span, StringPart, UrlInfo } from './types.ts';

/** The URL value of a recognised call: base + url + query object. */
export function urlOf(a: Analysis, shape: CallShape, at?: Node): StringPart[] | null {
  let v = shape.urlValue;
  if (!v && shape.url) v = a.ev.eval(shape.url.mod, shape.url.node, shape.url.frames);
  if (!v || v.t !== 'str') return null;
  let parts = v.parts;
  const text = parts.map((p) => p.text).join('');
  if (shape.base && !/^[a-z]+:\/\//i.test(text) && !/^\{[^}]*\}/.test(text)) {
    const b = a.ev.eval(shape.base.mod, shape.base.node, shape.base.frames);
    const bp = a.ev.toParts(b, shape.base.mod, shape.base.node);
    const btext = bp.map((p) => p.text).join('');
    const sep = !btext.endsWith('/') && !text.startsWith('/') ? [a.ev.synthetic(shape.base.mod, shape.base.node, '/')] : [];
    parts = [...bp, ...sep, ...parts];
  }
  if (shape.query) {
    const q = a.ev.eval(shape.query.mod, shape.query.node, shape.query.frames);
    if (q.t === 'obj') {
      // (written inside the call: an object reached through a name, `{ params: shared }` or a
      // `const PAGE = { params: … }` handed in, may serve other requests too)
      // (the call's statement holds a chained `.query({ … })` too)
      const stmt = at ? statementOf(a.mod, at) : undefined;
      const inCall = !!stmt && shape.query.mod === a.mod && q.mod === a.mod && q.node.start >= stmt.start && q.node.end <= stmt.end;
      const keys = inCall ? editableQueryKeys(shape.query.node, q.node) : null;
      // (a value written there is that value, `state: 'all'`; any other is named by its key, and
      // in an object the codemod edits, so is a name even of a constant: it changes no constant)
      const pairs = (q.node.properties as Node[]).flatMap((p) => {
        const k = propertyKey(p);
        if (!k) return [];
        if (keys) {
          const literal = literalQueryValue(p);
          return [`${encodeURIComponent(k)}=${literal === null ? `{${k}}` : encodeURIComponent(literal)}`];
        }
        const v = p.value ? a.ev.eval(shape.query!.mod, p.value, shape.query!.frames) : undefined;
        const text = v?.t === 'str' ? v.parts.map((x) => x.text).join('') : undefined;
        return [`${encodeURIComponent(k)}=${text !== undefined && text.length < 200 && !/[&#?]/.test(text) ? encodeURIComponent(text).replace(/%7B/g, '{').replace(/%7D/g, '}') : `{${k}}`}`];
      });
      if (pairs.length > 0) {
        const joined = parts.map((p) => p.text).join('');
        const text2 = (joined.includes('?') ? '&' : '?') + pairs.join('&');
        parts = [...parts, { ...a.ev.synthetic(shape.query.mod, shape.query.node, text2), dynamic: true, ...(keys ? { queryObject: { keys } } : {}) }];
      }
    }
  }
  return parts;
}

/**
 * The keys of a query object written at the call whose properties the codemod can change one by
 * one (query-options.ts): plain `key: value` pairs, no spread, method or computed key. Null for an
 * object read from a name (other code may read it too) or of any other form.
 */
function editableQueryKeys(written: Node, obj: Node): string[] | null {
  return unwrapExpr(written) === obj ? plainKeys(obj) : null;
}

/** The keys of an object literal of plain `key: value` pairs; null with a spread, method, computed or repeated key. */
function plainKeys(obj: Node): string[] | null {
  if (obj.type !== 'ObjectExpression') return null;
  const keys: string[] = [];
  for (const p of obj.properties as Node[]) {
    if ((p.type !== 'ObjectProperty' && p.type !== 'Property') || p.method || p.kind === 'get' || p.kind === 'set') return null;
    const k = propertyKey(p);
    if (!k || keys.includes(k)) return null;
    keys.push(k);
  }
  return keys;
}

/** The URL info of a site; the template and params are those of `rule`'s match (the first match without one). */
export function urlInfo(um: UrlMatch, at: { pattern: string; span: Span; parts: StringPart[] }, rule?: Rule): UrlInfo {
  const m = (rule && um.matches.find((x) => x.rule === rule)) ?? um.matches[0]!;
  return {
    pattern: at.pattern,
    path: um.path,
    template: m.template,
    params: m.params,
    query: um.query,
    format: um.format,
    insecure: um.insecure,
    origin: um.origin,
    span: at.span,
    parts: at.parts,
  };
}

/** `urlInfo` for a URL whose pattern is its parts' text. */
export function urlInfoOfParts(parts: StringPart[], um: UrlMatch, span: Span, rule: Rule): UrlInfo {
  return urlInfo(um, { pattern: parts.map((p) => p.text).join(''), span, parts }, rule);
}

/** A `call` site whose URL is written at `span`: the rule, method and URL info as the finder chose them. */
export function callSite(
  a: Analysis,
  f: { span: Span; parts: StringPart[]; um: UrlMatch; choice: RuleChoice; method: string | null; methodSource: Site['methodSource']; call: CallInfo; message: string },
): Site {
  const rule = f.choice.rule;
  return {
    kind: 'call',
    span: f.span,
    file: f.span.file ?? a.mod.file,
    rule: rule.id,
    rules: f.choice.rules,
    method: (f.method as HttpMethod) ?? null,
    methodSource: f.methodSource,
    url: urlInfoOfParts(f.parts, f.um, f.span, rule),
    call: f.call,
    message: f.message,
    fidelity: rule.fidelity,
  };
}

/** Client instances a module makes (`axios.create(…)`, `got.extend(…)`, `ky.create(…)`). */
const INSTANCE_MAKERS = /\b(?:axios|got|ky|superagent|needle|request)\s*\.\s*(?:create|extend|defaults)\s*\(/g;

export function callInfo(a: Analysis, call: Node, shape: CallShape | undefined, client: CallInfo['client'], calleeText: string): CallInfo {
  const callee = unwrapExpr(call.callee);
  const info: CallInfo = {
    span: a.span(call),
    statement: a.span(statementOf(a.mod, call)),
    callee: calleeText,
    calleeSpan: a.span(callee),
    client,
    args: (call.arguments ?? []).map((x: Node) => a.span(x)),
  };
  if (shape?.instanceModule) {
    // (one instance there; with several, `fd` and `gh`, a check there may be the other one's)
    if ((shape.instanceModule.source.match(INSTANCE_MAKERS) ?? []).length === 1) info.wrapperFiles = [a.mod.file, shape.instanceModule.file];
    else info.sharedInstanceFile = shape.instanceModule.file;
    a.wrapperModules.add(shape.instanceModule);
  }
  if (shape?.answerOption) (info.escapes ??= []).push(`its ${shape.answerOption.key} option (line ${a.span(shape.answerOption.node, shape.answerOption.mod).line})`);
  if (shape?.options) info.options = a.span(shape.options.node, shape.options.mod);
  // a query option whose keys are not all written here (`searchParams: new URLSearchParams(p)`,
  // `params: { [KEY]: v }`, `{ ...defaults }`, a string): what v2 makes of it is not known
  if (shape?.query) {
    const q = a.ev.eval(shape.query.mod, shape.query.node, shape.query.frames);
    const known = q.t === 'obj' && plainKeys(q.node) !== null;
    const none = (q.t === 'unknown' && q.name === 'undefined') || ['NullLiteral'].includes(unwrapExpr(shape.query.node).type) || (unwrapExpr(shape.query.node).type === 'Literal' && unwrapExpr(shape.query.node).value === null);
    if (!known && !none) info.queryUnknown = a.span(shape.query.node, shape.query.mod).line;
  }
  // (one query object is planned and edited; the parameters a second one adds would go to v2 as they are)
  const second = shape?.moreQueries?.[0];
  if (second && info.queryUnknown === undefined) info.queryUnknown = a.span(second.node, second.mod).line;
  if (shape?.dataArg !== undefined) info.dataArg = shape.dataArg;
  if (client === 'generic' && isAngularHttpClient(a.mod, call)) info.resolvesEvery2xx = true;
  if (shape?.body) {
    const b = unwrapExpr(shape.body.node);
    const stringified = isJsonStringify(b);
    info.body = a.span(shape.body.node, shape.body.mod);
    if (shape.bodyProperty) info.bodyProperty = shape.bodyProperty;
    if (stringified) info.bodyStringified = true;
    const literal = stringified ? unwrapExpr((b.arguments as Node[])[0]) : b;
    if (literal?.type === 'ObjectExpression') {
      const keys = (literal.properties as Node[]).map((p) => ((p.type === 'ObjectProperty' || p.type === 'Property') && !p.computed ? propertyKey(p) : undefined));
      if (keys.every((k): k is string => typeof k === 'string')) info.bodyKeys = keys;
    }
    if (shape.formEncoded || isFormEncoding(b)) info.bodyFormEncoded = true;
  }
  if (shape?.methodOverride) info.methodOverride = true;
  return info;
}

/** A body built as a form-encoded string or object: `qs.stringify(x)`, `$.param(x)`, `new URLSearchParams(x)`. */
function isFormEncoding(n: Node | undefined): boolean {
  if (!n) return false;
  const callee = n.type === 'CallExpression' || n.type === 'NewExpression' ? unwrapExpr(n.callee) : undefined;
  if (!callee) return false;
  if (n.type === 'NewExpression') return callee.type === 'Identifier' && callee.name === 'URLSearchParams';
  const path = memberPath(callee)?.join('.') ?? '';
  return /^(qs|querystring|Qs|\$|jQuery)\.(stringify|param)$/.test(path);
}

/**
 * The rule for a recognised call. A method the client only defaults to (GET when no method is
 * written) gives way when v1 has no such endpoint at that path: the method is then unknown.
 */
export function ruleForShape(
  cat: Catalogue,
  um: UrlMatch,
  shape: CallShape,
): { choice: RuleChoice; method: string | null; methodSource: Site['methodSource'] } {
  let method: string | null = shape.method ?? null;
  let methodSource: Site['methodSource'] = shape.methodSource;
  let choice = chooseRule(cat, um, method);
  if (choice.methodMismatch && methodSource === 'default') {
    method = null;
    methodSource = null;
    choice = chooseRule(cat, um, null);
  }
  return { choice, method, methodSource };
}

/** The statement a node is part of: where a marker comment goes. */
function statementOf(mod: ModuleInfo, node: Node): Node {
  let cur = node;
  for (;;) {
    const p = mod.parent.get(cur);
    if (!p) return cur;
    if (/Statement$|Declaration$/.test(cur.type) && cur.type !== 'FunctionDeclaration' && p.type !== 'ExportNamedDeclaration') return cur;
    if (p.type === 'Program' || p.type === 'BlockStatement' || p.type === 'SwitchCase') return cur;
    cur = p;
  }
}

/** The expression a request body comes from, through `JSON.stringify(x)`, `c ? undefined : x`, `x && f(x)`, `x ?? undefined`. */
export function bodyRoot(n: Node): Node {
  const nullish = (x: Node) => {
    const u = unwrapExpr(x);
    return !u || u.type === 'NullLiteral' || (u.type === 'Literal' && u.value === null && !u.regex) || (u.type === 'Identifier' && u.name === 'undefined') || (u.type === 'UnaryExpression' && u.operator === 'void');
  };
  let cur = unwrapExpr(n);
  for (let i = 0; i < 6 && cur; i++) {
    if (isJsonStringify(cur)) cur = unwrapExpr(cur.arguments[0]);
    else if (cur.type === 'ConditionalExpression' && (nullish(cur.consequent) || nullish(cur.alternate))) cur = unwrapExpr(nullish(cur.consequent) ? cur.alternate : cur.consequent);
    else if (cur.type === 'LogicalExpression' && cur.operator === '&&') cur = unwrapExpr(cur.right);
    else if (cur.type === 'LogicalExpression' && (cur.operator === '||' || cur.operator === '??') && nullish(cur.right)) cur = unwrapExpr(cur.left);
    else break;
  }
  return cur;
}


/**
 * `this.http.post(…)` where `http` is Angular's HttpClient: a constructor parameter or a field of the
 * class typed `HttpClient`, or a field set to `inject(HttpClient)`, imported from
 * '@angular/common/http'. HttpClient resolves every 2xx answer and errors on the others.
 */
function isAngularHttpClient(mod: ModuleInfo, call: Node): boolean {
  const callee = unwrapExpr(call.callee);
  const receiver = isMember(callee) ? unwrapExpr(callee.object) : undefined;
  if (!receiver || !isMember(receiver) || unwrapExpr(receiver.object).type !== 'ThisExpression') return false;
  const name = memberName(receiver);
  const cls = enclosingClass(mod, call);
  if (!name || !cls) return false;
  const httpClient = mod.bindings.find((b) => b.importFrom?.source === '@angular/common/http' && b.importFrom.imported === 'HttpClient');
  return !!httpClient && classMemberTypes(cls, name).includes(httpClient.name);
}

function enclosingClass(mod: ModuleInfo, n: Node): Node | undefined {
  for (let p = mod.parent.get(n); p; p = mod.parent.get(p)) if (p.type === 'ClassDeclaration' || p.type === 'ClassExpression') return p;
  return undefined;
}

/** The type names a class gives a member: `constructor(private http: HttpClient)`, `http: HttpClient`, `http = inject(HttpClient)`. */
function classMemberTypes(cls: Node, name: string): string[] {
  const types: string[] = [];
  const typeName = (id: Node | undefined) => id?.typeAnnotation?.typeAnnotation?.typeName?.name as string | undefined;
  for (const m of cls.body.body as Node[]) {
    if (m.kind === 'constructor') {
      for (const p of m.params as Node[]) if (p.type === 'TSParameterProperty' && p.parameter?.name === name) types.push(typeName(p.parameter) ?? '');
    } else if ((m.type === 'ClassProperty' || m.type === 'PropertyDefinition') && propertyKey(m) === name) {
      types.push(typeName(m) ?? '');
      const v = m.value && unwrapExpr(m.value);
      if (v && isCall(v) && calleeName(v) === 'inject' && v.arguments[0]?.type === 'Identifier') types.push(v.arguments[0].name);
    }
  }
  return types;
}
