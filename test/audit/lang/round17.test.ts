/**
 * Issue 14, seventeenth round (held-out eval37): a curl wrapper that POSTs only when given a body,
 * a method parameter named for its role (`methodType`), a sample script's placeholder base, a
 * keyword `method=` of another call, `fetch(path)` as a GET, chi routes with any handler name, `curl_setopt_array`, Jsoup
 * chains sent by `.get()`/`.post()`, OkHttp's `.method("PUT", body)`, and PowerShell's
 * `WebRequest::Create` with `$req.Method` set after. Each case is the smallest code of its shape.
 */
import { describe, expect, it } from 'vitest';
import { unitAudits } from './units.ts';

const { calls } = unitAudits('r17', { sorted: true });

describe('seventeenth round: the method of a request helper', () => {
  it('a curl wrapper that sets CURLOPT_POST only when given a body: GET for the calls without one', async () => {
    const php = [
      '<?php',
      'class Fd {',
      '  public function all() {',
      '    $url = "$this->base/helpdesk/tickets.json";',
      '    return $this->CurlWrap($url);',
      '  }',
      '  public function create($t) {',
      '    $url = "$this->base/helpdesk/tickets.json";',
      '    return $this->CurlWrap($url, $t);',
      '  }',
      '  public function one($id) {',
      '    return $this->CurlWrap("$this->base/contacts/$id.json", "");',
      '  }',
      '  protected function CurlWrap($url = "", $ticket = "") {',
      '    $ch = curl_init($url);',
      '    if (!empty($ticket)) {',
      '      curl_setopt($ch, CURLOPT_POST, true);',
      '      curl_setopt($ch, CURLOPT_POSTFIELDS, $ticket);',
      '    }',
      '    return curl_exec($ch);',
      '  }',
      '}',
    ].join('\n');
    expect(await calls({ 'Fd.php': php })).toEqual([
      'Fd.php:12 call GET contacts.view',
      'Fd.php:5 call GET tickets.list',
      'Fd.php:9 call POST tickets.create',
    ]);
  });

  it('a POST set outside the guard too is every call\'s', async () => {
    const php = [
      '<?php',
      'function wrap($url, $body = "") {',
      '  $ch = curl_init($url);',
      '  curl_setopt($ch, CURLOPT_POST, true);',
      '  if ($body) { curl_setopt($ch, CURLOPT_POSTFIELDS, $body); }',
      '  return curl_exec($ch);',
      '}',
      'wrap("https://acme.freshdesk.com/helpdesk/tickets.json");',
    ].join('\n');
    expect(await calls({ 'w.php': php })).toEqual(['w.php:8 call POST tickets.create']);
  });

  it('a parameter handed to the request as its method, named methodType: the caller\'s Method.POST', async () => {
    const cs = [
      'using RestSharp;',
      'public class C {',
      '  private RestClient client;',
      '  private RestRequest Make(string url, Method methodType) {',
      '    var r = new RestRequest(url, methodType);',
      '    return r;',
      '  }',
      '  public string Create() {',
      '    string url = "/helpdesk/tickets.json";',
      '    var req = Make(url, Method.POST);',
      '    return client.Execute(req).Content;',
      '  }',
      '}',
    ].join('\n');
    expect(await calls({ 'C.cs': cs })).toEqual(['C.cs:10 call POST tickets.create']);
  });

  it('a keyword method= of another call in the function is not this call\'s method', async () => {
    const py = [
      'from acme_platform.desk import api, gw',
      '',
      '',
      'def nightly(cid):',
      '    api.call("helpdesk/tickets.json", method="POST", data={})',
      '    return gw.fetch("contacts/%d.json" % cid)',
    ].join('\n');
    expect(await calls({ 'n.py': py })).toEqual(['n.py:5 call POST tickets.create', 'n.py:6 call GET contacts.view']);
  });

  it('fetch(path) with no method and no body is a GET, also on a wrapper the repo does not hold', async () => {
    const php = ['<?php', 'function run($desk, $gw, $id) {', "  $a = $desk->fetch('helpdesk/tickets.json?filter_name=all_tickets');", "  $b = $gw->fetch(\"contacts/$id.json\", ['body' => 'x']);", '}'].join('\n');
    const py = ['from acme.platform import gw', '', '', 'def one(cid, body):', '    a = gw.fetch("contacts/%d.json" % cid)', '    b = gw.fetch("contacts/%d.json" % cid, body=body)'].join('\n');
    expect(await calls({ 'r.php': php, 'o.py': py })).toEqual([
      'o.py:5 call GET contacts.view',
      'o.py:6 call ? contacts.view',
      'r.php:3 call GET tickets.list',
      'r.php:4 call ? contacts.view',
    ]);
  });
});

