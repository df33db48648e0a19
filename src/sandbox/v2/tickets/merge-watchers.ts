/**
 * v2 ticket merge and watchers (watch, unwatch, bulk watch/unwatch, list watchers).
 */
import type { Ctx, Reply } from '../../context.ts';
import { addConversation, setStatus } from '../../domain/index.ts';
import { V2Error, v2, type FieldError } from '../../errors.ts';
import type { Ticket, User } from '../../model.ts';
import type { Store } from '../../store.ts';
import { htmlToText } from '../../text.ts';
import * as schemas from '../schemas/tickets.ts';
import { checkBody, checkQuery, invalidValue, requireNoBody } from '../validate.ts';
import { findTicket } from './checks.ts';

// ---- merge ----------------------------------------------------------------------------------------

export function mergeHandler(ctx: Ctx): Reply {
  const { store } = ctx;
  const fields = checkBody(ctx.body, schemas.merge, { form: false });
  const errors: FieldError[] = [];
  const primaryNote = fields.note_in_primary ? checkNested('note_in_primary', fields.note_in_primary, errors) : null;
  const secondaryNote = fields.note_in_secondary ? checkNested('note_in_secondary', fields.note_in_secondary, errors) : null;
  const primary = store.tickets.get(fields.primary_id as number);
  if (!primary || primary.deleted || primary.spam) errors.push(invalidValue('primary_id', 'There is no ticket matching the given primary_id'));
  const ids = fields.ticket_ids as number[];
  if (ids.length === 0) errors.push(invalidValue('ticket_ids', 'It should not be blank as this is a mandatory field'));
  if (ids.includes(fields.primary_id as number)) errors.push(invalidValue('ticket_ids', 'The primary ticket cannot be merged into itself'));
  const missingIds = ids.filter((id) => {
    const t = store.tickets.get(id);
    return !t || t.deleted || t.spam;
  });
  if (missingIds.length > 0) errors.push(invalidValue('ticket_ids', `There are no tickets matching the ids: ${missingIds.join(',')}`));
  if (errors.length > 0 || !primary) throw v2.validation(errors);

  const now = ctx.now();
  const secondaries = ids.map((id) => store.tickets.get(id)!);
  for (const t of secondaries) {
    const text = (secondaryNote?.body as string | undefined) ?? `This ticket is closed and merged into ticket ${primary.displayId}`;
    addConversation(store, t, { userId: ctx.caller.id, bodyHtml: text, bodyText: htmlToText(text), source: 2, private: (secondaryNote?.private as boolean | undefined) ?? true, incoming: false }, now);
    setStatus(t, 5, now);
    for (const entry of store.timeEntriesOf(t.displayId)) {
      store.removeTimeEntry(entry.id);
      entry.ticketDisplayId = primary.displayId;
      store.putTimeEntry(entry);
    }
    if (fields.convert_recepients_to_cc) {
      const requester = store.users.get(t.requesterId);
      for (const address of [requester?.email, ...t.ccEmails]) {
        if (address && !primary.ccEmails.includes(address)) primary.ccEmails.push(address);
      }
    }
  }
  const text = (primaryNote?.body as string | undefined) ?? `Tickets with ids ${ids.join(', ')} were merged into this ticket`;
  addConversation(store, primary, { userId: ctx.caller.id, bodyHtml: text, bodyText: htmlToText(text), source: 2, private: (primaryNote?.private as boolean | undefined) ?? true, incoming: false }, now);
  return { status: 204 };
}

function checkNested(field: string, value: unknown, errors: FieldError[]): Record<string, unknown> | null {
  try {
    return checkBody(value, schemas.mergeNote, { form: false });
  } catch (e) {
    if (!(e instanceof V2Error)) throw e;
    errors.push(...e.errors.map((err) => ({ ...err, field: `${field}.${err.field}` })));
    return null;
  }
}

// ---- watchers ----------------------------------------------------------------------------------------

function checkAgent(store: Store, id: number, field: string): User {
  const agent = store.agent(id);
  if (!agent) throw v2.validation([invalidValue(field, `There is no agent matching the given ${field}`)]);
  return agent;
}

export function watchHandler(ctx: Ctx): Reply {
  const ticket = findTicket(ctx);
  const fields = checkBody(ctx.body, schemas.watch, { form: false });
  const agent = checkAgent(ctx.store, fields.user_id as number, 'user_id');
  if (!ticket.watcherIds.includes(agent.id)) ticket.watcherIds.push(agent.id);
  return { status: 204 };
}

export function unwatchHandler(ctx: Ctx): Reply {
  requireNoBody(ctx.body);
  const ticket = findTicket(ctx);
  ticket.watcherIds = ticket.watcherIds.filter((id) => id !== ctx.caller.id);
  return { status: 204 };
}

export function watchersHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, []);
  const ticket = findTicket(ctx);
  return { status: 200, body: { watcher_ids: ticket.watcherIds } };
}

function bulkWatchTickets(ctx: Ctx, ids: number[]): Ticket[] {
  const unknown = ids.filter((id) => !ctx.store.tickets.has(id));
  if (unknown.length > 0) throw v2.validation([invalidValue('ids', `There are no tickets matching the ids: ${unknown.join(',')}`)]);
  return ids.map((id) => ctx.store.tickets.get(id)!);
}

export function bulkWatchHandler(ctx: Ctx): Reply {
  const fields = checkBody(ctx.body, schemas.bulkWatch, { form: false });
  const agent = typeof fields.user_id === 'number' ? checkAgent(ctx.store, fields.user_id, 'user_id') : ctx.caller;
  for (const t of bulkWatchTickets(ctx, fields.ids as number[])) if (!t.watcherIds.includes(agent.id)) t.watcherIds.push(agent.id);
  return { status: 204 };
}

export function bulkUnwatchHandler(ctx: Ctx): Reply {
  // the caller is always the one unwatched: user_id is not accepted (spec 000 "Watchers")
  const fields = checkBody(ctx.body, schemas.bulkUnwatch, { form: false });
  for (const t of bulkWatchTickets(ctx, fields.ids as number[])) t.watcherIds = t.watcherIds.filter((id) => id !== ctx.caller.id);
  return { status: 204 };
}
