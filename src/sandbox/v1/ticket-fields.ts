/**
 * v1 ticket fields (`/ticket_fields.json`, each item `{ticket_field}`).
 */
import type { Ctx, Reply } from '../context.ts';
import { ticketFieldV1 } from './present.ts';

export function ticketFieldsV1(ctx: Ctx): Reply {
  return { status: 200, body: ctx.store.ticketFields.all().map((f) => ticketFieldV1(ctx.store, f)), xmlRoot: 'helpdesk_ticket_fields' };
}
