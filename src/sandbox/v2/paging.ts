/**
 * v2 pagination (spec 000 "Pagination"): `page` from 1, `per_page` default 30 and at most 100
 * (above → 400), and a `link: <…>; rel="next"` header while more items remain, absent on the last page.
 */
import { LIMITS } from '../constants.ts';
import type { Ctx, Reply } from '../context.ts';
import { V2Error } from '../errors.ts';

export const PAGING_PARAMS = ['page', 'per_page'] as const;

export interface PageRequest {
  page: number;
  perPage: number;
}

export function pageRequest(query: URLSearchParams, maxPage: number = LIMITS.maxListPage): PageRequest {
  const errors = [];
  let page = 1;
  let perPage: number = LIMITS.perPageDefault;
  const rawPage = query.get('page');
  if (rawPage !== null) {
    if (!/^\d{1,9}$/.test(rawPage) || Number(rawPage) < 1) {
      errors.push({ field: 'page', code: 'datatype_mismatch', message: `Value set is of type String.It should be a/an Positive Integer` });
    } else if (Number(rawPage) > maxPage) {
      errors.push({ field: 'page', code: 'invalid_value', message: `It should be a Positive Integer less than or equal to ${maxPage}` });
    } else page = Number(rawPage);
  }
  const rawPerPage = query.get('per_page');
  if (rawPerPage !== null) {
    if (!/^\d{1,9}$/.test(rawPerPage) || Number(rawPerPage) < 1) {
      errors.push({ field: 'per_page', code: 'datatype_mismatch', message: `Value set is of type String.It should be a/an Positive Integer` });
    } else if (Number(rawPerPage) > LIMITS.perPageMax) {
      errors.push({ field: 'per_page', code: 'invalid_value', message: `It should be a Positive Integer less than or equal to ${LIMITS.perPageMax}` });
    } else perPage = Number(rawPerPage);
  }
  if (errors.length > 0) throw new V2Error(400, 'Validation failed', errors);
  return { page, perPage };
}

/** The URL of the same request with `page` replaced, for the link header. */
export function pageUrl(ctx: Ctx, page: number): string {
  const query = new URLSearchParams(ctx.query);
  query.set('page', String(page));
  return `${ctx.baseUrl}${ctx.path}?${query.toString()}`;
}

/** Slices one page and adds the link header when another page follows. */
export function paged<T>(ctx: Ctx, items: T[], present: (item: T) => unknown, request = pageRequest(ctx.query)): Reply {
  const start = (request.page - 1) * request.perPage;
  const slice = items.slice(start, start + request.perPage);
  const headers: Record<string, string> = {};
  if (start + request.perPage < items.length) headers.link = `<${pageUrl(ctx, request.page + 1)}>; rel="next"`;
  return { status: 200, body: slice.map(present), headers };
}
