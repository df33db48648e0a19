/**
 * Issue 14, fourteenth round (held-out eval32): path constants of another file, a path in an
 * instance property, curl command lines the code runs, methods held in variables and enums, and
 * resource reads and another product's options taken for URLs. Each case is the smallest code of its shape.
 */
import { describe, expect, it } from 'vitest';
import { unitAudits } from './units.ts';

const { audit, calls } = unitAudits('r14', { sorted: true });

describe('fourteenth round: path constants in another file', () => {
  const cs = {
    'Desk/Endpoints.cs': ['namespace Acme.Desk {', '  public static class Endpoints {', '    public const string Tickets = "helpdesk/tickets.json";', '    public const string Contact = "contacts/{0}.json";', '  }', '}'].join('\n'),
    'Desk/Gateway.cs': [
      'using System; using System.Net.Http; using System.Threading.Tasks;',
      'namespace Acme.Desk {',
      '  public class Gateway {',
      '    private readonly HttpClient _http = new HttpClient { BaseAddress = new Uri("https://acme.freshdesk.com/") };',
      '    public Task<HttpResponseMessage> Tickets() => _http.GetAsync(Endpoints.Tickets);',
      '    public Task<HttpResponseMessage> Rename(long id, HttpContent c) => _http.PutAsync(string.Format(Endpoints.Contact, id), c);',
      '  }',
      '}',
    ].join('\n'),
  };
  const java = {
    'src/FdPaths.java': ['package acme;', 'public interface FdPaths {', '    String TICKETS = "/helpdesk/tickets.json";', '    String AGENT = "/agents/%d.json";', '}'].join('\n'),
    'src/FdClient.java': [
      'package acme;',
      'import java.net.URI;',
      'import java.net.http.HttpRequest;',
      'public class FdClient implements FdPaths {',
      '    HttpRequest create(String base) { return HttpRequest.newBuilder(URI.create(base + FdPaths.TICKETS)).POST(HttpRequest.BodyPublishers.ofString("{}")).build(); }',
      '    HttpRequest agent(String base, long id) { return HttpRequest.newBuilder(URI.create(base + String.format(AGENT, id))).build(); }',
      '}',
    ].join('\n'),
  };
  const go = {
    'fd/paths.go': ['package fd', '', 'const (', '\tticketsPath = "/helpdesk/tickets.json"', '\tgroupsPath  = "/groups.json"', ')'].join('\n'),
    'fd/client.go': [
      'package fd',
      '',
      'import (',
      '\t"bytes"',
      '\t"net/http"',
      ')',
      '',
      'func Create(base string, b []byte) (*http.Response, error) { return http.Post(base+ticketsPath, "application/json", bytes.NewReader(b)) }',
      '',
      'func Groups(base string) (*http.Response, error) { return http.Get(base + groupsPath) }',
    ].join('\n'),
    // another package's constant of the same name is not this package's
    'other/client.go': ['package other', '', 'import "net/http"', '', 'func Groups(base string) (*http.Response, error) { return http.Get(base + groupsPath) }'].join('\n'),
  };
  const cases: Array<[string, Record<string, string>, string[]]> = [
    ['C#: a static class\'s const read as Endpoints.Tickets', cs, ['Desk/Gateway.cs:5 call GET tickets.list', 'Desk/Gateway.cs:6 call PUT contacts.update']],
    ["Java: an interface's constants, qualified and inherited", java, ['src/FdClient.java:5 call POST tickets.create', 'src/FdClient.java:6 call GET agents.view']],
    ['Go: package-level consts in another file of the package', go, ['fd/client.go:10 call GET groups.list', 'fd/client.go:8 call POST tickets.create']],
  ];
  for (const [name, files, want] of cases) {
    it(`${name} (the constant's own line is not reported again)`, async () => {
      expect(await calls(files)).toEqual(want);
      expect(await calls(files, 2)).toEqual(want);
    });
  }
});

describe('fourteenth round: PHP instance properties', () => {
  it('a path set in the constructor or as a property default, read as $this->path', async () => {
    const php = [
      '<?php',
      'use GuzzleHttp\\Client;',
      'class D {',
      "    private $notes = '/contacts.json';",
      '    public function __construct() {',
      "        $this->client = new Client(['base_url' => getenv('FD')]);",
      "        $this->path = '/helpdesk/tickets.json';",
      '    }',
      '    public function run() {',
      "        $a = $this->client->createRequest('GET', $this->path, ['auth' => ['k', 'X']]);",
      '        $b = $this->client->post($this->notes);',
      '    }',
      '}',
    ].join('\n');
    expect(await calls({ 'D.php': php })).toEqual(['D.php:10 call GET tickets.list', 'D.php:11 call POST contacts.create']);
  });
});

