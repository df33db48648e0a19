/**
 * Issue 14, fifteenth round (held-out eval34): relative paths handed to unknown wrappers, a one-argument
 * `File.join` of a URL, constants of same-named classes, curl options and command lines, methods set
 * after construction. Each case is the smallest code of its shape.
 */
import { describe, expect, it } from 'vitest';
import { unitAudits } from './units.ts';

const { audit, calls } = unitAudits('r15', { sorted: true });

describe('fifteenth round: relative paths and unknown wrappers', () => {
  it('a relative path given to an unknown wrapper (imported, no request word) is reported, in Python, Ruby and PHP', async () => {
    const py = ['from acme_internal.desk import DeskClient, fd', 'client = DeskClient.from_env()', 'desk = client', 'def nightly(rid):', '    fd.tickets_for("helpdesk/tickets.json", requester_id=rid)', '    client.sync("helpdesk/tickets.json")', '    desk.pull("solution/categories.json")'].join('\n');
    const rb = ['require "acme/desk"', 'class Nightly', '  def initialize', '    @fd = Acme::Desk.client', '  end', '  def run(rid)', '    @fd.tickets_for("helpdesk/tickets.json", requester_id: rid)', '    @fd.sync("solution/categories.json")', '  end', 'end'].join('\n');
    const php = ['<?php', 'use Acme\\Internal\\Desk;', 'class Nightly {', '  public function run($rid) {', '    $desk = Desk::fromEnv();', "    $desk->ticketsFor('helpdesk/tickets.json', ['requester_id' => $rid]);", "    $desk->sync('solution/categories.json');", '  }', '}'].join('\n');
    expect(await calls({ 'jobs.py': py, 'jobs.rb': rb, 'Nightly.php': php })).toEqual([
      'Nightly.php:6 url ? tickets.list',
      'Nightly.php:7 url ? solutions.categories.list',
      'jobs.py:5 url ? tickets.list',
      'jobs.py:6 url ? tickets.list',
      'jobs.py:7 url ? solutions.categories.list',
      'jobs.rb:7 url ? tickets.list',
      'jobs.rb:8 url ? solutions.categories.list',
    ]);
  });

  it('another product\'s client, an archive member or an object-store key is quiet', async () => {
    const py = [
      'import zipfile, tarfile, boto3',
      'from github import Github',
      'def restore(zpath, tpath):',
      '    with zipfile.ZipFile(zpath) as z:',
      '        tickets = z.read("helpdesk/tickets.json")',
      '    obj = boto3.client("s3").get_object(Bucket="acme-backups", Key="solution/categories.json")',
      '    s3 = boto3.resource("s3")',
      '    s3.Object("acme", "helpdesk/tickets.json").get()',
      '    return tickets, obj',
    ].join('\n');
    const rb = ['gh = Octokit::Client.new(access_token: ENV["GH"])', 'gh.contents("acme/desk", path: "helpdesk/tickets.json")'].join('\n');
    const php = ['<?php', 'function r($zipPath) {', '  $zip = new ZipArchive();', '  $zip->open($zipPath);', "  return $zip->locateName('helpdesk/contacts.json');", '}'].join('\n');
    expect(await calls({ 'backup.py': py, 'gh.rb': rb, 'z.php': php })).toEqual([]);
  });
});

describe('fifteenth round: File.join of one URL argument', () => {
  it('Ruby File.join(@base_url + "…") is a URL, File.join(@base_dir + "…") a file', async () => {
    const rb = [
      "require 'rest_client'",
      'class Fd',
      '  def mapping(name)',
      '    case name',
      '    when "tickets" then File.join(@base_url + "helpdesk/tickets.xml")',
      '    when "companies" then File.join(@base_url + "customers.xml")',
      '    end',
      '  end',
      '  def list',
      '    uri = File.join(@base_url + "helpdesk/tickets.xml")',
      '    RestClient.get uri',
      '  end',
      '  def cache',
      '    File.join(@base_dir + "helpdesk/tickets.json")',
      '  end',
      'end',
    ].join('\n');
    expect(await calls({ 'lib/fd.rb': rb })).toEqual(['lib/fd.rb:11 call GET tickets.list', 'lib/fd.rb:5 url ? tickets.list', 'lib/fd.rb:6 url ? companies.list']);
  });
});

