/**
 * The one store both API surfaces read and write. It holds records (see model.ts) in insertion
 * order, keeps the few indexes lookups need, and hands out ids. It knows nothing about HTTP or wire
 * shapes; validation happens before a handler calls a mutator, so a failed write never reaches it.
 */
import type {
  Account,
  AccountState,
  Company,
  Conversation,
  CustomerField,
  CustomView,
  EmailConfig,
  Forum,
  ForumCategory,
  IdKind,
  Job,
  Monitorship,
  Post,
  Product,
  SatisfactionRating,
  SolutionArticle,
  SolutionCategory,
  SolutionFolder,
  Survey,
  Ticket,
  TicketField,
  TimeEntry,
  Topic,
  User,
} from './model.ts';
import { ID_KINDS } from './model.ts';

/**
 * Each kind of record has its own id range, so an id of the wrong kind (a contact id where a
 * ticket id belongs) finds nothing instead of a random record. Tools under test trip on that
 * exactly as they would on the real service, whose ids never collide by accident either.
 */
export const ID_BASES: Record<IdKind, number> = {
  user: 1_000_000,
  company: 2_000_000,
  group: 3_000_000,
  ticket: 5_007_268_000, // global ticket ids look like the service's: large and sparse
  conversation: 6_000_000,
  timeEntry: 7_000_000,
  rating: 8_000_000,
  survey: 8_500_000,
  forumCategory: 9_000_000,
  forum: 9_100_000,
  topic: 9_200_000,
  post: 9_300_000,
  monitorship: 9_400_000,
  solutionCategory: 10_000_000,
  solutionFolder: 10_100_000,
  solutionArticle: 10_200_000,
  attachment: 11_000_000,
  ticketField: 12_000_000,
  companyField: 12_100_000,
  contactField: 12_200_000,
  emailConfig: 13_000_000,
  product: 13_100_000,
  customView: 14_000_000,
  agentRecord: 16_000_000,
  job: 0,
};

/** An insertion-ordered table keyed by a numeric id. */
export class Table<T> {
  private readonly rows = new Map<number, T>();
  constructor(private readonly keyOf: (row: T) => number) {}
  get(id: number): T | undefined {
    return this.rows.get(id);
  }
  has(id: number): boolean {
    return this.rows.has(id);
  }
  put(row: T): T {
    this.rows.set(this.keyOf(row), row);
    return row;
  }
  delete(id: number): boolean {
    return this.rows.delete(id);
  }
  all(): T[] {
    return Array.from(this.rows.values());
  }
  values(): IterableIterator<T> {
    return this.rows.values();
  }
  get size(): number {
    return this.rows.size;
  }
}

export class Store {
  readonly seed: number;
  account: Account;
  private counters: Record<IdKind, number>;
  private lastDisplayId: number;

  readonly users = new Table<User>((u) => u.id);
  readonly companies = new Table<Company>((c) => c.id);
  readonly groups = new Table<import('./model.ts').Group>((g) => g.id);
  /** keyed by display id: what every URL uses */
  readonly tickets = new Table<Ticket>((t) => t.displayId);
  readonly conversations = new Table<Conversation>((c) => c.id);
  readonly timeEntries = new Table<TimeEntry>((t) => t.id);
  readonly surveys = new Table<Survey>((s) => s.id);
  readonly ratings = new Table<SatisfactionRating>((r) => r.id);
  readonly forumCategories = new Table<ForumCategory>((c) => c.id);
  readonly forums = new Table<Forum>((f) => f.id);
  readonly topics = new Table<Topic>((t) => t.id);
  readonly posts = new Table<Post>((p) => p.id);
  readonly monitorships = new Table<Monitorship>((m) => m.id);
  readonly solutionCategories = new Table<SolutionCategory>((c) => c.id);
  readonly solutionFolders = new Table<SolutionFolder>((f) => f.id);
  readonly solutionArticles = new Table<SolutionArticle>((a) => a.id);
  readonly ticketFields = new Table<TicketField>((f) => f.id);
  readonly companyFields = new Table<CustomerField>((f) => f.id);
  readonly contactFields = new Table<CustomerField>((f) => f.id);
  readonly emailConfigs = new Table<EmailConfig>((e) => e.id);
  readonly products = new Table<Product>((p) => p.id);
  readonly customViews = new Table<CustomView>((v) => v.id);
  /** jobs are keyed by a string id; kept in a Map of their own */
  readonly jobs = new Map<string, Job>();

