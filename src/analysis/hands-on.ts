/**
 * Does a module hand an import on to its own importers? Read from the text alone (no parse), for
 * every file of a run, and on the safe side: any export that may carry the imported module's
 * functions counts. A module handed on has callers no tool follows (neither follows a value
 * through a re-export into the files that import it), so the answers it returns stay with callers
 * that are not seen (see `filesUsedInRun`).
 */

/**
 * The text with comments blanked (same length, line breaks kept): a path named in a comment is no
 * import, and a name in a comment is no export. Strings and template literals are kept whole.
 */
export function withoutComments(text: string): string {
  // (kept text is copied in runs between comments: a file is mostly code)
  const parts: string[] = [];
  let kept = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x2f /* / */) {
      const next = text.charCodeAt(i + 1);
      if (next === 0x2f || next === 0x2a) {
        const end = next === 0x2f ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
        const stop = end < 0 ? text.length : next === 0x2f ? end : end + 2;
        parts.push(text.slice(kept, i), text.slice(i, stop).replace(/[^\n]/g, ' '));
        kept = i = stop;
        continue;
      }
    } else if (c === 0x22 || c === 0x27 || c === 0x60) {
      // a string or template literal: skipped whole (a `//` in a URL is no comment)
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== c && !(c !== 0x60 && text.charCodeAt(j) === 0x0a)) j += text.charCodeAt(j) === 0x5c ? 2 : 1;
      i = j + 1;
      continue;
    }
    i++;
  }
  parts.push(text.slice(kept));
  return parts.join('');
}

const ID = '[A-Za-z_$][\\w$]*';

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The local names an import of `spec` binds: default, namespace, named, `import x = require`, `const { a, b: c } = require(…)`. */
function boundNames(code: string, q: string): string[] {
  const names: string[] = [];
  const add = (list: string) => {
    for (const part of list.split(',')) {
      // `a as b` (import), `a: b` (destructuring), `a = 1` (a default value): the local name
      const local = part.replace(/=.*$/s, '').trim().split(/\s+as\s+|\s*:\s*/).pop()?.trim();
      if (local && new RegExp(`^${ID}$`).test(local)) names.push(local);
    }
  };
  const from = new RegExp(`import\\s+(?:type\\s+)?([^;'"]*?)\\s+from\\s*['"]${q}['"]`, 'g');
  for (const m of code.matchAll(from)) {
    const clause = m[1]!;
    const ns = new RegExp(`\\*\\s*as\\s+(${ID})`).exec(clause);
    if (ns) names.push(ns[1]!);
    const braces = /\{([^}]*)\}/.exec(clause);
    if (braces) add(braces[1]!);
    const def = new RegExp(`^(${ID})\\s*(?:,|$)`).exec(clause.trim());
    if (def) names.push(def[1]!);
  }
  const required = `(?:require\\s*\\(\\s*['"]${q}['"]\\s*\\)|import\\s*\\(\\s*['"]${q}['"]\\s*\\))`;
  for (const m of code.matchAll(new RegExp(`import\\s+(${ID})\\s*=\\s*require\\s*\\(\\s*['"]${q}['"]`, 'g'))) names.push(m[1]!);
  for (const m of code.matchAll(new RegExp(`(?:const|let|var)\\s+(${ID}|\\{[^}]*\\})\\s*=\\s*(?:await\\s+)?${required}`, 'g'))) {
    const target = m[1]!;
    if (target.startsWith('{')) add(target.slice(1, -1));
    else names.push(target);
  }
  return names;
}

/** The text of the statement that starts at `from` (to its `;` or line end at bracket depth 0). */
function statementAt(code: string, from: number): string {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const c = code[i]!;
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      if (depth === 0) return code.slice(from, i);
      depth--;
    } else if (depth === 0 && (c === ';' || (c === '\n' && !/[=,(:?+]\s*$/.test(code.slice(from, i))))) return code.slice(from, i);
  }
  return code.slice(from);
}

/** Where the module exports a value: CommonJS assignments and `Object.assign`, ESM `export` statements that are not declarations of functions or classes. */
const EXPORTS = /(?:\bmodule\s*\.\s*exports\b|(?<![\w$.])exports\b)(?:\s*\.\s*[\w$]+|\s*\[[^\]]*\])*\s*=(?!=)|\bObject\s*\.\s*(?:assign|defineProperty|defineProperties)\s*\(\s*(?:module\s*\.\s*)?exports\b|\bexport\s+(?:default\b|=|\{|(?:const|let|var)\b)/g;

/**
 * Does the module's text hand the import of `spec` on: `export … from`, a `require(spec)` inside an
 * export (`module.exports = require(…)`, `Object.assign(module.exports, require(…))`, `{ ...require(…) }`),
 * or a name it binds from `spec` written in an export (`module.exports = contacts`, `export { api }`,
 * `export = api`, `module.exports = { getContact }`)?
 */
export function handsOn(text: string, spec: string): boolean {
  return handsOnIn(withoutComments(text), spec);
}

/** `handsOn` over a text already without comments (one pass per file, whatever it imports). */
export function handsOnIn(code: string, spec: string): boolean {
  const q = escape(spec);
  if (!new RegExp(`['"]${q}['"]`).test(code)) return false;
  if (new RegExp(`\\bexport\\s*(?:type\\s*)?(?:\\*|\\{[^}]*\\})(?:\\s*as\\s*${ID})?\\s*from\\s*['"]${q}['"]`).test(code)) return true;
  const names = boundNames(code, q);
  // (a name called there, `contacts.getContact(id)`, is a use: its answer is followed where it goes)
  const named = names.length ? new RegExp(`(?<![\\w$.])(?:${names.map(escape).join('|')})(?![\\w$])(?!(?:\\s*\\.\\s*[\\w$]+)*\\s*\\()`) : null;
  const required = new RegExp(`(?:require|import)\\s*\\(\\s*['"]${q}['"]`);
  for (const m of code.matchAll(EXPORTS)) {
    const statement = statementAt(code, m.index);
    if (required.test(statement) || (named && named.test(statement.slice(m[0].length)))) return true;
  }
  return false;
}
