/**
 * Solutions (knowledge base): categories (spec 001: create, update, view, list, delete), folders
 * (spec 001: create; reference Appendix A: view, update, delete) and articles (Appendix A: CRUD,
 * plus the portal thumbs up/down votes, which have no public v2 endpoint).
 */
import type { Lens, LensOp, Rule } from '../src/catalogue/types.ts';
import { lookup, timestamps, v2 } from './shared.ts';

/**
 * An id in the v1 body that only addresses the parent (`folder_id`, `category_id`) is moved to the
 * path parameters; path parameters are strings, so it is made one first and only a different id is
 * reported as a conflict.
 */
const toParam = (from: string, to: string): LensOp[] => [
  { op: 'convert', path: from, converter: 'numberToString' },
  { op: 'rename', from, to },
];

/** A v1 solution folder ↔ a v2 solution folder. */
export const folderLens: Lens = [
  { op: 'convert', path: 'visibility', converter: 'folderVisibility' },
  // the companies of a visibility-4 folder: spec 001 spelling and the FS sample spelling
  { op: 'convert', path: 'customer_folder_attributes', to: 'company_ids', converter: 'customerIdObjects', only: 'request' },
  { op: 'convert', path: 'customer_folders_attributes.customer_id', to: 'company_ids', converter: 'commaIntList', only: 'request' },
  { op: 'drop', path: 'position', reason: 'position is not in v2 solution folders' },
  { op: 'drop', path: 'is_default', reason: 'is_default is not in v2 solution folders' },
  { op: 'extra', path: 'company_ids', reason: 'v2 lists the companies of a visibility-4 folder', only: 'response' },
  { op: 'extra', path: 'parent_folder_id', reason: 'v2 only (flexible hierarchy)', only: 'response' },
  { op: 'extra', path: 'hierarchy', reason: 'v2 only (flexible hierarchy)', only: 'response' },
  { op: 'extra', path: 'articles_count', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'sub_folders_count', reason: 'v2 only (flexible hierarchy)', only: 'response' },
  { op: 'extra', path: 'contact_segment_ids', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'company_segment_ids', reason: 'v2 only', only: 'response' },
  ...timestamps('created_at', 'updated_at'),
];

/** A v1 solution category ↔ a v2 solution category. */
export const categoryLens: Lens = [
  { op: 'drop', path: 'position', reason: 'position is not in v2 solution categories' },
  { op: 'drop', path: 'is_default', reason: 'is_default is not in v2 solution categories' },
  { op: 'extra', path: 'visible_in_portals', reason: 'v2 only (multiple portals)', only: 'response' },
  // view: the folders v1 embedded come from a second call
  { op: 'map', path: 'folders', lens: folderLens, only: 'response' },
  ...timestamps('created_at', 'updated_at'),
];

/**
 * A category in the v1 list: v1 embedded its folders there too, and v2 has no list that does (one
 * GET /api/v2/solutions/categories/[id]/folders per category), so reading them is a loss.
 */
export const categoryListLens: Lens = [
  ...categoryLens.filter((op) => !('path' in op) || op.path !== 'folders'),
  {
    op: 'drop',
    path: 'folders',
    reason: 'v2 lists categories without their folders: one GET /api/v2/solutions/categories/[id]/folders per category',
    only: 'response',
  },
];

/** A v1 solution article ↔ a v2 solution article. */
export const articleLens: Lens = [
  // tags: a comma string in v1 requests (sent beside the wrapper as tags: { name })
  { op: 'convert', path: 'tags', converter: 'commaList', only: 'request' },
  {
    op: 'drop',
    path: 'art_type',
    fidelity: 'manual',
    reason:
      'art_type (v1 article type, 1 permanent / 2 workaround) has no documented v2 request field; v2 answers a type whose mapping is not documented: decide whether the type matters',
    only: 'request',
  },
  { op: 'drop', path: 'art_type', reason: 'art_type: the mapping to the v2 type is not documented', only: 'response' },
  { op: 'extra', path: 'type', reason: 'v2 article type (mapping to v1 art_type not documented)', only: 'response' },
  { op: 'rename', from: 'user_id', to: 'agent_id', only: 'response' },
  { op: 'rename', from: 'desc_un_html', to: 'description_text', only: 'response' },
  { op: 'drop', path: 'position', reason: 'position is not in v2 solution articles' },
  { op: 'drop', path: 'is_public', reason: 'is_public is not in v2 solution articles (the folder visibility decides)' },
  { op: 'extra', path: 'category_id', reason: 'v2 only', only: 'response' },
  { op: 'extra', path: 'hierarchy', reason: 'v2 only (flexible hierarchy)', only: 'response' },
  ...timestamps('created_at', 'updated_at'),
];

