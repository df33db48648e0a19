/**
 * v2 wire shapes: bare objects, blank fields as null (never omitted), UTC `Z` timestamps, custom
 * fields under their v2 names, ticket `id` = display id (spec 000 "Resources and their fields").
 * One module per resource family in present/.
 */
export * from './present/agents.ts';
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
