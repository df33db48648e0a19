/** redact(): credentials masked in every spelling they can take. */
import { describe, expect, it } from 'vitest';
import { basicParts, redact } from '../../src/http/index.ts';

const KEY = 'k3y-Very/Secret+1';
const B64 = Buffer.from(`${KEY}:X`).toString('base64');

describe('redact', () => {
  it('masks the given secrets raw, URL-encoded and inside a Basic header', () => {
    const text = `key ${KEY} url ${encodeURIComponent(KEY)} header Authorization: Basic ${B64}`;
    const out = redact(text, [KEY, ...basicParts(`Basic ${B64}`)]);
    expect(out).not.toContain(KEY);
    expect(out).not.toContain(encodeURIComponent(KEY));
    expect(out).not.toContain(B64);
    expect(out).toContain('***');
  });

  it('masks credentials nobody named: Basic/Bearer values, api_key/password parameters, URL user info, JSON fields', () => {
    const text = [
      'Authorization: Basic dXNlcjpwYXNzd29yZA==',
      'authorization: Bearer abc.def.ghi123',
      'GET /helpdesk/tickets.json?api_key=abc123&page=2',
      'POST /login password=hunter22&user=me',
      'https://me:hunter22@acme.example/api/v2',
      '{"password":"hunter22","api_key":"abc123","authorization":"Basic zzzzzzzz"}',
    ].join('\n');
    const out = redact(text);
    for (const secret of ['dXNlcjpwYXNzd29yZA==', 'abc.def.ghi123', 'abc123', 'hunter22', 'zzzzzzzz']) expect(out).not.toContain(secret);
    expect(out).toContain('page=2');
    expect(out).toContain('acme.example/api/v2');
  });

  it('leaves ordinary text alone', () => {
    const text = 'GET /api/v2/tickets/12?include=requester 200 in 14 ms';
    expect(redact(text, ['X'])).toBe(text);
  });

  it('splits a Basic header into what must be masked', () => {
    const parts = basicParts(`Basic ${Buffer.from('agent@acme.example:pa55word').toString('base64')}`);
    expect(parts).toContain('agent@acme.example');
    expect(parts).toContain('pa55word');
    expect(basicParts('Bearer tok-123')).toEqual(['tok-123']);
  });
});
