/** The whole catalogue: every rule of every v1 resource family. */
import type { Rule } from '../src/catalogue/types.ts';
import { AGENT_RULES } from './agents.ts';
import { COMPANY_RULES } from './companies.ts';
import { COMPANY_FIELD_RULES } from './company-fields.ts';
import { CONTACT_RULES } from './contacts.ts';
import { DISCUSSION_RULES } from './discussions.ts';
import { GROUP_RULES } from './groups.ts';
import { NOTE_RULES } from './notes.ts';
import { SOLUTION_RULES } from './solutions.ts';
import { SURVEY_RULES } from './surveys.ts';
import { TICKET_FIELD_RULES } from './ticket-fields.ts';
import { TICKET_RULES } from './tickets.ts';
import { TIME_ENTRY_RULES } from './time-entries.ts';

export const ALL_RULES: readonly Rule[] = [
  ...TICKET_RULES,
  ...TICKET_FIELD_RULES,
  ...NOTE_RULES,
  ...CONTACT_RULES,
  ...COMPANY_RULES,
  ...COMPANY_FIELD_RULES,
  ...AGENT_RULES,
  ...GROUP_RULES,
  ...TIME_ENTRY_RULES,
  ...SURVEY_RULES,
  ...DISCUSSION_RULES,
  ...SOLUTION_RULES,
];
