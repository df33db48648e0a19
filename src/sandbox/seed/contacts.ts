/**
 * Seeded contacts and contact fields.
 */
import { ACCOUNT_TIME_ZONE } from '../constants.ts';
import type { Company, CustomerField, User } from '../model.ts';
import { type Rng } from '../prng.ts';
import { FIRST_NAMES, LAST_NAMES } from '../seed-data.ts';
import { DAY, HOUR, Ids, blankUser, dateOnly, slug } from './common.ts';
import { customerField } from './company-fields.ts';

export function seedContactFields(ids: Ids, at: number): CustomerField[] {
  let p = 0;
  const f = (name: string, label: string, type: string, choices: string[] = [], required = false) =>
    customerField(ids, 'contactField', at, ++p, name, label, type, choices, required);
  return [
    f('name', 'Full Name', 'default_name', [], true),
    f('job_title', 'Title', 'default_job_title'),
    f('email', 'Email', 'default_email'),
    f('phone', 'Work Phone', 'default_phone'),
    f('mobile', 'Mobile Phone', 'default_mobile'),
    f('twitter_id', 'Twitter', 'default_twitter_id'),
    f('company_name', 'Company', 'default_company_name'),
    f('address', 'Address', 'default_address'),
    f('time_zone', 'Time Zone', 'default_time_zone'),
    f('language', 'Language', 'default_language'),
    f('description', 'About', 'default_description'),
    f('customer_since', 'Customer since', 'custom_date'),
    f('preferred_channel', 'Preferred channel', 'custom_dropdown', ['Email', 'Phone', 'Chat']),
    f('loyalty_number', 'Loyalty number', 'custom_text'),
  ];
}

export function seedContacts(rng: Rng, ids: Ids, companies: Company[], at: number, anchor: number): User[] {
  const out: User[] = [];
  const total = 300;
  for (let i = 1; i <= total; i++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const company = i === 1 || rng.chance(0.7) ? (i === 1 ? companies[0]! : rng.pick(companies)) : null;
    const created = at + rng.int(0, 300) * DAY + rng.int(0, 23) * HOUR;
    const user = blankUser(ids.next('user'), `${first} ${last}`, created);
    const domain = company ? company.domains[0]! : rng.pick(['mail.example', 'inbox.example', 'post.example']);
    user.email = `${slug(first)}.${slug(last)}${i}@${domain}`;
    if (rng.chance(0.5)) user.phone = `+61 7 ${rng.int(3000, 3999)} ${rng.int(1000, 9999)}`;
    if (rng.chance(0.4)) user.mobile = `+61 4${rng.int(10, 99)} ${rng.int(100, 999)} ${rng.int(100, 999)}`;
    if (rng.chance(0.1)) user.twitterId = `${slug(first)}_${slug(last)}${i}`;
    if (rng.chance(0.2)) user.jobTitle = rng.pick(['Office Manager', 'CTO', 'Accountant', 'Developer', 'Buyer']);
    if (rng.chance(0.1)) user.address = `${rng.int(1, 200)} Queen Street, Brisbane QLD 4000`;
    user.companyId = company?.id ?? null;
    user.language = rng.chance(0.9) ? 'en' : rng.pick(['de', 'fr', 'ja']);
    user.timeZone = rng.chance(0.8) ? ACCOUNT_TIME_ZONE : rng.pick(['Sydney', 'Auckland', 'London']);
    user.active = rng.chance(0.9);
    user.tags = rng.chance(0.15) ? [rng.pick(['vip', 'beta-tester', 'reseller'])] : [];
    user.custom = {
      customer_since: rng.chance(0.5) ? dateOnly(created) : null,
      preferred_channel: rng.chance(0.6) ? rng.pick(['Email', 'Phone', 'Chat']) : null,
      loyalty_number: rng.chance(0.3) ? `LN-${rng.int(100000, 999999)}` : null,
    };
    if (i === total - 1) user.blocked = true;
    if (i === total) user.deleted = true;
    user.updatedAt = Math.min(anchor, created + rng.int(0, 30) * DAY);
    out.push(user);
  }
  return out;
}
