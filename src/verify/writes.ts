/**
 * `--allow-writes`: write round trips. For tickets and contacts, one v1 create payload is sent
 * through v1 and, translated by the catalogue, through v2; each new record is then read back
 * through the other API, checked for the values that were sent and compared field by field like
 * any record, and finally deleted. The CLI allows this only on the sandbox or with an explicit
 * opt-in naming the account.
 */
import type { Catalogue } from '../catalogue/index.ts';
import type { RequestSpec } from '../http/index.ts';
import { compareObservation, type FieldDiff } from './diff.ts';
import { observe, type Sides } from './observe.ts';
import { findResource } from './resources.ts';
import type { StateFile } from './state.ts';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export class WriteRoundTripError extends Error {}

interface WriteSpec {
  resource: string;
  /** the v1 create request */
  v1Path: string;
  /** a v1 create payload; `tag` makes unique values (contacts need a unique email) */
  payload(tag: string, facts: { requester: unknown }): Obj;
  /** v2 fields the catalogue writes as HTML or otherwise rewrites: compared with the record, not with what was sent */
  notEcho: string[];
  /** deleting what was made, v2 calls in order; the last one's status says whether it is gone */
  cleanup(id: string): RequestSpec[];
}

const RUN = `${process.pid}-${Date.now().toString(36)}`;

const SPECS: WriteSpec[] = [
  {
    resource: 'tickets',
    v1Path: '/helpdesk/tickets.json',
    payload: (_tag, { requester }) => ({
      helpdesk_ticket: {
        subject: 'hdmigrate verify round trip (safe to delete)',
        description: 'Created by hdmigrate verify --allow-writes; it deletes this ticket when done.',
        requester_id: requester,
        priority: 2,
        status: 2,
      },
      helpdesk: { tags: 'hdmigrate-verify,round-trip' },
    }),
    notEcho: ['description'],
    cleanup: (id) => [{ method: 'DELETE', path: `/api/v2/tickets/${id}`, idempotent: true }],
  },
  {
    resource: 'contacts',
    v1Path: '/contacts.json',
    payload: (tag) => ({ user: { name: 'hdmigrate verify round trip', email: `hdmigrate-verify-${RUN}-${tag}@example.invalid`, job_title: 'safe to delete' } }),
    notEcho: [],
    cleanup: (id) => [
      { method: 'DELETE', path: `/api/v2/contacts/${id}`, idempotent: true },
      { method: 'DELETE', path: `/api/v2/contacts/${id}/hard_delete`, query: { force: true }, idempotent: true },
    ],
  },
];

/** Values that were sent and must come back (v2 names, as the catalogue translated them). */
function sentDiffs(sent: Obj, got: unknown): FieldDiff[] {
  const out: FieldDiff[] = [];
  const body = isObject(got) ? got : {};
  for (const [key, value] of Object.entries(sent)) {
    const back = body[key];
    const same =
      Array.isArray(value) && Array.isArray(back)
        ? JSON.stringify([...value].sort()) === JSON.stringify([...back].sort())
        : JSON.stringify(value) === JSON.stringify(back);
    if (!same) out.push({ field: `sent.${key}`, at: `sent.${key}`, v1: value, v2: back });
  }
  return out;
}

async function cleanup(sides: Sides, spec: WriteSpec, id: string): Promise<boolean> {
  let last = 0;
  try {
    for (const call of spec.cleanup(id)) last = (await sides.v2.request(call)).status;
    return last === 204 || last === 200 || last === 404;
  } catch {
    return false;
  }
}

export async function runWrites(o: { sides: Sides; catalogue: Catalogue; state: StateFile; signal?: AbortSignal }): Promise<void> {
  const { sides, catalogue, state, signal } = o;
  const contacts = await sides.v2.request({ method: 'GET', path: '/api/v2/contacts', query: { per_page: 1 }, signal });
  const requester = contacts.status === 200 ? contacts.json<Obj[]>()[0]?.id : undefined;
  if (requester === undefined) throw new WriteRoundTripError('no contact to use as requester of the round-trip tickets');

  for (const spec of SPECS) {
    const resource = findResource(spec.resource)!;
    const plan = (tag: string) => {
      const t = catalogue.translate({ method: 'POST', target: spec.v1Path, body: spec.payload(tag, { requester }) });
      const v2Body = t.calls[0]?.body;
      if (!t.detail || !v2Body) throw new WriteRoundTripError(`the catalogue cannot translate POST ${spec.v1Path}: ${t.error ?? t.notes.join('; ')}`);
      const checked = Object.fromEntries(Object.entries(v2Body).filter(([k]) => !spec.notEcho.includes(k)));
      return { rule: t.detail.rule, v1Body: spec.payload(tag, { requester }), v2Body, checked };
    };

    // v1 → v2: create through v1, read through v2
    const a = plan('a');
    const made1 = await sides.v1.request({ method: 'POST', path: spec.v1Path, body: a.v1Body, idempotent: false, signal });
    if (made1.status < 200 || made1.status > 299) throw new WriteRoundTripError(`v1 POST ${spec.v1Path} answered ${made1.status}`);
    // the catalogue says which v2 id the new v1 record has (a ticket's display_id)
    const mapped1 = catalogue.normaliseV1Response(a.rule, made1.json()).body;
    const id1 = String(isObject(mapped1) ? mapped1.id : '');
    try {
      const read = await sides.v2.request({ method: 'GET', path: `/api/v2/${spec.resource}/${id1}`, signal });
      const obs = await observe(sides, catalogue, resource, id1, signal);
      const d = [...sentDiffs(a.checked, read.status === 200 ? read.json() : null), ...compareObservation(obs).diffs];
      state.append({ t: 'w', r: spec.resource, direction: 'v1→v2', id: id1, d, cleaned: await cleanup(sides, spec, id1) });
    } catch (e) {
      await cleanup(sides, spec, id1);
      throw e;
    }

    // v2 → v1: create through v2 (the catalogue's translation of the same payload), read through v1
    const b = plan('b');
    const made2 = await sides.v2.request({ method: 'POST', path: `/api/v2/${spec.resource}`, body: b.v2Body, idempotent: false, signal });
    if (made2.status !== 201) throw new WriteRoundTripError(`v2 POST /api/v2/${spec.resource} answered ${made2.status}: ${made2.text().slice(0, 200)}`);
    const id2 = String(made2.json<Obj>().id);
    try {
      const read = await sides.v1.request({ method: 'GET', path: resource.v1Path(id2), signal });
      const mapped = read.status === 200 ? catalogue.normaliseV1Response(b.rule, read.json()).body : null;
      const obs = await observe(sides, catalogue, resource, id2, signal);
      const d = [...sentDiffs(b.checked, mapped), ...compareObservation(obs).diffs];
      state.append({ t: 'w', r: spec.resource, direction: 'v2→v1', id: id2, d, cleaned: await cleanup(sides, spec, id2) });
    } catch (e) {
      await cleanup(sides, spec, id2);
      throw e;
    }
  }
}
