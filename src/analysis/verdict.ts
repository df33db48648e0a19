/**
 * Can a v1 call be migrated automatically, as one unit? The one answer the audit reports
 * ("auto-fixable") and the codemod obeys (it rewrites only such calls; every other call keeps its
 * v1 URL and gets one marker listing `needs`). Pure: a CallModel and the catalogue in, a verdict out.
 *
 * A call is automatic only when every part of it is certain: a known rule that the catalogue marks
 * auto-fixable (one v2 call, exact or lossy), a known method, a JSON response (`.json` or
 * `format=json`), a body whose v1 shape is visible when v2 changes it, no read of a field v2 drops
 * or changes lossily, no read of a field that only a second v2 call would fill, no 403 check it
 * depends on that cannot move with it, no XML parsing of its response.
 */
import { isCustomDomain, isOtherProduct, otherProductNeed } from './find-domains.ts';
import { fieldMappings, isAutoFixable, parseTarget, reshapesValue, TRANSPORT, V1_ONLY_ROOTS, type Catalogue, type Rule, type Translation } from '../catalogue/index.ts';
import { basename } from 'node:path';
import type { CallModel } from './call-model.ts';
import { methodsOnPath, normalisePlaceholders, splitOrigin } from './match-url.ts';
import { forwardReason, INLINE_CONVERTERS, isIdentityConverter, KEEPS_MISSING } from './converters.ts';
import { callerContract, embeddedFields, mainStep, responseChanges, statusChange, takesV2Status } from './answer-changes.ts';
import { planQueryOptions, queryRenames } from './query-options.ts';

/** What a call whose endpoint only run time names needs (its marker's plan says it already). */
export const RUN_TIME_NEED = 'the endpoint is only known at run time: find which v1 endpoints this call reaches and migrate each by its rule';

/** Text only a v1 URL has: the roots only v1 used and its format suffixes. */
const V1_PATH_TEXT = new RegExp(`/(${[...V1_ONLY_ROOTS].join('|')})(/|$)|\\.(json|xml)(\\?|$)`, 'i');

/** Text a v1→v2 URL change edits (a v1-only path root, a `.json`/`.xml` suffix): not a bare host. */
export function hasV1PathText(text: string): boolean {
  return V1_PATH_TEXT.test(text);
}

/** The task for a call whose shared URL text other code reads, when the URL cannot be written at the call. */
export function unseenReaderNeed(reader: string): string {
  return `its URL's constant or helper is also read by ${reader}, which is no request seen here: change that code with this call, or write this URL out at the call`;
}

/** The task for a request nothing shows to be the helpdesk's (CallModel.helpdeskUnseen). */
export const HELPDESK_UNSEEN_NEED = 'nothing here shows this request goes to the helpdesk (no host or base URL, no name of it, and a path other APIs have too): confirm it does, then migrate it by hand';

export interface CallVerdict {
  /** Migrate the whole call automatically. */
  auto: boolean;
  /** What a human must do (one line each) when not automatic. */
  needs: string[];
  /**
   * With `callers: 'v2'`, for a call that migrates although its answer or body crosses to the
   * code's callers: what they now get and send (one line, see callerContract).
   */
  contract?: string;
}

/**
 * What the code's callers outside the tree take (`--callers`): `v1` (the default), a call whose
 * answer or body crosses to them keeps v1 and is marked; `v2`, they take v2 shapes (a library's
 * next major version, a service whose clients are changed with it), and such a call migrates with
 * its contract change said.
 */
export type CallersContract = 'v1' | 'v2';


/** A rule whose only extra v2 call embeds a field into the v1 answer (needed only when it is read). */
export function isEmbedOnly(rule: Rule): boolean {
  const embedded = new Set(Object.values(rule.response?.embed ?? {}));
  const calls = rule.plan.map((s, i) => ({ s, i })).filter(({ s }) => !s.forResponse);
  const main = calls.filter(({ i }) => !embedded.has(i));
  return (rule.fidelity === 'exact' || rule.fidelity === 'lossy') && calls.length > 1 && main.length === 1 && !main[0]!.s.provides;
}

/** The task for a request to a custom domain; the codemod says it on a URL whose call it does not see too. */
export function customDomainNeed(host: string): string {
  return `the request goes to ${host}, a custom domain: v2 is served only on <account>.freshdesk.com; point the base URL at the account's own domain`;
}

