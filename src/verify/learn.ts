/**
 * `verify --learn`: the account overlay derived from what both APIs say about the account. The
 * two `ticket_fields` endpoints give the custom field names (v1 `<name>_<account id>` against the
 * v2 name, paired by field id, or by label when ids differ), the account id, the statuses with
 * their agent and customer labels, and the ticket types; a v1 timestamp gives the account's UTC
 * offset; a few contacts and companies read through both APIs give the custom field names the
 * default `cf_` rule does not explain. The result is what every command reads with `--overlay`.
 */
import { checkOverlay, type Overlay } from '../catalogue/index.ts';
import type { Requester } from './observe.ts';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export class LearnError extends Error {}

async function getJson(client: Requester, path: string): Promise<unknown> {
  const r = await client.request({ method: 'GET', path, headers: { accept: 'application/json' } });
  if (r.status < 200 || r.status > 299) throw new LearnError(`GET ${path} answered ${r.status}: cannot learn the overlay`);
  return r.json<unknown>();
}

/** v1 items are `{ ticket_field: {...} }`; bare objects are accepted too. */
function unwrapV1(list: unknown): Obj[] {
  if (!Array.isArray(list)) return [];
  return list.map((x) => (isObject(x) && isObject(x.ticket_field) ? x.ticket_field : x)).filter(isObject);
}

const OFFSET = /([+-]\d{2}):?(\d{2})$/;

/** Derives the overlay from the two ticket_fields answers (pure, for tests). */
export function deriveOverlay(v1Fields: unknown, v2Fields: unknown): { overlay: Overlay; notes: string[] } {
  const v1 = unwrapV1(v1Fields);
  const v2 = Array.isArray(v2Fields) ? v2Fields.filter(isObject) : [];
  const notes: string[] = [];
  const overlay: Overlay = {};

  const v2ById = new Map(v2.map((f) => [String(f.id), f]));
  const v2ByLabel = new Map(v2.map((f) => [String(f.label ?? '').toLowerCase(), f]));
  const pairs: [string, string][] = [];
  for (const f of v1) {
    const isCustom = typeof f.field_type === 'string' ? f.field_type.startsWith('custom') : /_\d{3,}$/.test(String(f.name));
    if (!isCustom || typeof f.name !== 'string') continue;
    const other = v2ById.get(String(f.id)) ?? v2ByLabel.get(String(f.label ?? '').toLowerCase());
    if (!other || typeof other.name !== 'string') {
      notes.push(`v1 custom field ${f.name} has no v2 counterpart (by id or label)`);
      continue;
    }
    pairs.push([f.name, other.name]);
  }
  // the account id: the suffix most v1 names carry beyond their v2 name
  const suffixes = new Map<string, number>();
  for (const [a, b] of pairs) {
    const m = a.startsWith(`${b}_`) ? /^\d+$/.exec(a.slice(b.length + 1)) : null;
    if (m) suffixes.set(m[0], (suffixes.get(m[0]) ?? 0) + 1);
  }
  const accountId = [...suffixes].sort((x, y) => y[1] - x[1])[0]?.[0];
  if (accountId) overlay.accountId = accountId;
  const explicit = pairs.filter(([a, b]) => !accountId || a !== `${b}_${accountId}`);
  if (explicit.length) overlay.ticketFields = Object.fromEntries(explicit);

  const status = v2.find((f) => f.name === 'status');
  if (status && isObject(status.choices)) {
    const statuses: Record<string, [string, string]> = {};
    for (const [id, labels] of Object.entries(status.choices)) {
      if (Array.isArray(labels) && labels.length >= 2) statuses[id] = [String(labels[0]), String(labels[1])];
    }
    if (Object.keys(statuses).length) overlay.statuses = statuses;
  } else notes.push('v2 ticket_fields has no status choices: statuses not learned');

  const type = v2.find((f) => f.name === 'ticket_type');
  if (type && Array.isArray(type.choices)) overlay.ticketTypes = type.choices.map(String);

  for (const f of v1) {
    for (const key of ['created_at', 'updated_at']) {
      const m = typeof f[key] === 'string' ? OFFSET.exec(f[key] as string) : null;
      if (m && !overlay.utcOffset) overlay.utcOffset = `${m[1]}:${m[2]}`;
    }
  }
  if (!overlay.utcOffset) notes.push('no v1 timestamp with an offset seen: utcOffset not learned');
  return { overlay: checkOverlay(overlay, 'learned overlay'), notes };
}

