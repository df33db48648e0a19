/** v2 group request bodies (spec 000 "Groups"): create and update. */
import { UNASSIGNED_FOR } from '../../domain/index.ts';
import { body, choice, id, ids, integer, requiring, string } from './fields.ts';

const group = body('PUT /api/v2/groups/[id]', {
  name: string('name, unique (case-insensitive)', { maxLength: 255 }),
  description: string('about the group', { nullable: true }),
  escalate_to: id('agent told when a ticket stays unassigned', { nullable: true }),
  unassigned_for: choice('how long before escalate_to is told', Object.keys(UNASSIGNED_FOR), { nullable: true }),
  business_hour_id: id('business hours of the group', { nullable: true }),
  auto_ticket_assign: integer('1: round-robin assignment on', [0, 1]),
  agent_ids: ids('members'),
});

export const groupCreate = requiring(group, ['name'], 'POST /api/v2/groups');
export const groupUpdate = group;
