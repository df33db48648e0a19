/**
 * Building blocks of the v2 request schemas: each returns plain JSON Schema (as ajv reads it) for
 * one kind of value the service takes, with its description. validate.ts turns what fails into
 * the service's codes: a wrong `type` (or an id below 1) is `datatype_mismatch`, `maxLength`,
 * `format` and `enum` are `invalid_value`, `required` is `missing_field`, and a property the schema
 * does not list is `invalid_field`.
 */
import type { Schema } from '../validate.ts';

const orNull = (type: string, nullable?: boolean) => (nullable ? [type, 'null'] : type);

interface Options {
  nullable?: boolean;
  maxLength?: number;
}

export const string = (description: string, o: Options = {}): Schema => ({ description, type: orNull('string', o.nullable), ...(o.maxLength ? { maxLength: o.maxLength } : {}) });

/** a string out of a fixed list */
export const choice = (description: string, values: readonly string[], o: Options = {}): Schema => ({
  description,
  type: orNull('string', o.nullable),
  enum: o.nullable ? [...values, null] : [...values],
});

export const integer = (description: string, values?: readonly number[], o: Options = {}): Schema => ({
  description,
  type: orNull('integer', o.nullable),
  ...(values ? { enum: o.nullable ? [...values, null] : [...values] } : {}),
});

/** the id of a record: an integer from 1 ("Positive Integer" in the service's messages) */
export const id = (description: string, o: Options = {}): Schema => ({ description, type: orNull('integer', o.nullable), minimum: 1 });

export const boolean = (description: string): Schema => ({ description, type: 'boolean' });

export const email = (description: string, o: Options = {}): Schema => ({ description, type: orNull('string', o.nullable), format: 'email' });

/** every form the service takes: `2027-01-02`, `2027-01-02T00:00:00Z`, with an offset, with fractional seconds */
export const dateTime = (description: string): Schema => ({ description, type: 'string', format: 'date-time' });

export const date = (description: string): Schema => ({ description, type: 'string', format: 'date' });

export const strings = (description: string, o: Options = {}): Schema => ({
  description,
  type: 'array',
  items: { type: 'string', ...(o.maxLength ? { maxLength: o.maxLength } : {}) },
});

export const emails = (description: string): Schema => ({ description, type: 'array', items: { type: 'string', format: 'email' } });

export const ids = (description: string): Schema => ({ description, type: 'array', items: { type: 'integer', minimum: 1 } });

/** a JSON object checked further by the handler (custom fields, nested notes) */
export const object = (description: string): Schema => ({ description, type: 'object' });

/** files of a multipart/form-data body (`attachments[]`) */
export const files = (description: string): Schema => ({ description, uploadedFiles: true });

/** taken as sent, not checked */
export const any = (description: string): Schema => ({ description });

/** A request body: the listed properties and no others. */
export const body = (description: string, properties: Record<string, Schema>, required: readonly string[] = []): Schema => ({
  description,
  type: 'object',
  properties,
  ...(required.length > 0 ? { required: [...required] } : {}),
  additionalProperties: false,
});

/** The same body with other required properties (create vs update). */
export const requiring = (schema: Schema, required: readonly string[], description = schema.description): Schema => ({
  ...schema,
  description,
  required: [...required],
});
