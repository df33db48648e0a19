/** Matching v1 requests to rules as legacy code writes them. */
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/index.ts';
import { parseRequestLine, parseTarget } from '../../src/catalogue/request.ts';

const cat = loadCatalogue();

describe('parsing targets', () => {
  it('reads suffixes, format=, full URLs and encoded queries', () => {
    expect(parseTarget('https://acme.example.com/helpdesk/tickets/5.xml')).toMatchObject({ path: '/helpdesk/tickets/5', format: 'xml', insecure: false });
    expect(parseTarget('http://acme.example.com/helpdesk/tickets/filter/spam?format=json')).toMatchObject({ path: '/helpdesk/tickets/filter/spam', format: 'json', insecure: true });
    expect(parseTarget('/contacts.json?query=email%20is%20a%40b.co').query).toEqual({ query: 'email is a@b.co' });
    expect(parseTarget('helpdesk//tickets.json/')).toMatchObject({ path: '/helpdesk/tickets' });
  });
  it('rejects what is not a request line', () => {
    expect(() => parseRequestLine('FETCH /x')).toThrow(/unknown method FETCH/);
    expect(() => parseRequestLine('GET')).toThrow(/expected "<METHOD> <path>"/);
  });
});

describe('matching', () => {
  it('literal segments win over parameters', () => {
    expect(cat.match('GET', '/helpdesk/tickets/filter/requester/12?format=json')?.rule.id).toBe('tickets.filter-requester');
    expect(cat.match('GET', '/helpdesk/tickets/filter/spam?format=json')?.rule.id).toBe('tickets.filter');
  });
  it('query parameters pick the variant', () => {
    expect(cat.match('GET', '/helpdesk/tickets.json?company_name=Acme')?.rule.id).toBe('tickets.list-by-company-name');
    expect(cat.match('GET', '/helpdesk/tickets.json?company_id=3')?.rule.id).toBe('tickets.list');
    expect(cat.match('PUT', '/helpdesk/tickets/3/assign.json')?.rule.id).toBe('tickets.assign-self');
  });
  it('id segments take numbers or placeholders, not words', () => {
    for (const id of ['12', '{id}', '${ticketId}', ':id', '*', '%d']) {
      expect(cat.match('GET', `/helpdesk/tickets/${id}.json`)?.rule.id).toBe('tickets.view');
    }
    expect(cat.match('GET', '/helpdesk/tickets/new.json')).toBeNull();
    // a placeholder written as a word, as the vendor's own samples do
    expect(cat.match('GET', '/helpdesk/tickets/ticketid.json')?.rule.id).toBe('tickets.view');
    expect(cat.match('GET', '/solution/categories/[category_id]/folders/folder_id.json')?.rule.id).toBe('solutions.folders.view');
  });
  it('v2 paths and UI paths are not v1 requests', () => {
    expect(cat.match('GET', '/api/v2/tickets/1')).toBeNull();
    expect(cat.matchPath('/api/v2/tickets')).toEqual([]);
    expect(cat.matchPath('/a/tickets/1')).toEqual([]);
  });
  it('matchPath finds every method of a path', () => {
    expect(cat.matchPath('/helpdesk/tickets/{id}.json').map((m) => m.rule.v1.method).sort()).toEqual(['DELETE', 'GET', 'PUT']);
  });
  it('a path under /helpdesk or /solution with a format suffix that no rule documents is an undocumented endpoint of its family', () => {
    const ids = (p: string) => cat.matchPath(p).map((m) => m.rule.id);
    expect(ids('/helpdesk/tickets/user_ticket.json?email=a@b.co')).toEqual(['tickets.undocumented-get', 'tickets.undocumented-post', 'tickets.undocumented-put', 'tickets.undocumented-delete']);
    expect(ids('/helpdesk/time_sheets/3/stop_all.xml')[0]).toBe('time-entries.undocumented-get');
    expect(ids('/solution/categories/1/folders/2/articles/3/translations.json')[0]).toBe('solutions.undocumented-get');
    // no format suffix: a page of the agent UI, not the API; another root: not this API
    expect(ids('/helpdesk/tickets/user_ticket')).toEqual([]);
    expect(ids('/projects/1/helpdesk/tickets.json')).toEqual([]);
    expect(ids('/users/7/things.json')).toEqual([]);
    // a helper that builds every path, and a root alone, are not one endpoint
    expect(ids('/helpdesk/{path}.json')).toEqual([]);
    expect(ids('/helpdesk/tickets/{id}/{action}.json')).toEqual([]);
    expect(ids('/helpdesk/dashboard/widgets.json')).toEqual([]);
    // a documented path keeps its rules; the shim's request matching never guesses
    expect(ids('/helpdesk/tickets/5.json')).not.toContain('tickets.undocumented-get');
    expect(cat.match('GET', '/helpdesk/tickets/user_ticket.json')).toBeNull();
    const rule = cat.get('tickets.undocumented-get')!;
    expect(rule).toMatchObject({ fidelity: 'none', family: 'tickets', plan: [] });
    expect(rule.v1.source).toBe('undocumented');
    expect(cat.rules).not.toContain(rule);
  });
  it('a path whose endpoint is a run-time value is a run-time endpoint of the family its root names, asked for apart', () => {
    const ids = (p: string) => cat.matchRunTimeEndpoint(p).map((m) => m.rule.id);
    expect(ids('/helpdesk/{resource}.json')).toEqual(['tickets.run-time-endpoint-get', 'tickets.run-time-endpoint-post', 'tickets.run-time-endpoint-put', 'tickets.run-time-endpoint-delete']);
    expect(ids('https://acme.freshdesk.com/solution/{path}.json')[0]).toBe('solutions.run-time-endpoint-get');
    expect(ids('/helpdesk/tickets/{id}/{action}.json')[0]).toBe('tickets.run-time-endpoint-get');
    // a named endpoint, no format suffix, another root, a v2 path: not a run-time endpoint
    expect(ids('/helpdesk/tickets/{id}.json')).toEqual([]);
    expect(ids('/helpdesk/{resource}')).toEqual([]);
    expect(ids('/api/{resource}.json')).toEqual([]);
    expect(ids('/api/v2/{resource}')).toEqual([]);
    // never a match of the path itself: the helper is matched through its callers
    expect(cat.matchPath('/helpdesk/{resource}.json')).toEqual([]);
    const rule = cat.get('tickets.run-time-endpoint-get')!;
    expect(rule).toMatchObject({ fidelity: 'none', family: 'tickets', plan: [], v1: { source: 'run-time', paths: ['/helpdesk/…'] } });
    expect(cat.rules).not.toContain(rule);
  });
});
