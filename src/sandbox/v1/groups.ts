/**
 * v1 groups (`group` wrapper; `agent_list`, `assign_time` in seconds).
 */
import type { Ctx, Reply } from '../context.ts';
import { v1 } from '../errors.ts';
import type { Group } from '../model.ts';
import { int, list, str, strOrNull, wrapped } from './coerce.ts';
import { groupV1 } from './present.ts';

// ---- groups -------------------------------------------------------------------------------------

function findGroupV1(ctx: Ctx): Group {
  const group = ctx.store.groups.get(Number(ctx.params.id));
  if (!group) throw v1.notFound();
  return group;
}

function readGroup(ctx: Ctx, existing: Group | null) {
  const p = wrapped(ctx, 'group');
  const name = str(p, 'name');
  if (!existing && !name) throw v1.invalid("Name can't be blank");
  if (name && ctx.store.groups.all().some((g) => g.id !== existing?.id && g.name.toLowerCase() === name.toLowerCase())) throw v1.invalid('Name has already been taken');
  const agentIds = list(p, 'agent_list')?.map(Number);
  if (agentIds?.some((id) => !Number.isInteger(id) || !ctx.store.agent(id))) throw v1.invalid('Agent list contains an unknown agent');
  const escalateTo = int(p, 'escalate_to');
  if (escalateTo !== undefined && !ctx.store.agent(escalateTo)) throw v1.invalid('Escalate to is invalid');
  const assignTime = int(p, 'assign_time');
  if (assignTime !== undefined && assignTime < 0) throw v1.invalid('Assign time is invalid');
  const assignType = int(p, 'ticket_assign_type');
  const calendarId = int(p, 'business_calendar_id');
  return { p, agentIds, escalateTo, assignTime, assignType, calendarId };
}

function applyGroup(group: Group, input: ReturnType<typeof readGroup>, now: number): void {
  const { p } = input;
  if (str(p, 'name')) group.name = str(p, 'name')!;
  if ('description' in p) group.description = strOrNull(p, 'description') ?? null;
  if ('escalate_to' in p) group.escalateTo = input.escalateTo ?? null;
  // v1 keeps any number of seconds; v2 can show only nine of them (unassigned_for)
  if ('assign_time' in p) group.assignTimeSeconds = input.assignTime ?? null;
  if (input.assignType !== undefined) group.ticketAssignType = input.assignType;
  if ('business_calendar_id' in p) group.businessCalendarId = input.calendarId ?? null;
  if (input.agentIds) group.agentIds = Array.from(new Set(input.agentIds));
  group.updatedAt = now;
}

export function createGroupV1(ctx: Ctx): Reply {
  const input = readGroup(ctx, null);
  const now = ctx.now();
  const group: Group = {
    id: ctx.store.nextId('group'),
    name: str(input.p, 'name')!,
    description: null,
    escalateTo: null,
    assignTimeSeconds: null,
    ticketAssignType: 0,
    agentIds: [],
    businessCalendarId: null,
    createdAt: now,
    updatedAt: now,
  };
  applyGroup(group, input, now);
  ctx.store.groups.put(group);
  return { status: 201, body: groupV1(ctx.store, group) };
}

export function listGroupsV1(ctx: Ctx): Reply {
  return { status: 200, body: ctx.store.groups.all().map((g) => groupV1(ctx.store, g)), xmlRoot: 'groups' };
}

export function viewGroupV1(ctx: Ctx): Reply {
  return { status: 200, body: groupV1(ctx.store, findGroupV1(ctx)) };
}

export function updateGroupV1(ctx: Ctx): Reply {
  const group = findGroupV1(ctx);
  applyGroup(group, readGroup(ctx, group), ctx.now());
  return { status: 200 };
}

/** Disbands the group only: its agents stay. */
export function deleteGroupV1(ctx: Ctx): Reply {
  const group = findGroupV1(ctx);
  for (const t of ctx.store.tickets.values()) if (t.groupId === group.id) t.groupId = null;
  ctx.store.groups.delete(group.id);
  return { status: 200 };
}