  // Indexes. Rebuilt on load, maintained by the mutators below.
  private readonly userIdByEmail = new Map<string, number>();
  private readonly userIdByApiKey = new Map<string, number>();
  private readonly emailsByUserId = new Map<number, string[]>();
  private readonly apiKeyByUserId = new Map<number, string>();
  private readonly conversationIdsByTicket = new Map<number, number[]>();
  private readonly timeEntryIdsByTicket = new Map<number, number[]>();
  private readonly ratingIdsByTicket = new Map<number, number[]>();
  private readonly postIdsByTopic = new Map<number, number[]>();
  /** uploaded file bytes, served at attachment_url; not persisted (metadata is) */
  readonly attachmentBytes = new Map<number, Uint8Array>();

  constructor(state: AccountState) {
    this.seed = state.seed;
    this.account = state.account;
    this.counters = { ...state.counters };
    for (const kind of ID_KINDS) this.counters[kind] ??= ID_BASES[kind];
    this.lastDisplayId = state.lastDisplayId;
    for (const u of state.users) {
      // data files written before agents had a v1 record id get one now
      if (u.agent && u.agent.recordId === undefined) u.agent.recordId = this.nextId('agentRecord');
      this.putUser(u);
    }
    state.companies.forEach((r) => this.companies.put(r));
    state.groups.forEach((r) => this.groups.put(r));
    state.tickets.forEach((r) => this.tickets.put(r));
    for (const c of state.conversations) this.putConversation(c);
    for (const t of state.timeEntries) this.putTimeEntry(t);
    state.surveys.forEach((r) => this.surveys.put(r));
    for (const r of state.ratings) this.putRating(r);
    state.forumCategories.forEach((r) => this.forumCategories.put(r));
    state.forums.forEach((r) => this.forums.put(r));
    state.topics.forEach((r) => this.topics.put(r));
    for (const p of state.posts) this.putPost(p);
    state.monitorships.forEach((r) => this.monitorships.put(r));
    state.solutionCategories.forEach((r) => this.solutionCategories.put(r));
    state.solutionFolders.forEach((r) => this.solutionFolders.put(r));
    state.solutionArticles.forEach((r) => this.solutionArticles.put(r));
    state.ticketFields.forEach((r) => this.ticketFields.put(r));
    state.companyFields.forEach((r) => this.companyFields.put(r));
    state.contactFields.forEach((r) => this.contactFields.put(r));
    state.emailConfigs.forEach((r) => this.emailConfigs.put(r));
    state.products.forEach((r) => this.products.put(r));
    state.customViews.forEach((r) => this.customViews.put(r));
    for (const j of state.jobs) this.jobs.set(j.id, j);
  }

  /** The account as plain data, in a stable order: what `--data` writes. */
  snapshot(): AccountState {
    return {
      format: 'hdmigrate-sandbox/1',
      seed: this.seed,
      account: this.account,
      counters: { ...this.counters },
      lastDisplayId: this.lastDisplayId,
      users: this.users.all(),
      companies: this.companies.all(),
      groups: this.groups.all(),
      tickets: this.tickets.all(),
      conversations: this.conversations.all(),
      timeEntries: this.timeEntries.all(),
      surveys: this.surveys.all(),
      ratings: this.ratings.all(),
      forumCategories: this.forumCategories.all(),
      forums: this.forums.all(),
      topics: this.topics.all(),
      posts: this.posts.all(),
      monitorships: this.monitorships.all(),
      solutionCategories: this.solutionCategories.all(),
      solutionFolders: this.solutionFolders.all(),
      solutionArticles: this.solutionArticles.all(),
      ticketFields: this.ticketFields.all(),
      companyFields: this.companyFields.all(),
      contactFields: this.contactFields.all(),
      emailConfigs: this.emailConfigs.all(),
      products: this.products.all(),
      customViews: this.customViews.all(),
      jobs: Array.from(this.jobs.values()),
    };
  }

  // ---- ids -------------------------------------------------------------------------------

