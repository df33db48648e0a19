/**
 * v2 solutions: categories, folders, articles (translations: solution-translations.ts).
 */
import { removeSolutionCategory, removeSolutionFolder } from '../domain/index.ts';
import type { Ctx, Reply } from '../context.ts';
import { V2Error, v2, type FieldError } from '../errors.ts';
import type { SolutionArticle, SolutionCategory, SolutionFolder } from '../model.ts';
import { htmlToText } from '../text.ts';
import { PAGING_PARAMS, paged } from './paging.ts';
import { solutionArticleV2, solutionCategoryV2, solutionFolderV2 } from './present.ts';
import * as schemas from './schemas/solutions.ts';
import { checkBody, checkQuery, invalidValue } from './validate.ts';

function find<T>(value: T | undefined): T {
  if (value === undefined) throw v2.notFound();
  return value;
}
const category = (ctx: Ctx) => find(ctx.store.solutionCategories.get(Number(ctx.params.id)));
const folder = (ctx: Ctx) => find(ctx.store.solutionFolders.get(Number(ctx.params.id)));
const article = (ctx: Ctx) => find(ctx.store.solutionArticles.get(Number(ctx.params.id)));

function unique(items: { id: number; name: string }[], name: unknown, self: number | null): void {
  if (typeof name === 'string' && items.some((i) => i.id !== self && i.name.toLowerCase() === name.toLowerCase())) {
    throw new V2Error(409, 'Validation failed', [{ field: 'name', code: 'duplicate_value', message: 'It should be a unique value' }]);
  }
}

// ---- categories ------------------------------------------------------------------------------------

export function createCategoryHandler(ctx: Ctx): Reply {
  const fields = checkBody(ctx.body, schemas.categoryCreate, { form: false });
  unique(ctx.store.solutionCategories.all(), fields.name, null);
  const now = ctx.now();
  const c: SolutionCategory = {
    id: ctx.store.nextId('solutionCategory'),
    name: fields.name as string,
    description: (fields.description as string | null | undefined) ?? null,
    position: ctx.store.solutionCategories.size + 1,
    isDefault: false,
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.solutionCategories.put(c);
  return { status: 201, body: solutionCategoryV2(c), headers: { Location: `${ctx.baseUrl}/api/v2/solutions/categories/${c.id}` } };
}

export function listCategoriesHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, PAGING_PARAMS);
  return paged(ctx, ctx.store.solutionCategories.all(), solutionCategoryV2);
}

export function viewCategoryHandler(ctx: Ctx): Reply {
  return { status: 200, body: solutionCategoryV2(category(ctx)) };
}

export function updateCategoryHandler(ctx: Ctx): Reply {
  const c = category(ctx);
  const fields = checkBody(ctx.body, schemas.categoryUpdate, { form: false });
  unique(ctx.store.solutionCategories.all(), fields.name, c.id);
  if (typeof fields.name === 'string') c.name = fields.name;
  if ('description' in fields) c.description = fields.description as string | null;
  c.updatedAt = ctx.now();
  return { status: 200, body: solutionCategoryV2(c) };
}

export function deleteCategoryHandler(ctx: Ctx): Reply {
  removeSolutionCategory(ctx.store, category(ctx).id);
  return { status: 204 };
}

// ---- folders ---------------------------------------------------------------------------------------

function checkFolder(ctx: Ctx, fields: Record<string, unknown>, existing: SolutionFolder | null): void {
  const errors: FieldError[] = [];
  const visibility = (fields.visibility as number | undefined) ?? existing?.visibility;
  if (visibility === 4 && !fields.company_ids && !existing?.companyIds.length) errors.push({ field: 'company_ids', code: 'missing_field', message: 'Mandatory attribute missing' });
  if (fields.company_ids && visibility !== 4) errors.push({ field: 'company_ids', code: 'incompatible_field', message: 'Can be set only when visibility is 4' });
  const unknown = ((fields.company_ids as number[] | undefined) ?? []).filter((id) => !ctx.store.companies.has(id));
  if (unknown.length > 0) errors.push(invalidValue('company_ids', `There are no companies matching the ids: ${unknown.join(',')}`));
  if (errors.length > 0) throw v2.validation(errors);
}

export function createFolderHandler(ctx: Ctx): Reply {
  const c = category(ctx);
  const fields = checkBody(ctx.body, schemas.folderCreate, { form: false });
  checkFolder(ctx, fields, null);
  unique(ctx.store.solutionFolders.all().filter((f) => f.categoryId === c.id), fields.name, null);
  const now = ctx.now();
  const f: SolutionFolder = {
    id: ctx.store.nextId('solutionFolder'),
    categoryId: c.id,
    name: fields.name as string,
    description: (fields.description as string | null | undefined) ?? null,
    position: ctx.store.solutionFolders.all().filter((x) => x.categoryId === c.id).length + 1,
    isDefault: false,
    visibility: fields.visibility as number,
    companyIds: (fields.company_ids as number[] | undefined) ?? [],
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.solutionFolders.put(f);
  return { status: 201, body: solutionFolderV2(ctx.store, f), headers: { Location: `${ctx.baseUrl}/api/v2/solutions/folders/${f.id}` } };
}

export function listFoldersHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, PAGING_PARAMS);
  const c = category(ctx);
  return paged(ctx, ctx.store.solutionFolders.all().filter((f) => f.categoryId === c.id), (f) => solutionFolderV2(ctx.store, f));
}

