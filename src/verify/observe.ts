/**
 * One observation of one id: GET it from v1, run the catalogue's v2 plan for the same v1 request,
 * and bring the v1 answer into v2 shape through the catalogue's lens. Nothing here knows a field
 * name: the catalogue does the mapping, the resource table says which part to keep.
 */
import { executePlan, PlanError, type Catalogue, type Rule } from '../catalogue/index.ts';
import { walkLens } from '../catalogue/lens.ts';
import type { HttpResult, RequestSpec } from '../http/index.ts';
import type { ResourceSpec } from './resources.ts';

/** The part of the HTTP client verify uses (so tests and benches can count calls). */
export interface Requester {
  request(r: RequestSpec): Promise<HttpResult>;
}

export interface Sides {
  v1: Requester;
  v2: Requester;
}

/** A loss the catalogue declares for this record (a v1 field with no v2 counterpart). */
export interface ExpectedLoss {
  path: string;
  message: string;
}

export interface Observation {
  /** HTTP statuses of the v1 call and of the v2 plan (its first non-2xx answer, else 200) */
  s1: number;
  s2: number;
  /** v1 body mapped into v2 shape (only when s1 is 2xx) */
  v1?: unknown;
  /** v2 body, with the plan's embedded calls in place (only when s2 is 2xx) */
  v2?: unknown;
  expected: ExpectedLoss[];
  /** v2 credits the plan spent */
  credits: number;
}

export class UnmappedResourceError extends Error {}

/** A server error that outlasted the client's retries: the id is not recorded, so a resumed run tries it again. */
export class ServerError extends Error {}

function checkServer(status: number, what: string): void {
  if (status >= 500) throw new ServerError(`${what} answered ${status} after retries`);
}

/**
 * An answer that says nothing about the record but about the run: a refused key, a redirect to
 * https, v2's ssl_required. Every id would answer the same, so the run stops (exit 2) instead of
 * reporting them as absent or different.
 */
export class RunRefusedError extends Error {}