/** The task for a URL left on http:// where it is built (v2 is HTTPS only); the codemod says it too. */
export function httpSchemeNeed(scheme: string): string {
  return `the URL starts with http:// where it is built (${JSON.stringify(scheme.slice(0, 40))}); v2 is HTTPS only: make it https:// (the account's own domain serves v1 over https too)`;
}

/**
 * Literal text an encode call turns into URL text (`encodeURIComponent('email is ' + x)`) is not
 * written in the source as the URL has it: a rewrite can keep it, or take out an encode call's
 * prefix whole (`StringPart.encodedPrefix`: `query=email is X` → `email=X`), and nothing else. The
 * task when the v2 URL changes such text otherwise (or the prefix is shared with other code).
 */
function encodedTextNeed(m: CallModel, v2: Translation['calls'][number] | undefined): string | null {
  if (!v2) return null;
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  const v2Text = `${v2.path}?${Object.entries(v2.query).map(([k, v]) => `${k}=${v}`).join('&')}`;
  const changed = m.url.parts.find((p) => p.encoded && !p.dynamic && p.text && !p.encodedPrefix && !v2Text.includes(decode(p.text)));
  if (!changed) return null;
  const url = `${v2.method} ${v2.path}${Object.keys(v2.query).length ? `?${Object.keys(v2.query).join('=…&')}=…` : ''}`;
  return (
    `${JSON.stringify(decode(changed.text))} is written inside an encode call (line ${changed.span.line}) and v2 changes it: write the v2 URL (${url}) by hand ` +
    `(the codemod takes such text out only before the encoded value, inline or through a name read only in this URL and not written again)`
  );
}

/**
 * The catalogue's translation of one request shape, remembered per catalogue: a repository calls
 * the same few endpoints from many places, and a verdict is asked twice per call (see `callersSeen`).
 * Translations are pure; callers only read them.
 */
const translations = new WeakMap<Catalogue, Map<string, Translation>>();
function translated(cat: Catalogue, method: string, target: string, body?: Record<string, unknown>): Translation {
  let cache = translations.get(cat);
  if (!cache) translations.set(cat, (cache = new Map()));
  const key = `${method} ${target} ${body ? JSON.stringify(body) : ''}`;
  let t = cache.get(key);
  if (!t) {
    t = cat.translate({ method, target, ...(body ? { body } : {}) });
    if (cache.size > 5000) cache.clear();
    cache.set(key, t);
  }
  return t;
}

/**
 * Can this call move to v2 by itself, and if not, what must a human do. `callersSeen`: another file
 * of the run uses the call's module, so a response it returns reaches callers the tool follows
 * (`CallModel.returnEscapes` then do not block).
 */
