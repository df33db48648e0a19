/**
 * Conversations (notes, replies, forwards) both surfaces add, and the support address of a ticket.
 */
import type { UploadedFile } from '../body.ts';
import type { Conversation, Ticket } from '../model.ts';
import type { Store } from '../store.ts';
import { storeAttachments } from './attachments.ts';

// ---- conversations ----------------------------------------------------------------------------

export interface ConversationDraft {
  userId: number;
  bodyHtml: string;
  bodyText: string;
  source: number;
  private: boolean;
  incoming: boolean;
  toEmails?: string[];
  ccEmails?: string[];
  bccEmails?: string[];
  fromEmail?: string | null;
  supportEmail?: string | null;
  files?: UploadedFile[];
}

export function addConversation(store: Store, ticket: Ticket, draft: ConversationDraft, now: number): Conversation {
  const conversation: Conversation = {
    id: store.nextId('conversation'),
    ticketDisplayId: ticket.displayId,
    userId: draft.userId,
    bodyHtml: draft.bodyHtml,
    bodyText: draft.bodyText,
    source: draft.source,
    private: draft.private,
    incoming: draft.incoming,
    toEmails: draft.toEmails ?? [],
    ccEmails: draft.ccEmails ?? [],
    bccEmails: draft.bccEmails ?? [],
    fromEmail: draft.fromEmail ?? null,
    supportEmail: draft.supportEmail ?? null,
    attachments: storeAttachments(store, draft.files ?? [], now),
    deleted: false,
    lastEditedAt: null,
    lastEditedUserId: null,
    createdAt: now,
    updatedAt: now,
  };
  store.putConversation(conversation);
  if (draft.source === 0 && !draft.incoming) {
    ticket.stats.firstRespondedAt ??= now;
    ticket.stats.agentRespondedAt = now;
  }
  ticket.updatedAt = now;
  return conversation;
}

export function supportEmailOf(store: Store, ticket: Ticket): string {
  const config = ticket.emailConfigId === null ? undefined : store.emailConfigs.get(ticket.emailConfigId);
  return (config ?? store.primaryEmailConfig())?.replyEmail ?? 'support@sandbox.example';
}
