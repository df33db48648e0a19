import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT_IDS, SHOWCASE } from '../../src/sandbox/index.ts';
import { AGENT, codes, openSandbox, UTC_Z, VIEWER, type Client } from './helpers.ts';

let c: Client;
beforeAll(async () => {
  c = await openSandbox();
});
afterAll(() => c.close());

describe('v2 ticket fields', () => {
  it('lists default and custom fields with v2 names and choice shapes', async () => {
    const r = await c.get('/api/v2/ticket_fields');
    expect(r.status).toBe(200);
    const byName = Object.fromEntries(r.json.map((f: { name: string }) => [f.name, f]));
    expect(byName.cf_product_line).toMatchObject({ type: 'custom_dropdown', default: false, choices: ['Widgets', 'Gadgets', 'Gizmos', 'Services'] });
    expect(byName.cf_contract_end.type).toBe('custom_date');
    expect(byName.status.choices['6']).toEqual(['Waiting on Customer', 'Awaiting your Reply']);
    expect(byName.status.choices['7'][0]).toBe('Waiting on Third Party');
    expect(byName.priority.choices).toEqual({ Low: 1, Medium: 2, High: 3, Urgent: 4 });
    expect(byName.source.choices.Email).toBe(1);
    expect(byName.requester).toHaveProperty('portal_cc');
    const dropdowns = await c.get('/api/v2/ticket_fields?type=custom_dropdown');
    expect(dropdowns.json.map((f: { name: string }) => f.name)).toEqual(['cf_product_line']);
  });
});

describe('v2 contacts', () => {
  it('creates (201 + Location), views, updates, lists by email, deletes (204) and restores', async () => {
    const r = await c.call('POST', '/api/v2/contacts', { body: { name: 'Casey Contact', email: 'casey@example.org', custom_fields: { preferred_channel: 'Chat' } } });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toMatch(new RegExp(`/api/v2/contacts/${r.json.id}$`));
    expect(r.json).toMatchObject({ name: 'Casey Contact', email: 'casey@example.org', address: null, company_id: null });
    expect(r.json.custom_fields).toMatchObject({ preferred_channel: 'Chat', loyalty_number: null });
    expect(r.json).not.toHaveProperty('deleted');
    const upd = await c.call('PUT', `/api/v2/contacts/${r.json.id}`, { body: { job_title: 'Boss' } });
    expect(upd.json.job_title).toBe('Boss');
    const list = await c.get('/api/v2/contacts?email=casey%40example.org');
    expect(list.json.map((u: { id: number }) => u.id)).toEqual([r.json.id]);
    expect((await c.call('DELETE', `/api/v2/contacts/${r.json.id}`)).status).toBe(204);
    expect((await c.get(`/api/v2/contacts/${r.json.id}`)).json.deleted).toBe(true);
    expect((await c.call('PUT', `/api/v2/contacts/${r.json.id}`, { body: { job_title: 'x' } })).status).toBe(405);
    expect((await c.call('PUT', `/api/v2/contacts/${r.json.id}/restore`)).status).toBe(204);
  });

  it('409 duplicate_value for an e-mail already in use (also by an agent)', async () => {
    const taken = c.sandbox.store.users.get(SHOWCASE.requesterId)!.email!;
    const r = await c.call('POST', '/api/v2/contacts', { body: { name: 'Dup', email: taken } });
    expect(r.status).toBe(409);
    expect(r.json.errors[0]).toMatchObject({ field: 'email', code: 'duplicate_value' });
    const agentEmail = await c.call('POST', '/api/v2/contacts', { body: { name: 'Dup', email: 'admin@sandbox.example' } });
    expect(agentEmail.status).toBe(409);
  });

  it('needs a name and one identifier; custom fields use names without cf_', async () => {
    expect(codes(await c.call('POST', '/api/v2/contacts', { body: { email: 'noname@example.org' } }))).toEqual(['missing_field']);
    expect(codes(await c.call('POST', '/api/v2/contacts', { body: { name: 'Nobody' } }))).toEqual(['missing_field']);
    const cf = await c.call('POST', '/api/v2/contacts', { body: { name: 'X', email: 'x1@example.org', custom_fields: { cf_preferred_channel: 'Chat' } } });
    expect(codes(cf)).toEqual(['invalid_field']);
  });

  it('refuses updates of a blocked contact with 405', async () => {
    const blocked = c.sandbox.store.contacts().find((u) => u.blocked)!;
    expect((await c.call('PUT', `/api/v2/contacts/${blocked.id}`, { body: { job_title: 'x' } })).status).toBe(405);
  });

  it('make_agent needs an admin; autocomplete; contact fields', async () => {
    const r = await c.call('POST', '/api/v2/contacts', { body: { name: 'Future Agent', email: 'future.agent@example.org' } });
    const auto = await c.get('/api/v2/contacts/autocomplete?term=fut');
    expect(auto.json).toContainEqual({ id: r.json.id, name: 'Future Agent' });
    expect(auto.json.every((u: { name: string }) => /(^|\s)fut/i.test(u.name))).toBe(true);
    expect((await c.call('PUT', `/api/v2/contacts/${r.json.id}/make_agent`, { auth: AGENT })).status).toBe(403);
    const made = await c.call('PUT', `/api/v2/contacts/${r.json.id}/make_agent`, { body: { occasional: true } });
    expect(made.status).toBe(200);
    // the service answers the contact with the agent inside (FDDOC "Make Agent"), not an agent
    expect(made.json).toMatchObject({ email: 'future.agent@example.org', name: 'Future Agent', agent: { id: r.json.id, occasional: true, type: 'support_agent' } });
    expect(made.json).not.toHaveProperty('contact');
    expect((await c.get(`/api/v2/agents/${made.json.agent.id}`)).json.contact.email).toBe('future.agent@example.org');
    const fields = await c.get('/api/v2/contact_fields');
    expect(fields.json.map((f: { name: string }) => f.name)).toContain('preferred_channel');
  });
});

