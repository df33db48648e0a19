/**
 * `--allow-writes`: write round trips. One v1 create payload is sent through v1 and, translated by
 * the catalogue, through v2; each new ticket is then read back through the other API, checked for
 * the values that were sent and compared field by field like any record, and finally deleted.
 * The CLI allows this only on the sandbox or with an explicit opt-in naming the account.
 */
import type { Catalogue } from '../catalogue/index.ts';
import { compareObservation, type FieldDiff } from './diff.ts';
import { observe, type Sides } from './observe.ts';
import { findResource } from './resources.ts';
import type { StateFile } from './state.ts';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export class WriteRoundTripError extends Error {}

/** Values that were sent and must come back (v2 names, as the catalogue translated them). */
function sentDiffs(sent: Obj, got: unknown): FieldDiff[] {
  const out: FieldDiff[] = [];
  const body = isObject(got) ? got : {};
  for (const [key, value] of Object.entries(sent)) {
    const back = body[key];
    const same = Array.isArray(value) && Array.isArray(back) ? JSON.stringify([...value].sort()) === JSON.stringify([...back].sort()) : JSON.stringify(value) === JSON.stringify(back);
    if (!same) out.push({ field: `sent.${key}`, at: `sent.${key}`, v1: value, v2: back });
  }
  return out;
}

export async function runWrites(o: { sides: Sides; catalogue: Catalogue; state: StateFile; signal?: AbortSignal }): Promise<void> {
  const { sides, catalogue, state } = o;
  const contacts = await sides.v2.request({ method: 'GET', path: '/api/v2/contacts', query: { per_page: 1 }, signal: o.signal });
  const requester = contacts.status === 200 ? (contacts.json<Obj[]>()[0]?.id as number | undefined) : undefined;
  if (requester === undefined) throw new WriteRoundTripError('no contact to use as requester of the round-trip tickets');
  const v1Body = {
    helpdesk_ticket: {
      subject: 'hdmigrate verify round trip (safe to delete)',
      description: 'Created by hdmigrate verify --allow-writes; it deletes this ticket when done.',
      requester_id: requester,
      priority: 2,
      status: 2,
    },
    helpdesk: { tags: 'hdmigrate-verify,round-trip' },
  };
  const translation = catalogue.translate({ method: 'POST', target: '/helpdesk/tickets.json', body: v1Body });
  const v2Body = translation.calls[0]?.body;
  if (!translation.detail || !v2Body) throw new WriteRoundTripError(`the catalogue cannot translate a v1 ticket create: ${translation.error ?? translation.notes.join('; ')}`);
  const tickets = findResource('tickets')!;
  const { description: _html, ...checked } = v2Body; // v1 escapes the text into HTML: compared with the record, not here

  // v1 → v2: create through v1, read through v2
  const created1 = await sides.v1.request({ method: 'POST', path: '/helpdesk/tickets.json', body: v1Body, signal: o.signal });
  if (created1.status < 200 || created1.status > 299) throw new WriteRoundTripError(`v1 create answered ${created1.status}`);
  const made1 = created1.json<Obj>();
  const id1 = String((isObject(made1.helpdesk_ticket) ? made1.helpdesk_ticket : made1).display_id);
  try {
    const read = await sides.v2.request({ method: 'GET', path: `/api/v2/tickets/${id1}`, signal: o.signal });
    const obs = await observe(sides, catalogue, tickets, id1, o.signal);
    const d = [...sentDiffs(checked, read.status === 200 ? read.json() : null), ...compareObservation(obs).diffs];
    const cleaned = await remove(sides, id1);
    state.append({ t: 'w', r: 'tickets', direction: 'v1→v2', id: id1, d, cleaned });
  } catch (e) {
    await remove(sides, id1);
    throw e;
  }

  // v2 → v1: create through v2 (the catalogue's translation of the same payload), read through v1
  const created2 = await sides.v2.request({ method: 'POST', path: '/api/v2/tickets', body: v2Body, idempotent: false, signal: o.signal });
  if (created2.status !== 201) throw new WriteRoundTripError(`v2 create answered ${created2.status}: ${created2.text().slice(0, 200)}`);
  const id2 = String(created2.json<Obj>().id);
  try {
    const read = await sides.v1.request({ method: 'GET', path: `/helpdesk/tickets/${id2}.json`, signal: o.signal });
    const mapped = read.status === 200 ? catalogue.normaliseV1Response(translation.detail.rule, read.json()).body : null;
    const obs = await observe(sides, catalogue, tickets, id2, o.signal);
    const d = [...sentDiffs(checked, mapped), ...compareObservation(obs).diffs];
    const cleaned = await remove(sides, id2);
    state.append({ t: 'w', r: 'tickets', direction: 'v2→v1', id: id2, d, cleaned });
  } catch (e) {
    await remove(sides, id2);
    throw e;
  }
}

async function remove(sides: Sides, id: string): Promise<boolean> {
  try {
    const r = await sides.v2.request({ method: 'DELETE', path: `/api/v2/tickets/${id}`, idempotent: true });
    return r.status === 204 || r.status === 404;
  } catch {
    return false;
  }
}
