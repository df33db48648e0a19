/**
 * What every seeding module uses: time units, the account's ticket types and product lines, id
 * counters, blank users, slugs and dates.
 */
import { ACCOUNT_TIME_ZONE } from '../constants.ts';
import type { IdKind, User } from '../model.ts';
import { ID_BASES } from '../store.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const TICKET_TYPES = ['Question', 'Incident', 'Problem', 'Feature Request', 'Refund'];
export const PRODUCT_LINES = ['Widgets', 'Gadgets', 'Gizmos', 'Services'];

/** Incrementing ids per kind, starting from the ranges in store.ts. */
export class Ids {
  readonly counters: Record<IdKind, number> = { ...ID_BASES };
  next(kind: IdKind): number {
    this.counters[kind] += 1;
    return this.counters[kind];
  }
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '');
}

export function blankUser(id: number, name: string, at: number): User {
  return {
    id,
    name,
    email: null,
    phone: null,
    mobile: null,
    twitterId: null,
    facebookId: null,
    uniqueExternalId: null,
    address: null,
    description: null,
    jobTitle: null,
    language: 'en',
    timeZone: ACCOUNT_TIME_ZONE,
    companyId: null,
    otherEmails: [],
    tags: [],
    custom: {},
    active: true,
    deleted: false,
    blocked: false,
    agent: null,
    createdAt: at,
    updatedAt: at,
  };
}

export function dateOnly(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
