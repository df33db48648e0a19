/**
 * The syntax audit of other languages end to end (fixture repos under fixtures/audit/polyglot-*):
 * what the tree gives beyond findings — the HTTP method through helper chains, `via: 'syntax'`,
 * the pattern fallback for files that do not parse, CoffeeScript twins.
 */
import { cpSync, mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../../src/audit/index.ts';
import { resolveReference } from '../../../src/audit/lang/url-chains.ts';

const FIX = join(import.meta.dirname, '../../../fixtures/audit');
const tmp = mkdtempSync(join(tmpdir(), 'hdm-lang-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('syntax audit of other languages', () => {
  it('reports tree findings as via "syntax" and counts the files as parsed', async () => {
    const r = await runAudit({ root: join(FIX, 'polyglot-ruby'), jobs: 1 });
    expect(r.findings.length).toBeGreaterThan(5);
    expect(new Set(r.findings.map((f) => f.via))).toEqual(new Set(['syntax']));
    expect(r.summary.files.parsed).toBeGreaterThanOrEqual(4);
  });

  it('takes the method and the URL through create_url and the verb wrappers (Ruby)', async () => {
    const r = await runAudit({ root: join(FIX, 'polyglot-ruby'), jobs: 1 });
    const calls = r.findings.filter((f) => f.kind === 'call' && f.file === 'lib/acme_desk/tickets.rb').map((f) => f.endpoint);
    expect(calls).toEqual([
      'GET /helpdesk/tickets/{id}.json',
      'POST /helpdesk/tickets.json',
      'PUT /helpdesk/tickets/{id}/assign.json',
      'DELETE /helpdesk/tickets/{id}.json',
    ]);
  });

  it('follows setUrlSuffix() and setMethod() of a Magento module (PHP)', async () => {
    const r = await runAudit({ root: join(FIX, 'polyglot-php'), jobs: 1 });
    const calls = r.findings.filter((f) => f.kind === 'call').map((f) => `${f.file}:${f.line} ${f.endpoint}`);
    expect(calls).toContain('app/code/Acme/Helpdesk/Model/Api.php:52 GET /helpdesk/tickets/{id}.json');
    expect(calls).toContain('app/code/Acme/Helpdesk/Observer/OrderPlaced.php:16 POST /helpdesk/tickets.json');
  });

  it('a Magento 1 module: the path set on a singleton, the format as a query parameter added apart, the method a client constant', async () => {
    const r = await runAudit({ root: join(FIX, 'polyglot-php'), jobs: 1 });
    const m1 = r.findings.filter((f) => f.file.startsWith('app/code/community/')).map((f) => `${f.file.replace(/^.*\//, '')}:${f.line} ${f.kind} ${f.method ?? '?'} ${f.rule}`);
    expect(m1).toEqual([
      // the key held in a constant: `$data[self::HELPDESK_NOTE] = …`
      'Notes.php:9 wrapper POST notes.create',
      // `->setUrlSuffix(sprintf(self::URL_NOTE_ADD, $ticketId))->addUrlQueryParams(self::URL_PARAM_FORMAT, 'json')`, `$method = Zend_Http_Client::POST`
      'Notes.php:17 call POST notes.create',
      'Tickets.php:12 wrapper POST tickets.create',
      // PUT or POST by branch: the method is left open; each branch's path reaches the call
      'Tickets.php:26 call ? tickets.view',
      'Tickets.php:26 call ? tickets.list',
      'Tickets.php:35 call GET tickets.view',
    ]);
  });

  it('the helper index reads only what the walk lists: a helper in an excluded or git-ignored folder builds no URL', async () => {
    const root = join(tmp, 'ignored-helper');
    mkdirSync(join(root, 'gen'), { recursive: true });
    mkdirSync(join(root, 'app'), { recursive: true });
    // a generated client outside the audited code, and code that calls its URL helper
    writeFileSync(join(root, 'gen', 'desk_paths.py'), 'def ticket_path(ticket_id):\n    return "/helpdesk/tickets/%s.json" % ticket_id\n');
    writeFileSync(join(root, 'app', 'sync.py'), 'import requests\nfrom gen.desk_paths import ticket_path\n\ndef load(base, tid):\n    return requests.get(base + ticket_path(tid)).json()\n');
    // a v1 call of its own elsewhere, so the Python helper index is built at all
    writeFileSync(join(root, 'app', 'contacts.py'), 'import requests\n\ndef contacts(base):\n    return requests.get(base + "/contacts.json").json()\n');
    const calls = (r: Awaited<ReturnType<typeof runAudit>>) => r.findings.filter((f) => f.file === 'app/sync.py' && f.kind === 'call').map((f) => f.endpoint);
    expect(calls(await runAudit({ root, jobs: 1 }))).toEqual(['GET /helpdesk/tickets/{tid}.json']);
    expect(calls(await runAudit({ root, jobs: 1, exclude: ['gen/**'] }))).toEqual([]);
    writeFileSync(join(root, '.gitignore'), 'gen/\n');
    expect(calls(await runAudit({ root, jobs: 1 }))).toEqual([]);
    expect(calls(await runAudit({ root, jobs: 1, gitignore: false }))).toEqual(['GET /helpdesk/tickets/{tid}.json']);
  });

  it('one file audited alone keeps the URL helpers of its folder', async () => {
    const root = join(tmp, 'single-file');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'desk_paths.py'), 'def ticket_path(ticket_id):\n    return "/helpdesk/tickets/%s.json" % ticket_id\n');
    writeFileSync(join(root, 'close.py'), 'import requests\nfrom desk_paths import ticket_path\n\ndef close(base, tid):\n    return requests.put(base + ticket_path(tid), json={"helpdesk_ticket": {"status": 5}})\n');
    const r = await runAudit({ root: join(root, 'close.py') });
    expect(r.findings.filter((f) => f.kind === 'call').map((f) => `${f.file}:${f.line} ${f.endpoint}`)).toEqual(['close.py:5 PUT /helpdesk/tickets/{tid}.json']);
  });

  it('nothing in a file the codemod does not rewrite (other languages, HTML pages, VB.NET) is called auto-fixable; a custom domain is noted from the URL itself', async () => {
    const root = join(tmp, 'not-rewritten');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'export.sh'), '#!/bin/bash\nfor id in $IDS; do\n  curl -u $KEY:X https://support.example-corp.com.au/helpdesk/tickets/$id.json > t$id.json\ndone\n');
    writeFileSync(join(root, 'sync.py'), 'import requests\n\ndef create(base, data):\n    return requests.post("https://acme.freshdesk.com/helpdesk/tickets.json", json=data)\n');
    // a page with an inline script (the codemod edits .js/.ts files, not pages) and a VB.NET module read by pattern
    writeFileSync(join(root, 'widget.html'), '<html><body><script>\n$.ajax({ url: "https://acme.freshdesk.com/helpdesk/tickets/" + 7 + ".json", type: "DELETE" });\n</script></body></html>\n');
    writeFileSync(join(root, 'Delete.vb'), 'Module M\n  Sub Main()\n    Dim req As HttpWebRequest = WebRequest.Create("https://acme.freshdesk.com/helpdesk/tickets/7.json")\n    req.Method = "DELETE"\n  End Sub\nEnd Module\n');
    const r = await runAudit({ root, jobs: 1 });
    const calls = r.findings.filter((f) => f.kind === 'call');
    expect(calls.map((f) => `${f.file} ${f.rule}`).sort()).toEqual(['Delete.vb tickets.delete', 'export.sh tickets.view', 'sync.py tickets.create', 'widget.html tickets.delete']);
    for (const f of r.findings) expect(f.autofix).toBe(false);
    const py = calls.find((f) => f.file === 'sync.py')!;
    expect(py.advice).not.toContain('Auto-fixable');
    expect(py.advice).toContain('The codemod rewrites JavaScript and TypeScript only');
    expect(calls.find((f) => f.file === 'export.sh')!.customDomain).toBe('support.example-corp.com.au');
    expect(r.summary.autofix).toBe(0);
  });

  it('takes the method from where real scripts and Java clients set it (top-level scripts, a resource used later, JAX-RS, HttpClient 3/4)', async () => {
    const root = join(tmp, 'methods');
    mkdirSync(join(root, 'src'), { recursive: true });
    // a Ruby script: the resource is built first and used with a verb later
    writeFileSync(join(root, 'delete_group.rb'), 'require "rest_client"\nsite = RestClient::Resource.new("https://acme.freshdesk.com/groups/#{ARGV[0]}.json", ENV["KEY"], "X")\nresponse = site.delete\nputs response.code\n');
    // a PHP script at top level: curl_init, then its options
    writeFileSync(join(root, 'update_ticket.php'), '<?php\n$c = curl_init("$domain/helpdesk/tickets/$id.json");\ncurl_setopt($c, CURLOPT_RETURNTRANSFER, true);\ncurl_setopt($c, CURLOPT_CUSTOMREQUEST, "PUT");\ncurl_setopt($c, CURLOPT_POSTFIELDS, $body);\n$r = curl_exec($c);\n');
    // the URL set as an option after curl_init(); an attachment's File.new between the resource and its use
    writeFileSync(join(root, 'create_user.php'), '<?php\n$c = curl_init();\ncurl_setopt($c, CURLOPT_POST, 1);\ncurl_setopt($c, CURLOPT_POSTFIELDS, $json);\ncurl_setopt($c, CURLOPT_URL, "https://acme.freshdesk.com/contacts.json");\n$r = curl_exec($c);\n');
    writeFileSync(join(root, 'ticket_with_file.rb'), 'site = RestClient::Resource.new("https://acme.freshdesk.com/helpdesk/tickets.json", key, "X")\nfile = File.new("/tmp/a.png", "rb")\nresponse = site.post({ helpdesk_ticket: { subject: "s", attachments: { "" => { resource: file } } } })\n');
    writeFileSync(
      join(root, 'src', 'Desk.java'),
      `class Desk {
  String create(javax.ws.rs.client.Client client, String domain, Object entity) {
    javax.ws.rs.client.WebTarget target = client.target(domain);
    return target.path("helpdesk").path("tickets.json").request("application/json").post(entity, String.class);
  }
  void update(String endpoint) throws Exception {
    final RequestBuilder reqBuilder = RequestBuilder.put();
    java.net.URL url = new java.net.URL(endpoint + "/contacts/7.json");
    reqBuilder.setUri(url.toURI());
  }
  void remove(String endpoint) {
    DeleteMethod method = new DeleteMethod(endpoint + "/helpdesk/tickets/9.json");
  }
}
`,
    );
    const r = await runAudit({ root, jobs: 1 });
    const calls = r.findings.filter((f) => f.kind === 'call').map((f) => `${f.file} ${f.endpoint} ${f.rule}`).sort();
    expect(calls).toEqual([
      'create_user.php POST /contacts.json contacts.create',
      'delete_group.rb DELETE /groups/{ARGV0}.json groups.delete',
      'src/Desk.java DELETE /helpdesk/tickets/9.json tickets.delete',
      'src/Desk.java POST /helpdesk/tickets.json tickets.create',
      'src/Desk.java PUT /contacts/7.json contacts.update',
      'ticket_with_file.rb POST /helpdesk/tickets.json tickets.create',
      'update_ticket.php PUT /helpdesk/tickets/{id}.json tickets.update',
    ]);
  });

  it('finds a payload wrapper inside an escaped JSON string (C#, Java)', async () => {
    const root = join(tmp, 'escaped');
    mkdirSync(root, { recursive: true });
    writeFileSync(
      join(root, 'CreateTicket.cs'),
      'class CreateTicket {\n  static void Main() {\n    string json = "{\\"helpdesk_ticket\\": {\\"email\\":\\"a@b.example\\",\\"subject\\":\\"s\\"}}";\n    var request = (HttpWebRequest)WebRequest.Create("https://acme.freshdesk.com/helpdesk/tickets.json");\n    request.Method = "POST";\n  }\n}\n',
    );
    const r = await runAudit({ root, jobs: 1 });
    expect(r.findings.map((f) => `${f.line} ${f.kind} ${f.rule}`).sort()).toEqual(['3 wrapper tickets.create', '4 call tickets.create']);
  });

  it('audits a file that does not parse by pattern and says so', async () => {
    const root = join(tmp, 'broken');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'sync.py'), 'def push(:\n    ))) requests.put("https://x.freshdesk.com/helpdesk/tickets/1.json" ((( \n  ]]] {{{ \n');
    const r = await runAudit({ root, jobs: 1 });
    expect(r.skipped).toEqual([expect.objectContaining({ file: 'sync.py', reason: 'parse-error' })]);
    expect(r.skipped[0]!.detail).toContain('audited by pattern instead');
    expect(r.findings.map((f) => [f.line, f.rule, f.via])).toEqual([[2, 'tickets.update', 'pattern']]);
  });

  it('a large tree read on the scan worker hands the helper index its files: the same findings as one thread', async () => {
    // the polyglot fixtures, and 3,200 files of other languages so the tree is read on the worker
    const root = join(tmp, 'large-polyglot');
    for (const lang of ['ruby', 'php', 'python', 'csharp', 'java', 'go', 'shell']) cpSync(join(FIX, `polyglot-${lang}`), join(root, lang), { recursive: true });
    for (let i = 0; i < 3200; i++) {
      const dir = join(root, 'lib', `m${i % 40}`);
      mkdirSync(dir, { recursive: true });
      if (i % 3 === 0) writeFileSync(join(dir, `f${i}.py`), `def f${i}(x):\n    return x * ${i}\n`);
      else if (i % 3 === 1) writeFileSync(join(dir, `f${i}.rb`), `def f${i}(x)\n  x * ${i}\nend\n`);
      else writeFileSync(join(dir, `f${i}.php`), `<?php\nfunction f${i}($x) { return $x * ${i}; }\n`);
    }
    // a candidate listed early whose URL helper is defined in a file read late (the index must be
    // whole before the candidate is audited), and a file with no v1 word that only calls a helper
    // (found in the texts the worker kept)
    mkdirSync(join(root, 'aa'), { recursive: true });
    mkdirSync(join(root, 'zz'), { recursive: true });
    writeFileSync(join(root, 'aa', 'notes.py'), 'import requests\nfrom zz.paths import note_path\n\ndef add_note(base, tid, text):\n    return requests.post(base + note_path(tid), json={"helpdesk_note": {"body": text}})\n');
    writeFileSync(join(root, 'aa', 'sync.py'), 'import requests\nfrom zz.paths import ticket_path\n\ndef load(base, tid):\n    return requests.get(base + ticket_path(tid)).json()\n');
    writeFileSync(join(root, 'zz', 'paths.py'), 'def ticket_path(tid):\n    return "/helpdesk/tickets/%s.json" % tid\n\n\ndef note_path(tid):\n    return "/helpdesk/tickets/%s/conversations/note.json" % tid\n');
    const streamed = await runAudit({ root });
    const single = await runAudit({ root, jobs: 1 });
    expect(streamed.summary.threads!.scanWorker).toBe(true);
    expect(single.summary.threads!.scanWorker).toBe(false);
    expect(streamed.findings).toEqual(single.findings);
    expect(streamed.summary.files).toEqual(single.summary.files);
    const calls = streamed.findings.filter((f) => f.kind === 'call' && f.file.startsWith('aa/')).map((f) => `${f.file} ${f.endpoint}`);
    expect(calls).toEqual(['aa/notes.py POST /helpdesk/tickets/{tid}/conversations/note.json', 'aa/sync.py GET /helpdesk/tickets/{tid}.json']);
    // the fixtures' own findings, as each fixture audited alone finds them (Ruby's create_url client, PHP's setUrlSuffix)
    const ruby = await runAudit({ root: join(FIX, 'polyglot-ruby'), jobs: 1 });
    const own = (r: typeof ruby, prefix: string) => r.findings.filter((f) => f.file.startsWith(prefix)).map((f) => `${f.file.slice(prefix.length)}:${f.line} ${f.kind} ${f.rule} ${f.method}`);
    expect(own(streamed, 'ruby/')).toEqual(own(ruby, ''));
    // the next audit of the process gets the kept thread back, and the same answer
    const again = await runAudit({ root });
    expect(again.findings).toEqual(single.findings);
  }, 60_000);

  it('maps CoffeeScript findings to the .coffee lines and reports the compiled twin once', async () => {
    const r = await runAudit({ root: join(FIX, 'polyglot-coffee'), jobs: 1 });
    expect(r.summary.twins).toEqual([{ source: 'src/freshdesk.coffee', generated: 'src/freshdesk.js' }]);
    expect(r.findings.filter((f) => f.file === 'src/freshdesk.js')).toEqual([]);
    const view = r.findings.find((f) => f.rule === 'tickets.view')!;
    expect([view.file, view.line, view.snippet]).toEqual(['src/freshdesk.coffee', 21, '@get "/helpdesk/tickets/#{id}.json", cb']);
    expect(view.twins).toEqual(['src/freshdesk.js:53']);
  });

  /** Audits a tree of small files written here; its call findings as `file:line rule method`. */
  async function calls(name: string, files: Record<string, string>): Promise<string[]> {
    const root = join(tmp, name);
    for (const [f, body] of Object.entries(files)) {
      mkdirSync(join(root, f, '..'), { recursive: true });
      writeFileSync(join(root, f), body);
    }
    const r = await runAudit({ root, jobs: 1 });
    return r.findings.filter((f) => f.kind === 'call' || f.kind === 'url').map((f) => `${f.file}:${f.line} ${f.kind} ${f.rule} ${f.method ?? '?'}`);
  }

  it("a urllib Request is a GET without data whatever its function is called (`fd_get_ticket` as `load_ticket`)", async () => {
    const py = [
      'import urllib2',
      '',
      'def fd_get_contact(base, cid):',
      "    req = urllib2.Request(url=base + '/contacts/{0}.json'.format(cid), headers={'Accept': 'application/json'})",
      '    return urllib2.urlopen(req).read()',
      '',
      'def fetch_contact(base, cid):',
      "    req = urllib2.Request(base + '/contacts/{0}.json'.format(cid))",
      '    return urllib2.urlopen(req).read()',
      '',
      'def fd_put_contact(base, cid, body):',
      "    req = urllib2.Request(base + '/contacts/{0}.json'.format(cid), body)",
      "    req.get_method = lambda: 'PUT'",
      '    return urllib2.urlopen(req).read()',
      '',
    ].join('\n');
    expect(await calls('urllib-request', { 'sync.py': py })).toEqual(['sync.py:4 call contacts.view GET', 'sync.py:8 call contacts.view GET', 'sync.py:12 call contacts.update PUT']);
  });

  it('a URL assigned in each branch of a conditional reaches the one request after it (every branch, not the last)', async () => {
    const py = [
      'import requests',
      '',
      "BASE = 'https://acme.freshdesk.com'",
      '',
      'def people(kind, auth):',
      "    if kind == 'agents':",
      "        url = BASE + '/contacts.json?state=verified'",
      "    elif kind == 'one':",
      "        url = BASE + '/contacts/1.json'",
      '    else:',
      "        url = BASE + '/groups.json'",
      '    return requests.get(url, auth=auth).json()',
      '',
      'def one(auth, tid):',
      "    url = BASE + '/helpdesk/tickets.json'",
      '    if tid:',
      "        url = BASE + '/helpdesk/tickets/%s.json' % tid",
      '    return requests.get(url, auth=auth).json()',
      '',
    ].join('\n');
    expect((await calls('branch-url', { 'people.py': py })).sort()).toEqual([
      'people.py:12 call contacts.list GET',
      'people.py:12 call contacts.view GET',
      'people.py:12 call groups.list GET',
      'people.py:18 call tickets.view GET',
      'people.py:18 call tickets.list GET',
    ].sort());
  });

  it('a URL handed to a helper that makes a GET is a GET call, also from a loop over a list of tuples', async () => {
    const py = [
      'import requests',
      '',
      "BASE = 'https://acme.freshdesk.com'",
      '',
      'def check(url):',
      "    return requests.get(url, auth=('key', 'X')).ok",
      '',
      'def smoke():',
      '    targets = [',
      "        ('tickets', BASE + '/helpdesk/tickets.json'),",
      "        ('groups', BASE + '/groups.json'),",
      "        ('v2', BASE + '/api/v2/tickets'),",
      '    ]',
      '    for name, address in targets:',
      '        print(name, check(address))',
      "    return check(BASE + '/contacts.json')",
      '',
    ].join('\n');
    expect((await calls('helper-get', { 'smoke.py': py })).sort()).toEqual(['smoke.py:15 call groups.list GET', 'smoke.py:15 call tickets.list GET', 'smoke.py:16 call contacts.list GET']);
  });

  it('a method passed by name to a request wrapper (Go: `c.Do(u, DELETE, nil)`, `http.MethodPut`, a constant) is the call\'s method', async () => {
    const go = [
      'package desk',
      '',
      'import (',
      '\t"fmt"',
      '\t"net/http"',
      ')',
      '',
      'const remove = "DELETE"',
      '',
      'func (c *Client) DropGroup(id int) error {',
      '\tu := c.base + fmt.Sprintf("/groups/%d.json", id)',
      '\treturn c.Do(u, remove, nil)',
      '}',
      '',
      'func (c *Client) RenameGroup(id int, body []byte) error {',
      '\tu := c.base + fmt.Sprintf("/groups/%d.json", id)',
      '\treturn c.DoWithResult(u, http.MethodPut, body)',
      '}',
      '',
      'func (c *Client) Group(id int, out *Group) error {',
      '\tu := c.base + fmt.Sprintf("/groups/%d.json", id)',
      '\treturn c.Do(u, GET, out)',
      '}',
      '',
    ].join('\n');
    expect(await calls('go-method-arg', { 'groups.go': go })).toEqual(['groups.go:12 call groups.delete DELETE', 'groups.go:17 call groups.update PUT', 'groups.go:22 call groups.view GET']);
  });

  it('a request to a Freshservice account is reported as in JavaScript: never auto-fixable, with the same advice (a freshservice.com host, or a class named for it)', async () => {
    const root = join(tmp, 'freshservice');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'service_desk.py'), [
      'import requests',
      '',
      "SD = 'https://acme.freshservice.com'",
      '',
      'def open_ticket(body, auth):',
      "    return requests.post(SD + '/helpdesk/tickets.json', json=body, auth=auth)",
      '',
      'class FreshServiceClient:',
      '    def note(self, tid, body):',
      "        return requests.post(self.base + '/helpdesk/tickets/%s/conversations/note.json' % tid, json=body)",
      '',
      'def desk_ticket(tid, auth):',
      "    return requests.get('https://acme.freshdesk.com/helpdesk/tickets/%s.json' % tid, auth=auth)",
      '',
    ].join('\n'));
    writeFileSync(join(root, 'service_desk.js'), "const SD = 'https://acme.freshservice.com';\nfunction openTicket(body) {\n  return fetch(SD + '/helpdesk/tickets.json', { method: 'POST', body: JSON.stringify(body) });\n}\nmodule.exports = { openTicket };\n");
    // (read by pattern: PowerShell)
    writeFileSync(join(root, 'notify.ps1'), '$u = "https://acme.freshservice.com/helpdesk/tickets/42/conversations/note.json"\nInvoke-RestMethod -Method Post -Uri $u -Body $note\n');
    const r = await runAudit({ root, jobs: 1 });
    const need = (f: { advice: string }) => /the request goes to [^:]*: this catalogue maps.*?migrate it by hand/.exec(f.advice)?.[0] ?? null;
    const calls = r.findings.filter((f) => f.kind === 'call').map((f) => `${f.file}:${f.line} ${f.rule} ${f.method} ${f.autofix} ${need(f)}`);
    const fs = (host: string) => `the request goes to ${host}: this catalogue maps the helpdesk's v1 to the helpdesk's v2, not to Freshservice's v2 (other answers and fields); migrate it by hand`;
    expect(calls).toEqual([
      `notify.ps1:1 notes.create POST false ${fs('acme.freshservice.com, a Freshservice account')}`,
      `service_desk.js:3 tickets.create POST false ${fs('acme.freshservice.com, a Freshservice account')}`,
      `service_desk.py:6 tickets.create POST false ${fs('acme.freshservice.com, a Freshservice account')}`,
      `service_desk.py:10 notes.create POST false ${fs('a Freshservice account (so the code names its host)')}`,
      'service_desk.py:13 tickets.view GET false null',
    ]);
  });
  it('resolves a request path against its client\'s base URL as RFC 3986 does (Guzzle base_uri, base_url=, BaseAddress)', () => {
    const lit = (text: string) => ({ text, dynamic: false });
    const hole = (text: string) => ({ text: `{${text}}`, dynamic: true });
    const text = (v: Array<{ text: string }> | null) => v?.map((p) => p.text).join('') ?? null;
    const base = [lit('https://'), hole('account'), lit('.freshdesk.com/helpdesk/')];
    // a relative path is appended to a base ending in `/`, a leading `/` replaces the base's path
    expect(text(resolveReference(base, [lit('tickets/'), hole('id'), lit('.json')]))).toBe('https://{account}.freshdesk.com/helpdesk/tickets/{id}.json');
    expect(text(resolveReference(base, [lit('/contacts.json')]))).toBe('https://{account}.freshdesk.com/contacts.json');
    // without a trailing `/` the base's last segment is replaced; a host alone gets a `/`
    expect(text(resolveReference([lit('https://acme.freshdesk.com/helpdesk')], [lit('groups.json')]))).toBe('https://acme.freshdesk.com/groups.json');
    expect(text(resolveReference([lit('https://acme.freshdesk.com')], [lit('groups.json')]))).toBe('https://acme.freshdesk.com/groups.json');
    // an absolute URL, a path starting with a hole, or a base without a written scheme: no resolution
    expect(resolveReference(base, [lit('https://other.example.com/x.json')])).toBeNull();
    expect(resolveReference(base, [hole('path')])).toBeNull();
    expect(resolveReference([hole('base')], [lit('tickets.json')])).toBeNull();
  });
});

