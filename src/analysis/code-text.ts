/** Source text read as text (no parse): what regex-level readers of a module share. */

/**
 * The text with comments blanked (same length, line breaks kept): a path named in a comment is no
 * import, and a name in a comment is no export. Strings and template literals are kept whole.
 */
export function withoutComments(text: string): string {
  // (kept text is copied in runs between comments: a file is mostly code)
  const parts: string[] = [];
  let kept = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x2f /* / */) {
      const next = text.charCodeAt(i + 1);
      if (next === 0x2f || next === 0x2a) {
        const end = next === 0x2f ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
        const stop = end < 0 ? text.length : next === 0x2f ? end : end + 2;
        parts.push(text.slice(kept, i), text.slice(i, stop).replace(/[^\n]/g, ' '));
        kept = i = stop;
        continue;
      }
    } else if (c === 0x22 || c === 0x27 || c === 0x60) {
      // a string or template literal: skipped whole (a `//` in a URL is no comment)
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== c && !(c !== 0x60 && text.charCodeAt(j) === 0x0a)) j += text.charCodeAt(j) === 0x5c ? 2 : 1;
      i = j + 1;
      continue;
    }
    i++;
  }
  parts.push(text.slice(kept));
  return parts.join('');
}
