/**
 * Codemod speed, measured against jscodeshift's own parse + toSource of the same files in the same
 * process (the baseline every jscodeshift codemod pays even with no edit).
 *
 *   npx tsx bench/codemod.bench.ts [--rounds 5] [--copies 8]
 *
 * 1. Changed files: every single-file fixture input under fixtures/codemod (legacy integration code
 *    with v1 calls), copied `--copies` times into a temp tree. Time per changed file for the whole
 *    codemod (walk, prefilter, audit analysis, planning, decision, span edits, re-parse of the
 *    output) vs jscodeshift parse + toSource. Target: ≤ 1.5x. JavaScript and TypeScript are shown
 *    apart: TypeScript with type-annotated v1 shapes also pays for the ts-morph pass (a lean program:
 *    no standard library or `@types`; its fixed cost is the checker and a small built-in library),
 *    shown with and without it (`--no-types`).
 *    The fixtures hold few TypeScript files, so that line is a small project: the pass's fixed cost
 *    (its standard library, the checker) is spread over ~16 files. A second TypeScript line runs a
 *    generated project of `--modules` files with a tsconfig (shared interfaces and envelope types,
 *    a `.d.ts`, API modules with typed v1 calls, feature modules reading v1 fields of the types
 *    they import, utilities without v1 use), closer to how the cost spreads in a real project.
 * 2. Files without v1 use (undici's sources from node_modules): the prefilter rejects them before
 *    any parse, so their cost is a file read and a regex test; shown against a jscodeshift parse.
 * Best of `--rounds` runs (the machine is noisy; ±20% between runs is normal).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import jscodeshift from 'jscodeshift';
import { parserFor } from '../src/codemod/parse.ts';
import { collect, runCodemod } from '../src/codemod/run.ts';
import { benchRow } from './protocol.ts';

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}

const ROUNDS = arg('rounds', 5);
const COPIES = arg('copies', 8);
const MODULES = arg('modules', 140);
const ROOT = path.resolve(import.meta.dirname, '..');

function best(fn: () => void | Promise<void>): Promise<number> {
  return (async () => {
    let min = Infinity;
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      await fn();
      min = Math.min(min, performance.now() - t);
    }
    return min;
  })();
}

function jscodeshiftBaseline(files: string[]): () => void {
  const sources = files.map((f) => ({ src: readFileSync(f, 'utf8'), parser: parserFor(f)! }));
  return () => {
    for (const { src, parser } of sources) jscodeshift.withParser(parser)(src).toSource();
  };
}

function fixtureInputs(ext: RegExp): string[] {
  const dir = path.join(ROOT, 'fixtures/codemod');
  return readdirSync(dir)
    .filter((c) => !c.startsWith('no-change') && statSync(path.join(dir, c)).isDirectory())
    .map((c) => readdirSync(path.join(dir, c)).find((f) => /^input\./.test(f) && ext.test(f)) && path.join(dir, c, readdirSync(path.join(dir, c)).find((f) => /^input\./.test(f) && ext.test(f))!))
    .filter((f): f is string => !!f);
}

/** Times the codemod over a tree against jscodeshift's parse + toSource of the same files (interleaved). */
async function measure(label: string, tree: string, types: boolean): Promise<void> {
  const c = collect([tree]);
  const files = [...c.files, ...c.others].map((f) => f.abs).filter((f) => parserFor(f));
  // per file the whole codemod changes (the --no-types lines included, to compare like with like)
  const report = await runCodemod([tree], { workers: 0 });
  const changed = report.summary.changed;
  const lines = files.reduce((n, f) => n + readFileSync(f, 'utf8').split('\n').length, 0);
  // interleaved, so both see the same machine load
  const baseline = jscodeshiftBaseline(files);
  let ours = Infinity;
  let base = Infinity;
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    await runCodemod([tree], { workers: 0, types });
    ours = Math.min(ours, performance.now() - t);
    t = performance.now();
    baseline();
    base = Math.min(base, performance.now() - t);
  }
  console.log(
    `${label}: ${files.length} files (${lines} lines), ${changed} changed | codemod ${(ours / changed).toFixed(2)} ms/changed file | ` +
      `jscodeshift parse+toSource ${(base / files.length).toFixed(2)} ms/file | ratio ${(ours / changed / (base / files.length)).toFixed(2)}x (target ≤ 1.5x)`,
  );
  // the 16-file TypeScript run with the type pass measures the checker's fixed cost (see its label): informative
  benchRow(`codemod: ${label} (ms per changed file vs jscodeshift parse+toSource per file)`, ours / changed, base / files.length, /one small program/.test(label) && types ? null : 1.5);
}

