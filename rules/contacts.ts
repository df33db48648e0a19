/**
 * Contacts (v1 "users"): create (JSON and multipart with an avatar), view, list with its filters,
 * and the operations real code used beyond spec 001 (reference Appendix A): update, delete,
 * make_agent. The contact lens is the one description of a v1 `user` ↔ a v2 contact.
 */
import type { Lens, LensOp, Rule } from '../src/catalogue/types.ts';
import { timestamps, v2 } from './shared.ts';

/** A v1 contact (`user`) ↔ a v2 contact. */
export const contactLens: Lens = [
  // v1 called the company a customer; FC v1 also answered company_id as an alias of customer_id
  { op: 'rename', from: 'customer_id', to: 'company_id', only: 'request' },
  { op: 'duplicate', path: 'company_id', copy: 'customer_id', only: 'response' },
  // v1 phone numbers were numbers, v2 strings
  { op: 'convert', path: 'phone', converter: 'numberToString' },
  { op: 'convert', path: 'mobile', converter: 'numberToString' },
  // custom fields: cf_<name> in v1, <name> in v2
  { op: 'rename', from: 'custom_field', to: 'custom_fields' },
  { op: 'mapKeys', path: 'custom_fields', converter: 'contactCustomFieldKey' },
  // v1 fields with no v2 counterpart
  { op: 'drop', path: 'fb_profile_id', reason: 'fb_profile_id has no v2 contact field (newer accounts use social_handler)' },
  {
    op: 'drop',
    path: 'external_id',
    reason: 'external_id was read-only in v1 and has no v2 field (v2 unique_external_id is a separate, writable attribute)',
  },
  // read-only v1 flags: v1 ignored them in writes, v2 refuses unknown fields
  { op: 'drop', path: 'helpdesk_agent', reason: 'helpdesk_agent is read-only; use PUT /api/v2/contacts/[id]/make_agent', only: 'request' },
  { op: 'drop', path: 'active', reason: 'active is read-only (true once the contact is verified)', only: 'request' },
  { op: 'drop', path: 'deleted', reason: 'deleted cannot be written: use DELETE /api/v2/contacts/[id] or PUT .../restore', only: 'request' },
  // v2 contacts are never agents, and v2 sends deleted only for deleted contacts
  { op: 'v1Default', path: 'helpdesk_agent', value: false, only: 'response' },
  { op: 'v1Default', path: 'deleted', value: false, only: 'response' },
  // multipart avatar: user[avatar_attributes][content] → avatar
  { op: 'hoist', host: 'avatar_attributes', field: 'content', to: 'avatar', only: 'request' },
  // v2-only response fields
  { op: 'extra', path: 'avatar', reason: 'v2 avatar object (avatar_url, content_type, name, size)', only: 'response' },
  { op: 'extra', path: 'other_emails', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'other_companies', reason: 'v2 only (multiple companies)', only: 'response' },
  { op: 'extra', path: 'view_all_tickets', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'tags', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'unique_external_id', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'contact_type', reason: 'v2 only (accounts since June 2022)', only: 'response' },
  { op: 'extra', path: 'social_handler', reason: 'v2 only (accounts since June 2022)', only: 'response' },
  { op: 'extra', path: 'devices', reason: 'v2 only (accounts since June 2022)', only: 'response' },
  { op: 'extra', path: 'facebook_id', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'csat_rating', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'preferred_source', reason: 'v2 only', only: 'response' },
  ...timestamps('created_at', 'updated_at'),
];

const CONTACT_LOST = [
  'fb_profile_id (no v2 field)',
  'external_id (v2 unique_external_id is a different attribute)',
];

const contactObject: Rule['response'] = { v1Status: 200, shape: 'object', wrapper: 'user', resource: contactLens };

/** List filters: `query=<column> is <value>` becomes the v2 parameter of that column; state keeps its values. */
const listQueryLens: LensOp[] = [
  { op: 'convert', path: 'query.query', converter: 'contactQuery' },
  { op: 'hoist', host: 'query.query', field: 'email', to: 'query.email' },
  { op: 'hoist', host: 'query.query', field: 'phone', to: 'query.phone' },
  { op: 'hoist', host: 'query.query', field: 'mobile', to: 'query.mobile' },
  { op: 'hoist', host: 'query.query', field: 'company_id', to: 'query.company_id' },
  { op: 'convert', path: 'query.state', converter: 'contactState' },
];

const LIST_NOTES = [
  'v1 list items are wrapped ([{ user: {...} }]); v2 items are bare',
  'v1 pages held at most 50 contacts (per_page), v2 at most 100; the order is by name in both (INFERRED for v2)',
  'query=<column> is <value> works for email, phone, mobile and customer_id; the value is URL-encoded in v2 too (bat%2Bman%40gmail.com)',
  'state=all (v1: not deleted, not blocked) is the v2 default listing, so it is left out; verified, unverified, deleted and blocked are unchanged',
  'v1 without state: the v1 default is not documented in spec 001; the v2 default lists every unblocked, undeleted contact',
];

