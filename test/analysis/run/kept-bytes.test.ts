/** The scan worker's kept bytes give back each file's text as the scan decoded it, across chunks and scans. */
import { describe, expect, it } from 'vitest';
import { clearKept, keepBytes, keptText, newKeptBytes } from '../../../src/analysis/run/kept-bytes.ts';

const toText = (b: Uint8Array, latin1: boolean) => Buffer.from(b.buffer, b.byteOffset, b.length).toString(latin1 ? 'latin1' : 'utf8');

describe('kept bytes', () => {
  it('keeps ASCII and UTF-8 texts over several chunks, and again after a clear', () => {
    const kept = newKeptBytes();
    const texts = new Map<number, string>();
    for (let scan = 0; scan < 2; scan++) {
      clearKept(kept);
      texts.clear();
      for (let i = 0; i < 40; i++) {
        // ~300 KB each: 4 MB chunks fill and the next one starts; one 5 MB file gets a chunk of its own
        const text = (i % 3 === 0 ? 'naïve café ' : 'plain text ').repeat(i === 17 ? 480_000 : 30_000) + `${scan}:${i}`;
        const buf = Buffer.from(text, 'utf8');
        const latin1 = buf.every((b) => b < 0x80);
        keepBytes(kept, i * 2, buf, latin1);
        buf.fill(0); // the scan's buffer is reused for the next file
        texts.set(i * 2, text);
      }
      for (const [i, text] of texts) expect(keptText(kept, i, toText) === text).toBe(true);
      expect(keptText(kept, 1, toText)).toBeUndefined();
    }
    expect(kept.chunks.length).toBeGreaterThan(3);
  });
});
