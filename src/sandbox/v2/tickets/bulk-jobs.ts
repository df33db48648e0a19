/**
 * v2 bulk update and bulk delete: run as background jobs that `GET /api/v2/jobs/[id]` shows.
 */
import type { Ctx, Reply } from '../../context.ts';
import { addConversation, supportEmailOf } from '../../domain/index.ts';
import { V2Error, v2, type FieldError } from '../../errors.ts';
import type { Job, JobItem, Scalar, Ticket } from '../../model.ts';
import { htmlToText } from '../../text.ts';
import { formatUtc, parseDateInput } from '../../time.ts';
import { checkBody, invalidValue, missing, type Schema } from '../validate.ts';
import * as schemas from '../schemas/tickets.ts';
import { checkCustomFields, checkReferences } from './checks.ts';
import { applyTicketFields } from './crud.ts';

// ---- bulk operations and jobs ---------------------------------------------------------------------

/** Reads `{ bulk_action: {...} }`, reporting errors under dotted field names. */
function bulkAction(ctx: Ctx, action: Schema): Record<string, unknown> {
  const outer = checkBody(ctx.body, schemas.bulkEnvelope, { form: false });
  const inner = checkBody(outer.bulk_action, action, { form: false });
  if (Array.isArray(inner.ids) && inner.ids.length === 0) throw v2.validation([invalidValue('ids', 'It should not be blank as this is a mandatory field')]);
  return inner;
}

function startJob(ctx: Ctx, action: Job['action'], ids: number[], apply: (ticket: Ticket, now: number) => void): Reply {
  const { store } = ctx;
  const now = ctx.now();
  const job: Job = { id: store.nextJobId(), action, status: 'IN PROGRESS', data: [], createdAt: now, updatedAt: now };
  store.jobs.set(job.id, job);
  // The work runs in the background, as in the service; the job view shows progress.
  ctx.services.schedule(() => {
    const at = ctx.now();
    const data: JobItem[] = ids.map((id) => {
      const ticket = store.tickets.get(id);
      if (!ticket) return { id, success: false, errors: [{ field: 'id', message: 'There is no ticket matching the given id', code: 'invalid_value' }] };
      if (ticket.deleted || ticket.spam) return { id, success: false, errors: [{ field: 'id', message: 'Deleted or spam tickets cannot be updated', code: 'invalid_value' }] };
      apply(ticket, at);
      ticket.updatedAt = at;
      return { id, success: true };
    });
    const ok = data.filter((d) => d.success).length;
    job.data = data;
    job.status = ok === data.length ? 'SUCCESS' : ok === 0 ? 'FAILED' : 'PARTIAL';
    job.updatedAt = at;
  }, ctx.services.jobDelayMs);
  return { status: 202, body: { job_id: job.id, href: `${ctx.baseUrl}/api/v2/jobs/${job.id}` } };
}

export function bulkUpdateHandler(ctx: Ctx): Reply {
  const { store } = ctx;
  const action = bulkAction(ctx, schemas.bulkUpdateAction);
  if (!action.properties && !action.reply) throw v2.validation([missing('properties', 'Please fill at least 1 of properties, reply fields')]);
  const errors: FieldError[] = [];
  let properties: Record<string, unknown> = {};
  let custom: Record<string, Scalar> = {};
  if (action.properties) {
    try {
      properties = checkBody(action.properties, schemas.bulkProperties, { form: false });
    } catch (e) {
      if (!(e instanceof V2Error)) throw e;
      errors.push(...e.errors);
    }
    if (properties.custom_fields) custom = checkCustomFields(store, properties.custom_fields as Record<string, unknown>, false, errors);
    checkReferences(store, properties, errors);
    if (typeof properties.requester_id === 'number' && !store.users.has(properties.requester_id)) {
      errors.push(invalidValue('requester_id', 'There is no contact matching the given requester_id'));
    }
  }
  let reply: Record<string, unknown> | null = null;
  if (action.reply) {
    try {
      reply = checkBody(action.reply, schemas.bulkReply, { form: false });
    } catch (e) {
      if (!(e instanceof V2Error)) throw e;
      errors.push(...e.errors);
    }
  }
  if (errors.length > 0) throw v2.validation(errors);
  const caller = ctx.caller;
  return startJob(ctx, 'bulk_update', action.ids as number[], (ticket, now) => {
    applyTicketFields(ticket, properties, now);
    if (typeof properties.requester_id === 'number') ticket.requesterId = properties.requester_id;
    if (typeof properties.due_by === 'string') ticket.dueBy = parseDateInput(properties.due_by) ?? ticket.dueBy;
    if (typeof properties.fr_due_by === 'string') ticket.frDueBy = parseDateInput(properties.fr_due_by) ?? ticket.frDueBy;
    if (typeof properties.email_config_id === 'number') ticket.emailConfigId = properties.email_config_id;
    if ('product_id' in properties) ticket.productId = properties.product_id as number | null;
    Object.assign(ticket.custom, custom);
    if (reply) {
      const body = reply.body as string;
      const requester = store.users.get(ticket.requesterId);
      addConversation(store, ticket, {
        userId: caller.id,
        bodyHtml: body,
        bodyText: htmlToText(body),
        source: 0,
        private: false,
        incoming: false,
        toEmails: requester?.email ? [requester.email] : [],
        fromEmail: (reply.from_email as string | undefined) ?? supportEmailOf(store, ticket),
        supportEmail: supportEmailOf(store, ticket),
      }, now);
    }
  });
}

export function bulkDeleteHandler(ctx: Ctx): Reply {
  const action = bulkAction(ctx, schemas.bulkDeleteAction);
  return startJob(ctx, 'bulk_delete', action.ids as number[], (ticket) => {
    ticket.deleted = true;
  });
}

export function viewJobHandler(ctx: Ctx): Reply {
  const job = ctx.store.jobs.get(ctx.params.id!);
  if (!job) throw v2.notFound();
  return {
    status: 200,
    body: { id: job.id, status: job.status, action: job.action, data: job.data, created_at: formatUtc(job.createdAt), updated_at: formatUtc(job.updatedAt) },
  };
}
