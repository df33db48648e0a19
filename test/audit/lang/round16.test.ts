/**
 * Issue 14, sixteenth round (held-out eval34, what the fifteenth left): a method set on the request
 * object after it is built, Jsoup's `.method(…)` with an enum or `Method.valueOf`, a PowerShell
 * splatted table with the WebRequestMethod enum, a method read from a module dict inline, and curl
 * commands in heredocs (Ruby `<<~SH` run by `system`, shell `bash <<EOF`). Each case is the smallest
 * code of its shape.
 */
import { describe, expect, it } from 'vitest';
import { unitAudits } from './units.ts';

const { audit, calls } = unitAudits('r16', { sorted: true });

describe('sixteenth round: a method set after the request is built', () => {
  it('Go req.Method and C# msg.Method set before the request is sent override the constructor\'s', async () => {
    const go = [
      'package fd',
      '',
      'import "net/http"',
      '',
      'func Close(base, id string) (*http.Response, error) {',
      '\treq, err := http.NewRequest("GET", base+"/helpdesk/tickets/"+id+".json", nil)',
      '\tif err != nil {',
      '\t\treturn nil, err',
      '\t}',
      '\treq.Method = "PUT"',
      '\treturn http.DefaultClient.Do(req)',
      '}',
      '',
      'func DropGroup(base, id string) (*http.Response, error) {',
      '\treq, _ := http.NewRequest(http.MethodGet, base+"/groups/"+id+".json", nil)',
      '\treq.Method = http.MethodDelete',
      '\treturn http.DefaultClient.Do(req)',
      '}',
    ].join('\n');
    const cs = [
      'using System.Net.Http;',
      'class After {',
      '  const string Base = "https://acme.freshdesk.com";',
      '  HttpClient _http = new HttpClient();',
      '  public Task<HttpResponseMessage> DropGroupAsync(long id) {',
      '    var msg = new HttpRequestMessage(HttpMethod.Get, Base + "/groups/" + id + ".json");',
      '    msg.Method = HttpMethod.Delete;',
      '    return _http.SendAsync(msg);',
      '  }',
      '}',
    ].join('\n');
    expect(await calls({ 'after.go': go, 'After.cs': cs })).toEqual([
      'After.cs:6 call DELETE groups.delete',
      'after.go:15 call DELETE groups.delete',
      'after.go:6 call PUT tickets.update',
    ]);
  });

  it('a method set after the request was sent, or on another variable, is not this request\'s', async () => {
    const go = [
      'package fd',
      '',
      'import "net/http"',
      '',
      'func Two(base, id string) {',
      '\treq, _ := http.NewRequest("GET", base+"/groups/"+id+".json", nil)',
      '\thttp.DefaultClient.Do(req)',
      '\treq.Method = "DELETE"',
      '\thttp.DefaultClient.Do(req)',
      '}',
      '',
      'func Other(base, id string, other *http.Request) {',
      '\treq, _ := http.NewRequest("GET", base+"/contacts/"+id+".json", nil)',
      '\tother.Method = "PUT"',
      '\thttp.DefaultClient.Do(req)',
      '}',
    ].join('\n');
    expect(await calls({ 'two.go': go })).toEqual(['two.go:13 call GET contacts.view', 'two.go:6 call GET groups.view']);
  });
});

describe('sixteenth round: Jsoup, PowerShell splatting, a dict of verbs', () => {
  it('Jsoup .method(Connection.Method.DELETE) and .method(Connection.Method.valueOf("DELETE"))', async () => {
    const java = [
      'import org.jsoup.Connection;',
      'import org.jsoup.Jsoup;',
      'public class Methods {',
      '  private final String base = "https://acme.freshdesk.com";',
      '  public void a(long id) throws Exception {',
      '    Jsoup.connect(base + "/groups/" + id + ".json").method(Connection.Method.DELETE).execute();',
      '  }',
      '  public void b(long id) throws Exception {',
      '    Jsoup.connect(base + "/contacts/" + id + ".json").method(Connection.Method.valueOf("PUT")).ignoreContentType(true).execute();',
      '  }',
      '}',
    ].join('\n');
    expect(await calls({ 'Methods.java': java })).toEqual(['Methods.java:6 call DELETE groups.delete', 'Methods.java:9 call PUT contacts.update']);
  });

  it('PowerShell: Method = [WebRequestMethod]::Post in a splatted table', async () => {
    const ps = [
      'param([string]$Domain, [string]$Json)',
      '$base = "https://$Domain.freshdesk.com"',
      '$p = @{',
      '    Uri    = "$base/contacts.json"',
      '    Method = [Microsoft.PowerShell.Commands.WebRequestMethod]::Post',
      '    Body   = $Json',
      '}',
      'Invoke-WebRequest @p',
    ].join('\n');
    expect(await calls({ 'Splat.ps1': ps })).toEqual(['Splat.ps1:4 call POST contacts.create']);
  });

  it('Python requests.request(VERBS["close"], …) with VERBS a dict literal of the module', async () => {
    const py = [
      'import requests',
      '',
      'BASE = "https://acme.freshdesk.com"',
      'VERBS = {"close": "PUT", "drop": "DELETE"}',
      '',
      'def close(tid):',
      '    return requests.request(VERBS["close"], f"{BASE}/helpdesk/tickets/{tid}.json", json={"helpdesk_ticket": {"status": 5}})',
      '',
      'def drop(gid):',
      '    return requests.request(VERBS["drop"], f"{BASE}/groups/{gid}.json")',
    ].join('\n');
    expect(await calls({ 'verbs.py': py })).toEqual(['verbs.py:10 call DELETE groups.delete', 'verbs.py:7 call PUT tickets.update']);
  });
});

describe('sixteenth round: curl in heredocs', () => {
  it('Ruby: a <<~SH heredoc with a continued curl command, run by system(cmd)', async () => {
    const rb = [
      'class DeskCli',
      '  def rename(id, name)',
      '    cmd = <<~SH',
      '      curl -s -u #{@key}:X -H "Content-Type: application/json" \\',
      '        -X PUT -d \'{"user":{"name":"#{name}"}}\' \\',
      '        #{@base}/contacts/#{id}.json',
      '    SH',
      '    system(cmd)',
      '  end',
      'end',
    ].join('\n');
    expect(await calls({ 'cli.rb': rb })).toEqual(['cli.rb:3 call PUT contacts.update']);
  });

  it('shell: bash <<EOF and sh <<\'EOF\' run the curl of their body, one command a line; cat <<EOF is quiet', async () => {
    const sh = [
      '#!/bin/bash',
      'FD="https://acme.freshdesk.com"',
      'bash <<EOF',
      'curl -s -u "$FD_KEY:X" -G --data-urlencode "query=email is a@b.io" $FD/contacts.json',
      'EOF',
      "sh <<'EOF'",
      'echo start',
      'curl -s -X DELETE https://acme.freshdesk.com/groups/5.json',
      'EOF',
      'cat <<EOF',
      'curl -s -X PUT $FD/helpdesk/tickets/1.json',
      'EOF',
    ].join('\n');
    // (reported at the body's first line; `cat <<EOF` prints its body, runs nothing)
    expect(await calls({ 'desk.sh': sh })).toEqual(['desk.sh:4 call GET contacts.list', 'desk.sh:7 call DELETE groups.delete']);
  });
});
