/**
 * Does a module hand an import on to its own importers? Read from the text alone (no parse), for
 * every file of a run, and on the safe side: any export that may carry the imported module's
 * functions counts. A module handed on has callers no tool follows (neither follows a value
 * through a re-export into the files that import it), so the answers it returns stay with callers
 * that are not seen (see `filesUsedInRun`).
 */
import { withoutComments } from './code-text.ts';
import { escapeRegex as escape } from './match-url.ts';

const ID = '[A-Za-z_$][\\w$]*';

/** Does the module export anything (CommonJS, ESM, or what TypeScript compiles ESM into)? */
const EXPORTING = /\b(?:window|global|globalThis|self)\s*(?:\.\s*[\w$]+|\[[^\]]+\])\s*=(?!=)|\bObject\s*\.\s*(?:assign|defineProperty)\s*\(\s*(?:window|global|globalThis|self)\b|\bmodule\s*\.\s*exports\b|(?<![\w$.])exports\s*(?:\.|\[|=[^=])|(?:^|[;{}])\s*export\b|\b__export(?:Star)?\s*\(|\bdefineProperty\s*\(\s*exports\b/m;

/**
 * The statements that import `spec` and the local names they bind: `import … from`, `import x =
 * require(…)`, and a declaration whose value is built from a `require()` or `import()` of it
 * (`const c = require(…)`, `const { a, b: c } = require(…)`, `const x_1 = __importDefault(require(…))`,
 * `const m = await import(…)`, `const client = require(…)(config)`). A type-only import binds no
 * value. `ranges` are the statements' spans.
 */
function importsOf(code: string, q: string): { names: string[]; ranges: Array<[number, number]> } {
  const names: string[] = [];
  const ranges: Array<[number, number]> = [];
  const add = (list: string) => {
    for (const part of list.split(',')) {
      if (/^\s*type\s/.test(part)) continue;
      // `a as b` (import), `a: b` (destructuring), `a = 1` (a default value), `...rest`: the local name
      const local = part.replace(/=.*$/s, '').replace(/^\s*\.\.\./, '').trim().split(/\s+as\s+|\s*:\s*/).pop()?.trim();
      if (local && new RegExp(`^${ID}$`).test(local)) names.push(local);
    }
  };
  for (const m of code.matchAll(new RegExp(`import\\s+(type\\s+)?([^;'"]*?)\\s*from\\s*['"]${q}['"]`, 'g'))) {
    ranges.push([m.index, m.index + m[0].length]);
    if (m[1]) continue;
    const clause = m[2]!;
    const ns = new RegExp(`\\*\\s*as\\s+(${ID})`).exec(clause);
    if (ns) names.push(ns[1]!);
    const braces = /\{([^}]*)\}/.exec(clause);
    if (braces) add(braces[1]!);
    const def = new RegExp(`^(${ID})\\s*(?:,|$)`).exec(clause.trim());
    if (def) names.push(def[1]!);
  }
  // (an import for its effects, a type-only re-export: no value bound or handed on)
  for (const m of code.matchAll(new RegExp(`import\\s*['"]${q}['"]|export\\s+type\\s*(?:\\*|\\{[^}]*\\})\\s*from\\s*['"]${q}['"]`, 'g'))) ranges.push([m.index, m.index + m[0].length]);
  for (const m of code.matchAll(new RegExp(`import\\s+(${ID})\\s*=\\s*require\\s*\\(\\s*['"]${q}['"]\\s*\\)`, 'g'))) {
    ranges.push([m.index, m.index + m[0].length]);
    names.push(m[1]!);
  }
  const built = new RegExp(`(?:const|let|var)\\s+(${ID}|\\{[^}]*\\}|\\[[^\\]]*\\])\\s*=\\s*[^;\\n]*?(?:require|import)\\s*\\(\\s*['"]${q}['"]\\s*\\)[^;\\n]*`, 'g');
  for (const m of code.matchAll(built)) {
    ranges.push([m.index, m.index + m[0].length]);
    const target = m[1]!;
    if (/^[{[]/.test(target)) add(target.slice(1, -1));
    else names.push(target);
  }
  return { names, ranges };
}

/**
 * Does the module hand the import of `spec` on to its own importers? On the safe side: in a module
 * that exports anything, any route but calling what it imports counts — `export … from` it, a
 * `require()`/`import()` of it outside a declaration (`module.exports = require(…)`,
 * `__exportStar(require(…), exports)`, `{ ...require(…) }`), or a name bound from it used as a value
 * (`module.exports = c`, `{ ...c }`, `const api = c`, `{ getContact: c.getContact }`, `export { api }`,
 * `export = api`, `list.map(getContact)`). A name only called (`c.getContact(id)`, `getTicket(id)`)
 * or asked its type (`typeof fetchTicket`) is a use: its answer is followed where it goes. A module
 * that exports nothing hands nothing on.
 */
export function handsOn(text: string, spec: string): boolean {
  return handsOnIn(withoutComments(text), spec);
}

/** `handsOn` over a text already without comments (one pass per file, whatever it imports). */
export function handsOnIn(code: string, spec: string): boolean {
  const q = escape(spec);
  const mentions = [...code.matchAll(new RegExp(`['"]${q}['"]`, 'g'))].map((m) => m.index);
  if (!mentions.length || !EXPORTING.test(code)) return false;
  // a value re-export (a type-only one, `export type { … } from`, is no match: it carries no value)
  if (new RegExp(`\\bexport\\s*(?:\\*|\\{[^}]*\\})(?:\\s*as\\s*${ID})?\\s*from\\s*['"]${q}['"]`).test(code)) return true;
  const { names, ranges } = importsOf(code, q);
  const inside = (i: number) => ranges.some(([a, b]) => i >= a && i < b);
  if (mentions.some((i) => !inside(i))) return true;
  if (!names.length) return false;
  // the rest of the module, without the import statements (a name there is its binding)
  let rest = '';
  let at = 0;
  for (const [a, b] of [...ranges].sort((x, y) => x[0] - y[0])) {
    if (a < at) continue;
    rest += code.slice(at, a) + ' '.repeat(b - a);
    at = b;
  }
  rest += code.slice(at);
  // (`typeof api`, a type's or a test's, hands nothing on)
  const asValue = new RegExp(`(?<![\\w$]|(?<!\\.\\.)\\.|\\btypeof\\s+)(?:${names.map(escape).join('|')})(?![\\w$])(?!(?:\\s*\\??\\.\\s*[\\w$]+)*\\s*(?:\\?\\.\\s*)?\\()`);
  // (`c.getContact.call(null, id)`, `.apply`, `.bind`: the flow follows no answer through them)
  const throughCall = new RegExp(`(?<![\\w$]|(?<!\\.\\.)\\.)(?:${names.map(escape).join('|')})(?:\\s*\\??\\.\\s*[\\w$]+)*\\s*\\??\\.\\s*(?:call|apply|bind)\\s*\\(`);
  return asValue.test(rest) || throughCall.test(rest);
}
