import { describe, expect, it } from 'vitest';
import { withoutComments } from '../../src/analysis/code-text.ts';

describe('withoutComments', () => {
  it('blanks comments, keeps strings, lengths and line breaks', () => {
    const text = `const u = 'http://x//y'; // note\n/* a\n b */ const t = \`/* no */\`;`;
    const out = withoutComments(text);
    expect(out.length).toBe(text.length);
    expect(out).toBe(`const u = 'http://x//y';        \n    \n      const t = \`/* no */\`;`);
  });
});
