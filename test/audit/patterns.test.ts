/** Pattern finders for languages audit does not parse. */
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/index.ts';
import { analyzeText, commentRanges } from '../../src/audit/patterns.ts';
import { findTextUrls } from '../../src/analysis/text-urls.ts';
import type { Language } from '../../src/analysis/files.ts';

const cat = loadCatalogue();
const sites = (text: string, lang: Language) =>
  analyzeText(cat, text, lang, '/v/file')
    .sites.map((s) => `${s.span.line} ${s.kind} ${s.method ?? '?'} ${s.rule}${s.inComment ? ' (comment)' : ''}`);

describe('URLs in other languages', () => {
  it.each<[Language, string, string[]]>([
    ['python', 'r = requests.put(BASE + "/helpdesk/tickets/%s/restore.json" % tid, auth=AUTH)', ['1 call PUT tickets.restore']],
    ['python', 'requests.get(f"{BASE}/contacts.json?query=email%20is%20{email}")', ['1 call GET contacts.list']],
    ['php', '$ch = curl_init("$base/groups/$id.json");\ncurl_setopt($ch, CURLOPT_CUSTOMREQUEST, "DELETE");', ['1 call DELETE groups.delete']],
    ['php', "wp_remote_post($base . '/contacts.json', $args);", ['1 call POST contacts.create']],
    ['ruby', 'RestClient.get "#{BASE}/helpdesk/tickets/#{id}/time_sheets.json"', ['1 call GET time-entries.list-ticket']],
    ['ruby', 'req = Net::HTTP::Put.new("/helpdesk/tickets/#{id}/pick_tickets.json")', ['1 call PUT tickets.pick']],
    ['shell', 'curl -u $KEY:X \\\n  -X DELETE \\\n  "$FD/discussions/topics/$ID.json"', ['3 call DELETE discussions.topics.delete']],
    ['shell', 'curl -s https://acme.freshdesk.com/helpdesk/tickets/filter/spam?format=json', ['1 call GET tickets.filter']],
    ['java', 'HttpPost post = new HttpPost(baseUrl + "/helpdesk/tickets/" + id +\n    "/conversations/note.json");', ['1 call POST notes.create']],
    ['csharp', 'await _client.DeleteAsync($"{_baseUrl}/solution/categories/{id}.json");', ['1 call DELETE solutions.categories.delete']],
    ['vb', 'Dim r As HttpWebRequest = WebRequest.Create(baseUrl & "/customers/" & id & ".json")\nr.Method = "PUT"', ['1 call PUT companies.update']],
    ['go', 'req, _ := http.NewRequest("PUT", fmt.Sprintf("%s/helpdesk/tickets/%d.json", base, id), body)', ['1 call PUT tickets.update']],
    ['coffeescript', '$.ajax url: "#{base}/groups/#{id}.json", type: "DELETE"', ['1 call DELETE groups.delete']],
    // PowerShell (.ps1, read as shell): `-Method`, and a `$(…)` subexpression in the path
    ['shell', 'Invoke-RestMethod -Uri "https://acme.freshdesk.com/helpdesk/tickets.json" -Method Post -Body $json', ['1 call POST tickets.create']],
    ['shell', '$u = "$base/helpdesk/tickets/$($t.id)/conversations/note.json"\nInvoke-RestMethod -Method Post -Uri $u', ['1 call POST notes.create']],
    // Scala (read as Java): interpolated strings and akka-http's request builders
    ['java', 'val create = Post(s"$base/helpdesk/tickets.json", entity)', ['1 call POST tickets.create']],
    ['java', 'val groups = Get(s"${cfg.base}/groups.json")', ['1 call GET groups.list']],
  ])('%s: %s', (lang, text, expected) => {
    expect(sites(text, lang)).toEqual(expected);
  });

  it('needs .json, format=json or an HTTP call; skips v2, UI links and look-alike products', () => {
    expect(sites('LINK = BASE + "/helpdesk/tickets/" + str(tid)', 'python')).toEqual([]);
    expect(sites('requests.get(BASE + "/api/v2/tickets")', 'python')).toEqual([]);
    expect(sites('requests.get(f"{R}/projects/{p}/helpdesk/tickets.json")', 'python')).toEqual([]);
    expect(sites('echo "open $FD/a/tickets/$ID"', 'shell')).toEqual([]);
  });

  it('marks v1 paths in comments', () => {
    expect(sites('# old: requests.get(BASE + "/groups.json")\nx = 1', 'python')).toEqual(['1 call GET groups.list (comment)']);
    expect(sites("' WebRequest.Create(b & \"/groups.json\")", 'vb')).toEqual(['1 call ? groups.list (comment)']);
  });
});

describe('wrappers, reads, rate limits and XML by pattern', () => {
  it('finds payload wrappers only in files that call v1', () => {
    const py = 'payload = {"helpdesk_ticket": {"subject": s}}\nrequests.post(BASE + "/helpdesk/tickets.json", json=payload)';
    expect(sites(py, 'python')).toEqual(['1 wrapper POST tickets.create', '2 call POST tickets.create']);
    expect(sites('payload = {"helpdesk_ticket": {"subject": s}}', 'python')).toEqual([]);
    const sh = "curl -X POST -F 'helpdesk_ticket[attachments][][resource]=@log.txt' $FD/helpdesk/tickets.json";
    expect(sites(sh, 'shell')).toEqual(['1 wrapper POST tickets.create', '1 call POST tickets.create']);
  });

  it('reads v1 response shapes after the nearest call', () => {
    const py = [
      'r = requests.get(BASE + "/groups.json")',
      'names = [g["group"]["name"] for g in r.json()]',
      't = requests.get(BASE + "/helpdesk/tickets/1.json").json()',
      'print(t["helpdesk_ticket"]["status_name"])',
    ].join('\n');
    expect(sites(py, 'python')).toEqual([
      '1 call GET groups.list',
      '2 response-read GET groups.list',
      '3 call GET tickets.view',
      '4 response-read GET tickets.view',
    ]);
  });

  it('403 throttling and XML parsing', () => {
    const java = 'URL u = new URL(base + "/contacts/1.xml");\nif (code == 403) { Thread.sleep(Long.parseLong(retryAfter) * 1000); }\nDocument d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);';
    expect(sites(java, 'java')).toEqual(['1 url ? contacts.view', '2 rate-limit ? transport.rate-limit', '3 xml ? transport.xml']);
  });
});

describe('text helpers', () => {
  it('finds comment ranges without being fooled by strings', () => {
    const text = "x = '# not a comment' # a comment\ny = 1";
    expect(commentRanges(text, 'python').map(([a, b]) => text.slice(a, b))).toEqual(['# a comment']);
    const js = 'a = "//"; // c\n/* b */';
    expect(commentRanges(js, 'java').map(([a, b]) => js.slice(a, b))).toEqual(['// c', '/* b */']);
  });

  it('joins continued lines and keeps offsets', () => {
    const text = 'url = BASE + \\\n    "/helpdesk/tickets.json"';
    const [hit] = findTextUrls(cat, text, 'python');
    expect(hit!.pattern).toBe('{BASE}/helpdesk/tickets.json');
    expect(text.slice(hit!.start, hit!.end)).toContain('"/helpdesk/tickets.json"');
  });
});
