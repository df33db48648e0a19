/**
 * v2 request validation: a body is checked against its JSON Schema (src/sandbox/v2/schemas/, one
 * file per resource family) by ajv before anything is written. All errors are collected (the
 * service reports them together), one per field, in the order the fields were sent, missing ones
 * last; unknown fields are `invalid_field` (spec 000 "Create a ticket" 7). Form-encoded bodies
 * (multipart) carry strings, so numbers and booleans are coerced there, and only there.
 *
 * ajv is loaded and each schema compiled on first use, once per process: starting a sandbox (the
 * tests start hundreds) costs nothing, and a request pays one compiled function call. What ajv
 * reports is turned into the service's own codes and messages here, in one place.
 */
import { createRequire } from 'node:module';
import type { Ajv as AjvInstance, AnySchemaObject, ErrorObject, ValidateFunction } from 'ajv';
import { isPlainObject, isUploadedFile } from '../body.ts';
import { V2Error, type FieldError } from '../errors.ts';
import { isEmail } from '../text.ts';
import { isPlainDate, parseDateInput } from '../time.ts';

/** A JSON Schema (as ajv reads it) of a request body or of one value; described, as documentation. */
export type Schema = AnySchemaObject & { description: string };

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

// ---- ajv, loaded and compiled lazily -----------------------------------------------------------------

const FORMAT_MESSAGES: Record<string, string> = {
  email: "It should be in the 'valid email address' format",
  'date-time': "It should be in the 'valid date time' format",
  date: "It should be in the 'yyyy-mm-dd' format",
};

const validators = { json: new WeakMap<Schema, ValidateFunction>(), form: new WeakMap<Schema, ValidateFunction>() };
const engines: { json?: AjvInstance; form?: AjvInstance } = {};

function createEngine(coerceTypes: boolean): AjvInstance {
  // ajv is CommonJS: a synchronous require keeps validation synchronous and the import lazy.
  const { Ajv } = createRequire(import.meta.url)('ajv') as typeof import('ajv');
  const ajv = new Ajv({
    allErrors: true,
    verbose: true, // errors carry the value and its schema: the service's messages need both
    coerceTypes,
    allowUnionTypes: true,
    formats: {
      // the service's own notions, shared with the v1 surface and the query parameters
      email: isEmail,
      'date-time': (text: string) => parseDateInput(text) !== null,
      date: isPlainDate,
    },
  });
  ajv.addKeyword({ keyword: 'uploadedFiles', schemaType: 'boolean', validate: (_: boolean, data: unknown) => Array.isArray(data) && data.every(isUploadedFile) });
  return ajv;
}

function compiled(schema: Schema, form: boolean): ValidateFunction {
  const mode = form ? 'form' : 'json';
  let validate = validators[mode].get(schema);
  if (!validate) {
    validate = (engines[mode] ??= createEngine(form)).compile(schema);
    validators[mode].set(schema, validate);
  }
  return validate;
}

function expectedType(schema: Schema): string {
  const type = ([] as string[]).concat(schema.type ?? []).find((t) => t !== 'null');
  if (type === 'integer') return schema.minimum === 1 ? 'Positive Integer' : 'Integer';
  return ({ string: 'String', boolean: 'Boolean', array: 'Array', object: 'key/value pair', number: 'Number' } as Record<string, string>)[type ?? ''] ?? 'value';
}

