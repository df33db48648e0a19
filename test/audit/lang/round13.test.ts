/**
 * Issue 14, thirteenth round (held-out eval30): comments and data that were read as code, file
 * paths taken for URLs, a method no v1 rule has for a path, and methods lost or taken from
 * another statement. Each case is the smallest code of its shape.
 */
import { describe, expect, it } from 'vitest';
import { unitAudits } from './units.ts';

const { audit, calls } = unitAudits('r13');

describe('thirteenth round: comments and data are quiet', () => {
  it('PowerShell: code inside a <# … #> block comment is a comment', async () => {
    const ps = [
      '<#',
      '  Invoke-RestMethod -Uri "https://acme.freshdesk.com/contacts.json"',
      '#>',
      'Invoke-RestMethod -Uri "https://acme.freshdesk.com/groups.json"',
    ].join('\n');
    expect(await calls({ 'Export.ps1': ps })).toEqual(['Export.ps1:4 call GET groups.list']);
  });

  it('Perl: POD anywhere and everything after __END__ / __DATA__ is not code', async () => {
    const pm = [
      '=pod',
      '',
      '  $ua->get("https://acme.freshdesk.com/contacts.json");',
      '',
      '=cut',
      'my $ua = LWP::UserAgent->new;',
      'my $r = $ua->get("https://acme.freshdesk.com/groups.json");',
      '1;',
      '__END__',
      '$ua->get("https://acme.freshdesk.com/agents.json");',
    ].join('\n');
    const pl = ['my $ua = LWP::UserAgent->new;', '__DATA__', '$ua->delete("https://acme.freshdesk.com/helpdesk/tickets/1.json");'].join('\n');
    expect(await calls({ 'lib/Desk.pm': pm, 'bin/x.pl': pl })).toEqual(['lib/Desk.pm:7 call GET groups.list']);
  });
});

describe('thirteenth round: file paths and printed text are not URLs', () => {
  it('PHP: file_put_contents, a path helper inside File::put, and Cache::forget take paths, not URLs', async () => {
    const php = [
      '<?php',
      'use Illuminate\\Support\\Facades\\File;',
      'use Illuminate\\Support\\Facades\\Cache;',
      'function save($c, $t) {',
      "  File::put(storage_path('helpdesk/tickets.json'), json_encode($t));",
      "  Cache::forget('/contacts.json');",
      "  file_put_contents('contacts.json', json_encode($c));",
      "  return Http::get('https://acme.freshdesk.com/groups.json');",
      '}',
    ].join('\n');
    expect(await calls({ 'Snap.php': php })).toEqual(['Snap.php:8 call GET groups.list']);
  });

  it("Python: the builtin open() is a local file, not open-uri", async () => {
    const py = [
      'import json',
      'contacts = {}',
      'json.dump(contacts, open("contacts.json", "w"))',
      'data = json.load(open("helpdesk/tickets.json"))',
      'with open("/groups.json") as f:',
      '    print(f.read())',
    ].join('\n');
    expect(await calls({ 'x.py': py })).toEqual([]);
  });

  it('Jupyter: !cat / !ls of local files in shell escapes are files, read by the shell grammar', async () => {
    const nb = JSON.stringify({
      cells: [
        { cell_type: 'code', metadata: {}, outputs: [], source: ['import requests\n', 'requests.get("https://acme.freshdesk.com/agents.json")\n'] },
        { cell_type: 'code', metadata: {}, outputs: [], source: ['!cat data/helpdesk/tickets.json | head\n', '!ls backup/contacts.json\n', '!curl -X DELETE https://acme.freshdesk.com/groups/3.json'] },
      ],
      metadata: { kernelspec: { language: 'python', name: 'python3' } },
      nbformat: 4,
      nbformat_minor: 5,
    }, null, 1);
    // (on workers, as the command line runs: a worker loads the grammar of the file's language only)
    const got = await calls({ 'n.ipynb': nb, 'a.py': 'x = 1\n' }, 2);
    expect(got.map((x) => x.replace(/:\d+ /, ' '))).toEqual(['n.ipynb call GET agents.list', 'n.ipynb call DELETE groups.delete']);
  });

  it('Kotlin: constants used only as a File path or printed are not URLs; one used in a URL is', async () => {
    const kt = [
      'import java.io.File',
      'const val CACHE = "helpdesk/tickets.json"',
      'const val OLD = "/contacts.json"',
      'const val GROUPS = "/groups.json"',
      'fun main() {',
      '  File(CACHE).writeText("[]")',
      '  println("mock for $OLD")',
      '  println(java.net.URL("https://acme.freshdesk.com" + GROUPS).readText())',
      '}',
    ].join('\n');
    const got = await calls({ 'Main.kt': kt });
    expect(got.filter((x) => /tickets|contacts/.test(x))).toEqual([]);
    expect(got.some((x) => /groups\.list/.test(x))).toBe(true);
  });
});

