/**
 * v1 wire shapes (spec 001 "Resources and their fields"): wrappers, the global ticket `id` beside
 * `display_id`, timestamps in the account's offset, `*_name` fields, tags as `[{name}]`,
 * `cc_email: {cc_emails, fwd_emails, reply_cc}`, ticket custom fields named `<name>_<account id>`,
 * contact and company custom fields named `cf_<name>`. One module per resource family in present/.
 */
export * from './present/agents.ts';
export * from './present/common.ts';
export * from './present/companies.ts';
export * from './present/company-fields.ts';
export * from './present/contacts.ts';
export * from './present/discussions.ts';
export * from './present/groups.ts';
export * from './present/notes.ts';
export * from './present/solutions.ts';
export * from './present/surveys.ts';
export * from './present/ticket-fields.ts';
export * from './present/tickets.ts';
export * from './present/time-entries.ts';
