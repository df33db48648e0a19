/**
 * v2 companies: CRUD with domains as an array, unique names (409) and autocomplete.
 */
import type { Ctx, Reply } from '../context.ts';
import { v2, V2Error, type FieldError } from '../errors.ts';
import type { Company } from '../model.ts';
import { checkCustomerCustom } from './contacts.ts';
import { paged, PAGING_PARAMS } from './paging.ts';
import { companyV2 } from './present.ts';
import { companyCreate, companyUpdate } from './schemas/companies.ts';
import { checkBody, checkQuery } from './validate.ts';

// ---- companies -------------------------------------------------------------------------------------

function findCompany(ctx: Ctx): Company {
  const company = ctx.store.companies.get(Number(ctx.params.id));
  if (!company) throw v2.notFound();
  return company;
}

function checkCompany(ctx: Ctx, fields: Record<string, unknown>, self: Company | null) {
  const errors: FieldError[] = [];
  const custom = fields.custom_fields ? checkCustomerCustom(ctx.store.customCompanyFields(), fields.custom_fields as Record<string, unknown>, false, errors) : {};
  if (errors.length > 0) throw v2.validation(errors);
  if (typeof fields.name === 'string') {
    const other = ctx.store.companyByName(fields.name);
    if (other && other.id !== self?.id) throw new V2Error(409, 'Validation failed', [{ field: 'name', code: 'duplicate_value', message: 'It should be a unique value' }]);
  }
  return custom;
}

function applyCompanyFields(company: Company, fields: Record<string, unknown>, custom: Record<string, unknown>, now: number): void {
  if (typeof fields.name === 'string') company.name = fields.name;
  if ('description' in fields) company.description = fields.description as string | null;
  if ('note' in fields) company.note = fields.note as string | null;
  if (Array.isArray(fields.domains)) company.domains = fields.domains as string[];
  Object.assign(company.custom, custom);
  company.updatedAt = now;
}

export function createCompanyHandler(ctx: Ctx): Reply {
  const fields = checkBody(ctx.body, companyCreate, { form: false });
  const custom = checkCompany(ctx, fields, null);
  const now = ctx.now();
  const company: Company = {
    id: ctx.store.nextId('company'),
    name: fields.name as string,
    description: null,
    note: null,
    domains: [],
    custom: Object.fromEntries(ctx.store.customCompanyFields().map((f) => [f.name, null])),
    createdAt: now,
    updatedAt: now,
  };
  applyCompanyFields(company, fields, custom, now);
  ctx.store.companies.put(company);
  return { status: 201, body: companyV2(company), headers: { Location: `${ctx.baseUrl}/api/v2/companies/${company.id}` } };
}

export function viewCompanyHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, []);
  return { status: 200, body: companyV2(findCompany(ctx)) };
}

export function listCompaniesHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, [...PAGING_PARAMS]);
  return paged(ctx, ctx.store.companies.all(), companyV2);
}

export function updateCompanyHandler(ctx: Ctx): Reply {
  const company = findCompany(ctx);
  const fields = checkBody(ctx.body, companyUpdate, { form: false });
  const custom = checkCompany(ctx, fields, company);
  applyCompanyFields(company, fields, custom, ctx.now());
  return { status: 200, body: companyV2(company) };
}

export function deleteCompanyHandler(ctx: Ctx): Reply {
  const company = findCompany(ctx);
  for (const u of ctx.store.users.values()) if (u.companyId === company.id) u.companyId = null;
  ctx.store.companies.delete(company.id);
  return { status: 204 };
}

/** Word-prefix match on the name, as the service's autocomplete does. */
export function autocompleteCompaniesHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, ['name']);
  const name = ctx.query.get('name');
  if (!name) throw v2.validation([{ field: 'name', code: 'missing_field', message: 'Mandatory attribute missing' }]);
  const term = name.toLowerCase();
  const companies = ctx.store.companies
    .all()
    .filter((c) => c.name.toLowerCase().startsWith(term) || c.name.toLowerCase().split(/\s+/).some((w) => w.startsWith(term)))
    .map((c) => ({ id: c.id, name: c.name }));
  return { status: 200, body: { companies } };
}
