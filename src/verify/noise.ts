/**
 * Telling real differences from noise, after Diffy: raw differences (v1 against v2) are weighed
 * against noise (v1 against v1 and v2 against v2, the A/A probe), per field. A field is flagged
 * only when raw > noise AND the relative difference |raw − noise| / (raw + noise) exceeds
 * `relative` % AND the absolute difference |raw − noise| (as a share of the records) exceeds
 * `absolute` %. Raw and noise are rates (differences per record compared / per record probed),
 * because the probe only looks at a sample. A noise file silences fields by path, with a reason.
 */
import { readFileSync } from 'node:fs';

export interface Thresholds {
  /** Diffy's relative threshold, percent (default 20) */
  relative: number;
  /** Diffy's absolute threshold, percent of the records compared (default 0.03) */
  absolute: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = { relative: 20, absolute: 0.03 };

export interface FieldWeights {
  raw: number;
  compared: number;
  noise: number;
  probed: number;
}

export interface Verdict {
  flagged: boolean;
  rawRate: number;
  noiseRate: number;
  relative: number;
  absolute: number;
}

export function judgeField(w: FieldWeights, t: Thresholds = DEFAULT_THRESHOLDS): Verdict {
  const rawRate = w.compared > 0 ? w.raw / w.compared : 0;
  const noiseRate = w.probed > 0 ? w.noise / w.probed : 0;
  const gap = Math.abs(rawRate - noiseRate);
  const relative = rawRate + noiseRate > 0 ? (gap / (rawRate + noiseRate)) * 100 : 0;
  const absolute = gap * 100;
  const flagged = rawRate > noiseRate && relative > t.relative && absolute > t.absolute;
  return { flagged, rawRate, noiseRate, relative, absolute };
}

/**
 * The noise list: a JSON object whose keys are reported paths and whose values are the reasons,
 * e.g. `{ "tickets:body.updated_at": "touched by an automation", "body.stats": "v2 only" }`.
 * A key without `<resource>:` applies to every resource; a key also covers what lies below it
 * (`body.requester` covers `body.requester.email`), as Diffy's noise prefixes do.
 */
export class NoiseList {
  constructor(readonly entries: ReadonlyMap<string, string> = new Map()) {}

  static parse(text: string, where = 'noise file'): NoiseList {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new NoiseFileError(`${where} is not valid JSON: ${(e as Error).message}`);
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new NoiseFileError(`${where} must be a JSON object of "path": "reason"`);
    }
    const entries = new Map<string, string>();
    for (const [path, reason] of Object.entries(data)) {
      if (typeof reason !== 'string' || reason.trim() === '') throw new NoiseFileError(`${where}: "${path}" needs a reason (a non-empty string)`);
      entries.set(path, reason);
    }
    return new NoiseList(entries);
  }

  static load(file: string): NoiseList {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new NoiseFileError(`cannot read noise file ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    return NoiseList.parse(text, `noise file ${file}`);
  }

  /** The reason a field of a resource is listed as noise, or undefined. */
  reason(resource: string, field: string): string | undefined {
    for (const key of [`${resource}:${field}`, field]) {
      for (let p: string | undefined = key; p; p = parent(p)) {
        const r = this.entries.get(p);
        if (r !== undefined) return r;
      }
    }
    return undefined;
  }
}

/** `body.a.b` → `body.a`; `body.a[]` → `body.a`; `tickets:body` → undefined. */
function parent(path: string): string | undefined {
  const m = /^(.*?)(\.[^.[\]]+|\[[^\]]*\])$/.exec(path);
  if (!m || !m[1] || m[1].endsWith(':')) return undefined;
  return m[1];
}

export class NoiseFileError extends Error {}
