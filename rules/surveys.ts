/**
 * Surveys: rating a ticket and listing a ticket's ratings. v1 "survey results" are v2
 * "satisfaction ratings"; the rating moves from the query string into the body.
 */
import type { Lens, Rule } from '../src/catalogue/types.ts';
import { timestamps, v2 } from './shared.ts';

/** A v1 survey result ↔ a v2 satisfaction rating. */
export const surveyResultLens: Lens = [
  { op: 'rename', from: 'customer_id', to: 'user_id' },
  // v1 surveyable_id is the ticket's global id; v2 ticket_id is the display id: different values
  { op: 'drop', path: 'surveyable_id', reason: 'surveyable_id is the global ticket id, which v2 does not have (v2 ticket_id is the display id)' },
  { op: 'extra', path: 'ticket_id', reason: 'the display id of the rated ticket (v1 gave the global id as surveyable_id)' },
  // listed before the rating so that, coming back, it removes what is left of ratings after default_question
  { op: 'extra', path: 'ratings', reason: 'ratings of the other questions (custom surveys): v1 had one rating' },
  { op: 'convert', path: 'rating', to: 'ratings.default_question', converter: 'surveyRating' },
  { op: 'drop', path: 'response_note_id', reason: 'response_note_id (the note holding the feedback) is not in v2 ratings' },
  { op: 'drop', path: 'surveyable_type', reason: 'surveyable_type (Helpdesk::Ticket) is not in v2 ratings' },
  { op: 'extra', path: 'feedback', reason: 'v2 gives the feedback text in the rating (v1 kept it in a note, response_note_id)' },
  ...timestamps('created_at', 'updated_at'),
];

const RATING_NOTE =
  'v1 rating 1 Awesome, 2 Just Okay, 3 Not Good; v2 classic surveys take 1 Happy, 2 Neutral, 3 Unhappy; ' +
  'accounts with custom surveys take 103 … -103: set the overlay option surveyScale to "custom" to send 103, 100, -103 (FC mapping)';

const LOST = ['surveyable_id (the global ticket id; v2 ticket_id is the display id)', 'response_note_id and surveyable_type', 'the ratings of additional questions (custom surveys) in the v1 shape'];

/** The body fields of a v2 satisfaction rating (reference). */
const RATING_FIELDS: readonly string[] = ['ratings', 'feedback'];

export const SURVEY_RULES: Rule[] = [
  {
    id: 'surveys.rate',
    family: 'surveys',
    summary:
      'Rate a ticket: POST /api/v2/tickets/[ticket_id]/satisfaction_ratings with the rating moved from ?rating= into the body as ratings.default_question, next to feedback.',
    v1: { method: 'POST', paths: ['/helpdesk/tickets/:ticket_id/surveys/rate'] },
    plan: [v2('POST', '/tickets/:ticket_id/satisfaction_ratings', 'rate the ticket')],
    request: {
      accepts: RATING_FIELDS,
      lens: [{ op: 'convert', path: 'query.rating', to: 'body.ratings.default_question', converter: 'surveyRating' }],
    },
    response: { v1Status: 200, shape: 'object', wrapper: 'survey_result', resource: surveyResultLens },
    fidelity: 'exact',
    notes: [
      RATING_NOTE,
      'v2 answers 201 Created (FC satisfaction_ratings_controller); 403 when no survey is active',
      'v2 needs ratings: a v1 request without ?rating= has nothing to send there',
      'reference §7.10: whether v2 refuses 1/2/3 on accounts with custom surveys is open; surveyScale makes the choice explicit',
    ],
  },
  {
    id: 'surveys.list',
    family: 'surveys',
    summary: "List a ticket's survey results: GET /api/v2/tickets/[ticket_id]/satisfaction_ratings; customer_id is user_id and rating is ratings.default_question.",
    v1: { method: 'GET', paths: ['/helpdesk/tickets/:ticket_id/surveys'] },
    plan: [v2('GET', '/tickets/:ticket_id/satisfaction_ratings', "list the ticket's ratings")],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'list-wrapped', wrapper: 'survey_result', resource: surveyResultLens },
    fidelity: 'lossy',
    lost: LOST,
    notes: [RATING_NOTE, 'account-wide ratings are new in v2: GET /api/v2/surveys/satisfaction_ratings?created_since=&user_id='],
  },
];
