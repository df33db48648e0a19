/**
 * The data the JS/TS analysis hands out: plain, serialisable objects (no AST nodes), so the audit
 * can ship them across worker threads and the codemod can apply span edits from them.
 *
 * Offsets and positions
 * - `start`/`end` are UTF-16 offsets into the source text that was analysed (`source.slice(start, end)`
 *   is the node's text), exactly the `start`/`end` of the babel node jscodeshift produces for the
 *   same source and parser (see `parserFor` in ./parse.ts).
 * - `line` is 1-based and `column` 0-based, as in babel's `loc` (reports convert to 1-based columns).
 * - `file` is the path the span lives in: the analysed file's name as passed to `analyzeSource`, or
 *   the absolute path of another module of the repo when a value was resolved through an import.
 *
 * Stability: fields are only ever added. Renames or removals go through the audit owner.
 */
import type { Fidelity, HttpMethod } from '../catalogue/index.ts';
import type { FlowSummary } from './flow/taint.ts';

export interface Span {
  start: number;
  end: number;
  line: number;
  /** 0-based, like babel `loc.start.column`. */
  column: number;
  endLine: number;
  endColumn: number;
  /** Set when the span is in another file than the one analysed (absolute path). */
  file?: string;
}

/** What kind of v1 use a site is. */
export type SiteKind =
  /** An HTTP request to a v1 endpoint (client recognised or a function that receives the path). */
  | 'call'
  /** A complete v1 API URL/path string that is not (visibly) used in a call here. */
  | 'url'
  /** A v1 payload wrapper (`helpdesk_ticket`) in a request body. */
  | 'wrapper'
  /** A read of a v1-shaped response (`.helpdesk_ticket.display_id`, `status_name`, `[i].user`). */
  | 'response-read'
  /**
   * 403 handled as "rate limited" (v2 uses 429; 403 means access denied), in a module with helpdesk
   * context: its own v1 use, a distinctive v1 path (`'/helpdesk/tickets'`), or the HTTP wrapper a
   * v1 call of the analysed file goes through (then `file` is that module). `fixable`: a simple
   * comparison or `case` the codemod may turn into 429.
   */
  | 'rate-limit'
  /** XML parsing of a v1 response (v2 answers JSON only). */
  | 'xml';

/** The HTTP client a call goes through. `wrapper` = a function of the repo that receives the path. */
export type ClientKind =
  | 'fetch'
  | 'undici'
  | 'axios'
  | 'request'
  | 'got'
  | 'superagent'
  | 'needle'
  | 'unirest'
  | 'https'
  | 'http'
  | 'jquery'
  | 'xhr'
  | 'urlfetchapp'
  | 'app-client'
  | 'app-request'
  | 'ky'
  | 'form-data'
  | 'generic'
  | 'wrapper';

/** One piece of a resolved string. Concatenating every `text` gives `UrlInfo.pattern`. */
export interface StringPart {
  /** Literal text (template quasis cooked) or a `{name}` placeholder for an unknown value. */
  text: string;
  /** True for an expression whose value is not known statically (the placeholder). */
  dynamic: boolean;
  /**
   * - `literal`: a whole string literal; the span includes the quotes.
   * - `quasi`: a template literal's text element; the span excludes backticks and `${`.
   * - `expression`: an unknown expression (dynamic part), or a number literal.
   * - `synthetic`: text that is not in the source (a `/` added by `path.join`, a query string built
   *   by `querystring.stringify`); the span is the producing call. Never edit it as text.
   */
  node: 'literal' | 'quasi' | 'expression' | 'synthetic';
  span: Span;
  /** The file the span is in (the analysed file or an absolute path of an imported module). */
  file: string;
  /** Names followed to get here, outermost first: `['TICKETS']`, `['config.baseUrl']`, `['ticketUrl()']`. */
  via?: string[];
  /**
   * The literal is the whole value of the innermost name followed (`const SCHEME = 'http://'`): other
   * code that reads that name shares it. Unset for a literal that is one operand of the URL's own
   * concatenation (`var fdUrl = 'http://' + KEY + ':X@' + HOST + '/helpdesk/tickets.json'`).
   */
  whole?: boolean;
  /** `text` is the literal passed through `encodeURIComponent` (as sent), not the source text. */
  encoded?: boolean;
  /**
   * An `encoded` literal that can be taken out of the source whole: the text before the one value
   * an encode call gets (`encodeURIComponent('email is ' + x)`, `` escape(`email is ${x}`) ``), so
   * dropping it leaves the call around the value alone. Reached inline or through a name read only
   * there and never written again; unset when other code reads that text (see `dropsEncodedPrefix`).
   */
  encodedPrefix?: boolean;
  /**
   * On the synthetic `?state=all&page={page}` part of a query object written at the call (`params:
   * { state: 'all', page }`): its keys, in order, when each property can be changed by itself
   * (query-options.ts). Unset for an object read from a name, or with spreads or computed keys.
   */
  queryObject?: { keys: string[] };
}

