/**
 * Measures the audit and the codemod on real legacy repositories checked out outside this repo,
 * against a hand-made list of their v1 call sites:
 *
 *   node --import tsx bench/realcode-eval.ts --labels labels.json /path/to/repoA /path/to/repoB
 *   node --import tsx bench/realcode-eval.ts --labels labels.json --json /path/to/repos/*
 *
 * Each repo path's base name is its key in the labels file:
 *
 *   { "repos": { "<name>": {
 *       "calls":      [{ "file": "lib/x.js", "line": 55, "rule": "tickets.view",
 *                        "urlAt": [{ "file": "lib/x.js", "line": 16 }] }],   // where the URL text lives, when elsewhere
 *       "also":       [{ "file": "src/x.coffee", "lines": [44, 47] }],      // true v1 uses that are not call sites
 *       "rateLimits": [{ "file": "src/api.js", "line": 22 }] } } }         // 403-as-throttling checks
 *
 * Per call site: found (the audit reports it), auto-migrated (the codemod's dry run rewrites it and
 * leaves no marker at it), marked (a marker at it), missed (neither). Precision is over the audit's
 * call and url findings (outside comments): a finding that is neither a labelled call nor an `also`
 * line counts against it. Both tools run as the user runs them (the CLI, in a child process) with a
 * time limit, so a hang or a crash shows as such instead of stopping the measurement.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

interface LabelCall {
  file: string;
  line: number;
  rule?: string;
  urlAt?: Array<{ file: string; line: number }>;
}
interface RepoLabels {
  source?: string;
  calls: LabelCall[];
  also?: Array<{ file: string; lines: number[] }>;
  rateLimits?: Array<{ file: string; line: number }>;
}
interface AuditFinding {
  file: string;
  line: number;
  kind: string;
  rule: string | null;
  inComment?: boolean;
  ignored?: boolean;
  twins?: string[];
  generatedFrom?: string;
}
interface CodemodFile {
  file: string;
  status: string;
  reason?: string;
  changes?: Array<{ line: number; rule: string | null; kind: string }>;
  markers?: Array<{ line: number; sourceLine?: number; rule: string; existing?: boolean }>;
}

export interface RepoResult {
  repo: string;
  source?: string;
  calls: number;
  found: number;
  auto: number;
  marked: number;
  missed: number;
  precision: number | null;
  recall: number | null;
  autoShare: number | null;
  rateLimits: { labelled: number; found: number };
  audit: { ok: boolean; ms: number; error?: string; findings: number };
  codemod: { ok: boolean; ms: number; error?: string; skipped: number; internalErrors: number };
  perCall: Array<{ site: string; rule?: string; found: boolean; outcome: 'auto' | 'marked' | 'missed' }>;
  falsePositives: string[];
}

const BIN = join(import.meta.dirname, '..', 'bin', 'hdmigrate');
/** Lines before a call where its marker may sit (the statement can start earlier than the URL). */
const MARKER_BEFORE = 8;
const NEAR = 3;

function run(args: string[], cwd: string, timeoutMs: number): { ok: boolean; ms: number; stdout: string; error?: string } {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024 });
  const ms = Date.now() - t0;
  if (r.error || r.signal) return { ok: false, ms, stdout: r.stdout ?? '', error: r.signal ? `killed after ${ms} ms (${r.signal})` : String(r.error) };
  // the audit exits 1 when it has findings; 2 is a usage or input error
  if (r.status === 2) return { ok: false, ms, stdout: r.stdout, error: (r.stderr || '').trim().split('\n')[0] };
  return { ok: true, ms, stdout: r.stdout };
}

const family = (rule: string | null | undefined) => (rule ?? '').split('.')[0];
const sameRule = (a: string | null | undefined, b: string | undefined) => !b || a === b || family(a) === family(b);

