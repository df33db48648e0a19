/**
 * Request bodies: reading with a size cap, and parsing JSON, multipart/form-data, url-encoded
 * forms (Rails-style bracket keys, as v1 clients send them) and XML (v1 only, see xml.ts).
 * Every parser reports malformed input as a BodyError instead of throwing something generic, so
 * the server can answer with the API's error shape.
 */
import type { IncomingMessage } from 'node:http';

export class BodyError extends Error {
  constructor(
    readonly kind: 'invalid_json' | 'invalid_multipart' | 'invalid_xml' | 'too_large' | 'aborted',
    message: string,
  ) {
    super(message);
    this.name = 'BodyError';
  }
}

/** A file from a multipart body. Bytes are kept so attachment_url can serve them back. */
export interface UploadedFile {
  readonly kind: 'file';
  name: string;
  contentType: string;
  size: number;
  bytes: Uint8Array;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'file';
}

export interface RawBody {
  bytes: Buffer;
  /** the body was longer than the cap: bytes holds nothing, the rest was drained */
  tooLarge: boolean;
  size: number;
}

/**
 * Reads the body up to `maxBytes`. Past the cap it stops buffering and drains the rest (so the
 * client, which is still sending, gets the error response instead of a broken pipe); past
 * `drainBytes` it gives up and destroys the socket. The server's request timeout bounds slow bodies.
 */
export function readBody(req: IncomingMessage, maxBytes: number, drainBytes: number): Promise<RawBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > drainBytes) {
        req.destroy();
        reject(new BodyError('too_large', 'request body too large'));
        return;
      }
      if (size > maxBytes) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => resolve({ bytes: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge, size }));
    req.on('error', (err) => reject(new BodyError('aborted', err.message)));
    req.on('aborted', () => reject(new BodyError('aborted', 'client aborted the request')));
  });
}

export function parseJsonBody(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new BodyError('invalid_json', 'Request body has invalid json format');
  }
}

/** The media type of a Content-Type header, lowercased, without parameters. */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

type Entry = [string, string | UploadedFile];

/** multipart/form-data via the WHATWG Response parser that Node ships. */
export async function parseMultipart(bytes: Buffer, contentType: string): Promise<Entry[]> {
  let form: FormData;
  try {
    form = await new Response(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new BodyError('invalid_multipart', 'Request body is not valid multipart/form-data');
  }
  const entries: Entry[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      entries.push([name, value]);
    } else {
      const file = value as File;
      const data = new Uint8Array(await file.arrayBuffer());
      entries.push([name, { kind: 'file', name: file.name, contentType: file.type || 'application/octet-stream', size: data.length, bytes: data }]);
    }
  }
  return entries;
}

export function parseUrlEncoded(bytes: Buffer): Entry[] {
  return Array.from(new URLSearchParams(bytes.toString('utf8')).entries());
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** `a[b][][c]` → ['a', 'b', '', 'c'] */
function keySegments(key: string): string[] | null {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return null;
  const rest = m[2]!.match(/\[([^[\]]*)\]/g) ?? [];
  return [m[1]!, ...rest.map((s) => s.slice(1, -1))];
}

/**
 * Turns form entries into nested objects the way Rack does: `a[b]=1` → {a:{b:1}}, `a[]=1&a[]=2`
 * → {a:[1,2]}, and `a[][x]=1&a[][y]=2&a[][x]=3` → {a:[{x:1,y:2},{x:3}]} (a new element starts
 * when the key is already taken in the last one). This is how v1 multipart fields such as
 * `helpdesk_ticket[attachments][][resource]` and v2 ones such as `tags[]` arrive.
 */
export function nestParams(entries: Entry[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    const segments = keySegments(key);
    if (!segments || segments.some((s) => UNSAFE_KEYS.has(s))) continue;
    assign(root, segments, value);
  }
  return root;
}

function assign(container: Record<string, unknown>, segments: string[], value: unknown): void {
  const [head, ...rest] = segments as [string, ...string[]];
  if (rest.length === 0) {
    container[head] = value;
    return;
  }
  const [next, ...after] = rest as [string, ...string[]];
  if (next === '') {
    const list = Array.isArray(container[head]) ? (container[head] as unknown[]) : (container[head] = []);
    if (after.length === 0) {
      (list as unknown[]).push(value);
      return;
    }
    const last = (list as unknown[])[(list as unknown[]).length - 1];
    const leaf = after[0]!;
    if (isPlainObject(last) && !(leaf in last)) {
      assign(last, after, value);
    } else {
      const fresh: Record<string, unknown> = {};
      (list as unknown[]).push(fresh);
      assign(fresh, after, value);
    }
    return;
  }
  const child = isPlainObject(container[head]) ? (container[head] as Record<string, unknown>) : (container[head] = {});
  assign(child as Record<string, unknown>, rest, value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isUploadedFile(value);
}
