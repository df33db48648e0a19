/**
 * Named value converters used by lens `convert` and `mapKeys` ops. Each one has a v1 → v2
 * (`forward`) and a v2 → v1 (`backward`) function and says whether the pair is exact. A value a
 * converter cannot carry is reported through `ctx.report`, which makes that particular
 * translation `lossy` or `manual` even when its rule is usually exact.
 */
import type { Fidelity, Issue, MessageKind, Overlay } from './types.ts';

export interface ConvertContext {
  overlay: Overlay;
  kind: MessageKind;
  /** Path of the value being converted, for messages. */
  path: string;
  /** The whole document being translated (`{ params, query, body }` for requests). */
  root?: Record<string, unknown>;
  report(fidelity: Issue['fidelity'], message: string): void;
}

export interface Converter {
  description: string;
  /** backward(forward(x)) gives x back for every x forward carries without reporting. */
  exact: boolean;
  forward(value: unknown, ctx: ConvertContext): unknown;
  backward(value: unknown, ctx: ConvertContext): unknown;
}

export interface KeyConverter {
  description: string;
  exact: boolean;
  forward(key: string, ctx: ConvertContext): string;
  backward(key: string, ctx: ConvertContext): string;
}

const isBlank = (v: unknown) => v === null || v === undefined;

// ---------------------------------------------------------------------------------------------
// lists

/** `"a, b,,c"` → `["a","b","c"]`: v1 sends comma-separated strings where v2 wants arrays. */
export function splitCommaList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

const commaList: Converter = {
  description: 'comma-separated string ↔ array of strings (blank items dropped, spaces trimmed)',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter((s) => s.length > 0);
    if (typeof value === 'string') return splitCommaList(value);
    ctx.report('lossy', `${ctx.path}: expected a comma-separated string, got ${typeof value}`);
    return [String(value)];
  },
  backward(value) {
    if (Array.isArray(value)) return value.join(',');
    return value;
  },
};

const commaIntList: Converter = {
  description: 'comma-separated ids ↔ array of numbers ("1, 16" ↔ [1,16])',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const items = Array.isArray(value) ? value.map(String) : splitCommaList(String(value));
    const out: number[] = [];
    for (const item of items) {
      const s = item.trim();
      if (s === '') continue;
      if (/^\d+$/.test(s)) out.push(Number(s));
      else ctx.report('lossy', `${ctx.path}: "${s}" is not a numeric id and was left out`);
    }
    return out;
  },
  backward(value) {
    if (Array.isArray(value)) return value.join(',');
    return value;
  },
};

// ---------------------------------------------------------------------------------------------
// scalars

const numberToString: Converter = {
  description: 'number ↔ string (v1 phone is a number, v2 a string)',
  exact: true,
  forward(value) {
    if (typeof value === 'number') return String(value);
    return value;
  },
  backward(value) {
    // Only digit strings came from numbers; "+61 2 ..." stays a string rather than losing the plus.
    if (typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value)) return Number(value);
    return value;
  },
};

const stringToNumber: Converter = {
  description: 'numeric string ↔ number (query parameters moved into a JSON body)',
  exact: true,
  forward(value, ctx) {
    if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value.trim());
    if (typeof value === 'number' || isBlank(value)) return value;
    ctx.report('manual', `${ctx.path}: "${String(value)}" is not a number`);
    return value;
  },
  backward(value) {
    return typeof value === 'number' ? String(value) : value;
  },
};

function toBoolean(value: unknown): boolean | undefined {
  if (value === true || value === false) return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

/** v1 topics took 0/1 for sticky; v2 validates booleans. Coming back, v1 printed 1/0. */
const zeroOneToBoolean: Converter = {
  description: '0/1 (or "0"/"1", true/false) ↔ boolean; v1 reads back 0/1',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const b = toBoolean(value);
    if (b === undefined) {
      ctx.report('manual', `${ctx.path}: ${JSON.stringify(value)} is neither 0/1 nor a boolean`);
      return value;
    }
    return b;
  },
  backward(value) {
    if (value === true) return 1;
    if (value === false) return 0;
    return value;
  },
};

