/**
 * A codemod run over a set of files: plan every module, decide which transactions hold together
 * (shared constants, conflicting edits, responses read in other modules), then apply the accepted
 * edits per file as spans, add the markers, and prove each output still parses.
 */
import path from 'node:path';
import { loadCatalogue, type Catalogue, type Overlay } from '../catalogue/index.ts';
import { BudgetExceeded, customDomainNeed, FILE_BUDGET_MS, FsModuleLoader, httpSchemeNeed, unseenReaderNeed, withBudget, type CallersContract } from '../analysis/index.ts';
import { filesUsedInRun, importCandidates } from '../analysis/module.ts';
import type { FlowSummary } from '../analysis/flow/taint.ts';
import { LEFT_ON_V1, leftOnV1, markerLines, scanMarkers, WITH_IT } from './markers.ts';
import { Modules, diskSources, type SourceProvider } from './modules.ts';
import { ParsedFile, checkParses, type ParserName } from './parse.ts';
import { Flattener } from './pieces.ts';
import { isFunction } from '../analysis/syntax.ts';
import { ModulePlanner, type ModulePlan, type PlanContext } from './plan.ts';
import { applyEdits, editsConflict, sameEdit, type SpanEdit } from './spans.ts';
import { followTypes } from './tsproject.ts';
import type { Change, FileResult, MarkerPlan, MarkerRecord, RateCheck, Transaction } from './types.ts';

export interface CodemodOptions {
  overlay?: Overlay;
  catalogue?: Catalogue;
  sources?: SourceProvider;
  /** Only sites of these rules (`tickets.pick`, `tickets.*`): see PlanContext.only. */
  only?: string[];
  /** Files of the run whose exports another file of the run uses (see PlanContext.imported); `importedFiles` finds them. */
  imported?: Iterable<string>;
  /** `--callers` (see PlanContext.callers). */
  callers?: CallersContract;
}

/** The files of a run whose exports another file of the run uses (see filesUsedInRun). */
export function importedFiles(files: Array<{ abs: string; text: string }>): Set<string> {
  const inRun = new Set(files.map((f) => f.abs));
  return filesUsedInRun(files, (from, spec) => importCandidates(from, spec).find((c) => inRun.has(c)) ?? null);
}

/** What planning a file gives: the plan, or why the file was skipped. */
export type PlanOutcome = { file: string; plan: ModulePlan } | { file: string; skipped: string; error?: boolean };

/** Plans files in one thread; modules imported by several files are parsed once. */
export class Planner {
  readonly cat: Catalogue;
  private readonly ctx: PlanContext;
  private readonly plans = new Map<string, ModulePlan | null>();
  private readonly inProgress = new Set<string>();

  constructor(options: CodemodOptions = {}) {
    this.cat = options.catalogue ?? loadCatalogue(options.overlay);
    const modules = new Modules(options.sources ?? diskSources);
    this.ctx = {
      cat: this.cat,
      overlay: options.overlay ?? this.cat.overlay ?? {},
      modules,
      flattener: new Flattener(modules),
      loader: new FsModuleLoader(),
      summaries: (file) => this.summaryOf(file),
      only: options.only,
      imported: options.imported ? new Set(options.imported) : undefined,
      callers: options.callers,
    };
  }

  get modules(): Modules {
    return this.ctx.modules;
  }

  private summaryOf(file: string): FlowSummary | null {
    const abs = path.resolve(file);
    if (this.inProgress.has(abs)) return null;
    const plan = this.planModule(abs);
    return plan ? plan.summary : null;
  }

  private planModule(abs: string): ModulePlan | null {
    if (this.plans.has(abs)) return this.plans.get(abs)!;
    const mod = this.ctx.modules.get(abs);
    if (!mod) {
      this.plans.set(abs, null);
      return null;
    }
    this.inProgress.add(abs);
    try {
      const plan = new ModulePlanner(this.ctx, mod).plan();
      this.plans.set(abs, plan);
      return plan;
    } finally {
      this.inProgress.delete(abs);
    }
  }

  /** Plans these files (absolute) in repo context: the repo talks to v1 (with these rules) elsewhere. */
  inRepoContext(files: string[], repoRules?: string[]): void {
    const set = (this.ctx.repoContext ??= new Set());
    for (const f of files) {
      const abs = path.resolve(f);
      set.add(abs);
      // planned before (as a file of the run, or an import of one) without knowing the repo uses v1
      this.plans.delete(abs);
    }
    if (repoRules) this.ctx.repoRules = repoRules;
  }