describe('server routes, declarative clients and methods named by the chain (issue 14, eval20)', () => {
  const methods = async (files: Record<string, string>) => {
    const root = mkdtempSync(join(tmp, 'routes-'));
    for (const [f, text] of Object.entries(files)) {
      mkdirSync(join(root, f, '..'), { recursive: true });
      writeFileSync(join(root, f), text);
    }
    const r = await runAudit({ root, jobs: 1 });
    return r.findings.filter((f) => (f.kind === 'call' || f.kind === 'url') && !f.inComment).map((f) => `${f.file}:${f.line} ${f.kind} ${f.method ?? '?'} ${f.rule}`);
  };

  it('GET-only clients, Flurl verbs and Kotlin requestMethod give the method', async () => {
    expect(await methods({
      'Reader.cs': 'using System.Net;\nusing System.Net.Http.Json;\nclass Reader {\n  const string Base = "https://acme.freshdesk.com";\n  HttpClient _http;\n  Task<object> A() => _http.GetFromJsonAsync<object>($"{Base}/agents.json");\n  string G(WebClient wc) => wc.DownloadString(Base + "/groups.json");\n  Task<object> P(IFlurlRequest r) => r.PostJsonAsync("https://acme.freshdesk.com/helpdesk/tickets.json");\n  Task<byte[]> T() => _http.GetByteArrayAsync(Base + "/helpdesk/time_sheets.json");\n}\n',
      'net.rb': 'require "net/http"\ndef roster(domain)\n  Net::HTTP.get(URI("https://#{domain}.freshdesk.com/agents.json"))\nend\n',
      'Fuel.kt': 'class Fuel(val base: String) {\n  fun roster() = "$base/agents.json".httpGet().responseString()\n  fun drop(id: Long) = "$base/helpdesk/tickets/$id.json".httpDelete().response()\n}\n',
      'Conn.kt': 'fun drop(base: String, id: Long) {\n  val conn = URL("$base/helpdesk/tickets/$id.json").openConnection() as HttpURLConnection\n  conn.requestMethod = "DELETE"\n  conn.responseCode\n}\n',
    })).toEqual([
      'Conn.kt:2 call DELETE tickets.delete',
      'Fuel.kt:2 call GET agents.list',
      'Fuel.kt:3 call DELETE tickets.delete',
      'Reader.cs:6 call GET agents.list',
      'Reader.cs:7 call GET groups.list',
      'Reader.cs:8 call POST tickets.create',
      'Reader.cs:9 call GET time-entries.list',
      'net.rb:3 call GET agents.list',
    ]);
  });

  it('Java 11 HttpRequest and WebClient: the method of the builder chain, the URL inside URI.create or a uri-builder lambda', async () => {
    expect(await methods({
      'Sync.java': [
        'class Sync {',
        '  void a(String base) { HttpRequest.newBuilder(URI.create(base + "/helpdesk/time_sheets.json")).build(); }',
        '  void b(String base) { HttpRequest.newBuilder().uri(URI.create(base + "/groups.json")).method("POST", body).build(); }',
        '  void c(WebClient w) { w.delete().uri("/helpdesk/tickets/{id}.json", 1).retrieve(); }',
        '  void d(WebClient w) { w.method(HttpMethod.PUT).uri(b -> b.path("/contacts/{id}.json").build(1)).retrieve(); }',
        '}',
      ].join('\n'),
    })).toEqual([
      'Sync.java:2 call GET time-entries.list',
      'Sync.java:3 call POST groups.create',
      'Sync.java:4 call DELETE tickets.delete',
      'Sync.java:5 call PUT contacts.update',
    ]);
  });

  it('annotations: Retrofit/Refit/Feign/Spring HTTP interfaces and @GetMapping in a @FeignClient are calls; controllers and uplink-less decorators are routes', async () => {
    expect(await methods({
      'Desk.java': 'interface Desk {\n  @DeleteExchange("/helpdesk/tickets/{id}.json") void drop(long id);\n  @HttpExchange(method = "PUT", url = "/contacts/{id}.json") void put(long id);\n}\n',
      'Micro.java': '@Client("https://acme.freshdesk.com")\ninterface Micro {\n  @Get("/agents.json") List<Object> agents();\n}\n',
      'Ctl.java': '@Controller("/x")\nclass Ctl {\n  @Get("/agents.json") List<Object> agents() { return null; }\n}\n',
      'Rest.java': '@RegisterRestClient(configKey = "desk")\ninterface Rest {\n  @POST\n  @Path("/helpdesk/tickets.json") Object create(Object t);\n}\n',
      'desk_uplink.py': 'from uplink import Consumer, get, post\n\nclass Desk(Consumer):\n    @post("helpdesk/tickets.json")\n    def create(self, **body): pass\n',
      'lookalike_routes.py': 'from flask import Flask\napp = Flask(__name__)\n\n@app.get("/helpdesk/tickets.json")\ndef tickets():\n    return []\n',
      // client calls that look like routes stay findings
      'client.rb': 'class Desk\n  include HTTParty\n  base_uri "https://acme.freshdesk.com"\n  def self.tickets\n    get("/helpdesk/tickets.json")\n  end\n  def note(conn, id)\n    conn.post("/helpdesk/tickets/#{id}/conversations/note.json") { |req| req.body = "{}" }\n  end\nend\n',
      'client.go': 'package desk\n\nfunc create(base string, body io.Reader) {\n\thttp.Post(base+"/helpdesk/tickets.json", "application/json", body)\n}\n\nfunc (c *Client) Agents(out interface{}) error {\n\treturn c.Get("/agents.json", out)\n}\n',
      'Vertx.java': 'class Vertx {\n  void groups(HttpClient client) {\n    client.get("/groups.json", resp -> resp.bodyHandler(b -> {})).putHeader("Authorization", auth).end();\n  }\n}\n',
      'Ktor.kt': 'suspend fun open(client: HttpClient, t: Any) = client.post("/helpdesk/tickets.json") { setBody(t) }\n',
      'Javalin.java': 'class Web {\n  void mount(Javalin app) {\n    app.get("/helpdesk/tickets.json", ctx -> ctx.json(java.util.List.of()));\n  }\n}\n',
      'routes.go': 'package web\n\nfunc Mount(r chi.Router, h *Handlers) {\n\tr.Get("/helpdesk/tickets.json", h.ListTickets)\n\tr.Post("/contacts.json", createContact)\n}\n\nfunc createContact(w http.ResponseWriter, r *http.Request) {}\n',
    })).toEqual([
      'Desk.java:2 call DELETE tickets.delete',
      'Desk.java:3 call PUT contacts.update',
      'Ktor.kt:1 call POST tickets.create',
      'Micro.java:3 call GET agents.list',
      'Rest.java:4 call POST tickets.create',
      'Vertx.java:3 call GET groups.list',
      'client.go:4 call POST tickets.create',
      'client.go:8 call GET agents.list',
      'client.rb:5 call GET tickets.list',
      'client.rb:8 call POST notes.create',
      'desk_uplink.py:4 call POST tickets.create',
    ]);
  });

  it('Retrofit/Refit paths held in constants are calls at the annotation with its method, and the constant no bare URL', async () => {
    expect(await methods({
      'FdApi.kt': 'import retrofit2.http.*\n\nconst val NOTE_PATH = "helpdesk/tickets/{id}/conversations/note.json"\n\ninterface FdApi {\n  companion object {\n    const val TICKETS = "helpdesk/tickets.json"\n  }\n  @POST(NOTE_PATH)\n  suspend fun note(@Path("id") id: Long, @Body b: Any): Any\n  @GET(FdApi.TICKETS)\n  suspend fun tickets(): List<Any>\n  @GET("helpdesk/tickets/filter/all_tickets")\n  suspend fun all(@Query("format") format: String = "json"): List<Any>\n}\n',
      'Fd.java': 'import retrofit2.http.*;\n\npublic interface Fd {\n  String NOTE = "helpdesk/tickets/{id}/conversations/note.json";\n  @POST(NOTE)\n  Call<Object> note(@Path("id") long id, @Body Object b);\n  @HTTP(method = "DELETE", path = Paths.GROUP)\n  Call<Void> drop(@Path("id") long id);\n}\nclass Paths {\n  static final String GROUP = "groups/{id}.json";\n}\n',
      'IDesk.cs': 'using Refit;\n\npublic static class Paths {\n  public const string Agents = "/agents.json";\n}\npublic interface IDesk {\n  [Get(Paths.Agents)]\n  Task<object> Agents();\n}\n',
      // a suffix-less path whose format parameter has no default: not a v1 request
      'Other.kt': 'interface Other {\n  @GET("helpdesk/tickets/filter/all_tickets")\n  suspend fun all(@Query("format") format: String): List<Any>\n}\n',
    })).toEqual([
      'Fd.java:5 call POST notes.create',
      'Fd.java:7 call DELETE groups.delete',
      'FdApi.kt:9 call POST notes.create',
      'FdApi.kt:11 call GET tickets.list',
      'FdApi.kt:13 call GET tickets.filter',
      'IDesk.cs:7 call GET agents.list',
    ]);
  });

  it('C# object initializers and absolute interpolated URLs on a BaseAddress client, Ruby Net::HTTP.get_response: the call with its method', async () => {
    expect(await methods({
      'Admin.cs': 'class Admin {\n  const string Site = "https://acme.freshdesk.com";\n  readonly HttpClient _c = new HttpClient { BaseAddress = new Uri(Site + "/") };\n  Task A(long id) {\n    var req = new HttpRequestMessage {\n      Method = HttpMethod.Delete,\n      RequestUri = new Uri($"{Site}/groups/{id}.json"),\n    };\n    return _c.SendAsync(req);\n  }\n  Task<Stream> T() => _c.GetStreamAsync($"{Site}/helpdesk/time_sheets.json");\n}\n',
      'export.rb': 'require "net/http"\nBASE = "https://acme.freshdesk.com/"\ndef contact(id)\n  Net::HTTP.get_response(URI.join(BASE, "contacts/#{id}.json"))\nend\n',
    })).toEqual([
      'Admin.cs:7 call DELETE groups.delete',
      'Admin.cs:11 call GET time-entries.list',
      'export.rb:4 call GET contacts.view',
    ]);
  });

  it('a Freshservice SDK named only by its namespace or package gets the Freshservice need', async () => {
    const root = mkdtempSync(join(tmp, 'fs-ns-'));
    mkdirSync(join(root, 'src'), { recursive: true });
    writeFileSync(join(root, 'src/Tickets.php'), '<?php\nnamespace Doozycode\\Freshservice\\Endpoints;\n\nclass Tickets {\n  public function create($t) { return $this->_client->request("post", "/helpdesk/tickets.json", $t); }\n}\n');
    writeFileSync(join(root, 'src/Agents.java'), 'package com.acme.freshservice.api;\n\nclass Agents {\n  Object all(OkHttpClient c) { return c.newCall(new Request.Builder().url("/agents.json").build()).execute(); }\n}\n');
    writeFileSync(join(root, 'src/Desk.php'), '<?php\nnamespace Acme\\Desk;\n\nclass Desk {\n  public function create($t) { return $this->client->request("post", "/helpdesk/tickets.json", $t); }\n}\n');
    const r = await runAudit({ root, jobs: 1 });
    const calls = r.findings.filter((f) => f.kind === 'call').map((f) => `${f.file}:${f.line} ${f.rule} ${/goes to a Freshservice account/.test(f.advice)}`);
    expect(calls).toEqual(['src/Agents.java:4 agents.list true', 'src/Desk.php:5 tickets.create false', 'src/Tickets.php:5 tickets.create true']);
  });

  it('a comment naming the product the file talks to (its host, its API) gives the Freshservice need; a mere mention does not', async () => {
    const root = mkdtempSync(join(tmp, 'fs-comment-'));
    mkdirSync(join(root, 'Controllers'), { recursive: true });
    writeFileSync(
      join(root, 'Controllers/RequestsController.cs'),
      'namespace Intranet.Web.Controllers\n{\n    /// <summary>\n    /// Opens service requests on https://intranet-it.freshservice.com\n    /// </summary>\n    public class RequestsController : Controller\n    {\n        public ActionResult Open(string domain, long id)\n        {\n            var wr = (HttpWebRequest)WebRequest.Create(string.Format("{0}/helpdesk/tickets/{1}/conversations/note.json", domain, id));\n            wr.Method = "POST";\n            return View();\n        }\n    }\n}\n',
    );
    writeFileSync(join(root, 'sync_agents.py'), '# Freshservice API client for the asset sync job\nimport requests\n\ndef agents(base, key):\n    return requests.get(base + "/agents.json", auth=(key, "X")).json()\n');
    // the helpdesk's own client: Freshservice is only mentioned
    writeFileSync(join(root, 'desk_groups.py'), '# Freshservice has the same endpoint, but this job only reads our desk\nimport requests\n\ndef groups(base, key):\n    return requests.get(base + "/groups.json", auth=(key, "X")).json()\n');
    const r = await runAudit({ root, jobs: 1 });
    const calls = r.findings.filter((f) => f.kind === 'call').map((f) => `${f.file}:${f.line} ${f.method} ${f.rule} ${/goes to a Freshservice account/.test(f.advice)}`);
    expect(calls.sort()).toEqual(['Controllers/RequestsController.cs:10 POST notes.create true', 'desk_groups.py:5 GET groups.list false', 'sync_agents.py:5 GET agents.list true']);
  });
});

