/**
 * v2 contact shape (deleted and blocked only when true).
 */
import type { User } from '../../model.ts';
import { formatUtc } from '../../time.ts';

export function contactV2(u: User) {
  const out: Record<string, unknown> = {
    active: u.active,
    address: u.address,
    company_id: u.companyId,
    view_all_tickets: false,
    description: u.description,
    email: u.email,
    id: u.id,
    job_title: u.jobTitle,
    language: u.language,
    mobile: u.mobile,
    name: u.name,
    phone: u.phone,
    time_zone: u.timeZone,
    twitter_id: u.twitterId,
    facebook_id: u.facebookId,
    unique_external_id: u.uniqueExternalId,
    other_emails: u.otherEmails,
    custom_fields: { ...u.custom },
    tags: u.tags,
    avatar: null,
    created_at: formatUtc(u.createdAt),
    updated_at: formatUtc(u.updatedAt),
  };
  // The service shows `deleted` only on deleted contacts.
  if (u.deleted) out.deleted = true;
  if (u.blocked) out.blocked = true;
  return out;
}
