/**
 * v1 time entry shape (timespent in decimal hours).
 */
import { formatDecimalHours, secondsSpent } from '../../domain/index.ts';
import type { TimeEntry } from '../../model.ts';
import type { Store } from '../../store.ts';
import { clock } from './common.ts';

export function timeEntryV1(store: Store, e: TimeEntry, now: number) {
  const c = clock(store);
  const agent = store.users.get(e.agentId);
  const ticket = store.tickets.get(e.ticketDisplayId);
  const requester = ticket ? store.users.get(ticket.requesterId) : undefined;
  const company = ticket?.companyId != null ? store.companies.get(ticket.companyId) : undefined;
  return {
    time_entry: {
      agent_email: agent?.email ?? null,
      agent_name: agent?.name ?? null,
      billable: e.billable,
      contact_email: requester?.email ?? null,
      created_at: c.at(e.createdAt),
      customer_name: company?.name ?? null,
      executed_at: c.at(e.executedAt),
      id: e.id,
      note: e.note,
      start_time: c.at(e.startTime),
      ticket_id: e.ticketDisplayId,
      timer_running: e.timerRunning,
      timespent: formatDecimalHours(secondsSpent(e, now)),
      updated_at: c.at(e.updatedAt),
      user_id: e.agentId,
      workable_type: 'Helpdesk::Ticket',
    },
  };
}
