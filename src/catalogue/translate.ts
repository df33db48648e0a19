/**
 * Translating one v1 request into its v2 call plan (requests, v1 → v2), and v2 responses back into
 * the v1 shape (responses, v2 → v1), both through the rule's lenses.
 */
import type { Facts } from './derivers.ts';
import { parseBracketFields } from './form.ts';
import { applyLens, cachedReverseLens, deletePath, getPath, isObject, setPath } from './lens.ts';
import { PLACEHOLDER, type RuleMatcher } from './match.ts';
import { isV2Path, parseTarget, type ParsedRequest } from './request.ts';
import { worstFidelity, type Fidelity, type HttpMethod, type Issue, type Lens, type LensOp, type Overlay, type Rule, type V2Step } from './types.ts';

type Obj = Record<string, unknown>;

/** One v2 call of a plan, as `translate --json` prints it. */
export interface PlannedCall {
  method: HttpMethod;
  /** v2 path with ids filled in, without query. */
  path: string;
  query: Record<string, string>;
  body: Obj | null;
}

export interface Translation {
  rule: string | null;
  fidelity: Fidelity | null;
  calls: PlannedCall[];
  notes: string[];
  /** Set when the request itself is malformed (bad body, missing wrapper): a message naming what is wrong. */
  error?: string;
  /** For tools: the rule, per-value issues, the plan steps aligned with `calls`, the parsed request. */
  detail?: {
    rule: Rule;
    issues: Issue[];
    steps: V2Step[];
    request: ParsedRequest;
    /** The translated request document `{ params, query, body }` before it is split into calls. */
    translated: { params: Obj; query: Obj; body: Obj };
  };
}

export interface TranslateInput {
  method: string;
  /** Path or full URL, with query. */
  target: string;
  /** Parsed JSON body, or flat bracket-keyed form fields (multipart). */
  body?: unknown;
  overlay?: Overlay;
}

/** Marker for a value the main call takes from an earlier call's response. */
export function callReference(index: number, path: string): string {
  return `{{calls[${index}]${path.startsWith('[') ? '' : '.'}${path}}}`;
}

/** The request lens of a rule: document-level ops, then the unwrapped body through the resource lens. */
export function requestLens(rule: Rule): Lens {
  const spec = rule.request;
  if (!spec) return [];
  const bodyOps: LensOp[] = [];
  if (spec.wrapper) bodyOps.push({ op: 'unwrap', key: spec.wrapper });
  if (spec.resource) bodyOps.push(...spec.resource);
  return [...(spec.lens ?? []), ...(bodyOps.length ? [{ op: 'in' as const, path: 'body', lens: bodyOps }] : [])];
}

function fillTemplate(template: string, sources: Obj[]): string {
  return template.replace(/\{\{([\w.]+)\}\}/g, (m, path: string) => {
    for (const src of sources) {
      const v = getPath(src, path);
      if (v !== undefined && v !== null) return String(v);
    }
    return m;
  });
}

/** A v2 path template with its `:params` filled; a missing one is reported and left as `{name}`. */
export function fillPath(template: string, params: Obj, issues: Issue[] = []): string {
  return template.replace(/:([A-Za-z_]\w*)/g, (m, name: string) => {
    const v = params[name];
    if (v === undefined || v === null || v === '') {
      issues.push({ fidelity: 'manual', path: `params.${name}`, message: `the v2 path needs ${name}, which the request does not give` });
      return `{${name}}`;
    }
    // a value only known at run time (`{id}`, `${ticketId}`) stays readable as it was written
    return PLACEHOLDER.test(String(v)) ? String(v) : encodeURIComponent(String(v));
  });
}

function stringifyQuery(q: Obj): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null) continue;
    out[k] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return out;
}

