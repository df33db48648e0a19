/** v2 satisfaction rating request bodies (spec 000 "Surveys"). */
import { RATING_VALUES } from '../../domain/index.ts';
import { body, integer, object, string } from './fields.ts';

export const rating = body(
  'POST /api/v2/tickets/[id]/satisfaction_ratings',
  { ratings: object('answers by question: { default_question }'), feedback: string('free text') },
  ['ratings'],
);

export const ratings = body(
  'ratings of a satisfaction rating',
  { default_question: integer('103 extremely happy .. -103 extremely unhappy', RATING_VALUES) },
  ['default_question'],
);
