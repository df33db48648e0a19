/**
 * HTTP Basic authentication as both specs describe it: `<api key>:<anything>` or
 * `<login e-mail>:<password>`, Base64-encoded. An unencoded header ("forgetting the encoding")
 * fails like any other bad credential.
 */
import type { Store } from './store.ts';
import type { User } from './model.ts';

export type AuthResult = { ok: true; user: User } | { ok: false; reason: 'missing' | 'malformed' | 'unknown' };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function authenticate(header: string | undefined, store: Store): AuthResult {
  if (!header) return { ok: false, reason: 'missing' };
  const m = /^Basic\s+(\S+)\s*$/i.exec(header);
  if (!m || !BASE64.test(m[1]!) || m[1]!.length % 4 === 1) return { ok: false, reason: 'malformed' };
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const userPart = colon >= 0 ? decoded.slice(0, colon) : decoded;
  const password = colon >= 0 ? decoded.slice(colon + 1) : '';
  if (userPart === '') return { ok: false, reason: 'unknown' };
  let user: User | undefined;
  if (userPart.includes('@')) {
    const candidate = store.userByEmail(userPart);
    if (candidate?.agent?.password && candidate.agent.password === password) user = candidate;
  } else {
    user = store.userByApiKey(userPart);
  }
  if (!user || !user.agent || user.deleted) return { ok: false, reason: 'unknown' };
  return { ok: true, user };
}