describe('fifteenth round: constants through imports', () => {
  it('Java: Paths.TICKETS is the class the file imports, not a same-named class of another package', async () => {
    const files = {
      'src/com/acme/old/Paths.java': ['package com.acme.old;', 'public final class Paths {', '    public static final String TICKETS = "/helpdesk/tickets.json";', '}'].join('\n'),
      'src/com/acme/v2/Paths.java': ['package com.acme.v2;', 'public final class Paths {', '    public static final String TICKETS = "/api/v2/tickets";', '}'].join('\n'),
      'src/com/acme/app/Sync.java': [
        'package com.acme.app;',
        'import com.acme.v2.Paths;',
        'import org.springframework.web.client.RestTemplate;',
        'public class Sync {',
        '    private final RestTemplate rest = new RestTemplate();',
        '    public String run(String base) { return rest.getForObject(base + Paths.TICKETS, String.class); }',
        '}',
      ].join('\n'),
      'src/com/acme/app/Legacy.java': [
        'package com.acme.app;',
        'import com.acme.old.Paths;',
        'import org.springframework.web.client.RestTemplate;',
        'public class Legacy {',
        '    private final RestTemplate rest = new RestTemplate();',
        '    public String run(String base) { return rest.getForObject(base + Paths.TICKETS, String.class); }',
        '}',
      ].join('\n'),
    };
    expect(await calls(files)).toEqual(['src/com/acme/app/Legacy.java:6 call GET tickets.list']);
  });

  it('C# using static: bare constant names of the imported class', async () => {
    const files = {
      'Desk/FdPaths.cs': ['namespace Acme.Desk {', '  public static class FdPaths {', '    public const string Groups = "groups.json";', '    public const string Agent = "agents/{0}.json";', '  }', '}'].join('\n'),
      'App/DeskClient.cs': [
        'using System; using System.Net.Http; using System.Threading.Tasks;',
        'using static Acme.Desk.FdPaths;',
        'namespace Acme.App {',
        '  public class DeskClient {',
        '    private readonly HttpClient _http = new HttpClient { BaseAddress = new Uri("https://acme.freshdesk.com/") };',
        '    public Task<HttpResponseMessage> GroupsAsync() => _http.GetAsync(Groups);',
        '    public Task<HttpResponseMessage> Drop(long id) => _http.DeleteAsync(string.Format(Agent, id));',
        '  }',
        '}',
      ].join('\n'),
    };
    expect(await calls(files)).toEqual(['App/DeskClient.cs:6 call GET groups.list', 'App/DeskClient.cs:7 call DELETE agents.delete']);
  });

  it('Go dot-import: bare names of the imported package', async () => {
    const files = {
      'go.mod': 'module acme/fd\n\ngo 1.21\n',
      'paths/paths.go': ['package paths', '', 'const Tickets = "/helpdesk/tickets.json"', 'const Groups = "/groups.json"'].join('\n'),
      'client/client.go': [
        'package client',
        '',
        'import (',
        '\t"bytes"',
        '\t"net/http"',
        '',
        '\t. "acme/fd/paths"',
        ')',
        '',
        'type C struct{ Base string }',
        '',
        'func (c C) Create(b []byte) (*http.Response, error) { return http.Post(c.Base+Tickets, "application/json", bytes.NewReader(b)) }',
        'func (c C) List() (*http.Response, error) { return http.Get(c.Base + Groups) }',
      ].join('\n'),
    };
    expect(await calls(files)).toEqual(['client/client.go:12 call POST tickets.create', 'client/client.go:13 call GET groups.list']);
  });
});

describe('fifteenth round: curl options and command lines', () => {
  it('curl -G with data is a GET (query); curl -I is HEAD, which no rule has', async () => {
    const sh = ['#!/bin/bash', 'curl -s -G --data-urlencode "query=email is a@b.io" https://acme.freshdesk.com/contacts.json', 'curl -sI https://acme.freshdesk.com/groups.json', 'curl -s --get -d "page=2" https://acme.freshdesk.com/contacts.json'].join('\n');
    const php = ['<?php', 'system("curl -s -G --data-urlencode $q https://acme.freshdesk.com/contacts.json");'].join('\n');
    const r = await audit({ 'a.sh': sh, 'a.php': php });
    const got = r.findings.filter((f) => f.kind === 'call').map((f) => `${f.file}:${f.line} ${f.method} ${f.rule}${f.advice?.includes('is not a v1 operation') ? ' (no such operation)' : ''}`).sort();
    expect(got).toEqual(['a.php:2 GET contacts.list', 'a.sh:2 GET contacts.list', 'a.sh:3 HEAD groups.list (no such operation)', 'a.sh:4 GET contacts.list']);
  });

  it('Perl system/backticks/qx{}, Ruby %x(), PowerShell Start-Process -ArgumentList, C# ProcessStartInfo initializer', async () => {
    const pl = [
      '#!/usr/bin/perl',
      'my ($key, $id, $json) = @ARGV;',
      'system("curl -s -u $key:X -X PUT -d \'$json\' https://acme.freshdesk.com/helpdesk/tickets/$id.json");',
      'my $contacts = `curl -s -u $key:X https://acme.freshdesk.com/contacts.json`;',
      "system('curl', '-s', '-X', 'DELETE', \"https://acme.freshdesk.com/contacts/$id.json\");",
      'my $g = qx{curl -s https://acme.freshdesk.com/groups.json};',
    ].join('\n');
    const rb = ['class A', '  def x(base, id)', '    %x(curl -s -X POST -d @note.json #{base}/helpdesk/tickets/#{id}/conversations/note.json)', '    %x(curl -s #{base}/helpdesk/tickets.json)', '  end', 'end'].join('\n');
    const ps = ['param($Domain)', 'Start-Process -FilePath curl.exe -ArgumentList "-s -u KEY:X -X DELETE https://$Domain.freshdesk.com/groups/5.json" -Wait'].join('\n');
    const cs = [
      'using System.Diagnostics;',
      'class D {',
      '  const string Base = "https://acme.freshdesk.com";',
      '  public void T() {',
      '    var psi = new ProcessStartInfo',
      '    {',
      '      FileName = "curl",',
      '      Arguments = "-s -u KEY:X " + Base + "/helpdesk/tickets.json",',
      '    };',
      '    Process.Start(psi);',
      '  }',
      '}',
    ].join('\n');
    expect(await calls({ 'desk.pl': pl, 'cli.rb': rb, 'Desk.ps1': ps, 'D.cs': cs })).toEqual([
      'D.cs:8 call GET tickets.list',
      'Desk.ps1:2 call DELETE groups.delete',
      'cli.rb:3 call POST notes.create',
      'cli.rb:4 call GET tickets.list',
      'desk.pl:3 call PUT tickets.update',
      'desk.pl:4 call GET contacts.list',
      'desk.pl:5 call DELETE contacts.delete',
      'desk.pl:6 call GET groups.list',
    ]);
  });
});
