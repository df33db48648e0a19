/**
 * The v2 route table: `/api/v2/...`. Access: `read` for any agent (GETs), `write` for agents who
 * may change tickets (not the view-only agent), `admin` for administrator-only endpoints.
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
import * as search from './search.ts';
import * as tr from './solution-translations.ts';
import * as sol from './solutions.ts';
import * as surveys from './surveys.ts';
import * as ticketFields from './ticket-fields.ts';
import * as bulk from './tickets/bulk-jobs.ts';
import * as tickets from './tickets/crud.ts';
import * as mw from './tickets/merge-watchers.ts';
import * as te from './time-entries.ts';

export function buildV2Router(): Router<RouteDef> {
  const r = new Router<RouteDef>();
  const add = (method: string, path: string, handler: Handler, access?: Access) =>
    r.add(method, `/api/v2${path}`, { handler, access: access ?? (method === 'GET' ? 'read' : 'write') });

  // tickets
  add('POST', '/tickets', tickets.createTicketHandler);
  add('GET', '/tickets', tickets.listTicketsHandler);
  add('POST', '/tickets/outbound_email', tickets.outboundEmailHandler);
  add('POST', '/tickets/bulk_update', bulk.bulkUpdateHandler);
  add('POST', '/tickets/bulk_delete', bulk.bulkDeleteHandler);
  add('PUT', '/tickets/merge', mw.mergeHandler);
  add('PUT', '/tickets/bulk_watch', mw.bulkWatchHandler);
  add('PUT', '/tickets/bulk_unwatch', mw.bulkUnwatchHandler);
  add('GET', '/tickets/:id', tickets.viewTicketHandler);
  add('PUT', '/tickets/:id', tickets.updateTicketHandler);
  add('DELETE', '/tickets/:id', tickets.deleteTicketHandler);
  add('PUT', '/tickets/:id/restore', tickets.restoreTicketHandler);
  add('POST', '/tickets/:id/watch', mw.watchHandler);
  add('PUT', '/tickets/:id/unwatch', mw.unwatchHandler);
  add('GET', '/tickets/:id/watchers', mw.watchersHandler);
  add('POST', '/tickets/:id/reply', notes.replyHandler);
  add('POST', '/tickets/:id/notes', notes.noteHandler);
  add('POST', '/tickets/:id/forward', notes.forwardHandler);
  add('GET', '/tickets/:id/conversations', notes.listConversationsHandler);
  add('PUT', '/conversations/:id', notes.updateConversationHandler);
  add('DELETE', '/conversations/:id', notes.deleteConversationHandler);
  add('GET', '/tickets/:id/time_entries', te.listTicketTimeEntriesHandler);
  add('POST', '/tickets/:id/time_entries', te.createTimeEntryHandler);
  add('GET', '/tickets/:id/satisfaction_ratings', surveys.listTicketRatingsHandler);
  add('POST', '/tickets/:id/satisfaction_ratings', surveys.createRatingHandler);
  add('GET', '/search/tickets', search.searchTicketsHandler);
  add('GET', '/search/contacts', search.searchContactsHandler);
  add('GET', '/search/companies', search.searchCompaniesHandler);
  add('GET', '/search/solutions', search.searchSolutionsHandler);
  add('GET', '/settings/helpdesk', tr.helpdeskSettingsHandler);
  add('GET', '/ticket_fields', ticketFields.listTicketFieldsHandler);
  add('GET', '/jobs/*id', bulk.viewJobHandler);

  // time entries, surveys
  add('GET', '/time_entries', te.listTimeEntriesHandler);
  add('PUT', '/time_entries/:id', te.updateTimeEntryHandler);
  add('PUT', '/time_entries/:id/toggle_timer', te.toggleTimerHandler);
  add('DELETE', '/time_entries/:id', te.deleteTimeEntryHandler);
  add('GET', '/surveys', surveys.listSurveysHandler);
  add('GET', '/surveys/satisfaction_ratings', surveys.listRatingsHandler);

  // contacts
  add('POST', '/contacts', contacts.createContactHandler);
  add('GET', '/contacts', contacts.listContactsHandler);
  add('GET', '/contacts/autocomplete', contacts.autocompleteContactsHandler);
  add('GET', '/contacts/:id', contacts.viewContactHandler);
  add('PUT', '/contacts/:id', contacts.updateContactHandler);
  add('DELETE', '/contacts/:id', contacts.deleteContactHandler);
  add('PUT', '/contacts/:id/restore', contacts.restoreContactHandler);
  add('DELETE', '/contacts/:id/hard_delete', contacts.hardDeleteContactHandler, 'admin');
  add('PUT', '/contacts/:id/make_agent', contacts.makeAgentHandler, 'admin');
  add('GET', '/contact_fields', contacts.listContactFieldsHandler);

  // agents, roles (every agent endpoint but /me needs an administrator)
  add('GET', '/agents/me', agents.meHandler);
  add('GET', '/agents', agents.listAgentsHandler, 'admin');
  add('POST', '/agents', agents.createAgentHandler, 'admin');
  add('GET', '/agents/:id', agents.viewAgentHandler, 'admin');
  add('PUT', '/agents/:id', agents.updateAgentHandler, 'admin');
  add('DELETE', '/agents/:id', agents.deleteAgentHandler, 'admin');
  add('GET', '/roles', agents.listRolesHandler, 'admin');
  add('GET', '/roles/:id', agents.viewRoleHandler, 'admin');

  // companies
  add('POST', '/companies', companies.createCompanyHandler);
  add('GET', '/companies', companies.listCompaniesHandler);
  add('GET', '/companies/autocomplete', companies.autocompleteCompaniesHandler);
  add('GET', '/companies/:id', companies.viewCompanyHandler);
  add('PUT', '/companies/:id', companies.updateCompanyHandler);
  add('DELETE', '/companies/:id', companies.deleteCompanyHandler, 'admin');
  add('GET', '/company_fields', companyFields.listCompanyFieldsHandler);

  // groups
  add('POST', '/groups', groups.createGroupHandler, 'admin');
  add('GET', '/groups', groups.listGroupsHandler);
  add('GET', '/groups/:id', groups.viewGroupHandler);
  add('PUT', '/groups/:id', groups.updateGroupHandler, 'admin');
  add('DELETE', '/groups/:id', groups.deleteGroupHandler, 'admin');

  // discussions (categories and forums are managed by administrators)
  add('POST', '/discussions/categories', disc.createCategoryHandler, 'admin');
  add('GET', '/discussions/categories', disc.listCategoriesHandler);
  add('GET', '/discussions/categories/:id', disc.viewCategoryHandler);
  add('PUT', '/discussions/categories/:id', disc.updateCategoryHandler, 'admin');
  add('DELETE', '/discussions/categories/:id', disc.deleteCategoryHandler, 'admin');
  add('GET', '/discussions/categories/:id/forums', disc.listForumsHandler);
  add('POST', '/discussions/categories/:id/forums', disc.createForumHandler, 'admin');
  add('GET', '/discussions/forums/:id', disc.viewForumHandler);
  add('PUT', '/discussions/forums/:id', disc.updateForumHandler, 'admin');
  add('DELETE', '/discussions/forums/:id', disc.deleteForumHandler, 'admin');
  add('GET', '/discussions/forums/:id/topics', disc.listTopicsHandler);
  add('POST', '/discussions/forums/:id/topics', disc.createTopicHandler);
  add('POST', '/discussions/forums/:id/follow', disc.followHandler('Forum'));
  add('DELETE', '/discussions/forums/:id/follow', disc.unfollowHandler('Forum'));
  add('GET', '/discussions/forums/:id/follow', disc.isFollowingHandler('Forum'));
  add('GET', '/discussions/topics/followed_by', disc.followedByHandler);
  add('GET', '/discussions/topics/:id', disc.viewTopicHandler);
  add('PUT', '/discussions/topics/:id', disc.updateTopicHandler);
  add('DELETE', '/discussions/topics/:id', disc.deleteTopicHandler);
  add('GET', '/discussions/topics/:id/comments', disc.listCommentsHandler);
  add('POST', '/discussions/topics/:id/comments', disc.createCommentHandler);
  add('POST', '/discussions/topics/:id/follow', disc.followHandler('Topic'));
  add('DELETE', '/discussions/topics/:id/follow', disc.unfollowHandler('Topic'));
  add('GET', '/discussions/topics/:id/follow', disc.isFollowingHandler('Topic'));
  add('PUT', '/discussions/comments/:id', disc.updateCommentHandler);
  add('DELETE', '/discussions/comments/:id', disc.deleteCommentHandler);

  // solutions
  add('POST', '/solutions/categories', sol.createCategoryHandler);
  add('GET', '/solutions/categories', sol.listCategoriesHandler);
  add('GET', '/solutions/categories/:id', sol.viewCategoryHandler);
  add('PUT', '/solutions/categories/:id', sol.updateCategoryHandler);
  add('DELETE', '/solutions/categories/:id', sol.deleteCategoryHandler);
  add('GET', '/solutions/categories/:id/folders', sol.listFoldersHandler);
  add('POST', '/solutions/categories/:id/folders', sol.createFolderHandler);
  add('GET', '/solutions/folders/:id', sol.viewFolderHandler);
  add('PUT', '/solutions/folders/:id', sol.updateFolderHandler);
  add('DELETE', '/solutions/folders/:id', sol.deleteFolderHandler);
  add('GET', '/solutions/folders/:id/articles', sol.listArticlesHandler);
  add('POST', '/solutions/folders/:id/articles', sol.createArticleHandler);
  add('GET', '/solutions/articles/:id', sol.viewArticleHandler);
  add('PUT', '/solutions/articles/:id', sol.updateArticleHandler);
  add('DELETE', '/solutions/articles/:id', sol.deleteArticleHandler);
  // translations: registered after the routes above, so a numeric id or a fixed word wins over a language code
  add('GET', '/solutions/categories/*lang', tr.listTranslatedHandler('category'));
  add('GET', '/solutions/categories/:id/folders/*lang', tr.listTranslatedHandler('folder'));
  add('GET', '/solutions/folders/:id/articles/*lang', tr.listTranslatedHandler('article'));
  for (const [segment, kind] of [['categories', 'category'], ['folders', 'folder'], ['articles', 'article']] as const) {
    add('GET', `/solutions/${segment}/:id/*lang`, tr.viewTranslationHandler(kind));
    add('POST', `/solutions/${segment}/:id/*lang`, tr.createTranslationHandler(kind));
    add('PUT', `/solutions/${segment}/:id/*lang`, tr.updateTranslationHandler(kind));
  }
  return r;
}
