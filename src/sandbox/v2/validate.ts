/**
 * v2 request validation: every field of a body is checked against a schema before anything is
 * written, all errors are collected (the service reports them together), and unknown fields are
 * `invalid_field` (spec 000 "Create a ticket" 7). Form-encoded bodies (multipart) carry strings,
 * so numbers and booleans are coerced there, and only there.
 */
import { isPlainObject, isUploadedFile, type UploadedFile } from '../body.ts';
import { V2Error, type FieldError } from '../errors.ts';
import { isEmail } from '../text.ts';
import { isPlainDate, parseDateInput } from '../time.ts';

export type Kind =
  | 'string'
  | 'integer'
  | 'id'
  | 'boolean'
  | 'strings'
  | 'ids'
  | 'emails'
  | 'email'
  | 'datetime'
  | 'date'
  | 'object'
  | 'files'
  | 'any';

export interface FieldRule {
  kind: Kind;
  oneOf?: readonly (string | number)[];
  nullable?: boolean;
  maxLength?: number;
}

export type Schema = Record<string, FieldRule>;

const TYPE_NAMES: Record<Kind, string> = {
  string: 'String',
  integer: 'Integer',
  id: 'Positive Integer',
  boolean: 'Boolean',
  strings: 'Array',
  ids: 'Array',
  emails: 'Array',
  email: 'String',
  datetime: 'String',
  date: 'String',
  object: 'key/value pair',
  files: 'valid file format',
  any: 'value',
};

function typeName(value: unknown): string {
  if (value === null) return 'Null';
  if (Array.isArray(value)) return 'Array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'Integer' : 'Float';
  if (typeof value === 'boolean') return 'Boolean';
  if (typeof value === 'string') return 'String';
  if (isUploadedFile(value)) return 'File';
  return 'key/value pair';
}

export function mismatch(field: string, expected: string, value: unknown): FieldError {
  return { field, code: 'datatype_mismatch', message: `Value set is of type ${typeName(value)}.It should be a/an ${expected}` };
}

export function invalidValue(field: string, message: string): FieldError {
  return { field, code: 'invalid_value', message };
}

export const missing = (field: string, message = 'It should be a/an String'): FieldError => ({ field, code: 'missing_field', message });

export const unexpected = (field: string): FieldError => ({ field, code: 'invalid_field', message: 'Unexpected/invalid field in request' });

