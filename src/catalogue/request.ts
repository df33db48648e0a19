/**
 * Parsing "METHOD /path?query" as legacy code writes it: full URLs, `.json`/`.xml` suffixes,
 * `?format=json`, percent-encoding, placeholders for values only known at run time.
 */
import type { HttpMethod } from './types.ts';

export const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

export interface ParsedRequest {
  method: HttpMethod;
  /** Path without origin, query or format suffix, e.g. `/helpdesk/tickets/12`. */
  path: string;
  /** Decoded query parameters (the last value wins; `format` kept). */
  query: Record<string, string>;
  /** `.json`/`.xml` suffix or `format=` parameter; null when neither was given. */
  format: 'json' | 'xml' | null;
  /** Scheme and host when a full URL was given. */
  origin?: string;
  /** http:// was used. */
  insecure: boolean;
}

export class RequestError extends Error {}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

export function parseQuery(qs: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of qs.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decode(eq < 0 ? part : part.slice(0, eq));
    out[key] = eq < 0 ? '' : decode(part.slice(eq + 1));
  }
  return out;
}

/** Splits a URL or path into origin, path and query, and reads the format. */
export function parseTarget(target: string): Omit<ParsedRequest, 'method'> {
  let rest = target.trim();
  let origin: string | undefined;
  const abs = /^(https?):\/\/([^/?#]+)/i.exec(rest);
  if (abs) {
    origin = abs[0];
    rest = rest.slice(abs[0].length) || '/';
  }
  rest = rest.replace(/#.*$/, '');
  const q = rest.indexOf('?');
  let path = q < 0 ? rest : rest.slice(0, q);
  const query = q < 0 ? {} : parseQuery(rest.slice(q + 1));
  if (!path.startsWith('/')) path = `/${path}`;
  path = path.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/$/, '');
  let format: ParsedRequest['format'] = null;
  const suffix = /\.(json|xml)$/i.exec(path);
  if (suffix) {
    format = suffix[1]!.toLowerCase() as 'json' | 'xml';
    path = path.slice(0, -suffix[0].length);
  } else if (query.format === 'json' || query.format === 'xml') {
    format = query.format;
  }
  return { path, query, format, origin, insecure: abs?.[1]?.toLowerCase() === 'http' };
}

/** Parses `GET /helpdesk/tickets.json?x=1`; throws RequestError naming what is wrong. */
export function parseRequestLine(line: string): ParsedRequest {
  const m = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(line);
  if (!m) throw new RequestError(`expected "<METHOD> <path>", got ${JSON.stringify(line.trim())}`);
  const method = m[1]!.toUpperCase() as HttpMethod;
  if (!METHODS.includes(method)) {
    throw new RequestError(`unknown method ${m[1]}: v1 uses ${METHODS.join(', ')}`);
  }
  return { method, ...parseTarget(m[2]!) };
}

/** True for paths of the v2 API (not v1 requests). */
export function isV2Path(path: string): boolean {
  return /^\/api\/v2(\/|$)/.test(path);
}
