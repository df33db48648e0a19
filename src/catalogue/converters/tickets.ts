/** Ticket list filters, uploads, sources, field names and survey ratings. */
import { isBlank, type Converter } from './types.ts';
import { ticketCustomFieldKey } from './keys.ts';

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

export const SCOPING_PARAMS = ['requester_id', 'email', 'company_id', 'company_name', 'updated_since'];

export const ticketFilter: Converter = {
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
export const attachmentUploads: Converter = {
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
export const ticketSourceOnCreate: Converter = {
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
export const ticketFieldName: Converter = {
  description: 'ticket field name: custom names lose the _<account_id> suffix',
  exact: true,
  forward: (value, ctx) => (typeof value === 'string' ? ticketCustomFieldKey.forward(value, ctx) : value),
  backward: (value, ctx) =>
    typeof value === 'string' && !DEFAULT_TICKET_FIELDS.has(value) ? ticketCustomFieldKey.backward(value, ctx) : value,
};

export const DEFAULT_TICKET_FIELDS = new Set([
  'requester', 'subject', 'ticket_type', 'source', 'status', 'priority', 'group', 'agent', 'product', 'description', 'company',
]);


// ---------------------------------------------------------------------------------------------
// surveys

export const CUSTOM_SCALE: Record<number, number> = { 1: 103, 2: 100, 3: -103 };

export const surveyRating: Converter = {
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

/** v2 validates `type` against the account's ticket types; v1 was lenient. Checked when the overlay lists them. */
export const ticketType: Converter = {
  description: "ticket type: unchanged, but v2 refuses a type that is not one of the account's ticket types (overlay ticketTypes)",
  exact: true,
  forward(value, ctx) {
    const known = ctx.overlay.ticketTypes;
    if (known && typeof value === 'string' && !known.includes(value)) {
      ctx.report('manual', `${ctx.path}: "${value}" is not one of the account's ticket types (${known.join(', ')}); v2 refuses it`);
    }
    return value;
  },
  backward: (value) => value,
};
