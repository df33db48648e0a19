/** Ticket fields: GET /ticket_fields.json → GET /api/v2/ticket_fields, with renamed attributes. */
import type { Lens, Rule } from '../src/catalogue/types.ts';
import { STANDARD_TIMESTAMPS, v2 } from './shared.ts';

export const ticketFieldLens: Lens = [
  { op: 'convert', path: 'name', converter: 'ticketFieldName' },
  { op: 'rename', from: 'field_type', to: 'type' },
  { op: 'rename', from: 'required', to: 'required_for_agents' },
  { op: 'rename', from: 'required_in_portal', to: 'required_for_customers' },
  { op: 'rename', from: 'editable_in_portal', to: 'customers_can_edit' },
  { op: 'rename', from: 'visible_in_portal', to: 'displayed_to_customers' },
  { op: 'rename', from: 'label_in_portal', to: 'label_for_customers' },
  { op: 'drop', path: 'active', reason: 'active has no v2 field (v2 lists active fields only)' },
  { op: 'drop', path: 'flexifield_def_entry_id', reason: 'flexifield_def_entry_id is internal and gone in v2' },
  { op: 'drop', path: 'field_options', reason: 'field_options has no v2 field' },
  { op: 'drop', path: 'choices', reason: 'choices change shape: v2 dropdowns are arrays of values, status a map id → [agent, customer] label, source/priority a map name → number' },
  { op: 'extra', path: 'default', reason: 'v2 only' },
  { op: 'extra', path: 'portal_cc', reason: 'v2 only' },
  { op: 'extra', path: 'portal_cc_to', reason: 'v2 only' },
  ...STANDARD_TIMESTAMPS,
];

export const TICKET_FIELD_RULES: Rule[] = [
  {
    id: 'ticket-fields.list',
    family: 'ticket-fields',
    summary: 'List ticket fields: GET /api/v2/ticket_fields; field_type is type, required is required_for_agents, and custom names lose the account id suffix.',
    v1: { method: 'GET', paths: ['/ticket_fields'] },
    plan: [v2('GET', '/ticket_fields', 'list the ticket fields')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'list-wrapped', wrapper: 'ticket_field', resource: ticketFieldLens },
    fidelity: 'lossy',
    lost: ['active, flexifield_def_entry_id and field_options', 'the v1 shape of choices (v2 reshapes them per field type)'],
    notes: ['v2 also filters with ?type=<type>; admins have /api/v2/admin/ticket_fields'],
  },
];
