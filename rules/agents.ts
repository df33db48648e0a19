/**
 * Agents. Spec 001 has no agent operations; these are the v1 paths real code used (python-freshdesk's
 * v1 client: list with query/state filters, view, update, delete; reference Appendix A lists agents
 * among the paths beyond the spec). What is not known about them is said in each rule.
 *
 * The one trap: the v1 path `/agents/[id]` took the agent record id (v1 `agent.id`; FC
 * AgentsController `all_agents.find(params[:id])`), while v2 identifies an agent by its user id
 * (v1 `agent.user_id`; FC make_agent.json: `id ← user_id`). The two differ in general.
 */
import type { Lens, LensOp, Rule } from '../src/catalogue/types.ts';
import { timestamps, v2 } from './shared.ts';

/**
 * The user inside a v1 agent ↔ the v2 agent's contact, field by field (so that a field v2 does not
 * carry is dropped on its own and the rest moves): response ops only.
 */
const USER_FIELDS = ['active', 'email', 'job_title', 'language', 'name', 'time_zone'] as const;
const agentUserOps: LensOp[] = [
  ...USER_FIELDS.map((field): LensOp => ({ op: 'rename', from: `user.${field}`, to: `contact.${field}`, only: 'response' })),
  { op: 'convert', path: 'user.phone', to: 'contact.phone', converter: 'numberToString', only: 'response' },
  { op: 'convert', path: 'user.mobile', to: 'contact.mobile', converter: 'numberToString', only: 'response' },
  { op: 'convert', path: 'user.created_at', to: 'contact.created_at', converter: 'offsetToUtc', only: 'response' },
  { op: 'convert', path: 'user.updated_at', to: 'contact.updated_at', converter: 'offsetToUtc', only: 'response' },
  { op: 'v1Default', path: 'user.helpdesk_agent', value: true, only: 'response' },
  { op: 'v1Default', path: 'user.deleted', value: false, only: 'response' },
  ...(['address', 'description', 'twitter_id', 'external_id', 'fb_profile_id'] as const).map(
    (field): LensOp => ({ op: 'drop', path: `user.${field}`, reason: `the agent contact has no ${field} in v2`, only: 'response' }),
  ),
  { op: 'extra', path: 'contact.last_login_at', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'contact.avatar', reason: 'v2 only', only: 'response' },
];

const ID_REASON = 'the v1 agent record id has no v2 field: v2 identifies an agent by its user id (v1 user_id)';

/** A v1 agent (with its user) ↔ a v2 agent (with its contact). */
export const agentLens: Lens = [
  // ids: v2 id = v1 user_id (= user.id); the v1 agent record id is gone
  { op: 'drop', path: 'id', reason: ID_REASON, only: 'response' },
  { op: 'duplicate', path: 'user_id', copy: 'user.id', only: 'response' },
  { op: 'rename', from: 'user_id', to: 'id', only: 'response' },
  { op: 'rename', from: 'ticket_permission', to: 'ticket_scope' },
  { op: 'rename', from: 'active_since', to: 'available_since' },
  // signature: v2 keeps only the HTML one (spec 000: signature_html became signature)
  { op: 'convert', path: 'signature', converter: 'textToHtml', only: 'request' },
  { op: 'drop', path: 'signature', reason: 'the v1 plain-text signature: v2 keeps only the HTML signature', only: 'response' },
  { op: 'rename', from: 'signature_html', to: 'signature' },
  // gamification
  { op: 'drop', path: 'points', reason: 'gamification points have no v2 agent field' },
  { op: 'drop', path: 'scoreboard_level_id', reason: 'the gamification level has no v2 agent field' },
  // requests: the v1 update sent the user's fields beside the agent ({ agent, user })
  ...(['email', 'language', 'time_zone'] as const).map((field): LensOp => ({ op: 'hoist', host: 'user', field, only: 'request' })),
  ...(['name', 'phone', 'mobile', 'job_title'] as const).map(
    (field): LensOp => ({
      op: 'drop',
      path: `user.${field}`,
      fidelity: 'manual',
      reason: `an agent's ${field.replace('_', ' ')} cannot be changed through the v2 API; change it in the admin centre`,
      only: 'request',
    }),
  ),
  { op: 'drop', path: 'user', reason: 'the other user fields of an agent cannot be set through the v2 agent API', only: 'request' },
  // responses: user ↔ contact
  ...agentUserOps,
  { op: 'extra', path: 'group_ids', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'role_ids', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'skill_ids', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'type', reason: 'v2 only (support_agent, field_agent, collaborator)', only: 'response' },
  { op: 'extra', path: 'focus_mode', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'last_active_at', reason: 'v2 only', only: 'response' },
  ...timestamps('created_at', 'updated_at', 'available_since'),
];

const agentObject: Rule['response'] = { v1Status: 200, shape: 'object', wrapper: 'agent', resource: agentLens };

