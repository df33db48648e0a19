/**
 * Records of the sandbox store. They are neutral: neither v1 nor v2 shaped. Each surface has its
 * own presenter that turns a record into its wire shape. Records are plain data (no classes, no
 * Maps) so the whole account serialises to JSON for `--data` and for determinism checks.
 *
 * Timestamps are epoch milliseconds. Custom field values are keyed by their v2 name: ticket fields
 * without the `_<account_id>` suffix (`cf_product_line`), contact and company fields without the
 * `cf_` prefix (`tier`).
 */

export type Ms = number;
export type Scalar = string | number | boolean | null;

export interface Account {
  id: number;
  name: string;
  domain: string;
  /** account time zone as v1 prints timestamps, e.g. `+10:00` */
  utcOffset: string;
  timeZone: string;
  /** fixed "now" of the seeded data; writes use the real clock */
  anchor: Ms;
  /** refuse plain HTTP for v2 (`ssl_required`) and redirect v1 */
  sslRequired: boolean;
  /** v2 default ticket list: tickets created in the last N days (0 = no window) */
  defaultListWindowDays: number;
  ticketTypes: string[];
  /** languages of the helpdesk (v2 settings/helpdesk); absent in older data files: HELPDESK_LANGUAGES */
  languages?: HelpdeskLanguages;
}

export interface HelpdeskLanguages {
  primary: string;
  supported: string[];
  portal: string[];
}

export type Role = 'admin' | 'agent' | 'viewer';

export interface AgentInfo {
  /**
   * The v1 agent record id (v1 `agent.id`, what `/agents/[id].json` takes). It differs from the
   * user id, which is what v2 calls the agent id (reference §3, the agents trap).
   */
  recordId: number;
  role: Role;
  apiKey: string;
  /** Basic user:password login; null when the agent has none */
  password: string | null;
  occasional: boolean;
  available: boolean;
  /** 1 global, 2 group, 3 restricted */
  ticketScope: number;
  signatureHtml: string | null;
  lastLoginAt: Ms | null;
  becameAgentAt: Ms;
}

export interface User {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  twitterId: string | null;
  facebookId: string | null;
  uniqueExternalId: string | null;
  address: string | null;
  description: string | null;
  jobTitle: string | null;
  language: string;
  timeZone: string;
  companyId: number | null;
  otherEmails: string[];
  tags: string[];
  custom: Record<string, Scalar>;
  /** verified */
  active: boolean;
  deleted: boolean;
  blocked: boolean;
  agent: AgentInfo | null;
  createdAt: Ms;
  updatedAt: Ms;
}

export interface Company {
  id: number;
  name: string;
  description: string | null;
  note: string | null;
  domains: string[];
  custom: Record<string, Scalar>;
  createdAt: Ms;
  updatedAt: Ms;
}

export interface Group {
  id: number;
  name: string;
  description: string | null;
  escalateTo: number | null;
  /** v1 `assign_time` in seconds; v2 shows it as `unassigned_for` when it is one of nine values */
  assignTimeSeconds: number | null;
  /** 0 disabled, 1 round robin */
  ticketAssignType: number;
  agentIds: number[];
  businessCalendarId: number | null;
  createdAt: Ms;
  updatedAt: Ms;
}

export interface Attachment {
  id: number;
  name: string;
  contentType: string;
  size: number;
  createdAt: Ms;
  updatedAt: Ms;
}

export interface TicketStats {
  firstRespondedAt: Ms | null;
  agentRespondedAt: Ms | null;
  requesterRespondedAt: Ms | null;
  statusUpdatedAt: Ms | null;
  resolvedAt: Ms | null;
  closedAt: Ms | null;
  pendingSince: Ms | null;
  reopenedAt: Ms | null;
}

export interface Ticket {
  /** v1 global id (large, distinct from the display id) */
  id: number;
  /** v1 `display_id`, v2 `id`, what both URL schemes use */
  displayId: number;
  subject: string | null;
  descriptionHtml: string;
  descriptionText: string;
  status: number;
  priority: number;
  source: number;
  type: string | null;
  requesterId: number;
  responderId: number | null;
  groupId: number | null;
  companyId: number | null;
  productId: number | null;
  emailConfigId: number | null;
  tags: string[];
  ccEmails: string[];
  fwdEmails: string[];
  replyCcEmails: string[];
  toEmails: string[] | null;
  dueBy: Ms;
  frDueBy: Ms;
  isEscalated: boolean;
  frEscalated: boolean;
  urgent: boolean;
  spam: boolean;
  deleted: boolean;
  /** created through outbound_email: subject and description are frozen (spec 000) */
  outbound: boolean;
  custom: Record<string, Scalar>;
  attachments: Attachment[];
  watcherIds: number[];
  /** 2 child, 3 tracker, null plain */
  associationType: number | null;
  associatedTickets: number[];
  stats: TicketStats;
  createdAt: Ms;
  updatedAt: Ms;
}

