/**
 * v1 survey result shape (rating 1/2/3).
 */
import { v1RatingOf } from '../../domain/index.ts';
import type { SatisfactionRating } from '../../model.ts';
import type { Store } from '../../store.ts';
import { clock } from './common.ts';

export function surveyResultV1(store: Store, r: SatisfactionRating) {
  const c = clock(store);
  const ticket = store.tickets.get(r.ticketDisplayId);
  return {
    survey_result: {
      agent_id: r.agentId,
      created_at: c.at(r.createdAt),
      customer_id: r.userId,
      group_id: r.groupId,
      id: r.id,
      rating: v1RatingOf(r.rating),
      response_note_id: r.responseNoteId,
      survey_id: r.surveyId,
      // the polymorphic id of the ticket record: its global id, not the display id
      surveyable_id: ticket?.id ?? null,
      surveyable_type: 'Helpdesk::Ticket',
      updated_at: c.at(r.updatedAt),
    },
  };
}
