/**
 * Seeded pseudo-random numbers. The sandbox account must be byte-identical for the same seed, so
 * nothing in seeding or fault injection may touch Math.random.
 *
 * sfc32 (Chris Doty-Humphrey's Small Fast Counter) seeded through splitmix32: tiny, fast, and good
 * enough statistically for test data.
 */
export interface Rng {
  /** float in [0, 1) */
  next(): number;
  /** integer in [min, max] (inclusive) */
  int(min: number, max: number): number;
  /** true with probability p */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** k distinct items, order as drawn */
  sample<T>(items: readonly T[], k: number): T[];
}

function splitmix32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x9e3779b9) >>> 0;
    let z = a;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function createRng(seed: number): Rng {
  const init = splitmix32(seed);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  // Discard the first outputs: sfc32 mixes slowly from a fresh state.
  for (let i = 0; i < 12; i++) next();
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    sample: (items, k) => {
      const pool = items.slice();
      const out: (typeof items)[number][] = [];
      while (out.length < k && pool.length > 0) {
        const i = Math.floor(next() * pool.length);
        out.push(pool.splice(i, 1)[0] as (typeof items)[number]);
      }
      return out;
    },
  };
  return rng;
}