describe('fourteenth round: curl command lines the code runs', () => {
  it('PHP: exec, shell_exec, system, backticks, and a curl wrapped in another command', async () => {
    const php = [
      '<?php',
      'function a($sub_url, $user, $key) {',
      '  $r = exec("curl -u $user:X -H \'Content-Type: application/xml\' -d \'<helpdesk-ticket/>\' -X POST " . $sub_url . "/helpdesk/tickets.xml");',
      '  $o = shell_exec("curl -s -u $key:X https://acme.freshdesk.com/contacts.json");',
      '  system("curl -s -X DELETE https://acme.freshdesk.com/groups/" . $id . ".json");',
      '  $g = `curl -s https://acme.freshdesk.com/agents.json`;',
      "  exec('/usr/local/bin/wrap.pl ' . \"'curl -u \" . $user . \" -d x=1 -kX PUT \" . $sub_url . \"/contacts/5.xml'\");",
      '  exec("ls /tmp/contacts.json");',
      '}',
    ].join('\n');
    expect(await calls({ 'e.php': php })).toEqual(['e.php:3 call POST tickets.create', 'e.php:4 call GET contacts.list', 'e.php:5 call DELETE groups.delete', 'e.php:6 call GET agents.list', 'e.php:7 call PUT contacts.update']);
  });

  it('Python subprocess (list and string), Ruby backticks and system, Go exec.Command', async () => {
    const py = ['import subprocess, os', 'def go(base, tid):', '    subprocess.run(["curl", "-X", "PUT", f"{base}/helpdesk/tickets/{tid}.json"])', '    os.system(f"curl -s {base}/contacts.json")'].join('\n');
    const rb = ['def go(base)', '  `curl -s #{base}/agents.json`', '  system("curl", "-X", "DELETE", "#{base}/groups/1.json")', 'end'].join('\n');
    const gosrc = ['package x', '', 'import "os/exec"', '', 'func Go(base string) { exec.Command("curl", "-X", "POST", base+"/helpdesk/tickets.json").Run() }'].join('\n');
    expect(await calls({ 'a.py': py, 'b.rb': rb, 'c.go': gosrc })).toEqual(['a.py:3 call PUT tickets.update', 'a.py:4 call GET contacts.list', 'b.rb:2 call GET agents.list', 'b.rb:3 call DELETE groups.delete', 'c.go:5 call POST tickets.create']);
  });
});

