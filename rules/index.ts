/** The whole catalogue: every rule of every v1 resource family. */
import type { Rule } from '../src/catalogue/types.ts';
import { NOTE_RULES } from './notes.ts';
import { TICKET_FIELD_RULES } from './ticket-fields.ts';
import { TICKET_RULES } from './tickets.ts';

export const ALL_RULES: readonly Rule[] = [...TICKET_RULES, ...TICKET_FIELD_RULES, ...NOTE_RULES];
