import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ID, DEMO_AGENT_IDS, SHOWCASE } from '../../src/sandbox/index.ts';
import { AGENT, basic, OFFSET_10, openSandbox, VIEWER, type Client } from './helpers.ts';

let c: Client;
beforeAll(async () => {
  c = await openSandbox();
});
afterAll(() => c.close());

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' });

describe('v1 ticket view', () => {
  it('wraps the ticket, has display_id beside a distinct global id, offset timestamps, v1 names', async () => {
    const r = await c.get('/helpdesk/tickets/1.json');
    expect(r.status).toBe(200);
    const t = r.json.helpdesk_ticket;
    expect(t.display_id).toBe(1);
    expect(t.id).toBeGreaterThan(5_000_000_000);
    expect(t.created_at).toMatch(OFFSET_10);
    expect(t.frDueBy).toMatch(OFFSET_10);
    expect(t.isescalated).toEqual(expect.any(Boolean));
    expect(t.ticket_type).toBe('Incident');
    expect(t.owner_id).toBe(SHOWCASE.companyId);
    expect(t.cc_email).toEqual({ cc_emails: ['cto@acme.example'], fwd_emails: [], reply_cc: ['cto@acme.example'] });
    expect(t.cc_emails).toEqual(['cto@acme.example']);
    expect(t.tags).toEqual([{ name: 'vip' }, { name: 'api' }]);
    expect(t).toMatchObject({ status_name: 'Open', requester_status_name: 'Being Processed', priority_name: 'High', source_name: 'Email', responder_name: 'Alex Agent' });
    expect(t.requester_name).toBe(c.sandbox.store.users.get(SHOWCASE.requesterId)!.name);
    expect(t.custom_field).toEqual({
      [`cf_product_line_${ACCOUNT_ID}`]: 'Widgets',
      [`cf_order_number_${ACCOUNT_ID}`]: 'ORD-10001',
      [`cf_seats_${ACCOUNT_ID}`]: 25,
      [`cf_contract_end_${ACCOUNT_ID}`]: '2026-03-31',
      [`cf_vip_${ACCOUNT_ID}`]: true,
    });
    expect(t.attachments[0]).toMatchObject({ content_file_name: 'screenshot.png', content_content_type: 'image/png' });
    expect(t.description).not.toContain('<div>');
    expect(t.description_html).toContain('<div>');
  });

  it('embeds every note, meta notes included, as [{note:{...}}]', async () => {
    const t = (await c.get('/helpdesk/tickets/1.json')).json.helpdesk_ticket;
    expect(t.notes.length).toBe(5);
    expect(Object.keys(t.notes[0])).toEqual(['note']);
    expect(t.notes.map((n: { note: { source: number } }) => n.note.source)).toContain(4);
    const v2 = (await c.get('/api/v2/tickets/1/conversations')).json;
    expect(v2.length).toBe(4);
    expect(t.notes[0].note.created_at).toMatch(OFFSET_10);
  });

  it('serves the same ticket as XML', async () => {
    const r = await c.get('/helpdesk/tickets/1.xml');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/application\/xml/);
    const doc = xml.parse(r.text);
    expect(doc.helpdesk_ticket.display_id['#text']).toBe(1);
    expect(doc.helpdesk_ticket.display_id['@_type']).toBe('integer');
    expect(doc.helpdesk_ticket.notes['@_type']).toBe('array');
    expect(Array.isArray(doc.helpdesk_ticket.notes.note)).toBe(true);
    expect(doc.helpdesk_ticket.tags.tag.map((x: { name: string }) => x.name)).toEqual(['vip', 'api']);
  });

  it('404 with the v1 error shape', async () => {
    const r = await c.get('/helpdesk/tickets/999999.json');
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ errors: { error: 'Record Not Found' } });
  });
});

