/**
 * Tickets: create, view (with notes), update (with tags), pick, assign, delete, restore, and every
 * list filter form of spec 001. The ticket lens is the one description of a v1 ticket ↔ a v2 ticket;
 * requests use it forward, responses use its derived reverse.
 */
import type { Lens, LensOp, Rule } from '../src/catalogue/types.ts';
import { noteLens } from './notes.ts';
import { attachmentsOps, lookup, MULTIPART_NOTE, timestamps, v2 } from './shared.ts';

const GLOBAL_ID_LOST = 'the v1 global ticket id (v2 id is the v1 display_id)';

/** A v1 ticket ↔ a v2 ticket. */
export const ticketLens: Lens = [
  // ids: v2 `id` is the v1 display_id; the v1 global id has no v2 field
  { op: 'drop', path: 'id', reason: `${GLOBAL_ID_LOST} has no v2 field`, only: 'response' },
  { op: 'rename', from: 'display_id', to: 'id' },
  // text vs HTML. Order matters: in reverse, description → description_html must run before
  // description_text → description, so the text rename is listed first here.
  { op: 'convert', path: 'description', converter: 'textToHtml', only: 'request' },
  { op: 'rename', from: 'description', to: 'description_text', only: 'response' },
  { op: 'rename', from: 'description_html', to: 'description' },
  // renamed fields
  { op: 'rename', from: 'ticket_type', to: 'type' },
  { op: 'convert', path: 'type', converter: 'ticketType', only: 'request' },
  { op: 'rename', from: 'frDueBy', to: 'fr_due_by' },
  { op: 'drop', path: 'isescalated', reason: 'isescalated is read-only; v2 does not accept is_escalated', only: 'request' },
  { op: 'rename', from: 'isescalated', to: 'is_escalated' },
  { op: 'rename', from: 'owner_id', to: 'company_id' },
  { op: 'convert', path: 'phone', converter: 'numberToString', only: 'request' },
  // flags v2 does not take in a write
  { op: 'drop', path: 'deleted', reason: 'deleted cannot be written in v2: use DELETE /api/v2/tickets/[id] or PUT .../restore', only: 'request' },
  { op: 'drop', path: 'spam', reason: 'spam cannot be written through the public v2 API', only: 'request' },
  // cc: a comma string in v1 requests, one object of three lists in v1 responses
  { op: 'convert', path: 'cc_emails', converter: 'commaList', only: 'request' },
  { op: 'duplicate', path: 'cc_emails', copy: 'cc_email.cc_emails', only: 'response' },
  { op: 'hoist', host: 'cc_email', field: 'fwd_emails', only: 'response' },
  { op: 'hoist', host: 'cc_email', field: 'reply_cc', to: 'reply_cc_emails', only: 'response' },
  // tags: comma string in v1 requests, [{ name }] in v1 responses, strings in v2
  { op: 'convert', path: 'tags', converter: 'commaList', only: 'request' },
  { op: 'convert', path: 'tags', converter: 'tagObjects', only: 'response' },
  // custom fields lose the account id suffix
  { op: 'rename', from: 'custom_field', to: 'custom_fields' },
  { op: 'mapKeys', path: 'custom_fields', converter: 'ticketCustomFieldKey' },
  ...attachmentsOps,
  // notes embedded in the v1 view are the v2 conversations (fetched with a second call)
  { op: 'map', path: 'notes', lens: [{ op: 'unwrap', key: 'note' }, ...noteLens], only: 'response' },
  { op: 'rename', from: 'notes', to: 'conversations', only: 'response' },
  // *_name fields are derived from the numbers plus account facts; `requester` must still be
  // there when requester_name is derived, so it is removed after (listed before) it
  { op: 'extra', path: 'requester', reason: 'embedded by include=requester', only: 'response' },
  { op: 'derive', path: 'status_name', deriver: 'statusName', reason: 'needs the default_status ticket field choices', only: 'response' },
  {
    op: 'derive',
    path: 'requester_status_name',
    deriver: 'requesterStatusName',
    reason: 'needs the default_status ticket field choices',
    only: 'response',
  },
  { op: 'derive', path: 'priority_name', deriver: 'priorityName', reason: 'unknown priority', only: 'response' },
  { op: 'derive', path: 'source_name', deriver: 'sourceName', reason: 'unknown source', only: 'response' },
  { op: 'derive', path: 'requester_name', deriver: 'requesterName', reason: 'needs include=requester or a contact lookup', only: 'response' },
  { op: 'derive', path: 'responder_name', deriver: 'responderName', reason: 'needs an agent lookup (admin only)', only: 'response' },
  // v2 omits deleted unless it is true
  { op: 'v1Default', path: 'deleted', value: false, only: 'response' },
  // v1-only response fields
  { op: 'drop', path: 'delta', reason: 'delta has no v2 field', only: 'response' },
  { op: 'drop', path: 'trained', reason: 'trained has no v2 field', only: 'response' },
  { op: 'drop', path: 'to_email', reason: 'to_email has no v2 field (to_emails stays)', only: 'response' },
  // v2-only response fields
  { op: 'extra', path: 'association_type', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'associated_tickets_list', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'source_additional_info', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'structured_description', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'internal_agent_id', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'internal_group_id', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'stats', reason: 'embedded by include=stats', only: 'response' },
  { op: 'extra', path: 'watcher_ids', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'nr_due_by', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'nr_escalated', reason: 'v2 only', only: 'response' },
  ...timestamps('created_at', 'updated_at', 'due_by', 'fr_due_by'),
];