  nextId(kind: IdKind): number {
    this.counters[kind] += 1;
    return this.counters[kind];
  }

  /** A new ticket gets the next display id and a sparse global id after the last one. */
  nextTicketIds(): { id: number; displayId: number } {
    const displayId = ++this.lastDisplayId;
    this.counters.ticket += 1 + (displayId % 17);
    return { id: this.counters.ticket, displayId };
  }

  nextJobId(): string {
    this.counters.job += 1;
    // Job ids are opaque strings in the service (uuid-like); a counter keeps them deterministic.
    return `job-${String(this.counters.job).padStart(8, '0')}`;
  }

  // ---- users -----------------------------------------------------------------------------

  /**
   * Stores a user and refreshes the e-mail and API-key indexes. Records are mutated in place by
   * handlers, so the previous index entries are found through the reverse maps, not the record.
   */
  putUser(user: User): User {
    this.unindexUser(user.id);
    this.users.put(user);
    const emails = [user.email, ...user.otherEmails].filter((e): e is string => !!e).map((e) => e.toLowerCase());
    for (const e of emails) this.userIdByEmail.set(e, user.id);
    this.emailsByUserId.set(user.id, emails);
    if (user.agent) {
      this.userIdByApiKey.set(user.agent.apiKey, user.id);
      this.apiKeyByUserId.set(user.id, user.agent.apiKey);
    }
    return user;
  }

  private unindexUser(id: number): void {
    for (const e of this.emailsByUserId.get(id) ?? []) if (this.userIdByEmail.get(e) === id) this.userIdByEmail.delete(e);
    this.emailsByUserId.delete(id);
    const key = this.apiKeyByUserId.get(id);
    if (key !== undefined && this.userIdByApiKey.get(key) === id) this.userIdByApiKey.delete(key);
    this.apiKeyByUserId.delete(id);
  }

  removeUser(id: number): void {
    this.unindexUser(id);
    this.users.delete(id);
  }

  userByEmail(email: string): User | undefined {
    const id = this.userIdByEmail.get(email.toLowerCase());
    return id === undefined ? undefined : this.users.get(id);
  }

  userByApiKey(key: string): User | undefined {
    const id = this.userIdByApiKey.get(key);
    return id === undefined ? undefined : this.users.get(id);
  }

  agent(id: number): User | undefined {
    const u = this.users.get(id);
    return u?.agent ? u : undefined;
  }

  /** The agent with this v1 agent record id (deleted users included, as FC's all_agents). */
  agentByRecordId(recordId: number): User | undefined {
    return this.agents().find((u) => u.agent!.recordId === recordId);
  }

  contact(id: number): User | undefined {
    const u = this.users.get(id);
    return u && !u.agent ? u : undefined;
  }

  agents(): User[] {
    return this.users.all().filter((u) => u.agent !== null);
  }

  contacts(): User[] {
    return this.users.all().filter((u) => u.agent === null);
  }

  groupIdsOfAgent(agentId: number): number[] {
    const out: number[] = [];
    for (const g of this.groups.values()) if (g.agentIds.includes(agentId)) out.push(g.id);
    return out;
  }

  // ---- conversations, time entries, ratings, posts: per-parent indexes --------------------

  putConversation(c: Conversation): Conversation {
    if (!this.conversations.has(c.id)) pushIndex(this.conversationIdsByTicket, c.ticketDisplayId, c.id);
    this.conversations.put(c);
    return c;
  }

  removeConversation(id: number): void {
    const c = this.conversations.get(id);
    if (!c) return;
    removeIndex(this.conversationIdsByTicket, c.ticketDisplayId, id);
    this.conversations.delete(id);
  }

  /** In creation order (ascending), which is how both APIs list them. */
  conversationsOf(displayId: number): Conversation[] {
    const ids = this.conversationIdsByTicket.get(displayId) ?? [];
    return ids.map((id) => this.conversations.get(id)).filter((c): c is Conversation => c !== undefined);
  }

  /** Moves a conversation to another ticket (merge). */
  moveConversation(id: number, toDisplayId: number): void {
    const c = this.conversations.get(id);
    if (!c) return;
    removeIndex(this.conversationIdsByTicket, c.ticketDisplayId, id);
    c.ticketDisplayId = toDisplayId;
    pushIndex(this.conversationIdsByTicket, toDisplayId, id);
  }

