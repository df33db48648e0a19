/**
 * The report model shared by audit, codemod reports and later verify/shim traffic: findings, the
 * summary and the whole report. `hdmigrate audit --format json` prints an `AuditReport` exactly.
 *
 * JSON contract (stable; fields are only added):
 *   { "summary": Summary, "findings": Finding[], "markers": MarkerRecord[], "skipped": SkippedFile[] }
 * - `file`: relative to the audited root, forward slashes.
 * - `line`: 1-based; `column`: 1-based (SARIF convention); `endLine`/`endColumn` likewise.
 */
import type { Family, Fidelity, HttpMethod } from '../catalogue/index.ts';

export const REPORT_VERSION = 1;

export type FindingKind = 'call' | 'url' | 'wrapper' | 'response-read' | 'rate-limit' | 'xml' | 'iparams';

export type { Language, MarkerRecord, SkippedFile } from '../analysis/files.ts';
import type { Language, MarkerRecord, SkippedFile } from '../analysis/files.ts';

/** Families of the catalogue, plus cross-cutting transport facts and app configuration. */
export type FindingFamily = Family | 'transport' | 'iparams';

export interface TrafficCount {
  /** Calls the shim saw for this rule. */
  calls: number;
  /** Count per HTTP status. */
  statuses: Record<string, number>;
  firstSeen?: string;
  lastSeen?: string;
}

export interface Finding {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  language: Language;
  kind: FindingKind;
  /** Catalogue rule id (`tickets.assign`), `transport.*` for cross-cutting facts, `iparams.*` for app config checks. */
  rule: string | null;
  family: FindingFamily;
  /** v1 method (null when the code does not say and the kind has none). */
  method: HttpMethod | null;
  /** The v1 endpoint as the code uses it: `PUT /helpdesk/tickets/{id}/assign.json?responder_id={agentId}`. */
  endpoint: string | null;
  /** The rule's v1 operation: `PUT /helpdesk/tickets/:id/assign`. */
  v1: string | null;
  /** The v2 call plan in one line. */
  v2: string | null;
  fidelity: Fidelity | null;
  /** The codemod can rewrite this site without a human. */
  autofix: boolean;
  /** v2 rate-limit credits per v1 call of this rule (v1: 1 call). */
  credits: number | null;
  /** credits − 1: the change in rate-limit cost per call. */
  costChange: number | null;
  /** One sentence: what to do. */
  advice: string;
  /** What was recognised (client, method, path). */
  message: string;
  /** The source line, trimmed (≤ 200 chars). */
  snippet: string;
  /** `ast` (JS/TS syntax tree), `syntax` (tree-sitter tree of another language), `pattern` (text patterns), `json` (configuration). */
  via: 'ast' | 'syntax' | 'pattern' | 'json';
  /** Every candidate rule when the method is not known. */
  candidates?: string[];
  client?: string;
  /** Inside a comment: commented-out code or documentation. */
  inComment?: boolean;
  /** Silenced by an `@hdmigrate-ignore(<rule>)` marker; not counted. */
  ignored?: boolean;
  /** Build twins: the compiled copies of this source line (`x.js:12`), reported once here. */
  twins?: string[];
  /** This finding is in a compiled file whose source (`x.ts`) had no matching finding. */
  generatedFrom?: string;
  /** A request on a custom domain (v2 answers only on the account's own service domain). */
  customDomain?: string;
  /** v1 fields this site touches that change in v2. */
  fields?: Array<{ v1: string; v2: string | null }>;
  /** The URL uses http:// (v2 is HTTPS only). */
  insecure?: boolean;
  /** Runtime counts merged from a usage log (`--traffic`). */
  traffic?: TrafficCount;
  /** Severity for SARIF and the terminal: error (manual/none), warning (lossy), note (exact). */
  severity: 'error' | 'warning' | 'note';
}

export interface FamilySummary {
  family: FindingFamily;
  findings: number;
  autofix: number;
  byFidelity: Record<Fidelity, number>;
}

export interface FileSummary {
  file: string;
  findings: number;
  autofix: number;
  /** Worst fidelity among its findings. */
  worst: Fidelity | null;
  /** Work left for a human: findings that are not auto-fixable. */
  manual: number;
}

export interface TrafficSummary {
  source: string;
  lines: number;
  invalid: number;
  calls: number;
  /** Rules called at run time that the code audit did not find (dynamic URLs, other clients). */
  unseenInCode: Array<{ rule: string; calls: number }>;
  /** Rules found in code that the log never saw (dead code, or not exercised in that period). */
  notSeenAtRuntime: string[];
  /** Requests in the log that no rule matched. */
  unmatched: number;
}

export interface Summary {
  tool: { name: 'hdmigrate'; version: string; reportVersion: number };
  root: string;
  files: { scanned: number; candidates: number; parsed: number; withFindings: number; skipped: number };
  /** Counted findings: not ignored, not in comments. */
  findings: number;
  autofix: number;
  manual: number;
  inComments: number;
  ignored: number;
  byKind: Partial<Record<FindingKind, number>>;
  byFidelity: Record<Fidelity, number>;
  byFamily: FamilySummary[];
  byRule: Array<{ rule: string; findings: number; fidelity: Fidelity | null; autofix: boolean }>;
  /** Worst files first: most non-auto-fixable work, then worst fidelity, then count. */
  worstFiles: FileSummary[];
  markers: { todo: number; ignore: number };
  /** Extra v2 credits per one pass over every call site (sum of costChange over call sites). */
  creditDelta: number;
  twins: Array<{ source: string; generated: string }>;
  traffic?: TrafficSummary;
  durationMs: number;
  /** Where the time went, in ms: listing files, reading + prefilter, parsing + finders, merging. */
  phases?: { walk: number; scan: number; analyse: number; merge: number } & Record<string, number>;
  /** Threads used: a scan worker, and TypeScript analysis workers beside the main thread. */
  threads?: { scanWorker: boolean; analysisWorkers: number };
}

export interface AuditReport {
  summary: Summary;
  findings: Finding[];
  markers: MarkerRecord[];
  skipped: SkippedFile[];
}