/** The v1 `{ ticket: {...} }` summary of update, pick, assign and restore. */
const SUMMARY_FIELDS = [
  'deleted',
  'display_id',
  'subject',
  'status_name',
  'requester_status_name',
  'priority_name',
  'source_name',
  'requester_name',
  'responder_name',
  'to_emails',
];

/** v1 sent tags beside the wrapper as `helpdesk: { tags: "a,b" }`. */
const HOIST_TAGS: LensOp = { op: 'in', path: 'body', lens: [{ op: 'hoist', host: 'helpdesk', field: 'tags' }] };

const createRequestLens: Lens = [
  { op: 'convert', path: 'source', converter: 'ticketSourceOnCreate', only: 'request' },
  ...ticketLens,
];

const updateRequestLens: Lens = [
  ...ticketLens,
  { op: 'drop', path: 'cc_emails', reason: 'v2 update refuses cc_emails: cc can only be set when the ticket is created' },
];

/** Ticket list query: filter names, sorting and scoping parameters. */
const listQueryLens: LensOp[] = [
  { op: 'rename', from: 'query.filter_name', to: 'query.filter' },
  { op: 'convert', path: 'query.filter', converter: 'ticketFilter' },
  { op: 'rename', from: 'query.wf_order', to: 'query.order_by' },
  { op: 'rename', from: 'query.wf_order_type', to: 'query.order_type' },
];

/** Assigning to the caller: v2 has no "me" for responder_id, so the agent id is looked up first. */
const ASSIGN_TO_CALLER = [
  lookup('GET', '/agents/me', 'find the calling agent id (cache it)', { provides: { 'body.responder_id': 'id' } }),
  v2('PUT', '/tickets/:id', 'assign the ticket to the calling agent'),
];

const LIST_LOST = 'description and description_html: v2 list items carry them only with include=description (2 more credits)';

const ticketList = (extra: Partial<Rule['response']> = {}): Rule['response'] => ({
  v1Status: 200,
  shape: 'list',
  resource: ticketLens,
  onlyWith: { query: { include: 'description' }, fields: ['description', 'description_html'], note: LIST_LOST },
  ...extra,
});

