/**
 * Per-file planning state and the transaction builder every rewriter writes into.
 */
import { isStringLiteral } from './ast.ts';
import { anchorOf } from './markers.ts';
import type { Node, ParsedFile } from './parse.ts';
import type { Module } from './pieces.ts';
import type { Change, MarkerPlan, Transaction } from './types.ts';
import type { FileEdit } from './url.ts';

const quoteCache = new WeakMap<ParsedFile, string>();

/** The quote most string literals of the file use (new literals follow the file's style). */
export function preferredQuote(pf: ParsedFile): string {
  let q = quoteCache.get(pf);
  if (q) return q;
  let single = 0;
  let double = 0;
  for (const n of pf.nodes) {
    if (!isStringLiteral(n)) continue;
    const c = pf.source[n.start];
    if (c === "'") single++;
    else if (c === '"') double++;
  }
  q = double > single ? '"' : "'";
  quoteCache.set(pf, q);
  return q;
}

/** Does the file end statements with semicolons (for inserted statements)? */
export function usesSemicolons(pf: ParsedFile): boolean {
  let withSemi = 0;
  let without = 0;
  for (const n of pf.nodes) {
    if (n.type !== 'ExpressionStatement' && n.type !== 'VariableDeclaration') continue;
    if (pf.source[n.end - 1] === ';') withSemi++;
    else without++;
  }
  return withSemi >= without;
}

export class Tx implements Transaction {
  edits: FileEdit[] = [];
  markers: MarkerPlan[] = [];
  changes: Change[] = [];
  reads: Array<{ file: string; start: number; end: number }> = [];
  fallback: MarkerPlan;
  markerOnly?: boolean;
  loose?: boolean;
  spans?: Array<{ file: string; start: number; end: number }>;
  customDomain?: string;
  foreign?: boolean;
  call?: { start: number; end: number; typed?: boolean };
  alt?: FileEdit[];
  /** The URL edits among `edits` (replaced by the inline form in `alt`). */
  urlEdits: FileEdit[] = [];
  /** Left on v1 with a marker that says what a human must do (its reads and status checks are listed there too). */
  leftOnV1?: boolean;
  /** Parts of a call left on v1 that change with it (its payload), listed on its marker with its reads (`text` says where). */
  withIt: Array<{ line: number; text: string }> = [];
  inlineUrl?: FileEdit;
  unseenReader?: string;
  answerReads?: Array<{ file: string; start: number; end: number }>;
  readonly file: string;
  readonly line: number;

  constructor(
    readonly id: string,
    readonly mod: Module,
    readonly siteNode: Node,
    public rule: string | null,
  ) {
    this.file = mod.pf.file;
    this.line = mod.pf.position(siteNode.start).line;
    this.fallback = { file: this.file, anchor: anchorOf(mod.pf, siteNode).start, rule: rule ?? 'unknown', text: '' };
  }

  edit(pf: ParsedFile, start: number, end: number, text: string, why: string): void {
    this.edits.push({ file: pf.file, start, end, text, why });
  }

  replace(pf: ParsedFile, node: { start: number; end: number }, text: string, why: string): void {
    this.edit(pf, node.start, node.end, text, why);
  }

  marker(pf: ParsedFile, node: Node, rule: string, text: string): void {
    const anchor = anchorOf(pf, node).start;
    if (this.markers.some((m) => m.file === pf.file && m.anchor === anchor && m.rule === rule && m.text === text)) return;
    this.markers.push({ file: pf.file, anchor, rule, text });
  }

  /** The plain data of the transaction (no tree nodes), for other threads and the resolver. */
  data(): Transaction {
    return {
      id: this.id,
      file: this.file,
      line: this.line,
      rule: this.rule,
      edits: this.edits,
      markers: this.markers,
      changes: this.changes,
      reads: this.reads,
      fallback: this.fallback,
      markerOnly: this.markerOnly,
      loose: this.loose,
      spans: this.spans,
      customDomain: this.customDomain,
      foreign: this.foreign,
      call: this.call,
      alt: this.inlineUrl && !this.markerOnly ? [this.inlineUrl, ...this.edits.filter((e) => !this.urlEdits.includes(e))] : undefined,
      unseenReader: this.unseenReader,
      answerReads: this.answerReads,
    };
  }

  change(pf: ParsedFile, node: { start: number }, kind: Change['kind'], message: string, rule = this.rule): void {
    const pos = pf.position(node.start);
    this.changes.push({ file: pf.file, line: pos.line, column: pos.column, rule, kind, message });
  }
}
