/**
 * Span edits: the only way the codemod changes a file. Each edit replaces `[start, end)` of the
 * ORIGINAL text with new text; everything outside the edited spans stays byte-identical (no
 * reprint of the whole file, so no quote, semicolon, comment or indentation churn).
 *
 * Two edits that overlap are a bug in whoever produced them, and `applyEdits` refuses them. Two
 * identical edits (same span, same text) are one edit: several sites that share a constant may ask
 * for the same change. Insertions (start === end) at the same offset are kept in the order given.
 */

export interface SpanEdit {
  start: number;
  end: number;
  text: string;
  /** Why, for debugging and conflict messages. */
  why?: string;
}

export class OverlapError extends Error {
  constructor(
    readonly a: SpanEdit,
    readonly b: SpanEdit,
  ) {
    super(
      `overlapping edits [${a.start},${a.end}) ${JSON.stringify(a.text)}${a.why ? ` (${a.why})` : ''} and ` +
        `[${b.start},${b.end}) ${JSON.stringify(b.text)}${b.why ? ` (${b.why})` : ''}`,
    );
    this.name = 'OverlapError';
  }
}

export function sameEdit(a: SpanEdit, b: SpanEdit): boolean {
  return a.start === b.start && a.end === b.end && a.text === b.text;
}

/**
 * Do two edits conflict? Replacements conflict when their spans intersect; an insertion conflicts
 * with a replacement only when it falls strictly inside it. Identical edits never conflict.
 */
export function editsConflict(a: SpanEdit, b: SpanEdit): boolean {
  if (sameEdit(a, b)) return false;
  // an empty insertion changes nothing (it only carries information)
  if ((a.start === a.end && a.text === '') || (b.start === b.end && b.text === '')) return false;
  const aIns = a.start === a.end;
  const bIns = b.start === b.end;
  if (aIns && bIns) return false;
  if (aIns) return a.start > b.start && a.start < b.end;
  if (bIns) return b.start > a.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
}

function checkEdit(e: SpanEdit, length: number): void {
  if (!Number.isInteger(e.start) || !Number.isInteger(e.end) || e.start < 0 || e.end < e.start || e.end > length) {
    throw new RangeError(`edit [${e.start},${e.end}) is outside the text (length ${length})`);
  }
}

/** Sorted, de-duplicated edits; throws OverlapError on the first overlap. */
export function normaliseEdits(edits: readonly SpanEdit[], length: number): SpanEdit[] {
  const indexed = edits.map((e, i) => ({ e, i }));
  for (const { e } of indexed) checkEdit(e, length);
  // by start, insertions before replacements at the same offset, then in the order given
  indexed.sort((x, y) => x.e.start - y.e.start || (x.e.end - x.e.start === 0 ? 0 : 1) - (y.e.end - y.e.start === 0 ? 0 : 1) || x.i - y.i);
  const out: SpanEdit[] = [];
  for (const { e } of indexed) {
    if (out.some((o) => sameEdit(o, e))) continue;
    // only edits that start at or before e can overlap it; check the recent ones
    for (let k = out.length - 1; k >= 0; k--) {
      const o = out[k]!;
      if (editsConflict(o, e)) throw new OverlapError(o, e);
      if (o.end < e.start && o.start < e.start) break;
    }
    out.push(e);
  }
  return out;
}

/** Applies edits to the original text. Throws OverlapError rather than guess an order. */
export function applyEdits(source: string, edits: readonly SpanEdit[]): string {
  const sorted = normaliseEdits(edits, source.length);
  let out = '';
  let pos = 0;
  for (const e of sorted) {
    out += source.slice(pos, e.start) + e.text;
    pos = Math.max(pos, e.end);
  }
  return out + source.slice(pos);
}

/**
 * The text of `[start, end)` of the source with the edits that lie inside that range applied,
 * for building a replacement out of a region that has finer edits of its own.
 */
export function sliceWithEdits(source: string, start: number, end: number, edits: readonly SpanEdit[]): string {
  const inside = edits
    .filter((e) => e.start >= start && e.end <= end)
    .map((e) => ({ ...e, start: e.start - start, end: e.end - start }));
  return applyEdits(source.slice(start, end), inside);
}

/**
 * A set of edits built up site by site. A site's edits go in as one transaction: all or none, so
 * a site that cannot be finished leaves no half-made change behind.
 */
export class EditSet {
  private readonly edits: SpanEdit[] = [];

  get size(): number {
    return this.edits.length;
  }

  list(): readonly SpanEdit[] {
    return this.edits;
  }

  /** The first accepted edit a candidate conflicts with, if any. */
  conflictWith(candidate: SpanEdit): SpanEdit | undefined {
    return this.edits.find((e) => editsConflict(e, candidate));
  }

  /** Adds all edits or none; returns the conflicting pair when it refuses. */
  tryAdd(group: readonly SpanEdit[]): { ok: true } | { ok: false; conflict: [SpanEdit, SpanEdit] } {
    for (let i = 0; i < group.length; i++) {
      const hit = this.conflictWith(group[i]!);
      if (hit) return { ok: false, conflict: [hit, group[i]!] };
      for (let j = 0; j < i; j++) {
        if (editsConflict(group[j]!, group[i]!)) return { ok: false, conflict: [group[j]!, group[i]!] };
      }
    }
    for (const e of group) if (!this.edits.some((o) => sameEdit(o, e))) this.edits.push(e);
    return { ok: true };
  }

  apply(source: string): string {
    return applyEdits(source, this.edits);
  }
}
