/**
 * v2 agents (me, list, view, create, update, delete) and roles. Every agent endpoint but /me needs
 * an administrator (FDDOC "Agents").
 */
import type { Ctx, Reply } from '../context.ts';
import { makeAgent, newContact } from '../domain/index.ts';
import { v2, V2Error, type FieldError } from '../errors.ts';
import type { User } from '../model.ts';
import { paged, PAGING_PARAMS } from './paging.ts';
import { agentV2, ROLES } from './present.ts';
import { agentCreate, agentUpdate } from './schemas/agents.ts';
import { checkBody, checkQuery, invalidValue } from './validate.ts';

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
  const fields = checkBody(ctx.body, agentCreate, { form: false });
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
  const fields = checkBody(ctx.body, agentUpdate, { form: false });
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
