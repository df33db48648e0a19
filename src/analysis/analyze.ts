/**
 * The order the JS/TS finders run in over one parsed module, and the names other modules import
 * from here. Later finders build on earlier ones: payloads and reads on the calls found, XML only
 * where calls ask for `.xml`, and 403 checks where the module (or an HTTP wrapper its calls went
 * through) has helpdesk context. See ./index.ts for the public entry.
 */
import type { Catalogue } from '../catalogue/index.ts';
import { Analysis } from './analysis.ts';
import type { Evaluator } from './evaluate.ts';
import { findCalls } from './find-calls.ts';
import { findComments } from './find-comments.ts';
import { findPayloads } from './find-payloads.ts';
import { findEscapes } from './find-escapes.ts';
import { findRateLimits, mentionsV1Path } from './find-rate-limits.ts';
import { findReads } from './find-reads.ts';
import { findUrls } from './find-urls.ts';
import { findXml } from './find-xml.ts';
import type { ModuleInfo } from './module.ts';
import type { Marker, Site } from './types.ts';

export { CatalogueFacts, catalogueFacts, isDistinctive, isDistinctiveV1Path, isDistinctiveWrapper } from './catalogue-facts.ts';
export { ownParts } from './find-urls.ts';
export { readChanges, worstOf } from './read-changes.ts';
export { RATE_LIMIT_RULE } from './find-rate-limits.ts';
export { XML_RULE } from './find-xml.ts';

/** The rule of a plain-http v1 URL (no finder of its own: the URL info says `insecure`). */
export const HTTPS_RULE = 'transport.https';

export interface AnalyzerOptions {
  catalogue: Catalogue;
}

export class Analyzer {
  private readonly a: Analysis;

  constructor(mod: ModuleInfo, ev: Evaluator, opts: AnalyzerOptions) {
    this.a = new Analysis(mod, ev, opts.catalogue);
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
    findUrls(a);
    const v1 = a.sites.length > 0;
    findPayloads(a, v1);
    findEscapes(a);
    findReads(a, v1);
    if (v1) findXml(a);
    // 403 throttling: in a module with helpdesk context, and in the HTTP wrappers v1 calls here go through
    if (v1 || mentionsV1Path(a, a.mod)) findRateLimits(a, a.mod);
    for (const m of a.wrapperModules) if (m !== a.mod) findRateLimits(a, m);
    findComments(a);
    a.sites.sort((x, y) => (x.file === y.file ? x.span.start - y.span.start : x.file < y.file ? -1 : 1));
  }
}
