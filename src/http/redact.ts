/**
 * Masking of credentials in any text that may leave the process (errors, events, logs, reports,
 * state files). Two layers: the literal secrets the caller knows (an API key, a password, and the
 * Basic header built from them), and patterns that catch credentials nobody told us about
 * (an `Authorization` value, `api_key=` in a query, a password in a URL's user info or in JSON).
 */

export const MASK = '***';

/** Every spelling of a secret that can appear on the wire: raw, URL-encoded, and inside Basic. */
export function secretForms(secrets: Iterable<string | undefined>): string[] {
  const out = new Set<string>();
  for (const s of secrets) {
    if (!s || s.length < 3) continue; // masking "X" (the Basic password filler) would shred text
    out.add(s);
    const encoded = encodeURIComponent(s);
    if (encoded !== s) out.add(encoded);
  }
  return [...out].sort((a, b) => b.length - a.length);
}

/** The user and password inside a `Basic <base64>` header value, as secrets to mask. */
export function basicParts(header: string | undefined): string[] {
  if (!header) return [];
  const m = /^\s*Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!m) {
    const bearer = /^\s*(?:Bearer|Token)\s+(\S+)\s*$/i.exec(header);
    return bearer ? [bearer[1]!] : [header.trim()];
  }
  const parts = [m[1]!];
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon >= 0) {
    parts.push(decoded.slice(0, colon));
    const password = decoded.slice(colon + 1);
    if (password.length >= 3) parts.push(password);
  } else parts.push(decoded);
  // a login e-mail is personal data but not a credential; still, the pair must never appear whole
  parts.push(decoded);
  return parts;
}

const PATTERNS: [RegExp, string][] = [
  // Authorization: Basic xxx / Bearer xxx (headers, curl lines, dumped objects)
  [/\b(Basic|Bearer|Token)\s+[A-Za-z0-9+/=._~-]{6,}/gi, `$1 ${MASK}`],
  // "authorization": "anything" in JSON or object dumps
  [/(["']?(?:authorization|proxy-authorization|x-api-key|api[_-]?key|apikey|password|passwd|secret|token)["']?\s*[:=]\s*["'])[^"']*(["'])/gi, `$1${MASK}$2`],
  // key=value in query strings and form bodies
  [/([?&;\s](?:api[_-]?key|apikey|password|passwd|token|secret)=)[^&\s#"']*/gi, `$1${MASK}`],
  // user info in URLs: scheme://user:password@host
  [/(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+:[^/\s@]+@/gi, `$1${MASK}:${MASK}@`],
];

/**
 * Masks API keys, Basic/Bearer credentials and passwords in `text`. `secrets` are literal values
 * to mask wherever they appear (in any of their wire spellings).
 */
export function redact(text: string, secrets: string[] = []): string {
  let out = text;
  for (const s of secretForms(secrets)) out = out.split(s).join(MASK);
  for (const [re, repl] of PATTERNS) out = out.replace(re, repl);
  return out;
}
