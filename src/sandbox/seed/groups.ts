/**
 * Seeded groups.
 */
import type { Group, User } from '../model.ts';
import { type Rng } from '../prng.ts';
import { HOUR, Ids } from './common.ts';

export function seedGroups(rng: Rng, ids: Ids, agents: User[], at: number): Group[] {
  // assign_time values: five of the nine v2 `unassigned_for` values, plus 1200 s, which v2 cannot
  // represent (reads back null), as in the service's own v1 samples.
  const defs: [string, string, number | null][] = [
    ['Billing', 'Invoices, refunds and payment problems', 1800],
    ['Technical Support', 'Product questions and bugs', 3600],
    ['Escalations', 'Urgent and VIP tickets', 1200],
    ['Onboarding', 'New customers in their first month', 86400],
    ['Returns', 'Damaged and unwanted hardware', null],
  ];
  const admin = agents[0]!;
  const demoAgent = agents[2]!;
  return defs.map(([name, description, assignTime], i) => {
    const members = new Set<number>(rng.sample(agents.slice(3), rng.int(1, 3)).map((a) => a.id));
    if (i === 0 || i === 1) members.add(demoAgent.id);
    if (i === 2) members.add(admin.id);
    return {
      id: ids.next('group'),
      name,
      description,
      escalateTo: assignTime === null ? null : admin.id,
      assignTimeSeconds: assignTime,
      ticketAssignType: i === 1 ? 1 : 0,
      agentIds: Array.from(members).sort((a, b) => a - b),
      businessCalendarId: null,
      createdAt: at + i * HOUR,
      updatedAt: at + i * HOUR,
    };
  });
}
