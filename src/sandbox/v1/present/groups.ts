/**
 * v1 group shape (assign_time seconds, agents).
 */
import type { Group, User } from '../../model.ts';
import type { Store } from '../../store.ts';
import { clock } from './common.ts';
import { userObjectV1 } from './contacts.ts';

export function groupV1(store: Store, g: Group) {
  const c = clock(store);
  return {
    group: {
      id: g.id,
      name: g.name,
      description: g.description,
      escalate_to: g.escalateTo,
      assign_time: g.assignTimeSeconds,
      ticket_assign_type: g.ticketAssignType,
      business_calendar_id: g.businessCalendarId,
      agent_list: g.agentIds.join(','),
      agents: g.agentIds.map((id) => store.users.get(id)).filter((u): u is User => u !== undefined).map((u) => userObjectV1(store, u)),
      created_at: c.at(g.createdAt),
      updated_at: c.at(g.updatedAt),
    },
  };
}
