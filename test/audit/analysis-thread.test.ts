/**
 * The analysis thread (src/audit/analysis-thread.ts): started after an audit of a large tree, it
 * shares the JS/TS analysis of the next audits, which find what one thread finds.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/audit/index.ts';
import { analysisThreadLoaded } from '../../src/audit/analysis-thread.ts';

const tmp = mkdtempSync(join(tmpdir(), 'hdm-analysis-thread-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('analysis thread', () => {
  it('is used once loaded, with the same findings as one thread', async () => {
    const root = join(tmp, 'large-js');
    for (let d = 0; d < 16; d++) {
      const dir = join(root, `m${d}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'paths.js'), "const BASE = 'https://acme.freshdesk.com';\nconst ticketUrl = (id) => `${BASE}/helpdesk/tickets/${id}.json`;\nmodule.exports = { BASE, ticketUrl };\n");
      for (let i = 0; i < 200; i++) {
        const v1 = i % 10 === 0;
        writeFileSync(
          join(dir, `f${i}.js`),
          v1
            ? `const axios = require('axios');\nconst { ticketUrl } = require('./paths.js');\nasync function sync${i}(id, agent) {\n  const { data } = await axios.get(ticketUrl(id));\n  await axios.put('/helpdesk/tickets/' + id + '/assign.json?responder_id=' + agent);\n  return data.helpdesk_ticket.display_id;\n}\nmodule.exports = { sync${i} };\n`
            : `const x${i} = (a) => a * ${i};\nmodule.exports = x${i};\n`,
        );
      }
    }
    const first = await runAudit({ root });
    expect(first.summary.threads!.scanWorker).toBe(true);
    expect(await analysisThreadLoaded()).toBe(true);
    const shared = await runAudit({ root });
    const single = await runAudit({ root, jobs: 1 });
    expect(shared.summary.phases!.analysisThreadFiles).toBeGreaterThan(0);
    expect(single.summary.phases?.analysisThreadFiles).toBeUndefined();
    expect(shared.findings.length).toBeGreaterThan(300);
    expect(shared.findings).toEqual(single.findings);
    expect(shared.findings).toEqual(first.findings);
    expect(shared.summary.files).toEqual(single.summary.files);
  }, 60_000);
});
