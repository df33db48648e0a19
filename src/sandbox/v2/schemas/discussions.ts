/** v2 forum request bodies (spec 000 "Discussions"): categories, forums, topics, comments, following. */
import { body, boolean, id, ids, integer, requiring, string } from './fields.ts';

const category = body('PUT /api/v2/discussions/categories/[id]', { name: string('name, unique', { maxLength: 255 }), description: string('about it', { nullable: true }) });
export const categoryCreate = requiring(category, ['name'], 'POST /api/v2/discussions/categories');
export const categoryUpdate = category;

const forumFields = {
  name: string('name, unique', { maxLength: 255 }),
  description: string('about it', { nullable: true }),
  forum_type: integer('1 questions, 2 ideas, 3 problems, 4 announcements; fixed once it has topics', [1, 2, 3, 4]),
  forum_visibility: integer('1 all, 2 logged-in users, 3 agents, 4 selected companies', [1, 2, 3, 4]),
  company_ids: ids('the companies, when forum_visibility is 4'),
};
export const forumCreate = body('POST /api/v2/discussions/categories/[id]/forums', forumFields, ['name', 'forum_type', 'forum_visibility']);
export const forumUpdate = body('PUT /api/v2/discussions/forums/[id]', { ...forumFields, forum_category_id: id('moves the forum to that category') });

const topicFields = {
  title: string('title', { maxLength: 255 }),
  message: string('HTML content of the first post'),
  sticky: boolean('kept at the top'),
  locked: boolean('no new comments'),
  stamp_type: integer("status stamp; the values depend on the forum's type", undefined, { nullable: true }),
};
export const topicCreate = body('POST /api/v2/discussions/forums/[id]/topics', topicFields, ['title', 'message']);
export const topicUpdate = body('PUT /api/v2/discussions/topics/[id]', { ...topicFields, forum_id: id('moves the topic to that forum') });

export const commentCreate = body('POST /api/v2/discussions/topics/[id]/comments', { body: string('HTML content') }, ['body']);
export const commentUpdate = body('PUT /api/v2/discussions/comments/[id]', { body: string('HTML content'), answer: boolean('marks the answer of a question') });

export const follow = body('POST /api/v2/discussions/{topics,forums}/[id]/follow', { user_id: id('who follows (default: the caller)') });
