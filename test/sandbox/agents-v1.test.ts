/**
 * The v1 `/agents.json` family (issue #10): what python-freshdesk's v1 AgentAPI sends and reads,
 * with shapes from its recorded samples (agent_1.json, agents.json).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT_IDS } from '../../src/sandbox/index.ts';
import { AGENT, OFFSET_10, openSandbox, type Client } from './helpers.ts';

let c: Client;
beforeAll(async () => {
  c = await openSandbox();
});
afterAll(() => c.close());

const recordIdOf = (userId: number) => c.sandbox.store.users.get(userId)!.agent!.recordId;

const AGENT_KEYS = ['active_since', 'available', 'created_at', 'id', 'occasional', 'points', 'scoreboard_level_id', 'signature', 'signature_html', 'ticket_permission', 'updated_at', 'user', 'user_id'];
const USER_KEYS = ['active', 'address', 'created_at', 'deleted', 'description', 'email', 'external_id', 'fb_profile_id', 'helpdesk_agent', 'id', 'job_title', 'language', 'mobile', 'name', 'phone', 'time_zone', 'twitter_id', 'updated_at'];

describe('v1 agents', () => {
  it('lists [{agent:{…, user:{…}}}] with the keys of the recorded sample; the agent id is the record id, not the user id', async () => {
    const r = await c.get('/agents.json');
    expect(r.status).toBe(200);
    expect(r.json.length).toBeGreaterThanOrEqual(8);
    const first = r.json[0].agent;
    expect(Object.keys(first).sort()).toEqual(AGENT_KEYS);
    expect(Object.keys(first.user).sort()).toEqual(USER_KEYS);
    expect(first.created_at).toMatch(OFFSET_10);
    expect(first.user.helpdesk_agent).toBe(true);
    expect(first.user_id).toBe(first.user.id);
    expect(first.id).not.toBe(first.user_id);
  });

  it('filters by query=<column> is <value> and state=active|occasional; other columns are refused', async () => {
    const byEmail = await c.get('/agents.json?query=' + encodeURIComponent('email is agent@sandbox.example'));
    expect(byEmail.json.map((a: { agent: { user_id: number } }) => a.agent.user_id)).toEqual([DEMO_AGENT_IDS.agent]);
    const occasional = await c.get('/agents.json?state=occasional');
    expect(occasional.json.length).toBeGreaterThan(0);
    expect(occasional.json.every((a: { agent: { occasional: boolean } }) => a.agent.occasional)).toBe(true);
    const active = await c.get('/agents.json?state=active');
    expect(active.json.every((a: { agent: { occasional: boolean } }) => !a.agent.occasional)).toBe(true);
    expect((await c.get('/agents.json?query=' + encodeURIComponent('password is x'))).status).toBe(400);
  });

  it('views one agent by record id (a user id is not an agent record id: 404); XML too', async () => {
    const id = recordIdOf(DEMO_AGENT_IDS.agent);
    const r = await c.get(`/agents/${id}.json`);
    expect(r.status).toBe(200);
    expect(r.json.agent).toMatchObject({ id, user_id: DEMO_AGENT_IDS.agent, user: { email: 'agent@sandbox.example' } });
    expect((await c.get(`/agents/${DEMO_AGENT_IDS.agent}.json`)).status).toBe(404);
    const xml = await c.get(`/agents/${id}.xml`);
    expect(xml.text).toContain('<agent>');
    expect(xml.text).toContain('<user>');
  });

  it('needs an admin', async () => {
    expect((await c.get('/agents.json', AGENT)).status).toBe(403);
  });

  it('updates with { agent, user } and answers the { agent }; v2 sees the same agent', async () => {
    const id = recordIdOf(1_000_004);
    const r = await c.call('PUT', `/agents/${id}.json`, { body: { agent: { occasional: true, ticket_permission: 2, signature_html: '<p>Bye</p>' }, user: { job_title: 'Lead' } } });
    expect(r.status).toBe(200);
    expect(r.json.agent).toMatchObject({ id, occasional: true, ticket_permission: 2, signature_html: '<p>Bye</p>', signature: 'Bye', user: { job_title: 'Lead' } });
    const v2 = await c.get('/api/v2/agents/1000004');
    expect(v2.json).toMatchObject({ occasional: true, ticket_scope: 2, signature: '<p>Bye</p>', contact: { job_title: 'Lead' } });
    expect((await c.call('PUT', `/agents/${id}.json`, { body: { agent: { ticket_permission: 9 } } })).status).toBe(422);
  });

  it('delete marks the user deleted (200): gone from the list, still viewable; you cannot delete yourself', async () => {
    const id = recordIdOf(1_000_005);
    expect((await c.call('DELETE', `/agents/${id}.json`)).status).toBe(200);
    expect((await c.get('/agents.json')).json.map((a: { agent: { id: number } }) => a.agent.id)).not.toContain(id);
    expect((await c.get(`/agents/${id}.json`)).json.agent.user.deleted).toBe(true);
    expect((await c.call('DELETE', `/agents/${recordIdOf(DEMO_AGENT_IDS.admin)}.json`)).status).toBe(422);
  });

  it('contacts/[id]/make_agent answers { agent } whose id then views that agent (python-freshdesk v1 make_agent)', async () => {
    const contact = await c.call('POST', '/contacts.json', { body: { user: { name: 'Made Agent', email: 'made.agent@example.org' } } });
    const userId = contact.json.user.id;
    const made = await c.call('PUT', `/contacts/${userId}/make_agent.json`);
    expect(made.status).toBe(200);
    expect(made.json.agent.user_id).toBe(userId);
    expect(made.json.agent.id).not.toBe(userId);
    const viewed = await c.get(`/agents/${made.json.agent.id}.json`);
    expect(viewed.status).toBe(200);
    expect(viewed.json.agent).toMatchObject({ user_id: userId, user: { name: 'Made Agent', email: 'made.agent@example.org', helpdesk_agent: true } });
    expect((await c.get(`/api/v2/agents/${userId}`)).status).toBe(200);
  });
});
