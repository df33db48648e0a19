/** Contacts, agents and groups: list conditions, states, assignment types, member lists. */
import { isBlank, type Converter } from './types.ts';

// ---------------------------------------------------------------------------------------------
// contacts and agents: list filters

/**
 * v1 list condition `query=<column> is <value>` (FC `convert_query_to_conditions`: columns email,
 * phone, mobile, customer_id; operators `is`, `like`) → `{ <v2 filter>: value }`, which the rule
 * then hoists into the v2 query. `like` has no v2 equivalent: manual, with the substitutes named.
 */
export function queryCondition(columns: Record<string, string>, what: 'contacts' | 'agents'): Converter {
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

export const contactQuery = queryCondition(
  { email: 'email', phone: 'phone', mobile: 'mobile', customer_id: 'company_id', company_id: 'company_id' },
  'contacts',
);

export const agentQuery = queryCondition({ email: 'email', phone: 'phone', mobile: 'mobile' }, 'agents');

/** v1 contact `state`: verified, unverified, deleted, blocked are the same in v2; `all` is the v2 default (no state). */
export const contactState: Converter = {
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
export const agentState: Converter = {
  description: 'v1 agent list state (active, occasional) ↔ v2 state (fulltime, occasional)',
  exact: true,
  forward(value, ctx) {
    if (isBlank(value)) return value;
    const s = String(value).trim().toLowerCase();
    if (s === 'occasional') return s;
    if (s === 'active' || s === 'fulltime') return 'fulltime';
    // v2 answers 400 for a state it does not know: the suggested URL leaves it out
    ctx.report('manual', `${ctx.path}: "${String(value)}" has no v2 agent state; v2 knows fulltime and occasional (no deleted agents)`);
    return undefined;
  },
  backward: (value) => (value === 'fulltime' ? 'active' : value),
};

// ---------------------------------------------------------------------------------------------
// groups

/** v1 `ticket_assign_type` ↔ v2 `auto_ticket_assign`: the old v2 groups API writes only 0 or 1. */
export const autoTicketAssign: Converter = {
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
export const agentObjectsToIds: Converter = {
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
