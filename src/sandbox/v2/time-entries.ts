/**
 * v2 time entries: create on a ticket, list (per ticket, account-wide with filters), update,
 * toggle the timer, delete. The rules both APIs share live in the domain layer.
 */
import type { Ctx, Reply } from '../context.ts';
import { addTimeEntry, filterTimeEntries, parseHhMm, setTimer, toggleTimer } from '../domain/index.ts';
import { v2, type FieldError } from '../errors.ts';
import type { TimeEntry } from '../model.ts';
import { parseDateInput } from '../time.ts';
import { paged, PAGING_PARAMS } from './paging.ts';
import { timeEntryV2 } from './present.ts';
import { findTicket } from './tickets/checks.ts';
import { checkBody, checkQuery, invalidValue, queryBoolean, queryDate, queryId, requireNoBody } from './validate.ts';
import { timeEntry } from './schemas/time-entries.ts';

interface TimeEntryInput {
  fields: Record<string, unknown>;
  seconds: number | null;
  startTime: number | null;
}

function checkTimeEntry(ctx: Ctx, fields: Record<string, unknown>, existing: TimeEntry | null): TimeEntryInput {
  const errors: FieldError[] = [];
  if (typeof fields.agent_id === 'number' && !ctx.store.agent(fields.agent_id)) errors.push(invalidValue('agent_id', 'There is no agent matching the given agent_id'));
  let seconds: number | null = null;
  if (typeof fields.time_spent === 'string') {
    seconds = parseHhMm(fields.time_spent);
    if (seconds === null) errors.push(invalidValue('time_spent', "It should be in the 'hh:mm' format"));
  }
  let startTime: number | null = null;
  if (typeof fields.start_time === 'string') {
    startTime = parseDateInput(fields.start_time);
    const running = (fields.timer_running as boolean | undefined) ?? existing?.timerRunning ?? true;
    if (!running) errors.push({ field: 'start_time', code: 'incompatible_field', message: 'Should not be given when timer_running is false' });
    if (startTime !== null && startTime > ctx.now()) errors.push(invalidValue('start_time', 'Should not be a future date'));
  }
  if (errors.length > 0) throw v2.validation(errors);
  return { fields, seconds, startTime };
}

export function createTimeEntryHandler(ctx: Ctx): Reply {
  const ticket = findTicket(ctx);
  const fields = checkBody(ctx.body, timeEntry, { form: false });
  const { seconds, startTime } = checkTimeEntry(ctx, fields, null);
  const now = ctx.now();
  // Without time_spent (and without timer_running) the timer runs (spec 001 Time entry; v2 alike).
  const running = (fields.timer_running as boolean | undefined) ?? seconds === null;
  const entry = addTimeEntry(ctx.store, ticket, {
    agentId: (fields.agent_id as number | undefined) ?? ctx.caller.id,
    billable: (fields.billable as boolean | undefined) ?? true,
    note: (fields.note as string | null | undefined) ?? null,
    timerRunning: running,
    seconds: seconds ?? 0,
    startTime: startTime ?? now,
    executedAt: typeof fields.executed_at === 'string' ? parseDateInput(fields.executed_at)! : now,
  }, now);
  return { status: 201, body: timeEntryV2(ctx.store, entry, now), headers: { Location: `${ctx.baseUrl}/api/v2/time_entries/${entry.id}` } };
}

export function listTicketTimeEntriesHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, PAGING_PARAMS);
  const ticket = findTicket(ctx);
  const now = ctx.now();
  return paged(ctx, ctx.store.timeEntriesOf(ticket.displayId), (e) => timeEntryV2(ctx.store, e, now));
}

export function listTimeEntriesHandler(ctx: Ctx): Reply {
  const q = ctx.query;
  checkQuery(q, ['company_id', 'agent_id', 'executed_after', 'executed_before', 'billable', ...PAGING_PARAMS]);
  const companyId = queryId(q, 'company_id');
  const agentId = queryId(q, 'agent_id');
  const after = queryDate(q, 'executed_after');
  const before = queryDate(q, 'executed_before');
  const billable = queryBoolean(q, 'billable');
  const now = ctx.now();
  const entries = filterTimeEntries(ctx.store, { agentId, billable, companyId, executedAfter: after, executedBefore: before });
  return paged(ctx, entries, (e) => timeEntryV2(ctx.store, e, now));
}

function findEntry(ctx: Ctx): TimeEntry {
  const entry = ctx.store.timeEntries.get(Number(ctx.params.id));
  if (!entry) throw v2.notFound();
  return entry;
}

export function updateTimeEntryHandler(ctx: Ctx): Reply {
  const entry = findEntry(ctx);
  const fields = checkBody(ctx.body, timeEntry, { form: false });
  const { seconds, startTime } = checkTimeEntry(ctx, fields, entry);
  const now = ctx.now();
  if (typeof fields.agent_id === 'number') entry.agentId = fields.agent_id;
  if (typeof fields.billable === 'boolean') entry.billable = fields.billable;
  if ('note' in fields) entry.note = fields.note as string | null;
  if (typeof fields.executed_at === 'string') entry.executedAt = parseDateInput(fields.executed_at)!;
  if (seconds !== null) {
    entry.secondsSpent = seconds;
    if (entry.timerRunning) entry.startTime = now;
  }
  if (typeof fields.timer_running === 'boolean') setTimer(ctx.store, entry, fields.timer_running, now);
  if (startTime !== null) entry.startTime = startTime;
  entry.updatedAt = now;
  return { status: 200, body: timeEntryV2(ctx.store, entry, now) };
}

export function toggleTimerHandler(ctx: Ctx): Reply {
  requireNoBody(ctx.body);
  const entry = findEntry(ctx);
  const now = ctx.now();
  toggleTimer(ctx.store, entry, now);
  return { status: 200, body: timeEntryV2(ctx.store, entry, now) };
}

export function deleteTimeEntryHandler(ctx: Ctx): Reply {
  const entry = findEntry(ctx);
  ctx.store.removeTimeEntry(entry.id);
  return { status: 204 };
}
