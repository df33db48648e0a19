import type { Command } from 'commander';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadCatalogue, type Fidelity } from '../catalogue/index.ts';
import { runAudit, type AuditReport } from '../audit/index.ts';
import { renderHtml } from '../audit/report/html.ts';
import { renderMarkdown } from '../audit/report/markdown.ts';
import { renderSarif } from '../audit/report/sarif.ts';
import { renderTerminal } from '../audit/report/terminal.ts';
import { TrafficError } from '../audit/traffic.ts';
import { UsageError } from './errors.ts';
import { readOverlayOption } from './overlay.ts';

interface AuditCliOptions {
  format: string;
  out?: string;
  verbose?: boolean;
  failOn?: string[];
  traffic?: string;
  include?: string[];
  exclude?: string[];
  gitignore: boolean;
  progress?: boolean;
  overlay?: string;
  jobs?: string;
  maxFileSize?: string;
  color?: boolean;
}

const FORMATS = ['terminal', 'json', 'md', 'sarif', 'html'] as const;
const FIDS: Fidelity[] = ['exact', 'lossy', 'manual', 'none'];
const FAIL_ON = [...FIDS, 'any', 'todo'];

const collect = (v: string, prev: string[] = []) => [...prev, ...v.split(',').map((s) => s.trim()).filter(Boolean)];

/** Which `--fail-on` conditions hold for a report (empty = pass). */
export function failReasons(report: AuditReport, failOn: string[]): string[] {
  const reasons: string[] = [];
  const counted = report.findings.filter((f) => !f.ignored && !f.inComment);
  for (const cond of failOn) {
    if (cond === 'any') {
      if (counted.length) reasons.push(`${counted.length} findings`);
    } else if (cond === 'todo') {
      if (report.summary.markers.todo) reasons.push(`${report.summary.markers.todo} @hdmigrate-todo markers`);
    } else {
      const min = FIDS.indexOf(cond as Fidelity);
      const n = counted.filter((f) => f.fidelity && FIDS.indexOf(f.fidelity) >= min).length;
      if (n) reasons.push(`${n} findings with fidelity ${cond} or worse`);
    }
  }
  return reasons;
}

