/**
 * Discussion operations both surfaces share: posting, following (monitorships), who a follow call
 * may be about, and cascading deletes. No HTTP here; callers map the outcomes to status codes.
 */
import type { Monitorship, Post, Topic, User } from '../model.ts';
import type { Store } from '../store.ts';
import { htmlToText } from '../text.ts';

export function addPost(store: Store, t: Topic, userId: number, html: string, now: number): Post {
  const p: Post = {
    id: store.nextId('post'),
    topicId: t.id,
    forumId: t.forumId,
    userId,
    bodyHtml: html,
    bodyText: htmlToText(html),
    answer: false,
    published: true,
    spam: false,
    trash: false,
    createdAt: now,
    updatedAt: now,
  };
  store.putPost(p);
  t.updatedAt = now;
  return p;
}

export type FollowSubject = { ok: true; userId: number } | { ok: false; reason: 'forbidden' | 'unknown_user' };

/** The user a follow call is about: the caller, or someone else, which only an admin may ask. */
export function followSubject(store: Store, caller: User, requested: number | null): FollowSubject {
  if (requested === null || requested === caller.id) return { ok: true, userId: caller.id };
  if (caller.agent?.role !== 'admin') return { ok: false, reason: 'forbidden' };
  if (!store.users.has(requested)) return { ok: false, reason: 'unknown_user' };
  return { ok: true, userId: requested };
}

export function follow(store: Store, userId: number, type: 'Topic' | 'Forum', id: number): Monitorship {
  const existing = store.monitorship(userId, type, id);
  if (existing) {
    existing.active = true;
    return existing;
  }
  return store.monitorships.put({ id: store.nextId('monitorship'), userId, monitorableType: type, monitorableId: id, active: true });
}

/** Unfollowing keeps the monitorship record with active=false, as the service did. */
export function unfollow(store: Store, userId: number, type: 'Topic' | 'Forum', id: number): void {
  const existing = store.monitorship(userId, type, id);
  if (existing) existing.active = false;
}

// Deleting a parent removes what hangs below it (neither API can restore these).

export function removeTopic(store: Store, id: number): void {
  for (const p of store.postsOf(id)) store.removePost(p.id);
  for (const m of store.monitorships.all()) if (m.monitorableType === 'Topic' && m.monitorableId === id) store.monitorships.delete(m.id);
  store.topics.delete(id);
}

export function removeForum(store: Store, id: number): void {
  for (const t of store.topics.all()) if (t.forumId === id) removeTopic(store, t.id);
  for (const m of store.monitorships.all()) if (m.monitorableType === 'Forum' && m.monitorableId === id) store.monitorships.delete(m.id);
  store.forums.delete(id);
}

export function removeForumCategory(store: Store, id: number): void {
  for (const f of store.forums.all()) if (f.categoryId === id) removeForum(store, f.id);
  store.forumCategories.delete(id);
}