  putTimeEntry(t: TimeEntry): TimeEntry {
    if (!this.timeEntries.has(t.id)) pushIndex(this.timeEntryIdsByTicket, t.ticketDisplayId, t.id);
    this.timeEntries.put(t);
    return t;
  }

  removeTimeEntry(id: number): void {
    const t = this.timeEntries.get(id);
    if (!t) return;
    removeIndex(this.timeEntryIdsByTicket, t.ticketDisplayId, id);
    this.timeEntries.delete(id);
  }

  timeEntriesOf(displayId: number): TimeEntry[] {
    const ids = this.timeEntryIdsByTicket.get(displayId) ?? [];
    return ids.map((id) => this.timeEntries.get(id)).filter((t): t is TimeEntry => t !== undefined);
  }

  putRating(r: SatisfactionRating): SatisfactionRating {
    if (!this.ratings.has(r.id)) pushIndex(this.ratingIdsByTicket, r.ticketDisplayId, r.id);
    this.ratings.put(r);
    return r;
  }

  ratingsOf(displayId: number): SatisfactionRating[] {
    const ids = this.ratingIdsByTicket.get(displayId) ?? [];
    return ids.map((id) => this.ratings.get(id)).filter((r): r is SatisfactionRating => r !== undefined);
  }

  putPost(p: Post): Post {
    if (!this.posts.has(p.id)) pushIndex(this.postIdsByTopic, p.topicId, p.id);
    this.posts.put(p);
    return p;
  }

  removePost(id: number): void {
    const p = this.posts.get(id);
    if (!p) return;
    removeIndex(this.postIdsByTopic, p.topicId, id);
    this.posts.delete(id);
  }

  postsOf(topicId: number): Post[] {
    const ids = this.postIdsByTopic.get(topicId) ?? [];
    return ids.map((id) => this.posts.get(id)).filter((p): p is Post => p !== undefined);
  }

  // ---- lookups used by both surfaces -------------------------------------------------------

  ticketFieldByName(name: string): TicketField | undefined {
    for (const f of this.ticketFields.values()) if (f.name === name) return f;
    return undefined;
  }

  customTicketFields(): TicketField[] {
    return this.ticketFields.all().filter((f) => f.kind !== null);
  }

  customCompanyFields(): CustomerField[] {
    return this.companyFields.all().filter((f) => f.fieldType.startsWith('custom_'));
  }

  customContactFields(): CustomerField[] {
    return this.contactFields.all().filter((f) => f.fieldType.startsWith('custom_'));
  }

  /** Status number → [agent label, customer label], from the status ticket field. */
  statusLabels(): Map<number, [string, string]> {
    const field = this.ticketFieldByName('status');
    const out = new Map<number, [string, string]>();
    for (const choice of field?.choices ?? []) {
      // status choices are stored as "<number>|<agent label>|<customer label>"
      const [n, agentLabel, customerLabel] = choice.split('|');
      out.set(Number(n), [agentLabel ?? '', customerLabel ?? agentLabel ?? '']);
    }
    return out;
  }

  primaryEmailConfig(): EmailConfig | undefined {
    for (const e of this.emailConfigs.values()) if (e.primaryRole) return e;
    return this.emailConfigs.all()[0];
  }

  monitorship(userId: number, type: 'Topic' | 'Forum', monitorableId: number): Monitorship | undefined {
    for (const m of this.monitorships.values()) {
      if (m.userId === userId && m.monitorableType === type && m.monitorableId === monitorableId) return m;
    }
    return undefined;
  }

  companyByName(name: string): Company | undefined {
    const wanted = name.toLowerCase();
    for (const c of this.companies.values()) if (c.name.toLowerCase() === wanted) return c;
    return undefined;
  }
}

function pushIndex(index: Map<number, number[]>, key: number, id: number): void {
  const list = index.get(key);
  if (list) list.push(id);
  else index.set(key, [id]);
}

function removeIndex(index: Map<number, number[]>, key: number, id: number): void {
  const list = index.get(key);
  if (!list) return;
  const i = list.indexOf(id);
  if (i >= 0) list.splice(i, 1);
}
