/**
 * Time entries (v1 "time sheets"): create, list per ticket, list with filters, update,
 * toggle_timer, delete. The unit trap: v1 `hhmm` was read by the real server as decimal hours
 * while spec 001 says hours.minutes; v2 `time_spent` is "hh:mm". A numeric hhmm is translated
 * only when the overlay option `hhmm` says how to read it, and is `manual` otherwise.
 */
import type { Lens, LensOp, Rule, V2Step } from '../src/catalogue/types.ts';
import { lookup, timestamps, v2 } from './shared.ts';

/** A v1 time entry ↔ a v2 time entry. */
export const timeEntryLens: Lens = [
  { op: 'rename', from: 'user_id', to: 'agent_id' },
  // duration: hhmm (request) and timespent (response, decimal hours) ↔ time_spent "hh:mm"
  { op: 'convert', path: 'hhmm', to: 'time_spent', converter: 'hhmmToTimeSpent', only: 'request' },
  { op: 'convert', path: 'timespent', to: 'time_spent', converter: 'decimalHoursToHhmm', only: 'response' },
  // v1 response fields v2 no longer sends (lookups: the agent, then the ticket's requester and company)
  { op: 'drop', path: 'agent_email', reason: 'agent_email is not in v2 time entries (GET /api/v2/agents/[agent_id] → contact.email)', only: 'response' },
  { op: 'derive', path: 'agent_name', deriver: 'agentName', reason: 'needs the agent name (GET /api/v2/agents/[agent_id], admin only)', only: 'response' },
  { op: 'drop', path: 'contact_email', reason: "contact_email is not in v2 time entries (the ticket's requester)", only: 'response' },
  { op: 'drop', path: 'customer_name', reason: "customer_name is not in v2 time entries (the ticket's company)", only: 'response' },
  { op: 'drop', path: 'workable_type', reason: 'workable_type (Helpdesk::Ticket) is not in v2 time entries', only: 'response' },
  { op: 'extra', path: 'company_id', reason: 'v2 only', only: 'response' },
  ...timestamps('executed_at', 'start_time', 'created_at', 'updated_at'),
];

const timeEntryObject: Rule['response'] = { v1Status: 200, shape: 'object', wrapper: 'time_entry', resource: timeEntryLens };
const timeEntryList: Rule['response'] = { v1Status: 200, shape: 'list-wrapped', wrapper: 'time_entry', resource: timeEntryLens };

const RESPONSE_LOST = [
  'agent_email, contact_email, customer_name and workable_type (not in v2 time entries)',
  'agent_name unless the agent names are known (GET /api/v2/agents/[id], admin only)',
];

const HHMM_NOTE =
  'hhmm: the v1 server read a number as decimal hours (10.40 = 10 h 24 min) and spec 001 says hours.minutes (10 h 40 min); ' +
  'a numeric hhmm is manual until the overlay option "hhmm" (decimal-hours or hours-minutes) says which; a string "H:MM" is unambiguous';
const TIMESPENT_NOTE = 'v1 timespent was decimal hours ("0.50" = 30 min), v2 time_spent is "hh:mm"';
const BILLABLE_NOTE =
  'billable defaults differ: spec 001 says false for v1, v2 (and the FC database) true; the create sends billable explicitly (false, per spec 001, when v1 left it out)';

/** The list filters that map one to one. */
const listQueryLens: LensOp[] = [
  { op: 'rename', from: 'query.customer_id', to: 'query.company_id' },
  { op: 'rename', from: 'query.start_date', to: 'query.executed_after' },
  { op: 'rename', from: 'query.end_date', to: 'query.executed_before' },
  { op: 'rename', from: 'query.customer_name', to: 'query.company_name' },
  {
    op: 'drop',
    path: 'query.contact_email',
    fidelity: 'manual',
    reason:
      'contact_email has no v2 time entry filter: find the contact (GET /api/v2/contacts?email=), list their tickets (GET /api/v2/tickets?requester_id=), then GET /api/v2/tickets/[id]/time_entries per ticket',
  },
  {
    op: 'drop',
    path: 'query.company_email',
    fidelity: 'manual',
    reason:
      'company_email (spec 001; FC read contact_email) has no v2 time entry filter: resolve the contact or company first and filter by company_id, or list the contact tickets and their time entries',
  },
];