/**
 * A note, reply or forward on a ticket. `source` uses the service's note sources:
 * 0 reply, 2 note, 4 meta (hidden from v2), 8 forwarded e-mail.
 */
export interface Conversation {
  id: number;
  ticketDisplayId: number;
  userId: number;
  bodyHtml: string;
  bodyText: string;
  source: number;
  private: boolean;
  incoming: boolean;
  toEmails: string[];
  ccEmails: string[];
  bccEmails: string[];
  fromEmail: string | null;
  supportEmail: string | null;
  attachments: Attachment[];
  deleted: boolean;
  lastEditedAt: Ms | null;
  lastEditedUserId: number | null;
  createdAt: Ms;
  updatedAt: Ms;
}

export interface TimeEntry {
  id: number;
  ticketDisplayId: number;
  agentId: number;
  billable: boolean;
  note: string | null;
  timerRunning: boolean;
  /** when the timer last started; meaningful while it runs */
  startTime: Ms;
  executedAt: Ms;
  /** time accumulated while stopped, in seconds */
  secondsSpent: number;
  createdAt: Ms;
  updatedAt: Ms;
}

export interface Survey {
  id: number;
  title: string;
  active: boolean;
  createdAt: Ms;
  updatedAt: Ms;
}

export interface SatisfactionRating {
  id: number;
  surveyId: number;
  ticketDisplayId: number;
  /** the customer who rated */
  userId: number;
  agentId: number | null;
  groupId: number | null;
  /** v2 face value of the default question: 103, 102, 101, 100, -101, -102, -103 */
  rating: number;
  feedback: string | null;
  responseNoteId: number | null;
  createdAt: Ms;
  updatedAt: Ms;
}

export interface ForumCategory {
  id: number;
  name: string;
  description: string | null;
  position: number;
  createdAt: Ms;
  updatedAt: Ms;
}

export interface Forum {
  id: number;
  categoryId: number;
  name: string;
  description: string | null;
  /** 1 How To, 2 Ideas, 3 Problems, 4 Announcements */
  forumType: number;
  /** 1 Anyone, 2 Logged in users, 3 Agents, 4 Selected companies */
  visibility: number;
  companyIds: number[];
  position: number;
  createdAt: Ms;
  updatedAt: Ms;
}

export interface Topic {
  id: number;
  forumId: number;
  userId: number;
  title: string;
  locked: boolean;
  sticky: boolean;
  published: boolean;
  stampType: number | null;
  hits: number;
  userVotes: number;
  mergedTopicId: number | null;
  createdAt: Ms;
  updatedAt: Ms;
}

/** v1 "post", v2 "comment". The first post of a topic holds the topic's message. */
export interface Post {
  id: number;
  topicId: number;
  forumId: number;
  userId: number;
  bodyHtml: string;
  bodyText: string;
  answer: boolean;
  published: boolean;
  spam: boolean;
  trash: boolean;
  createdAt: Ms;
  updatedAt: Ms;
}

export interface Monitorship {
  id: number;
  userId: number;
  monitorableType: 'Topic' | 'Forum';
  monitorableId: number;
  active: boolean;
}

/**
 * A solution record in another language than the account's primary one (v2 `/solutions/.../<lang>`,
 * multilingual feature). For articles `name` is the title and `description` the HTML body.
 */
export interface SolutionTranslation {
  name: string;
  description: string | null;
  /** articles only: 1 draft, 2 published */
  status?: number;
  createdAt: Ms;
  updatedAt: Ms;
}

export type Translations = Record<string, SolutionTranslation>;

export interface SolutionCategory {
  id: number;
  name: string;
  description: string | null;
  position: number;
  isDefault: boolean;
  /** translations by language code (absent in data files written before they existed) */
  translations?: Translations;
  createdAt: Ms;
  updatedAt: Ms;
}

export interface SolutionFolder {
  id: number;
  categoryId: number;
  name: string;
  description: string | null;
  position: number;
  isDefault: boolean;
  /** 1 All, 2 Logged in users, 3 Agents, 4 Selected companies */
  visibility: number;
  companyIds: number[];
  /** translations by language code (absent in data files written before they existed) */
  translations?: Translations;
  createdAt: Ms;
  updatedAt: Ms;
}