describe('fourteenth round: methods from names, objects, variables and enums', () => {
  it('PHP: CodeIgniter curl library simple_get / simple_post / simple_put / simple_delete', async () => {
    const php = [
      '<?php',
      'class S extends CI_Model {',
      '  function a($u) {',
      "    $this->curl->simple_get($u . '/agents.xml', array('query' => 'x'));",
      "    $this->curl->simple_post($u . '/helpdesk/tickets.xml', $data);",
      "    $this->curl->simple_put($u . '/contacts/1.xml', $data);",
      "    $this->curl->simple_delete($u . '/groups/2.xml');",
      '  }',
      '}',
    ].join('\n');
    expect(await calls({ 's.php': php })).toEqual(['s.php:4 call GET agents.list', 's.php:5 call POST tickets.create', 's.php:6 call PUT contacts.update', 's.php:7 call DELETE groups.delete']);
  });

  it('C#: new HttpMethod("DELETE"), in a variable, and HttpMethod.Delete', async () => {
    const cs = [
      'using System.Net.Http; using System.Threading.Tasks;',
      'public class R {',
      '  HttpClient _http = new HttpClient();',
      '  public Task<HttpResponseMessage> D(long id) => _http.SendAsync(new HttpRequestMessage(new HttpMethod("DELETE"), "https://acme.freshdesk.com/agents/" + id + ".json"));',
      '  public Task<HttpResponseMessage> P(long id) {',
      '    var m = new HttpMethod("PATCH");',
      '    return _http.SendAsync(new HttpRequestMessage(m, "https://acme.freshdesk.com/helpdesk/tickets/" + id + ".json"));',
      '  }',
      '  public Task<HttpResponseMessage> G(long id) => _http.SendAsync(new HttpRequestMessage(HttpMethod.Delete, "https://acme.freshdesk.com/groups/" + id + ".json"));',
      '}',
    ].join('\n');
    // (PATCH is no v1 method of a ticket: kept, on the ticket's rule)
    const got = await calls({ 'R.cs': cs });
    expect(got.filter((l) => !l.startsWith('R.cs:7'))).toEqual(['R.cs:4 call DELETE agents.delete', 'R.cs:9 call DELETE groups.delete']);
    expect(got.find((l) => l.startsWith('R.cs:7'))).toMatch(/^R\.cs:7 call PATCH tickets\./);
  });

  it('Go: the method in a variable (http.MethodDelete, a string, a const)', async () => {
    const gosrc = [
      'package fd',
      '',
      'import "net/http"',
      '',
      'const put = "PUT"',
      '',
      'func Drop(id string) {',
      '\tmethod := http.MethodDelete',
      '\treq, _ := http.NewRequest(method, "https://acme.freshdesk.com/groups/"+id+".json", nil)',
      '\thttp.DefaultClient.Do(req)',
      '\tverb := "DELETE"',
      '\treq2, _ := http.NewRequest(verb, "https://acme.freshdesk.com/contacts/"+id+".json", nil)',
      '\thttp.DefaultClient.Do(req2)',
      '\treq3, _ := http.NewRequest(put, "https://acme.freshdesk.com/agents/"+id+".json", nil)',
      '\thttp.DefaultClient.Do(req3)',
      '}',
    ].join('\n');
    expect(await calls({ 'm.go': gosrc })).toEqual(['m.go:12 call DELETE contacts.delete', 'm.go:14 call PUT agents.update', 'm.go:9 call DELETE groups.delete']);
  });

  it('PowerShell: -Method from a [WebRequestMethod] enum, in a variable or inline', async () => {
    const ps = [
      '$base = "https://acme.freshdesk.com"',
      '$m = [Microsoft.PowerShell.Commands.WebRequestMethod]::Put',
      'Invoke-RestMethod -Uri "$base/helpdesk/tickets/5.json" -Method $m',
      'Invoke-RestMethod -Uri "$base/helpdesk/tickets/6.json" -Method ([Microsoft.PowerShell.Commands.WebRequestMethod]::Delete)',
      'Invoke-RestMethod -Uri "$base/contacts/7.json" -Method ([WebRequestMethod]::Delete)',
    ].join('\n');
    expect(await calls({ 't.ps1': ps })).toEqual(['t.ps1:3 call PUT tickets.update', 't.ps1:4 call DELETE tickets.delete', 't.ps1:5 call DELETE contacts.delete']);
  });
});

describe('fourteenth round: resource reads and another product\'s options are quiet', () => {
  it('Java/Kotlin resources, C# File.ReadAllText, Go os.ReadFile / ioutil.ReadFile, Python pkgutil', async () => {
    const java = ['class M {', '  void run() throws Exception {', '    getClass().getResourceAsStream("/agents.json");', '    M.class.getResourceAsStream("/contacts.json");', '    ClassLoader.getSystemResource("helpdesk/tickets.json");', '  }', '}'].join('\n');
    const kt = ['class K {', '  fun run() = javaClass.getResource("/agents.json")?.readText()', '}'].join('\n');
    const cs = ['using System.IO;', 'class F { string R() => File.ReadAllText("data/helpdesk/tickets.json"); }'].join('\n');
    const gosrc = ['package x', '', 'import ("io/ioutil"; "os")', '', 'func R() { os.ReadFile("/contacts.json"); ioutil.ReadFile("/helpdesk/tickets.json") }'].join('\n');
    const py = ['import pkgutil', 'def r():', '    return pkgutil.get_data(__name__, "fixtures/helpdesk/tickets.json")'].join('\n');
    expect(await calls({ 'M.java': java, 'K.kt': kt, 'F.cs': cs, 'r.go': gosrc, 'r.py': py })).toEqual([]);
  });

  it('Ruby: a relative path handed to a call that makes no request (Octokit contents path:) is quiet', async () => {
    const rb = [
      'require "octokit"',
      'gh = Octokit::Client.new(access_token: ENV["GH"])',
      'gh.contents("acme/desk", path: "helpdesk/tickets.json")',
      'gh.contents("acme/desk", path: "contacts.json")',
      'gh.contents("acme/desk", "helpdesk/tickets.json")',
      'HTTParty.get("https://acme.freshdesk.com/helpdesk/tickets.json")',
    ].join('\n');
    expect(await calls({ 't.rb': rb })).toEqual(['t.rb:6 call GET tickets.list']);
  });
});
