/**
 * What the finders of one module's analysis share: the module and its evaluator, the catalogue
 * and its facts, the client recogniser, and the sites found so far. A site is kept once per kind
 * and span (finders overlap on purpose), and the URL text a call used is remembered so that the
 * string and generic-argument finders do not report that text a second time.
 */
import type { Catalogue } from '../catalogue/index.ts';
import { catalogueFacts, type CatalogueFacts } from './catalogue-facts.ts';
import { ClientRecognizer, type CallShape, type NodeRef } from './clients.ts';
import type { Evaluator } from './evaluate.ts';
import { spanOf, type ModuleInfo } from './module.ts';
import type { Node } from './parse.ts';
import type { ExportedFlows, Marker, Site, Span, StringPart } from './types.ts';

/** A site with the syntax it was found in, for the finders that build on calls (payloads, reads). */
export interface FoundSite {
  site: Site;
  node?: Node;
  shape?: CallShape;
  body?: NodeRef;
}

export class Analysis {
  readonly sites: Site[] = [];
  readonly markers: Marker[] = [];
  readonly found: FoundSite[] = [];
  /** Modules of repo functions that made a v1 request for a call here (HTTP wrappers). */
  readonly wrapperModules = new Set<ModuleInfo>();
  readonly facts: CatalogueFacts;
  readonly rec: ClientRecognizer;
  /** Analysed in repo context only (another file talks to v1, this one names no v1 request). */
  repoOnly = false;
  /** Rules the repo's other files call: a non-distinctive response wrapper of one of them counts here. */
  repoRules: ReadonlySet<string> = new Set();
  /** The exported response flows of the module an import specifier names (see AnalyzeOptions.importedFlows). */
  importedFlows?: (specifier: string) => ExportedFlows | undefined;
  /** This module's exported response flows, once its responses are traced (./trace-responses.ts). */
  exportedFlows?: ExportedFlows;
  private readonly siteKeys = new Set<string>();
  private readonly consumed = new Set<string>();
  /** Calls whose endpoint is a parameter of their function, resolved at a caller seen here. */
  private readonly resolvedByCaller = new Set<Node>();

  constructor(
    readonly mod: ModuleInfo,
    readonly ev: Evaluator,
    readonly cat: Catalogue,
  ) {
    this.facts = catalogueFacts(cat);
    this.rec = new ClientRecognizer(ev);
  }

  /** Where a node is, with `file` set when it lies in another module than the analysed one. */
  span(node: Node, mod: ModuleInfo = this.mod): Span {
    return spanOf(mod, node, this.mod.file);
  }

  /** Adds a site unless one of the same kind and span is there; false when it was. */
  addSite(site: Site, extra: Omit<FoundSite, 'site'> = {}): boolean {
    const k = `${site.kind}\0${site.file}\0${site.span.start}\0${site.span.end}`;
    if (this.siteKeys.has(k)) return false;
    this.siteKeys.add(k);
    this.sites.push(site);
    this.found.push({ site, ...extra });
    return true;
  }

  /** Remembers the literal text of a URL a call used. */
  consume(parts: StringPart[]): void {
    for (const p of parts) if (!p.dynamic && p.node !== 'synthetic') this.consumed.add(partKey(p));
  }

  isConsumed(part: StringPart): boolean {
    return this.consumed.has(partKey(part));
  }

  /** A call whose endpoint a caller of its function names (`fd('tickets')`): reported at that caller. */
  resolvedAtCaller(call: Node): void {
    this.resolvedByCaller.add(call);
  }

  /** Takes these sites back (with what was found with them). */
  dropSites(drop: (s: Site) => boolean): void {
    const gone = new Set(this.sites.filter(drop));
    if (!gone.size) return;
    this.sites.splice(0, this.sites.length, ...this.sites.filter((s) => !gone.has(s)));
    this.found.splice(0, this.found.length, ...this.found.filter((f) => !gone.has(f.site)));
  }

  /**
   * Drops the sites of calls whose endpoint is only known at run time (`'/helpdesk/' + resource +
   * '.json'`) when a caller seen here names it: that caller's site is the v1 use. A function no
   * caller here resolves keeps its site (its callers are elsewhere).
   */
  dropRunTimeSitesResolved(): void {
    const runTime = (id: string | null) => !!id && this.cat.get(id)?.v1.source === 'run-time';
    const drop = new Set(this.found.filter((f) => f.node && this.resolvedByCaller.has(f.node) && runTime(f.site.rule)).map((f) => f.site));
    this.dropSites((s) => drop.has(s));
  }
}

function partKey(p: StringPart): string {
  return `${p.file}\0${p.span.start}`;
}