export function callVerdict(m: CallModel, cat: Catalogue, opts: { callersSeen?: boolean; callers?: CallersContract } = {}): CallVerdict {
  const needs: string[] = [];
  const overlay = cat.overlay ?? {};
  const rule = m.rule ? cat.get(m.rule) : undefined;
  if (!rule) return { auto: false, needs: ['the v1 endpoint is not one the catalogue knows'] };
  if (m.inComment) return { auto: false, needs: ['the call is in a comment'] };
  // another product's v2 is not this catalogue's: the helpdesk's changes would mislead
  if (m.host && isOtherProduct(m.host)) return { auto: false, needs: [otherProductNeed(m.host)] };
  if (m.methodSource === null || m.methodSource === 'rule') needs.push(`the method is not known here (candidates: ${m.rules.join(', ')})`);
  if (m.noSuchOperation && m.method) {
    needs.push(`${m.method} is not a v1 operation on this path (v1 has ${methodsOnPath(cat, m.rules).join(', ')}): check what the code meant to do`);
  }
  if (m.methodOverride) needs.push(`emulateHTTP sends this ${m.method ?? 'request'} as a POST with X-HTTP-Method-Override, which v1 honoured and v2 is not documented to: send it with its own method (emulateHTTP off)`);
  const embedded = embeddedFields(rule);
  if (!isAutoFixable(rule) && !isEmbedOnly(rule)) {
    needs.push(rule.v1.source === 'run-time' ? RUN_TIME_NEED : rule.fidelity === 'none' ? (rule.substitute ? 'v2 has no equivalent: see the substitute above' : 'v2 has no equivalent: decide what replaces this call') : rule.fidelity === 'manual' ? `a decision: ${rule.decision ?? rule.summary}` : 'v2 needs several calls: write the plan above');
  }
  if (m.fidelity === 'manual' || m.fidelity === 'none') if (!needs.length) needs.push('this use of the endpoint needs a decision');
  if (m.url.format === null) needs.push('no .json suffix or format=json: confirm this is an API call');
  // a bare "http://" that is the whole value of a name (`const SCHEME = 'http://'`): other code may
  // read it, so no rewrite of this call can make it https with certainty, and v2 refuses plain
  // http; one written in the URL's own concatenation (`"http://" + KEY + ":X@" + HOST + path`) is
  // changed with the rest of the URL
  const first = m.url.parts[0];
  // (the codemod's own part of the work: said to the human only when the call stays on v1 anyway)
  const alongside: string[] = [];
  if (m.url.insecure && first && !first.dynamic && /^http:\/\/$/i.test(first.text)) (first.whole ? needs : alongside).push(httpSchemeNeed(first.text));
  // plain http with no scheme text to change (Node's `http.request`, `port: 80`): the codemod
  // rewrites text, not the transport
  else if (m.url.insecure && !(first && !first.dynamic && /^http:\/\//i.test(first.text))) {
    needs.push('the request goes over plain http (the http module or port 80): v2 is HTTPS only: send it with https (https.request, port 443)');
  }
  // blanks before the suffix (`id + '  .json'`): the legacy server forgave them; a rewrite of the text around them would not be certain
  if (/\}[ \t]+\.(json|xml)(\?|$)/i.test(normalisePlaceholders(m.url.pattern))) needs.push('blanks before the .json suffix: write the v2 URL by hand');
  if (m.helpdeskUnseen) needs.push(HELPDESK_UNSEEN_NEED);
  // a query the client builds from an options object (request's `qs: { responder_id }`): one
  // run-time piece holding keys and values, which no rewrite of the URL's text reaches
  // (or one a stringify call builds inside the URL's query, `'?' + qs.stringify({ filter_name, page })`)
  const fromOptions = m.url.parts.find((p, i) => p.dynamic && (/^[?&][^=?&{}]+=/.test(p.text) || (/^[^=?&{}/]+=/.test(p.text) && /\?/.test(m.url.parts.slice(0, i).map((x) => x.text).join('')))));
  // a query string whole from run time (`?${qs}`, `'?' + qs.stringify(params)`): which v1 parameters
  // it holds, and so what v2 makes of them (filter_name, wf_order, state…), is not known here
  const opaqueQuery = /[?&]\{[^}=&]*\}(?:=?(?:&|$))/.test(normalisePlaceholders(m.url.pattern).split('#')[0]!);
  const queryMaps = fieldMappings(rule, 'request').filter((x) => x.v1.startsWith('query.'));
  if (opaqueQuery && !fromOptions && queryMaps.length) {
    const names = queryMaps.filter((x) => x.v1 !== x.v2).map((x) => x.v1.slice(6).split('.')[0]!);
    needs.push(`the query string is built at run time: v2 changes ${[...new Set(names)].join(', ')}${rule.request?.lens?.some((op) => op.op === 'v2Default') ? ' and what is listed when a parameter is missing' : ''}; write the v2 query by hand`);
  }
  if (m.queryUnknown !== null && queryMaps.length) {
    needs.push(`the query option at line ${m.queryUnknown} is not one object of keys written there (a computed key, a spread, URLSearchParams, a string, a second .query() of the chain): v2 changes some of this call's parameters; write its v2 query by hand`);
  }
  if (fromOptions && !fromOptions.queryObject) needs.push(`the query comes from the request's options or code that builds it (${fromOptions.text.replace(/^[?&]/, '').split('=')[0]}…, line ${fromOptions.span.line}): change it with the URL by hand`);
  if (m.urlReadElsewhere && !m.urlAtCall) needs.push(unseenReaderNeed(m.urlReadElsewhere));
  if (m.bodyTypes.length && rule.request?.wrapper) needs.push(`the payload is declared with a type (line ${m.bodyTypes.join(', ')}) that has the ${rule.request.wrapper} wrapper: change the type with the payload`);
  if (m.bodyReadElsewhere && rule.request?.wrapper) needs.push(`its payload is also read by ${m.bodyReadElsewhere}: give this call its own payload without the ${rule.request.wrapper} wrapper, or change that code with it`);
  if (m.host && isCustomDomain(m.host)) needs.push(customDomainNeed(m.host));
  const where = (file: string, line: number) => (file === m.file ? `line ${line}` : `${basename(file)}:${line}`);
  // a v1 path split between a repo function and its caller (`fd('tickets')` over `'/helpdesk/' +
  // resource + '.json'` in fd): the function's text is the URL of every endpoint its callers name,
  // and callers the run does not see (fd may be exported) would move to v2 with this one
  if (m.client === 'wrapper') {
    const atCall = (p: (typeof m.url.parts)[number]) => p.file === m.file && p.span.start >= m.span.start && p.span.end <= m.span.end;
    // (text the function writes itself: not a constant it reads, `TICKETS_PATH`, which its callers share knowingly)
    const shared = m.url.parts.find((p) => !p.dynamic && p.node !== 'synthetic' && !atCall(p) && !p.whole && !p.via?.length && V1_PATH_TEXT.test(p.text));
    const named = m.url.parts.some((p) => !p.dynamic && atCall(p) && /[a-z]/i.test(p.text));
    if (shared && named) {
      needs.push(`${m.callee}() writes v1 path text (${JSON.stringify(shared.text.slice(0, 40))}, ${where(shared.file, shared.span.line)}) around the path its callers name: change ${m.callee}() and every caller of it together, by hand`);
    }
  }
  for (const r of m.reads) {
    // an embedded field read under its own name (`folder.articles`) is no field change, but it is
    // still the second call's answer
    const wrapper = rule.response?.wrapper;
    const keys = r.chain.filter((k) => k !== '[]');
    const first = keys[0] === wrapper ? keys[1] : keys[0];
    if (first && embedded.includes(first) && !r.fields.some((f) => f.v1.split(/[.[]/)[0] === first)) {
      needs.push(`${first} is read (${where(r.file, r.span.line)}): v2 returns it only from the second call of the plan`);
    }
    for (const f of r.fields) {
      const top = f.v1.split(/[.[]/)[0]!;
      if (embedded.includes(top)) needs.push(`${top} is read (${where(r.file, r.span.line)}): v2 returns it only from the second call of the plan`);
      else if (f.v2 === null && !f.reason?.includes('not wrapped')) needs.push(`${f.v1} is read (${where(r.file, r.span.line)}) and v2 has no such field${f.reason ? `: ${f.reason}` : ''}`);
    }
  }
  // fields the v2 answer carries only when asked for (`include=description` on a list)
  const onlyWith = rule.response?.onlyWith;
  if (onlyWith) {
    for (const r of m.reads) {
      const f = r.fields.find((x) => onlyWith.fields.includes(x.v1.replace(/^\[\]\.?/, '').split(/[.[]/)[0]!));
      if (f) {
        const ask = Object.entries(onlyWith.query).map(([k, v]) => `${k}=${v}`).join('&');
        needs.push(`${f.v1.replace(/^\[\]\.?/, '')} is read (${where(r.file, r.span.line)}), and v2 sends it only with ${ask}: add ${ask} to the v2 URL (${onlyWith.note.replace(/^[^:]*: /, '')})`);
        break;
      }
    }
  }
  for (const r of m.reads) {
    if (r.fidelity !== 'lossy' && r.fidelity !== 'manual' && r.fidelity !== 'none') continue;
    // a computed key into an object whose keys v2 renames (read-changes.ts: `custom_field[]`)
    const computed = r.fields.find((x) => x.v1.endsWith('[]') && x.v2 !== null);
    if (computed) {
      needs.push(`${computed.v1.slice(0, -2)} is read with a computed key (${where(r.file, r.span.line)}), and v2 names its keys otherwise${computed.reason ? ` (${computed.reason})` : ''}: read the field by its v2 name`);
      continue;
    }
    // (the field that is lossy, when the read says which: others on the line may be plain renames)
    const f = r.fields.find((x) => x.v2 !== null && !embedded.includes(x.v1.split(/[.[]/)[0]!) && (x.fidelity === undefined || x.fidelity !== 'exact'));
    // (a manual one says what to do in its reason)
    if (f) needs.push(`${f.v1} is read (${where(r.file, r.span.line)})${f.fidelity === 'manual' && f.reason ? '' : ' and v2 changes its value'}${f.reason ? `: ${f.reason}` : ''}`);
  }
  const responseMaps = fieldMappings(rule, 'response').filter((x) => !x.wrapper);
  for (const r of m.reads) {
    for (const f of r.fields) {
      const map = responseMaps.find((x) => x.v1 === f.v1);
      if (map && map.v2 !== null && reshapesValue(map)) needs.push(`${f.v1} is read (${where(r.file, r.span.line)}) and v2 changes its value: ${map.reason ?? map.converters.join(', ')}`);
    }
  }
  for (const r of m.untraced.slice(0, 2)) {
    needs.push(`a v1 ${rule.id} response is read at ${where(r.file, r.span.line)} (${r.fields.map((f) => f.v1).join(', ')}), where it cannot be traced to this call`);
  }
  // request fields whose values change in v2 and have no certain inline conversion
  const requestMaps = fieldMappings(rule, 'request');
  for (const w of m.wrappers) {
    for (const f of w.fields ?? []) {
      // v1 ignored it, v2 refuses the whole request: whether it can go is the author's call
      if (f.refused) {
        needs.push(`${f.v1} is sent (${where(w.file, f.span.line)}) and v2 refuses it (400 invalid_field; v1 ignored it): remove it`);
        continue;
      }
      // a literal value is converted where it is written; a dynamic one needs an inline form
      if (f.literal) continue;
      const map = requestMaps.find((x) => x.v1 === f.v1 || x.v1 === `${w.name}.${f.v1}`);
      const hard = map?.converters.filter((c) => !isIdentityConverter(c, overlay) && !(INLINE_CONVERTERS as readonly string[]).includes(c)) ?? [];
      if (!map) continue;
      if (hard.length && reshapesValue(map)) needs.push(`${f.v1} is sent (${where(w.file, f.span.line)}) and v2 wants it converted: ${map.reason ?? hard.join(', ')}`);
      // an inline form that reads the value twice, for a value that cannot be read twice (a call)
      else if (f.inline === 'other' && map.converters.some((c) => KEEPS_MISSING.has(c) && !isIdentityConverter(c, overlay))) {
        needs.push(`${f.v1} is sent (${where(w.file, f.span.line)}) and v2 wants it converted (${forwardReason(map.reason) ?? map.converters.join(', ')}): convert the value before sending it`);
      }
      // keys v2 names otherwise, of an object the codemod cannot see where it is written
      if (map.keys && f.opaqueKeys) needs.push(`${f.v1} is sent (${where(w.file, f.span.line)}) with keys v2 names otherwise (${forwardReason(map.reason) ?? map.keys}): rename the keys of its value`);
    }
  }
  const main = mainStep(rule);
  if (main?.status === 204 && m.reads.length) needs.push(`v2 answers 204 with no body, and the response is read (${where(m.reads[0]!.file, m.reads[0]!.span.line)})`);
  // what the v2 request loses or needs decided, from the catalogue's translation of this URL
  const method = m.method ?? rule.v1.method;
  // run-time values stand in as numbers (what the codemod's own translation does with them)
  let n = 0;
  const runTime: string[] = [];
  const target = splitOrigin(normalisePlaceholders(m.url.pattern)).rest.replace(/\{[^}/]*\}/g, (p) => {
    runTime.push(p.slice(1, -1) || 'a run-time value');
    return String(73190000 + n++);
  });
  try {
    // keys beside the request wrapper go along (v1 ignored those it did not know; v2 refuses them)
    const beside = m.wrappers.find((w) => w.name === rule.request?.wrapper && w.siblings?.length);
    const probe = beside ? { [beside.name]: {}, ...Object.fromEntries(beside.siblings!.map((k) => [k, null])) } : undefined;
    const t = translated(cat, method, target, probe);
    // (fields v2 takes in the path come from the body, which this translation of the URL lacks;
    // the probe's nulls stand for values not known here: what a lens makes of them is not about
    // this call, only whether v1 knew the key at all)
    const probed = new Set((beside?.siblings ?? []).map((k) => `body.${k}`));
    for (const i of t.detail?.issues ?? []) {
      if (/the v2 path needs/.test(i.message) || (probed.has(i.path) && i.fidelity === 'lossy')) continue;
      // a value the code computes, which the catalogue saw as its stand-in number: say what it is
      const standIn = /"?\b7319(\d{4})\b"?/.exec(i.message);
      if (standIn) {
        const tail = i.message.split('; ').slice(1).join('; ');
        needs.push(`${i.path}: its value comes from ${runTime[Number(standIn[1])] ?? 'a run-time value'} at run time, and v2 takes other values here${tail ? ` (${tail})` : ''}: map them by hand`);
        continue;
      }
      needs.push(i.message);
    }
    // a query object written at the call changes property by property, when each can
    const queryObject = fromOptions?.queryObject;
    if (queryObject && t.calls[0]) {
      const { query } = parseTarget(target);
      const options = queryObject.keys.map((key) => ({ key, value: query[key] ?? '', runTime: /7319\d{4}/.test(query[key] ?? '') }));
      const urlKeys = Object.keys(query).filter((k) => !queryObject.keys.includes(k));
      const plan = planQueryOptions(options, urlKeys, t.calls[0].query, queryRenames(rule), (d) => /^7319\d{4}$/.test(d));
      if ('why' in plan) needs.push(`the query comes from the request's options (line ${fromOptions.span.line}) and ${plan.why}: change it with the URL by hand`);
    }
    const encodedNeed = encodedTextNeed(m, t.calls[0]);
    if (encodedNeed) needs.push(encodedNeed);
    // v2 wants a body (a query value moved into it) and the call has none: a repo function or an
    // unknown client cannot be given one safely
    const sends = t.calls[0]?.body && Object.keys(t.calls[0].body).length > 0;
    if (sends && !m.body && (m.client === 'generic' || m.client === 'wrapper')) needs.push(`v2 takes ${Object.keys(t.calls[0]!.body!).join(', ')} in the body: give ${m.callee}() that body`);
  } catch {
    needs.push('the catalogue could not translate this URL');
  }
  // v1 read a form-encoded body (`helpdesk_ticket[subject]=…`); v2 answers it 415: the body's
  // encoding changes with the call, and that is more than a rewrite of its text
  if (m.body?.formEncoded && rule.request && rule.request.body !== 'none') {
    needs.push(`the body goes out form-encoded (${m.body.property ? `${m.body.property}: ` : ''}line ${m.body.span.line}); v2 takes JSON here (415 otherwise): send it as JSON with Content-Type: application/json`);
  }
  // the codemod rewrites a body where the call is: one built by a caller in another module is not,
  // nor one that an options builder of another module puts in place (`request(buildOptions(…, data))`)
  if (m.body && m.body.file !== m.file && rule.request) {
    needs.push(`the body is put in place in ${where(m.body.file, m.body.span.line)}${rule.request.wrapper ? `: send its fields without the ${rule.request.wrapper} wrapper` : ''}`);
  }
  // a wrapper written in the repo function the call goes through serves that function's other
  // calls too: the codemod rewrites what the caller wrote, not the function (its backstop: "the
  // payload at line N is not rewritten with the call")
  const inHelper = m.wrapperBody && m.wrappers.find((w) => w.file === m.file && w.span.start >= m.wrapperBody!.start && w.span.end <= m.wrapperBody!.end && !m.wrapperBody!.file);
  if (inHelper) needs.push(`${m.callee}() builds the ${inHelper.name} wrapper itself (line ${inHelper.span.line}): send the fields without the ${inHelper.name} wrapper there, for every call through it`);
  const elsewhere = m.wrappers.find((w) => w.file !== m.file);
  if (elsewhere) needs.push(`the body is built in ${basename(elsewhere.file)} (line ${elsewhere.span.line}): send its fields without the ${elsewhere.name} wrapper`);
  for (const w of m.wrappers) if (w.opaque) needs.push(`the ${w.name} fields come from elsewhere (${where(w.file, w.span.line)}): send them with their v2 names, without the wrapper`);
  // (one line for a form built key by key: `helpdesk_ticket[custom_field][x_' + account + ']'` ×5)
  const computed = m.wrappers.filter((w) => w.computedField);
  if (computed.length) {
    const own = [...new Set(computed.filter((w) => w.file === m.file).map((w) => w.span.line))];
    const others = [...new Set(computed.filter((w) => w.file !== m.file).map((w) => where(w.file, w.span.line)))];
    const at = [...(own.length ? [`${own.length > 1 ? 'lines' : 'line'} ${own.join(', ')}`] : []), ...others].join(', ');
    const many = own.length + others.length > 1;
    needs.push(`${many ? 'field names' : 'a field name'} under ${computed[0]!.name} ${many ? 'are' : 'is'} computed (${at}): write ${many ? 'their v2 names' : 'its v2 name'}`);
  }
  for (const w of m.wrappers) if (w.form === 'computed-key') needs.push(`a computed key writes into ${w.name} (${where(w.file, w.span.line)}): write the v2 field names`);
  for (const rl of m.rateLimits) {
    if (rl.fixable) continue;
    if (rl.file === m.sharedInstanceFile) needs.push(`a 403 rate-limit check (${where(rl.file, rl.span.line)}) sits beside the client instances it may serve: make the one of this client retry on 429 (v2 throttling) with this call`);
    else if (rl.helper) needs.push(`its errors go to ${rl.helper}() (${where(rl.file, rl.span.line)}), which tests 403 to wait and retry: make it test 429 (v2 throttling) with this call, and with every call that uses it`);
    else if (rl.meaningUnclear) needs.push(`a 403 test on its error (${where(rl.file, rl.span.line)}) does not say what it means: decide whether it is throttling (v2 answers 429) or access denied (v2 keeps 403), and change it with this call`);
    else needs.push(`its 403 rate-limit check (${where(rl.file, rl.span.line)}) is not a simple status test: make it retry on 429 (v2 throttling) with this call`);
  }
  // the response leaves the code seen here, and v2 answers differently (shape or status)
  const answerChanges = responseChanges(rule);
  const status = statusChange(rule);
  const statusChanges = !!status;
  // a repo function or an unknown client object (`http.del(path)`) handles the answer where the
  // flow does not go: a status it tests (`!= 200`) or a body it parses cannot be checked
  const wrapperTests = m.client === 'wrapper' && m.wrapperStatuses.includes(rule.response?.v1Status ?? 200);
  if (((m.client === 'generic' && !(status && takesV2Status(m, status.v2))) || wrapperTests) && statusChanges) {
    needs.push(`v2 answers ${status!.v2} where v1 answered ${status!.v1}: check how ${m.callee}() handles the status (a test for ${status!.v1} fails)`);
  }
  if (statusChanges && m.sharedStatusTests.length) {
    needs.push(`v2 answers ${status!.v2} where v1 answered ${status!.v1}, and the status test in ${m.sharedStatusTests.slice(0, 2).join(', ')} serves other calls too: make it accept ${status!.v2} for this call only`);
  }
  // (recorded only for a call whose status changes, or whose body v2 no longer sends)
  if (m.statusUnclear.length) {
    const lines = m.statusUnclear.slice(0, 3).join(', ');
    const noBody = main?.status === 204;
    needs.push(`v2 answers ${main?.status}${noBody ? ' with no body' : ''} where v1 answered ${rule.response?.v1Status ?? 200}, and ${m.statusUnclear.length > 1 ? 'lines' : 'line'} ${lines} use${m.statusUnclear.length > 1 ? '' : 's'} the ${noBody ? 'status or body' : 'status'} in a way no rewrite makes right: change ${m.statusUnclear.length > 1 ? 'them' : 'it'} with the call`);
  }
  if (m.errorBodyReads.length) {
    const lines = m.errorBodyReads.slice(0, 3).join(', ');
    needs.push(`the v1 error body is read (${m.errorBodyReads.length > 1 ? 'lines' : 'line'} ${lines}: ${TRANSPORT.errorBody.v1Read.join('.')}); v2 answers errors as ${TRANSPORT.errorBody.v2}: read that form with the call`);
  }
  // the branch behind it moves to 429 with the call: a predicate that lets only 403 through is left behind
  if (m.throttlePredicates.length && m.rateLimits.length) {
    needs.push(`its validateStatus (${m.throttlePredicates.map((p) => where(p.file ?? m.file, p.line)).join(', ')}) lets 403 through for its throttling branch (or may: it is not read here), and not 429, which v2 answers when throttling: make it let 429 through with the call`);
  }
  for (const p of m.statusPredicates) {
    if (!p.literal) needs.push(`its validateStatus (${where(p.file ?? m.file, p.line)}) refuses ${main?.status ?? 'the v2 status'}, which v2 answers here: make it accept ${main?.status ?? 'it'}`);
  }
  // a return to callers outside the module is followed by a tool that sees them (`callersSeen`);
  // the code's own callers take v2 with `callers: 'v2'`
  const toCallers = new Set(opts.callers === 'v2' ? m.callerEscapes : []);
  const leaving = [...new Set(opts.callersSeen ? m.escapes : [...m.escapes, ...m.returnEscapes])];
  const escapes = leaving.filter((e) => !toCallers.has(e));
  const answerCrosses = escapes.length < leaving.length && (answerChanges || statusChanges);
  // (the module's own description of what its callers get would still say v1)
  if (answerCrosses && answerChanges && m.answerSchemas.length) {
    const at = `${m.answerSchemas.length > 1 ? 'lines' : 'line'} ${m.answerSchemas.join(', ')}`;
    needs.push(`the module declares the answer its callers get as a JSON schema with v1 fields (${at}): change it to the v2 answer with the call`);
  }
  if (answerCrosses && answerChanges && m.answerTypes.length) {
    const at = `${m.answerTypes.length > 1 ? 'lines' : 'line'} ${m.answerTypes.join(', ')}`;
    needs.push(`the answer its callers get has a declared type where the call is made (${at}: a type argument, return type, assertion or JSDoc): change it to the v2 answer with the call`);
  }
  // (a hook that unwraps `{ helpdesk_ticket: … }` for every caller gives them something else of v2's bare answer)
  for (const h of m.answerHooks) {
    if (answerChanges) needs.push(`the ${h.what} at ${where(h.file, h.line)} looks inside every answer of this client, which v2 shapes otherwise: make it read v2's answers, with every call through that client`);
  }
  if (escapes.length && (answerChanges || statusChanges)) {
    needs.push(`the v1 response goes to ${escapes.join(', ')}: change the code that reads it there (v2 answers ${status ? `${status.v2}, not ${status.v1}` : 'another shape'})`);
  }
  if (m.xml.length) needs.push('its response is parsed as XML: v2 answers JSON');
  // the payload read before it is sent (a validator of the v1 shape): it changes with the payload
  if (m.bodyReads.length && rule.request?.wrapper) {
    const at = m.bodyReads.slice(0, 4).map((r) => `line ${r.line} (${r.keys})`).join(', ');
    needs.push(`the v1 payload this call sends is read at ${at}, before it is sent: change that code with the payload (v2 takes the fields without the ${rule.request.wrapper} wrapper)`);
  }
  // a body whose v1 wrapper the analysis could not see, for a rule whose v2 body drops the wrapper
  const wrapper = rule.request?.wrapper;
  if (m.body && wrapper && m.wrappers.length === 0 && ['POST', 'PUT'].includes(m.method ?? rule.v1.method)) {
    const keys = m.bodyKeys;
    if (keys && !keys.includes(wrapper)) {
      // written here, without the wrapper (`{ helpdesk: { tags: list.join(',') } }`): what v2 wants of its keys
      const maps = requestMaps.filter((x) => keys.some((k) => x.v1 === k || x.v1.startsWith(`${k}.`)) && (x.v1 !== x.v2 || x.converters.length > 0));
      const what = maps.map((x) => (x.v2 === null ? `${x.v1} has no v2 field` : x.v1 === x.v2 ? `${x.v1} changes in v2` : `${x.v1} is ${x.v2} in v2`) + (x.reason ? ` (${x.reason.replace(' ↔ ', ' → ')})` : ''));
      needs.push(`the body written here (${keys.join(', ') || 'empty'}) has no ${wrapper} wrapper${what.length ? `: ${what.join('; ')}` : ''}: write its v2 form by hand`);
    } else if (!(opts.callers === 'v2' && m.bodyFromCallers)) needs.push(`the body comes from elsewhere: send its fields without the ${wrapper} wrapper`);
  }
  // a wrapper found only by its key inside the body's text (`Object.assign({}, { helpdesk_ticket }, extra)`,
  // `merge(defaults, {…})`; the call model ties it by span, without `call`): the call's body was not
  // read as that object, so what else it carries is not known
  const inComputed = m.body ? m.wrappers.find((w) => !w.call) : undefined;
  if (inComputed) needs.push(`the body around the ${inComputed.name} wrapper (line ${m.body!.span.line}) is built by code the codemod does not rewrite: send its fields without the wrapper`);
  const bodyCrosses = opts.callers === 'v2' && m.bodyFromCallers && !!wrapper && m.wrappers.length === 0;
  // a create or update whose body the analysis does not see at all (given through a chain such as
  // unirest's `.field(fields).attach(…)`, or by a function it cannot follow): its wrapper would
  // stay while the URL moves
  if (!m.body && wrapper && m.wrappers.length === 0 && ['POST', 'PUT'].includes(m.method ?? rule.v1.method)) {
    needs.push(`the body is not seen at this call: send its fields without the ${wrapper} wrapper (files as attachments[])`);
  }
  if (needs.length) return { auto: false, needs: [...new Set([...needs, ...alongside])] };
  const contract = answerCrosses || bodyCrosses ? callerContract(rule, { answer: answerCrosses, body: bodyCrosses }) : null;
  return { auto: true, needs: [], ...(contract ? { contract } : {}) };
}
