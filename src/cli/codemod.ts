import path from 'node:path';
import { type Command, Option } from 'commander';
import type { RunReport } from '../codemod/run.ts';
import { EXIT, UsageError } from './errors.ts';
import { callersOption, globListOption, integerOption, listOption } from './options.ts';
import type { CallersContract } from '../analysis/verdict.ts';
import { count, progress } from './style.ts';

interface CodemodFlags {
  write?: boolean;
  check?: boolean;
  force?: boolean;
  json?: boolean;
  format?: string;
  out?: string;
  overlay?: string;
  include: string[];
  exclude: string[];
  jobs?: number;
  rule: string[];
  family: string[];
  quiet?: boolean;
  verbose?: boolean;
  diff?: boolean;
  types?: boolean;
  callers: CallersContract;
}

const HELP_AFTER = `
Dry run by default: prints a unified diff of every file it would change, then a summary
(files changed / unchanged / skipped, markers left). Nothing is written without --write.

What it rewrites (from the rule catalogue, never guessed):
  URLs and methods (literals, templates, concatenations, constants, config objects, helpers,
  imported constants, <%= iparam.x %> app templates), .xml → JSON, query parameters,
  http:// → https://, payload wrappers and field names (object literals, shorthand, piecewise
  mutation, JSON strings, FormData keys), response reads, 403 → 429 throttling, status checks.

What it cannot do with certainty gets a marker at the site:
  // @hdmigrate-todo(<rule>): <exactly what to do, with the v2 call(s)>
Silence a site with  // @hdmigrate-ignore(<rule>): <reason>  on the line above it.

Callers (--callers): code whose v1 answer goes back to its own callers (returned, handed to a
callback they pass in, sent on by res.json) or whose body they build stays on v1 by default: they
may read v1 shapes. A library releasing a new major version, or a service whose clients change with
it, says --callers v2: such calls migrate, and the summary lists what the callers now get and send
(status, wrapper, renamed fields) for the release notes.

Safety: edits are spans on the original text (everything else stays byte-identical), a second run
changes nothing, every output is re-parsed before it is written, files that do not parse are left
alone and reported. --write refuses a dirty git tree, and a folder outside any git repository
(there would be no way back), without --force.

Examples:
  hdmigrate codemod src/                 show the diff (dry run)
  hdmigrate codemod src/ lib/ --write    apply it
  hdmigrate codemod . --check            CI: exit 1 when something would change, no diff
  hdmigrate codemod src --family contacts --rule tickets.pick --write   one part at a time
  hdmigrate codemod . --json > plan.json
  hdmigrate codemod lib/ --callers v2    a client library: its callers take v2 answers

Exit codes: 0 done (--check: nothing would change), 1 --check found changes or some file could not
be processed, 2 usage or input error.`;

