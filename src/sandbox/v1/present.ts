/**
 * v1 wire shapes (spec 001 "Resources and their fields"): wrappers, the global ticket `id` beside
 * `display_id`, timestamps in the account's offset, `*_name` fields, tags as `[{name}]`,
 * `cc_email: {cc_emails, fwd_emails, reply_cc}`, ticket custom fields named `<name>_<account id>`,
 * contact and company custom fields named `cf_<name>`.
 */
import { formatDecimalHours, secondsSpent, v1RatingOf } from '../domain.ts';
import type {
  Attachment,
  Company,
  Conversation,
  CustomerField,
  Forum,
  ForumCategory,
  Group,
  Monitorship,
  Post,
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
} from '../model.ts';
import type { Store } from '../store.ts';
import { htmlToText } from '../text.ts';
import { formatWithOffset, formatWithOffsetOrNull } from '../time.ts';

export const SOURCE_NAMES: Record<number, string> = {
  1: 'Email',
  2: 'Portal',
  3: 'Phone',
  4: 'Forum',
  5: 'Twitter',
  6: 'Facebook',
  7: 'Chat',
  8: 'Mobihelp',
  9: 'Feedback Widget',
  10: 'Outbound Email',
};
export const PRIORITY_NAMES: Record<number, string> = { 1: 'Low', 2: 'Medium', 3: 'High', 4: 'Urgent' };

/** Timestamp formatter bound to the account offset. */
export function clock(store: Store) {
  const offset = store.account.utcOffset;
  return {
    at: (ms: number) => formatWithOffset(ms, offset),
    atOrNull: (ms: number | null) => formatWithOffsetOrNull(ms, offset),
  };
}

/** v1 name of a ticket custom field: the v2 name plus `_<account id>`. */
export function v1TicketFieldName(store: Store, name: string): string {
  return `${name}_${store.account.id}`;
}

export function attachmentV1(store: Store, baseUrl: string, a: Attachment) {
  const t = clock(store);
  return {
    content_content_type: a.contentType,
    content_file_name: a.name,
    content_file_size: a.size,
    created_at: t.at(a.createdAt),
    id: a.id,
    updated_at: t.at(a.updatedAt),
    attachment_url: `${baseUrl}/attachments/${a.id}/${encodeURIComponent(a.name)}`,
  };
}

function nameOf(store: Store, userId: number | null): string | null {
  if (userId === null) return null;
  return store.users.get(userId)?.name ?? null;
}

/** The `*_name` fields v1 derived from ids and the ticket field choices. */
function names(store: Store, t: Ticket) {
  const status = store.statusLabels().get(t.status);
  return {
    status_name: status?.[0] ?? null,
    requester_status_name: status?.[1] ?? null,
    priority_name: PRIORITY_NAMES[t.priority] ?? null,
    source_name: SOURCE_NAMES[t.source] ?? null,
    requester_name: nameOf(store, t.requesterId),
    responder_name: nameOf(store, t.responderId),
  };
}

export function ticketV1(store: Store, baseUrl: string, t: Ticket, options: { notes: boolean; tags: boolean }): Record<string, unknown> {
  const c = clock(store);
  const custom: Record<string, Scalar> = {};
  for (const [name, value] of Object.entries(t.custom)) custom[v1TicketFieldName(store, name)] = value;
  const out: Record<string, unknown> = {
    // spec 001 lists both: `cc_emails` (array in responses) and the `cc_email` object
    cc_email: { cc_emails: t.ccEmails, fwd_emails: t.fwdEmails, reply_cc: t.replyCcEmails },
    cc_emails: t.ccEmails,
    created_at: c.at(t.createdAt),
    deleted: t.deleted,
    delta: true,
    description: t.descriptionText,
    description_html: t.descriptionHtml,
    display_id: t.displayId,
    due_by: c.at(t.dueBy),
    email_config_id: t.emailConfigId,
    frDueBy: c.at(t.frDueBy),
    fr_escalated: t.frEscalated,
    group_id: t.groupId,
    id: t.id,
    isescalated: t.isEscalated,
    owner_id: t.companyId,
    priority: t.priority,
    requester_id: t.requesterId,
    responder_id: t.responderId,
    source: t.source,
    spam: t.spam,
    status: t.status,
    subject: t.subject,
    ticket_type: t.type,
    to_email: t.toEmails?.[0] ?? null,
    to_emails: t.toEmails,
    trained: false,
    updated_at: c.at(t.updatedAt),
    urgent: t.urgent,
    product_id: t.productId,
    ...names(store, t),
    custom_field: custom,
    attachments: t.attachments.map((a) => attachmentV1(store, baseUrl, a)),
  };
  if (options.notes) out.notes = store.conversationsOf(t.displayId).map((n) => noteV1(store, baseUrl, n));
  if (options.tags) out.tags = t.tags.map((name) => ({ name }));
  return out;
}