/** Same as zeroOneToBoolean, but v1 printed booleans (topic `locked`). */
const looseBoolean: Converter = {
  description: '0/1, "true"/"false" or boolean → boolean; v1 reads back a boolean',
  exact: true,
  forward: zeroOneToBoolean.forward,
  backward(value) {
    return value;
  },
};

// ---------------------------------------------------------------------------------------------
// text and HTML

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Plain text as HTML: special characters escaped, each newline kept and made visible with `<br>`. */
export function textToHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!).replace(/\r?\n/g, '<br>\n');
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

/** The inverse of textToHtml, and a reasonable plain-text rendering of other HTML. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>\n?/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>\n?/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (m, e: string) => {
      if (e.startsWith('#x') || e.startsWith('#X')) return String.fromCodePoint(parseInt(e.slice(2), 16));
      if (e.startsWith('#') && e !== '#39') return String.fromCodePoint(parseInt(e.slice(1), 10));
      return NAMED_ENTITIES[e.toLowerCase()] ?? m;
    });
}

const textToHtmlConverter: Converter = {
  description: 'plain text → HTML (characters escaped, newlines kept as <br>) ↔ HTML → text',
  exact: true,
  forward(value) {
    return typeof value === 'string' ? textToHtml(value) : value;
  },
  backward(value) {
    return typeof value === 'string' ? htmlToText(value) : value;
  },
};

// ---------------------------------------------------------------------------------------------
// tags

const tagObjects: Converter = {
  description: 'array of { name } objects ↔ array of strings',
  exact: true,
  forward(value, ctx) {
    if (!Array.isArray(value)) return value;
    return value.map((t) => {
      if (t && typeof t === 'object' && 'name' in t) return String((t as { name: unknown }).name);
      if (typeof t === 'string') return t;
      ctx.report('lossy', `${ctx.path}: tag ${JSON.stringify(t)} has no name`);
      return String(t);
    });
  },
  backward(value) {
    if (!Array.isArray(value)) return value;
    return value.map((name) => ({ name }));
  },
};

// ---------------------------------------------------------------------------------------------
// time

const OFFSET_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Minutes east of UTC for `+10:00`, `-0530`, `+05`, `Z`. */
export function parseOffset(offset: string | undefined): number {
  if (!offset || offset === 'Z') return 0;
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

export function formatUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function formatWithOffset(ms: number, offset: string): string {
  const minutes = parseOffset(offset);
  const local = new Date(ms + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, '');
  return `${local}${formatOffset(minutes)}`;
}

const offsetToUtc: Converter = {
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
    const ms = parseInstant(value);
    if (ms === undefined || /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
    return formatWithOffset(ms, ctx.overlay.utcOffset ?? '+00:00');
  },
};

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

const secondsToUnassignedFor: Converter = {
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
function formatHhmm(totalMinutes: number): string {
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

const hhmmToTimeSpent: Converter = {
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
const decimalHoursToHhmm: Converter = {
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

// ---------------------------------------------------------------------------------------------
// surveys

const CUSTOM_SCALE: Record<number, number> = { 1: 103, 2: 100, 3: -103 };

const surveyRating: Converter = {
  description:
    'v1 rating 1 Awesome, 2 Just Okay, 3 Not Good ↔ v2 ratings.default_question (classic 1/2/3, or custom 103/100/-103 with the overlay option surveyScale)',
  exact: true,
  forward(value, ctx) {
    const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
    if (n !== 1 && n !== 2 && n !== 3) {
      ctx.report('manual', `${ctx.path}: rating ${JSON.stringify(value)} is not 1, 2 or 3`);
      return n;
    }
    return ctx.overlay.surveyScale === 'custom' ? CUSTOM_SCALE[n] : n;
  },
  backward(value, ctx) {
    if (typeof value !== 'number') return value;
    if (value >= 1 && value <= 3) return value;
    if (value > 100) return 1;
    if (value === 100) return 2;
    if (value < -100) return 3;
    ctx.report('lossy', `${ctx.path}: custom survey value ${value} has no v1 rating`);
    return null;
  },
};

// ---------------------------------------------------------------------------------------------
// custom field keys

/** v1 ticket custom field `license_1234` → v2 `license` (the account id suffix goes). */
const ticketCustomFieldKey: KeyConverter = {
  description: 'v1 ticket custom field name with _<account_id> suffix ↔ v2 name without it',
  exact: true,
  forward(key, ctx) {
    const explicit = ctx.overlay.ticketFields?.[key];
    if (explicit) return explicit;
    const acct = ctx.overlay.accountId;
    if (acct) {
      if (key.endsWith(`_${acct}`)) return key.slice(0, -(acct.length + 1));
      ctx.report('lossy', `${ctx.path}.${key}: no _${acct} suffix; kept the name as is`);
      return key;
    }
    const m = /^(.+)_(\d{3,})$/.exec(key);
    if (m) return m[1]!;
    return key;
  },
  backward(key, ctx) {
    const explicit = Object.entries(ctx.overlay.ticketFields ?? {}).find(([, v2]) => v2 === key);
    if (explicit) return explicit[0];
    if (ctx.overlay.accountId) return `${key}_${ctx.overlay.accountId}`;
    ctx.report('lossy', `${ctx.path}.${key}: the v1 name needs the account id suffix; set accountId in the overlay`);
    return key;
  },
};

function prefixedKey(map: 'contactFields' | 'companyFields'): KeyConverter {
  return {
    description: 'v1 contact/company custom field cf_<name> ↔ v2 <name>',
    exact: true,
    forward(key, ctx) {
      const explicit = ctx.overlay[map]?.[key];
      if (explicit) return explicit;
      return key.startsWith('cf_') ? key.slice(3) : key;
    },
    backward(key, ctx) {
      const explicit = Object.entries(ctx.overlay[map] ?? {}).find(([, v2]) => v2 === key);
      if (explicit) return explicit[0];
      return `cf_${key}`;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// tickets

/** v1 filter names → v2 `filter` values. `all_tickets` has no v2 filter: it is the default listing. */
export const TICKET_FILTERS: Record<string, string | null> = {
  new_and_my_open: 'new_and_my_open',
  new_my_open: 'new_and_my_open', // the spelling python-freshdesk's v1 client used
  monitored_by: 'watching',
  spam: 'spam',
  deleted: 'deleted',
  all_tickets: null,
};

const SCOPING_PARAMS = ['requester_id', 'email', 'company_id', 'company_name', 'updated_since'];

const ticketFilter: Converter = {
  description:
    'v1 filter name → v2 filter (monitored_by → watching, all_tickets → no filter, new_my_open → new_and_my_open)',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const name = String(value);
    if (!(name in TICKET_FILTERS)) {
      ctx.report('manual', `${ctx.path}: "${name}" is not a v1 filter name; v2 knows new_and_my_open, watching, spam, deleted`);
      return name;
    }
    const v2 = TICKET_FILTERS[name];
    if (v2 === null) {
      const query = (ctx.root?.query ?? {}) as Record<string, unknown>;
      if (!SCOPING_PARAMS.some((p) => p in query)) {
        ctx.report(
          'lossy',
          `${ctx.path}: all_tickets has no v2 filter, and the v2 default listing covers only tickets created in the last 30 days; ` +
            'add updated_since=<date> to reach older tickets (it filters on updated_at, not created_at)',
        );
      }
      return undefined;
    }
    return v2;
  },
  backward(value) {
    if (value === 'watching') return 'monitored_by';
    return value;
  },
};

/** Multipart uploads: v1 `helpdesk_ticket[attachments][][resource]` items ↔ v2 `attachments[]` files. */
const attachmentUploads: Converter = {
  description: 'v1 attachments [{ resource: file }] ↔ v2 attachments[] files',
  exact: true,
  forward(value) {
    if (!Array.isArray(value)) return value;
    return value.map((item) =>
      item && typeof item === 'object' && 'resource' in (item as object) ? (item as { resource: unknown }).resource : item,
    );
  },
  backward(value) {
    if (!Array.isArray(value)) return value;
    return value.map((resource) => ({ resource }));
  },
};

/** Sources v2 refuses on create (FC: 4 Forum, 12 Bot, 13 WhatsApp; 10 only with compose-email). */
const ticketSourceOnCreate: Converter = {
  description: 'ticket source on create: same numbers, but v2 refuses 4 (Forum), 12 and 13, and 10 without compose-email',
  exact: true,
  forward(value, ctx) {
    const n = Number(value);
    if (n === 4 || n === 12 || n === 13) {
      ctx.report('manual', `${ctx.path}: v2 refuses to create tickets with source ${n}; choose another source (e.g. 2 Portal)`);
    } else if (n === 10) {
      ctx.report('manual', `${ctx.path}: source 10 (Outbound Email) needs the compose-email feature; use POST /api/v2/tickets/outbound_email`);
    }
    return value;
  },
  backward: (value) => value,
};

/** A ticket field's own `name` attribute follows the same suffix rule as custom field keys. */
const ticketFieldName: Converter = {
  description: 'ticket field name: custom names lose the _<account_id> suffix',
  exact: true,
  forward: (value, ctx) => (typeof value === 'string' ? ticketCustomFieldKey.forward(value, ctx) : value),
  backward: (value, ctx) =>
    typeof value === 'string' && !DEFAULT_TICKET_FIELDS.has(value) ? ticketCustomFieldKey.backward(value, ctx) : value,
};

const DEFAULT_TICKET_FIELDS = new Set([
  'requester', 'subject', 'ticket_type', 'source', 'status', 'priority', 'group', 'agent', 'product', 'description', 'company',
]);

// ---------------------------------------------------------------------------------------------
// contacts and agents: list filters

/**
 * v1 list condition `query=<column> is <value>` (FC `convert_query_to_conditions`: columns email,
 * phone, mobile, customer_id; operators `is`, `like`) → `{ <v2 filter>: value }`, which the rule
 * then hoists into the v2 query. `like` has no v2 equivalent: manual, with the substitutes named.
 */
function queryCondition(columns: Record<string, string>, what: 'contacts' | 'agents'): Converter {
  const names = Object.keys(columns).join(', ');
  return {
    description: `v1 ${what} list condition "query=<column> is <value>" (${names}) ↔ the v2 filter parameter of that column`,
    exact: true,
    forward(value, ctx) {
      if (isBlank(value)) return value;
      const text = String(value).trim();
      const m = /^(\w+)\s+(is|like)\s+(.+)$/i.exec(text);
      if (!m) {
        ctx.report('manual', `${ctx.path}: "${text}" is not a v1 condition of the form "<column> is <value>" (columns ${names})`);
        return undefined;
      }
      const column = m[1]!.toLowerCase();
      const operator = m[2]!.toLowerCase();
      const raw = m[3]!.trim().replace(/^(['"])(.*)\1$/, '$2');
      const target = columns[column];
      if (!target) {
        ctx.report('manual', `${ctx.path}: v1 ${what} could be filtered on ${names}, not on "${column}"`);
        return undefined;
      }
      if (operator === 'like') {
        ctx.report(
          'manual',
          `${ctx.path}: "${column} like ${raw}" (substring match) has no v2 filter; ` +
            (what === 'contacts'
              ? `substitute GET /api/v2/search/contacts?query="${target}:'${raw}'" (exact value, indexing delay, 10 pages at most) ` +
                'or GET /api/v2/contacts/autocomplete?term=<name prefix> (names only), or list and filter client-side'
              : `substitute GET /api/v2/agents/autocomplete?term=<name or e-mail prefix>, or list and filter client-side`),
        );
        return undefined;
      }
      return { [target]: target === 'company_id' && /^\d+$/.test(raw) ? Number(raw) : raw };
    },
    backward(value) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
      const [entry] = Object.entries(value as Record<string, unknown>);
      if (!entry) return undefined;
      const column = Object.entries(columns).find(([, v2]) => v2 === entry[0])?.[0] ?? entry[0];
      return `${column} is ${String(entry[1])}`;
    },
  };
}

const contactQuery = queryCondition(
  { email: 'email', phone: 'phone', mobile: 'mobile', customer_id: 'company_id', company_id: 'company_id' },
  'contacts',
);

const agentQuery = queryCondition({ email: 'email', phone: 'phone', mobile: 'mobile' }, 'agents');

/** v1 contact `state`: verified, unverified, deleted, blocked are the same in v2; `all` is the v2 default (no state). */
const contactState: Converter = {
  description: 'v1 contact list state (verified, unverified, deleted, blocked, all) ↔ v2 state (all = no state parameter)',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const s = String(value).trim().toLowerCase();
    if (s === 'all') return undefined; // v1 all = not deleted and not blocked = the v2 default listing
    if (['verified', 'unverified', 'deleted', 'blocked'].includes(s)) return s;
    ctx.report('manual', `${ctx.path}: "${String(value)}" is not a contact state; v2 knows verified, unverified, deleted, blocked`);
    return value;
  },
  backward: (value) => value,
};

/** v1 agent list `state`: occasional is the same; active (full-time agents) is v2 fulltime. */
const agentState: Converter = {
  description: 'v1 agent list state (active, occasional) ↔ v2 state (fulltime, occasional)',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const s = String(value).trim().toLowerCase();
    if (s === 'occasional') return s;
    if (s === 'active' || s === 'fulltime') return 'fulltime';
    ctx.report('manual', `${ctx.path}: "${String(value)}" has no v2 agent state; v2 knows fulltime and occasional (no deleted agents)`);
    return value;
  },
  backward: (value) => (value === 'fulltime' ? 'active' : value),
};

// ---------------------------------------------------------------------------------------------
// groups

/** v1 `ticket_assign_type` ↔ v2 `auto_ticket_assign`: the old v2 groups API writes only 0 or 1. */
const autoTicketAssign: Converter = {
  description: 'group ticket_assign_type ↔ auto_ticket_assign (v2 /groups writes only 0 disabled or 1 round robin)',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const n = value === true ? 1 : value === false ? 0 : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (ctx.kind === 'request' && n !== 0 && n !== 1) {
      ctx.report(
        'manual',
        `${ctx.path}: ticket_assign_type ${JSON.stringify(value)}: /api/v2/groups accepts only 0 (disabled) and 1 (round robin); ` +
          'skill-based (2), load-based (3) and Omniroute (12) are set with /api/v2/admin/groups (automatic_agent_assignment)',
      );
    }
    return n;
  },
  backward(value) {
    // some v2 samples answer a boolean (field service groups)
    if (value === true) return 1;
    if (value === false) return 0;
    return value;
  },
};

/** v1 group responses list agent user objects; v2 lists only their ids. */
const agentObjectsToIds: Converter = {
  description: 'v1 group agents (agent user objects) → v2 agent_ids; coming back only { id } objects can be rebuilt',
  exact: false,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    ctx.report('lossy', `${ctx.path}: v2 keeps only the ids of the group's agents`);
    if (!Array.isArray(value)) return value;
    return value
      .map((a) => {
        if (a && typeof a === 'object') {
          const o = (a as Record<string, unknown>).user ?? a;
          const id = (o as Record<string, unknown>).id ?? (a as Record<string, unknown>).user_id;
          return typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
        }
        return a;
      })
      .filter((id) => id !== undefined);
  },
  backward(value, ctx) {
    if (!Array.isArray(value)) return value;
    if (value.length > 0) {
      ctx.report('lossy', `${ctx.path}: v2 gives only agent ids; name, email and the other agent fields need GET /api/v2/agents/[id]`);
    }
    return value.map((id) => ({ id }));
  },
};

// ---------------------------------------------------------------------------------------------
// discussions and solutions

/** Topic stamps: v1 documented 1 Planned, 2 Implemented, 3 "Taken" (Not Taken); v2 adds 4-9 per forum type. */
const topicStampType: Converter = {
  description: 'topic stamp_type: same numbers (1 Planned, 2 Implemented, 3 Not Taken; v2 adds 4 In Progress, 5 Deferred, 6/7 Answered/Unanswered, 8/9 Solved/Unsolved)',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    if (ctx.kind !== 'request') return value; // responses carry what the server sent
    const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 9) {
      ctx.report('manual', `${ctx.path}: stamp_type ${JSON.stringify(value)} is not a topic stamp (1-9)`);
      return value;
    }
    return n;
  },
  backward: (value) => value,
};

/** Solution folder visibility: v1 1-4 are the same numbers in v2; v2 adds 5 Bots, 6/7 segments. */
const folderVisibility: Converter = {
  description: 'solution folder visibility 1 All, 2 Logged in, 3 Agents, 4 Companies (same in v2; v2 adds 5 Bots, 6 contact and 7 company segments)',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value) || ctx.kind !== 'request') return value; // responses carry what the server sent
    const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (n !== 1 && n !== 2 && n !== 3 && n !== 4) {
      ctx.report('manual', `${ctx.path}: visibility ${JSON.stringify(value)} is not a v1 folder visibility (1-4)`);
    }
    return n;
  },
  backward(value, ctx) {
    if (typeof value === 'number' && value > 4) {
      ctx.report('lossy', `${ctx.path}: v2 visibility ${value} (bots or segments) has no v1 value`);
    }
    return value;
  },
};

