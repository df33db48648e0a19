/**
 * v2 ticket fields (`?type=` filters by field type).
 */
import type { Ctx, Reply } from '../context.ts';
import { ticketFieldV2 } from './present.ts';
import { checkQuery } from './validate.ts';

// ---- ticket fields ----------------------------------------------------------------------------------

export function listTicketFieldsHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, ['type']);
  const type = ctx.query.get('type');
  const fields = ctx.store.ticketFields.all().map(ticketFieldV2);
  return { status: 200, body: type === null ? fields : fields.filter((f) => f.type === type) };
}
