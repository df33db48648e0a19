/**
 * Builds a realistic account from a seed. Pure: same seed and ticket count → the same AccountState,
 * byte for byte (no clock, no Math.random). Timestamps lie before the anchor (the sandbox's "now").
 *
 * A few records are the same for every seed (SHOWCASE in constants.ts) so tests and demos can name
 * them: ticket 1 has every kind of conversation, ticket 2 is deleted, ticket 3 is spam, ticket 4 is
 * closed and rated.
 */
import {
  ACCOUNT_ID,
  ACCOUNT_TIME_ZONE,
  ACCOUNT_UTC_OFFSET,
  DEMO_AGENT_IDS,
  DEMO_KEYS,
  DEMO_LOGINS,
  HELPDESK_LANGUAGES,
  SEED_ANCHOR,
} from './constants.ts';
import type {
  AccountState,
  AgentInfo,
  Attachment,
  Company,
  Conversation,
  CustomerField,
  EmailConfig,
  Forum,
  ForumCategory,
  Group,
  IdKind,
  Monitorship,
  Post,
  Product,
  Role,
  SatisfactionRating,
  Scalar,
  SolutionArticle,
  SolutionCategory,
  SolutionFolder,
  Ticket,
  TicketField,
  TimeEntry,
  Topic,
  User,
} from './model.ts';
import { createRng, type Rng } from './prng.ts';
import {
  ARTICLE_TITLES,
  ATTACHMENT_FILES,
  COMPANY_STEMS,
  COMPANY_SUFFIXES,
  DESCRIPTION_SENTENCES,
  FIRST_NAMES,
  FORUM_CATEGORY_NAMES,
  INDUSTRIES,
  LAST_NAMES,
  NOTE_BODIES,
  REPLY_BODIES,
  SUBJECT_TEMPLATES,
  TAGS,
  TOPIC_TITLES,
} from './seed-data.ts';
import { ID_BASES } from './store.ts';
import { escapeHtml, htmlToText } from './text.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const TICKET_TYPES = ['Question', 'Incident', 'Problem', 'Feature Request', 'Refund'];
export const PRODUCT_LINES = ['Widgets', 'Gadgets', 'Gizmos', 'Services'];

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

/** Incrementing ids per kind, starting from the ranges in store.ts. */
class Ids {
  readonly counters: Record<IdKind, number> = { ...ID_BASES };
  next(kind: IdKind): number {
    this.counters[kind] += 1;
    return this.counters[kind];
  }
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

// ---- people --------------------------------------------------------------------------------

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '');
}

function blankUser(id: number, name: string, at: number): User {
  return {
    id,
    name,
    email: null,
    phone: null,
    mobile: null,
    twitterId: null,
    facebookId: null,
    uniqueExternalId: null,
    address: null,
    description: null,
    jobTitle: null,
    language: 'en',
    timeZone: ACCOUNT_TIME_ZONE,
    companyId: null,
    otherEmails: [],
    tags: [],
    custom: {},
    active: true,
    deleted: false,
    blocked: false,
    agent: null,
    createdAt: at,
    updatedAt: at,
  };
}

function seedAgents(rng: Rng, ids: Ids, at: number): User[] {
  const agentInfo = (role: Role, apiKey: string, password: string | null): AgentInfo => ({
    recordId: ids.next('agentRecord'),
    role,
    apiKey,
    password,
    occasional: false,
    available: true,
    ticketScope: 1,
    signatureHtml: null,
    lastLoginAt: null,
    becameAgentAt: at,
  });
  const fixed: [string, keyof typeof DEMO_KEYS, Role, string][] = [
    ['Ada Admin', 'admin', 'admin', 'Administrator'],
    ['Vic Viewer', 'viewer', 'viewer', 'Support Analyst'],
    ['Alex Agent', 'agent', 'agent', 'Support Agent'],
  ];
  const agents: User[] = [];
  for (const [name, key, role, title] of fixed) {
    const id = ids.next('user');
    if (id !== DEMO_AGENT_IDS[key]) throw new Error('seed: demo agent ids drifted');
    const user = blankUser(id, name, at);
    user.email = DEMO_LOGINS[key].email;
    user.jobTitle = title;
    user.agent = agentInfo(role, DEMO_KEYS[key], DEMO_LOGINS[key].password);
    user.agent.signatureHtml = `<div>${escapeHtml(name)}<br>Sandbox Support</div>`;
    agents.push(user);
  }
  for (let n = 4; n <= 8; n++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const user = blankUser(ids.next('user'), `${first} ${last}`, at + n * HOUR);
    user.email = `${slug(first)}.${slug(last)}${n}@support.sandbox.example`;
    user.jobTitle = 'Support Agent';
    user.agent = agentInfo('agent', `sandbox-agent${n}-key`, null);
    user.agent.occasional = n === 8;
    user.agent.available = rng.chance(0.7);
    user.agent.ticketScope = n === 7 ? 2 : 1;
    agents.push(user);
  }
  return agents;
}

