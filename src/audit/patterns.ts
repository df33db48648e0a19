/**
 * Pattern finders for languages audit does not parse (Python, PHP, Ruby, CoffeeScript, shell,
 * Java, C#, VB, Go, and HTML whose scripts do not parse): v1 URLs through the same catalogue
 * matching, payload wrappers, v1-shaped response reads, 403 rate-limit handling and XML parsing.
 * Findings are reported as pattern findings (`via: 'pattern'`).
 */
import type { Catalogue, HttpMethod, Rule } from '../catalogue/index.ts';
import { catalogueFacts, isDistinctiveWrapper, readChanges, worstOf, RATE_LIMIT_RULE, XML_RULE } from '../analysis/analyze.ts';
import { lineStartsOf, spanIn } from '../analysis/module.ts';
import type { Site, Span, WrapperInfo } from '../analysis/types.ts';
import { chooseRule, escapeRegex } from '../analysis/match-url.ts';
import type { Language } from './model.ts';
import { findTextUrls } from '../analysis/text-urls.ts';

const RETRY_WORDS = /retry|retry-after|sleep|wait|backoff|back-off|throttl|rate.?limit|too many/i;

/** The written forms of a payload wrapper, compiled once per name (each use resets `lastIndex`). */
function wrapperForms(w: string): Array<[RegExp, WrapperInfo['form']]> {
  let forms = wrapperFormCache.get(w);
  if (forms) return forms;
  const ew = escapeRegex(w);
  forms = [
    [new RegExp(`\\[\\s*["']${ew}["']\\s*\\]\\s*=(?!=)`, 'g'), 'member-assign'],
    // also inside an escaped JSON string: `"{\"helpdesk_ticket\": {…}}"` (C#, Java, PHP)
    [new RegExp(`["']${ew}\\\\?["']\\s*(?::|=>|,)`, 'g'), 'object-key'],
    [new RegExp(`(?<![\\w.$"'])${ew}:\\s*(?:[{\\[]|$)`, 'gm'), 'object-key'],
    [new RegExp(`:${ew}\\s*=>`, 'g'), 'object-key'],
    [new RegExp(`\\b${ew}\\s*=\\s*new\\b`, 'g'), 'object-key'],
    [new RegExp(`json:"${ew}"`, 'g'), 'object-key'],
    [new RegExp(`(?<![\\w.$])${ew}\\[[\\w\\]\\[]*\\]`, 'g'), 'bracket-key'],
  ];
  // a constant that holds the key (`const HELPDESK_NOTE = 'helpdesk_note';` then
  // `$data[self::HELPDESK_NOTE] = …`): only a distinctive name says "v1 payload" on its own
  if (isDistinctiveWrapper(w)) forms.push([new RegExp(`\\b[A-Z][A-Z0-9_]*\\s*=\\s*["']${ew}["']`, 'g'), 'computed-key']);
  wrapperFormCache.set(w, forms);
  return forms;
}
const wrapperFormCache = new Map<string, Array<[RegExp, WrapperInfo['form']]>>();

/** A read of a response name: `['name']`, `->name`, `.name` (compiled once per name). */
function readPattern(name: string): RegExp {
  let re = readPatternCache.get(name);
  if (!re) readPatternCache.set(name, (re = new RegExp(`(\\[\\s*["']${escapeRegex(name)}["']\\s*\\]|->${escapeRegex(name)}\\b|\\.${escapeRegex(name)}\\b)`, 'g')));
  return re;
}
const readPatternCache = new Map<string, RegExp>();
const XML_API =
  /ElementTree|\bfromstring\b|minidom|lxml|etree|xmltodict|simplexml_load_string|SimpleXMLElement|DOMDocument|Nokogiri::XML|REXML|Hash\.from_xml|XmlDocument|XDocument|XmlReader|XmlSerializer|DocumentBuilder|SAXParser|xml\.Unmarshal|encoding\/xml|parseXML|xml2js|responseXML/;

/** Line-comment and block-comment syntax per language. */
function commentSyntax(lang: Language): { line: string[]; block: Array<[string, string]>; strings: string[] } {
  switch (lang) {
    case 'python':
      return { line: ['#'], block: [], strings: ['"', "'"] };
    case 'ruby':
      return { line: ['#'], block: [['=begin', '=end']], strings: ['"', "'"] };
    case 'shell':
      return { line: ['#'], block: [], strings: ['"', "'"] };
    case 'perl':
      return { line: ['#'], block: [], strings: ['"', "'"] }; // POD and __END__: in commentRanges
    case 'coffeescript':
      return { line: ['#'], block: [['###', '###']], strings: ['"', "'"] };
    case 'php':
      return { line: ['//', '#'], block: [['/*', '*/']], strings: ['"', "'"] };
    case 'vb':
      return { line: ["'", 'REM '], block: [], strings: ['"'] };
    case 'html':
      return { line: ['//'], block: [['<!--', '-->'], ['/*', '*/']], strings: ['"', "'", '`'] };
    default:
      return { line: ['//'], block: [['/*', '*/']], strings: ['"', "'", '`'] };
  }
}