function checkRefused(r: HttpResult, what: string): void {
  if (r.status === 401) throw new RunRefusedError(`${what} answered 401: the API key was refused`);
  if (r.status >= 300 && r.status < 400) {
    throw new RunRefusedError(`${what} answered ${r.status} (redirect to ${r.headers.location ?? '?'}): use that base, e.g. https`);
  }
  if (r.status === 403 && /ssl_required/.test(r.text())) throw new RunRefusedError(`${what} answered 403 ssl_required: the account needs an https base`);
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The rule of a resource's v1 request, from the catalogue. */
export function ruleFor(catalogue: Catalogue, resource: ResourceSpec, id: string): Rule {
  const t = catalogue.translate({ method: 'GET', target: resource.v1Path(id) });
  if (!t.detail) throw new UnmappedResourceError(`the catalogue has no rule for GET ${resource.v1Path(id)} (${resource.name})`);
  return t.detail.rule;
}

/** Which response of the plan is the record, and which ones are embedded in it (as translateResponse reads them). */
function assemble(rule: Rule, bodies: unknown[]): unknown {
  const spec = rule.response;
  const embedded = new Map(Object.entries(spec?.embed ?? {}));
  const embeddedIdx = new Set(embedded.values());
  let main = rule.plan.findIndex((s) => s.forResponse);
  if (main < 0) {
    main = 0;
    for (let i = rule.plan.length - 1; i >= 0; i--) {
      if (!embeddedIdx.has(i)) {
        main = i;
        break;
      }
    }
  }
  let body = bodies[main];
  if (isObject(body) && embedded.size > 0) {
    body = { ...body };
    for (const [field, index] of embedded) (body as Obj)[field] = bodies[index] ?? [];
  }
  return body;
}

function parseJson(r: HttpResult): unknown {
  const text = r.text();
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Keeps the part of a mapped body that belongs to the resource. */
function select(resource: ResourceSpec, body: unknown): unknown {
  if (!isObject(body)) return body;
  if (resource.only) return body[resource.only] ?? [];
  if (resource.without) {
    const { [resource.without]: _left, ...rest } = body;
    return rest;
  }
  return body;
}

export async function observe(
  sides: Sides,
  catalogue: Catalogue,
  resource: ResourceSpec,
  id: string,
  signal?: AbortSignal,
  /** the id the v1 path takes when it is not the v2 id (see ResourceSpec.v1IdsFrom) */
  v1Id: string = id,
): Promise<Observation> {
  // the catalogue plans v2 from the v1 request spelled with the v2 id; v1 itself is asked with its own id
  const translation = catalogue.translate({ method: 'GET', target: resource.v1Path(id) });
  const target = resource.v1Path(v1Id);
  if (!translation.detail) throw new UnmappedResourceError(`the catalogue has no rule for GET ${target} (${resource.name})`);
  const rule = translation.detail.rule;

  const v1Call = sides.v1.request({ method: 'GET', path: target, headers: { accept: 'application/json' }, signal });
  let credits = 0;
  let callIndex = 0;
  const v2Run = executePlan(translation, async (call) => {
    const cost = rule.plan[callIndex++]?.cost ?? 1;
    credits += cost;
    const r = await sides.v2.request({ method: call.method, path: call.path, query: call.query, cost, signal });
    checkServer(r.status, `${call.method} ${call.path}`);
    checkRefused(r, `${call.method} ${call.path}`);
    return { status: r.status, body: r.status >= 200 && r.status < 300 ? parseJson(r) : null };
  }).then(
    (result) => ({ status: 200, bodies: result.responses.map((x) => x.body) }),
    (err: unknown) => {
      if (err instanceof PlanError && err.response) return { status: err.response.status, bodies: [] as unknown[] };
      throw err;
    },
  );
  const [v1r, v2r] = await Promise.all([v1Call, v2Run]);
  checkServer(v1r.status, `GET ${target}`);
  checkRefused(v1r, `GET ${target}`);

  const out: Observation = { s1: v1r.status, s2: v2r.status, expected: [], credits };
  if (v1r.status >= 200 && v1r.status < 300) {
    const mapped = catalogue.normaliseV1Response(rule, parseJson(v1r));
    out.v1 = select(resource, mapped.body);
    out.expected = mapped.issues.flatMap((i) => lossTargets(rule, i.path).map((path) => ({ path, message: i.message })));
    if (resource.only) out.expected = out.expected.flatMap((e) => within(rule, resource.only!, e));
    else if (resource.without) out.expected = out.expected.filter((e) => within(rule, resource.without!, e).length === 0);
  }
  if (v2r.status >= 200 && v2r.status < 300) out.v2 = select(resource, assemble(rule, v2r.bodies));
  return out;
}

/**
 * A loss is reported at the v1 field (`assign_time`); the value shows up in v2 under the field the
 * rule's lens moves it to (`unassigned_for`), so the loss covers both. Read from the lens, not
 * re-encoded.
 */
export function lossTargets(rule: Rule, path: string): string[] {
  const generic = path.replace(/\[\d+\]/g, '');
  const out = [path];
  for (const { op, at } of walkLens(rule.response?.resource ?? [])) {
    const prefix = at;
    const full = (p: string) => (prefix ? `${prefix}.${p}` : p);
    if (op.op === 'convert' && op.to && full(op.path) === generic) out.push(path.replace(op.path, op.to));
    if (op.op === 'rename' && full(op.from) === generic) out.push(path.replace(op.from, op.to));
  }
  return out;
}

/**
 * A loss inside a top-level field (`notes[0].private` is inside `conversations`, which the lens
 * renames notes to), re-rooted at that field; [] when it lies elsewhere.
 */
function within(rule: Rule, field: string, e: ExpectedLoss): ExpectedLoss[] {
  const names = [field];
  for (const { op, at } of walkLens(rule.response?.resource ?? [])) if (!at && op.op === 'rename' && op.to === field) names.push(op.from);
  for (const name of names) {
    if (e.path !== name && !e.path.startsWith(`${name}.`) && !e.path.startsWith(`${name}[`)) continue;
    const rest = e.path.slice(name.length).replace(/^\[\d+\]/, '').replace(/^\./, '');
    return rest ? [{ path: rest, message: e.message }] : [];
  }
  return [];
}

/** v2 id → v1 id, from a v1 list whose items the catalogue maps into v2 shape. */
export async function v1IdMap(sides: Sides, catalogue: Catalogue, listPath: string, signal?: AbortSignal): Promise<Map<string, string>> {
  const translation = catalogue.translate({ method: 'GET', target: listPath });
  if (!translation.detail) throw new UnmappedResourceError(`the catalogue has no rule for GET ${listPath}`);
  const rule = translation.detail.rule;
  const wrapper = rule.response?.wrapper;
  const map = new Map<string, string>();
  for (let page = 1; page <= 1000; page++) {
    const r = await sides.v1.request({ method: 'GET', path: listPath, query: { page }, headers: { accept: 'application/json' }, signal });
    checkServer(r.status, `GET ${listPath}`);
    if (r.status < 200 || r.status > 299) throw new UnmappedResourceError(`GET ${listPath} answered ${r.status}: cannot match v1 ids to v2 ids`);
    const items = parseJson(r);
    if (!Array.isArray(items) || items.length === 0) break;
    let added = 0;
    for (const item of items) {
      const raw = wrapper && isObject(item) && isObject(item[wrapper]) ? item[wrapper] : item;
      const mapped = catalogue.normaliseV1Response(rule, [item]).body;
      const v2Id = Array.isArray(mapped) && isObject(mapped[0]) ? mapped[0].id : undefined;
      if (isObject(raw) && raw.id !== undefined && v2Id !== undefined && !map.has(String(v2Id))) {
        map.set(String(v2Id), String(raw.id));
        added++;
      }
    }
    if (added === 0) break; // a v1 list without paging answers the same page again
  }
  return map;
}

/** v2 credits one id of this resource costs (the plan's calls), for pacing estimates. */
export function creditsPerId(rule: Rule): number {
  return rule.plan.reduce((sum, s) => sum + s.cost, 0);
}
