/**
 * URL builder chains: a base URL, then links that append path segments or query parameters, or
 * that only wrap the same URL (OkHttp `base.toHttpUrl().newBuilder().addPathSegments("helpdesk/tickets.json")
 * .addQueryParameter("format", "json").build()`, Android `Uri.parse(base).buildUpon().appendPath(…)`,
 * Go `u.JoinPath("helpdesk", "tickets")` / `url.JoinPath(base, …)`, C# Flurl `Base.AppendPathSegment(…)
 * .SetQueryParam(k, v).WithBasicAuth(…)`). Their value is the root + "/" + each segment (+ "?k=v"):
 * the request that sends the URL (`Request.Builder().url(u)`, `http.NewRequest("GET", u.String(), nil)`)
 * then reads it like any other. Flurl sends the chain itself: its verb is the last link's name
 * (`PostJsonAsync`), its URL the chain it hangs on (see flurlSend).
 *
 * One table, so a builder library is one line here rather than a case in each language's file.
 */
import type { HttpMethod } from '../../catalogue/index.ts';
import type { CallView } from './dialects.ts';

/** Links whose value is the URL they hang on: builders, conversions, auth and header decorations. */
const SAME = /^(newBuilder|build|buildUpon|toHttpUrl|toHttpUrlOrNull|toUri|toURI|WithBasicAuth|WithHeaders?|WithOAuthBearerToken|WithTimeout|WithCookies?|AllowAnyHttpStatus|AllowHttpStatus|WithAutoRedirect)$/;
/** Links that append path segments: all their arguments (plural forms, JoinPath) or the first. */
const SEGMENTS = /^(addPathSegments?|addEncodedPathSegments?|appendPath|appendEncodedPath|AppendPathSegments?|JoinPath)$/;
const ALL_ARGS = /s$|^JoinPath$/;
/** Links that add a query parameter (name, value). */
const QUERY = /^(addQueryParameter|addEncodedQueryParameter|appendQueryParameter|setQueryParameter|SetQueryParam)$/;
/** `scheme("https")`, `host(h)` / `authority(h)` on an empty builder (`Uri.Builder()`, `HttpUrl.Builder()`). */
const SCHEME = /^scheme$/;
const HOST = /^(host|authority|encodedAuthority)$/;
/** Calls that make a URL object of a string: their first argument is the root. */
const PARSE = (c: CallView) => (/^(parse|get)$/.test(c.name) && /^(HttpUrl|Uri|android\.net\.Uri)$/.test(c.receiver)) || (/^(JoinPath|Parse)$/.test(c.name) && c.receiver === 'url');
/** An empty builder the chain fills. */
const EMPTY_BUILDER = (c: CallView) => c.name === 'Builder' && /(^|\.)(Uri|HttpUrl)$/.test(c.receiver) && c.args.length === 0;

export type ChainLink =
  | { kind: 'same' }
  | { kind: 'segments'; args: number }
  | { kind: 'query' }
  | { kind: 'scheme' }
  | { kind: 'host' }
  /** The chain starts here: the URL is `args[0]` (a parse, Go's `url.JoinPath(base, …)`) or empty. */
  | { kind: 'root'; from: 'arg' | 'empty'; segmentsAfter: boolean };

/** What a call does to the URL it hangs on, or null when it is no URL builder link. */
export function chainLink(c: CallView): ChainLink | null {
  if (PARSE(c) && c.args.length >= 1) return { kind: 'root', from: 'arg', segmentsAfter: c.name === 'JoinPath' };
  if (EMPTY_BUILDER(c)) return { kind: 'root', from: 'empty', segmentsAfter: false };
  if (c.receiver === '') return null;
  if (SAME.test(c.name)) return { kind: 'same' };
  if (SEGMENTS.test(c.name) && c.args.length >= 1) return { kind: 'segments', args: ALL_ARGS.test(c.name) ? c.args.length : 1 };
  if (QUERY.test(c.name) && c.args.length === 2) return { kind: 'query' };
  if (SCHEME.test(c.name) && c.args.length === 1) return { kind: 'scheme' };
  if (HOST.test(c.name) && c.args.length === 1) return { kind: 'host' };
  return null;
}

/** Flurl's sending links: `GetJsonAsync`, `PostJsonAsync`, `PutStringAsync`, `PostUrlEncodedAsync`, `DeleteAsync`, `GetStringAsync`. */
const FLURL_SEND = /^(Get|Post|Put|Delete)(Json|String|UrlEncoded|Multipart|Bytes|Stream)?Async$/;

/**
 * A Flurl request sent from a URL chain (`"…".WithBasicAuth(…).PostJsonAsync(body)`): its method. Only
 * when the chain it hangs on has a Flurl link or starts from a string, so `_http.PostAsync(url, body)`
 * (HttpClient, whose URL is its argument) is not one.
 */
export function flurlSend(c: CallView, receiverIsChain: boolean): HttpMethod | null {
  const m = FLURL_SEND.exec(c.name);
  if (!m || !receiverIsChain) return null;
  // HttpClient's `GetStringAsync(url)` / `DeleteAsync(url)` take the URL: a chain has no URL argument
  if (!m[2] && c.args.length && !/^(Post|Put)$/.test(m[1]!)) return null;
  return m[1]!.toUpperCase() as HttpMethod;
}