function seedProducts(ids: Ids, at: number): Product[] {
  return [
    { id: ids.next('product'), name: 'Widgets Cloud', description: 'Hosted widget platform', primaryEmailConfigId: null, createdAt: at, updatedAt: at },
    { id: ids.next('product'), name: 'Gadgets Hardware', description: 'Devices and firmware', primaryEmailConfigId: null, createdAt: at, updatedAt: at },
  ];
}

function seedGroups(rng: Rng, ids: Ids, agents: User[], at: number): Group[] {
  // assign_time values: five of the nine v2 `unassigned_for` values, plus 1200 s, which v2 cannot
  // represent (reads back null), as in the service's own v1 samples.
  const defs: [string, string, number | null][] = [
    ['Billing', 'Invoices, refunds and payment problems', 1800],
    ['Technical Support', 'Product questions and bugs', 3600],
    ['Escalations', 'Urgent and VIP tickets', 1200],
    ['Onboarding', 'New customers in their first month', 86400],
    ['Returns', 'Damaged and unwanted hardware', null],
  ];
  const admin = agents[0]!;
  const demoAgent = agents[2]!;
  return defs.map(([name, description, assignTime], i) => {
    const members = new Set<number>(rng.sample(agents.slice(3), rng.int(1, 3)).map((a) => a.id));
    if (i === 0 || i === 1) members.add(demoAgent.id);
    if (i === 2) members.add(admin.id);
    return {
      id: ids.next('group'),
      name,
      description,
      escalateTo: assignTime === null ? null : admin.id,
      assignTimeSeconds: assignTime,
      ticketAssignType: i === 1 ? 1 : 0,
      agentIds: Array.from(members).sort((a, b) => a - b),
      businessCalendarId: null,
      createdAt: at + i * HOUR,
      updatedAt: at + i * HOUR,
    };
  });
}

function seedEmailConfigs(ids: Ids, products: Product[], groups: Group[], at: number): EmailConfig[] {
  const support: EmailConfig = {
    id: ids.next('emailConfig'),
    name: 'Support',
    replyEmail: 'support@sandbox.example',
    toEmail: 'support@sandbox.example',
    productId: null,
    groupId: groups[1]!.id,
    primaryRole: true,
    active: true,
    createdAt: at,
    updatedAt: at,
  };
  const billing: EmailConfig = {
    id: ids.next('emailConfig'),
    name: 'Billing',
    replyEmail: 'billing@sandbox.example',
    toEmail: 'billing@sandbox.example',
    productId: products[0]!.id,
    groupId: groups[0]!.id,
    primaryRole: false,
    active: true,
    createdAt: at,
    updatedAt: at,
  };
  const hardware: EmailConfig = {
    id: ids.next('emailConfig'),
    name: 'Hardware',
    replyEmail: 'hardware@sandbox.example',
    toEmail: 'hardware@sandbox.example',
    productId: products[1]!.id,
    groupId: groups[4]!.id,
    primaryRole: false,
    active: true,
    createdAt: at,
    updatedAt: at,
  };
  products[0]!.primaryEmailConfigId = billing.id;
  products[1]!.primaryEmailConfigId = hardware.id;
  return [support, billing, hardware];
}

// ---- fields --------------------------------------------------------------------------------

function ticketField(ids: Ids, at: number, position: number, partial: Partial<TicketField> & Pick<TicketField, 'name' | 'label'>): TicketField {
  return {
    id: ids.next('ticketField'),
    labelForCustomers: partial.label,
    description: null,
    position,
    defaultType: null,
    kind: null,
    choices: [],
    requiredForAgents: false,
    requiredForCustomers: false,
    requiredForClosure: false,
    customersCanEdit: true,
    displayedToCustomers: true,
    createdAt: at,
    updatedAt: at,
    ...partial,
  };
}

