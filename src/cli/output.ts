/**
 * Where output files go: `--out <file>` for reports, `--out <dir>` for folders a command fills.
 * Every problem (a file in the way, a folder that cannot be made, a special file system such as
 * /proc) is one clear usage error at once, before any work is done.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { UsageError, describeFsError } from './errors.ts';

/** Makes `dir` (and its parents) or explains in one line why not. Never recursive mkdir on a path that exists. */
export function ensureDir(dir: string, flag = '--out'): string {
  const abs = resolve(dir);
  // walk up to the nearest existing ancestor ourselves: recursive mkdir spins on some special file systems
  const missing: string[] = [];
  let cur = abs;
  while (!existsSync(cur)) {
    missing.push(cur);
    const up = dirname(cur);
    if (up === cur) break;
    cur = up;
  }
  if (existsSync(cur) && !statSync(cur).isDirectory()) throw new UsageError(`${flag} ${dir}: ${cur} is a file, not a folder`);
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (e) {
      throw new UsageError(describeFsError(e, `${flag} ${dir}: cannot create ${d}`));
    }
  }
  return abs;
}

/**
 * Writes `text` to `file` atomically (write-file-atomic: a temporary file next to it, renamed over
 * it, mode and owner of an existing file kept, the temporary file removed on failure or on a
 * signal), so a reader never sees half a file. No fsync: a crash may lose the new text, never the old.
 */
export function writeFileAtomically(file: string, text: string): void {
  writeFileAtomic.sync(file, text, { fsync: false });
}

/** Writes a report to `file` (creating its folder), atomically. Errors are one usage line. */
export function writeOutputFile(file: string, text: string, flag = '--out'): void {
  const abs = resolve(file);
  if (existsSync(abs) && statSync(abs).isDirectory()) throw new UsageError(`${flag} ${file}: it is a folder; give a file name`);
  ensureDir(dirname(abs), flag);
  try {
    writeFileAtomically(abs, text);
  } catch (e) {
    throw new UsageError(describeFsError(e, `${flag} ${file}: cannot write`));
  }
}

/** The file inside a folder this tool made, so it never clears a folder of the user's. */
export const OWNER_MARK = '.hdmigrate-output';

/**
 * Prepares `dir` as an output folder a command fills and may clear on the next run:
 * - missing or empty: made and marked;
 * - marked by an earlier run (or holding only `knownEntries`, what the tool writes there): cleared;
 * - anything else (a folder of the user's, a file): refused unless `force`, and even then only
 *   cleared when it is not the current folder, one of its parents or the home folder.
 */
export function prepareOutputDir(dir: string, opts: { force?: boolean; flag?: string; tool: string; knownEntries?: string[] }): string {
  const flag = opts.flag ?? '--out';
  const abs = resolve(dir);
  if (existsSync(abs) || isDanglingLink(abs)) {
    const st = lstatSync(abs);
    if (!st.isDirectory()) throw new UsageError(`${flag} ${dir}: a file is in the way (not a folder)`);
    const entries = readdirSync(abs);
    // marked, or (made before folders were marked) holding nothing but what this tool writes there
    const ours = entries.includes(OWNER_MARK) || (!!opts.knownEntries && entries.length > 0 && entries.every((e) => opts.knownEntries!.includes(e)));
    if (entries.length && !ours) {
      if (!opts.force) {
        throw new UsageError(`${flag} ${dir}: the folder is not empty and was not made by hdmigrate ${opts.tool}; choose another folder or pass --force to replace its contents`);
      }
      const cwd = process.cwd();
      const home = process.env.HOME ? resolve(process.env.HOME) : undefined;
      if (abs === cwd || cwd.startsWith(`${abs}/`) || abs === home || abs === dirname(abs)) {
        throw new UsageError(`${flag} ${dir}: refusing to clear the current folder, one of its parents or your home folder, even with --force`);
      }
    }
    for (const e of entries) rmSync(join(abs, e), { recursive: true, force: true });
  } else {
    ensureDir(abs, flag);
  }
  writeFileSync(join(abs, OWNER_MARK), `Made by hdmigrate ${opts.tool}; its next run clears this folder.\n`);
  return abs;
}

function isDanglingLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}