/** The receiver text is a Flurl chain: a string (interpolated or literal) or a chain with a Flurl link. */
export function isFlurlChain(receiver: string): boolean {
  return /^\$?@?"/.test(receiver) || /\.(AppendPathSegments?|SetQueryParams?|WithBasicAuth|WithHeaders?|WithOAuthBearerToken|WithTimeout|AllowAnyHttpStatus)\s*\(/.test(receiver);
}

/**
 * Options that give a client its base URL (Guzzle `'base_uri' =>`, httpx/requests-toolbelt
 * `base_url=`, C# `BaseAddress =`): a request path the client is given is resolved against it.
 */
export const BASE_OPTION = /^['"]?(base_uri|base_url|baseUri|baseUrl|baseURL|BaseAddress)['"]?$/;

/** Faraday's base option (`Faraday.new(url: …)`), read only on its constructor. */
export const FARADAY_BASE_OPTION = /^['"]?:?url['"]?:?$/;

interface Piece {
  text: string;
  dynamic: boolean;
}

/**
 * How a client joins its base and a request path. RFC 3986 resolution (Guzzle, .NET `Uri`,
 * `urljoin`) replaces the base's last segment; httpx appends any path to the base's path; Faraday
 * appends a relative one (a leading `/` is from the host); HTTParty writes the path after its
 * `base_uri` as it is.
 */
export type BaseJoin = 'rfc3986' | 'append' | 'append-relative' | 'concat';

/** The join of the client a constructor makes (`httpx.Client(…)`, `Faraday.new(…)`), by its callee text. */
export function baseJoinOf(constructorText: string): BaseJoin {
  if (/^\s*(httpx\.)?(Async)?Client\s*\(/.test(constructorText)) return 'append';
  if (/^\s*Faraday(::Connection)?\.new\b/.test(constructorText)) return 'append-relative';
  return 'rfc3986';
}

/** A request path joined to a client's base the way that client does (see BaseJoin). */
export function joinToBase<P extends Piece>(base: P[], path0: P[], join: BaseJoin): P[] | null {
  // (an interpolated string can start with an empty literal before its first hole: `$"{Base}/x.json"`)
  const lead = path0.findIndex((p) => p.dynamic || p.text !== '');
  const path = lead > 0 ? path0.slice(lead) : path0;
  const first = path[0];
  if (!first || first.dynamic || /^[a-z][\w+.-]*:/i.test(first.text) || first.text.startsWith('//')) return null;
  if (join === 'rfc3986' || (join === 'append-relative' && first.text.startsWith('/'))) return resolveReference(base, path);
  if (join === 'concat') return [...base, ...path];
  const last = base[base.length - 1];
  const endsWithSlash = !!last && !last.dynamic && last.text.endsWith('/');
  const rest = first.text.startsWith('/') ? [{ ...first, text: first.text.slice(1) }, ...path.slice(1)] : path;
  return endsWithSlash ? [...base, ...rest] : [...base, { ...first, text: '/' }, ...rest];
}

/**
 * RFC 3986 reference resolution on evaluated values (parts of literal text and holes): a path with
 * a scheme is absolute; a leading `/` replaces the base's path; any other path replaces the base's
 * last segment (so it is appended to a base ending in `/`). Null when the path is no reference that
 * reads a base (it does not start with written text) or the base's authority is not written out.
 */
export function resolveReference<P extends Piece>(base: P[], path: P[]): P[] | null {
  const first = path[0];
  if (!first || first.dynamic || /^[a-z][\w+.-]*:/i.test(first.text) || first.text.startsWith('//')) return null;
  const scheme = base.findIndex((p) => !p.dynamic && p.text.includes('://'));
  if (scheme < 0) return null;
  // the end of the authority: the first `/` after `://`
  let cut = -1;
  let at = -1;
  for (let i = scheme; i < base.length && cut < 0; i++) {
    const p = base[i]!;
    if (p.dynamic) continue;
    const from = i === scheme ? p.text.indexOf('://') + 3 : 0;
    const k = p.text.indexOf('/', from);
    if (k >= 0) [cut, at] = [i, k];
  }
  const upTo = (i: number, k: number): P[] => [...base.slice(0, i), { ...base[i]!, text: base[i]!.text.slice(0, k) }];
  if (first.text.startsWith('/')) return cut < 0 ? [...base, ...path] : [...upTo(cut, at), ...path];
  if (cut < 0) return [...base, { ...first, text: `/${first.text}` }, ...path.slice(1)];
  // the base's last `/` (its directory); a hole after it is the last segment's
  for (let i = base.length - 1; i >= cut; i--) {
    const p = base[i]!;
    if (p.dynamic) continue;
    const k = p.text.lastIndexOf('/');
    if (k >= 0 && (i > cut || k >= at)) return [...upTo(i, k + 1), ...path];
  }
  return null;
}