export interface UrlInfo {
  /** The whole resolved string: `{base}/helpdesk/tickets/{id}/assign.json?responder_id={agentId}`. */
  pattern: string;
  /** The v1 path as matched (no origin, query or format suffix): `/helpdesk/tickets/{id}/assign`. */
  path: string;
  /** The matched rule's template: `/helpdesk/tickets/:id/assign`. */
  template: string;
  /** Path parameters as the catalogue read them (`{ id: '{id}' }`). */
  params: Record<string, string>;
  /** Query parameters, placeholders kept (`{ responder_id: '{agentId}' }`). */
  query: Record<string, string>;
  /** `.json`/`.xml` suffix or `format=` query; null when neither. */
  format: 'json' | 'xml' | null;
  /** The URL uses http:// (v2 is https only). */
  insecure: boolean;
  /** Scheme and host when present in the string (`https://{domain}.freshdesk.com`). */
  origin?: string;
  /** The URL expression at the site (call argument, option value, or the string itself). */
  span: Span;
  parts: StringPart[];
}

export interface CallInfo {
  /** The call expression (or `new` expression). */
  span: Span;
  /** The keys of a body written here as an object literal (`{ helpdesk: { tags } }`), when every key is plain. */
  bodyKeys?: string[];
  /** Reads of the v1 payload this call sends, before it is sent (`data.helpdesk_ticket.email` in a validator): line and keys. */
  bodyReads?: Array<{ line: number; keys: string }>;
  /** The enclosing statement, for inserting a marker comment above it. */
  statement: Span;
  /** Callee text as written: `axios.post`, `client.request.get`, `$.ajax`, `api`. */
  callee: string;
  calleeSpan: Span;
  client: ClientKind;
  /** For `wrapper` calls: the client used inside the wrapper function. */
  innerClient?: ClientKind;
  /**
   * For `wrapper` calls: the files of the repo functions the request goes through, outermost first
   * (the analysed file as passed, other modules absolute). Their 403 throttling checks are reported
   * as `rate-limit` sites of this analysis (with `file` set to that module).
   */
  wrapperFiles?: string[];
  /** The line of a query option whose keys are not all written where it is (see callInfo). */
  queryUnknown?: number;
  /** For `wrapper` calls: the spans of the chain's functions that are in the analysed module. */
  wrapperFunctions?: Span[];
  /**
   * The module of the client instance the call goes through, when that module makes several
   * (`fd` and `gh` from `./http`): its 403 checks may be another instance's, so they keep the
   * call on v1 rather than move with it.
   */
  sharedInstanceFile?: string;
  /** Spans of the call's arguments in order. */
  args: Span[];
  /** The options/config object when the URL or method is a property of one. */
  options?: Span;
  /** The request body expression when recognisable (data arg, `body:`/`json:`/`data:`/`payload:`, `.send(x)`). */
  body?: Span;
  /** The property holding the body, e.g. `body` for `{ body: JSON.stringify(x) }`. */
  bodyProperty?: string;
  /** The body was passed through `JSON.stringify(...)`. */
  bodyStringified?: boolean;
  /** The body goes out form-encoded (see CallShape.formEncoded, or built with `qs.stringify`, `URLSearchParams`). */
  bodyFormEncoded?: boolean;
  /** The request goes out as a POST with its method in a header (see CallShape.methodOverride). */
  methodOverride?: boolean;
  /** The argument position where the client takes the body, given or not (`axios.put(url, data)` → 1). */
  dataArg?: number;
  /**
   * Where the response leaves the code the analysis follows (a callback handed in by the caller, a
   * return to callers not in the module): code there may read v1 shapes and statuses.
   */
  escapes?: string[];
  /**
   * Nothing holds the answer: the call is a statement of its own, and no code reads what its
   * callbacks take (`(err) => …`, or `(err, res, body)` with `res` and `body` never read). A v1 read
   * elsewhere in the module cannot be of this call.
   */
  answerDiscarded?: boolean;
  /** The URL can be written out whole at the call (see ./url-at-call.ts). */
  urlAtCall?: boolean;
  /**
   * Code of the module other than the requests the analysis sees reads the v1 text of this URL
   * through a shared constant or helper (`queue.push({ href: ticketUrl(id) })`): where, as
   * `"ticketUrl(id) at line 9"` (see ./url-at-call.ts `unseenUrlReader`). The shared text cannot
   * change: the URL is written out at the call, or the call stays on v1.
   */
  urlReadElsewhere?: string;
  /**
   * The payload is written outside the call and read by other code too (`CLOSE` sent by two PUTs,
   * a payload also posted to an audit service): where, as `"CLOSE at line 13"`. Unwrapping it for
   * this call would change it there: the call stays on v1.
   */
  bodyReadElsewhere?: string;
  /** Lines where the payload literal is declared with a type (`const body: NewTicketBody = …`): it says v1 after the rewrite. */
  bodyTypes?: number[];
  /**
   * Nothing shows the request goes to the helpdesk: no host or base in its URL, a path other APIs
   * have too (`/groups/{id}.xml`), and no name of the helpdesk or path only v1 has in the module.
   */
  helpdeskUnseen?: boolean;
  /**
   * Returns of the response (or of the resource inside it) from a function nobody in the module
   * calls: its callers are elsewhere. A tool that sees those callers (the codemod, when a module of
   * its run imports this one) follows the value there instead; otherwise they are escapes too.
   */
  returnEscapes?: string[];
  /**
   * Where the response goes to the code's own callers, who are not in the module: a callback
   * parameter of a function nobody here calls (`getTicket(id, cb)` → `cb(null, body)`), or a route
   * handler's reply (`res.json(body)`) to the service's HTTP clients. Escapes too (they are also in
   * `escapes`); with `callers: 'v2'` (the callers take v2 shapes) they do not block the call.
   */
  callerEscapes?: string[];
  /**
   * The resource is handed to a callback parameter of an exported function (`cb(null,
   * body.group)`): the codemod follows it into the modules that import this one, so the audit
   * reads them too before it calls the call auto-fixable (file-analysis.ts, the importers' pass).
   */
  answersImporters?: boolean;
  /** The body is a parameter of the function making the call, given by callers not in the module (see callersUnseen). */
  bodyFromCallers?: boolean;
  /** Lines of JSON schemas the module declares with v1 keys of this call's answer (see find-answer-declarations.ts). */
  answerSchemas?: number[];
  /** Lines of types declared where the call is made: its type argument, the function's return type, assertions, JSDoc (see find-answer-declarations.ts). */
  answerTypes?: number[];
  /**
   * Status tests of the response inside a function other code calls too (`ok()` of a create and a
   * view, see `sharedTestFunction`): a v2 status change cannot be written there for this call alone.
   */
  sharedStatusTests?: string[];
  /**
   * Lines where the call's status is used in a way no rewrite can make right for the v2 status
   * (`statusUses`: copied and compared with a variable, handed on, its text compared with 'OK'),
   * or where the body of a call v2 answers with 204 and no body is parsed (`JSON.parse(body)`).
   */
  statusUnclear?: number[];
  /**
   * Status predicates the request is sent with that refuse the v2 status (axios' `validateStatus`,
   * see find-status-predicates.ts); `literal` is the v1 status of a plain equality in the call's own
   * config, which the codemod rewrites with the call; `file` when another module writes it (the
   * module that makes the instance the call goes through).
   */
  statusPredicates?: Array<{ line: number; file?: string; literal?: Span }>;
  /**
   * Status predicates of the call that let 403 through and not 429: the door of a 403 throttling
   * branch, which v2 answers with 429 (the branch moves to 429 with the call; this must too).
   * `file` as for `statusPredicates`.
   */
  throttlePredicates?: Array<{ line: number; file?: string }>;
  /**
   * Code the client runs on every answer that looks inside the body (a response interceptor,
   * `transformResponse`, an `afterResponse` hook; see find-answer-hooks.ts): it reads the v1 shape
   * for every call through that client.
   */
  answerHooks?: Array<{ file: string; line: number; what: string }>;
  /** The client resolves every 2xx answer (Angular's HttpClient, `this.http` typed so): see `takesV2Status`. */
  resolvesEvery2xx?: boolean;
  /** Lines where the function making the call (or the module, for a top-level call) reads the v1 error body (`….errors.error`). */
  errorBodyReads?: number[];
  /** For `wrapper` calls: HTTP statuses the repo functions it goes through compare against. */
  wrapperStatuses?: number[];
  /**
   * For `wrapper` calls: the body the repo function builds itself (`put(path, fields) { return
   * axios.put(url, { helpdesk_ticket: fields }) }`), not one the caller passes: other calls go
   * through that function too, so it is not this call's to rewrite.
   */
  wrapperBody?: Span;
}

