/**
 * The importers' pass: a module whose answers reach the files that import it (a return, or a
 * callback of an exported function) is audited with those files, and an importer's read of such an
 * answer takes its call's verdict (as the codemod changes the read with the call, or leaves both).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAudit } from '../../src/audit/index.ts';

const ROOT = path.resolve('fixtures/codemod/importer-reads/input');

describe('importers of a module with v1 answers', () => {
  it('ties the importers’ reads to the calls, both ways', async () => {
    const audit = await runAudit({ root: ROOT, jobs: 1 });
    const at = (file: string, line: number, kind: string) => audit.findings.find((f) => f.file === file && f.line === line && f.kind === kind);
    // a returned answer read in app.js (renames only): the call and the read migrate together
    expect(at('lib/contacts.js', 8, 'call')?.autofix).toBe(true);
    expect(at('app.js', 5, 'response-read')?.autofix).toBe(true);
    // a callback's answer whose agent_list the importer splits (v2 gives the array agent_ids): both stay
    const group = at('lib/contacts.js', 13, 'call');
    expect(group?.autofix).toBe(false);
    expect(group?.advice).toMatch(/agent_list is read \(app\.js:8\)/);
    const read = at('app.js', 8, 'response-read');
    expect(read?.autofix).toBe(false);
    expect(read?.advice).toMatch(/Not auto-fixable: it changes with its call \(contacts\.js:13\)/);
  });
});
