/**
 * bin/hdmigrate runs dist/ only when it is the build of the sources as they are now: on a copy of
 * bin/ with a two-file source tree, a fresh build runs compiled code, and an edited, added, removed
 * or back-dated source (or a missing dist) runs the sources through tsx: never old code.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '../..');
let root: string;

const main = (word: string) => `import { word } from './word.ts';\nexport async function main(): Promise<number> {\n  process.stdout.write(\`${word} \${word} \${import.meta.url.includes('/dist/') ? 'dist' : 'source'}\\n\`);\n  return 0;\n}\n`;
const run = () => spawnSync(process.execPath, [join(root, 'bin/hdmigrate')], { encoding: 'utf8' }).stdout.trim();
const build = () => spawnSync(process.execPath, [join(root, 'bin/build.mjs'), '--quiet'], { encoding: 'utf8' });

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'hdm-build-'));
  cpSync(join(REPO, 'bin'), join(root, 'bin'), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  mkdirSync(join(root, 'src/cli'), { recursive: true });
  mkdirSync(join(root, 'rules'));
  writeFileSync(join(root, 'src/cli/main.ts'), main('one'));
  writeFileSync(join(root, 'src/cli/word.ts'), "export const word: string = 'a';\n");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('dist/ and the sources', () => {
  it('without a build: the sources', () => {
    expect(run()).toBe('one a source');
  });

  it('a fresh build runs compiled code; any change to the sources falls back to them', () => {
    expect(build().status).toBe(0);
    expect(run()).toBe('one a dist');
    // edited (same size, new mtime) → sources
    writeFileSync(join(root, 'src/cli/main.ts'), main('two'));
    expect(run()).toBe('two a source');
    expect(build().status).toBe(0);
    expect(run()).toBe('two a dist');
    // back-dated: an older copy of a file is a change too
    const file = join(root, 'src/cli/word.ts');
    writeFileSync(file, "export const word: string = 'b';\n");
    const old = new Date(statSync(file).mtimeMs - 86_400_000);
    utimesSync(file, old, old);
    expect(run()).toBe('two b source');
    expect(build().status).toBe(0);
    // a new source file → sources
    writeFileSync(join(root, 'rules/extra.ts'), 'export const x = 1;\n');
    expect(run()).toBe('two b source');
    expect(build().status).toBe(0);
    expect(run()).toBe('two b dist');
    // a removed one → sources
    rmSync(join(root, 'rules/extra.ts'));
    expect(run()).toBe('two b source');
    // HDMIGRATE_FROM_SOURCE forces the sources
    expect(build().status).toBe(0);
    expect(spawnSync(process.execPath, [join(root, 'bin/hdmigrate')], { encoding: 'utf8', env: { ...process.env, HDMIGRATE_FROM_SOURCE: '1' } }).stdout.trim()).toBe('two b source');
  });
});
