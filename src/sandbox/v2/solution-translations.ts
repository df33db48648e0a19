/**
 * Solution translations (FDDOC "Create/Update/View a translated solution category|folder|article",
 * "List all … in a language"): `/api/v2/solutions/{categories,folders,articles}/[id]/[language_code]`
 * and the translated lists. The account's primary language names the record itself; the other
 * supported languages (GET /api/v2/settings/helpdesk) hold translations. Another language code
 * answers 404 `language_not_allowed` (INFERRED from FC's multilingual checks; FDDOC only says the
 * language must be configured).
 */
import { HELPDESK_LANGUAGES } from '../constants.ts';
import type { Ctx, Reply } from '../context.ts';
import { V2Error, v2 } from '../errors.ts';
import type { HelpdeskLanguages, SolutionArticle, SolutionCategory, SolutionFolder, SolutionTranslation } from '../model.ts';
import type { Store } from '../store.ts';
import { htmlToText } from '../text.ts';
import { formatUtc } from '../time.ts';
import { PAGING_PARAMS, paged } from './paging.ts';
import { solutionArticleV2, solutionCategoryV2, solutionFolderV2 } from './present.ts';
import { translation } from './schemas/solutions.ts';
import { checkBody, checkQuery } from './validate.ts';

export function languagesOf(store: Store): HelpdeskLanguages {
  return store.account.languages ?? { primary: HELPDESK_LANGUAGES.primary, supported: [...HELPDESK_LANGUAGES.supported], portal: [...HELPDESK_LANGUAGES.portal] };
}

/** FDDOC "View Helpdesk Settings". */
export function helpdeskSettingsHandler(ctx: Ctx): Reply {
  checkQuery(ctx.query, []);
  const l = languagesOf(ctx.store);
  return { status: 200, body: { primary_language: l.primary, supported_languages: l.supported, portal_languages: l.portal } };
}

/** 'primary' for the account's own language, the code for a supported one; 404 for the rest. */
function language(ctx: Ctx): string {
  const code = ctx.params.lang!;
  const l = languagesOf(ctx.store);
  if (code === l.primary) return 'primary';
  if (!l.supported.includes(code)) {
    throw new V2Error(404, 'Resource not found', [{ code: 'language_not_allowed', message: `Language ${code} is not among the supported languages of the helpdesk` }]);
  }
  return code;
}

type Kind = 'category' | 'folder' | 'article';
type SolutionRecord = SolutionCategory | SolutionFolder | SolutionArticle;

function recordOf(ctx: Ctx, kind: Kind): SolutionRecord {
  const id = Number(ctx.params.id);
  const r = kind === 'category' ? ctx.store.solutionCategories.get(id) : kind === 'folder' ? ctx.store.solutionFolders.get(id) : ctx.store.solutionArticles.get(id);
  if (!r) throw v2.notFound();
  return r;
}

/** The record's v2 shape with the translated text and the translation's own timestamps. */
function present(store: Store, kind: Kind, r: SolutionRecord, t: SolutionTranslation | null): Record<string, unknown> {
  const base: Record<string, unknown> =
    kind === 'category' ? solutionCategoryV2(r as SolutionCategory) : kind === 'folder' ? solutionFolderV2(store, r as SolutionFolder) : solutionArticleV2(store, r as SolutionArticle);
  if (!t) return base;
  const stamps = { created_at: formatUtc(t.createdAt), updated_at: formatUtc(t.updatedAt) };
  if (kind !== 'article') return { ...base, name: t.name, description: t.description, ...stamps };
  const html = t.description ?? '';
  return { ...base, title: t.name, description: html, description_text: htmlToText(html), status: t.status ?? 1, ...stamps };
}

export const viewTranslationHandler = (kind: Kind) => (ctx: Ctx): Reply => {
  const lang = language(ctx);
  const r = recordOf(ctx, kind);
  if (lang === 'primary') return { status: 200, body: present(ctx.store, kind, r, null) };
  const t = r.translations?.[lang];
  if (!t) throw v2.notFound();
  return { status: 200, body: present(ctx.store, kind, r, t) };
};

export const createTranslationHandler = (kind: Kind) => (ctx: Ctx): Reply => {
  const lang = language(ctx);
  const r = recordOf(ctx, kind);
  const fields = checkBody(ctx.body, translation.create[kind], { form: false });
  if (lang === 'primary' || r.translations?.[lang]) {
    throw new V2Error(409, 'Validation failed', [{ field: 'language', code: 'duplicate_value', message: `The ${kind} already exists in ${ctx.params.lang}` }]);
  }
  const now = ctx.now();
  const t: SolutionTranslation = {
    name: (kind === 'article' ? fields.title : fields.name) as string,
    description: (fields.description as string | null | undefined) ?? null,
    ...(kind === 'article' ? { status: fields.status as number } : {}),
    createdAt: now,
    updatedAt: now,
  };
  r.translations = { ...(r.translations ?? {}), [lang]: t };
  const path = `${kind === 'category' ? 'categories' : `${kind}s`}/${r.id}/${ctx.params.lang}`;
  return { status: 201, body: present(ctx.store, kind, r, t), headers: { Location: `${ctx.baseUrl}/api/v2/solutions/${path}` } };
};

export const updateTranslationHandler = (kind: Kind) => (ctx: Ctx): Reply => {
  const lang = language(ctx);
  const r = recordOf(ctx, kind);
  const fields = checkBody(ctx.body, translation.update[kind], { form: false });
  if (lang === 'primary') throw v2.methodNotAllowed(`Update the ${kind} in its primary language without a language code`);
  const t = r.translations?.[lang];
  if (!t) throw v2.notFound();
  const name = kind === 'article' ? fields.title : fields.name;
  if (typeof name === 'string') t.name = name;
  if ('description' in fields) t.description = fields.description as string | null;
  if (typeof fields.status === 'number') t.status = fields.status;
  t.updatedAt = ctx.now();
  return { status: 200, body: present(ctx.store, kind, r, t) };
};

/** `GET /solutions/categories/[lang]`, `/categories/[id]/folders/[lang]`, `/folders/[id]/articles/[lang]`: translated records only. */
export const listTranslatedHandler = (kind: Kind) => (ctx: Ctx): Reply => {
  checkQuery(ctx.query, PAGING_PARAMS);
  const lang = language(ctx);
  const { store } = ctx;
  let records: SolutionRecord[];
  if (kind === 'category') records = store.solutionCategories.all();
  else if (kind === 'folder') {
    const c = store.solutionCategories.get(Number(ctx.params.id));
    if (!c) throw v2.notFound();
    records = store.solutionFolders.all().filter((f) => f.categoryId === c.id);
  } else {
    const f = store.solutionFolders.get(Number(ctx.params.id));
    if (!f) throw v2.notFound();
    records = store.solutionArticles.all().filter((a) => a.folderId === f.id);
  }
  const shown = lang === 'primary' ? records : records.filter((r) => r.translations?.[lang]);
  return paged(ctx, shown, (r) => present(store, kind, r, lang === 'primary' ? null : r.translations![lang]!));
};
