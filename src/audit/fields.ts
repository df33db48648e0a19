/**
 * The ONE adapter between audit and the catalogue's field-level facts: which v1 field names of a
 * rule's request or response change in v2 (renamed, converted, dropped, derived, wrappers).
 *
 * It is derived mechanically from the rule's lens ops (see src/catalogue/types.ts); nothing here
 * knows a field name. When the catalogue exports `fieldMappings(rule, kind)` this module should
 * simply forward to it.
 *
 * Paths are dotted, relative to the unwrapped resource; `[]` marks array items: `notes[].body_html`.
 */
import type { Fidelity, Rule } from '../catalogue/index.ts';
import type { LensOp, MessageKind } from '../catalogue/types.ts';

export interface FieldMapping {
  /** v1 path (relative to the resource inside the wrapper). */
  v1: string;
  /** v2 path, or null when v2 has no such field. */
  v2: string | null;
  converter?: string;
  reason?: string;
  fidelity: Fidelity;
  /** `wrapper` entries: v1 wraps items in this key (`notes[].note`), v2 does not. */
  op: LensOp['op'];
}

/** Converters that change representation but not how code uses the value (timestamps stay timestamps). */
const NEUTRAL_CONVERTERS = new Set(['offsetToUtc', 'numberToString', 'stringToNumber']);

function collect(ops: readonly LensOp[] | undefined, kind: MessageKind, p1: string, p2: string, out: FieldMapping[]): void {
  for (const op of ops ?? []) {
    if (op.only && op.only !== kind) continue;
    switch (op.op) {
      case 'rename':
        out.push({ v1: p1 + op.from, v2: p2 + op.to, fidelity: 'exact', op: 'rename' });
        break;
      case 'convert':
        out.push({ v1: p1 + op.path, v2: p2 + (op.to ?? op.path), converter: op.converter, fidelity: 'exact', op: 'convert' });
        break;
      case 'mapKeys':
        out.push({ v1: `${p1 + op.path}.*`, v2: `${p2 + op.path}.*`, converter: op.converter, fidelity: 'exact', op: 'mapKeys' });
        break;
      case 'unwrap':
        out.push({ v1: p1 + op.key, v2: p2.replace(/\.$/, '') || null, reason: `v2 does not wrap in ${op.key}`, fidelity: 'exact', op: 'unwrap' });
        break;
      case 'hoist':
        out.push({ v1: `${p1 + op.host}.${op.field}`, v2: p2 + (op.to ?? op.field), fidelity: 'exact', op: 'hoist' });
        break;
      case 'in':
        collect(op.lens, kind, `${p1 + op.path}.`, `${p2 + op.path}.`, out);
        break;
      case 'map': {
        // a wrapper inside list items (`notes[].note`) shifts the v1 prefix of the item's fields
        const inner = op.lens;
        const unwrap = inner.find((o) => o.op === 'unwrap' && (!o.only || o.only === kind)) as { key: string } | undefined;
        const item1 = `${p1 + op.path}[].`;
        const item2 = `${p2 + op.path}[].`;
        if (unwrap) {
          out.push({ v1: item1 + unwrap.key, v2: item2.slice(0, -1), reason: `v2 list items are not wrapped in ${unwrap.key}`, fidelity: 'exact', op: 'unwrap' });
          collect(inner.filter((o) => o !== (unwrap as unknown)), kind, `${item1 + unwrap.key}.`, item2, out);
        } else {
          collect(inner, kind, item1, item2, out);
        }
        break;
      }
      case 'drop':
        out.push({ v1: p1 + op.path, v2: null, reason: op.reason, fidelity: op.fidelity ?? 'lossy', op: 'drop' });
        break;
      case 'duplicate':
        out.push({ v1: p1 + op.copy, v2: p2 + op.path, reason: `v2 has it once, as ${op.path}`, fidelity: 'exact', op: 'duplicate' });
        break;
      case 'derive':
        out.push({ v1: p1 + op.path, v2: null, reason: op.reason, fidelity: 'lossy', op: 'derive' });
        break;
      default:
        break;
    }
  }
}

/** Later renames of a container (`notes` → `conversations`) also move the v2 paths of its items; chained renames compose (`user.id` → `user_id` → `id`). */
function fixContainers(list: FieldMapping[]): FieldMapping[] {
  list.forEach((m, i) => {
    if (!m.v2 || m.op === 'drop' || m.op === 'derive') return;
    const later = list.slice(i + 1).find((f) => f.op === 'rename' && f.v1 === m.v2 && f.v1 !== m.v1);
    if (later?.v2) m.v2 = later.v2;
  });
  for (const m of list) {
    if (m.op !== 'rename' || !m.v2) continue;
    for (const other of list) {
      if (other === m || !other.v2) continue;
      if (other.v2.startsWith(`${m.v1}[]`) || other.v2.startsWith(`${m.v1}.`)) other.v2 = m.v2 + other.v2.slice(m.v1.length);
    }
  }
  return list;
}

const cache = new WeakMap<Rule, Record<MessageKind, FieldMapping[]>>();

/**
 * v1 fields of a rule that change in v2. For requests the paths are relative to the body after the
 * wrapper (`custom_field`), plus document-level moves written relative to the body (`helpdesk.tags`);
 * for responses relative to the unwrapped resource (`display_id`, `notes[].note`).
 */
export function fieldMappings(rule: Rule, kind: MessageKind): FieldMapping[] {
  let entry = cache.get(rule);
  if (!entry) {
    entry = { request: [], response: [] };
    const req: FieldMapping[] = [];
    collect(rule.request?.resource, 'request', '', '', req);
    const doc: FieldMapping[] = [];
    collect(rule.request?.lens, 'request', '', '', doc);
    for (const m of doc) {
      if (m.v1.startsWith('body.')) req.push({ ...m, v1: m.v1.slice(5), v2: m.v2?.startsWith('body.') ? m.v2.slice(5) : m.v2 });
    }
    entry.request = fixContainers(req);
    const res: FieldMapping[] = [];
    collect(rule.response?.resource, 'response', '', '', res);
    entry.response = fixContainers(res);
    cache.set(rule, entry);
  }
  return entry[kind];
}

/** Does reading this v1 response field need a change (rename, drop, derive, reshaping converter)? */
export function affectsReads(m: FieldMapping): boolean {
  if (m.op === 'convert') return !NEUTRAL_CONVERTERS.has(m.converter ?? '');
  if (m.op === 'rename') return m.v1 !== m.v2;
  return m.op !== 'mapKeys';
}

/** Does writing this v1 request field need a change? */
export function affectsWrites(m: FieldMapping): boolean {
  return affectsReads(m);
}

/** v1 request query parameters that change (`query.wf_order` → `query.order_by`), from the document lens. */
export function queryMappings(rule: Rule): FieldMapping[] {
  const doc: FieldMapping[] = [];
  collect(rule.request?.lens, 'request', '', '', doc);
  return doc.filter((m) => m.v1.startsWith('query.'));
}