describe('shell case statements (the bash grammar cannot parse `esac` in this runtime)', () => {
  it('reads the commands of every arm, by syntax tree, with their methods', async () => {
    const root = join(tmp, 'case-arms');
    mkdirSync(root, { recursive: true });
    writeFileSync(
      join(root, 'fd.sh'),
      [
        '#!/bin/bash',
        'FD="https://acme.freshdesk.com"',
        'case "$1" in',
        '  list)',
        '    curl -s -u "$FD_KEY:X" "$FD/helpdesk/tickets.json?filter_name=all_tickets"',
        '    ;;',
        '  new|add)',
        '    curl -s -u "$FD_KEY:X" -X POST -d \'{"helpdesk_ticket":{"subject":"x"}}\' "$FD/helpdesk/tickets.json" ;;',
        '  close) curl -s -u "$FD_KEY:X" -X PUT -d \'{"helpdesk_ticket":{"status":5}}\' "$FD/helpdesk/tickets/$2.json" ;;',
        '  *) echo "usage: $0 list|new|close" ;;',
        'esac',
        '',
      ].join('\n'),
    );
    const r = await runAudit({ root, jobs: 1 });
    expect(r.skipped).toEqual([]);
    expect(r.findings.filter((f) => f.kind === 'call').map((f) => `${f.line} ${f.method} ${f.rule} ${f.via}`)).toEqual([
      '5 GET tickets.list syntax',
      '8 POST tickets.create syntax',
      '9 PUT tickets.update syntax',
    ]);
  });

  it('reads a case on one line, arms on the `in` line and nested cases; a `)` in a command is no pattern', async () => {
    const root = join(tmp, 'case-one-line');
    mkdirSync(root, { recursive: true });
    writeFileSync(
      join(root, 'fdctl'),
      [
        '#!/usr/bin/env bash',
        'FD="https://acme.freshdesk.com"',
        'fd() { curl -sS -u "$FD_KEY:X" -H "Content-Type: application/json" "$@"; }',
        'cat <<EOF >&2',
        'usage: fdctl new | pick ID | note ID | agent rm ID  (case ;; esac)',
        'EOF',
        'case "${1:-}" in new) fd -X POST -d @t.json "$FD/helpdesk/tickets.json" ;; pick) fd -X PUT "$FD/helpdesk/tickets/$2/pick_tickets.json" ;; esac',
        'case "$1" in note) echo "(note)"; fd -X POST -d @n.json "$FD/helpdesk/tickets/$2/conversations/note.json" ;;',
        '  agent) case "$2" in',
        '      rm) fd -X DELETE "$FD/agents/$3.json" ;; esac ;;',
        '  (*) v=$(case "$2" in x) echo 1;; esac); echo "usage (x) $v" >&2 ;;',
        'esac',
        '',
      ].join('\n'),
    );
    const r = await runAudit({ root, jobs: 1 });
    expect(r.skipped).toEqual([]);
    expect(r.findings.filter((f) => f.kind === 'call').map((f) => `${f.line} ${f.method} ${f.rule} ${f.via}`)).toEqual([
      '7 POST tickets.create syntax',
      '7 PUT tickets.pick syntax',
      '8 POST notes.create syntax',
      '10 DELETE agents.delete syntax',
    ]);
  });

  it('a case statement the rewrite cannot flatten is audited by pattern, never an error', async () => {
    const root = join(tmp, 'case-inline');
    mkdirSync(root, { recursive: true });
    // (`b c)` is no pattern: bash rejects it too)
    writeFileSync(join(root, 'one.sh'), 'case "$1" in new) curl -X POST "https://acme.freshdesk.com/helpdesk/tickets.json" ;; b c) x ;; esac\n');
    writeFileSync(join(root, 'two.sh'), 'curl -s "https://acme.freshdesk.com/contacts.json"\n');
    const r = await runAudit({ root, jobs: 1 });
    expect(r.skipped.map((s) => `${s.file} ${s.reason}`)).toEqual(['one.sh parse-error']);
    // (the parser after the failure still reads the next file by tree)
    expect(r.findings.filter((f) => f.kind === 'call').map((f) => `${f.file} ${f.method} ${f.rule} ${f.via}`).sort()).toEqual([
      'one.sh POST tickets.create pattern',
      'two.sh GET contacts.list syntax',
    ]);
  });
});
