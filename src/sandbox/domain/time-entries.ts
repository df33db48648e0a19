/**
 * Time entries both surfaces write: creation, timers (one running timer per agent), the
 * account-wide filters, and the units (v2 "hh:mm", v1 decimal hours and hhmm).
 */
import type { Ticket, TimeEntry } from '../model.ts';
import type { Store } from '../store.ts';

// ---- time entries ----------------------------------------------------------------------------

/** Seconds on the clock, counting a running timer up to `now`. */
export function secondsSpent(entry: TimeEntry, now: number): number {
  const running = entry.timerRunning ? Math.max(0, Math.floor((now - entry.startTime) / 1000)) : 0;
  return entry.secondsSpent + running;
}

export interface TimeEntryDraft {
  agentId: number;
  billable: boolean;
  note: string | null;
  timerRunning: boolean;
  /** seconds already spent */
  seconds: number;
  startTime?: number;
  executedAt?: number;
}

/** A new time entry on a ticket, for either surface. Starting a timer stops the agent's others. */
export function addTimeEntry(store: Store, ticket: Ticket, draft: TimeEntryDraft, now: number): TimeEntry {
  const entry: TimeEntry = {
    id: store.nextId('timeEntry'),
    ticketDisplayId: ticket.displayId,
    agentId: draft.agentId,
    billable: draft.billable,
    note: draft.note,
    timerRunning: draft.timerRunning,
    startTime: draft.startTime ?? now,
    executedAt: draft.executedAt ?? now,
    secondsSpent: draft.seconds,
    createdAt: now,
    updatedAt: now,
  };
  if (entry.timerRunning) stopOtherTimers(store, entry.agentId, entry.id, now);
  store.putTimeEntry(entry);
  return entry;
}

/** One running timer per agent: starting one stops the others, as the service does. */
export function stopOtherTimers(store: Store, agentId: number, except: number, now: number): void {
  for (const e of store.timeEntries.values()) {
    if (e.agentId === agentId && e.id !== except && e.timerRunning) {
      e.secondsSpent = secondsSpent(e, now);
      e.timerRunning = false;
      e.updatedAt = now;
    }
  }
}

/** Starts or stops the timer (both surfaces' toggle_timer); starting stops the agent's others. */
export function setTimer(store: Store, entry: TimeEntry, running: boolean, now: number): void {
  if (running === entry.timerRunning) return;
  if (running) {
    entry.timerRunning = true;
    entry.startTime = now;
    stopOtherTimers(store, entry.agentId, entry.id, now);
  } else {
    entry.secondsSpent = secondsSpent(entry, now);
    entry.timerRunning = false;
  }
  entry.updatedAt = now;
}

export function toggleTimer(store: Store, entry: TimeEntry, now: number): void {
  setTimer(store, entry, !entry.timerRunning, now);
  entry.updatedAt = now;
}

/** What both account-wide time entry lists filter on (v1 time_sheets.json, v2 time_entries). */
export interface TimeEntryFilter {
  companyId?: number | null;
  agentId?: number | null;
  billable?: boolean | null;
  executedAfter?: number | null;
  executedBefore?: number | null;
}

export function filterTimeEntries(store: Store, f: TimeEntryFilter, extra: (e: TimeEntry) => boolean = () => true): TimeEntry[] {
  return store.timeEntries.all().filter((e) => {
    if (f.agentId != null && e.agentId !== f.agentId) return false;
    if (f.billable != null && e.billable !== f.billable) return false;
    if (f.executedAfter != null && e.executedAt < f.executedAfter) return false;
    if (f.executedBefore != null && e.executedAt > f.executedBefore) return false;
    if (f.companyId != null && store.tickets.get(e.ticketDisplayId)?.companyId !== f.companyId) return false;
    return extra(e);
  });
}

/** v2 `time_spent`: "hh:mm", hours unbounded, minutes rounded down. */
export function formatHhMm(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** "hh:mm" → seconds, or null unless it matches `^\d+:[0-5][0-9]$`. */
export function parseHhMm(text: string): number | null {
  const m = /^(\d+):([0-5]\d)$/.exec(text);
  return m ? (Number(m[1]) * 60 + Number(m[2])) * 60 : null;
}

/** v1 `timespent`: decimal hours with two decimals ("0.50" is half an hour). */
export function formatDecimalHours(seconds: number): string {
  return (Math.round((seconds / 3600) * 100) / 100).toFixed(2);
}

/**
 * v1 `hhmm`, as the legacy server read it: a number is decimal hours (10.40 → 10 h 24 min); a
 * string `H:MM`/`HH:MM` with hours 0-23 is hours and minutes; any other string is decimal hours.
 * Returns seconds, or null when it is no number at all.
 */
export function parseV1Hhmm(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value * 3600) : null;
  if (typeof value !== 'string') return null;
  const m = /^\s*(\d{1,2}):([0-5]\d)\s*$/.exec(value);
  if (m && Number(m[1]) <= 23) return (Number(m[1]) * 60 + Number(m[2])) * 60;
  const n = Number.parseFloat(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 3600) : null;
}
