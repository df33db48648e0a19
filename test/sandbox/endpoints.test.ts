/**
 * v2 endpoints real clients call that used to answer 404 (issue #10): search/contacts,
 * search/companies, search/solutions?term=, settings/helpdesk, solution translation paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOWCASE } from '../../src/sandbox/index.ts';
import { AGENT, codes, openSandbox, UTC_Z, type Client } from './helpers.ts';

let c: Client;
beforeAll(async () => {
  c = await openSandbox();
});
afterAll(() => c.close());

const q = (text: string) => encodeURIComponent(`"${text}"`);

describe('v2 search/contacts and search/companies: the ticket query language with their own fields', () => {
  it('contacts: fields of FDDOC "Filter Contacts", {total, results} of contacts, deleted ones left out', async () => {
    const company = SHOWCASE.companyId;
    const r = await c.get(`/api/v2/search/contacts?query=${q(`company_id:${company} AND active:true`)}`);
    expect(r.status).toBe(200);
    const expected = c.sandbox.store.contacts().filter((u) => u.companyId === company && u.active && !u.deleted);
    expect(r.json.total).toBe(expected.length);
    expect(r.json.results.length).toBe(Math.min(30, expected.length));
    expect(r.json.results[0]).toHaveProperty('custom_fields');
    expect(r.json.results[0].created_at).toMatch(UTC_Z);
    const email = expected[0]!.email!;
    const byEmail = await c.get(`/api/v2/search/contacts?query=${q(`email:'${email}'`)}`);
    expect(byEmail.json.results.map((u: { id: number }) => u.id)).toEqual([expected[0]!.id]);
    const dated = await c.get(`/api/v2/search/contacts?query=${q("created_at:>'2015-01-01' AND preferred_channel:'Email' OR language:'en'")}`);
    expect(dated.status).toBe(200);
    const deleted = c.sandbox.store.contacts().find((u) => u.deleted && u.email)!;
    expect((await c.get(`/api/v2/search/contacts?query=${q(`email:'${deleted.email}'`)}`)).json.total).toBe(0);
  });

  it('contacts: a ticket field is not a contact field (invalid_field); quotes and page limits as for tickets', async () => {
    expect(codes(await c.get(`/api/v2/search/contacts?query=${q('priority:3')}`))).toEqual(['invalid_field']);
    expect((await c.get('/api/v2/search/contacts?query=active:true')).status).toBe(400);
    expect((await c.get(`/api/v2/search/contacts?query=${q('active:true')}&page=11`)).status).toBe(400);
  });

  it('companies: domain, dates and custom fields', async () => {
    const company = c.sandbox.store.companies.get(SHOWCASE.companyId)!;
    const r = await c.get(`/api/v2/search/companies?query=${q(`domain:'${company.domains[0]}'`)}`);
    expect(r.status).toBe(200);
    expect(r.json.results.map((x: { id: number }) => x.id)).toContain(company.id);
    expect(r.json.results[0]).toMatchObject({ domains: expect.any(Array), custom_fields: expect.any(Object) });
    const gold = await c.get(`/api/v2/search/companies?query=${q("tier:'Gold'")}`);
    expect(gold.json.total).toBe(c.sandbox.store.companies.all().filter((x) => x.custom.tier === 'Gold').length);
    expect(codes(await c.get(`/api/v2/search/companies?query=${q("name:'x'")}`))).toEqual(['invalid_field']);
  });

  it('ticket search results carry description and description_text', async () => {
    const r = await c.get(`/api/v2/search/tickets?query=${q('priority:3')}`);
    expect(r.json.results[0]).toHaveProperty('description');
    expect(r.json.results[0]).toHaveProperty('description_text');
  });
});

describe('v2 search/solutions?term=', () => {
  it('finds articles by keyword, a bare array with category and folder names; term is mandatory', async () => {
    const article = c.sandbox.store.solutionArticles.get(SHOWCASE.solutionArticleId)!;
    const word = article.title.split(/\s+/)[0]!;
    const r = await c.get(`/api/v2/search/solutions?term=${encodeURIComponent(word)}`);
    expect(r.status).toBe(200);
    expect(Array.isArray(r.json)).toBe(true);
    const hit = r.json.find((a: { id: number }) => a.id === article.id);
    expect(hit).toMatchObject({ title: article.title, folder_id: article.folderId, category_name: expect.any(String), folder_name: expect.any(String), description_text: expect.any(String) });
    expect((await c.get('/api/v2/search/solutions?term=zzzznothing')).json).toEqual([]);
    expect(codes(await c.get('/api/v2/search/solutions'))).toEqual(['missing_field']);
  });
});

describe('v2 settings/helpdesk', () => {
  it('shows the helpdesk languages to any agent', async () => {
    const r = await c.get('/api/v2/settings/helpdesk', AGENT);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ primary_language: 'en', supported_languages: ['fr', 'es'], portal_languages: ['fr'] });
  });
});

describe('v2 solution translations', () => {
  it('views the seeded French category, folder and article; lists in a language', async () => {
    const cat = await c.get(`/api/v2/solutions/categories/${SHOWCASE.solutionCategoryId}/fr`);
    expect(cat.status).toBe(200);
    expect(cat.json).toMatchObject({ id: SHOWCASE.solutionCategoryId, name: 'Général' });
    const base = await c.get(`/api/v2/solutions/categories/${SHOWCASE.solutionCategoryId}`);
    expect(Date.parse(cat.json.created_at)).toBeGreaterThan(Date.parse(base.json.created_at));
    expect((await c.get(`/api/v2/solutions/folders/${SHOWCASE.solutionFolderId}/fr`)).json.name).toBe('Premiers pas');
    const art = await c.get(`/api/v2/solutions/articles/${SHOWCASE.solutionArticleId}/fr`);
    expect(art.json).toMatchObject({ id: SHOWCASE.solutionArticleId, status: 2, description_text: 'Instructions pas à pas.' });
    expect((await c.get(`/api/v2/solutions/categories/fr`)).json.map((x: { name: string }) => x.name)).toEqual(['Général']);
    expect((await c.get(`/api/v2/solutions/categories/${SHOWCASE.solutionCategoryId}/folders/fr`)).json).toHaveLength(1);
    expect((await c.get(`/api/v2/solutions/folders/${SHOWCASE.solutionFolderId}/articles/fr`)).json).toHaveLength(1);
    // the primary language names the record itself
    expect((await c.get(`/api/v2/solutions/categories/${SHOWCASE.solutionCategoryId}/en`)).json.name).toBe(base.json.name);
  });

  it('creates (201, then 409 when it exists) and updates translations; unknown language 404, missing translation 404', async () => {
    const id = SHOWCASE.solutionCategoryId;
    expect((await c.get(`/api/v2/solutions/categories/${id}/es`)).status).toBe(404);
    const created = await c.call('POST', `/api/v2/solutions/categories/${id}/es`, { body: { name: 'General (es)', description: 'Artículos' } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ id, name: 'General (es)', description: 'Artículos' });
    expect((await c.call('POST', `/api/v2/solutions/categories/${id}/es`, { body: { name: 'again' } })).status).toBe(409);
    const updated = await c.call('PUT', `/api/v2/solutions/categories/${id}/es`, { body: { description: 'actualizada' } });
    expect(updated.json).toMatchObject({ name: 'General (es)', description: 'actualizada' });
    const bad = await c.get(`/api/v2/solutions/categories/${id}/de`);
    expect(bad.status).toBe(404);
    expect(codes(bad)).toEqual(['language_not_allowed']);
    const art = await c.call('POST', `/api/v2/solutions/articles/${SHOWCASE.solutionArticleId}/es`, { body: { title: 'Artículo', description: '<p>Hola</p>', status: 1 } });
    expect(art.status).toBe(201);
    expect(art.json).toMatchObject({ title: 'Artículo', description: '<p>Hola</p>', description_text: 'Hola', status: 1 });
    expect(codes(await c.call('POST', `/api/v2/solutions/folders/${SHOWCASE.solutionFolderId}/es`, { body: {} }))).toEqual(['missing_field']);
    // the untranslated original is unchanged
    expect((await c.get(`/api/v2/solutions/categories/${id}`)).json.description).not.toBe('actualizada');
  });
});
