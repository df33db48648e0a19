/**
 * v1 endpoints the references do not document. Real integrations call some
 * (`/helpdesk/tickets/user_ticket.json?email=`, `/helpdesk/attachments/7.json`): the legacy server
 * answered them, so they stop working with v1 like every other call. A path under a root only this
 * API used (`/helpdesk/…`, `/solution/…`) with a format suffix (`.json`, `.xml`, `format=json`)
 * that no rule matches is still a v1 call: it gets its family's `undocumented` rule (fidelity
 * `none`: no v2 equivalent is known), so every tool says so instead of staying silent.
 *
 * The family is the one whose documented paths share the most leading segments with the path (at
 * least the root and the resource: `/helpdesk/tickets/…`).
 * These rules are not in `Catalogue.rules` (nothing to translate, test or list per endpoint) and
 * `Catalogue.match` (a request the shim gets) never returns them; `Catalogue.get` knows them by id.
 */
import { PLACEHOLDER, type PathMatch } from './match.ts';
import type { Family, HttpMethod, Rule } from './types.ts';

/** First path segments no other API of this kind used: a `.json` path under them is v1. */
export const V1_ONLY_ROOTS: ReadonlySet<string> = new Set(['helpdesk', 'solution']);
const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

const UNDOCUMENTED = 'undocumented';

const RUN_TIME = 'run-time-endpoint';

export class UndocumentedEndpoints {
  private readonly byId = new Map<string, Rule>();
  private readonly templates: Array<{ family: Family; literals: string[] }>;

  constructor(rules: readonly Rule[]) {
    this.templates = rules.flatMap((r) => r.v1.paths.map((p) => ({ family: r.family, literals: leadingLiterals(p.split('/').filter(Boolean)) })));
    for (const family of new Set(rules.map((r) => r.family))) {
      // what reports show as its v1 path: the family's most common leading segments
      const counts = new Map<string, number>();
      for (const t of this.templates) if (t.family === family && t.literals.length) {
        const k = `/${t.literals.slice(0, 2).join('/')}`;
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      const prefix = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
      for (const method of METHODS) {
        const rule: Rule = {
          id: `${family}.${UNDOCUMENTED}-${method.toLowerCase()}`,
          family,
          summary: `A ${method} on a v1 ${family} endpoint the v1 references do not document: no v2 equivalent is known. Find one in the v2 reference, or drop the call.`,
          v1: { method, paths: [`${prefix}/…`], source: 'undocumented' },
          plan: [],
          fidelity: 'none',
          decision: 'The v1 references do not document this endpoint: find its v2 equivalent in the v2 reference, or drop the call.',
          notes: ['the legacy server answered this endpoint, so the call stops working when v1 is switched off'],
        };
        this.byId.set(rule.id, rule);
        // `'/helpdesk/' + resource + '.json'` in code that never names the resource: some v1
        // endpoint of the family (the one whose paths share the most), not known until run time
        const runTime: Rule = {
          ...rule,
          id: `${family}.${RUN_TIME}-${method.toLowerCase()}`,
          summary: `A ${method} on a v1 endpoint the code names only at run time: every endpoint it reaches stops working with v1. Find which endpoints go through it and migrate each (hdmigrate rules lists them).`,
          v1: { method, paths: [`${prefix.split('/').slice(0, 2).join('/')}/…`], source: 'run-time' },
          decision: 'The endpoint is only known at run time: find the endpoints this code reaches, and migrate each by its rule.',
          notes: ['the path is built from a value the code does not name (a parameter, a setting), so no single rule applies'],
        };
        this.byId.set(runTime.id, runTime);
      }
    }
  }

  get(id: string): Rule | undefined {
    return this.byId.get(id);
  }

  /** The undocumented rules (one per method) for a path no documented rule matches, or none. */
  match(path: string, format: 'json' | 'xml' | null): PathMatch[] {
    const parts = path.split('/').filter(Boolean);
    // the endpoint is named: its last segment is written, not a value (`/helpdesk/{path}.json` is
    // a helper that builds every v1 path, not one endpoint: see matchRunTime)
    if (parts.length < 3 || PLACEHOLDER.test(parts[parts.length - 1]!)) return [];
    return this.familyRules(parts, format, UNDOCUMENTED, 2, path);
  }

  /**
   * The run-time rules (one per method) for a path whose endpoint is a value only known at run time
   * (`/helpdesk/{resource}.json`). A URL helper builds every v1 path like this, and its callers that
   * name the resource match their own rules; this is for a request made with such a path where no
   * caller names it (the audit asks only there).
   */
  matchRunTime(path: string, format: 'json' | 'xml' | null): PathMatch[] {
    const parts = path.split('/').filter(Boolean);
    if (parts.length < 2 || !PLACEHOLDER.test(parts[parts.length - 1]!)) return [];
    return this.familyRules(parts, format, RUN_TIME, 1, path);
  }

  /** The rules of `kind` of the family whose paths share the most leading segments with these (at least `least`). */
  private familyRules(parts: string[], format: 'json' | 'xml' | null, kind: string, least: number, path: string): PathMatch[] {
    if (!format || !V1_ONLY_ROOTS.has(parts[0]!)) return [];
    let best: { family: Family; shared: number } | null = null;
    for (const t of this.templates) {
      let shared = 0;
      while (shared < t.literals.length && shared < parts.length && t.literals[shared] === parts[shared]) shared++;
      if (!best || shared > best.shared) best = { family: t.family, shared };
    }
    // undocumented: a documented resource of the family (`helpdesk/tickets`), not the root alone;
    // run time: the resource is the value, the root is what is left
    if (!best || best.shared < least) return [];
    return METHODS.map((m) => ({ rule: this.byId.get(`${best!.family}.${kind}-${m.toLowerCase()}`)!, params: {}, template: path }));
  }
}

function leadingLiterals(segments: string[]): string[] {
  const out: string[] = [];
  for (const s of segments) {
    if (s.startsWith(':')) break;
    out.push(s);
  }
  return out;
}