describe('v2 agents', () => {
  it('me works for everyone; other agent endpoints need an admin', async () => {
    const me = await c.get('/api/v2/agents/me', VIEWER);
    expect(me.json).toMatchObject({ id: DEMO_AGENT_IDS.viewer, contact: { email: 'viewer@sandbox.example' } });
    expect(me.json.created_at).toMatch(UTC_Z);
    expect((await c.get('/api/v2/agents', AGENT)).status).toBe(403);
    const list = await c.get('/api/v2/agents');
    expect(list.json.map((a: { id: number }) => a.id)).toContain(DEMO_AGENT_IDS.agent);
    const one = await c.get(`/api/v2/agents/${DEMO_AGENT_IDS.agent}`);
    expect(one.json.group_ids.length).toBeGreaterThan(0);
    const byEmail = await c.get('/api/v2/agents?email=agent%40sandbox.example');
    expect(byEmail.json).toHaveLength(1);
  });

  it('updates an agent; deleting turns them into a contact and their key stops working', async () => {
    const created = await c.call('POST', '/api/v2/agents', { body: { email: 'temp.agent@sandbox.example', name: 'Temp', ticket_scope: 1 } });
    expect(created.status).toBe(201);
    const key = c.sandbox.store.users.get(created.json.id)!.agent!.apiKey;
    const auth = `Basic ${Buffer.from(`${key}:X`).toString('base64')}`;
    expect((await c.get('/api/v2/agents/me', auth)).status).toBe(200);
    expect((await c.call('PUT', `/api/v2/agents/${created.json.id}`, { body: { ticket_scope: 2 } })).json.ticket_scope).toBe(2);
    expect((await c.call('DELETE', `/api/v2/agents/${created.json.id}`)).status).toBe(204);
    expect((await c.get('/api/v2/agents/me', auth)).status).toBe(401);
    expect((await c.get(`/api/v2/contacts/${created.json.id}`)).status).toBe(200);
  });
});

