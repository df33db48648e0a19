/** Each converter on its edges: blanks, spaces, empty items, unicode, HTML characters, out-of-range values, null vs absent. */
import { describe, expect, it } from 'vitest';
import { CONVERTERS, KEY_CONVERTERS, htmlToText, parseInstant, textToHtml, type ConvertContext } from '../../src/catalogue/converters.ts';
import type { Issue, Overlay } from '../../src/catalogue/types.ts';

function ctx(overlay: Overlay = {}, root?: Record<string, unknown>) {
  const issues: Issue[] = [];
  const c: ConvertContext = { overlay, kind: 'request', path: 'x', root, report: (fidelity, message) => issues.push({ fidelity, path: 'x', message }) };
  return { c, issues };
}
const fwd = (name: string, v: unknown, overlay?: Overlay, root?: Record<string, unknown>) => {
  const { c, issues } = ctx(overlay, root);
  return { value: CONVERTERS[name]!.forward(v, c), issues };
};
const back = (name: string, v: unknown, overlay?: Overlay) => {
  const { c, issues } = ctx(overlay);
  return { value: CONVERTERS[name]!.backward(v, c), issues };
};

describe('commaList', () => {
  it('trims spaces and drops empty items', () => {
    expect(fwd('commaList', ' a@x.co ,, b@y.co ,').value).toEqual(['a@x.co', 'b@y.co']);
  });
  it('keeps unicode and an empty string becomes an empty list', () => {
    expect(fwd('commaList', 'ünïcødé,日本').value).toEqual(['ünïcødé', '日本']);
    expect(fwd('commaList', '').value).toEqual([]);
    expect(fwd('commaList', '  ,  ').value).toEqual([]);
  });
  it('passes null through, and accepts arrays (the Ruby samples sent arrays)', () => {
    expect(fwd('commaList', null).value).toBeNull();
    expect(fwd('commaList', [' a ', '', 'b']).value).toEqual(['a', 'b']);
  });
  it('joins back', () => {
    expect(back('commaList', ['a', 'b']).value).toBe('a,b');
  });
});

describe('commaIntList', () => {
  it('reads ids and reports what is not an id', () => {
    const r = fwd('commaIntList', '1, 16,,x7');
    expect(r.value).toEqual([1, 16]);
    expect(r.issues[0]!.message).toContain('x7');
  });
  it('accepts arrays of strings or numbers', () => {
    expect(fwd('commaIntList', ['3', 4]).value).toEqual([3, 4]);
  });
});

describe('textToHtml / htmlToText', () => {
  it('escapes every HTML special character and keeps newlines', () => {
    expect(textToHtml(`a<b>&"c'\nd`)).toBe('a&lt;b&gt;&amp;&quot;c&#39;<br>\nd');
  });
  it('round-trips plain text, unicode included', () => {
    for (const s of ['', 'plain', 'x < y && y > z', 'line1\nline2\n\nline4', 'emoji 🎉 & ünïcødé', '&amp; literally']) {
      expect(htmlToText(textToHtml(s))).toBe(s);
    }
  });
  it('renders other HTML as text', () => {
    expect(htmlToText('<p>One</p><p>Two&nbsp;&#x41;&#66;</p>')).toBe('One\nTwo\u00a0AB\n');
  });
  it('leaves non-strings alone', () => {
    expect(fwd('textToHtml', null).value).toBeNull();
  });
});

describe('secondsToUnassignedFor', () => {
  it('maps the nine allowed values exactly', () => {
    expect(fwd('secondsToUnassignedFor', 1800)).toEqual({ value: '30m', issues: [] });
    expect(fwd('secondsToUnassignedFor', '86400').value).toBe('1d');
    expect(back('secondsToUnassignedFor', '3d').value).toBe(259200);
  });
  it('reports values outside the nine as lossy and names them', () => {
    const r = fwd('secondsToUnassignedFor', 1200);
    expect(r.value).toBe('30m');
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]!.fidelity).toBe('lossy');
    expect(r.issues[0]!.message).toMatch(/1200 s is not one of the nine/);
    expect(fwd('secondsToUnassignedFor', 999999).value).toBe('3d');
  });
  it('null stays null; garbage is manual', () => {
    expect(fwd('secondsToUnassignedFor', null)).toEqual({ value: null, issues: [] });
    expect(fwd('secondsToUnassignedFor', 'soon').issues[0]!.fidelity).toBe('manual');
    expect(back('secondsToUnassignedFor', '5m').value).toBeNull();
  });
});

describe('hhmmToTimeSpent', () => {
  it('a colon string is unambiguous', () => {
    expect(fwd('hhmmToTimeSpent', '1:30')).toEqual({ value: '01:30', issues: [] });
  });
  it('a number without the overlay option is manual and both readings are named', () => {
    const r = fwd('hhmmToTimeSpent', 1.3);
    expect(r.issues[0]!.fidelity).toBe('manual');
    expect(r.issues[0]!.message).toContain('01:18');
    expect(r.issues[0]!.message).toContain('01:30');
  });
  it('follows the overlay option', () => {
    expect(fwd('hhmmToTimeSpent', 1.3, { hhmm: 'decimal-hours' })).toEqual({ value: '01:18', issues: [] });
    expect(fwd('hhmmToTimeSpent', 1.3, { hhmm: 'hours-minutes' })).toEqual({ value: '01:30', issues: [] });
    expect(fwd('hhmmToTimeSpent', 10.4, { hhmm: 'decimal-hours' }).value).toBe('10:24');
    expect(fwd('hhmmToTimeSpent', 1.75, { hhmm: 'hours-minutes' }).issues[0]!.fidelity).toBe('manual');
  });
  it('back to the decimal-hours string v1 printed', () => {
    expect(back('hhmmToTimeSpent', '00:30').value).toBe('0.50');
    expect(back('decimalHoursToHhmm', '10:24').value).toBe('10.40');
    expect(fwd('decimalHoursToHhmm', '0.75').value).toBe('00:45');
  });
});