/**
 * Status, priority and source choices are stored as "number|agent label|customer label" so one
 * string list serves every field kind; the presenters reshape them per API.
 */
function seedTicketFields(ids: Ids, at: number): TicketField[] {
  let pos = 0;
  const f = (p: Partial<TicketField> & Pick<TicketField, 'name' | 'label'>): TicketField => ticketField(ids, at, ++pos, p);
  return [
    f({ name: 'requester', label: 'Search a requester', labelForCustomers: 'Requester', defaultType: 'default_requester', requiredForAgents: true, requiredForCustomers: true }),
    f({ name: 'subject', label: 'Subject', defaultType: 'default_subject', requiredForAgents: true, requiredForCustomers: true }),
    f({ name: 'ticket_type', label: 'Type', defaultType: 'default_ticket_type', choices: TICKET_TYPES.slice() }),
    f({
      name: 'source',
      label: 'Source',
      defaultType: 'default_source',
      displayedToCustomers: false,
      customersCanEdit: false,
      choices: ['1|Email', '2|Portal', '3|Phone', '4|Forum', '5|Twitter', '6|Facebook', '7|Chat', '9|Feedback Widget', '10|Outbound Email'],
    }),
    f({
      name: 'status',
      label: 'Status',
      labelForCustomers: 'Status',
      defaultType: 'default_status',
      requiredForAgents: true,
      customersCanEdit: false,
      choices: [
        '2|Open|Being Processed',
        '3|Pending|Awaiting your Reply',
        '4|Resolved|This ticket has been Resolved',
        '5|Closed|This ticket has been Closed',
        '6|Waiting on Customer|Awaiting your Reply',
        '7|Waiting on Third Party|Being Processed',
      ],
    }),
    f({ name: 'priority', label: 'Priority', defaultType: 'default_priority', customersCanEdit: false, choices: ['1|Low', '2|Medium', '3|High', '4|Urgent'] }),
    f({ name: 'group', label: 'Group', defaultType: 'default_group', displayedToCustomers: false, customersCanEdit: false }),
    f({ name: 'agent', label: 'Agent', labelForCustomers: 'Assigned to', defaultType: 'default_agent', customersCanEdit: false }),
    f({ name: 'product', label: 'Product', defaultType: 'default_product', displayedToCustomers: false, customersCanEdit: false }),
    f({ name: 'company', label: 'Company', defaultType: 'default_company', customersCanEdit: false }),
    f({ name: 'description', label: 'Description', defaultType: 'default_description', requiredForAgents: true, requiredForCustomers: true }),
    f({ name: 'cf_product_line', label: 'Product line', kind: 'dropdown', choices: PRODUCT_LINES.slice(), description: 'Which product line the ticket is about' }),
    f({ name: 'cf_order_number', label: 'Order number', kind: 'text' }),
    f({ name: 'cf_seats', label: 'Seats', kind: 'number', customersCanEdit: false }),
    f({ name: 'cf_contract_end', label: 'Contract end', kind: 'date', customersCanEdit: false }),
    f({ name: 'cf_vip', label: 'VIP customer', kind: 'checkbox', displayedToCustomers: false, customersCanEdit: false }),
  ];
}

function customerField(ids: Ids, kind: 'companyField' | 'contactField', at: number, position: number, name: string, label: string, fieldType: string, choices: string[] = [], required = false): CustomerField {
  return { id: ids.next(kind), name, label, position, fieldType, requiredForAgents: required, choices, createdAt: at, updatedAt: at };
}

function seedCompanyFields(ids: Ids, at: number): CustomerField[] {
  let p = 0;
  const f = (name: string, label: string, type: string, choices: string[] = [], required = false) =>
    customerField(ids, 'companyField', at, ++p, name, label, type, choices, required);
  return [
    f('name', 'Company Name', 'default_name', [], true),
    f('description', 'Description', 'default_description'),
    f('note', 'Notes', 'default_note'),
    f('domains', 'Domain names for this company', 'default_domains'),
    f('tier', 'Tier', 'custom_dropdown', ['Bronze', 'Silver', 'Gold', 'Platinum']),
    f('account_manager', 'Account manager', 'custom_text'),
    f('review_date', 'Next review', 'custom_date'),
  ];
}

