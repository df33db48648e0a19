/**
 * Server route definitions are not requests: `app.get('/groups/:id.json', (req, res) => …)` serves a
 * path (Express, Koa/koa-router, Fastify, hapi, Hono), it does not call the helpdesk. Their path
 * strings look exactly like v1 URLs, so the finders skip the route calls and their path arguments.
 *
 * A route is `<receiver>.(get|post|put|delete|del|patch|all|head|options|route)(path, …, handler)`:
 * - the receiver is named like a server (`app`, `router`, `server`, `fastify`, `apiRouter`, …) and
 *   a later argument is a handler (a function, a function of the module, or a list of them), or
 * - any receiver, when the handler's parameters read as a server's (`(req, res)`, `(ctx, next)`,
 *   `(request, reply)`), which an HTTP client's callback (`(err, res, body)`, `(data)`) never does;
 * - `app.route('/x.json').get(handler)` (Express) and `server.route({ method, path, handler })` (hapi);
 * - a mock server's handlers (msw's `http.get(url, resolver)`, `rest.post(…)`): what a test answers.
 */
import { bindingAt, isFunctionNode, type ModuleInfo } from './module.ts';
import type { Node } from './parse.ts';
import { isStringLiteral, propertyKey, unwrapExpr } from './evaluate.ts';
import { importOf } from './binding-facts.ts';

const ROUTE_METHODS = new Set(['get', 'post', 'put', 'delete', 'del', 'patch', 'all', 'head', 'options', 'route']);
const SERVER_NAMES = /^(app|application|router|routes?|server|srv|fastify|koa|hono|express|\w*Router|\w*router|\w*Server|\w*App)$/;
/** First parameters of an HTTP client's callback, never of a request handler. */
const CALLBACK_PARAMS = /^(err|error|e|data|body|result)$/;
const REQUEST_PARAMS = /^(req|request|ctx|context|c)$/;
const RESPONSE_PARAMS = /^(res|response|reply|h|next|ctx)$/;

export interface ServerRoutes {
  /** The route calls (`app.get(...)`, `app.route(...)`, `server.route({...})`). */
  calls: Set<Node>;
  /** Expressions holding the served paths (first arguments, hapi `path:` values). */
  paths: Set<Node>;
}

const EMPTY: ServerRoutes = { calls: new Set(), paths: new Set() };
const cache = new WeakMap<ModuleInfo, ServerRoutes>();

/** The server route definitions of a module (computed once). */
export function serverRoutes(mod: ModuleInfo): ServerRoutes {
  let r = cache.get(mod);
  if (r) return r;
  r = EMPTY;
  for (const call of mod.nodes.calls) {
    if (call.type !== 'CallExpression' && call.type !== 'OptionalCallExpression') continue;
    const callee = unwrapExpr(call.callee);
    if (!callee || (callee.type !== 'MemberExpression' && callee.type !== 'OptionalMemberExpression') || callee.computed) continue;
    const method = callee.property?.name;
    if (!ROUTE_METHODS.has(method)) continue;
    const path = routePath(mod, call, method, receiverName(callee.object), mockServerReceiver(mod, callee.object));
    if (!path) continue;
    if (r === EMPTY) r = { calls: new Set(), paths: new Set() };
    r.calls.add(call);
    for (const p of path) r.paths.add(p);
  }
  cache.set(mod, r);
  return r;
}

