/**
 * Cross-cutting facts that hold for every operation: scheme, formats, authentication, status codes,
 * errors and rate limits. The shim, the codemod and the verifier read these instead of hard-coding them.
 */

export interface RateLimitSignal {
  /** Status the API answers when the budget is exhausted. */
  status: number;
  /** Headers sent with it or on every response. */
  headers: string[];
  budget: string;
}

export const TRANSPORT = {
  v2Prefix: '/api/v2',
  scheme: {
    v1: 'http or https (http when the account disabled SSL)',
    v2: 'https only; plain http is refused with ssl_required',
  },
  formats: {
    v1: ['json', 'xml'],
    v2: ['json'],
    /** v2 answers these when it is sent XML or asked for XML. */
    xmlRefusal: { contentType: 415, accept: 406 },
  },
  auth: 'HTTP Basic in both: API key as user name with any password, or login and password (v2: documented only in an earlier variant)',
  rateLimit: {
    v1: { status: 403, headers: ['Retry-After'], budget: '1000 calls per hour' } satisfies RateLimitSignal,
    v2: {
      status: 429,
      headers: ['Retry-After', 'X-RateLimit-Total', 'X-RateLimit-Remaining', 'X-RateLimit-Used-CurrentRequest'],
      budget: 'per minute by plan (trial 50, then 200/400/700), with sub-limits for ticket create/update/list and contacts list',
    } satisfies RateLimitSignal,
    /** In v2 a 403 means access denied: never retry it. */
    v2ForbiddenMeans: 'access denied (never retry)',
  },
  /** v2 error status → what a v1 client expects. */
  errorStatus: { 400: 400, 401: 401, 403: 403, 404: 404, 405: 405, 406: 406, 409: 422, 415: 415, 429: 403, 500: 500 } as Record<number, number>,
  /** v2 error codes with the v1-era meaning, for messages. */
  errorCodes: [
    'missing_field', 'invalid_value', 'duplicate_value', 'datatype_mismatch', 'invalid_field', 'invalid_json',
    'invalid_credentials', 'access_denied', 'require_feature', 'account_suspended', 'ssl_required', 'readonly_field',
    'inconsistent_state', 'max_agents_reached', 'password_lockout', 'password_expired', 'no_content_required',
    'inaccessible_field', 'incompatible_field',
  ],
  versionHeader: 'X-<service>-Api-Version: latest=v2; requested=v2',
  /**
   * The body of an error answer. v1 (the service's own shape; spec 001 shows none): its message
   * under `errors.error`, which code reads as `….errors.error`; v2 (spec 000): a description and a
   * list of field errors, so such a read gives undefined.
   */
  errorBody: {
    v1: '{ "errors": { "error": "<message>" } }',
    v1Read: ['errors', 'error'],
    v2: '{ "description": "…", "errors": [{ "field", "message", "code" }] }',
  },
  pagination: { v1PerPage: 30, v2DefaultPerPage: 30, v2MaxPerPage: 100, v2NextPageHeader: 'link (rel="next")' },
} as const;
