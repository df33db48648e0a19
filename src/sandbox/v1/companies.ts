/**
 * v1 companies: `/customers` (older) and `/companies` CRUD over the same records.
 */
import type { Ctx, Reply } from '../context.ts';
import { v1 } from '../errors.ts';
import type { Company, Scalar } from '../model.ts';
import { list, str, strOrNull, wrapped, type Params } from './coerce.ts';
import { readCfFields } from './contacts.ts';
import { companyV1 } from './present.ts';

// ---- customers / companies ---------------------------------------------------------------------

function findCompanyV1(ctx: Ctx): Company {
  const company = ctx.store.companies.get(Number(ctx.params.id));
  if (!company) throw v1.notFound();
  return company;
}

function readCompany(ctx: Ctx, wrapper: 'customer' | 'company', existing: Company | null) {
  const p = wrapped(ctx, wrapper);
  const name = str(p, 'name');
  if (!existing && !name) throw v1.invalid("Name can't be blank");
  if (name) {
    const other = ctx.store.companyByName(name);
    if (other && other.id !== existing?.id) throw v1.invalid('Name has already been taken');
  }
  return { p, custom: readCfFields(ctx.store, ctx.store.customCompanyFields(), p.custom_field) };
}

function applyCompany(company: Company, p: Params, custom: Record<string, Scalar>, now: number): void {
  if (str(p, 'name')) company.name = str(p, 'name')!;
  if ('description' in p) company.description = strOrNull(p, 'description') ?? null;
  if ('note' in p) company.note = strOrNull(p, 'note') ?? null;
  const domains = list(p, 'domains');
  if (domains !== undefined) company.domains = domains;
  Object.assign(company.custom, custom);
  company.updatedAt = now;
}

export const createCompanyV1 = (wrapper: 'customer' | 'company') => (ctx: Ctx): Reply => {
  const { p, custom } = readCompany(ctx, wrapper, null);
  const now = ctx.now();
  const company: Company = {
    id: ctx.store.nextId('company'),
    name: str(p, 'name')!,
    description: null,
    note: null,
    domains: [],
    custom: Object.fromEntries(ctx.store.customCompanyFields().map((f) => [f.name, null])),
    createdAt: now,
    updatedAt: now,
  };
  applyCompany(company, p, custom, now);
  ctx.store.companies.put(company);
  return { status: 201, body: companyV1(ctx.store, company, wrapper) };
};

export const viewCompanyV1 = (wrapper: 'customer' | 'company') => (ctx: Ctx): Reply => ({ status: 200, body: companyV1(ctx.store, findCompanyV1(ctx), wrapper) });

export const listCompaniesV1 = (wrapper: 'customer' | 'company') => (ctx: Ctx): Reply => ({
  status: 200,
  body: ctx.store.companies.all().map((c) => companyV1(ctx.store, c, wrapper)),
  xmlRoot: `${wrapper === 'customer' ? 'customers' : 'companies'}`,
});

export const updateCompanyV1 = (wrapper: 'customer' | 'company') => (ctx: Ctx): Reply => {
  const company = findCompanyV1(ctx);
  const { p, custom } = readCompany(ctx, wrapper, company);
  applyCompany(company, p, custom, ctx.now());
  return { status: 200 };
};

export function deleteCompanyV1(ctx: Ctx): Reply {
  const company = findCompanyV1(ctx);
  for (const u of ctx.store.users.values()) if (u.companyId === company.id) u.companyId = null;
  ctx.store.companies.delete(company.id);
  return { status: 200 };
}
