/**
 * Discussions: forum categories, forums, topics, posts (v2 comments), following (v1 monitorships),
 * with every endpoint of spec 001 and the older spellings of the 2013-2015 samples (reference
 * §3.4): `/categories/[cid]/forums...`, `.../topics/[tid]/monitorship` and `/posts/[pid]`.
 *
 * Moves to know: forum_category_id and forum_id leave the create bodies for the v2 path; a topic's
 * body_html is message, a post's body_html is body; sticky and locked are booleans; the topic of a
 * post leaves the path of update and delete; unfollow is DELETE .../follow; is_following answers
 * 204 or 404 with no body.
 */
import type { Lens, LensOp, Rule } from '../src/catalogue/types.ts';
import { lookup, timestamps, v2 } from './shared.ts';

/** A v1 post ↔ a v2 comment. */
export const postLens: Lens = [
  // text vs HTML, as for notes: a plain v1 body is escaped; v2 body is HTML, body_text plain
  { op: 'convert', path: 'body', converter: 'textToHtml', only: 'request' },
  { op: 'rename', from: 'body', to: 'body_text', only: 'response' },
  { op: 'rename', from: 'body_html', to: 'body' },
  { op: 'drop', path: 'user_id', reason: 'user_id is read-only: the author is the calling user', only: 'request' },
  { op: 'extra', path: 'published', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'spam', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'trash', reason: 'v2 only', only: 'response' },
  ...timestamps('created_at', 'updated_at'),
];

/** A v1 topic ↔ a v2 topic. */
export const topicLens: Lens = [
  { op: 'rename', from: 'body_html', to: 'message' },
  // v1 accepted 0/1 and printed sticky as a number; v2 validates booleans
  { op: 'convert', path: 'sticky', converter: 'zeroOneToBoolean' },
  { op: 'convert', path: 'locked', converter: 'looseBoolean' },
  { op: 'convert', path: 'stamp_type', converter: 'topicStampType' },
  { op: 'drop', path: 'user_id', reason: 'user_id is read-only: the author is the calling user', only: 'request' },
  { op: 'drop', path: 'last_post_id', reason: 'last_post_id is not in v2 topics', only: 'response' },
  { op: 'extra', path: 'published', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'merged_topic_id', reason: 'v2 only', only: 'response' },
  // view: the posts v1 embedded are the v2 comments of a second call
  { op: 'map', path: 'posts', lens: postLens, only: 'response' },
  ...timestamps('created_at', 'updated_at', 'replied_at'),
];

/** A v1 forum ↔ a v2 forum. */
export const forumLens: Lens = [
  // companies that see a visibility-4 forum: customer_forums_attributes (FS samples) → company_ids
  { op: 'convert', path: 'customer_forums_attributes.customer_id', to: 'company_ids', converter: 'commaIntList', only: 'request' },
  { op: 'drop', path: 'position', reason: 'a forum position cannot be written in v2 (it is read back only)', only: 'request' },
  { op: 'drop', path: 'description_html', reason: 'description_html was removed from v2 forums', only: 'response' },
  { op: 'extra', path: 'company_ids', reason: 'v2 lists the companies of a visibility-4 forum', only: 'response' },
  // view: the topics v1 embedded come from a second call
  { op: 'map', path: 'topics', lens: topicLens, only: 'response' },
  ...timestamps('created_at', 'updated_at'),
];

/** A v1 forum category ↔ a v2 forum category, apart from its position. */
const forumCategoryFields: Lens = [
  // view: the forums v1 embedded come from a second call
  { op: 'map', path: 'forums', lens: forumLens, only: 'response' },
  ...timestamps('created_at', 'updated_at'),
];

/** A v1 forum category ↔ a v2 forum category. */
export const forumCategoryLens: Lens = [
  { op: 'drop', path: 'position', reason: 'position (read-only in v1) is not in v2 forum categories' },
  ...forumCategoryFields,
];

