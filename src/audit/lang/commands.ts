/**
 * Command lines the code runs: PHP's `exec("curl … -X POST $base/helpdesk/tickets.xml")`,
 * `shell_exec`, `system`, `passthru`, `popen`, its backtick operator; Python's `os.system`,
 * `subprocess.run("curl …", shell=True)` and `subprocess.run(["curl", "-X", "PUT", url])`; Ruby's
 * `system`, `` `curl …` ``, `%x(…)`, `Open3.capture2`; Go's `exec.Command("curl", …)`; Java's and
 * Kotlin's `Runtime.getRuntime().exec(…)`, `ProcessBuilder(…)`; C#'s `Process.Start("curl", "…")`;
 * a shell's `sh -c "curl …"`. The command's words are read from the value the code builds (with the
 * language's own interpolation, see evaluate.ts), then read as the shell audit reads a curl or wget
 * command: its method from its options, its URL the argument that is no option's value. A command
 * wrapped in another (`goautodialc.pl 'curl … -kX POST …'`, `ssh host "curl …"`) is read inside.
 */
import type { HttpMethod } from '../../catalogue/index.ts';
import type { CallView, Dialect } from './dialects.ts';
import { DIALECTS } from './dialects.ts';
import type { SyntaxNode } from './grammars.ts';
import { evaluate, listItems, valueText, type EvalContext, type Part, type Value } from './evaluate.ts';

export const SHELL_CLIENT = /^(curl|wget|http|https|xh)$/;

/** curl/wget/httpie options followed by a value that is not the URL. */
export const SHELL_VALUE_OPTIONS = /^(-[oudHFXTAebcEKwrzm]|--(output|user|data|data-\w+|header|form|request|upload-file|user-agent|referer|cookie|cookie-jar|cert|config|write-out|range|max-time|json|output-document|post-data|post-file|header|method|body-data|body-file))$/;

/** Short options of curl that take a value (the last of a cluster such as `-kX` or `-sd` takes the next word). */
const VALUE_LETTERS = /[oudHFXTAebcEKwrzm]$/;

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
function method(s: string | undefined): HttpMethod | null {
  const m = (s ?? '').toUpperCase();
  return (METHODS as readonly string[]).includes(m) ? (m as HttpMethod) : null;
}

/**
 * The method of a curl, wget or httpie command from its options (`-X PUT`, `--request=PUT`, a
 * cluster `-kX POST`, wget's `--method`, data options for POST), else GET.
 */
export function shellMethod(name: string, args: string[]): HttpMethod | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const x = /^(?:-X|--request)(?:=?(\w+))?$/.exec(a);
    if (x) return method(x[1] ?? args[i + 1]);
    if (/^-X(\w+)$/.test(a)) return method(a.slice(2));
    // a cluster of short options ending in -X (`-kX POST`, `-sSX PUT`)
    if (name === 'curl' && /^-[a-zA-Z]+X$/.test(a)) return method(args[i + 1]);
    // wget's `--method=DELETE` / `--method DELETE` (its `--body-data` goes with it)
    const w = name === 'wget' ? /^--method(?:=(\w+))?$/.exec(a) : null;
    if (w) return method(w[1] ?? args[i + 1]);
  }
  if (name === 'http' || name === 'https' || name === 'xh') return method(args.find((a) => /^(get|post|put|delete|patch|head)$/i.test(a))) ?? 'GET';
  if (name === 'curl') {
    // `-I`/`--head`: a HEAD request (no rule has one); `-G`/`--get`: the data options fill the
    // query of a GET (`-G --data-urlencode "query=…"`), no POST body (also in a cluster: `-sG`, `-sI`)
    const short = (letter: string) => args.some((a) => /^-[a-zA-Z]+$/.test(a) && a.includes(letter) && ![...a.slice(1, a.indexOf(letter))].some((ch) => VALUE_LETTERS.test(ch)));
    if (args.includes('--head') || short('I')) return 'HEAD' as HttpMethod;
    if (args.includes('--get') || short('G')) return 'GET';
  }
  if (args.some((a) => /^(-d|--data\S*|-F|--form|--json|-T|--upload-file)$/.test(a) || /^--data/.test(a) || (name === 'curl' && /^-[a-zA-Z]*[dF]$/.test(a)))) return 'POST';
  if (name === 'wget' && args.some((a) => /^--(post|body)-(data|file)/.test(a))) return 'POST';
  return 'GET';
}