export function evaluateRepo(path: string, labels: RepoLabels, timeoutMs: number): RepoResult {
  const repo = basename(resolve(path));
  const auditRun = run(['audit', '.', '--format', 'json'], path, timeoutMs);
  let findings: AuditFinding[] = [];
  let auditError = auditRun.error;
  if (auditRun.ok) {
    try {
      findings = (JSON.parse(auditRun.stdout) as { findings: AuditFinding[] }).findings;
    } catch (e) {
      auditError = `unreadable JSON: ${(e as Error).message}`;
    }
  }
  const codemodRun = run(['codemod', '.', '--json', '-q'], path, timeoutMs);
  let files: CodemodFile[] = [];
  let skipped = 0;
  let internalErrors = 0;
  let codemodError = codemodRun.error;
  if (codemodRun.ok) {
    try {
      const cm = JSON.parse(codemodRun.stdout) as { files: CodemodFile[]; skipped?: Array<{ reason: string; detail?: string }> };
      files = cm.files;
      skipped = cm.skipped?.length ?? 0;
      // a file the codemod gave up on with an internal error (overlapping edits, a crash) is left untouched
      internalErrors =
        (cm.skipped ?? []).filter((s) => /internal|analysis failed/i.test(`${s.reason} ${s.detail ?? ''}`)).length +
        cm.files.filter((f) => f.status === 'error' && /internal|analysis failed/i.test(f.reason ?? '')).length;
    } catch (e) {
      codemodError = `unreadable JSON: ${(e as Error).message}`;
    }
  }

  const live = findings.filter((f) => !f.inComment && !f.ignored);
  const near = (f: { file: string; line: number }, file: string, line: number, before = NEAR, after = NEAR) =>
    f.file === file && f.line >= line - before && f.line <= line + after;
  const twinHit = (f: AuditFinding, file: string, line: number) =>
    (f.twins ?? []).some((t) => {
      const i = t.lastIndexOf(':');
      return t.slice(0, i) === file && Math.abs(Number(t.slice(i + 1)) - line) <= NEAR;
    });
  const isCallish = (f: AuditFinding) => f.kind === 'call' || f.kind === 'url' || f.kind === 'wrapper';

  const used = new Set<AuditFinding>();
  const perCall: RepoResult['perCall'] = [];
  let found = 0;
  let auto = 0;
  let marked = 0;
  for (const c of labels.calls) {
    const places = [{ file: c.file, line: c.line }, ...(c.urlAt ?? [])];
    const hits = live.filter((f) => isCallish(f) && sameRule(f.rule, c.rule) && places.some((p) => near(f, p.file, p.line) || twinHit(f, p.file, p.line)));
    for (const h of hits) used.add(h);
    const isFound = hits.length > 0;
    if (isFound) found++;
    const cf = (file: string) => files.find((f) => f.file === file);
    // markers are listed where the written file has them; sourceLine is the site in the original
    const at = (m: { line: number; sourceLine?: number }) => m.sourceLine ?? m.line;
    // a marker at the call, or at the URL it takes from elsewhere (a config entry, a helper)
    const markerHere =
      (cf(c.file)?.markers ?? []).some((m) => at(m) >= c.line - MARKER_BEFORE && at(m) <= c.line + NEAR && sameRule(m.rule, c.rule)) ||
      (c.urlAt ?? []).some((p) => (cf(p.file)?.markers ?? []).some((m) => at(m) >= p.line - MARKER_BEFORE && at(m) <= p.line + NEAR && sameRule(m.rule, c.rule)));
    const changed = places.some((p) => (cf(p.file)?.changes ?? []).some((ch) => ch.line >= p.line - NEAR && ch.line <= p.line + NEAR && sameRule(ch.rule, c.rule)));
    const outcome = markerHere ? 'marked' : changed ? 'auto' : 'missed';
    if (outcome === 'auto') auto++;
    else if (outcome === 'marked') marked++;
    perCall.push({ site: `${c.file}:${c.line}`, rule: c.rule, found: isFound, outcome });
  }

  const alsoLines = new Set((labels.also ?? []).flatMap((a) => a.lines.map((l) => `${a.file}:${l}`)));
  const counted = live.filter((f) => f.kind === 'call' || f.kind === 'url');
  const falsePositives = counted
    .filter((f) => !used.has(f) && !alsoLines.has(`${f.file}:${f.line}`))
    .filter((f) => !labels.calls.some((c) => [{ file: c.file, line: c.line }, ...(c.urlAt ?? [])].some((p) => near(f, p.file, p.line))))
    .map((f) => `${f.file}:${f.line} ${f.kind} ${f.rule}`);
  const precision = counted.length ? (counted.length - falsePositives.length) / counted.length : null;
  const rl = labels.rateLimits ?? [];
  const rlFound = rl.filter((r) => live.some((f) => f.kind === 'rate-limit' && near(f, r.file, r.line, 1, 1))).length;
  const n = labels.calls.length;
  return {
    repo,
    source: labels.source,
    calls: n,
    found,
    auto,
    marked,
    missed: n - auto - marked,
    precision,
    recall: n ? found / n : null,
    autoShare: n ? auto / n : null,
    rateLimits: { labelled: rl.length, found: rlFound },
    audit: { ok: !auditError, ms: auditRun.ms, error: auditError, findings: live.length },
    codemod: { ok: !codemodError, ms: codemodRun.ms, error: codemodError, skipped, internalErrors },
    perCall,
    falsePositives,
  };
}

