/**
 * Fidelity suite (issue #10 "Tests"): for every resource, replay a request the real service is
 * documented to accept and check the documented shape: status, envelope, every documented field,
 * timestamp format. Sources: spec 000 (v2 tickets), spec 001 (v1), FDDOC samples (the v2 reference,
 * see shared/reference/v1-v2-facts.md), python-freshdesk's recorded samples (PF).
 *
 * Some python-freshdesk v2 samples are v1 answers copied over (all_tickets.json, contact.json,
 * search_*.json carry `custom_field`, `helpdesk_agent`, `priority_name`; role_1.json is a group):
 * where they contradict spec 000 or FDDOC, the spec wins and they are not used here.
 *
 * Documented fields the sandbox deliberately does not model are listed in NOT_MODELLED with the
 * reason, so that a gap is a decision written down, not an accident.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT_IDS, SHOWCASE } from '../../src/sandbox/index.ts';
import { OFFSET_10, openSandbox, UTC_Z, type Client } from './helpers.ts';

let c: Client;
beforeAll(async () => {
  c = await openSandbox({ jobDelayMs: 5 });
});
afterAll(() => c.close());

interface Case {
  resource: string;
  source: string;
  method?: string;
  path: string | (() => string);
  body?: unknown;
  status?: number;
  /** where the record sits: the body itself, its first item, search results, or under a wrapper */
  shape: 'object' | 'array' | 'search' | { wrapper: string; array?: boolean };
  keys: string[];
}

/** Documented fields left out on purpose (checked not to be there either, so the list stays true). */
const NOT_MODELLED: Record<string, Record<string, string>> = {
  'v2 ticket': { structured_description: 'FDDOC: only web-chat and mobile-SDK tickets carry structured content' },
  'v2 contact': {
    contact_type: 'newer than the FC snapshot and the reference facts; no spec fixes it',
    social_handler: 'newer than the FC snapshot (replaces twitter_id/facebook_id on new accounts)',
    other_companies: 'needs the multiple-companies feature, off in the sandbox account',
  },
  'v2 solution folder': { hierarchy: 'nested folders (newer accounts); the sandbox has one level' },
  'v2 solution article': { hierarchy: 'nested folders (newer accounts); the sandbox has one level' },
};

