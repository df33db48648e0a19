/**
 * Field-level view of a rule's lenses: for each v1 field a request sends or a response carries,
 * what it becomes in v2. Derived from the lens ops (never written separately), for the codemod's
 * key renames and response reads, `rules <id>` and the audit's advice.
 */
import { CONVERTERS, KEY_CONVERTERS } from './converters.ts';
import { DERIVERS } from './derivers.ts';
import type { Fidelity, Lens, MessageKind, Rule } from './types.ts';

export interface FieldMapping {
  /** v1 field path inside the unwrapped object (`ticket_type`, `cc_email.reply_cc`); `query.x`/`params.x` for document-level ops. */
  v1: string;
  /** v2 field path, or null when the field has no v2 counterpart. */
  v2: string | null;
  /** Converters applied on the way, in order. */
  converters: string[];
  fidelity: Fidelity;
  /** Why it is lost, how it is derived, or what the converter does. */
  reason?: string;
  /** The field's keys are renamed (custom fields). */
  keys?: string;
  /** v1 sends this field as a second copy of the v2 field (rebuilt coming back). */
  copy?: boolean;
  /**
   * A wrapper v1 puts around each list item or nested object (`notes[].note`): `v2` is the
   * container that holds the fields directly in v2 (`conversations[]`). Reading through it means
   * dropping the step; the fields inside have their own entries (`notes[].note.body_html`).
   */
  wrapper?: boolean;
  /** A request field v1 takes beside the wrapper, not in it (`helpdesk.tags` beside `helpdesk_ticket`). */
  beside?: boolean;
  /** Internal: the name a dropped field had in the lens when it was dropped. */
  v2Before?: string;
}

/**
 * Walks a lens keeping two prefixes: where a field sits in the v1 document and where it sits in the
 * v2 document. They differ inside unwrapped list items (`notes[].note.body_html` → `conversations[].body`).
 */
function walk(
  lens: Lens,
  kind: MessageKind,
  prefix: { v1: string; v2: string },
  out: Map<string, FieldMapping>,
  done: FieldMapping[],
): void {
  let v1Prefix = prefix.v1;
  const at1 = (p: string) => (v1Prefix ? `${v1Prefix}.${p}` : p);
  const at2 = (p: string) => (prefix.v2 ? `${prefix.v2}.${p}` : p);
  // a field dropped earlier in the lens is gone: later ops on that name do not resurrect it
  const gone = new Set(done.map((m) => m.v2Before));
  const isGone = (path: string) => gone.has(at2(path)) && !out.has(at2(path));
  const take = (path: string): FieldMapping => {
    const existing = out.get(at2(path));
    if (existing) {
      out.delete(at2(path));
      return existing;
    }
    return { v1: at1(path), v2: at2(path), converters: [], fidelity: 'exact' };
  };
  // two v1 fields can land on one v2 name (description, description_html): keep both
  const put = (key: string, m: FieldMapping) => {
    const occupant = out.get(key);
    if (occupant && occupant !== m) done.push(occupant);
    out.set(key, m);
  };
  const finish = (m: FieldMapping, path: string) => {
    m.v2Before = at2(path);
    m.v2 = null;
    done.push(m);
    gone.add(m.v2Before);
  };
  const copies: Array<{ m: FieldMapping; src: FieldMapping }> = [];
  for (const op of lens) {
    if (op.only && op.only !== kind) continue;
    switch (op.op) {
      case 'rename': {
        if (isGone(op.from)) break;
        // fields below the renamed one move with it (notes[].body → conversations[].body)
        const from = at2(op.from);
        const to = at2(op.to);
        for (const [key, child] of [...out.entries()]) {
          if (key.startsWith(`${from}.`) || key.startsWith(`${from}[]`)) {
            out.delete(key);
            child.v2 = to + key.slice(from.length);
            put(child.v2, child);
          }
        }
        const m = take(op.from);
        m.v2 = to;
        put(to, m);
        break;
      }
      case 'convert': {
        const m = take(op.path);
        m.converters.push(op.converter);
        m.reason = CONVERTERS[op.converter]?.description;
        m.v2 = at2(op.to ?? op.path);
        put(m.v2, m);
        break;
      }
      case 'mapKeys': {
        const m = take(op.path);
        m.keys = op.converter;
        m.reason = KEY_CONVERTERS[op.converter]?.description;
        put(m.v2!, m);
        break;
      }
      case 'hoist': {
        const m = take(`${op.host}.${op.field}`);
        m.v2 = at2(op.to ?? op.field);
        put(m.v2, m);
        break;
      }
      case 'duplicate': {
        // the source keeps its own entry (later ops rename or convert it: `user_id` → `id`); the
        // copy (`user.id`) ends where the source ends, settled once the lens is walked
        const src = take(op.path);
        put(src.v2!, src);
        const m = take(op.copy);
        if (op.converter) m.converters.push(op.converter);
        m.copy = true;
        copies.push({ m, src });
        break;
      }
      case 'drop': {
        const m = take(op.path);
        m.fidelity = op.fidelity ?? 'lossy';
        m.reason = op.reason;
        finish(m, op.path);
        break;
      }
      case 'derive': {
        const m = take(op.path);
        m.fidelity = 'manual';
        m.reason = `derived: ${DERIVERS[op.deriver]?.description ?? op.deriver}`;
        finish(m, op.path);
        break;
      }
      case 'unwrap':
        // v1 nests what follows one level deeper than v2 does; inside a list item or an object
        // (`notes[].note`) the wrapper is a step code reads, so it gets an entry of its own
        if (v1Prefix && prefix.v2) {
          const inList = prefix.v2.endsWith('[]');
          put(prefix.v2, {
            v1: at1(op.key),
            v2: prefix.v2,
            converters: [],
            fidelity: 'exact',
            wrapper: true,
            reason: inList ? `v2 list items are not wrapped in ${op.key}` : `v2 does not wrap ${prefix.v2} in ${op.key}`,
          });
        }
        v1Prefix = at1(op.key);
        break;
      case 'in':
        walk(op.lens, kind, { v1: at1(op.path), v2: at2(op.path) }, out, done);
        break;
      case 'map':
        walk(op.lens, kind, { v1: at1(`${op.path}[]`), v2: at2(`${op.path}[]`) }, out, done);
        break;
      case 'v1Default':
      case 'alias':
      case 'extra':
      case 'v2Default':
        break;
    }
  }
  for (const { m, src } of copies) {
    m.v2 = src.v2;
    if (src.v2 === null) {
      m.fidelity = src.fidelity;
      m.reason = src.reason;
    }
    done.push(m);
  }
}