const LETTER_SUBSTITUTE =
  'list the contacts (GET /api/v2/contacts) and keep the names that start with the letter client-side, ' +
  'or GET /api/v2/contacts/autocomplete?term=<letter> (matches word prefixes anywhere in the name, returns only id and name)';

/** The body fields of a v2 contact create or update (reference §4.7). */
const CONTACT_FIELDS: readonly string[] = ['name', 'email', 'phone', 'mobile', 'twitter_id', 'unique_external_id', 'other_emails', 'company_id', 'view_all_tickets', 'address', 'avatar', 'custom_fields', 'description', 'job_title', 'language', 'tags', 'time_zone'];

export const CONTACT_RULES: Rule[] = [
  {
    id: 'contacts.create',
    family: 'contacts',
    summary:
      'Create a contact: POST /api/v2/contacts with the fields unwrapped from user, customer_id as company_id and custom_field as custom_fields without the cf_ prefix; an avatar is sent as the multipart file avatar.',
    v1: { method: 'POST', paths: ['/contacts'] },
    plan: [v2('POST', '/contacts', 'create the contact')],
    request: {
      accepts: CONTACT_FIELDS,
      wrapper: 'user',
      resource: contactLens,
      multipart: { v1Files: 'user[avatar_attributes][content]', v2Files: 'avatar' },
    },
    response: contactObject,
    fidelity: 'exact',
    notes: [
      'v2 answers 201 Created with a Location header (FC v1 JSON answered 200)',
      'one of email, phone, mobile, twitter_id or unique_external_id is mandatory in v2 (v1: email, phone or mobile)',
      'language and time_zone are writable in v2 only with the multi-language / multi-time-zone features',
      'a duplicate e-mail is 409 in v2 (FC v1 answered 422 with the model errors)',
      'multipart: the avatar file goes in the field avatar (≤ 5 MB, jpg/jpeg/jpe/png) and the other fields are plain form fields without the user[...] prefix',
      'v1 ignored the read-only active, helpdesk_agent and deleted fields in a create; v2 refuses unknown fields, so they are removed',
    ],
  },
  {
    id: 'contacts.view',
    family: 'contacts',
    summary: 'View a contact: GET /api/v2/contacts/[id]; the contact is no longer wrapped in user, and customer_id is company_id.',
    v1: { method: 'GET', paths: ['/contacts/:id'] },
    plan: [v2('GET', '/contacts/:id', 'read the contact')],
    request: { body: 'none' },
    response: contactObject,
    fidelity: 'lossy',
    lost: CONTACT_LOST,
    notes: ['v2 sends deleted only for deleted contacts; the v1 shape gets deleted: false back', 'v2 twitter_id holds the numeric Twitter user id since Oct 2020'],
  },
  {
    id: 'contacts.list',
    family: 'contacts',
    summary:
      'List contacts: GET /api/v2/contacts with query=<column> is <value> turned into email=, phone=, mobile= or company_id=, and state=all left out.',
    v1: { method: 'GET', paths: ['/contacts'] },
    plan: [v2('GET', '/contacts', 'list the contacts')],
    request: { body: 'none', lens: listQueryLens },
    response: { v1Status: 200, shape: 'list-wrapped', wrapper: 'user', resource: contactLens },
    fidelity: 'lossy',
    lost: CONTACT_LOST,
    notes: LIST_NOTES,
  },
  {
    id: 'contacts.list-by-letter',
    family: 'contacts',
    summary:
      'List contacts by the initial of their name (letter=): v2 has no such filter; list with GET /api/v2/contacts and filter client-side, or use the autocomplete search.',
    v1: { method: 'GET', paths: ['/contacts'], whenQuery: ['letter'] },
    plan: [v2('GET', '/contacts', 'list the contacts (filter the names client-side)')],
    request: {
      body: 'none',
      lens: [
        ...listQueryLens,
        {
          op: 'drop',
          path: 'query.letter',
          fidelity: 'manual',
          reason: `letter= (name starts with) has no v2 filter: ${LETTER_SUBSTITUTE}`,
        },
      ],
    },
    response: { v1Status: 200, shape: 'list-wrapped', wrapper: 'user', resource: contactLens },
    fidelity: 'manual',
    decision: 'choose how to replace the name-initial filter: page through GET /api/v2/contacts and filter client-side (exact), or the autocomplete search (word prefixes, id and name only)',
    substitute: LETTER_SUBSTITUTE,
    lost: ['the server-side name-initial filter', ...CONTACT_LOST],
    notes: LIST_NOTES,
  },
  {
    id: 'contacts.update',
    family: 'contacts',
    summary: 'Update a contact: PUT /api/v2/contacts/[id] with the fields unwrapped from user (v2 refuses to update a blocked or deleted contact).',
    v1: { method: 'PUT', paths: ['/contacts/:id'], source: 'reference' },
    plan: [v2('PUT', '/contacts/:id', 'update the contact')],
    request: {
      accepts: CONTACT_FIELDS,
      wrapper: 'user',
      resource: contactLens,
      multipart: { v1Files: 'user[avatar_attributes][content]', v2Files: 'avatar' },
    },
    response: contactObject,
    fidelity: 'exact',
    notes: [
      'outside spec 001: the official v1 samples (reference Appendix A)',
      'v2 answers 405 for a blocked or deleted contact',
      'v2 answers the updated contact; the v1 JSON answer of an update is not documented (INFERRED: the { user } object is given back, a superset of an empty 200)',
    ],
  },
  {
    id: 'contacts.delete',
    family: 'contacts',
    summary: 'Delete a contact: DELETE /api/v2/contacts/[id], a soft delete that answers 204 with no body (restore with PUT /api/v2/contacts/[id]/restore).',
    v1: { method: 'DELETE', paths: ['/contacts/:id'], source: 'reference' },
    plan: [v2('DELETE', '/contacts/:id', 'soft-delete the contact')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'none' },
    fidelity: 'exact',
    notes: [
      'outside spec 001: the official v1 samples (reference Appendix A)',
      'both versions soft-delete (deleted: true, restorable); v2 also has DELETE /api/v2/contacts/[id]/hard_delete',
      'v2 answers 405 for a contact that is already deleted or blocked',
    ],
  },
  {
    id: 'contacts.make-agent',
    family: 'contacts',
    summary: 'Turn a contact into an agent: PUT /api/v2/contacts/[id]/make_agent; the answer is the contact with the agent nested in agent.',
    v1: { method: 'PUT', paths: ['/contacts/:id/make_agent'], source: 'reference' },
    plan: [v2('PUT', '/contacts/:id/make_agent', 'make the contact an agent')],
    request: { body: 'none' },
    response: {
      v1Status: 200,
      shape: 'object',
      wrapper: 'agent',
      resource: [
        // v1 { agent: { ...agent, user: {...} } } ↔ v2 { ...contact, agent: {...} }
        { op: 'drop', path: 'id', reason: 'the v1 agent record id has no v2 field (v2 agent id = user id)' },
        { op: 'duplicate', path: 'user_id', copy: 'user.id' },
        { op: 'rename', from: 'user_id', to: 'agent.id' },
        { op: 'rename', from: 'available', to: 'agent.available' },
        { op: 'rename', from: 'occasional', to: 'agent.occasional' },
        { op: 'drop', path: 'signature', reason: 'the v1 plain-text signature: v2 keeps only the HTML one' },
        { op: 'rename', from: 'signature_html', to: 'agent.signature' },
        { op: 'rename', from: 'ticket_permission', to: 'agent.ticket_scope' },
        { op: 'rename', from: 'active_since', to: 'agent.available_since' },
        { op: 'drop', path: 'points', reason: 'gamification points have no v2 field' },
        { op: 'drop', path: 'scoreboard_level_id', reason: 'gamification level has no v2 field' },
        { op: 'rename', from: 'created_at', to: 'agent.created_at' },
        { op: 'rename', from: 'updated_at', to: 'agent.updated_at' },
        { op: 'extra', path: 'agent.group_ids', reason: 'v2 only' },
        { op: 'extra', path: 'agent.role_ids', reason: 'v2 only' },
        { op: 'extra', path: 'agent.skill_ids', reason: 'v2 only' },
        { op: 'extra', path: 'agent.type', reason: 'v2 only' },
        { op: 'extra', path: 'agent.focus_mode', reason: 'v2 only' },
        ...timestamps('agent.created_at', 'agent.updated_at', 'agent.available_since'),
        // the user's fields become the top level
        ...['active', 'email', 'job_title', 'language', 'mobile', 'name', 'phone', 'time_zone', 'created_at', 'updated_at'].map(
          (field): LensOp => ({ op: 'hoist', host: 'user', field }),
        ),
        { op: 'convert', path: 'phone', converter: 'numberToString' },
        { op: 'convert', path: 'mobile', converter: 'numberToString' },
        { op: 'drop', path: 'user', reason: 'user fields without a v2 counterpart in make_agent (address, description, twitter_id, fb_profile_id, external_id, deleted, helpdesk_agent)' },
        { op: 'extra', path: 'last_login_at', reason: 'v2 only' },
        ...timestamps('created_at', 'updated_at'),
      ],
    },
    fidelity: 'lossy',
    lost: [
      'the v1 agent record id (v2 identifies agents by their user id)',
      'the plain-text signature, points and scoreboard level',
      'user fields make_agent does not answer in v2 (address, description, twitter_id, external_id)',
    ],
    notes: [
      'outside spec 001: the official v1 samples (reference Appendix A)',
      'v2 needs the contact to have an e-mail (inconsistent_state otherwise); other_emails are removed; 403 when the agent limit is reached',
      'without a body v2 makes a full-time support agent with global ticket scope; v2 also takes occasional, ticket_scope, group_ids, role_ids, skill_ids, type',
    ],
  },
];

