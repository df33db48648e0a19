/**
 * v2 wire shapes: bare objects, blank fields as null (never omitted), UTC `Z` timestamps, custom
 * fields under their v2 names, ticket `id` = display id (spec 000 "Resources and their fields").
 */
import type {
  Attachment,
  Company,
  Conversation,
  CustomerField,
  Forum,
  ForumCategory,
  Group,
  Post,
  SatisfactionRating,
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
import { formatHhMm, secondsSpent, unassignedForOf } from '../domain.ts';
import { formatUtc, formatUtcOrNull } from '../time.ts';

export function attachmentV2(baseUrl: string, a: Attachment) {
  return {
    id: a.id,
    content_type: a.contentType,
    file_size: a.size,
    name: a.name,
    attachment_url: `${baseUrl}/attachments/${a.id}/${encodeURIComponent(a.name)}`,
    created_at: formatUtc(a.createdAt),
    updated_at: formatUtc(a.updatedAt),
  };
}

export interface TicketOptions {
  description: boolean;
  attachments: boolean;
}

export function ticketV2(baseUrl: string, t: Ticket, options: TicketOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {
    cc_emails: t.ccEmails,
    fwd_emails: t.fwdEmails,
    reply_cc_emails: t.replyCcEmails,
    fr_escalated: t.frEscalated,
    spam: t.spam,
    email_config_id: t.emailConfigId,
    group_id: t.groupId,
    priority: t.priority,
    requester_id: t.requesterId,
    responder_id: t.responderId,
    source: t.source,
    company_id: t.companyId,
    status: t.status,
    subject: t.subject,
    association_type: t.associationType,
    associated_tickets_list: t.associationType === null ? null : t.associatedTickets,
    to_emails: t.toEmails,
    product_id: t.productId,
    id: t.displayId,
    type: t.type,
    due_by: formatUtc(t.dueBy),
    fr_due_by: formatUtc(t.frDueBy),
    is_escalated: t.isEscalated,
  };
  if (options.description) {
    out.description = t.descriptionHtml;
    out.description_text = t.descriptionText;
  }
  out.custom_fields = { ...t.custom };
  out.created_at = formatUtc(t.createdAt);
  out.updated_at = formatUtc(t.updatedAt);
  out.tags = t.tags;
  if (options.attachments) out.attachments = t.attachments.map((a) => attachmentV2(baseUrl, a));
  out.deleted = t.deleted;
  out.urgent = t.urgent;
  return out;
}

export function statsV2(t: Ticket) {
  return {
    agent_responded_at: formatUtcOrNull(t.stats.agentRespondedAt),
    requester_responded_at: formatUtcOrNull(t.stats.requesterRespondedAt),
    first_responded_at: formatUtcOrNull(t.stats.firstRespondedAt),
    status_updated_at: formatUtcOrNull(t.stats.statusUpdatedAt),
    reopened_at: formatUtcOrNull(t.stats.reopenedAt),
    resolved_at: formatUtcOrNull(t.stats.resolvedAt),
    closed_at: formatUtcOrNull(t.stats.closedAt),
    pending_since: formatUtcOrNull(t.stats.pendingSince),
  };
}

export function requesterV2(u: User) {
  return { email: u.email, id: u.id, mobile: u.mobile, name: u.name, phone: u.phone };
}

export function conversationV2(baseUrl: string, c: Conversation) {
  const note = c.source === 2;
  return {
    id: c.id,
    body: c.bodyHtml,
    body_text: c.bodyText,
    incoming: c.incoming,
    private: c.private,
    user_id: c.userId,
    support_email: c.supportEmail,
    source: c.source,
    category: note ? 2 : c.incoming ? 2 : 3,
    ticket_id: c.ticketDisplayId,
    to_emails: c.toEmails,
    notified_to: note ? c.toEmails : null,
    from_email: c.fromEmail,
    // null, not [], when there were none: what the service answers (python-freshdesk's recorded
    // conversations.json, FC's decorator reading the absent cc/bcc hash)
    cc_emails: c.ccEmails.length > 0 ? c.ccEmails : null,
    bcc_emails: c.bccEmails.length > 0 ? c.bccEmails : null,
    email_failure_count: null,
    outgoing_failures: null,
    attachments: c.attachments.map((a) => attachmentV2(baseUrl, a)),
    deleted: c.deleted,
    last_edited_at: formatUtcOrNull(c.lastEditedAt),
    last_edited_user_id: c.lastEditedUserId,
    created_at: formatUtc(c.createdAt),
    updated_at: formatUtc(c.updatedAt),
  };
}

/**
 * The answer of `POST /tickets/[id]/reply`: the reply shape FDDOC documents ("Create a Reply"), with
 * `replied_to` (the addresses the reply went to) and `[]` for no cc/bcc, not a whole conversation.
 */
export function replyV2(baseUrl: string, c: Conversation) {
  return {
    body_text: c.bodyText,
    body: c.bodyHtml,
    id: c.id,
    user_id: c.userId,
    from_email: c.fromEmail,
    cc_emails: c.ccEmails,
    bcc_emails: c.bccEmails,
    ticket_id: c.ticketDisplayId,
    replied_to: c.toEmails,
    attachments: c.attachments.map((a) => attachmentV2(baseUrl, a)),
    created_at: formatUtc(c.createdAt),
    updated_at: formatUtc(c.updatedAt),
  };
}

export function contactV2(u: User) {
  const out: Record<string, unknown> = {
    active: u.active,
    address: u.address,
    company_id: u.companyId,
    view_all_tickets: false,
    description: u.description,
    email: u.email,
    id: u.id,
    job_title: u.jobTitle,
    language: u.language,
    mobile: u.mobile,
    name: u.name,
    phone: u.phone,
    time_zone: u.timeZone,
    twitter_id: u.twitterId,
    facebook_id: u.facebookId,
    unique_external_id: u.uniqueExternalId,
    other_emails: u.otherEmails,
    custom_fields: { ...u.custom },
    tags: u.tags,
    avatar: null,
    created_at: formatUtc(u.createdAt),
    updated_at: formatUtc(u.updatedAt),
  };
  // The service shows `deleted` only on deleted contacts.
  if (u.deleted) out.deleted = true;
  if (u.blocked) out.blocked = true;
  return out;
}

/** Fixed roles of the sandbox account: the id each agent role maps to. */
export const ROLES = [
  { id: 15_000_001, name: 'Account Administrator', description: 'Has complete control over the help desk', default: true, role: 'admin' },
  { id: 15_000_002, name: 'Agent', description: 'Can log, view, reply, update and resolve tickets', default: true, role: 'agent' },
  { id: 15_000_003, name: 'View-only Agent', description: 'Can view tickets but not reply to or update them', default: false, role: 'viewer' },
] as const;

/** The contact part of an agent (FDDOC "View an Agent": `contact`; "Make Agent": the top level). */
function agentContactV2(u: User) {
  return {
    active: u.active,
    email: u.email,
    job_title: u.jobTitle,
    language: u.language,
    last_login_at: formatUtcOrNull(u.agent!.lastLoginAt),
    mobile: u.mobile,
    name: u.name,
    phone: u.phone,
    time_zone: u.timeZone,
    created_at: formatUtc(u.createdAt),
    updated_at: formatUtc(u.updatedAt),
  };
}

export function agentV2(store: Store, u: User) {
  const a = u.agent!;
  return {
    available: a.available,
    occasional: a.occasional,
    id: u.id,
    ticket_scope: a.ticketScope,
    signature: a.signatureHtml,
    group_ids: store.groupIdsOfAgent(u.id),
    role_ids: ROLES.filter((r) => r.role === a.role).map((r) => r.id),
    skill_ids: [],
    available_since: null,
    type: 'support_agent',
    contact: agentContactV2(u),
    created_at: formatUtc(a.becameAgentAt),
    updated_at: formatUtc(u.updatedAt),
    focus_mode: true,
  };
}

/**
 * The answer of `PUT /contacts/[id]/make_agent`: the contact with an `agent` object inside, as the
 * service documents it (FDDOC "Make Agent" sample), not an agent with the contact inside.
 */
export function madeAgentV2(store: Store, u: User) {
  const a = u.agent!;
  return {
    ...agentContactV2(u),
    agent: {
      available_since: null,
      available: a.available,
      occasional: a.occasional,
      signature: a.signatureHtml,
      group_ids: store.groupIdsOfAgent(u.id),
      type: 'support_agent',
      role_ids: ROLES.filter((r) => r.role === a.role).map((r) => r.id),
      id: u.id,
      ticket_scope: a.ticketScope,
      created_at: formatUtc(a.becameAgentAt),
      updated_at: formatUtc(u.updatedAt),
      focus_mode: true,
    },
  };
}

export function companyV2(c: Company) {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    note: c.note,
    domains: c.domains,
    custom_fields: { ...c.custom },
    health_score: null,
    account_tier: null,
    renewal_date: null,
    industry: null,
    created_at: formatUtc(c.createdAt),
    updated_at: formatUtc(c.updatedAt),
  };
}

