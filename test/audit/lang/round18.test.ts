/**
 * Issue 14, eighteenth round (held-out eval39): a placeholder standing for the host after a scheme,
 * a base named for another service (Redmine's `/groups.json`), CodeIgniter routes and ASP.NET's
 * `Created(location, …)`, a helper that GETs or POSTs by whether it is given a body (Python, shell),
 * a method parameter found where the request takes its method (and its default), OkHttp's
 * `.method(verb, body)` with a local verb, Jsoup's statically imported `DELETE`, a RestSharp request
 * sent in a later statement, `curl_setopt_array` with its options built in a variable, and a call the
 * audit does not know given a path and a body. Each case is the smallest code of its shape.
 */
import { describe, expect, it } from 'vitest';
import { unitAudits } from './units.ts';

const { calls } = unitAudits('r18', { sorted: true });

describe('eighteenth round: where the request goes', () => {
  it('a placeholder host after the scheme ("https://$DOMAIN/…", DOMAIN="your freshdesk domain") is an unknown host', async () => {
    const sh = ['#!/bin/sh', 'DOMAIN="your freshdesk domain"', 'curl -u "$KEY:X" -X PUT -d @c.json "https://$DOMAIN/contacts/12.json"'].join('\n');
    const php = ['<?php', '$domain = "your domain";', '$ch = curl_init("https://$domain/helpdesk/tickets.json");', 'curl_exec($ch);'].join('\n');
    expect(await calls({ 'fd.sh': sh, 'fd.php': php })).toEqual(['fd.php:3 call GET tickets.list', 'fd.sh:3 call PUT contacts.update']);
  });

  it('a placeholder base also in a URL handed to a call the audit does not know', async () => {
    const rb = ['require "acme/http"', 'FRESHDESK_URL = "your freshdesk url"', 'def one(id)', '  Acme::Http.load("#{FRESHDESK_URL}/helpdesk/tickets/#{id}.json")', 'end'].join('\n');
    expect(await calls({ 'a.rb': rb })).toEqual(['a.rb:4 url ? tickets.view']);
  });

  it('a base named for another service (a Redmine host or setting) is that service\'s, not v1', async () => {
    const py = ['import requests', 'REDMINE = "https://redmine.example.org"', 'def groups(key):', '    return requests.get(REDMINE + "/groups.json").json()'].join('\n');
    const kt = [
      'import okhttp3.OkHttpClient',
      'import okhttp3.Request',
      'class Others(private val redmine: String) {',
      '    private val http = OkHttpClient()',
      '    fun groups() = http.newCall(Request.Builder().url("$redmine/groups.json").build()).execute()',
      '}',
    ].join('\n');
    const fd = ['import requests', 'FD = "https://acme.freshdesk.com"', 'def groups():', '    return requests.get(FD + "/groups.json").json()'].join('\n');
    expect(await calls({ 'others.py': py, 'Others.kt': kt, 'fd.py': fd })).toEqual(['fd.py:4 call GET groups.list']);
  });

  it('CodeIgniter routes (`$routes->get(path, "Ctrl::m")`) are served, not requested', async () => {
    const php = ['<?php', "$routes->get('helpdesk/tickets.json', 'Tickets::index');", "$routes->put('helpdesk/tickets/(:num).json', 'Tickets::update/$1');"].join('\n');
    expect(await calls({ 'app/Config/Routes.php': php })).toEqual([]);
  });

  it('ASP.NET\'s Results.Created(location, value) answers with an address, requests none', async () => {
    const cs = ['var app = WebApplication.CreateBuilder(args).Build();', 'app.MapPost("/helpdesk/tickets.json", (Ticket t) => Results.Created("/helpdesk/tickets/1.json", t));', 'app.Run();'].join('\n');
    expect(await calls({ 'Program.cs': cs })).toEqual([]);
  });
});

