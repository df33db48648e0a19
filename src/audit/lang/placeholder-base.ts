/**
 * A sample script's account address left as a placeholder to fill in: `$fd_domain = "URL FreshDesk";`
 * … `curl_init("$fd_domain/helpdesk/tickets.json")`, `BASE = "YOUR_DOMAIN"`, `"<your domain>"`. Such
 * a value is no address (no scheme, host or path of its own) but words saying "put yours here": the
 * URL is the path under an account the code does not show, as when the base is read from a config.
 * The placeholder may also stand for the host alone, after a scheme the URL writes itself
 * (`DOMAIN="your freshdesk domain"` … `"https://$DOMAIN/helpdesk/tickets.json"`).
 */
import { dyn, type Value } from './evaluate.ts';

/** Words with blanks between them, an all-caps name (`YOUR_DOMAIN`), or something in brackets (`<domain>`). */
const PLACEHOLDER = /^(?:[\w-]+(?:\s+[\w-]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*|<[^<>]+>|\[[^[\]]+\])$/;
/** …that names what to put there (a folder's name, `DATA`, `backup files`, is a file path's start). */
const ADDRESS_WORD = /(?:^|[\W_])(?:your|url|domain|subdomain|host|hostname|endpoint|server|site|account|company|freshdesk|helpdesk)(?:$|[\W_])/i;

/** A scheme written before the host (`https://`): what follows it is the host, then the path or the domain's rest. */
const SCHEME_ONLY = /^[a-z][a-z0-9+.-]*:\/\/$/i;

/** The value with a placeholder base (a literal of its own, before a path) read as an unknown base. */
export function withPlaceholderBase(v: Value): Value {
  // (an interpolated string starts with an empty piece before its first hole)
  const start = v.findIndex((p) => p.dynamic || p.text !== '');
  const scheme = v[start] && !v[start].dynamic && SCHEME_ONLY.test(v[start].text) ? v[start] : undefined;
  const at = scheme ? start + 1 : start;
  const [first, next] = [v[at], v[at + 1]];
  if (!first || !next || first.dynamic || next.dynamic || !first.node || first.node === next.node || first.node === scheme?.node) return v;
  const text = first.text.trim();
  if (/[/:.]/.test(text) || !PLACEHOLDER.test(text) || !ADDRESS_WORD.test(text)) return v;
  // after a scheme the placeholder is the host: the path or the rest of the domain (`.freshdesk.com/…`) follows
  if (!next.text.startsWith('/') && !(scheme && next.text.startsWith('.'))) return v;
  return [...v.slice(0, at), dyn(scheme ? 'host' : 'base'), ...v.slice(at + 1)];
}