/**
 * Company lists of folders and forums: spec 001 `customer_folder_attributes: [{ customer_id }]`
 * (or plain ids) ↔ v2 `company_ids: [..]`.
 */
const customerIdObjects: Converter = {
  description: 'v1 [{ customer_id }] (or ids) ↔ v2 company ids',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const items = Array.isArray(value) ? value : [value];
    const out: number[] = [];
    for (const item of items) {
      const id = item && typeof item === 'object' ? (item as Record<string, unknown>).customer_id : item;
      if (typeof id === 'number' && Number.isInteger(id)) out.push(id);
      else if (typeof id === 'string' && /^\d+$/.test(id.trim())) out.push(Number(id.trim()));
      else ctx.report('lossy', `${ctx.path}: ${JSON.stringify(item)} holds no numeric customer_id and was left out`);
    }
    return out;
  },
  backward(value) {
    if (!Array.isArray(value)) return value;
    return value.map((customer_id) => ({ customer_id }));
  },
};

/** A company field's own `name`: custom fields are `cf_<name>` in v1 and `<name>` in v2. */
const companyFieldName: Converter = {
  description: 'company field name: custom names lose the cf_ prefix (default fields keep theirs)',
  exact: true,
  forward(value, ctx) {
    if (typeof value !== 'string') return value;
    const explicit = ctx.overlay.companyFields?.[value];
    if (explicit) return explicit;
    return value.startsWith('cf_') ? value.slice(3) : value;
  },
  backward(value, ctx) {
    if (typeof value !== 'string') return value;
    const explicit = Object.entries(ctx.overlay.companyFields ?? {}).find(([, v2]) => v2 === value);
    if (explicit) return explicit[0];
    // custom or default: the field says so (default flag, then type); otherwise go by the default names
    const root = ctx.root ?? {};
    const type = root.type ?? root.field_type;
    let custom: boolean;
    if (root.default === true || root.default === false) custom = !root.default;
    else if (typeof type === 'string' && /^(custom|default)_/.test(type)) custom = type.startsWith('custom_');
    else custom = !DEFAULT_COMPANY_FIELDS.has(value);
    return custom ? `cf_${value}` : value;
  },
};

