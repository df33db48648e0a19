/**
 * v2 discussions: categories, forums, topics, comments, and following. Forum and category ids
 * move into the path on create; a topic's `message` is its first comment; following answers
 * 204/404 without a body and unfollow is DELETE.
 */
import type { Ctx, Reply } from '../context.ts';
import { V2Error, v2, type FieldError } from '../errors.ts';
import { addPost, follow, followSubject, removeForum, removeForumCategory, removeTopic, unfollow } from '../domain/index.ts';
import type { Forum, ForumCategory, Topic } from '../model.ts';
import { htmlToText } from '../text.ts';
import { PAGING_PARAMS, paged } from './paging.ts';
import { commentV2, forumCategoryV2, forumV2, topicV2 } from './present.ts';
import * as schemas from './schemas/discussions.ts';
import { checkBody, checkQuery, invalidValue, queryId } from './validate.ts';

// ---- lookups ----------------------------------------------------------------------------------------

function find<T>(value: T | undefined): T {
  if (value === undefined) throw v2.notFound();
  return value;
}

const category = (ctx: Ctx) => find(ctx.store.forumCategories.get(Number(ctx.params.id)));
const forum = (ctx: Ctx) => find(ctx.store.forums.get(Number(ctx.params.id)));
const topic = (ctx: Ctx) => find(ctx.store.topics.get(Number(ctx.params.id)));
const comment = (ctx: Ctx) => find(ctx.store.posts.get(Number(ctx.params.id)));

// ---- categories ---------------------------------------------------------------------------------------

function uniqueName<T extends { id: number; name: string }>(items: T[], name: unknown, self: number | null): void {
  if (typeof name !== 'string') return;
  if (items.some((i) => i.name.toLowerCase() === name.toLowerCase() && i.id !== self)) {
    throw new V2Error(409, 'Validation failed', [{ field: 'name', code: 'duplicate_value', message: 'It should be a unique value' }]);
  }
}

export function createCategoryHandler(ctx: Ctx): Reply {
  const fields = checkBody(ctx.body, schemas.categoryCreate, { form: false });
  uniqueName(ctx.store.forumCategories.all(), fields.name, null);
  const now = ctx.now();
  const c: ForumCategory = {
    id: ctx.store.nextId('forumCategory'),
    name: fields.name as string,
    description: (fields.description as string | null | undefined) ?? null,
    position: ctx.store.forumCategories.size + 1,
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.forumCategories.put(c);
  return { status: 201, body: forumCategoryV2(c), headers: { Location: `${ctx.baseUrl}/api/v2/discussions/categories/${c.id}` } };
}

export function listCategoriesHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, PAGING_PARAMS);
  return paged(ctx, ctx.store.forumCategories.all(), forumCategoryV2);
}

export function viewCategoryHandler(ctx: Ctx): Reply {
  return { status: 200, body: forumCategoryV2(category(ctx)) };
}

export function updateCategoryHandler(ctx: Ctx): Reply {
  const c = category(ctx);
  const fields = checkBody(ctx.body, schemas.categoryUpdate, { form: false });
  uniqueName(ctx.store.forumCategories.all(), fields.name, c.id);
  if (typeof fields.name === 'string') c.name = fields.name;
  if ('description' in fields) c.description = fields.description as string | null;
  c.updatedAt = ctx.now();
  return { status: 200, body: forumCategoryV2(c) };
}

export function deleteCategoryHandler(ctx: Ctx): Reply {
  const c = category(ctx);
  removeForumCategory(ctx.store, c.id);
  return { status: 204 };
}

// ---- forums -------------------------------------------------------------------------------------------

function checkForum(ctx: Ctx, fields: Record<string, unknown>, existing: Forum | null): void {
  const errors: FieldError[] = [];
  const visibility = (fields.forum_visibility as number | undefined) ?? existing?.visibility;
  if (visibility === 4 && !fields.company_ids && !existing?.companyIds.length) errors.push({ field: 'company_ids', code: 'missing_field', message: 'Mandatory attribute missing' });
  if (fields.company_ids && visibility !== 4) errors.push({ field: 'company_ids', code: 'incompatible_field', message: 'Can be set only when forum_visibility is 4' });
  const unknown = ((fields.company_ids as number[] | undefined) ?? []).filter((id) => !ctx.store.companies.has(id));
  if (unknown.length > 0) errors.push(invalidValue('company_ids', `There are no companies matching the ids: ${unknown.join(',')}`));
  if (existing && typeof fields.forum_type === 'number' && fields.forum_type !== existing.forumType && ctx.store.topics.all().some((t) => t.forumId === existing.id)) {
    errors.push({ field: 'forum_type', code: 'incompatible_field', message: 'The forum type cannot be changed once the forum has topics' });
  }
  if (typeof fields.forum_category_id === 'number' && !ctx.store.forumCategories.has(fields.forum_category_id)) {
    errors.push(invalidValue('forum_category_id', 'There is no category matching the given forum_category_id'));
  }
  if (errors.length > 0) throw v2.validation(errors);
}

