/**
 * Companies: v1 called them customers (`/customers.json`, `{ customer: {...} }`). None of these
 * operations is in spec 001; real code used them (reference Appendix A, official samples, PF).
 */
import type { Lens, Rule } from '../src/catalogue/types.ts';
import { timestamps, v2 } from './shared.ts';

/** A v1 customer ↔ a v2 company. */
export const companyLens: Lens = [
  // domains: one comma-separated string in v1, an array in v2
  { op: 'convert', path: 'domains', converter: 'commaList' },
  // custom fields: cf_<name> in v1, <name> in v2
  { op: 'rename', from: 'custom_field', to: 'custom_fields' },
  { op: 'mapKeys', path: 'custom_fields', converter: 'companyCustomFieldKey' },
  // v1-only fields
  { op: 'drop', path: 'cust_identifier', reason: 'cust_identifier has no v2 company field' },
  { op: 'drop', path: 'sla_policy_id', reason: 'sla_policy_id has no v2 company field (SLA policies name their companies in applicable_to)' },
  // v2-only response fields
  { op: 'extra', path: 'health_score', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'account_tier', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'renewal_date', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'industry', reason: 'v2 only', only: 'response' },
  ...timestamps('created_at', 'updated_at'),
];

const companyObject: Rule['response'] = { v1Status: 200, shape: 'object', wrapper: 'customer', resource: companyLens };

const COMPANY_LOST = ['cust_identifier and sla_policy_id (no v2 company fields)'];
const SOURCE_NOTE = 'outside spec 001: v1 /customers paths from the official samples and python-freshdesk (reference Appendix A)';

/** The body fields of a v2 company create or update (reference). */
const COMPANY_FIELDS: readonly string[] = ['name', 'description', 'note', 'domains', 'custom_fields'];

export const COMPANY_RULES: Rule[] = [
  {
    id: 'companies.create',
    family: 'companies',
    summary: 'Create a company: POST /api/v2/companies with the fields unwrapped from customer and domains as an array instead of a comma-separated string.',
    v1: { method: 'POST', paths: ['/customers'], source: 'reference' },
    plan: [v2('POST', '/companies', 'create the company')],
    request: { wrapper: 'customer', resource: companyLens, accepts: COMPANY_FIELDS },
    response: companyObject,
    fidelity: 'exact',
    notes: [
      SOURCE_NOTE,
      'v2 answers 201 Created with a Location header; the v1 status of a customer create is not documented (200 assumed)',
      'the company name must be unique (409 duplicate_value in v2)',
    ],
  },
  {
    id: 'companies.view',
    family: 'companies',
    summary: 'View a company: GET /api/v2/companies/[id]; the company is no longer wrapped in customer and domains is an array.',
    v1: { method: 'GET', paths: ['/customers/:id'], source: 'reference' },
    plan: [v2('GET', '/companies/:id', 'read the company')],
    request: { body: 'none' },
    response: companyObject,
    fidelity: 'lossy',
    lost: COMPANY_LOST,
    notes: [SOURCE_NOTE],
  },
  {
    id: 'companies.list',
    family: 'companies',
    summary: 'List companies: GET /api/v2/companies; items are bare company objects instead of { customer } wrappers.',
    v1: { method: 'GET', paths: ['/customers'], source: 'reference' },
    plan: [v2('GET', '/companies', 'list the companies')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'list-wrapped', wrapper: 'customer', resource: companyLens },
    fidelity: 'lossy',
    lost: COMPANY_LOST,
    notes: [SOURCE_NOTE, 'v2 pages hold 30 companies by default, per_page up to 100'],
  },
  {
    id: 'companies.update',
    family: 'companies',
    summary: 'Update a company: PUT /api/v2/companies/[id] with the fields unwrapped from customer; domains replaces the whole list.',
    v1: { method: 'PUT', paths: ['/customers/:id'], source: 'reference' },
    plan: [v2('PUT', '/companies/:id', 'update the company')],
    request: { wrapper: 'customer', resource: companyLens, accepts: COMPANY_FIELDS },
    response: companyObject,
    fidelity: 'exact',
    notes: [
      SOURCE_NOTE,
      'domains: [] removes every domain in v2',
      'v2 answers the updated company; the v1 JSON answer of an update is not documented (INFERRED: the { customer } object is given back, a superset of an empty 200)',
    ],
  },
  {
    id: 'companies.delete',
    family: 'companies',
    summary: 'Delete a company: DELETE /api/v2/companies/[id], which answers 204 with no body; its contacts stay but lose the association.',
    v1: { method: 'DELETE', paths: ['/customers/:id'], source: 'reference' },
    plan: [v2('DELETE', '/companies/:id', 'delete the company')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'none' },
    fidelity: 'exact',
    notes: [SOURCE_NOTE, 'a deleted company cannot be restored in v2'],
  },
];