/** A v1 folder view ↔ a v2 folder: the articles v1 embedded come from a second call. */
const folderViewLens: Lens = [...folderLens, { op: 'map', path: 'articles', lens: articleLens, only: 'response' }];

const categoryObject: Rule['response'] = { v1Status: 200, shape: 'object', wrapper: 'category', resource: categoryLens };
const folderObject: Rule['response'] = { v1Status: 200, shape: 'object', wrapper: 'folder', resource: folderLens };
const articleObject: Rule['response'] = { v1Status: 200, shape: 'object', wrapper: 'article', resource: articleLens };

const APPENDIX_NOTE = 'outside spec 001: the official v1 samples (reference Appendix A)';
const CATEGORY_LOST = 'position and is_default (not in v2 solution categories)';
const FOLDER_LOST = 'position and is_default (not in v2 solution folders)';
const STATUS_NOTE = 'v1 responses of creates and updates are not documented in spec 001 (200 with the object assumed); v2 answers 201 Created for creates';
const VISIBILITY_NOTE =
  'visibility 1 All, 2 Logged in users, 3 Agents, 4 Selected companies keep their numbers; v2 adds 5 Bots, 6/7 contact/company segments (no v1 value)';
const ARTICLE_SHAPE_NOTE =
  'INFERRED: the v1 article answer is { article: {...} } like { category } and { folder }, with user_id (v2 agent_id) and desc_un_html (v2 description_text)';

/** The body fields of a v2 solution category create or update (reference). */
const SOLUTION_CATEGORY_FIELDS: readonly string[] = ['name', 'description', 'visible_in_portals'];

/** The body fields of a v2 solution folder create or update (reference; the category is in the path). */
const FOLDER_FIELDS: readonly string[] = ['name', 'description', 'visibility', 'company_ids'];

/** The body fields of a v2 solution article create (reference; the folder is in the path). */
const ARTICLE_CREATE_FIELDS: readonly string[] = ['title', 'description', 'status', 'type', 'seo_data', 'tags', 'agent_id'];

/** The body fields of a v2 solution article update (an article moves with folder_id). */
const ARTICLE_UPDATE_FIELDS: readonly string[] = [...ARTICLE_CREATE_FIELDS, 'folder_id'];