/** customer_name without company_name (FC alias): the two-call plan is only chosen for company_name. */
const UNRESOLVED_COMPANY_NAME: LensOp = {
  op: 'drop',
  path: 'query.company_name',
  fidelity: 'manual',
  reason:
    'customer_name (FC alias of company_name) has no v2 filter: resolve it with GET /api/v2/companies/autocomplete?name= and pass company_id (written as company_name= the request gets that two-call plan)',
};

/** company_name: resolved to an id with the companies autocomplete (exact, case-insensitive match kept). */
const companyLookup: V2Step = lookup('GET', '/companies/autocomplete', 'resolve the company name to an id (exact, case-insensitive match)', {
  query: { name: '{{query.company_name}}' },
  provides: { 'query.company_id': 'companies[name={{query.company_name}}].id' },
  consumes: ['query.company_name'],
});

/** email (the agent's): resolved to the agent's user id. */
const agentLookup: V2Step = lookup('GET', '/agents', "find the agent by e-mail (the agent id is the user id)", {
  query: { email: '{{query.email}}' },
  provides: { 'query.agent_id': '[contact.email={{query.email}}].id' },
  consumes: ['query.email'],
});

const LIST_NOTES = [
  'customer_id (alias of company_id in FC v1) becomes company_id; start_date/end_date (both on executed_at) become executed_after/executed_before',
  'end_date: v2 executed_before is an instant; if v1 code passed a bare date meaning "through that day", pass the next day or a time (INFERRED)',
  'billable: FC v1 listed only billable entries when billable was absent, v2 lists all; add billable=true to keep the old result (not added automatically: spec 001 states no list default)',
  TIMESPENT_NOTE,
  'v1 list items are wrapped ([{ time_entry: {...} }]); v2 items are bare and paginated',
];

const listRule = (id: string, summary: string, whenQuery: string[] | undefined, steps: V2Step[], extraNotes: string[] = []): Rule => ({
  id,
  family: 'time-entries',
  summary,
  v1: { method: 'GET', paths: ['/helpdesk/time_sheets'], ...(whenQuery ? { whenQuery } : {}) },
  plan: [...steps, v2('GET', '/time_entries', 'list the time entries')],
  request: {
    body: 'none',
    lens: whenQuery?.includes('company_name') ? listQueryLens : [...listQueryLens, UNRESOLVED_COMPANY_NAME],
  },
  response: timeEntryList,
  fidelity: 'lossy',
  lost: RESPONSE_LOST,
  notes: [...extraNotes, ...LIST_NOTES],
});

const COMPANY_NAME_NOTE = 'autocomplete matches name prefixes: keep only the exact (case-insensitive) name match, as v1 did';
const AGENT_EMAIL_NOTE = 'GET /api/v2/agents needs admin privileges; cache the e-mail → id lookup';

/** The body fields of a v2 time entry create or update (reference). */
const TIME_ENTRY_FIELDS: readonly string[] = ['agent_id', 'billable', 'executed_at', 'note', 'start_time', 'time_spent', 'timer_running'];

