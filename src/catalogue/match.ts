/**
 * Matching a v1 request (method + path + query) to its rule. Path templates use `:name` for a
 * segment; literal segments win over parameters, and rules that require query parameters win when
 * those parameters are present.
 */
import type { HttpMethod, Rule } from './types.ts';

export interface PathMatch {
  rule: Rule;
  params: Record<string, string>;
  template: string;
}

/** What a value the caller does not know yet looks like (`{id}`, `:id`, `${id}`, `*`). */
export const PLACEHOLDER = /^(\{[^/]*\}|\$\{[^/]*\}|:[A-Za-z_]\w*|\*|<[^/]*>|%s|%d|\[[^/]*\])$/;

function segmentMatches(name: string, value: string): boolean {
  if (PLACEHOLDER.test(value)) return true;
  // ids are numbers, or a placeholder written as a word (`folder_id`, `ticketid` in the vendor's own
  // samples); anything else in an id position is a different path (a UI page, a filter name)
  if (name === 'id' || name.endsWith('_id')) return /^\d+$/.test(value) || /^[A-Za-z_]*(id|Id|ID)$/.test(value);
  return /^[\w.@%+-]+$/.test(value);
}

interface CompiledTemplate {
  rule: Rule;
  template: string;
  segments: string[];
  literals: number;
}

export class RuleMatcher {
  private readonly templates: CompiledTemplate[];

  constructor(rules: readonly Rule[]) {
    this.templates = rules
      .flatMap((rule) =>
        rule.v1.paths.map((template) => {
          const segments = template.split('/').filter(Boolean);
          return { rule, template, segments, literals: segments.filter((s) => !s.startsWith(':')).length };
        }),
      )
      // more literal segments first, then rules that need query parameters first
      .sort((a, b) => b.literals - a.literals || (b.rule.v1.whenQuery?.length ?? 0) - (a.rule.v1.whenQuery?.length ?? 0));
  }

  /** All rules whose path template matches, regardless of method or query. */
  matchPath(path: string): PathMatch[] {
    const parts = path.split('/').filter(Boolean);
    const out: PathMatch[] = [];
    for (const t of this.templates) {
      if (t.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < parts.length && ok; i++) {
        const seg = t.segments[i]!;
        const value = parts[i]!;
        if (seg.startsWith(':')) {
          ok = segmentMatches(seg.slice(1), value);
          if (ok) params[seg.slice(1)] = safeDecode(value);
        } else {
          ok = seg === value;
        }
      }
      if (!ok) continue;
      out.push({ rule: t.rule, params, template: t.template });
    }
    return out;
  }

  /** The rule for this request, or why there is none. */
  match(
    method: HttpMethod,
    path: string,
    query: Record<string, string>,
  ): { match: PathMatch } | { error: 'unknown-path' } | { error: 'wrong-method'; allowed: HttpMethod[] } {
    const candidates = this.matchPath(path);
    if (candidates.length === 0) return { error: 'unknown-path' };
    const sameMethod = candidates.filter((c) => c.rule.v1.method === method);
    if (sameMethod.length === 0) {
      return { error: 'wrong-method', allowed: [...new Set(candidates.map((c) => c.rule.v1.method))] };
    }
    // the most literal template wins; among equals, a rule whose query parameters are present
    const best = sameMethod.filter((c) => templateLiterals(c.template) === templateLiterals(sameMethod[0]!.template));
    const withQuery = best.find((c) => c.rule.v1.whenQuery?.every((q) => q in query));
    if (withQuery) return { match: withQuery };
    const plain = best.find((c) => !c.rule.v1.whenQuery);
    return { match: plain ?? best[0]! };
  }
}

function templateLiterals(template: string): number {
  return template.split('/').filter((s) => s && !s.startsWith(':')).length;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