describe('thirteenth round: another product under a variable', () => {
  it('PowerShell: "$zd/groups.json" under $zd = a Zendesk /api/v2 base is quiet; a helpdesk base is not', async () => {
    const ps = [
      '$zd = "https://acme.zendesk.com/api/v2"',
      '$fd = "https://acme.freshdesk.com"',
      'Invoke-RestMethod -Uri "$zd/groups.json"',
      'Invoke-RestMethod -Uri "$fd/groups.json"',
    ].join('\n');
    expect(await calls({ 'Export.ps1': ps })).toEqual(['Export.ps1:4 call GET groups.list']);
  });
});

describe('thirteenth round: relative paths in the pattern finder', () => {
  it('PowerShell (read by pattern): cat/ls of a relative path is a file, its /helpdesk/… tail no URL', async () => {
    const ps = ['cat data/helpdesk/tickets.json | head', 'ls backup/contacts.json', 'curl.exe https://acme.freshdesk.com/groups.json'].join('\n');
    expect(await calls({ 'Local.ps1': ps })).toEqual(['Local.ps1:3 call GET groups.list']);
  });
});

describe('thirteenth round: a method v1 has not on the path', () => {
  it('keeps the method written, says v1 has no such operation, never plans a create for a PUT or a DELETE', async () => {
    const py = [
      'import requests',
      'BASE = "https://acme.freshdesk.com"',
      'requests.put(BASE + "/contacts.json", json={"user": {}})',
      'requests.delete(f"{BASE}/helpdesk/tickets.json")',
    ].join('\n');
    const sh = 'curl -u "$KEY:X" -X DELETE "https://acme.freshdesk.com/groups.json"\n';
    const r = await audit({ 'odd.py': py, 'odd.sh': sh });
    const got = r.findings.filter((f) => f.kind !== 'response-read').map((f) => `${f.file}:${f.line} ${f.kind} ${f.method ?? '?'} ${f.rule}`);
    expect(got).toEqual(['odd.py:3 call PUT contacts.list', 'odd.py:4 call DELETE tickets.list', 'odd.sh:1 call DELETE groups.list']);
    for (const f of r.findings) {
      expect(f.advice).toMatch(/is not a v1 operation \(v1 has GET, POST on this path\): nothing to migrate as such/);
      expect(f.advice).not.toMatch(/Create a/);
      expect(f.autofix).toBe(false);
      expect(f.v2).toBeNull();
    }
  });
});