export function groupV2(g: Group) {
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    escalate_to: g.escalateTo,
    unassigned_for: unassignedForOf(g.assignTimeSeconds),
    business_hour_id: g.businessCalendarId,
    group_type: 'support_agent_group',
    auto_ticket_assign: g.ticketAssignType,
    agent_ids: g.agentIds,
    created_at: formatUtc(g.createdAt),
    updated_at: formatUtc(g.updatedAt),
  };
}

/**
 * A time entry. `company_id` is the company of the entry's ticket (python-freshdesk's recorded
 * time_entry_1.json; FC scopes time entries by the ticket's owner_id); FDDOC's older sample omits it.
 */
export function timeEntryV2(store: Store, e: TimeEntry, now: number) {
  return {
    id: e.id,
    billable: e.billable,
    note: e.note,
    timer_running: e.timerRunning,
    agent_id: e.agentId,
    ticket_id: e.ticketDisplayId,
    company_id: store.tickets.get(e.ticketDisplayId)?.companyId ?? null,
    time_spent: formatHhMm(secondsSpent(e, now)),
    executed_at: formatUtc(e.executedAt),
    start_time: formatUtc(e.startTime),
    created_at: formatUtc(e.createdAt),
    updated_at: formatUtc(e.updatedAt),
  };
}

