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
const V1_ONLY_ROOTS = new Set(['helpdesk', 'solution']);
const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

const UNDOCUMENTED = 'undocumented';

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
      }
    }
  }

  get(id: string): Rule | undefined {
    return this.byId.get(id);
  }

  /** The undocumented rules (one per method) for a path no documented rule matches, or none. */
  match(path: string, format: 'json' | 'xml' | null): PathMatch[] {
    const parts = path.split('/').filter(Boolean);
    if (!format || parts.length < 3 || !V1_ONLY_ROOTS.has(parts[0]!)) return [];
    // the endpoint is named: its last segment is written, not a value (`/helpdesk/{path}.json` is
    // a helper that builds every v1 path, not one endpoint)
    if (PLACEHOLDER.test(parts[parts.length - 1]!)) return [];
    let best: { family: Family; shared: number } | null = null;
    for (const t of this.templates) {
      let shared = 0;
      while (shared < t.literals.length && shared < parts.length && t.literals[shared] === parts[shared]) shared++;
      if (!best || shared > best.shared) best = { family: t.family, shared };
    }
    // a documented resource of the family (`helpdesk/tickets`), not the root alone
    if (!best || best.shared < 2) return [];
    return METHODS.map((m) => ({ rule: this.byId.get(`${best!.family}.${UNDOCUMENTED}-${m.toLowerCase()}`)!, params: {}, template: path }));
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