  plan(file: string): PlanOutcome {
    const abs = path.resolve(file);
    const source = this.ctx.modules.read(abs);
    if (source === null) return { file: abs, skipped: 'cannot read the file', error: true };
    try {
      const plan = withBudget(FILE_BUDGET_MS, () => this.planModule(abs));
      if (!plan) {
        const why = this.ctx.modules.failures.get(abs);
        return { file: abs, skipped: why ? `does not parse: ${why}` : 'cannot parse', error: true };
      }
      return { file: abs, plan };
    } catch (e) {
      if (e instanceof BudgetExceeded) return { file: abs, skipped: `${e.message}; left untouched`, error: true };
      return { file: abs, skipped: `the codemod failed on this file: ${(e as Error).message}`, error: true };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// deciding which transactions are applied

interface Group {
  id: string;
  /** The site's own transaction (absent when only continuations from other modules were seen). */
  primary?: Transaction;
  parts: Transaction[];
  accepted: boolean;
  reason?: string;
  /** The URL was written out at the call (its shared constant stays as it is). */
  inline?: boolean;
  /** What a human must do for the parts of the call the codemod cannot rewrite with certainty. */
  todo?: string[];
}

/** The group's URL written out at its call instead of editing shared text (its `alt` edits), once; false when it has none. */
function writeUrlAtCall(g: Group): boolean {
  if (!g.primary?.alt || g.inline) return false;
  g.inline = true;
  g.primary.edits = g.primary.alt;
  g.primary.reads = [];
  return true;
}

function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Groups transactions by site and decides which are applied; rejected ones leave their fallback marker. */
export function resolveTransactions(plans: ModulePlan[]): { groups: Group[]; fileTxs: Transaction[] } {
  const byId = new Map<string, Group>();
  for (const plan of plans) {
    for (const tx of plan.txs) {
      let g = byId.get(tx.id);
      if (!g) {
        g = { id: tx.id, parts: [], accepted: true };
        byId.set(tx.id, g);
      }
      if (tx.foreign) g.parts.push(tx);
      else if (!g.primary) g.primary = tx;
    }
  }
  const groups = [...byId.values()];
  for (const g of groups) {
    if (!g.primary) {
      g.accepted = false;
      g.reason = 'the call is not part of this run';
    } else if (g.primary.markerOnly) g.accepted = false;
  }
  // loose URL strings give way to calls that read the same text (the constant is used by them)
  const callReads = groups.filter((g) => g.primary && !g.primary.loose).flatMap((g) => g.primary!.reads);
  for (const g of groups) {
    const p = g.primary;
    if (!p?.loose) continue;
    if ((p.spans ?? []).some((s) => callReads.some((r) => r.file === s.file && overlaps(r, s)))) {
      g.accepted = false;
      g.reason = 'covered';
      p.markers = [];
      p.markerOnly = true;
    }
  }
  // a URL (constant, config entry, helper) whose consuming call is not seen is never rewritten: the
  // code that sends its body and reads its response may need changes nobody checked
  for (const g of groups) {
    const p = g.primary;
    if (!p?.loose || !g.accepted || p.markerOnly) continue;
    g.accepted = false;
    g.reason = 'loose';
    g.todo = ['no call that uses this URL is seen here: change it together with the call that sends its body and reads its response', ...(p.customDomain ? [customDomainNeed(p.customDomain)] : [])];
  }
  // a URL whose shared constant or helper other code reads (no request the run sees): written out
  // at the call, or the call stays on v1
  for (const g of groups) {
    const p = g.primary;
    if (!p?.unseenReader || !g.accepted || writeUrlAtCall(g)) continue;
    g.accepted = false;
    g.reason = unseenReaderNeed(p.unseenReader);
  }
  // all or nothing per call: a part that needs a human (a marker anywhere in the call's
  // transaction: body, response reads in any module, status checks, XML parsing) keeps the whole
  // call on v1, and its one marker lists every such part
  for (const g of groups) {
    if (!g.accepted || !g.primary) continue;
    const own = g.primary.file;
    const parts = [g.primary, ...g.parts].flatMap((t) => t.markers.map((m) => (m.file === own ? m.text : `${m.text} (in ${path.basename(m.file)})`)));
    if (!parts.length) continue;
    g.accepted = false;
    g.reason = 'parts need a human';
    g.todo = [...new Set(parts)];
  }
  const checks = mergedChecks(plans);
  const ownSites = new Map(plans.map((p) => [p.file, p.siteIds]));
  const editsOf = (g: Group) => [...(g.primary?.edits ?? []), ...g.parts.flatMap((t) => t.edits)];
  for (let round = 0; round < 20; round++) {
    let changed = false;
    // groups switched to their inline URL this round are checked again in the next one
    const swapped = new Set<Group>();
    const live = groups.filter((g) => g.accepted);
    // conflicting edits between two sites: neither is applied
    const all = live.flatMap((g) => editsOf(g).map((e) => ({ g, e })));
    all.sort((x, y) => (x.e.file < y.e.file ? -1 : x.e.file > y.e.file ? 1 : x.e.start - y.e.start));
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length && all[j]!.e.file === all[i]!.e.file && all[j]!.e.start <= all[i]!.e.end; j++) {
        const a = all[i]!;
        const b = all[j]!;
        if (a.g === b.g) {
          if (editsConflict(a.e, b.e)) reject(a.g, OWN_EDITS_MEET);
          continue;
        }
        if (editsConflict(a.e, b.e)) {
          reject(a.g, sharedTextNeed(a.e, b.g));
          reject(b.g, sharedTextNeed(b.e, a.g));
        }
      }
    }
    // shared text (constants, helpers): every site reading it must agree and be migrated
    const readsByFile = new Map<string, Array<{ g: Group; r: { start: number; end: number } }>>();
    for (const g of groups) {
      if (!g.primary || g.reason === 'covered') continue;
      for (const r of g.primary.reads) {
        const list = readsByFile.get(r.file) ?? [];
        list.push({ g, r });
        readsByFile.set(r.file, list);
      }
    }
    for (const g of live) {
      if (!g.accepted || swapped.has(g)) continue;
      for (const e of editsOf(g)) {
        if (swapped.has(g)) break;
        const candidates = readsByFile.get(e.file);
        if (!candidates) continue;
        const readers = new Set(candidates.filter(({ g: o, r }) => o !== g && (overlaps(r, e) || (e.start === e.end && e.start >= r.start && e.start <= r.end))).map(({ g: o }) => o));
        for (const other of readers) {
          if (swapped.has(other)) continue;
          if (!other.accepted) {
            reject(g, `its URL shares a constant with another call that is not migrated${other.primary!.file === g.primary!.file ? '' : ` (in ${path.basename(other.primary!.file)})`}`);
            break;
          }
          const mine = editsOf(other).some((x) => sameEdit(x, e));
          if (!mine) {
            reject(g, 'its URL shares a constant with another call that needs a different change');
            reject(other, 'its URL shares a constant with another call that needs a different change');
          }
        }
      }
    }
    // code that reads the answer of a call left on v1 (a type both answers share: `row.display_id`
    // through `Ticket`) changes with no migrated call
    for (const g of live) {
      if (!g.accepted) continue;
      for (const e of editsOf(g)) {
        const other = groups.find((o) => o !== g && !o.accepted && o.primary?.answerReads?.some((r) => r.file === e.file && (overlaps(r, e) || (e.start === e.end && e.start >= r.start && e.start <= r.end))));
        if (other) {
          reject(g, `it would change ${path.basename(e.file)} where ${other.primary!.file === g.primary!.file ? `the call at line ${other.primary!.line}` : `${path.basename(other.primary!.file)}:${other.primary!.line}`}, which stays on v1, reads its answer (a type or a name both answers share)`);
          break;
        }
      }
    }
    // a 403 rate-limit check belongs to the calls it serves: it migrates with all of them or none
    for (const c of checks.values()) {
      const served = (c.only ? [c.only] : [...(ownSites.get(c.file) ?? []), ...c.callers.map((x) => x.id)]).map((id) => byId.get(id)).filter((g): g is Group => !!g && !!g.primary && g.reason !== 'covered');
      if (!served.some((g) => g.accepted)) continue;
      const where = `${path.basename(c.file)}:${c.line}`;
      if (c.meaningUnclear) {
        for (const g of served) reject(g, `a 403 test on its error (${where}) does not say what it means: decide whether it is throttling (v2 answers 429) or access denied (v2 keeps 403), and change it with this call`);
      } else if (c.helper) {
        for (const g of served) reject(g, `its errors go to ${c.helper}() (${where}), which tests 403 to wait and retry: make it test 429 (v2 throttling) with this call, and with every call that uses it`);
      } else if (!c.fixable) {
        for (const g of served) reject(g, `its 403 rate-limit check (${where}) is not a simple status test: make it retry on 429 (v2 throttling) when this call moves to v2`);
      } else if (served.some((g) => !g.accepted) && !c.both) {
        for (const g of served) reject(g, `its 403 rate-limit check (${where}) also serves calls that stay on v1: migrate them together (the check becomes 429)`);
      }
    }
    function reject(g: Group, why: string) {
      if (!g.accepted) return;
      // a shared constant that cannot change: write the URL out at this call instead
      if (swapped.has(g)) return;
      if (/shares a constant/.test(why) && writeUrlAtCall(g)) {
        swapped.add(g);
        changed = true;
        return;
      }
      g.accepted = false;
      g.reason = why;
      changed = true;
    }
    if (!changed) break;
  }
  // file-level edits need every v1 site of the file migrated
  const migrated = (id: string) => !!byId.get(id)?.accepted || byId.get(id)?.reason === 'covered';
  const fileTxs: Transaction[] = [];
  for (const plan of plans) {
    if (!plan.fileTx) continue;
    // https:// on the service's own domain serves v1 as well: the base moves with the first
    // migrated call of the file (which needs it), whatever stays on v1
    if (plan.siteIds.some(migrated)) fileTxs.push(plan.fileTx);
  }
  fileTxs.push(...rateLimitTxs(plans, migrated));
  return { groups, fileTxs };
}

const RATE_RULE = 'transport.rate-limit';
const V1_THROTTLING = 'v1 signalled throttling with 403 + Retry-After; v2 uses 429 (403 means access denied)';

/**
 * 403 throttling checks follow the v1 calls they serve. A check in a file with v1 calls of its own
 * becomes 429 once all of them are migrated; a check in an HTTP wrapper (a function other
 * modules' v1 calls go through) once its file's own calls are and at least one call through it is.
 * Calls through it still on v1 (they carry their own markers) are named in a marker at the check;
 * a check nothing in the run is known to use, and a check that is not a simple comparison, get a
 * marker and no edit.
 */
/** The 403 checks of every plan, one per place, with the callers every plan saw. */
function mergedChecks(plans: ModulePlan[]): Map<string, RateCheck> {
  const checks = new Map<string, RateCheck>();
  for (const plan of plans) {
    for (const c of plan.checks ?? []) {
      const k = `${c.file}\0${c.start}`;
      const seen = checks.get(k);
      if (!seen) checks.set(k, { ...c, callers: [...c.callers] });
      else {
        for (const x of c.callers) if (!seen.callers.some((y) => y.id === x.id)) seen.callers.push(x);
        seen.wrapper ??= c.wrapper;
        seen.helper ??= c.helper;
      }
    }
  }
  return checks;
}

function rateLimitTxs(plans: ModulePlan[], migrated: (id: string) => boolean): Transaction[] {
  const checks = mergedChecks(plans);
  const ownSites = new Map(plans.map((p) => [p.file, p.siteIds]));
  const out: Transaction[] = [];
  for (const c of checks.values()) {
    const own = ownSites.get(c.file) ?? [];
    const through = c.callers.filter((x) => migrated(x.id));
    const still = c.callers.filter((x) => !migrated(x.id));
    const apply = c.fixable && own.every(migrated) && (c.callers.length > 0 ? through.length > 0 : own.length > 0);
    const via = c.wrapper ? `through ${c.wrapper}()` : 'through it';
    const list = (xs: RateCheck['callers']) => `${xs.slice(0, 4).map((x) => x.label).join(', ')}${xs.length > 4 ? ` and ${xs.length - 4} more` : ''}`;
    const tx: Transaction = {
      id: `${c.file}:rate-limit:${c.start}`,
      file: c.file,
      line: c.line,
      rule: RATE_RULE,
      edits: [],
      markers: [],
      changes: [],
      reads: [],
      fallback: { file: c.file, anchor: c.anchor, rule: RATE_RULE, text: '' },
    };
    const marker = (text: string) => tx.markers.push({ file: c.file, anchor: c.anchor, rule: RATE_RULE, text });
    const served = [...own, ...c.callers.map((x) => x.id)];
    const mixed = c.fixable && !!c.both && served.some(migrated) && !served.every(migrated);
    if (mixed) {
      // calls on v1 and v2 share the check: it accepts both throttling answers until all have moved
      tx.edits.push({ file: c.file, start: c.both!.start, end: c.both!.end, text: c.both!.text, why: '403 → 429 or 403' });
      tx.changes.push({ file: c.file, line: c.line, column: c.column, rule: RATE_RULE, kind: 'rate-limit', message: 'throttling is 429 in v2 (403 kept for the calls still on v1)' });
      marker(`accepts 429 (v2) and 403 (v1) while calls ${c.callers.length ? via : 'of this file'} are still on v1${still.length ? ` (${list(still)})` : ''}; drop 403 once they move`);
    } else if (apply) {
      tx.edits.push({ file: c.file, start: c.start, end: c.end, text: c.text, why: '403 → 429' });
      tx.changes.push({ file: c.file, line: c.line, column: c.column, rule: RATE_RULE, kind: 'rate-limit', message: 'throttling is 429 in v2 (403 means access denied); v2 also sends X-RateLimit-Total, X-RateLimit-Remaining and X-RateLimit-Used-CurrentRequest on every response' });
      if (still.length) marker(`now 429 (v2 throttling) for the migrated calls ${via}; those still on v1 lose this 403 + Retry-After retry until they are migrated: ${list(still)}`);
    } else if (c.meaningUnclear) {
      marker(`this 403 test says nothing of what it means: v1 answered 403 when throttling, v2 answers 429 then and keeps 403 for access denied; decide which this is when the call moves to v2`);
    } else if (c.helper) {
      marker(`${V1_THROTTLING}: ${c.helper}() tells throttling for ${list(c.callers)}; make it test 429 once every call of the repo that uses it is migrated (other modules may use it, so the codemod leaves it to you)`);
    } else if (c.helper) {
      marker(`${V1_THROTTLING}: ${c.helper}() tells throttling for ${list(c.callers)}; make it test 429 once every call of the repo that uses it is migrated (other modules may use it, so the codemod leaves it to you)`);
    } else if (!c.fixable) {
      marker(`${V1_THROTTLING}: retry on 429 here instead of 403 once the calls it serves are migrated (not a simple status comparison, so the codemod leaves it to you); v2 also sends X-RateLimit-Total, X-RateLimit-Remaining and X-RateLimit-Used-CurrentRequest`);
    } else if (c.callers.length > 0 && own.every(migrated)) {
      marker(`${V1_THROTTLING}. Change this test when the calls ${via} are migrated (${list(still)})`);
    } else if (own.length > 0) {
      marker(`${V1_THROTTLING}. Change this test when the calls of this file are migrated`);
    } else {
      marker(`${V1_THROTTLING}. Change this test when the helpdesk calls that use it are migrated`);
    }
    tx.markerOnly = tx.edits.length === 0;
    out.push(tx);
  }
  return out;
}

/**
 * The one marker of a call left on v1: the complete v2 plan, then every part a human must do
 * (several lines; markers.ts wraps them at about 100 columns).
 */
function fallbackMarker(g: Group): MarkerPlan {
  const fb = g.primary!.fallback;
  const todo = [...(g.todo ?? [g.reason ?? 'it could not be rewritten with certainty'])];
  // the http:// the rewrite would have made https:// stays with the call: the human does it too
  const scheme = [g.primary, ...g.parts].some((t) => t?.changes.some((c) => c.kind === 'https'));
  if (scheme && !todo.some((t) => t.includes('http://'))) todo.push(httpSchemeNeed('http://'));
  const elsewhere = readsElsewhere(g);
  if (elsewhere && !todo.includes(elsewhere)) todo.push(elsewhere);
  return { ...fb, text: leftOnV1(fb.text || 'migrate this call to v2', todo) + withItText(g) };
}

/**
 * A call kept on v1 because some of its parts need a human: the parts the codemod would have
 * changed with it (status checks, reads, the payload), which the human now changes too (`status
 * == 200` after a create, 201 in v2). The URL and method are the plan's first line.
 */
function withItText(g: Group): string {
  if (g.reason !== 'parts need a human' && g.reason !== OWN_EDITS_MEET) return '';
  const own = g.primary!.file;
  const lines = [g.primary!, ...g.parts]
    .flatMap((t) => t.changes)
    .filter((c) => c.kind !== 'url' && c.kind !== 'method' && c.kind !== 'https' && c.kind !== 'query' && c.kind !== 'contract')
    .sort((x, y) => (x.file === y.file ? x.line - y.line : x.file === own ? -1 : y.file === own ? 1 : x.file.localeCompare(y.file)))
    .map((c) => `line ${c.line}${c.file === own ? '' : ` (in ${path.basename(c.file)})`}: ${c.message}`);
  const unique = [...new Set(lines)];
  return unique.length ? `\n${WITH_IT}\n${unique.map((l) => `- ${l}`).join('\n')}` : '';
}

/**
 * Reads of the call's answer in other modules (followed through an exported function or a callback),
 * which stay on v1 with the call: where they are, so the human changes them with it.
 */
function readsElsewhere(g: Group): string | null {
  const own = g.primary?.file;
  const places = new Set<string>();
  for (const t of g.parts) {
    if (!t.foreign || t.file === own || !t.edits.length) continue;
    const lines = [...new Set(t.changes.filter((c) => c.file === t.file).map((c) => c.line))].sort((a, b) => a - b);
    for (const line of lines.length ? lines : [t.line]) places.add(`${path.basename(t.file)}:${line}`);
  }
  return places.size ? `its answer is also read in ${[...places].join(', ')}: change those reads with the call` : null;
}

/**
 * Two edits of one call's own rewrite meet in the same text (the removals of two adjacent wrapper
 * keys, `{ helpdesk_ticket: {}, helpdesk: {} }`): said to the human as the work, not as the cause;
 * the marker lists the changes the rewrite would have made (withItText).
 */
const OWN_EDITS_MEET = 'the codemod cannot write this call\'s v2 request in one pass with certainty: make the changes listed below by hand, with the URL';

/** Another call's rewrite changes the same text (a payload or URL piece both use) differently. */
function sharedTextNeed(e: SpanEdit & { file?: string }, other: Group): string {
  const file = (e as { file?: string }).file;
  const otherFile = other.primary?.file;
  const where = file && otherFile && file !== otherFile ? ` (in ${path.basename(file)})` : '';
  return `another call needs a different change of text this call uses too${where}: migrate the two calls together by hand`;
}

// ---------------------------------------------------------------------------------------------
// applying

/** Lines within which a marker with the same rule and words is not repeated. */
const REPEAT_WITHIN_LINES = 10;

/** Marker insertion edits for a file, skipping markers already there (idempotence). */
function markerEdits(pf: ParsedFile, markers: MarkerPlan[], other: SpanEdit[] = []): { edits: SpanEdit[]; added: MarkerPlan[] } {
  const found = scanMarkers(pf);
  const edits: SpanEdit[] = [];
  const added: MarkerPlan[] = [];
  const eol = pf.source.includes('\r\n') ? '\r\n' : '\n';
  const seen = new Set<string>();
  const replaced = other.filter((e) => e.end > e.start);
  // one marker per concern: the same words for the same rule a few lines below one already placed
  // (`data.helpdesk_note.body = …`, `data.helpdesk_note.private = …` after the object's own marker)
  // would only repeat it
  const lastAt = new Map<string, { line: number; fn: number }>();
  const functions = pf.nodes.filter((n) => isFunction(n));
  // the innermost function around an offset (its start; -1 at the top level)
  const fnAround = (offset: number) => functions.filter((f) => f.start <= offset && offset < f.end).reduce((best, f) => (f.start > best ? f.start : best), -1);
  for (const m of [...markers].sort((a, b) => a.anchor - b.anchor)) {
    let at = pf.lineStart(m.anchor);
    let anchor = m.anchor;
    // a marker line that would land inside a replaced span (an unwrapped multi-line wrapper) goes
    // above the line where that span starts: the edits compose instead of colliding
    for (let hops = 0; hops < 50; hops++) {
      const inside = replaced.find((e) => e.start < at && at < e.end);
      if (!inside) break;
      at = pf.lineStart(inside.start);
      anchor = at + (pf.source.slice(at).match(/^[ \t]*/)?.[0].length ?? 0);
    }
    const k = `${at}|${m.rule}|${m.text}`;
    if (seen.has(k)) continue;
    seen.add(k);
    const line = pf.position(at).line;
    const same = `${m.rule}|${m.text}`;
    const prev = lastAt.get(same);
    const fn = fnAround(anchor);
    // (the same words in another function are another call's: `a()` and `b()` each send their own request)
    if (prev !== undefined && line - prev.line <= REPEAT_WITHIN_LINES && prev.fn === fn) continue;
    lastAt.set(same, { line, fn });
    if (markerAbove(pf, found, at, m.rule, m.text)) continue;
    // the line may lose indentation (an unwrapped payload): the marker follows it
    let indent = pf.indentAt(anchor);
    const dedent = other.find((e) => e.start === at && e.end > at && e.text === '' && /^[ \t]+$/.test(pf.source.slice(at, e.end)));
    if (dedent) indent = indent.slice(dedent.end - dedent.start);
    edits.push({ start: at, end: at, text: `${markerLines(m.rule, m.text, indent, eol)}${eol}`, why: `marker ${m.rule}` });
    added.push(m);
  }
  return { edits, added };
}

/** Is there a todo/ignore marker for this rule in the comment lines just above `lineStart`? */
function markerAbove(pf: ParsedFile, found: ReturnType<typeof scanMarkers>, lineStart: number, rule: string, text: string): boolean {
  let cursor = lineStart;
  for (;;) {
    const hit = pf.commentEndingAt(pf.trimmedEndBefore(cursor));
    if (!hit) return false;
    const ms = found.filter((f) => f.start === hit.start);
    // one marker per rule and place: the text may differ between runs (it describes the code around it)
    if (ms.some((f) => f.rule === rule)) return true;
    void text;
    cursor = hit.start;
  }
}

/** What one file gets from the decided transactions. */
export interface FileWork {
  file: string;
  edits: SpanEdit[];
  markers: MarkerPlan[];
  changes: Change[];
  notes: string[];
}

/** The plain part of a plan that crosses threads (no flow summaries, no analysis). */
export type WirePlan = Pick<ModulePlan, 'file' | 'txs' | 'fileTx' | 'notes' | 'siteIds' | 'ignored' | 'leftovers' | 'checks'>;
export type WireOutcome = { file: string; plan: WirePlan } | { file: string; skipped: string; error?: boolean };

export function toWire(o: PlanOutcome): WireOutcome {
  if (!('plan' in o)) return o;
  const { file, txs, fileTx, notes, siteIds, ignored, leftovers, checks } = o.plan;
  return { file: o.file, plan: { file, txs, fileTx, notes, siteIds, ignored, leftovers, checks } };
}

/** Decides every transaction and gathers the work per file (files with nothing to do included when planned). */
export interface DecideOptions {
  /** The folder the run was given (a tsconfig above it is not used). */
  root?: string;
  cat?: Catalogue;
  /** Texts of files (default: the disk). */
  read?: (file: string) => string | null;
  /** Run the TypeScript (ts-morph) pass (default true). */
  types?: boolean;
}

export function decide(outcomes: WireOutcome[], opts: DecideOptions = {}): { work: Map<string, FileWork>; skipped: FileResult[]; ignored: MarkerRecord[] } {
  const plans = outcomes.filter((o): o is { file: string; plan: WirePlan } => 'plan' in o).map((o) => o.plan);
  // TypeScript: follow renamed fields to their declarations and other uses (ts-morph, read-only)
  if (opts.types !== false) followTypes(
    plans.flatMap((p) => p.txs).filter((t) => !t.markerOnly),
    { root: opts.root ?? commonDir(outcomes.map((o) => o.file)), cat: opts.cat ?? loadCatalogue(), read: opts.read ?? ((f) => diskSources.read(f)) },
  );
  const { groups, fileTxs } = resolveTransactions(plans as ModulePlan[]);
  const work = new Map<string, FileWork>();
  const at = (file: string) => {
    let w = work.get(file);
    if (!w) {
      w = { file, edits: [], markers: [], changes: [], notes: [] };
      work.set(file, w);
    }
    return w;
  };
  for (const p of plans) at(p.file).notes.push(...p.notes);
  for (const g of groups) {
    const txs = [g.primary, ...g.parts].filter((t): t is Transaction => !!t);
    if (g.accepted) {
      for (const t of txs) {
        for (const e of t.edits) at(e.file).edits.push(e);
        for (const m of t.markers) at(m.file).markers.push(m);
        for (const c of t.changes) at(c.file).changes.push(c);
      }
    } else if (g.primary && g.reason !== 'covered' && g.reason !== 'the call is not part of this run') {
      if (g.primary.markerOnly) {
        // the call's own marker (left on v1 by the verdict) names the reads elsewhere too
        const elsewhere = readsElsewhere(g);
        const main = elsewhere ? g.primary.markers.find((m) => m.rule === g.primary!.rule && m.text.includes(LEFT_ON_V1)) : undefined;
        for (const m of g.primary.markers) at(m.file).markers.push(m === main ? { ...m, text: `${m.text}\n- ${elsewhere}` } : m);
      }
      else at(g.primary.fallback.file).markers.push(fallbackMarker(g));
    }
  }
  for (const t of fileTxs) {
    for (const e of t.edits) at(e.file).edits.push(e);
    for (const m of t.markers) at(m.file).markers.push(m);
    for (const c of t.changes) at(c.file).changes.push(c);
  }
  // what the audit found in a migrated file and no site reached: a marker, never silence
  const migrated = new Set(groups.filter((g) => g.accepted && g.primary && g.primary.edits.length).map((g) => g.primary!.file));
  for (const p of plans) {
    for (const l of p.leftovers ?? []) {
      // never silent: a v1 read or payload no call of the run took in gets its marker (also in files
      // that stay on v1: the audit reports it as not auto-fixable)
      void migrated;
      const w = at(l.file);
      if (w.edits.some((e) => e.start < l.end && e.end > l.start)) continue;
      w.markers.push({ file: l.file, anchor: l.anchor, rule: l.rule, text: l.text });
    }
  }
  const skipped: FileResult[] = outcomes
    .filter((o): o is { file: string; skipped: string; error?: boolean } => 'skipped' in o)
    .map((o) => ({ file: o.file, status: o.error ? 'error' : 'skipped', reason: o.skipped, changes: [], markers: [], notes: [] }));
  return { work, skipped, ignored: plans.flatMap((p) => p.ignored) };
}

function commonDir(files: string[]): string {
  if (!files.length) return process.cwd();
  let root = path.dirname(files[0]!);
  for (const f of files.slice(1)) while (!f.startsWith(root + path.sep) && root !== path.dirname(root)) root = path.dirname(root);
  return root;
}

/** Applies one file's work as span edits; an output that would not parse leaves the file untouched. */
export function applyWork(modules: Modules, w: FileWork): FileResult {
  const file = w.file;
  const mod = modules.get(file);
  if (!mod) return { file, status: 'error', reason: modules.failures.get(file) ?? 'cannot read or parse the file', changes: [], markers: [], notes: [] };
  const pf = mod.pf;
  const edits = w.edits.filter((e) => !(e.start === e.end && e.text === ''));
  const { edits: mEdits, added } = markerEdits(pf, w.markers, edits);
  // a byte order mark stays first: nothing is inserted before it
  const bom = pf.source.charCodeAt(0) === 0xfeff;
  const all = [...edits, ...mEdits].map((e) => (bom && e.start === 0 ? { ...e, start: 1, end: Math.max(1, e.end) } : e));
  const result: FileResult = { file, status: 'unchanged', changes: w.changes, markers: [], notes: w.notes };
  let after = pf.source;
  if (all.length) {
    try {
      after = applyEdits(pf.source, all);
    } catch (e) {
      return { ...result, status: 'error', reason: `internal: ${(e as Error).message}; left untouched`, changes: [] };
    }
    const err = checkParses(after, pf.parser as ParserName);
    if (err) return { ...result, status: 'error', reason: `the rewritten file would not parse (${err.message}); left untouched`, changes: [] };
  }
  const existing = scanMarkers(pf);
  const addedRecords: MarkerRecord[] = added.map((m) => {
    const pos = pf.position(m.anchor);
    return { file, line: pos.line, column: pos.column, rule: m.rule, text: m.text, existing: false, type: 'todo' };
  });
  const existingRecords: MarkerRecord[] = existing.map((m) => ({ file, line: m.line, column: 1, rule: m.rule, text: m.text, existing: true, type: m.type }));
  result.markers = [...existingRecords, ...addedRecords];
  if (after !== pf.source) {
    result.status = 'changed';
    result.before = pf.source;
    result.after = after;
  } else result.changes = [];
  return result;
}

/** Plans and applies in this thread (tests, small runs). */
export function codemodFiles(files: string[], options: CodemodOptions = {}): FileResult[] {
  const read = options.sources ?? diskSources;
  const imported = options.imported ?? importedFiles(files.map((f) => ({ abs: path.resolve(f), text: read.read(path.resolve(f)) ?? '' })));
  const planner = new Planner({ ...options, imported });
  const outcomes = files.map((f) => toWire(planner.plan(f)));
  const { work, skipped } = decide(outcomes, { cat: planner.cat, read: (f) => planner.modules.read(f) });
  const results = [...skipped, ...[...work.values()].map((w) => applyWork(planner.modules, w))];
  return results.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** One source text through the codemod (its imports are read from disk next to `file`). */
export function codemodSource(source: string, file: string, options: CodemodOptions = {}): FileResult {
  const abs = path.resolve(file);
  const sources: SourceProvider = {
    read: (f) => (path.resolve(f) === abs ? source : (options.sources ?? diskSources).read(f)),
  };
  const [result] = codemodFiles([abs], { ...options, sources }).filter((r) => r.file === abs);
  return result ?? { file: abs, status: 'unchanged', changes: [], markers: [], notes: [] };
}

