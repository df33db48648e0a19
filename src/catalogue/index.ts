/**
 * The catalogue API every tool uses: find the rule of a v1 request, translate requests and
 * responses, and describe rules. Tools never re-encode a mapping; they ask this.
 */
import { readFileSync } from 'node:fs';
import { ALL_RULES } from '../../rules/index.ts';
import { RuleMatcher, type PathMatch } from './match.ts';
import { UndocumentedEndpoints } from './undocumented.ts';
export { V1_ONLY_ROOTS } from './undocumented.ts';
import { METHODS, parseRequestLine, parseTarget, isV2Path } from './request.ts';
import {
  normaliseV1Response,
  translateRequest,
  translateResponse,
  type TranslateInput,
  type Translation,
  type V2Response,
} from './translate.ts';
import type { Facts } from './derivers.ts';
import type { Family, Fidelity, HttpMethod, Overlay, Rule } from './types.ts';

export type { Family, Fidelity, HttpMethod, Overlay, Rule, Translation, V2Response, PathMatch, Facts };
export { METHODS, parseRequestLine, parseTarget, isV2Path };

export class Catalogue {
  readonly rules: readonly Rule[];
  private readonly byId: Map<string, Rule>;
  private readonly matcher: RuleMatcher;
  private readonly undocumented: UndocumentedEndpoints;

  constructor(
    rules: readonly Rule[] = ALL_RULES,
    readonly overlay: Overlay = {},
  ) {
    this.rules = rules;
    this.byId = new Map(rules.map((r) => [r.id, r]));
    this.matcher = new RuleMatcher(rules);
    this.undocumented = new UndocumentedEndpoints(rules);
  }

  get(id: string): Rule | undefined {
    return this.byId.get(id) ?? this.undocumented.get(id);
  }

  /** Rules whose v1 path template matches this path, for any method (audit knows paths before methods). */
  matchPath(path: string): PathMatch[] {
    const { path: clean, format } = parseTarget(path);
    if (isV2Path(clean)) return [];
    const found = this.matcher.matchPath(clean);
    // a path no rule documents, under a root only v1 used: still a v1 call (./undocumented.ts)
    return found.length ? found : this.undocumented.match(clean, format);
  }

  /**
   * Rules for a path whose endpoint only run time names (`/helpdesk/{resource}.json`, a resource
   * handed in as a value): `<family>.run-time-endpoint-<method>`, or none. Not part of `matchPath`:
   * a URL helper builds every v1 path like this and is matched through its callers.
   */
  matchRunTimeEndpoint(path: string): PathMatch[] {
    const { path: clean, format } = parseTarget(path);
    if (isV2Path(clean) || this.matcher.matchPath(clean).length) return [];
    return this.undocumented.matchRunTime(clean, format);
  }

  /** The rule of one v1 request, or null. */
  match(method: HttpMethod, target: string): PathMatch | null {
    const parsed = parseTarget(target);
    if (isV2Path(parsed.path)) return null;
    const found = this.matcher.match(method, parsed.path, parsed.query);
    return 'match' in found ? found.match : null;
  }

  translate(input: TranslateInput): Translation {
    return translateRequest(this.matcher, { ...input, overlay: input.overlay ?? this.overlay });
  }

  translateResponse(rule: Rule, responses: V2Response[], facts?: Facts) {
    return translateResponse(rule, responses, { overlay: this.overlay, facts });
  }

  normaliseV1Response(rule: Rule, body: unknown) {
    return normaliseV1Response(rule, body, this.overlay);
  }
}

/** Fidelities from best to worst: a tool orders or picks the worst by this. */
export const FIDELITY_ORDER: readonly Fidelity[] = ['exact', 'lossy', 'manual', 'none'];

/** The worst of some fidelities (`exact` for none). */
export function worstFidelity(list: Iterable<Fidelity>): Fidelity {
  let worst: Fidelity = 'exact';
  for (const f of list) if (FIDELITY_ORDER.indexOf(f) > FIDELITY_ORDER.indexOf(worst)) worst = f;
  return worst;
}

/**
 * Can the codemod rewrite a call of this rule without a human (one v2 call, nothing to decide)?
 * Rules with an embed-only second call (a ticket's notes) are not: the codemod rewrites those only
 * where the code does not read the embedded field.
 */
