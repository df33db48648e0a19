/**
 * v2 time entry shape (time_spent hh:mm, company_id of the ticket).
 */
import { formatHhMm, secondsSpent } from '../../domain/index.ts';
import type { TimeEntry } from '../../model.ts';
import type { Store } from '../../store.ts';
import { formatUtc } from '../../time.ts';

/**
 * A time entry. `company_id` is the company of the entry's ticket (python-freshdesk's recorded
 * time_entry_1.json; FC scopes time entries by the ticket's owner_id); FDDOC's older sample omits it.
 */
export function timeEntryV2(store: Store, e: TimeEntry, now: number) {
  return {
    id: e.id,
    billable: e.billable,
    note: e.note,
    timer_running: e.timerRunning,
    agent_id: e.agentId,
    ticket_id: e.ticketDisplayId,
    company_id: store.tickets.get(e.ticketDisplayId)?.companyId ?? null,
    time_spent: formatHhMm(secondsSpent(e, now)),
    executed_at: formatUtc(e.executedAt),
    start_time: formatUtc(e.startTime),
    created_at: formatUtc(e.createdAt),
    updated_at: formatUtc(e.updatedAt),
  };
}
