/**
 * Errors a handler throws. The server turns them into the right wire shape per API:
 * - v2: `{ description, errors: [{ field?, message, code }] }` (spec 000 "Errors").
 * - v1: `{ errors: { error: "<message>" } }` (JSON) / `<errors><error>…</error></errors>` (XML), the
 *   service's own v1 shape for not-found and handled errors. Spec 001 shows no v1 error bodies
 *   other than the rate limit, so this is the sandbox's documented choice.
 */

export interface FieldError {
  /** only on 400s, as the spec says */
  field?: string;
  message: string;
  code: string;
}

export class V2Error extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly errors: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = 'V2Error';
  }
}

export const v2 = {
  validation: (errors: FieldError[]): V2Error => new V2Error(400, 'Validation failed', errors),
  field: (field: string, code: string, message: string): V2Error =>
    new V2Error(400, 'Validation failed', [{ field, message, code }]),
  notFound: (): V2Error => new V2Error(404, 'Resource not found', []),
  accessDenied: (message = 'You are not authorized to perform this action.'): V2Error =>
    new V2Error(403, 'Access denied', [{ message, code: 'access_denied' }]),
  methodNotAllowed: (message: string, allow?: string[]): V2Error =>
    new V2Error(405, 'Method not allowed', [{ message, code: 'method_not_allowed' }], allow ? { Allow: allow.join(', ') } : {}),
  conflict: (field: string, message: string): V2Error =>
    new V2Error(409, 'Validation failed', [{ field, message, code: 'duplicate_value' }]),
};

export class V1Error extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** a body other than `{errors:{error}}`, e.g. `{require_login:true}` */
    readonly body?: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'V1Error';
  }
}

export const v1 = {
  notFound: (): V1Error => new V1Error(404, 'Record Not Found'),
  invalid: (message: string): V1Error => new V1Error(422, message),
  badRequest: (message: string): V1Error => new V1Error(400, message),
  accessDenied: (): V1Error => new V1Error(403, 'Access denied', { access_denied: true }),
};
