/**
 * v1 was a Rails app: parameters arrived as strings from forms and XML, or typed from JSON, and
 * were coerced, not rejected. These helpers read a wrapped v1 payload the same lenient way and
 * raise 422 (`{errors:{error}}`) only where the legacy service validated.
 */
import { isPlainObject, isUploadedFile, type UploadedFile } from '../body.ts';
import type { Ctx } from '../context.ts';
import { V1Error } from '../errors.ts';
import { splitCommaList } from '../text.ts';

export type Params = Record<string, unknown>;

/** The object under a wrapper key (`helpdesk_ticket`, `user`, ...), or 422 when absent. */
export function wrapped(ctx: Ctx, key: string, required = true): Params {
  const body = isPlainObject(ctx.body) ? ctx.body : {};
  const inner = body[key];
  if (isPlainObject(inner)) return inner;
  if (required) throw new V1Error(422, `${key} is missing or not an object`);
  return {};
}

export function rootParams(ctx: Ctx): Params {
  return isPlainObject(ctx.body) ? ctx.body : {};
}

export function str(p: Params, key: string): string | undefined {
  const v = p[key];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** A present-but-blank value clears a field (Rails: "" becomes nil). */
export function strOrNull(p: Params, key: string): string | null | undefined {
  if (!(key in p)) return undefined;
  const v = str(p, key);
  return v === undefined || v === '' ? null : v;
}

export function int(p: Params, key: string, label = key): number | undefined {
  const v = p[key];
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n)) throw new V1Error(422, `${humanize(label)} is not a number`);
  return n;
}

export function bool(p: Params, key: string): boolean | undefined {
  const v = p[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (v === true || v === 1 || v === '1' || v === 'true' || v === 'yes') return true;
  if (v === false || v === 0 || v === '0' || v === 'false' || v === 'no') return false;
  throw new V1Error(422, `${humanize(key)} is invalid`);
}

/** "a, b" or ["a","b"] → ["a","b"] */
export function list(p: Params, key: string): string[] | undefined {
  const v = p[key];
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v)) return v.map((x) => String(x).trim()).filter((x) => x.length > 0);
  if (typeof v === 'string') return splitCommaList(v);
  if (typeof v === 'number') return [String(v)];
  throw new V1Error(422, `${humanize(key)} is invalid`);
}

/** Files under `attachments: [{resource: file}]`, the v1 multipart shape. */
export function attachmentFiles(p: Params): UploadedFile[] {
  const v = p.attachments;
  if (!Array.isArray(v)) return [];
  const out: UploadedFile[] = [];
  for (const item of v) {
    if (isUploadedFile(item)) out.push(item);
    else if (isPlainObject(item) && isUploadedFile(item.resource)) out.push(item.resource);
  }
  return out;
}

export function humanize(key: string): string {
  const words = key.replace(/_id$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
