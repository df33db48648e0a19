/**
 * Builds a realistic account from a seed. Pure: same seed, ticket count and anchor → the same
 * AccountState, byte for byte (no clock, no Math.random). Timestamps lie before the anchor (the
 * sandbox's "now"). One module per resource family (the names of rules/); this one wires them.
 *
 * A few records are the same for every seed (SHOWCASE in constants.ts) so tests and demos can name
 * them: ticket 1 has every kind of conversation, ticket 2 is deleted, ticket 3 is spam, ticket 4 is
 * closed and rated.
 */
import { ACCOUNT_ID, ACCOUNT_TIME_ZONE, ACCOUNT_UTC_OFFSET, HELPDESK_LANGUAGES, SEED_ANCHOR } from '../constants.ts';
import type { AccountState, Conversation, SatisfactionRating, Ticket, TimeEntry } from '../model.ts';
import { createRng } from '../prng.ts';
import { ID_BASES } from '../store.ts';
import { seedEmailConfigs, seedProducts } from './account.ts';
import { seedAgents } from './agents.ts';
import { DAY, Ids, TICKET_TYPES } from './common.ts';
import { seedCompanies } from './companies.ts';
import { seedCompanyFields } from './company-fields.ts';
import { seedContactFields, seedContacts } from './contacts.ts';
import { seedDiscussions } from './discussions.ts';
import { seedGroups } from './groups.ts';
import { seedSolutions } from './solutions.ts';
import { seedTicketFields } from './ticket-fields.ts';
import { seedTicket, type World } from './tickets.ts';
import { ensureRecentTimeEntry } from './time-entries.ts';

export interface SeedOptions {
  seed: number;
  /** number of tickets (at least 4, so the showcase tickets exist) */
  tickets: number;
  /**
   * the account's "now" (epoch ms): every seeded timestamp is placed relative to it, so a sandbox
   * seeded today holds recent tickets. Default SEED_ANCHOR, a fixed instant, keeps the function pure.
   */
  anchor?: number;
}

export function seedAccount(options: SeedOptions): AccountState {
  const rng = createRng(options.seed);
  const ids = new Ids();
  // whole seconds: both APIs print seconds, and a sub-second anchor would leak into no field
  const anchor = Math.floor((options.anchor ?? SEED_ANCHOR) / 1000) * 1000;
  const accountStart = anchor - 420 * DAY;

  const agents = seedAgents(rng, ids, accountStart);
  const products = seedProducts(ids, accountStart);
  const groups = seedGroups(rng, ids, agents, accountStart);
  const emailConfigs = seedEmailConfigs(ids, products, groups, accountStart);
  const ticketFields = seedTicketFields(ids, accountStart);
  const companyFields = seedCompanyFields(ids, accountStart);
  const contactFields = seedContactFields(ids, accountStart);
  const companies = seedCompanies(rng, ids, accountStart);
  ids.counters.user = 1_001_000; // contacts start at 1_001_001, after room for agents
  const contacts = seedContacts(rng, ids, companies, accountStart, anchor);
  const surveyId = ids.next('survey');

  const tickets: Ticket[] = [];
  const conversations: Conversation[] = [];
  const timeEntries: TimeEntry[] = [];
  const ratings: SatisfactionRating[] = [];
  const liveContacts = contacts.filter((c) => !c.deleted && !c.blocked);
  const world: World = { rng, ids, anchor, agents, groups, contacts, liveContacts, emailConfigs, products, surveyId };
  const count = Math.max(4, Math.floor(options.tickets));
  let globalId = ID_BASES.ticket + rng.int(0, 99_999);
  for (let displayId = 1; displayId <= count; displayId++) {
    globalId += 1 + rng.int(0, 40);
    seedTicket(world, displayId, globalId, count, tickets, conversations, timeEntries, ratings);
  }
  ids.counters.ticket = globalId;
  ensureRecentTimeEntry(world, tickets, timeEntries);

  const discussions = seedDiscussions(rng, ids, agents, contacts, accountStart);
  const solutions = seedSolutions(rng, ids, agents, accountStart);
  const customViews = [
    {
      id: ids.next('customView'),
      name: 'Urgent and open',
      conditions: [
        { field: 'status' as const, values: [2] },
        { field: 'priority' as const, values: [4] },
      ],
    },
    {
      id: ids.next('customView'),
      name: 'Widget tickets',
      conditions: [{ field: 'cf_product_line' as const, values: ['Widgets'] }],
    },
  ];

  return {
    format: 'hdmigrate-sandbox/1',
    seed: options.seed,
    account: {
      id: ACCOUNT_ID,
      name: 'Sandbox Support',
      domain: 'sandbox.helpdesk.example',
      utcOffset: ACCOUNT_UTC_OFFSET,
      timeZone: ACCOUNT_TIME_ZONE,
      anchor,
      sslRequired: false,
      defaultListWindowDays: 30,
      ticketTypes: TICKET_TYPES.slice(),
      languages: { primary: HELPDESK_LANGUAGES.primary, supported: [...HELPDESK_LANGUAGES.supported], portal: [...HELPDESK_LANGUAGES.portal] },
    },
    counters: ids.counters,
    lastDisplayId: count,
    users: [...agents, ...contacts],
    companies,
    groups,
    tickets,
    conversations,
    timeEntries,
    surveys: [{ id: surveyId, title: 'Default Survey', active: true, createdAt: accountStart, updatedAt: accountStart }],
    ratings,
    ...discussions,
    ...solutions,
    ticketFields,
    companyFields,
    contactFields,
    emailConfigs,
    products,
    customViews,
    jobs: [],
  };
}
