/** The field-level view of a rule's lenses (`fieldMappings`), which the audit and the codemod read. */
import { describe, expect, it } from 'vitest';
import { fieldMappings, loadCatalogue, type Rule } from '../../src/catalogue/index.ts';
import type { Lens } from '../../src/catalogue/types.ts';

const cat = loadCatalogue();

function responseRule(resource: Lens): Rule {
  return { id: 'test.rule', response: { resource } } as unknown as Rule;
}

describe('fieldMappings', () => {
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
