/**
 * Marker comments. What the codemod cannot do with certainty gets
 *   // @hdmigrate-todo(<rule>): <exactly what to do, with the v2 call(s)>
 * on its own line above the statement (or object property) holding the site, indented like it.
 * `// @hdmigrate-ignore(<rule>): <reason>` above a site silences it. A marker already present is
 * never added twice, so a second run changes nothing.
 */
import { isStatementLike } from './ast.ts';
import type { Node, ParsedFile } from './parse.ts';
import type { FileEdit } from './url.ts';

export const MARKER_RE = /@hdmigrate-(todo|ignore)\(([^)\s]*)\)(?::\s*([^\n]*))?/g;

export interface FoundMarker {
  type: 'todo' | 'ignore';
  rule: string;
  text: string;
  /** Offset of the comment. */
  start: number;
  end: number;
  line: number;
}

export function scanMarkers(pf: ParsedFile): FoundMarker[] {
  const out: FoundMarker[] = [];
  for (const c of pf.comments()) {
    if (!c.value.includes('@hdmigrate-')) continue;
    for (const m of c.value.matchAll(MARKER_RE)) {
      out.push({
        type: m[1] as 'todo' | 'ignore',
        rule: m[2]!,
        text: (m[3] ?? '').replace(/\s*\*\/?\s*$/, '').trim(),
        start: c.start,
        end: c.end,
        line: pf.position(c.start).line,
      });
    }
  }
  return out;
}

/** The statement-like node a marker for `node` sits above: the innermost one that starts its line. */
export function anchorOf(pf: ParsedFile, node: Node): Node {
  let best: Node | undefined;
  for (const n of [node, ...pf.ancestors(node)]) {
    if (!isStatementLike(n)) continue;
    if (pf.startsLine(n.start)) return n;
    best ??= n;
  }
  return best ?? node;
}

/** Comments directly above a node (only whitespace and other comments between them and it). */
export function leadingComments(pf: ParsedFile, node: Node, markers: FoundMarker[]): FoundMarker[] {
  const lineStart = pf.lineStart(node.start);
  const out: FoundMarker[] = [];
  // walk upwards over comment-only lines
  let cursor = lineStart;
  const byEnd = [...markers].sort((a, b) => b.end - a.end);
  for (;;) {
    const end = pf.trimmedEndBefore(cursor);
    const hit = pf.commentEndingAt(end);
    if (!hit) break;
    out.push(...byEnd.filter((m) => m.start === hit.start));
    cursor = hit.start;
  }
  // a trailing comment on the anchor's own first line also counts
  const lineEnd = pf.source.indexOf('\n', node.start);
  for (const m of markers) if (m.start >= node.start && m.start < (lineEnd < 0 ? pf.source.length : lineEnd) && m.start >= lineStart) out.push(m);
  return out;
}

export function ruleMatches(pattern: string, rule: string): boolean {
  if (pattern === '*' || pattern === rule) return true;
  if (pattern.endsWith('.*')) return rule.startsWith(pattern.slice(0, -1));
  return false;
}

/** A one-line comment text: no newlines, no comment terminators. */
export function oneLine(text: string): string {
  return text.replace(/\s*\r?\n\s*/g, ' ').replace(/\*\//g, '* /').trim();
}

/** Markers stay readable: about this many columns per line, indentation included. */
export const MARKER_WIDTH = 100;

/**
 * The comment lines of a marker: `// @hdmigrate-todo(<rule>): <text>` wrapped at about
 * MARKER_WIDTH columns, continuation lines `//   ...`; a newline in `text` starts a new line (one
 * per part to do). Only the first line carries the tag, so tools count one marker.
 */
export function markerLines(rule: string, text: string, indent = '', eol = '\n'): string {
  const width = Math.max(60, MARKER_WIDTH - indent.length);
  const out: string[] = [];
  const paragraphs = text.replace(/\*\//g, '* /').split(/\r?\n/).map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);
  if (!paragraphs.length) paragraphs.push('');
  paragraphs.forEach((para, i) => {
    let line = i === 0 ? `// @hdmigrate-todo(${rule}):` : '//  ';
    const lead = i > 0 && para.startsWith('- ') ? '//     ' : '//   ';
    let fresh = true;
    for (const word of para.split(' ')) {
      if (!fresh && line.length + 1 + word.length > width) {
        out.push(line);
        line = lead;
        fresh = true;
      }
      line += (line.endsWith(' ') ? '' : ' ') + word;
      fresh = false;
    }
    out.push(line);
  });
  return out.map((l) => indent + l.trimEnd()).join(eol);
}

export function markerText(rule: string, text: string): string {
  return `// @hdmigrate-todo(${rule}): ${oneLine(text)}`;
}

/** The edit inserting a marker line above the anchor, unless the same marker (rule) is already there. */
export function markerEdit(pf: ParsedFile, anchor: Node, rule: string, text: string): FileEdit {
  const at = pf.lineStart(anchor.start);
  const eol = pf.source.includes('\r\n') ? '\r\n' : '\n';
  const indent = pf.startsLine(anchor.start) ? pf.indentAt(anchor.start) : pf.indentAt(anchor.start);
  return { file: pf.file, start: at, end: at, text: `${indent}${markerText(rule, text)}${eol}`, why: `marker ${rule}` };
}

/** How a marker of a call left on v1 says why, the part every such marker shares. */
export const LEFT_ON_V1 = 'Left on v1 (all or nothing)';
/** The parts of a call left on v1 that the codemod would change with it: the human changes them in the same step. */
export const WITH_IT = 'With the call, also change:';

/** The marker text of a call left on v1: its v2 plan, then one line per part a human must do. */
export function leftOnV1(plan: string, needs: string[]): string {
  return [plan, `${LEFT_ON_V1}: do these together with the URL and method:`, ...needs.map((n) => `- ${n}`)].join('\n');
}