/** The short `{ticket: {...}}` form of update, pick, restore and assign answers. */
export function ticketSummaryV1(store: Store, t: Ticket) {
  return {
    ticket: {
      deleted: t.deleted,
      display_id: t.displayId,
      subject: t.subject,
      ...names(store, t),
      to_emails: t.toEmails,
    },
  };
}

export function noteV1(store: Store, baseUrl: string, n: Conversation) {
  const c = clock(store);
  return {
    note: {
      attachments: n.attachments.map((a) => attachmentV1(store, baseUrl, a)),
      body: n.bodyText,
      body_html: n.bodyHtml,
      created_at: c.at(n.createdAt),
      deleted: n.deleted,
      id: n.id,
      incoming: n.incoming,
      private: n.private,
      source: n.source,
      to_emails: n.toEmails,
      updated_at: c.at(n.updatedAt),
      user_id: n.userId,
    },
  };
}

/** Contact (and agent user) object without its wrapper. */
export function userObjectV1(store: Store, u: User) {
  const c = clock(store);
  const custom: Record<string, Scalar> = {};
  for (const [name, value] of Object.entries(u.custom)) custom[`cf_${name}`] = value;
  return {
    active: u.active,
    address: u.address,
    created_at: c.at(u.createdAt),
    customer_id: u.companyId,
    // FC aliased customer_id and company_id on v1 users (lib/customer_deprecation_methods.rb); the
    // python-freshdesk samples carry both
    company_id: u.companyId,
    deleted: u.deleted,
    description: u.description,
    email: u.email,
    external_id: u.uniqueExternalId,
    fb_profile_id: u.facebookId,
    helpdesk_agent: u.agent !== null,
    id: u.id,
    job_title: u.jobTitle,
    language: u.language,
    mobile: u.mobile,
    name: u.name,
    phone: u.phone,
    time_zone: u.timeZone,
    twitter_id: u.twitterId,
    updated_at: c.at(u.updatedAt),
    custom_field: custom,
  };
}

export function userV1(store: Store, u: User) {
  return { user: userObjectV1(store, u) };
}

/**
 * A v1 agent: the record with its own id (not the user id) and the user inside, as the python-freshdesk
 * v1 samples (agent_1.json, agents.json) record it. The user carries the fields FC's AgentsController
 * rendered (no customer_id, no custom fields) plus `active`, which the samples show.
 */
export function agentV1(store: Store, u: User) {
  const c = clock(store);
  const a = u.agent!;
  const user = userObjectV1(store, u);
  return {
    agent: {
      active_since: null,
      available: a.available,
      created_at: c.at(a.becameAgentAt),
      id: a.recordId,
      occasional: a.occasional,
      // gamification is off in the sandbox account: no points, the first level
      points: 0,
      scoreboard_level_id: 1,
      signature: a.signatureHtml === null ? null : htmlToText(a.signatureHtml),
      signature_html: a.signatureHtml,
      ticket_permission: a.ticketScope,
      updated_at: c.at(u.updatedAt),
      user: {
        active: user.active,
        address: user.address,
        created_at: user.created_at,
        deleted: user.deleted,
        description: user.description,
        email: user.email,
        external_id: user.external_id,
        fb_profile_id: user.fb_profile_id,
        helpdesk_agent: true,
        id: user.id,
        job_title: user.job_title,
        language: user.language,
        mobile: user.mobile,
        name: user.name,
        phone: user.phone,
        time_zone: user.time_zone,
        twitter_id: user.twitter_id,
        updated_at: user.updated_at,
      },
      user_id: u.id,
    },
  };
}

export function companyV1(store: Store, company: Company, wrapper: 'customer' | 'company') {
  const c = clock(store);
  const custom: Record<string, Scalar> = {};
  for (const [name, value] of Object.entries(company.custom)) custom[`cf_${name}`] = value;
  return {
    [wrapper]: {
      id: company.id,
      name: company.name,
      description: company.description,
      note: company.note,
      domains: company.domains.join(','),
      cust_identifier: null,
      created_at: c.at(company.createdAt),
      updated_at: c.at(company.updatedAt),
      custom_field: custom,
    },
  };
}

export function companyFieldV1(store: Store, f: CustomerField) {
  const c = clock(store);
  const custom = f.fieldType.startsWith('custom_');
  return {
    company_field: {
      id: f.id,
      name: custom ? `cf_${f.name}` : f.name,
      label: f.label,
      field_type: f.fieldType,
      position: f.position,
      required_for_agent: f.requiredForAgents,
      deleted: false,
      choices: f.choices.map((v, i) => ({ id: i + 1, value: v, position: i + 1 })),
      field_options: null,
      created_at: c.at(f.createdAt),
      updated_at: c.at(f.updatedAt),
    },
  };
}

