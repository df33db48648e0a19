/** v2 contact request bodies (spec 000 "Contacts"): create, update, make agent, custom field values. */
import { any, body, boolean, email, emails, id, ids, integer, object, requiring, string, strings } from './fields.ts';

const contact = body('PUT /api/v2/contacts/[id]', {
  name: string('full name', { maxLength: 255 }),
  email: email('primary e-mail; unique among contacts and agents', { nullable: true }),
  phone: string('telephone', { nullable: true }),
  mobile: string('mobile', { nullable: true }),
  twitter_id: string('Twitter handle', { nullable: true }),
  unique_external_id: string('external id, unique', { nullable: true }),
  other_emails: emails('further e-mails (up to 10)'),
  company_id: id('primary company', { nullable: true }),
  view_all_tickets: boolean("the contact sees all of the company's tickets"),
  address: string('postal address', { nullable: true }),
  avatar: any('picture, multipart only'),
  custom_fields: object('custom field values by name, checked against the contact fields'),
  description: string('about the contact', { nullable: true }),
  job_title: string('job title', { nullable: true }),
  language: string('language code, default en'),
  tags: strings('tags'),
  time_zone: string('time zone name'),
});

/** a contact is made with a name and one of email, phone, mobile, twitter_id, unique_external_id */
export const contactCreate = requiring(contact, ['name'], 'POST /api/v2/contacts');
export const contactUpdate = contact;

export const makeAgent = body('PUT /api/v2/contacts/[id]/make_agent', {
  occasional: boolean('occasional (day pass) agent'),
  signature: string('HTML signature'),
  ticket_scope: integer('1 global, 2 group, 3 restricted access', [1, 2, 3]),
  role_ids: ids('roles of the agent'),
  group_ids: ids('groups of the agent'),
});

export const customFieldValue = { text: string('text custom field of a contact or company', { maxLength: 255 }) };
