/**
 * A call the audit does not know (a wrapper imported from outside the repo), handed a v1 path and a
 * body: `desk.push("/helpdesk/tickets.json", body={…})`, `gw.submit("…/note.json", mapOf(…))`. A body
 * is no GET's; where the path has one operation that takes a body, the call is that operation. A
 * call given no body, or a path with several such operations (PUT and POST), keeps no method.
 */
import type { HttpMethod } from '../../catalogue/index.ts';
import type { UrlMatch } from '../../analysis/match-url.ts';
import type { CallView, Dialect } from './dialects.ts';
import type { SyntaxNode } from './grammars.ts';

/** Keyword arguments that carry a request's body. */
const BODY_KEYWORD = /^(body|data|json|payload|form|content)$/;
/** Literals of a map or record (Python/Ruby/PHP/Go/C#), and calls that make one or its JSON. */
const BODY_LITERAL = /^(dictionary|hash|array_creation_expression|composite_literal|anonymous_object_creation_expression)$/;
const BODY_CALL = /^(dumps|to_json|json_encode|toJson|stringify|Marshal)$/;
const MAP_CALL = /^(mapOf|hashMapOf|mutableMapOf)$/;

/**
 * A map handed beside the path is a body when it wraps its fields in the resource's name, as every
 * v1 body does (`{"helpdesk_ticket": {…}}`, `mapOf("helpdesk_note" to mapOf(…))`); a flat one
 * (`['requester_id' => $rid]`) is the query's parameters. JSON made of a value is a body.
 */
function isBody(d: Dialect, a: SyntaxNode): boolean {
  const made = d.call(a)?.name ?? '';
  if (BODY_CALL.test(made) && !MAP_CALL.test(made)) return true;
  if (!BODY_LITERAL.test(a.type) && !MAP_CALL.test(made)) return false;
  const stack = [...a.namedChildren];
  while (stack.length) {
    const n = stack.pop()!;
    if (BODY_LITERAL.test(n.type) || MAP_CALL.test(d.call(n)?.name ?? '')) return true;
    stack.push(...n.namedChildren);
  }
  return false;
}

/** The call the expression is an argument of, when it is handed a body beside it (see above). */
export function callGivenBody(d: Dialect, top: SyntaxNode): CallView | null {
  let p: SyntaxNode | null = top.parent;
  for (let k = 0; p && k < 3; k++, p = p.parent) {
    const c = d.call(p);
    if (!c || c.node.startIndex === top.startIndex) continue;
    const at = c.args.findIndex((a) => a.startIndex <= top.startIndex && a.endIndex >= top.endIndex);
    if (at < 0) return null;
    const positional = c.args.slice(at + 1).some((a) => isBody(d, a));
    return positional || [...c.kwargs.keys()].some((k) => BODY_KEYWORD.test(k)) ? c : null;
  }
  return null;
}

/** The one body-taking method v1 has on the path (v1 has no PATCH), if there is exactly one. */
export function methodOfGivenBody(um: UrlMatch): HttpMethod | null {
  const methods = new Set(um.matches.map((m) => m.rule.v1.method).filter((m) => m === 'POST' || m === 'PUT'));
  return methods.size === 1 ? [...methods][0]! : null;
}
