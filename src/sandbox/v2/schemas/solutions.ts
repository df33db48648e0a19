/** v2 knowledge base request bodies (spec 000 "Solutions"): categories, folders, articles and their translations. */
import { any, body, id, ids, integer, object, requiring, string, strings } from './fields.ts';

const name = string('name, unique where it lives', { maxLength: 255 });
const description = string('about it', { nullable: true });

const category = body('PUT /api/v2/solutions/categories/[id]', { name, description, visible_in_portals: ids('portals showing the category') });
export const categoryCreate = requiring(category, ['name'], 'POST /api/v2/solutions/categories');
export const categoryUpdate = category;

const folderFields = {
  name,
  description,
  visibility: integer('1 all users, 2 logged-in users, 3 agents, 4 selected companies', [1, 2, 3, 4]),
  company_ids: ids('the companies, when visibility is 4'),
};
export const folderCreate = body('POST /api/v2/solutions/categories/[id]/folders', folderFields, ['name', 'visibility']);
export const folderUpdate = body('PUT /api/v2/solutions/folders/[id]', folderFields);

const articleFields = {
  title: string('title', { maxLength: 255 }),
  description: string('HTML content'),
  status: integer('1 draft, 2 published', [1, 2]),
  type: integer('1 permanent, 2 workaround', [1, 2]),
  seo_data: object('{ meta_title, meta_description, meta_keywords }'),
  tags: strings('tags'),
  agent_id: id('the author'),
};
export const articleCreate = body('POST /api/v2/solutions/folders/[id]/articles', articleFields, ['title', 'description', 'status']);
export const articleUpdate = body('PUT /api/v2/solutions/articles/[id]', { ...articleFields, folder_id: id('moves the article to that folder') });

export const seoData = body('seo_data of an article', {
  meta_title: string('title for search engines', { nullable: true }),
  meta_description: string('description for search engines', { nullable: true }),
  meta_keywords: any('keywords for search engines'),
});

// ---- translations: /api/v2/solutions/{categories,folders,articles}/[id]/[language] ------------------

const namedTranslation = { name, description };
const articleTranslation = {
  title: articleFields.title,
  description: articleFields.description,
  status: articleFields.status,
};
export const translation = {
  create: {
    category: body('POST a category translation', namedTranslation, ['name']),
    folder: body('POST a folder translation', namedTranslation, ['name']),
    article: body('POST an article translation', articleTranslation, ['title', 'description', 'status']),
  },
  update: {
    category: body('PUT a category translation', namedTranslation),
    folder: body('PUT a folder translation', namedTranslation),
    article: body('PUT an article translation', articleTranslation),
  },
};
