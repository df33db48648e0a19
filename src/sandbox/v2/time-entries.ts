/** v2 time entries (per ticket and account-wide), toggle_timer, and satisfaction ratings. */
import type { Ctx, Reply } from '../context.ts';
import { parseHhMm, RATING_VALUES, secondsSpent } from '../domain.ts';
import { v2, type FieldError } from '../errors.ts';
import type { SatisfactionRating, TimeEntry } from '../model.ts';
import { formatUtc, parseDateInput } from '../time.ts';
import { PAGING_PARAMS, paged } from './paging.ts';
import { ratingV2, timeEntryV2 } from './present.ts';
import { findTicket } from './tickets/checks.ts';
import { checkBody, checkQuery, invalidValue, queryBoolean, queryDate, queryId, requireNoBody, type Schema } from './validate.ts';

const TIME_ENTRY_SCHEMA: Schema = {
  agent_id: { kind: 'id' },
  billable: { kind: 'boolean' },
  executed_at: { kind: 'datetime' },
  note: { kind: 'string', nullable: true },
  start_time: { kind: 'datetime' },
  time_spent: { kind: 'string' },
  timer_running: { kind: 'boolean' },
};

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

/** One running timer per agent: starting one stops the others, as the service does. */
function stopOtherTimers(ctx: Ctx, agentId: number, except: number, now: number): void {
  for (const e of ctx.store.timeEntries.values()) {
    if (e.agentId === agentId && e.id !== except && e.timerRunning) {
      e.secondsSpent = secondsSpent(e, now);
      e.timerRunning = false;
      e.updatedAt = now;
    }
  }
}

export function createTimeEntryHandler(ctx: Ctx): Reply {
  const ticket = findTicket(ctx);
  const fields = checkBody(ctx.body, TIME_ENTRY_SCHEMA, { form: false });
  const { seconds, startTime } = checkTimeEntry(ctx, fields, null);
  const now = ctx.now();
  // Without time_spent (and without timer_running) the timer runs (spec 001 Time entry; v2 alike).
  const running = (fields.timer_running as boolean | undefined) ?? seconds === null;
  const entry: TimeEntry = {
    id: ctx.store.nextId('timeEntry'),
    ticketDisplayId: ticket.displayId,
    agentId: (fields.agent_id as number | undefined) ?? ctx.caller.id,
    billable: (fields.billable as boolean | undefined) ?? true,
    note: (fields.note as string | null | undefined) ?? null,
    timerRunning: running,
    startTime: startTime ?? now,
    executedAt: typeof fields.executed_at === 'string' ? parseDateInput(fields.executed_at)! : now,
    secondsSpent: seconds ?? 0,
    createdAt: now,
    updatedAt: now,
  };
  if (running) stopOtherTimers(ctx, entry.agentId, entry.id, now);
  ctx.store.putTimeEntry(entry);
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
  const entries = ctx.store.timeEntries.all().filter((e) => {
    if (agentId !== null && e.agentId !== agentId) return false;
    if (billable !== null && e.billable !== billable) return false;
    if (after !== null && e.executedAt < after) return false;
    if (before !== null && e.executedAt > before) return false;
    if (companyId !== null && ctx.store.tickets.get(e.ticketDisplayId)?.companyId !== companyId) return false;
    return true;
  });
  return paged(ctx, entries, (e) => timeEntryV2(ctx.store, e, now));
}

function findEntry(ctx: Ctx): TimeEntry {
  const entry = ctx.store.timeEntries.get(Number(ctx.params.id));
  if (!entry) throw v2.notFound();
  return entry;
}

export function updateTimeEntryHandler(ctx: Ctx): Reply {
  const entry = findEntry(ctx);
  const fields = checkBody(ctx.body, TIME_ENTRY_SCHEMA, { form: false });
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
  if (typeof fields.timer_running === 'boolean' && fields.timer_running !== entry.timerRunning) {
    if (fields.timer_running) {
      entry.timerRunning = true;
      entry.startTime = now;
      stopOtherTimers(ctx, entry.agentId, entry.id, now);
    } else {
      entry.secondsSpent = secondsSpent(entry, now);
      entry.timerRunning = false;
    }
  }
  if (startTime !== null) entry.startTime = startTime;
  entry.updatedAt = now;
  return { status: 200, body: timeEntryV2(ctx.store, entry, now) };
}

export function toggleTimerHandler(ctx: Ctx): Reply {
  requireNoBody(ctx.body);
  const entry = findEntry(ctx);
  const now = ctx.now();
  if (entry.timerRunning) {
    entry.secondsSpent = secondsSpent(entry, now);
    entry.timerRunning = false;
  } else {
    entry.timerRunning = true;
    entry.startTime = now;
    stopOtherTimers(ctx, entry.agentId, entry.id, now);
  }
  entry.updatedAt = now;
  return { status: 200, body: timeEntryV2(ctx.store, entry, now) };
}

export function deleteTimeEntryHandler(ctx: Ctx): Reply {
  const entry = findEntry(ctx);
  ctx.store.removeTimeEntry(entry.id);
  return { status: 204 };
}

// ---- satisfaction ratings ------------------------------------------------------------------------

export function createRatingHandler(ctx: Ctx): Reply {
  const ticket = findTicket(ctx);
  const fields = checkBody(ctx.body, { ratings: { kind: 'object' }, feedback: { kind: 'string' } }, { form: false, required: ['ratings'] });
  const ratings = checkBody(fields.ratings, { default_question: { kind: 'integer', oneOf: RATING_VALUES } }, { form: false, required: ['default_question'] });
  const survey = ctx.store.surveys.all().find((s) => s.active);
  if (!survey) throw v2.accessDenied('No active survey');
  const now = ctx.now();
  const rating: SatisfactionRating = {
    id: ctx.store.nextId('rating'),
    surveyId: survey.id,
    ticketDisplayId: ticket.displayId,
    userId: ticket.requesterId,
    agentId: ticket.responderId,
    groupId: ticket.groupId,
    rating: ratings.default_question as number,
    feedback: (fields.feedback as string | undefined) ?? null,
    responseNoteId: null,
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.putRating(rating);
  return { status: 201, body: ratingV2(rating), headers: { Location: `${ctx.baseUrl}/api/v2/tickets/${ticket.displayId}/satisfaction_ratings` } };
}

export function listTicketRatingsHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, PAGING_PARAMS);
  const ticket = findTicket(ctx);
  return paged(ctx, ctx.store.ratingsOf(ticket.displayId), ratingV2);
}

export function listRatingsHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, ['created_since', 'user_id', ...PAGING_PARAMS]);
  const since = queryDate(ctx.query, 'created_since');
  const userId = queryId(ctx.query, 'user_id');
  const ratings = ctx.store.ratings.all().filter((r) => (since === null || r.createdAt >= since) && (userId === null || r.userId === userId));
  return paged(ctx, ratings, ratingV2);
}

export function listSurveysHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, ['state', ...PAGING_PARAMS]);
  return paged(ctx, ctx.store.surveys.all(), (s) => ({
    id: s.id,
    title: s.title,
    active: s.active,
    questions: [
      {
        id: 'default_question',
        label: 'How would you rate your overall satisfaction for the resolution provided by the agent?',
        accepted_ratings: RATING_VALUES,
        default: true,
      },
    ],
    created_at: formatUtc(s.createdAt),
    updated_at: formatUtc(s.updatedAt),
  }));
}
