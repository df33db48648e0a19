/**
 * The verify report, always built by reading the state file back (two streaming passes: count
 * per field, judge each field with Diffy's rule, then classify records). Nothing depends on the
 * order lines were written in, so an interrupted-and-resumed run reports exactly what an
 * uninterrupted one does.
 */
import { judgeField, type NoiseList, type Thresholds, type Verdict } from './noise.ts';
import { redactValue } from './redact.ts';
import { readState, type NoiseLine, type RunIdentity } from './state.ts';

export interface Example {
  id: string;
  at: string;
  v1: unknown;
  v2: unknown;
}

export interface FieldReport {
  /** pasteable into a noise file */
  path: string;
  field: string;
  raw: number;
  noise: number;
  verdict: 'difference' | 'noise' | 'listed-noise' | 'declared-loss';
  /** the reason from the noise file, for listed-noise */
  reason?: string;
  rawPct: number;
  noisePct: number;
  relative: number;
  absolute: number;
  examples: Example[];
}

export interface ResourceReport {
  resource: string;
  compared: number;
  identical: number;
  differing: number;
  /** records whose only differences are explained: noise (measured or listed) or losses the catalogue declares */
  noiseOnly: number;
  /** records with fields present on one side only */
  withUnmatched: number;
  /** ids one side answered and the other did not (404 on one side) */
  missing: number;
  /** ids neither side has (both answered the same error, e.g. 404): not evidence of parity */
  absent: number;
  probed: number;
  /** the catalogue rule the resource is read through, and the losses it declares for every record */
  rule?: { id: string; fidelity: string; lost: string[] };
  fields: FieldReport[];
  unmatched: { path: string; side: 'v1 only' | 'v2 only'; records: number }[];
  expected: { path: string; message: string; records: number }[];
}

export interface WriteReport {
  resource: string;
  direction: string;
  id: string;
  differences: Example[];
  cleaned: boolean;
}

export interface VerifyReport {
  tool: 'hdmigrate verify';
  base: string;
  v1Base: string;
  thresholds: Thresholds;
  parity: boolean;
  resources: ResourceReport[];
  writes: WriteReport[];
  totals: { compared: number; identical: number; differing: number; noiseOnly: number; absent: number; unmatchedFields: number; differingFields: number };
}

const EXAMPLES = 3;

interface FieldAcc {
  raw: number;
  /** records where the difference is a loss the catalogue declared */
  declared: number;
  examples: Example[];
}

interface ResourceAcc {
  compared: number;
  missing: number;
  fields: Map<string, FieldAcc>;
  u1: Map<string, number>;
  u2: Map<string, number>;
  expected: Map<string, { message: string; records: number }>;
  noise?: NoiseLine;
  rule?: { id: string; fidelity: string; lost: string[] };
}

const byId = (a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id) || a.id.localeCompare(b.id);

/** Keeps the examples of the lowest ids, whatever order the lines come in. */
function keepExample(list: Example[], ex: Example): void {
  if (list.length >= EXAMPLES && byId(ex, list[list.length - 1]!) >= 0) return;
  if (list.some((e) => e.id === ex.id)) return;
  list.push(ex);
  list.sort(byId);
  if (list.length > EXAMPLES) list.pop();
}

export interface ReportOptions {
  thresholds: Thresholds;
  noiseList: NoiseList;
  redact?: boolean;
}

