/**
 * Fault injection for reliability tests (`--faults`). Grammar (comma-separated, whitespace ignored):
 *
 *   faults    := fault ( "," fault )*
 *   fault     := latency | error | reset | burst | seed
 *   latency   := "latency=" duration [ "-" duration ] [ "@" prob ]   delay the response
 *   error     := ( "error" [ status ] | "5xx" ) [ "@" prob ]          answer 5xx (default 500; 5xx = 500/502/503/504)
 *   reset     := "reset" [ "@" prob ]                                 destroy the connection, no response
 *   burst     := "burst429" [ "=" count ] [ "@" prob ]               start a run of `count` (default 3)
 *                                                                     throttled answers: v2 429, v1 403,
 *                                                                     both with Retry-After: 1
 *   seed      := "seed=" integer                                      seed of the fault dice
 *   duration  := number ( "ms" | "s" )        prob := number in [0,1] or percentage "5%"
 *
 * A missing probability means "every request". Example: `latency=50ms@0.2,error500@0.05,reset@0.01,burst429@0.1`.
 * Each fault rolls independently per request. Faults happen before the request is handled, so a
 * 5xx or reset never changes the store; a throttled answer charges no credits.
 */
import { createRng, type Rng } from './prng.ts';

export interface FaultPlan {
  latency?: { minMs: number; maxMs: number; probability: number };
  errors: { statuses: number[]; probability: number }[];
  reset?: { probability: number };
  burst?: { count: number; probability: number };
  seed?: number;
}

export type FaultAction =
  | { kind: 'reset' }
  | { kind: 'throttle' }
  | { kind: 'error'; status: number }
  | { kind: 'none' };

export class FaultSpecError extends Error {}

function parseProbability(text: string | undefined, whole: string): number {
  if (text === undefined) return 1;
  const pct = text.endsWith('%');
  const n = Number(pct ? text.slice(0, -1) : text);
  const p = pct ? n / 100 : n;
  if (!Number.isFinite(p) || p < 0 || p > 1 || text.trim() === '') throw new FaultSpecError(`bad probability in "${whole}"`);
  return p;
}

function parseDuration(text: string, whole: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s)$/.exec(text);
  if (!m) throw new FaultSpecError(`bad duration "${text}" in "${whole}" (use e.g. 50ms or 2s)`);
  return Math.round(Number(m[1]) * (m[2] === 's' ? 1000 : 1));
}

export function parseFaults(spec: string): FaultPlan {
  const plan: FaultPlan = { errors: [] };
  const parts = spec
    .split(',')
    .map((s) => s.replace(/\s+/g, ''))
    .filter((s) => s.length > 0);
  if (parts.length === 0) throw new FaultSpecError('empty fault spec');
  for (const part of parts) {
    const at = part.lastIndexOf('@');
    const head = at >= 0 ? part.slice(0, at) : part;
    const prob = at >= 0 ? part.slice(at + 1) : undefined;
    let m: RegExpExecArray | null;
    if ((m = /^latency=([^-]+)(?:-(.+))?$/.exec(head))) {
      // "20-80ms": the unit of the upper bound applies to a bare lower bound
      const lowText = m[2] && /^\d+(\.\d+)?$/.test(m[1]!) ? m[1]! + m[2].replace(/^[\d.]+/, '') : m[1]!;
      const minMs = parseDuration(lowText, part);
      const maxMs = m[2] ? parseDuration(m[2], part) : minMs;
      if (maxMs < minMs) throw new FaultSpecError(`latency range reversed in "${part}"`);
      plan.latency = { minMs, maxMs, probability: parseProbability(prob, part) };
    } else if ((m = /^error(\d{3})?$/.exec(head))) {
      const status = m[1] ? Number(m[1]) : 500;
      if (status < 500 || status > 599) throw new FaultSpecError(`error status must be 5xx in "${part}"`);
      plan.errors.push({ statuses: [status], probability: parseProbability(prob, part) });
    } else if (head === '5xx') {
      plan.errors.push({ statuses: [500, 502, 503, 504], probability: parseProbability(prob, part) });
    } else if (head === 'reset') {
      plan.reset = { probability: parseProbability(prob, part) };
    } else if ((m = /^burst429(?:=(\d+))?$/.exec(head))) {
      const count = m[1] ? Number(m[1]) : 3;
      if (count < 1) throw new FaultSpecError(`burst length must be at least 1 in "${part}"`);
      plan.burst = { count, probability: parseProbability(prob, part) };
    } else if ((m = /^seed=(\d+)$/.exec(part))) {
      plan.seed = Number(m[1]);
    } else {
      throw new FaultSpecError(`unknown fault "${part}" (known: latency=, error<5xx>, 5xx, reset, burst429, seed=)`);
    }
  }
  return plan;
}

/** Rolls the dice per request. Holds the state of a running 429 burst. */
export class FaultInjector {
  private readonly rng: Rng;
  private burstLeft = 0;

  constructor(
    readonly plan: FaultPlan,
    seed: number,
  ) {
    this.rng = createRng((plan.seed ?? seed) ^ 0x5eed_fa17);
  }

  /** Delay to apply before answering (0 = none). */
  latency(): number {
    const l = this.plan.latency;
    if (!l || !this.rng.chance(l.probability)) return 0;
    return l.minMs + Math.floor(this.rng.next() * (l.maxMs - l.minMs + 1));
  }

  /** What to do instead of handling the request, if anything. */
  decide(): FaultAction {
    if (this.plan.reset && this.rng.chance(this.plan.reset.probability)) return { kind: 'reset' };
    if (this.burstLeft > 0) {
      this.burstLeft -= 1;
      return { kind: 'throttle' };
    }
    if (this.plan.burst && this.rng.chance(this.plan.burst.probability)) {
      this.burstLeft = this.plan.burst.count - 1;
      return { kind: 'throttle' };
    }
    for (const e of this.plan.errors) {
      if (this.rng.chance(e.probability)) return { kind: 'error', status: this.rng.pick(e.statuses) };
    }
    return { kind: 'none' };
  }
}
