/**
 * Surveys and satisfaction ratings both surfaces write, on the v2 scale.
 */
import type { SatisfactionRating, Survey, Ticket } from '../model.ts';
import type { Store } from '../store.ts';

// ---- surveys ----------------------------------------------------------------------------------

/** v2 face values of the default survey question (the "new survey" scale). */
export const RATING_VALUES = [103, 102, 101, 100, -101, -102, -103];

/** v1 `rating` 1 Awesome, 2 Just Okay, 3 Not Good → v2 face value (as the service converted). */
export const V1_TO_V2_RATING: Record<number, number> = { 1: 103, 2: 100, 3: -103 };

/** The survey ratings go to; null when none is active (v1 then answers 422, v2 403). */
export function activeSurvey(store: Store): Survey | null {
  return store.surveys.all().find((s) => s.active) ?? null;
}

/**
 * Rates a ticket on the v2 scale, for either surface (v1 converts its 1/2/3 first). The rating
 * names the ticket's requester, responder and group, as the service records them.
 */
export function rateTicket(store: Store, survey: Survey, ticket: Ticket, value: number, feedback: string | null, now: number): SatisfactionRating {
  const rating: SatisfactionRating = {
    id: store.nextId('rating'),
    surveyId: survey.id,
    ticketDisplayId: ticket.displayId,
    userId: ticket.requesterId,
    agentId: ticket.responderId,
    groupId: ticket.groupId,
    rating: value,
    feedback,
    responseNoteId: null,
    createdAt: now,
    updatedAt: now,
  };
  store.putRating(rating);
  return rating;
}

/** v2 face value → v1 rating: positive is Awesome, 100 neutral is Just Okay, negative is Not Good. */
export function v1RatingOf(value: number): number {
  return value > 100 ? 1 : value === 100 ? 2 : 3;
}
