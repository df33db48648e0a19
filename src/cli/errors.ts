/**
 * One convention for every command (README "Exit codes"): 0 done, 1 findings / differences /
 * `--fail-on` / `--check` would change something, 2 usage or input error. Errors are one line on
 * stderr, never a stack trace (HDMIGRATE_DEBUG=1 adds the trace of an unexpected error).
 */
export const EXIT = {
  /** Done, nothing to report. */
  ok: 0,
  /** Findings, differences, a `--fail-on` condition, `--check` would change files. */
  findings: 1,
  /** Bad usage or input: unknown flag, bad value, missing file, unreachable server. */
  usage: 2,
} as const;

/** An error caused by what the user asked for; printed as one line, never with a stack trace. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Turns a file-system error about a path the user gave into one readable sentence. */
export function describeFsError(err: unknown, what: string): string {
  const e = err as NodeJS.ErrnoException;
  const reason: Record<string, string> = {
    ENOENT: 'no such file or folder',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EEXIST: 'a file is in the way',
    ENOTDIR: 'a file is in the way (not a folder)',
    EISDIR: 'it is a folder',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on device',
    ENAMETOOLONG: 'name too long',
  };
  return `${what}: ${(e?.code && reason[e.code]) ?? e?.message ?? String(err)}`;
}