describe('eighteenth round: the method of a request helper', () => {
  it('a helper that GETs without a payload and POSTs with one (Python if/else): each call by what it passes', async () => {
    const py = [
      'import requests',
      'class Desk:',
      '    def _request(self, path, payload=None):',
      '        url = "https://acme.freshdesk.com" + path',
      '        if payload is None:',
      '            r = requests.get(url)',
      '        else:',
      '            r = requests.post(url, json=payload)',
      '        return r.json()',
      '    def ticket(self, tid):',
      '        return self._request("/helpdesk/tickets/%d.json" % tid)',
      '    def group(self, name):',
      '        return self._request("/groups.json", {"group": {"name": name}})',
    ].join('\n');
    expect(await calls({ 'd.py': py })).toEqual(['d.py:11 call GET tickets.view', 'd.py:13 call POST groups.create']);
  });

  it('Ruby: `req = body ? Net::HTTP::Post.new(uri) : Net::HTTP::Get.new(uri)`, a GET for the calls without a body', async () => {
    const rb = [
      'require "net/http"',
      'class Fd',
      '  BASE = "https://acme.freshdesk.com"',
      '  def request(path, body = nil)',
      '    uri = URI(BASE + path)',
      '    req = body ? Net::HTTP::Post.new(uri) : Net::HTTP::Get.new(uri)',
      '    req.body = body.to_json if body',
      '    Net::HTTP.start(uri.host, uri.port, use_ssl: true) { |h| h.request(req) }',
      '  end',
      '  def tickets',
      '    request("/helpdesk/tickets.json")',
      '  end',
      '  def open_ticket(t)',
      '    request("/helpdesk/tickets.json", { helpdesk_ticket: t })',
      '  end',
      'end',
    ].join('\n');
    expect(await calls({ 'fd.rb': rb })).toEqual(['fd.rb:11 call GET tickets.list', 'fd.rb:14 call POST tickets.create']);
  });

  it('a constructor that sends the request itself is called by its class\'s name, and its parameter is the caller\'s value', async () => {
    const php = [
      '<?php',
      'class Report {',
      '    public function __construct($key, $url) {',
      '        $ch = curl_init($url);',
      '        curl_setopt($ch, CURLOPT_USERPWD, "$key:X");',
      '        $this->rows = curl_exec($ch);',
      '    }',
      '}',
      '$url = "https://acme.freshdesk.com/helpdesk/tickets.json";',
      '$report = new Report("k", $url);',
    ].join('\n');
    expect(await calls({ 'r.php': php })).toEqual(['r.php:10 call GET tickets.list']);
  });

  it('a shell function that adds -X POST only when given data ($2)', async () => {
    const sh = [
      '#!/bin/bash',
      'fd() {',
      '  if [ -n "$2" ]; then',
      '    curl -s -u "$KEY:X" -X POST -d "$2" "https://$FD_DOMAIN$1"',
      '  else',
      '    curl -s -u "$KEY:X" "https://$FD_DOMAIN$1"',
      '  fi',
      '}',
      'fd /agents.json',
      'fd /groups.json \'{"group":{"name":"L2"}}\'',
    ].join('\n');
    expect(await calls({ 'fd.sh': sh })).toEqual(['fd.sh:10 call POST groups.create', 'fd.sh:9 call GET agents.list']);
  });

  it('a parameter handed to CURLOPT_CUSTOMREQUEST whatever its name ($type), with its default GET', async () => {
    const php = [
      '<?php',
      'class Desk {',
      '  private function api($endpoint, $type = \'GET\', $body = null) {',
      '    $ch = curl_init($this->base . $endpoint);',
      '    curl_setopt($ch, CURLOPT_CUSTOMREQUEST, $type);',
      '    return curl_exec($ch);',
      '  }',
      '  public function close($id) { return $this->api("/helpdesk/tickets/$id.json", \'PUT\'); }',
      '  public function groups() { return $this->api(\'/groups.json\'); }',
      '}',
    ].join('\n');
    expect(await calls({ 'Desk.php': php })).toEqual(['Desk.php:8 call PUT tickets.update', 'Desk.php:9 call GET groups.list']);
  });

  it('a Kotlin helper handing its httpVerb to OkHttp\'s .method(httpVerb, body)', async () => {
    const kt = [
      'import okhttp3.OkHttpClient',
      'import okhttp3.Request',
      'import okhttp3.RequestBody',
      'class Desk(private val base: String) {',
      '    private val http = OkHttpClient()',
      '    private fun send(httpVerb: String, path: String, body: RequestBody? = null) =',
      '        http.newCall(Request.Builder().url(base + path).method(httpVerb, body).build()).execute()',
      '    fun dropAgent(id: Long) = send("DELETE", "/agents/$id.json")',
      '}',
    ].join('\n');
    expect(await calls({ 'Desk.kt': kt })).toEqual(['Desk.kt:8 call DELETE agents.delete']);
  });
});