function seedContactFields(ids: Ids, at: number): CustomerField[] {
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

// ---- companies and contacts -------------------------------------------------------------------

function dateOnly(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function seedCompanies(rng: Rng, ids: Ids, at: number): Company[] {
  const names = new Set<string>();
  const out: Company[] = [];
  const stems = rng.sample(COMPANY_STEMS, 20);
  for (const stem of stems) {
    const name = `${stem} ${rng.pick(COMPANY_SUFFIXES)}`;
    if (names.has(name)) continue;
    names.add(name);
    const created = at + rng.int(0, 60) * DAY;
    const domain = `${slug(stem)}.example`;
    out.push({
      id: ids.next('company'),
      name,
      description: `${rng.pick(INDUSTRIES)} customer`,
      note: rng.chance(0.3) ? 'Prefers phone contact' : null,
      domains: rng.chance(0.2) ? [domain, `${slug(stem)}.example.org`] : [domain],
      custom: {
        tier: rng.pick(['Bronze', 'Silver', 'Gold', 'Platinum']),
        account_manager: rng.chance(0.6) ? `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}` : null,
        review_date: rng.chance(0.5) ? dateOnly(at + rng.int(400, 800) * DAY) : null,
      },
      createdAt: created,
      updatedAt: created,
    });
  }
  return out;
}

function seedContacts(rng: Rng, ids: Ids, companies: Company[], at: number, anchor: number): User[] {
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

// ---- tickets -----------------------------------------------------------------------------------

interface World {
  rng: Rng;
  ids: Ids;
  anchor: number;
  agents: User[];
  groups: Group[];
  contacts: User[];
  /** requesters for new tickets: neither blocked nor deleted */
  liveContacts: User[];
  emailConfigs: EmailConfig[];
  products: Product[];
  surveyId: number;
}

const PRIORITY_WEIGHTS = [1, 1, 1, 2, 2, 2, 3, 4];
const SOURCE_WEIGHTS = [1, 1, 1, 1, 2, 2, 3, 3, 7, 9];
/** resolution hours per priority: 1 Low .. 4 Urgent */
const SLA_HOURS: Record<number, number> = { 1: 72, 2: 48, 3: 24, 4: 8 };

function attachment(world: World, at: number, preferred?: number): Attachment {
  const file = preferred === undefined ? world.rng.pick(ATTACHMENT_FILES) : ATTACHMENT_FILES[preferred]!;
  return { id: world.ids.next('attachment'), name: file.name, contentType: file.contentType, size: world.rng.int(2_000, 900_000), createdAt: at, updatedAt: at };
}

function statusFor(world: World, ageDays: number): number {
  const r = world.rng.next();
  if (ageDays > 45) return r < 0.7 ? 5 : r < 0.92 ? 4 : r < 0.96 ? 2 : 3;
  if (ageDays > 10) return r < 0.35 ? 5 : r < 0.6 ? 4 : r < 0.78 ? 2 : r < 0.88 ? 3 : r < 0.95 ? 6 : 7;
  return r < 0.1 ? 5 : r < 0.2 ? 4 : r < 0.6 ? 2 : r < 0.8 ? 3 : r < 0.92 ? 6 : 7;
}

function seedTicket(
  world: World,
  displayId: number,
  globalId: number,
  count: number,
  tickets: Ticket[],
  conversations: Conversation[],
  timeEntries: TimeEntry[],
  ratings: SatisfactionRating[],
): void {
  const { rng, ids, anchor } = world;
  const showcase = displayId === 1;
  // Spread creation over the year before the anchor, oldest first, as display ids grow with time.
  const span = 365 * DAY;
  const createdAt = anchor - span + Math.floor(((displayId - 1) / count) * span) + rng.int(0, 50) * MINUTE;
  const ageDays = (anchor - createdAt) / DAY;
  const requester = showcase ? world.contacts[0]! : rng.pick(world.liveContacts);
  let status = statusFor(world, ageDays);
  if (showcase) status = 2;
  if (displayId === 4) status = 5;
  const priority = showcase ? 3 : rng.pick(PRIORITY_WEIGHTS);
  const source = showcase ? 1 : rng.pick(SOURCE_WEIGHTS);
  const group = showcase ? world.groups[1]! : rng.chance(0.85) ? rng.pick(world.groups) : null;
  const responderPool = group ? world.agents.filter((a) => group.agentIds.includes(a.id)) : world.agents;
  const responder = showcase
    ? world.agents[2]!
    : displayId === 4
      ? world.agents[0]!
      : status === 2 && rng.chance(0.3)
        ? null
        : rng.chance(0.9)
          ? rng.pick(responderPool.length > 0 ? responderPool : world.agents)
          : null;
  const emailConfig = source === 1 ? (group?.name === 'Billing' ? world.emailConfigs[1]! : world.emailConfigs[0]!) : null;
  const subjectTemplate = rng.pick(SUBJECT_TEMPLATES);
  const subject = showcase
    ? 'API returns 500 on bulk import'
    : subjectTemplate.replace('{n}', String(rng.int(10000, 99999))).replace('{v}', `${rng.int(1, 4)}.${rng.int(0, 9)}`);
  const sentences = rng.sample(DESCRIPTION_SENTENCES, rng.int(2, 4));
  const descriptionHtml = sentences.map((s) => `<div>${escapeHtml(s)}</div>`).join('');
  const slaHours = SLA_HOURS[priority] ?? 48;
  const dueBy = createdAt + slaHours * HOUR;
  const frDueBy = createdAt + Math.floor(slaHours / 3) * HOUR;
  const open = status !== 4 && status !== 5;
  const custom: Record<string, Scalar> = {
    cf_product_line: showcase ? 'Widgets' : rng.chance(0.6) ? rng.pick(PRODUCT_LINES) : null,
    cf_order_number: showcase ? 'ORD-10001' : rng.chance(0.3) ? `ORD-${rng.int(10000, 99999)}` : null,
    cf_seats: showcase ? 25 : rng.chance(0.15) ? rng.int(1, 500) : null,
    cf_contract_end: showcase ? '2026-03-31' : rng.chance(0.2) ? dateOnly(anchor + rng.int(-100, 500) * DAY) : null,
    cf_vip: showcase ? true : rng.chance(0.1),
  };
  const ticket: Ticket = {
    id: globalId,
    displayId,
    subject,
    descriptionHtml,
    descriptionText: htmlToText(descriptionHtml),
    status,
    priority,
    source,
    type: showcase ? 'Incident' : rng.chance(0.8) ? rng.pick(TICKET_TYPES) : null,
    requesterId: requester.id,
    responderId: responder?.id ?? null,
    groupId: group?.id ?? null,
    companyId: requester.companyId,
    productId: emailConfig?.productId ?? null,
    emailConfigId: emailConfig?.id ?? null,
    tags: showcase ? ['vip', 'api'] : rng.chance(0.4) ? rng.sample(TAGS, rng.int(1, 2)) : [],
    ccEmails: showcase ? ['cto@acme.example'] : rng.chance(0.1) ? [`colleague${displayId}@mail.example`] : [],
    fwdEmails: rng.chance(0.03) ? [`partner${displayId}@partner.example`] : [],
    replyCcEmails: [],
    toEmails: emailConfig ? [emailConfig.toEmail] : null,
    dueBy,
    frDueBy,
    isEscalated: open && dueBy < anchor && rng.chance(0.5),
    frEscalated: frDueBy < anchor && rng.chance(0.2),
    urgent: priority === 4,
    spam: displayId === 3 || (displayId > 4 && rng.chance(0.005)),
    deleted: displayId === 2 || (displayId > 4 && rng.chance(0.01)),
    outbound: false,
    custom,
    attachments: showcase || rng.chance(0.05) ? [attachment(world, createdAt, showcase ? 0 : undefined)] : [],
    watcherIds: showcase ? [world.agents[0]!.id] : rng.chance(0.05) ? [rng.pick(world.agents).id] : [],
    associationType: null,
    associatedTickets: [],
    stats: {
      firstRespondedAt: null,
      agentRespondedAt: null,
      requesterRespondedAt: null,
      statusUpdatedAt: null,
      resolvedAt: null,
      closedAt: null,
      pendingSince: null,
      reopenedAt: null,
    },
    createdAt,
    updatedAt: createdAt,
  };
  ticket.replyCcEmails = ticket.ccEmails.slice();

  // Conversations: replies from the responder, customer replies, notes; meta notes now and then.
  let at = createdAt;
  const plan: number[] = showcase ? [0, 1, 2, 3, 4] : Array.from({ length: rng.int(0, 4) }, () => rng.pick([0, 0, 1, 2, 3, 4]));
  const agentForNotes = responder ?? world.agents[0]!;
  for (const kind of plan) {
    at += rng.int(20, 600) * MINUTE;
    if (at > anchor) break;
    const c = conversation(world, ticket, kind, agentForNotes, requester, at, showcase);
    conversations.push(c);
    if (kind === 0) {
      ticket.stats.firstRespondedAt ??= at;
      ticket.stats.agentRespondedAt = at;
    }
    if (kind === 1) ticket.stats.requesterRespondedAt = at;
  }
  const lastActivity = Math.min(anchor, at + rng.int(10, 300) * MINUTE);
  if (status === 4 || status === 5) ticket.stats.resolvedAt = lastActivity;
  if (status === 5) ticket.stats.closedAt = lastActivity;
  if (status === 3) ticket.stats.pendingSince = lastActivity;
  ticket.stats.statusUpdatedAt = lastActivity;
  ticket.updatedAt = lastActivity;

  // Time entries on about a fifth of the tickets; the showcase ticket has a billable and a non-billable one.
  if (responder && (showcase || rng.chance(0.2))) {
    const n = showcase ? 2 : rng.int(1, 2);
    for (let i = 0; i < n; i++) {
      // never after "now": the newest tickets are only hours old
      const executedAt = Math.min(anchor, createdAt + rng.int(1, 48) * HOUR);
      const minutes = showcase ? (i === 0 ? 90 : 20) : rng.int(1, 48) * 5;
      timeEntries.push({
        id: ids.next('timeEntry'),
        ticketDisplayId: displayId,
        agentId: responder.id,
        billable: showcase ? i === 0 : rng.chance(0.7),
        note: showcase ? (i === 0 ? 'Investigated the import logs' : 'Call with the customer') : rng.chance(0.5) ? rng.pick(NOTE_BODIES) : null,
        timerRunning: false,
        startTime: executedAt,
        executedAt,
        secondsSpent: minutes * 60,
        createdAt: executedAt,
        updatedAt: executedAt,
      });
    }
  }

  // Satisfaction ratings on some closed or resolved tickets.
  if (responder && (displayId === 4 || (!open && displayId > 4 && rng.chance(0.15)))) {
    const ratedAt = Math.min(anchor, lastActivity + rng.int(1, 48) * HOUR);
    ratings.push({
      id: ids.next('rating'),
      surveyId: world.surveyId,
      ticketDisplayId: displayId,
      userId: requester.id,
      agentId: responder.id,
      groupId: group?.id ?? null,
      rating: displayId === 4 ? 103 : rng.pick([103, 103, 102, 101, 100, 100, -101, -102, -103]),
      feedback: displayId === 4 ? 'Quick and friendly, thanks!' : rng.chance(0.4) ? rng.pick(['Great help', 'Took a while', 'Solved my problem', 'Not happy']) : null,
      responseNoteId: null,
      createdAt: ratedAt,
      updatedAt: ratedAt,
    });
  }
  tickets.push(ticket);
}

/**
 * A fresh sandbox always holds a time entry from the last days, whatever the seed: the newest ticket
 * with a responder gets one when it has none. It draws nothing from the PRNG, so every other record
 * of the seed stays as it was; its id is the next free one.
 */
function ensureRecentTimeEntry(world: World, tickets: Ticket[], timeEntries: TimeEntry[]): void {
  const newest = [...tickets].reverse().find((t) => t.responderId !== null && !t.deleted && !t.spam);
  if (!newest || timeEntries.some((e) => e.ticketDisplayId === newest.displayId)) return;
  const executedAt = Math.min(world.anchor, newest.createdAt + HOUR);
  timeEntries.push({
    id: world.ids.next('timeEntry'),
    ticketDisplayId: newest.displayId,
    agentId: newest.responderId!,
    billable: true,
    note: 'First look at the report',
    timerRunning: false,
    startTime: executedAt,
    executedAt,
    secondsSpent: 45 * 60,
    createdAt: executedAt,
    updatedAt: executedAt,
  });
}

/** kind: 0 agent reply, 1 customer reply (incoming), 2 public note, 3 private note, 4 meta note */
function conversation(world: World, ticket: Ticket, kind: number, agent: User, requester: User, at: number, showcase: boolean): Conversation {
  const { rng, ids } = world;
  let text: string;
  let html: string;
  if (kind === 4) {
    text = 'Ticket was assigned by automation rule "Route by product"';
    html = `<div>${escapeHtml(text)}</div>`;
  } else {
    text = kind === 0 ? rng.pick(REPLY_BODIES) : kind === 1 ? 'Thanks, that helped. One more question though.' : rng.pick(NOTE_BODIES);
    html = `<div>${escapeHtml(text)}</div>`;
  }
  const fromCustomer = kind === 1;
  const support = world.emailConfigs.find((e) => e.id === ticket.emailConfigId) ?? world.emailConfigs[0]!;
  return {
    id: ids.next('conversation'),
    ticketDisplayId: ticket.displayId,
    userId: fromCustomer ? requester.id : agent.id,
    bodyHtml: html,
    bodyText: htmlToText(html),
    source: kind === 0 || kind === 1 ? 0 : kind === 4 ? 4 : 2,
    private: kind === 3 || kind === 4,
    incoming: fromCustomer,
    toEmails: kind === 0 ? [requester.email ?? 'unknown@mail.example'] : kind === 1 ? [support.toEmail] : [],
    ccEmails: kind === 0 ? ticket.replyCcEmails.slice() : [],
    bccEmails: [],
    fromEmail: kind === 0 ? support.replyEmail : kind === 1 ? requester.email : null,
    supportEmail: kind === 0 || kind === 1 ? support.replyEmail : null,
    attachments: showcase && kind === 1 ? [attachment(world, at, 2)] : [],
    deleted: false,
    lastEditedAt: null,
    lastEditedUserId: null,
    createdAt: at,
    updatedAt: at,
  };
}

// ---- discussions and solutions -----------------------------------------------------------------

function seedDiscussions(rng: Rng, ids: Ids, agents: User[], contacts: User[], at: number) {
  const forumCategories: ForumCategory[] = [];
  const forums: Forum[] = [];
  const topics: Topic[] = [];
  const posts: Post[] = [];
  const monitorships: Monitorship[] = [];
  FORUM_CATEGORY_NAMES.forEach((name, i) => {
    const created = at + i * DAY;
    forumCategories.push({ id: ids.next('forumCategory'), name, description: `${name} forums`, position: i + 1, createdAt: created, updatedAt: created });
  });
  const forumDefs: [number, string, number, number][] = [
    [0, 'Getting help', 1, 1],
    [0, 'Tips and tricks', 1, 2],
    [1, 'Feature requests', 2, 1],
    [1, 'Bug reports', 3, 2],
    [2, 'Product news', 4, 1],
    [2, 'Agent announcements', 4, 3],
  ];
  forumDefs.forEach(([cat, name, type, visibility], i) => {
    const created = at + (3 + i) * DAY;
    forums.push({
      id: ids.next('forum'),
      categoryId: forumCategories[cat]!.id,
      name,
      description: `${name} from the community`,
      forumType: type,
      visibility,
      companyIds: [],
      position: (i % 2) + 1,
      createdAt: created,
      updatedAt: created,
    });
  });
  TOPIC_TITLES.forEach((title, i) => {
    const forum = forums[i % 5]!;
    const author = i % 3 === 0 ? agents[0]! : rng.pick(contacts.slice(0, 50));
    const created = at + (10 + i * 7) * DAY;
    const topic: Topic = {
      id: ids.next('topic'),
      forumId: forum.id,
      userId: author.id,
      title,
      locked: i === 4,
      sticky: i === 0,
      published: true,
      stampType: forum.forumType === 2 ? rng.pick([1, 2, 3]) : null,
      hits: rng.int(5, 500),
      userVotes: rng.int(0, 40),
      mergedTopicId: null,
      createdAt: created,
      updatedAt: created,
    };
    topics.push(topic);
    const replies = rng.int(1, 4);
    let postAt = created;
    for (let p = 0; p <= replies; p++) {
      const first = p === 0;
      const html = first ? `<p>${escapeHtml(title)}: details inside.</p>` : `<p>${escapeHtml(rng.pick(NOTE_BODIES))}</p>`;
      const postAuthor = first ? author : rng.chance(0.5) ? rng.pick(agents) : rng.pick(contacts.slice(0, 50));
      posts.push({
        id: ids.next('post'),
        topicId: topic.id,
        forumId: forum.id,
        userId: postAuthor.id,
        bodyHtml: html,
        bodyText: htmlToText(html),
        answer: !first && p === replies && forum.forumType === 1 && rng.chance(0.5),
        published: true,
        spam: false,
        trash: false,
        createdAt: postAt,
        updatedAt: postAt,
      });
      postAt += rng.int(1, 72) * HOUR;
    }
    topic.updatedAt = postAt;
  });
  const follow = (userId: number, type: 'Topic' | 'Forum', id: number) =>
    monitorships.push({ id: ids.next('monitorship'), userId, monitorableType: type, monitorableId: id, active: true });
  follow(agents[0]!.id, 'Topic', topics[0]!.id);
  follow(agents[0]!.id, 'Forum', forums[0]!.id);
  follow(agents[2]!.id, 'Topic', topics[1]!.id);
  follow(agents[2]!.id, 'Topic', topics[0]!.id);
  return { forumCategories, forums, topics, posts, monitorships };
}

function seedSolutions(rng: Rng, ids: Ids, agents: User[], at: number) {
  const solutionCategories: SolutionCategory[] = [];
  const solutionFolders: SolutionFolder[] = [];
  const solutionArticles: SolutionArticle[] = [];
  ['General', 'Billing', 'Troubleshooting'].forEach((name, i) => {
    solutionCategories.push({ id: ids.next('solutionCategory'), name, description: `${name} articles`, position: i + 1, isDefault: false, createdAt: at, updatedAt: at });
  });
  const folderNames = ['Getting started', 'Account', 'Invoices', 'Payments', 'Known issues', 'Integrations'];
  folderNames.forEach((name, i) => {
    solutionFolders.push({
      id: ids.next('solutionFolder'),
      categoryId: solutionCategories[Math.floor(i / 2)]!.id,
      name,
      description: `${name} help`,
      position: (i % 2) + 1,
      isDefault: false,
      visibility: [1, 2, 1, 3, 1, 2][i]!,
      companyIds: [],
      createdAt: at,
      updatedAt: at,
    });
  });
  ARTICLE_TITLES.forEach((title, i) => {
    const created = at + (5 + i * 11) * DAY;
    const html = `<h2>${escapeHtml(title)}</h2><p>Step by step instructions for ${escapeHtml(title.toLowerCase())}.</p>`;
    solutionArticles.push({
      id: ids.next('solutionArticle'),
      folderId: solutionFolders[i % 5]!.id,
      agentId: rng.pick(agents.slice(0, 3)).id,
      title,
      descriptionHtml: html,
      descriptionText: htmlToText(html),
      status: i === 9 ? 1 : 2,
      artType: i % 4 === 3 ? 2 : 1,
      position: Math.floor(i / 5) + 1,
      thumbsUp: rng.int(0, 50),
      thumbsDown: rng.int(0, 10),
      hits: rng.int(10, 2000),
      tags: i % 3 === 0 ? ['howto'] : [],
      seoTitle: null,
      seoDescription: null,
      createdAt: created,
      updatedAt: created,
    });
  });
  // The showcase category, folder and article have a French translation (no PRNG draw).
  const fr = (name: string, description: string | null, when: number, status?: number) => ({ fr: { name, description, ...(status ? { status } : {}), createdAt: when + DAY, updatedAt: when + DAY } });
  solutionCategories[0]!.translations = fr('Général', 'Articles généraux', at);
  solutionFolders[0]!.translations = fr('Premiers pas', 'Aide pour bien commencer', at);
  const first = solutionArticles[0]!;
  first.translations = fr(`${first.title} (FR)`, `<p>Instructions pas à pas.</p>`, first.createdAt, 2);
  return { solutionCategories, solutionFolders, solutionArticles };
}
