/**
 * v2 discussion shapes: forum categories, forums, topics, comments.
 */
import type { Forum, ForumCategory, Post, Topic } from '../../model.ts';
import type { Store } from '../../store.ts';
import { formatUtc } from '../../time.ts';

export function forumCategoryV2(c: ForumCategory) {
  return { id: c.id, name: c.name, description: c.description, created_at: formatUtc(c.createdAt), updated_at: formatUtc(c.updatedAt) };
}


export function forumV2(store: Store, f: Forum) {
  const topics = store.topics.all().filter((t) => t.forumId === f.id);
  const posts = topics.reduce((n, t) => n + store.postsOf(t.id).length, 0);
  return {
    id: f.id,
    name: f.name,
    description: f.description,
    position: f.position,
    forum_category_id: f.categoryId,
    forum_type: f.forumType,
    forum_visibility: f.visibility,
    topics_count: topics.length,
    posts_count: posts,
    company_ids: f.visibility === 4 ? f.companyIds : null,
  };
}


export function topicV2(store: Store, t: Topic) {
  const posts = store.postsOf(t.id);
  const last = posts[posts.length - 1];
  return {
    id: t.id,
    title: t.title,
    forum_id: t.forumId,
    user_id: t.userId,
    locked: t.locked,
    published: t.published,
    stamp_type: t.stampType,
    replied_at: last && posts.length > 1 ? formatUtc(last.createdAt) : null,
    replied_by: last && posts.length > 1 ? last.userId : null,
    posts_count: posts.length,
    sticky: t.sticky,
    merged_topic_id: t.mergedTopicId,
    hits: t.hits,
    user_votes: t.userVotes,
    created_at: formatUtc(t.createdAt),
    updated_at: formatUtc(t.updatedAt),
  };
}


export function commentV2(p: Post) {
  return {
    id: p.id,
    body: p.bodyHtml,
    body_text: p.bodyText,
    answer: p.answer,
    published: p.published,
    spam: p.spam,
    trash: p.trash,
    topic_id: p.topicId,
    forum_id: p.forumId,
    user_id: p.userId,
    created_at: formatUtc(p.createdAt),
    updated_at: formatUtc(p.updatedAt),
  };
}
