/** Diffy's rule and the path-keyed noise list. */
import { describe, expect, it } from 'vitest';
import { judgeField, NoiseFileError, NoiseList } from '../../src/verify/noise.ts';

describe('judgeField (Diffy: raw > noise, relative and absolute thresholds)', () => {
  const t = { relative: 20, absolute: 0.03 };
  it('flags a field that differs where the A/A probe saw no change', () => {
    expect(judgeField({ raw: 5, compared: 100, noise: 0, probed: 10 }, t).flagged).toBe(true);
  });
  it('does not flag a field that changes by itself as often as it differs', () => {
    const v = judgeField({ raw: 100, compared: 100, noise: 10, probed: 10 }, t);
    expect(v.flagged).toBe(false);
    expect(v.rawRate).toBe(1);
    expect(v.noiseRate).toBe(1);
  });
  it('needs the relative difference to pass its threshold', () => {
    // raw 100 %, noise 80 %: relative = 20/180 = 11 % < 20 %
    expect(judgeField({ raw: 100, compared: 100, noise: 8, probed: 10 }, t).flagged).toBe(false);
    expect(judgeField({ raw: 100, compared: 100, noise: 8, probed: 10 }, { relative: 10, absolute: 0.03 }).flagged).toBe(true);
  });
  it('needs the absolute difference to pass its threshold', () => {
    // 1 record in 100 000 is 0.001 % of the records: below 0.03 %
    expect(judgeField({ raw: 1, compared: 100_000, noise: 0, probed: 10 }, t).flagged).toBe(false);
    expect(judgeField({ raw: 1, compared: 100_000, noise: 0, probed: 10 }, { relative: 20, absolute: 0 }).flagged).toBe(true);
  });
});

describe('NoiseList', () => {
  it('takes a reported path pasted as is, with its reason', () => {
    const list = NoiseList.parse(JSON.stringify({ 'tickets:body.updated_at': 'touched by an automation' }));
    expect(list.reason('tickets', 'body.updated_at')).toBe('touched by an automation');
    expect(list.reason('contacts', 'body.updated_at')).toBeUndefined();
  });
  it('applies a path without resource to every resource, and covers what lies below it', () => {
    const list = NoiseList.parse(JSON.stringify({ 'body.requester': 'embedded by include' }));
    expect(list.reason('tickets', 'body.requester.email')).toBe('embedded by include');
    expect(list.reason('conversations', 'body.requester')).toBe('embedded by include');
    expect(list.reason('tickets', 'body.requester_id')).toBeUndefined();
  });
  it('covers list items below a keyed list', () => {
    const list = NoiseList.parse(JSON.stringify({ 'conversations:body[]': 'rewritten by a bot' }));
    expect(list.reason('conversations', 'body[].body')).toBe('rewritten by a bot');
  });
  it('refuses entries without a reason', () => {
    expect(() => NoiseList.parse('{"body.x": ""}')).toThrow(NoiseFileError);
    expect(() => NoiseList.parse('[1]')).toThrow(/path.*reason/);
  });
});
