import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Catalogue, Fidelity } from '../catalogue/index.ts';
import type { AuditReport, Finding } from '../audit/model.ts';
import { EXIT, UsageError } from './errors.ts';
import { callersOption, globListOption, integerOption, listOption } from './options.ts';
import type { CallersContract } from '../analysis/verdict.ts';
import { writeOutputFile } from './output.ts';
import { examples } from './program.ts';
import { count, progress, useColor } from './style.ts';
import { rulePatterns, selects } from './select.ts';
import { didYouMean } from './suggest.ts';

interface AuditCliOptions {
  format: string;
  json?: boolean;
  out?: string;
  verbose?: boolean;
  quiet?: boolean;
  failOn: string[];
  rule: string[];
  family: string[];
  traffic?: string;
  include: string[];
  exclude: string[];
  gitignore: boolean;
  progress?: boolean;
  overlay?: string;
  jobs?: number;
  maxFileSize: number;
  color?: boolean;
  callers: CallersContract;
}

export const FORMATS = ['terminal', 'json', 'md', 'sarif', 'html'] as const;
const FIDS: Fidelity[] = ['exact', 'lossy', 'manual', 'none'];
const FAIL_ON = [...FIDS, 'any', 'todo'];

/** Which `--fail-on` conditions hold for a report (empty = pass). */
export function failReasons(report: AuditReport, failOn: string[]): string[] {
  const reasons: string[] = [];
  const counted = report.findings.filter((f) => !f.ignored && !f.inComment);
  for (const cond of failOn) {
    if (cond === 'any') {
      if (counted.length) reasons.push(count(counted.length, 'finding'));
    } else if (cond === 'todo') {
      if (report.summary.markers.todo) reasons.push(count(report.summary.markers.todo, '@hdmigrate-todo marker'));
    } else {
      const min = FIDS.indexOf(cond as Fidelity);
      const n = counted.filter((f) => f.fidelity && FIDS.indexOf(f.fidelity) >= min).length;
      if (n) reasons.push(`${count(n, 'finding')} with fidelity ${cond} or worse`);
    }
  }
  return reasons;
}