/** PowerShell files (audited as shell by pattern): `<# … #>` block comments too. */
const POWERSHELL_FILE = /\.(ps1|psm1|psd1)$/i;

/** Ranges [start, end) of comments, from a small lexer that skips strings. `file` tells PowerShell from sh. */
export function commentRanges(text: string, lang: Language, file?: string): Array<[number, number]> {
  const syn = commentSyntax(lang);
  if (lang === 'shell' && file && POWERSHELL_FILE.test(file)) syn.block = [['<#', '#>']];
  const out: Array<[number, number]> = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (lang === 'perl' && (i === 0 || text[i - 1] === '\n')) {
      // Perl: nothing after `__END__` / `__DATA__` is compiled (data, or POD)
      if (/^__(END|DATA)__[ \t\r]*(\n|$)/.test(text.slice(i, i + 12))) {
        out.push([i, n]);
        break;
      }
      // POD: any `=word` at a line start (`=head1`, `=over`, `=item`, `=encoding` …) up to the line after `=cut`
      if (/^=[a-zA-Z]/.test(text.slice(i, i + 2))) {
        const cut = /^=cut\b.*$/m.exec(text.slice(i));
        const stop = cut ? i + cut.index + cut[0].length : n;
        out.push([i, stop]);
        i = stop;
        continue;
      }
    }
    if (syn.strings.includes(c)) {
      // a VB/shell apostrophe is a comment or a string depending on the language
      let j = i + 1;
      while (j < n && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' && lang !== 'vb' ? 2 : 1;
      i = j + 1;
      continue;
    }
    let matched = false;
    for (const [open, close] of syn.block) {
      if (text.startsWith(open, i)) {
        const end = text.indexOf(close, i + open.length);
        const stop = end < 0 ? n : end + close.length;
        out.push([i, stop]);
        i = stop;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    for (const open of syn.line) {
      if (text.startsWith(open, i) && !(open === '#' && lang === 'shell' && i > 0 && /[$\w{]/.test(text[i - 1]!))) {
        const end = text.indexOf('\n', i);
        const stop = end < 0 ? n : end;
        out.push([i, stop]);
        i = stop;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    i++;
  }
  return out;
}

export interface PatternResult {
  sites: Site[];
  client?: string;
}

/** Finds v1 use in the text of one file of another language. */
export function analyzeText(
  cat: Catalogue,
  text: string,
  lang: Language,
  file: string,
  /** From a syntax tree (src/audit/lang): its URL and call sites and its comments; the text finders add the other kinds. */
  given?: { sites: Site[]; comments: Array<[number, number]>; helpdeskContext?: boolean },
): PatternResult {
  const facts = catalogueFacts(cat);
  const textLines = { lineStarts: lineStartsOf(text) };
  const comments = given?.comments ?? commentRanges(text, lang, file);
  const inComment = (off: number) => comments.some(([a, b]) => off >= a && off < b);
  const sites: Site[] = [];
  const seen = new Set<string>();
  const add = (s: Site) => {
    const k = `${s.kind}:${s.span.start}:${s.rule}`;
    if (seen.has(k)) return;
    seen.add(k);
    sites.push(s);
  };

  for (const s of given?.sites ?? []) add(s);
  for (const hit of given ? [] : findTextUrls(cat, text, lang, facts.words)) {
    const comment = inComment(hit.start);
    // a path without .json/.xml outside any HTTP call is a UI link
    if (!hit.format && !hit.httpContext) continue;
    const choice = chooseRule(cat, hit.match, hit.method ?? null);
    const span = spanIn(textLines, hit.start, hit.end);
    add({
      kind: hit.httpContext ? 'call' : 'url',
      span,
      file,
      rule: choice.rule.id,
      rules: choice.rules,
      method: (hit.method ?? null) as HttpMethod | null,
      methodSource: hit.method ? 'argument' : null,
      noSuchOperation: choice.methodMismatch || undefined,
      url: {
        pattern: hit.pattern,
        path: hit.match.path,
        template: hit.match.matches.find((m) => m.rule === choice.rule)?.template ?? hit.match.matches[0]!.template,
        params: hit.match.matches[0]!.params,
        query: hit.match.query,
        format: hit.format,
        insecure: hit.match.insecure,
        origin: hit.match.origin,
        span,
        parts: [],
      },
      inComment: comment || undefined,
      message: `${hit.client ?? 'URL'} ${hit.method ?? ''} ${hit.match.target}`.replace(/\s+/g, ' ').trim(),
      fidelity: choice.rule.fidelity,
      call: hit.httpContext
        ? {
            span,
            statement: span,
            callee: hit.client ?? 'http',
            calleeSpan: span,
            client: 'generic',
            args: [],
          }
        : undefined,
    });
  }
  const code = sites.filter((s) => !s.inComment);
  if (code.length === 0 && !given?.helpdeskContext) return { sites };
  const chosen = new Set(code.map((s) => s.rule));
  const fileRules = new Set(code.flatMap((s) => s.rules));
  const rank = (rules: Rule[]) => [
    ...rules.filter((r) => chosen.has(r.id)),
    ...rules.filter((r) => !chosen.has(r.id) && fileRules.has(r.id)),
    ...rules.filter((r) => !fileRules.has(r.id)),
  ];

  // payload wrappers
  for (const [w, rulesAll] of facts.requestWrappers) {
    // every form below holds the name itself: a text without it needs none of them
    if (!text.includes(w)) continue;
    const generic = !isDistinctiveWrapper(w);
    const ranked = rank(rulesAll);
    if (generic && !fileRules.has(ranked[0]!.id)) continue;
    const rule = ranked[0]!;
    for (const [re, form] of wrapperForms(w)) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        if (inComment(m.index)) continue;
        // a bracket key must be a form field name, not an index into a response
        if (form === 'bracket-key' && !/^\w+(\[\w*\])+$/.test(m[0])) continue;
        const at = m.index + m[0].indexOf(w);
        const span = spanIn(textLines, at, at + (form === 'bracket-key' ? m[0].length : w.length));
        // the call beside the payload sends it (built just before it or in its arguments): its operation when it takes this wrapper
        const sent = code
          .filter((s) => Math.abs(s.span.line - span.line) <= 12 && rulesAll.some((r) => r.id === s.rule))
          .sort((a, b) => Math.abs(a.span.line - span.line) - Math.abs(b.span.line - span.line) || b.span.start - a.span.start)[0];
        // the nearest request is a method v1 has not on its path (a PUT to /contacts.json): its body is
        // no operation's payload to plan for (that finding says a human checks it)
        const nearestCall = code
          .filter((s) => (s.kind === 'call' || s.kind === 'url') && Math.abs(s.span.line - span.line) <= 12)
          .sort((a, b) => Math.abs(a.span.line - span.line) - Math.abs(b.span.line - span.line))[0];
        if (nearestCall?.noSuchOperation && !sent) continue;
        const own = sent ? rulesAll.find((r) => r.id === sent.rule) : undefined;
        const chosenRule = own ?? rule;
        add({
          kind: 'wrapper',
          span,
          file,
          rule: chosenRule.id,
          rules: own ? [own.id, ...ranked.map((r) => r.id).filter((id) => id !== own.id)] : ranked.map((r) => r.id),
          method: chosenRule.v1.method,
          methodSource: 'rule',
          wrapper: { name: w, form, keySpan: span, key: form === 'bracket-key' ? m[0] : undefined },
          message: form === 'bracket-key' ? `multipart field ${m[0]}` : `payload wrapped in ${w}`,
          fidelity: rule.fidelity,
        });
      }
    }
  }

  /** Rules of the code sites above an offset, nearest first: a read belongs to the call before it. */
  const nearest = (rules: Rule[], at: number): Rule[] => {
    const before = code.filter((s) => s.span.start < at).sort((a, b) => b.span.start - a.span.start);
    const order: Rule[] = [];
    for (const s of before) {
      const r = rules.find((x) => x.id === s.rule);
      if (r && !order.includes(r)) order.push(r);
    }
    return [...order, ...rank(rules).filter((r) => !order.includes(r))];
  };
  const covered: Array<[number, number]> = [];
  const readsByLine = new Map<string, Site>();
  const addRead = (site: Site) => {
    const k = `${site.span.line}\0${site.rule}`;
    const prev = readsByLine.get(k);
    if (prev) {
      for (const f of site.read!.fields) if (!prev.read!.fields.some((x) => x.v1 === f.v1)) prev.read!.fields.push(f);
      prev.fidelity = worstOf([prev.fidelity ?? 'exact', site.fidelity ?? 'exact']);
      return;
    }
    readsByLine.set(k, site);
    add(site);
  };
  // response reads: ['helpdesk_ticket']['display_id'], ->helpdesk_ticket->display_id, .helpdesk_ticket.display_id
  const ACCESS = /(\[\s*["'](\w+)["']\s*\]|->(\w+)|\.(\w+)\b(?!\s*\())/y;
  const readNames = new Set([...facts.responseWrappers.keys(), ...facts.distinctiveFields.keys()]);
  for (const name of readNames) {
    if (!text.includes(name)) continue;
    const re = readPattern(name);
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (inComment(m.index)) continue;
      if (covered.some(([a, b]) => m!.index >= a && m!.index < b)) continue;
      const after = text.slice(m.index + m[0].length);
      if (/^\s*=(?!=)/.test(after)) continue; // a write: payload, not a read
      // the chain from here
      const chain = [name];
      let pos = m.index + m[0].length;
      for (;;) {
        ACCESS.lastIndex = pos;
        const a = ACCESS.exec(text);
        if (!a) break;
        chain.push(a[2] ?? a[3] ?? a[4]!);
        pos = ACCESS.lastIndex;
      }
      const before = text.slice(Math.max(0, m.index - 12), m.index);
      const indexed = /\[\s*\w+\s*\]\s*$/.test(before);
      let recorded = false;
      const wrapperRules = facts.responseWrappers.get(name);
      if (wrapperRules) {
        for (const rule of nearest(wrapperRules, m.index)) {
          const prefix = rule.response!.shape === 'object' ? chain : ['[]', ...chain];
          const changes = readChanges(rule, prefix);
          if (changes.length === 0) continue;
          const beyond = changes.some((c) => c.v1 !== name);
          if (!isDistinctiveWrapper(name) && !beyond && !indexed && !fileRules.has(rule.id)) continue;
          addRead(readSite(file, spanIn(textLines, m.index, pos), rule, prefix, changes));
          covered.push([m.index, pos]);
          recorded = true;
          break;
        }
      }
      if (recorded) continue;
      const fieldRules = facts.distinctiveFields.get(name);
      if (fieldRules && chain.length === 1) {
        const rule = nearest(fieldRules, m.index)[0]!;
        const prefix = rule.response!.shape === 'object' ? [name] : ['[]', name];
        const changes = readChanges(rule, prefix);
        if (changes.length) addRead(readSite(file, spanIn(textLines, m.index, pos), rule, prefix, changes));
      }
    }
  }

  // 403 as rate limiting
  if (RETRY_WORDS.test(text)) {
    const re = /\b403\b/g;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (inComment(m.index)) continue;
      const ls = text.lastIndexOf('\n', m.index) + 1;
      const le = text.indexOf('\n', m.index);
      const line = text.slice(ls, le < 0 ? text.length : le);
      if (!/status|code|Forbidden|response|when|case/i.test(line)) continue;
      add({
        kind: 'rate-limit',
        span: spanIn(textLines, m.index, m.index + 3),
        file,
        rule: RATE_LIMIT_RULE,
        rules: [RATE_LIMIT_RULE],
        method: null,
        methodSource: null,
        message: '403 handled as rate limiting (v2 answers 429)',
        fidelity: 'exact',
        fixable: /(==|!=|===|!==|\beq|\bne)\s*403\b|\bwhen\s+403\b|\bcase\s+403\b/.test(line),
      });
    }
  }

  // XML parsing of .xml responses
  if (code.some((s) => s.url?.format === 'xml')) {
    const re = new RegExp(XML_API.source, 'g');
    const lines = new Set<number>();
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (inComment(m.index)) continue;
      const line = spanIn(textLines, m.index, m.index).line;
      if (lines.has(line)) continue;
      lines.add(line);
      add({
        kind: 'xml',
        span: spanIn(textLines, m.index, m.index + m[0].length),
        file,
        rule: XML_RULE,
        rules: [XML_RULE],
        method: null,
        methodSource: null,
        // (`Nokogiri::XML("<customer>…</customer>")`, `fromstring('<note/>')`: XML written in the code
        // is a request body being built, not a response read)
        message: /^\s*\(?\s*(?:['"]|<<~?['"]?\w+['"]?\s*\n\s*)\s*</.test(text.slice(re.lastIndex, re.lastIndex + 80)) ? `builds XML from a literal, likely a request body (${m[0]})` : `parses an XML response (${m[0]})`,
        fidelity: 'exact',
      });
    }
  }
  sites.sort((a, b) => a.span.start - b.span.start);
  return { sites };
}

function readSite(file: string, span: Span, rule: Rule, prefix: string[], changes: ReturnType<typeof readChanges>): Site {
  return {
    kind: 'response-read',
    span,
    file,
    rule: rule.id,
    rules: [rule.id],
    method: rule.v1.method,
    methodSource: 'rule',
    read: { chain: prefix, fields: changes.map((c) => ({ v1: c.v1, v2: c.v2, reason: c.reason, span })), root: '', traced: false },
    message: `reads v1 response ${prefix.join('.').replace(/\.\[\]/g, '[]')}`,
    fidelity: worstOf(changes.map((c) => c.fidelity)),
  };
}
