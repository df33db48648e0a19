/**
 * The catalogue's data model. Rules in `rules/` are plain data of these types; every tool reads
 * them through `src/catalogue/index.ts` and never re-encodes a mapping.
 */

export type Fidelity = 'exact' | 'lossy' | 'manual' | 'none';
export const FIDELITY_ORDER: readonly Fidelity[] = ['exact', 'lossy', 'manual', 'none'];

/** The worst of several fidelities (`exact` when there are none). */
export function worstFidelity(list: Iterable<Fidelity>): Fidelity {
  let worst = 0;
  for (const f of list) worst = Math.max(worst, FIDELITY_ORDER.indexOf(f));
  return FIDELITY_ORDER[worst]!;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Family =
  | 'tickets'
  | 'ticket-fields'
  | 'notes'
  | 'contacts'
  | 'companies'
  | 'company-fields'
  | 'agents'
  | 'groups'
  | 'time-entries'
  | 'surveys'
  | 'discussions'
  | 'solutions';

/**
 * Which kind of message an op applies to. Lenses describe one resource in both directions; some
 * fields exist only in requests (v1 `description` is plain text to escape) or only in responses
 * (`display_id`), so an op can be limited to one kind. Direction is separate: a lens is written
 * v1 → v2 and applied in reverse for v2 → v1.
 */
export type MessageKind = 'request' | 'response';

/** A dotted path inside the document the op applies to, e.g. `cc_email.reply_cc`. */
export type FieldPath = string;

export type ConverterName = string;

interface OpBase {
  /** Limit the op to requests or responses; absent = both. */
  only?: MessageKind;
}

/**
 * The lens vocabulary. Each op is written in the v1 → v2 direction; `reverseLens` derives the
 * v2 → v1 op mechanically (see lens.ts). Ops that lose information say so (`drop`, converters
 * declared lossy), so the lens laws can be checked by property tests.
 */
export type LensOp =
  /** Move a field; inverse swaps from and to. */
  | (OpBase & { op: 'rename'; from: FieldPath; to: FieldPath })
  /** Convert a value with a named converter, optionally moving it; inverse uses the converter's backward function. */
  | (OpBase & { op: 'convert'; path: FieldPath; to?: FieldPath; converter: ConverterName })
  /** Convert every key of an object with a named key converter (custom field names). */
  | (OpBase & { op: 'mapKeys'; path: FieldPath; converter: ConverterName })
  /** v1 wraps the object in `key`; v2 does not. Inverse: wrap. `keep` names siblings that stay outside. */
  | (OpBase & { op: 'unwrap'; key: string })
  /** Move `host.field` up to `to` (default `field`); inverse plunges it back. Empty hosts are removed. */
  | (OpBase & { op: 'hoist'; host: FieldPath; field: string; to?: string })
  /** Apply a sub-lens to the object at `path`. */
  | (OpBase & { op: 'in'; path: FieldPath; lens: LensOp[] })
  /** Apply a sub-lens to every element of the array at `path`. */
  | (OpBase & { op: 'map'; path: FieldPath; lens: LensOp[] })
  /** A v1 field with no v2 counterpart: removed going to v2, cannot be restored (lossy). */
  | (OpBase & { op: 'drop'; path: FieldPath; reason: string; fidelity?: 'lossy' | 'manual' | 'none' })
  /**
   * v1 carries the same value twice (`cc_emails` and `cc_email.cc_emails`; `agents` and `agent_list`):
   * the copy is dropped going to v2 and rebuilt coming back, through `converter` when the copy is
   * spelled differently (`"1,16"` beside `[1, 16]`).
   */
  | (OpBase & { op: 'duplicate'; path: FieldPath; copy: FieldPath; converter?: ConverterName })
  /** v1 always has the field, v2 omits it when it has this value (ticket `deleted`): filled in coming back. */
  | (OpBase & { op: 'v1Default'; path: FieldPath; value: unknown })
  /** v2 spells the field differently in some responses (`size` vs `file_size`): coming back, when the field is absent or null, take the first alias that has a value. */
  | (OpBase & { op: 'alias'; path: FieldPath; aliases: FieldPath[] })
  /**
   * A v1 field computed from v2 data and account facts (`status_name` from `status` via ticket field
   * choices). Going to v2 it is read-only and removed; coming back it is derived with a named deriver.
   */
  | (OpBase & { op: 'derive'; path: FieldPath; deriver: string; reason: string })
  /** A v2 field with no v1 counterpart (`association_type`): nothing to send, removed coming back. */
  | (OpBase & { op: 'extra'; path: FieldPath; reason: string })
  /**
   * v2 needs a value v1 implied (the default ticket list was `new_and_my_open`): set going to v2
   * unless the field or one of `unless` is present; removed coming back when it has this value.
   */
  | (OpBase & { op: 'v2Default'; path: FieldPath; value: unknown; unless?: FieldPath[] });

export type Lens = LensOp[];

/** How one v2 call is made. Templates `:name` in `path` are filled from the translated `params`. */
export interface V2Step {
  method: HttpMethod;
  path: string;
  /** What this call is for, in words a report can print. */
  purpose: string;
  /** Fixed query parameters (e.g. `include`). Values may be `{{params.x}}`/`{{query.x}}` templates. */
  query?: Record<string, string>;
  /** Fixed body for calls that do not carry the translated request (lookups). */
  body?: Record<string, unknown>;
  /** This call carries the translated request's query and body (the main call). */
  carries?: boolean;
  /**
   * Fields of the main call taken from this call's response, e.g. `{ 'body.responder_id': 'id' }`
   * after `agents/me`. Keys are paths in the translated request document, values are selectors into
   * this call's response: `id`, or `companies[name={{query.company_name}}].id` (case-insensitive match).
   */
  provides?: Record<string, string>;
  /** Fields of the translated request this call uses up (a company name resolved to an id): not sent on. */
  consumes?: string[];
  /** Only needed to rebuild the v1 response (the shim makes it; code migrated to v2 does not). */
  forResponse?: boolean;
  /** v2 success status. */
  status: number;
  /** Rate-limit credits this call costs. */
  cost: number;
}

export interface RequestSpec {
  /** The v1 body wrapper (`helpdesk_ticket`); its absence or doubling is a clear error. */
  wrapper?: string;
  /** Ops on the whole translated request document `{ params, query, body }` (query → body moves etc.). */
  lens?: Lens;
  /** Lens of the resource inside the body after unwrapping (shared with the response). */
  resource?: Lens;
  /** `none`: v1 sends no body (restore, follow); `json` (default); `multipart` accepted too. */
  body?: 'none' | 'json';
  /** Multipart bracket keys: v1 `helpdesk_ticket[attachments][][resource]` → v2 `attachments[]`. */
  multipart?: { v1Files: string; v2Files: string };
  /**
   * The top-level body fields the v2 call that carries this request takes (spec 000, the reference's
   * field tables). v2 refuses any other with 400 `invalid_field`, where v1 ignored fields it did not
   * take (`id`, `created_at`, a misspelt name): such a field is left out of the v2 body and said.
   */
  accepts?: readonly string[];
}

export interface ResponseSpec {
  /** v1 success status the legacy client expects. */
  v1Status: number;
  /**
   * Shape of the v1 body: `object` wrapped in `wrapper`; `list` bare items; `list-wrapped` items each
   * wrapped; `summary-list` an array of `{ wrapper: summary }`; `none` no body.
   */
  shape: 'object' | 'list' | 'list-wrapped' | 'summary-list' | 'none';
  wrapper?: string;
  /** Resource lens applied in reverse (v2 → v1). */
  resource?: Lens;
  /** Only these v1 fields are kept (the ticket update summary). */
  project?: string[];
  /** Response of a later call embedded in the first one's object, e.g. `{ conversations: 1 }`. */
  embed?: Record<string, number>;
  /**
   * v1 fields the v2 answer carries only when the request asks for them with a query value the
   * plan does not add (list items' description needs include=description, 2 more credits): code
   * that reads them needs that value added, or reads undefined.
   */
  onlyWith?: { query: Record<string, string>; fields: string[]; note: string };
}

export interface Rule {
  /** Stable id, `<family>.<operation>`, e.g. `tickets.create`. */
  id: string;
  family: Family;
  /** One plain sentence a user reads in a report. */
  summary: string;
  v1: {
    method: HttpMethod;
    /** Path templates without format suffix: `/helpdesk/tickets/:id`. Older spellings are listed too. */
    paths: string[];
    /** The rule applies only when these query parameters are present (discriminates list variants). */
    whenQuery?: string[];
    /**
     * Where the v1 operation is documented: spec 001, outside it (reference Appendix A, older
     * samples), or nowhere (an endpoint real code calls: ./undocumented.ts); `run-time`: code
     * names the endpoint only at run time (`'/helpdesk/' + resource + '.json'`), so no rule is known.
     */
    source?: 'spec' | 'reference' | 'undocumented' | 'run-time';
  };
  /** The v2 calls in order; empty for `none` rules. */
  plan: V2Step[];
  request?: RequestSpec;
  response?: ResponseSpec;
  fidelity: Fidelity;
  /** What is lost (lossy), always listed for lossy rules. */
  lost?: string[];
  /** The human decision a `manual` rule needs. */
  decision?: string;
  /** The recommended substitute when there is no v2 equivalent. */
  substitute?: string;
  /** Extra facts a migrating engineer must know. */
  notes?: string[];
}

/** Account facts that the catalogue cannot know in general; loaded from an overlay file. */
export interface Overlay {
  /** Numeric account id: v1 ticket custom field names end in `_<accountId>`. */
  accountId?: string;
  /** Explicit v1 → v2 custom field names, for tickets (`license_1234` → `license`). */
  ticketFields?: Record<string, string>;
  /** Explicit v1 → v2 names for contact fields (`cf_region` → `region`). */
  contactFields?: Record<string, string>;
  companyFields?: Record<string, string>;
  /** Ticket status id → [agent label, customer label], including custom statuses. */
  statuses?: Record<string, [string, string]>;
  /** Allowed ticket types. */
  ticketTypes?: string[];
  /** Account UTC offset used for v1 timestamps, `+10:00`. */
  utcOffset?: string;
  /** How numeric v1 `hhmm` is read: the real server read decimal hours, spec 001 says hours.minutes. */
  hhmm?: 'decimal-hours' | 'hours-minutes';
  /** Satisfaction survey scale in v2: classic 1..3 or custom 103..-103. */
  surveyScale?: 'classic' | 'custom';
}

/** One thing a particular translation could not carry exactly. */
export interface Issue {
  fidelity: Exclude<Fidelity, 'exact'>;
  /** Where: `body.assign_time`, `query.letter`. */
  path: string;
  message: string;
}
