/**
 * The order the JS/TS finders run in over one parsed module, and the names other modules import
 * from here. Later finders build on earlier ones: payloads and reads on the calls found, XML only
 * where calls ask for `.xml`, and 403 checks where the module (or an HTTP wrapper its calls went
 * through) has helpdesk context. See ./index.ts for the public entry.
 */
import type { Catalogue } from '../catalogue/index.ts';
import { Analysis } from './analysis.ts';
import type { Evaluator } from './evaluate.ts';
import { findCalls, settleHostlessRequests } from './find-calls.ts';
import { findComments } from './find-comments.ts';
import { findPayloads } from './find-payloads.ts';
import { findEscapes } from './find-escapes.ts';
import { findAnswerSchemas, findAnswerTypes } from './find-answer-declarations.ts';
import { findAnswerHooks } from './find-answer-hooks.ts';
import { findStatusPredicates } from './find-status-predicates.ts';
import { findErrorBodyReads } from './find-error-reads.ts';
import { findRateLimits, mentionsV1Path } from './find-rate-limits.ts';
import { findReads, rootOf } from './find-reads.ts';
import { findUrls } from './find-urls.ts';
import { findXml } from './find-xml.ts';
import { findStoredObjects } from './find-stored.ts';
import { findHosts, isOtherService } from './find-domains.ts';
import type { ModuleInfo } from './module.ts';
import type { ExportedFlows, Marker, Site } from './types.ts';
import { catalogueFacts, isDistinctiveWrapper } from './catalogue-facts.ts';
import { memberName } from './syntax.ts';
import { isInPageRoot } from './in-page-data.ts';

export { CatalogueFacts, catalogueFacts, isDistinctive, isDistinctiveV1Path, isDistinctiveWrapper } from './catalogue-facts.ts';
export { ownParts } from './find-urls.ts';
export { readChanges, worstOf } from './read-changes.ts';
export { RATE_LIMIT_RULE } from './find-rate-limits.ts';
export { XML_RULE } from './find-xml.ts';

/** The rule of a plain-http v1 URL (no finder of its own: the URL info says `insecure`). */
export const HTTPS_RULE = 'transport.https';

export interface AnalyzerOptions {
  catalogue: Catalogue;
  /** Another file of the repo talks to v1 (see AnalyzeOptions.repoUsesV1). */
  repoUsesV1?: boolean;
  /** Rules the repo's requests use (see AnalyzeOptions.repoRules). */
  repoRules?: string[];
  /** The exported response flows of the module an import specifier names (see AnalyzeOptions.importedFlows). */
  importedFlows?: (specifier: string) => ExportedFlows | undefined;
}

/** Absolute origins that are not a helpdesk account (`https://api.github.com`, `https://redmine.acme.internal`). */
const ORIGIN = /^\s*https?:\/\/([^/'"`{}$\s:]+)/i;
const HELPDESK_HOST = /freshdesk|freshservice|helpdesk|support\.|localhost|127\.0\.0\.1|example\.(com|org)/i;

/** Does the module name an absolute URL of another service (it talks to that API, not to v1)? */
export function namesForeignOrigin(mod: ModuleInfo): boolean {
  for (const s of mod.nodes.strings) {
    const text = s.type === 'TemplateLiteral' ? String((s.quasis as Array<{ value?: { cooked?: string } }>)[0]?.value?.cooked ?? '') : String(s.value);
    const m = ORIGIN.exec(text);
    if (m && !HELPDESK_HOST.test(m[1]!)) return true;
  }
  return false;
}

/** Does the module read through a distinctive v1 response wrapper (`x.helpdesk_ticket.subject`, not `x.user`)? */
function readsV1Wrapper(a: Analysis): boolean {
  const wrappers = catalogueFacts(a.cat).responseWrappers;
  return a.mod.nodes.members.some((n) => {
    if (n.computed) return false;
    const name = memberName(n);
    if (!name || !isDistinctiveWrapper(name) || !wrappers.has(name)) return false;
    // a read, not a write of a request body (`payload.helpdesk_ticket = …`), nor of in-page data
    const p = a.mod.parent.get(n);
    if (p?.type === 'AssignmentExpression' && p.left === n) return false;
    return !isInPageRoot(a.mod, rootOf(n));
  });
}

export class Analyzer {
  private readonly a: Analysis;
  private readonly repoUsesV1: boolean;

  constructor(mod: ModuleInfo, ev: Evaluator, opts: AnalyzerOptions) {
    this.a = new Analysis(mod, ev, opts.catalogue);
    this.repoUsesV1 = opts.repoUsesV1 === true;
    if (opts.repoRules) this.a.repoRules = new Set(opts.repoRules);
    this.a.importedFlows = opts.importedFlows;
  }

  get exportedFlows(): ExportedFlows | undefined {
    return this.a.exportedFlows;
  }

  get sites(): Site[] {
    return this.a.sites;
  }

  get markers(): Marker[] {
    return this.a.markers;
  }

  run(): void {
    const a = this.a;
    findCalls(a);
    a.dropRunTimeSitesResolved();
    findUrls(a);
    // (a request to another service's host is none of the helpdesk's, whatever its path)
    findHosts(a);
    a.dropSites((s) => !!s.host && isOtherService(s.host));
    settleHostlessRequests(a);
    const v1 = a.sites.length > 0;
    // a file of a v1 repo: v1-only fields and wrappers count even without a v1 path here
    // (not a module that talks to another API: a GitHub client throttled with 403, a Redmine helpdesk plugin)
    const context = v1 || (this.repoUsesV1 && !namesForeignOrigin(a.mod));
    a.repoOnly = context && !v1;
    findPayloads(a, context);
    // wrappers found only because the repo uses v1: built here for a call in another module, which
    // must be migrated with them (never rewritten on their own)
    if (!v1) for (const s of a.sites) if (s.kind === 'wrapper') s.fixable = false;
    findEscapes(a);
    findAnswerSchemas(a);
    findAnswerTypes(a);
    findStatusPredicates(a);
    findAnswerHooks(a);
    findErrorBodyReads(a);
    // reads through a distinctive v1 wrapper (`body.helpdesk_ticket.status_name`) count by
    // themselves: only a v1 answer has one, wherever the request was built (the repo-wide pass
    // still ties them to the rules the repo calls: this adds no request finding)
    findReads(a, context || (readsV1Wrapper(a) && !namesForeignOrigin(a.mod)));
    if (v1) findXml(a);
    findStoredObjects(a, context);
    // 403 throttling: in a module with helpdesk context (or of a v1 repo), and in the HTTP wrappers v1 calls here go through
    if (context || mentionsV1Path(a, a.mod)) findRateLimits(a, a.mod);
    for (const m of a.wrapperModules) if (m !== a.mod) findRateLimits(a, m);
    findComments(a);
    a.sites.sort((x, y) => (x.file === y.file ? x.span.start - y.span.start : x.file < y.file ? -1 : 1));
  }
}
