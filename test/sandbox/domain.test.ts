/**
 * Behaviour both surfaces share lives once in the domain layer (issue #10 "Structure"): time
 * entries, timers, ratings and surveys behave the same whichever API wrote them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT_IDS, SHOWCASE } from '../../src/sandbox/index.ts';
import { openSandbox, type Client } from './helpers.ts';

let c: Client;
beforeAll(async () => {
  c = await openSandbox();
});
afterAll(() => c.close());

describe('shared domain behaviour', () => {
  it('one running timer per agent, whichever API starts it', async () => {
    const agent = DEMO_AGENT_IDS.agent;
    const v2 = await c.call('POST', `/api/v2/tickets/${SHOWCASE.ticketDisplayId}/time_entries`, { body: { agent_id: agent, timer_running: true } });
    expect(v2.json.timer_running).toBe(true);
    // a v1 time sheet without hhmm starts a timer for the same agent: the v2 one stops
    const v1 = await c.call('POST', `/helpdesk/tickets/${SHOWCASE.ticketDisplayId}/time_sheets.json`, { body: { time_entry: { user_id: agent, note: 'v1 timer' } } });
    expect(v1.json.time_entry.timer_running).toBe(true);
    expect((await c.get(`/api/v2/time_entries?agent_id=${agent}&per_page=100`)).json.find((e: { id: number }) => e.id === v2.json.id).timer_running).toBe(false);
    // and toggling the v2 entry back on stops the v1 one
    await c.call('PUT', `/api/v2/time_entries/${v2.json.id}/toggle_timer`);
    const v1Entry = c.sandbox.store.timeEntries.get(v1.json.time_entry.id)!;
    expect(v1Entry.timerRunning).toBe(false);
  });

  it('a v1 rating and a v2 rating land on the same scale, survey and ticket people', async () => {
    const ticket = c.sandbox.store.tickets.get(SHOWCASE.ratedTicketDisplayId)!;
    await c.call('POST', `/helpdesk/tickets/${ticket.displayId}/surveys/rate.json?rating=3`, { body: { feedback: 'v1' } });
    await c.call('POST', `/api/v2/tickets/${ticket.displayId}/satisfaction_ratings`, { body: { ratings: { default_question: 101 }, feedback: 'v2' } });
    const all = (await c.get(`/api/v2/tickets/${ticket.displayId}/satisfaction_ratings`)).json;
    const v1 = all.find((r: { feedback: string }) => r.feedback === 'v1');
    const v2 = all.find((r: { feedback: string }) => r.feedback === 'v2');
    expect(v1.ratings.default_question).toBe(-103);
    for (const r of [v1, v2]) expect(r).toMatchObject({ survey_id: all[0].survey_id, user_id: ticket.requesterId, agent_id: ticket.responderId, group_id: ticket.groupId });
  });

  it('both account-wide time entry lists filter by company the same way', async () => {
    const ticket = c.sandbox.store.tickets.get(SHOWCASE.ticketDisplayId)!;
    const v2 = (await c.get(`/api/v2/time_entries?company_id=${ticket.companyId}&billable=true&per_page=100`)).json.map((e: { id: number }) => e.id).sort();
    const v1 = (await c.get(`/helpdesk/time_sheets.json?company_id=${ticket.companyId}&billable=true`)).json.map((e: { time_entry: { id: number } }) => e.time_entry.id).sort();
    expect(v1).toEqual(v2);
    expect(v1.length).toBeGreaterThan(0);
  });
});
