/**
 * v2 company fields.
 */
import type { Ctx, Reply } from '../context.ts';
import { customerFieldV2 } from './present.ts';
import { checkQuery } from './validate.ts';

export function listCompanyFieldsHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, []);
  return { status: 200, body: ctx.store.companyFields.all().map(customerFieldV2) };
}
