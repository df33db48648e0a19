/**
 * v2 solution shapes: categories, folders, articles.
 */
import type { SolutionArticle, SolutionCategory, SolutionFolder } from '../../model.ts';
import type { Store } from '../../store.ts';
import { formatUtc } from '../../time.ts';

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
    // python-freshdesk's recorded answers (solution_articles*.json, 2020) carry these four; FDDOC's
    // samples omit them and no spec fixes the article shape. The sandbox stores no article files.
    attachments: [],
    cloud_files: [],
    suggested: 0,
    feedback_count: 0,
    created_at: formatUtc(a.createdAt),
    updated_at: formatUtc(a.updatedAt),
  };
}
