/**
 * The repo-wide text test (`repoWideTextTest`): what the scan flags in files without a v1 word,
 * so the audit's second pass reads them (a 403 check, a v1-only field name, a response wrapper read).
 */
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/index.ts';
import { repoWideTextTest, repoWideWords } from '../../src/analysis/catalogue-facts.ts';

const cat = loadCatalogue();
const wide = repoWideTextTest(cat);

describe('repo-wide text test', () => {
  it('finds a 403 status, not a 403 inside a number, an identifier or a member', () => {
    expect(wide.test('if (res.status === 403) retry();')).toBe(true);
    expect(wide.test('403')).toBe(true);
    for (const quiet of ['const port = 14030;', 'x4031', 'err.code403', 'v.403', 'items[403.5]']) expect(wide.test(quiet), quiet).toBe(false);
  });

  it('finds a v1-only field name as a whole word only', () => {
    const words = repoWideWords(cat);
    expect(words.names).toContain('display_id');
    expect(wide.test('console.log(t.display_id)')).toBe(true);
    expect(wide.test('const { display_id } = ticket;')).toBe(true);
    expect(wide.test('mydisplay_id_x = 1')).toBe(false);
  });

  it('finds a response wrapper only as a member read between dots', () => {
    const words = repoWideWords(cat);
    expect(words.wrappers).toContain('helpdesk_ticket');
    expect(words.wrappers).toContain('folder');
    expect(wide.test('res.data.folder.articles')).toBe(true);
    // an ordinary word that is also a wrapper name, not read as a member
    expect(wide.test('const folder = path.join(root, "out");')).toBe(false);
    expect(wide.test('data.folder')).toBe(false);
  });

  it('narrows to the wrappers of the rules a repo uses', () => {
    const tickets = repoWideTextTest(cat, ['tickets.view']);
    expect(tickets.test('res.data.helpdesk_ticket.subject')).toBe(true);
    expect(tickets.test('res.data.folder.articles')).toBe(false);
  });
});