function pct(x: number | null): string {
  return x === null ? '  -  ' : `${(x * 100).toFixed(0).padStart(3)}%`;
}

function main(): void {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const verbose = args.includes('--verbose');
  const li = args.indexOf('--labels');
  const ti = args.indexOf('--timeout');
  if (li < 0 || !args[li + 1]) {
    process.stderr.write('usage: node --import tsx bench/realcode-eval.ts --labels <labels.json> [--timeout <s>] [--json] [--verbose] <repo>...\n');
    process.exit(2);
  }
  const labelsFile = args[li + 1]!;
  const timeoutMs = ti >= 0 ? Number(args[ti + 1]) * 1000 : 300_000;
  const skip = new Set([li, li + 1, ...(ti >= 0 ? [ti, ti + 1] : [])]);
  const repos = args.filter((a, i) => !skip.has(i) && !a.startsWith('--'));
  const all = (JSON.parse(readFileSync(labelsFile, 'utf8')) as { repos: Record<string, RepoLabels> }).repos;
  const results: RepoResult[] = [];
  for (const path of repos) {
    const key = basename(resolve(path));
    const labels = all[key];
    if (!labels) {
      process.stderr.write(`no labels for ${key}: skipped\n`);
      continue;
    }
    results.push(evaluateRepo(path, labels, timeoutMs));
  }
  const sum = (k: 'calls' | 'found' | 'auto' | 'marked' | 'missed') => results.reduce((a, r) => a + r[k], 0);
  const total = { calls: sum('calls'), found: sum('found'), auto: sum('auto'), marked: sum('marked'), missed: sum('missed') };
  if (json) {
    process.stdout.write(JSON.stringify({ results, total }, null, 2) + '\n');
    return;
  }
  const rows = results.map((r) =>
    [
      r.repo.padEnd(20),
      String(r.calls).padStart(5),
      String(r.found).padStart(6),
      String(r.auto).padStart(5),
      String(r.marked).padStart(7),
      String(r.missed).padStart(7),
      pct(r.precision),
      pct(r.recall),
      pct(r.autoShare),
      r.rateLimits.labelled ? `${r.rateLimits.found}/${r.rateLimits.labelled}`.padStart(5) : '    -',
      `${r.audit.ok ? 'ok' : 'FAIL'} ${r.audit.ms}ms`.padStart(12),
      `${r.codemod.ok ? 'ok' : 'FAIL'} ${r.codemod.ms}ms`.padStart(13),
    ].join(' '),
  );
  process.stdout.write(
    ['repo'.padEnd(20), 'calls', ' found', ' auto', ' marked', ' missed', 'prec', 'recall', 'auto%', '  403', '       audit', '      codemod'].join(' ') +
      '\n' +
      rows.join('\n') +
      '\n' +
      `total: ${total.calls} call sites, found ${total.found}, auto-migrated ${total.auto}, marked ${total.marked}, missed ${total.missed}\n`,
  );
  for (const r of results) {
    if (r.audit.error) process.stdout.write(`${r.repo}: audit ${r.audit.error}\n`);
    if (r.codemod.error) process.stdout.write(`${r.repo}: codemod ${r.codemod.error}\n`);
    if (r.codemod.internalErrors) process.stdout.write(`${r.repo}: codemod skipped ${r.codemod.internalErrors} file(s) with an internal error\n`);
    if (verbose) {
      for (const c of r.perCall) process.stdout.write(`  ${r.repo} ${c.site} ${c.rule ?? ''} ${c.found ? 'found' : 'NOT FOUND'} ${c.outcome}\n`);
      for (const fp of r.falsePositives) process.stdout.write(`  ${r.repo} false positive: ${fp}\n`);
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