const ticketObject: Rule['response'] = { v1Status: 200, shape: 'object', wrapper: 'helpdesk_ticket', resource: ticketLens };
const ticketSummaryList: Rule['response'] = {
  v1Status: 200,
  shape: 'summary-list',
  wrapper: 'ticket',
  resource: ticketLens,
  project: SUMMARY_FIELDS,
};

const LIST_NOTES = [
  'v1 pages hold 30 tickets; v2 takes per_page up to 100 and stops at 300 pages',
  'v1 list items are bare ticket objects, as in v2',
];

/** The body fields of a v2 ticket update (spec 000 "Update a ticket": the create fields but cc_emails and the association fields). */
const TICKET_UPDATE_FIELDS: readonly string[] = ['name', 'requester_id', 'email', 'facebook_id', 'phone', 'twitter_id', 'unique_external_id', 'subject', 'type', 'status', 'priority', 'description', 'responder_id', 'attachments', 'custom_fields', 'due_by', 'fr_due_by', 'email_config_id', 'group_id', 'product_id', 'source', 'tags', 'company_id', 'internal_agent_id', 'internal_group_id'];

/** The body fields of a v2 ticket create (spec 000 "Create a ticket": every writable ticket field and a few more). */
const TICKET_CREATE_FIELDS: readonly string[] = [...TICKET_UPDATE_FIELDS, 'cc_emails', 'parent_id', 'related_ticket_ids', 'lookup_parameter'];

