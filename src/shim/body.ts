/**
 * Reading a v1 request body the way the v1 Rails app did: JSON, XML (`.xml` clients), multipart
 * with files and url-encoded forms (bracket keys nested like Rails params). Files are replaced by
 * tokens in the parsed body so they travel through the catalogue's lenses; the v2 call turns the
 * tokens back into files (see toV2Form).
 */
import { randomBytes } from 'node:crypto';
import { parseBracketFields } from '../catalogue/form.ts';
import { ShimInputError } from './errors.ts';
import { parseXml } from './xml.ts';

export interface UploadedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface ParsedBody {
  /** the nested v1 body, or undefined when there was none */
  body: unknown;
  /** files of a multipart body, by the token that stands for them in `body` */
  files: Map<string, UploadedFile>;
  /** what the client sent: for the error messages */
  kind: 'none' | 'json' | 'xml' | 'multipart' | 'form';
}

/** Body limits: all attachments of a request together (the v2 limit), and every other body. */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
export const MAX_PLAIN_BODY_BYTES = 2 * 1024 * 1024;
/** multipart framing and form fields beside the files */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The most bytes a body of this content type may have. */
export function bodyLimit(contentType: string | undefined): number {
  return mediaType(contentType) === 'multipart/form-data' ? MAX_ATTACHMENT_BYTES + MULTIPART_OVERHEAD_BYTES : MAX_PLAIN_BODY_BYTES;
}

export async function parseBody(contentType: string | undefined, bytes: Uint8Array): Promise<ParsedBody> {
  const files = new Map<string, UploadedFile>();
  const type = mediaType(contentType);
  const text = () => {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new ShimInputError(400, 'the body is not valid UTF-8');
    }
  };
  if (bytes.length === 0) return { body: undefined, files, kind: 'none' };
  if (type === 'application/json' || type === '' || type.endsWith('+json')) {
    const t = text();
    if (t.trim() === '') return { body: undefined, files, kind: 'none' };
    try {
      return { body: JSON.parse(t), files, kind: 'json' };
    } catch (e) {
      if (type === '') throw new ShimInputError(415, 'the body has no Content-Type; send application/json, application/xml or multipart/form-data');
      throw new ShimInputError(400, `the body is not valid JSON: ${(e as Error).message}`);
    }
  }
  if (type === 'application/xml' || type === 'text/xml') return { body: parseXml(text()), files, kind: 'xml' };
  if (type === 'application/x-www-form-urlencoded') {
    return { body: parseBracketFields(new URLSearchParams(text()).entries()), files, kind: 'form' };
  }
  if (type === 'multipart/form-data') {
    let form: FormData;
    try {
      // a copy of exactly these bytes: a Buffer may be a view into a larger pooled ArrayBuffer
      const copy = new Uint8Array(bytes).buffer as ArrayBuffer;
      form = await new Response(copy, { headers: { 'content-type': contentType! } }).formData();
    } catch {
      throw new ShimInputError(400, 'the body is not valid multipart/form-data (check the boundary)');
    }
    const prefix = `\u0000file:${randomBytes(6).toString('hex')}:`;
    const entries: [string, unknown][] = [];
    let total = 0;
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') {
        entries.push([name, value]);
        continue;
      }
      const file = value as File;
      const data = new Uint8Array(await file.arrayBuffer());
      total += data.length;
      if (total > MAX_ATTACHMENT_BYTES) throw new ShimInputError(413, 'the attachments exceed 20 MB in all (the v2 limit)');
      const token = `${prefix}${files.size}`;
      files.set(token, { name: file.name || 'attachment', type: file.type || 'application/octet-stream', bytes: data });
      entries.push([name, token]);
    }
    return { body: parseBracketFields(entries), files, kind: 'multipart' };
  }
  throw new ShimInputError(415, `unsupported Content-Type ${type}: v1 takes application/json, application/xml, multipart/form-data or a form`);
}

/**
 * A v2 call body with files as multipart form fields the way v2 reads them: arrays as repeated
 * `key[]`, objects as `key[sub]`, files (tokens) as file parts.
 */
export function toV2Form(body: Record<string, unknown>, files: Map<string, UploadedFile>): FormData {
  const form = new FormData();
  const add = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (typeof value === 'string' && files.has(value)) {
      const f = files.get(value)!;
      form.append(key, new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: f.type }), f.name);
    } else if (Array.isArray(value)) {
      for (const v of value) add(`${key}[]`, v);
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    } else {
      form.append(key, value === null ? '' : String(value));
    }
  };
  for (const [k, v] of Object.entries(body)) add(k, v);
  return form;
}

/** Does this v2 body carry any file token? */
export function hasFiles(body: unknown, files: Map<string, UploadedFile>): boolean {
  if (files.size === 0 || body === null || body === undefined) return false;
  if (typeof body === 'string') return files.has(body);
  if (Array.isArray(body)) return body.some((v) => hasFiles(v, files));
  if (typeof body === 'object') return Object.values(body).some((v) => hasFiles(v, files));
  return false;
}
