/** The field-level view of a rule's lenses (`fieldMappings`), which the audit and the codemod read. */
import { describe, expect, it } from 'vitest';
import { fieldMappings, loadCatalogue, v2RefusesRequestField, type Rule } from '../../src/catalogue/index.ts';
import type { Lens } from '../../src/catalogue/types.ts';

const cat = loadCatalogue();

function responseRule(resource: Lens): Rule {
  return { id: 'test.rule', response: { resource } } as unknown as Rule;
}

describe('fieldMappings', () => {
  it('keeps the source of a duplicated field: both v1 names land where the source goes (agent user_id and user.id → id)', () => {
    const maps = fieldMappings(cat.get('agents.list')!, 'response');
    const byV1 = (v1: string) => maps.find((m) => m.v1 === v1);
    // v1 `agent.user_id` was read as `user_id` after the unwrap: v2 has no such field, its id is it
    expect(byV1('user_id')).toMatchObject({ v2: 'id' });
    expect(byV1('user.id')).toMatchObject({ v2: 'id', copy: true });
    // a copy whose source is dropped goes with it
    const dropped = fieldMappings(responseRule([{ op: 'duplicate', path: 'a', copy: 'b' }, { op: 'drop', path: 'a', reason: 'gone' }]), 'response');
    expect(dropped.find((m) => m.v1 === 'b')).toMatchObject({ v2: null, reason: 'gone' });
  });

  it('gives a wrapper around list items an entry of its own, and the fields inside their v1 and v2 paths', () => {
    const maps = fieldMappings(cat.get('tickets.view')!, 'response');
    const byV1 = (v1: string) => maps.find((m) => m.v1 === v1);
    expect(byV1('notes')).toMatchObject({ v2: 'conversations' });
    expect(byV1('notes[].note')).toMatchObject({ v2: 'conversations[]', wrapper: true, fidelity: 'exact', reason: 'v2 list items are not wrapped in note' });
    expect(byV1('notes[].note.body_html')).toMatchObject({ v2: 'conversations[].body' });
    expect(byV1('notes[].note.body')).toMatchObject({ v2: 'conversations[].body_text' });
    // only the item wrapper is marked as one
    expect(maps.filter((m) => m.wrapper).map((m) => m.v1)).toEqual(['notes[].note']);
  });

  it('marks a wrapper inside a nested object, never a top-level one (the rule wrapper is the response spec’s)', () => {
    const nested = fieldMappings(responseRule([{ op: 'in', path: 'owner', lens: [{ op: 'unwrap', key: 'user' }, { op: 'rename', from: 'mail', to: 'email' }] }]), 'response');
    expect(nested.map((m) => `${m.v1} → ${m.v2}${m.wrapper ? ' (wrapper)' : ''}`).sort()).toEqual(['owner.user → owner (wrapper)', 'owner.user.mail → owner.email']);
    expect(nested.find((m) => m.wrapper)!.reason).toBe('v2 does not wrap owner in user');
    const top = fieldMappings(responseRule([{ op: 'unwrap', key: 'user' }, { op: 'rename', from: 'mail', to: 'email' }]), 'response');
    expect(top.filter((m) => m.wrapper)).toEqual([]);
    expect(top.map((m) => `${m.v1} → ${m.v2}`)).toEqual(['user.mail → email']);
  });

  it('follows a renamed container: the wrapper entry moves with it', () => {
    const maps = fieldMappings(
      responseRule([
        { op: 'map', path: 'items', lens: [{ op: 'unwrap', key: 'item' }, { op: 'rename', from: 'title', to: 'name' }] },
        { op: 'rename', from: 'items', to: 'entries' },
      ]),
      'response',
    );
    expect(maps.map((m) => `${m.v1} → ${m.v2}${m.wrapper ? ' (wrapper)' : ''}`).sort()).toEqual([
      'items → entries',
      'items[].item → entries[] (wrapper)',
      'items[].item.title → entries[].name',
    ]);
  });

  it('keeps both spellings of a request field that v1 took inside the wrapper and beside it (tags, helpdesk.tags)', () => {
    const maps = fieldMappings(cat.get('tickets.update')!, 'request');
    const of = (v1: string) => maps.filter((m) => m.v1 === v1).map((m) => `${m.v2} [${m.converters.join(',')}]`);
    expect(of('helpdesk.tags')).toEqual(['tags [commaList]']);
    expect(of('tags')).toEqual(['tags [commaList]']);
  });
});

