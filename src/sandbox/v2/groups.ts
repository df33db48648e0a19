/**
 * v2 groups: `unassigned_for` takes only the nine service values; `agent_ids` replaces the set.
 */
import type { Ctx, Reply } from '../context.ts';
import { UNASSIGNED_FOR } from '../domain/index.ts';
import { v2, V2Error, type FieldError } from '../errors.ts';
import type { Group } from '../model.ts';
import { paged, PAGING_PARAMS } from './paging.ts';
import { groupV2 } from './present.ts';
import { groupCreate, groupUpdate } from './schemas/groups.ts';
import { checkBody, checkQuery, invalidValue } from './validate.ts';

// ---- groups ----------------------------------------------------------------------------------------

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
  const fields = checkBody(ctx.body, groupCreate, { form: false });
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
  const fields = checkBody(ctx.body, groupUpdate, { form: false });
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
