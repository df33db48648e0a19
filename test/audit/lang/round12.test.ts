/**
 * Issue 14, twelfth round (held-out eval28): request styles whose method or whose very finding was
 * lost, and look-alikes that were taken for requests. Each case is the smallest code of its shape.
 */
import { describe, expect, it } from 'vitest';
import { unitAudits } from './units.ts';

const { audit, calls } = unitAudits('r12');

describe('twelfth round: methods named, not written', () => {
  it('C#: WebRequest.CreateHttp / Create is a request; WebRequestMethods.Http.Put or a constant gives the method, none is GET', async () => {
    const cs = [
      'using System.Net;',
      'class Forums {',
      '  const string Base = "https://acme.freshdesk.com";',
      '  const string VERB = "DELETE";',
      '  static void Rename(int id) {',
      '    HttpWebRequest req = WebRequest.CreateHttp(Base + "/discussions/categories/" + id + ".json");',
      '    req.Method = WebRequestMethods.Http.Put;',
      '    req.GetResponse().Close();',
      '  }',
      '  static void Show(int id) {',
      '    var req = WebRequest.CreateHttp($"{Base}/discussions/categories/{id}.json");',
      '    req.GetResponse().Close();',
      '  }',
      '  static void Drop(int id) {',
      '    var req = WebRequest.Create($"{Base}/discussions/categories/{id}.json");',
      '    req.Method = VERB;',
      '    req.GetResponse().Close();',
      '  }',
      '}',
    ].join('\n');
    expect(await calls({ 'Forums.cs': cs })).toEqual([
      'Forums.cs:6 call PUT discussions.categories.update',
      'Forums.cs:11 call GET discussions.categories.view',
      'Forums.cs:15 call DELETE discussions.categories.delete',
    ]);
  });

  it('Java: setRequestMethod(NAME) with a static final String constant gives its method', async () => {
    const java = [
      'import java.net.*;',
      'public class Conn {',
      '  private static final String REMOVE = "DELETE";',
      '  private final String base = "https://acme.freshdesk.com";',
      '  public int drop(long id) throws Exception {',
      '    HttpURLConnection c = (HttpURLConnection) new URL(base + "/discussions/forums/" + id + ".json").openConnection();',
      '    c.setRequestMethod(REMOVE);',
      '    return c.getResponseCode();',
      '  }',
      '}',
    ].join('\n');
    expect(await calls({ 'Conn.java': java })).toEqual(['Conn.java:6 call DELETE discussions.forums.delete']);
  });

  it('PHP: file_get_contents takes the method of its stream context, GET when it sets none', async () => {
    const php = [
      '<?php',
      'function ticket_sync($base, $id, $body) {',
      "  $ctx = stream_context_create(['http' => ['method' => 'PUT', 'content' => $body]]);",
      '  return file_get_contents("$base/helpdesk/tickets/$id.json", false, $ctx);',
      '}',
      'function company_rows($base) {',
      "  $ctx = stream_context_create(['http' => ['header' => 'Accept: application/json']]);",
      "  return file_get_contents($base . '/customers.json', false, $ctx);",
      '}',
    ].join('\n');
    expect(await calls({ 'fd.php': php })).toEqual(['fd.php:4 call PUT tickets.update', 'fd.php:8 call GET companies.list']);
  });

  it('PowerShell: Invoke-RestMethod without -Method is a GET, and the line before it lends it no method', async () => {
    const ps = [
      '$base = "https://acme.freshdesk.com"',
      'Invoke-RestMethod -Uri "$base/helpdesk/tickets/$Id.json" -Method Put -Headers $h -Body $body',
      'Invoke-RestMethod -Uri "$base/contacts.json?state=all" -Headers $h',
    ].join('\n');
    expect(await calls({ 'close.ps1': ps })).toEqual(['close.ps1:2 call PUT tickets.update', 'close.ps1:3 call GET contacts.list']);
  });
});

