/**
 * What verify compares for each resource: which v1 request reads one record (the catalogue turns
 * it into the v2 plan and maps the v1 answer into v2 shape), which part of the answer belongs to
 * the resource, and where the ids come from for `--all` and `--sample`. No field mapping lives
 * here: that is the catalogue's.
 */

export interface ResourceSpec {
  name: string;
  /** The v1 request for one id (or the one list, for `singleton` resources). */
  v1Path(id: string): string;
  /** `record`: one v1 call per id; `singleton`: one list compared as a set keyed by id, ids are ignored. */
  kind: 'record' | 'singleton';
  /** Compare only this top-level field of the mapped bodies (conversations inside a ticket). */
  only?: string;
  /** Leave this top-level field out (a ticket without its conversations, compared on their own). */
  without?: string;
  /** v2 list to enumerate ids from (`--all`, `--sample`), paged with per_page=100. */
  ids?: { path: string; query?: Record<string, string>; paged: boolean };
  /** What the ids of `--ids` name, for help and errors. */
  idsAre: string;
  /**
   * The v1 path takes another id than v2 (agents: the v1 agent record id, v2 the user id). This v1
   * list gives both: each item's own id is the v1 one, and the catalogue's mapping of the item
   * gives the v2 one.
   */
  v1IdsFrom?: string;
}

const TICKET_IDS = { path: '/api/v2/tickets', query: { updated_since: '1970-01-01T00:00:00Z', order_by: 'created_at', order_type: 'asc' }, paged: true };

export const RESOURCES: readonly ResourceSpec[] = [
  { name: 'tickets', kind: 'record', v1Path: (id) => `/helpdesk/tickets/${id}.json`, without: 'conversations', ids: TICKET_IDS, idsAre: 'ticket ids (v1 display_id = v2 id)' },
  { name: 'contacts', kind: 'record', v1Path: (id) => `/contacts/${id}.json`, ids: { path: '/api/v2/contacts', paged: true }, idsAre: 'contact ids' },
  { name: 'companies', kind: 'record', v1Path: (id) => `/customers/${id}.json`, ids: { path: '/api/v2/companies', paged: true }, idsAre: 'company ids' },
  { name: 'groups', kind: 'record', v1Path: (id) => `/groups/${id}.json`, ids: { path: '/api/v2/groups', paged: true }, idsAre: 'group ids' },
  {
    name: 'agents',
    kind: 'record',
    v1Path: (id) => `/agents/${id}.json`,
    ids: { path: '/api/v2/agents', paged: true },
    idsAre: 'agent ids as v2 knows them (user ids); the v1 agent record ids are looked up',
    v1IdsFrom: '/agents.json',
  },
  {
    name: 'time_entries',
    kind: 'record',
    v1Path: (id) => `/helpdesk/tickets/${id}/time_sheets.json`,
    ids: TICKET_IDS,
    idsAre: 'ticket ids (the time entries of each ticket, compared as a set)',
  },
  {
    name: 'solutions',
    kind: 'record',
    v1Path: (id) => `/solution/categories/${id}.json`,
    ids: { path: '/api/v2/solutions/categories', paged: false },
    idsAre: 'solution category ids (with their folders)',
  },
  {
    name: 'discussions',
    kind: 'record',
    v1Path: (id) => `/discussions/categories/${id}.json`,
    ids: { path: '/api/v2/discussions/categories', paged: false },
    idsAre: 'forum category ids (with their forums)',
  },
  { name: 'ticket_fields', kind: 'singleton', v1Path: () => '/ticket_fields.json', idsAre: '(none: the one list of ticket fields)' },
  {
    name: 'conversations',
    kind: 'record',
    v1Path: (id) => `/helpdesk/tickets/${id}.json`,
    only: 'conversations',
    ids: TICKET_IDS,
    idsAre: 'ticket ids (the notes of each ticket, compared as a set)',
  },
];

export const RESOURCE_NAMES = RESOURCES.map((r) => r.name);

export function findResource(name: string): ResourceSpec | undefined {
  return RESOURCES.find((r) => r.name === name);
}

/** `1-5,9,12-13` → ids in order, without repeats. Throws a message naming the bad part. */
export function parseIdList(text: string, max = 10_000_000): string[] {
  const out = new Set<string>();
  for (const raw of text.split(/[\s,]+/)) {
    const part = raw.trim();
    if (!part) continue;
    const range = /^(\d+)-(\d+)$/.exec(part);
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      if (to < from) throw new Error(`bad id range "${part}": ${to} < ${from}`);
      if (to - from + out.size > max) throw new Error(`id range "${part}" is too large (more than ${max} ids)`);
      for (let i = from; i <= to; i++) out.add(String(i));
      continue;
    }
    if (!/^\d+$/.test(part)) throw new Error(`bad id "${part}": ids are numbers or ranges like 1-500`);
    out.add(String(Number(part)));
  }
  return [...out];
}

/** A deterministic sample of `n` ids (same seed, same sample), in ascending order. */
export function sampleIds(ids: readonly string[], n: number, seed = 1): string[] {
  if (n >= ids.length) return [...ids];
  const copy = [...ids];
  let s = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: small, deterministic, good enough to pick a sample
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x100000000;
  };
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(next() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n).sort((a, b) => Number(a) - Number(b));
}