export function ratingV2(r: SatisfactionRating) {
  return {
    id: r.id,
    survey_id: r.surveyId,
    user_id: r.userId,
    agent_id: r.agentId,
    feedback: r.feedback,
    group_id: r.groupId,
    ticket_id: r.ticketDisplayId,
    ratings: { default_question: r.rating },
    created_at: formatUtc(r.createdAt),
    updated_at: formatUtc(r.updatedAt),
  };
}

export function forumCategoryV2(c: ForumCategory) {
  return { id: c.id, name: c.name, description: c.description, created_at: formatUtc(c.createdAt), updated_at: formatUtc(c.updatedAt) };
}

export function forumV2(store: Store, f: Forum) {
  const topics = store.topics.all().filter((t) => t.forumId === f.id);
  const posts = topics.reduce((n, t) => n + store.postsOf(t.id).length, 0);
  return {
    id: f.id,
    name: f.name,
    description: f.description,
    position: f.position,
    forum_category_id: f.categoryId,
    forum_type: f.forumType,
    forum_visibility: f.visibility,
    topics_count: topics.length,
    posts_count: posts,
    company_ids: f.visibility === 4 ? f.companyIds : null,
  };
}

export function topicV2(store: Store, t: Topic) {
  const posts = store.postsOf(t.id);
  const last = posts[posts.length - 1];
  return {
    id: t.id,
    title: t.title,
    forum_id: t.forumId,
    user_id: t.userId,
    locked: t.locked,
    published: t.published,
    stamp_type: t.stampType,
    replied_at: last && posts.length > 1 ? formatUtc(last.createdAt) : null,
    replied_by: last && posts.length > 1 ? last.userId : null,
    posts_count: posts.length,
    sticky: t.sticky,
    merged_topic_id: t.mergedTopicId,
    hits: t.hits,
    user_votes: t.userVotes,
    created_at: formatUtc(t.createdAt),
    updated_at: formatUtc(t.updatedAt),
  };
}

