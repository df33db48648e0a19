/**
 * A per-file time budget, the last resort against input that makes analysis run away: the hot
 * loops (evaluation, the response-flow tracer) call `checkBudget()`, which throws
 * `BudgetExceeded` once the deadline of the innermost `withBudget` has passed. The tools catch it,
 * leave the file untouched and report it.
 */
export class BudgetExceeded extends Error {
  constructor(readonly ms: number) {
    super(`analysis took longer than the ${Math.round(ms / 1000)} s budget for one file`);
    this.name = 'BudgetExceeded';
  }
}

/** Default per file; HDMIGRATE_FILE_BUDGET_MS overrides it (tests, very large files). */
export const FILE_BUDGET_MS = Number(process.env.HDMIGRATE_FILE_BUDGET_MS) || 20_000;

let deadline = Infinity;
let budget = 0;
let tick = 0;

/** Runs `f` with a deadline `ms` from now (an outer, earlier deadline still counts). */
export function withBudget<T>(ms: number, f: () => T): T {
  const prevDeadline = deadline;
  const prevBudget = budget;
  const mine = Date.now() + ms;
  if (mine < deadline) {
    deadline = mine;
    budget = ms;
  }
  try {
    return f();
  } finally {
    deadline = prevDeadline;
    budget = prevBudget;
  }
}

/** Cheap enough for hot loops: looks at the clock every 512 calls. */
export function checkBudget(): void {
  if ((++tick & 511) !== 0 || deadline === Infinity) return;
  if (Date.now() > deadline) throw new BudgetExceeded(budget);
}
