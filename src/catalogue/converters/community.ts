/** Discussions and solutions: topic stamps, folder visibility, company lists, company field names. */
import { isBlank, type Converter } from './types.ts';

// ---------------------------------------------------------------------------------------------
// discussions and solutions

/** Topic stamps: v1 documented 1 Planned, 2 Implemented, 3 "Taken" (Not Taken); v2 adds 4-9 per forum type. */
export const topicStampType: Converter = {
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
export const folderVisibility: Converter = {
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
export const customerIdObjects: Converter = {
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
export const companyFieldName: Converter = {
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
export const DEFAULT_COMPANY_FIELDS = new Set([
  'name', 'description', 'note', 'domains', 'health_score', 'account_tier', 'renewal_date', 'industry',
]);