const V1_CUSTOM_TYPES: Record<string, string> = {
  text: 'custom_text',
  paragraph: 'custom_paragraph',
  number: 'custom_number',
  decimal: 'custom_decimal',
  checkbox: 'custom_checkbox',
  dropdown: 'custom_dropdown',
  date: 'custom_date',
};

/** Choices as [label, value] pairs, the v1 form for every choice field. */
function ticketFieldChoicesV1(f: TicketField): unknown[] {
  if (f.name === 'status' || f.name === 'priority' || f.name === 'source') {
    return f.choices.map((c) => {
      const [n, label] = c.split('|');
      return [label, Number(n)];
    });
  }
  return f.choices.map((v) => [v, v]);
}

export function ticketFieldV1(store: Store, f: TicketField) {
  const c = clock(store);
  const custom = f.kind !== null;
  return {
    ticket_field: {
      active: true,
      choices: ticketFieldChoicesV1(f),
      created_at: c.at(f.createdAt),
      description: f.description,
      editable_in_portal: f.customersCanEdit,
      field_options: custom ? {} : null,
      field_type: f.defaultType ?? V1_CUSTOM_TYPES[f.kind ?? 'text'],
      flexifield_def_entry_id: custom ? f.id - 11_000_000 : null,
      id: f.id,
      label: f.label,
      label_in_portal: f.labelForCustomers,
      name: custom ? v1TicketFieldName(store, f.name) : f.name,
      nested_ticket_fields: [],
      position: f.position,
      required: f.requiredForAgents,
      required_for_closure: f.requiredForClosure,
      required_in_portal: f.requiredForCustomers,
      updated_at: c.at(f.updatedAt),
      visible_in_portal: f.displayedToCustomers,
    },
  };
}

export function groupV1(store: Store, g: Group) {
  const c = clock(store);
  return {
    group: {
      id: g.id,
      name: g.name,
      description: g.description,
      escalate_to: g.escalateTo,
      assign_time: g.assignTimeSeconds,
      ticket_assign_type: g.ticketAssignType,
      business_calendar_id: g.businessCalendarId,
      agent_list: g.agentIds.join(','),
      agents: g.agentIds.map((id) => store.users.get(id)).filter((u): u is User => u !== undefined).map((u) => userObjectV1(store, u)),
      created_at: c.at(g.createdAt),
      updated_at: c.at(g.updatedAt),
    },
  };
}

export function timeEntryV1(store: Store, e: TimeEntry, now: number) {
  const c = clock(store);
  const agent = store.users.get(e.agentId);
  const ticket = store.tickets.get(e.ticketDisplayId);
  const requester = ticket ? store.users.get(ticket.requesterId) : undefined;
  const company = ticket?.companyId != null ? store.companies.get(ticket.companyId) : undefined;
  return {
    time_entry: {
      agent_email: agent?.email ?? null,
      agent_name: agent?.name ?? null,
      billable: e.billable,
      contact_email: requester?.email ?? null,
      created_at: c.at(e.createdAt),
      customer_name: company?.name ?? null,
      executed_at: c.at(e.executedAt),
      id: e.id,
      note: e.note,
      start_time: c.at(e.startTime),
      ticket_id: e.ticketDisplayId,
      timer_running: e.timerRunning,
      timespent: formatDecimalHours(secondsSpent(e, now)),
      updated_at: c.at(e.updatedAt),
      user_id: e.agentId,
      workable_type: 'Helpdesk::Ticket',
    },
  };
}

export function surveyResultV1(store: Store, r: SatisfactionRating) {
  const c = clock(store);
  const ticket = store.tickets.get(r.ticketDisplayId);
  return {
    survey_result: {
      agent_id: r.agentId,
      created_at: c.at(r.createdAt),
      customer_id: r.userId,
      group_id: r.groupId,
      id: r.id,
      rating: v1RatingOf(r.rating),
      response_note_id: r.responseNoteId,
      survey_id: r.surveyId,
      // the polymorphic id of the ticket record: its global id, not the display id
      surveyable_id: ticket?.id ?? null,
      surveyable_type: 'Helpdesk::Ticket',
      updated_at: c.at(r.updatedAt),
    },
  };
}

export function forumObjectV1(store: Store, f: Forum) {
  const topics = store.topics.all().filter((t) => t.forumId === f.id);
  return {
    description: f.description ?? '',
    description_html: f.description ? `<p>${f.description}</p>` : '',
    forum_category_id: f.categoryId,
    forum_type: f.forumType,
    forum_visibility: f.visibility,
    id: f.id,
    name: f.name,
    position: f.position,
    posts_count: topics.reduce((n, t) => n + store.postsOf(t.id).length, 0),
    topics_count: topics.length,
  };
}