const categoryObject: Rule['response'] = { v1Status: 200, shape: 'object', wrapper: 'forum_category', resource: forumCategoryLens };
const forumObject: Rule['response'] = { v1Status: 200, shape: 'object', wrapper: 'forum', resource: forumLens };
const topicObject: Rule['response'] = { v1Status: 200, shape: 'object', wrapper: 'topic', resource: topicLens };
const postObject: Rule['response'] = { v1Status: 200, shape: 'object', wrapper: 'post', resource: postLens };
const updated: Rule['response'] = { v1Status: 200, shape: 'none' };

// older spellings (reference §3.4, FS Ruby samples 2013-2015)
const OLD_FORUMS = '/categories/:category_id/forums';
const OLD_FORUM = '/categories/:category_id/forums/:id';
const OLD_TOPICS = '/categories/:category_id/forums/:forum_id/topics';
const OLD_TOPIC = '/categories/:category_id/forums/:forum_id/topics/:id';
const OLD_POSTS = '/categories/:category_id/forums/:forum_id/topics/:topic_id/posts';
const OLD_POST = '/categories/:category_id/forums/:forum_id/topics/:topic_id/posts/:post_id';
const OLD_MONITORSHIP = '/categories/:category_id/forums/:forum_id/topics/:id/monitorship';

const OLD_NOTE =
  'older spellings /categories/[cid]/forums/... are from the 2013-2015 samples (reference §3.4); the category and forum in them only address the object, v2 needs just its id';
const INFERRED_ROUTE_NOTE =
  'INFERRED: the samples show this nested path; the other verbs on it follow from the Rails resource routes of the same controllers';
const DELETE_NOTE = 'v2 answers 204 with no body (v1 200)';

/**
 * An id in a v1 body or query that addresses the object (`forum_category_id`, `forum_id`, `topic_id`)
 * is moved to the path parameters, where v2 wants it or where it is simply not used. Path
 * parameters are strings, so the id is made one first: a body id equal to the path id is then no
 * conflict, a different one is reported.
 */
const toParam = (from: string, to: string): LensOp[] => [
  { op: 'convert', path: from, converter: 'numberToString' },
  { op: 'rename', from, to },
];

const POST_ADDRESSING: LensOp[] = [
  ...toParam('query.category_id', 'params.category_id'),
  ...toParam('query.forum_id', 'params.forum_id'),
  ...toParam('query.topic_id', 'params.topic_id'),
  ...toParam('body.post.forum_id', 'params.forum_id'),
  ...toParam('body.post.topic_id', 'params.topic_id'),
];

/** Follow calls: v1 took the user in the query (is_following documents it); v2 follow takes it in the body. */
const followUserToBody: LensOp = { op: 'convert', path: 'query.user_id', to: 'body.user_id', converter: 'stringToNumber' };

const MONITORSHIP_LOST =
  'the monitorship object (id, active, monitorable_id, monitorable_type, user_id): v2 answers 204 (following) or 404 (not following) with no body';
const FOLLOW_USER_NOTE = 'without user_id the calling user is meant, in both versions; only admins may name another user';