/** The served path expressions when the call defines a route, else null. */
function routePath(mod: ModuleInfo, call: Node, method: string, receiver: string | undefined, mock: boolean): Node[] | null {
  const args: Node[] = (call.arguments ?? []).map(unwrapExpr);
  const serverNamed = mock || (!!receiver && SERVER_NAMES.test(receiver));
  if (method === 'route') {
    // hapi: server.route({ method, path, handler }) or a list of them
    const objects = args[0]?.type === 'ArrayExpression' ? (args[0].elements as Node[]).map(unwrapExpr) : args.slice(0, 1);
    const paths: Node[] = [];
    for (const o of objects) {
      if (o?.type !== 'ObjectExpression') continue;
      const props = o.properties as Node[];
      const path = props.find((p) => propertyKey(p) === 'path');
      const handler = props.some((p) => (propertyKey(p) === 'handler' && isHandler(mod, p.value ?? p, serverNamed)) || ['options', 'config'].includes(propertyKey(p) ?? ''));
      if (path?.value && handler) paths.push(path.value);
    }
    if (paths.length) return paths;
    // Express: app.route('/x.json').get(handler).put(handler)
    if (args.length === 1 && args[0] && isPathLike(args[0])) {
      const up = mod.parent.get(call);
      const next = up && (up.type === 'MemberExpression' || up.type === 'OptionalMemberExpression') && up.object === call ? mod.parent.get(up) : undefined;
      if (next?.type === 'CallExpression' && next.callee === up && ((next.arguments ?? []) as Node[]).some((a) => isHandler(mod, a, true))) return [args[0]];
    }
    return null;
  }
  if (args.length < 2 || !args[0] || !isPathLike(args[0])) return null;
  return args.slice(1).some((a) => isHandler(mod, a, serverNamed)) ? [args[0]] : null;
}

function isPathLike(n: Node): boolean {
  return isStringLiteral(n) || n.type === 'TemplateLiteral' || n.type === 'Identifier' || n.type === 'MemberExpression' || n.type === 'BinaryExpression' || n.type === 'RegExpLiteral';
}

/** A request handler: any function (list of functions) on a server-named receiver; else one with a server's parameters. */
function isHandler(mod: ModuleInfo, raw: Node, serverNamed: boolean): boolean {
  const n = unwrapExpr(raw);
  if (!n) return false;
  if (n.type === 'ArrayExpression') return (n.elements as Node[]).some((e) => e && isHandler(mod, e, serverNamed));
  let fn: Node | undefined;
  if (isFunctionNode(n)) fn = n;
  else if (n.type === 'Identifier' || n.type === 'MemberExpression') {
    let root = n;
    while (root.type === 'MemberExpression') root = unwrapExpr(root.object);
    const b = root.type === 'Identifier' ? bindingAt(mod, root) : undefined;
    if (b?.init && isFunctionNode(b.init) && root === n) fn = b.init;
    // a handler from a controller module: `router.get('/x.json', controllers.list)`
    else if (serverNamed && b && (b.kind === 'import' || isRequire(b.init))) return true;
  }
  if (!fn) return false;
  const names = ((fn.params ?? []) as Node[]).map((p) => (p.type === 'Identifier' ? p.name : p.type === 'AssignmentPattern' && p.left.type === 'Identifier' ? p.left.name : ''));
  if (serverNamed) return !CALLBACK_PARAMS.test(names[0] ?? '');
  return names.length >= 2 && REQUEST_PARAMS.test(names[0]!) && RESPONSE_PARAMS.test(names[1]!);
}

/** Packages whose route-like calls declare what a mock server answers (`http.get(url, resolver)` of msw). */
const MOCK_SERVER_PACKAGES = /^(msw|msw\/.*|miragejs)$/;

/** The receiver is a mock server's handler builder imported from its package (msw's `http`, `rest`). */
function mockServerReceiver(mod: ModuleInfo, obj: Node): boolean {
  const o = unwrapExpr(obj);
  if (o?.type !== 'Identifier') return false;
  const from = importOf(bindingAt(mod, o));
  return !!from && MOCK_SERVER_PACKAGES.test(from.source);
}

function isRequire(n: Node | undefined): boolean {
  let u = n && unwrapExpr(n);
  while (u?.type === 'MemberExpression') u = unwrapExpr(u.object);
  return u?.type === 'CallExpression' && u.callee?.type === 'Identifier' && u.callee.name === 'require';
}

function receiverName(obj: Node): string | undefined {
  const o = unwrapExpr(obj);
  if (!o) return undefined;
  if (o.type === 'Identifier') return o.name;
  if (o.type === 'ThisExpression') return undefined;
  if ((o.type === 'MemberExpression' || o.type === 'OptionalMemberExpression') && !o.computed) return o.property?.name;
  return undefined;
}
