/**
 * v1 surveys: `rate.json?rating=1|2|3` and the survey results of a ticket.
 */
import type { Ctx, Reply } from '../context.ts';
import { activeSurvey, rateTicket, V1_TO_V2_RATING } from '../domain/index.ts';
import { v1 } from '../errors.ts';
import { rootParams, str } from './coerce.ts';
import { surveyResultV1 } from './present.ts';
import { findTicketV1 } from './tickets.ts';

// ---- surveys ------------------------------------------------------------------------------------

/** `?rating=1|2|3` (Awesome, Just Okay, Not Good) plus `{feedback}`; stored on the v2 scale. */
export function rateV1(ctx: Ctx): Reply {
  const ticket = findTicketV1(ctx, 'ticket_id');
  const rating = Number(ctx.query.get('rating'));
  const value = V1_TO_V2_RATING[rating];
  if (value === undefined) throw v1.invalid('Rating should be 1, 2 or 3');
  const survey = activeSurvey(ctx.store);
  if (!survey) throw v1.invalid('No active survey');
  const result = rateTicket(ctx.store, survey, ticket, value, str(rootParams(ctx), 'feedback') ?? null, ctx.now());
  return { status: 200, body: surveyResultV1(ctx.store, result) };
}

export function surveysV1(ctx: Ctx): Reply {
  const ticket = findTicketV1(ctx, 'ticket_id');
  return { status: 200, body: ctx.store.ratingsOf(ticket.displayId).map((r) => surveyResultV1(ctx.store, r)), xmlRoot: 'survey_results' };
}
