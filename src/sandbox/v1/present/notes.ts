/**
 * v1 note shape ({note}).
 */
import type { Conversation } from '../../model.ts';
import type { Store } from '../../store.ts';
import { clock } from './common.ts';
import { attachmentV1 } from './tickets.ts';

export function noteV1(store: Store, baseUrl: string, n: Conversation) {
  const c = clock(store);
  return {
    note: {
      attachments: n.attachments.map((a) => attachmentV1(store, baseUrl, a)),
      body: n.bodyText,
      body_html: n.bodyHtml,
      created_at: c.at(n.createdAt),
      deleted: n.deleted,
      id: n.id,
      incoming: n.incoming,
      private: n.private,
      source: n.source,
      to_emails: n.toEmails,
      updated_at: c.at(n.updatedAt),
      user_id: n.userId,
    },
  };
}
