/**
 * SARIF 2.1.0 (valid against the OASIS schema, test/audit/schema/sarif-2.1.0.json), so code
 * scanning tools can show the findings. Locations are relative to `%SRCROOT%`, the repository's
 * root when the audited folder is in a git repository (code scanning maps URIs from there), the
 * audited folder otherwise; each rule has a one-sentence shortDescription and a help text in
 * Markdown (there is no hosted documentation, so no helpUri and no informationUri); fingerprints
 * ignore whitespace, so re-indenting a line keeps its alerts; ignored findings carry an in-source
 * suppression; skipped files become tool notifications.
 */
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Catalogue } from '../../catalogue/index.ts';
import { planSummary } from '../../catalogue/index.ts';
import type { AuditReport, Finding } from '../model.ts';
import { headline, headlineJson } from './summary.ts';

function ruleName(id: string): string {
  return id
    .split(/[.\-_]/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join('');
}

function level(f: Finding): 'error' | 'warning' | 'note' {
  return f.severity;
}

/** The first sentence, short enough for a list of rules. */
export function shortText(text: string, max = 120): string {
  const first = /^(.+?[.!?])(\s|$)/.exec(text.trim())?.[1] ?? text.trim();
  return first.length <= max ? first : `${first.slice(0, max - 1).trimEnd()}…`;
}

/** Stable across whitespace changes: file, rule, kind and the snippet without any whitespace, plus its occurrence. */
export function fingerprint(f: Pick<Finding, 'file' | 'rule' | 'kind' | 'snippet'>, occurrence: number): string {
  const key = [f.file, f.rule ?? '', f.kind, f.snippet.replace(/\s+/g, '')].join('\u0000');
  return `${createHash('sha256').update(key).digest('hex').slice(0, 32)}:${occurrence}`;
}

export interface SarifOptions {
  /** The repository root (from git); URIs are made relative to it. Default: the audited root. */
  repoRoot?: string;
}

export function renderSarif(report: AuditReport, cat: Catalogue, opts: SarifOptions = {}): string {
  const auditRoot = report.summary.root;
  const base = opts.repoRoot ?? auditRoot;
  const uriOf = (file: string) => encodeURI(relative(base, join(auditRoot, file)).split('\\').join('/') + (file.endsWith('/') ? '/' : ''));
  const ruleIds = [...new Set(report.findings.map((f) => f.rule ?? 'unknown'))].sort();
  const index = new Map(ruleIds.map((id, i) => [id, i]));
  const rules = ruleIds.map((id) => {
    const rule = cat.get(id);
    const sample = report.findings.find((f) => (f.rule ?? 'unknown') === id)!;
    const text = rule?.summary ?? sample.message;
    const help = rule
      ? [
          rule.summary,
          `v2: ${planSummary(rule)}.`,
          rule.lost?.length ? `Lost: ${rule.lost.join('; ')}.` : '',
          rule.decision ? `Decision: ${rule.decision}.` : '',
          rule.substitute ? `Substitute: ${rule.substitute}.` : '',
        ]
          .filter(Boolean)
          .join(' ')
      : sample.advice;
    const markdown = rule
      ? [
          `**${rule.summary}**`,
          '',
          `- v1: \`${rule.v1.method} ${rule.v1.paths[0]}\``,
          `- v2: ${planSummary(rule)}`,
          `- fidelity: ${rule.fidelity}`,
          ...(rule.lost?.length ? [`- lost: ${rule.lost.join('; ')}`] : []),
          ...(rule.decision ? [`- decision: ${rule.decision}`] : []),
          ...(rule.substitute ? [`- substitute: ${rule.substitute}`] : []),
          '',
          `Run \`hdmigrate rules ${id}\` for the field mappings; \`hdmigrate codemod\` rewrites the auto-fixable uses.`,
        ].join('\n')
      : `${sample.advice}\n\nRun \`hdmigrate audit -v\` for every site.`;
    return {
      id,
      name: ruleName(id),
      shortDescription: { text: shortText(text) },
      fullDescription: { text: help },
      help: { text: help, markdown },
      defaultConfiguration: { level: level(sample) },
      properties: {
        family: sample.family,
        fidelity: rule?.fidelity ?? sample.fidelity ?? undefined,
        tags: ['helpdesk-v1-migration', sample.family],
      },
    };
  });
  const seen = new Map<string, number>();
  const results = report.findings.map((f) => {
    const key = fingerprint(f, 0);
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    const r: Record<string, unknown> = {
      ruleId: f.rule ?? 'unknown',
      ruleIndex: index.get(f.rule ?? 'unknown'),
      level: level(f),
      kind: 'fail',
      message: { text: `${f.message}. ${f.advice}` },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: uriOf(f.file), uriBaseId: '%SRCROOT%' },
            region: {
              startLine: f.line,
              startColumn: f.column,
              endLine: Math.max(f.endLine, f.line),
              endColumn: f.endLine > f.line ? f.endColumn : Math.max(f.endColumn, f.column + 1),
              snippet: { text: f.snippet },
            },
          },
        },
      ],
      partialFingerprints: { 'hdmigrate/v2': fingerprint(f, occurrence) },
      properties: {
        kind: f.kind,
        language: f.language,
        fidelity: f.fidelity ?? undefined,
        autofix: f.autofix,
        method: f.method ?? undefined,
        endpoint: f.endpoint ?? undefined,
        v2: f.v2 ?? undefined,
        creditChange: f.costChange ?? undefined,
        inComment: f.inComment ?? undefined,
        via: f.via,
      },
    };
    if (f.ignored) r.suppressions = [{ kind: 'inSource', justification: '@hdmigrate-ignore marker' }];
    return r;
  });
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'hdmigrate',
            semanticVersion: report.summary.tool.version,
            version: report.summary.tool.version,
            rules,
          },
        },
        originalUriBaseIds: {
          '%SRCROOT%': { uri: pathToFileURL(base.endsWith('/') ? base : `${base}/`).href },
        },
        invocations: [
          {
            executionSuccessful: true,
            toolExecutionNotifications: report.skipped.map((s) => ({
              level: s.reason === 'parse-error' || s.reason === 'unreadable' ? 'warning' : 'note',
              message: { text: `skipped ${s.file}: ${s.reason}${s.detail ? ` (${s.detail})` : ''}` },
              locations: s.file.endsWith('/')
                ? undefined
                : [{ physicalLocation: { artifactLocation: { uri: uriOf(s.file), uriBaseId: '%SRCROOT%' } } }],
            })),
          },
        ],
        results,
        properties: { summary: headlineJson(headline(report)) },
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
