import { describe, expect, it } from 'vitest';
import { nestParams } from '../../src/sandbox/body.ts';
import { formatDecimalHours, formatHhMm, parseHhMm, parseV1Hhmm, unassignedForOf } from '../../src/sandbox/domain/index.ts';
import { createRng } from '../../src/sandbox/prng.ts';
import { Router } from '../../src/sandbox/router.ts';
import { htmlToText, textToHtml } from '../../src/sandbox/text.ts';
import { formatUtc, formatWithOffset, parseDateInput } from '../../src/sandbox/time.ts';
import { parseSearchQuery } from '../../src/sandbox/v2/search.ts';
import { parseXmlBody, renderXml } from '../../src/sandbox/xml.ts';

describe('timestamps', () => {
  const at = Date.UTC(2024, 11, 31, 2, 27, 9);
  it('formats UTC with Z and the account offset', () => {
    expect(formatUtc(at)).toBe('2024-12-31T02:27:09Z');
    expect(formatWithOffset(at, '+10:00')).toBe('2024-12-31T12:27:09+10:00');
    expect(formatWithOffset(at, '-05:30')).toBe('2024-12-30T20:57:09-05:30');
  });

  it('accepts the eight v2 input formats, UTC when no zone is given', () => {
    const base = Date.UTC(2024, 0, 2, 3, 4, 0);
    expect(parseDateInput('2024-01-02')).toBe(Date.UTC(2024, 0, 2));
    expect(parseDateInput('2024-01-02T03:04')).toBe(base);
    expect(parseDateInput('2024-01-02T03:04Z')).toBe(base);
    expect(parseDateInput('2024-01-02T03:04:05')).toBe(base + 5000);
    expect(parseDateInput('2024-01-02T03:04:05Z')).toBe(base + 5000);
    expect(parseDateInput('2024-01-02T13:04:05+10:00')).toBe(base + 5000);
    expect(parseDateInput('2024-01-02T13:04:05+10')).toBe(base + 5000);
    expect(parseDateInput('2024-01-02T13:04:05+1000')).toBe(base + 5000);
    expect(parseDateInput('2024-01-01T22:04:05-05:00')).toBe(base + 5000);
    for (const bad of ['2024-02-30', '02/01/2024', '2024-01-02Z', '2024-13-01', 'tomorrow', '2024-01-02T25:00']) expect(parseDateInput(bad), bad).toBeNull();
  });
});

describe('time entry units', () => {
  it('v1 hhmm: numbers are decimal hours, H:MM strings are clock time, other strings decimal', () => {
    expect(parseV1Hhmm(10.4)).toBe(10 * 3600 + 24 * 60);
    expect(parseV1Hhmm(0.5)).toBe(1800);
    expect(parseV1Hhmm('1:30')).toBe(5400);
    expect(parseV1Hhmm('23:59')).toBe(23 * 3600 + 59 * 60);
    expect(parseV1Hhmm('24:00')).toBe(24 * 3600); // hours > 23: read as decimal "24"
    expect(parseV1Hhmm('2.25')).toBe(8100);
    expect(parseV1Hhmm('x')).toBeNull();
  });

  it('v2 hh:mm and v1 decimal hours', () => {
    expect(formatHhMm(5400)).toBe('01:30');
    expect(formatHhMm(100 * 3600 + 59)).toBe('100:00');
    expect(parseHhMm('10:40')).toBe(38400);
    expect(parseHhMm('1:60')).toBeNull();
    expect(formatDecimalHours(1800)).toBe('0.50');
    expect(formatDecimalHours(20 * 60)).toBe('0.33');
  });

  it('group escalation: nine values have a v2 name', () => {
    expect(unassignedForOf(1800)).toBe('30m');
    expect(unassignedForOf(259200)).toBe('3d');
    expect(unassignedForOf(1200)).toBeNull();
    expect(unassignedForOf(null)).toBeNull();
  });
});

