/** v2 agents (incl. me), roles, companies (incl. autocomplete), company fields, groups. */
import type { Ctx, Reply } from '../context.ts';
import { makeAgent, newContact, UNASSIGNED_FOR } from '../domain.ts';
import { V2Error, v2, type FieldError } from '../errors.ts';
import type { Company, Group, User } from '../model.ts';
import { PAGING_PARAMS, paged } from './paging.ts';
import { agentV2, companyV2, customerFieldV2, groupV2, ROLES } from './present.ts';
import { checkCustomerCustom } from './contacts.ts';
import { checkBody, checkQuery, invalidValue, type Schema } from './validate.ts';

// ---- agents -------------------------------------------------------------------------------------

function findAgent(ctx: Ctx): User {
  const agent = ctx.store.agent(Number(ctx.params.id));
  if (!agent) throw v2.notFound();
  return agent;
}

export function meHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, []);
  return { status: 200, body: agentV2(ctx.store, ctx.caller) };
}

export function listAgentsHandler(ctx: Ctx): Reply {
  const q = ctx.query;
  checkQuery(q, ['email', 'mobile', 'phone', 'state', ...PAGING_PARAMS]);
  const state = q.get('state');
  if (state !== null && state !== 'fulltime' && state !== 'occasional') throw v2.validation([invalidValue('state', "It should be one of these values: 'fulltime,occasional'")]);
  const agents = ctx.store.agents().filter((u) => {
    if (u.deleted) return false;
    if (q.has('email') && u.email?.toLowerCase() !== q.get('email')!.toLowerCase()) return false;
    if (q.has('mobile') && u.mobile !== q.get('mobile')) return false;
    if (q.has('phone') && u.phone !== q.get('phone')) return false;
    if (state === 'fulltime' && u.agent!.occasional) return false;
    if (state === 'occasional' && !u.agent!.occasional) return false;
    return true;
  });
  return paged(ctx, agents, (u) => agentV2(ctx.store, u));
}

export function viewAgentHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, []);
  return { status: 200, body: agentV2(ctx.store, findAgent(ctx)) };
}

const AGENT_SCHEMA: Schema = {
  name: { kind: 'string', maxLength: 255 },
  email: { kind: 'email' },
  phone: { kind: 'string', nullable: true },
  mobile: { kind: 'string', nullable: true },
  job_title: { kind: 'string', nullable: true },
  language: { kind: 'string' },
  time_zone: { kind: 'string' },
  occasional: { kind: 'boolean' },
  signature: { kind: 'string', nullable: true },
  ticket_scope: { kind: 'integer', oneOf: [1, 2, 3] },
  group_ids: { kind: 'ids' },
  role_ids: { kind: 'ids' },
};

function checkAgentRefs(ctx: Ctx, fields: Record<string, unknown>, self: User | null): void {
  const errors: FieldError[] = [];
  const unknownGroups = ((fields.group_ids as number[] | undefined) ?? []).filter((id) => !ctx.store.groups.has(id));
  if (unknownGroups.length > 0) errors.push(invalidValue('group_ids', `There are no groups matching the ids: ${unknownGroups.join(',')}`));
  const unknownRoles = ((fields.role_ids as number[] | undefined) ?? []).filter((id) => !ROLES.some((r) => r.id === id));
  if (unknownRoles.length > 0) errors.push(invalidValue('role_ids', `There are no roles matching the ids: ${unknownRoles.join(',')}`));
  if (errors.length > 0) throw v2.validation(errors);
  if (typeof fields.email === 'string') {
    const owner = ctx.store.userByEmail(fields.email);
    if (owner && owner.id !== self?.id) throw new V2Error(409, 'Validation failed', [{ field: 'email', code: 'duplicate_value', message: 'It should be a unique value' }]);
  }
}