/** The service's error for one ajv error, and how early it is reported for its field. */
function fieldError(e: ErrorObject): { error: FieldError; rank: number } {
  const [name = '', element] = e.instancePath.split('/').slice(1);
  const inElement = element !== undefined;
  // a field gets one error: the first element's, and per value: type, then length, then format, then choice
  const rank = (inElement ? 1 + Number(element) : 0) * 10;
  const schema = e.parentSchema as Schema;
  switch (e.keyword) {
    case 'additionalProperties':
      return { error: unexpected(`${e.params.additionalProperty}`), rank };
    case 'required':
      return { error: missing(`${e.params.missingProperty}`, 'Mandatory attribute missing'), rank };
    case 'uploadedFiles':
      return { error: { field: name, code: 'datatype_mismatch', message: 'It should be an Array of files sent as multipart/form-data' }, rank };
    case 'type':
    case 'minimum':
      return {
        error: inElement
          ? { field: name, code: 'datatype_mismatch', message: `It should contain elements of type ${expectedType(schema)} only` }
          : mismatch(name, expectedType(schema), e.data),
        rank,
      };
    case 'maxLength': {
      const limit = e.params.limit as number;
      const message = inElement ? `Each element can have maximum of ${limit} characters` : `Has ${[...(e.data as string)].length} characters, it can have maximum of ${limit} characters` /* code points, as ajv counts */;
      return { error: invalidValue(name, message), rank: rank + (inElement ? 2 : 1) };
    }
    case 'format': {
      const message = inElement
        ? "It should contain elements that are in the 'valid email address' format" // emails: the only list with a format
        : (FORMAT_MESSAGES[e.params.format as string] ?? `It should be in the '${e.params.format}' format`);
      return { error: invalidValue(name, message), rank: rank + (inElement ? 1 : 2) };
    }
    case 'enum': {
      const values = (e.params.allowedValues as unknown[]).filter((v) => v !== null);
      return { error: invalidValue(name, `It should be one of these values: '${values.join(',')}'`), rank: rank + 3 };
    }
    default:
      return { error: invalidValue(name, e.message ?? 'It is not a valid value'), rank: rank + 4 };
  }
}

/** One error per field, in the order the fields were sent; missing fields last. */
function fieldErrors(errors: ErrorObject[], sent: string[]): FieldError[] {
  const best = new Map<string, { error: FieldError; rank: number }>();
  for (const e of errors) {
    const candidate = fieldError(e);
    const field = candidate.error.field ?? '';
    const held = best.get(field);
    if (!held || candidate.rank < held.rank) best.set(field, candidate);
  }
  const order = (field: string) => {
    const i = sent.indexOf(field);
    return i === -1 ? sent.length : i;
  };
  return [...best.entries()].sort((a, b) => order(a[0]) - order(b[0])).map(([, c]) => c.error);
}

/**
 * Validates a request body against its schema. Returns the fields that were sent (coerced in a
 * form body), so callers can tell "absent" from "null". Throws 400 with every error found.
 */
export function checkBody(body: unknown, schema: Schema, options: { form: boolean }): Record<string, unknown> {
  if (body !== undefined && !isPlainObject(body)) {
    throw new V2Error(400, 'Validation failed', [{ field: '', code: 'invalid_json', message: 'Request body should be a JSON object' }]);
  }
  const input: Record<string, unknown> = { ...(body as Record<string, unknown> | undefined) }; // coercion writes here, not into the request
  const validate = compiled(schema, options.form);
  if (!validate(input)) throw new V2Error(400, 'Validation failed', fieldErrors(validate.errors ?? [], Object.keys(input)));
  return input;
}

const wrappers = new WeakMap<Schema, Schema>();

/** Checks one value (a custom field) against a value schema; returns the (coerced) value or pushes an error. */
export function checkValue(field: string, schema: Schema, raw: unknown, form: boolean, errors: FieldError[]): unknown {
  let wrapper = wrappers.get(schema);
  if (!wrapper) wrappers.set(schema, (wrapper = { description: schema.description, type: 'object', properties: { value: schema } }));
  const input = { value: raw }; // a wrapper, because ajv coerces a value in its parent only
  const validate = compiled(wrapper, form);
  if (validate(input)) return input.value;
  errors.push(...fieldErrors(validate.errors ?? [], ['value']).map((e) => ({ ...e, field })));
  return undefined;
}

/** A body must be empty (restore, unwatch): `no_content_required` otherwise. */
export function requireNoBody(body: unknown): void {
  if (body === undefined) return;
  if (isPlainObject(body) && Object.keys(body).length === 0) return;
  throw new V2Error(400, 'Validation failed', [{ field: '', code: 'no_content_required', message: 'No content should be sent in the request body' }]);
}

// ---- query parameters: a handful of scalars per endpoint, checked by hand -------------------------------

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
