/**
 * v2 satisfaction rating shape.
 */
import type { SatisfactionRating } from '../../model.ts';
import { formatUtc } from '../../time.ts';

export function ratingV2(r: SatisfactionRating) {
  return {
    id: r.id,
    survey_id: r.surveyId,
    user_id: r.userId,
    agent_id: r.agentId,
    feedback: r.feedback,
    group_id: r.groupId,
    ticket_id: r.ticketDisplayId,
    ratings: { default_question: r.rating },
    created_at: formatUtc(r.createdAt),
    updated_at: formatUtc(r.updatedAt),
  };
}
