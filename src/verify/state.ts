/**
 * The run's state is one JSONL file: a header, then for each resource the ids chosen, the noise
 * probe, and one line per id compared. It is written as the run goes (one write per line), so a
 * crash or Ctrl-C loses at most the line being written; reopening it trims that partial line and
 * tells the runner which ids are done, so a resumed run neither repeats nor skips an id. Reports
 * are always built by reading this file back, so a resumed run and an uninterrupted one report
 * the same thing. It holds no credentials (the header stores bases without user info).
 */
import { closeSync, existsSync, openSync, readFileSync, ftruncateSync, fstatSync, readSync, writeSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { FieldDiff } from './diff.ts';
import type { ExpectedLoss } from './observe.ts';

export const STATE_FORMAT = 'hdmigrate-verify/1';

export interface HeaderLine {
  t: 'head';
  format: typeof STATE_FORMAT;
  /** what must match for a resume: bases, resources, id selection, thresholds */
  run: RunIdentity;
}

export interface RunIdentity {
  base: string;
  v1Base: string;
  resources: string[];
  selection: string;
  thresholds: { relative: number; absolute: number };
  noiseSample: number;
}

export interface IdsLine {
  t: 'ids';
  r: string;
  ids: string[];
}

export interface NoiseLine {
  t: 'noise';
  r: string;
  /** ids probed (each called twice on both sides) */
  probed: number;
  /** field → records where the two v1 answers differed, and the two v2 answers */
  v1: Record<string, number>;
  v2: Record<string, number>;
  /** records where either side changed by itself: the noise Diffy's rule weighs raw differences against */
  any: Record<string, number>;
}

export interface RecordLine {
  t: 'r';
  r: string;
  id: string;
  s1: number;
  s2: number;
  d: FieldDiff[];
  /** differences in fields the catalogue declares lost for this record */
  e?: FieldDiff[];
  u1: string[];
  u2: string[];
  x: ExpectedLoss[];
}

export interface WriteRoundTripLine {
  t: 'w';
  r: string;
  direction: 'v1→v2' | 'v2→v1';
  id: string;
  d: FieldDiff[];
  cleaned: boolean;
}

/** The catalogue rule a resource is read through, and what it declares lost. */
export interface RuleLine {
  t: 'rule';
  r: string;
  rule: string;
  fidelity: string;
  lost: string[];
}

export type StateLine = HeaderLine | IdsLine | NoiseLine | RecordLine | WriteRoundTripLine | RuleLine;

export class StateFileError extends Error {}

/** Where a resumed run stands. */
export interface Resume {
  ids: Map<string, string[]>;
  noise: Map<string, NoiseLine>;
  rules: Set<string>;
  done: Map<string, Set<string>>;
  writesDone: boolean;
}

function sameRun(a: RunIdentity, b: RunIdentity): string | undefined {
  for (const key of Object.keys(a) as (keyof RunIdentity)[]) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) return key;
  }
  return undefined;
}

/** Trims a partial last line (a write cut by a kill) and returns the file's complete text. */
function readComplete(fd: number): string {
  const size = fstatSync(fd).size;
  const buf = Buffer.alloc(size);
  let read = 0;
  while (read < size) read += readSync(fd, buf, read, size - read, read);
  const lastNewline = buf.lastIndexOf(0x0a);
  const keep = lastNewline + 1;
  if (keep < size) ftruncateSync(fd, keep);
  return buf.subarray(0, keep).toString('utf8');
}

export class StateFile {
  private constructor(
    readonly path: string,
    private readonly fd: number,
    readonly resume: Resume,
    readonly resumed: boolean,
    private pos: number,
  ) {}

  /** Opens (or creates) a state file for this run; a file from a different run is refused. */
  static open(path: string, run: RunIdentity): StateFile {
    const resume: Resume = { ids: new Map(), noise: new Map(), rules: new Set(), done: new Map(), writesDone: false };
    const existed = existsSync(path) && readFileSync(path).length > 0;
    let fd: number;
    try {
      fd = openSync(path, existed ? 'r+' : 'w+');
    } catch (e) {
      throw new StateFileError(`cannot open state file ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    let resumed = false;
    if (existed) {
      const text = readComplete(fd);
      const lines = text.split('\n').filter((l) => l.length > 0);
      let head: HeaderLine | undefined;
      for (const [n, raw] of lines.entries()) {
        let line: StateLine;
        try {
          line = JSON.parse(raw) as StateLine;
        } catch {
          closeSync(fd);
          throw new StateFileError(`state file ${path} line ${n + 1} is not JSON: not a verify state file?`);
        }
        if (n === 0) {
          if (line.t !== 'head' || line.format !== STATE_FORMAT) {
            closeSync(fd);
            throw new StateFileError(`${path} is not a verify state file`);
          }
          head = line;
          continue;
        }
        if (line.t === 'ids') resume.ids.set(line.r, line.ids);
        else if (line.t === 'noise') resume.noise.set(line.r, line);
        else if (line.t === 'rule') resume.rules.add(line.r);
        else if (line.t === 'r') {
          let set = resume.done.get(line.r);
          if (!set) resume.done.set(line.r, (set = new Set()));
          set.add(line.id);
        } else if (line.t === 'w') resume.writesDone = true;
      }
      if (head) {
        const differs = sameRun(head.run, run);
        if (differs) {
          closeSync(fd);
          throw new StateFileError(`state file ${path} belongs to another run (its ${differs} differs); use a new --state file or the same options`);
        }
        resumed = true;
      }
    }
    const state = new StateFile(path, fd, resume, resumed, resumed ? fstatSync(fd).size : 0);
    if (!resumed) {
      ftruncateSync(fd, 0);
      state.append({ t: 'head', format: STATE_FORMAT, run });
    }
    return state;
  }

  /** One line, one write: a kill cuts at most this line, which the next open trims. */
  append(line: StateLine): void {
    const data = Buffer.from(`${JSON.stringify(line)}\n`);
    let written = 0;
    while (written < data.length) written += writeSync(this.fd, data, written, data.length - written, this.pos + written);
    this.pos += data.length;
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** Streams the lines of a state file (memory stays flat however many ids it holds). */
export async function* readState(path: string): AsyncGenerator<StateLine> {
  const rl = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  for await (const raw of rl) {
    if (!raw) continue;
    try {
      yield JSON.parse(raw) as StateLine;
    } catch {
      // a partial last line from a killed run: the next open trims it
    }
  }
}
