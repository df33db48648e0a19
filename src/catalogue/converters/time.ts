/** Timestamps with offsets, escalation times and time-entry durations. */
import { isBlank, type Converter } from './types.ts';
import type { Overlay } from '../types.ts';

// ---------------------------------------------------------------------------------------------
// time

export const OFFSET_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Minutes east of UTC for `+10:00`, `-0530`, `+05`, `Z`. */
const offsets = new Map<string, number>();
export function parseOffset(offset: string | undefined): number {
  if (!offset || offset === 'Z') return 0;
  // an account has one offset: read it once, not for every timestamp of every answer
  const known = offsets.get(offset);
  if (known !== undefined) return known;
  const minutes = readOffset(offset);
  if (offsets.size < 1000) offsets.set(offset, minutes);
  return minutes;
}

function readOffset(offset: string): number {
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(offset);
  if (!m) throw new Error(`not a UTC offset: ${offset}`);
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Any ISO 8601 timestamp the two APIs use → epoch milliseconds, or undefined. No zone means UTC. */
export function parseInstant(value: string): number | undefined {
  const m = OFFSET_RE.exec(value);
  if (!m) return undefined;
  const [, date, hh, mm, ss, zone] = m;
  const base = Date.parse(`${date}T${hh}:${mm}:${ss ?? '00'}Z`);
  if (Number.isNaN(base)) return undefined;
  return base - parseOffset(zone === undefined ? 'Z' : zone) * 60_000;
}

/** toISOString without the milliseconds and the Z (`2024-05-01T10:00:00`); years beyond 9999 keep their form. */
function isoSeconds(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.length === 24 ? iso.slice(0, 19) : iso.replace(/\.\d{3}Z$/, '');
}

export function formatUtc(ms: number): string {
  return `${isoSeconds(ms)}Z`;
}

const offsetLabels = new Map<number, string>();
export function formatWithOffset(ms: number, offset: string): string {
  const minutes = parseOffset(offset);
  let label = offsetLabels.get(minutes);
  if (label === undefined) {
    label = formatOffset(minutes);
    if (offsetLabels.size < 1000) offsetLabels.set(minutes, label);
  }
  return `${isoSeconds(ms + minutes * 60_000)}${label}`;
}

export const offsetToUtc: Converter = {
  description: 'timestamp with the account offset (+10:00) ↔ UTC (Z); the same instant',
  exact: true,
  forward(value, ctx) {
    if (typeof value !== 'string') return value;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value; // a date, not an instant
    const ms = parseInstant(value);
    if (ms === undefined) {
      ctx.report('lossy', `${ctx.path}: "${value}" is not an ISO 8601 timestamp`);
      return value;
    }
    return formatUtc(ms);
  },
  backward(value, ctx) {
    if (typeof value !== 'string') return value;
    const offset = ctx.overlay.utcOffset ?? '+00:00';
    // the same tickets come back again and again (lists, polling): each stamp is formatted once
    const key = `${offset} ${value}`;
    const known = localStamps.get(key);
    if (known !== undefined) return known;
    const ms = parseInstant(value);
    const out = ms === undefined || /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : formatWithOffset(ms, offset);
    if (localStamps.size >= 20_000) localStamps.clear();
    localStamps.set(key, out);
    return out;
  },
};

/** v2 stamp (with the account offset) → its v1 form; a pure function of the two, so kept. */
const localStamps = new Map<string, string>();

// ---------------------------------------------------------------------------------------------
// groups

/** v2 `unassigned_for` takes exactly these values. */
export const UNASSIGNED_FOR: ReadonlyArray<[number, string]> = [
  [1800, '30m'],
  [3600, '1h'],
  [7200, '2h'],
  [14400, '4h'],
  [28800, '8h'],
  [43200, '12h'],
  [86400, '1d'],
  [172800, '2d'],
  [259200, '3d'],
];

export const secondsToUnassignedFor: Converter = {
  description: 'escalation seconds (assign_time) ↔ unassigned_for (30m, 1h, 2h, 4h, 8h, 12h, 1d, 2d, 3d)',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const seconds = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds)) {
      ctx.report('manual', `${ctx.path}: ${JSON.stringify(value)} is not a number of seconds`);
      return undefined;
    }
    const hit = UNASSIGNED_FOR.find(([s]) => s === seconds);
    if (hit) return hit[1];
    // Nearest allowed value, rounding up so an escalation never fires earlier than before.
    const up = UNASSIGNED_FOR.find(([s]) => s >= seconds) ?? UNASSIGNED_FOR[UNASSIGNED_FOR.length - 1]!;
    ctx.report(
      'lossy',
      `${ctx.path}: ${seconds} s is not one of the nine unassigned_for values (30m, 1h, 2h, 4h, 8h, 12h, 1d, 2d, 3d); ` +
        `sent ${up[1]} (${up[0]} s), the nearest value that does not escalate earlier`,
    );
    return up[1];
  },
  backward(value) {
    if (isBlank(value)) return value;
    const hit = UNASSIGNED_FOR.find(([, s]) => s === value);
    return hit ? hit[0] : null;
  },
};

