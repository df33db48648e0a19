import path from 'node:path';
import type { Command } from 'commander';
import { runCodemod, type RunReport } from '../codemod/run.ts';
import { gitState, unifiedDiff, writeAtomic } from '../codemod/write.ts';
import { UsageError } from './errors.ts';
import { readOverlayOption } from './overlay.ts';

interface CodemodFlags {
  write?: boolean;
  force?: boolean;
  json?: boolean;
  overlay?: string;
  include?: string[];
  exclude?: string[];
  workers?: string;
  quiet?: boolean;
  diff?: boolean;
  types?: boolean;
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

Safety: edits are spans on the original text (everything else stays byte-identical), a second run
changes nothing, every output is re-parsed before it is written, files that do not parse are left
alone and reported, --write refuses a dirty git tree without --force.

Examples:
  hdmigrate codemod src/                 show the diff
  hdmigrate codemod src/ --write         apply it
  hdmigrate codemod . --json > plan.json
Exit status: 0 done, 1 some file could not be processed, 2 bad usage.`;

function collectList(value: string, prev: string[] = []): string[] {
  return [...prev, value];
}

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
    .option('--force', 'write even when the git tree has uncommitted changes')
    .option('--json', 'print the run as JSON (for machines) instead of a diff')
    .option('--overlay <file>', 'account facts: custom field names, statuses, hhmm reading (see verify --learn)')
    .option('--include <glob>', 'only files matching this glob (repeatable)', collectList)
    .option('--exclude <glob>', 'skip files matching this glob (repeatable)', collectList)
    .option('--workers <n>', 'worker threads (default: one per core for large trees; 0 = in this process)')
    .option('--no-diff', 'print the summary only')
    .option('--no-types', 'skip the TypeScript pass (ts-morph: v1-shaped interfaces and their uses)')
    .option('-q, --quiet', 'no progress on stderr')
    .addHelpText('after', HELP_AFTER)
    .action(async (paths: string[], flags: CodemodFlags) => {
      const overlay = readOverlayOption(flags.overlay);
      let workers: number | undefined;
      if (flags.workers !== undefined) {
        if (!/^\d+$/.test(flags.workers)) throw new UsageError(`--workers must be a number, got ${JSON.stringify(flags.workers)}`);
        workers = Number(flags.workers);
      }
      for (const p of paths) {
        try {
          (await import('node:fs')).statSync(p);
        } catch {
          throw new UsageError(`no such file or directory: ${p}`);
        }
      }
      if (flags.write && !flags.force) {
        const state = gitState(path.resolve(paths[0] ?? '.'), paths.map((p) => path.resolve(p)));
        if (state.repo && state.dirty.length) {
          throw new UsageError(
            `refusing to write into a dirty git tree (${state.dirty.length} uncommitted change${state.dirty.length === 1 ? '' : 's'} under ${paths.join(', ')}); commit or stash first, or pass --force`,
          );
        }
      }
      const showProgress = !flags.quiet && !flags.json && process.stderr.isTTY;
      let last = 0;
      const report = await runCodemod(paths, {
        overlay,
        workers,
        include: flags.include,
        exclude: flags.exclude,
        types: flags.types,
        progress: (done, total, phase) => {
          if (flags.quiet) return;
          const now = Date.now();
          if (showProgress) {
            if (now - last > 100 || done === total) process.stderr.write(`\rhdmigrate codemod: ${phase} ${done}/${total} files`);
            last = now;
          } else if (total >= 200 && (done === total || now - last > 2000)) {
            process.stderr.write(`hdmigrate codemod: ${phase} ${done}/${total} files\n`);
            last = now;
          }
        },
      });
      if (showProgress) process.stderr.write('\r\x1b[K');
      let written = 0;
      if (flags.write) {
        for (const r of report.results) {
          if (r.status !== 'changed' || r.after === undefined) continue;
          writeAtomic(path.resolve(report.root, r.file), r.after);
          written++;
        }
      }
      if (flags.json) process.stdout.write(`${JSON.stringify(toJson(report, !!flags.write), null, 2)}\n`);
      else printText(report, flags, written);
      process.exitCode = report.summary.errors > 0 ? 1 : 0;
    });
}

export function toJson(report: RunReport, wrote: boolean) {
  return {
    summary: { ...report.summary, written: wrote ? report.summary.changed : 0, dryRun: !wrote },
    files: report.results
      .filter((r) => r.status !== 'unchanged' || r.markers.length > 0)
      .map((r) => ({
        file: r.file,
        status: r.status,
        ...(r.reason ? { reason: r.reason } : {}),
        changes: r.changes.map(({ file: _f, ...c }) => c),
        markers: r.markers.map(({ file: _f, ...m }) => m),
        ...(r.notes?.length ? { notes: r.notes } : {}),
        ...(r.status === 'changed' ? { diff: unifiedDiff(r) } : {}),
      })),
    skipped: report.skipped,
    ignored: report.ignored,
  };
}

function printText(report: RunReport, flags: CodemodFlags, written: number): void {
  const out = process.stdout;
  if (flags.diff !== false) for (const r of report.results) if (r.status === 'changed') out.write(unifiedDiff(r));
  const s = report.summary;
  const lines: string[] = [];
  const errors = report.results.filter((r) => r.status === 'error');
  if (errors.length) {
    lines.push('', 'not processed (left untouched):');
    for (const r of errors) lines.push(`  ${r.file}: ${r.reason}`);
  }
  const todo = report.results.flatMap((r) => r.markers.filter((m) => m.type === 'todo'));
  if (todo.length) {
    lines.push('', 'left for you (@hdmigrate-todo markers):');
    for (const m of todo) lines.push(`  ${m.file}:${m.line} ${m.rule}${m.existing ? '' : ' (new)'}: ${m.text.length > 160 ? `${m.text.slice(0, 157)}...` : m.text}`);
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
    `${s.changed} file${s.changed === 1 ? '' : 's'} ${flags.write ? 'changed' : 'would change'}, ${s.unchanged} unchanged, ${s.skipped} skipped, ${s.errors} error${s.errors === 1 ? '' : 's'}; ` +
      `${s.markersLeft} marker${s.markersLeft === 1 ? '' : 's'} left (${s.markersAdded} new)${s.ignored ? `, ${s.ignored} ignored` : ''}`,
  );
  if (flags.write) lines.push(`wrote ${written} file${written === 1 ? '' : 's'}`);
  else if (s.changed) lines.push('dry run: nothing written; run again with --write to apply');
  out.write(`${lines.join('\n')}\n`);
}
