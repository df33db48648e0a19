/**
 * Reading a URL expression as a v1 request target, and rewriting its text pieces to the v2 target
 * the catalogue gives. Dynamic parts stand in the text as sentinels (digit strings, so an `:id`
 * segment accepts them and converters treat them as values); after translation each sentinel is
 * mapped back to its expression, which keeps its place in the source.
 */
import { diffArrays } from 'diff';
import { parseTarget, isV2Path, type Catalogue, type PathMatch } from '../catalogue/index.ts';
import { escapeStringBody, escapeTemplate, isStringLiteral } from './ast.ts';
import type { Node } from './parse.ts';
import type { ExprPiece, Module, Piece, TextPiece } from './pieces.ts';
import type { QueryOption } from '../analysis/query-options.ts';
import type { SpanEdit } from './spans.ts';

export interface FileEdit extends SpanEdit {
  file: string;
  /**
   * A v1 field name changed by this edit (a response read or a payload key): the TypeScript pass
   * follows it to the interface that declares the field and to every other use of it.
   */
  prop?: { v1: string; v2: string | null; kind: 'rename' | 'unwrap'; side: 'request' | 'response'; rule: string; reason?: string };
}

const SENTINEL_RE = /7319\d{4}9137/g;

export function sentinel(i: number): string {
  return `7319${String(i).padStart(4, '0')}9137`;
}

/** Sentinels for values taken from the body into the v2 path (`forum_id`): a different digit pattern. */
export const BODY_SENTINEL_RE = /8246\d{4}6428/g;

export function bodySentinel(i: number): string {
  return `8246${String(i).padStart(4, '0')}6428`;
}

export interface UrlAnalysis {
  pieces: Piece[];
  /** The URL with sentinels for dynamic pieces. */
  text: string;
  /** Sentinel → dynamic piece. */
  dynamic: Map<string, ExprPiece>;
  /** Where the v1 path starts in `text`. */
  pathStart: number;
  /** `text` from the path on: what the catalogue matches. */
  target: string;
  matches: PathMatch[];
  format: 'json' | 'xml' | null;
  /** A literal `http://` scheme. */
  insecure: boolean;
  /** The URL is only a path (the host comes from a client's base URL). */
  relative: boolean;
  /**
   * The query object written at the call (`params: { state: 'all', page }`), whose pairs end
   * `text` and `target` (a value known at run time as a sentinel, not among `dynamic`: it is never
   * URL text). Its properties change one by one (query-options.ts).
   */
  options?: QueryObject;
}

/** A query object written at the call, as the codemod edits it. */
export interface QueryObject {
  mod: Module;
  node: Node;
  props: Array<QueryOption & { prop: Node }>;
}

/** Where the path starts: after `scheme://host`, after a dynamic base, or at a leading slash. */
export function findPathStart(text: string): number | null {
  let rest = 0;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(text);
  if (scheme) {
    rest = scheme[0].length;
    const slash = text.indexOf('/', rest);
    return slash < 0 ? null : slash;
  }
  if (text.startsWith('//')) {
    const slash = text.indexOf('/', 2);
    return slash < 0 ? null : slash;
  }
  if (text.startsWith('/')) return 0;
  const slash = text.indexOf('/');
  if (slash < 0) return null;
  const head = text.slice(0, slash);
  // `${base}/helpdesk/...`, `acme.freshdesk.com/helpdesk/...`, `<%= iparam.domain %>.freshdesk.com/...`
  if (new RegExp(SENTINEL_RE.source).test(head) || /[.:%<]/.test(head)) return slash;
  // a relative path (`helpdesk/tickets.json` against a base URL ending in a slash)
  if (/^[\w-]+$/.test(head)) return 0;
  return null;
}

/** Reads flattened pieces as a v1 target; null when they are not a v1 API URL. */
export function analyseUrl(cat: Catalogue, pieces: Piece[], requireFormat = false, options?: QueryObjectAt): UrlAnalysis | null {
  const dynamic = new Map<string, ExprPiece>();
  let text = '';
  let i = 0;
  for (const p of pieces) {
    if (p.kind === 'text') text += p.value;
    else {
      const s = sentinel(i++);
      dynamic.set(s, p);
      text += s;
    }
  }
  let queryObject: QueryObject | undefined;
  if (options) {
    const props = options.props.map((p) => ({ ...p, runTime: p.value === null, value: p.value ?? sentinel(i++) }));
    queryObject = { mod: options.mod, node: options.node, props };
    text += (text.includes('?') ? '&' : '?') + props.map((p) => `${encodeURIComponent(p.key)}=${encodeValue(p.value)}`).join('&');
  }
  if (/\/api\/v2(\/|$|\?)/.test(text)) return null;
  const pathStart = findPathStart(text);
  if (pathStart === null) return null;
  let target = text.slice(pathStart);
  const relative = pathStart === 0 && !text.startsWith('/');
  if (relative) target = `/${target}`;
  const parsed = parseTarget(target);
  if (isV2Path(parsed.path)) return null;
  // the v1 API needs .json/.xml or format=json; without one the same path is a page of the agent UI
  if (requireFormat && parsed.format === null) return null;
  const matches = cat.matchPath(target);
  if (matches.length === 0) return null;
  const insecure = /^http:\/\//i.test(text);
  return { pieces, text, dynamic, pathStart, target, matches, format: parsed.format, insecure, relative, ...(queryObject ? { options: queryObject } : {}) };
}