export interface WrapperInfo {
  /** The wrapper key: `helpdesk_ticket`, `helpdesk_note`, `user`, ... */
  name: string;
  form: 'object-key' | 'shorthand' | 'member-assign' | 'json-string' | 'bracket-key' | 'computed-key';
  /** The key (identifier, string literal, computed expression, member property, or the bracket-key string). */
  keySpan: Span;
  /** The object literal holding the key, when there is one. */
  objectSpan?: Span;
  /** The wrapped value (inner object literal) when there is one. */
  valueSpan?: Span;
  /** For bracket keys: the full key, `helpdesk_ticket[custom_field][x_123]`. */
  key?: string;
  /** v1 field names inside the wrapper that change in v2 (from the catalogue's field mappings). */
  fields?: Array<{
    v1: string;
    v2: string | null;
    span: Span;
    literal?: boolean;
    /** How a dynamic value takes an inline conversion (see inlineValueForm in converters.ts). */
    inline?: 'string' | 'name' | 'other';
    /** Its keys are renamed in v2 (custom fields) and its value is no object the analysis can see (`custom_field: fields`). */
    opaqueKeys?: boolean;
    /** The v2 call refuses this field (400 invalid_field): `id`, `created_at`, a misspelt name. */
    refused?: boolean;
  }>;
  /** A write below the wrapper uses a field name computed at run time (`custom_field[FIELDS.x]`). */
  computedField?: boolean;
  /** The wrapped value is not an object literal the analysis can see (a parameter, a call result). */
  opaque?: boolean;
  /** The call whose body holds this wrapper, when it was found by following that body. */
  call?: { start: number; end: number; file: string };
  /** Other keys of the object literal that holds the wrapper key (`{ solution_category: {…}, tags: … }`). */
  siblings?: string[];
}

