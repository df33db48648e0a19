/**
 * Progress and its ETA. The ETA comes from the rate budget, not from the pace so far: the client
 * spreads at most total × (1 − reserve) credits over each window, so what is left takes
 * credits left × window / usable credits (the slower of v1 and v2), whatever the first minutes
 * looked like.
 */

export interface BudgetView {
  /** calls per window when known (X-RateLimit-Total, or the configured v1 limit) */
  total?: number;
  windowMs: number;
  reserve: number;
}

/** Milliseconds the remaining credits need under a budget; undefined when the budget is unknown. */
export function budgetEtaMs(creditsLeft: number, budget: BudgetView): number | undefined {
  if (!budget.total || budget.total <= 0) return undefined;
  const usable = Math.max(1, Math.floor(budget.total * (1 - budget.reserve)));
  return (creditsLeft * budget.windowMs) / usable;
}

export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '?';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

export interface Progress {
  resource: string;
  phase: 'ids' | 'noise' | 'compare';
  done: number;
  total: number;
  etaMs?: number;
}

export function formatProgress(p: Progress): string {
  const pct = p.total > 0 ? Math.floor((p.done / p.total) * 100) : 100;
  const what = p.phase === 'noise' ? 'A/A noise probe' : p.phase === 'ids' ? 'listing ids' : 'compared';
  return `verify ${p.resource}: ${what} ${p.done}/${p.total} (${pct}%) · ETA ${formatDuration(p.etaMs)} (from the rate budget)`;
}
