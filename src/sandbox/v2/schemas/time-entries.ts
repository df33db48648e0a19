/** v2 time entry request bodies (spec 000 "Time entries"): create and update take the same fields. */
import { body, boolean, dateTime, id, string } from './fields.ts';

export const timeEntry = body('POST /api/v2/tickets/[id]/time_entries, PUT /api/v2/time_entries/[id]', {
  agent_id: id('the agent who spent the time (default: the caller)'),
  billable: boolean('billable (default true)'),
  executed_at: dateTime('when the work was done'),
  note: string('what was done', { nullable: true }),
  start_time: dateTime('when a running timer started; not in the future'),
  time_spent: string('hh:mm'),
  timer_running: boolean('start or stop the timer; one running timer per agent'),
});
