/**
 * v1 solution shapes: categories, folders, articles.
 */
import type { SolutionArticle, SolutionCategory, SolutionFolder } from '../../model.ts';
import type { Store } from '../../store.ts';
import { clock } from './common.ts';

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