describe('twelfth round: rules and look-alikes', () => {
  it('a method no rule has on a path keeps the path\'s plain rule, never a query-specific one whose query is absent', async () => {
    const py = ['import requests', 'BASE = "https://acme.freshdesk.com"', 'requests.put(BASE + "/contacts.json", json={})', ''].join('\n');
    const r = await audit({ 'c.py': py });
    const f = r.findings.find((x) => x.kind === 'call')!;
    expect(f.rule).not.toBe('contacts.list-by-letter');
    expect(f.rule).toMatch(/^contacts\./);
  });

  it('a file store write (Laravel Storage, File facade, a filesystem object) is not a request', async () => {
    const php = [
      '<?php',
      'use Illuminate\\Support\\Facades\\Storage;',
      'class Cache {',
      "  const CONTACTS_FILE = 'contacts.json';",
      '  public function save() {',
      "    Storage::disk('local')->put(self::CONTACTS_FILE, json_encode([]));",
      "    Storage::put('/helpdesk/tickets.json', '[]');",
      "    \\File::put('/helpdesk/tickets.json', '[]');",
      "    $this->filesystem->get('/helpdesk/tickets.json');",
      '  }',
      '}',
    ].join('\n');
    expect(await calls({ 'Cache.php': php })).toEqual([]);
  });

  it("a call inside a route's handler closure is a call; the route's own path stays quiet", async () => {
    const php = [
      '<?php',
      "Route::get('/helpdesk/tickets/{id}.json', function ($id) {",
      '  $jsondata = "";',
      '  $url = "https://acme.freshdesk.com/contacts/5544.json";',
      '  $data = curlWrap("freshdesk", $url, $jsondata, "GET");',
      '  return response()->json($data);',
      '});',
    ].join('\n');
    expect(await calls({ 'routes/web.php': php })).toEqual(['routes/web.php:4 call GET contacts.view']);
  });

  it('shell: a function forwarding its arguments to curl is a request, GET without -X, also beside a direct curl sharing its base', async () => {
    const sh = [
      '#!/usr/bin/env bash',
      'FD="https://acme.freshdesk.com"',
      'fd() { curl -sf -u "${FD_KEY}:X" -H "Content-Type: application/json" "$@"; }',
      'fd -X PUT -d \'{"helpdesk_ticket":{"status":4}}\' "$FD/helpdesk/tickets/$1.json"',
      'curl -sf -u "${FD_KEY}:X" -X DELETE "$FD/helpdesk/tickets/$2.json"',
      'fd "$FD/groups.json" | jq \'.[].group.name\'',
    ].join('\n');
    expect(await calls({ 'fd.sh': sh })).toEqual(['fd.sh:4 call PUT tickets.update', 'fd.sh:5 call DELETE tickets.delete', 'fd.sh:6 call GET groups.list']);
  });

  it('Python: httpx build_request(method, path) + send on a base_url client, and requests.Request + prepare_request, are calls with that method', async () => {
    const py = [
      'import httpx, requests',
      'class Desk:',
      '    def __init__(self, domain):',
      '        self._http = httpx.AsyncClient(base_url=f"https://{domain}.freshdesk.com/helpdesk/")',
      '    async def log_time(self, tid, entry):',
      '        req = self._http.build_request("POST", f"tickets/{tid}/time_sheets.json", json={"time_entry": entry})',
      '        return (await self._http.send(req)).json()',
      'def close(s, base, tid):',
      '    req = requests.Request("PUT", base + f"/helpdesk/tickets/{tid}.json", json={})',
      '    return s.send(s.prepare_request(req))',
    ].join('\n');
    expect(await calls({ 'desk.py': py })).toEqual(['desk.py:6 call POST time-entries.create', 'desk.py:9 call PUT tickets.update']);
  });

  it('Ruby: URI.open is a GET; a Net::HTTP::Delete later in the script is another request', async () => {
    const rb = [
      'require "open-uri"',
      'require "net/http"',
      'BASE = "https://acme.freshdesk.com"',
      'agents = JSON.parse(URI.open("#{BASE}/agents.json", http_basic_authentication: [KEY, "X"]).read)',
      'Net::HTTP.start(uri.host, uri.port, use_ssl: true) do |http|',
      '  agents.each do |a|',
      '    req = Net::HTTP::Delete.new("/agents/#{a["id"]}.json")',
      '    http.request(req)',
      '  end',
      'end',
    ].join('\n');
    const got = await calls({ 'cleanup.rb': rb });
    expect(got[0]).toBe('cleanup.rb:4 call GET agents.list');
  });

  it('XML written in the code is a body being built, not a response parsed', async () => {
    const rb = ['url = "https://acme.freshdesk.com/customers.xml"', 'body = Nokogiri::XML("<customer><name>Alf</name></customer>")', 'RestClient.post url, body.to_xml, content_type: "text/xml"'].join('\n');
    const r = await audit({ 'c.rb': rb });
    const xml = r.findings.filter((f) => f.kind === 'xml').map((f) => f.message);
    expect(xml).toEqual(['builds XML from a literal, likely a request body (Nokogiri::XML)']);
  });

  it('Jupyter: the code cells are read as Python and `!curl` lines as shell, at the notebook\'s lines; markdown cells are not code', async () => {
    const nb = {
      cells: [
        { cell_type: 'markdown', metadata: {}, source: ['# GET /helpdesk/tickets.json report'] },
        {
          cell_type: 'code',
          execution_count: 1,
          metadata: {},
          outputs: [],
          source: ['import requests\n', 'BASE = "https://acme.freshdesk.com"\n', '%matplotlib inline\n', 'agents = requests.get(f"{BASE}/agents.json", auth=AUTH).json()\n', '!curl -u "$KEY:X" -X PUT "https://acme.freshdesk.com/groups/7.json" -d @g.json'],
        },
      ],
      metadata: { kernelspec: { display_name: 'Python 3', language: 'python', name: 'python3' } },
      nbformat: 4,
      nbformat_minor: 5,
    };
    const text = JSON.stringify(nb, null, 1);
    const line = (needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
    const r = await audit({ 'report.ipynb': text });
    const got = r.findings.filter((f) => f.kind === 'call').map((f) => `${f.line} ${f.method} ${f.rule} ${f.via}`);
    expect(got).toEqual([`${line('agents.json')} GET agents.list syntax`, `${line('!curl')} PUT groups.update syntax`]);
    expect(r.summary.files.parsed).toBe(1);
    // written compactly (the whole notebook on one line): the findings stay on the file's lines
    const compact = await audit({ 'c.ipynb': JSON.stringify(nb) });
    expect(compact.findings.filter((f) => f.kind === 'call').map((f) => `${f.line} ${f.method} ${f.rule}`).sort()).toEqual(['1 GET agents.list', '1 PUT groups.update']);
  });

  it('Perl has no grammar here: it is audited by pattern and says so (LWP verbs, HTTP::Request->new(PUT => …))', async () => {
    const pl = [
      'use LWP::UserAgent;',
      'my $base = "https://acme.freshdesk.com";',
      'my $ua = LWP::UserAgent->new;',
      'my $res = $ua->get("$base/agents.json");',
      'my $req = HTTP::Request->new(PUT => "$base/groups/$ARGV[0].json");',
      '$ua->request($req);',
      '$ua->delete("$base/helpdesk/tickets/$id.json");',
      '# $ua->post("$base/contacts.json")',
    ].join('\n');
    const r = await audit({ 'tools/fd.pl': pl });
    const got = r.findings.filter((f) => f.kind === 'call').map((f) => `${f.line} ${f.method} ${f.rule} ${f.via}${f.inComment ? ' (comment)' : ''}`);
    expect(got).toEqual(['4 GET agents.list pattern', '5 PUT groups.update pattern', '7 DELETE tickets.delete pattern', '8 POST contacts.create pattern (comment)']);
  });
});
