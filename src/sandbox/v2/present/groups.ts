/**
 * v2 group shape (unassigned_for from the seconds).
 */
import { unassignedForOf } from '../../domain/index.ts';
import type { Group } from '../../model.ts';
import { formatUtc } from '../../time.ts';

export function groupV2(g: Group) {
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    escalate_to: g.escalateTo,
    unassigned_for: unassignedForOf(g.assignTimeSeconds),
    business_hour_id: g.businessCalendarId,
    group_type: 'support_agent_group',
    auto_ticket_assign: g.ticketAssignType,
    agent_ids: g.agentIds,
    created_at: formatUtc(g.createdAt),
    updated_at: formatUtc(g.updatedAt),
  };
}