export function registerAudit(program: Command): void {
  program
    .command('audit')
    .summary('find every v1 use in a repository and say what it takes to move')
    .description(
      'Find every Helpdesk API v1 use in a repository: JS/TS by syntax tree (calls, URLs built from ' +
        'constants, config objects and helpers across modules, payload wrappers, v1-shaped response reads, ' +
        '403 rate-limit handling, XML parsing), other languages by pattern, and app iparams.json files. ' +
        'Each finding names its catalogue rule, the v2 plan, fidelity, whether codemod fixes it, and advice.',
    )
    .argument('[path]', 'repository folder or single file', '.')
    .option('-f, --format <format>', `output: ${FORMATS.join(', ')}`, 'terminal')
    .option('-o, --out <file>', 'write the report to a file instead of stdout')
    .option('-v, --verbose', 'terminal: list every finding, skipped file and marker')
    .option('--fail-on <level>', `exit 1 when a finding is at least this bad: ${FAIL_ON.join(', ')} (comma-separated)`, collect, [] as string[])
    .option('--traffic <file>', 'merge runtime counts from a shim usage log (JSONL: {"ts","method","path","rule","status"})')
    .option('--include <glob>', 'only audit files matching (repeatable, comma-separated)', collect, [] as string[])
    .option('--exclude <glob>', 'skip files matching (repeatable, comma-separated)', collect, [] as string[])
    .option('--no-gitignore', 'also audit files that .gitignore excludes')
    .option('--progress', 'show progress on stderr (default: when stderr is a terminal)')
    .option('--no-progress', 'never show progress')
    .option('--overlay <file>', 'account facts: custom field names, statuses, hhmm interpretation (JSON)')
    .option('-j, --jobs <n>', 'worker threads (default: all cores for large trees, 1 for small ones)')
    .option('--max-file-size <bytes>', 'skip larger files as huge', '2097152')
    .option('--no-color', 'plain terminal output')
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  hdmigrate audit .\n' +
        '  hdmigrate audit src --format html --out audit.html\n' +
        '  hdmigrate audit . --format sarif --out hdmigrate.sarif --fail-on manual\n' +
        '  hdmigrate audit . --traffic .hdmigrate/usage.jsonl -v\n\n' +
        'Exit codes: 0 done (and --fail-on passed), 1 --fail-on condition met, 2 bad input.',
    )
    .action(async (path: string, opts: AuditCliOptions) => {
      if (!(FORMATS as readonly string[]).includes(opts.format)) {
        throw new UsageError(`unknown --format ${opts.format}: use one of ${FORMATS.join(', ')}`);
      }
      for (const f of opts.failOn ?? []) {
        if (!FAIL_ON.includes(f)) throw new UsageError(`unknown --fail-on ${f}: use one of ${FAIL_ON.join(', ')}`);
      }
      if (!existsSync(path)) throw new UsageError(`no such file or folder: ${path}`);
      if (opts.traffic && !existsSync(opts.traffic)) throw new UsageError(`no such usage log: ${opts.traffic}`);
      let jobs: number | undefined;
      if (opts.jobs !== undefined) {
        jobs = Number(opts.jobs);
        if (!Number.isInteger(jobs) || jobs < 1) throw new UsageError(`--jobs must be a whole number ≥ 1, got ${opts.jobs}`);
      }
      const maxFileSize = Number(opts.maxFileSize);
      if (!Number.isFinite(maxFileSize) || maxFileSize <= 0) throw new UsageError(`--max-file-size must be a number of bytes, got ${opts.maxFileSize}`);
      const overlay = readOverlayOption(opts.overlay);
      const cat = loadCatalogue(overlay);

      const showProgress = opts.progress ?? process.stderr.isTTY === true;
      let lastDraw = 0;
      const onProgress = showProgress
        ? (done: number, total: number, phase: string) => {
            const now = Date.now();
            if (now - lastDraw < 100 && done !== total) return;
            lastDraw = now;
            process.stderr.write(`\r\x1b[Kaudit: ${phase === 'scan' ? 'scanning' : 'analysing'} ${done}/${total} files`);
          }
        : undefined;
      let report: AuditReport;
      try {
        report = await runAudit({
          root: path,
          include: opts.include,
          exclude: opts.exclude,
          gitignore: opts.gitignore,
          overlay,
          traffic: opts.traffic,
          jobs,
          maxFileSize,
          onProgress,
          catalogue: cat,
        });
      } catch (e) {
        if (e instanceof TrafficError) throw new UsageError(e.message);
        throw e;
      } finally {
        if (showProgress) process.stderr.write('\r\x1b[K');
      }

      let text: string;
      switch (opts.format) {
        case 'json':
          text = `${JSON.stringify(report, null, 2)}\n`;
          break;
        case 'md':
          text = renderMarkdown(report);
          break;
        case 'sarif':
          text = renderSarif(report, cat);
          break;
        case 'html':
          text = renderHtml(report);
          break;
        default:
          text = renderTerminal(report, {
            verbose: opts.verbose,
            color: opts.color !== false && !opts.out && process.stdout.isTTY === true && !process.env.NO_COLOR,
          });
      }
      if (opts.out) {
        mkdirSync(dirname(opts.out), { recursive: true });
        writeFileSync(opts.out, text);
        const config = report.summary.byKind.iparams ?? 0;
        const uses = report.summary.findings - config;
        process.stderr.write(
          `hdmigrate audit: ${uses} v1 uses (${report.summary.autofix} auto-fixable, ${uses - report.summary.autofix} need a human)` +
            `${config ? `, ${config} app configuration problem${config === 1 ? '' : 's'}` : ''}; report written to ${opts.out}\n`,
        );
      } else {
        process.stdout.write(text);
      }
      const reasons = failReasons(report, opts.failOn ?? []);
      if (reasons.length) {
        process.stderr.write(`hdmigrate audit: failing (--fail-on ${(opts.failOn ?? []).join(',')}): ${reasons.join('; ')}\n`);
        process.exitCode = 1;
      }
    });
}