export function createForumHandler(ctx: Ctx): Reply {
  const c = category(ctx);
  const fields = checkBody(ctx.body, schemas.forumCreate, { form: false });
  checkForum(ctx, fields, null);
  uniqueName(ctx.store.forums.all(), fields.name, null);
  const now = ctx.now();
  const f: Forum = {
    id: ctx.store.nextId('forum'),
    categoryId: c.id,
    name: fields.name as string,
    description: (fields.description as string | null | undefined) ?? null,
    forumType: fields.forum_type as number,
    visibility: fields.forum_visibility as number,
    companyIds: (fields.company_ids as number[] | undefined) ?? [],
    position: ctx.store.forums.all().filter((x) => x.categoryId === c.id).length + 1,
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.forums.put(f);
  return { status: 201, body: forumV2(ctx.store, f), headers: { Location: `${ctx.baseUrl}/api/v2/discussions/forums/${f.id}` } };
}

export function listForumsHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, PAGING_PARAMS);
  const c = category(ctx);
  return paged(ctx, ctx.store.forums.all().filter((f) => f.categoryId === c.id), (f) => forumV2(ctx.store, f));
}

export function viewForumHandler(ctx: Ctx): Reply {
  return { status: 200, body: forumV2(ctx.store, forum(ctx)) };
}

export function updateForumHandler(ctx: Ctx): Reply {
  const f = forum(ctx);
  const fields = checkBody(ctx.body, schemas.forumUpdate, { form: false });
  checkForum(ctx, fields, f);
  uniqueName(ctx.store.forums.all(), fields.name, f.id);
  if (typeof fields.name === 'string') f.name = fields.name;
  if ('description' in fields) f.description = fields.description as string | null;
  if (typeof fields.forum_type === 'number') f.forumType = fields.forum_type;
  if (typeof fields.forum_visibility === 'number') f.visibility = fields.forum_visibility;
  if (Array.isArray(fields.company_ids)) f.companyIds = fields.company_ids as number[];
  if (typeof fields.forum_category_id === 'number') f.categoryId = fields.forum_category_id;
  f.updatedAt = ctx.now();
  return { status: 200, body: forumV2(ctx.store, f) };
}

export function deleteForumHandler(ctx: Ctx): Reply {
  removeForum(ctx.store, forum(ctx).id);
  return { status: 204 };
}

// ---- topics -------------------------------------------------------------------------------------------

/** Stamps allowed per forum type: ideas, questions (How To), problems, announcements. */
const STAMPS: Record<number, (number | null)[]> = { 1: [null, 6, 7], 2: [null, 1, 2, 3, 4, 5], 3: [null, 8, 9], 4: [null] };

function checkStamp(f: Forum, stamp: unknown): void {
  if (stamp === undefined) return;
  const allowed = STAMPS[f.forumType] ?? [null];
  if (!allowed.includes(stamp as number | null)) {
    throw v2.validation([invalidValue('stamp_type', `It should be one of these values: '${allowed.map(String).join(',')}'`)]);
  }
}

export function createTopicHandler(ctx: Ctx): Reply {
  const f = forum(ctx);
  const fields = checkBody(ctx.body, schemas.topicCreate, { form: false });
  checkStamp(f, fields.stamp_type);
  const now = ctx.now();
  const t: Topic = {
    id: ctx.store.nextId('topic'),
    forumId: f.id,
    userId: ctx.caller.id,
    title: fields.title as string,
    locked: (fields.locked as boolean | undefined) ?? false,
    sticky: (fields.sticky as boolean | undefined) ?? false,
    published: true,
    stampType: (fields.stamp_type as number | null | undefined) ?? null,
    hits: 0,
    userVotes: 0,
    mergedTopicId: null,
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.topics.put(t);
  addPost(ctx.store, t, ctx.caller.id, fields.message as string, now);
  return { status: 201, body: topicV2(ctx.store, t), headers: { Location: `${ctx.baseUrl}/api/v2/discussions/topics/${t.id}` } };
}

export function listTopicsHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, PAGING_PARAMS);
  const f = forum(ctx);
  return paged(ctx, ctx.store.topics.all().filter((t) => t.forumId === f.id), (t) => topicV2(ctx.store, t));
}

export function viewTopicHandler(ctx: Ctx): Reply {
  return { status: 200, body: topicV2(ctx.store, topic(ctx)) };
}