export interface SolutionArticle {
  id: number;
  folderId: number;
  agentId: number;
  title: string;
  descriptionHtml: string;
  descriptionText: string;
  /** 1 draft, 2 published */
  status: number;
  /** 1 permanent, 2 workaround (v1 `art_type`, v2 `type`) */
  artType: number;
  position: number;
  thumbsUp: number;
  thumbsDown: number;
  hits: number;
  tags: string[];
  seoTitle: string | null;
  seoDescription: string | null;
  /** translations by language code (absent in data files written before they existed) */
  translations?: Translations;
  createdAt: Ms;
  updatedAt: Ms;
}

export type FieldKind =
  | 'text'
  | 'paragraph'
  | 'number'
  | 'decimal'
  | 'checkbox'
  | 'dropdown'
  | 'date';

/** A ticket field. Default fields carry `defaultType`; custom ones carry `kind`. */
export interface TicketField {
  id: number;
  /** v2 name (custom: `cf_x`, no account suffix) */
  name: string;
  label: string;
  labelForCustomers: string;
  description: string | null;
  position: number;
  /** e.g. default_subject; null for custom fields */
  defaultType: string | null;
  kind: FieldKind | null;
  choices: string[];
  requiredForAgents: boolean;
  requiredForCustomers: boolean;
  requiredForClosure: boolean;
  customersCanEdit: boolean;
  displayedToCustomers: boolean;
  createdAt: Ms;
  updatedAt: Ms;
}

/** A contact or company field. Custom ones have v2 name `x` and v1 name `cf_x`. */
export interface CustomerField {
  id: number;
  name: string;
  label: string;
  position: number;
  /** default_name, default_description, ... or custom_text, custom_dropdown, custom_date */
  fieldType: string;
  requiredForAgents: boolean;
  choices: string[];
  createdAt: Ms;
  updatedAt: Ms;
}

export interface EmailConfig {
  id: number;
  name: string;
  replyEmail: string;
  toEmail: string;
  productId: number | null;
  groupId: number | null;
  primaryRole: boolean;
  active: boolean;
  createdAt: Ms;
  updatedAt: Ms;
}

export interface Product {
  id: number;
  name: string;
  description: string | null;
  primaryEmailConfigId: number | null;
  createdAt: Ms;
  updatedAt: Ms;
}

/** A v1 custom ticket view (`/helpdesk/tickets/view/[id]`): a conjunction of equality conditions. */
export interface CustomView {
  id: number;
  name: string;
  conditions: { field: 'status' | 'priority' | 'group_id' | 'type' | 'cf_product_line'; values: Scalar[] }[];
}

export interface JobItem {
  id: number;
  success: boolean;
  errors?: { field: string; message: string; code: string }[];
}

export interface Job {
  id: string;
  action: 'bulk_update' | 'bulk_delete';
  status: 'IN PROGRESS' | 'SUCCESS' | 'PARTIAL' | 'FAILED';
  data: JobItem[];
  createdAt: Ms;
  updatedAt: Ms;
}

export const ID_KINDS = [
  'user',
  'company',
  'group',
  'ticket',
  'conversation',
  'timeEntry',
  'rating',
  'survey',
  'forumCategory',
  'forum',
  'topic',
  'post',
  'monitorship',
  'solutionCategory',
  'solutionFolder',
  'solutionArticle',
  'attachment',
  'ticketField',
  'companyField',
  'contactField',
  'emailConfig',
  'product',
  'customView',
  'agentRecord',
  'job',
] as const;
export type IdKind = (typeof ID_KINDS)[number];

/** The whole account as persisted (`--data`) and as compared by the determinism test. */
export interface AccountState {
  format: 'hdmigrate-sandbox/1';
  seed: number;
  account: Account;
  /** last id handed out per kind; the display id counter for tickets lives in `lastDisplayId` */
  counters: Record<IdKind, number>;
  lastDisplayId: number;
  users: User[];
  companies: Company[];
  groups: Group[];
  tickets: Ticket[];
  conversations: Conversation[];
  timeEntries: TimeEntry[];
  surveys: Survey[];
  ratings: SatisfactionRating[];
  forumCategories: ForumCategory[];
  forums: Forum[];
  topics: Topic[];
  posts: Post[];
  monitorships: Monitorship[];
  solutionCategories: SolutionCategory[];
  solutionFolders: SolutionFolder[];
  solutionArticles: SolutionArticle[];
  ticketFields: TicketField[];
  companyFields: CustomerField[];
  contactFields: CustomerField[];
  emailConfigs: EmailConfig[];
  products: Product[];
  customViews: CustomView[];
  jobs: Job[];
}
