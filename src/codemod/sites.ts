/**
 * The JS/TS sites of the shared analysis (src/analysis, `analyzeSource`) turned into what the rewriters work on:
 * the URL as text pieces with spans (possibly in other modules), the call node with its shape
 * (where the method and the body are written), and the node of every span. The codemod locates
 * nothing by itself: the audit decides what is a v1 call.
 */
import type { Catalogue } from '../catalogue/index.ts';
import type { CallInfo, ClientKind as AuditClient, Site, StringPart } from '../analysis/index.ts';
import { isStringLiteral, unwrapExpr } from './ast.ts';
import { describeCall, stringifyArg, type CallShape, type ClientKind, type MethodSource } from './calls.ts';
import type { Modules } from './modules.ts';
import type { Node, ParsedFile } from './parse.ts';
import type { ExprPiece, Module, Piece, TextPiece } from './pieces.ts';
import { analyseUrl, type UrlAnalysis } from './url.ts';

export interface UrlSite {
  /** The analysed module (where the site is). */
  mod: Module;
  site: Site;
  /** The URL expression at the site. */
  url: Node;
  /** The call using the URL (absent for `url` sites). */
  shape?: CallShape;
  analysis: UrlAnalysis;
  /** Stable id across workers: file and offset of the URL. */
  id: string;
}

const spanIndex = new WeakMap<ParsedFile, Map<string, Node[]>>();

/** Nodes whose span is exactly [start, end), outermost first. */
export function nodesAt(pf: ParsedFile, start: number, end: number): Node[] {
  let idx = spanIndex.get(pf);
  if (!idx) {
    idx = new Map();
    for (const n of pf.nodes) {
      const k = `${n.start}:${n.end}`;
      const list = idx.get(k);
      if (list) list.push(n);
      else idx.set(k, [n]);
    }
    spanIndex.set(pf, idx);
  }
  return idx.get(`${start}:${end}`) ?? [];
}

export function nodeAt(pf: ParsedFile, start: number, end: number, pred: (n: Node) => boolean = () => true): Node | undefined {
  return nodesAt(pf, start, end).find(pred);
}

const CLIENTS: Partial<Record<AuditClient, ClientKind>> = {
  fetch: 'fetch',
  undici: 'undici-request',
  axios: 'axios',
  request: 'request',
  got: 'got',
  superagent: 'superagent',
  needle: 'needle',
  unirest: 'unirest',
  https: 'https',
  http: 'https',
  jquery: 'jquery',
  xhr: 'xhr',
  urlfetchapp: 'urlfetch',
  'app-client': 'fdk',
  'app-request': 'fdk-serverless',
  ky: 'generic',
  generic: 'generic',
  wrapper: 'generic',
};

function moduleOf(mod: Module, modules: Modules, file: string): Module | null {
  if (file === mod.pf.file) return mod;
  return modules.get(file);
}

/** The audit's URL parts as pieces with nodes; null when a part cannot be found in the source. */
function toPieces(mod: Module, modules: Modules, parts: StringPart[]): Piece[] | null {
  const out: Piece[] = [];
  for (const part of parts) {
    const m = moduleOf(mod, modules, part.file);
    if (!m) return null;
    const pf = m.pf;
    const via = part.via ?? [];
    const encoded = (part as StringPart & { encoded?: boolean }).encoded === true;
    if (part.dynamic) {
      const node = nodesAt(pf, part.span.start, part.span.end).at(-1);
      if (!node) return null;
      out.push({ kind: 'expr', mod: m, node, via } satisfies ExprPiece);
      continue;
    }
    if (part.node === 'synthetic' || encoded) {
      const node = nodesAt(pf, part.span.start, part.span.end)[0] ?? pf.ast.program;
      out.push({ kind: 'text', mod: m, node, value: part.text, start: part.span.start, end: part.span.start, quote: "'", via, fixed: true } satisfies TextPiece);
      continue;
    }
    if (part.node === 'literal') {
      const node = nodeAt(pf, part.span.start, part.span.end, isStringLiteral);
      if (!node) {
        // a number literal in a path: a value, not text to rewrite
        const other = nodesAt(pf, part.span.start, part.span.end).at(-1);
        if (!other) return null;
        out.push({ kind: 'text', mod: m, node: other, value: part.text, start: part.span.start, end: part.span.end, quote: "'", via, fixed: true });
        continue;
      }
      const quote = pf.source[part.span.start] === '"' ? '"' : "'";
      out.push({ kind: 'text', mod: m, node, value: node.value, start: part.span.start + 1, end: part.span.end - 1, quote, via });
      continue;
    }
    if (part.node === 'quasi') {
      const node = nodeAt(pf, part.span.start, part.span.end, (n) => n.type === 'TemplateElement');
      if (!node) return null;
      out.push({ kind: 'text', mod: m, node, value: node.value.cooked ?? part.text, start: part.span.start, end: part.span.end, quote: '`', via });
      continue;
    }
    // an expression that is not dynamic (a number literal): keep it as a value
    const node = nodesAt(pf, part.span.start, part.span.end).at(-1);
    if (!node) return null;
    out.push({ kind: 'expr', mod: m, node, via });
  }
  return out;
}