export function registerCodemod(program: Command): void {
  program
    .command('codemod')
    .summary('rewrite v1 API use in JavaScript/TypeScript code to v2 (dry run: prints a diff)')
    .description(
      'Rewrite v1 API use in JavaScript/TypeScript code to v2, driven by the rule catalogue: URLs and methods, ' +
        'query parameters, payload wrappers and fields, response reads, XML handling, 403 → 429 throttling checks ' +
        'and app request templates. What it cannot do with certainty gets an @hdmigrate-todo marker. ' +
        'Dry run by default (a unified diff and a summary); --write applies.',
    )
    .argument('[paths...]', 'files or folders to migrate', ['.'])
    .option('--write', 'apply the changes (atomic writes)')
    .option('--check', 'write nothing; exit 1 if any file would change (for CI); no diff unless --diff')
    .option('--force', 'write even into a git tree with uncommitted changes, or outside a git repository')
    .option('--json', 'print the run as JSON (for machines) instead of a diff')
    .addOption(new Option('-f, --format <format>', 'diff (a diff and a summary) or json (the same as --json)').choices(['diff', 'json']).default('diff'))
    .option('-o, --out <file>', 'write the diff (or the JSON) to a file instead of stdout')
    .option('--overlay <file>', 'account facts: custom field names, statuses, hhmm reading (see verify --learn)')
    .option('--include <glob>', 'only files matching this glob (repeatable, comma-separated)', globListOption, [] as string[])
    .option('--exclude <glob>', 'skip files matching this glob (repeatable, comma-separated)', globListOption, [] as string[])
    .option('--rule <id>', 'only rewrite sites of these rules (tickets.pick, tickets.*; repeatable, comma-separated)', listOption, [] as string[])
    .option('--family <name>', 'only rewrite sites of these families (tickets, contacts, ...; repeatable)', listOption, [] as string[])
    .option('-j, --jobs <n>', 'worker threads (default: one per core for large trees; 0 = in this process)', integerOption(0, 256))
    .addOption(new Option('--workers <n>', 'old name of --jobs').argParser(integerOption(0, 256)).hideHelp())
    .option('--diff', 'with --check: print the diff too')
    .option('--no-diff', 'print the summary only')
    .option('--no-types', 'skip the TypeScript pass (ts-morph: v1-shaped interfaces and their uses)')
    .addOption(callersOption())
    .option('-q, --quiet', 'no progress on stderr')
    .option('-v, --verbose', 'list every change as path:line:col (after the diff)')
    .addHelpText('after', HELP_AFTER)
    .action(async (paths: string[], flags: CodemodFlags & { workers?: number }) => {
      if (flags.write && flags.check) throw new UsageError('--write and --check exclude each other: --check never writes');
      for (const p of paths) {
        try {
          (await import('node:fs')).statSync(p);
        } catch {
          throw new UsageError(`no such file or directory: ${p}`);
        }
      }
      const { readOverlayOption } = await import('./overlay.ts');
      const overlay = readOverlayOption(flags.overlay);
      let only: string[] | undefined;
      if (flags.rule.length || flags.family.length) {
        const { loadCatalogue } = await import('../catalogue/index.ts');
        const { rulePatterns } = await import('./select.ts');
        only = rulePatterns(loadCatalogue(overlay), flags.rule, flags.family);
      }
      const { gitState, unifiedDiff } = await import('../codemod/write.ts');
      const { writeFileAtomically } = await import('./output.ts');
      if (flags.write && !flags.force) {
        const state = gitState(path.resolve(paths[0] ?? '.'), paths.map((p) => path.resolve(p)));
        if (!state.repo) {
          throw new UsageError(
            `refusing to write outside a git repository (${paths.join(', ')}): there would be no way to review or undo the changes; run it inside a repository, or pass --force`,
          );
        }
        if (state.dirty.length) {
          throw new UsageError(
            `refusing to write into a dirty git tree (${count(state.dirty.length, 'uncommitted change')} under ${paths.join(', ')}); commit or stash first, or pass --force`,
          );
        }
      }
      const bar = progress('hdmigrate codemod', { enabled: !flags.quiet && process.stderr.isTTY === true });
      let last = 0;
      const { runCodemod } = await import('../codemod/run.ts');
      let report: RunReport;
      try {
        report = await runCodemod(paths, {
          overlay,
          workers: flags.jobs ?? flags.workers,
          include: flags.include,
          exclude: flags.exclude,
          types: flags.types,
          only,
          callers: flags.callers,
          progress: (done, total, phase) => {
            if (flags.quiet) return;
            if (process.stderr.isTTY) return bar.update(done, total, phase);
            // not a terminal (CI logs): an occasional plain line for long runs
            const now = Date.now();
            if (total >= 200 && (done === total || now - last > 2000)) {
              process.stderr.write(`hdmigrate codemod: ${phase} ${done}/${count(total, 'file')}\n`);
              last = now;
            }
          },
        });
      } finally {
        bar.done();
      }
      let written = 0;
      if (flags.write) {
        for (const r of report.results) {
          if (r.status !== 'changed' || r.after === undefined) continue;
          writeFileAtomically(path.resolve(report.root, r.file), r.after);
          written++;
        }
      }
      const json = flags.json || flags.format === 'json';
      const text = json ? `${JSON.stringify(toJson(report, !!flags.write, unifiedDiff), null, 2)}\n` : renderText(report, flags, written, unifiedDiff);
      if (flags.out) {
        const { writeOutputFile } = await import('./output.ts');
        writeOutputFile(flags.out, text);
        if (!flags.quiet) process.stderr.write(`hdmigrate codemod: ${count(report.summary.changed, 'file')} ${flags.write ? 'changed' : 'would change'}; ${json ? 'JSON' : 'diff and summary'} written to ${flags.out}\n`);
      } else process.stdout.write(text);
      const wouldChange = flags.check && report.summary.changed > 0;
      process.exitCode = report.summary.errors > 0 || wouldChange ? EXIT.findings : EXIT.ok;
    });
}

type Differ = (r: RunReport['results'][number]) => string;
type Result = RunReport['results'][number];

/**
 * Markers located where they are in the file after the run (the written file, or the one --write
 * would write), as `hdmigrate audit` finds them there: the engine reports the site a marker is
 * about, which is off by the lines inserted above it.
 */
export function markersAsWritten(r: Result): Result['markers'] {
  const text = r.after ?? r.before;
  if (!text || r.markers.length === 0) return r.markers;
  const found: Array<{ line: number; column: number; type: string; rule: string; used?: boolean }> = [];
  text.split('\n').forEach((l, i) => {
    for (const m of l.matchAll(/@hdmigrate-(todo|ignore)\(([^)]*)\)/g)) found.push({ line: i + 1, column: (m.index ?? 0) + 1, type: m[1]!, rule: m[2]! });
  });
  return r.markers.map((m) => {
    const at = found.find((f) => !f.used && f.type === m.type && f.rule === m.rule);
    if (!at) return m;
    at.used = true;
    // sourceLine: where the site is in the file as it was, for tools that compare with the original
    return { ...m, line: at.line, column: at.column, ...(at.line !== m.line ? { sourceLine: m.line } : {}) };
  });
}