describe('thirteenth round: methods from another statement, or lost', () => {
  it('PHP stream contexts: options in a variable, set key by key, a method variable, fopen with a context', async () => {
    const php = [
      '<?php',
      'function a($base, $id) {',
      "  $opts = array('http' => array('method' => 'PUT', 'header' => 'x'));",
      '  $ctx = stream_context_create($opts);',
      '  return file_get_contents("$base/helpdesk/tickets/$id.json", false, $ctx);',
      '}',
      'function b($base, $id) {',
      "  $verb = 'DELETE';",
      "  $ctx = stream_context_create(['http' => ['method' => $verb]]);",
      "  return file_get_contents($base . '/contacts/' . $id . '.json', false, $ctx);",
      '}',
      'function c($base) {',
      "  return fopen(\"$base/groups.json\", 'r', false, stream_context_create(['http' => ['method' => 'POST']]));",
      '}',
      'function d($base, $id) {',
      '  $o = [];',
      "  $o['http']['method'] = 'PUT';",
      '  return file_get_contents("$base/agents/$id.json", false, stream_context_create($o));',
      '}',
      'function e($base, $id, $how) {',
      "  return file_get_contents(\"$base/groups/$id.json\", false, stream_context_create(['http' => ['method' => $how]]));",
      '}',
    ].join('\n');
    expect(await calls({ 'desk.php': php })).toEqual([
      'desk.php:5 call PUT tickets.update',
      'desk.php:10 call DELETE contacts.delete',
      'desk.php:13 call POST groups.create',
      'desk.php:18 call PUT agents.update',
      'desk.php:21 call ? groups.view',
    ]);
  });
});

describe('thirteenth round: C# class constants', () => {
  it('req.Method = Verbs.Delete (another file) and Verbs.Remove (const of this file) resolve the class constant', async () => {
    const verbs = ['namespace Legacy {', '  public static class Verbs {', '    public const string Delete = "DELETE";', '    public const string Put = "PUT";', '  }', '}'].join('\n');
    const cs = [
      'using System.Net;',
      'namespace Legacy {',
      '  static class Local { public const string Remove = "DELETE"; }',
      '  class Cleanup {',
      '    const string Base = "https://acme.freshdesk.com";',
      '    void A(int id) {',
      '      var req = (HttpWebRequest)WebRequest.Create(Base + "/helpdesk/tickets/" + id + ".json");',
      '      req.Method = Verbs.Delete;',
      '      req.GetResponse().Close();',
      '    }',
      '    void B(int id) {',
      '      var req = (HttpWebRequest)WebRequest.Create(Base + "/contacts/" + id + ".json");',
      '      req.Method = Local.Remove;',
      '      req.GetResponse().Close();',
      '    }',
      '  }',
      '}',
    ].join('\n');
    expect(await calls({ 'Legacy/Verbs.cs': verbs, 'Legacy/Cleanup.cs': cs })).toEqual([
      'Legacy/Cleanup.cs:7 call DELETE tickets.delete',
      'Legacy/Cleanup.cs:12 call DELETE contacts.delete',
    ]);
  });
});

