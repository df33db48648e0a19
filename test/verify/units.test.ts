/** The pure parts: the state file's trimming and resume, the ETA, the learned overlay, ids, redaction. */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deriveFieldNames, deriveOverlay } from '../../src/verify/learn.ts';
import { budgetEtaMs } from '../../src/verify/progress.ts';
import { redactValue } from '../../src/verify/redact.ts';
import { parseIdList, sampleIds } from '../../src/verify/resources.ts';
import { StateFile, StateFileError, type RunIdentity } from '../../src/verify/state.ts';

const dir = mkdtempSync(join(tmpdir(), 'verify-units-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const RUN: RunIdentity = { base: 'https://a.example', v1Base: 'https://a.example', resources: ['tickets'], selection: 'ids:1-3', thresholds: { relative: 20, absolute: 0.03 }, noiseSample: 10 };

describe('StateFile', () => {
  it('trims a line cut by a kill and resumes with the ids already written', () => {
    const file = join(dir, 'cut.jsonl');
    const s = StateFile.open(file, RUN);
    s.append({ t: 'ids', r: 'tickets', ids: ['1', '2', '3'] });
    s.append({ t: 'r', r: 'tickets', id: '1', s1: 200, s2: 200, d: [], u1: [], u2: [], x: [] });
    s.close();
    appendFileSync(file, '{"t":"r","r":"tickets","id":"2","s1":2'); // the kill came mid-write
    const again = StateFile.open(file, RUN);
    expect(again.resumed).toBe(true);
    expect([...again.resume.done.get('tickets')!]).toEqual(['1']);
    expect(again.resume.ids.get('tickets')).toEqual(['1', '2', '3']);
    again.append({ t: 'r', r: 'tickets', id: '2', s1: 200, s2: 200, d: [], u1: [], u2: [], x: [] });
    again.close();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l).t)).toEqual(['head', 'ids', 'r', 'r']);
  });

  it('refuses a file that is not a verify state file, or belongs to another run', () => {
    const other = join(dir, 'other.jsonl');
    StateFile.open(other, RUN).close();
    expect(() => StateFile.open(other, { ...RUN, resources: ['contacts'] })).toThrow(/its resources differs/);
    const foreign = join(dir, 'foreign.jsonl');
    appendFileSync(foreign, '{"hello":1}\n');
    expect(() => StateFile.open(foreign, RUN)).toThrow(StateFileError);
  });
});

describe('budgetEtaMs', () => {
  it('is the credits left spread over the usable part of each window', () => {
    // 160 usable credits per 4 s window (200 minus a 20 % reserve): 480 credits take three windows
    expect(budgetEtaMs(480, { total: 200, windowMs: 4000, reserve: 0.2 })).toBe(12_000);
    expect(budgetEtaMs(480, { windowMs: 4000, reserve: 0.2 })).toBeUndefined();
  });
});

describe('deriveOverlay', () => {
  const v1 = [
    { ticket_field: { id: 1, name: 'status', field_type: 'default_status', created_at: '2024-05-06T10:00:00+10:00' } },
    { ticket_field: { id: 7, name: 'cf_region_1234', label: 'Region', field_type: 'custom_dropdown' } },
    { ticket_field: { id: 8, name: 'license_key', label: 'License', field_type: 'custom_text' } },
  ];
  const v2 = [
    { id: 1, name: 'status', choices: { '2': ['Open', 'Being Processed'], '8': ['On hold', 'Awaiting'] } },
    { id: 3, name: 'ticket_type', choices: ['Question', 'Refund'] },
    { id: 7, name: 'cf_region', label: 'Region' },
    { id: 99, name: 'cf_license', label: 'License' },
  ];
  it('finds the account id, names that do not follow it, statuses, types and the offset', () => {
    const { overlay } = deriveOverlay(v1, v2);
    expect(overlay).toEqual({
      accountId: '1234',
      ticketFields: { license_key: 'cf_license' },
      statuses: { '2': ['Open', 'Being Processed'], '8': ['On hold', 'Awaiting'] },
      ticketTypes: ['Question', 'Refund'],
      utcOffset: '+10:00',
    });
  });
});

describe('deriveFieldNames', () => {
  it('pairs only the custom field names the cf_ rule does not explain, by their values', () => {
    const samples = [
      { v1: { cf_tier: 'Gold', region_code_x: 'AU-QLD', cf_note: null }, v2: { tier: 'Gold', region: 'AU-QLD', note: null } },
      { v1: { cf_tier: 'Silver', region_code_x: 'NZ-AUK', cf_note: 'n' }, v2: { tier: 'Silver', region: 'NZ-AUK', note: 'n' } },
    ];
    expect(deriveFieldNames(samples)).toEqual({ region_code_x: 'region' });
    expect(deriveFieldNames([{ v1: { cf_tier: 'Gold' }, v2: { tier: 'Gold' } }])).toEqual({});
  });
});

describe('ids', () => {
  it('parses lists and ranges, and refuses what is not an id', () => {
    expect(parseIdList('1-3, 7\n9,3')).toEqual(['1', '2', '3', '7', '9']);
    expect(() => parseIdList('1-x')).toThrow(/bad id/);
    expect(() => parseIdList('5-2')).toThrow(/5-2/);
  });
  it('samples deterministically', () => {
    const all = Array.from({ length: 100 }, (_, i) => String(i + 1));
    expect(sampleIds(all, 5, 3)).toEqual(sampleIds(all, 5, 3));
    expect(sampleIds(all, 5, 3)).not.toEqual(sampleIds(all, 5, 4));
    expect(sampleIds(all, 5, 3)).toHaveLength(5);
  });
});

describe('redactValue', () => {
  it('masks names, emails and phones, and keeps dates and ids', () => {
    expect(redactValue('Ada Admin', 'body.requester.name')).toBe('[redacted]');
    expect(redactValue('write to ada@acme.example or +61 7 3082 9566', 'body.description_text')).toBe('write to [email] or [phone]');
    expect(redactValue('2024-06-30T00:03:00Z', 'body.created_at')).toBe('2024-06-30T00:03:00Z');
    expect(redactValue(1001001, 'body.requester_id')).toBe(1001001);
  });
});