export interface ReadInfo {
  /** Property chain after the transport layer (`.data`, `.body`, `JSON.parse`), `[]` for an index: `['helpdesk_ticket', 'display_id']`. */
  chain: string[];
  /** Each v1-only step that changes in v2, with the v2 name (null = no v2 field). */
  fields: Array<{ v1: string; v2: string | null; span: Span; reason?: string; fidelity?: Fidelity; reshaped?: boolean }>;
  /** The identifier the chain starts from. */
  root: string;
  /** The value was traced back to a v1 call's response (otherwise: recognised by its shape alone). */
  traced: boolean;
  /** The call the response comes from, when traced (its `call.span`; `file` always set). */
  call?: { start: number; end: number; file: string };
  /**
   * Recognised by shape in a callback handed to the call that sends a v1 URL of this rule (the
   * rule is that URL's, not a guess among the rules of the file).
   */
  besideUrl?: boolean;
}

export interface Site {
  kind: SiteKind;
  /** Main span: the URL expression (call/url), the wrapper key, the member expression, the 403 literal, the XML parse call. */
  span: Span;
  /** The file of `span` (absolute when it is another module than the analysed one). */
  file: string;
  /** Best catalogue rule id (`tickets.assign`), or a cross-cutting id (`transport.rate-limit`, `transport.xml`). */
  rule: string | null;
  /** Every candidate rule (several when the method is not known). */
  rules: string[];
  /** v1 method, when known. */
  method: HttpMethod | null;
  /** How the method was found. */
  methodSource: 'callee' | 'option' | 'argument' | 'default' | 'sibling' | 'rule' | null;
  /** Where the method is written (string literal, or the callee property `post`), for the codemod. */
  methodSpan?: Span;
  url?: UrlInfo;
  call?: CallInfo;
  wrapper?: WrapperInfo;
  read?: ReadInfo;
  /** The site is inside a comment (commented-out code). */
  inComment?: boolean;
  /** One line saying what was recognised. */
  message: string;
  /** The site's shape is simple enough for a mechanical rewrite (e.g. `status === 403`). */
  fixable?: boolean;
  /**
   * The code's method (`method`) is no v1 operation on the path (a PUT to `/contacts.json`): `rule`
   * is the path's, not a plan to follow; the advice says so (the non-JavaScript audits set it).
   */
  noSuchOperation?: boolean;
  /**
   * A 403 check on the error of the call with this URL span, whose code says nothing of throttling
   * or of access (see find-rate-limits.ts): a human decides what it means; it serves that call alone.
   */
  errorOf?: { start: number; end: number };
  /**
   * A 403 check inside a function of another module (`isThrottled(err)` of ./http-utils) that the
   * calls of this file use to wait and retry: it serves those calls (not the calls of its own file).
   */
  helperOf?: { name: string; usedFrom: string };
  /** Fidelity of the matched rule (or of the cross-cutting fact). */
  fidelity?: Fidelity | null;
  /** For requests: the host the code names (URL origin, options `host`, a config entry's base URL). */
  host?: string;
}