describe('eighteenth round: the method of a client call', () => {
  it('a call the audit does not know, given a path and a body: the path\'s one body-taking operation', async () => {
    const py = [
      'from deskkit import DeskClient',
      'desk = DeskClient.from_env()',
      'def mirror(tid):',
      '    desk.push("/helpdesk/tickets.json", body={"helpdesk_ticket": {"subject": "x"}})',
      '    desk.push("/helpdesk/tickets/%d.json" % tid)',
    ].join('\n');
    const kt = [
      'import acme.platform.DeskGateway',
      'class Mirror(private val gw: DeskGateway) {',
      '    fun run(id: Long) = gw.submit("helpdesk/tickets/$id/conversations/note.json", mapOf("helpdesk_note" to mapOf("body" to "synced")))',
      '}',
    ].join('\n');
    expect(await calls({ 'm.py': py, 'Mirror.kt': kt })).toEqual(['Mirror.kt:3 call POST notes.create', 'm.py:4 call POST tickets.create', 'm.py:5 url ? tickets.view']);
  });

  it('OkHttp .method(verb, body) with a local verb; Jsoup .method(DELETE) imported statically', async () => {
    const java = [
      'import static org.jsoup.Connection.Method.DELETE;',
      'import okhttp3.*;',
      'import org.jsoup.Jsoup;',
      'public class Ok {',
      '    void restore(long id) throws Exception {',
      '        String verb = "PUT";',
      '        Request r = new Request.Builder().url(base + "/helpdesk/tickets/" + id + "/restore.json").method(verb, RequestBody.create(null, "{}")).build();',
      '    }',
      '    void drop(long id) throws Exception {',
      '        Jsoup.connect(base + "/groups/" + id + ".json").ignoreContentType(true).method(DELETE).execute();',
      '    }',
      '}',
    ].join('\n');
    expect(await calls({ 'Ok.java': java })).toEqual(['Ok.java:10 call DELETE groups.delete', 'Ok.java:7 call PUT tickets.restore']);
  });

  it('a RestSharp request kept in a variable and sent by ExecuteAsync(req, Method.Put)', async () => {
    const cs = [
      'using RestSharp;',
      'public class Sync {',
      '    private RestClient _client;',
      '    public Task<RestResponse> Close(long id) {',
      '        var req = new RestRequest($"helpdesk/tickets/{id}.json").AddJsonBody(new { helpdesk_ticket = new { status = 5 } });',
      '        return _client.ExecuteAsync(req, Method.Put);',
      '    }',
      '}',
    ].join('\n');
    expect(await calls({ 'Sync.cs': cs })).toEqual(['Sync.cs:5 call PUT tickets.update']);
  });

  it('curl_setopt_array with its options built in a variable, and a method constant of the class', async () => {
    const php = [
      '<?php',
      'class Sync {',
      "  const VERB_DELETE = 'DELETE';",
      '  public function rename($id) {',
      '    $opts = [CURLOPT_URL => $this->base . "/groups/$id.json", CURLOPT_RETURNTRANSFER => true];',
      "    $opts[CURLOPT_CUSTOMREQUEST] = 'PUT';",
      '    $ch = curl_init();',
      '    curl_setopt_array($ch, $opts);',
      '    return curl_exec($ch);',
      '  }',
      '  public function forget($id) {',
      '    $ch = curl_init();',
      '    curl_setopt_array($ch, [CURLOPT_URL => $this->base . "/contacts/$id.json", CURLOPT_CUSTOMREQUEST => self::VERB_DELETE]);',
      '    return curl_exec($ch);',
      '  }',
      '}',
    ].join('\n');
    expect(await calls({ 'Sync.php': php })).toEqual(['Sync.php:13 call DELETE contacts.delete', 'Sync.php:5 call PUT groups.update']);
  });
});
