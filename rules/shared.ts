/**
 * Building blocks the rule files share: the v2 call builder and lenses that several resources use
 * (timestamps, attachments). Data, not logic: each export is a value the rule files compose.
 */
import type { HttpMethod, Lens, LensOp, V2Step } from '../src/catalogue/types.ts';

const SUCCESS: Record<HttpMethod, number> = { GET: 200, POST: 201, PUT: 200, DELETE: 204 };

/** A v2 call: defaults are the main call (it carries the translated request), 1 credit, the usual status. */
export function v2(method: HttpMethod, path: string, purpose: string, extra: Partial<V2Step> = {}): V2Step {
  return { method, path: `/api/v2${path}`, purpose, status: SUCCESS[method], cost: 1, carries: true, ...extra };
}

/** A lookup call made before the main one; it does not carry the request. */
export function lookup(method: HttpMethod, path: string, purpose: string, extra: Partial<V2Step> = {}): V2Step {
  return v2(method, path, purpose, { carries: false, ...extra });
}

/** v1 timestamps carry the account offset, v2 ones are UTC. */
export function timestamps(...fields: string[]): LensOp[] {
  return fields.map((path) => ({ op: 'convert', path, converter: 'offsetToUtc' }) as LensOp);
}

export const STANDARD_TIMESTAMPS = timestamps('created_at', 'updated_at');

/** Attachment metadata in responses. The spec says file_size; the 2020 server said size. */
export const attachmentLens: Lens = [
  { op: 'rename', from: 'content_content_type', to: 'content_type' },
  { op: 'rename', from: 'content_file_name', to: 'name' },
  { op: 'rename', from: 'content_file_size', to: 'file_size' },
  { op: 'alias', path: 'file_size', aliases: ['size'] },
  ...STANDARD_TIMESTAMPS,
];

/** Attachments: metadata objects in responses, uploaded files in (multipart) requests. */
export const attachmentsOps: LensOp[] = [
  { op: 'map', path: 'attachments', lens: attachmentLens, only: 'response' },
  { op: 'convert', path: 'attachments', converter: 'attachmentUploads', only: 'request' },
];

export const MULTIPART_NOTE =
  'multipart: v2 takes files as repeated attachments[] and the other fields as plain form fields without the wrapper prefix';
