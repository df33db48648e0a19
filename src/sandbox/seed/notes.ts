/**
 * Seeded conversations: replies, customer replies, public, private and meta notes.
 */
import type { Conversation, Ticket, User } from '../model.ts';
import { NOTE_BODIES, REPLY_BODIES } from '../seed-data.ts';
import { escapeHtml, htmlToText } from '../text.ts';
import { World, attachment } from './tickets.ts';

/** kind: 0 agent reply, 1 customer reply (incoming), 2 public note, 3 private note, 4 meta note */
export function conversation(world: World, ticket: Ticket, kind: number, agent: User, requester: User, at: number, showcase: boolean): Conversation {
  const { rng, ids } = world;
  let text: string;
  let html: string;
  if (kind === 4) {
    text = 'Ticket was assigned by automation rule "Route by product"';
    html = `<div>${escapeHtml(text)}</div>`;
  } else {
    text = kind === 0 ? rng.pick(REPLY_BODIES) : kind === 1 ? 'Thanks, that helped. One more question though.' : rng.pick(NOTE_BODIES);
    html = `<div>${escapeHtml(text)}</div>`;
  }
  const fromCustomer = kind === 1;
  const support = world.emailConfigs.find((e) => e.id === ticket.emailConfigId) ?? world.emailConfigs[0]!;
  return {
    id: ids.next('conversation'),
    ticketDisplayId: ticket.displayId,
    userId: fromCustomer ? requester.id : agent.id,
    bodyHtml: html,
    bodyText: htmlToText(html),
    source: kind === 0 || kind === 1 ? 0 : kind === 4 ? 4 : 2,
    private: kind === 3 || kind === 4,
    incoming: fromCustomer,
    toEmails: kind === 0 ? [requester.email ?? 'unknown@mail.example'] : kind === 1 ? [support.toEmail] : [],
    ccEmails: kind === 0 ? ticket.replyCcEmails.slice() : [],
    bccEmails: [],
    fromEmail: kind === 0 ? support.replyEmail : kind === 1 ? requester.email : null,
    supportEmail: kind === 0 || kind === 1 ? support.replyEmail : null,
    attachments: showcase && kind === 1 ? [attachment(world, at, 2)] : [],
    deleted: false,
    lastEditedAt: null,
    lastEditedUserId: null,
    createdAt: at,
    updatedAt: at,
  };
}