const ID_DECISION =
  'v1 /agents/[id] took the agent record id (v1 agent.id); v2 /api/v2/agents/[id] takes the agent user id (v1 agent.user_id or agent.user.id). ' +
  'Check where the id comes from and pass the user id';

const AGENT_LOST = [
  'the v1 agent record id (v2 agent ids are user ids)',
  'the plain-text signature (v2 keeps the HTML one)',
  'points and scoreboard_level_id (gamification)',
  'the user fields v2 agents do not carry: address, description, twitter_id, external_id, fb_profile_id',
];

const SOURCE_NOTE =
  'outside spec 001: the v1 agent paths of python-freshdesk and the FC v1 AgentsController; shapes from the python-freshdesk v1 samples';
const ADMIN_NOTE = 'every v2 agent endpoint except /api/v2/agents/me needs admin privileges';

/** The body fields of a v2 agent update (reference). */
const AGENT_FIELDS: readonly string[] = ['name', 'email', 'phone', 'mobile', 'job_title', 'language', 'time_zone', 'occasional', 'signature', 'ticket_scope', 'group_ids', 'role_ids'];

export const AGENT_RULES: Rule[] = [
  {
    id: 'agents.list',
    family: 'agents',
    summary:
      'List agents: GET /api/v2/agents with query=<column> is <value> turned into email=, phone= or mobile=; items are bare agents with a contact instead of { agent: { user } }.',
    v1: { method: 'GET', paths: ['/agents'], source: 'reference' },
    plan: [v2('GET', '/agents', 'list the agents')],
    request: {
      body: 'none',
      lens: [
        { op: 'convert', path: 'query.query', converter: 'agentQuery' },
        { op: 'hoist', host: 'query.query', field: 'email', to: 'query.email' },
        { op: 'hoist', host: 'query.query', field: 'phone', to: 'query.phone' },
        { op: 'hoist', host: 'query.query', field: 'mobile', to: 'query.mobile' },
        { op: 'convert', path: 'query.state', converter: 'agentState' },
      ],
    },
    response: { v1Status: 200, shape: 'list-wrapped', wrapper: 'agent', resource: agentLens },
    fidelity: 'lossy',
    lost: AGENT_LOST,
    notes: [
      SOURCE_NOTE,
      ADMIN_NOTE,
      'state=active (v1 full-time agents; INFERRED from FC Agent.filter) becomes state=fulltime; occasional is unchanged',
      'the ids in v2 list items are user ids: use them, not the v1 agent record ids, with /api/v2/agents/[id]',
    ],
  },
  {
    id: 'agents.view',
    family: 'agents',
    summary: 'View an agent: GET /api/v2/agents/[id], where the id is the agent user id (v1 user_id), not the v1 agent record id.',
    v1: { method: 'GET', paths: ['/agents/:id'], source: 'reference' },
    plan: [v2('GET', '/agents/:id', 'read the agent (by user id)')],
    request: { body: 'none' },
    response: agentObject,
    fidelity: 'manual',
    decision: ID_DECISION,
    lost: AGENT_LOST,
    notes: [SOURCE_NOTE, ADMIN_NOTE, 'the calling agent needs no id: GET /api/v2/agents/me'],
  },
  {
    id: 'agents.update',
    family: 'agents',
    summary:
      "Update an agent: PUT /api/v2/agents/[id] (user id) with the agent fields unwrapped, ticket_permission as ticket_scope and signature_html as signature; the name, phone, mobile and job title cannot be changed through v2.",
    v1: { method: 'PUT', paths: ['/agents/:id'], source: 'reference' },
    plan: [v2('PUT', '/agents/:id', 'update the agent (by user id)')],
    request: { wrapper: 'agent', resource: agentLens, accepts: AGENT_FIELDS },
    response: agentObject,
    fidelity: 'manual',
    decision: ID_DECISION,
    lost: ["changes to the agent's name, phone, mobile and job title (v2 refuses them; use the admin centre)", 'points and scoreboard_level_id'],
    notes: [
      SOURCE_NOTE,
      ADMIN_NOTE,
      'v1 sent the user fields beside the agent ({ agent: {...}, user: {...} }); v2 takes email, language and time_zone at the top level',
      'a plain-text v1 signature is HTML-escaped because v2 signature is HTML',
      'the v1 JSON answer of an update is not documented (INFERRED: the { agent } object is given back)',
    ],
  },
  {
    id: 'agents.delete',
    family: 'agents',
    summary: 'Delete an agent: DELETE /api/v2/agents/[id] (user id), which turns the agent into a contact and answers 204.',
    v1: { method: 'DELETE', paths: ['/agents/:id'], source: 'reference' },
    plan: [v2('DELETE', '/agents/:id', 'downgrade the agent to a contact (by user id)')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'none' },
    fidelity: 'manual',
    decision: `${ID_DECISION}. Also confirm the new effect: v1 marked the agent's user deleted (restorable, FC), v2 turns the agent into a contact`,
    notes: [SOURCE_NOTE, ADMIN_NOTE],
  },
];
