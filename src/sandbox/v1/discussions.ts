/**
 * v1 discussions: forum categories, forums, topics, posts and monitorships, in the spec 001
 * spellings and the older ones of the official samples.
 */
import { addPost, follow, followSubject, removeForum, removeForumCategory, removeTopic, unfollow } from '../domain/index.ts';
import type { Ctx, Reply } from '../context.ts';
import { v1 } from '../errors.ts';
import type { Forum, ForumCategory, Post, Topic } from '../model.ts';
import { htmlToText, textToHtml } from '../text.ts';
import { bool, int, list, str, strOrNull, wrapped, type Params } from './coerce.ts';
import { forumCategoryV1, forumV1, monitorshipV1, postV1, topicObjectV1, topicV1 } from './present.ts';

export function found<T>(value: T | undefined): T {
  if (value === undefined) throw v1.notFound();
  return value;
}

export const num = (ctx: Ctx, name: string) => Number(ctx.params[name]);

export function uniqueName(items: { id: number; name: string }[], name: string | undefined, self: number | null): void {
  if (name && items.some((i) => i.id !== self && i.name.toLowerCase() === name.toLowerCase())) throw v1.invalid('Name has already been taken');
}

// ---- forum categories ---------------------------------------------------------------------------------

export function createForumCategoryV1(ctx: Ctx): Reply {
  const p = wrapped(ctx, 'forum_category');
  const name = str(p, 'name');
  if (!name) throw v1.invalid("Name can't be blank");
  uniqueName(ctx.store.forumCategories.all(), name, null);
  const now = ctx.now();
  const c: ForumCategory = { id: ctx.store.nextId('forumCategory'), name, description: strOrNull(p, 'description') ?? null, position: ctx.store.forumCategories.size + 1, createdAt: now, updatedAt: now };
  ctx.store.forumCategories.put(c);
  return { status: 201, body: forumCategoryV1(ctx.store, c, { forums: false }) };
}

export function listForumCategoriesV1(ctx: Ctx): Reply {
  return { status: 200, body: ctx.store.forumCategories.all().map((c) => forumCategoryV1(ctx.store, c, { forums: false })), xmlRoot: 'forum_categories' };
}

export function viewForumCategoryV1(ctx: Ctx): Reply {
  const c = found(ctx.store.forumCategories.get(num(ctx, 'id')));
  return { status: 200, body: forumCategoryV1(ctx.store, c, { forums: true }) };
}

export function updateForumCategoryV1(ctx: Ctx): Reply {
  const c = found(ctx.store.forumCategories.get(num(ctx, 'id')));
  const p = wrapped(ctx, 'forum_category');
  uniqueName(ctx.store.forumCategories.all(), str(p, 'name'), c.id);
  if (str(p, 'name')) c.name = str(p, 'name')!;
  if ('description' in p) c.description = strOrNull(p, 'description') ?? null;
  c.updatedAt = ctx.now();
  return { status: 200 };
}

/** Answers the deleted category with position null (spec 001). */
export function deleteForumCategoryV1(ctx: Ctx): Reply {
  const c = found(ctx.store.forumCategories.get(num(ctx, 'id')));
  removeForumCategory(ctx.store, c.id);
  return { status: 200, body: forumCategoryV1(ctx.store, c, { forums: false, position: null }) };
}

// ---- forums ---------------------------------------------------------------------------------------------

function readForum(ctx: Ctx, existing: Forum | null, categoryFromPath?: number) {
  const p = wrapped(ctx, 'forum');
  const name = str(p, 'name');
  const categoryId = categoryFromPath ?? int(p, 'forum_category_id');
  const type = int(p, 'forum_type');
  const visibility = int(p, 'forum_visibility');
  if (!existing) {
    if (!name) throw v1.invalid("Name can't be blank");
    if (categoryId === undefined) throw v1.invalid("Forum category can't be blank");
    if (type === undefined) throw v1.invalid("Forum type can't be blank");
    if (visibility === undefined) throw v1.invalid("Forum visibility can't be blank");
  }
  if (categoryId !== undefined && !ctx.store.forumCategories.has(categoryId)) throw v1.invalid('Forum category is invalid');
  if (type !== undefined && (type < 1 || type > 4)) throw v1.invalid('Forum type is invalid');
  if (visibility !== undefined && (visibility < 1 || visibility > 4)) throw v1.invalid('Forum visibility is invalid');
  uniqueName(ctx.store.forums.all(), name, existing?.id ?? null);
  // the official samples sent companies as customer_forums_attributes: {customer_id: [...]}
  const attrs = p.customer_forums_attributes;
  const companyIds = typeof attrs === 'object' && attrs !== null ? list(attrs as Params, 'customer_id')?.map(Number) : undefined;
  return { p, name, categoryId, type, visibility, companyIds };
}

