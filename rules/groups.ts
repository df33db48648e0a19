/**
 * Groups: create, list, view, update, delete, on the old v2 groups API (/api/v2/groups).
 * Accounts on the revamped groups UI (March 2021 on) also have /api/v2/admin/groups with a
 * different schema (business_calendar_id, automatic_agent_assignment).
 */
import type { Lens, Rule } from '../src/catalogue/types.ts';
import { timestamps, v2 } from './shared.ts';

/** A v1 group ↔ a v2 group. */
export const groupLens: Lens = [
  // escalation: seconds in v1, one of nine strings in v2 (values outside them are reported per request)
  { op: 'convert', path: 'assign_time', to: 'unassigned_for', converter: 'secondsToUnassignedFor' },
  // members: a comma string (or an array, as the Ruby sample sent) in v1 requests, objects in v1 responses
  { op: 'convert', path: 'agent_list', to: 'agent_ids', converter: 'commaIntList', only: 'request' },
  { op: 'convert', path: 'agents', to: 'agent_ids', converter: 'agentObjectsToIds', only: 'response' },
  // v1 answered the member ids a second time as the comma string agent_list
  { op: 'duplicate', path: 'agent_ids', copy: 'agent_list', converter: 'commaIntList', only: 'response' },
  { op: 'convert', path: 'ticket_assign_type', to: 'auto_ticket_assign', converter: 'autoTicketAssign' },
  { op: 'rename', from: 'business_calendar_id', to: 'business_hour_id' },
  { op: 'extra', path: 'group_type', reason: 'v2 only (support_agent_group, field_agent_group)', only: 'response' },
  ...timestamps('created_at', 'updated_at'),
];

const groupObject: Rule['response'] = { v1Status: 200, shape: 'object', wrapper: 'group', resource: groupLens };

const AGENTS_LOST = 'the agent objects of the v1 group (v2 gives agent_ids; names and e-mails need GET /api/v2/agents/[id])';
const ASSIGN_NOTE =
  'assign_time must be one of 1800, 3600, 7200, 14400, 28800, 43200, 86400, 172800, 259200 s (30m … 3d); other values are lossy and are rounded up to the next allowed value, and read back as null';
const ADMIN_NOTE = 'only admins may use the v2 groups API';

/** The body fields of a v2 group create or update (reference). */
const GROUP_FIELDS: readonly string[] = ['name', 'description', 'escalate_to', 'unassigned_for', 'business_hour_id', 'auto_ticket_assign', 'agent_ids'];

export const GROUP_RULES: Rule[] = [
  {
    id: 'groups.create',
    family: 'groups',
    summary:
      'Create a group: POST /api/v2/groups with assign_time as unassigned_for (30m, 1h, 2h, 4h, 8h, 12h, 1d, 2d or 3d) and agent_list as the array agent_ids.',
    v1: { method: 'POST', paths: ['/groups'] },
    plan: [v2('POST', '/groups', 'create the group')],
    request: { wrapper: 'group', resource: groupLens, accepts: GROUP_FIELDS },
    response: { ...groupObject, v1Status: 201 },
    fidelity: 'exact',
    notes: [
      ASSIGN_NOTE,
      `the v1 answer listed the agent objects; v2 answers agent_ids, so the shim rebuilds only { id } objects (lossy: ${AGENTS_LOST})`,
      'ticket_assign_type becomes auto_ticket_assign, which /api/v2/groups writes only as 0 or 1; other assignment types need /api/v2/admin/groups',
      'business_calendar_id is business_hour_id in /api/v2/groups (business_calendar_id in /api/v2/admin/groups)',
      'both versions answer 201 Created (FC v1 groups_controller); v2 adds a Location header',
      'v2 defaults unassigned_for to 30m when it is not sent',
      ADMIN_NOTE,
    ],
  },
  {
    id: 'groups.list',
    family: 'groups',
    summary: 'List groups: GET /api/v2/groups; items are bare groups instead of { group } wrappers, with unassigned_for instead of assign_time.',
    v1: { method: 'GET', paths: ['/groups'] },
    plan: [v2('GET', '/groups', 'list the groups')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'list-wrapped', wrapper: 'group', resource: groupLens },
    fidelity: 'lossy',
    lost: [AGENTS_LOST, 'assign_time values other than the nine unassigned_for steps (read back as null)'],
    notes: ['the FDDOC list sample omits agent_ids, the view sample and FC have them (reference §7.14)', ADMIN_NOTE],
  },
  {
    id: 'groups.view',
    family: 'groups',
    summary: 'View a group: GET /api/v2/groups/[id]; the members are agent_ids instead of agent objects.',
    v1: { method: 'GET', paths: ['/groups/:id'] },
    plan: [v2('GET', '/groups/:id', 'read the group')],
    request: { body: 'none' },
    response: groupObject,
    fidelity: 'lossy',
    lost: [AGENTS_LOST, 'assign_time values other than the nine unassigned_for steps (read back as null)'],
    notes: [ADMIN_NOTE],
  },
  {
    id: 'groups.update',
    family: 'groups',
    summary: 'Update a group: PUT /api/v2/groups/[id] with assign_time as unassigned_for and agent_list as agent_ids (the list replaces all members).',
    v1: { method: 'PUT', paths: ['/groups/:id'] },
    plan: [v2('PUT', '/groups/:id', 'update the group')],
    request: { wrapper: 'group', resource: groupLens, accepts: GROUP_FIELDS },
    response: { v1Status: 200, shape: 'none' },
    fidelity: 'exact',
    notes: [ASSIGN_NOTE, 'agent_ids: [] removes every agent', 'v1 answered 200 with no body; v2 answers 200 with the group', ADMIN_NOTE],
  },
  {
    id: 'groups.delete',
    family: 'groups',
    summary: 'Delete a group: DELETE /api/v2/groups/[id], which disbands the group (its agents stay) and answers 204 with no body.',
    v1: { method: 'DELETE', paths: ['/groups/:id'] },
    plan: [v2('DELETE', '/groups/:id', 'delete the group')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'none' },
    fidelity: 'exact',
    notes: ['deleted groups cannot be restored in either version', ADMIN_NOTE],
  },
];
