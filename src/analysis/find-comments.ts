/**
 * What comments say: `@hdmigrate-todo(rule)` / `@hdmigrate-ignore(rule)` markers (left by the
 * codemod or a human), and v1 paths written in comments (`call` when the comment shows a request,
 * `url` otherwise, both `inComment`), which document a v1 use the code may hide.
 */
import type { HttpMethod } from '../catalogue/index.ts';
import { chooseRule } from './match-url.ts';
import { findTextUrls } from './text-urls.ts';
import type { Analysis } from './analysis.ts';
import { spanAt } from './module.ts';

const MARKER = /@hdmigrate-(todo|ignore)\(([^)]*)\)\s*:?\s*(.*)/;

export function findComments(a: Analysis): void {
  for (const c of a.mod.ast.comments ?? []) {
    const text: string = c.value;
    const start: number = c.start + 2;
    const mk = MARKER.exec(text);
    if (mk) {
      const at = start + mk.index;
      a.markers.push({
        type: mk[1] as 'todo' | 'ignore',
        rule: mk[2]!.trim(),
        text: mk[3]!.trim(),
        span: spanAt(a.mod, at, at + mk[0].length, a.mod.file),
      });
      continue;
    }
    if (!a.facts.words.test(text)) continue;
    for (const hit of findTextUrls(a.cat, text, 'javascript')) {
      if (!hit.format && !hit.httpContext) continue;
      const span = spanAt(a.mod, start + hit.start, start + hit.end, a.mod.file);
      const choice = chooseRule(a.cat, hit.match, hit.method ?? null);
      a.addSite({
        kind: hit.httpContext ? 'call' : 'url',
        span,
        file: a.mod.file,
        rule: choice.rule.id,
        rules: choice.rules,
        method: (hit.method as HttpMethod) ?? null,
        methodSource: hit.method ? 'argument' : null,
        inComment: true,
        message: `v1 ${hit.httpContext ? 'call' : 'URL'} in a comment: ${hit.match.target}`,
        fidelity: choice.rule.fidelity,
      });
    }
  }
}
