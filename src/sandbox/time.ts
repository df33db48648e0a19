/**
 * Timestamps. The store keeps epoch milliseconds; each surface formats them its own way:
 * v2 in UTC (`YYYY-MM-DDTHH:MM:SSZ`, spec 000 "General conventions" 2), v1 in the account's local
 * offset (`2014-12-31T12:27:09+10:00`, spec 001 "Ticket (v1)").
 */

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** v2 response format. Seconds precision: the service never shows milliseconds. */
export function formatUtc(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}Z`
  );
}

export function formatUtcOrNull(ms: number | null | undefined): string | null {
  return ms == null ? null : formatUtc(ms);
}

/** `+10:00` → 600 minutes. Throws on anything else so a bad account setting is caught early. */
export function parseOffset(offset: string): number {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!m) throw new Error(`bad UTC offset: ${offset}`);
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/** v1 response format: local wall-clock time of the account followed by its offset. */
export function formatWithOffset(ms: number, offset: string): string {
  const minutes = parseOffset(offset);
  const d = new Date(ms + minutes * 60_000);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${offset}`
  );
}

export function formatWithOffsetOrNull(ms: number | null | undefined, offset: string): string | null {
  return ms == null ? null : formatWithOffset(ms, offset);
}

/** Calendar date in UTC, used for custom date fields (`YYYY-MM-DD`). */
export function formatDate(ms: number): string {
  return formatUtc(ms).slice(0, 10);
}

// The eight input formats of spec 000 "General conventions" 3. Seconds and zone are optional;
// the zone may be Z, +hh:mm, +hh or +hhmm. Without a zone, UTC is assumed. The service also takes
// fractional seconds after the seconds (`2027-01-02T00:00:00.000Z`, what JavaScript's toISOString()
// and Python's isoformat() send): the spec's list names the forms, not every digit the parser
// reads. Still refused, as by the service: a space for `T`, one-digit fields, a zone after a bare
// date, a fraction without seconds, impossible dates.
const DATE_INPUT =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * Parses a v2 date input. Returns epoch ms, or null when the text is not one of the accepted
 * formats or names an impossible date (2024-02-30). `YYYY-MM-DDTHH:MMZ` is accepted; a zone after
 * a bare date is not (spec lists no such format). Fractions below a millisecond are dropped.
 */
export function parseDateInput(text: string): number | null {
  const m = DATE_INPUT.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone] = m;
  if (m[4] === undefined && zone !== undefined) return null;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  let ms = Date.UTC(year, month - 1, day, hour, minute, second, Number(fraction.padEnd(3, '0').slice(0, 3)));
  const check = new Date(ms);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  if (zone && zone !== 'Z') {
    const zm = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
    if (!zm) return null;
    if (Number(zm[2]) > 23 || Number(zm[3] ?? '0') > 59) return null;
    const offMin = Number(zm[2]) * 60 + Number(zm[3] ?? '0');
    ms -= (zm[1] === '-' ? -offMin : offMin) * 60_000;
  }
  return ms;
}

/** `YYYY-MM-DD` only, as custom date fields require. */
export function isPlainDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  return parseDateInput(text) !== null;
}

/**
 * v1 accepted whatever Rails' time parser took. We take ISO 8601 in any of the v2 forms plus
 * offsets with seconds, and fall back to Date.parse for the rest; a date without zone is read in
 * the account's offset, as Rails would with the account time zone.
 */
export function parseV1DateInput(text: string, accountOffset: string): number | null {
  const trimmed = text.trim();
  const m = DATE_INPUT.exec(trimmed);
  if (m) {
    const base = parseDateInput(trimmed);
    if (base === null) return null;
    const hasZone = m[8] !== undefined;
    return hasZone ? base : base - parseOffset(accountOffset) * 60_000;
  }
  const fallback = Date.parse(trimmed);
  return Number.isNaN(fallback) ? null : fallback;
}
