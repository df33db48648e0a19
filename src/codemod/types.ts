/**
 * What the codemod reports. Kept small and serialisable (plans cross worker threads).
 */
import type { MarkerRecord as ReportMarker, SkippedFile } from '../analysis/files.ts';
import type { FileEdit } from './url.ts';

export type { FileEdit, SkippedFile };

/** A marker to add: a todo comment above the node at `anchor` (an offset in `file`). */
export interface MarkerPlan {
  file: string;
  anchor: number;
  rule: string;
  text: string;
}

/** One thing the codemod did or left, for the report. */
export interface Change {
  file: string;
  line: number;
  column: number;
  rule: string | null;
  /** `contract`: what the code's callers now get or send (`--callers v2`); no edit of its own. */
  kind: 'url' | 'method' | 'query' | 'body' | 'payload' | 'response-read' | 'status' | 'rate-limit' | 'xml' | 'type' | 'https' | 'contract';
  /** What was done, in one line. */
  message: string;
}

/** A marker left in the code: the audit's report record, plus whether this run added it. */
export interface MarkerRecord extends ReportMarker {
  /** Already in the file before this run (not added now). */
  existing: boolean;
}

/** Everything one site asks for; applied all or nothing. */
export interface Transaction {
  id: string;
  file: string;
  line: number;
  rule: string | null;
  edits: FileEdit[];
  markers: MarkerPlan[];
  changes: Change[];
  /**
   * Text spans this site's URL is built from that other sites may share (constants, config entries,
   * helpers): a shared span may only change when every site that reads it agrees.
   */
  reads: Array<{ file: string; start: number; end: number }>;
  /** The marker that replaces everything when the transaction is refused. */
  fallback: MarkerPlan;
  /** Set when the site needs no change at all (only a marker or nothing). */
  markerOnly?: boolean;
  /** A URL string no call here uses: it gives way to call sites that read the same text. */
  loose?: boolean;
  /** Spans of every literal piece of the URL (for loose sites). */
  spans?: Array<{ file: string; start: number; end: number }>;
  /** A custom domain the URL names (for loose sites: said on their marker with the rest). */
  customDomain?: string;
  /** The site is only the continuation of another module's site (a response read here). */
  foreign?: boolean;
  /**
   * The same change with the URL written out at the call instead of editing shared constants or
   * helpers: used when another call that reads the same constant is not migrated.
   */
  alt?: FileEdit[];
  /**
   * Code that is no request the run sees reads the shared constant or helper of the URL (the
   * analysis' `CallModel.urlReadElsewhere`): the call migrates only with `alt`, its URL written out.
   */
  unseenReader?: string;
  /**
   * Where a call left on v1 reads its answer (the edits its copy would make there): code a migrated
   * call must not change, as a type shared by both answers would (`row.display_id` through `Ticket`).
   */
  answerReads?: Array<{ file: string; start: number; end: number }>;
  /** The call of the site (for the TypeScript pass: its type arguments name the response type). */
  call?: { start: number; end: number; typed?: boolean };
}

/**
 * A 403-as-throttling check (`res.status === 403 && res.headers.get('retry-after')`) found by the
 * audit in a file with helpdesk context. Whether it becomes 429 is decided once every transaction
 * is known (project.ts): it follows the v1 calls it serves.
 */
export interface RateCheck {
  /** The file of the check (the planned file, or the wrapper module a call here goes through). */
  file: string;
  /** The 403 as written (its digits, or its name: `FORBIDDEN` of `HttpStatus.FORBIDDEN`), and what it becomes in v2. */
  start: number;
  end: number;
  text: string;
  line: number;
  column: number;
  /** Where a marker about it goes (the statement holding the check). */
  anchor: number;
  /** A simple comparison or `case` that may become 429 (otherwise: a marker). */
  fixable: boolean;
  /** The code does not say whether the 403 means throttling or access denied. */
  meaningUnclear?: boolean;
  /** The site whose error handler holds the check: it serves that call alone (not every call of its file). */
  only?: string;
  /** Calls of the planned file that go through the wrapper holding the check (site ids, with a label for markers). */
  callers: Array<{ id: string; label: string }>;
  /** The wrapper function's name, for markers. */
  wrapper?: string;
  /** The function of another module holding the check, which calls of the planned file use to tell throttling. */
  helper?: string;
  /** The test rewritten to accept v2's 429 and v1's 403 (for a check serving calls on both). */
  both?: { start: number; end: number; text: string };
}

export type FileStatus = 'changed' | 'unchanged' | 'skipped' | 'error';

export interface FileResult {
  file: string;
  status: FileStatus;
  /** Why a file was skipped or failed (parse error, generated, output would not parse). */
  reason?: string;
  before?: string;
  after?: string;
  changes: Change[];
  markers: MarkerRecord[];
  notes: string[];
}

export interface RunSummary {
  files: number;
  changed: number;
  unchanged: number;
  skipped: number;
  errors: number;
  /** todo markers in the changed/unchanged files after the run (new + existing). */
  markersLeft: number;
  markersAdded: number;
  ignored: number;
  changes: number;
}