// ---------------------------------------------------------------------------------------------
// time entries

/** "hh:mm" from a number of minutes. */
export function formatHhmm(totalMinutes: number): string {
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** v1 `hhmm` → total minutes, per the account's interpretation; undefined when it cannot be read. */
export function hhmmToMinutes(value: unknown, mode: Overlay['hhmm']): number | undefined {
  if (typeof value === 'string') {
    const colon = /^(\d{1,3}):([0-5]\d)$/.exec(value.trim());
    if (colon) return Number(colon[1]) * 60 + Number(colon[2]);
    if (!/^\d+(\.\d+)?$/.test(value.trim())) return undefined;
    value = Number(value.trim());
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  if (mode === 'hours-minutes') {
    const hours = Math.floor(value);
    const minutes = Math.round((value - hours) * 100);
    if (minutes > 59) return undefined;
    return hours * 60 + minutes;
  }
  return Math.round(value * 60);
}

export const hhmmToTimeSpent: Converter = {
  description:
    'v1 hhmm (number or "H:MM") → v2 time_spent "hh:mm"; numbers are read per the overlay option hhmm ' +
    '(decimal-hours, as the real server did, or hours-minutes, as spec 001 says) ↔ "hh:mm" → v1 timespent string',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const isColon = typeof value === 'string' && /^\d{1,3}:[0-5]\d$/.test(value.trim());
    if (!isColon && !ctx.overlay.hhmm) {
      const minutesDec = hhmmToMinutes(value, 'decimal-hours');
      const minutesHm = hhmmToMinutes(value, 'hours-minutes');
      ctx.report(
        'manual',
        `${ctx.path}: numeric hhmm ${JSON.stringify(value)} is ambiguous: ` +
          `${minutesDec === undefined ? 'invalid' : formatHhmm(minutesDec)} if read as decimal hours (what the v1 server did), ` +
          `${minutesHm === undefined ? 'invalid' : formatHhmm(minutesHm)} if read as hours.minutes (what spec 001 says); ` +
          'choose with the overlay option "hhmm"',
      );
      return minutesDec === undefined ? value : formatHhmm(minutesDec);
    }
    const minutes = hhmmToMinutes(value, ctx.overlay.hhmm);
    if (minutes === undefined) {
      ctx.report('manual', `${ctx.path}: ${JSON.stringify(value)} is not a duration`);
      return value;
    }
    return formatHhmm(minutes);
  },
  backward(value) {
    // v1 responses print decimal hours ("0.50"): that is what the real server sent whatever was asked.
    if (typeof value !== 'string') return value;
    const m = /^(\d+):([0-5]\d)$/.exec(value);
    if (!m) return value;
    return ((Number(m[1]) * 60 + Number(m[2])) / 60).toFixed(2);
  },
};

/** v1 response `timespent` (decimal hours string) ↔ v2 `time_spent` "hh:mm". */
export const decimalHoursToHhmm: Converter = {
  description: 'decimal hours string "1.50" ↔ "hh:mm" "01:30" (rounded to the minute)',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n) || n < 0) {
      ctx.report('lossy', `${ctx.path}: ${JSON.stringify(value)} is not a number of hours`);
      return value;
    }
    return formatHhmm(Math.round(n * 60));
  },
  backward: hhmmToTimeSpent.backward,
};