const V2: Case[] = [
  {
    resource: 'v2 ticket',
    source: 'spec 000 "Ticket" field table (requester identifiers are request-only)',
    path: `/api/v2/tickets/${SHOWCASE.ticketDisplayId}`,
    shape: 'object',
    keys: ['id', 'attachments', 'cc_emails', 'fwd_emails', 'reply_cc_emails', 'to_emails', 'company_id', 'custom_fields', 'deleted', 'description', 'description_text', 'due_by', 'fr_due_by', 'fr_escalated', 'is_escalated', 'requester_id', 'email_config_id', 'group_id', 'responder_id', 'product_id', 'priority', 'source', 'status', 'spam', 'subject', 'tags', 'type', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 ticket list',
    source: 'spec 000 "List tickets": no description unless include=description',
    path: '/api/v2/tickets?updated_since=2015-01-01&per_page=2',
    shape: 'array',
    keys: ['id', 'subject', 'status', 'priority', 'requester_id', 'custom_fields', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 ticket create',
    source: 'spec 000 "Create a ticket" (201 + the ticket)',
    method: 'POST',
    path: '/api/v2/tickets',
    body: { email: 'fidelity@example.com', subject: 'Fidelity', description: '<p>hi</p>', status: 2, priority: 1 },
    status: 201,
    shape: 'object',
    keys: ['id', 'subject', 'description', 'description_text', 'status', 'priority', 'source', 'requester_id', 'due_by', 'fr_due_by', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 search tickets',
    source: 'FDDOC "Filter Tickets" sample',
    path: `/api/v2/search/tickets?query=${encodeURIComponent('"priority:3"')}`,
    shape: 'search',
    keys: ['cc_emails', 'fwd_emails', 'reply_cc_emails', 'fr_escalated', 'spam', 'email_config_id', 'group_id', 'priority', 'requester_id', 'responder_id', 'source', 'company_id', 'status', 'subject', 'to_emails', 'product_id', 'id', 'type', 'due_by', 'fr_due_by', 'is_escalated', 'description', 'created_at', 'updated_at', 'custom_fields'],
  },
  {
    resource: 'v2 conversation',
    source: 'FDDOC "List All Conversations of a Ticket" sample',
    path: `/api/v2/tickets/${SHOWCASE.ticketDisplayId}/conversations`,
    shape: 'array',
    keys: ['body_text', 'body', 'id', 'incoming', 'private', 'user_id', 'support_email', 'source', 'ticket_id', 'created_at', 'updated_at', 'from_email', 'to_emails', 'cc_emails', 'bcc_emails', 'attachments', 'last_edited_at', 'last_edited_user_id'],
  },
  {
    resource: 'v2 reply',
    source: 'FDDOC "Create a Reply" sample',
    method: 'POST',
    path: `/api/v2/tickets/${SHOWCASE.ticketDisplayId}/reply`,
    body: { body: 'We are working on this issue.' },
    status: 201,
    shape: 'object',
    keys: ['body_text', 'body', 'id', 'user_id', 'from_email', 'cc_emails', 'bcc_emails', 'ticket_id', 'replied_to', 'attachments', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 note',
    source: 'FDDOC "Create a Note" sample',
    method: 'POST',
    path: `/api/v2/tickets/${SHOWCASE.ticketDisplayId}/notes`,
    body: { body: 'Hi tom, Still Angry', private: false, notify_emails: ['tom@sandbox.example'] },
    status: 201,
    shape: 'object',
    keys: ['body_text', 'body', 'id', 'incoming', 'private', 'user_id', 'support_email', 'ticket_id', 'notified_to', 'attachments', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 contact',
    source: 'FDDOC "View a Contact" sample',
    path: `/api/v2/contacts/${SHOWCASE.requesterId}`,
    shape: 'object',
    keys: ['active', 'address', 'company_id', 'view_all_tickets', 'description', 'email', 'id', 'job_title', 'language', 'mobile', 'name', 'phone', 'time_zone', 'twitter_id', 'other_emails', 'created_at', 'updated_at', 'custom_fields', 'tags', 'avatar'],
  },
  {
    resource: 'v2 search contacts',
    source: 'FDDOC "Filter Contacts" sample',
    path: `/api/v2/search/contacts?query=${encodeURIComponent('"active:true"')}`,
    shape: 'search',
    keys: ['active', 'address', 'company_id', 'description', 'email', 'id', 'job_title', 'language', 'mobile', 'name', 'phone', 'time_zone', 'twitter_id', 'custom_fields', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 make_agent',
    source: 'FDDOC "Make Agent" sample: the contact with the agent inside',
    method: 'PUT',
    path: () => `/api/v2/contacts/${c.sandbox.store.contacts().find((u) => u.email && !u.deleted && !u.blocked && u.id !== SHOWCASE.requesterId)!.id}/make_agent`,
    shape: 'object',
    keys: ['active', 'email', 'job_title', 'language', 'last_login_at', 'mobile', 'name', 'phone', 'time_zone', 'created_at', 'updated_at', 'agent'],
  },
  {
    resource: 'v2 agent',
    source: 'FDDOC "View an Agent" sample',
    path: `/api/v2/agents/${DEMO_AGENT_IDS.agent}`,
    shape: 'object',
    keys: ['available', 'occasional', 'signature', 'group_ids', 'role_ids', 'skill_ids', 'id', 'ticket_scope', 'created_at', 'updated_at', 'available_since', 'type', 'contact', 'focus_mode'],
  },
  {
    resource: 'v2 company',
    source: 'FDDOC "View a Company" sample',
    path: `/api/v2/companies/${SHOWCASE.companyId}`,
    shape: 'object',
    keys: ['id', 'name', 'description', 'note', 'domains', 'custom_fields', 'health_score', 'account_tier', 'renewal_date', 'industry', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 search companies',
    source: 'FDDOC "Filter Companies" sample',
    path: `/api/v2/search/companies?query=${encodeURIComponent(`"created_at:>'2015-01-01'"`)}`,
    shape: 'search',
    keys: ['id', 'name', 'description', 'note', 'domains', 'custom_fields', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 group',
    source: 'FDDOC "View a Group" sample',
    path: `/api/v2/groups/${SHOWCASE.groupId}`,
    shape: 'object',
    keys: ['id', 'name', 'description', 'business_hour_id', 'escalate_to', 'unassigned_for', 'agent_ids', 'auto_ticket_assign', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 time entry',
    source: 'FDDOC "List All Time Entries" sample + company_id (PF time_entry_1.json)',
    path: `/api/v2/tickets/${SHOWCASE.ticketDisplayId}/time_entries`,
    shape: 'array',
    keys: ['billable', 'note', 'timer_running', 'id', 'agent_id', 'ticket_id', 'company_id', 'time_spent', 'created_at', 'updated_at', 'executed_at', 'start_time'],
  },
  {
    resource: 'v2 satisfaction rating',
    source: 'FDDOC "Create a Satisfaction Rating" sample',
    path: `/api/v2/tickets/${SHOWCASE.ratedTicketDisplayId}/satisfaction_ratings`,
    shape: 'array',
    keys: ['id', 'survey_id', 'user_id', 'agent_id', 'feedback', 'group_id', 'ticket_id', 'ratings', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 survey',
    source: 'FDDOC "List All Surveys"',
    path: '/api/v2/surveys',
    shape: 'array',
    keys: ['id', 'title', 'active', 'questions', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 forum category',
    source: 'FDDOC "View a Forum Category" sample',
    path: `/api/v2/discussions/categories/${SHOWCASE.forumCategoryId}`,
    shape: 'object',
    keys: ['id', 'name', 'description', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 forum',
    source: 'FDDOC "List All Forums in a Category" sample',
    path: `/api/v2/discussions/categories/${SHOWCASE.forumCategoryId}/forums`,
    shape: 'array',
    keys: ['id', 'name', 'description', 'position', 'forum_category_id', 'forum_type', 'forum_visibility', 'topics_count', 'posts_count'],
  },
  {
    resource: 'v2 topic',
    source: 'FDDOC "View a Topic" sample',
    path: `/api/v2/discussions/topics/${SHOWCASE.topicId}`,
    shape: 'object',
    keys: ['id', 'title', 'forum_id', 'user_id', 'locked', 'published', 'stamp_type', 'replied_by', 'user_votes', 'merged_topic_id', 'sticky', 'hits', 'posts_count', 'replied_at', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 comment',
    source: 'FDDOC "List All Comments in a Topic" sample',
    path: `/api/v2/discussions/topics/${SHOWCASE.topicId}/comments`,
    shape: 'array',
    keys: ['id', 'body_text', 'body', 'topic_id', 'forum_id', 'user_id', 'answer', 'published', 'spam', 'trash', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 solution category',
    source: 'FDDOC "View a Solution Category" sample',
    path: `/api/v2/solutions/categories/${SHOWCASE.solutionCategoryId}`,
    shape: 'object',
    keys: ['id', 'name', 'description', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 solution category translation',
    source: 'FDDOC "View a translated solution category" sample',
    path: `/api/v2/solutions/categories/${SHOWCASE.solutionCategoryId}/fr`,
    shape: 'object',
    keys: ['id', 'name', 'description', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 solution folder',
    source: 'FDDOC "View a Solution Folder" sample',
    path: `/api/v2/solutions/folders/${SHOWCASE.solutionFolderId}`,
    shape: 'object',
    keys: ['id', 'name', 'description', 'visibility', 'category_id', 'parent_folder_id', 'articles_count', 'sub_folders_count', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 solution article',
    source: 'FDDOC "View a Solution Article" sample + PF solution_articles.json (attachments, cloud_files, suggested, feedback_count)',
    path: `/api/v2/solutions/articles/${SHOWCASE.solutionArticleId}`,
    shape: 'object',
    keys: ['id', 'type', 'category_id', 'folder_id', 'title', 'description', 'description_text', 'status', 'agent_id', 'thumbs_up', 'thumbs_down', 'hits', 'seo_data', 'tags', 'attachments', 'cloud_files', 'suggested', 'feedback_count', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 search solutions',
    source: 'FDDOC "Search solution articles" sample (hierarchy, path, modified_* and language_id not modelled)',
    path: '/api/v2/search/solutions?term=a',
    shape: 'array',
    keys: ['id', 'type', 'category_id', 'folder_id', 'folder_visibility', 'agent_id', 'title', 'status', 'created_at', 'updated_at', 'description', 'description_text', 'category_name', 'folder_name'],
  },
  {
    resource: 'v2 settings',
    source: 'FDDOC "View Helpdesk Settings" sample',
    path: '/api/v2/settings/helpdesk',
    shape: 'object',
    keys: ['primary_language', 'supported_languages', 'portal_languages'],
  },
  {
    resource: 'v2 ticket field',
    source: 'FDDOC "List All Ticket Fields" sample',
    path: '/api/v2/ticket_fields',
    shape: 'array',
    keys: ['id', 'name', 'label', 'description', 'position', 'required_for_closure', 'required_for_agents', 'type', 'default', 'customers_can_edit', 'label_for_customers', 'required_for_customers', 'displayed_to_customers', 'portal_cc', 'portal_cc_to', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 contact field',
    source: 'reference §4.7 (FC api_contact_fields view)',
    path: '/api/v2/contact_fields',
    shape: 'array',
    keys: ['id', 'name', 'label', 'position', 'required_for_agents', 'type', 'default', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 company field',
    source: 'reference §4.7 (FC api_company_fields view)',
    path: '/api/v2/company_fields',
    shape: 'array',
    keys: ['id', 'name', 'label', 'position', 'required_for_agents', 'type', 'default', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 role',
    source: 'FDDOC "View a Role" sample',
    path: '/api/v2/roles/15000001',
    shape: 'object',
    keys: ['id', 'name', 'description', 'default', 'created_at', 'updated_at'],
  },
  {
    resource: 'v2 bulk update job',
    source: 'FDDOC "Bulk update tickets": 202 with job_id and href',
    method: 'POST',
    path: '/api/v2/tickets/bulk_update',
    body: { bulk_action: { ids: [SHOWCASE.ticketDisplayId], properties: { priority: 3 } } },
    status: 202,
    shape: 'object',
    keys: ['job_id', 'href'],
  },
];

const V1: Case[] = [
  {
    resource: 'v1 ticket',
    source: 'spec 001 "Ticket (v1)"',
    path: `/helpdesk/tickets/${SHOWCASE.ticketDisplayId}.json`,
    shape: { wrapper: 'helpdesk_ticket' },
    keys: ['id', 'display_id', 'subject', 'description', 'description_html', 'status', 'priority', 'source', 'requester_id', 'responder_id', 'group_id', 'ticket_type', 'cc_email', 'frDueBy', 'due_by', 'fr_escalated', 'isescalated', 'spam', 'deleted', 'urgent', 'owner_id', 'to_emails', 'custom_field', 'notes', 'tags', 'attachments', 'status_name', 'requester_status_name', 'priority_name', 'source_name', 'requester_name', 'responder_name', 'product_id', 'created_at', 'updated_at'],
  },
  {
    resource: 'v1 note',
    source: 'spec 001 "Note (conversation)"',
    method: 'POST',
    path: `/helpdesk/tickets/${SHOWCASE.ticketDisplayId}/conversations/note.json`,
    body: { helpdesk_note: { body: 'A note', private: true } },
    shape: { wrapper: 'note' },
    keys: ['id', 'body', 'body_html', 'attachments', 'user_id', 'private', 'deleted', 'source', 'incoming', 'created_at', 'updated_at'],
  },
  {
    resource: 'v1 contact',
    source: 'spec 001 "User (contact)" + company_id (PF contact.json)',
    path: `/contacts/${SHOWCASE.requesterId}.json`,
    shape: { wrapper: 'user' },
    keys: ['id', 'name', 'email', 'phone', 'mobile', 'address', 'description', 'job_title', 'twitter_id', 'fb_profile_id', 'language', 'time_zone', 'customer_id', 'company_id', 'deleted', 'helpdesk_agent', 'active', 'external_id', 'custom_field', 'created_at', 'updated_at'],
  },
  {
    resource: 'v1 agent',
    source: 'PF v1 agent_1.json',
    path: () => `/agents/${c.sandbox.store.users.get(DEMO_AGENT_IDS.agent)!.agent!.recordId}.json`,
    shape: { wrapper: 'agent' },
    keys: ['active_since', 'available', 'created_at', 'id', 'occasional', 'points', 'scoreboard_level_id', 'signature', 'signature_html', 'ticket_permission', 'updated_at', 'user', 'user_id'],
  },
  {
    resource: 'v1 agent list',
    source: 'PF v1 agents.json',
    path: '/agents.json',
    shape: { wrapper: 'agent', array: true },
    keys: ['id', 'user_id', 'user', 'occasional', 'created_at'],
  },
  {
    resource: 'v1 company field',
    source: 'spec 001 "Company field"',
    path: '/admin/company_fields.json',
    shape: { wrapper: 'company_field', array: true },
    keys: ['id', 'name', 'label', 'field_type', 'position', 'required_for_agent', 'deleted', 'created_at', 'updated_at'],
  },
  {
    resource: 'v1 time entry',
    source: 'spec 001 "Time entry"',
    path: `/helpdesk/tickets/${SHOWCASE.ticketDisplayId}/time_sheets.json`,
    shape: { wrapper: 'time_entry', array: true },
    keys: ['id', 'agent_email', 'agent_name', 'billable', 'contact_email', 'customer_name', 'executed_at', 'start_time', 'created_at', 'updated_at', 'note', 'ticket_id', 'timer_running', 'timespent', 'user_id', 'workable_type'],
  },
  {
    resource: 'v1 survey result',
    source: 'spec 001 "Survey result"',
    path: `/helpdesk/tickets/${SHOWCASE.ratedTicketDisplayId}/surveys.json`,
    shape: { wrapper: 'survey_result', array: true },
    keys: ['id', 'agent_id', 'survey_id', 'group_id', 'customer_id', 'rating', 'response_note_id', 'surveyable_id', 'surveyable_type', 'created_at', 'updated_at'],
  },
  {
    resource: 'v1 forum category',
    source: 'spec 001 "Forum category" (view adds forums)',
    path: `/discussions/categories/${SHOWCASE.forumCategoryId}.json`,
    shape: { wrapper: 'forum_category' },
    keys: ['id', 'name', 'description', 'position', 'created_at', 'updated_at', 'forums'],
  },
  {
    resource: 'v1 forum',
    source: 'spec 001 "Forum" (responses add description_html; view adds topics)',
    path: `/discussions/forums/${SHOWCASE.forumId}.json`,
    shape: { wrapper: 'forum' },
    keys: ['id', 'name', 'description', 'description_html', 'forum_category_id', 'forum_type', 'forum_visibility', 'position', 'posts_count', 'topics_count', 'topics'],
  },
  {
    resource: 'v1 topic',
    source: 'spec 001 "Topic" (view adds posts)',
    path: `/discussions/topics/${SHOWCASE.topicId}.json`,
    shape: { wrapper: 'topic' },
    keys: ['id', 'title', 'forum_id', 'hits', 'last_post_id', 'locked', 'posts_count', 'sticky', 'user_id', 'user_votes', 'replied_at', 'replied_by', 'stamp_type', 'created_at', 'updated_at', 'posts'],
  },
  {
    resource: 'v1 post',
    source: 'spec 001 "Post"',
    method: 'POST',
    path: `/discussions/topics/${SHOWCASE.topicId}/posts.json`,
    body: { post: { body_html: '<p>me too</p>' } },
    status: 201, // FC's v1 posts controller answered 201 (reference §2 "Success codes")
    shape: { wrapper: 'post' },
    keys: ['id', 'body', 'body_html', 'forum_id', 'topic_id', 'user_id', 'answer', 'created_at', 'updated_at'],
  },
  {
    resource: 'v1 monitorship',
    source: 'spec 001 "Monitorship" (is_following answers { monitorship }; the admin follows the showcase topic)',
    path: `/discussions/topic/${SHOWCASE.topicId}/subscriptions/is_following.json`,
    shape: { wrapper: 'monitorship' },
    keys: ['active', 'id', 'monitorable_id', 'monitorable_type', 'user_id'],
  },
  {
    resource: 'v1 solution category',
    source: 'spec 001 "Solution category" (view returns folders)',
    path: `/solution/categories/${SHOWCASE.solutionCategoryId}.json`,
    shape: { wrapper: 'category' },
    keys: ['id', 'name', 'description', 'position', 'is_default', 'folders'],
  },
  {
    resource: 'v1 solution folder',
    source: 'spec 001 "Solution folder"',
    path: `/solution/categories/${SHOWCASE.solutionCategoryId}/folders/${SHOWCASE.solutionFolderId}.json`,
    shape: { wrapper: 'folder' },
    keys: ['id', 'name', 'description', 'position', 'is_default', 'category_id', 'visibility'],
  },
  {
    resource: 'v1 group',
    source: 'spec 001 "Group"',
    path: `/groups/${SHOWCASE.groupId}.json`,
    shape: { wrapper: 'group' },
    keys: ['id', 'name', 'description', 'escalate_to', 'assign_time', 'ticket_assign_type', 'business_calendar_id', 'agents', 'created_at', 'updated_at'],
  },
];

function record(body: any, shape: Case['shape']): Record<string, unknown> {
  if (shape === 'object') return body;
  if (shape === 'array') return body[0];
  if (shape === 'search') return body.results[0];
  const item = shape.array ? body[0] : body;
  return item[shape.wrapper];
}

describe.each([...V2, ...V1])('$resource ($source)', (k) => {
  it('answers the documented shape', async () => {
    const path = typeof k.path === 'function' ? k.path() : k.path;
    const r = await c.call(k.method ?? 'GET', path, k.body === undefined ? {} : { body: k.body });
    expect(r.status, r.text.slice(0, 300)).toBe(k.status ?? 200);
    const rec = record(r.json, k.shape);
    expect(rec, 'a record to check').toBeTypeOf('object');
    const missing = k.keys.filter((key) => !(key in rec));
    expect(missing, `documented fields missing from ${k.resource}`).toEqual([]);
    for (const key of Object.keys(NOT_MODELLED[k.resource] ?? {})) expect(rec, `${key} is listed as not modelled`).not.toHaveProperty(key);
    const stamp = k.resource.startsWith('v1') ? OFFSET_10 : UTC_Z;
    for (const [key, value] of Object.entries(rec)) {
      if (/_at$/.test(key) && typeof value === 'string') expect(value, key).toMatch(stamp);
    }
  });
});
