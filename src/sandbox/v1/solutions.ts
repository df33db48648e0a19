/**
 * v1 solutions: categories, folders, articles, thumbs up/down.
 */
import { removeSolutionCategory, removeSolutionFolder } from '../domain/index.ts';
import type { Ctx, Reply } from '../context.ts';
import { v1 } from '../errors.ts';
import type { SolutionArticle, SolutionCategory, SolutionFolder } from '../model.ts';
import { htmlToText } from '../text.ts';
import { int, list, rootParams, str, strOrNull, wrapped, type Params } from './coerce.ts';
import { found, num, uniqueName } from './discussions.ts';
import { articleV1, folderV1, solutionCategoryV1 } from './present.ts';

// ---- solutions -------------------------------------------------------------------------------------------

function solutionCategoryOf(ctx: Ctx): SolutionCategory {
  return found(ctx.store.solutionCategories.get(num(ctx, ctx.params.cid !== undefined ? 'cid' : 'id')));
}

export function createSolutionCategoryV1(ctx: Ctx): Reply {
  const p = wrapped(ctx, 'solution_category');
  const name = str(p, 'name');
  if (!name) throw v1.invalid("Name can't be blank");
  uniqueName(ctx.store.solutionCategories.all(), name, null);
  const now = ctx.now();
  const c: SolutionCategory = {
    id: ctx.store.nextId('solutionCategory'),
    name,
    description: strOrNull(p, 'description') ?? null,
    position: int(p, 'position') ?? ctx.store.solutionCategories.size + 1,
    isDefault: false,
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.solutionCategories.put(c);
  return { status: 200, body: solutionCategoryV1(ctx.store, c, { folders: false }) };
}

export function updateSolutionCategoryV1(ctx: Ctx): Reply {
  const c = solutionCategoryOf(ctx);
  const p = wrapped(ctx, 'solution_category');
  uniqueName(ctx.store.solutionCategories.all(), str(p, 'name'), c.id);
  if (str(p, 'name')) c.name = str(p, 'name')!;
  if ('description' in p) c.description = strOrNull(p, 'description') ?? null;
  const position = int(p, 'position');
  if (position !== undefined) c.position = position;
  c.updatedAt = ctx.now();
  return { status: 200, body: solutionCategoryV1(ctx.store, c, { folders: false }) };
}

export function viewSolutionCategoryV1(ctx: Ctx): Reply {
  return { status: 200, body: solutionCategoryV1(ctx.store, solutionCategoryOf(ctx), { folders: true }) };
}

export function listSolutionCategoriesV1(ctx: Ctx): Reply {
  return { status: 200, body: ctx.store.solutionCategories.all().map((c) => solutionCategoryV1(ctx.store, c, { folders: true })), xmlRoot: 'solution_categories' };
}

export function deleteSolutionCategoryV1(ctx: Ctx): Reply {
  removeSolutionCategory(ctx.store, solutionCategoryOf(ctx).id);
  return { status: 200 };
}

/** Company ids in either spelling the v1 samples used. */
function folderCompanies(p: Params): number[] | undefined {
  const single = p.customer_folder_attributes;
  if (Array.isArray(single)) return single.map((x) => Number((x as Params)?.customer_id)).filter(Number.isInteger);
  const plural = p.customer_folders_attributes;
  if (typeof plural === 'object' && plural !== null) return list(plural as Params, 'customer_id')?.map(Number);
  return undefined;
}

function folderOf(ctx: Ctx): SolutionFolder {
  const f = found(ctx.store.solutionFolders.get(num(ctx, 'fid')));
  if (f.categoryId !== num(ctx, 'cid')) throw v1.notFound();
  return f;
}

function readFolder(ctx: Ctx, existing: SolutionFolder | null) {
  const p = wrapped(ctx, 'solution_folder');
  const name = str(p, 'name');
  const visibility = int(p, 'visibility');
  if (!existing && !name) throw v1.invalid("Name can't be blank");
  if (!existing && visibility === undefined) throw v1.invalid("Visibility can't be blank");
  if (visibility !== undefined && (visibility < 1 || visibility > 4)) throw v1.invalid('Visibility is invalid');
  const companies = folderCompanies(p);
  if ((visibility ?? existing?.visibility) === 4 && !(companies?.length || existing?.companyIds.length)) throw v1.invalid('Customers should be given for company specific folders');
  return { p, name, visibility, companies };
}

export function createFolderV1(ctx: Ctx): Reply {
  const c = solutionCategoryOf(ctx);
  const input = readFolder(ctx, null);
  uniqueName(ctx.store.solutionFolders.all().filter((f) => f.categoryId === c.id), input.name, null);
  const now = ctx.now();
  const f: SolutionFolder = {
    id: ctx.store.nextId('solutionFolder'),
    categoryId: c.id,
    name: input.name!,
    description: strOrNull(input.p, 'description') ?? null,
    position: ctx.store.solutionFolders.all().filter((x) => x.categoryId === c.id).length + 1,
    isDefault: false,
    visibility: input.visibility!,
    companyIds: input.companies ?? [],
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.solutionFolders.put(f);
  return { status: 200, body: folderV1(ctx.store, f, { articles: false }) };
}

export function viewFolderV1(ctx: Ctx): Reply {
  return { status: 200, body: folderV1(ctx.store, folderOf(ctx), { articles: true }) };
}

export function updateFolderV1(ctx: Ctx): Reply {
  const f = folderOf(ctx);
  const input = readFolder(ctx, f);
  uniqueName(ctx.store.solutionFolders.all().filter((x) => x.categoryId === f.categoryId), input.name, f.id);
  if (input.name) f.name = input.name;
  if ('description' in input.p) f.description = strOrNull(input.p, 'description') ?? null;
  if (input.visibility !== undefined) f.visibility = input.visibility;
  if (input.companies) f.companyIds = input.companies;
  f.updatedAt = ctx.now();
  return { status: 200, body: folderV1(ctx.store, f, { articles: false }) };
}

export function deleteFolderV1(ctx: Ctx): Reply {
  removeSolutionFolder(ctx.store, folderOf(ctx).id);
  return { status: 200 };
}

function articleOf(ctx: Ctx): SolutionArticle {
  const a = found(ctx.store.solutionArticles.get(num(ctx, 'aid')));
  if (ctx.params.fid !== undefined && a.folderId !== num(ctx, 'fid')) throw v1.notFound();
  return a;
}

/** Tags arrive as `tags: {name: "a,b"}` beside the article (official samples). */
function articleTags(ctx: Ctx): string[] | undefined {
  const tags = rootParams(ctx).tags;
  if (typeof tags === 'object' && tags !== null && !Array.isArray(tags)) return list(tags as Params, 'name');
  if (typeof tags === 'string' || Array.isArray(tags)) return list({ tags }, 'tags');
  return undefined;
}

export function createArticleV1(ctx: Ctx): Reply {
  const f = folderOf(ctx);
  const p = wrapped(ctx, 'solution_article');
  const title = str(p, 'title');
  const description = str(p, 'description');
  if (!title) throw v1.invalid("Title can't be blank");
  if (!description) throw v1.invalid("Description can't be blank");
  const status = int(p, 'status') ?? 1;
  if (status !== 1 && status !== 2) throw v1.invalid('Status is invalid');
  const artType = int(p, 'art_type') ?? 1;
  if (artType !== 1 && artType !== 2) throw v1.invalid('Art type is invalid');
  const now = ctx.now();
  const a: SolutionArticle = {
    id: ctx.store.nextId('solutionArticle'),
    folderId: f.id,
    agentId: ctx.caller.id,
    title,
    descriptionHtml: description,
    descriptionText: htmlToText(description),
    status,
    artType,
    position: ctx.store.solutionArticles.all().filter((x) => x.folderId === f.id).length + 1,
    thumbsUp: 0,
    thumbsDown: 0,
    hits: 0,
    tags: articleTags(ctx) ?? [],
    seoTitle: null,
    seoDescription: null,
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.solutionArticles.put(a);
  return { status: 200, body: articleV1(ctx.store, a) };
}

export function viewArticleV1(ctx: Ctx): Reply {
  return { status: 200, body: articleV1(ctx.store, articleOf(ctx)) };
}

export function updateArticleV1(ctx: Ctx): Reply {
  const a = articleOf(ctx);
  const p = wrapped(ctx, 'solution_article');
  const status = int(p, 'status');
  if (status !== undefined && status !== 1 && status !== 2) throw v1.invalid('Status is invalid');
  const artType = int(p, 'art_type');
  if (artType !== undefined && artType !== 1 && artType !== 2) throw v1.invalid('Art type is invalid');
  const folderId = int(p, 'folder_id');
  if (folderId !== undefined && !ctx.store.solutionFolders.has(folderId)) throw v1.invalid('Folder is invalid');
  const tags = articleTags(ctx);
  if (str(p, 'title')) a.title = str(p, 'title')!;
  const description = str(p, 'description');
  if (description) {
    a.descriptionHtml = description;
    a.descriptionText = htmlToText(description);
  }
  if (status !== undefined) a.status = status;
  if (artType !== undefined) a.artType = artType;
  if (folderId !== undefined) a.folderId = folderId;
  if (tags) a.tags = tags;
  a.updatedAt = ctx.now();
  return { status: 200, body: articleV1(ctx.store, a) };
}

export function deleteArticleV1(ctx: Ctx): Reply {
  ctx.store.solutionArticles.delete(articleOf(ctx).id);
  return { status: 200 };
}

export const thumbV1 = (direction: 'up' | 'down') => (ctx: Ctx): Reply => {
  const a = articleOf(ctx);
  if (direction === 'up') a.thumbsUp += 1;
  else a.thumbsDown += 1;
  return { status: 200 };
};
