/**
 * The v1 route table: every endpoint of spec 001, the extra paths of the reference's Appendix A
 * and the older discussion spellings of its §3.4. Paths are registered without their `.json` /
 * `.xml` suffix (the server strips it and picks the format).
 */
import type { Access, Handler, RouteDef } from '../context.ts';
import { Router } from '../router.ts';
import * as agents from './agents.ts';
import * as companies from './companies.ts';
import * as companyFields from './company-fields.ts';
import * as contacts from './contacts.ts';
import * as disc from './discussions.ts';
import * as groups from './groups.ts';
import * as notes from './notes.ts';
import * as sol from './solutions.ts';
import * as surveys from './surveys.ts';
import * as ticketFields from './ticket-fields.ts';
import * as tickets from './tickets.ts';
import * as te from './time-entries.ts';

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
  add('POST', '/helpdesk/tickets/:id/conversations/note', notes.createNoteV1);
  add('GET', '/helpdesk/tickets/filter/requester/:id', tickets.requesterTicketsV1);
  add('GET', '/helpdesk/tickets/filter/*name', tickets.filterTicketsV1);
  add('GET', '/helpdesk/tickets/view/:id', tickets.customViewV1);
  add('GET', '/ticket_fields', ticketFields.ticketFieldsV1);

  // time sheets and surveys
  add('POST', '/helpdesk/tickets/:ticket_id/time_sheets', te.createTimeSheetV1);
  add('GET', '/helpdesk/tickets/:ticket_id/time_sheets', te.ticketTimeSheetsV1);
  add('PUT', '/helpdesk/tickets/:ticket_id/time_sheets/:id', te.updateTimeSheetV1);
  add('DELETE', '/helpdesk/tickets/:ticket_id/time_sheets/:id', te.deleteTimeSheetV1);
  add('GET', '/helpdesk/time_sheets', te.timeSheetsV1);
  add('PUT', '/helpdesk/time_sheets/:id/toggle_timer', te.toggleTimerV1);
  add('POST', '/helpdesk/tickets/:ticket_id/surveys/rate', surveys.rateV1);
  add('GET', '/helpdesk/tickets/:ticket_id/surveys', surveys.surveysV1);

  // contacts (users); update, delete and make_agent come from the official samples
  add('POST', '/contacts', contacts.createContactV1);
  add('GET', '/contacts', contacts.listContactsV1);
  add('GET', '/contacts/:id', contacts.viewContactV1);
  add('PUT', '/contacts/:id', contacts.updateContactV1);
  add('DELETE', '/contacts/:id', contacts.deleteContactV1);
  add('PUT', '/contacts/:id/make_agent', contacts.makeAgentV1, 'admin');

  // agents (python-freshdesk's v1 AgentAPI, FC AgentsController): ids are v1 agent record ids.
  // Admin only, as every v2 agent endpoint but /me (INFERRED for v1: FC kept agents under admin).
  add('GET', '/agents', agents.listAgentsV1, 'admin');
  add('GET', '/agents/:id', agents.viewAgentV1, 'admin');
  add('PUT', '/agents/:id', agents.updateAgentV1, 'admin');
  add('DELETE', '/agents/:id', agents.deleteAgentV1, 'admin');

  // companies: /customers (older) and /companies, same records
  for (const [base, wrapper] of [['/customers', 'customer'], ['/companies', 'company']] as const) {
    add('POST', base, companies.createCompanyV1(wrapper));
    add('GET', base, companies.listCompaniesV1(wrapper));
    add('GET', `${base}/:id`, companies.viewCompanyV1(wrapper));
    add('PUT', `${base}/:id`, companies.updateCompanyV1(wrapper));
    add('DELETE', `${base}/:id`, companies.deleteCompanyV1, 'admin');
  }
  add('GET', '/admin/company_fields', companyFields.companyFieldsV1);

  // groups
  add('POST', '/groups', groups.createGroupV1, 'admin');
  add('GET', '/groups', groups.listGroupsV1);
  add('GET', '/groups/:id', groups.viewGroupV1);
  add('PUT', '/groups/:id', groups.updateGroupV1, 'admin');
  add('DELETE', '/groups/:id', groups.deleteGroupV1, 'admin');

  // discussions, spec 001 spellings
  add('POST', '/discussions/categories', disc.createForumCategoryV1, 'admin');
  add('GET', '/discussions/categories', disc.listForumCategoriesV1);
  add('GET', '/discussions/categories/:id', disc.viewForumCategoryV1);
  add('PUT', '/discussions/categories/:id', disc.updateForumCategoryV1, 'admin');
  add('DELETE', '/discussions/categories/:id', disc.deleteForumCategoryV1, 'admin');
  add('POST', '/discussions/forums', disc.createForumV1(false), 'admin');
  add('GET', '/discussions/forums/:id', disc.viewForumV1);
  add('PUT', '/discussions/forums/:id', disc.updateForumV1, 'admin');
  add('DELETE', '/discussions/forums/:id', disc.deleteForumV1, 'admin');
  add('POST', '/discussions/topics', disc.createTopicV1(false));
  add('GET', '/discussions/topics/:id', disc.viewTopicV1);
  add('PUT', '/discussions/topics/:id', disc.updateTopicV1);
  add('DELETE', '/discussions/topics/:id', disc.deleteTopicV1);
  add('POST', '/discussions/topics/:id/posts', disc.createPostV1);
  add('PUT', '/discussions/topics/:id/posts/:pid', disc.updatePostV1);
  add('DELETE', '/discussions/topics/:id/posts/:pid', disc.deletePostV1);
  for (const [segment, type] of [['topic', 'Topic'], ['forum', 'Forum']] as const) {
    add('POST', `/discussions/${segment}/:id/subscriptions/follow`, disc.followV1(type));
    add('POST', `/discussions/${segment}/:id/subscriptions/unfollow`, disc.unfollowV1(type));
    add('GET', `/discussions/${segment}/:id/subscriptions/is_following`, disc.isFollowingV1(type));
  }
  add('GET', '/support/discussions/user_monitored', disc.userMonitoredV1);

  // discussions, older spellings of the official samples
  add('GET', '/categories', disc.listForumCategoriesV1);
  add('POST', '/categories', disc.createForumCategoryV1, 'admin');
  add('GET', '/categories/:id', disc.viewForumCategoryV1);
  add('PUT', '/categories/:id', disc.updateForumCategoryV1, 'admin');
  add('DELETE', '/categories/:id', disc.deleteForumCategoryV1, 'admin');
  add('GET', '/categories/:cid/forums', disc.listCategoryForumsV1);
  add('POST', '/categories/:cid/forums', disc.createForumV1(true), 'admin');
  add('GET', '/categories/:cid/forums/:fid', disc.viewForumV1);
  add('PUT', '/categories/:cid/forums/:fid', disc.updateForumV1, 'admin');
  add('DELETE', '/categories/:cid/forums/:fid', disc.deleteForumV1, 'admin');
  add('GET', '/categories/:cid/forums/:fid/topics', disc.listForumTopicsV1);
  add('POST', '/categories/:cid/forums/:fid/topics', disc.createTopicV1(true));
  add('GET', '/categories/:cid/forums/:fid/topics/:tid', disc.viewTopicV1);
  add('PUT', '/categories/:cid/forums/:fid/topics/:tid', disc.updateTopicV1);
  add('DELETE', '/categories/:cid/forums/:fid/topics/:tid', disc.deleteTopicV1);
  add('POST', '/categories/:cid/forums/:fid/topics/:tid/posts', disc.createPostV1);
  add('PUT', '/categories/:cid/forums/:fid/topics/:tid/posts/:pid', disc.updatePostV1);
  add('DELETE', '/categories/:cid/forums/:fid/topics/:tid/posts/:pid', disc.deletePostV1);
  add('POST', '/categories/:cid/forums/:fid/topics/:tid/monitorship', disc.followV1('Topic'));
  add('DELETE', '/categories/:cid/forums/:fid/topics/:tid/monitorship', disc.unfollowV1('Topic'));
  add('PUT', '/posts/:pid', disc.updatePostV1);
  add('DELETE', '/posts/:pid', disc.deletePostV1);

  // solutions
  add('POST', '/solution/categories', sol.createSolutionCategoryV1);
  add('GET', '/solution/categories', sol.listSolutionCategoriesV1);
  add('GET', '/solution/categories/:id', sol.viewSolutionCategoryV1);
  add('PUT', '/solution/categories/:id', sol.updateSolutionCategoryV1);
  add('DELETE', '/solution/categories/:id', sol.deleteSolutionCategoryV1);
  add('POST', '/solution/categories/:cid/folders', sol.createFolderV1);
  add('GET', '/solution/categories/:cid/folders/:fid', sol.viewFolderV1);
  add('PUT', '/solution/categories/:cid/folders/:fid', sol.updateFolderV1);
  add('DELETE', '/solution/categories/:cid/folders/:fid', sol.deleteFolderV1);
  add('POST', '/solution/categories/:cid/folders/:fid/articles', sol.createArticleV1);
  add('GET', '/solution/categories/:cid/folders/:fid/articles/:aid', sol.viewArticleV1);
  add('PUT', '/solution/categories/:cid/folders/:fid/articles/:aid', sol.updateArticleV1);
  add('DELETE', '/solution/categories/:cid/folders/:fid/articles/:aid', sol.deleteArticleV1);
  add('PUT', '/support/articles/:aid/thumbs_up', sol.thumbV1('up'));
  add('PUT', '/support/articles/:aid/thumbs_down', sol.thumbV1('down'));
  return r;
}
