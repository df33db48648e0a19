/**
 * Shell that lives in files which are not shell scripts: Makefile recipes, CI steps (`run:`,
 * `script:` … of GitHub Actions, GitLab CI, CircleCI, Azure Pipelines, Bitbucket, Travis) and
 * Jenkinsfile `sh` steps. The audit parses it as shell from a copy of the file of the same length
 * in which every character that is not shell is a space (line breaks kept): offsets, lines and
 * columns of the findings are those of the original file, and the host's own syntax (targets,
 * YAML keys, `docs_url: …/helpdesk/…`) never reaches the shell parser.
 */

export type ShellHost = 'make' | 'ci' | 'jenkins';

const MAKE = /(^|\/)(GNUmakefile|[Mm]akefile|[^/]+\.mk)$/;
const CI = /(^|\/)(\.github\/workflows\/[^/]+|[^/]*\.gitlab-ci|\.circleci\/config|azure-pipelines|bitbucket-pipelines|\.travis|action)\.ya?ml$/;
const JENKINS = /(^|\/)Jenkinsfile$/;

/** Which kind of host holds shell in this file (by its path), or null. */
export function shellHost(rel: string): ShellHost | null {
  return MAKE.test(rel) ? 'make' : CI.test(rel) ? 'ci' : JENKINS.test(rel) ? 'jenkins' : null;
}

/** The text the shell parser reads for this file: the file itself, or its shell only (same length). */
export function shellSource(rel: string, text: string): string {
  const host = shellHost(rel);
  if (!host) return text;
  const kept = host === 'make' ? makeRecipes(text) : host === 'ci' ? ciSteps(text) : jenkinsSteps(text);
  const out = compose(text, kept);
  return host === 'make' ? makeClients(text, out) : out;
}

/**
 * `CURL ?= curl -sf -u $(KEY):X` then `$(CURL) $(URL)/agents.json`: the variable is the HTTP
 * client, so its use reads as the client's name (padded: `curl   `) and the line is a request,
 * not a bare URL. Only variables of the same file; the options they carry are not read.
 */
function makeClients(text: string, out: string): string {
  const clients = new Map<string, string>();
  for (const m of text.matchAll(/^(?:export[ \t]+)?(\w+)[ \t]*[?:+!]*=[ \t]*(curl|wget|https?|xh)(?=\s|$)/gm)) clients.set(m[1]!, m[2]!);
  if (!clients.size) return out;
  return out.replace(/\$\{(\w+)\}/g, (ref, name: string) => {
    const client = clients.get(name);
    return client && client.length <= ref.length ? client.padEnd(ref.length) : ref;
  });
}

/** A kept span of the file; `join`: YAML folds its line break into a space (see `compose`). */
type Range = [start: number, end: number, join?: boolean];

/** Lines with their offsets (without the line break and a trailing `\r`). */
function linesOf(text: string): Array<{ start: number; text: string }> {
  const out: Array<{ start: number; text: string }> = [];
  let at = 0;
  for (;;) {
    const i = text.indexOf('\n', at);
    const end = i < 0 ? text.length : i;
    out.push({ start: at, text: text.slice(at, end > at && text[end - 1] === '\r' ? end - 1 : end) });
    if (i < 0) return out;
    at = i + 1;
  }
}