describe('v2 companies and company fields', () => {
  it('CRUD with domains as an array, unique names (409) and autocomplete', async () => {
    const r = await c.call('POST', '/api/v2/companies', { body: { name: 'Zeta Widgets', domains: ['zeta.example'], custom_fields: { tier: 'Gold' } } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ domains: ['zeta.example'], custom_fields: { tier: 'Gold', account_manager: null } });
    expect((await c.call('POST', '/api/v2/companies', { body: { name: 'zeta widgets' } })).status).toBe(409);
    const auto = await c.get('/api/v2/companies/autocomplete?name=Zet');
    expect(auto.json.companies).toContainEqual({ id: r.json.id, name: 'Zeta Widgets' });
    expect((await c.call('PUT', `/api/v2/companies/${r.json.id}`, { body: { note: 'hi' } })).json.note).toBe('hi');
    expect((await c.call('DELETE', `/api/v2/companies/${r.json.id}`)).status).toBe(204);
    expect((await c.get(`/api/v2/companies/${r.json.id}`)).status).toBe(404);
  });

  it('company fields: custom names without cf_', async () => {
    const r = await c.get('/api/v2/company_fields');
    const names = r.json.map((f: { name: string }) => f.name);
    expect(names).toEqual(expect.arrayContaining(['name', 'domains', 'tier', 'account_manager', 'review_date']));
    expect(names.some((n: string) => n.startsWith('cf_'))).toBe(false);
  });
});

describe('v2 groups', () => {
  it('shows unassigned_for from the enumeration, null for values v2 cannot express', async () => {
    const groups = (await c.get('/api/v2/groups')).json;
    const byName = Object.fromEntries(groups.map((g: { name: string }) => [g.name, g]));
    expect(byName.Billing.unassigned_for).toBe('30m');
    expect(byName['Technical Support'].unassigned_for).toBe('1h');
    expect(byName.Escalations.unassigned_for).toBeNull(); // 1200 s
    expect(Array.isArray(byName.Billing.agent_ids)).toBe(true);
  });

  it('create (admin only, enum checked), update agent_ids, delete → 204', async () => {
    expect((await c.call('POST', '/api/v2/groups', { body: { name: 'G1' }, auth: AGENT })).status).toBe(403);
    expect(codes(await c.call('POST', '/api/v2/groups', { body: { name: 'G1', unassigned_for: '45m' } }))).toEqual(['invalid_value']);
    const g = await c.call('POST', '/api/v2/groups', { body: { name: 'G1', unassigned_for: '2h', agent_ids: [DEMO_AGENT_IDS.agent] } });
    expect(g.status).toBe(201);
    expect(g.json).toMatchObject({ unassigned_for: '2h', agent_ids: [DEMO_AGENT_IDS.agent] });
    const upd = await c.call('PUT', `/api/v2/groups/${g.json.id}`, { body: { agent_ids: [] } });
    expect(upd.json.agent_ids).toEqual([]);
    expect((await c.call('DELETE', `/api/v2/groups/${g.json.id}`)).status).toBe(204);
  });
});

describe('v2 time entries', () => {
  it('shows time_spent as hh:mm and filters by agent, billable and dates', async () => {
    const list = await c.get(`/api/v2/tickets/${SHOWCASE.ticketDisplayId}/time_entries`);
    expect(list.json.map((e: { time_spent: string }) => e.time_spent)).toEqual(['01:30', '00:20']);
    expect(list.json[0].id).toBe(SHOWCASE.timeEntryId);
    const billable = await c.get(`/api/v2/time_entries?agent_id=${DEMO_AGENT_IDS.agent}&billable=false&per_page=100`);
    expect(billable.json.every((e: { billable: boolean; agent_id: number }) => !e.billable && e.agent_id === DEMO_AGENT_IDS.agent)).toBe(true);
    const dated = await c.get('/api/v2/time_entries?executed_after=2025-01-01&executed_before=2025-02-01&per_page=100');
    expect(dated.json.every((e: { executed_at: string }) => e.executed_at >= '2025-01-01' && e.executed_at <= '2025-02-01')).toBe(true);
    expect(codes(await c.get('/api/v2/time_entries?start_date=2025-01-01'))).toEqual(['invalid_field']);
  });

  it('creates with a running timer by default, toggles it, updates hh:mm, deletes', async () => {
    const r = await c.call('POST', '/api/v2/tickets/5/time_entries', { body: { note: 'call' } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ timer_running: true, time_spent: '00:00', agent_id: DEMO_AGENT_IDS.admin, ticket_id: 5 });
    const toggled = await c.call('PUT', `/api/v2/time_entries/${r.json.id}/toggle_timer`);
    expect(toggled.json.timer_running).toBe(false);
    const upd = await c.call('PUT', `/api/v2/time_entries/${r.json.id}`, { body: { time_spent: '02:15', billable: false } });
    expect(upd.json).toMatchObject({ time_spent: '02:15', billable: false });
    expect(codes(await c.call('PUT', `/api/v2/time_entries/${r.json.id}`, { body: { time_spent: '1.5' } }))).toEqual(['invalid_value']);
    expect((await c.call('DELETE', `/api/v2/time_entries/${r.json.id}`)).status).toBe(204);
    const fixed = await c.call('POST', '/api/v2/tickets/5/time_entries', { body: { time_spent: '00:45' } });
    expect(fixed.json).toMatchObject({ timer_running: false, time_spent: '00:45' });
  });
});

