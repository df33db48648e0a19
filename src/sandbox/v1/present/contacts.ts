/**
 * v1 contact shape ({user}), with company_id beside customer_id.
 */
import type { Scalar, User } from '../../model.ts';
import type { Store } from '../../store.ts';
import { clock } from './common.ts';

/** Contact (and agent user) object without its wrapper. */
export function userObjectV1(store: Store, u: User) {
  const c = clock(store);
  const custom: Record<string, Scalar> = {};
  for (const [name, value] of Object.entries(u.custom)) custom[`cf_${name}`] = value;
  return {
    active: u.active,
    address: u.address,
    created_at: c.at(u.createdAt),
    customer_id: u.companyId,
    // FC aliased customer_id and company_id on v1 users (lib/customer_deprecation_methods.rb); the
    // python-freshdesk samples carry both
    company_id: u.companyId,
    deleted: u.deleted,
    description: u.description,
    email: u.email,
    external_id: u.uniqueExternalId,
    fb_profile_id: u.facebookId,
    helpdesk_agent: u.agent !== null,
    id: u.id,
    job_title: u.jobTitle,
    language: u.language,
    mobile: u.mobile,
    name: u.name,
    phone: u.phone,
    time_zone: u.timeZone,
    twitter_id: u.twitterId,
    updated_at: c.at(u.updatedAt),
    custom_field: custom,
  };
}


export function userV1(store: Store, u: User) {
  return { user: userObjectV1(store, u) };
}
