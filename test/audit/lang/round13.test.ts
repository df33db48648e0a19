/**
 * Issue 14, thirteenth round (held-out eval30): comments and data that were read as code, file
 * paths taken for URLs, a method no v1 rule has for a path, and methods lost or taken from
 * another statement. Each case is the smallest code of its shape.
 */
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../../src/audit/index.ts';

const tmp = mkdtempSync(join(tmpdir(), 'hdm-r13-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let n = 0;
async function audit(files: Record<string, string>) {
  const root = join(tmp, `u${n++}`);
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, f)), { recursive: true });
    writeFileSync(join(root, f), text);
  }
  return runAudit({ root, jobs: 1 });
}

/** `file:line kind METHOD rule` of the live call and url findings. */
async function calls(files: Record<string, string>): Promise<string[]> {
  const r = await audit(files);
  return r.findings
    .filter((f) => (f.kind === 'call' || f.kind === 'url') && !f.inComment)
    .map((f) => `${f.file}:${f.line} ${f.kind} ${f.method ?? '?'} ${f.rule}`);
}

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