export async function buildReport(statePath: string, o: ReportOptions): Promise<VerifyReport> {
  const acc = new Map<string, ResourceAcc>();
  const order: string[] = [];
  let run: RunIdentity | undefined;
  const writes: WriteReport[] = [];
  const res = (r: string) => {
    let a = acc.get(r);
    if (!a) {
      acc.set(r, (a = { compared: 0, missing: 0, fields: new Map(), u1: new Map(), u2: new Map(), expected: new Map() }));
      order.push(r);
    }
    return a;
  };
  const inc = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

  for await (const line of readState(statePath)) {
    if (line.t === 'head') run = line.run;
    else if (line.t === 'ids') res(line.r);
    else if (line.t === 'noise') res(line.r).noise = line;
    else if (line.t === 'rule') res(line.r).rule = { id: line.rule, fidelity: line.fidelity, lost: line.lost };
    else if (line.t === 'w') {
      writes.push({ resource: line.r, direction: line.direction, id: line.id, differences: line.d.map((d) => ({ id: line.id, at: d.at, v1: d.v1, v2: d.v2 })), cleaned: line.cleaned });
    } else if (line.t === 'r') {
      const a = res(line.r);
      a.compared++;
      const ok1 = line.s1 >= 200 && line.s1 < 300;
      const ok2 = line.s2 >= 200 && line.s2 < 300;
      if (ok1 !== ok2) a.missing++;
      const seen = new Set<string>();
      for (const [declared, list] of [[false, line.d], [true, line.e ?? []]] as const) {
        for (const d of list) {
          let f = a.fields.get(d.field);
          if (!f) a.fields.set(d.field, (f = { raw: 0, declared: 0, examples: [] }));
          if (!seen.has(d.field)) {
            if (declared) f.declared++;
            else f.raw++;
            seen.add(d.field);
          }
          keepExample(f.examples, { id: line.id, at: d.at, v1: d.v1, v2: d.v2 });
        }
      }
      for (const u of line.u1) inc(a.u1, u);
      for (const u of line.u2) inc(a.u2, u);
      for (const x of line.x) {
        const e = a.expected.get(x.path);
        if (e) e.records++;
        else a.expected.set(x.path, { message: x.message, records: 1 });
      }
    }
  }
  if (!run) throw new Error(`${statePath} has no verify header`);

  // judge every field, then classify records in a second pass
  const judged = new Map<string, Map<string, FieldReport>>();
  for (const r of order) {
    const a = acc.get(r)!;
    const probed = a.noise?.probed ?? 0;
    const m = new Map<string, FieldReport>();
    for (const [field, f] of a.fields) {
      const noise = a.noise?.any[field] ?? 0;
      const v: Verdict = judgeField({ raw: f.raw, compared: a.compared, noise, probed }, o.thresholds);
      const path = `${r}:${field}`;
      const reason = o.noiseList.reason(r, field);
      m.set(field, {
        path,
        field,
        raw: f.raw + f.declared,
        noise,
        verdict: f.raw === 0 ? 'declared-loss' : reason !== undefined ? 'listed-noise' : v.flagged ? 'difference' : 'noise',
        ...(reason !== undefined ? { reason } : {}),
        rawPct: round(a.compared ? ((f.raw + f.declared) / a.compared) * 100 : 0),
        noisePct: round(v.noiseRate * 100),
        relative: round(v.relative),
        absolute: round(v.absolute),
        examples: o.redact ? f.examples.map((e) => ({ ...e, v1: redactValue(e.v1, field), v2: redactValue(e.v2, field) })) : f.examples,
      });
    }
    judged.set(r, m);
  }
  const counts = new Map(order.map((r) => [r, { identical: 0, differing: 0, noiseOnly: 0, withUnmatched: 0, absent: 0 }]));
  for await (const line of readState(statePath)) {
    if (line.t !== 'r') continue;
    const c = counts.get(line.r)!;
    const fields = judged.get(line.r)!;
    if (line.u1.length || line.u2.length) c.withUnmatched++;
    const gone = !(line.s1 >= 200 && line.s1 < 300) && line.s1 === line.s2;
    if (gone) c.absent++;
    else if (line.d.length === 0 && !line.e?.length) c.identical++;
    else if (line.d.some((d) => fields.get(d.field)?.verdict === 'difference')) c.differing++;
    else c.noiseOnly++;
  }

  const resources: ResourceReport[] = order.map((r) => {
    const a = acc.get(r)!;
    const fields = [...judged.get(r)!.values()].sort(
      (x, y) => rank(x) - rank(y) || y.raw - x.raw || x.field.localeCompare(y.field),
    );
    const unmatched = [
      ...[...a.u1].map(([path, records]) => ({ path: `${r}:${path}`, side: 'v1 only' as const, records })),
      ...[...a.u2].map(([path, records]) => ({ path: `${r}:${path}`, side: 'v2 only' as const, records })),
    ].sort((x, y) => y.records - x.records || x.path.localeCompare(y.path));
    const expected = [...a.expected]
      .map(([path, e]) => ({ path: `${r}:${path}`, message: o.redact ? String(redactValue(e.message)) : e.message, records: e.records }))
      .sort((x, y) => y.records - x.records || x.path.localeCompare(y.path));
    return { resource: r, compared: a.compared, ...counts.get(r)!, missing: a.missing, probed: a.noise?.probed ?? 0, ...(a.rule ? { rule: a.rule } : {}), fields, unmatched, expected };
  });
  const sum = (k: 'compared' | 'identical' | 'differing' | 'noiseOnly' | 'absent') => resources.reduce((s, r) => s + r[k], 0);
  const writeDiffs = writes.reduce((s, w) => s + w.differences.length, 0);
  const differingFields = resources.reduce((s, r) => s + r.fields.filter((f) => f.verdict === 'difference').length, 0);
  writes.sort((a, b) => a.resource.localeCompare(b.resource) || a.direction.localeCompare(b.direction));
  return {
    tool: 'hdmigrate verify',
    base: run.base,
    v1Base: run.v1Base,
    thresholds: o.thresholds,
    parity: differingFields === 0 && writeDiffs === 0,
    resources,
    writes: o.redact ? writes.map((w) => ({ ...w, differences: w.differences.map((e) => ({ ...e, v1: redactValue(e.v1, e.at), v2: redactValue(e.v2, e.at) })) })) : writes,
    totals: {
      compared: sum('compared'),
      identical: sum('identical'),
      differing: sum('differing'),
      noiseOnly: sum('noiseOnly'),
      absent: sum('absent'),
      unmatchedFields: resources.reduce((s, r) => s + r.unmatched.length, 0),
      differingFields,
    },
  };
}

function rank(f: FieldReport): number {
  return f.verdict === 'difference' ? 0 : f.verdict === 'noise' ? 1 : f.verdict === 'listed-noise' ? 2 : 3;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
