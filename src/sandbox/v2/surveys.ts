/**
 * v2 surveys and satisfaction ratings (per ticket and account-wide).
 */
import type { Ctx, Reply } from '../context.ts';
import { activeSurvey, rateTicket, RATING_VALUES } from '../domain/index.ts';
import { v2 } from '../errors.ts';
import { formatUtc } from '../time.ts';
import { paged, PAGING_PARAMS } from './paging.ts';
import { ratingV2 } from './present.ts';
import { findTicket } from './tickets/checks.ts';
import * as schemas from './schemas/surveys.ts';
import { checkBody, checkQuery, queryDate, queryId } from './validate.ts';

// ---- satisfaction ratings ------------------------------------------------------------------------

export function createRatingHandler(ctx: Ctx): Reply {
  const ticket = findTicket(ctx);
  const fields = checkBody(ctx.body, schemas.rating, { form: false });
  const ratings = checkBody(fields.ratings, schemas.ratings, { form: false });
  const survey = activeSurvey(ctx.store);
  if (!survey) throw v2.accessDenied('No active survey');
  const rating = rateTicket(ctx.store, survey, ticket, ratings.default_question as number, (fields.feedback as string | undefined) ?? null, ctx.now());
  return { status: 201, body: ratingV2(rating), headers: { Location: `${ctx.baseUrl}/api/v2/tickets/${ticket.displayId}/satisfaction_ratings` } };
}

export function listTicketRatingsHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, PAGING_PARAMS);
  const ticket = findTicket(ctx);
  return paged(ctx, ctx.store.ratingsOf(ticket.displayId), ratingV2);
}

export function listRatingsHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, ['created_since', 'user_id', ...PAGING_PARAMS]);
  const since = queryDate(ctx.query, 'created_since');
  const userId = queryId(ctx.query, 'user_id');
  const ratings = ctx.store.ratings.all().filter((r) => (since === null || r.createdAt >= since) && (userId === null || r.userId === userId));
  return paged(ctx, ratings, ratingV2);
}

export function listSurveysHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, ['state', ...PAGING_PARAMS]);
  return paged(ctx, ctx.store.surveys.all(), (s) => ({
    id: s.id,
    title: s.title,
    active: s.active,
    questions: [
      {
        id: 'default_question',
        label: 'How would you rate your overall satisfaction for the resolution provided by the agent?',
        accepted_ratings: RATING_VALUES,
        default: true,
      },
    ],
    created_at: formatUtc(s.createdAt),
    updated_at: formatUtc(s.updatedAt),
  }));
}