describe('thirteenth round: Perl and PowerShell methods (pattern finder)', () => {
  it('Perl: HTTP::Request::Common POST/GET inside $ua->request give the method, none leaks from another statement; $curl is a variable', async () => {
    const pl = [
      'use HTTP::Request::Common qw(GET POST);',
      'my $base = "https://acme.freshdesk.com";',
      '$ua->request(HTTP::Request->new(DELETE => "$base/groups/$ARGV[0].json"));',
      '$ua->request(POST "$base/customers.json", Content => \'{}\');',
      'my $agents = $ua->request(GET "$base/agents.json");',
      'my $curl = "$base/contacts/$ARGV[1].json";',
      '$ua->put($curl, Content => \'{}\');',
    ].join('\n');
    expect(await calls({ 'sync.pl': pl })).toEqual([
      'sync.pl:3 call DELETE groups.delete',
      'sync.pl:4 call POST companies.create',
      'sync.pl:5 call GET agents.list',
      'sync.pl:6 call PUT contacts.update',
    ]);
  });

  it('PowerShell: irm/iwr default to GET, -Method $verb reads the variable, a backtick continues the command, a splat without Method is a GET', async () => {
    const ps = [
      '$base = "https://acme.freshdesk.com"',
      'Invoke-RestMethod -Method Post -Uri "$base/helpdesk/tickets/$Id/conversations/note.json" -Body $b',
      'irm "$base/agents.json" -Headers $h',
      '$verb = \'Put\'',
      'Invoke-RestMethod -Uri "$base/groups/$Id.json" -Method $verb',
      'Invoke-RestMethod -Uri "$base/customers/$Id.json" `',
      '    -Headers $h `',
      '    -Method Delete',
      'Invoke-RestMethod -Uri "$base/contacts/$Id.json" -Method $how',
      '$q = @{ Uri = "$base/solution/categories.json"; Headers = @{ Authorization = "Basic x" } }',
      '$cats = Invoke-RestMethod @q',
      '$d = @{ Uri = "$base/helpdesk/tickets/$Id/time_sheets/5.json"; Method = \'Delete\' }',
      'Invoke-WebRequest @d | Out-Null',
    ].join('\n');
    expect(await calls({ 'Sync.ps1': ps })).toEqual([
      'Sync.ps1:2 call POST notes.create',
      'Sync.ps1:3 call GET agents.list',
      'Sync.ps1:5 call PUT groups.update',
      'Sync.ps1:6 call DELETE companies.delete',
      'Sync.ps1:9 call ? contacts.view',
      'Sync.ps1:10 call GET solutions.categories.list',
      'Sync.ps1:12 call DELETE time-entries.delete',
    ]);
  });
});

describe('thirteenth round: Ruby open-uri and a Python with-bound client', () => {
  it('Ruby: URI.parse(url).open is a GET; a later Net::HTTP::Delete is another request', async () => {
    const rb = [
      'require "open-uri"',
      'require "net/http"',
      'BASE = "https://acme.freshdesk.com"',
      'groups = URI.parse("#{BASE}/groups.json").open(http_basic_authentication: AUTH).read',
      'http = Net::HTTP.new("acme.freshdesk.com", 443)',
      'http.request(Net::HTTP::Delete.new("/groups/#{ARGV[1]}.json"))',
    ].join('\n');
    expect(await calls({ 'sync.rb': rb })).toEqual(['sync.rb:4 call GET groups.list', 'sync.rb:6 call DELETE groups.delete']);
  });

  it('Python: the httpx client bound by `with … as c` keeps its base URL path', async () => {
    const py = [
      'import httpx',
      'BASE = "https://acme.freshdesk.com"',
      'def tickets():',
      '    with httpx.Client(base_url=f"{BASE}/helpdesk") as c:',
      '        return c.get("/tickets.json", params={"filter_name": "all_tickets"}).json()',
    ].join('\n');
    expect(await calls({ 'client.py': py })).toEqual(['client.py:5 call GET tickets.list']);
  });
});

describe('thirteenth round: notebooks not read', () => {
  it('an R notebook is skipped, and the note says its code cells name v1 URLs', async () => {
    const nb = JSON.stringify({
      cells: [
        { cell_type: 'markdown', metadata: {}, source: ['GET /agents.json in the docs'] },
        { cell_type: 'code', metadata: {}, outputs: [], source: ['library(httr)\n', 'r <- GET("https://acme.freshdesk.com/helpdesk/tickets.json")\n'] },
      ],
      metadata: { kernelspec: { language: 'R', name: 'ir' } },
      nbformat: 4,
      nbformat_minor: 5,
    });
    const r = await audit({ 'r/t.ipynb': nb, 'r/quiet.ipynb': nb.replace('/helpdesk/tickets.json', '/api/v2/tickets') });
    const notes = Object.fromEntries(r.skipped.map((s) => [s.file, s.detail]));
    expect(notes['r/t.ipynb']).toMatch(/its code cells name v1 URLs \(GET \/helpdesk\/tickets\.json\): not audited/);
    expect(notes['r/quiet.ipynb']).not.toMatch(/v1 URLs/);
  });
});
