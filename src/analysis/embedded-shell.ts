/**
 * Shell that lives in files which are not shell scripts: Makefile recipes, CI steps (`run:`,
 * `script:` … of GitHub Actions, GitLab CI, CircleCI, Azure Pipelines, Bitbucket, Travis) and
 * Jenkinsfile `sh` steps. The audit parses it as shell from a copy of the file of the same length
 * in which every character that is not shell is a space (line breaks kept): offsets, lines and
 * columns of the findings are those of the original file, and the host's own syntax (targets,
 * YAML keys, `docs_url: …/helpdesk/…`) never reaches the shell parser.
 */

export type ShellHost = 'make' | 'ci' | 'jenkins' | 'docker' | 'procfile' | 'just' | 'yaml';

const MAKE = /(^|\/)(GNUmakefile|[Mm]akefile|[^/]+\.mk)$/;
const CI = /(^|\/)(\.github\/workflows\/[^/]+|[^/]*\.gitlab-ci|\.circleci\/config|azure-pipelines|bitbucket-pipelines|\.travis|action)\.ya?ml$/;
const JENKINS = /(^|\/)Jenkinsfile$/;
const DOCKER = /(^|\/)(Dockerfile|Containerfile)(\.(?!(md|txt|rst|adoc|bak|orig|swp)$)[\w.-]+)?$|\.(dockerfile|containerfile)$/i;
const PROCFILE = /(^|\/)Procfile(\.[\w-]+)?$/;
const JUST = /(^|\/)(\.?[Jj]ustfile|[^/]+\.just)$/;
/** Any other YAML: compose files, Kubernetes manifests, Ansible playbooks, Taskfiles (their command keys only, see `yamlCommands`). */
const YAML = /\.ya?ml$/;

/** Which kind of host holds shell in this file (by its path), or null. */
export function shellHost(rel: string): ShellHost | null {
  if (MAKE.test(rel)) return 'make';
  if (CI.test(rel)) return 'ci';
  if (JENKINS.test(rel)) return 'jenkins';
  if (DOCKER.test(rel)) return 'docker';
  if (PROCFILE.test(rel)) return 'procfile';
  if (JUST.test(rel)) return 'just';
  return YAML.test(rel) ? 'yaml' : null;
}

/** The text the shell parser reads for this file: the file itself, or its shell only (same length). */
export function shellSource(rel: string, text: string): string {
  const host = shellHost(rel);
  if (!host) return text;
  const kept =
    host === 'make' ? makeRecipes(text)
    : host === 'ci' ? ciSteps(text, githubScripts(rel, text))
    : host === 'jenkins' ? jenkinsSteps(text)
    : host === 'docker' ? dockerCommands(text)
    : host === 'procfile' ? procfileCommands(text)
    : host === 'just' ? justRecipes(text)
    : yamlCommands(text);
  const out = compose(text, kept);
  // (make's automatic `$<` and `$|` are no shell: `$_` of the same length)
  if (host === 'make') return escapedDollars(makeClients(text, out).replace(/\$[<|]/g, '$_'));
  return host === 'yaml' ? escapedDollars(out) : out;
}

/**
 * Make recipes and compose files write the shell's `$` as `$$` (`$$FD_URL`, `$${HOME}`): the shell's
 * parameter, of the same length (`$FD_URL_`, `${HOME_}`), not the shell's PID followed by text.
 */
