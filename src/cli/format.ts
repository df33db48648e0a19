/** Human-readable forms of what the tools print: placeholders and paths as written, not percent-encoded. */

/**
 * `?a=1&b={{calls[0].companies[name=Acme Corp].id}}`: keys and values as a person writes them.
 * Only what would change the meaning of the query (`&`, `#`, `%` and a `=` in a key) is encoded;
 * braces, brackets, spaces, commas and `=` inside values stay readable.
 */
export function formatQuery(query: Record<string, string | number | boolean | undefined | Array<string | number>>): string {
  const enc = (s: string, key: boolean) => s.replace(key ? /[%&#=]/g : /[%&#]/g, (c) => encodeURIComponent(c));
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) parts.push(`${enc(k, true)}=${enc(String(one), false)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
