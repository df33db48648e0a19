/**
 * The JS/TS sites of the shared analysis (src/analysis, `analyzeSource`) turned into what the rewriters work on:
 * the URL as text pieces with spans (possibly in other modules), the call node with its shape
 * (where the method and the body are written), and the node of every span. The codemod locates
 * nothing by itself: the audit decides what is a v1 call.
 */
import type { Catalogue } from '../catalogue/index.ts';
import type { CallInfo, Site, StringPart } from '../analysis/index.ts';
import { literalQueryValue } from '../analysis/query-options.ts';
import { isStringLiteral, propName, unwrapExpr } from './ast.ts';
import type { CallShape, MethodSource } from './call-shape.ts';
import type { Modules } from './modules.ts';
import type { Node, ParsedFile } from './parse.ts';
import type { ExprPiece, Module, Piece, TextPiece } from './pieces.ts';
import { analyseUrl, type QueryObjectAt, type UrlAnalysis } from './url.ts';

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
    const encoded = part.encoded === true;
    if (part.dynamic) {
      const node = nodesAt(pf, part.span.start, part.span.end).at(-1);
      if (!node) return null;
      out.push({ kind: 'expr', mod: m, node, via } satisfies ExprPiece);
      continue;
    }
    if (part.node === 'synthetic' || encoded) {
      const node = nodesAt(pf, part.span.start, part.span.end)[0] ?? pf.ast.program;
      const droppable = encoded && part.encodedPrefix === true && (isStringLiteral(node) || node.type === 'TemplateElement');
      out.push({ kind: 'text', mod: m, node, value: part.text, start: part.span.start, end: part.span.start, quote: "'", via, fixed: true, ...(droppable ? { droppable } : {}) } satisfies TextPiece);
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
      out.push({ kind: 'text', mod: m, node, value: node.value, start: part.span.start + 1, end: part.span.end - 1, quote, via, ...(part.whole ? { whole: true } : {}) });
      continue;
    }
    if (part.node === 'quasi') {
      const node = nodeAt(pf, part.span.start, part.span.end, (n) => n.type === 'TemplateElement');
      if (!node) return null;
      out.push({ kind: 'text', mod: m, node, value: node.value.cooked ?? part.text, start: part.span.start, end: part.span.end, quote: '`', via, ...(part.whole ? { whole: true } : {}) });
      continue;
    }
    // an expression that is not dynamic (a number literal): keep it as a value
    const node = nodesAt(pf, part.span.start, part.span.end).at(-1);
    if (!node) return null;
    out.push({ kind: 'expr', mod: m, node, via });
  }
  return out;
}

/** The query object the analysis found editable (StringPart.queryObject), with each property's literal value. */
function queryObjectAt(mod: Module, modules: Modules, part: StringPart): QueryObjectAt | null {
  const m = moduleOf(mod, modules, part.file);
  const node = m && nodesAt(m.pf, part.span.start, part.span.end).find((n) => n.type === 'ObjectExpression');
  if (!m || !node) return null;
  const props: QueryObjectAt['props'] = [];
  for (const key of part.queryObject!.keys) {
    const prop = (node.properties as Node[]).find((p) => propName(p) === key);
    if (!prop) return null;
    props.push({ key, prop, value: literalQueryValue(prop) });
  }
  return { mod: m, node, props };
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

function bodyFromInfo(pf: ParsedFile, info: CallInfo): CallShape['body'] {
  const b = info.body;
  if (!b || (b.file && b.file !== pf.file)) return undefined;
  const node = nodesAt(pf, b.start, b.end).at(0);
  return node ? { node } : undefined;
}

/** The call as the analysis's call model describes it: client, method, options and body with their nodes. */
function shapeOf(mod: Module, site: Site & { call: CallInfo }, call: Node, url: Node): CallShape {
  const pf = mod.pf;
  const info = site.call;
  // a function of the repo: the analysis knows where its method and body come from
  const client = info.client === 'wrapper' ? 'generic' : info.client;
  const shape: CallShape = { client, call, url, method: site.method, methodSource: methodSourceAt(pf, site), body: bodyFromInfo(pf, info) };
  if (info.body?.file && info.body.file !== pf.file) shape.bodyElsewhere = info.body.file;
  if (info.options && (!info.options.file || info.options.file === pf.file)) {
    const o = nodesAt(pf, info.options.start, info.options.end).find((n) => n.type === 'ObjectExpression');
    if (o) shape.options = o;
  }
  if (site.methodSource === 'default') shape.methodSource = { kind: 'default', options: shape.options };
  if (info.dataArg !== undefined) shape.dataArgIndex = info.dataArg;
  if (info.innerClient) shape.innerClient = info.innerClient;
  return shape;
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
  // (a query object written at the call is no URL text: its properties are edited one by one)
  const queryPart = site.url.parts.find((p) => p.queryObject);
  const pieces = toPieces(mod, modules, queryPart ? site.url.parts.filter((p) => p !== queryPart) : site.url.parts);
  if (!pieces) return 'a part of the URL was not found in the source';
  const options = queryPart ? queryObjectAt(mod, modules, queryPart) : undefined;
  if (options === null) return 'the query object was not found in the source';
  const analysis = analyseUrl(cat, pieces, false, options);
  if (!analysis) return `not read as a v1 URL: ${site.url.pattern}`;
  const id = `${siteFile.pf.file}:${url.start}`;
  const out: UrlSite = { mod: siteFile, site, url, analysis, id };
  if (site.kind === 'call' && site.call && siteFile === mod) {
    const call = nodeAt(pf, site.call.span.start, site.call.span.end, (n) => n.type === 'CallExpression' || n.type === 'OptionalCallExpression' || n.type === 'NewExpression');
    if (call) out.shape = shapeOf(mod, site as Site & { call: CallInfo }, call, url);
  }
  return out;
}

