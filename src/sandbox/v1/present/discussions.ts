/**
 * v1 discussion shapes: forum categories, forums, topics, posts, monitorships.
 */
import type { Forum, ForumCategory, Monitorship, Post, Topic } from '../../model.ts';
import type { Store } from '../../store.ts';
import { clock } from './common.ts';

export function forumObjectV1(store: Store, f: Forum) {
  const topics = store.topics.all().filter((t) => t.forumId === f.id);
  return {
    description: f.description ?? '',
    description_html: f.description ? `<p>${f.description}</p>` : '',
    forum_category_id: f.categoryId,
    forum_type: f.forumType,
    forum_visibility: f.visibility,
    id: f.id,
    name: f.name,
    position: f.position,
    posts_count: topics.reduce((n, t) => n + store.postsOf(t.id).length, 0),
    topics_count: topics.length,
  };
}


export function forumCategoryV1(store: Store, c: ForumCategory, options: { forums: boolean; position?: number | null }) {
  const t = clock(store);
  const out: Record<string, unknown> = {
    created_at: t.at(c.createdAt),
    description: c.description,
    id: c.id,
    name: c.name,
    position: options.position === undefined ? c.position : options.position,
    updated_at: t.at(c.updatedAt),
  };
  if (options.forums) out.forums = store.forums.all().filter((f) => f.categoryId === c.id).map((f) => forumObjectV1(store, f));
  return { forum_category: out };
}


export function forumV1(store: Store, f: Forum, options: { topics: boolean }) {
  const out: Record<string, unknown> = forumObjectV1(store, f);
  if (options.topics) out.topics = store.topics.all().filter((t) => t.forumId === f.id).map((t) => topicObjectV1(store, t));
  return { forum: out };
}


export function topicObjectV1(store: Store, t: Topic) {
  const c = clock(store);
  const posts = store.postsOf(t.id);
  const last = posts[posts.length - 1];
  return {
    created_at: c.at(t.createdAt),
    forum_id: t.forumId,
    hits: t.hits,
    id: t.id,
    last_post_id: last?.id ?? null,
    locked: t.locked,
    posts_count: posts.length,
    replied_at: last ? c.at(last.createdAt) : null,
    replied_by: last?.userId ?? null,
    stamp_type: t.stampType,
    sticky: t.sticky ? 1 : 0,
    title: t.title,
    updated_at: c.at(t.updatedAt),
    user_id: t.userId,
    user_votes: t.userVotes,
  };
}


export function topicV1(store: Store, t: Topic, options: { posts: boolean }) {
  const out: Record<string, unknown> = topicObjectV1(store, t);
  if (options.posts) out.posts = store.postsOf(t.id).map((p) => postObjectV1(store, p));
  return { topic: out };
}


export function postObjectV1(store: Store, p: Post) {
  const c = clock(store);
  return {
    answer: p.answer,
    body: p.bodyText,
    body_html: p.bodyHtml,
    created_at: c.at(p.createdAt),
    forum_id: p.forumId,
    id: p.id,
    topic_id: p.topicId,
    updated_at: c.at(p.updatedAt),
    user_id: p.userId,
  };
}


export function postV1(store: Store, p: Post) {
  return { post: postObjectV1(store, p) };
}


export function monitorshipV1(m: Monitorship) {
  return { monitorship: { active: m.active, id: m.id, monitorable_id: m.monitorableId, monitorable_type: m.monitorableType, user_id: m.userId } };
}