/** The indexes of a command's arguments that may be its URL (not options, nor an option's value). */
export function shellUrlArguments(args: string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!;
    if (/^-/.test(t)) {
      if (SHELL_VALUE_OPTIONS.test(t) || (/^-[a-zA-Z]{2,}$/.test(t) && VALUE_LETTERS.test(t))) i++;
      continue;
    }
    out.push(i);
  }
  return out;
}

/** Words of a command line: a value split at blanks outside quotes, quotes removed, `|`, `;`, `&&` their own words. */
export function commandWords(v: Value): Value[] {
  const words: Value[] = [];
  let cur: Value = [];
  let quote: string | null = null;
  let any = false;
  const end = () => {
    if (cur.length || any) words.push(cur);
    cur = [];
    any = false;
  };
  const put = (p: Part, ch: string) => {
    const last = cur[cur.length - 1];
    if (last && !last.dynamic && last.node === p.node && last.file === p.file) last.text += ch;
    else cur.push({ ...p, text: ch, dynamic: false });
  };
  for (const p of v) {
    if (p.dynamic) {
      cur.push(p);
      continue;
    }
    const t = p.text;
    for (let i = 0; i < t.length; i++) {
      const ch = t[i]!;
      if (quote) {
        if (ch === quote) quote = null;
        else if (ch === '\\' && quote === '"' && i + 1 < t.length) put(p, t[++i]!);
        else put(p, ch);
        continue;
      }
      if (ch === "'" || ch === '"') {
        quote = ch;
        any = true;
        continue;
      }
      // (a line continued: `\` at the end of a line is a blank)
      if (ch === '\\' && t[i + 1] === '\n') {
        i++;
        end();
        continue;
      }
      if (ch === '\\' && i + 1 < t.length) {
        put(p, t[++i]!);
        continue;
      }
      // (a line break ends a command, as `;` does: a script of several lines)
      if (ch === '\n') {
        end();
        words.push([{ text: ';', dynamic: false }]);
        continue;
      }
      if (/\s/.test(ch)) {
        end();
        continue;
      }
      if (/[|;&]/.test(ch)) {
        end();
        words.push([{ text: ch, dynamic: false }]);
        continue;
      }
      put(p, ch);
    }
  }
  end();
  return words;
}

export interface CommandRequest {
  client: string;
  method: HttpMethod | null;
  /** The URL word. */
  url: Value;
}

const text = (w: Value) => valueText(w);

