import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { V2Error } from '../../src/sandbox/errors.ts';
import * as tickets from '../../src/sandbox/v2/schemas/tickets.ts';
import { checkBody, checkValue, type Schema } from '../../src/sandbox/v2/validate.ts';

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../../src/sandbox/v2/schemas');

function errorsOf(fn: () => unknown): unknown[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof V2Error) return e.errors;
    throw e;
  }
  throw new Error('no validation error');
}

/** every request body schema exported by a family file, nested ones (translations) included */
function bodies(value: unknown, name: string, out: [string, Schema][] = []): [string, Schema][] {
  if (typeof value !== 'object' || value === null) return out;
  const schema = value as Schema;
  if (schema.type === 'object' && schema.properties) out.push([name, schema]);
  else if (!('type' in schema) && !('description' in schema)) for (const [k, v] of Object.entries(schema)) bodies(v, `${name}.${k}`, out);
  return out;
}

describe('v2 request schemas', () => {
  it('document every body and every field, and an empty body misses exactly the required fields', async () => {
    const files = readdirSync(SCHEMA_DIR).filter((f) => f !== 'fields.ts');
    expect(files).toEqual(expect.arrayContaining(['tickets.ts', 'contacts.ts', 'companies.ts', 'groups.ts', 'time-entries.ts', 'notes.ts', 'solutions.ts', 'discussions.ts']));
    let count = 0;
    for (const file of files) {
      const mod = (await import(path.join(SCHEMA_DIR, file))) as Record<string, unknown>;
      for (const [name, schema] of bodies(mod, file)) {
        count++;
        expect(schema.description, name).toMatch(/\w/);
        expect(schema.additionalProperties, name).toBe(false);
        for (const [field, fieldSchema] of Object.entries(schema.properties as Record<string, Schema>)) expect(fieldSchema.description, `${name} ${field}`).toMatch(/\w/);
        const required = (schema.required as string[] | undefined) ?? [];
        const errors = required.length > 0 ? errorsOf(() => checkBody({}, schema, { form: false })) : [];
        expect(errors, name).toEqual(required.map((field) => ({ field, code: 'missing_field', message: 'Mandatory attribute missing' })));
      }
    }
    expect(count).toBeGreaterThan(30);
  });

  it('reports one error per field, in the order sent, missing fields last', () => {
    const errors = errorsOf(() => checkBody({ tags: ['ok', 7, 'x'.repeat(40)], priority: 'high', foo: 1, subject: 'x'.repeat(256) }, tickets.outboundEmail, { form: false }));
    expect(errors).toEqual([
      { field: 'tags', code: 'datatype_mismatch', message: 'It should contain elements of type String only' },
      { field: 'priority', code: 'datatype_mismatch', message: 'Value set is of type String.It should be a/an Integer' },
      { field: 'foo', code: 'invalid_field', message: 'Unexpected/invalid field in request' },
      { field: 'subject', code: 'invalid_value', message: 'Has 256 characters, it can have maximum of 255 characters' },
      { field: 'email', code: 'missing_field', message: 'Mandatory attribute missing' },
    ]);
  });

  it('takes every date-time form the service takes, fractional seconds included', () => {
    for (const due of ['2027-01-02', '2027-01-02T00:00:00Z', '2027-01-02T00:00:00.000Z', '2027-01-02T05:30:00.5+05:30']) {
      expect(checkBody({ due_by: due }, tickets.ticketUpdate, { form: false }), due).toEqual({ due_by: due });
    }
    expect(errorsOf(() => checkBody({ due_by: '02/01/2027' }, tickets.ticketUpdate, { form: false }))).toEqual([
      { field: 'due_by', code: 'invalid_value', message: "It should be in the 'valid date time' format" },
    ]);
  });

  it('coerces numbers and booleans in form bodies only, without touching the request', () => {
    const form = { status: '3', responder_id: '5', tags: ['a'] };
    expect(checkBody(form, tickets.ticketUpdate, { form: true })).toEqual({ status: 3, responder_id: 5, tags: ['a'] });
    expect(form.status).toBe('3');
    expect(errorsOf(() => checkBody({ status: '3' }, tickets.ticketUpdate, { form: false }))).toEqual([
      { field: 'status', code: 'datatype_mismatch', message: 'Value set is of type String.It should be a/an Integer' },
    ]);
    const errors: unknown[] = [];
    expect(checkValue('cf_done', tickets.customFieldValue.checkbox, 'true', true, [])).toBe(true);
    expect(checkValue('cf_done', tickets.customFieldValue.checkbox, 'true', false, errors as never)).toBeUndefined();
    expect(errors).toEqual([{ field: 'cf_done', code: 'datatype_mismatch', message: 'Value set is of type String.It should be a/an Boolean' }]);
  });
});