function coerceFormScalar(kind: Kind, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (kind === 'integer' || kind === 'id') return /^-?\d+$/.test(value) ? Number(value) : value;
  if (kind === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

/** Checks one value; returns the (coerced) value or pushes an error. */
export function checkValue(field: string, rule: FieldRule, raw: unknown, form: boolean, errors: FieldError[]): unknown {
  if (raw === null) {
    if (rule.nullable) return null;
    errors.push(mismatch(field, TYPE_NAMES[rule.kind], raw));
    return undefined;
  }
  const value = form ? coerceFormScalar(rule.kind, raw) : raw;
  const fail = () => {
    errors.push(mismatch(field, TYPE_NAMES[rule.kind], value));
    return undefined;
  };
  switch (rule.kind) {
    case 'string':
    case 'email':
    case 'datetime':
    case 'date': {
      if (typeof value !== 'string') return fail();
      if (rule.maxLength !== undefined && value.length > rule.maxLength) {
        errors.push(invalidValue(field, `Has ${value.length} characters, it can have maximum of ${rule.maxLength} characters`));
        return undefined;
      }
      if (rule.kind === 'email' && !isEmail(value)) {
        errors.push(invalidValue(field, "It should be in the 'valid email address' format"));
        return undefined;
      }
      if (rule.kind === 'datetime' && parseDateInput(value) === null) {
        errors.push(invalidValue(field, "It should be in the 'valid date time' format"));
        return undefined;
      }
      if (rule.kind === 'date' && !isPlainDate(value)) {
        errors.push(invalidValue(field, "It should be in the 'yyyy-mm-dd' format"));
        return undefined;
      }
      break;
    }
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return fail();
      break;
    case 'id':
      if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) return fail();
      break;
    case 'boolean':
      if (typeof value !== 'boolean') return fail();
      break;
    case 'strings':
    case 'emails':
    case 'ids': {
      if (!Array.isArray(value)) return fail();
      const items = value.map((item) => (form && rule.kind === 'ids' ? coerceFormScalar('id', item) : item));
      for (const item of items) {
        if (rule.kind === 'ids' ? typeof item !== 'number' || !Number.isInteger(item) || item <= 0 : typeof item !== 'string') {
          errors.push({ field, code: 'datatype_mismatch', message: `It should contain elements of type ${rule.kind === 'ids' ? 'Positive Integer' : 'String'} only` });
          return undefined;
        }
        if (rule.kind === 'emails' && !isEmail(item as string)) {
          errors.push(invalidValue(field, `It should contain elements that are in the 'valid email address' format`));
          return undefined;
        }
        if (rule.maxLength !== undefined && typeof item === 'string' && item.length > rule.maxLength) {
          errors.push(invalidValue(field, `Each element can have maximum of ${rule.maxLength} characters`));
          return undefined;
        }
      }
      return items;
    }
    case 'object':
      if (!isPlainObject(value)) return fail();
      break;
    case 'files':
      if (!Array.isArray(value) || !value.every(isUploadedFile)) {
        errors.push({ field, code: 'datatype_mismatch', message: 'It should be an Array of files sent as multipart/form-data' });
        return undefined;
      }
      return value as UploadedFile[];
    case 'any':
      break;
  }
  if (rule.oneOf && !rule.oneOf.includes(value as string | number)) {
    errors.push(invalidValue(field, `It should be one of these values: '${rule.oneOf.join(',')}'`));
    return undefined;
  }
  return value;
}

/**
 * Validates a request body against a schema. Returns only the fields that were sent (coerced),
 * so callers can tell "absent" from "null". Throws 400 with every error found.
 */
export function checkBody(
  body: unknown,
  schema: Schema,
  options: { form: boolean; required?: string[]; extraErrors?: FieldError[] },
): Record<string, unknown> {
  if (body !== undefined && !isPlainObject(body)) {
    throw new V2Error(400, 'Validation failed', [{ field: '', code: 'invalid_json', message: 'Request body should be a JSON object' }]);
  }
  const input = (body ?? {}) as Record<string, unknown>;
  const errors: FieldError[] = [...(options.extraErrors ?? [])];
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(input)) {
    const rule = schema[key];
    if (!rule) {
      errors.push(unexpected(key));
      continue;
    }
    const value = checkValue(key, rule, raw, options.form, errors);
    if (value !== undefined) out[key] = value;
  }
  for (const key of options.required ?? []) {
    if (!(key in input)) errors.push(missing(key, 'Mandatory attribute missing'));
  }
  if (errors.length > 0) throw new V2Error(400, 'Validation failed', errors);
  return out;
}

/** A body must be empty (restore, unwatch): `no_content_required` otherwise. */
export function requireNoBody(body: unknown): void {
  if (body === undefined) return;
  if (isPlainObject(body) && Object.keys(body).length === 0) return;
  throw new V2Error(400, 'Validation failed', [{ field: '', code: 'no_content_required', message: 'No content should be sent in the request body' }]);
}

/**
 * Query parameters of list endpoints are validated like bodies: an unknown one (a leftover v1
 * `filter_name` or `wf_order`) is `invalid_field`.
 */
export function checkQuery(query: URLSearchParams, allowed: readonly string[]): void {
  const errors: FieldError[] = [];
  for (const key of new Set(query.keys())) {
    if (!allowed.includes(key)) errors.push(unexpected(key));
  }
  if (errors.length > 0) throw new V2Error(400, 'Validation failed', errors);
}

/** Strict integer parse of a query value; null when absent. Throws invalid_value otherwise. */
export function queryId(query: URLSearchParams, name: string): number | null {
  const raw = query.get(name);
  if (raw === null) return null;
  if (!/^\d{1,15}$/.test(raw) || Number(raw) <= 0) {
    throw new V2Error(400, 'Validation failed', [mismatch(name, 'Positive Integer', raw)]);
  }
  return Number(raw);
}

export function queryBoolean(query: URLSearchParams, name: string): boolean | null {
  const raw = query.get(name);
  if (raw === null) return null;
  if (raw !== 'true' && raw !== 'false') throw new V2Error(400, 'Validation failed', [mismatch(name, 'Boolean', raw)]);
  return raw === 'true';
}

export function queryDate(query: URLSearchParams, name: string): number | null {
  const raw = query.get(name);
  if (raw === null) return null;
  const ms = parseDateInput(raw);
  if (ms === null) throw new V2Error(400, 'Validation failed', [invalidValue(name, "It should be in the 'valid date time' format")]);
  return ms;
}