async function changedFiles(label: string, ext: RegExp, types = true): Promise<void> {
  const inputs = fixtureInputs(ext);
  const tree = mkdtempSync(path.join(tmpdir(), 'hdm-bench-'));
  try {
    for (let c = 0; c < COPIES; c++) {
      const d = path.join(tree, `copy${c}`);
      mkdirSync(d);
      for (const f of inputs) {
        const to = path.join(d, `${path.basename(path.dirname(f))}${path.extname(f)}`);
        cpSync(f, to);
      }
    }
    await measure(label, tree, types);
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

/** A TypeScript project of about `n` files with v1-shaped types shared across modules (see the header). */
function typedProject(dir: string, n: number): void {
  const w = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  const apis = Math.max(1, Math.round(n / 7));
  const utils = Math.max(1, Math.round(n / 7));
  const features = Math.max(1, n - apis - utils - 4);
  w('tsconfig.json', JSON.stringify({ compilerOptions: { target: 'ES2020', module: 'commonjs', strict: true, esModuleInterop: true, skipLibCheck: true, lib: ['ES2020', 'DOM'] }, include: ['src'] }, null, 2) + '\n');
  w('src/types.ts', `// Shapes of the helpdesk API as this service uses them.
export interface Ticket {
  display_id: number;
  subject: string;
  status: number;
  priority: number;
  ticket_type: string | null;
  requester_id: number;
}

export interface TicketEnvelope {
  helpdesk_ticket: Ticket;
}

export interface Page<T> {
  items: T[];
  next?: string;
}
`);
  w('src/legacy.d.ts', `// Shapes of the old agent widget (declarations only).
export interface WidgetTicket {
  display_id: number;
  subject: string;
}
`);
  w('src/http.ts', `import axios from 'axios';

export const http = axios.create({ baseURL: 'https://acme.freshdesk.com', auth: { username: process.env.FD_KEY ?? '', password: 'X' } });
`);
  w('src/index.ts', Array.from({ length: features }, (_, i) => `export * from './features/feature${i}';`).join('\n') + '\n');
  for (let a = 0; a < apis; a++) {
    w(`src/api/tickets${a}.ts`, `import { http } from '../http';
import { Ticket, TicketEnvelope } from '../types';

/** Ticket lookups of team ${a}. */
export async function fetchTicket${a}(id: number): Promise<Ticket> {
  const res = await http.get<TicketEnvelope>(\`/helpdesk/tickets/\${id}.json\`);
  return res.data.helpdesk_ticket;
}

export function ticketKey${a}(id: number): string {
  return \`team${a}:\${id}\`;
}
`);
  }
  for (let u = 0; u < utils; u++) {
    w(`src/util/util${u}.ts`, `// Helpers without any helpdesk use.
export function clamp${u}(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

export function chunk${u}<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export class Cache${u}<V> {
  private readonly map = new Map<string, V>();
  get(key: string): V | undefined {
    return this.map.get(key);
  }
  set(key: string, value: V): void {
    this.map.set(key, value);
  }
}
`);
  }
  for (let i = 0; i < features; i++) {
    const a = i % apis;
    const u = i % utils;
    const widget = i % 10 === 0;
    w(`src/features/feature${i}.ts`, `import { fetchTicket${a} } from '../api/tickets${a}';
import { Ticket } from '../types';
import { chunk${u}, Cache${u} } from '../util/util${u}';
${widget ? "import type { WidgetTicket } from '../legacy';\n" : ''}
const cache = new Cache${u}<Ticket>();

// Feature ${i}: reads v1 fields of tickets it never fetches itself.
export function label${i}(t: Ticket): string {
  return \`#\${t.display_id} [\${t.ticket_type ?? 'none'}] \${t.subject}\`;
}

export async function load${i}(ids: number[]): Promise<string[]> {
  const out: string[] = [];
  for (const batch of chunk${u}(ids, 10)) {
    const tickets = await Promise.all(batch.map((id) => fetchTicket${a}(id)));
    for (const t of tickets) cache.set(String(t.display_id), t);
    out.push(...tickets.filter((t) => t.priority > ${i % 4}).map(label${i}));
  }
  return out;
}
${widget ? `\nexport function widgetTitle${i}(w: WidgetTicket): string {\n  return \`\${w.display_id}: \${w.subject}\`;\n}\n` : ''}`);
  }
}

async function typedProjectFiles(label: string, types: boolean): Promise<void> {
  const tree = mkdtempSync(path.join(tmpdir(), 'hdm-bench-tsproj-'));
  try {
    typedProject(tree, MODULES);
    await measure(label, tree, types);
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

async function withoutV1(): Promise<void> {
  const lib = path.join(ROOT, 'node_modules/undici/lib');
  const c = collect([lib]);
  const all = [...c.files, ...c.others].map((f) => f.abs);
  const lines = all.reduce((n, f) => n + readFileSync(f, 'utf8').split('\n').length, 0);
  const rejected = c.others.length;
  // what a file without v1 use costs: reading it and one regex test (the walk included)
  const walk = await best(() => {
    collect([lib]);
  });
  const base = await best(() => {
    for (const f of all) jscodeshift.withParser('babel')(readFileSync(f, 'utf8'));
  });
  const whole = await best(async () => {
    await runCodemod([lib], { workers: 0 });
  });
  console.log(
    `without v1 use: ${all.length} files (${lines} lines), ${rejected} rejected by the prefilter before any parse | ` +
      `walk + read + prefilter ${(walk / all.length).toFixed(3)} ms/file vs jscodeshift parse ${(base / all.length).toFixed(2)} ms/file ` +
      `(ratio ${(walk / base).toFixed(3)}x) | whole run ${whole.toFixed(0)} ms, of which the ${c.files.length} file(s) the prefilter let through were analysed in full`,
  );
  benchRow('codemod: files without v1 use (walk + read + prefilter vs jscodeshift parse, ms per file)', walk / all.length, base / all.length, null);
}

console.log(`hdmigrate codemod bench (best of ${ROUNDS}, ${COPIES} copies of each fixture, Node ${process.version})`);
await changedFiles('JavaScript, changed files', /\.(js|mjs|cjs|jsx)$/);
await changedFiles('TypeScript, changed files (one small program: the checker\'s fixed cost, ~40 ms, is most of it)', /\.(ts|tsx)$/);
await changedFiles('TypeScript, changed files, --no-types', /\.(ts|tsx)$/, false);
await typedProjectFiles(`TypeScript project (tsconfig, ~${MODULES} modules)`, true);
await typedProjectFiles(`TypeScript project (tsconfig, ~${MODULES} modules), --no-types`, false);
await withoutV1();
