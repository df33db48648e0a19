import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits, EditSet, editsConflict, normaliseEdits, OverlapError, sliceWithEdits, type SpanEdit } from '../../src/codemod/spans.ts';

const SRC = "const a = '/helpdesk/tickets.json'; // keep me\n\tfoo( a ,  b );\r\n";

describe('span edits', () => {
  it('replace only their spans: everything outside is byte-identical', () => {
    const start = SRC.indexOf('/helpdesk');
    const end = SRC.indexOf("'", start);
    const out = applyEdits(SRC, [{ start, end, text: '/api/v2/tickets' }]);
    expect(out).toBe("const a = '/api/v2/tickets'; // keep me\n\tfoo( a ,  b );\r\n");
    expect(out.slice(0, start)).toBe(SRC.slice(0, start));
    expect(out.slice(start + '/api/v2/tickets'.length)).toBe(SRC.slice(end));
  });

  it('refuse overlapping edits instead of guessing an order', () => {
    const edits: SpanEdit[] = [
      { start: 10, end: 20, text: 'x' },
      { start: 15, end: 25, text: 'y' },
    ];
    expect(() => applyEdits(SRC, edits)).toThrow(OverlapError);
    expect(() => applyEdits(SRC, [{ start: 10, end: 20, text: 'x' }, { start: 12, end: 12, text: 'inside' }])).toThrow(OverlapError);
  });

  it('treat identical edits as one and keep insertions at one offset in order', () => {
    const out = applyEdits('abc', [
      { start: 1, end: 2, text: 'B' },
      { start: 1, end: 2, text: 'B' },
      { start: 0, end: 0, text: '1' },
      { start: 0, end: 0, text: '2' },
    ]);
    expect(out).toBe('12aBc');
  });

  it('allow an insertion at the boundary of a replacement', () => {
    expect(applyEdits('abcdef', [{ start: 2, end: 4, text: 'XY' }, { start: 2, end: 2, text: '>' }, { start: 4, end: 4, text: '<' }])).toBe('ab>XY<ef');
    expect(editsConflict({ start: 2, end: 4, text: 'a' }, { start: 4, end: 4, text: 'b' })).toBe(false);
  });

  it('reject spans outside the text', () => {
    expect(() => normaliseEdits([{ start: 5, end: 3, text: '' }], 10)).toThrow(RangeError);
    expect(() => normaliseEdits([{ start: 0, end: 11, text: '' }], 10)).toThrow(RangeError);
  });

  it('build a region with its inner edits applied', () => {
    const edits = [{ start: 2, end: 3, text: 'C' }, { start: 8, end: 9, text: 'x' }];
    expect(sliceWithEdits('abcdefghij', 1, 5, edits)).toBe('bCde');
  });

  it('take a transaction whole or not at all', () => {
    const set = new EditSet();
    expect(set.tryAdd([{ start: 0, end: 3, text: 'x' }]).ok).toBe(true);
    const refused = set.tryAdd([{ start: 5, end: 6, text: 'y' }, { start: 2, end: 4, text: 'z' }]);
    expect(refused.ok).toBe(false);
    expect(set.size).toBe(1);
    expect(set.apply('abcdefg')).toBe('xdefg');
  });

  it('keep every byte outside the edited spans (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), fc.array(fc.tuple(fc.nat(), fc.nat(), fc.string({ maxLength: 5 })), { maxLength: 6 }), (text, raw) => {
        // non-overlapping edits: sort starts and keep disjoint spans
        const edits: SpanEdit[] = [];
        let cursor = 0;
        for (const [a, b, t] of raw.map(([a, b, t]) => [a % (text.length + 1), b % 4, t] as const).sort((x, y) => x[0] - y[0])) {
          if (a < cursor) continue;
          const end = Math.min(text.length, a + b);
          edits.push({ start: a, end, text: t });
          cursor = end + 1;
        }
        const out = applyEdits(text, edits);
        // rebuild by hand and compare the untouched stretches
        let pos = 0;
        let outPos = 0;
        for (const e of edits) {
          const keep = text.slice(pos, e.start);
          expect(out.slice(outPos, outPos + keep.length)).toBe(keep);
          outPos += keep.length + e.text.length;
          pos = e.end;
        }
        expect(out.slice(outPos)).toBe(text.slice(pos));
      }),
    );
  });
});