export function forumCategoryV1(store: Store, c: ForumCategory, options: { forums: boolean; position?: number | null }) {
  const t = clock(store);
  const out: Record<string, unknown> = {
    created_at: t.at(c.createdAt),
    description: c.description,
    id: c.id,
    name: c.name,
    position: options.position === undefined ? c.position : options.position,
    updated_at: t.at(c.updatedAt),
  };
  if (options.forums) out.forums = store.forums.all().filter((f) => f.categoryId === c.id).map((f) => forumObjectV1(store, f));
  return { forum_category: out };
}

export function forumV1(store: Store, f: Forum, options: { topics: boolean }) {
  const out: Record<string, unknown> = forumObjectV1(store, f);
  if (options.topics) out.topics = store.topics.all().filter((t) => t.forumId === f.id).map((t) => topicObjectV1(store, t));
  return { forum: out };
}

export function topicObjectV1(store: Store, t: Topic) {
  const c = clock(store);
  const posts = store.postsOf(t.id);
  const last = posts[posts.length - 1];
  return {
    created_at: c.at(t.createdAt),
    forum_id: t.forumId,
    hits: t.hits,
    id: t.id,
    last_post_id: last?.id ?? null,
    locked: t.locked,
    posts_count: posts.length,
    replied_at: last ? c.at(last.createdAt) : null,
    replied_by: last?.userId ?? null,
    stamp_type: t.stampType,
    sticky: t.sticky ? 1 : 0,
    title: t.title,
    updated_at: c.at(t.updatedAt),
    user_id: t.userId,
    user_votes: t.userVotes,
  };
}

export function topicV1(store: Store, t: Topic, options: { posts: boolean }) {
  const out: Record<string, unknown> = topicObjectV1(store, t);
  if (options.posts) out.posts = store.postsOf(t.id).map((p) => postObjectV1(store, p));
  return { topic: out };
}

export function postObjectV1(store: Store, p: Post) {
  const c = clock(store);
  return {
    answer: p.answer,
    body: p.bodyText,
    body_html: p.bodyHtml,
    created_at: c.at(p.createdAt),
    forum_id: p.forumId,
    id: p.id,
    topic_id: p.topicId,
    updated_at: c.at(p.updatedAt),
    user_id: p.userId,
  };
}

export function postV1(store: Store, p: Post) {
  return { post: postObjectV1(store, p) };
}

export function monitorshipV1(m: Monitorship) {
  return { monitorship: { active: m.active, id: m.id, monitorable_id: m.monitorableId, monitorable_type: m.monitorableType, user_id: m.userId } };
}

export function folderObjectV1(store: Store, f: SolutionFolder) {
  const c = clock(store);
  return {
    category_id: f.categoryId,
    created_at: c.at(f.createdAt),
    description: f.description,
    id: f.id,
    is_default: f.isDefault,
    name: f.name,
    position: f.position,
    updated_at: c.at(f.updatedAt),
    visibility: f.visibility,
    customer_folders: f.visibility === 4 ? f.companyIds.map((id) => ({ customer_id: id })) : [],
  };
}

export function solutionCategoryV1(store: Store, cat: SolutionCategory, options: { folders: boolean }) {
  const c = clock(store);
  const out: Record<string, unknown> = {
    created_at: c.at(cat.createdAt),
    description: cat.description,
    id: cat.id,
    is_default: cat.isDefault,
    name: cat.name,
    position: cat.position,
    updated_at: c.at(cat.updatedAt),
  };
  if (options.folders) out.folders = store.solutionFolders.all().filter((f) => f.categoryId === cat.id).map((f) => folderObjectV1(store, f));
  return { category: out };
}

export function folderV1(store: Store, f: SolutionFolder, options: { articles: boolean }) {
  const out: Record<string, unknown> = folderObjectV1(store, f);
  if (options.articles) out.articles = store.solutionArticles.all().filter((a) => a.folderId === f.id).map((a) => articleObjectV1(store, a));
  return { folder: out };
}

export function articleObjectV1(store: Store, a: SolutionArticle) {
  const c = clock(store);
  return {
    art_type: a.artType,
    created_at: c.at(a.createdAt),
    desc_un_html: a.descriptionText,
    description: a.descriptionHtml,
    folder_id: a.folderId,
    id: a.id,
    position: a.position,
    status: a.status,
    thumbs_down: a.thumbsDown,
    thumbs_up: a.thumbsUp,
    title: a.title,
    updated_at: c.at(a.updatedAt),
    user_id: a.agentId,
    tags: a.tags.map((name) => ({ name })),
  };
}

export function articleV1(store: Store, a: SolutionArticle) {
  return { article: articleObjectV1(store, a) };
}
