/**
 * The loader's globals of a web app (`FsModuleLoader.globalScript`): which folder's scripts count
 * as one app's. A lone script must never make the analysis walk its parent folders (a home folder,
 * the file system's root: that walk cost ~0.6 s per file and read what is not the user's code).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FsModuleLoader } from '../../src/analysis/module.ts';

const root = mkdtempSync(join(tmpdir(), 'hdm-globals-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(rel: string, text: string): string {
  const abs = join(root, rel);
  mkdirSync(join(abs, '..'), { recursive: true });
  writeFileSync(abs, text);
  return abs;
}

describe('globals of a web app', () => {
  it('come from the scripts of the app the script belongs to (the folder with its index.html)', () => {
    const config = write('site/js/config.js', "var AppConfig = { tickets: 'https://acme.freshdesk.com/helpdesk/tickets.json' };\n");
    write('site/index.html', '<script src="js/config.js"></script><script src="js/app.js"></script>\n');
    const app = write('site/js/app.js', '$.getJSON(AppConfig.tickets, show);\n');
    expect(new FsModuleLoader().globalScript('AppConfig', app)).toBe(config);
  });

  it('of a lone script (no index.html, package.json or .git above it) are its own folder’s, never its parent’s', () => {
    write('loose/shared.js', "var SharedUrl = 'https://acme.freshdesk.com/helpdesk/tickets.json';\n");
    const sibling = write('loose/tool/helpers.js', "var ToolUrl = 'https://acme.freshdesk.com/contacts.json';\n");
    const lone = write('loose/tool/run.js', 'fetch(SharedUrl); fetch(ToolUrl);\n');
    const loader = new FsModuleLoader();
    expect(loader.globalScript('SharedUrl', lone)).toBeNull();
    expect(loader.globalScript('ToolUrl', lone)).toBe(sibling);
  });
});
