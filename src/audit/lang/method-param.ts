/**
 * A request helper's method parameter, read from the places a method goes rather than from the
 * parameter's name: `curl_setopt($ch, CURLOPT_CUSTOMREQUEST, $type)`, OkHttp's and Jsoup's
 * `.method(httpVerb, body)`, `setRequestMethod(how)`, `req.Method = kind`, a `method:`/`method =`
 * keyword or property, PowerShell's `-Method $verb`, Perl's `HTTP::Request->new($verb => $url)`.
 * The caller's argument at that parameter is the method; where the caller leaves it out, the
 * parameter's default (`$type = 'GET'`, `http_method="GET"`) is.
 */
import type { HttpMethod } from '../../catalogue/index.ts';
import { escapeRegex } from '../../analysis/match-url.ts';

/** Where a request takes its method, each with the name that fills it in group 1. */
const METHOD_SLOTS = [
  /CURLOPT_CUSTOMREQUEST\s*(?:,|=>)\s*\$(\w+)\s*[,)\]]/g,
  /\.\s*method\s*\(\s*[$@]?(\w+)\s*[,)]/g,
  /\bset_?[Rr]equest_?[Mm]ethod\s*\(\s*[$@]?(\w+)\s*\)/g,
  /\.\s*Method\s*=\s*\$?(\w+)\s*[;\n]/g,
  /(?<![\w.])method\s*(?::|=(?!=)|=>)\s*[$@]?(\w+)\b(?!\s*[.(\[])/g,
  /-Method\s+\$(\w+)/g,
  /HTTP::Request\s*->\s*new\s*\(\s*\$(\w+)/g,
];

/** The parameter (of `params`) the helper hands to a method slot, if one is. */
export function methodSlotParam(fnText: string, params: string[]): string | undefined {
  const bare = new Map(params.map((p) => [p.replace(/^[$@*&]+/, ''), p]));
  for (const slot of METHOD_SLOTS) for (const m of fnText.matchAll(slot)) {
    const p = bare.get(m[1]!);
    if (p) return p;
  }
  return undefined;
}

/** The method a parameter defaults to in the helper's signature (`$type = 'GET'`, `http_method="GET"`, `verb: String = "GET"`). */
export function defaultMethodOf(fnText: string, param: string): HttpMethod | undefined {
  const name = escapeRegex(param.replace(/^[$@*&]+/, ''));
  // (a default is followed by the next parameter or the list's end; `$type = 'GET';` in the body is an assignment)
  const m = new RegExp(`[$@]?\\b${name}\\s*(?::\\s*[\\w.?]+\\s*)?=\\s*['":]?(get|post|put|delete|patch)['"]?\\s*[,)]`, 'i').exec(fnText.slice(0, SIGNATURE_CHARS));
  return m ? (m[1]!.toUpperCase() as HttpMethod) : undefined;
}

/** How far into a function its parameter list may reach. */
const SIGNATURE_CHARS = 400;