export function toJson(report: RunReport, wrote: boolean, unifiedDiff: Differ) {
  return {
    summary: { ...report.summary, written: wrote ? report.summary.changed : 0, dryRun: !wrote },
    files: report.results
      .filter((r) => r.status !== 'unchanged' || r.markers.length > 0)
      .map((r) => ({
        file: r.file,
        status: r.status,
        ...(r.reason ? { reason: r.reason } : {}),
        changes: r.changes.map(({ file: _f, ...c }) => c),
        markers: markersAsWritten(r).map(({ file: _f, ...m }) => m),
        ...(r.notes?.length ? { notes: r.notes } : {}),
        ...(r.status === 'changed' ? { diff: unifiedDiff(r) } : {}),
      })),
    skipped: report.skipped,
    ignored: report.ignored,
  };
}

function renderText(report: RunReport, flags: CodemodFlags, written: number, unifiedDiff: Differ): string {
  const out: string[] = [];
  // a dry run shows the diff unless --no-diff; --check only with --diff
  const showDiff = flags.check ? flags.diff === true : flags.diff !== false;
  if (showDiff) for (const r of report.results) if (r.status === 'changed') out.push(unifiedDiff(r));
  const s = report.summary;
  const lines: string[] = [];
  if (flags.verbose) {
    const changes = report.results.flatMap((r) => r.changes);
    if (changes.length) lines.push('', 'changes:');
    for (const c of changes) lines.push(`  ${c.file}:${c.line}:${c.column} ${c.kind} ${c.rule ?? '-'}: ${c.message}`);
  }
  const errors = report.results.filter((r) => r.status === 'error');
  if (errors.length) {
    lines.push('', 'not processed (left untouched):');
    for (const r of errors) lines.push(`  ${r.file}: ${r.reason}`);
  }
  const todo = report.results.flatMap((r) => markersAsWritten(r).filter((m) => m.type === 'todo'));
  if (todo.length) {
    lines.push('', 'left for you (@hdmigrate-todo markers):');
    for (const m of todo) {
      // one line per marker here: a marker's list of parts is in the file (and in --json)
      const text = m.text.replace(/:\s*\n\s*-\s*/, ': ').replace(/\s*\n\s*-\s*/g, '; ').replace(/\s*\n\s*/g, ' ');
      lines.push(`  ${m.file}:${m.line}:${m.column} ${m.rule}${m.existing ? '' : ' (new)'}: ${text.length > 160 ? `${text.slice(0, 157)}...` : text}`);
    }
  }
  // files it will not rewrite (links, mixed line endings, pages with scripts): a human takes them
  const untouched = report.skipped.filter((x) => x.reason === 'unsafe');
  if (untouched.length) {
    lines.push('', 'left untouched:');
    for (const u of untouched) lines.push(`  ${u.file}${u.detail ? `: ${u.detail}` : ''}`);
  }
  // what the code's callers now get and send (--callers v2): the release notes' part
  const contract = report.results.flatMap((r) => r.changes.filter((c) => c.kind === 'contract'));
  if (contract.length) {
    lines.push('', 'callers now take v2 (--callers v2; tell them, or change them with this):');
    for (const c of contract) lines.push(`  ${c.file}:${c.line}: ${c.message}`);
  }
  const generated = report.skipped.filter((x) => x.reason === 'generated' && x.detail);
  if (generated.length) {
    lines.push('', 'generated files (not edited):');
    for (const g of generated) lines.push(`  ${g.file}: ${g.detail}`);
  }
  // compiled from a source the codemod cannot rewrite (CoffeeScript): edited, and the rebuild would undo it
  const rebuilt = report.results.filter((r) => r.notes?.some((n) => n.startsWith('Generated from')));
  if (rebuilt.length) {
    lines.push('', 'generated files (edited: port the changes to their source):');
    for (const r of rebuilt) lines.push(`  ${r.file}: ${r.notes.find((n) => n.startsWith('Generated from'))}`);
  }
  lines.push(
    '',
    `${count(s.changed, 'file')} ${flags.write ? 'changed' : 'would change'}, ${s.unchanged} unchanged, ${s.skipped} skipped, ${count(s.errors, 'error')}; ` +
      `${count(s.markersLeft, 'marker')} left (${s.markersAdded} new)${s.ignored ? `, ${s.ignored} ignored` : ''}`,
  );
  if (flags.write) lines.push(`wrote ${count(written, 'file')}`);
  else if (flags.check) lines.push(s.changed ? `check failed: ${count(s.changed, 'file')} would change (run hdmigrate codemod --write)` : 'check passed: nothing would change');
  else if (s.changed) lines.push('dry run: nothing written; run again with --write to apply');
  return `${out.join('')}${lines.join('\n')}\n`;
}