/** Keys beside the request wrapper that the rule's lenses read (`helpdesk` and `cc_emails` of a ticket). */
const siblingsCache = new WeakMap<Rule, Set<string>>();
function knownSiblings(rule: Rule): Set<string> {
  let out = siblingsCache.get(rule);
  if (out) return out;
  const found = new Set<string>();
  const visit = (ops: readonly LensOp[], inBody: boolean) => {
    for (const op of ops) {
      const o = op as unknown as Record<string, unknown>;
      for (const k of ['path', 'from', 'to', 'host', 'key']) {
        const v = o[k];
        if (typeof v !== 'string') continue;
        const p = v.startsWith('body.') ? v.slice(5) : inBody ? v : null;
        if (p) found.add(p.split(/[.[]/)[0]!);
      }
      if (Array.isArray(o.lens)) visit(o.lens as LensOp[], inBody || o.path === 'body');
    }
  };
  visit(rule.request?.lens ?? [], false);
  visit(rule.request?.resource ?? [], true);
  out = found;
  siblingsCache.set(rule, out);
  return out;
}

/** Checks the v1 body against the rule's wrapper; returns a message naming what is wrong. */
function checkBody(rule: Rule, body: unknown): string | undefined {
  const spec = rule.request;
  if (body === undefined || body === null) return undefined;
  if (!isObject(body)) return `the body must be a JSON object, got ${Array.isArray(body) ? 'an array' : typeof body}`;
  if (spec?.body === 'none' && Object.keys(body).length > 0) {
    return `${rule.v1.method} ${rule.v1.paths[0]} takes no body (got ${Object.keys(body).join(', ')})`;
  }
  const wrapper = spec?.wrapper;
  if (!wrapper || Object.keys(body).length === 0) return undefined;
  const inner = body[wrapper];
  if (inner === undefined) {
    const keys = Object.keys(body);
    return `the body must be wrapped in "${wrapper}" ({ "${wrapper}": { ... } }); got top-level ${keys.map((k) => `"${k}"`).join(', ')}`;
  }
  if (!isObject(inner)) return `"${wrapper}" must be an object`;
  if (isObject(inner[wrapper])) return `"${wrapper}" is doubled ({ "${wrapper}": { "${wrapper}": ... } }); wrap the fields once`;
  return undefined;
}

/**
 * Fields of the v2 body the v2 call does not take (`id`, `created_at`, a name v1 never had): v1
 * ignored them, v2 would refuse the whole request (400 invalid_field), so they are left out, and
 * said, since the code that sends them meant something by them. Keys beside the wrapper were said
 * already (`beside`).
 */
function leaveOutRefused(rule: Rule, body: Obj, beside: ReadonlySet<string>, issues: Issue[]): void {
  const accepts = rule.request?.accepts;
  if (!accepts) return;
  const main = rule.plan.find((s) => s.carries);
  for (const key of Object.keys(body)) {
    if (accepts.includes(key)) continue;
    delete body[key];
    if (beside.has(key)) continue;
    issues.push({
      fidelity: 'lossy',
      path: `body.${key}`,
      message: `${key} is not a field ${main ? `${main.method} ${main.path}` : 'the v2 call'} takes (v2 refuses it with 400 invalid_field; v1 ignored it): left out`,
    });
  }
}

/** Form bodies arrive flat with bracket keys; everything else is already nested. */
function normaliseBody(body: unknown): unknown {
  if (!isObject(body)) return body;
  const keys = Object.keys(body);
  if (keys.some((k) => /\[.*\]$/.test(k))) return parseBracketFields(Object.entries(body));
  return body;
}

function explainUnknown(request: ParsedRequest, reason: string): Translation {
  const notes = [reason];
  if (request.insecure) notes.push('v2 is HTTPS only: plain http:// is refused with ssl_required');
  return { rule: null, fidelity: null, calls: [], notes };
}

export function translateRequest(matcher: RuleMatcher, input: TranslateInput): Translation {
  const method = input.method.toUpperCase();
  const parsed: ParsedRequest = { method: method as HttpMethod, ...parseTarget(input.target) };
  if (!['GET', 'POST', 'PUT', 'DELETE'].includes(method)) {
    return explainUnknown(parsed, `unknown method ${input.method}: v1 uses GET, POST, PUT, DELETE`);
  }
  if (isV2Path(parsed.path)) {
    return explainUnknown(parsed, `${parsed.path} is already a v2 path, not a v1 request`);
  }
  const found = matcher.match(parsed.method, parsed.path, parsed.query);
  if ('error' in found) {
    if (found.error === 'wrong-method') {
      return explainUnknown(
        parsed,
        `${method} is not a v1 operation on ${parsed.path}; the v1 API has ${found.allowed.join(', ')} there`,
      );
    }
    return explainUnknown(parsed, `no v1 operation matches ${parsed.path}`);
  }
  const { rule, params } = found.match;
  const overlay = input.overlay ?? {};
  const issues: Issue[] = [];
  const notes: string[] = [];

  const body = normaliseBody(input.body);
  const bodyError = checkBody(rule, body);
  if (bodyError) {
    return { rule: rule.id, fidelity: null, calls: [], notes: [], error: bodyError };
  }

  // v1 ignored what it did not know beside the wrapper; v2 refuses unknown fields (invalid_field)
  const wrapper = rule.request?.wrapper;
  const beside = new Set<string>();
  if (wrapper && isObject(body)) {
    const known = knownSiblings(rule);
    for (const key of Object.keys(body)) {
      if (key === wrapper || known.has(key)) continue;
      beside.add(key);
      issues.push({ fidelity: 'manual', path: `body.${key}`, message: `${key} beside the ${wrapper} wrapper is not part of this v1 request (v1 ignored it); v2 refuses fields it does not know: drop it or map it by hand` });
    }
  }

  const { format: _format, ...v1query } = parsed.query;
  const v1doc: Obj = { params: { ...params }, query: v1query, body: isObject(body) ? body : {} };
  const translated = applyLens(requestLens(rule), v1doc, { kind: 'request', overlay, issues }) as {
    params: Obj;
    query: Obj;
    body: Obj;
  };
  translated.params ??= {};
  translated.query ??= {};
  translated.body ??= {};
  leaveOutRefused(rule, translated.body, beside, issues);

  const steps = rule.plan.filter((s) => !s.forResponse);
  const sources = [v1doc, translated as unknown as Obj];
  // values the main call takes from earlier calls are shown as references
  steps.forEach((step, index) => {
    for (const [target, source] of Object.entries(step.provides ?? {})) {
      setPath(translated as unknown as Obj, target, callReference(index, fillTemplate(source, sources)));
    }
  });
  for (const consumed of steps.flatMap((s) => s.consumes ?? [])) deletePath(translated as unknown as Obj, consumed);
  const calls = steps.map((step): PlannedCall => {
    const query: Obj = {};
    for (const [k, v] of Object.entries(step.query ?? {})) query[k] = fillTemplate(v, sources);
    if (step.carries) Object.assign(query, translated.query);
    let callBody: Obj | null = null;
    if (step.carries && Object.keys(translated.body).length > 0) callBody = translated.body;
    else if (step.body) callBody = JSON.parse(fillTemplate(JSON.stringify(step.body), sources)) as Obj;
    return {
      method: step.method,
      path: fillPath(step.path, { ...(v1doc.params as Obj), ...translated.params }, issues),
      query: stringifyQuery(query),
      body: callBody,
    };
  });

  if (parsed.format === 'xml') {
    notes.push('v1 answered XML here; v2 speaks JSON only (415/406 for XML), so parse the response as JSON');
  }
  if (parsed.format === null && !/\.(json|xml)$/.test(input.target.split('?')[0] ?? '')) {
    notes.push('no .json suffix or format=json: without one v1 served the web page, so check this really is an API call');
  }
  if (parsed.insecure) notes.push('v2 is HTTPS only: plain http:// is refused with ssl_required');
  if (rule.plan.some((s) => s.forResponse)) {
    notes.push(`to rebuild the v1 response the shim also calls ${rule.plan.filter((s) => s.forResponse).map((s) => `${s.method} ${s.path}`).join(', ')}`);
  }

  const fidelity = worstFidelity([rule.fidelity, ...issues.map((i) => i.fidelity)]);
  notes.push(rule.summary);
  if (rule.decision) notes.push(`decision needed: ${rule.decision}`);
  if (rule.substitute) notes.push(`substitute: ${rule.substitute}`);
  for (const lost of rule.lost ?? []) notes.push(`lost: ${lost}`);
  for (const issue of issues) notes.push(`${issue.fidelity}: ${issue.message}`);
  for (const note of rule.notes ?? []) notes.push(note);

  return {
    rule: rule.id,
    fidelity,
    calls,
    notes,
    detail: { rule, issues, steps, request: parsed, translated },
  };
}

// ---------------------------------------------------------------------------------------------
// responses

export interface V2Response {
  status: number;
  body: unknown;
}

export interface V1Response {
  status: number;
  body: unknown;
  issues: Issue[];
}

/** Which executed call's body is the main object of the response. */
function mainIndex(rule: Rule): number {
  const idx = rule.plan.findIndex((s) => s.forResponse);
  if (idx >= 0) return idx;
  const embedded = new Set(Object.values(rule.response?.embed ?? {}));
  for (let i = rule.plan.length - 1; i >= 0; i--) if (!embedded.has(i)) return i;
  return 0;
}

/**
 * Builds the v1 response from the v2 responses of the rule's plan (all steps, including the ones
 * only made for the response), through the reverse of the rule's resource lens.
 */
export function translateResponse(
  rule: Rule,
  responses: V2Response[],
  options: { overlay?: Overlay; facts?: Facts } = {},
): V1Response {
  const spec = rule.response;
  const issues: Issue[] = [];
  if (!spec) return { status: 200, body: null, issues };
  const overlay = options.overlay ?? {};
  const back = spec.resource ? cachedReverseLens(spec.resource) : [];
  const ctx = { kind: 'response' as const, overlay, facts: options.facts, issues };
  const toV1 = (item: unknown): unknown => {
    if (!isObject(item)) return item;
    let out = back.length ? applyLens(back, item, ctx) : item;
    if (spec.project) out = Object.fromEntries(spec.project.filter((k) => k in out).map((k) => [k, out[k]]));
    return out;
  };

  let main = responses[mainIndex(rule)]?.body;
  if (isObject(main) && spec.embed) {
    main = { ...main };
    for (const [field, index] of Object.entries(spec.embed)) (main as Obj)[field] = responses[index]?.body ?? [];
  }
  let body: unknown;
  switch (spec.shape) {
    case 'none':
      body = null;
      break;
    case 'object':
      body = spec.wrapper ? { [spec.wrapper]: toV1(main) } : toV1(main);
      break;
    case 'list':
      body = Array.isArray(main) ? main.map(toV1) : [];
      break;
    case 'list-wrapped':
      body = Array.isArray(main) ? main.map((x) => ({ [spec.wrapper!]: toV1(x) })) : [];
      break;
    case 'summary-list':
      body = [{ [spec.wrapper!]: toV1(main) }];
      break;
  }
  return { status: spec.v1Status, body, issues };
}

/**
 * The other way, for the verifier: a v1 response body brought into v2 shape through the same lens,
 * so the two can be compared field by field. Fields with no v2 counterpart are reported, not kept.
 */
export function normaliseV1Response(rule: Rule, v1Body: unknown, overlay: Overlay = {}): { body: unknown; issues: Issue[] } {
  const spec = rule.response;
  const issues: Issue[] = [];
  if (!spec) return { body: v1Body, issues };
  const lens = spec.resource ?? [];
  const ctx = { kind: 'response' as const, overlay, issues };
  const toV2 = (item: unknown): unknown => (isObject(item) ? applyLens(lens, item, ctx) : item);
  const unwrap = (item: unknown): unknown => (spec.wrapper && isObject(item) && spec.wrapper in item ? item[spec.wrapper] : item);
  switch (spec.shape) {
    case 'object':
      return { body: toV2(unwrap(v1Body)), issues };
    case 'list':
    case 'list-wrapped':
      return { body: Array.isArray(v1Body) ? v1Body.map((x) => toV2(unwrap(x))) : v1Body, issues };
    case 'summary-list':
      return { body: Array.isArray(v1Body) ? toV2(unwrap(v1Body[0])) : v1Body, issues };
    default:
      return { body: v1Body, issues };
  }
}