/** The curl/wget/httpie requests among a command's words (also inside a word that is a command itself). */
export function requestsOfWords(words: Value[], depth = 0): CommandRequest[] {
  const out: CommandRequest[] = [];
  for (let k = 0; k < words.length; k++) {
    const name = text(words[k]!).replace(/^.*\//, '');
    if (SHELL_CLIENT.test(name) && (k === 0 || /^[|;&]$/.test(text(words[k - 1]!)) || !/^-/.test(text(words[k - 1]!)))) {
      // (`http`/`https` alone as a word is a client only first in a command)
      if (/^https?$/.test(name) && k > 0 && !/^[|;&]$/.test(text(words[k - 1]!))) continue;
      let e = k + 1;
      while (e < words.length && !/^[|;&]$/.test(text(words[e]!))) e++;
      const args = words.slice(k + 1, e);
      const texts = args.map(text);
      const m = shellMethod(name, texts);
      for (const i of shellUrlArguments(texts)) {
        const t = texts[i]!;
        // the URL: a scheme, a host, a leading `/` or a value the code fills (`{base}/…`)
        if (/^([a-z]+:\/\/|\{|\/|[\w.-]+\.[a-z]{2,}\/)/i.test(t)) out.push({ client: name, method: m, url: args[i]! });
      }
      k = e;
      continue;
    }
    // a command in one word (`perl wrapper.pl 'curl … POST …'`, `ssh host "curl …"`, `sh -c "…"`)
    if (depth < 2 && /\s/.test(text(words[k]!)) && /(?:^|[\s/])(curl|wget)\s/.test(text(words[k]!))) out.push(...requestsOfWords(commandWords(words[k]!), depth + 1));
  }
  return out;
}

/** What a call runs: a command line (one string) or a program and its arguments (a list). */
export function commandOf(c: CallView, d: Dialect, ctx: EvalContext): { line?: SyntaxNode; argv?: SyntaxNode[] } | null {
  const first = c.args[0];
  // C#'s `new ProcessStartInfo { FileName = "curl", Arguments = "-s … " + Base + "/helpdesk/tickets.json" }`
  if (d === DIALECTS.csharp && c.isNew && c.name === 'ProcessStartInfo' && !first) {
    const file = c.kwargs.get('FileName');
    const line = c.kwargs.get('Arguments');
    return file && line ? { argv: [file], line } : null;
  }
  // `bash <<EOF` … `EOF`, `sh <<'EOF'`: the heredoc is the script the shell runs
  if (d === DIALECTS.shell && /^(sh|bash|zsh|dash|ksh)$/.test(c.name) && !c.args.some((a) => !/^-/.test(a.text))) {
    const redirect = c.node.parent?.type === 'redirected_statement' ? c.node.parent.namedChildren.find((x) => x.type === 'heredoc_redirect') : undefined;
    const body = redirect?.namedChildren.find((x) => x.type === 'heredoc_body');
    if (body) return { line: body };
  }
  if (!first) return null;
  const listOr = (n: SyntaxNode, rest: SyntaxNode[] = []) => {
    const items = listItems(n, ctx);
    return items ? { argv: items } : rest.length ? { argv: [n, ...rest] } : { line: n };
  };
  if (d === DIALECTS.php) return !c.receiver && /^(exec|shell_exec|system|passthru|popen|proc_open)$/i.test(c.name) ? listOr(first) : null;
  if (d === DIALECTS.python) {
    if (c.receiver === 'os' && /^(system|popen)$/.test(c.name)) return { line: first };
    if (/^(subprocess|sp)$/.test(c.receiver) && /^(run|call|check_call|check_output|Popen|getoutput|getstatusoutput)$/.test(c.name)) return listOr(first);
    return null;
  }
  if (d === DIALECTS.ruby) {
    if (/^(|Kernel|Process)$/.test(c.receiver) && /^(system|exec|spawn)$/.test(c.name)) return listOr(first, c.args.slice(1));
    if (/^(Open3|IO|PTY)$/.test(c.receiver) && /^(capture2|capture2e|capture3|popen2|popen2e|popen3|popen|spawn|pipeline\w*)$/.test(c.name)) return listOr(first, c.args.slice(1));
    return null;
  }
  if (d === DIALECTS.go) {
    if (c.receiver === 'exec' && c.name === 'Command') return { argv: c.args };
    if (c.receiver === 'exec' && c.name === 'CommandContext') return { argv: c.args.slice(1) };
    return null;
  }
  if (d === DIALECTS.java || d === DIALECTS.kotlin) {
    if (c.name === 'exec' && /Runtime|runtime/.test(c.receiver)) return listOr(first, []);
    if ((c.isNew || d === DIALECTS.kotlin) && c.name === 'ProcessBuilder') return c.args.length === 1 ? listOr(first, []) : { argv: c.args };
    if (c.name === 'command' && /ProcessBuilder/.test(c.receiver)) return c.args.length === 1 ? listOr(first, []) : { argv: c.args };
    return null;
  }
  if (d === DIALECTS.csharp) {
    // `Process.Start("curl", "-X PUT …")`, `new ProcessStartInfo("curl", "…")`: the program, then its argument line
    if ((c.name === 'Start' && /(^|\.)Process$/.test(c.receiver)) || (c.isNew && c.name === 'ProcessStartInfo')) return c.args[1] ? { argv: [first], line: c.args[1] } : { line: first };
    return null;
  }
  if (d === DIALECTS.shell) {
    // `sh -c "curl …"`, `bash -lc '…'`, `ssh host "curl …"`
    const i = /^(sh|bash|zsh|dash|ksh)$/.test(c.name) ? c.args.findIndex((a) => /^-\w*c$/.test(a.text)) : -1;
    if (i >= 0 && c.args[i + 1]) return { line: c.args[i + 1] };
    if (c.name === 'ssh' && c.args.length >= 2) return { line: c.args[c.args.length - 1]! };
  }
  return null;
}

/** The requests a command runs, for each value the code may build it with. */
export function commandRequests(cmd: { line?: SyntaxNode; argv?: SyntaxNode[] }, ctx: EvalContext): CommandRequest[] {
  const out: CommandRequest[] = [];
  const argv: Value[] = (cmd.argv ?? []).map((a) => evaluate(a, ctx)[0] ?? []);
  const lines = cmd.line ? evaluate(cmd.line, ctx).slice(0, 8) : [[]];
  for (const line of lines) {
    // (a list's items are words already; their quotes are the language's, not the shell's)
    const words = [...argv, ...commandWords(line)];
    out.push(...requestsOfWords(words));
  }
  return out;
}
