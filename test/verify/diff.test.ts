/** The differ: instants, id-keyed lists, multisets, one-side-only fields, declared losses. */
import { describe, expect, it } from 'vitest';
import { compareBodies, compareObservation, sameInstant } from '../../src/verify/diff.ts';

describe('compareBodies', () => {
  it('compares timestamps as instants, whatever offset they are written in', () => {
    expect(sameInstant('2024-06-30T10:03:00+10:00', '2024-06-30T00:03:00Z')).toBe(true);
    expect(sameInstant('2024-06-30T10:03:00+10:00', '2024-06-30T00:04:00Z')).toBe(false);
    expect(compareBodies({ created_at: '2024-06-30T10:03:00+10:00' }, { created_at: '2024-06-30T00:03:00Z' }).diffs).toEqual([]);
  });

  it('reports a changed value with its field path and exact place', () => {
    const c = compareBodies({ id: 1, custom_fields: { cf_seats: 25 } }, { id: 1, custom_fields: { cf_seats: 26 } });
    expect(c.diffs).toEqual([{ field: 'body.custom_fields.cf_seats', at: 'body.custom_fields.cf_seats', v1: 25, v2: 26 }]);
  });

  it('compares lists of objects with ids as sets keyed by id (order is not data)', () => {
    const v1 = [{ id: 1, body: 'a' }, { id: 2, body: 'b' }, { id: 3, body: 'c' }];
    const v2 = [{ id: 2, body: 'B' }, { id: 1, body: 'a' }, { id: 4, body: 'd' }];
    const c = compareBodies(v1, v2);
    expect(c.diffs).toEqual([{ field: 'body[].body', at: 'body[id=2].body', v1: 'b', v2: 'B' }]);
    expect(c.v1Only).toEqual(['body[]']);
    expect(c.v2Only).toEqual(['body[]']);
  });

  it('compares lists of plain values (tags, cc) as multisets', () => {
    expect(compareBodies({ tags: ['vip', 'api'] }, { tags: ['api', 'vip'] }).diffs).toEqual([]);
    expect(compareBodies({ tags: ['vip', 'api'] }, { tags: ['api'] }).diffs).toHaveLength(1);
  });

  it('lists fields present on one side only as unmatched, not as differences', () => {
    const c = compareBodies({ id: 1, delta: true }, { id: 1, association_type: null });
    expect(c.diffs).toEqual([]);
    expect(c.v1Only).toEqual(['body.delta']);
    expect(c.v2Only).toEqual(['body.association_type']);
  });
});

describe('compareObservation', () => {
  it('compares statuses when a side did not answer the record', () => {
    expect(compareObservation({ s1: 200, s2: 404, v1: {}, expected: [] }).diffs).toEqual([{ field: 'status', at: 'status', v1: 200, v2: 404 }]);
    expect(compareObservation({ s1: 404, s2: 404, expected: [] }).diffs).toEqual([]);
  });

  it('keeps a difference in a field the catalogue declared lost apart from the failures', () => {
    const c = compareObservation({
      s1: 200,
      s2: 200,
      v1: { unassigned_for: '30m' },
      v2: { unassigned_for: null },
      expected: [{ path: 'unassigned_for', message: '1200 s is not one of the nine values' }],
    });
    expect(c.diffs).toEqual([]);
    expect(c.declared).toHaveLength(1);
    expect(c.expected).toEqual([{ path: 'body.unassigned_for', message: '1200 s is not one of the nine values' }]);
  });
});
