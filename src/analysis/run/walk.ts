/**
 * Walking the audited tree: .gitignore files (nested ones too), `--include/--exclude` globs,
 * dependency and build-output folders skipped (and reported once), languages by extension.
 */
import { readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import { join, normalize, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import picomatch from 'picomatch';
import type { Language, SkippedFile } from '../files.ts';
import { scriptLanguage } from '../scripts.ts';
import { shellHost } from '../embedded-shell.ts';

/** Folders that hold dependencies or build output: never audited. */
export const SKIP_DIRS: Record<string, SkippedFile['reason']> = {
  node_modules: 'dependency',
  bower_components: 'dependency',
  jspm_packages: 'dependency',
  vendor: 'dependency',
  '.venv': 'dependency',
  venv: 'dependency',
  __pycache__: 'generated',
  '.git': 'generated',
  '.hg': 'generated',
  '.svn': 'generated',
  dist: 'generated',
  build: 'generated',
  out: 'generated',
  '.next': 'generated',
  '.nuxt': 'generated',
  coverage: 'generated',
  target: 'generated',
  obj: 'generated',
  '.hdmigrate': 'generated',
  '.cache': 'generated',
};

const ARCHIVES = /\.(zip|tar|tgz|gz|bz2|xz|7z|rar|jar|war|ear|nupkg|gem|whl|egg)$/i;

const EXT_LANG: Record<string, Language> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  gs: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  py: 'python',
  // Jupyter: the code cells, read as Python (src/audit/lang/notebook.ts)
  ipynb: 'python',
  php: 'php',
  phtml: 'php',
  rb: 'ruby',
  rake: 'ruby',
  coffee: 'coffeescript',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  ksh: 'shell',
  ps1: 'shell',
  // Perl: no grammar here; audited by pattern (and said so: `via: "pattern"`)
  pl: 'perl',
  pm: 'perl',
  psm1: 'shell',
  java: 'java',
  kt: 'kotlin',
  kts: 'kotlin',
  groovy: 'java',
  scala: 'java',
  cs: 'csharp',
  vb: 'vb',
  vbs: 'vb',
  bas: 'vb',
  go: 'go',
  html: 'html',
  htm: 'html',
  ejs: 'html',
  hbs: 'html',
  erb: 'html',
  vue: 'html',
  svelte: 'html',
};

/** App configuration files checked by name. */
export function configKind(rel: string): 'iparams' | 'requests' | null {
  if (!rel.endsWith('.json')) return null;
  if (/(^|\/)config\/iparams?\.json$/.test(rel) || /(^|\/)iparams?\.json$/.test(rel)) return 'iparams';
  if (/(^|\/)config\/requests\.json$/.test(rel)) return 'requests';
  return null;
}

/** Extensions of files that may hold shell (see embedded-shell.ts). */
const SHELL_HOST_EXT = new Set(['yml', 'yaml', 'mk', 'just', 'justfile', 'dockerfile', 'containerfile']);

export function languageOf(file: string): Language | null {
  if (configKind(file)) return 'json';
  const m = /\.([A-Za-z0-9]+)$/.exec(file);
  // Makefiles, CI YAML and Jenkinsfiles hold shell (read as such: see embedded-shell.ts); the path
  // test runs only for files without an extension or with one of theirs, not for every file
  if (!m) return file.endsWith('file') && shellHost(file) ? 'shell' : null; // Makefile, GNUmakefile, Jenkinsfile, Dockerfile, Procfile, justfile
  const ext = m[1]!.toLowerCase();
  // (YAML: CI files by path, any other by its command keys: compose, Kubernetes, Ansible, Taskfile)
  return EXT_LANG[ext] ?? ((SHELL_HOST_EXT.has(ext) || /(^|\/)(Dockerfile|Containerfile|Procfile)\.[^/]+$/.test(file)) && shellHost(file) ? 'shell' : null);
}

export interface WalkedFile {
  abs: string;
  /** Relative to the root, forward slashes. */
  rel: string;
  language: Language;
}

export interface WalkOptions {
  include?: string[];
  exclude?: string[];
  /** Honour .gitignore files (default true). */
  gitignore?: boolean;
  /** Called with the files found so far, in order, a few hundred at a time (the last batch before `walk` returns). */
  onFiles?: (batch: WalkedFile[]) => void;
}

export interface WalkResult {
  files: WalkedFile[];
  skipped: SkippedFile[];
}

function readIgnore(dir: string): string | null {
  try {
    return readFileSync(join(dir, '.gitignore'), 'utf8');
  } catch {
    return null;
  }
}

/** Lists the files to audit under `root`. A single file may be given as root. */
export function walk(root: string, opts: WalkOptions = {}): WalkResult {
  const files: WalkedFile[] = [];
  const skipped: SkippedFile[] = [];
  const include = opts.include?.length ? picomatch(opts.include, { dot: true }) : null;
  const exclude = opts.exclude?.length ? picomatch(opts.exclude, { dot: true }) : null;
  const useGitignore = opts.gitignore !== false;
  // one matcher per folder with a .gitignore, applied to paths relative to that folder
  const stack: Array<{ base: string; ig: Ignore }> = [];

  const ignored = (rel: string, isDir: boolean): boolean => {
    for (const { base, ig } of stack) {
      const sub = base ? (rel.startsWith(`${base}/`) ? rel.slice(base.length + 1) : null) : rel;
      if (sub && ig.ignores(isDir ? `${sub}/` : sub)) return true;
    }
    return false;
  };

  const visit = (dir: string, relDir: string): void => {
    let pushed = false;
    if (useGitignore) {
      const text = readIgnore(dir);
      if (text) {
        stack.push({ base: relDir, ig: ignore().add(text) });
        pushed = true;
      }
    }
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      skipped.push({ file: relDir || '.', reason: 'unreadable', detail: (e as NodeJS.ErrnoException).code });
      if (pushed) stack.pop();
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const rel = relDir ? `${relDir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        const reason = SKIP_DIRS[e.name];
        if (reason) {
          if (e.name !== '.git' && e.name !== '.hdmigrate') skipped.push({ file: `${rel}/`, reason });
          continue;
        }
        if (useGitignore && ignored(rel, true)) continue;
        if (exclude && (exclude(rel) || exclude(`${rel}/`))) continue;
        visit(join(dir, e.name), rel);
        continue;
      }
      if (e.isSymbolicLink()) {
        // a link to a file is audited; links to folders are not followed (cycles); a dangling link is unreadable
        let target;
        try {
          target = statSync(join(dir, e.name));
        } catch (err) {
          if (languageOf(rel) && !(useGitignore && ignored(rel, false))) {
            skipped.push({ file: rel, reason: 'unreadable', detail: `broken link (${(err as NodeJS.ErrnoException).code})` });
          }
          continue;
        }
        if (!target.isFile()) continue;
      } else if (!e.isFile()) continue;
      if (useGitignore && ignored(rel, false)) continue;
      if (exclude && exclude(rel)) continue;
      if (include && !include(rel)) continue;
      if (ARCHIVES.test(e.name)) {
        skipped.push({ file: rel, reason: 'archive' });
        continue;
      }
      const language = languageOf(rel) ?? scriptLanguage(join(dir, e.name), rel);
      if (!language) continue;
      if (/\.min\.(js|css)$/.test(e.name)) {
        skipped.push({ file: rel, reason: 'minified' });
        continue;
      }
      files.push({ abs: dir.endsWith(sep) ? dir + e.name : dir + sep + e.name, rel, language });
      if (opts.onFiles && files.length - flushed >= 256) flush();
    }
    if (pushed) stack.pop();
  };

  let flushed = 0;
  const flush = () => {
    if (files.length > flushed) opts.onFiles!(files.slice(flushed));
    flushed = files.length;
  };
  // normalised once, so a file's path is its folder's plus its name (what join would give)
  visit(normalize(root), '');
  if (opts.onFiles) flush();
  return { files, skipped };
}

export function toPosix(p: string): string {
  return sep === '/' ? p : p.split(sep).join('/');
}

export function relPath(root: string, abs: string): string {
  return toPosix(relative(root, abs));
}