/** Names of the default company fields (FC, FDDOC): everything else is custom. */
const DEFAULT_COMPANY_FIELDS = new Set([
  'name', 'description', 'note', 'domains', 'health_score', 'account_tier', 'renewal_date', 'industry',
]);

export const CONVERTERS: Record<string, Converter> = {
  commaList,
  commaIntList,
  numberToString,
  stringToNumber,
  zeroOneToBoolean,
  looseBoolean,
  textToHtml: textToHtmlConverter,
  tagObjects,
  offsetToUtc,
  secondsToUnassignedFor,
  hhmmToTimeSpent,
  decimalHoursToHhmm,
  surveyRating,
  ticketFilter,
  attachmentUploads,
  ticketSourceOnCreate,
  ticketFieldName,
  contactQuery,
  agentQuery,
  contactState,
  agentState,
  autoTicketAssign,
  agentObjectsToIds,
  topicStampType,
  folderVisibility,
  customerIdObjects,
  companyFieldName,
};

export const KEY_CONVERTERS: Record<string, KeyConverter> = {
  ticketCustomFieldKey,
  contactCustomFieldKey: prefixedKey('contactFields'),
  companyCustomFieldKey: prefixedKey('companyFields'),
};

export function worstFidelity(list: Iterable<Fidelity>): Fidelity {
  const order: Fidelity[] = ['exact', 'lossy', 'manual', 'none'];
  let worst = 0;
  for (const f of list) worst = Math.max(worst, order.indexOf(f));
  return order[worst]!;
}