/**
 * Custom field names of contacts or companies from sample records read through both APIs: a v1
 * name the catalogue's default (`cf_<v2 name>`) does not explain is paired with the v2 name that
 * holds the same value in every sample. Only such exceptions are returned.
 */
export function deriveFieldNames(samples: { v1: Obj; v2: Obj }[]): Record<string, string> {
  const v2Names = new Set(samples.flatMap((s) => Object.keys(s.v2)));
  const explained = (k: string) => k.startsWith('cf_') && v2Names.has(k.slice(3));
  const taken = new Set([...v2Names].filter((n) => samples.some((s) => `cf_${n}` in s.v1)));
  const out: Record<string, string> = {};
  for (const k of new Set(samples.flatMap((s) => Object.keys(s.v1)))) {
    if (explained(k)) continue;
    const candidates = [...v2Names].filter(
      (n) =>
        !taken.has(n) &&
        samples.some((s) => s.v1[k] !== null && s.v1[k] !== undefined) &&
        samples.every((s) => JSON.stringify(s.v1[k] ?? null) === JSON.stringify(s.v2[n] ?? null)),
    );
    if (candidates.length === 1) {
      out[k] = candidates[0]!;
      taken.add(candidates[0]!);
    }
  }
  return out;
}

/** Up to `n` records of a resource read through both APIs: their custom field objects. */
async function customFieldSamples(v1: Requester, v2: Requester, list: string, view: (id: string) => string, wrapper: string, n = 5): Promise<{ v1: Obj; v2: Obj }[]> {
  const r = await v2.request({ method: 'GET', path: list, query: { per_page: n } });
  if (r.status !== 200) return [];
  const items = r.json<unknown>();
  const out: { v1: Obj; v2: Obj }[] = [];
  for (const item of Array.isArray(items) ? items.filter(isObject).slice(0, n) : []) {
    const one = await v1.request({ method: 'GET', path: view(String(item.id)), headers: { accept: 'application/json' } });
    if (one.status !== 200) continue;
    const body = one.json<unknown>();
    const rec = isObject(body) && isObject(body[wrapper]) ? body[wrapper] : body;
    if (isObject(rec) && isObject(rec.custom_field) && isObject(item.custom_fields)) out.push({ v1: rec.custom_field, v2: item.custom_fields });
  }
  return out;
}

/** Reads both ticket_fields endpoints and a few contacts and companies, and derives the overlay. */
export async function learnOverlay(v1: Requester, v2: Requester): Promise<{ overlay: Overlay; notes: string[] }> {
  const [a, b] = await Promise.all([getJson(v1, '/ticket_fields.json'), getJson(v2, '/api/v2/ticket_fields')]);
  const learned = deriveOverlay(a, b);
  const contactFields = deriveFieldNames(await customFieldSamples(v1, v2, '/api/v2/contacts', (id) => `/contacts/${id}.json`, 'user'));
  const companyFields = deriveFieldNames(await customFieldSamples(v1, v2, '/api/v2/companies', (id) => `/customers/${id}.json`, 'customer'));
  const overlay: Overlay = { ...learned.overlay };
  if (Object.keys(contactFields).length) overlay.contactFields = contactFields;
  if (Object.keys(companyFields).length) overlay.companyFields = companyFields;
  return { overlay: checkOverlay(overlay, 'learned overlay'), notes: learned.notes };
}