describe('fields beside the request wrapper', () => {
  const cat = loadCatalogue();
  it('the ones the rule reads are translated; any other makes the request manual (v2 refuses unknown fields, v1 ignored them)', () => {
    const ok = cat.translate({ method: 'POST', target: '/helpdesk/tickets.json', body: { helpdesk_ticket: { subject: 's' }, cc_emails: 'a@b.example', helpdesk: { tags: 'x' } } });
    expect(ok.fidelity).toBe('exact');
    expect(ok.calls[0]!.body).toEqual({ subject: 's', cc_emails: ['a@b.example'], tags: ['x'] });
    const odd = cat.translate({ method: 'POST', target: '/solution/categories.json', body: { solution_category: { name: 'n' }, tags: { name: '' } } });
    expect(odd.fidelity).toBe('manual');
    expect(odd.notes.join('\n')).toMatch(/tags beside the solution_category wrapper is not part of this v1 request/);
  });
});

describe('v2RefusesRequestField', () => {
  it('agrees with the translation: a field it calls refused is left out of the v2 body, and only such a field', () => {
    const writes = cat.rules.filter((r) => r.request?.accepts && r.request.wrapper);
    expect(writes.length).toBeGreaterThan(20);
    for (const rule of writes) {
      const wrapper = rule.request!.wrapper!;
      const names = new Set([
        ...rule.request!.accepts!,
        ...fieldMappings(rule, 'request').map((m) => m.v1.split(/[.[]/)[0]!),
        'id', 'display_id', 'created_at', 'updated_at', 'prority', 'user_id', 'position',
      ]);
      const target = rule.v1.paths[0]!.replace(/:\w+/g, '7') + '.json';
      for (const name of names) {
        if (name === wrapper || name === 'query' || name === 'params' || name === 'body') continue;
        // a value shaped as v1 takes it: an object of its inner fields when the lens moves those
        const inner = fieldMappings(rule, 'request').filter((m) => !m.beside && m.v1.startsWith(`${name}.`)).map((m) => m.v1.slice(name.length + 1));
        const value = inner.length ? Object.fromEntries(inner.map((k) => [k, 'x'])) : 'x';
        const t = cat.translate({ method: rule.v1.method, target, body: { [wrapper]: { [name]: value } } });
        const leftOut = t.detail?.issues.some((i) => /\(v2 refuses it with 400 invalid_field/.test(i.message)) ?? false;
        expect({ rule: rule.id, name, refused: v2RefusesRequestField(rule, name) }).toEqual({ rule: rule.id, name, refused: leftOut });
      }
    }
  });

  it('refuses what v1 ignored, never a field v2 takes or one the lens maps or drops', () => {
    const create = cat.get('tickets.create')!;
    expect(['id', 'display_id', 'created_at', 'prority'].filter((f) => v2RefusesRequestField(create, f))).toEqual(['id', 'display_id', 'created_at', 'prority']);
    expect(['subject', 'ticket_type', 'custom_field', 'cc_emails', 'deleted', 'description_html'].filter((f) => v2RefusesRequestField(create, f))).toEqual([]);
    // a field update cannot take (cc_emails) is dropped by the lens with its own reason, not refused
    expect(v2RefusesRequestField(cat.get('tickets.update')!, 'cc_emails')).toBe(false);
  });
});
