/**
 * v1 shapes every family uses: source and priority names, timestamps in the account offset, v1 ticket field names.
 */
import type { Store } from '../../store.ts';
import { formatWithOffset, formatWithOffsetOrNull } from '../../time.ts';

export const SOURCE_NAMES: Record<number, string> = {
  1: 'Email',
  2: 'Portal',
  3: 'Phone',
  4: 'Forum',
  5: 'Twitter',
  6: 'Facebook',
  7: 'Chat',
  8: 'Mobihelp',
  9: 'Feedback Widget',
  10: 'Outbound Email',
};

export const PRIORITY_NAMES: Record<number, string> = { 1: 'Low', 2: 'Medium', 3: 'High', 4: 'Urgent' };


/** Timestamp formatter bound to the account offset. */
export function clock(store: Store) {
  const offset = store.account.utcOffset;
  return {
    at: (ms: number) => formatWithOffset(ms, offset),
    atOrNull: (ms: number | null) => formatWithOffsetOrNull(ms, offset),
  };
}


/** v1 name of a ticket custom field: the v2 name plus `_<account id>`. */
export function v1TicketFieldName(store: Store, name: string): string {
  return `${name}_${store.account.id}`;
}