export const createForumV1 = (fromPath: boolean) => (ctx: Ctx): Reply => {
  const input = readForum(ctx, null, fromPath ? found(ctx.store.forumCategories.get(num(ctx, 'cid'))).id : undefined);
  const now = ctx.now();
  const f: Forum = {
    id: ctx.store.nextId('forum'),
    categoryId: input.categoryId!,
    name: input.name!,
    description: strOrNull(input.p, 'description') ?? null,
    forumType: input.type!,
    visibility: input.visibility!,
    companyIds: input.companyIds ?? [],
    position: ctx.store.forums.all().filter((x) => x.categoryId === input.categoryId).length + 1,
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.forums.put(f);
  return { status: 201, body: forumV1(ctx.store, f, { topics: false }) };
};

function forumOf(ctx: Ctx): Forum {
  const f = found(ctx.store.forums.get(num(ctx, ctx.params.fid !== undefined ? 'fid' : 'id')));
  if (ctx.params.cid !== undefined && f.categoryId !== num(ctx, 'cid')) throw v1.notFound();
  return f;
}

export function listCategoryForumsV1(ctx: Ctx): Reply {
  const c = found(ctx.store.forumCategories.get(num(ctx, 'cid')));
  return { status: 200, body: ctx.store.forums.all().filter((f) => f.categoryId === c.id).map((f) => forumV1(ctx.store, f, { topics: false })), xmlRoot: 'forums' };
}

export function viewForumV1(ctx: Ctx): Reply {
  return { status: 200, body: forumV1(ctx.store, forumOf(ctx), { topics: true }) };
}

export function updateForumV1(ctx: Ctx): Reply {
  const f = forumOf(ctx);
  const input = readForum(ctx, f);
  if (input.name) f.name = input.name;
  if ('description' in input.p) f.description = strOrNull(input.p, 'description') ?? null;
  if (input.categoryId !== undefined) f.categoryId = input.categoryId;
  if (input.type !== undefined) f.forumType = input.type;
  if (input.visibility !== undefined) f.visibility = input.visibility;
  if (input.companyIds) f.companyIds = input.companyIds;
  f.updatedAt = ctx.now();
  return { status: 200 };
}

export function deleteForumV1(ctx: Ctx): Reply {
  removeForum(ctx.store, forumOf(ctx).id);
  return { status: 200 };
}

// ---- topics and posts ------------------------------------------------------------------------------------

function topicOf(ctx: Ctx): Topic {
  const t = found(ctx.store.topics.get(num(ctx, ctx.params.tid !== undefined ? 'tid' : 'id')));
  if (ctx.params.fid !== undefined && t.forumId !== num(ctx, 'fid')) throw v1.notFound();
  return t;
}

/** `{topic:{title, body_html, forum_id, sticky, locked}}`; sticky and locked accept 0/1. */
export const createTopicV1 = (fromPath: boolean) => (ctx: Ctx): Reply => {
  const p = wrapped(ctx, 'topic');
  const forumId = fromPath ? forumOf(ctx).id : int(p, 'forum_id');
  const title = str(p, 'title');
  const html = str(p, 'body_html') ?? (str(p, 'body') !== undefined ? textToHtml(str(p, 'body')!) : undefined);
  if (!title) throw v1.invalid("Title can't be blank");
  if (!html) throw v1.invalid("Body html can't be blank");
  if (forumId === undefined || !ctx.store.forums.has(forumId)) throw v1.invalid('Forum is invalid');
  const now = ctx.now();
  const t: Topic = {
    id: ctx.store.nextId('topic'),
    forumId,
    userId: ctx.caller.id,
    title,
    locked: bool(p, 'locked') ?? false,
    sticky: bool(p, 'sticky') ?? false,
    published: true,
    stampType: int(p, 'stamp_type') ?? null,
    hits: 0,
    userVotes: 0,
    mergedTopicId: null,
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.topics.put(t);
  addPost(ctx.store, t, ctx.caller.id, html, now);
  return { status: 200, body: topicV1(ctx.store, t, { posts: false }) };
};

export function listForumTopicsV1(ctx: Ctx): Reply {
  const f = forumOf(ctx);
  return { status: 200, body: ctx.store.topics.all().filter((t) => t.forumId === f.id).map((t) => topicV1(ctx.store, t, { posts: false })), xmlRoot: 'topics' };
}

export function viewTopicV1(ctx: Ctx): Reply {
  return { status: 200, body: topicV1(ctx.store, topicOf(ctx), { posts: true }) };
}

export function updateTopicV1(ctx: Ctx): Reply {
  const t = topicOf(ctx);
  const p = wrapped(ctx, 'topic');
  const forumId = int(p, 'forum_id');
  if (forumId !== undefined && !ctx.store.forums.has(forumId)) throw v1.invalid('Forum is invalid');
  const locked = bool(p, 'locked');
  const sticky = bool(p, 'sticky');
  const stampType = 'stamp_type' in p ? (int(p, 'stamp_type') ?? null) : undefined;
  const now = ctx.now();
  if (str(p, 'title')) t.title = str(p, 'title')!;
  if (locked !== undefined) t.locked = locked;
  if (sticky !== undefined) t.sticky = sticky;
  if (stampType !== undefined) t.stampType = stampType;
  if (forumId !== undefined && forumId !== t.forumId) {
    t.forumId = forumId;
    for (const post of ctx.store.postsOf(t.id)) post.forumId = forumId;
  }
  const html = str(p, 'body_html');
  const first = ctx.store.postsOf(t.id)[0];
  if (html && first) {
    first.bodyHtml = html;
    first.bodyText = htmlToText(html);
    first.updatedAt = now;
  }
  t.updatedAt = now;
  return { status: 200 };
}

export function deleteTopicV1(ctx: Ctx): Reply {
  removeTopic(ctx.store, topicOf(ctx).id);
  return { status: 200 };
}

function postBody(p: Params): { html: string; text: string } | undefined {
  const html = str(p, 'body_html');
  if (html) return { html, text: htmlToText(html) };
  const text = str(p, 'body');
  if (text) return { html: textToHtml(text), text };
  return undefined;
}

export function createPostV1(ctx: Ctx): Reply {
  const t = topicOf(ctx);
  const body = postBody(wrapped(ctx, 'post'));
  if (!body) throw v1.invalid("Body html can't be blank");
  if (t.locked) throw v1.invalid('Topic is locked');
  const p = addPost(ctx.store, t, ctx.caller.id, body.html, ctx.now());
  return { status: 201, body: postV1(ctx.store, p) };
}

function postOf(ctx: Ctx): Post {
  const p = found(ctx.store.posts.get(num(ctx, 'pid')));
  const topicId = ctx.params.tid ?? ctx.params.id ?? ctx.query.get('topic_id');
  if (topicId !== undefined && topicId !== null && topicId !== '' && p.topicId !== Number(topicId)) throw v1.notFound();
  return p;
}

export function updatePostV1(ctx: Ctx): Reply {
  const p = postOf(ctx);
  const input = wrapped(ctx, 'post');
  const body = postBody(input);
  const answer = bool(input, 'answer');
  if (body) {
    p.bodyHtml = body.html;
    p.bodyText = body.text;
  }
  if (answer !== undefined) p.answer = answer;
  p.updatedAt = ctx.now();
  return { status: 200 };
}

export function deletePostV1(ctx: Ctx): Reply {
  ctx.store.removePost(postOf(ctx).id);
  return { status: 200 };
}

// ---- monitorships ----------------------------------------------------------------------------------------

/** The user a monitorship call is about: only an admin may ask about someone else. */
function subjectOf(ctx: Ctx): number {
  const raw = ctx.query.get('user_id');
  const result = followSubject(ctx.store, ctx.caller, raw !== null && /^\d+$/.test(raw) ? Number(raw) : null);
  if (result.ok) return result.userId;
  throw result.reason === 'forbidden' ? v1.accessDenied() : v1.invalid('User is invalid');
}

function monitorable(ctx: Ctx, type: 'Topic' | 'Forum'): number {
  return type === 'Topic' ? topicOf(ctx).id : forumOf(ctx).id;
}

export const followV1 = (type: 'Topic' | 'Forum') => (ctx: Ctx): Reply => {
  follow(ctx.store, subjectOf(ctx), type, monitorable(ctx, type));
  return { status: 200 };
};

export const unfollowV1 = (type: 'Topic' | 'Forum') => (ctx: Ctx): Reply => {
  unfollow(ctx.store, subjectOf(ctx), type, monitorable(ctx, type));
  return { status: 200 };
};

/** `{monitorship}`: active false after an unfollow; 404 when the user never followed. */
export const isFollowingV1 = (type: 'Topic' | 'Forum') => (ctx: Ctx): Reply => {
  const m = ctx.store.monitorship(subjectOf(ctx), type, monitorable(ctx, type));
  if (!m) throw v1.notFound();
  return { status: 200, body: monitorshipV1(m) };
};

export function userMonitoredV1(ctx: Ctx): Reply {
  const userId = subjectOf(ctx);
  const topics = ctx.store.monitorships
    .all()
    .filter((m) => m.userId === userId && m.monitorableType === 'Topic' && m.active)
    .map((m) => ctx.store.topics.get(m.monitorableId))
    .filter((t): t is Topic => t !== undefined)
    .map((t) => ({ topic: topicObjectV1(ctx.store, t) }));
  return { status: 200, body: topics, xmlRoot: 'topics' };
}