describe('form fields', () => {
  it('nests bracket keys the Rails way', () => {
    const file = { kind: 'file' as const, name: 'a', contentType: 'text/plain', size: 1, bytes: new Uint8Array(1) };
    expect(
      nestParams([
        ['helpdesk_ticket[subject]', 's'],
        ['helpdesk_ticket[attachments][][resource]', file],
        ['helpdesk_ticket[attachments][][resource]', file],
        ['tags[]', 'a'],
        ['tags[]', 'b'],
        ['custom_fields[cf_x]', '1'],
        ['__proto__[polluted]', 'yes'],
        ['bad]key', 'x'],
      ]),
    ).toEqual({
      helpdesk_ticket: { subject: 's', attachments: [{ resource: file }, { resource: file }] },
      tags: ['a', 'b'],
      custom_fields: { cf_x: '1' },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('XML', () => {
  it('renders Rails-style typed XML and reads it back', () => {
    const body = { helpdesk_ticket: { id: 5, subject: 'a & b', spam: false, due_by: '2024-01-01T00:00:00+10:00', group_id: null, tags: [{ name: 'x' }], notes: [{ note: { id: 1 } }] } };
    const text = renderXml(body);
    expect(text).toContain('<id type="integer">5</id>');
    expect(text).toContain('<subject>a &amp; b</subject>');
    expect(text).toContain('<group_id nil="true"');
    expect(text).toContain('<notes type="array">');
    expect(parseXmlBody(text)).toEqual({ helpdesk_ticket: { ...body.helpdesk_ticket, notes: [{ id: 1 }] } });
  });

  it('reads untyped, dashed v1 XML as strings', () => {
    expect(parseXmlBody('<helpdesk-ticket><email>a@b.example</email><ticket-type>Question</ticket-type></helpdesk-ticket>')).toEqual({
      helpdesk_ticket: { email: 'a@b.example', ticket_type: 'Question' },
    });
  });
});

describe('search query parser', () => {
  it('binds AND tighter than OR and honours parentheses', () => {
    expect(parseSearchQuery('a:1 OR b:2 AND c:3')).toMatchObject({ op: 'or', right: { op: 'and' } });
    expect(parseSearchQuery('(a:1 OR b:2) AND c:3')).toMatchObject({ op: 'and', left: { op: 'or' } });
    expect(parseSearchQuery("tag:'two words'")).toMatchObject({ op: 'cond', field: 'tag', value: { kind: 'string', value: 'two words' } });
    expect(parseSearchQuery('due_by:<\'2024-01-01\'')).toMatchObject({ cmp: ':<' });
    for (const bad of ['', 'a:1 AND', '(a:1', 'a:', 'a:1 b:2']) expect(() => parseSearchQuery(bad), bad).toThrow();
  });
});

describe('small parts', () => {
  it('router: numeric params, 405 candidates, 404', () => {
    const r = new Router<string>().add('GET', '/t/:id', 'view').add('PUT', '/t/:id', 'update').add('POST', '/t/special', 'special');
    expect(r.match('GET', '/t/12')).toMatchObject({ kind: 'found', params: { id: '12' } });
    expect(r.match('DELETE', '/t/12')).toEqual({ kind: 'wrong_method', allowed: ['GET', 'PUT'] });
    expect(r.match('GET', '/t/abc')).toEqual({ kind: 'not_found' });
    expect(r.match('GET', '/t/special')).toEqual({ kind: 'wrong_method', allowed: ['POST'] });
  });

  it('html and text forms of a body', () => {
    expect(textToHtml('a <b>\nc')).toBe('<div>a &lt;b&gt;</div><div>c</div>');
    expect(htmlToText('<div>a &lt;b&gt;</div><div>c&amp;d</div>')).toBe('a <b>\nc&d');
  });

  it('seeded random numbers repeat', () => {
    const a = createRng(3);
    const b = createRng(3);
    expect(Array.from({ length: 5 }, () => a.int(1, 1000))).toEqual(Array.from({ length: 5 }, () => b.int(1, 1000)));
  });
});
