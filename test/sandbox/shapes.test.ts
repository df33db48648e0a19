/** Shapes that used to differ from the real service (issue #10 "Shapes"). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOWCASE } from '../../src/sandbox/index.ts';
import { openSandbox, type Client } from './helpers.ts';

let c: Client;
beforeAll(async () => {
  c = await openSandbox();
});
afterAll(() => c.close());

describe('shapes', () => {
  it('v1 contacts carry company_id beside customer_id (JSON and XML)', async () => {
    const r = await c.get(`/contacts/${SHOWCASE.requesterId}.json`);
    expect(r.json.user.customer_id).toBe(SHOWCASE.companyId);
    expect(r.json.user.company_id).toBe(SHOWCASE.companyId);
    const list = await c.get('/contacts.json');
    expect(list.json[0].user).toHaveProperty('company_id');
    expect((await c.get(`/contacts/${SHOWCASE.requesterId}.xml`)).text).toContain(`<company_id type="integer">${SHOWCASE.companyId}</company_id>`);
  });

  it('v2 time entries carry company_id (the company of their ticket)', async () => {
    const ticket = c.sandbox.store.tickets.get(SHOWCASE.ticketDisplayId)!;
    const r = await c.get(`/api/v2/tickets/${SHOWCASE.ticketDisplayId}/time_entries`);
    expect(r.json.length).toBeGreaterThan(0);
    for (const e of r.json) expect(e.company_id).toBe(ticket.companyId);
    const one = await c.call('POST', `/api/v2/tickets/${SHOWCASE.ticketDisplayId}/time_entries`, { body: { time_spent: '00:15' } });
    expect(one.json.company_id).toBe(ticket.companyId);
  });

  it('v2 conversations answer null for empty cc/bcc, arrays when there are some', async () => {
    const r = await c.get(`/api/v2/tickets/${SHOWCASE.ticketDisplayId}/conversations`);
    const note = r.json.find((x: { source: number }) => x.source === 2);
    expect(note.cc_emails).toBeNull();
    expect(note.bcc_emails).toBeNull();
    const reply = await c.call('POST', `/api/v2/tickets/${SHOWCASE.ticketDisplayId}/reply`, { body: { body: 'x', bcc_emails: ['audit@sandbox.example'] } });
    const listed = (await c.get(`/api/v2/tickets/${SHOWCASE.ticketDisplayId}/conversations?per_page=100`)).json.find((x: { id: number }) => x.id === reply.json.id);
    expect(listed.bcc_emails).toEqual(['audit@sandbox.example']);
    const view = await c.get(`/api/v2/tickets/${SHOWCASE.ticketDisplayId}?include=conversations`);
    expect(view.json.conversations.find((x: { source: number }) => x.source === 2).bcc_emails).toBeNull();
  });
});
