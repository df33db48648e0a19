/**
 * Option parsers shared by every command, so the same flag means the same thing and a bad value is
 * the same one-line usage error everywhere. Commander calls them as `argParser`s; what they throw is
 * printed by main.ts as `hdmigrate: <message>` with exit code 2.
 */
import { InvalidArgumentError, Option } from 'commander';
import picomatch from 'picomatch';

/** `--jobs 4`, `--seed 7`: a whole number within [min, max]; `abc`, `1.5`, `-1` and `''` are refused. */
export function integerOption(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (text: string): number => {
    const t = text.trim();
    if (!/^-?\d+$/.test(t)) throw new InvalidArgumentError('expected a whole number');
    const n = Number(t);
    if (n < min || n > max) throw new InvalidArgumentError(`expected a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}`);
    return n;
  };
}

/** `--reserve 0.2`, `--relative-threshold 20`: a decimal number within [min, max]; `abc`, `1e3`, `''` are refused. */
export function numberOption(min: number, max = Number.POSITIVE_INFINITY) {
  return (text: string): number => {
    const t = text.trim();
    if (!/^-?(\d+\.?\d*|\.\d+)$/.test(t)) throw new InvalidArgumentError('expected a number');
    const n = Number(t);
    if (n < min || n > max) throw new InvalidArgumentError(`expected a number from ${min}${max === Number.POSITIVE_INFINITY ? ' up' : ` to ${max}`}`);
    return n;
  };
}

/** Repeatable, comma-separated list: `--include a,b --include c` → ['a', 'b', 'c']. */
export function listOption(value: string, previous: string[] = []): string[] {
  return [...previous, ...value.split(',').map((s) => s.trim()).filter(Boolean)];
}

/** Like listOption, and each entry must be a glob picomatch can compile into something that can match. */
export function globListOption(value: string, previous: string[] = []): string[] {
  const list = listOption(value, []);
  for (const glob of list) checkGlob(glob);
  return [...previous, ...list];
}

/** Refuses a glob that cannot match anything (an unclosed `[`, an empty pattern). */
export function checkGlob(glob: string): void {
  const bad = (why: string) => new InvalidArgumentError(`"${glob}" is not a usable glob: ${why}`);
  if (!glob.trim()) throw bad('it is empty');
  let depth = 0;
  let escaped = false;
  for (const ch of glob) {
    if (escaped) {
      escaped = false;
      continue;
    }
    if (ch === '\\') escaped = true;
    else if (ch === '[') depth++;
    else if (ch === ']' && depth > 0) depth--;
  }
  if (depth > 0) throw bad('unclosed "[" (write "\\[" for a literal bracket)');
  try {
    picomatch.makeRe(glob, { dot: true });
  } catch (e) {
    throw bad((e as Error).message);
  }
}

/**
 * `--callers v1|v2` (audit and codemod alike, so that they agree): whether the code's own callers
 * take v2 shapes (see CallersContract in src/analysis/verdict.ts).
 */
export function callersOption(): Option {
  return new Option(
    '--callers <v1|v2>',
    "what the code's own callers take: v1 (a call whose answer or body crosses to them stays on v1) or v2 (they take v2 shapes: a library's next major version; the contract change is listed)",
  )
    .choices(['v1', 'v2'])
    .default('v1');
}