function followRules(kind: 'topic' | 'forum'): Rule[] {
  const plural = `${kind}s`;
  const Kind = kind === 'topic' ? 'Topic' : 'Forum';
  return [
    {
      id: `discussions.${plural}.follow`,
      family: 'discussions',
      summary: `Follow a ${kind}: POST /api/v2/discussions/${plural}/[id]/follow (optional body user_id), which answers 204.`,
      v1: { method: 'POST', paths: [`/discussions/${kind}/:id/subscriptions/follow`, ...(kind === 'topic' ? [OLD_MONITORSHIP] : [])] },
      plan: [v2('POST', `/discussions/${plural}/:id/follow`, `follow the ${kind}`, { status: 204 })],
      request: { body: 'none', lens: [followUserToBody] },
      response: { v1Status: 200, shape: 'none' },
      fidelity: 'exact',
      notes: [
        'the v1 path segment is singular (topic, forum), the v2 one plural',
        FOLLOW_USER_NOTE,
        'v2 answers 204 with no body (v1 200)',
        ...(kind === 'topic' ? ['older spelling: POST .../topics/[tid]/monitorship (reference §3.4)'] : []),
      ],
    },
    {
      id: `discussions.${plural}.unfollow`,
      family: 'discussions',
      summary: `Unfollow a ${kind}: DELETE /api/v2/discussions/${plural}/[id]/follow?user_id= (v1 used POST .../unfollow), which answers 204.`,
      v1: { method: 'POST', paths: [`/discussions/${kind}/:id/subscriptions/unfollow`] },
      plan: [v2('DELETE', `/discussions/${plural}/:id/follow`, `stop following the ${kind}`)],
      request: { body: 'none' },
      response: { v1Status: 200, shape: 'none' },
      fidelity: 'exact',
      notes: ['the method changes from POST to DELETE', FOLLOW_USER_NOTE, 'v2 answers 204 with no body (v1 200)'],
    },
    {
      id: `discussions.${plural}.is-following`,
      family: 'discussions',
      summary: `Check whether a user follows a ${kind}: GET /api/v2/discussions/${plural}/[id]/follow?user_id=, which answers 204 (yes) or 404 (no) instead of a monitorship object.`,
      v1: { method: 'GET', paths: [`/discussions/${kind}/:id/subscriptions/is_following`] },
      plan: [v2('GET', `/discussions/${plural}/:id/follow`, `check the ${kind} subscription`, { status: 204 })],
      request: { body: 'none' },
      response: { v1Status: 200, shape: 'none' },
      fidelity: 'lossy',
      lost: [MONITORSHIP_LOST],
      notes: [
        `read the status instead of { monitorship: { active, monitorable_type: "${Kind}" } }: 204 = following, 404 = not following`,
        FOLLOW_USER_NOTE,
      ],
    },
  ];
}

/** The body fields of a v2 forum category create or update (reference). */
const CATEGORY_FIELDS: readonly string[] = ['name', 'description'];

/** The body fields of a v2 forum create (reference; the category is in the path). */
const FORUM_CREATE_FIELDS: readonly string[] = ['name', 'description', 'forum_type', 'forum_visibility', 'company_ids'];

/** The body fields of a v2 forum update (a forum moves with forum_category_id). */
const FORUM_UPDATE_FIELDS: readonly string[] = [...FORUM_CREATE_FIELDS, 'forum_category_id'];

/** The body fields of a v2 topic create (reference; the forum is in the path). */
const TOPIC_CREATE_FIELDS: readonly string[] = ['title', 'message', 'sticky', 'locked', 'stamp_type'];

/** The body fields of a v2 topic update (a topic moves with forum_id). */
const TOPIC_UPDATE_FIELDS: readonly string[] = [...TOPIC_CREATE_FIELDS, 'forum_id'];

/** The body fields of a v2 comment create (reference; the topic is in the path). */
const COMMENT_CREATE_FIELDS: readonly string[] = ['body'];

/** The body fields of a v2 comment update. */
const COMMENT_UPDATE_FIELDS: readonly string[] = ['body', 'answer'];

