/**
 * Solution operations both surfaces share: cascading deletes of folders and categories.
 */
import type { Store } from '../store.ts';

export function removeSolutionFolder(store: Store, id: number): void {
  for (const a of store.solutionArticles.all()) if (a.folderId === id) store.solutionArticles.delete(a.id);
  store.solutionFolders.delete(id);
}

export function removeSolutionCategory(store: Store, id: number): void {
  for (const f of store.solutionFolders.all()) if (f.categoryId === id) removeSolutionFolder(store, f.id);
  store.solutionCategories.delete(id);
}