export const TIME_ENTRY_RULES: Rule[] = [
  {
    id: 'time-entries.create',
    family: 'time-entries',
    summary:
      'Log time on a ticket: POST /api/v2/tickets/[ticket_id]/time_entries with user_id as agent_id and hhmm as time_spent "hh:mm".',
    v1: { method: 'POST', paths: ['/helpdesk/tickets/:ticket_id/time_sheets'] },
    plan: [v2('POST', '/tickets/:ticket_id/time_entries', 'create the time entry')],
    request: {
      accepts: TIME_ENTRY_FIELDS,
      wrapper: 'time_entry',
      resource: [{ op: 'v2Default', path: 'billable', value: false, only: 'request' }, ...timeEntryLens],
    },
    response: timeEntryObject,
    fidelity: 'exact',
    notes: [
      HHMM_NOTE,
      BILLABLE_NOTE,
      'without hhmm the timer starts running, in both versions',
      'agent_id is optional in v2 (defaults to the caller; setting another agent needs the edit-time-entries privilege)',
      'v2 answers 201 Created; the v1 status of a create is not documented (200 assumed)',
      TIMESPENT_NOTE,
    ],
  },
  {
    id: 'time-entries.list-ticket',
    family: 'time-entries',
    summary: "List a ticket's time entries: GET /api/v2/tickets/[ticket_id]/time_entries; items are bare and time_spent is \"hh:mm\".",
    v1: { method: 'GET', paths: ['/helpdesk/tickets/:ticket_id/time_sheets'] },
    plan: [v2('GET', '/tickets/:ticket_id/time_entries', "list the ticket's time entries")],
    request: { body: 'none' },
    response: timeEntryList,
    fidelity: 'lossy',
    lost: RESPONSE_LOST,
    notes: [TIMESPENT_NOTE, 'v2 paginates this list (30 per page by default)'],
  },
  listRule(
    'time-entries.list',
    'List time entries: GET /api/v2/time_entries with customer_id as company_id and start_date/end_date as executed_after/executed_before.',
    undefined,
    [],
    ['billable and agent_id keep their names'],
  ),
  listRule(
    'time-entries.list-by-company-name',
    'List time entries of a company by name: v2 has no company_name filter, so resolve it with GET /api/v2/companies/autocomplete, then GET /api/v2/time_entries?company_id=.',
    ['company_name'],
    [companyLookup],
    [COMPANY_NAME_NOTE, 'FC v1 also read customer_name as an alias of company_name'],
  ),
  listRule(
    'time-entries.list-by-agent-email',
    "List an agent's time entries by e-mail: v2 filters by agent_id, so find the agent with GET /api/v2/agents?email=, then GET /api/v2/time_entries?agent_id=.",
    ['email'],
    [agentLookup],
    [AGENT_EMAIL_NOTE],
  ),
  listRule(
    'time-entries.list-by-company-name-and-agent-email',
    'List time entries by company name and agent e-mail: resolve both (GET /api/v2/companies/autocomplete and GET /api/v2/agents?email=), then GET /api/v2/time_entries?company_id=&agent_id=.',
    ['company_name', 'email'],
    [companyLookup, agentLookup],
    [COMPANY_NAME_NOTE, AGENT_EMAIL_NOTE],
  ),
  {
    id: 'time-entries.update',
    family: 'time-entries',
    summary: 'Update a time entry: PUT /api/v2/time_entries/[id] (the ticket id leaves the path) with user_id as agent_id and hhmm as time_spent.',
    v1: { method: 'PUT', paths: ['/helpdesk/tickets/:ticket_id/time_sheets/:id'] },
    plan: [v2('PUT', '/time_entries/:id', 'update the time entry')],
    request: { wrapper: 'time_entry', resource: timeEntryLens, accepts: TIME_ENTRY_FIELDS },
    response: timeEntryObject,
    fidelity: 'exact',
    notes: [
      HHMM_NOTE,
      'v2 refuses to change agent_id or start_time while the timer runs, and timer_running set to its current value',
      TIMESPENT_NOTE,
    ],
  },
  {
    id: 'time-entries.toggle-timer',
    family: 'time-entries',
    summary: "Start or stop a time entry's timer: PUT /api/v2/time_entries/[id]/toggle_timer with no body.",
    v1: { method: 'PUT', paths: ['/helpdesk/time_sheets/:id/toggle_timer'] },
    plan: [v2('PUT', '/time_entries/:id/toggle_timer', 'toggle the timer')],
    request: { body: 'none' },
    response: timeEntryObject,
    fidelity: 'exact',
    notes: ['starting a timer stops any other running timer of the same agent (v2)', TIMESPENT_NOTE],
  },
  {
    id: 'time-entries.delete',
    family: 'time-entries',
    summary: 'Delete a time entry: DELETE /api/v2/time_entries/[id] (the ticket id leaves the path), which answers 204 with no body.',
    v1: { method: 'DELETE', paths: ['/helpdesk/tickets/:ticket_id/time_sheets/:id'] },
    plan: [v2('DELETE', '/time_entries/:id', 'delete the time entry')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'none' },
    fidelity: 'exact',
    notes: ['deleted time entries cannot be restored in either version'],
  },
];
