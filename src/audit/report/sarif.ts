/**
 * SARIF 2.1.0 (valid against the OASIS schema, test/audit/schema/sarif-2.1.0.json), so code
 * scanning tools can show the findings. Locations are relative to `%SRCROOT%`; ignored findings
 * carry an in-source suppression; skipped files become tool notifications.
 */
import { pathToFileURL } from 'node:url';
import type { Catalogue } from '../../catalogue/index.ts';
import { planSummary } from '../../catalogue/index.ts';
import type { AuditReport, Finding } from '../model.ts';

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

export function renderSarif(report: AuditReport, cat: Catalogue): string {
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
    return {
      id,
      name: ruleName(id),
      shortDescription: { text },
      fullDescription: { text: help },
      help: { text: help },
      defaultConfiguration: { level: level(sample) },
      properties: {
        family: sample.family,
        fidelity: rule?.fidelity ?? sample.fidelity ?? undefined,
        tags: ['helpdesk-v1-migration', sample.family],
      },
    };
  });
  const results = report.findings.map((f) => {
    const r: Record<string, unknown> = {
      ruleId: f.rule ?? 'unknown',
      ruleIndex: index.get(f.rule ?? 'unknown'),
      level: level(f),
      kind: 'fail',
      message: { text: `${f.message}. ${f.advice}` },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: encodeURI(f.file), uriBaseId: '%SRCROOT%' },
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
      partialFingerprints: { 'hdmigrate/v1': `${f.file}:${f.kind}:${f.rule}:${f.snippet}` },
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
            informationUri: 'https://github.com/hdmigrate/hdmigrate',
            rules,
          },
        },
        originalUriBaseIds: {
          '%SRCROOT%': { uri: pathToFileURL(report.summary.root.endsWith('/') ? report.summary.root : `${report.summary.root}/`).href },
        },
        invocations: [
          {
            executionSuccessful: true,
            toolExecutionNotifications: report.skipped.map((s) => ({
              level: s.reason === 'parse-error' || s.reason === 'unreadable' ? 'warning' : 'note',
              message: { text: `skipped ${s.file}: ${s.reason}${s.detail ? ` (${s.detail})` : ''}` },
              locations: s.file.endsWith('/')
                ? undefined
                : [{ physicalLocation: { artifactLocation: { uri: encodeURI(s.file), uriBaseId: '%SRCROOT%' } } }],
            })),
          },
        ],
        results,
        properties: { summary: { findings: report.summary.findings, autofix: report.summary.autofix, manual: report.summary.manual } },
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