describe('seventeenth round: addresses', () => {
  it('a sample script\'s placeholder base ("URL FreshDesk", YOUR_DOMAIN, <your domain>) is an unknown base', async () => {
    const script = (base: string) => ['<?php', `$fd_domain = "${base}";`, '$c = curl_init("$fd_domain/helpdesk/tickets.json");', 'curl_setopt($c, CURLOPT_POST, true);', 'curl_exec($c);'].join('\n');
    expect(await calls({ 'a.php': script('URL FreshDesk'), 'b.php': script('YOUR_DOMAIN'), 'c.php': script('<your domain>') })).toEqual([
      'a.php:3 call POST tickets.create',
      'b.php:3 call POST tickets.create',
      'c.php:3 call POST tickets.create',
    ]);
  });

  it('a folder\'s name before the path stays a file path', async () => {
    const php = ['<?php', '$dir = "DATA";', '$s = file_get_contents("$dir/contacts.json");', '$b = "backup files";', '$t = file_get_contents("$b/helpdesk/tickets.json");'].join('\n');
    expect(await calls({ 'f.php': php })).toEqual([]);
  });

  it('curl_setopt_array: the URL and the method of its own options', async () => {
    const php = [
      '<?php',
      'function update($base, $id, $json) {',
      '  $ch = curl_init();',
      '  curl_setopt_array($ch, [',
      '    CURLOPT_URL => $base . "/helpdesk/tickets/$id.json",',
      "    CURLOPT_CUSTOMREQUEST => 'PUT',",
      '    CURLOPT_POSTFIELDS => $json,',
      '  ]);',
      '  return curl_exec($ch);',
      '}',
      'function create($base, $json) {',
      '  $ch = curl_init();',
      '  curl_setopt_array($ch, array(CURLOPT_URL => "$base/contacts.json", CURLOPT_POST => true, CURLOPT_POSTFIELDS => $json));',
      '  return curl_exec($ch);',
      '}',
    ].join('\n');
    expect(await calls({ 'u.php': php })).toEqual(['u.php:13 call POST contacts.create', 'u.php:5 call PUT tickets.update']);
  });
});

describe('seventeenth round: clients and routes', () => {
  it('Jsoup.connect(url) sent by .get(), .post(), .execute(), after other calls of the chain', async () => {
    const java = [
      'import org.jsoup.Jsoup;',
      'public class J {',
      '  String base = "https://acme.freshdesk.com";',
      '  void a() throws Exception { Jsoup.connect(base + "/helpdesk/tickets.json").ignoreContentType(true).get(); }',
      '  void b() throws Exception { Jsoup.connect(base + "/helpdesk/tickets.json").data("helpdesk_ticket[subject]", "s").post(); }',
      '  void c() throws Exception { Jsoup.connect(base + "/groups/1.json").header("A", "b").method(org.jsoup.Connection.Method.PUT).execute(); }',
      '}',
    ].join('\n');
    expect(await calls({ 'J.java': java })).toEqual(['J.java:4 call GET tickets.list', 'J.java:5 call POST tickets.create', 'J.java:6 call PUT groups.update']);
  });

  it('OkHttp Request.Builder().url(u).method("PUT", body)', async () => {
    const java = [
      'import okhttp3.*;',
      'public class O {',
      '  String base; OkHttpClient client;',
      '  public void update(long id, RequestBody body) throws Exception {',
      '    Request request = new Request.Builder().url(base + "/contacts/" + id + ".json").method("PUT", body).build();',
      '    client.newCall(request).execute();',
      '  }',
      '}',
    ].join('\n');
    expect(await calls({ 'O.java': java })).toEqual(['O.java:5 call PUT contacts.update']);
  });

  it('a Go router the file makes registers routes whatever the handler is named', async () => {
    const go = [
      'package server',
      '',
      'import "github.com/go-chi/chi/v5"',
      '',
      'func Routes(h *Handlers) {',
      '\tc := chi.NewRouter()',
      '\tc.Post("/contacts.json", h.AddContact)',
      '\tc.Delete("/agents/{id}.json", h.DropAgent)',
      '}',
    ].join('\n');
    expect(await calls({ 'r.go': go })).toEqual([]);
  });

  it('PowerShell [System.Net.WebRequest]::Create(url) then $req.Method = "DELETE"', async () => {
    const ps = [
      '$base = "https://acme.freshdesk.com"',
      'function Remove-Contact([int]$Id) {',
      '    $req = [System.Net.WebRequest]::Create("$base/contacts/$Id.json")',
      '    $req.Method = "DELETE"',
      '    $req.GetResponse().Close()',
      '}',
    ].join('\n');
    expect(await calls({ 'D.ps1': ps })).toEqual(['D.ps1:3 call DELETE contacts.delete']);
  });
});