export function updateTopicHandler(ctx: Ctx): Reply {
  const t = topic(ctx);
  const fields = checkBody(ctx.body, schemas.topicUpdate, { form: false });
  const target = typeof fields.forum_id === 'number' ? ctx.store.forums.get(fields.forum_id) : ctx.store.forums.get(t.forumId);
  if (!target) throw v2.validation([invalidValue('forum_id', 'There is no forum matching the given forum_id')]);
  checkStamp(target, fields.stamp_type);
  const now = ctx.now();
  if (typeof fields.title === 'string') t.title = fields.title;
  if (typeof fields.sticky === 'boolean') t.sticky = fields.sticky;
  if (typeof fields.locked === 'boolean') t.locked = fields.locked;
  if ('stamp_type' in fields) t.stampType = fields.stamp_type as number | null;
  if (target.id !== t.forumId) {
    t.forumId = target.id;
    for (const p of ctx.store.postsOf(t.id)) p.forumId = target.id;
  }
  if (typeof fields.message === 'string') {
    const first = ctx.store.postsOf(t.id)[0];
    if (first) {
      first.bodyHtml = fields.message;
      first.bodyText = htmlToText(fields.message);
      first.updatedAt = now;
    }
  }
  t.updatedAt = now;
  return { status: 200, body: topicV2(ctx.store, t) };
}

export function deleteTopicHandler(ctx: Ctx): Reply {
  removeTopic(ctx.store, topic(ctx).id);
  return { status: 204 };
}

// ---- comments ----------------------------------------------------------------------------------------

export function createCommentHandler(ctx: Ctx): Reply {
  const t = topic(ctx);
  const fields = checkBody(ctx.body, schemas.commentCreate, { form: false });
  if (t.locked) throw v2.validation([{ field: 'topic_id', code: 'incompatible_field', message: 'The topic is locked' }]);
  const p = addPost(ctx.store, t, ctx.caller.id, fields.body as string, ctx.now());
  return { status: 201, body: commentV2(p), headers: { Location: `${ctx.baseUrl}/api/v2/discussions/comments/${p.id}` } };
}

export function listCommentsHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, PAGING_PARAMS);
  return paged(ctx, ctx.store.postsOf(topic(ctx).id), commentV2);
}

export function updateCommentHandler(ctx: Ctx): Reply {
  const p = comment(ctx);
  const fields = checkBody(ctx.body, schemas.commentUpdate, { form: false });
  if (typeof fields.body === 'string') {
    p.bodyHtml = fields.body;
    p.bodyText = htmlToText(fields.body);
  }
  if (typeof fields.answer === 'boolean') p.answer = fields.answer;
  p.updatedAt = ctx.now();
  return { status: 200, body: commentV2(p) };
}

export function deleteCommentHandler(ctx: Ctx): Reply {
  ctx.store.removePost(comment(ctx).id);
  return { status: 204 };
}

// ---- following ----------------------------------------------------------------------------------------

/** The follow subject, or the v2 error for asking about someone else. */
function subject(ctx: Ctx, requested: number | null): number {
  const result = followSubject(ctx.store, ctx.caller, requested);
  if (result.ok) return result.userId;
  if (result.reason === 'forbidden') throw v2.accessDenied('Only an administrator may act for another user');
  throw v2.validation([invalidValue('user_id', 'There is no user matching the given user_id')]);
}

function followable(ctx: Ctx, type: 'Topic' | 'Forum'): number {
  return type === 'Topic' ? topic(ctx).id : forum(ctx).id;
}

export const followHandler = (type: 'Topic' | 'Forum') => (ctx: Ctx): Reply => {
  const id = followable(ctx, type);
  const fields = checkBody(ctx.body, schemas.follow, { form: false });
  follow(ctx.store, subject(ctx, (fields.user_id as number | undefined) ?? null), type, id);
  return { status: 204 };
};

export const unfollowHandler = (type: 'Topic' | 'Forum') => (ctx: Ctx): Reply => {
  checkQuery(ctx.query, ['user_id']);
  const id = followable(ctx, type);
  unfollow(ctx.store, subject(ctx, queryId(ctx.query, 'user_id')), type, id);
  return { status: 204 };
};

/** 204 when following, 404 when not: no body either way. */
export const isFollowingHandler = (type: 'Topic' | 'Forum') => (ctx: Ctx): Reply => {
  checkQuery(ctx.query, ['user_id']);
  const id = followable(ctx, type);
  const userId = subject(ctx, queryId(ctx.query, 'user_id'));
  const m = ctx.store.monitorship(userId, type, id);
  return { status: m?.active ? 204 : 404 };
};

export function followedByHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, ['user_id', ...PAGING_PARAMS]);
  const userId = subject(ctx, queryId(ctx.query, 'user_id'));
  const topics = ctx.store.monitorships
    .all()
    .filter((m) => m.userId === userId && m.monitorableType === 'Topic' && m.active)
    .map((m) => ctx.store.topics.get(m.monitorableId))
    .filter((t): t is Topic => t !== undefined);
  return paged(ctx, topics, (t) => topicV2(ctx.store, t));
}
