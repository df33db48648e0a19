/**
 * The bytes of the files the scan worker keeps for its one `matchKept` query (src/analysis/run/scan.ts),
 * copied into a few large buffers instead of kept as strings. Thousands of kept strings (every
 * file of the syntax-audited languages, ~35 MB on the mixed bench tree) outlived two young-generation
 * collections each and were copied by both, then by the old generation's: that garbage collection
 * cost the scan thread more than reading the files. Bytes outside the JavaScript heap are never
 * copied by the collector; a text is decoded again, as the scan decoded it, only when asked for.
 *
 * The buffers stay with the worker (which waits for the next audit of the process), so the next
 * scan writes into memory that is already mapped (at most the worker's 64 MB limit, and a chunk).
 *
 * Self-contained functions (no imports): the scan worker runs their source.
 */

export interface KeptBytes {
  chunks: Uint8Array[];
  /** Chunk being filled, and the next free byte in it. */
  chunk: number;
  at: number;
  /** File index → [chunk, start, end, decoded as latin1 (ASCII) rather than UTF-8]. */
  where: Map<number, [number, number, number, boolean]>;
}

export function newKeptBytes(): KeptBytes {
  return { chunks: [], chunk: 0, at: 0, where: new Map() };
}

/** Keeps a copy of `bytes` (a view of the scan's reused buffer) as file `i`'s. */
export function keepBytes(kept: KeptBytes, i: number, bytes: Uint8Array, latin1: boolean): void {
  const CHUNK = 4 * 1024 * 1024;
  let c: Uint8Array | undefined = kept.chunks[kept.chunk];
  if (c && kept.at + bytes.length > c.length) {
    kept.chunk++;
    kept.at = 0;
    c = kept.chunks[kept.chunk];
    // a chunk kept from an earlier scan that is too small for this file is replaced
    if (c && bytes.length > c.length) c = undefined;
  }
  if (!c) {
    c = new Uint8Array(Math.max(CHUNK, bytes.length));
    kept.chunks[kept.chunk] = c;
  }
  c.set(bytes, kept.at);
  kept.where.set(i, [kept.chunk, kept.at, kept.at + bytes.length, latin1]);
  kept.at += bytes.length;
}

/** File `i`'s text as the scan decoded it, or undefined when it was not kept. */
export function keptText(kept: KeptBytes, i: number, toText: (bytes: Uint8Array, latin1: boolean) => string): string | undefined {
  const w = kept.where.get(i);
  return w && toText(kept.chunks[w[0]]!.subarray(w[1], w[2]), w[3]);
}

/** Forgets the files; the chunks stay for the next scan. */
export function clearKept(kept: KeptBytes): void {
  kept.where.clear();
  kept.chunk = 0;
  kept.at = 0;
}
