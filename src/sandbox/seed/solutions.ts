/**
 * Seeded solution categories, folders and articles, with French translations of the showcase ones.
 */
import type { SolutionArticle, SolutionCategory, SolutionFolder, User } from '../model.ts';
import { type Rng } from '../prng.ts';
import { ARTICLE_TITLES } from '../seed-data.ts';
import { escapeHtml, htmlToText } from '../text.ts';
import { DAY, Ids } from './common.ts';

export function seedSolutions(rng: Rng, ids: Ids, agents: User[], at: number) {
  const solutionCategories: SolutionCategory[] = [];
  const solutionFolders: SolutionFolder[] = [];
  const solutionArticles: SolutionArticle[] = [];
  ['General', 'Billing', 'Troubleshooting'].forEach((name, i) => {
    solutionCategories.push({ id: ids.next('solutionCategory'), name, description: `${name} articles`, position: i + 1, isDefault: false, createdAt: at, updatedAt: at });
  });
  const folderNames = ['Getting started', 'Account', 'Invoices', 'Payments', 'Known issues', 'Integrations'];
  folderNames.forEach((name, i) => {
    solutionFolders.push({
      id: ids.next('solutionFolder'),
      categoryId: solutionCategories[Math.floor(i / 2)]!.id,
      name,
      description: `${name} help`,
      position: (i % 2) + 1,
      isDefault: false,
      visibility: [1, 2, 1, 3, 1, 2][i]!,
      companyIds: [],
      createdAt: at,
      updatedAt: at,
    });
  });
  ARTICLE_TITLES.forEach((title, i) => {
    const created = at + (5 + i * 11) * DAY;
    const html = `<h2>${escapeHtml(title)}</h2><p>Step by step instructions for ${escapeHtml(title.toLowerCase())}.</p>`;
    solutionArticles.push({
      id: ids.next('solutionArticle'),
      folderId: solutionFolders[i % 5]!.id,
      agentId: rng.pick(agents.slice(0, 3)).id,
      title,
      descriptionHtml: html,
      descriptionText: htmlToText(html),
      status: i === 9 ? 1 : 2,
      artType: i % 4 === 3 ? 2 : 1,
      position: Math.floor(i / 5) + 1,
      thumbsUp: rng.int(0, 50),
      thumbsDown: rng.int(0, 10),
      hits: rng.int(10, 2000),
      tags: i % 3 === 0 ? ['howto'] : [],
      seoTitle: null,
      seoDescription: null,
      createdAt: created,
      updatedAt: created,
    });
  });
  // The showcase category, folder and article have a French translation (no PRNG draw).
  const fr = (name: string, description: string | null, when: number, status?: number) => ({ fr: { name, description, ...(status ? { status } : {}), createdAt: when + DAY, updatedAt: when + DAY } });
  solutionCategories[0]!.translations = fr('Général', 'Articles généraux', at);
  solutionFolders[0]!.translations = fr('Premiers pas', 'Aide pour bien commencer', at);
  const first = solutionArticles[0]!;
  first.translations = fr(`${first.title} (FR)`, `<p>Instructions pas à pas.</p>`, first.createdAt, 2);
  return { solutionCategories, solutionFolders, solutionArticles };
}
