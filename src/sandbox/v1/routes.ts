/**
 * The v1 route table: every endpoint of spec 001, the extra paths of the reference's Appendix A
 * and the older discussion spellings of its §3.4. Paths are registered without their `.json` /
 * `.xml` suffix (the server strips it and picks the format).
 */
import type { Access, Handler, RouteDef } from '../context.ts';
import { Router } from '../router.ts';
import * as agents from './agents.ts';
import * as c from './community.ts';
import * as people from './people.ts';
import * as tickets from './tickets.ts';
import * as ts from './time-sheets.ts';

export function buildV1Router(): Router<RouteDef> {
  const r = new Router<RouteDef>();
  const add = (method: string, path: string, handler: Handler, access?: Access) =>
    r.add(method, path, { handler, access: access ?? (method === 'GET' ? 'read' : 'write') });

  // tickets
  add('POST', '/helpdesk/tickets', tickets.createTicketV1);
  add('GET', '/helpdesk/tickets', tickets.listTicketsV1);
  add('GET', '/helpdesk/tickets/:id', tickets.viewTicketV1);
  add('PUT', '/helpdesk/tickets/:id', tickets.updateTicketV1);
  add('DELETE', '/helpdesk/tickets/:id', tickets.deleteTicketV1);
  add('PUT', '/helpdesk/tickets/:id/pick_tickets', tickets.pickTicketV1);
  add('PUT', '/helpdesk/tickets/:id/restore', tickets.restoreTicketV1);
  add('PUT', '/helpdesk/tickets/:id/assign', tickets.assignTicketV1);
  add('POST', '/helpdesk/tickets/:id/conversations/note', tickets.createNoteV1);
  add('GET', '/helpdesk/tickets/filter/requester/:id', tickets.requesterTicketsV1);
  add('GET', '/helpdesk/tickets/filter/*name', tickets.filterTicketsV1);
  add('GET', '/helpdesk/tickets/view/:id', tickets.customViewV1);
  add('GET', '/ticket_fields', tickets.ticketFieldsV1);

  // time sheets and surveys
  add('POST', '/helpdesk/tickets/:ticket_id/time_sheets', ts.createTimeSheetV1);
  add('GET', '/helpdesk/tickets/:ticket_id/time_sheets', ts.ticketTimeSheetsV1);
  add('PUT', '/helpdesk/tickets/:ticket_id/time_sheets/:id', ts.updateTimeSheetV1);
  add('DELETE', '/helpdesk/tickets/:ticket_id/time_sheets/:id', ts.deleteTimeSheetV1);
  add('GET', '/helpdesk/time_sheets', ts.timeSheetsV1);
  add('PUT', '/helpdesk/time_sheets/:id/toggle_timer', ts.toggleTimerV1);
  add('POST', '/helpdesk/tickets/:ticket_id/surveys/rate', ts.rateV1);
  add('GET', '/helpdesk/tickets/:ticket_id/surveys', ts.surveysV1);

  // contacts (users); update, delete and make_agent come from the official samples
  add('POST', '/contacts', people.createContactV1);
  add('GET', '/contacts', people.listContactsV1);
  add('GET', '/contacts/:id', people.viewContactV1);
  add('PUT', '/contacts/:id', people.updateContactV1);
  add('DELETE', '/contacts/:id', people.deleteContactV1);
  add('PUT', '/contacts/:id/make_agent', people.makeAgentV1, 'admin');

  // agents (python-freshdesk's v1 AgentAPI, FC AgentsController): ids are v1 agent record ids.
  // Admin only, as every v2 agent endpoint but /me (INFERRED for v1: FC kept agents under admin).
  add('GET', '/agents', agents.listAgentsV1, 'admin');
  add('GET', '/agents/:id', agents.viewAgentV1, 'admin');
  add('PUT', '/agents/:id', agents.updateAgentV1, 'admin');
  add('DELETE', '/agents/:id', agents.deleteAgentV1, 'admin');

  // companies: /customers (older) and /companies, same records
  for (const [base, wrapper] of [['/customers', 'customer'], ['/companies', 'company']] as const) {
    add('POST', base, people.createCompanyV1(wrapper));
    add('GET', base, people.listCompaniesV1(wrapper));
    add('GET', `${base}/:id`, people.viewCompanyV1(wrapper));
    add('PUT', `${base}/:id`, people.updateCompanyV1(wrapper));
    add('DELETE', `${base}/:id`, people.deleteCompanyV1, 'admin');
  }
  add('GET', '/admin/company_fields', people.companyFieldsV1);

  // groups
  add('POST', '/groups', people.createGroupV1, 'admin');
  add('GET', '/groups', people.listGroupsV1);
  add('GET', '/groups/:id', people.viewGroupV1);
  add('PUT', '/groups/:id', people.updateGroupV1, 'admin');
  add('DELETE', '/groups/:id', people.deleteGroupV1, 'admin');

  // discussions, spec 001 spellings
  add('POST', '/discussions/categories', c.createForumCategoryV1, 'admin');
  add('GET', '/discussions/categories', c.listForumCategoriesV1);
  add('GET', '/discussions/categories/:id', c.viewForumCategoryV1);
  add('PUT', '/discussions/categories/:id', c.updateForumCategoryV1, 'admin');
  add('DELETE', '/discussions/categories/:id', c.deleteForumCategoryV1, 'admin');
  add('POST', '/discussions/forums', c.createForumV1(false), 'admin');
  add('GET', '/discussions/forums/:id', c.viewForumV1);
  add('PUT', '/discussions/forums/:id', c.updateForumV1, 'admin');
  add('DELETE', '/discussions/forums/:id', c.deleteForumV1, 'admin');
  add('POST', '/discussions/topics', c.createTopicV1(false));
  add('GET', '/discussions/topics/:id', c.viewTopicV1);
  add('PUT', '/discussions/topics/:id', c.updateTopicV1);
  add('DELETE', '/discussions/topics/:id', c.deleteTopicV1);
  add('POST', '/discussions/topics/:id/posts', c.createPostV1);
  add('PUT', '/discussions/topics/:id/posts/:pid', c.updatePostV1);
  add('DELETE', '/discussions/topics/:id/posts/:pid', c.deletePostV1);
  for (const [segment, type] of [['topic', 'Topic'], ['forum', 'Forum']] as const) {
    add('POST', `/discussions/${segment}/:id/subscriptions/follow`, c.followV1(type));
    add('POST', `/discussions/${segment}/:id/subscriptions/unfollow`, c.unfollowV1(type));
    add('GET', `/discussions/${segment}/:id/subscriptions/is_following`, c.isFollowingV1(type));
  }
  add('GET', '/support/discussions/user_monitored', c.userMonitoredV1);

  // discussions, older spellings of the official samples
  add('GET', '/categories', c.listForumCategoriesV1);
  add('POST', '/categories', c.createForumCategoryV1, 'admin');
  add('GET', '/categories/:id', c.viewForumCategoryV1);
  add('PUT', '/categories/:id', c.updateForumCategoryV1, 'admin');
  add('DELETE', '/categories/:id', c.deleteForumCategoryV1, 'admin');
  add('GET', '/categories/:cid/forums', c.listCategoryForumsV1);
  add('POST', '/categories/:cid/forums', c.createForumV1(true), 'admin');
  add('GET', '/categories/:cid/forums/:fid', c.viewForumV1);
  add('PUT', '/categories/:cid/forums/:fid', c.updateForumV1, 'admin');
  add('DELETE', '/categories/:cid/forums/:fid', c.deleteForumV1, 'admin');
  add('GET', '/categories/:cid/forums/:fid/topics', c.listForumTopicsV1);
  add('POST', '/categories/:cid/forums/:fid/topics', c.createTopicV1(true));
  add('GET', '/categories/:cid/forums/:fid/topics/:tid', c.viewTopicV1);
  add('PUT', '/categories/:cid/forums/:fid/topics/:tid', c.updateTopicV1);
  add('DELETE', '/categories/:cid/forums/:fid/topics/:tid', c.deleteTopicV1);
  add('POST', '/categories/:cid/forums/:fid/topics/:tid/posts', c.createPostV1);
  add('PUT', '/categories/:cid/forums/:fid/topics/:tid/posts/:pid', c.updatePostV1);
  add('DELETE', '/categories/:cid/forums/:fid/topics/:tid/posts/:pid', c.deletePostV1);
  add('POST', '/categories/:cid/forums/:fid/topics/:tid/monitorship', c.followV1('Topic'));
  add('DELETE', '/categories/:cid/forums/:fid/topics/:tid/monitorship', c.unfollowV1('Topic'));
  add('PUT', '/posts/:pid', c.updatePostV1);
  add('DELETE', '/posts/:pid', c.deletePostV1);

  // solutions
  add('POST', '/solution/categories', c.createSolutionCategoryV1);
  add('GET', '/solution/categories', c.listSolutionCategoriesV1);
  add('GET', '/solution/categories/:id', c.viewSolutionCategoryV1);
  add('PUT', '/solution/categories/:id', c.updateSolutionCategoryV1);
  add('DELETE', '/solution/categories/:id', c.deleteSolutionCategoryV1);
  add('POST', '/solution/categories/:cid/folders', c.createFolderV1);
  add('GET', '/solution/categories/:cid/folders/:fid', c.viewFolderV1);
  add('PUT', '/solution/categories/:cid/folders/:fid', c.updateFolderV1);
  add('DELETE', '/solution/categories/:cid/folders/:fid', c.deleteFolderV1);
  add('POST', '/solution/categories/:cid/folders/:fid/articles', c.createArticleV1);
  add('GET', '/solution/categories/:cid/folders/:fid/articles/:aid', c.viewArticleV1);
  add('PUT', '/solution/categories/:cid/folders/:fid/articles/:aid', c.updateArticleV1);
  add('DELETE', '/solution/categories/:cid/folders/:fid/articles/:aid', c.deleteArticleV1);
  add('PUT', '/support/articles/:aid/thumbs_up', c.thumbV1('up'));
  add('PUT', '/support/articles/:aid/thumbs_down', c.thumbV1('down'));
  return r;
}
