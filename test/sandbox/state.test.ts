import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS, SandboxStartError, SHOWCASE, seedAccount, startSandbox } from '../../src/sandbox/index.ts';
import { ADMIN } from './helpers.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hdmigrate-sandbox-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('determinism', () => {
  it('the same seed gives the same account, byte for byte; another seed differs', () => {
    const a = JSON.stringify(seedAccount({ seed: 7, tickets: 500 }));
    const b = JSON.stringify(seedAccount({ seed: 7, tickets: 500 }));
    expect(a).toBe(b);
    expect(JSON.stringify(seedAccount({ seed: 8, tickets: 500 }))).not.toBe(a);
  });

  it('the same seed serves the same responses', async () => {
    // (one stopped clock for both: two sandboxes started a second apart anchor their dates apart)
    const now = () => Date.parse('2025-06-30T00:00:00Z');
    const one = await startSandbox({ port: 0, seed: 5, tickets: 200, now });
    const two = await startSandbox({ port: 0, seed: 5, tickets: 200, now });
    try {
      for (const path of ['/api/v2/tickets/17?include=conversations', '/helpdesk/tickets/42.json', '/api/v2/contacts?per_page=100']) {
        const [x, y] = await Promise.all([one, two].map((s) => fetch(s.url + path, { headers: { Authorization: ADMIN } }).then((r) => r.text())));
        expect(x!.replaceAll(one.url, '')).toBe(y!.replaceAll(two.url, ''));
      }
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('keys and showcase records are the same for every seed', () => {
    for (const seed of [1, 42, 999]) {
      const state = seedAccount({ seed, tickets: 50 });
      const keys = state.users.filter((u) => u.agent).map((u) => u.agent!.apiKey);
      expect(keys).toEqual(expect.arrayContaining([DEMO_KEYS.admin, DEMO_KEYS.viewer, DEMO_KEYS.agent]));
      const t1 = state.tickets.find((t) => t.displayId === SHOWCASE.ticketDisplayId)!;
      expect(t1.deleted || t1.spam).toBe(false);
      expect(state.conversations.filter((c) => c.ticketDisplayId === 1).length).toBe(5);
      expect(state.tickets.find((t) => t.displayId === SHOWCASE.deletedTicketDisplayId)!.deleted).toBe(true);
      expect(state.tickets.find((t) => t.displayId === SHOWCASE.spamTicketDisplayId)!.spam).toBe(true);
      expect(state.timeEntries[0]!.id).toBe(SHOWCASE.timeEntryId);
      expect(state.ratings.some((r) => r.ticketDisplayId === SHOWCASE.ratedTicketDisplayId)).toBe(true);
      for (const id of [SHOWCASE.groupId, SHOWCASE.forumId, SHOWCASE.topicId, SHOWCASE.postId, SHOWCASE.solutionArticleId, SHOWCASE.companyId, SHOWCASE.requesterId]) {
        expect(JSON.stringify(state)).toContain(`"id":${id},`);
      }
    }
  });

  it('is realistic: agents, groups, companies, contacts, tickets with notes, time entries, ratings, forums, articles', () => {
    const s = seedAccount({ seed: 1, tickets: 2000 });
    expect(s.users.filter((u) => u.agent).length).toBeGreaterThanOrEqual(5);
    expect(s.groups.length).toBe(5);
    expect(s.companies.length).toBe(20);
    expect(s.users.filter((u) => !u.agent).length).toBe(300);
    expect(s.tickets.length).toBe(2000);
    expect(new Set(s.tickets.map((t) => t.id)).size).toBe(2000);
    expect(s.tickets.every((t) => t.id !== t.displayId)).toBe(true);
    expect(s.conversations.length).toBeGreaterThan(2000);
    expect(new Set(s.tickets.map((t) => t.status))).toEqual(new Set([2, 3, 4, 5, 6, 7]));
    expect(s.timeEntries.length).toBeGreaterThan(100);
    expect(s.ratings.length).toBeGreaterThan(50);
    expect(s.topics.length).toBeGreaterThan(5);
    expect(s.solutionArticles.length).toBeGreaterThan(5);
  });

  it('starts the default account (2000 tickets) in well under a second', async () => {
    const t0 = performance.now();
    const sandbox = await startSandbox({ port: 0 });
    const elapsed = performance.now() - t0;
    await sandbox.close();
    expect(sandbox.store.tickets.size).toBe(2000);
    expect(elapsed).toBeLessThan(1000);
  });
});

describe('persistence (--data)', () => {
  it('writes the account on close and loads it on the next start', async () => {
    const file = join(dir, 'state.json');
    const first = await startSandbox({ port: 0, tickets: 100, dataFile: file });
    const created = await fetch(`${first.url}/api/v2/tickets`, {
      method: 'POST',
      headers: { Authorization: ADMIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'keep@example.org', subject: 'remember me' }),
    }).then((r) => r.json());
    await first.close();
    expect(JSON.parse(await readFile(file, 'utf8')).format).toBe('hdmigrate-sandbox/1');

    const second = await startSandbox({ port: 0, seed: 99, tickets: 5, dataFile: file });
    try {
      expect(second.store.tickets.size).toBe(101);
      const again = await fetch(`${second.url}/api/v2/tickets/${created.id}`, { headers: { Authorization: ADMIN } }).then((r) => r.json());
      expect(again.subject).toBe('remember me');
      const next = await fetch(`${second.url}/api/v2/tickets`, {
        method: 'POST',
        headers: { Authorization: ADMIN, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'keep@example.org', subject: 'next' }),
      }).then((r) => r.json());
      expect(next.id).toBe(created.id + 1);
    } finally {
      await second.close();
    }
  });

  it('loads a data file written before agents had v1 record ids and before languages: both are filled in', async () => {
    const file = join(dir, 'older.json');
    const state = JSON.parse(JSON.stringify(seedAccount({ seed: 2, tickets: 20 })));
    for (const u of state.users) if (u.agent) delete u.agent.recordId;
    delete state.account.languages;
    delete state.counters.agentRecord;
    await writeFile(file, JSON.stringify(state));
    const sb = await startSandbox({ port: 0, dataFile: file });
    try {
      const agents = await fetch(`${sb.url}/agents.json`, { headers: { Authorization: ADMIN } }).then((r) => r.json());
      const ids = agents.map((a: { agent: { id: number } }) => a.agent.id);
      expect(new Set(ids).size).toBe(ids.length);
      const one = await fetch(`${sb.url}/agents/${ids[0]}.json`, { headers: { Authorization: ADMIN } });
      expect(one.status).toBe(200);
      const settings = await fetch(`${sb.url}/api/v2/settings/helpdesk`, { headers: { Authorization: ADMIN } }).then((r) => r.json());
      expect(settings.primary_language).toBe('en');
    } finally {
      await sb.close();
    }
  });

  it('refuses a file that is not a sandbox state', async () => {
    const file = join(dir, 'broken.json');
    await writeFile(file, '{"nope": true');
    await expect(startSandbox({ port: 0, dataFile: file })).rejects.toBeInstanceOf(SandboxStartError);
  });

  it('reports a port in use', async () => {
    const one = await startSandbox({ port: 0, tickets: 10 });
    try {
      await expect(startSandbox({ port: one.port, tickets: 10 })).rejects.toThrow(/in use/);
    } finally {
      await one.close();
    }
  });
});