const ASSIGNMENT = /^\s*(?:(?:export|override|private)\s+)*[^\s:#=]+\s*(?:[?+!]|::?|:::)?=/;
const RULE = /^[^\s#][^=]*?::?(?!=)/;

/**
 * Make recipes: the tab-led lines after a rule (and `target: deps ; command`), without make's
 * `@`/`-`/`+` prefixes; a `\` continues a recipe line (or a variable, which is not kept).
 * Blank and comment lines, conditionals, do not end a recipe; `define … endef` holds no recipe.
 */
function makeRecipes(text: string): Range[] {
  const kept: Range[] = [];
  let recipe = false;
  let cont: boolean | null = null; // the previous line ended with `\`: is this one a recipe's?
  let define = false;
  for (const { start, text: line } of linesOf(text)) {
    const more = /\\$/.test(line);
    if (cont !== null) {
      if (cont) kept.push([start, start + line.length]);
      cont = more ? cont : null;
      continue;
    }
    if (define) {
      define = !/^\s*endef\b/.test(line);
      continue;
    }
    if (line.startsWith('\t')) {
      if (recipe) kept.push([start + /^\t[\s@+-]*/.exec(line)![0].length, start + line.length]);
      cont = more ? recipe : null;
      continue;
    }
    if (/^\s*(#|$)/.test(line) || /^\s*(ifn?eq|ifn?def|else|endif)\b/.test(line)) continue;
    if (/^\s*(?:(?:export|override)\s+)?define\b/.test(line)) {
      define = true;
      recipe = false;
      continue;
    }
    const rule = !ASSIGNMENT.test(line) && RULE.exec(line);
    recipe = !!rule;
    if (rule) {
      const semi = line.indexOf(';', rule[0].length);
      if (semi >= 0) kept.push([start + semi + 1, start + line.length]);
    }
    cont = more ? !!rule && line.includes(';') : null;
  }
  return kept;
}

/** Keys whose values are shell commands in CI files (`run` of GitHub, `script` of GitLab/Azure/Bitbucket/Travis, CircleCI's `command`). */
const CI_KEYS = /^(\s*)(?:-\s+)?(run|script|before_script|after_script|after-script|command|bash|install|before_install|after_success|after_failure|before_deploy|after_deploy)\s*:(?=\s|$)[ \t]*(.*)$/;

/**
 * CI YAML, line by line: a shell key's value — on its line, a `|`/`>` block scalar below it (the
 * lines indented past the key), or a list of such items. A folded (`>`) scalar and a plain one
 * written over several lines are one command over those lines, as YAML joins them.
 */
function ciSteps(text: string): Range[] {
  const kept: Range[] = [];
  const lines = linesOf(text);
  const indent = (i: number) => /^\s*/.exec(lines[i]!.text)![0].length;
  const blankLine = (i: number) => /^\s*(#.*)?$/.test(lines[i]!.text);
  /** One scalar starting at `col` of line `i`, its node at column `parent`: returns the next line. */
  const whole = (j: number, join = false): Range => [lines[j]!.start + indent(j), lines[j]!.start + lines[j]!.text.length, join];
  const scalar = (i: number, col: number, parent: number): number => {
    const { start, text: line } = lines[i]!;
    const value = line.slice(col);
    let j = i + 1;
    if (/^[|>][-+0-9]*\s*(#.*)?$/.test(value)) {
      const folded = value.startsWith('>');
      let base = -1;
      for (; j < lines.length && (blankLine(j) || indent(j) > parent); j++) {
        if (base < 0 && !blankLine(j)) base = indent(j);
        // `>` joins a line to the next unless one is blank or more indented (those keep their breaks)
        const next = j + 1 < lines.length && !blankLine(j + 1) && indent(j + 1) === base;
        kept.push(whole(j, folded && next && !blankLine(j) && indent(j) === base));
      }
      return j;
    }
    if (/^[[{!*&]/.test(value)) return j; // flow collections, tags, aliases: not a command
    const quoted = /^(["'])(.*)\1\s*(#.*)?$/.exec(value);
    if (quoted) {
      kept.push([start + col + 1, start + col + 1 + quoted[2]!.length]);
      return j;
    }
    // a plain scalar goes on over the lines indented past its node, joined
    const goesOn = (k: number) => k < lines.length && !blankLine(k) && indent(k) > parent && !/^\s*-\s/.test(lines[k]!.text);
    kept.push([start + col, start + line.length, goesOn(j)]);
    for (; goesOn(j); j++) kept.push(whole(j, goesOn(j + 1)));
    return j;
  };
  for (let i = 0; i < lines.length; ) {
    const m = CI_KEYS.exec(lines[i]!.text);
    if (!m) {
      i++;
      continue;
    }
    const keyCol = lines[i]!.text.indexOf(m[2]!, m[1]!.length);
    if (m[3] && !m[3].startsWith('#')) {
      i = scalar(i, lines[i]!.text.length - m[3].length, keyCol);
      continue;
    }
    // `script:` then `- item` lines (at the key's column or deeper)
    let j = i + 1;
    while (j < lines.length && blankLine(j)) j++;
    const first = j < lines.length ? /^(\s*)-\s+/.exec(lines[j]!.text) : null;
    if (!first || first[1]!.length < keyCol) {
      i = j;
      continue; // a mapping (`run:` of `defaults`, CircleCI's `- run:` with `command:`): its keys are read as they come
    }
    const dash = first[1]!.length;
    for (;;) {
      const item = j < lines.length ? /^(\s*)-\s+/.exec(lines[j]!.text) : null;
      if (!item || item[1]!.length !== dash) break;
      j = scalar(j, item[0].length, dash);
      while (j < lines.length && blankLine(j)) j++;
    }
    i = j;
  }
  return kept;
}

/** Jenkinsfile `sh '…'`, `sh """…"""`, `sh(script: '…')`: the string's content. */
function jenkinsSteps(text: string): Range[] {
  const kept: Range[] = [];
  const re = /\bsh\s*\(?\s*(?:script\s*:\s*)?('''|"""|'|")/g;
  for (let m; (m = re.exec(text)); ) {
    const q = m[1]!;
    const from = m.index + m[0].length;
    let to = from;
    for (; to < text.length && !text.startsWith(q, to); to++) {
      if (text[to] === '\\') to++;
      else if (q.length === 1 && text[to] === '\n') break;
    }
    kept.push([from, Math.min(to, text.length)]);
    re.lastIndex = to + q.length;
  }
  return kept;
}

/**
 * The copy the shell parser reads: kept ranges as they are but for the host's placeholders (which
 * are no shell syntax), everything else blank (`\r` kept, as a `.sh` file with CRLF has it).
 * `$(NAME)` (make, Azure) and `${{ expr }}` (GitHub) become `${NAME}`-style parameters of the same
 * length, and `${env.X}` (Groovy) `${env_X}`: the URL then holds a placeholder where the value
 * goes, not a command substitution or a bad one.
 * A line YAML folds into the next ends in a shell line continuation: there is no room for the `\`
 * but the line's last column, so the line moves one column left into its indentation (its
 * findings' columns are one less; lines stay).
 */
function compose(text: string, kept: Range[]): string {
  const blank = (s: string) => s.replace(/[^\r\n]/g, ' ');
  let out = '';
  let at = 0;
  for (const [a, b, join] of kept) {
    if (a < at || b <= a) continue;
    const eol = join ? text.indexOf('\n', b) : -1;
    const from = a - (b + 1 - eol); // (a CRLF line has its `\r` column for the `\`)
    if (eol >= 0 && from >= at && /^[ \t]*$/.test(text.slice(from, a))) {
      out += blank(text.slice(at, from)) + placeholders(text.slice(a, b)) + '\\';
      at = eol;
      continue;
    }
    out += blank(text.slice(at, a)) + placeholders(text.slice(a, b));
    at = b;
  }
  return out + blank(text.slice(at));
}

function placeholders(s: string): string {
  if (!s.includes('$')) return s;
  return s
    .replace(/\$\{\{(.*?)\}\}/g, (all, e: string) => `\${${e.trim().replace(/\W+/g, '_').padEnd(all.length - 3, '_').slice(0, all.length - 3)}}`)
    .replace(/\$\(([A-Za-z_][\w.-]*)\)/g, (_m, n: string) => `\${${n.replace(/[.-]/g, '_')}}`)
    .replace(/\$\{([A-Za-z_][\w]*(?:\.[\w]+)+)\}/g, (_m, n: string) => `\${${n.replace(/\./g, '_')}}`);
}
