/** The lens ops one by one: forward, derived reverse, and what each reports. */
import { describe, expect, it } from 'vitest';
import { applyLens, reverseLens, selectValue } from '../../src/catalogue/lens.ts';
import type { Issue, Lens } from '../../src/catalogue/types.ts';

const run = (lens: Lens, doc: Record<string, unknown>, kind: 'request' | 'response' = 'response', facts = {}) => {
  const issues: Issue[] = [];
  const out = applyLens(lens, doc, { kind, overlay: { utcOffset: '+10:00' }, issues, facts });
  return { out, issues };
};
const back = (lens: Lens, doc: Record<string, unknown>, kind: 'request' | 'response' = 'response', facts = {}) =>
  run(reverseLens(lens) as Lens, doc, kind, facts);

describe('lens ops', () => {
  it('never mutates the input', () => {
    const doc = { a: { b: 1 } };
    run([{ op: 'hoist', host: 'a', field: 'b' }], doc);
    expect(doc).toEqual({ a: { b: 1 } });
  });

  it('unwrap merges the wrapper and reports a sibling that clashes; wrap is its reverse', () => {
    const { out, issues } = run([{ op: 'unwrap', key: 'helpdesk_ticket' }], { helpdesk_ticket: { subject: 'in' }, subject: 'out', cc_emails: 'a' });
    expect(out).toEqual({ subject: 'in', cc_emails: 'a' });
    expect(issues[0]!.message).toContain('both inside helpdesk_ticket and beside it');
    expect(back([{ op: 'unwrap', key: 'note' }], { id: 1 }).out).toEqual({ note: { id: 1 } });
  });

  it('rename reports a collision instead of overwriting silently', () => {
    const { out, issues } = run([{ op: 'rename', from: 'description_html', to: 'description' }], { description_html: '<b>x</b>', description: 'y' });
    expect(out).toEqual({ description: 'y' });
    expect(issues).toHaveLength(1);
  });

  it('hoist and its reverse plunge; empty hosts go away', () => {
    const lens: Lens = [{ op: 'hoist', host: 'cc_email', field: 'reply_cc', to: 'reply_cc_emails' }];
    expect(run(lens, { cc_email: { reply_cc: ['a'] } }).out).toEqual({ reply_cc_emails: ['a'] });
    expect(back(lens, { reply_cc_emails: ['a'] }).out).toEqual({ cc_email: { reply_cc: ['a'] } });
  });

  it('duplicate drops the v1 copy and rebuilds it; a differing copy is reported', () => {
    const lens: Lens = [{ op: 'duplicate', path: 'cc_emails', copy: 'cc_email.cc_emails' }];
    expect(run(lens, { cc_emails: ['a'], cc_email: { cc_emails: ['a'] } }).out).toEqual({ cc_emails: ['a'] });
    expect(run(lens, { cc_emails: ['a'], cc_email: { cc_emails: ['b'] } }).issues).toHaveLength(1);
    expect(back(lens, { cc_emails: ['a'] }).out).toEqual({ cc_emails: ['a'], cc_email: { cc_emails: ['a'] } });
  });

  it('v1Default fills on the way back and drops the default on the way there', () => {
    const lens: Lens = [{ op: 'v1Default', path: 'deleted', value: false }];
    expect(back(lens, {}).out).toEqual({ deleted: false });
    expect(back(lens, { deleted: true }).out).toEqual({ deleted: true });
    expect(run(lens, { deleted: false }).out).toEqual({});
  });

  it('v2Default sets a value unless the field or a scoping field is present', () => {
    const lens: Lens = [{ op: 'v2Default', path: 'query.filter', value: 'new_and_my_open', unless: ['query.email'] }];
    expect(run(lens, { query: {} }, 'request').out).toEqual({ query: { filter: 'new_and_my_open' } });
    expect(run(lens, { query: { email: 'a' } }, 'request').out).toEqual({ query: { email: 'a' } });
    expect(run(lens, { query: { filter: 'spam' } }, 'request').out).toEqual({ query: { filter: 'spam' } });
  });

  it('alias takes the other spelling coming back', () => {
    const lens: Lens = [{ op: 'rename', from: 'content_file_size', to: 'file_size' }, { op: 'alias', path: 'file_size', aliases: ['size'] }];
    expect(back(lens, { size: 10 }).out).toEqual({ content_file_size: 10 });
    expect(back(lens, { file_size: 11 }).out).toEqual({ content_file_size: 11 });
  });

  it('derive computes with facts and reports when facts are missing', () => {
    const lens: Lens = [{ op: 'derive', path: 'responder_name', deriver: 'responderName', reason: 'needs an agent lookup' }];
    expect(back(lens, { responder_id: 7 }, 'response', { agentNames: { 7: 'Grace' } }).out).toEqual({ responder_id: 7, responder_name: 'Grace' });
    const missing = back(lens, { responder_id: 8 });
    expect(missing.out).toEqual({ responder_id: 8 });
    expect(missing.issues[0]!.message).toContain('needs an agent lookup');
    expect(run(lens, { responder_name: 'x' }).out).toEqual({});
  });

  it('drop reports going to v2 and restores nothing coming back', () => {
    const lens: Lens = [{ op: 'drop', path: 'delta', reason: 'delta has no v2 field' }];
    const { out, issues } = run(lens, { delta: true, x: 1 });
    expect(out).toEqual({ x: 1 });
    expect(issues).toEqual([{ fidelity: 'lossy', path: 'delta', message: 'delta has no v2 field' }]);
    expect(back(lens, { x: 1 }).out).toEqual({ x: 1 });
  });

  it('map and in apply sub-lenses, reversed on the way back', () => {
    const lens: Lens = [{ op: 'map', path: 'notes', lens: [{ op: 'unwrap', key: 'note' }, { op: 'rename', from: 'body_html', to: 'body' }] }];
    const v1 = { notes: [{ note: { body_html: '<p>a</p>' } }] };
    const v2 = run(lens, v1).out;
    expect(v2).toEqual({ notes: [{ body: '<p>a</p>' }] });
    expect(back(lens, v2).out).toEqual(v1);
  });

  it('only limits an op to requests or responses', () => {
    const lens: Lens = [{ op: 'convert', path: 'tags', converter: 'commaList', only: 'request' }];
    expect(run(lens, { tags: 'a,b' }, 'request').out).toEqual({ tags: ['a', 'b'] });
    expect(run(lens, { tags: 'a,b' }, 'response').out).toEqual({ tags: 'a,b' });
  });

  it('extra removes v2-only fields coming back', () => {
    expect(back([{ op: 'extra', path: 'association_type', reason: 'v2 only' }], { association_type: 2, id: 1 }).out).toEqual({ id: 1 });
  });
});

describe('selectValue', () => {
  it('reads paths and case-insensitive array matches', () => {
    const doc = { companies: [{ id: 1, name: 'Acme' }, { id: 2, name: 'Acme Corp' }] };
    expect(selectValue(doc, 'companies[name=ACME CORP].id')).toBe(2);
    expect(selectValue(doc, 'companies[name=Nope].id')).toBeUndefined();
    expect(selectValue({ id: 5 }, 'id')).toBe(5);
  });
});
