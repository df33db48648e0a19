/** Company fields: GET /admin/company_fields.json → GET /api/v2/company_fields, with renamed attributes. */
import type { Lens, Rule } from '../src/catalogue/types.ts';
import { timestamps, v2 } from './shared.ts';

/** A v1 company field ↔ a v2 company field. */
export const companyFieldLens: Lens = [
  // listed first so that, coming back, the name is converted while default is still there
  { op: 'extra', path: 'default', reason: 'v2 only (true for default fields)' },
  { op: 'convert', path: 'name', converter: 'companyFieldName' },
  { op: 'rename', from: 'field_type', to: 'type' },
  { op: 'rename', from: 'required_for_agent', to: 'required_for_agents' },
  { op: 'drop', path: 'deleted', reason: 'deleted has no v2 field (v2 lists the live fields only)' },
  { op: 'drop', path: 'field_options', reason: 'field_options has no v2 field' },
  { op: 'extra', path: 'agents_can_edit', reason: 'v2 only (accounts since June 2022)' },
  { op: 'extra', path: 'displayed_for_agents', reason: 'v2 only (accounts since June 2022)' },
  { op: 'extra', path: 'quick_add_for_agent', reason: 'v2 only (accounts since June 2022)' },
  { op: 'extra', path: 'unique', reason: 'v2 only (accounts since June 2022)' },
  ...timestamps('created_at', 'updated_at'),
];

export const COMPANY_FIELD_RULES: Rule[] = [
  {
    id: 'company-fields.list',
    family: 'company-fields',
    summary:
      'List company fields: GET /api/v2/company_fields; field_type is type, required_for_agent is required_for_agents, and custom names lose the cf_ prefix.',
    v1: { method: 'GET', paths: ['/admin/company_fields'] },
    plan: [v2('GET', '/company_fields', 'list the company fields')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'list-wrapped', wrapper: 'company_field', resource: companyFieldLens },
    fidelity: 'lossy',
    lost: ['deleted and field_options (no v2 fields)'],
    notes: [
      'the caller needs the privilege to view company fields (v2: admin)',
      'not paginated in v2 (FC api_company_fields_controller)',
      'field types keep their names (default_name, default_description, default_note, default_domains, custom_text, ...); newer accounts add default_health_score, default_account_tier, ...',
      'v2 choices is an array of values for dropdowns; the v1 shape of choices is not documented, so it is passed through',
    ],
  },
];
