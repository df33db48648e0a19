/**
 * A request helper that sends a body only when its caller gives one, the classic PHP curl wrapper:
 *
 *     protected function CurlWrap($url = "", $ticket = "", $headers = "") {
 *         $ch = curl_init($url);
 *         if (!empty($ticket)) { curl_setopt($ch, CURLOPT_POST, true); curl_setopt($ch, CURLOPT_POSTFIELDS, $ticket); }
 *         …
 *     }
 *
 * Its POST is the method of the calls that pass that argument (`CurlWrap($url, $ticket)`); a call
 * that leaves it out (`CurlWrap($url)`, or passes an empty literal) is a GET, curl's default.
 */
import type { HttpMethod } from '../../catalogue/index.ts';
import type { SyntaxNode } from './grammars.ts';

/** `if (!empty($p))`, `if (isset($p))`, `if ($p)`, `if ($p !== null)` and the statement or block it guards. */
const GUARD = /\bif\s*\(\s*(?:!\s*empty\s*\(\s*\$(\w+)\s*\)|isset\s*\(\s*\$(\w+)\s*\)|\$(\w+)(?:\s*!==?\s*(?:null|NULL|''|""))?)\s*\)\s*(\{[^{}]*\}|[^;{}]*;)/g;

/** What makes curl send a POST (a custom method is another matter: the wrapper then says which). */
const POST_OPTION = /CURLOPT_POST\b|CURLOPT_POSTFIELDS\b/;

/** The parameter whose presence alone makes the helper's request a POST, if there is one. */
export function bodyParamOf(fnText: string, params: string[]): string | null {
  for (const m of fnText.matchAll(GUARD)) {
    const name = m[1] ?? m[2] ?? m[3];
    if (!name || !params.includes(name) || !POST_OPTION.test(m[4]!)) continue;
    // a POST set outside the guard too, or a custom method anywhere: the guard does not decide
    const outside = fnText.slice(0, m.index) + fnText.slice(m.index! + m[0].length);
    return POST_OPTION.test(outside) || /CURLOPT_CUSTOMREQUEST/.test(outside) ? null : name;
  }
  return null;
}

/** A branching node: `if`/`unless` statements and expressions, ternaries, and their `else` parts. */
const BRANCH = /^(if_statement|if_expression|if|unless|if_modifier|unless_modifier|conditional|conditional_expression|ternary_expression|else_clause|elif_clause|else)$/;

/**
 * The same shape written with a client's own verbs, in any language: the helper sends a GET in one
 * branch and a POST in the other, chosen by a parameter (`if payload is None: r = s.get(url) else:
 * r = s.post(url, json=payload)`, Ruby's `req = body ? Net::HTTP::Post.new(uri) : Net::HTTP::Get.new(uri)`).
 * That parameter is the body, as in bodyParamOf: the POST is the method of the calls that pass it.
 */
export function branchBodyParam(getCall: SyntaxNode, postCall: SyntaxNode, params: string[]): string | null {
  let p: SyntaxNode | null = postCall.parent;
  while (p && !(p.startIndex <= getCall.startIndex && p.endIndex >= getCall.endIndex)) p = p.parent;
  // (the innermost node holding both: the conditional itself, or the `if` of an `else` branch)
  while (p && !BRANCH.test(p.type) && p.type !== 'block' && p.type !== 'body_statement') p = p.parent;
  if (!p || !BRANCH.test(p.type)) return null;
  const cond = p.childForFieldName('condition') ?? p.namedChild(0);
  if (!cond) return null;
  // (a shell function's parameters are its positions: `[ -n "$2" ]`)
  const words = new Set(cond.text.match(/\w+/g) ?? []);
  return params.find((x) => words.has(x.replace(/^[$@*&]+/, ''))) ?? null;
}

/** A call leaves the body out: no argument at that place, or an empty literal. */
function leavesOut(a: SyntaxNode | undefined): boolean {
  return !a || /^(?:''|""|null|NULL|false|array\(\s*\)|\[\s*\])$/.test(a.text.trim());
}

/** The method of one call of such a helper: GET when the call gives no body. */
export function methodWithBody(method: HttpMethod | null, bodyArg: SyntaxNode | undefined): HttpMethod | null {
  return method === 'POST' && leavesOut(bodyArg) ? 'GET' : method;
}