export function isAutoFixable(rule: Rule): boolean {
  const calls = rule.plan.filter((s) => !s.forResponse);
  return calls.length === 1 && (rule.fidelity === 'exact' || rule.fidelity === 'lossy') && !calls[0]!.provides;
}

/** v2 rate-limit credits one v1 call of this rule costs (v1 cost one call per request). */
export function creditCost(rule: Rule): number {
  return rule.plan.filter((s) => !s.forResponse).reduce((sum, s) => sum + s.cost, 0);
}

/** The v2 call plan in one line: `GET /api/v2/agents/me → PUT /api/v2/tickets/:id`. */
export function planSummary(rule: Rule): string {
  const calls = rule.plan.filter((s) => !s.forResponse);
  if (calls.length === 0) return rule.substitute ? `none (substitute: ${rule.substitute})` : 'none';
  return calls.map((s) => `${s.method} ${s.path}${s.query ? `?${new URLSearchParams(s.query).toString()}` : ''}`).join(' → ');
}

const OVERLAY_KEYS = new Set([
  'accountId',
  'ticketFields',
  'contactFields',
  'companyFields',
  'statuses',
  'ticketTypes',
  'utcOffset',
  'hhmm',
  'surveyScale',
]);

export class OverlayError extends Error {}

/** Reads and checks an overlay file; every problem is named. */
export function loadOverlay(file: string): Overlay {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new OverlayError(`cannot read overlay ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new OverlayError(`overlay ${file} is not valid JSON: ${(e as Error).message}`);
  }
  return checkOverlay(data, file);
}

export function checkOverlay(data: unknown, where = 'overlay'): Overlay {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new OverlayError(`${where} must be a JSON object`);
  const o = data as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!OVERLAY_KEYS.has(key)) throw new OverlayError(`${where}: unknown key "${key}" (known: ${[...OVERLAY_KEYS].join(', ')})`);
  }
  if (o.accountId !== undefined) {
    if (typeof o.accountId === 'number') o.accountId = String(o.accountId);
    if (typeof o.accountId !== 'string' || !/^\d+$/.test(o.accountId)) throw new OverlayError(`${where}: accountId must be a number`);
  }
  for (const key of ['ticketFields', 'contactFields', 'companyFields'] as const) {
    const m = o[key];
    if (m === undefined) continue;
    if (typeof m !== 'object' || m === null || Object.values(m).some((v) => typeof v !== 'string')) {
      throw new OverlayError(`${where}: ${key} must map v1 names to v2 names (strings)`);
    }
  }
  if (o.statuses !== undefined) {
    const s = o.statuses as Record<string, unknown>;
    if (typeof s !== 'object' || s === null || Object.entries(s).some(([k, v]) => !/^\d+$/.test(k) || !Array.isArray(v) || v.length !== 2)) {
      throw new OverlayError(`${where}: statuses must map status ids to [agent label, customer label]`);
    }
  }
  if (o.utcOffset !== undefined && (typeof o.utcOffset !== 'string' || !/^[+-]\d{2}:\d{2}$/.test(o.utcOffset))) {
    throw new OverlayError(`${where}: utcOffset must look like +10:00`);
  }
  if (o.hhmm !== undefined && o.hhmm !== 'decimal-hours' && o.hhmm !== 'hours-minutes') {
    throw new OverlayError(`${where}: hhmm must be "decimal-hours" or "hours-minutes"`);
  }
  if (o.surveyScale !== undefined && o.surveyScale !== 'classic' && o.surveyScale !== 'custom') {
    throw new OverlayError(`${where}: surveyScale must be "classic" or "custom"`);
  }
  return o as Overlay;
}

let defaultCatalogue: Catalogue | undefined;

/** The built-in catalogue (cached); pass an overlay for account facts. */
export function loadCatalogue(overlay?: Overlay): Catalogue {
  if (overlay) return new Catalogue(ALL_RULES, overlay);
  defaultCatalogue ??= new Catalogue(ALL_RULES);
  return defaultCatalogue;
}

export { fieldMappings, changesForCode, reshapesValue, v2RefusesRequestField, type FieldMapping } from './fields.ts';
export { TRANSPORT } from '../../rules/transport.ts';
export { executePlan, PlanError, type Send, type PlanResult } from './execute.ts';