export function viewFolderHandler(ctx: Ctx): Reply {
  return { status: 200, body: solutionFolderV2(ctx.store, folder(ctx)) };
}

export function updateFolderHandler(ctx: Ctx): Reply {
  const f = folder(ctx);
  const fields = checkBody(ctx.body, schemas.folderUpdate, { form: false });
  checkFolder(ctx, fields, f);
  unique(ctx.store.solutionFolders.all().filter((x) => x.categoryId === f.categoryId), fields.name, f.id);
  if (typeof fields.name === 'string') f.name = fields.name;
  if ('description' in fields) f.description = fields.description as string | null;
  if (typeof fields.visibility === 'number') f.visibility = fields.visibility;
  if (Array.isArray(fields.company_ids)) f.companyIds = fields.company_ids as number[];
  f.updatedAt = ctx.now();
  return { status: 200, body: solutionFolderV2(ctx.store, f) };
}

export function deleteFolderHandler(ctx: Ctx): Reply {
  removeSolutionFolder(ctx.store, folder(ctx).id);
  return { status: 204 };
}

// ---- articles --------------------------------------------------------------------------------------

function seoFields(fields: Record<string, unknown>): { title?: string | null; description?: string | null } {
  if (!fields.seo_data) return {};
  const seo = checkBody(fields.seo_data, schemas.seoData, { form: false });
  return { title: seo.meta_title as string | null | undefined, description: seo.meta_description as string | null | undefined };
}

export function createArticleHandler(ctx: Ctx): Reply {
  const f = folder(ctx);
  const fields = checkBody(ctx.body, schemas.articleCreate, { form: false });
  const seo = seoFields(fields);
  if (typeof fields.agent_id === 'number' && !ctx.store.agent(fields.agent_id)) throw v2.validation([invalidValue('agent_id', 'There is no agent matching the given agent_id')]);
  const now = ctx.now();
  const html = fields.description as string;
  const a: SolutionArticle = {
    id: ctx.store.nextId('solutionArticle'),
    folderId: f.id,
    agentId: (fields.agent_id as number | undefined) ?? ctx.caller.id,
    title: fields.title as string,
    descriptionHtml: html,
    descriptionText: htmlToText(html),
    status: fields.status as number,
    artType: (fields.type as number | undefined) ?? 1,
    position: ctx.store.solutionArticles.all().filter((x) => x.folderId === f.id).length + 1,
    thumbsUp: 0,
    thumbsDown: 0,
    hits: 0,
    tags: (fields.tags as string[] | undefined) ?? [],
    seoTitle: seo.title ?? null,
    seoDescription: seo.description ?? null,
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.solutionArticles.put(a);
  return { status: 201, body: solutionArticleV2(ctx.store, a), headers: { Location: `${ctx.baseUrl}/api/v2/solutions/articles/${a.id}` } };
}

export function listArticlesHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, PAGING_PARAMS);
  const f = folder(ctx);
  return paged(ctx, ctx.store.solutionArticles.all().filter((a) => a.folderId === f.id), (a) => solutionArticleV2(ctx.store, a));
}

export function viewArticleHandler(ctx: Ctx): Reply {
  return { status: 200, body: solutionArticleV2(ctx.store, article(ctx)) };
}

export function updateArticleHandler(ctx: Ctx): Reply {
  const a = article(ctx);
  const fields = checkBody(ctx.body, schemas.articleUpdate, { form: false });
  const seo = seoFields(fields);
  if (typeof fields.folder_id === 'number' && !ctx.store.solutionFolders.has(fields.folder_id)) throw v2.validation([invalidValue('folder_id', 'There is no folder matching the given folder_id')]);
  if (typeof fields.agent_id === 'number' && !ctx.store.agent(fields.agent_id)) throw v2.validation([invalidValue('agent_id', 'There is no agent matching the given agent_id')]);
  if (typeof fields.title === 'string') a.title = fields.title;
  if (typeof fields.description === 'string') {
    a.descriptionHtml = fields.description;
    a.descriptionText = htmlToText(fields.description);
  }
  if (typeof fields.status === 'number') a.status = fields.status;
  if (typeof fields.type === 'number') a.artType = fields.type;
  if (Array.isArray(fields.tags)) a.tags = fields.tags as string[];
  if (typeof fields.folder_id === 'number') a.folderId = fields.folder_id;
  if (typeof fields.agent_id === 'number') a.agentId = fields.agent_id;
  if (seo.title !== undefined) a.seoTitle = seo.title;
  if (seo.description !== undefined) a.seoDescription = seo.description;
  a.updatedAt = ctx.now();
  return { status: 200, body: solutionArticleV2(ctx.store, a) };
}

export function deleteArticleHandler(ctx: Ctx): Reply {
  ctx.store.solutionArticles.delete(article(ctx).id);
  return { status: 204 };
}
