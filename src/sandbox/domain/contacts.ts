/**
 * Requesters and contacts both surfaces create: finding or creating a requester (plan, then commit)
 * and a new contact record.
 */
import type { User } from '../model.ts';
import type { Store } from '../store.ts';

// ---- requesters ------------------------------------------------------------------------------

export interface RequesterInput {
  requesterId?: number;
  email?: string;
  phone?: string;
  twitterId?: string;
  facebookId?: string;
  uniqueExternalId?: string;
  name?: string;
}

export type RequesterPlan =
  | { kind: 'existing'; user: User }
  | { kind: 'new'; fields: Partial<User> & { name: string } }
  | { kind: 'error'; field: string; code: string; message: string };

export function hasRequesterInput(input: RequesterInput): boolean {
  return (
    input.requesterId !== undefined ||
    !!input.email ||
    !!input.phone ||
    !!input.twitterId ||
    !!input.facebookId ||
    !!input.uniqueExternalId
  );
}

function findUser(store: Store, predicate: (u: User) => boolean): User | undefined {
  for (const u of store.users.values()) if (!u.deleted && predicate(u)) return u;
  return undefined;
}

/**
 * Which user a ticket's requester fields name, in the service's precedence: requester_id, then
 * email, facebook_id, twitter_id, unique_external_id, phone. Unknown e-mail, twitter, external id
 * or phone create a contact; an unknown facebook id or requester_id is an error (spec 000 Ticket).
 */
export function planRequester(store: Store, input: RequesterInput): RequesterPlan {
  if (input.requesterId !== undefined) {
    const user = store.users.get(input.requesterId);
    if (!user || user.deleted) {
      return { kind: 'error', field: 'requester_id', code: 'invalid_value', message: 'There is no contact matching the given requester_id' };
    }
    return { kind: 'existing', user };
  }
  if (input.email) {
    const user = store.userByEmail(input.email);
    if (user) return { kind: 'existing', user };
    return { kind: 'new', fields: { name: input.name || input.email, email: input.email, phone: input.phone ?? null } };
  }
  if (input.facebookId) {
    const user = findUser(store, (u) => u.facebookId === input.facebookId);
    if (!user) return { kind: 'error', field: 'facebook_id', code: 'invalid_value', message: 'There is no contact matching the given facebook_id' };
    return { kind: 'existing', user };
  }
  if (input.twitterId) {
    const user = findUser(store, (u) => u.twitterId === input.twitterId);
    if (user) return { kind: 'existing', user };
    return { kind: 'new', fields: { name: input.name || input.twitterId, twitterId: input.twitterId } };
  }
  if (input.uniqueExternalId) {
    const user = findUser(store, (u) => u.uniqueExternalId === input.uniqueExternalId);
    if (user) return { kind: 'existing', user };
    return { kind: 'new', fields: { name: input.name || input.uniqueExternalId, uniqueExternalId: input.uniqueExternalId } };
  }
  if (input.phone) {
    const user = findUser(store, (u) => u.phone === input.phone || u.mobile === input.phone);
    if (user) return { kind: 'existing', user };
    if (!input.name) return { kind: 'error', field: 'name', code: 'missing_field', message: 'It should be a/an String' };
    return { kind: 'new', fields: { name: input.name, phone: input.phone } };
  }
  return {
    kind: 'error',
    field: 'requester_id',
    code: 'missing_field',
    message: 'Please fill at least 1 of requester_id, phone, email, twitter_id, facebook_id, unique_external_id fields',
  };
}

export function newContact(store: Store, fields: Partial<User> & { name: string }, now: number): User {
  const user: User = {
    id: store.nextId('user'),
    name: fields.name,
    email: fields.email ?? null,
    phone: fields.phone ?? null,
    mobile: fields.mobile ?? null,
    twitterId: fields.twitterId ?? null,
    facebookId: fields.facebookId ?? null,
    uniqueExternalId: fields.uniqueExternalId ?? null,
    address: fields.address ?? null,
    description: fields.description ?? null,
    jobTitle: fields.jobTitle ?? null,
    language: fields.language ?? 'en',
    timeZone: fields.timeZone ?? store.account.timeZone,
    companyId: fields.companyId ?? null,
    otherEmails: fields.otherEmails ?? [],
    tags: fields.tags ?? [],
    custom: fields.custom ?? Object.fromEntries(store.customContactFields().map((f) => [f.name, null])),
    active: fields.active ?? false,
    deleted: false,
    blocked: false,
    agent: null,
    createdAt: now,
    updatedAt: now,
  };
  return store.putUser(user);
}
