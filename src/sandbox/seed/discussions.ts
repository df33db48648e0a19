/**
 * Seeded forum categories, forums, topics, posts and monitorships.
 */
import type { Forum, ForumCategory, Monitorship, Post, Topic, User } from '../model.ts';
import { type Rng } from '../prng.ts';
import { FORUM_CATEGORY_NAMES, NOTE_BODIES, TOPIC_TITLES } from '../seed-data.ts';
import { escapeHtml, htmlToText } from '../text.ts';
import { DAY, HOUR, Ids } from './common.ts';

// ---- discussions and solutions -----------------------------------------------------------------

export function seedDiscussions(rng: Rng, ids: Ids, agents: User[], contacts: User[], at: number) {
  const forumCategories: ForumCategory[] = [];
  const forums: Forum[] = [];
  const topics: Topic[] = [];
  const posts: Post[] = [];
  const monitorships: Monitorship[] = [];
  FORUM_CATEGORY_NAMES.forEach((name, i) => {
    const created = at + i * DAY;
    forumCategories.push({ id: ids.next('forumCategory'), name, description: `${name} forums`, position: i + 1, createdAt: created, updatedAt: created });
  });
  const forumDefs: [number, string, number, number][] = [
    [0, 'Getting help', 1, 1],
    [0, 'Tips and tricks', 1, 2],
    [1, 'Feature requests', 2, 1],
    [1, 'Bug reports', 3, 2],
    [2, 'Product news', 4, 1],
    [2, 'Agent announcements', 4, 3],
  ];
  forumDefs.forEach(([cat, name, type, visibility], i) => {
    const created = at + (3 + i) * DAY;
    forums.push({
      id: ids.next('forum'),
      categoryId: forumCategories[cat]!.id,
      name,
      description: `${name} from the community`,
      forumType: type,
      visibility,
      companyIds: [],
      position: (i % 2) + 1,
      createdAt: created,
      updatedAt: created,
    });
  });
  TOPIC_TITLES.forEach((title, i) => {
    const forum = forums[i % 5]!;
    const author = i % 3 === 0 ? agents[0]! : rng.pick(contacts.slice(0, 50));
    const created = at + (10 + i * 7) * DAY;
    const topic: Topic = {
      id: ids.next('topic'),
      forumId: forum.id,
      userId: author.id,
      title,
      locked: i === 4,
      sticky: i === 0,
      published: true,
      stampType: forum.forumType === 2 ? rng.pick([1, 2, 3]) : null,
      hits: rng.int(5, 500),
      userVotes: rng.int(0, 40),
      mergedTopicId: null,
      createdAt: created,
      updatedAt: created,
    };
    topics.push(topic);
    const replies = rng.int(1, 4);
    let postAt = created;
    for (let p = 0; p <= replies; p++) {
      const first = p === 0;
      const html = first ? `<p>${escapeHtml(title)}: details inside.</p>` : `<p>${escapeHtml(rng.pick(NOTE_BODIES))}</p>`;
      const postAuthor = first ? author : rng.chance(0.5) ? rng.pick(agents) : rng.pick(contacts.slice(0, 50));
      posts.push({
        id: ids.next('post'),
        topicId: topic.id,
        forumId: forum.id,
        userId: postAuthor.id,
        bodyHtml: html,
        bodyText: htmlToText(html),
        answer: !first && p === replies && forum.forumType === 1 && rng.chance(0.5),
        published: true,
        spam: false,
        trash: false,
        createdAt: postAt,
        updatedAt: postAt,
      });
      postAt += rng.int(1, 72) * HOUR;
    }
    topic.updatedAt = postAt;
  });
  const follow = (userId: number, type: 'Topic' | 'Forum', id: number) =>
    monitorships.push({ id: ids.next('monitorship'), userId, monitorableType: type, monitorableId: id, active: true });
  follow(agents[0]!.id, 'Topic', topics[0]!.id);
  follow(agents[0]!.id, 'Forum', forums[0]!.id);
  follow(agents[2]!.id, 'Topic', topics[1]!.id);
  follow(agents[2]!.id, 'Topic', topics[0]!.id);
  return { forumCategories, forums, topics, posts, monitorships };
}