export const DISCUSSION_RULES: Rule[] = [
  // ------------------------------------------------------------------------------ categories
  {
    id: 'discussions.categories.create',
    family: 'discussions',
    summary: 'Create a forum category: POST /api/v2/discussions/categories with name and description unwrapped from forum_category.',
    v1: { method: 'POST', paths: ['/discussions/categories'] },
    plan: [v2('POST', '/discussions/categories', 'create the forum category')],
    request: { wrapper: 'forum_category', resource: forumCategoryLens, accepts: CATEGORY_FIELDS },
    response: { ...categoryObject, v1Status: 201 },
    fidelity: 'exact',
    notes: ['both versions answer 201 Created (FC v1 forum_categories_controller); v2 adds a Location header', 'the v1 position (read-only) is not in v2'],
  },
  {
    id: 'discussions.categories.update',
    family: 'discussions',
    summary: 'Update a forum category: PUT /api/v2/discussions/categories/[id] with the fields unwrapped from forum_category.',
    v1: { method: 'PUT', paths: ['/discussions/categories/:id'] },
    plan: [v2('PUT', '/discussions/categories/:id', 'update the forum category')],
    request: { wrapper: 'forum_category', resource: forumCategoryLens, accepts: CATEGORY_FIELDS },
    response: updated,
    fidelity: 'exact',
    notes: ['v1 answered 200 with no body; v2 answers 200 with the category'],
  },
  {
    id: 'discussions.categories.view',
    family: 'discussions',
    summary: 'View a forum category with its forums: GET /api/v2/discussions/categories/[id], plus GET /api/v2/discussions/categories/[id]/forums for the forums v1 embedded.',
    v1: { method: 'GET', paths: ['/discussions/categories/:id'] },
    plan: [
      v2('GET', '/discussions/categories/:id', 'read the forum category'),
      lookup('GET', '/discussions/categories/:id/forums', 'read its forums (v1 embedded them)'),
    ],
    request: { body: 'none' },
    response: { ...categoryObject, embed: { forums: 1 } },
    fidelity: 'lossy',
    lost: ['position of the category', 'description_html of each forum'],
    notes: ['two calls in v2 (two credits)'],
  },
  {
    id: 'discussions.categories.list',
    family: 'discussions',
    summary: 'List forum categories: GET /api/v2/discussions/categories; items are bare instead of { forum_category } wrappers.',
    v1: { method: 'GET', paths: ['/discussions/categories'] },
    plan: [v2('GET', '/discussions/categories', 'list the forum categories')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'list-wrapped', wrapper: 'forum_category', resource: forumCategoryLens },
    fidelity: 'lossy',
    lost: ['position of each category (not returned by v2)'],
  },
  {
    id: 'discussions.categories.delete',
    family: 'discussions',
    summary: 'Delete a forum category: DELETE /api/v2/discussions/categories/[id], which answers 204 with no body (v1 answered the deleted category).',
    v1: { method: 'DELETE', paths: ['/discussions/categories/:id'] },
    plan: [
      lookup('GET', '/discussions/categories/:id', 'read the category first: v1 answered the deleted object', { forResponse: true }),
      v2('DELETE', '/discussions/categories/:id', 'delete the forum category'),
    ],
    request: { body: 'none' },
    // v1 answered the deleted category with position null
    response: { ...categoryObject, resource: [{ op: 'v1Default', path: 'position', value: null }, ...forumCategoryFields] },
    fidelity: 'exact',
    notes: [
      'v1 answered { forum_category } with position null; v2 answers 204 with no body, so the shim reads the category before deleting it',
      'the forums and topics of the category go with it',
    ],
  },
  // ------------------------------------------------------------------------------ forums
  {
    id: 'discussions.forums.create',
    family: 'discussions',
    summary:
      'Create a forum: POST /api/v2/discussions/categories/[forum_category_id]/forums; forum_category_id moves from the body into the path and customer_forums_attributes becomes company_ids.',
    v1: { method: 'POST', paths: ['/discussions/forums', OLD_FORUMS] },
    plan: [v2('POST', '/discussions/categories/:forum_category_id/forums', 'create the forum in its category')],
    request: {
      accepts: FORUM_CREATE_FIELDS,
      wrapper: 'forum',
      lens: [
        // the older path names the category in the URL; a different id in the body is reported and the URL wins
        { op: 'rename', from: 'params.category_id', to: 'params.forum_category_id' },
        ...toParam('body.forum.forum_category_id', 'params.forum_category_id'),
      ],
      resource: forumLens,
    },
    response: { ...forumObject, v1Status: 201 },
    fidelity: 'exact',
    notes: [
      'forum_type 1 How To, 2 Ideas, 3 Problems, 4 Announcements and forum_visibility 1 Anyone, 2 Logged in, 3 Agents, 4 Selected companies keep their numbers',
      'visibility 4 needs company_ids (v1 samples: customer_forums_attributes: { customer_id: [...] })',
      'both versions answer 201 Created (FC v1 forums_controller); v2 adds a Location header',
      OLD_NOTE,
    ],
  },
  {
    id: 'discussions.forums.list',
    family: 'discussions',
    summary: 'List the forums of a category: GET /api/v2/discussions/categories/[id]/forums.',
    v1: { method: 'GET', paths: [OLD_FORUMS], source: 'reference' },
    plan: [v2('GET', '/discussions/categories/:category_id/forums', 'list the forums of the category')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'list-wrapped', wrapper: 'forum', resource: forumLens },
    fidelity: 'lossy',
    lost: ['description_html of each forum'],
    notes: [OLD_NOTE, INFERRED_ROUTE_NOTE, 'spec 001 has no forum list: its category view embeds the forums'],
  },
  {
    id: 'discussions.forums.update',
    family: 'discussions',
    summary: 'Update a forum: PUT /api/v2/discussions/forums/[id] with the fields unwrapped from forum (forum_category_id in the body moves the forum).',
    v1: { method: 'PUT', paths: ['/discussions/forums/:id', OLD_FORUM] },
    plan: [v2('PUT', '/discussions/forums/:id', 'update the forum')],
    request: { wrapper: 'forum', resource: forumLens, accepts: FORUM_UPDATE_FIELDS },
    response: updated,
    fidelity: 'exact',
    notes: [
      'v2 refuses to change forum_type once the forum has topics, and company_ids unless forum_visibility is 4',
      'v1 answered 200 with no body; v2 answers 200 with the forum',
      OLD_NOTE,
    ],
  },
  {
    id: 'discussions.forums.view',
    family: 'discussions',
    summary: 'View a forum with its topics: GET /api/v2/discussions/forums/[id], plus GET /api/v2/discussions/forums/[id]/topics for the topics v1 embedded.',
    v1: { method: 'GET', paths: ['/discussions/forums/:id', OLD_FORUM] },
    plan: [
      v2('GET', '/discussions/forums/:id', 'read the forum'),
      lookup('GET', '/discussions/forums/:id/topics', 'read its topics (v1 embedded them)'),
    ],
    request: { body: 'none' },
    response: { ...forumObject, embed: { topics: 1 } },
    fidelity: 'lossy',
    lost: ['description_html', 'last_post_id of each topic'],
    notes: ['two calls in v2 (two credits)', 'FC v1 embedded one page of 10 topics (?page=); v2 pages topics 30 at a time', OLD_NOTE],
  },
  {
    id: 'discussions.forums.delete',
    family: 'discussions',
    summary: 'Delete a forum: DELETE /api/v2/discussions/forums/[id], which answers 204 with no body.',
    v1: { method: 'DELETE', paths: ['/discussions/forums/:id', OLD_FORUM] },
    plan: [v2('DELETE', '/discussions/forums/:id', 'delete the forum')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'none' },
    fidelity: 'exact',
    notes: [DELETE_NOTE, OLD_NOTE],
  },
  ...followRules('forum'),
  // ------------------------------------------------------------------------------ topics
  {
    id: 'discussions.topics.create',
    family: 'discussions',
    summary:
      'Create a topic: POST /api/v2/discussions/forums/[forum_id]/topics; forum_id moves from the body into the path, body_html is message, and sticky/locked are booleans.',
    v1: { method: 'POST', paths: ['/discussions/topics', OLD_TOPICS] },
    plan: [v2('POST', '/discussions/forums/:forum_id/topics', 'create the topic in its forum')],
    request: {
      accepts: TOPIC_CREATE_FIELDS,
      wrapper: 'topic',
      lens: toParam('body.topic.forum_id', 'params.forum_id'),
      resource: topicLens,
    },
    response: topicObject,
    fidelity: 'exact',
    notes: [
      'message becomes the first post (comment) of the topic, as body_html did',
      'sticky and locked: v1 accepted 0/1, v2 validates booleans; only agents who may edit topics can set them',
      'stamp_type keeps its numbers (1 Planned, 2 Implemented, 3 Not Taken: spec 001 says "Taken", reference §7.12); v2 checks the stamp against the forum type',
      'v2 answers 201 Created; FC v1 answered 200 with { topic }',
      OLD_NOTE,
    ],
  },
  {
    id: 'discussions.topics.list',
    family: 'discussions',
    summary: 'List the topics of a forum: GET /api/v2/discussions/forums/[forum_id]/topics.',
    v1: { method: 'GET', paths: [OLD_TOPICS], source: 'reference' },
    plan: [v2('GET', '/discussions/forums/:forum_id/topics', 'list the topics of the forum')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'list-wrapped', wrapper: 'topic', resource: topicLens },
    fidelity: 'lossy',
    lost: ['last_post_id of each topic'],
    notes: [OLD_NOTE, INFERRED_ROUTE_NOTE, 'spec 001 has no topic list: its forum view embeds the topics'],
  },
  {
    id: 'discussions.topics.update',
    family: 'discussions',
    summary: 'Update a topic: PUT /api/v2/discussions/topics/[id] with body_html as message (it updates the first post) and sticky/locked as booleans.',
    v1: { method: 'PUT', paths: ['/discussions/topics/:id', OLD_TOPIC] },
    plan: [v2('PUT', '/discussions/topics/:id', 'update the topic')],
    request: { wrapper: 'topic', resource: topicLens, accepts: TOPIC_UPDATE_FIELDS },
    response: updated,
    fidelity: 'exact',
    notes: [
      'forum_id in the body moves the topic (manage-forums privilege), in both versions',
      'v1 answered 200 with no body; v2 answers 200 with the topic',
      OLD_NOTE,
    ],
  },
  {
    id: 'discussions.topics.view',
    family: 'discussions',
    summary: 'View a topic with its posts: GET /api/v2/discussions/topics/[id], plus GET /api/v2/discussions/topics/[id]/comments for the posts v1 embedded.',
    v1: { method: 'GET', paths: ['/discussions/topics/:id', OLD_TOPIC] },
    plan: [
      v2('GET', '/discussions/topics/:id', 'read the topic'),
      lookup('GET', '/discussions/topics/:id/comments', 'read its posts (v1 embedded them)', { query: { per_page: '100' } }),
    ],
    request: { body: 'none' },
    response: { ...topicObject, embed: { posts: 1 } },
    fidelity: 'lossy',
    lost: ['last_post_id'],
    notes: ['two calls in v2 (two credits); the comments are paged (100 at most per page)', 'sticky reads back as 1/0 and locked as a boolean, as v1 printed them', OLD_NOTE],
  },
  {
    id: 'discussions.topics.delete',
    family: 'discussions',
    summary: 'Delete a topic: DELETE /api/v2/discussions/topics/[id], which answers 204 with no body.',
    v1: { method: 'DELETE', paths: ['/discussions/topics/:id', OLD_TOPIC] },
    plan: [v2('DELETE', '/discussions/topics/:id', 'delete the topic')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'none' },
    fidelity: 'exact',
    notes: [DELETE_NOTE, 'deleted topics cannot be restored in either version', OLD_NOTE],
  },
  ...followRules('topic'),
  {
    id: 'discussions.topics.unfollow-monitorship',
    family: 'discussions',
    summary: 'Unfollow a topic (older DELETE .../monitorship): DELETE /api/v2/discussions/topics/[id]/follow, which answers 204.',
    v1: { method: 'DELETE', paths: [OLD_MONITORSHIP], source: 'reference' },
    plan: [v2('DELETE', '/discussions/topics/:id/follow', 'stop following the topic')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'none' },
    fidelity: 'exact',
    notes: [OLD_NOTE, FOLLOW_USER_NOTE, 'v2 answers 204 with no body'],
  },
  {
    id: 'discussions.topics.user-monitored',
    family: 'discussions',
    summary: 'List the topics a user follows: GET /api/v2/discussions/topics/followed_by?user_id=; items are bare topics instead of { topic } wrappers.',
    v1: { method: 'GET', paths: ['/support/discussions/user_monitored'] },
    plan: [v2('GET', '/discussions/topics/followed_by', 'list the followed topics')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'list-wrapped', wrapper: 'topic', resource: topicLens },
    fidelity: 'lossy',
    lost: ['last_post_id of each topic'],
    notes: [FOLLOW_USER_NOTE, 'v2 pages the list (30 per page by default)'],
  },
  // ------------------------------------------------------------------------------ posts
  {
    id: 'discussions.posts.create',
    family: 'discussions',
    summary: 'Reply to a topic: POST /api/v2/discussions/topics/[id]/comments with body_html as body (posts are comments in v2).',
    v1: { method: 'POST', paths: ['/discussions/topics/:id/posts', OLD_POSTS] },
    plan: [v2('POST', '/discussions/topics/:id/comments', 'add the comment')],
    request: {
      accepts: COMMENT_CREATE_FIELDS,
      wrapper: 'post',
      lens: [...POST_ADDRESSING, { op: 'rename', from: 'params.topic_id', to: 'params.id' }],
      resource: postLens,
    },
    response: { ...postObject, v1Status: 201 },
    fidelity: 'exact',
    notes: [
      'a plain-text v1 body is HTML-escaped (newlines become <br>) because v2 body is HTML',
      'both versions answer 201 Created (FC v1 posts_controller); v2 adds a Location header',
      OLD_NOTE,
    ],
  },
  {
    id: 'discussions.posts.update',
    family: 'discussions',
    summary: 'Update a post: PUT /api/v2/discussions/comments/[post_id] (the topic leaves the path) with body_html as body.',
    v1: { method: 'PUT', paths: ['/discussions/topics/:id/posts/:post_id', OLD_POST, '/posts/:post_id'] },
    plan: [v2('PUT', '/discussions/comments/:post_id', 'update the comment')],
    request: { wrapper: 'post', lens: POST_ADDRESSING, resource: postLens, accepts: COMMENT_UPDATE_FIELDS },
    response: updated,
    fidelity: 'exact',
    notes: [
      'v2 update also takes answer (mark the comment as the answer of a question topic)',
      'v1 answered 200 with no body; v2 answers 200 with the comment',
      `older spellings: ${OLD_POST} and /posts/[pid]?forum_id=&category_id=&topic_id= (reference §3.4)`,
    ],
  },
  {
    id: 'discussions.posts.delete',
    family: 'discussions',
    summary: 'Delete a post: DELETE /api/v2/discussions/comments/[post_id] (the topic leaves the path), which answers 204 with no body.',
    v1: { method: 'DELETE', paths: ['/discussions/topics/:id/posts/:post_id', OLD_POST, '/posts/:post_id'] },
    plan: [v2('DELETE', '/discussions/comments/:post_id', 'delete the comment')],
    request: { body: 'none', lens: POST_ADDRESSING },
    response: { v1Status: 200, shape: 'none' },
    fidelity: 'exact',
    notes: [DELETE_NOTE, 'deleted posts cannot be restored in either version', `older spellings: ${OLD_POST} and /posts/[pid]?forum_id=&category_id=&topic_id= (reference §3.4)`],
  },
];