describe('v2 satisfaction ratings and surveys', () => {
  it('lists a ticket’s ratings and creates one on the v2 scale', async () => {
    const list = await c.get(`/api/v2/tickets/${SHOWCASE.ratedTicketDisplayId}/satisfaction_ratings`);
    expect(list.json[0]).toMatchObject({ ticket_id: SHOWCASE.ratedTicketDisplayId, ratings: { default_question: 103 } });
    const r = await c.call('POST', '/api/v2/tickets/1/satisfaction_ratings', { body: { ratings: { default_question: -103 }, feedback: 'slow' } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ ticket_id: 1, feedback: 'slow', ratings: { default_question: -103 } });
    expect(codes(await c.call('POST', '/api/v2/tickets/1/satisfaction_ratings', { body: { ratings: { default_question: 3 } } }))).toEqual(['invalid_value']);
    const all = await c.get('/api/v2/surveys/satisfaction_ratings?created_since=2020-01-01&per_page=100');
    expect(all.json.length).toBeGreaterThan(1);
    const surveys = await c.get('/api/v2/surveys');
    expect(surveys.json[0].questions[0].accepted_ratings).toContain(103);
  });
});

describe('v2 discussions', () => {
  it('categories → forums → topics → comments, with ids in the path', async () => {
    const cat = await c.call('POST', '/api/v2/discussions/categories', { body: { name: 'Beta', description: 'beta testers' } });
    expect(cat.status).toBe(201);
    expect((await c.call('POST', '/api/v2/discussions/categories', { body: { name: 'Beta' } })).status).toBe(409);
    const forum = await c.call('POST', `/api/v2/discussions/categories/${cat.json.id}/forums`, { body: { name: 'Beta forum', forum_type: 2, forum_visibility: 1 } });
    expect(forum.status).toBe(201);
    expect(forum.json).toMatchObject({ forum_category_id: cat.json.id, forum_type: 2, topics_count: 0 });
    const topic = await c.call('POST', `/api/v2/discussions/forums/${forum.json.id}/topics`, { body: { title: 'Idea', message: '<p>Make it blue</p>', sticky: true, locked: false, stamp_type: 1 } });
    expect(topic.status).toBe(201);
    expect(topic.json).toMatchObject({ forum_id: forum.json.id, sticky: true, posts_count: 1 });
    expect(codes(await c.call('POST', `/api/v2/discussions/forums/${forum.json.id}/topics`, { body: { title: 'x', message: 'y', sticky: 1 } }))).toEqual(['datatype_mismatch']);
    expect(codes(await c.call('POST', `/api/v2/discussions/forums/${forum.json.id}/topics`, { body: { title: 'x', message: 'y', stamp_type: 8 } }))).toEqual(['invalid_value']);
    const comment = await c.call('POST', `/api/v2/discussions/topics/${topic.json.id}/comments`, { body: { body: '<b>+1</b>' } });
    expect(comment.status).toBe(201);
    expect(comment.json).toMatchObject({ body: '<b>+1</b>', body_text: '+1', topic_id: topic.json.id });
    const comments = await c.get(`/api/v2/discussions/topics/${topic.json.id}/comments`);
    expect(comments.json.map((p: { body: string }) => p.body)).toEqual(['<p>Make it blue</p>', '<b>+1</b>']);
    expect((await c.call('PUT', `/api/v2/discussions/comments/${comment.json.id}`, { body: { answer: true } })).json.answer).toBe(true);
    expect((await c.call('DELETE', `/api/v2/discussions/comments/${comment.json.id}`)).status).toBe(204);
    expect((await c.call('DELETE', `/api/v2/discussions/topics/${topic.json.id}`)).status).toBe(204);
    expect((await c.call('DELETE', `/api/v2/discussions/forums/${forum.json.id}`)).status).toBe(204);
    expect((await c.call('DELETE', `/api/v2/discussions/categories/${cat.json.id}`)).status).toBe(204);
  });

  it('follow (204), is-following GET → 204 / 404 without a body, unfollow is DELETE, followed_by', async () => {
    const topic = SHOWCASE.topicId + 3;
    expect((await c.get(`/api/v2/discussions/topics/${topic}/follow`, AGENT)).status).toBe(404);
    const f = await c.call('POST', `/api/v2/discussions/topics/${topic}/follow`, { auth: AGENT });
    expect(f.status).toBe(204);
    const yes = await c.get(`/api/v2/discussions/topics/${topic}/follow`, AGENT);
    expect(yes.status).toBe(204);
    expect(yes.text).toBe('');
    const followed = await c.get(`/api/v2/discussions/topics/followed_by?user_id=${DEMO_AGENT_IDS.agent}`, AGENT);
    expect(followed.json.map((t: { id: number }) => t.id)).toContain(topic);
    expect((await c.call('DELETE', `/api/v2/discussions/topics/${topic}/follow?user_id=${DEMO_AGENT_IDS.agent}`, { auth: AGENT })).status).toBe(204);
    expect((await c.get(`/api/v2/discussions/topics/${topic}/follow`, AGENT)).status).toBe(404);
    // only an admin may ask about someone else
    expect((await c.get(`/api/v2/discussions/topics/${topic}/follow?user_id=${DEMO_AGENT_IDS.admin}`, AGENT)).status).toBe(403);
    expect((await c.get(`/api/v2/discussions/topics/${SHOWCASE.topicId}/follow?user_id=${DEMO_AGENT_IDS.admin}`)).status).toBe(204);
    expect((await c.call('POST', `/api/v2/discussions/forums/${SHOWCASE.forumId}/follow`, { auth: AGENT })).status).toBe(204);
    expect((await c.get(`/api/v2/discussions/forums/${SHOWCASE.forumId}/follow`, AGENT)).status).toBe(204);
  });
});