export function commentV2(p: Post) {
  return {
    id: p.id,
    body: p.bodyHtml,
    body_text: p.bodyText,
    answer: p.answer,
    published: p.published,
    spam: p.spam,
    trash: p.trash,
    topic_id: p.topicId,
    forum_id: p.forumId,
    user_id: p.userId,
    created_at: formatUtc(p.createdAt),
    updated_at: formatUtc(p.updatedAt),
  };
}

export function solutionCategoryV2(c: SolutionCategory) {
  return { id: c.id, name: c.name, description: c.description, visible_in_portals: [], created_at: formatUtc(c.createdAt), updated_at: formatUtc(c.updatedAt) };
}

export function solutionFolderV2(store: Store, f: SolutionFolder) {
  return {
    id: f.id,
    name: f.name,
    description: f.description,
    visibility: f.visibility,
    category_id: f.categoryId,
    company_ids: f.visibility === 4 ? f.companyIds : null,
    parent_folder_id: null,
    articles_count: store.solutionArticles.all().filter((a) => a.folderId === f.id).length,
    sub_folders_count: 0,
    created_at: formatUtc(f.createdAt),
    updated_at: formatUtc(f.updatedAt),
  };
}

export function solutionArticleV2(store: Store, a: SolutionArticle) {
  const folder = store.solutionFolders.get(a.folderId);
  return {
    id: a.id,
    type: a.artType,
    category_id: folder?.categoryId ?? null,
    folder_id: a.folderId,
    title: a.title,
    description: a.descriptionHtml,
    description_text: a.descriptionText,
    status: a.status,
    agent_id: a.agentId,
    thumbs_up: a.thumbsUp,
    thumbs_down: a.thumbsDown,
    hits: a.hits,
    seo_data: { meta_title: a.seoTitle, meta_description: a.seoDescription },
    tags: a.tags,
    created_at: formatUtc(a.createdAt),
    updated_at: formatUtc(a.updatedAt),
  };
}

const CUSTOM_TYPES: Record<string, string> = {
  text: 'custom_text',
  paragraph: 'custom_paragraph',
  number: 'custom_number',
  decimal: 'custom_decimal',
  checkbox: 'custom_checkbox',
  dropdown: 'custom_dropdown',
  date: 'custom_date',
};

/** Ticket field choices in v2 form: per spec 000 "Ticket field object". */
function ticketFieldChoices(f: TicketField): unknown {
  if (f.name === 'status') {
    return Object.fromEntries(
      f.choices.map((c) => {
        const [n, agent, customer] = c.split('|');
        return [n, [agent, customer ?? agent]];
      }),
    );
  }
  if (f.name === 'priority' || f.name === 'source') {
    return Object.fromEntries(
      f.choices.map((c) => {
        const [n, label] = c.split('|');
        return [label, Number(n)];
      }),
    );
  }
  return f.choices;
}

export function ticketFieldV2(f: TicketField) {
  const out: Record<string, unknown> = {
    id: f.id,
    name: f.name,
    label: f.label,
    description: f.description,
    position: f.position,
    required_for_closure: f.requiredForClosure,
    required_for_agents: f.requiredForAgents,
    type: f.defaultType ?? CUSTOM_TYPES[f.kind ?? 'text'],
    default: f.defaultType !== null,
    customers_can_edit: f.customersCanEdit,
    label_for_customers: f.labelForCustomers,
    required_for_customers: f.requiredForCustomers,
    displayed_to_customers: f.displayedToCustomers,
    created_at: formatUtc(f.createdAt),
    updated_at: formatUtc(f.updatedAt),
  };
  if (f.name === 'requester') {
    out.portal_cc = false;
    out.portal_cc_to = 'company';
  }
  if (f.choices.length > 0) out.choices = ticketFieldChoices(f);
  return out;
}

/** Contact and company fields: custom ones lose their v1 `cf_` prefix (stored without it). */
export function customerFieldV2(f: CustomerField) {
  const out: Record<string, unknown> = {
    id: f.id,
    name: f.name,
    label: f.label,
    position: f.position,
    required_for_agents: f.requiredForAgents,
    type: f.fieldType,
    default: !f.fieldType.startsWith('custom_'),
    created_at: formatUtc(f.createdAt),
    updated_at: formatUtc(f.updatedAt),
  };
  if (f.choices.length > 0) out.choices = f.choices;
  return out;
}