function applyAgentFields(ctx: Ctx, user: User, fields: Record<string, unknown>): void {
  const a = user.agent!;
  if (typeof fields.name === 'string') user.name = fields.name;
  if (typeof fields.email === 'string') user.email = fields.email;
  if ('phone' in fields) user.phone = fields.phone as string | null;
  if ('mobile' in fields) user.mobile = fields.mobile as string | null;
  if ('job_title' in fields) user.jobTitle = fields.job_title as string | null;
  if (typeof fields.language === 'string') user.language = fields.language;
  if (typeof fields.time_zone === 'string') user.timeZone = fields.time_zone;
  if (typeof fields.occasional === 'boolean') a.occasional = fields.occasional;
  if ('signature' in fields) a.signatureHtml = fields.signature as string | null;
  if (typeof fields.ticket_scope === 'number') a.ticketScope = fields.ticket_scope;
  if (Array.isArray(fields.role_ids) && fields.role_ids.length > 0) a.role = ROLES.find((r) => r.id === (fields.role_ids as number[])[0])?.role ?? a.role;
  if (Array.isArray(fields.group_ids)) {
    const wanted = new Set(fields.group_ids as number[]);
    for (const g of ctx.store.groups.values()) {
      const member = g.agentIds.includes(user.id);
      if (wanted.has(g.id) && !member) g.agentIds.push(user.id);
      if (!wanted.has(g.id) && member) g.agentIds = g.agentIds.filter((id) => id !== user.id);
    }
  }
  user.updatedAt = ctx.now();
  ctx.store.putUser(user);
}

export function createAgentHandler(ctx: Ctx): Reply {
  const fields = checkBody(ctx.body, AGENT_SCHEMA, { form: false, required: ['email', 'ticket_scope'] });
  checkAgentRefs(ctx, fields, null);
  const now = ctx.now();
  const user = newContact(ctx.store, { name: (fields.name as string | undefined) ?? (fields.email as string), email: fields.email as string, custom: {} }, now);
  const id = user.id;
  makeAgent(ctx.store, user, {}, now);
  applyAgentFields(ctx, user, fields);
  return { status: 201, body: agentV2(ctx.store, user), headers: { Location: `${ctx.baseUrl}/api/v2/agents/${id}` } };
}

export function updateAgentHandler(ctx: Ctx): Reply {
  const user = findAgent(ctx);
  const fields = checkBody(ctx.body, AGENT_SCHEMA, { form: false });
  checkAgentRefs(ctx, fields, user);
  applyAgentFields(ctx, user, fields);
  return { status: 200, body: agentV2(ctx.store, user) };
}

/** Deleting an agent turns them back into a contact (the service keeps their tickets). */
export function deleteAgentHandler(ctx: Ctx): Reply {
  const user = findAgent(ctx);
  if (user.id === ctx.caller.id) throw v2.validation([invalidValue('id', 'You cannot delete yourself')]);
  user.agent = null;
  for (const g of ctx.store.groups.values()) g.agentIds = g.agentIds.filter((id) => id !== user.id);
  user.updatedAt = ctx.now();
  ctx.store.putUser(user); // drops the API key from the index
  return { status: 204 };
}

export function listRolesHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, []);
  return { status: 200, body: ROLES.map(roleV2) };
}

export function viewRoleHandler(ctx: Ctx): Reply {
  const role = ROLES.find((r) => r.id === Number(ctx.params.id));
  if (!role) throw v2.notFound();
  return { status: 200, body: roleV2(role) };
}

function roleV2(r: (typeof ROLES)[number]) {
  const at = '2024-05-06T00:00:00Z';
  return { id: r.id, name: r.name, description: r.description, default: r.default, created_at: at, updated_at: at };
}

// ---- companies -------------------------------------------------------------------------------------

const COMPANY_SCHEMA: Schema = {
  name: { kind: 'string', maxLength: 255 },
  description: { kind: 'string', nullable: true },
  note: { kind: 'string', nullable: true },
  domains: { kind: 'strings' },
  custom_fields: { kind: 'object' },
};

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
  const fields = checkBody(ctx.body, COMPANY_SCHEMA, { form: false, required: ['name'] });
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
  const fields = checkBody(ctx.body, COMPANY_SCHEMA, { form: false });
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

export function listCompanyFieldsHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, []);
  return { status: 200, body: ctx.store.companyFields.all().map(customerFieldV2) };
}

// ---- groups ----------------------------------------------------------------------------------------

