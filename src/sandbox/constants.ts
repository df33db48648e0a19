/**
 * Fixed, documented facts of every sandbox account, whatever the seed. Tools, tests and the README
 * rely on these strings; change them only together with the README section.
 */

/** API keys for Basic auth (`<key>:X`). The same for every seed. */
export const DEMO_KEYS = {
  /** administrator: everything */
  admin: 'sandbox-admin-key',
  /** view-only agent: may read, gets 403 access_denied on any write (e.g. reply) */
  viewer: 'sandbox-viewer-key',
  /** ordinary agent: tickets, contacts, discussions; not admin-only endpoints */
  agent: 'sandbox-agent-key',
} as const;

/** Login user name and password of the same three agents (Basic `email:password`). */
export const DEMO_LOGINS = {
  admin: { email: 'admin@sandbox.example', password: 'sandbox-admin-password' },
  viewer: { email: 'viewer@sandbox.example', password: 'sandbox-viewer-password' },
  agent: { email: 'agent@sandbox.example', password: 'sandbox-agent-password' },
} as const;

/** User ids of the three demo agents (agent id = user id, as in the service). */
export const DEMO_AGENT_IDS = { admin: 1_000_001, viewer: 1_000_002, agent: 1_000_003 } as const;

/** Account id: v1 ticket custom field names end in `_<ACCOUNT_ID>`. */
export const ACCOUNT_ID = 318502;

/** Account time zone: v1 timestamps carry this offset. Brisbane has no daylight saving. */
export const ACCOUNT_UTC_OFFSET = '+10:00';
export const ACCOUNT_TIME_ZONE = 'Brisbane';

/** "Now" of the seeded data (seeded timestamps fall before it), so an account is byte-identical. */
export const SEED_ANCHOR = Date.UTC(2025, 5, 30, 0, 0, 0);

/** Name of the `X-<service>-Api-Version` header (spec 000 "Versioning" 1). */
export const API_VERSION_HEADER = 'X-Helpdesk-Api-Version';

/**
 * Languages of the sandbox helpdesk (multilingual feature on): solution translations may be made in
 * the supported ones; `GET /api/v2/settings/helpdesk` shows them.
 */
export const HELPDESK_LANGUAGES = { primary: 'en', supported: ['fr', 'es'], portal: ['fr'] } as const;

/** Limits of spec 000. */
export const LIMITS = {
  attachmentsTotalBytes: 20 * 1024 * 1024,
  perPageDefault: 30,
  perPageMax: 100,
  maxListPage: 300,
  searchQueryMaxLength: 512,
  searchPerPage: 30,
  searchMaxPage: 10,
  v1TicketsPerPage: 30,
  v1ContactsPerPageMax: 50,
} as const;

/** Seeded showcase records (same ids for every seed), handy for tests and demos. */
export const SHOWCASE = {
  /** open ticket with a reply, public + private + meta notes, an attachment, tags, cc, custom fields, 2 time entries */
  ticketDisplayId: 1,
  /** deleted ticket (restorable) */
  deletedTicketDisplayId: 2,
  /** spam ticket */
  spamTicketDisplayId: 3,
  /** closed ticket with a satisfaction rating */
  ratedTicketDisplayId: 4,
  requesterId: 1_001_001,
  companyId: 2_000_001,
  groupId: 3_000_001,
  timeEntryId: 7_000_001,
  forumCategoryId: 9_000_001,
  forumId: 9_100_001,
  topicId: 9_200_001,
  postId: 9_300_001,
  solutionCategoryId: 10_000_001,
  solutionFolderId: 10_100_001,
  solutionArticleId: 10_200_001,
  customViewId: 14_000_001,
} as const;

/** Custom ticket fields (v2 names; v1 adds `_<ACCOUNT_ID>`). */
export const TICKET_CUSTOM_FIELDS = {
  productLine: 'cf_product_line', // dropdown
  orderNumber: 'cf_order_number', // single-line text
  seats: 'cf_seats', // number
  contractEnd: 'cf_contract_end', // date
  vip: 'cf_vip', // checkbox
} as const;
