/**
 * Output of a run: unified diffs for the dry run and the git check that refuses to write into a
 * dirty tree. `--write` goes through src/cli/output.ts (write-file-atomic: temp file, rename, temp
 * removed on Ctrl-C).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import type { FileResult } from './types.ts';

/** A unified diff of one changed file, paths relative to the run root (`a/` and `b/` prefixes like git). */
export function unifiedDiff(r: FileResult, context = 3): string {
  if (r.status !== 'changed' || r.before === undefined || r.after === undefined) return '';
  return createTwoFilesPatch(`a/${r.file}`, `b/${r.file}`, r.before, r.after, undefined, undefined, { context }).replace(/^=+\n/, '');
}

export interface GitState {
  /** The paths are inside a git work tree. */
  repo: boolean;
  /** Uncommitted changes (tracked modified or untracked files) under the paths. */
  dirty: string[];
}

/** What git says about the paths about to be written. */
export function gitState(root: string, files: string[]): GitState {
  try {
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    const rel = files.map((f) => path.relative(top, f)).filter((f) => f && !f.startsWith('..'));
    const out = execFileSync('git', ['status', '--porcelain', '--untracked-files=all', '--', ...(rel.length ? rel : ['.'])], {
      cwd: top,
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    }).toString();
    return { repo: true, dirty: out.split('\n').filter(Boolean) };
  } catch {
    return { repo: false, dirty: [] };
  }
}
