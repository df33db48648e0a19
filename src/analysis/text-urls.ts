/**
 * Finding v1 URLs in source text by pattern: string literals (joined across `+`, `.`, `&`
 * concatenation and line continuations), interpolations of each language turned into
 * placeholders, unquoted URLs (shell, comments), and the HTTP call or method written nearby.
 * Every candidate goes through the same catalogue matching as the syntax-tree finder.
 */
import type { Catalogue } from '../catalogue/index.ts';
import { matchUrl, type UrlMatch } from './match-url.ts';
import type { Language } from './files.ts';

export interface TextUrlHit {
  /** Offsets into the text given. */
  start: number;
  end: number;
  /** The resolved pattern (placeholders for what is computed). */
  pattern: string;
  match: UrlMatch;
  format: 'json' | 'xml' | null;
  /** Method written on the line or close by, when any. */
  method?: string;
  /** The line (or its neighbours) makes an HTTP request. */
  httpContext: boolean;
  /** The client or tool recognised (`curl`, `requests`, `Net::HTTP`). */
  client?: string;
}

const CONTINUATION_END = /(\+|\.|&|\\|\b_|<<|\(|,)\s*$/;
const CONTINUATION_START = /^\s*(\+|\.(?!\w)|&)/;

const CALL_CONTEXT: Array<[RegExp, string]> = [
  // (a command, not a variable named so: `my $curl = "$base/…"`)
  [/(?<![$@%\w-])curl\b/, 'curl'],
  [/(?<![$@%\w-])wget\b/, 'wget'],
  [/\bInvoke-(RestMethod|WebRequest)\b|(?:^|[\s(|;=])(?:irm|iwr)\s/i, 'powershell'],
  [/\brequests\.(get|post|put|delete|patch|request)\b|\bsession\.(get|post|put|delete)\b/i, 'requests'],
  [/\burllib\d?\.|\burlopen\(|\bhttpx\.|http\.client|HTTPSConnection/, 'urllib'],
  [/Net::HTTP/, 'Net::HTTP'],
  [/\bRestClient\b/, 'RestClient'],
  [/\bHTTParty\b|\bFaraday\b|\bURI\.open\b|\bopen-uri\b|\bTyphoeus\b|\bExcon\b/, 'ruby-http'],
  // Perl: LWP::UserAgent (`$ua->get($url)`, `HTTP::Request->new(PUT => $url)`), HTTP::Tiny, Mojo, REST::Client
  [/\bLWP::UserAgent\b|\bHTTP::Request\b|\bHTTP::Tiny\b|\bMojo::UserAgent\b|\bREST::Client\b|\$ua->(get|post|put|delete|request)\b/, 'perl-http'],
  [/\bcurl_(init|setopt|exec)\b|file_get_contents|\bGuzzle|->(get|post|put|delete|request)\s*\(|wp_remote_(get|post|request)/, 'php-http'],
  [/\bHttpClient\b|\bHttpWebRequest\b|\bWebRequest\b|\bWebClient\b|\bRestRequest\b|\bRestSharp\b|(Get|Post|Put|Delete)Async\s*\(/, 'dotnet-http'],
  [/\bHttpURLConnection\b|\bHttp(Get|Post|Put|Delete)\b|\bOkHttp|\bRequest\.Builder\b|\bHttpRequest\.newBuilder\b|\bRestTemplate\b|\bUnirest\b/, 'java-http'],
  [/\bhttp\.(Get|Post|NewRequest|Head)\b|\bclient\.Do\b|\bresty\b/, 'go-http'],
  // Scala: akka-http's request builders (`Get(uri)`, `Post(uri, entity)`), sttp, scalaj-http
  [/(^|[^\w.])(Get|Post|Put|Delete|Patch)\s*\(\s*[sf]?"|\bbasicRequest\b|\bHttp\s*\(\s*[sf]?"/, 'scala-http'],
  [/\$\.(ajax|get|post|getJSON)\b|\bjQuery\.ajax\b|\bfetch\s*\(|\baxios\b|\bUrlFetchApp\b|XMLHttpRequest|\brequest\s*\(|\.(get|post|put|del|delete)\s*\(/, 'js-http'],
];

const METHOD_PATTERNS: RegExp[] = [
  /(?:^|\s)-X\s*['"]?(GET|POST|PUT|DELETE|PATCH)\b/i,
  // a command's words as a list (`system('curl', '-X', 'PUT', $url)`)
  /['"]-X['"]\s*,\s*['"](GET|POST|PUT|DELETE|PATCH)\b/i,
  // PowerShell's Invoke-RestMethod / Invoke-WebRequest (also the enum written out:
  // `-Method ([Microsoft.PowerShell.Commands.WebRequestMethod]::Delete)`)
  /(?:^|\s)-Method\s+['"]?(GET|POST|PUT|DELETE|PATCH)\b/i,
  /(?:^|\s)-Method\s+\(?\s*\[(?:[\w.]*\.)?WebRequestMethod\]::(GET|POST|PUT|DELETE|PATCH)\b/i,
  /--request\s*[= ]\s*['"]?(GET|POST|PUT|DELETE|PATCH)\b/i,
  /CURLOPT_CUSTOMREQUEST\s*,\s*["'](\w+)/,
  /Net::HTTP::(Get|Post|Put|Delete|Patch)\b/,
  /\bHttp(Get|Post|Put|Delete|Patch)\b/,
  /HttpMethod\.(Get|Post|Put|Delete|Patch)\b/i,
  /Method\.(GET|POST|PUT|DELETE|PATCH)\b/,
  // Perl: `HTTP::Request->new(PUT => $url)`, `$ua->put($url)`, `HTTP::Request::Common::PUT $url`
  /HTTP::Request->new\(\s*['"]?(GET|POST|PUT|DELETE|PATCH)\b/,
  // HTTP::Request::Common's `POST $url, …` / `GET "$base/…"` (inside `$ua->request(…)`)
  /(?:^|[(\s,=])(GET|POST|PUT|DELETE|PATCH)\s*\(?\s*["'$]/,
  /->\s*(get|post|put|delete|patch)\s*\(/i,
  /HTTP::Request::Common::(GET|POST|PUT|DELETE)\b/,
  /NewRequest(?:WithContext)?\(\s*(?:ctx\s*,\s*)?(?:"(\w+)"|http\.Method(\w+))/,
  /setRequestMethod\(\s*"(\w+)"/,
  /\b(Get|Post|Put|Delete|Patch)Async\s*\(/,
  /(?:^|[^\w.])(Get|Post|Put|Delete|Patch)\s*\(\s*[sf]?"/,
  /\bhttp\.(Get|Post|Head)\s*\(/,
  /[.:]\s*(get|post|put|delete|patch)\s*[(!"'`#]/i,
  /\.(get)JSON\b/,
  /\bmethod\s*(?:=>|[=:])\s*:?['"]?(get|post|put|delete|patch)\b/i,
  /(?:Method|type)\s*[=:]\s*['"](GET|POST|PUT|DELETE|PATCH)['"]/i,
  /['"](GET|POST|PUT|DELETE|PATCH)['"]/,
];

/** Clients written as one command a line: the method of a line around is another request's. */
const COMMAND_CLIENT = /(?<![$@%\w-])curl\b|(?<![$@%\w-])wget\b|\bInvoke-(RestMethod|WebRequest)\b|(?:^|[\s(|;=])(?:irm|iwr)\s/i;
/** PowerShell's aliases of Invoke-RestMethod / Invoke-WebRequest. */
const PS_ALIAS = /(?:^|[\s(|;=])(?:irm|iwr)\s/i;

function methodOf(line: string, vars?: Map<string, string>): string | undefined {
  // PowerShell's `-Method $verb`: the variable's one value, else not known (never a default)
  const byVar = /(?:^|\s)-Method\s+\$(\w+)/i.exec(line);
  if (byVar) {
    const v = (vars?.get(byVar[1]!) ?? '').toUpperCase();
    return ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(v) ? v : undefined;
  }
  for (const re of METHOD_PATTERNS) {
    const m = re.exec(line);
    if (m) {
      const v = (m[1] ?? m[2] ?? '').toUpperCase();
      if (['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(v)) return v;
    }
  }
  // PowerShell's Invoke-RestMethod / Invoke-WebRequest without `-Method` (nor a splatted
  // `@params` that may carry one) is a GET, its default
  if ((/\bInvoke-(RestMethod|WebRequest)\b/i.test(line) || PS_ALIAS.test(line)) && !/\s-Method\b|\s@\w+/i.test(line)) return 'GET';
  if (/(?<![$@%\w-])curl\b/.test(line) && /(\s-d\b|\s--data\S*\b|\s-F\b|\s--form\b)/.test(line)) return 'POST';
  if (/(?<![$@%\w-])curl\b/.test(line)) return 'GET';
  if (/CURLOPT_POST\b|wp_remote_post\b/.test(line)) return 'POST';
  if (/wp_remote_get\b|file_get_contents\b/.test(line)) return 'GET';
  return undefined;
}

function clientOf(line: string): string | undefined {
  for (const [re, name] of CALL_CONTEXT) if (re.test(line)) return name;
  return undefined;
}

/** Per-language interpolation inside double-quoted strings → placeholders. */
function interpolate(s: string, lang: Language, quote: string): string {
  let out = s;
  // (PowerShell's and the shell's `$(…)` subexpression: `$($ticket.id)`, `$(date +%s)`)
  if (lang === 'shell' && quote !== "'") out = out.replace(/\$\(([^()]*)\)/g, (_m, e: string) => `{${e.replace(/[^\w.]/g, '').slice(0, 30) || 'expr'}}`);
  if ((lang === 'php' || lang === 'shell' || lang === 'perl') && quote !== "'") out = out.replace(/\{?\$\{?([A-Za-z_]\w*)(?:\[[^\]]*\]|->\w+)*\}?\}?/g, '{$1}');
  if (lang === 'ruby' || lang === 'coffeescript') out = out.replace(/#\{([^}]*)\}/g, (_m, e: string) => `{${e.replace(/[^\w.]/g, '') || 'expr'}}`);
  return out;
}

interface Literal {
  start: number;
  end: number;
  text: string;
  quote: string;
}

const LITERAL = /("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)/g;
const UNQUOTED = /(?:https?:\/\/|\$\{?[A-Za-z_]\w*\}?|\{[A-Za-z_][\w.]*\}|<%=?[^%]*%>|\/)[^\s'"`<>()|;,]*/g;

/** Finds v1 URLs in `text` (a whole file of another language, or a comment's text). */
export function findTextUrls(cat: Catalogue, text: string, lang: Language, words?: RegExp): TextUrlHit[] {
  // join continued lines (newline → space keeps every offset)
  const chars = text.split('');
  let lineStart = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === '\n') {
      const line = text.slice(lineStart, i);
      const next = text.slice(i + 1, text.indexOf('\n', i + 1) < 0 ? text.length : text.indexOf('\n', i + 1));
      // (PowerShell continues a command with a backtick at the line's end)
      if (i < text.length && (CONTINUATION_END.test(line.replace(/\s*(#|\/\/).*$/, '')) || CONTINUATION_START.test(next) || (lang === 'shell' && /`\s*$/.test(line)))) chars[i] = ' ';
      lineStart = i + 1;
    }
  }
  const joined = chars.join('');
  const bases = absoluteBases(text, lang);
  const verbs = methodWords(text, lang);
  const origLines = text.split('\n');
  const hits: TextUrlHit[] = [];
  const seen = new Set<number>();
  let offset = 0;
  const logical = joined.split('\n');
  let origLineIndex = 0;
  for (const line of logical) {
    const lineOffset = offset;
    offset += line.length + 1;
    const spanned = line.split('').length;
    void spanned;
    if (words && !words.test(line)) {
      origLineIndex += countNewlines(text, lineOffset, line.length);
      continue;
    }
    const literals: Literal[] = [];
    LITERAL.lastIndex = 0;
    for (let m = LITERAL.exec(line); m; m = LITERAL.exec(line)) {
      const raw = m[0];
      // (a Scala interpolated string, `s"$base/groups.json"`, read by the Java patterns: its `$name` holes)
      const scala = lang === 'java' && raw[0] === '"' && /(^|[^\w])[sf]$/.test(line.slice(0, m.index));
      literals.push({ start: m.index, end: m.index + raw.length, text: interpolate(raw.slice(1, -1), scala ? 'shell' : lang, raw[0]!), quote: raw[0]! });
    }
    // groups of concatenated literals
    const groups: Array<{ start: number; end: number; pattern: string }> = [];
    for (let i = 0; i < literals.length; i++) {
      let pattern = '';
      const before = line.slice(0, literals[i]!.start);
      const lead = /([A-Za-z_$][\w.$\->\[\]'"]*)\s*(\+|\.|&)\s*(?:\\|\b_)?\s*$/.exec(before);
      let start = literals[i]!.start;
      if (lead && !/['"]$/.test(lead[1]!)) {
        pattern += `{${lead[1]!.replace(/[^\w.]/g, '') || 'expr'}}`;
        start = lead.index;
      }
      pattern += literals[i]!.text;
      let end = literals[i]!.end;
      let j = i;
      while (j + 1 < literals.length) {
        const gap = line.slice(literals[j]!.end, literals[j + 1]!.start);
        if (/^\s*(\+|\.|&|<<)\s*(?:\\|\b_)?\s*$/.test(gap)) {
          pattern += literals[j + 1]!.text;
        } else {
          const mid = /^\s*(\+|\.|&)\s*([^'"`]+?)\s*(\+|\.|&)\s*$/.exec(gap);
          if (!mid) break;
          pattern += `{${mid[2]!.replace(/[^\w.]/g, '').slice(0, 30) || 'expr'}}${literals[j + 1]!.text}`;
        }
        j++;
        end = literals[j]!.end;
      }
      const tail = /^\s*(\+|\.|&)\s*([A-Za-z_$][\w.$()\->\[\]]*)/.exec(line.slice(end));
      if (tail) pattern += `{${tail[2]!.replace(/[^\w.]/g, '').slice(0, 30) || 'expr'}}`;
      groups.push({ start, end, pattern });
      i = j;
    }
    // a command line in one literal (Perl's `system("curl -s … https://…/contacts.json")`, backticks,
    // PowerShell's `Start-Process curl.exe -ArgumentList "… $base/groups/5.json"`): its words, as a shell's
    for (const l of literals) {
      const inner = line.slice(l.start + 1, l.end - 1);
      if (!/\s/.test(inner) || !(COMMAND_CLIENT.test(inner) || /-ArgumentList\b/i.test(line.slice(0, l.start)))) continue;
      UNQUOTED.lastIndex = 0;
      for (let m = UNQUOTED.exec(inner); m; m = UNQUOTED.exec(inner)) {
        const s = l.start + 1 + m.index;
        if (m[0].length < 4 || (m.index > 0 && /[\w.\\-]/.test(inner[m.index - 1]!))) continue;
        groups.push({ start: s, end: s + m[0].length, pattern: interpolate(m[0].replace(/[}\]]+$/, ''), lang === 'javascript' ? 'shell' : lang, l.quote === "'" ? "'" : '"') });
      }
    }
    // unquoted URLs (shell arguments, prose)
    UNQUOTED.lastIndex = 0;
    for (let m = UNQUOTED.exec(line); m; m = UNQUOTED.exec(line)) {
      const s = m.index;
      if (literals.some((l) => s >= l.start && s < l.end)) continue;
      if (m[0].length < 4) continue;
      // the tail of a relative path (`cat data/helpdesk/tickets.json`, `ls backup/contacts.json`): a file
      if (m[0][0] === '/' && s > 0 && /[\w.\\-]/.test(line[s - 1]!)) continue;
      // (the close of Perl's `qx{curl … …/groups.json}`, Ruby's `%x{…}`: no part of the URL)
      const tok = (m[0].match(/\}/g)?.length ?? 0) > (m[0].match(/\{/g)?.length ?? 0) ? m[0].replace(/\}+$/, '') : m[0];
      groups.push({ start: s, end: s + tok.length, pattern: interpolate(tok, lang === 'javascript' ? 'shell' : lang, '"') });
    }
    const client = clientOf(line);
    for (const g of groups) {
      // a variable set once to an absolute URL (`$zd = "https://acme.zendesk.com/api/v2"`): the URL
      // is under it (another product's API, or a v2 base, is then no v1 URL)
      const head = /^\{(\w+)\}/.exec(g.pattern);
      const base = head ? bases.get(head[1]!) : undefined;
      const um = matchUrl(cat, base ? base + g.pattern.slice(head![0].length) : g.pattern);
      if (!um) continue;
      const abs = lineOffset + g.start;
      if (seen.has(abs)) continue;
      seen.add(abs);
      // method: this line, then up to three lines around (earlier first)
      let method = methodOf(line, verbs);
      const li = lineIndexAt(text, abs);
      // a PowerShell hashtable splatted to a request (`$q = @{ Uri = …; Method = 'Put' }` … `Invoke-RestMethod @q`):
      // its own Method, else GET; never another hashtable's
      const splat = lang === 'shell' ? splattedTable(text, abs) : null;
      if (splat) method = splat.method;
      // a request of its own on this line (a command: curl, wget, Invoke-RestMethod, irm; a Perl or
      // PowerShell statement with its client): another line's method is another request's
      const own = COMMAND_CLIENT.test(line) || ((lang === 'perl' || lang === 'shell') && !!client);
      // a Perl/PowerShell variable set to the URL (`my $u = "$base/…";`): the method of the line that uses it
      const assigned = lang === 'perl' || lang === 'shell' ? /^\s*(?:my\s+|our\s+|local\s+)?\$(\w+)\s*=(?!=)/.exec(line)?.[1] : undefined;
      // a request object the line makes whose method is set on it after (`$req = [System.Net.WebRequest]::Create(…)` … `$req.Method = "DELETE"`)
      if (!method && !splat && assigned) method = methodSetOn(assigned, origLines, li);
      if (!method && !own && !splat && assigned) {
        const use = new RegExp(`\\$${assigned}\\b`);
        for (let d = 1; d <= 6; d++) {
          const l = origLines[li + d];
          if (l === undefined) break;
          if (!use.test(l)) continue;
          method = methodOf(l, verbs);
          if (method) break;
        }
      } else if (!method && !own && !splat) {
        for (const d of [-1, -2, -3, 1, 2, 3]) {
          const l = origLines[li + d];
          if (l === undefined) continue;
          method = methodOf(l);
          if (method) break;
        }
      }
      let ctx = client ?? (splat?.sent ? 'powershell' : undefined);
      if (!ctx) {
        for (const d of [-1, -2, 1, 2]) {
          const l = origLines[li + d];
          if (l !== undefined) ctx = clientOf(l);
          if (ctx) break;
        }
      }
      hits.push({
        start: abs,
        end: lineOffset + g.end,
        pattern: g.pattern,
        match: um,
        format: um.format,
        method,
        httpContext: !!ctx,
        client: ctx,
      });
    }
    origLineIndex += countNewlines(text, lineOffset, line.length);
  }
  return hits;
}

/** The method given to `$name` in the lines after `from` (`$req.Method = "PUT"`, `$req->method('PUT')`), before it is given another value. */
function methodSetOn(name: string, lines: string[], from: number): string | undefined {
  const set = new RegExp(`\\$${name}\\s*(?:\\.|->)\\s*[Mm]ethod\\s*(?:=\\s*|\\(\\s*)['"](GET|POST|PUT|DELETE|PATCH)['"]`, 'i');
  const again = new RegExp(`^\\s*(?:my\\s+)?\\$${name}\\s*=(?!=)`);
  for (let d = 1; d <= 6; d++) {
    const l = lines[from + d];
    if (l === undefined || again.test(l)) return undefined;
    const m = set.exec(l);
    if (m) return m[1]!.toUpperCase();
  }
  return undefined;
}

function countNewlines(text: string, from: number, len: number): number {
  let n = 0;
  for (let i = from; i < from + len && i < text.length; i++) if (text[i] === '\n') n++;
  return n;
}

function lineIndexAt(text: string, offset: number): number {
  let n = 0;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/**
 * Variables (shell, PowerShell, Perl, PHP) assigned exactly once in the text, to a quoted absolute
 * URL with nothing interpolated: `$zd = "https://acme.zendesk.com/api/v2"`, `my $base = '…';`, `FD=…`.
 */
function absoluteBases(text: string, lang: Language): Map<string, string> {
  const out = new Map<string, string>();
  if (!['shell', 'perl', 'php'].includes(lang)) return out;
  const seen = new Map<string, number>();
  const re = /^[ \t]*(?:my\s+|our\s+|local\s+|export\s+|readonly\s+)?\$?(?:script:|global:)?([A-Za-z_]\w*)\s*=\s*(?:(["'])(https?:\/\/[^"'$\s{}]*)\2|(\S))?/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const name = m[1]!;
    seen.set(name, (seen.get(name) ?? 0) + 1);
    if (m[3]) out.set(name, m[3].replace(/\/+$/, ''));
  }
  for (const [name, k] of seen) if (k !== 1) out.delete(name);
  return out;
}

/** Variables assigned once to a method word (`$verb = 'Put'`, `my $m = "DELETE";`), by name. */
function methodWords(text: string, lang: Language): Map<string, string> {
  const out = new Map<string, string>();
  if (!['shell', 'perl', 'php'].includes(lang)) return out;
  const seen = new Map<string, number>();
  // (PowerShell's enum too: `$m = [Microsoft.PowerShell.Commands.WebRequestMethod]::Put`, `[WebRequestMethod]'Put'`)
  const re = /^[ \t]*(?:my\s+|our\s+|local\s+)?\$?(?:script:|global:)?([A-Za-z_]\w*)\s*=(?!=)\s*(?:(["'])(get|post|put|delete|patch)\2|\(?\s*\[(?:[\w.]*\.)?WebRequestMethod\](?:::|\s*['"])(get|post|put|delete|patch)\b)?/gim;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    seen.set(m[1]!, (seen.get(m[1]!) ?? 0) + 1);
    const word = m[3] ?? m[4];
    if (word) out.set(m[1]!, word.toUpperCase());
  }
  for (const [name, k] of seen) if (k !== 1) out.delete(name);
  return out;
}

/**
 * The PowerShell hashtable literal (`$name = @{ … }`) the offset is in, when it is splatted to a
 * request (`Invoke-RestMethod @name`, `irm @name`): its `Method` (GET when it has none).
 */
function splattedTable(text: string, at: number): { method?: string; sent: boolean } | null {
  const open = text.lastIndexOf('@{', at);
  if (open < 0) return null;
  // the table's end: braces balanced from its opening
  let depth = 0;
  let end = -1;
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) {
      end = i;
      break;
    }
  }
  if (end < at) return null;
  const name = /\$(\w+)\s*=\s*$/.exec(text.slice(Math.max(0, open - 80), open))?.[1];
  if (!name) return null;
  const sent = new RegExp(`(?:\\bInvoke-(?:RestMethod|WebRequest)\\b|(?:^|[\\s(|;=])(?:irm|iwr)\\s)[^\\n]*@${name}\\b`, 'i').test(text);
  if (!sent) return null;
  // (only the table's own level: a nested `@{ … }` body is not the request's options)
  let own = '';
  depth = 0;
  for (let i = open + 2; i < end; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}') depth--;
    else if (depth === 0) own += text[i];
  }
  // (the word, or the enum written out: `Method = [Microsoft.PowerShell.Commands.WebRequestMethod]::Post`)
  const m = /(?:^|[\s;])Method\s*=\s*(?:['"]|\(?\s*\[(?:[\w.]*\.)?WebRequestMethod\]::)?(get|post|put|delete|patch)\b/i.exec(own);
  if (m) return { method: m[1]!.toUpperCase(), sent };
  if (/(?:^|[\s;])Method\s*=/i.test(own)) return { method: undefined, sent };
  return { method: 'GET', sent };
}
