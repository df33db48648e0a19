/**
 * Seeded time entries beyond the per-ticket ones: a recent one whatever the seed.
 */
import type { Ticket, TimeEntry } from '../model.ts';
import { HOUR } from './common.ts';
import { World } from './tickets.ts';

/**
 * A fresh sandbox always holds a time entry from the last days, whatever the seed: the newest ticket
 * with a responder gets one when it has none. It draws nothing from the PRNG, so every other record
 * of the seed stays as it was; its id is the next free one.
 */
export function ensureRecentTimeEntry(world: World, tickets: Ticket[], timeEntries: TimeEntry[]): void {
  const newest = [...tickets].reverse().find((t) => t.responderId !== null && !t.deleted && !t.spam);
  if (!newest || timeEntries.some((e) => e.ticketDisplayId === newest.displayId)) return;
  const executedAt = Math.min(world.anchor, newest.createdAt + HOUR);
  timeEntries.push({
    id: world.ids.next('timeEntry'),
    ticketDisplayId: newest.displayId,
    agentId: newest.responderId!,
    billable: true,
    note: 'First look at the report',
    timerRunning: false,
    startTime: executedAt,
    executedAt,
    secondsSpent: 45 * 60,
    createdAt: executedAt,
    updatedAt: executedAt,
  });
}