function escapedDollars(s: string): string {
  if (!s.includes('$$')) return s;
  return s.replace(/\$\$\{(\w+)\}/g, (_m, n: string) => '${' + n + '_}').replace(/\$\$([A-Za-z_]\w*)/g, (_m, n: string) => '$' + n + '_');
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
/** A rule inside a `define` (a template for `$(eval)`): targets (no options) then `:` and a blank or the end; `curl -u $(K):X` is none. */
const DEFINE_RULE = /^[^\s#=:-][^\s#=:]*(?:[ \t]+[^\s#=:-][^\s#=:]*)*[ \t]*::?(?:[ \t]|$)/;

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
      // a canned recipe (`$(call NAME,…)` in a recipe, `export define` read as `$$NAME`): its lines are
      // shell, read as recipe lines; a template of rules for `$(eval …)` keeps its recipes, not its rules
      define = !/^\s*endef\b/.test(line);
      if (!define || /^\s*(#|$)/.test(line) || /^\s*(ifn?eq|ifn?def|else|endif|include|-include)\b/.test(line)) continue;
      if (!line.startsWith('\t') && (ASSIGNMENT.test(line) || DEFINE_RULE.test(line))) continue;
      kept.push([start + /^\s*[@+-]*/.exec(line)![0].length, start + line.length]);
      cont = more ? true : null;
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
const CI_KEYS = new Set(['run', 'script', 'before_script', 'after_script', 'after-script', 'command', 'bash', 'install', 'before_install', 'after_success', 'after_failure', 'before_deploy', 'after_deploy']);
const YAML_KEY = /^(\s*)(?:-\s+)?([\w.-]+)\s*:(?=\s|$)[ \t]*(.*)$/;

/**
 * How a YAML key's value is read: `line`, a command line (a list: one command per item); `exec`,
 * an argv list (`["sh", "-c", "curl …"]`: see `execItems`), a scalar there being a command line;
 * `args`, the argv a previous `command: ["sh", "-c"]` hands its script to; null: not read.
 */
type YamlKind = 'line' | 'exec' | 'args' | null;

/**
 * YAML, line by line: a command key's value — on its line, a `|`/`>` block scalar below it (the
 * lines indented past the key), or a list of such items. A folded (`>`) scalar and a plain one
 * written over several lines are one command over those lines, as YAML joins them.
 */
function yamlValues(text: string, kindOf: (key: string, line: number) => YamlKind, flow: boolean): Range[] {
  const kept: Range[] = [];
  const lines = linesOf(text);
  const indent = (i: number) => /^\s*/.exec(lines[i]!.text)![0].length;
  const blankLine = (i: number) => /^\s*(#.*)?$/.test(lines[i]!.text);
  /** One scalar starting at `col` of line `i`, its node at column `parent`: returns the next line. */
  const whole = (j: number, join = false): Range => [lines[j]!.start + indent(j), lines[j]!.start + lines[j]!.text.length, join];
  const scalar = (i: number, col: number, parent: number, into: Range[] = kept): number => {
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
        into.push(whole(j, folded && next && !blankLine(j) && indent(j) === base));
      }
      return j;
    }
    if (/^[[{!*&]/.test(value)) return j; // flow collections, tags, aliases: not a command
    const quoted = /^(["'])(.*)\1\s*(#.*)?$/.exec(value);
    if (quoted) {
      into.push([start + col + 1, start + col + 1 + quoted[2]!.length]);
      return j;
    }
    // a plain scalar goes on over the lines indented past its node, joined
    const goesOn = (k: number) => k < lines.length && !blankLine(k) && indent(k) > parent && !/^\s*-\s/.test(lines[k]!.text);
    into.push([start + col, start + line.length, goesOn(j)]);
    for (; goesOn(j); j++) into.push(whole(j, goesOn(j + 1)));
    return j;
  };
  // `command: ["sh", "-c"]` waiting for its script in `args:` (Kubernetes), at the key's column
  let pending: { col: number; script: boolean } | null = null;
  for (let i = 0; i < lines.length; ) {
    const m = YAML_KEY.exec(lines[i]!.text);
    const kind = m ? kindOf(m[2]!, i) : null;
    if (!m || !kind) {
      i++;
      continue;
    }
    const keyCol = lines[i]!.text.indexOf(m[2]!, m[1]!.length);
    const waiting = kind === 'args' && pending?.col === keyCol ? pending : null;
    if (kind === 'args' && !waiting) {
      i++;
      continue;
    }
    pending = null;
    if (m[3] && !m[3].startsWith('#')) {
      if (flow && m[3].startsWith('[') && kind !== 'line') {
        const seq = flowSequence(text, lines[i]!.start + lines[i]!.text.length - m[3].length);
        const got = execItems(seq.items, waiting);
        kept.push(...got.kept);
        if (got.pending) pending = { col: keyCol, script: got.pending === 'script' };
        i = lineAfter(lines, seq.end);
        continue;
      }
      if (kind === 'args') {
        i++;
        continue;
      }
      const col = lines[i]!.text.length - m[3].length;
      // compose's `command: sh -c 'curl …'`: the script
      const inner = kind === 'exec' ? shellCScript(lines[i]!.start + col, m[3]) : null;
      if (inner) {
        kept.push(inner);
        i++;
        continue;
      }
      i = scalar(i, col, keyCol);
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
    const items: FlowItem[] = [];
    const blocks = new Map<FlowItem, Range[]>();
    for (;;) {
      const item = j < lines.length ? /^(\s*)-\s+/.exec(lines[j]!.text) : null;
      if (!item || item[1]!.length !== dash) break;
      // (a Taskfile's `- cmd: …`: a mapping, whose keys the loop reads as they come)
      if (kind === 'line' && flow && YAML_KEY.test(lines[j]!.text.slice(item[0].length))) break;
      if (kind === 'line') j = scalar(j, item[0].length, dash);
      else {
        // an argv item: a plain or quoted scalar on its line, or a block (a script)
        const { start, text: line } = lines[j]!;
        const value = line.slice(item[0].length).replace(/\s+#.*$/, '').trimEnd();
        const q = /^(["'])(.*)\1$/.exec(value);
        const from = start + item[0].length + (q ? 1 : 0);
        const it: FlowItem = { from, to: from + (q ? q[2]!.length : value.length), text: q ? q[2]! : value, quoted: !!q, outer: [start + item[0].length, start + item[0].length + value.length] };
        const block: Range[] = [];
        j = scalar(j, item[0].length, dash, block);
        if (/^[|>]/.test(value)) blocks.set(it, block);
        items.push(it);
      }
      while (j < lines.length && blankLine(j)) j++;
    }
    if (kind !== 'line') {
      const got = execItems(items, waiting, blocks);
      // an argv over several lines (`- curl`, `- -sf`, `- https://…`) is one command: joined as YAML folds lines
      kept.push(...(got.words ? got.kept.map((r, k): Range => [r[0], r[1], k < got.kept.length - 1]) : got.kept));
      if (got.pending) pending = { col: keyCol, script: got.pending === 'script' };
    }
    i = j;
  }
  return kept;
}

/** CI YAML: the CI keys' values, but an `actions/github-script` step's `script:` (JavaScript, see `githubScriptSource`). */
function ciSteps(text: string, scripts: GithubScript[]): Range[] {
  const skip = new Set(scripts.map((s) => s.keyLine));
  return yamlValues(text, (key, line) => (CI_KEYS.has(key) && !skip.has(line) ? 'line' : null), false);
}

/**
 * Other YAML: the keys whose value a shell (or the container runtime) runs as a command, and no
 * other (`run:` is a label there, `path:` a route, `url:` a stub's). docker-compose `command:`,
 * `entrypoint:` and a healthcheck's `test:`; Kubernetes `command:`/`args:` argv lists (`["sh", "-c",
 * "curl …"]`); Ansible's `shell:`/`command:`/`raw:` (and `cmd:`, `ansible.builtin.*`); a Taskfile's
 * `cmds:` and `cmd:`.
 */
function yamlCommands(text: string): Range[] {
  const lines = text.split('\n');
  return yamlValues(
    text,
    (key, line) => {
      if (/^(?:ansible\.(?:builtin|legacy)\.)?(shell|raw)$/.test(key) || key === 'cmd' || key === 'cmds' || key === 'ansible.builtin.command' || key === 'ansible.legacy.command') return 'line';
      if (key === 'command' || key === 'entrypoint') return 'exec';
      if (key === 'args') return 'args';
      // a healthcheck's test (compose): its argv (`["CMD", "curl", …]`) or a command line
      if (key === 'test' && lines.slice(Math.max(0, line - 3), line).some((l) => /^\s*healthcheck\s*:/.test(l))) return 'exec';
      return null;
    },
    true,
  );
}

interface FlowItem {
  /** The scalar's content (inside its quotes). */
  from: number;
  to: number;
  text: string;
  quoted: boolean;
  /** The item with its quotes. */
  outer: [number, number];
}

/** A YAML/JSON flow sequence starting at `at` (`[`): its scalar items, and the offset after its `]`. */
function flowSequence(text: string, at: number): { items: FlowItem[]; end: number } {
  const items: FlowItem[] = [];
  let i = at + 1;
  while (i < text.length && text[i] !== ']') {
    const c = text[i]!;
    if (/[\s,]/.test(c)) {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      let k = i + 1;
      for (; k < text.length && text[k] !== c && text[k] !== '\n'; k++) if (text[k] === '\\' && c === '"') k++;
      items.push({ from: i + 1, to: k, text: text.slice(i + 1, k), quoted: true, outer: [i, k + 1] });
      i = k + 1;
      continue;
    }
    if (c === '[' || c === '{') break; // nested: not an argv
    let k = i;
    while (k < text.length && !/[,\]\n]/.test(text[k]!)) k++;
    const raw = text.slice(i, k).trimEnd();
    items.push({ from: i, to: i + raw.length, text: raw, quoted: false, outer: [i, i + raw.length] });
    i = k;
  }
  return { items, end: Math.min(i + 1, text.length) };
}

function lineAfter(lines: Array<{ start: number; text: string }>, offset: number): number {
  let i = 0;
  while (i < lines.length && lines[i]!.start + lines[i]!.text.length < offset) i++;
  return i + 1;
}

/** `sh -c 'script'` written on one line (a compose `command:`, a Dockerfile `RUN`): the script's range, or null. */
function shellCScript(at: number, value: string): Range | null {
  const m = /^((?:\S*\/)?(?:ba|da|a|z|k)?sh\s+(?:-[a-z]+\s+)*?-[a-z]*c[a-z]*\s+)(["'])(.*)\2\s*$/.exec(value);
  return m ? [at + m[1]!.length + 1, at + m[1]!.length + 1 + m[3]!.length] : null;
}

const SHELL_NAME = /^(?:\S*\/)?(?:ba|da|a|z|k)?sh$/;
const SHELL_C = /^-[a-z]*c[a-z]*$/;
const HTTP_CLIENT = /^(?:\S*\/)?(curl|wget|http|https|xh)$/;

/**
 * An argv (Docker's exec form, Kubernetes `command:`, compose's list form): a shell's `-c` script is
 * shell (`["sh", "-c", "curl …"]`, compose's `["CMD-SHELL", "curl …"]`); an HTTP client run
 * directly (`["curl", "-s", "https://…"]`) is that command, its words quoted as written; anything
 * else is not read. `pending`: the script comes in the next `args:` (`command: ["sh", "-c"]`).
 */
function execItems(items0: FlowItem[], waiting: { script: boolean } | null, blocks?: Map<FlowItem, Range[]>): { kept: Range[]; pending?: 'script' | 'flag'; words?: boolean } {
  let items = items0;
  const script = (it: FlowItem | undefined): Range[] => (!it ? [] : (blocks?.get(it) ?? [[it.from, it.to]]));
  if (waiting) {
    if (!waiting.script && SHELL_C.test(items[0]?.text ?? '')) return { kept: script(items[1]) };
    return waiting.script ? { kept: script(items[0]) } : { kept: [] };
  }
  if (items[0]?.text === 'CMD-SHELL') return { kept: script(items[1]) };
  if (items[0]?.text === 'CMD') items = items.slice(1);
  const [cmd, flag] = items;
  if (!cmd) return { kept: [] };
  if (SHELL_NAME.test(cmd.text)) {
    if (!flag) return { kept: [], pending: 'flag' };
    if (!SHELL_C.test(flag.text)) return { kept: [] };
    return items[2] ? { kept: script(items[2]) } : { kept: [], pending: 'script' };
  }
  if (!HTTP_CLIENT.test(cmd.text)) return { kept: [] };
  // the command's name without its quotes (the parser reads `curl`, not `"curl"`), its arguments quoted as written
  return { kept: [[cmd.from, cmd.to], ...items.slice(1).map((it): Range => [it.outer[0], it.outer[1]])], words: true };
}

/** `RUN`, `CMD`, `ENTRYPOINT`, `HEALTHCHECK … CMD` of a Dockerfile: shell form (with `\` continuations and heredocs) or exec form. */
function dockerCommands(text: string): Range[] {
  const kept: Range[] = [];
  const lines = linesOf(text);
  for (let i = 0; i < lines.length; i++) {
    const { start, text: line } = lines[i]!;
    const m = /^(\s*(?:ONBUILD\s+)?(?:RUN|CMD|ENTRYPOINT|HEALTHCHECK(?:\s+--\S+)*\s+CMD)\b(?:\s+--\S+)*\s*)(.*)$/i.exec(line);
    if (!m || (/^\s*HEALTHCHECK\s+NONE/i.test(line))) continue;
    const col = m[1]!.length;
    const value = m[2]!;
    if (value.startsWith('[')) {
      const seq = flowSequence(text, start + col);
      kept.push(...execItems(seq.items, null).kept);
      continue;
    }
    // a heredoc (`RUN <<EOF` … `EOF`): its body is the script
    const here = /^<<-?\s*(["']?)(\w+)\1/.exec(value);
    if (here) {
      const rest = value.slice(here[0].length);
      if (rest.trim()) kept.push([start + col + here[0].length, start + line.length]);
      for (i++; i < lines.length && lines[i]!.text.trim() !== here[2]; i++) kept.push([lines[i]!.start, lines[i]!.start + lines[i]!.text.length]);
      continue;
    }
    const inner = /\\$/.test(line) ? null : shellCScript(start + col, value);
    kept.push(inner ?? [start + col, start + line.length]);
    // `\` continues the instruction; comment lines inside it are Docker's, not the shell's
    for (let more = /\\$/.test(line); more && i + 1 < lines.length; ) {
      i++;
      const next = lines[i]!;
      if (/^\s*#/.test(next.text)) continue;
      kept.push([next.start, next.start + next.text.length]);
      more = /\\$/.test(next.text);
    }
  }
  return kept;
}

/** A Procfile's `name: command` lines. */
function procfileCommands(text: string): Range[] {
  const kept: Range[] = [];
  for (const { start, text: line } of linesOf(text)) {
    const m = /^([\w.-]+)[ \t]*:[ \t]*/.exec(line);
    if (m && line.length > m[0].length) kept.push([start + m[0].length, start + line.length]);
  }
  return kept;
}

/**
 * A justfile's recipes: the indented lines after a `name args: deps` header, without just's `@`/`-`
 * prefixes; assignments (`x := …`), settings and a recipe run by another interpreter (`#!/usr/bin/env
 * python3` first) are not shell. `{{x}}` is read as a parameter (see `placeholders`).
 */
function justRecipes(text: string): Range[] {
  const kept: Range[] = [];
  const lines = linesOf(text);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.text;
    if (/^\s/.test(line) || /^\s*(#|\[|$)/.test(line) || !/^@?[A-Za-z_][\w-]*(?:\s[^:]*)?:(?!=)/.test(line) || /:=/.test(line.split(':')[0]!)) continue;
    let j = i + 1;
    const body: Range[] = [];
    let other = false;
    for (; j < lines.length && (/^\s/.test(lines[j]!.text) || lines[j]!.text.trim() === ''); j++) {
      const { start, text: l } = lines[j]!;
      if (!l.trim()) continue;
      if (!body.length && /^\s*#!/.test(l)) other = !/^\s*#!.*\b(?:ba|da|z|k)?sh\b/.test(l);
      const lead = /^\s*[@-]*/.exec(l)![0].length;
      body.push([start + lead, start + l.length]);
    }
    if (!other) kept.push(...body);
    i = j - 1;
  }
  return kept;
}

/** An `actions/github-script` step's `script:`: its key's line, and the JavaScript it holds. */
interface GithubScript {
  keyLine: number;
  ranges: Range[];
}

/** The `script:` of each `uses: actions/github-script@…` step of a GitHub workflow or composite action. */
function githubScripts(rel: string, text: string): GithubScript[] {
  if (!/(^|\/)\.github\/|(^|\/)action\.ya?ml$/.test(rel) || !/actions\/github-script\b/.test(text)) return [];
  const lines = linesOf(text);
  const indent = (i: number) => /^\s*/.exec(lines[i]!.text)![0].length;
  const out: GithubScript[] = [];
  for (let u = 0; u < lines.length; u++) {
    if (!/^\s*(?:-\s+)?uses\s*:\s*['"]?actions\/github-script@/.test(lines[u]!.text)) continue;
    // the step: the list item holding `uses:` (its dash at or above it)
    let s = u;
    while (s > 0 && !/^\s*-\s/.test(lines[s]!.text)) s--;
    const dash = /^(\s*)-/.exec(lines[s]!.text)?.[1]!.length ?? indent(u);
    let e = s + 1;
    while (e < lines.length && (/^\s*(#.*)?$/.test(lines[e]!.text) || indent(e) > dash)) e++;
    for (let k = s; k < e; k++) {
      const m = /^(\s*)script\s*:[ \t]*(.*)$/.exec(lines[k]!.text);
      if (!m) continue;
      const ranges = yamlValues(text, (key, line) => (key === 'script' && line === k ? 'line' : null), false);
      out.push({ keyLine: k, ranges });
    }
  }
  return out;
}

/**
 * The JavaScript of a workflow's `actions/github-script` steps, at the file's offsets (everything
 * else blank), `${{ expr }}` read as a name of the same length; null when the file has none. The
 * action runs it as the body of an async function (`await` and `return` at its top level).
 */
export function githubScriptSource(rel: string, text: string): string | null {
  const scripts = githubScripts(rel, text);
  if (!scripts.length) return null;
  const blank = (x: string) => x.replace(/[^\r\n]/g, ' ');
  let out = '';
  let at = 0;
  for (const [a, b] of scripts.flatMap((s) => s.ranges).sort((x, y) => x[0] - y[0])) {
    if (a < at) continue;
    out += blank(text.slice(at, a)) + text.slice(a, b).replace(/\$\{\{.*?\}\}/g, (all) => `$${all.slice(3, -2).trim().replace(/\W+/g, '_')}`.padEnd(all.length, '_').slice(0, all.length));
    at = b;
  }
  return out + blank(text.slice(at));
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
  if (!s.includes('$') && !s.includes('{{')) return s;
  return s
    .replace(/\$\{\{(.*?)\}\}/g, (all, e: string) => `\${${e.trim().replace(/\W+/g, '_').padEnd(all.length - 3, '_').slice(0, all.length - 3)}}`)
    // Jinja's (Ansible) and just's `{{ x }}`: a parameter of the same length
    .replace(/(?<!\$)\{\{(.*?)\}\}/g, (all, e: string) => `\${${e.trim().replace(/\W+/g, '_').replace(/^(?=\d|$)/, '_').padEnd(all.length - 3, '_').slice(0, all.length - 3)}}`)
    .replace(/\$\(([A-Za-z_][\w.-]*)\)/g, (_m, n: string) => `\${${n.replace(/[.-]/g, '_')}}`)
    .replace(/\$\{([A-Za-z_][\w]*(?:\.[\w]+)+)\}/g, (_m, n: string) => `\${${n.replace(/\./g, '_')}}`);
}
