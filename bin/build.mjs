#!/usr/bin/env node
// Compiles src/ and rules/ to JavaScript under dist/ (run by `npm install` through `prepare`, or
// `npm run build`), so a command starts without compiling TypeScript first. The sources stay the
// truth: dist/manifest.json records the size and mtime of every source file at build time, and
// bin/hdmigrate runs dist only when they all still match (see bin/fresh.mjs), tsx otherwise.
//
// Each source file becomes one output file at the same place under dist/ (relative imports stay
// imports, `.ts` → `.js`), so the module graph, lazy imports and load order are the sources' own.
// Paths a module computes from its own location (`import.meta.dirname`, `new URL('./x', import.meta.url)`
// for worker entries) are pointed back at the source tree: workers keep running the sources through
// tsx, as they do without a build, and data found next to the sources is found from dist too.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { sourceFiles, ROOT, DIST, MANIFEST } from './fresh.mjs';

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  // e.g. an install without the build tool: bin/hdmigrate falls back to tsx, which always works
  process.stderr.write('hdmigrate build: esbuild is not installed; commands will run the sources through tsx\n');
  process.exit(0);
}

const started = Date.now();
// stats first: a file edited while we build then no longer matches the manifest, and dist is not used
const files = sourceFiles();
const manifest = { version: 1, files: {} };
for (const f of files) {
  const st = statSync(join(ROOT, f));
  manifest.files[f] = [st.size, st.mtimeMs];
}

const staging = `${DIST}.tmp-${process.pid}`;
rmSync(staging, { recursive: true, force: true });

/** From an output file's folder back to its source's folder, as a URL-relative path. */
const backToSource = (srcFile) => {
  const outDir = dirname(join(DIST, relative(ROOT, srcFile)));
  return relative(outDir, dirname(srcFile)).split('\\').join('/') || '.';
};

const sourcePaths = {
  name: 'source-paths',
  setup(build) {
    // relative imports stay imports of the sibling output file
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      return { path: args.path.replace(/\.ts$/, '.js'), external: true };
    });
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      let text = readFileSync(args.path, 'utf8');
      const back = backToSource(args.path);
      if (text.includes('import.meta.dirname')) {
        text = text.replaceAll('import.meta.dirname', `decodeURIComponent(new URL(${JSON.stringify(`${back}/`)}, import.meta.url).pathname).replace(/\\/$/, '')`);
      }
      text = text.replace(/new URL\((['"])\.\/([^'"]+)\1, import\.meta\.url\)/g, (_m, _q, rest) => `new URL(${JSON.stringify(`${back}/${rest}`)}, import.meta.url)`);
      return { contents: text, loader: 'ts' };
    });
  },
};

try {
  await esbuild.build({
    entryPoints: files.map((f) => join(ROOT, f)),
    outdir: staging,
    outbase: ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [sourcePaths],
    logLevel: 'error',
    charset: 'utf8',
  });
} catch (e) {
  rmSync(staging, { recursive: true, force: true });
  process.stderr.write(`hdmigrate build failed (commands will run the sources through tsx): ${e.message}\n`);
  process.exit(1);
}
writeFileSync(join(staging, 'package.json'), '{ "type": "module" }\n');
writeFileSync(join(staging, relative(DIST, MANIFEST)), `${JSON.stringify(manifest)}\n`);
// swap in one step; a reader in between finds no manifest and runs the sources
rmSync(DIST, { recursive: true, force: true });
mkdirSync(dirname(resolve(DIST)), { recursive: true });
renameSync(staging, DIST);
if (!process.argv.includes('--quiet')) {
  process.stderr.write(`hdmigrate build: ${files.length} files → dist/ in ${Date.now() - started} ms\n`);
}