/** A query object found at the call: each property's literal value, or null for a run-time one. */
export interface QueryObjectAt {
  mod: Module;
  node: Node;
  props: Array<{ key: string; prop: Node; value: string | null }>;
}

export function isSentinel(digits: string): boolean {
  return new RegExp(`^${SENTINEL_RE.source}$`).test(digits);
}

export function sentinelsIn(s: string): string[] {
  return s.match(SENTINEL_RE) ?? [];
}

export function hasSentinel(s: string): boolean {
  return new RegExp(SENTINEL_RE.source).test(s);
}

/** Splits a query string into raw pairs. */
function rawPairs(qs: string): Array<{ key: string; raw: string; value: string }> {
  return qs
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf('=');
      const rawKey = eq < 0 ? part : part.slice(0, eq);
      const rawVal = eq < 0 ? '' : part.slice(eq + 1);
      return { key: safeDecode(rawKey), raw: part, value: safeDecode(rawVal) };
    });
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Encodes a query value, leaving sentinels (dynamic parts) as they are. */
function encodeValue(v: string): string {
  return v
    .split(/(7319\d{4}9137)/)
    .map((part, i) => (i % 2 === 1 ? part : encodeURIComponent(part)))
    .join('');
}

export interface NewTarget {
  /** The full new URL text with sentinels. */
  text: string;
  /** Query parameters of the v1 URL that are gone (moved to the body or dropped by the lens). */
  removedQuery: string[];
}

/**
 * The new URL text: the prefix before the path (with https), the v2 path and the v2 query. Query
 * parameters that did not change keep their original spelling.
 */
