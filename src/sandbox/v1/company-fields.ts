/**
 * v1 company fields (`/admin/company_fields.json`).
 */
import type { Ctx, Reply } from '../context.ts';
import { companyFieldV1 } from './present.ts';

export function companyFieldsV1(ctx: Ctx): Reply {
  return { status: 200, body: ctx.store.companyFields.all().map((f) => companyFieldV1(ctx.store, f)), xmlRoot: 'company_fields' };
}