function commonRoot(paths: string[]): string {
  const dirs = paths.map((p) => resolve(p));
  let root = dirs[0]!;
  for (const d of dirs.slice(1)) while (!(d === root || d.startsWith(root.endsWith(sep) ? root : root + sep))) root = dirname(root);
  return root;
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
    .argument('[paths...]', 'repository folders or files', ['.'])
    .option('-f, --format <format>', `output: ${FORMATS.join(', ')}`, 'terminal')
    .option('--json', 'the same as --format json')
    .option('-o, --out <file>', 'write the report to a file instead of stdout')
    .option('-v, --verbose', 'terminal: list every finding (path:line:col), skipped file and marker')
    .option('-q, --quiet', 'no progress and no summary line on stderr')
    .option('--fail-on <level>', `exit 1 when a finding is at least this bad: ${FAIL_ON.join(', ')} (repeatable, comma-separated)`, listOption, [] as string[])
    .option('--rule <id>', 'only findings of these rules (tickets.pick, tickets.*; repeatable, comma-separated)', listOption, [] as string[])
    .option('--family <name>', 'only findings of these families (tickets, contacts, iparams, ...; repeatable)', listOption, [] as string[])
    .option('--traffic <file>', 'merge runtime counts from a shim usage log (JSONL: {"ts","method","path","rule","status"})')
    .option('--include <glob>', 'only audit files matching (repeatable, comma-separated)', globListOption, [] as string[])
    .option('--exclude <glob>', 'skip files matching (repeatable, comma-separated)', globListOption, [] as string[])
    .option('--no-gitignore', 'also audit files that .gitignore excludes')
    .option('--progress', 'show progress on stderr (default: when stderr is a terminal)')
    .option('--no-progress', 'never show progress')
    .option('--overlay <file>', 'account facts: custom field names, statuses, hhmm interpretation (JSON)')
    .addOption(callersOption())
    .option('-j, --jobs <n>', 'threads (default: more for large trees; 1 = everything in one thread)', integerOption(1, 256))
    .option('--max-file-size <bytes>', 'skip larger files as huge', integerOption(1), 2 * 1024 * 1024)
    .option('--no-color', 'plain terminal output (also NO_COLOR=1)')
    .addHelpText(
      'after',
      examples(
        [
          'hdmigrate audit .                                      ten-second summary',
          'hdmigrate audit src lib -v                             every finding as path:line:col',
          'hdmigrate audit . --format html --out audit.html       one self-contained page',
          'hdmigrate audit . --format sarif --out hdmigrate.sarif --fail-on manual',
          'hdmigrate audit . --family tickets --rule contacts.*   only some of the catalogue',
          'hdmigrate audit . --traffic .hdmigrate/usage.jsonl',
        ],
        '0 done (and --fail-on passed), 1 a --fail-on condition held, 2 usage or input error',
      ),
    )
    .action(async (paths: string[], opts: AuditCliOptions) => {
      const format = opts.json ? 'json' : opts.format;
      if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`unknown --format ${format}: use one of ${FORMATS.join(', ')}${didYouMean(format, FORMATS)}`);
      for (const f of opts.failOn) if (!FAIL_ON.includes(f)) throw new UsageError(`unknown --fail-on ${f}: use one of ${FAIL_ON.join(', ')}${didYouMean(f, FAIL_ON)}`);
      for (const p of paths) if (!existsSync(p)) throw new UsageError(`no such file or folder: ${p}`);
      if (opts.traffic && !existsSync(opts.traffic)) throw new UsageError(`no such usage log: ${opts.traffic}`);
      const { loadCatalogue } = await import('../catalogue/index.ts');
      const { readOverlayOption } = await import('./overlay.ts');
      const overlay = readOverlayOption(opts.overlay);
      const cat = loadCatalogue(overlay);
      const only = rulePatterns(cat, opts.rule, opts.family);

      const { runAudit, summarize } = await import('../audit/index.ts');
      const { TrafficError, mergeTraffic, readUsageLog } = await import('../audit/traffic.ts');
      const bar = progress('hdmigrate audit', { enabled: opts.quiet ? false : opts.progress });
      const reports: AuditReport[] = [];
      try {
        for (const path of paths) {
          reports.push(
            await runAudit({
              root: path,
              include: opts.include,
              exclude: opts.exclude,
              gitignore: opts.gitignore,
              overlay,
              traffic: paths.length === 1 ? opts.traffic : undefined,
              jobs: opts.jobs,
              maxFileSize: opts.maxFileSize,
              onProgress: (done, total, phase) => bar.update(done, total, phase === 'scan' ? 'scanning' : 'analysing'),
              catalogue: cat,
              callers: opts.callers,
            }),
          );
        }
      } catch (e) {
        if (e instanceof TrafficError) throw new UsageError(e.message);
        throw e;
      } finally {
        bar.done();
      }

      // several paths: one report, files relative to the folder the paths have in common
      let report = reports[0]!;
      if (reports.length > 1) {
        const root = commonRoot(reports.map((r) => r.summary.root));
        const rebase = <T extends { file: string }>(r: AuditReport, x: T): T => ({ ...x, file: relative(root, join(r.summary.root, x.file)).split(sep).join('/') + (x.file.endsWith('/') ? '/' : '') });
        const findings = reports.flatMap((r) => r.findings.map((f) => rebase(r, f)));
        const markers = reports.flatMap((r) => r.markers.map((m) => rebase(r, m)));
        const skipped = reports.flatMap((r) => r.skipped.map((s) => rebase(r, s)));
        const sum = (k: 'scanned' | 'candidates' | 'parsed') => reports.reduce((n, r) => n + r.summary.files[k], 0);
        const summary = summarize(findings, markers, skipped, { root, scanned: sum('scanned'), candidates: sum('candidates') }, sum('parsed'));
        summary.durationMs = reports.reduce((n, r) => n + r.summary.durationMs, 0);
        summary.twins = reports.flatMap((r) => r.summary.twins);
        if (opts.traffic) {
          try {
            summary.traffic = mergeTraffic(findings, readUsageLog(opts.traffic, cat));
          } catch (e) {
            if (e instanceof TrafficError) throw new UsageError(e.message);
            throw e;
          }
        }
        report = { summary, findings, markers, skipped };
      }
      if (only) {
        // iparams and transport findings have rule ids of their family too (iparams.secure, transport.xml)
        const findings = report.findings.filter((f: Finding) => selects(only, f.rule) || selects(only, `${f.family}.`));
        const markers = report.markers.filter((m) => selects(only, m.rule));
        const s = report.summary;
        const summary = { ...summarize(findings, markers, report.skipped, { root: s.root, scanned: s.files.scanned, candidates: s.files.candidates }, s.files.parsed), durationMs: s.durationMs, twins: s.twins, traffic: s.traffic };
        report = { ...report, summary, findings, markers };
      }

      const { headline, headlineJson } = await import('../audit/report/summary.ts');
      const h = headline(report);
      let text: string;
      switch (format) {
        case 'json':
          text = `${JSON.stringify({ ...report, summary: { ...report.summary, ...headlineJson(h) } }, null, 2)}\n`;
          break;
        case 'md':
          text = (await import('../audit/report/markdown.ts')).renderMarkdown(report);
          break;
        case 'sarif': {
          const { gitRoot } = await import('./git.ts');
          text = (await import('../audit/report/sarif.ts')).renderSarif(report, cat, { repoRoot: gitRoot(report.summary.root) });
          break;
        }
        case 'html':
          text = (await import('../audit/report/html.ts')).renderHtml(report);
          break;
        default:
          text = (await import('../audit/report/terminal.ts')).renderTerminal(report, {
            verbose: opts.verbose,
            color: !opts.out && useColor(process.stdout, opts.color),
          });
      }
      if (opts.out) {
        writeOutputFile(opts.out, text);
        if (!opts.quiet) {
          process.stderr.write(
            `hdmigrate audit: ${count(h.uses.total, 'v1 use')} (${h.uses.autofix} auto-fixable, ${h.uses.human} need a human)` +
              `${h.config.total ? `, ${count(h.config.total, 'app configuration problem')}` : ''}; report written to ${opts.out}\n`,
          );
        }
      } else {
        process.stdout.write(text);
      }
      const reasons = failReasons(report, opts.failOn);
      if (reasons.length) {
        process.stderr.write(`hdmigrate audit: failing (--fail-on ${opts.failOn.join(',')}): ${reasons.join('; ')}\n`);
        process.exitCode = EXIT.findings;
      }
    });
}
