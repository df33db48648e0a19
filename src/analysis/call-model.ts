/**
 * One `CallModel` per v1 call: everything that belongs to the call, gathered from the sites the
 * finders report, so that the audit (what to report, what is auto-fixable) and the codemod (what
 * to rewrite, all or nothing) read the same answer to "what is this v1 call".
 *
 * A call owns:
 * - its URL, with the text parts and their spans in every module they come from (constants,
 *   config entries, URL helpers);
 * - its method (and where it is written), its client, its body and the v1 wrappers in the body;
 * - the response reads traced from it (in this module and, through exports, in others);
 * - the 403 rate-limit checks of the HTTP wrappers it goes through (and of its own module);
 * - XML parsing of its response;
 * - `files`: every file any of that lives in. A rewrite of the call touches only these files.
 *
 * Pure: built from an `AnalyzeResult`, no syntax tree; serialisable.
 */
import type { Fidelity, HttpMethod } from '../catalogue/index.ts';
import type { AnalyzeResult, CallInfo, ReadInfo, Site, Span, StringPart, UrlInfo, WrapperInfo } from './types.ts';

export interface CallModel {
  /** Stable id: `<file>:<offset of the call>`. */
  id: string;
  /** The file of the call (as passed to `analyzeSource`). */
  file: string;
  /** The call expression. */
  span: Span;
  /** Where a marker goes (the enclosing statement). */
  statement: Span;
  client: CallInfo['client'];
  innerClient?: CallInfo['client'];
  callee: string;
  /** Best catalogue rule, and every candidate (several when the method is not known). */
  rule: string | null;
  rules: string[];
  method: HttpMethod | null;
  methodSource: Site['methodSource'];
  methodSpan?: Span;
  /** The code's method is no v1 operation on the URL's path (a PATCH, a PUT to `/contacts.json`). */
  noSuchOperation?: boolean;
  /** It goes out as a POST with its method in a header (see CallInfo.methodOverride). */
  methodOverride?: boolean;
  url: UrlInfo;
  /** The host the code names for the request (see Site.host; a custom domain blocks the migration). */
  host?: string;
  /** Files of the URL's parts other than the call's own file (constants, config, helpers). */
  urlFiles: string[];
  body?: { span: Span; file: string; property?: string; stringified?: boolean; formEncoded?: boolean };
  /** v1 payload wrappers found in the body. */
  wrappers: Array<WrapperInfo & { file: string; span: Span }>;
  /** Response reads traced to this call. */
  reads: Array<ReadInfo & { file: string; span: Span; fidelity: Fidelity | null }>;
  /**
   * Reads of this endpoint's v1 response in the same module that could not be traced to a call:
   * the response may reach them through code the flow does not follow.
   */
  untraced: Array<ReadInfo & { file: string; span: Span; fidelity: Fidelity | null }>;
  /** 403 rate-limit checks that serve this call (its module, the HTTP wrappers it goes through). */
  /** `helper`: the function of another module the check is in, which this call's errors go to. */
  rateLimits: Array<{ file: string; span: Span; fixable: boolean; meaningUnclear?: boolean; helper?: string }>;
  /** XML parsing of this call's response (same module). */
  xml: Array<{ file: string; span: Span }>;
  /** Nothing holds the answer (see CallInfo.answerDiscarded): no untraced read is charged to it. */
  answerDiscarded: boolean;
  /** The URL can be written out whole at the call (see CallInfo.urlAtCall). */
  urlAtCall: boolean;
  /** Code other than a seen request that reads the URL's shared text (see CallInfo.urlReadElsewhere). */
  urlReadElsewhere?: string;
  /** Other code reads the payload too (see CallInfo.bodyReadElsewhere). */
  bodyReadElsewhere?: string;
  /** Lines of types the payload is declared with (see CallInfo.bodyTypes). */
  bodyTypes: number[];
  /** Nothing shows the request goes to the helpdesk (see CallInfo.helpdeskUnseen). */
  helpdeskUnseen: boolean;
  /** Where the response leaves the code the analysis follows (see CallInfo.escapes). */
  escapes: string[];
  /** Returns to callers outside the module (see CallInfo.returnEscapes). */
  returnEscapes: string[];
  /** The escapes that go to the code's own callers (see CallInfo.callerEscapes). */
  callerEscapes: string[];
  /** The resource goes to an exported function's callback, which the codemod follows to its importers (see CallInfo.answersImporters). */
  answersImporters: boolean;
  /** The body comes from the code's callers (see CallInfo.bodyFromCallers). */
  bodyFromCallers: boolean;
  /** JSON schemas of the answer with v1 keys (see CallInfo.answerSchemas). */
  answerSchemas: number[];
  /** Types declared where the call is made (see CallInfo.answerTypes). */
  answerTypes: number[];
  /** Status tests in functions other code calls too (see CallInfo.sharedStatusTests). */
  sharedStatusTests: string[];
  /** Uses of the status (or of a body v2 no longer sends) no rewrite can fix (see CallInfo.statusUnclear). */
  statusUnclear: number[];
  /** Status predicates that refuse the v2 status (see CallInfo.statusPredicates). */
  statusPredicates: NonNullable<CallInfo['statusPredicates']>;
  /** Status predicates that let 403 through and not 429 (see CallInfo.throttlePredicates). */
  throttlePredicates: NonNullable<CallInfo['throttlePredicates']>;
  /** Hooks of its client that read every answer's body (see CallInfo.answerHooks). */
  answerHooks: NonNullable<CallInfo['answerHooks']>;
  /** The client resolves every 2xx answer (see CallInfo.resolvesEvery2xx). */
  resolvesEvery2xx?: boolean;
  /** The line of a query option whose keys are not known (see CallInfo.queryUnknown). */
  queryUnknown: number | null;
  /** Reads of the v1 error body beside the call (see CallInfo.errorBodyReads). */
  errorBodyReads: number[];
  /** Reads of the v1 payload before it is sent (see CallInfo.bodyReads). */
  bodyReads: Array<{ line: number; keys: string }>;
  /** The keys of the body when it is an object literal written at the call (see CallInfo.bodyKeys). */
  bodyKeys?: string[];
  /** Statuses those wrapper functions test (`!== 200`): a v2 status change breaks such a test. */
  wrapperStatuses: number[];
  /** HTTP wrapper functions the request goes through (files, outermost first). */
  wrapperFiles: string[];
  /** The module of the client instance it goes through, when that module makes several (see CallInfo.sharedInstanceFile). */
  sharedInstanceFile?: string;
  /** The body a wrapper function builds itself (see CallInfo.wrapperBody). */
  wrapperBody?: Span;
  /** Every file a part of the call lives in (the call's own file first). */
  files: string[];
  fidelity: Fidelity | null;
  inComment: boolean;
}