export const TICKET_RULES: Rule[] = [
  {
    id: 'tickets.create',
    family: 'tickets',
    summary:
      'Create a ticket: POST /api/v2/tickets with the fields unwrapped from helpdesk_ticket, ticket_type as type, custom_field as custom_fields and cc_emails as an array.',
    v1: { method: 'POST', paths: ['/helpdesk/tickets'] },
    plan: [v2('POST', '/tickets', 'create the ticket')],
    request: {
      accepts: TICKET_CREATE_FIELDS,
      wrapper: 'helpdesk_ticket',
      lens: [HOIST_TAGS],
      resource: createRequestLens,
      multipart: { v1Files: 'helpdesk_ticket[attachments][][resource]', v2Files: 'attachments[]' },
    },
    response: ticketObject,
    fidelity: 'exact',
    notes: [
      'v2 answers 201 Created with a Location header (v1 answered 200)',
      'plain-text description is HTML-escaped (newlines become <br>) because v2 description is HTML',
      'v2 validates type against the account ticket types and custom field values by type',
      MULTIPART_NOTE,
    ],
  },
  {
    id: 'tickets.view',
    family: 'tickets',
    summary:
      'View a ticket with its notes: GET /api/v2/tickets/[id]?include=requester, plus GET /api/v2/tickets/[id]/conversations for the notes.',
    v1: { method: 'GET', paths: ['/helpdesk/tickets/:id'] },
    plan: [
      v2('GET', '/tickets/:id', 'read the ticket (include=requester gives requester_name)', { query: { include: 'requester' }, cost: 2 }),
      lookup('GET', '/tickets/:id/conversations', 'read the notes (v1 embedded them)', { query: { per_page: '100' } }),
    ],
    response: { ...ticketObject, embed: { conversations: 1 } },
    fidelity: 'lossy',
    lost: [
      GLOBAL_ID_LOST,
      'meta notes (source 4) are never returned as v2 conversations',
      'delta, trained and to_email have no v2 fields',
      'responder_name needs GET /api/v2/agents/[responder_id] (admin only)',
    ],
    notes: ['include=conversations would embed at most 10 notes; the separate conversations call pages instead'],
  },
  {
    id: 'tickets.list',
    family: 'tickets',
    summary:
      'List tickets: GET /api/v2/tickets with filter instead of filter_name (the v1 default new_and_my_open must be asked for), order_by/order_type instead of wf_order/wf_order_type.',
    v1: { method: 'GET', paths: ['/helpdesk/tickets'] },
    plan: [v2('GET', '/tickets', 'list the tickets')],
    request: {
      body: 'none',
      lens: [
        // v1 listed new_and_my_open by default; the v2 default is every ticket of the last 30 days.
        // The default fills a missing filter_name before it is converted, so a named all_tickets
        // (converted to no filter) stays the plain listing.
        { op: 'v2Default', path: 'query.filter_name', value: 'new_and_my_open', unless: ['query.email', 'query.company_id', 'query.requester_id'] },
        ...listQueryLens,
      ],
    },
    response: ticketList(),
    fidelity: 'lossy',
    lost: [LIST_LOST, GLOBAL_ID_LOST],
    notes: LIST_NOTES,
  },
  {
    id: 'tickets.list-by-company-name',
    family: 'tickets',
    summary:
      'List tickets of a company by name: v2 has no company_name filter, so resolve the name with GET /api/v2/companies/autocomplete, then GET /api/v2/tickets?company_id=.',
    v1: { method: 'GET', paths: ['/helpdesk/tickets'], whenQuery: ['company_name'] },
    plan: [
      lookup('GET', '/companies/autocomplete', 'resolve the company name to an id (exact, case-insensitive match)', {
        query: { name: '{{query.company_name}}' },
        provides: { 'query.company_id': 'companies[name={{query.company_name}}].id' },
        consumes: ['query.company_name'],
      }),
      v2('GET', '/tickets', 'list the company tickets'),
    ],
    request: { body: 'none', lens: listQueryLens },
    response: ticketList(),
    fidelity: 'lossy',
    lost: [LIST_LOST, GLOBAL_ID_LOST],
    notes: ['autocomplete matches word prefixes: keep only the exact name match', ...LIST_NOTES],
  },
  {
    id: 'tickets.filter',
    family: 'tickets',
    summary:
      'List a predefined view: GET /api/v2/tickets?filter= (monitored_by is watching; all_tickets is the default listing, limited to 30 days without updated_since).',
    v1: { method: 'GET', paths: ['/helpdesk/tickets/filter/:filter_name'] },
    plan: [v2('GET', '/tickets', 'list the tickets of the filter')],
    request: {
      body: 'none',
      lens: [{ op: 'rename', from: 'params.filter_name', to: 'query.filter_name' }, ...listQueryLens],
    },
    response: ticketList(),
    fidelity: 'lossy',
    lost: [LIST_LOST, GLOBAL_ID_LOST],
    notes: LIST_NOTES,
  },
  {
    id: 'tickets.filter-requester',
    family: 'tickets',
    summary: "List a requester's tickets: GET /api/v2/tickets?requester_id=.",
    v1: { method: 'GET', paths: ['/helpdesk/tickets/filter/requester/:requester_id'] },
    plan: [v2('GET', '/tickets', "list the requester's tickets")],
    request: {
      body: 'none',
      lens: [{ op: 'rename', from: 'params.requester_id', to: 'query.requester_id' }, ...listQueryLens],
    },
    response: ticketList(),
    fidelity: 'lossy',
    lost: [LIST_LOST, GLOBAL_ID_LOST],
    notes: LIST_NOTES,
  },
  {
    id: 'tickets.custom-view',
    family: 'tickets',
    summary:
      'A custom ticket view has no public v2 equivalent: rebuild its conditions as a GET /api/v2/search/tickets query.',
    v1: { method: 'GET', paths: ['/helpdesk/tickets/view/:view_id'] },
    plan: [
      v2('GET', '/search/tickets', 'search with the view conditions rewritten as a query', {
        carries: false,
        query: { query: '"<conditions of view {{params.view_id}}>"' },
      }),
    ],
    request: { body: 'none' },
    response: ticketList(),
    fidelity: 'manual',
    decision: "rewrite the custom view's conditions as a search query (field:value with AND/OR, cf_ prefix for custom fields)",
    substitute: 'GET /api/v2/search/tickets?query="..." (≤ 300 results: 10 pages of 30, indexing delay, no archived tickets, no sort)',
    lost: ['sorting', 'results beyond 300', 'conditions on fields search cannot query'],
  },
  {
    id: 'tickets.update',
    family: 'tickets',
    summary:
      'Update a ticket: PUT /api/v2/tickets/[id] with the fields unwrapped; tags move from helpdesk.tags into tags (an array); cc_emails cannot be changed.',
    v1: { method: 'PUT', paths: ['/helpdesk/tickets/:id'] },
    plan: [v2('PUT', '/tickets/:id', 'update the ticket')],
    request: { wrapper: 'helpdesk_ticket', lens: [HOIST_TAGS], resource: updateRequestLens, accepts: TICKET_UPDATE_FIELDS },
    response: { ...ticketSummaryList, shape: 'object' },
    fidelity: 'exact',
    notes: [
      'v1 answered { ticket: summary }; v2 answers the whole ticket object',
      'setting tags replaces the whole set in both versions',
      'v2 answers 405 for a deleted or spam ticket',
    ],
  },
  {
    id: 'tickets.pick',
    family: 'tickets',
    summary: 'Pick a ticket (assign it to yourself): GET /api/v2/agents/me, then PUT /api/v2/tickets/[id] with responder_id = your id.',
    v1: { method: 'PUT', paths: ['/helpdesk/tickets/:id/pick_tickets'] },
    plan: ASSIGN_TO_CALLER,
    request: { body: 'none' },
    response: ticketSummaryList,
    fidelity: 'exact',
    notes: [
      'several tickets at once: POST /api/v2/tickets/bulk_update { bulk_action: { ids, properties: { responder_id } } } (an asynchronous job)',
    ],
  },
  {
    id: 'tickets.assign',
    family: 'tickets',
    summary: 'Assign a ticket: PUT /api/v2/tickets/[id] with responder_id in the body instead of the query string.',
    v1: { method: 'PUT', paths: ['/helpdesk/tickets/:id/assign'], whenQuery: ['responder_id'] },
    plan: [v2('PUT', '/tickets/:id', 'assign the ticket')],
    request: {
      body: 'none',
      lens: [{ op: 'convert', path: 'query.responder_id', to: 'body.responder_id', converter: 'stringToNumber' }],
    },
    response: ticketSummaryList,
    fidelity: 'exact',
  },
  {
    id: 'tickets.assign-self',
    family: 'tickets',
    summary: 'Assign without responder_id (v1 assigned the caller): GET /api/v2/agents/me, then PUT /api/v2/tickets/[id] with responder_id.',
    v1: { method: 'PUT', paths: ['/helpdesk/tickets/:id/assign'] },
    plan: ASSIGN_TO_CALLER,
    request: { body: 'none' },
    response: ticketSummaryList,
    fidelity: 'exact',
  },
  {
    id: 'tickets.delete',
    family: 'tickets',
    summary: 'Delete a ticket: DELETE /api/v2/tickets/[id], which answers 204 with no body (the ticket stays restorable).',
    v1: { method: 'DELETE', paths: ['/helpdesk/tickets/:id'] },
    plan: [v2('DELETE', '/tickets/:id', 'delete the ticket')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'none' },
    fidelity: 'exact',
    notes: ['v2 answers 405 when the ticket is already deleted or spam'],
  },
  {
    id: 'tickets.restore',
    family: 'tickets',
    summary: 'Restore a deleted ticket: PUT /api/v2/tickets/[id]/restore with no body; it answers 204.',
    v1: { method: 'PUT', paths: ['/helpdesk/tickets/:id/restore'] },
    plan: [
      v2('PUT', '/tickets/:id/restore', 'restore the ticket', { status: 204 }),
      lookup('GET', '/tickets/:id', 'read the restored ticket for the v1 summary', { forResponse: true }),
    ],
    request: { body: 'none' },
    response: ticketSummaryList,
    fidelity: 'exact',
  },
];
