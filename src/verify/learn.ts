/**
 * `verify --learn`: the account overlay derived from what both APIs say about the account. The
 * two `ticket_fields` endpoints give the custom field names (v1 `<name>_<account id>` against the
 * v2 name, paired by field id, or by label when ids differ), the account id, the statuses with
 * their agent and customer labels, and the ticket types; a v1 timestamp gives the account's UTC
 * offset. The result is what every command reads with `--overlay`.
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

/** Reads both ticket_fields endpoints and derives the overlay. */
export async function learnOverlay(v1: Requester, v2: Requester): Promise<{ overlay: Overlay; notes: string[] }> {
  const [a, b] = await Promise.all([getJson(v1, '/ticket_fields.json'), getJson(v2, '/api/v2/ticket_fields')]);
  return deriveOverlay(a, b);
}