export interface AnalyzeResult {
  sites: Site[];
  /** Set when the file could not be parsed; `sites` is then empty. */
  parseError?: { message: string; line?: number; column?: number };
  /** Parser used (`babel`, `ts`, `tsx`, `babylon`). */
  parser?: string;
  /** `@hdmigrate-todo(rule)` / `@hdmigrate-ignore(rule)` markers found in comments. */
  markers: Marker[];
  /** Relative modules this file imports (absolute paths), for candidate expansion and caching. */
  imports: string[];
  /** What this module's exported functions hand to their importers (only with `AnalyzeOptions.exportFlows`). */
  exportedFlows?: ExportedFlows;
}

/**
 * A module's exported response flows, for the analysis of a module that imports it: the responses
 * its exported functions return or call back with are followed there, and what is read of them
 * there is charged to this module's calls. In memory only (not serialisable).
 */
export interface ExportedFlows {
  /** The module's file (as passed to `analyzeSource`). */
  file: string;
  summary: FlowSummary;
  /** The call a taint of the summary comes from (`Taint.tx`): this module's own `CallInfo`, so escapes found by an importer land on it. */
  callOf(tx: string): CallInfo | undefined;
}

export interface Marker {
  type: 'todo' | 'ignore';
  rule: string;
  text: string;
  span: Span;
}