describe('surveyRating', () => {
  it('classic scale keeps 1..3, custom maps to 103/100/-103', () => {
    expect(fwd('surveyRating', '1').value).toBe(1);
    expect(fwd('surveyRating', 3, { surveyScale: 'custom' }).value).toBe(-103);
    expect(back('surveyRating', 102).value).toBe(1);
    expect(back('surveyRating', -101).value).toBe(3);
  });
  it('out of range is manual', () => {
    expect(fwd('surveyRating', 5).issues[0]!.fidelity).toBe('manual');
    expect(fwd('surveyRating', 0).issues[0]!.fidelity).toBe('manual');
  });
});

describe('booleans', () => {
  it('0/1 in every spelling', () => {
    for (const [v, b] of [[0, false], [1, true], ['1', true], ['0', false], [true, true], ['false', false]] as const) {
      expect(fwd('zeroOneToBoolean', v).value).toBe(b);
    }
    expect(back('zeroOneToBoolean', true).value).toBe(1);
    expect(back('looseBoolean', true).value).toBe(true);
    expect(fwd('zeroOneToBoolean', 2).issues[0]!.fidelity).toBe('manual');
  });
});

describe('numbers and strings', () => {
  it('phone number → string, and back only for plain digits', () => {
    expect(fwd('numberToString', 5551234).value).toBe('5551234');
    expect(back('numberToString', '5551234').value).toBe(5551234);
    expect(back('numberToString', '+61 2 5551234').value).toBe('+61 2 5551234');
    expect(back('numberToString', '0800123').value).toBe('0800123');
  });
  it('query strings to numbers', () => {
    expect(fwd('stringToNumber', ' 42 ').value).toBe(42);
    expect(fwd('stringToNumber', 'me').issues[0]!.fidelity).toBe('manual');
  });
});

describe('tags', () => {
  it('objects ↔ strings', () => {
    expect(fwd('tagObjects', [{ name: 'a' }, { name: 'ü' }]).value).toEqual(['a', 'ü']);
    expect(back('tagObjects', ['a']).value).toEqual([{ name: 'a' }]);
    expect(fwd('tagObjects', []).value).toEqual([]);
  });
});

describe('timestamps', () => {
  it('offset ↔ UTC keeps the instant', () => {
    expect(fwd('offsetToUtc', '2014-12-31T12:27:09+10:00').value).toBe('2014-12-31T02:27:09Z');
    expect(back('offsetToUtc', '2014-12-31T02:27:09Z', { utcOffset: '+10:00' }).value).toBe('2014-12-31T12:27:09+10:00');
    expect(back('offsetToUtc', '2014-12-31T02:27:09Z', { utcOffset: '-05:30' }).value).toBe('2014-12-30T20:57:09-05:30');
    expect(fwd('offsetToUtc', '2014-12-31T12:27:09-0530').value).toBe('2014-12-31T17:57:09Z');
  });
  it('dates stay dates, garbage is reported, null passes', () => {
    expect(fwd('offsetToUtc', '2014-12-31').value).toBe('2014-12-31');
    expect(fwd('offsetToUtc', 'yesterday').issues).toHaveLength(1);
    expect(fwd('offsetToUtc', null).value).toBeNull();
    expect(parseInstant('2014-12-31T12:27')).toBe(Date.UTC(2014, 11, 31, 12, 27));
  });
});

describe('ticket filters', () => {
  it('maps names and reports all_tickets only when nothing scopes the list', () => {
    expect(fwd('ticketFilter', 'monitored_by').value).toBe('watching');
    expect(fwd('ticketFilter', 'new_my_open').value).toBe('new_and_my_open');
    const unscoped = fwd('ticketFilter', 'all_tickets', {}, { query: {} });
    expect(unscoped.value).toBeUndefined();
    expect(unscoped.issues[0]!.fidelity).toBe('lossy');
    expect(fwd('ticketFilter', 'all_tickets', {}, { query: { email: 'a@b.co' } }).issues).toEqual([]);
    expect(fwd('ticketFilter', 'nope').issues[0]!.fidelity).toBe('manual');
  });
});

describe('custom field keys', () => {
  const key = (name: string, k: string, overlay: Overlay = {}, dir: 'forward' | 'backward' = 'forward') => {
    const { c, issues } = ctx(overlay);
    return { key: KEY_CONVERTERS[name]![dir](k, c), issues };
  };
  it('strips the account suffix, exactly with the overlay', () => {
    expect(key('ticketCustomFieldKey', 'license_1234').key).toBe('license');
    expect(key('ticketCustomFieldKey', 'cf_custom_drop_down_1234', { accountId: '1234' }).key).toBe('cf_custom_drop_down');
    expect(key('ticketCustomFieldKey', 'level_2', { accountId: '1234' }).issues).toHaveLength(1);
    expect(key('ticketCustomFieldKey', 'license', { accountId: '1234' }, 'backward').key).toBe('license_1234');
    expect(key('ticketCustomFieldKey', 'x', { ticketFields: { weird_name: 'x' } }, 'backward').key).toBe('weird_name');
  });
  it('without an account id the way back is reported', () => {
    expect(key('ticketCustomFieldKey', 'license', {}, 'backward').issues).toHaveLength(1);
  });
  it('contact keys lose cf_', () => {
    expect(key('contactCustomFieldKey', 'cf_region').key).toBe('region');
    expect(key('contactCustomFieldKey', 'region', {}, 'backward').key).toBe('cf_region');
  });
});
