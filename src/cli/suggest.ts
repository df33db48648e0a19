/** "Did you mean …?" by edit distance, for rule ids, families, formats and other closed sets. */
import { distance } from 'fastest-levenshtein';

/** The known names closest to `input` (at most `max`), within a distance that still looks like a typo. */
export function closest(input: string, known: Iterable<string>, max = 3): string[] {
  const limit = Math.max(2, Math.floor(input.length / 3));
  return [...new Set(known)]
    .map((name) => ({ name, d: distance(input.toLowerCase(), name.toLowerCase()) }))
    .filter((x) => x.d <= limit)
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, max)
    .map((x) => x.name);
}

/** `"; did you mean tickets.pick?"`, or '' when nothing is close. */
export function didYouMean(input: string, known: Iterable<string>): string {
  const c = closest(input, known);
  return c.length ? `; did you mean ${c.join(', ')}?` : '';
}