function mappingsOf(lens: Lens, kind: MessageKind): FieldMapping[] {
  const out = new Map<string, FieldMapping>();
  const done: FieldMapping[] = [];
  walk(lens, kind, { v1: '', v2: '' }, out, done);
  return [...out.values(), ...done].filter((m) => m.v1 !== m.v2 || m.converters.length > 0 || m.keys);
}

const cache = new WeakMap<Rule, Partial<Record<MessageKind, FieldMapping[]>>>();

/**
 * What each v1 field of this rule becomes in v2. Request: fields of the unwrapped body plus
 * `query.*`/`params.*` moves; response: fields of the unwrapped v1 object a client reads.
 * Computed once per rule and kind (the audit asks for every read it follows): treat the list and
 * its entries as read-only.
 */
export function fieldMappings(rule: Rule, kind: MessageKind): FieldMapping[] {
  let entry = cache.get(rule);
  if (!entry) cache.set(rule, (entry = {}));
  return (entry[kind] ??= computeMappings(rule, kind));
}

function computeMappings(rule: Rule, kind: MessageKind): FieldMapping[] {
  if (kind === 'request') {
    const wrapper = rule.request?.wrapper;
    const doc = mappingsOf(rule.request?.lens ?? [], 'request').map((m) => ({
      ...m,
      v1: m.v1.replace(/^body\./, ''),
      v2: m.v2?.replace(/^body\./, '') ?? null,
      ...(wrapper && m.v1.startsWith('body.') && !m.v1.startsWith(`body.${wrapper}.`) ? { beside: true } : {}),
    }));
    const body = mappingsOf(rule.request?.resource ?? [], 'request');
    // a document-level move into the body (helpdesk.tags → tags) continues through the resource lens;
    // the field written inside the wrapper (tags) goes through the resource lens too: both spellings stay
    const moved = new Map<FieldMapping, FieldMapping[]>();
    for (const d of doc) {
      const next = d.v2 ? body.find((b) => b.v1 === d.v2) : undefined;
      if (next) {
        moved.set(next, [...(moved.get(next) ?? []), { ...next, v1: d.v1, converters: [...d.converters, ...next.converters], ...(d.beside ? { beside: true } : {}) }]);
        d.v2 = null;
      }
    }
    return [...doc.filter((d) => d.v2 !== null || d.reason), ...body.flatMap((b) => [...(moved.get(b) ?? []), b])];
  }
  return mappingsOf(rule.response?.resource ?? [], 'response');
}

/**
 * Converters whose two sides code uses alike: a timestamp with the account offset and the same
 * instant in UTC read, compare and parse the same way. Every other converter reshapes the value
 * (a comma string becomes an array, a number a string, plain text HTML).
 */
const SAME_USE_CONVERTERS = new Set(['offsetToUtc']);

/** Does one of the mapping's converters change how code uses the value? */
export function reshapesValue(m: Pick<FieldMapping, 'converters'>): boolean {
  return m.converters.some((c) => !SAME_USE_CONVERTERS.has(c));
}

/**
 * Does code that reads this v1 field from a response (or writes it into a request) need a change
 * for v2: a wrapper to drop, a field renamed, moved or gone, or a value reshaped? Key renames alone
 * (custom field suffixes) and same-instant timestamps do not count.
 */
export function changesForCode(m: FieldMapping): boolean {
  return m.v2 === null || m.wrapper === true || m.v1 !== m.v2 || reshapesValue(m);
}

/**
 * Does the v2 call refuse this field written in a v1 request body (under the wrapper, or in a body
 * that has none)? True for a name no lens op maps or drops that v2 does not take (`id`,
 * `created_at`, a misspelt name), and for one the lens maps onto such a name (`display_id` → `id`).
 * A field the lens drops is not refused: it is left out with its own reason. The translation leaves
 * refused fields out too (translate.ts); this answers the same for one field name, for the tools
 * that see the name written in code.
 */
export function v2RefusesRequestField(rule: Rule, v1Field: string): boolean {
  const accepts = rule.request?.accepts;
  if (!accepts) return false;
  const wrapper = rule.request?.wrapper;
  const maps = fieldMappings(rule, 'request');
  const own = maps.find((m) => !m.beside && (m.v1 === v1Field || (wrapper && m.v1 === `${wrapper}.${v1Field}`)));
  if (own) {
    if (own.v2 === null) return false;
    const top = own.v2.split(/[.[]/)[0]!;
    return top !== 'params' && top !== 'query' && !accepts.includes(top);
  }
  // an object whose inner fields the lens moves (`cc_email.cc_emails`)
  if (maps.some((m) => !m.beside && (m.v1.startsWith(`${v1Field}.`) || m.v1.startsWith(`${v1Field}[`)))) return false;
  return !accepts.includes(v1Field);
}