function inside(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start >= b.start && a.end <= b.end;
}

function fileOfPart(p: StringPart): string {
  return p.file;
}

/** The call models of one analysed file (`file` = the name passed to `analyzeSource`). */
export function callModels(result: AnalyzeResult, file: string): CallModel[] {
  const calls = result.sites.filter((s) => s.kind === 'call' && s.call && s.url && !s.inComment);
  const models: CallModel[] = [];
  const byCall = new Map<string, CallModel>();
  const key = (f: string, start: number) => `${f}:${start}`;
  for (const s of calls) {
    const info = s.call!;
    const own = s.file;
    const urlFiles = [...new Set(s.url!.parts.map(fileOfPart).filter((f) => f !== own))];
    const m: CallModel = {
      id: key(own, info.span.start),
      file: own,
      span: info.span,
      statement: info.statement,
      client: info.client,
      innerClient: info.innerClient,
      callee: info.callee,
      rule: s.rule,
      rules: s.rules,
      method: s.method,
      methodSource: s.methodSource,
      methodSpan: s.methodSpan,
      ...(s.noSuchOperation ? { noSuchOperation: true } : {}),
      ...(info.methodOverride ? { methodOverride: true } : {}),
      url: s.url!,
      ...(s.host ? { host: s.host } : {}),
      urlFiles,
      wrappers: [],
      reads: [],
      untraced: [],
      rateLimits: [],
      xml: [],
      wrapperFiles: info.wrapperFiles ?? [],
      ...(info.sharedInstanceFile ? { sharedInstanceFile: info.sharedInstanceFile } : {}),
      ...(info.wrapperBody ? { wrapperBody: info.wrapperBody } : {}),
      answerDiscarded: info.answerDiscarded === true,
      urlAtCall: info.urlAtCall === true,
      ...(info.urlReadElsewhere ? { urlReadElsewhere: info.urlReadElsewhere } : {}),
      ...(info.bodyReadElsewhere ? { bodyReadElsewhere: info.bodyReadElsewhere } : {}),
      bodyTypes: info.bodyTypes ?? [],
      helpdeskUnseen: info.helpdeskUnseen === true,
      escapes: info.escapes ?? [],
      returnEscapes: info.returnEscapes ?? [],
      callerEscapes: info.callerEscapes ?? [],
      answersImporters: info.answersImporters === true,
      bodyFromCallers: !!info.bodyFromCallers,
      answerSchemas: info.answerSchemas ?? [],
      answerTypes: info.answerTypes ?? [],
      bodyReads: info.bodyReads ?? [],
      ...(info.bodyKeys ? { bodyKeys: info.bodyKeys } : {}),
      wrapperStatuses: info.wrapperStatuses ?? [],
      sharedStatusTests: info.sharedStatusTests ?? [],
      statusUnclear: info.statusUnclear ?? [],
      statusPredicates: info.statusPredicates ?? [],
      throttlePredicates: info.throttlePredicates ?? [],
      answerHooks: info.answerHooks ?? [],
      ...(info.resolvesEvery2xx ? { resolvesEvery2xx: true } : {}),
      queryUnknown: info.queryUnknown ?? null,
      errorBodyReads: info.errorBodyReads ?? [],
      files: [own],
      fidelity: s.fidelity ?? null,
      inComment: !!s.inComment,
    };
    if (info.body) m.body = { span: info.body, file: info.body.file ?? own, property: info.bodyProperty, stringified: info.bodyStringified, ...(info.bodyFormEncoded ? { formEncoded: true } : {}) };
    models.push(m);
    byCall.set(key(own, info.span.start), m);
  }
  // indexes: models by file, by the files of the wrappers they go through, by rule and file
  const byFile = new Map<string, CallModel[]>();
  const push = (map: Map<string, CallModel[]>, k: string, m: CallModel) => {
    const l = map.get(k);
    if (l) l.push(m);
    else map.set(k, [m]);
  };
  const servedBy = new Map<string, CallModel[]>();
  const servedShared = new Map<string, CallModel[]>();
  const byRule = new Map<string, CallModel[]>();
  for (const m of models) {
    push(byFile, m.file, m);
    for (const f of new Set([m.file, ...m.wrapperFiles])) push(servedBy, f, m);
    if (m.sharedInstanceFile) push(servedShared, m.sharedInstanceFile, m);
    for (const r of m.rules) push(byRule, `${m.file}\0${r}`, m);
  }
  for (const s of result.sites) {
    if (s.inComment) continue;
    if (s.kind === 'wrapper' && s.wrapper) {
      const w = s.wrapper;
      const owner = w.call ? byCall.get(key(w.call.file, w.call.start)) : byFile.get(s.file)?.find((m) => m.body && m.body.file === s.file && inside(w.keySpan, m.body.span));
      owner?.wrappers.push({ ...w, file: s.file, span: s.span });
    } else if (s.kind === 'response-read' && s.read) {
      const c = s.read.call;
      const owner = c ? byCall.get(key(c.file, c.start)) : undefined;
      if (owner) owner.reads.push({ ...s.read, file: s.file, span: s.span, fidelity: s.fidelity ?? null });
      else if (s.rule) {
        // read by shape, not traced: it may come from any call of that endpoint in the module
        for (const m of byRule.get(`${s.file}\0${s.rule}`) ?? []) if (m.untraced.length < 3 && !m.answerDiscarded) m.untraced.push({ ...s.read, file: s.file, span: s.span, fidelity: s.fidelity ?? null });
      }
    } else if (s.kind === 'rate-limit') {
      // (a check on one call's error serves that call alone)
      // (a check in a helper of another module serves the calls of the file that uses it)
      const served = s.helperOf ? (byFile.get(s.helperOf.usedFrom) ?? []) : (servedBy.get(s.file) ?? []);
      for (const m of served) if (!s.errorOf || (m.file === s.file && m.url.span.start === s.errorOf.start)) m.rateLimits.push({ file: s.file, span: s.span, fixable: s.fixable === true, ...(s.errorOf ? { meaningUnclear: true } : {}), ...(s.helperOf ? { helper: s.helperOf.name } : {}) });
      // (a check beside several instances: which one it serves is not known, so it does not move with this call)
      for (const m of servedShared.get(s.file) ?? []) if (!m.rateLimits.some((r) => r.file === s.file && r.span.start === s.span.start)) m.rateLimits.push({ file: s.file, span: s.span, fixable: false });
    } else if (s.kind === 'xml') {
      // XML parsing in a module with one .xml call belongs to it; with several, to each (a human decides)
      for (const m of byFile.get(s.file) ?? []) if (m.url.format === 'xml') m.xml.push({ file: s.file, span: s.span });
    }
  }
  for (const m of models) {
    const files = new Set<string>([m.file, ...m.urlFiles, ...(m.body ? [m.body.file] : []), ...m.wrappers.map((w) => w.file), ...m.reads.map((r) => r.file), ...m.rateLimits.map((r) => r.file), ...m.xml.map((x) => x.file)]);
    m.files = [...files];
  }
  void file;
  return models;
}