export function buildNewUrl(
  a: UrlAnalysis,
  call: { path: string; query: Record<string, string> },
  renames: Map<string, string>,
): NewTarget {
  let prefix = a.text.slice(0, a.pathStart);
  if (a.insecure) prefix = prefix.replace(/^http:\/\//i, 'https://');
  const q = a.target.indexOf('?');
  const hash = a.target.indexOf('#');
  const oldQs = q < 0 ? '' : a.target.slice(q + 1, hash > q ? hash : undefined);
  const old = rawPairs(oldQs);
  const remaining = new Map(Object.entries(call.query));
  const parts: string[] = [];
  const removed: string[] = [];
  for (const p of old) {
    const name = remaining.has(p.key) ? p.key : renames.get(p.key);
    if (name === undefined || !remaining.has(name)) {
      removed.push(p.key);
      continue;
    }
    const value = remaining.get(name)!;
    remaining.delete(name);
    if (name === p.key && value === p.value) parts.push(p.raw);
    else parts.push(`${name === p.key ? p.raw.split('=')[0] : encodeURIComponent(name)}=${encodeValue(value)}`);
  }
  for (const [k, v] of remaining) parts.push(`${encodeURIComponent(k)}=${encodeValue(v)}`);
  let path = call.path;
  if (a.relative) path = path.replace(/^\//, '');
  return { text: prefix + path + (parts.length ? `?${parts.join('&')}` : ''), removedQuery: removed };
}


// ---------------------------------------------------------------------------------------------
// distributing new text over the pieces

const TOKEN = /7319\d{4}9137|[A-Za-z0-9_%-]+|[^]/g;

function tokens(s: string): string[] {
  return s.match(TOKEN) ?? [];
}

export interface PieceEdit {
  piece: TextPiece;
  value: string;
}

export type DistributeResult =
  | { ok: true; textEdits: PieceEdit[]; dropped: ExprPiece[] }
  | { ok: false; reason: string };

/**
 * Maps the new URL text onto the old pieces: dynamic pieces keep their place (in order; some may
 * be dropped when they moved to the body), the text between them is diffed token by token so each
 * change lands in the piece that holds it (a shared base constant is touched only if its own text changes).
 */
export function distribute(a: UrlAnalysis, newText: string): DistributeResult {
  const oldExprs: ExprPiece[] = a.pieces.filter((p): p is ExprPiece => p.kind === 'expr');
  const sentinelOf = new Map<ExprPiece, string>();
  for (const [s, p] of a.dynamic) sentinelOf.set(p, s);
  const newSentinels = sentinelsIn(newText);
  if (new Set(newSentinels).size !== newSentinels.length) return { ok: false, reason: 'a dynamic part appears twice in the v2 URL' };
  // kept expressions must stay in order
  const keptOrder = oldExprs.filter((p) => newSentinels.includes(sentinelOf.get(p)!));
  if (keptOrder.map((p) => sentinelOf.get(p)).join() !== newSentinels.join()) {
    return { ok: false, reason: 'the v2 URL puts the dynamic parts in another order' };
  }
  const dropped = oldExprs.filter((p) => !newSentinels.includes(sentinelOf.get(p)!));
  // old groups: text pieces between kept expressions (dropped expressions merge their neighbours)
  const groups: TextPiece[][] = [[]];
  for (const p of a.pieces) {
    if (p.kind === 'text') groups[groups.length - 1]!.push(p);
    else if (!dropped.includes(p)) groups.push([]);
  }
  const newGroups = newText.split(/7319\d{4}9137/);
  if (newGroups.length !== groups.length) return { ok: false, reason: 'cannot align the v2 URL with the source' };
  const textEdits: PieceEdit[] = [];
  for (let g = 0; g < groups.length; g++) {
    const pieces = groups[g]!;
    const oldText = pieces.map((p) => p.value).join('');
    const want = newGroups[g]!;
    if (oldText === want) continue;
    if (pieces.length === 0) return { ok: false, reason: 'new text would go between two dynamic parts with no literal text' };
    const edits = diffGroup(pieces, want);
    if (!edits) return { ok: false, reason: 'cannot place the new text in the source' };
    textEdits.push(...edits);
  }
  return { ok: true, textEdits, dropped };
}

function diffGroup(pieces: TextPiece[], want: string): PieceEdit[] | null {
  const oldText = pieces.map((p) => p.value).join('');
  // piece boundaries in oldText
  const bounds: Array<{ piece: TextPiece; from: number; to: number }> = [];
  let off = 0;
  for (const p of pieces) {
    bounds.push({ piece: p, from: off, to: off + p.value.length });
    off += p.value.length;
  }
  const changes = diffArrays(tokens(oldText), tokens(want));
  // hunks: old range [from, to) replaced by text
  const hunks: Array<{ from: number; to: number; text: string }> = [];
  let pos = 0;
  let current: { from: number; to: number; text: string } | null = null;
  for (const c of changes) {
    const s = c.value.join('');
    if (!c.added && !c.removed) {
      current = null;
      pos += s.length;
      continue;
    }
    if (!current) {
      current = { from: pos, to: pos, text: '' };
      hunks.push(current);
    }
    if (c.removed) {
      current.to += s.length;
      pos += s.length;
    } else {
      current.text += s;
    }
  }
  const values = new Map<TextPiece, string>(pieces.map((p) => [p, p.value]));
  // apply hunks right to left so offsets inside a piece stay valid
  for (const h of hunks.reverse()) {
    const inside = bounds.filter((b) => b.from < h.to && b.to > h.from);
    // fixed text is never edited; one the source can drop (an encode call's prefix) may go whole
    if (inside.some((b) => b.piece.fixed && !(b.piece.droppable && h.from <= b.from && b.to <= h.to))) return null;
    if (h.from === h.to || inside.length === 0) {
      // insertion at a boundary: prefer a piece written at the call site over a shared constant
      const candidates = bounds.filter((b) => b.from <= h.from && h.from <= b.to && !b.piece.fixed);
      if (!candidates.length) return null;
      const local = candidates.find((b) => b.piece.via.length === 0) ?? candidates.find((b) => b.from < h.from && h.from < b.to) ?? candidates[0]!;
      const v = values.get(local.piece)!;
      const at = h.from - local.from;
      values.set(local.piece, v.slice(0, at) + h.text + v.slice(at + (h.to - h.from)));
      continue;
    }
    // the first editable piece takes the replacement; the others lose the part the hunk covers
    const taker = inside.find((b) => !b.piece.fixed);
    if (h.text && !taker) return null;
    inside.forEach((b) => {
      const v = values.get(b.piece)!;
      const a0 = Math.max(h.from, b.from) - b.from;
      const a1 = Math.min(h.to, b.to) - b.from;
      values.set(b.piece, v.slice(0, a0) + (b === taker ? h.text : '') + v.slice(a1));
    });
  }
  return pieces.filter((p) => values.get(p) !== p.value).map((p) => ({ piece: p, value: values.get(p)! }));
}

/** The source edit that sets a text piece to a new value, in its own quote style. */
export function pieceEdit(p: TextPiece, value: string, why: string, bodyValues?: Map<string, string>): FileEdit {
  if (bodyValues && new RegExp(BODY_SENTINEL_RE.source).test(value)) {
    // a value from the body goes into the path: `${expr}` in a template (a string literal becomes one)
    const parts = value.split(/(8246\d{4}6428)/);
    const raw = parts.map((x, i) => (i % 2 === 1 ? `\${${bodyValues.get(x) ?? x}}` : escapeTemplate(x))).join('');
    if (p.quote === '`') return { file: p.mod.pf.file, start: p.start, end: p.end, text: raw, why };
    return { file: p.mod.pf.file, start: p.start - 1, end: p.end + 1, text: `\`${raw}\``, why };
  }
  const raw = p.quote === '`' ? escapeTemplate(value) : escapeStringBody(value, p.quote);
  return { file: p.mod.pf.file, start: p.start, end: p.end, text: raw, why };
}

/**
 * Removing a dynamic piece from the URL: `${x}` out of a template, or the `+ x` operand out of a
 * concatenation. Null when the piece is not written in one of those two ways.
 */
export function removeExprEdit(p: ExprPiece): FileEdit | null {
  const pf = p.mod.pf;
  let node: Node = p.node;
  let parent = pf.parent(node);
  while (parent && (parent.type === 'ParenthesizedExpression' || parent.type.startsWith('TS'))) {
    node = parent;
    parent = pf.parent(node);
  }
  if (!parent) return null;
  if (parent.type === 'TemplateLiteral') {
    const i = parent.expressions.indexOf(node);
    if (i < 0) return null;
    return { file: pf.file, start: parent.quasis[i].end, end: parent.quasis[i + 1].start, text: '', why: 'dynamic part moved out of the URL' };
  }
  if (parent.type === 'BinaryExpression' && parent.operator === '+') {
    if (parent.right === node) return { file: pf.file, start: parent.left.end, end: node.end, text: '', why: 'dynamic part moved out of the URL' };
    if (parent.left === node) return { file: pf.file, start: node.start, end: parent.right.start, text: '', why: 'dynamic part moved out of the URL' };
  }
  return null;
}

/**
 * Taking an encode call's prefix out of the source (`TextPiece.droppable`):
 * `encodeURIComponent('email is ' + x)` → `encodeURIComponent(x)`, and
 * `` encodeURIComponent(`email is ${x}`) `` → `encodeURIComponent(x)` (the call turns its argument
 * into text either way). Null when the piece is not written in one of those two ways.
 */
export function dropEncodedPrefixEdit(p: TextPiece): FileEdit | null {
  if (!p.droppable) return null;
  const pf = p.mod.pf;
  const node = p.node;
  const parent = pf.parent(node);
  if (!parent) return null;
  const isArg = (n: Node) => {
    const call = pf.parent(n);
    return !!call && (call.type === 'CallExpression' || call.type === 'OptionalCallExpression') && call.arguments[0] === n;
  };
  const why = 'the v1 condition text left the encoded value';
  if (isStringLiteral(node) && parent.type === 'BinaryExpression' && parent.operator === '+' && parent.left === node && isArg(parent)) {
    return { file: pf.file, start: node.start, end: parent.right.start, text: '', why };
  }
  if (node.type === 'TemplateElement' && parent.type === 'TemplateLiteral' && parent.quasis[0] === node && parent.expressions.length === 1 && isArg(parent)) {
    return { file: pf.file, start: parent.start, end: parent.end, text: pf.text(parent.expressions[0]), why };
  }
  return null;
}

/**
 * A string operand that became empty in a concatenation (`'/api/v2/tickets/' + id + ''`) is removed,
 * when a non-empty string is already to its left (so the result is still a string).
 */
export function emptyOperandEdit(p: TextPiece, stillStringToLeft: boolean): FileEdit | null {
  if (p.quote === '`' || !stillStringToLeft) return null;
  const pf = p.mod.pf;
  const node = p.node;
  if (!isStringLiteral(node)) return null;
  const parent = pf.parent(node);
  if (parent?.type === 'BinaryExpression' && parent.operator === '+' && parent.right === node) {
    return { file: pf.file, start: parent.left.end, end: node.end, text: '', why: 'empty string operand removed' };
  }
  return null;
}