describe('v2 solutions', () => {
  it('categories → folders → articles', async () => {
    const cat = await c.call('POST', '/api/v2/solutions/categories', { body: { name: 'FAQ' } });
    expect(cat.status).toBe(201);
    const folder = await c.call('POST', `/api/v2/solutions/categories/${cat.json.id}/folders`, { body: { name: 'Billing FAQ', visibility: 1 } });
    expect(folder.status).toBe(201);
    expect(codes(await c.call('POST', `/api/v2/solutions/categories/${cat.json.id}/folders`, { body: { name: 'Private', visibility: 4 } }))).toEqual(['missing_field']);
    const article = await c.call('POST', `/api/v2/solutions/folders/${folder.json.id}/articles`, { body: { title: 'Pay', description: '<p>Use a card</p>', status: 2, tags: ['pay'] } });
    expect(article.status).toBe(201);
    expect(article.json).toMatchObject({ folder_id: folder.json.id, category_id: cat.json.id, description_text: 'Use a card', status: 2, tags: ['pay'] });
    expect((await c.get(`/api/v2/solutions/folders/${folder.json.id}`)).json.articles_count).toBe(1);
    expect((await c.call('PUT', `/api/v2/solutions/articles/${article.json.id}`, { body: { status: 1 } })).json.status).toBe(1);
    expect((await c.get(`/api/v2/solutions/folders/${folder.json.id}/articles`)).json).toHaveLength(1);
    expect((await c.call('DELETE', `/api/v2/solutions/categories/${cat.json.id}`)).status).toBe(204);
    expect((await c.get(`/api/v2/solutions/articles/${article.json.id}`)).status).toBe(404);
  });

  it('serves the seeded showcase records', async () => {
    expect((await c.get(`/api/v2/solutions/categories/${SHOWCASE.solutionCategoryId}`)).status).toBe(200);
    expect((await c.get(`/api/v2/solutions/folders/${SHOWCASE.solutionFolderId}`)).status).toBe(200);
    expect((await c.get(`/api/v2/solutions/articles/${SHOWCASE.solutionArticleId}`)).status).toBe(200);
    expect((await c.get(`/api/v2/discussions/categories/${SHOWCASE.forumCategoryId}`)).status).toBe(200);
  });
});
