/**
 * v1 time sheets: `hhmm` in, decimal-hour `timespent` out; per ticket and account-wide with the
 * legacy filters. The rules both APIs share live in the domain layer.
 */
import type { Ctx, Reply } from '../context.ts';
import { addTimeEntry, filterTimeEntries, parseV1Hhmm, setTimer, toggleTimer } from '../domain/index.ts';
import { v1 } from '../errors.ts';
import type { TimeEntry } from '../model.ts';
import { parseV1DateInput } from '../time.ts';
import { bool, int, str, strOrNull, wrapped } from './coerce.ts';
import { timeEntryV1 } from './present.ts';
import { findTicketV1 } from './tickets.ts';

function readHhmm(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const seconds = parseV1Hhmm(value);
  if (seconds === null) throw v1.invalid('Hhmm is invalid');
  return seconds;
}

export function createTimeSheetV1(ctx: Ctx): Reply {
  const ticket = findTicketV1(ctx, 'ticket_id');
  const p = wrapped(ctx, 'time_entry');
  const userId = int(p, 'user_id');
  if (userId === undefined) throw v1.invalid("User can't be blank");
  if (!ctx.store.agent(userId)) throw v1.invalid('User is invalid');
  const seconds = readHhmm(p.hhmm);
  const now = ctx.now();
  const entry = addTimeEntry(ctx.store, ticket, {
    agentId: userId,
    billable: bool(p, 'billable') ?? false,
    note: strOrNull(p, 'note') ?? null,
    // setting hhmm turns the timer off; without it the timer runs (spec 001)
    timerRunning: seconds === undefined,
    seconds: seconds ?? 0,
  }, now);
  return { status: 200, body: timeEntryV1(ctx.store, entry, now) };
}

export function ticketTimeSheetsV1(ctx: Ctx): Reply {
  const ticket = findTicketV1(ctx, 'ticket_id');
  const now = ctx.now();
  return { status: 200, body: ctx.store.timeEntriesOf(ticket.displayId).map((e) => timeEntryV1(ctx.store, e, now)), xmlRoot: 'time_entries' };
}

/**
 * Account-wide list. Filters: customer_id/company_id, company_name/customer_name,
 * contact_email/company_email (the requester's e-mail), agent_id, email (agent's e-mail),
 * start_date/end_date on executed_at, billable. Like the legacy server, only billable entries
 * are listed when `billable` is absent.
 */
export function timeSheetsV1(ctx: Ctx): Reply {
  const { store } = ctx;
  const q = ctx.query;
  const companyId = q.get('customer_id') ?? q.get('company_id');
  const companyName = q.get('company_name') ?? q.get('customer_name');
  const company = companyName !== null ? store.companyByName(companyName) : undefined;
  const contactEmail = (q.get('contact_email') ?? q.get('company_email'))?.toLowerCase();
  const agentId = q.get('agent_id');
  const agentEmail = q.get('email');
  const agent = agentEmail !== null ? store.userByEmail(agentEmail) : undefined;
  const start = q.get('start_date') !== null ? parseV1DateInput(q.get('start_date')!, store.account.utcOffset) : null;
  const end = q.get('end_date') !== null ? parseV1DateInput(q.get('end_date')!, store.account.utcOffset) : null;
  const billableRaw = q.get('billable');
  const billable = billableRaw === null ? true : billableRaw === 'true' || billableRaw === '1';
  const now = ctx.now();
  const none = -1; // a name or e-mail that matches nothing filters everything out
  const entries = filterTimeEntries(
    store,
    {
      billable,
      companyId: companyName !== null ? (company?.id ?? none) : companyId !== null ? Number(companyId) : null,
      agentId: agentEmail !== null ? (agent?.id ?? none) : agentId !== null ? Number(agentId) : null,
      executedAfter: start,
      executedBefore: end === null ? null : end + 86_399_999, // the end date is inclusive
    },
    (e) => {
      if (contactEmail === undefined) return true;
      const ticket = store.tickets.get(e.ticketDisplayId);
      const requester = ticket ? store.users.get(ticket.requesterId) : undefined;
      return requester?.email?.toLowerCase() === contactEmail;
    },
  );
  return { status: 200, body: entries.map((e) => timeEntryV1(store, e, now)), xmlRoot: 'time_entries' };
}

function findEntryV1(ctx: Ctx): TimeEntry {
  const entry = ctx.store.timeEntries.get(Number(ctx.params.id));
  if (!entry) throw v1.notFound();
  if (ctx.params.ticket_id !== undefined && entry.ticketDisplayId !== Number(ctx.params.ticket_id)) throw v1.notFound();
  return entry;
}

export function updateTimeSheetV1(ctx: Ctx): Reply {
  const entry = findEntryV1(ctx);
  const p = wrapped(ctx, 'time_entry');
  const userId = int(p, 'user_id');
  if (userId !== undefined && !ctx.store.agent(userId)) throw v1.invalid('User is invalid');
  const seconds = readHhmm(p.hhmm);
  const billable = bool(p, 'billable');
  const executedText = str(p, 'executed_at');
  const executedAt = executedText ? parseV1DateInput(executedText, ctx.store.account.utcOffset) : undefined;
  if (executedAt === null) throw v1.invalid('Executed at is invalid');
  const now = ctx.now();
  if (userId !== undefined) entry.agentId = userId;
  if (billable !== undefined) entry.billable = billable;
  if ('note' in p) entry.note = strOrNull(p, 'note') ?? null;
  if (seconds !== undefined) {
    // setting hhmm stops the timer and sets the time (spec 001)
    setTimer(ctx.store, entry, false, now);
    entry.secondsSpent = seconds;
  }
  if (executedAt !== undefined) entry.executedAt = executedAt;
  entry.updatedAt = now;
  return { status: 200, body: timeEntryV1(ctx.store, entry, now) };
}

export function toggleTimerV1(ctx: Ctx): Reply {
  const entry = findEntryV1(ctx);
  const now = ctx.now();
  toggleTimer(ctx.store, entry, now);
  return { status: 200, body: timeEntryV1(ctx.store, entry, now) };
}

export function deleteTimeSheetV1(ctx: Ctx): Reply {
  ctx.store.removeTimeEntry(findEntryV1(ctx).id);
  return { status: 200 };
}
