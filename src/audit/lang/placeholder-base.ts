/**
 * A sample script's account address left as a placeholder to fill in: `$fd_domain = "URL FreshDesk";`
 * … `curl_init("$fd_domain/helpdesk/tickets.json")`, `BASE = "YOUR_DOMAIN"`, `"<your domain>"`. Such
 * a value is no address (no scheme, host or path of its own) but words saying "put yours here": the
 * URL is the path under an account the code does not show, as when the base is read from a config.
 */
import { dyn, type Value } from './evaluate.ts';

/** Words with blanks between them, an all-caps name (`YOUR_DOMAIN`), or something in brackets (`<domain>`). */
const PLACEHOLDER = /^(?:[\w-]+(?:\s+[\w-]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*|<[^<>]+>|\[[^[\]]+\])$/;
/** …that names what to put there (a folder's name, `DATA`, `backup files`, is a file path's start). */
const ADDRESS_WORD = /(?:^|[\W_])(?:your|url|domain|subdomain|host|hostname|endpoint|server|site|account|company|freshdesk|helpdesk)(?:$|[\W_])/i;

/** The value with a placeholder base (a literal of its own, before a path) read as an unknown base. */
export function withPlaceholderBase(v: Value): Value {
  // (an interpolated string starts with an empty piece before its first hole)
  const at = v.findIndex((p) => p.dynamic || p.text !== '');
  const [first, next] = [v[at], v[at + 1]];
  if (!first || !next || first.dynamic || next.dynamic || !first.node || first.node === next.node) return v;
  const text = first.text.trim();
  if (/[/:.]/.test(text) || !PLACEHOLDER.test(text) || !ADDRESS_WORD.test(text) || !next.text.startsWith('/')) return v;
  return [dyn('base'), ...v.slice(at + 1)];
}
