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
}

function walk(lens: Lens, kind: MessageKind, prefix: string, out: Map<string, FieldMapping>, done: FieldMapping[]): void {
  const at = (p: string) => (prefix ? `${prefix}.${p}` : p);
  // a field dropped earlier in the lens is gone: later ops on that name do not resurrect it
  const gone = new Set(done.map((m) => m.v1));
  const isGone = (path: string) => gone.has(at(path)) && !out.has(at(path));
  const take = (path: string): FieldMapping => {
    const existing = out.get(at(path));
    if (existing) {
      out.delete(at(path));
      return existing;
    }
    return { v1: at(path), v2: at(path), converters: [], fidelity: 'exact' };
  };
  // two v1 fields can land on one v2 name (description, description_html): keep both
  const put = (key: string, m: FieldMapping) => {
    const occupant = out.get(key);
    if (occupant && occupant !== m) done.push(occupant);
    out.set(key, m);
  };
  for (const op of lens) {
    if (op.only && op.only !== kind) continue;
    switch (op.op) {
      case 'rename': {
        if (isGone(op.from)) break;
        const m = take(op.from);
        m.v2 = at(op.to);
        put(at(op.to), m);
        break;
      }
      case 'convert': {
        const m = take(op.path);
        m.converters.push(op.converter);
        m.reason = CONVERTERS[op.converter]?.description;
        m.v2 = at(op.to ?? op.path);
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
        m.v2 = at(op.to ?? op.field);
        put(m.v2, m);
        break;
      }
      case 'duplicate': {
        const m = take(op.copy);
        if (op.converter) m.converters.push(op.converter);
        m.copy = true;
        m.v2 = at(op.path);
        put(m.v2, m);
        break;
      }
      case 'drop': {
        const m = take(op.path);
        m.v2 = null;
        m.fidelity = op.fidelity ?? 'lossy';
        m.reason = op.reason;
        done.push(m);
        gone.add(m.v1);
        break;
      }
      case 'derive': {
        const m = take(op.path);
        m.v2 = null;
        m.fidelity = 'manual';
        m.reason = `derived: ${DERIVERS[op.deriver]?.description ?? op.deriver}`;
        done.push(m);
        break;
      }
      case 'in':
        walk(op.lens, kind, at(op.path), out, done);
        break;
      case 'map':
        walk(op.lens, kind, at(`${op.path}[]`), out, done);
        break;
      case 'unwrap':
      case 'v1Default':
      case 'alias':
      case 'extra':
      case 'v2Default':
        break;
    }
  }
}

function mappingsOf(lens: Lens, kind: MessageKind): FieldMapping[] {
  const out = new Map<string, FieldMapping>();
  const done: FieldMapping[] = [];
  walk(lens, kind, '', out, done);
  return [...out.values(), ...done].filter((m) => m.v1 !== m.v2 || m.converters.length > 0 || m.keys);
}

/**
 * What each v1 field of this rule becomes in v2. Request: fields of the unwrapped body plus
 * `query.*`/`params.*` moves; response: fields of the unwrapped v1 object a client reads.
 */
export function fieldMappings(rule: Rule, kind: MessageKind): FieldMapping[] {
  if (kind === 'request') {
    const doc = mappingsOf(rule.request?.lens ?? [], 'request').map((m) => ({
      ...m,
      v1: m.v1.replace(/^body\./, ''),
      v2: m.v2?.replace(/^body\./, '') ?? null,
    }));
    const body = mappingsOf(rule.request?.resource ?? [], 'request');
    // a document-level move into the body (helpdesk.tags → tags) continues through the resource lens
    for (const d of doc) {
      const next = d.v2 ? body.find((b) => b.v1 === d.v2) : undefined;
      if (next) {
        next.v1 = d.v1;
        next.converters = [...d.converters, ...next.converters];
        d.v2 = null;
      }
    }
    return [...doc.filter((d) => d.v2 !== null || d.reason), ...body];
  }
  return mappingsOf(rule.response?.resource ?? [], 'response');
}

/** The v2 name of one v1 field, or null when it has none; undefined when the rule does not map it (same name). */
export function v2FieldName(rule: Rule, kind: MessageKind, v1Field: string): string | null | undefined {
  return fieldMappings(rule, kind).find((m) => m.v1 === v1Field)?.v2;
}
