/**
 * Output of a run: unified diffs for the dry run, atomic writes for `--write` (temp file in the
 * same folder, then rename), and the git check that refuses to write into a dirty tree.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import type { FileResult } from './types.ts';

/** A unified diff of one changed file, paths relative to the run root (`a/` and `b/` prefixes like git). */
export function unifiedDiff(r: FileResult, context = 3): string {
  if (r.status !== 'changed' || r.before === undefined || r.after === undefined) return '';
  return createTwoFilesPatch(`a/${r.file}`, `b/${r.file}`, r.before, r.after, undefined, undefined, { context }).replace(/^=+\n/, '');
}

/** The temp file being written, removed if the process is interrupted meanwhile. */
let inflight: string | null = null;
let guarded = false;

function guardSignals(): void {
  if (guarded) return;
  guarded = true;
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(sig, () => {
      if (inflight) {
        try {
          unlinkSync(inflight);
        } catch {
          /* already renamed or gone */
        }
      }
      // then die of the signal as if nobody had listened
      process.kill(process.pid, sig);
    });
  }
}

/**
 * Writes through a temp file and a rename, so a crash never leaves a half-written file; an
 * interrupt (Ctrl-C) during a write removes the temp file, and every file is either as it was or
 * completely rewritten.
 */
export function writeAtomic(file: string, text: string): void {
  guardSignals();
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.hdmigrate-${process.pid}-${Date.now().toString(36)}.tmp`);
  let mode: number | undefined;
  try {
    mode = statSync(file).mode;
  } catch {
    mode = undefined;
  }
  try {
    inflight = tmp;
    writeFileSync(tmp, text, { encoding: 'utf8', flag: 'wx' });
    if (mode !== undefined) chmodSync(tmp, mode & 0o7777);
    renameSync(tmp, file);
    inflight = null;
  } catch (e) {
    inflight = null;
    try {
      unlinkSync(tmp);
    } catch {
      /* nothing to clean */
    }
    throw e;
  }
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