export const SOLUTION_RULES: Rule[] = [
  // ------------------------------------------------------------------------------ categories
  {
    id: 'solutions.categories.create',
    family: 'solutions',
    summary: 'Create a solution category: POST /api/v2/solutions/categories with name and description unwrapped from solution_category.',
    v1: { method: 'POST', paths: ['/solution/categories'] },
    plan: [v2('POST', '/solutions/categories', 'create the solution category')],
    request: { wrapper: 'solution_category', resource: categoryLens, accepts: SOLUTION_CATEGORY_FIELDS },
    response: categoryObject,
    fidelity: 'exact',
    notes: ['the v1 answer is { category }, the request wrapper solution_category', STATUS_NOTE, 'v2 also takes visible_in_portals (accounts with several portals)'],
  },
  {
    id: 'solutions.categories.update',
    family: 'solutions',
    summary: 'Update a solution category: PUT /api/v2/solutions/categories/[id] with the fields unwrapped from solution_category.',
    v1: { method: 'PUT', paths: ['/solution/categories/:id'] },
    plan: [v2('PUT', '/solutions/categories/:id', 'update the solution category')],
    request: { wrapper: 'solution_category', resource: categoryLens, accepts: SOLUTION_CATEGORY_FIELDS },
    response: categoryObject,
    fidelity: 'exact',
    notes: ['both versions answer the category'],
  },
  {
    id: 'solutions.categories.view',
    family: 'solutions',
    summary: 'View a solution category with its folders: GET /api/v2/solutions/categories/[id], plus GET /api/v2/solutions/categories/[id]/folders for the folders v1 embedded.',
    v1: { method: 'GET', paths: ['/solution/categories/:id'] },
    plan: [
      v2('GET', '/solutions/categories/:id', 'read the solution category'),
      lookup('GET', '/solutions/categories/:id/folders', 'read its folders (v1 embedded them)'),
    ],
    request: { body: 'none' },
    response: { ...categoryObject, embed: { folders: 1 } },
    fidelity: 'lossy',
    lost: [CATEGORY_LOST, 'position and is_default of each folder'],
    notes: ['two calls in v2 (two credits)'],
  },
  {
    id: 'solutions.categories.list',
    family: 'solutions',
    summary:
      'List solution categories: GET /api/v2/solutions/categories; the folders v1 embedded in each category need one GET /api/v2/solutions/categories/[id]/folders per category.',
    v1: { method: 'GET', paths: ['/solution/categories'] },
    plan: [v2('GET', '/solutions/categories', 'list the solution categories')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'list-wrapped', wrapper: 'category', resource: categoryListLens },
    fidelity: 'lossy',
    lost: [
      'the folders embedded in each category: N + 1 calls in v2 (one GET /api/v2/solutions/categories/[id]/folders per category)',
      CATEGORY_LOST,
    ],
    notes: ['read the folders only where the code uses them: each category costs one more call'],
  },
  {
    id: 'solutions.categories.delete',
    family: 'solutions',
    summary: 'Delete a solution category: DELETE /api/v2/solutions/categories/[id], which answers 204 with no body.',
    v1: { method: 'DELETE', paths: ['/solution/categories/:id'] },
    plan: [v2('DELETE', '/solutions/categories/:id', 'delete the solution category')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'none' },
    fidelity: 'exact',
    notes: ['v2 answers 204 with no body (v1 200)', 'v2 also deletes the translations of the category'],
  },
  // ------------------------------------------------------------------------------ folders
  {
    id: 'solutions.folders.create',
    family: 'solutions',
    summary:
      'Create a solution folder: POST /api/v2/solutions/categories/[id]/folders with the fields unwrapped from solution_folder and the customer folder attributes as company_ids.',
    v1: { method: 'POST', paths: ['/solution/categories/:id/folders'] },
    plan: [v2('POST', '/solutions/categories/:id/folders', 'create the folder in its category')],
    request: {
      accepts: FOLDER_FIELDS,
      wrapper: 'solution_folder',
      lens: toParam('body.solution_folder.category_id', 'params.category_id'),
      resource: folderLens,
    },
    response: folderObject,
    fidelity: 'exact',
    notes: [
      VISIBILITY_NOTE,
      'visibility 4 needs company_ids: customer_folder_attributes: [{ customer_id }] (spec 001) or customer_folders_attributes: { customer_id: [...] } (FS samples)',
      'v2 defaults visibility to 1 when it is not sent',
      STATUS_NOTE,
    ],
  },
  {
    id: 'solutions.folders.view',
    family: 'solutions',
    summary:
      'View a solution folder with its articles: GET /api/v2/solutions/folders/[id] (the category leaves the path), plus GET /api/v2/solutions/folders/[id]/articles for the articles v1 embedded.',
    v1: { method: 'GET', paths: ['/solution/categories/:category_id/folders/:id'], source: 'reference' },
    plan: [v2('GET', '/solutions/folders/:id', 'read the folder'), lookup('GET', '/solutions/folders/:id/articles', 'read its articles (v1 embedded them)')],
    request: { body: 'none' },
    response: { ...folderObject, resource: folderViewLens, embed: { articles: 1 } },
    fidelity: 'lossy',
    lost: [FOLDER_LOST, 'position of each article'],
    notes: [
      APPENDIX_NOTE,
      'two calls in v2 (two credits) when the articles are read; code that reads only the folder needs the first (INFERRED: the v1 folder view embedded its articles like the category view embeds folders)',
    ],
  },
  {
    id: 'solutions.folders.update',
    family: 'solutions',
    summary: 'Update a solution folder: PUT /api/v2/solutions/folders/[id] (the category leaves the path) with the customer folder attributes as company_ids.',
    v1: { method: 'PUT', paths: ['/solution/categories/:category_id/folders/:id'], source: 'reference' },
    plan: [v2('PUT', '/solutions/folders/:id', 'update the folder')],
    request: {
      accepts: FOLDER_FIELDS,
      wrapper: 'solution_folder',
      lens: toParam('body.solution_folder.category_id', 'params.category_id'),
      resource: folderLens,
    },
    response: folderObject,
    fidelity: 'exact',
    notes: [APPENDIX_NOTE, VISIBILITY_NOTE, 'a category_id different from the one in the path (a move) is not in the public v2 update', STATUS_NOTE],
  },
  {
    id: 'solutions.folders.delete',
    family: 'solutions',
    summary: 'Delete a solution folder: DELETE /api/v2/solutions/folders/[id], which answers 204 with no body.',
    v1: { method: 'DELETE', paths: ['/solution/categories/:category_id/folders/:id'], source: 'reference' },
    plan: [v2('DELETE', '/solutions/folders/:id', 'delete the folder')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'none' },
    fidelity: 'exact',
    notes: [APPENDIX_NOTE, 'v2 answers 204 with no body (v1 200)', 'v2 also deletes the translations of the folder'],
  },
  // ------------------------------------------------------------------------------ articles
  {
    id: 'solutions.articles.create',
    family: 'solutions',
    summary:
      'Create a solution article: POST /api/v2/solutions/folders/[folder_id]/articles with title, description and status (1 draft, 2 published) unwrapped from solution_article and tags as an array.',
    v1: { method: 'POST', paths: ['/solution/categories/:category_id/folders/:folder_id/articles'], source: 'reference' },
    plan: [v2('POST', '/solutions/folders/:folder_id/articles', 'create the article in its folder')],
    request: {
      accepts: ARTICLE_CREATE_FIELDS,
      wrapper: 'solution_article',
      lens: [
        { op: 'in', path: 'body', lens: [{ op: 'hoist', host: 'tags', field: 'name', to: 'tags' }] },
        ...toParam('body.solution_article.folder_id', 'params.folder_id'),
      ],
      resource: articleLens,
    },
    response: articleObject,
    fidelity: 'exact',
    notes: [
      APPENDIX_NOTE,
      'tags were sent beside the wrapper as tags: { name: "a,b" }; v2 takes tags: ["a", "b"]',
      'art_type has no documented v2 field: a request that sets it is manual',
      'v2 also takes seo_data (meta_title, meta_description, meta_keywords)',
      ARTICLE_SHAPE_NOTE,
      STATUS_NOTE,
    ],
  },
  {
    id: 'solutions.articles.view',
    family: 'solutions',
    summary: 'View a solution article: GET /api/v2/solutions/articles/[id] (category and folder leave the path).',
    v1: { method: 'GET', paths: ['/solution/categories/:category_id/folders/:folder_id/articles/:id'], source: 'reference' },
    plan: [v2('GET', '/solutions/articles/:id', 'read the article')],
    request: { body: 'none' },
    response: articleObject,
    fidelity: 'lossy',
    lost: ['art_type (its mapping to the v2 type is not documented)', 'position and is_public'],
    notes: [APPENDIX_NOTE, ARTICLE_SHAPE_NOTE],
  },
  {
    id: 'solutions.articles.update',
    family: 'solutions',
    summary: 'Update a solution article: PUT /api/v2/solutions/articles/[id] (category and folder leave the path) with the fields unwrapped from solution_article.',
    v1: { method: 'PUT', paths: ['/solution/categories/:category_id/folders/:folder_id/articles/:id'], source: 'reference' },
    plan: [v2('PUT', '/solutions/articles/:id', 'update the article')],
    request: {
      accepts: ARTICLE_UPDATE_FIELDS,
      wrapper: 'solution_article',
      lens: [
        { op: 'in', path: 'body', lens: [{ op: 'hoist', host: 'tags', field: 'name', to: 'tags' }] },
        ...toParam('body.solution_article.folder_id', 'params.folder_id'),
      ],
      resource: articleLens,
    },
    response: articleObject,
    fidelity: 'exact',
    notes: [
      APPENDIX_NOTE,
      'status 1 alone unpublishes the article in v2',
      'art_type has no documented v2 field: a request that sets it is manual',
      'moving an article to another folder is not in the public v2 update (folder_id in the body only addresses it here)',
      ARTICLE_SHAPE_NOTE,
      STATUS_NOTE,
    ],
  },
  {
    id: 'solutions.articles.delete',
    family: 'solutions',
    summary: 'Delete a solution article: DELETE /api/v2/solutions/articles/[id], which answers 204 with no body.',
    v1: { method: 'DELETE', paths: ['/solution/categories/:category_id/folders/:folder_id/articles/:id'], source: 'reference' },
    plan: [v2('DELETE', '/solutions/articles/:id', 'delete the article')],
    request: { body: 'none' },
    response: { v1Status: 200, shape: 'none' },
    fidelity: 'exact',
    notes: [APPENDIX_NOTE, 'v2 answers 204 with no body (v1 200)', 'v2 also deletes the translations of the article'],
  },
  ...(['up', 'down'] as const).map(
    (dir): Rule => ({
      id: `solutions.articles.thumbs-${dir}`,
      family: 'solutions',
      summary: `Vote an article thumbs ${dir}: there is no public v2 endpoint; v2 only reports the thumbs_${dir} counter in GET /api/v2/solutions/articles/[id].`,
      v1: { method: 'PUT', paths: [`/support/articles/:id/thumbs_${dir}`], source: 'reference' },
      plan: [],
      request: { body: 'none' },
      response: { v1Status: 200, shape: 'none' },
      fidelity: 'none',
      substitute: `none through the API: votes are cast in the customer portal; read the thumbs_${dir} counter from GET /api/v2/solutions/articles/[id]`,
      notes: [APPENDIX_NOTE, 'INFERRED: no vote endpoint in the v2 reference'],
    }),
  ),
];