const GROUP_SCHEMA: Schema = {
  name: { kind: 'string', maxLength: 255 },
  description: { kind: 'string', nullable: true },
  escalate_to: { kind: 'id', nullable: true },
  unassigned_for: { kind: 'string', oneOf: Object.keys(UNASSIGNED_FOR), nullable: true },
  business_hour_id: { kind: 'id', nullable: true },
  auto_ticket_assign: { kind: 'integer', oneOf: [0, 1] },
  agent_ids: { kind: 'ids' },
};

function findGroup(ctx: Ctx): Group {
  const group = ctx.store.groups.get(Number(ctx.params.id));
  if (!group) throw v2.notFound();
  return group;
}

function checkGroup(ctx: Ctx, fields: Record<string, unknown>, self: Group | null): void {
  const errors: FieldError[] = [];
  if (typeof fields.escalate_to === 'number' && !ctx.store.agent(fields.escalate_to)) errors.push(invalidValue('escalate_to', 'There is no agent matching the given escalate_to'));
  const unknown = ((fields.agent_ids as number[] | undefined) ?? []).filter((id) => !ctx.store.agent(id));
  if (unknown.length > 0) errors.push(invalidValue('agent_ids', `There are no agents matching the ids: ${unknown.join(',')}`));
  if (errors.length > 0) throw v2.validation(errors);
  if (typeof fields.name === 'string') {
    const wanted = fields.name.toLowerCase();
    const other = ctx.store.groups.all().find((g) => g.name.toLowerCase() === wanted && g.id !== self?.id);
    if (other) throw new V2Error(409, 'Validation failed', [{ field: 'name', code: 'duplicate_value', message: 'It should be a unique value' }]);
  }
}

function applyGroupFields(group: Group, fields: Record<string, unknown>, now: number): void {
  if (typeof fields.name === 'string') group.name = fields.name;
  if ('description' in fields) group.description = fields.description as string | null;
  if ('escalate_to' in fields) group.escalateTo = fields.escalate_to as number | null;
  if ('unassigned_for' in fields) group.assignTimeSeconds = fields.unassigned_for === null ? null : UNASSIGNED_FOR[fields.unassigned_for as string]!;
  if ('business_hour_id' in fields) group.businessCalendarId = fields.business_hour_id as number | null;
  if (typeof fields.auto_ticket_assign === 'number') group.ticketAssignType = fields.auto_ticket_assign;
  if (Array.isArray(fields.agent_ids)) group.agentIds = Array.from(new Set(fields.agent_ids as number[]));
  group.updatedAt = now;
}

export function createGroupHandler(ctx: Ctx): Reply {
  const fields = checkBody(ctx.body, GROUP_SCHEMA, { form: false, required: ['name'] });
  checkGroup(ctx, fields, null);
  const now = ctx.now();
  const group: Group = {
    id: ctx.store.nextId('group'),
    name: fields.name as string,
    description: null,
    escalateTo: null,
    assignTimeSeconds: 1800, // v2 default unassigned_for is 30m
    ticketAssignType: 0,
    agentIds: [],
    businessCalendarId: null,
    createdAt: now,
    updatedAt: now,
  };
  applyGroupFields(group, fields, now);
  ctx.store.groups.put(group);
  return { status: 201, body: groupV2(group), headers: { Location: `${ctx.baseUrl}/api/v2/groups/${group.id}` } };
}

export function viewGroupHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, []);
  return { status: 200, body: groupV2(findGroup(ctx)) };
}

export function listGroupsHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, [...PAGING_PARAMS]);
  return paged(ctx, ctx.store.groups.all(), groupV2);
}

export function updateGroupHandler(ctx: Ctx): Reply {
  const group = findGroup(ctx);
  const fields = checkBody(ctx.body, GROUP_SCHEMA, { form: false });
  checkGroup(ctx, fields, group);
  applyGroupFields(group, fields, ctx.now());
  return { status: 200, body: groupV2(group) };
}

/** Disbands the group; its agents stay agents, its tickets become unassigned to a group. */
export function deleteGroupHandler(ctx: Ctx): Reply {
  const group = findGroup(ctx);
  for (const t of ctx.store.tickets.values()) if (t.groupId === group.id) t.groupId = null;
  ctx.store.groups.delete(group.id);
  return { status: 204 };
}