describe('v1 ticket writes', () => {
  it('creates from {helpdesk_ticket} with comma-separated cc_emails and helpdesk.tags; visible through v2', async () => {
    const r = await c.call('POST', '/helpdesk/tickets.json', {
      body: {
        helpdesk_ticket: { email: 'legacy@example.org', subject: 'From v1', description: 'Line one\nLine <two>', priority: '3', ticket_type: 'Question', custom_field: { [`cf_product_line_${ACCOUNT_ID}`]: 'Gadgets', [`cf_seats_${ACCOUNT_ID}`]: '12' } },
        cc_emails: 'a@x.example, b@y.example',
        helpdesk: { tags: 'alpha,beta' },
      },
    });
    expect(r.status).toBe(200);
    const t = r.json.helpdesk_ticket;
    expect(t.display_id).toBeGreaterThan(300);
    expect(t.cc_email.cc_emails).toEqual(['a@x.example', 'b@y.example']);
    expect(t.tags).toEqual([{ name: 'alpha' }, { name: 'beta' }]);
    const v2 = (await c.get(`/api/v2/tickets/${t.display_id}`)).json;
    expect(v2).toMatchObject({ id: t.display_id, subject: 'From v1', priority: 3, type: 'Question', cc_emails: ['a@x.example', 'b@y.example'], tags: ['alpha', 'beta'] });
    expect(v2.custom_fields).toMatchObject({ cf_product_line: 'Gadgets', cf_seats: 12 });
    // plain-text description is escaped into the HTML form
    expect(v2.description).toContain('Line &lt;two&gt;');
    expect(v2.description_text).toBe('Line one\nLine <two>');
  });

  it('update answers the {ticket:{summary}} shape and replaces the tags', async () => {
    const r = await c.call('PUT', '/helpdesk/tickets/5.json', { body: { helpdesk_ticket: { status: 3, priority: 4 }, helpdesk: { tags: 'one' } } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual(['ticket']);
    expect(Object.keys(r.json.ticket).sort()).toEqual(
      ['deleted', 'display_id', 'subject', 'status_name', 'requester_status_name', 'priority_name', 'source_name', 'requester_name', 'responder_name', 'to_emails'].sort(),
    );
    expect(r.json.ticket).toMatchObject({ display_id: 5, status_name: 'Pending', priority_name: 'Urgent' });
    expect((await c.get('/api/v2/tickets/5')).json).toMatchObject({ status: 3, priority: 4, tags: ['one'] });
  });

  it('a ticket created through v2 reads back through v1', async () => {
    const v2 = await c.call('POST', '/api/v2/tickets', { body: { email: 'both@example.org', subject: 'v2 made me', tags: ['t'], custom_fields: { cf_vip: true } } });
    const v1 = (await c.get(`/helpdesk/tickets/${v2.json.id}.json`)).json.helpdesk_ticket;
    expect(v1).toMatchObject({ display_id: v2.json.id, subject: 'v2 made me', tags: [{ name: 't' }] });
    expect(v1.custom_field[`cf_vip_${ACCOUNT_ID}`]).toBe(true);
  });

  it('delete, restore, pick_tickets and assign', async () => {
    expect((await c.call('DELETE', '/helpdesk/tickets/6.json')).status).toBe(200);
    expect((await c.get('/api/v2/tickets/6')).json.deleted).toBe(true);
    const restored = await c.call('PUT', '/helpdesk/tickets/6/restore.json');
    expect(restored.json).toEqual([expect.objectContaining({ ticket: expect.objectContaining({ display_id: 6, deleted: false }) })]);
    const picked = await c.call('PUT', '/helpdesk/tickets/6/pick_tickets.json', { auth: AGENT });
    expect(picked.json[0].ticket.responder_name).toBe('Alex Agent');
    expect((await c.get('/api/v2/tickets/6')).json.responder_id).toBe(DEMO_AGENT_IDS.agent);
    const assigned = await c.call('PUT', `/helpdesk/tickets/6/assign.json?responder_id=${DEMO_AGENT_IDS.admin}`);
    expect(assigned.json[0].ticket.responder_name).toBe('Ada Admin');
  });

  it('adds a note (private by default), visible as a v2 conversation', async () => {
    const r = await c.call('POST', '/helpdesk/tickets/7/conversations/note.json', { body: { helpdesk_note: { body: 'checked <logs>' } } });
    expect(r.status).toBe(200);
    expect(r.json.note).toMatchObject({ private: true, body: 'checked <logs>', source: 2 });
    const conv = (await c.get('/api/v2/tickets/7/conversations')).json.at(-1);
    expect(conv).toMatchObject({ id: r.json.note.id, private: true, body_text: 'checked <logs>' });
    expect((await c.call('POST', '/helpdesk/tickets/7/conversations/note.json', { body: { helpdesk_note: {} } })).status).toBe(422);
  });

  it('accepts multipart helpdesk_ticket[...] fields with helpdesk_ticket[attachments][][resource] files', async () => {
    const form = new FormData();
    form.append('helpdesk_ticket[email]', 'mp@example.org');
    form.append('helpdesk_ticket[subject]', 'multipart v1');
    form.append('helpdesk_ticket[attachments][][resource]', new Blob(['abc']), 'a.txt');
    form.append('helpdesk_ticket[attachments][][resource]', new Blob(['defg']), 'b.txt');
    const r = await c.call('POST', '/helpdesk/tickets.json', { raw: form });
    expect(r.status).toBe(200);
    expect(r.json.helpdesk_ticket.attachments.map((a: { content_file_name: string; content_file_size: number }) => [a.content_file_name, a.content_file_size])).toEqual([
      ['a.txt', 3],
      ['b.txt', 4],
    ]);
  });

  it('reads XML request bodies', async () => {
    const body = `<?xml version="1.0"?><helpdesk_ticket><email>xml@example.org</email><subject>From XML</subject><priority type="integer">2</priority></helpdesk_ticket>`;
    const r = await c.call('POST', '/helpdesk/tickets.xml', { raw: body, headers: { 'Content-Type': 'application/xml' } });
    expect(r.status).toBe(200);
    const doc = xml.parse(r.text);
    expect(doc.helpdesk_ticket.subject).toBe('From XML');
    expect(doc.helpdesk_ticket.priority['#text']).toBe(2);
    const bad = await c.call('POST', '/helpdesk/tickets.xml', { raw: '<helpdesk_ticket><email>', headers: { 'Content-Type': 'application/xml' } });
    expect(bad.status).toBe(400);
    expect(xml.parse(bad.text).errors.error).toMatch(/XML/);
  });

  it('validates what the legacy server validated: 422, nothing written', async () => {
    const before = c.sandbox.store.tickets.size;
    const r = await c.call('POST', '/helpdesk/tickets.json', { body: { helpdesk_ticket: { subject: 'no requester' } } });
    expect(r.status).toBe(422);
    expect(r.json.errors.error).toEqual(expect.any(String));
    const bad = await c.call('POST', '/helpdesk/tickets.json', { body: { helpdesk_ticket: { email: 'x@y.example', status: 42 } } });
    expect(bad.status).toBe(422);
    expect(c.sandbox.store.tickets.size).toBe(before);
  });

  it('ticket fields with suffixed custom names and v1 attribute names', async () => {
    const r = await c.get('/ticket_fields.json');
    const fields = r.json.map((x: { ticket_field: Record<string, unknown> }) => x.ticket_field);
    const dropdown = fields.find((f: { name: string }) => f.name === `cf_product_line_${ACCOUNT_ID}`);
    expect(dropdown).toMatchObject({ field_type: 'custom_dropdown', required: false, visible_in_portal: true, editable_in_portal: true });
    expect(fields.find((f: { name: string }) => f.name === 'status').choices).toContainEqual(['Waiting on Customer', 6]);
  });
});

describe('v1 lists', () => {
  const ids = (r: { json: { display_id: number }[] }) => r.json.map((t) => t.display_id);

  it('default list is new_and_my_open, 30 per page, bare ticket objects without notes', async () => {
    const r = await c.get('/helpdesk/tickets.json', AGENT);
    expect(r.json.length).toBeLessThanOrEqual(30);
    for (const t of r.json) {
      expect(t.status).toBe(2);
      expect([null, DEMO_AGENT_IDS.agent]).toContain(t.responder_id);
      expect(t).not.toHaveProperty('notes');
    }
  });

  it('filter paths with ?format=json, paging and wf_order sorting', async () => {
    const all = await c.get('/helpdesk/tickets/filter/all_tickets?format=json');
    expect(all.json).toHaveLength(30);
    const page2 = await c.get('/helpdesk/tickets/filter/all_tickets?format=json&page=2');
    expect(ids(page2)).not.toContain(ids(all)[0]);
    const asc = await c.get('/helpdesk/tickets/filter/all_tickets?format=json&wf_order=priority&wf_order_type=asc');
    const pr = asc.json.map((t: { priority: number }) => t.priority);
    expect(pr).toEqual([...pr].sort((a: number, b: number) => a - b));
    const deleted = await c.get('/helpdesk/tickets/filter/deleted?format=json');
    expect(ids(deleted)).toContain(SHOWCASE.deletedTicketDisplayId);
    const spam = await c.get('/helpdesk/tickets/filter/spam?format=json');
    expect(ids(spam)).toContain(SHOWCASE.spamTicketDisplayId);
    const monitored = await c.get('/helpdesk/tickets/filter/monitored_by?format=json');
    expect(ids(monitored)).toContain(1);
  });

  it('requester, company and e-mail filters, and custom views', async () => {
    const byRequester = await c.get(`/helpdesk/tickets/filter/requester/${SHOWCASE.requesterId}?format=json`);
    expect(byRequester.json.every((t: { requester_id: number }) => t.requester_id === SHOWCASE.requesterId)).toBe(true);
    expect(ids(byRequester)).toContain(1);
    const company = c.sandbox.store.companies.get(SHOWCASE.companyId)!;
    const byName = await c.get(`/helpdesk/tickets.json?company_name=${encodeURIComponent(company.name)}&filter_name=all_tickets`);
    const byId = await c.get(`/helpdesk/tickets.json?company_id=${company.id}&filter_name=all_tickets`);
    expect(ids(byName)).toEqual(ids(byId));
    expect(byId.json.every((t: { owner_id: number }) => t.owner_id === company.id)).toBe(true);
    const email = c.sandbox.store.users.get(SHOWCASE.requesterId)!.email!;
    const byEmail = await c.get(`/helpdesk/tickets.json?email=${encodeURIComponent(email)}&filter_name=all_tickets`);
    expect(ids(byEmail)).toContain(1);
    const view = await c.get(`/helpdesk/tickets/view/${SHOWCASE.customViewId}?format=json`);
    expect(view.json.every((t: { status: number; priority: number }) => t.status === 2 && t.priority === 4)).toBe(true);
  });
});

describe('v1 contacts, customers, company fields, groups', () => {
  it('contacts: create {user}, query email is, update/delete (Appendix A), duplicate e-mail → 422', async () => {
    const r = await c.call('POST', '/contacts.json', { body: { user: { name: 'Lee Legacy', email: 'lee@example.org', custom_field: { cf_preferred_channel: 'Phone' } } } });
    expect(r.status).toBe(200);
    expect(r.json.user).toMatchObject({ name: 'Lee Legacy', helpdesk_agent: false, custom_field: { cf_preferred_channel: 'Phone' } });
    expect(r.json.user.created_at).toMatch(OFFSET_10);
    const list = await c.get(`/contacts.json?query=${encodeURIComponent('email is lee@example.org')}`);
    expect(list.json).toEqual([{ user: expect.objectContaining({ id: r.json.user.id }) }]);
    expect((await c.get(`/api/v2/contacts/${r.json.user.id}`)).json.custom_fields.preferred_channel).toBe('Phone');
    expect((await c.call('POST', '/contacts.json', { body: { user: { name: 'Dup', email: 'lee@example.org' } } })).status).toBe(422);
    expect((await c.call('PUT', `/contacts/${r.json.user.id}.json`, { body: { user: { job_title: 'CFO' } } })).status).toBe(200);
    expect((await c.get(`/api/v2/contacts/${r.json.user.id}`)).json.job_title).toBe('CFO');
    expect((await c.call('DELETE', `/contacts/${r.json.user.id}.json`)).status).toBe(200);
    const deleted = await c.get('/contacts.json?state=deleted');
    expect(deleted.json.map((x: { user: { id: number } }) => x.user.id)).toContain(r.json.user.id);
    const letter = await c.get('/contacts.json?letter=Z');
    expect(letter.json.length).toBeGreaterThan(0);
    expect(letter.json.every((x: { user: { name: string } }) => x.user.name.startsWith('Z'))).toBe(true);
  });

  it('customers: domains as a comma string, same records as v2 companies', async () => {
    const r = await c.call('POST', '/customers.json', { body: { customer: { name: 'Old Corp', domains: 'old.example,older.example' } } });
    expect(r.status).toBe(201);
    expect(r.json.customer.domains).toBe('old.example,older.example');
    expect((await c.get(`/api/v2/companies/${r.json.customer.id}`)).json.domains).toEqual(['old.example', 'older.example']);
    expect((await c.get(`/companies/${r.json.customer.id}.json`)).json.company.name).toBe('Old Corp');
  });

  it('company fields with cf_ names for custom fields', async () => {
    const r = await c.get('/admin/company_fields.json');
    const names = r.json.map((x: { company_field: { name: string } }) => x.company_field.name);
    expect(names).toEqual(expect.arrayContaining(['name', 'cf_tier', 'cf_account_manager']));
  });

  it('groups: assign_time in seconds (even where v2 has no value), agent_list, agents', async () => {
    const list = await c.get('/groups.json');
    const escalations = list.json.find((g: { group: { name: string } }) => g.group.name === 'Escalations').group;
    expect(escalations.assign_time).toBe(1200);
    expect(escalations.agents.map((a: { id: number }) => a.id)).toContain(DEMO_AGENT_IDS.admin);
    const r = await c.call('POST', '/groups.json', { body: { group: { name: 'Night shift', assign_time: 2400, agent_list: `${DEMO_AGENT_IDS.agent},${DEMO_AGENT_IDS.admin}` } } });
    expect(r.status).toBe(201);
    expect(r.json.group).toMatchObject({ assign_time: 2400, agent_list: `${DEMO_AGENT_IDS.agent},${DEMO_AGENT_IDS.admin}` });
    const v2 = (await c.get(`/api/v2/groups/${r.json.group.id}`)).json;
    expect(v2).toMatchObject({ unassigned_for: null, agent_ids: [DEMO_AGENT_IDS.agent, DEMO_AGENT_IDS.admin] });
    expect((await c.call('PUT', `/groups/${r.json.group.id}.json`, { body: { group: { assign_time: 3600 } } })).status).toBe(200);
    expect((await c.get(`/api/v2/groups/${r.json.group.id}`)).json.unassigned_for).toBe('1h');
    expect((await c.call('DELETE', `/groups/${r.json.group.id}.json`)).status).toBe(200);
  });
});

describe('v1 time sheets and surveys', () => {
  it('hhmm numbers are decimal hours; "H:MM" strings are hours and minutes; timespent is decimal hours', async () => {
    const decimal = await c.call('POST', '/helpdesk/tickets/8/time_sheets.json', { body: { time_entry: { hhmm: 10.4, user_id: DEMO_AGENT_IDS.agent, note: 'x' } } });
    expect(decimal.status).toBe(200);
    expect(decimal.json.time_entry).toMatchObject({ timespent: '10.40', timer_running: false, billable: false, user_id: DEMO_AGENT_IDS.agent, ticket_id: 8 });
    expect((await c.get('/api/v2/tickets/8/time_entries')).json.at(-1).time_spent).toBe('10:24');
    const clock = await c.call('POST', '/helpdesk/tickets/8/time_sheets.json', { body: { time_entry: { hhmm: '1:30', user_id: DEMO_AGENT_IDS.agent } } });
    expect(clock.json.time_entry.timespent).toBe('1.50');
    const running = await c.call('POST', '/helpdesk/tickets/8/time_sheets.json', { body: { time_entry: { user_id: DEMO_AGENT_IDS.agent } } });
    expect(running.json.time_entry.timer_running).toBe(true);
    const toggled = await c.call('PUT', `/helpdesk/time_sheets/${running.json.time_entry.id}/toggle_timer.json`);
    expect(toggled.json.time_entry.timer_running).toBe(false);
    expect((await c.call('POST', '/helpdesk/tickets/8/time_sheets.json', { body: { time_entry: { hhmm: 1 } } })).status).toBe(422);
  });

  it('time entry shape and the showcase entry', async () => {
    const list = await c.get(`/helpdesk/tickets/${SHOWCASE.ticketDisplayId}/time_sheets.json`);
    const first = list.json[0].time_entry;
    expect(first).toMatchObject({ id: SHOWCASE.timeEntryId, timespent: '1.50', agent_name: 'Alex Agent', agent_email: 'agent@sandbox.example', workable_type: 'Helpdesk::Ticket' });
    expect(first.executed_at).toMatch(OFFSET_10);
  });

  it('account-wide list: only billable entries unless billable is given; filters combine', async () => {
    const def = await c.get('/helpdesk/time_sheets.json');
    expect(def.json.length).toBeGreaterThan(0);
    expect(def.json.every((x: { time_entry: { billable: boolean } }) => x.time_entry.billable)).toBe(true);
    const nonBillable = await c.get(`/helpdesk/time_sheets.json?billable=false&agent_id=${DEMO_AGENT_IDS.agent}`);
    expect(nonBillable.json.length).toBeGreaterThan(0);
    expect(nonBillable.json.every((x: { time_entry: { billable: boolean; user_id: number } }) => !x.time_entry.billable && x.time_entry.user_id === DEMO_AGENT_IDS.agent)).toBe(true);
    const byEmail = await c.get('/helpdesk/time_sheets.json?email=agent%40sandbox.example');
    expect(byEmail.json.every((x: { time_entry: { user_id: number } }) => x.time_entry.user_id === DEMO_AGENT_IDS.agent)).toBe(true);
  });

  it('survey rate.json?rating=1..3 stores the v2 face value; surveyable_id is the global ticket id', async () => {
    const r = await c.call('POST', '/helpdesk/tickets/9/surveys/rate.json?rating=2', { body: { feedback: 'ok' } });
    expect(r.status).toBe(200);
    const globalId = c.sandbox.store.tickets.get(9)!.id;
    expect(r.json.survey_result).toMatchObject({ rating: 2, surveyable_id: globalId, surveyable_type: 'Helpdesk::Ticket' });
    expect((await c.get('/api/v2/tickets/9/satisfaction_ratings')).json.at(-1).ratings).toEqual({ default_question: 100 });
    expect((await c.call('POST', '/helpdesk/tickets/9/surveys/rate.json?rating=7')).status).toBe(422);
    const list = await c.get(`/helpdesk/tickets/${SHOWCASE.ratedTicketDisplayId}/surveys.json`);
    expect(list.json[0].survey_result.rating).toBe(1);
  });
});

describe('v1 discussions and solutions', () => {
  it('categories, forums, topics and posts with wrappers; views embed children', async () => {
    const cat = await c.call('POST', '/discussions/categories.json', { body: { forum_category: { name: 'Legacy cat' } } });
    expect(cat.status).toBe(201);
    const forum = await c.call('POST', '/discussions/forums.json', { body: { forum: { name: 'Legacy forum', forum_category_id: cat.json.forum_category.id, forum_type: 1, forum_visibility: 1 } } });
    expect(forum.status).toBe(201);
    const topic = await c.call('POST', '/discussions/topics.json', { body: { topic: { title: 'Old topic', body_html: '<p>hi</p>', forum_id: forum.json.forum.id, sticky: 1, locked: 0 } } });
    expect(topic.json.topic).toMatchObject({ title: 'Old topic', sticky: 1, locked: false, posts_count: 1 });
    const post = await c.call('POST', `/discussions/topics/${topic.json.topic.id}/posts.json`, { body: { post: { body_html: '<p>reply</p>' } } });
    expect(post.status).toBe(201);
    const view = await c.get(`/discussions/categories/${cat.json.forum_category.id}.json`);
    expect(view.json.forum_category.forums.map((f: { id: number }) => f.id)).toEqual([forum.json.forum.id]);
    const topicView = await c.get(`/discussions/topics/${topic.json.topic.id}.json`);
    expect(topicView.json.topic.posts).toHaveLength(2);
    const v2 = await c.get(`/api/v2/discussions/topics/${topic.json.topic.id}`);
    expect(v2.json).toMatchObject({ sticky: true, locked: false });
    const del = await c.call('DELETE', `/discussions/categories/${cat.json.forum_category.id}.json`);
    expect(del.json.forum_category.position).toBeNull();
  });

  it('monitorships: follow, is_following, unfollow (active false), user_monitored', async () => {
    const t = SHOWCASE.topicId + 5;
    expect((await c.get(`/discussions/topic/${t}/subscriptions/is_following.json`, AGENT)).status).toBe(404);
    expect((await c.call('POST', `/discussions/topic/${t}/subscriptions/follow.json`, { auth: AGENT })).status).toBe(200);
    const yes = await c.get(`/discussions/topic/${t}/subscriptions/is_following.json`, AGENT);
    expect(yes.json.monitorship).toMatchObject({ active: true, monitorable_id: t, monitorable_type: 'Topic', user_id: DEMO_AGENT_IDS.agent });
    const monitored = await c.get('/support/discussions/user_monitored.json', AGENT);
    expect(monitored.json.map((x: { topic: { id: number } }) => x.topic.id)).toContain(t);
    expect((await c.call('POST', `/discussions/topic/${t}/subscriptions/unfollow.json`, { auth: AGENT })).status).toBe(200);
    expect((await c.get(`/discussions/topic/${t}/subscriptions/is_following.json`, AGENT)).json.monitorship.active).toBe(false);
    expect((await c.get(`/api/v2/discussions/topics/${t}/follow`, AGENT)).status).toBe(404);
    expect((await c.get(`/discussions/topic/${t}/subscriptions/is_following.json?user_id=${DEMO_AGENT_IDS.admin}`, AGENT)).status).toBe(403);
  });

  it('older spellings: /categories/[cid]/forums/[fid]/topics/[tid] and /posts/[pid]', async () => {
    const forum = c.sandbox.store.forums.get(SHOWCASE.forumId)!;
    const topic = c.sandbox.store.topics.all().find((t) => t.forumId === forum.id)!;
    const r = await c.get(`/categories/${forum.categoryId}/forums/${forum.id}/topics/${topic.id}.json`);
    expect(r.json.topic.id).toBe(topic.id);
    expect((await c.get(`/categories/${forum.categoryId + 1}/forums/${forum.id}.json`)).status).toBe(404);
    const post = c.sandbox.store.postsOf(topic.id)[1]!;
    expect((await c.call('PUT', `/posts/${post.id}.json?topic_id=${topic.id}`, { body: { post: { body: 'edited' } } })).status).toBe(200);
    expect(c.sandbox.store.posts.get(post.id)!.bodyText).toBe('edited');
    const mon = await c.call('POST', `/categories/${forum.categoryId}/forums/${forum.id}/topics/${topic.id}/monitorship.json`, { auth: AGENT });
    expect(mon.status).toBe(200);
  });

  it('solutions: categories embed folders; folder and article CRUD (Appendix A)', async () => {
    const cat = await c.call('POST', '/solution/categories.json', { body: { solution_category: { name: 'Legacy KB' } } });
    expect(cat.json.category.name).toBe('Legacy KB');
    const folder = await c.call('POST', `/solution/categories/${cat.json.category.id}/folders.json`, { body: { solution_folder: { name: 'Old folder', visibility: 1 } } });
    expect(folder.json.folder).toMatchObject({ name: 'Old folder', category_id: cat.json.category.id });
    const base = `/solution/categories/${cat.json.category.id}/folders/${folder.json.folder.id}`;
    const art = await c.call('POST', `${base}/articles.json`, { body: { solution_article: { title: 'How', description: '<p>Do it</p>', status: 2, art_type: 1 }, tags: { name: 'a,b' } } });
    expect(art.json.article).toMatchObject({ title: 'How', desc_un_html: 'Do it', tags: [{ name: 'a' }, { name: 'b' }] });
    const v2 = (await c.get(`/api/v2/solutions/articles/${art.json.article.id}`)).json;
    expect(v2).toMatchObject({ title: 'How', status: 2, type: 1, tags: ['a', 'b'] });
    expect((await c.get(`/solution/categories/${cat.json.category.id}.json`)).json.category.folders).toHaveLength(1);
    expect((await c.call('PUT', `${base}/articles/${art.json.article.id}.json`, { body: { solution_article: { status: 1 } } })).json.article.status).toBe(1);
    expect((await c.call('PUT', `/support/articles/${art.json.article.id}/thumbs_up.json`)).status).toBe(200);
    expect((await c.get(`${base}.json`)).json.folder.articles[0].thumbs_up).toBe(1);
    expect((await c.call('DELETE', `${base}/articles/${art.json.article.id}.json`)).status).toBe(200);
    expect((await c.call('DELETE', `${base}.json`)).status).toBe(200);
  });
});

describe('v1 authentication and roles', () => {
  it('accepts the API key or the login e-mail and password; refuses anything else with 401 {require_login}', async () => {
    expect((await c.get('/helpdesk/tickets/1.json', basic('admin@sandbox.example', 'sandbox-admin-password'))).status).toBe(200);
    const bad = await c.get('/helpdesk/tickets/1.json', basic('admin@sandbox.example', 'wrong'));
    expect(bad.status).toBe(401);
    expect(bad.json).toEqual({ require_login: true });
    expect((await c.get('/helpdesk/tickets/1.json', null)).status).toBe(401);
  });

  it('view-only agent: reads, but 403 on writes (no Retry-After, unlike throttling)', async () => {
    expect((await c.get('/helpdesk/tickets/1.json', VIEWER)).status).toBe(200);
    const r = await c.call('POST', '/helpdesk/tickets/1/conversations/note.json', { body: { helpdesk_note: { body: 'x' } }, auth: VIEWER });
    expect(r.status).toBe(403);
    expect(r.headers.get('retry-after')).toBeNull();
  });

  it('an unknown path or a wrong verb is 404, as in Rails', async () => {
    expect((await c.get('/helpdesk/nothing.json')).status).toBe(404);
    expect((await c.call('POST', '/helpdesk/tickets/1.json', { body: {} })).status).toBe(404);
  });
});