function methodSourceAt(pf: ParsedFile, site: Site): MethodSource | null {
  const s = site.methodSpan;
  if (!s || (s.file && s.file !== pf.file)) return null;
  const nodes = nodesAt(pf, s.start, s.end);
  const lit = nodes.find(isStringLiteral);
  if (lit) return { kind: 'string', node: lit };
  const id = nodes.find((n) => n.type === 'Identifier');
  if (id) {
    const parent = pf.parent(id);
    if (parent && (parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') && parent.property === id) return { kind: 'callee-prop', node: id };
  }
  return null;
}

const CALLBACK_NAME = /^(cb|callback|callbk|done|next|fn|handler|resolve|reject|on[A-Z]\w*|\w+(Callback|Cb|Handler))$/;

/**
 * Is this argument a callback (never a request body)? A function, a name bound to a function, or
 * the call's last argument named like one (`callback`, `cb`, `done`).
 */
export function isCallbackArg(mod: Module, node: Node, call: Node): boolean {
  const n = unwrapExpr(node);
  if (n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression') return true;
  if (n.type !== 'Identifier') return false;
  const b = mod.scope.resolve(n);
  if (b?.kind === 'function') return true;
  const init = b?.init && unwrapExpr(b.init);
  if (init && (init.type === 'FunctionExpression' || init.type === 'ArrowFunctionExpression')) return true;
  const args = call.arguments as Node[];
  return args.length > 1 && unwrapExpr(args[args.length - 1]!) === n && CALLBACK_NAME.test(n.name);
}

function bodyFromInfo(pf: ParsedFile, info: CallInfo): CallShape['body'] {
  const b = info.body;
  if (!b || (b.file && b.file !== pf.file)) return undefined;
  const node = nodesAt(pf, b.start, b.end).at(0);
  if (!node) return undefined;
  const prop = info.bodyProperty;
  const encoding = stringifyArg(node) || info.bodyStringified ? 'string' : prop === 'form' || prop === 'formData' ? 'form' : prop === 'body' || prop === 'payload' ? (isStringLiteral(unwrapExpr(node)) ? 'string' : 'value') : 'value';
  return { node, encoding };
}

/** Turns one audit site into a UrlSite; a reason string when it cannot be used for edits. */
export function toUrlSite(cat: Catalogue, mod: Module, modules: Modules, site: Site): UrlSite | string {
  if (!site.url) return 'no URL';
  const pf = mod.pf;
  const siteFile = site.file === pf.file ? mod : modules.get(site.file);
  if (!siteFile) return `cannot read ${site.file}`;
  // the URL expression at the call: for a call through a wrapper of the repo, the caller's argument
  // that brings the path (the audit gives that argument, `ticketUrl(id)` included)
  const url = nodesAt(siteFile.pf, site.url.span.start, site.url.span.end).at(0);
  if (!url) return 'the URL expression was not found in the source';
  const pieces = toPieces(mod, modules, site.url.parts);
  if (!pieces) return 'a part of the URL was not found in the source';
  const analysis = analyseUrl(cat, pieces);
  if (!analysis) return `not read as a v1 URL: ${site.url.pattern}`;
  const id = `${siteFile.pf.file}:${url.start}`;
  const out: UrlSite = { mod: siteFile, site, url, analysis, id };
  if (site.kind === 'call' && site.call && siteFile === mod) {
    const call = nodeAt(pf, site.call.span.start, site.call.span.end, (n) => n.type === 'CallExpression' || n.type === 'OptionalCallExpression' || n.type === 'NewExpression');
    if (call) {
      const inCall = (call.arguments as Node[]).some((a) => a.start <= url.start && url.end <= a.end);
      let shape = inCall ? describeCall(mod, call, url) : undefined;
      const audited = CLIENTS[site.call.client] ?? 'generic';
      const wrapper = site.call.client === 'wrapper' || site.call.client === 'generic';
      if (!shape || (shape.client === 'generic' && !wrapper)) {
        shape = { client: audited, call, url, method: site.method, methodSource: methodSourceAt(pf, site), body: bodyFromInfo(pf, site.call) };
        if (site.call.options) {
          const o = nodesAt(pf, site.call.options.start, site.call.options.end).find((n) => n.type === 'ObjectExpression');
          if (o) shape.options = o;
        }
        if (site.methodSource === 'default' && shape.options) shape.methodSource = { kind: 'default', options: shape.options };
      }
      if (wrapper) {
        // a function of the repo: the audit knows where its method and body come from
        shape.client = 'generic';
        shape.method = site.method;
        shape.methodSource = methodSourceAt(pf, site);
        const body = bodyFromInfo(pf, site.call);
        if (body) shape.body = body;
      } else if (site.method && shape.method !== site.method && shape.client === 'generic') {
        shape.method = site.method;
        shape.methodSource = methodSourceAt(pf, site) ?? shape.methodSource;
      }
      // a generic `x.get(path, cb)`: the analysis's call model says whether there is a body (a
      // callback argument is never one)
      if (shape.client === 'generic') shape.body = bodyFromInfo(pf, site.call);
      if (shape.body && isCallbackArg(mod, shape.body.node, call)) shape.body = undefined;
      out.shape = shape;
    }
  }
  return out;
}

