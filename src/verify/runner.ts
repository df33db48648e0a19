/**
 * The dual-call run: for each resource, choose the ids (kept in the state file so a resume uses
 * the same ones), run the A/A noise probe on a sample, then compare every id not yet done, a few
 * at a time, writing one state line per id as it completes. Memory holds the ids and counters,
 * never the results.
 */
import type { Catalogue } from '../catalogue/index.ts';
import { compareBodies, compareObservation } from './diff.ts';
import { creditsPerId, observe, ruleFor, v1IdMap, type Sides } from './observe.ts';
import { budgetEtaMs, type BudgetView, type Progress } from './progress.ts';
import { sampleIds, type ResourceSpec } from './resources.ts';
import type { NoiseLine, StateFile } from './state.ts';

export type Selection = { kind: 'ids'; ids: string[] } | { kind: 'all' } | { kind: 'sample'; n: number; seed: number };

export interface RunOptions {
  sides: Sides;
  catalogue: Catalogue;
  resources: readonly ResourceSpec[];
  selection: Selection;
  state: StateFile;
  /** ids probed twice on both sides for noise (0: no probe) */
  noiseSample: number;
  /** ids compared at the same time */
  concurrency: number;
  budgets?: { v1?: () => BudgetView; v2?: () => BudgetView };
  onProgress?: (p: Progress) => void;
  signal?: AbortSignal;
}

export class VerifyAbortedError extends Error {}

/** Every id a v2 list endpoint returns, ascending. */
async function listIds(sides: Sides, spec: NonNullable<ResourceSpec['ids']>, signal?: AbortSignal): Promise<string[]> {
  const ids = new Set<string>();
  for (let page = 1; page <= 300; page++) {
    const query = { ...(spec.query ?? {}), ...(spec.paged ? { per_page: '100', page: String(page) } : {}) };
    const r = await sides.v2.request({ method: 'GET', path: spec.path, query, signal });
    if (r.status < 200 || r.status > 299) throw new ListIdsError(`GET ${spec.path} answered ${r.status}: cannot list the ids (use --ids)`);
    const body = r.json<unknown>();
    const items = Array.isArray(body) ? body : [];
    for (const item of items) {
      const id = (item as { id?: unknown })?.id;
      if (id !== undefined && id !== null) ids.add(String(id));
    }
    if (!spec.paged || items.length < 100) break;
  }
  return [...ids].sort((a, b) => Number(a) - Number(b));
}

export class ListIdsError extends Error {}

async function chooseIds(o: RunOptions, resource: ResourceSpec): Promise<string[]> {
  if (resource.kind === 'singleton') return ['all'];
  const sel = o.selection;
  if (sel.kind === 'ids') return sel.ids;
  if (!resource.ids) throw new ListIdsError(`${resource.name}: ids cannot be listed; give them with --ids`);
  const all = await listIds(o.sides, resource.ids, o.signal);
  return sel.kind === 'all' ? all : sampleIds(all, sel.n, sel.seed);
}

function count(map: Record<string, number>, fields: Iterable<string>): void {
  for (const f of new Set(fields)) map[f] = (map[f] ?? 0) + 1;
}

/** The A/A probe: each sampled id read twice from v1 and twice from v2; what changes by itself is noise. */
async function probeNoise(o: RunOptions, resource: ResourceSpec, ids: string[], v1Ids?: Map<string, string>): Promise<NoiseLine> {
  const sample = sampleIds(ids, Math.min(o.noiseSample, ids.length), 7);
  const line: NoiseLine = { t: 'noise', r: resource.name, probed: sample.length, v1: {}, v2: {}, any: {} };
  let done = 0;
  await pool(sample, o.concurrency, o.signal, async (id) => {
    const a = await observe(o.sides, o.catalogue, resource, id, o.signal, v1Ids?.get(id));
    const b = await observe(o.sides, o.catalogue, resource, id, o.signal, v1Ids?.get(id));
    const side = (x: unknown, y: unknown, sx: number, sy: number) =>
      sx !== sy ? ['status'] : x === undefined && y === undefined ? [] : compareBodies(x, y).diffs.map((d) => d.field);
    const f1 = side(a.v1, b.v1, a.s1, b.s1);
    const f2 = side(a.v2, b.v2, a.s2, b.s2);
    count(line.v1, f1);
    count(line.v2, f2);
    count(line.any, [...f1, ...f2]);
    o.onProgress?.({ resource: resource.name, phase: 'noise', done: ++done, total: sample.length });
  });
  return line;
}

/** Runs `work` over items with at most `n` at a time; stops taking new items once aborted. */
async function pool<T>(items: readonly T[], n: number, signal: AbortSignal | undefined, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      if (signal?.aborted) return;
      const item = items[next++]!;
      try {
        await work(item);
      } catch (e) {
        failure ??= e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, items.length)) }, worker));
  if (failure !== undefined) throw failure;
  if (signal?.aborted) throw new VerifyAbortedError('interrupted');
}

export interface RunSummary {
  /** ids compared in this process (not counting those done by an earlier, resumed run) */
  compared: number;
  skipped: number;
}

export async function runVerify(o: RunOptions): Promise<RunSummary> {
  const resume = o.state.resume;
  let compared = 0;
  let skipped = 0;
  for (const resource of o.resources) {
    let ids = resume.ids.get(resource.name);
    if (!ids) {
      o.onProgress?.({ resource: resource.name, phase: 'ids', done: 0, total: 1 });
      ids = await chooseIds(o, resource);
      o.state.append({ t: 'ids', r: resource.name, ids });
    }
    if (ids.length === 0) continue;
    const rule = ruleFor(o.catalogue, resource, ids[0]!);
    if (!resume.rules.has(resource.name)) o.state.append({ t: 'rule', r: resource.name, rule: rule.id, fidelity: rule.fidelity, lost: rule.lost ?? [] });
    const v1Ids = resource.v1IdsFrom ? await v1IdMap(o.sides, o.catalogue, resource.v1IdsFrom, o.signal) : undefined;
    if (!resume.noise.has(resource.name) && o.noiseSample > 0) {
      const noise = await probeNoise(o, resource, ids, v1Ids);
      o.state.append(noise);
    }
    const done = resume.done.get(resource.name) ?? new Set<string>();
    const todo = done.size ? ids.filter((id) => !done.has(id)) : ids;
    skipped += ids.length - todo.length;
    let finished = ids.length - todo.length;
    const v2Credits = creditsPerId(rule);
    const report = () => {
      const left = ids!.length - finished;
      const etas = [
        o.budgets?.v2 ? budgetEtaMs(left * v2Credits, o.budgets.v2()) : undefined,
        o.budgets?.v1 ? budgetEtaMs(left, o.budgets.v1()) : undefined,
      ].filter((x): x is number => x !== undefined);
      o.onProgress?.({ resource: resource.name, phase: 'compare', done: finished, total: ids!.length, etaMs: etas.length ? Math.max(...etas) : undefined });
    };
    report();
    await pool(todo, o.concurrency, o.signal, async (id) => {
      const obs = await observe(o.sides, o.catalogue, resource, id, o.signal, v1Ids?.get(id));
      const c = compareObservation(obs);
      o.state.append({ t: 'r', r: resource.name, id, s1: obs.s1, s2: obs.s2, d: c.diffs, ...(c.declared.length ? { e: c.declared } : {}), u1: c.v1Only, u2: c.v2Only, x: c.expected });
      compared++;
      finished++;
      report();
    });
  }
  return { compared, skipped };
}
