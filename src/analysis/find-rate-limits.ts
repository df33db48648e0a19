/**
 * `rate-limit` sites: a 403 compared with a response status in throttling logic. v1 throttles with
 * 403, v2 with 429 (and a 403 in v2 always means access denied), so these checks must change.
 * Looked for in a module with helpdesk context: its own v1 use, a distinctive v1 path, or the HTTP
 * wrapper other modules' v1 calls go through.
 */
import { TRANSPORT } from '../catalogue/index.ts';
import { escapeRegex, matchUrl } from './match-url.ts';
import type { Analysis } from './analysis.ts';
import { isDistinctiveV1Path } from './catalogue-facts.ts';
import { calleeName } from './clients.ts';
import { EMPTY_FRAMES, functionNodeOf, isMethodProperty, isNumberLiteral, isObjectProperty, isStringLiteral, propertyKey, unwrapExpr } from './evaluate.ts';
import { bindingAt, enclosingFunction, spanOf, type ModuleInfo } from './module.ts';
import type { Node } from './parse.ts';
import type { Site } from './types.ts';
import { hostOf, isCustomDomain } from './find-domains.ts';
import { basename } from 'node:path';

export const RATE_LIMIT_RULE = 'transport.rate-limit';

/** Rate-limit headers of APIs that throttle with 403 (GitHub, GitLab), never sent by v1. */
const OTHER_API_LIMIT = /x-ratelimit-(remaining|reset)|ratelimit-reset|x-rate-limit-reset/i;

/** Words that show a 403 branch is about throttling, not permissions (RxJS' `timer(ms)` is a wait). */
const RETRY_WORDS = /retry|setTimeout|sleep|(?<![\w.])timer\s*\(|(?<![a-z])wait|delay|backoff|back-off|throttl|rate.?limit|too.?many|per.?hour|requests? (allowed|per|limit)|api.?limit|quota|exceeded the (number|limit)/i;
const STATUS_NAMES = /^(status|statusCode|status_code|code|responseCode|httpStatus|statusText)$/;

/**
 * Does the module name a v1 path that no other API would (`'/helpdesk/tickets'`, `'/solution/categories'`,
 * any v1 URL with `.json`/`.xml`)? Single generic words (`'/groups'`, `'/contacts'`) do not count.
 */
export function mentionsV1Path(a: Analysis, mod: ModuleInfo): boolean {
  for (const s of mod.nodes.strings) {
    let text: string;
    if (s.type === 'TemplateLiteral') text = (s.quasis as Node[]).map((q) => q.value?.cooked ?? '').join('{x}');
    else text = String(s.value);
    if (text.length > 300 || !a.facts.words.test(text)) continue;
    const p = mod.parent.get(s);
    if (p && (p.type === 'ImportDeclaration' || p.type === 'ExportNamedDeclaration' || p.type === 'ExportAllDeclaration')) continue;
    const um = matchUrl(a.cat, text);
    if (um && isDistinctiveV1Path(um)) return true;
  }
  return false;
}

/**
 * 403 compared with a status in throttling logic, in a module with helpdesk context (its own v1
 * use, a distinctive v1 path, or the HTTP wrapper other modules' v1 calls go through). Only what
 * the check itself guards counts as throttling evidence (its condition and its branch: Retry-After,
 * a wait, a retry): a 403 that means "access denied" is not reported, even next to a throttling one.
 */
export function findRateLimits(a: Analysis, mod: ModuleInfo, helper?: Helper): void {
  const v2 = TRANSPORT.rateLimit.v2.status;
  const throttles = (check: Node) => throttlesIn(mod, check, helper?.fn);
  for (const lit of mod.nodes.numbers) {
    const p = mod.parent.get(lit);
    if (!p) continue;
    let check: Node | undefined;
    let simple = false;
    let viaConstant = false;
    if (p.type === 'BinaryExpression' && ['==', '===', '!=', '!=='].includes(p.operator)) {
      if (isStatusExpr(mod, p.left === lit ? p.right : p.left)) {
        check = p;
        simple = true;
      }
    } else if (p.type === 'SwitchCase' && p.test === lit) {
      const sw = mod.parent.get(p);
      if (sw && isStatusExpr(mod, sw.discriminant)) {
        check = p;
        simple = true;
      }
    } else if (p.type === 'ArrayExpression') {
      // a 403 in a list replaced by 429 keeps the list's meaning for v2 (a list that has both is a human's call)
      simple = !(p.elements as Node[]).some((e) => isNumberLiteral(e) && e.value === v2);
      // `new Set([403, 503])`: the set stands for the list, asked with `.has`
      const set = setOfList(mod, p);
      const list = set ?? p;
      const holder = mod.parent.get(list);
      // a client's retry option (got's and ky's `retry: { statusCodes: [403, …] }`,
      // `afterStatusCodes`, fetch-retry's `retryOn`): the client itself retries these statuses
      if (holder && isObjectProperty(holder) && holder.value === p && isRetryOption(mod, holder)) {
        check = p;
        viaConstant = true;
      } else if (holder?.type === 'VariableDeclarator' && holder.init === list && holder.id?.type === 'Identifier') {
        // a constant list given to clients' retry options (`statusCodes: RETRY_CODES`): one client
        // may have it changed with its calls; a list several clients share (a GitHub client's too) not
        const refs = bindingAt(mod, holder.id)?.refs ?? [];
        const asOption = refs.filter((r: Node) => {
          const prop = mod.parent.get(r);
          return !!prop && isObjectProperty(prop) && prop.value === r && isRetryOption(mod, prop);
        });
        if (asOption.length) {
          check = p;
          viaConstant = true;
          if (refs.length > 1) simple = false;
        }
      }
      // `[403, 503].includes(status)`, `new Set([403, 503]).has(status)`, or a constant list (set) of retryable statuses used that way
      const lists: Node[] = [list];
      if (holder?.type === 'VariableDeclarator' && holder.init === list && holder.id?.type === 'Identifier') {
        lists.push(...(bindingAt(mod, holder.id)?.refs ?? []));
        viaConstant = true;
      }
      const lookups = set ? ['has'] : ['includes', 'indexOf'];
      for (const l of check ? [] : lists) {
        const gp = mod.parent.get(l);
        const ggp = gp && mod.parent.get(gp);
        if (gp?.object === l && ggp?.type === 'CallExpression' && ggp.callee === gp && lookups.includes(gp.property?.name) && ggp.arguments.some((a: Node) => isStatusExpr(mod, a)) && throttles(ggp)) {
          check = ggp;
          break;
        }
      }
      if (!check) {
        // a table of statuses built otherwise (`new Set(CODES)`, `new Map([[403, 60000]])`): asked
        // with a status where a wait or a retry follows, it is throttling the codemod cannot rewrite
        const table = tableCheck(mod, lit, p, throttles);
        if (table) reportCheck(a, mod, lit, table, 'list', false, undefined, helper);
        continue;
      }
    } else if (isStatusTableEntry(mod, lit, p)) {
      // `{ 403: 60000 }` looked up as `WAIT[status]`, `RETRY.add(403)` then `RETRY.has(status)`
      const table = tableCheck(mod, lit, p, throttles);
      if (table) reportCheck(a, mod, lit, table, 'list', false, undefined, helper);
      continue;
    } else if (p.type === 'VariableDeclarator' && p.init === lit && p.id?.type === 'Identifier') {
      // `const THROTTLED = 403` compared with a status somewhere: the constant is the place to change
      const b = bindingAt(mod, p.id);
      for (const ref of b?.refs ?? []) {
        const rp = mod.parent.get(ref);
        if (rp?.type === 'BinaryExpression' && ['==', '===', '!=', '!=='].includes(rp.operator) && isStatusExpr(mod, rp.left === ref ? rp.right : rp.left) && throttles(rp)) {
          check = rp;
          viaConstant = true;
          break;
        }
      }
    }
    if (!check) continue;
    const form = p.type === 'ArrayExpression' ? 'list' : viaConstant ? 'constant' : p.type === 'BinaryExpression' ? 'comparison' : 'case';
    reportCheck(a, mod, lit, check, form, simple, undefined, helper);
  }
  findNamedTests(a, mod, helper);
  if (helper) return;
  findMessageTests(a, mod);
  findHelperTests(a, mod);
}

/**
 * A function that the calls of `usedFrom` use to tell throttling (`if (isThrottled(err)) { await
 * sleep(…); return retry(); }`), of another module or exported for others to call: the 403 checks
 * inside it are theirs, and a human's to change (the other calls it serves are not known).
 */
interface Helper {
  fn: Node;
  name: string;
  usedFrom: string;
}

/**
 * `if (isThrottled(err)) { await sleep(60000); return getName(id); }` with `isThrottled` imported
 * from a module of the repo: that module may have no helpdesk context of its own, so it is read
 * here for the 403 tests of the function, as a throttling check of this module's calls.
 */
function findHelperTests(a: Analysis, mod: ModuleInfo): void {
  for (const call of mod.nodes.calls) {
    if (!call.arguments?.length || !isTestPosition(mod, call)) continue;
    const callee = unwrapExpr(call.callee);
    if (callee.type !== 'Identifier' && callee.type !== 'MemberExpression') continue;
    const v = a.ev.eval(mod, callee, EMPTY_FRAMES);
    const fn = v.t === 'fn' ? functionNodeOf(v) : undefined;
    // (this module's own functions, and the wrappers read with it, count their callers themselves)
    if (!fn || v.t !== 'fn' || v.mod === mod || a.wrapperModules.has(v.mod) || !throttlesIn(mod, call)) continue;
    findRateLimits(a, v.mod, { fn, name: mod.source.slice(callee.start, callee.end), usedFrom: mod.file });
  }
}

/** Is the call the test of an if, a `?:` or a loop (alone or in a `&&`/`||`/`!`)? */
function isTestPosition(mod: ModuleInfo, call: Node): boolean {
  const cond = conditionOf(mod, call);
  const holder = mod.parent.get(cond);
  return !!holder && /^(If|While|DoWhile|For)Statement$|^ConditionalExpression$/.test(holder.type) && holder.test === cond;
}

/** A 403 as an object's key (`{ 403: 60000 }`) or added to a collection (`RETRY.add(403)`, `WAIT.set(403, 60000)`). */
function isStatusTableEntry(mod: ModuleInfo, lit: Node, p: Node): boolean {
  if ((isObjectProperty(p) || p.type === 'ObjectProperty') && p.key === lit) return true;
  const callee = (p.type === 'CallExpression' || p.type === 'OptionalCallExpression') && p.arguments[0] === lit ? unwrapExpr(p.callee) : undefined;
  return callee?.type === 'MemberExpression' && !callee.computed && ['add', 'set', 'push'].includes(callee.property?.name);
}

/**
 * A 403 kept in a table of statuses that the code looks a status up in (`new Set(CODES)`, `new
 * Map([[403, 60000]])`, `{ 403: 60000 }`, `RETRY.add(403)`, an array handed to a `Set` or `Map`),
 * where the lookup guards a wait or a retry: the lookup, as the check, or undefined. Tables are
 * followed through constants and the collections made from them, one step each.
 */
function tableCheck(mod: ModuleInfo, lit: Node, p: Node, throttles: (check: Node) => boolean): Node | undefined {
  const constRefs = (n: Node): Node[] => {
    const h = mod.parent.get(n);
    return h?.type === 'VariableDeclarator' && h.init === n && h.id?.type === 'Identifier' ? (bindingAt(mod, h.id)?.refs ?? []) : [];
  };
  // the tables that hold the 403: the literal's container, the collections made from it, their constants
  const tables: Node[] = [];
  const addTable = (n: Node) => {
    if (tables.includes(n)) return;
    tables.push(n);
    for (const r of constRefs(n)) tables.push(r);
  };
  if (p.type === 'ArrayExpression') {
    const outer = mod.parent.get(p);
    // `new Map([[403, 60000], …])`: the pair's key
    if (outer?.type === 'ArrayExpression' && (p.elements as Node[])[0] === lit) addTable(outer);
    addTable(p);
  } else if (isStatusTableEntry(mod, lit, p) && p.type !== 'CallExpression' && p.type !== 'OptionalCallExpression') {
    addTable(mod.parent.get(p)!);
  } else {
    const obj = unwrapExpr(unwrapExpr(p.callee).object);
    if (obj?.type === 'Identifier') {
      const b = bindingAt(mod, obj);
      if (b) tables.push(...b.refs);
    }
  }
  for (let i = 0; i < tables.length && i < 50; i++) {
    const t = tables[i]!;
    const up = mod.parent.get(t);
    // an array (or a table's constant) handed to `new Set(…)`/`new Map(…)`, `Object.entries(…)` is not followed
    if (up?.type === 'NewExpression' && up.arguments[0] === t && unwrapExpr(up.callee)?.type === 'Identifier' && /^(Set|Map|WeakMap)$/.test(unwrapExpr(up.callee).name)) {
      addTable(up);
      continue;
    }
    const call = up && mod.parent.get(up);
    // `T.has(status)`, `T.get(status)`, `T.includes(status)`, `T.indexOf(status)`
    if (up?.type === 'MemberExpression' && up.object === t && !up.computed && ['has', 'get', 'includes', 'indexOf'].includes(up.property?.name) && (call?.type === 'CallExpression' || call?.type === 'OptionalCallExpression') && call.callee === up && call.arguments.some((x: Node) => isStatusExpr(mod, x)) && throttles(call)) return call;
    // `T[status]`, `T?.[status]`
    if ((up?.type === 'MemberExpression' || up?.type === 'OptionalMemberExpression') && up.object === t && up.computed && isStatusExpr(mod, up.property) && throttles(up)) return up;
    // `status in T`, `T.hasOwnProperty(status)`
    if (up?.type === 'BinaryExpression' && up.operator === 'in' && up.right === t && isStatusExpr(mod, up.left) && throttles(up)) return up;
    if (up?.type === 'MemberExpression' && up.object === t && !up.computed && up.property?.name === 'hasOwnProperty' && call?.type === 'CallExpression' && call.arguments.some((x: Node) => isStatusExpr(mod, x)) && throttles(call)) return call;
  }
  return undefined;
}

/** The `new Set([…])` an array literal is the only argument of, if any. */
function setOfList(mod: ModuleInfo, list: Node): Node | undefined {
  const holder = mod.parent.get(list);
  const callee = holder?.type === 'NewExpression' ? unwrapExpr(holder.callee) : undefined;
  return callee?.type === 'Identifier' && callee.name === 'Set' && holder!.arguments.length === 1 && holder!.arguments[0] === list ? holder : undefined;
}

/**
 * How a 403 check is written: compared with a status (`comparison`, `case 403:`), in a list of
 * retryable statuses, or in a constant that is.
 */
type CheckForm = 'comparison' | 'case' | 'list' | 'constant';

/**
 * Reports the 403 at `lit` tested by `check` when the check is about throttling (or says nothing of
 * what it means, on a call's own error). `simple`: a test the codemod changes by writing 429 at `lit`;
 * `note`: what to say of a check that is not (default: a constant).
 */
function reportCheck(a: Analysis, mod: ModuleInfo, lit: Node, check: Node, form: CheckForm, simple: boolean, note?: string, helper?: Helper): void {
  const v2 = TRANSPORT.rateLimit.v2.status;
  const src = (n: Node) => mod.source.slice(n.start, n.end);
  if (helper) {
    // (another module's function: other calls of the repo may use it, so a human changes it)
    if (check.start < helper.fn.start || check.end > helper.fn.end) return;
    addRateLimitSite(a, mod, lit, `403 tested in ${helper.name}(), which calls use to wait and retry when throttled (v2 throttles with ${v2})`, false, undefined, helper);
    return;
  }
  const throttles = (n: Node) => throttlesIn(mod, n);
  // a 403 on a v1 call's own error that says nothing of what it means (no wait, no retry, no word
  // of access): in v2 it would only mean access denied, so a human decides; it keeps the call on v1
  const errorOf = form === 'comparison' && !throttles(check) && mod === a.mod && !deniesAccess(mod, check) ? onRequestError(a, check) : undefined;
  const unclear = !!errorOf;
  if ((form === 'comparison' || form === 'case') && !unclear && !throttles(check)) return;
  if (unclear) simple = false;
  // a predicate that tells throttling (`isRateLimited(e)`), exported for other modules to call too:
  // the calls it serves there are not known, so 429 in it is a human's change
  const fn = enclosingFunction(mod, check);
  if (simple && fn && isPredicate(fn) && isExportedFunction(mod, fn)) {
    const name = declaredId(mod, fn)!.name;
    addRateLimitSite(a, mod, lit, `403 tested in ${name}(), which tells throttling and other modules may call too (v2 throttles with ${v2})`, false, undefined, { fn, name, usedFrom: a.mod.file });
    return;
  }
  if (simple && form !== 'list' && answerOfOtherApi(a, mod, check)) return;
  // `status === 403 || status === 429`: v2 already handled; dropping the 403 is a human's call
  const both = simple && form === 'comparison' && new RegExp(`(^|[^\\d.])${v2}(?![\\d.])|TOO_MANY_REQUESTS|TooManyRequests`).test(src(conditionOf(mod, check)));
  if (both) simple = false;
  const message = unclear
    ? `403 tested on the call's error, with nothing saying whether it means throttling (v2: ${v2}) or access denied (v2: 403)`
    : form === 'list'
      ? `403 in a list of retryable statuses (v2 throttles with ${v2})`
      : simple
        ? `403 handled as rate limiting (v2 answers ${v2})`
        : both
          ? `403 handled as rate limiting next to ${v2} (in v2 a 403 is never a throttle)`
          : (note ?? `403 in a constant used for rate limiting (v2 throttles with ${v2})`);
  addRateLimitSite(a, mod, lit, message, simple, errorOf);
}

/** Packages whose status names are certain to have the throttling one beside the 403 one. */
const STATUS_NAME_PACKAGES = new Set(['@nestjs/common', 'http-status-codes', 'http-status', 'axios', 'http2']);

/**
 * The name the throttling status has where `name` names 403: `FORBIDDEN` → `TOO_MANY_REQUESTS`
 * (NestJS' `HttpStatus`, http-status-codes' `StatusCodes`, http-status), axios' `HttpStatusCode.Forbidden`
 * → `TooManyRequests`, `http2.constants.HTTP_STATUS_FORBIDDEN`; undefined for any other name.
 */
export function throttlingStatusName(name: string): string | undefined {
  if (/^(HTTP_STATUS_)?FORBIDDEN$/.test(name)) return name.replace('FORBIDDEN', 'TOO_MANY_REQUESTS');
  return name === 'Forbidden' ? 'TooManyRequests' : undefined;
}

/**
 * `res.statusCode == '403'`, `e.response?.status === HttpStatus.FORBIDDEN`, `status === TOO_MANY`
 * (a constant of another module): 403 compared with a status by another form than the number,
 * which the pass over 403 literals does not see.
 */
function findNamedTests(a: Analysis, mod: ModuleInfo, helper?: Helper): void {
  for (const check of mod.nodes.comparisons) {
    const sides: Node[] = check.type === 'SwitchCase' ? [mod.parent.get(check)?.discriminant, check.test] : [check.left, check.right];
    for (const [subject, other] of [sides, [...sides].reverse()]) {
      if (!subject || !other || !isStatusExpr(mod, subject)) continue;
      const forbidden = forbiddenOperand(a, mod, other);
      if (!forbidden) continue;
      reportCheck(a, mod, forbidden.at, check, check.type === 'SwitchCase' ? 'case' : 'comparison', forbidden.fixable, forbidden.note, helper);
      break;
    }
  }
}

/**
 * A 403 written other than as the number: the node to report it at, and whether writing the
 * throttling status there is certain (`'403'` → `'429'`; a package's `FORBIDDEN` →
 * `TOO_MANY_REQUESTS`). A name of the code's own (`HTTP_STATUS.FORBIDDEN`, a constant of another
 * module) may serve other tests: a human changes it.
 */
function forbiddenOperand(a: Analysis, mod: ModuleInfo, n: Node): { at: Node; fixable: boolean; note?: string } | undefined {
  const v2 = TRANSPORT.rateLimit.v2.status;
  const u = unwrapExpr(n);
  if (isStringLiteral(u)) return String(u.value).trim() === '403' ? { at: u, fixable: true } : undefined;
  const isMember = u.type === 'MemberExpression' || u.type === 'OptionalMemberExpression';
  if (isMember && !u.computed && throttlingStatusName(u.property.name)) {
    const owner = a.ev.eval(mod, u.object);
    if (owner.t === 'pkg' && STATUS_NAME_PACKAGES.has(owner.name)) return { at: u.property, fixable: true };
    return { at: u, fixable: false, note: `403 named ${mod.source.slice(u.start, u.end)} in a rate-limit test (v2 throttles with ${v2}; a 403 is access denied)` };
  }
  if (u.type !== 'Identifier' && !isMember) return undefined;
  // (`const THROTTLED = 403` of this module: the pass over 403 literals reports it where it is declared)
  const local = u.type === 'Identifier' ? bindingAt(mod, u) : undefined;
  if (local?.init && isNumberLiteral(unwrapExpr(local.init)) && !local.path?.length) return undefined;
  const v = a.ev.eval(mod, u);
  const part = v.t === 'str' && v.parts.length === 1 ? v.parts[0]! : undefined;
  if (!part || part.dynamic || part.text !== '403') return undefined;
  const where = part.file === mod.file ? `line ${part.span.line}` : basename(part.file);
  return { at: u, fixable: false, note: `403 in a constant (${mod.source.slice(u.start, u.end)}, ${where}) used for rate limiting (v2 throttles with ${v2}): change it where every request it serves moves to v2` };
}

/** Methods that look for a text in a string (`err.message.includes('403')`). */
const TEXT_SEARCH = new Set(['includes', 'indexOf', 'startsWith', 'endsWith', 'match', 'search']);

/** Source that names an error or its message (`err`, `e`, `ex`, `error.message`). */
function namesError(mod: ModuleInfo, n: Node): boolean {
  return /err|e\b|ex\b|message/i.test(mod.source.slice(n.start, n.end));
}

/** The text of an error (`err.message`, `String(err)`, `e.toString()`, a variable named for it). */
function isErrorText(mod: ModuleInfo, n: Node): boolean {
  const u = unwrapExpr(n);
  if (!u) return false;
  if (u.type === 'Identifier') return /^(message|msg|errMsg|errorMessage|text)$/i.test(u.name);
  if ((u.type === 'MemberExpression' || u.type === 'OptionalMemberExpression') && !u.computed) return /^(message|stack|msg)$/.test(u.property.name);
  if (u.type === 'CallExpression') {
    const name = calleeName(mod, u.callee);
    // (`util.format('%s', err)` makes it text as String(err) does)
    if (/^(util\.)?(format|inspect)$/.test(name ?? '')) return (u.arguments as Node[]).some((x) => namesError(mod, x));
    if (name === 'String' || name === 'JSON.stringify') return !!u.arguments[0] && namesError(mod, u.arguments[0]);
    return /\.toString$/.test(name) && /err|message/i.test(name);
  }
  // `${err}`, `${err.message}`, '' + err: the error made text as String(err) makes it
  const errorish = (x: Node) => isErrorText(mod, x) || namesError(mod, x);
  if (u.type === 'TemplateLiteral') return u.expressions.length > 0 && u.expressions.some((x: Node) => errorish(x)) && u.quasis.every((q: Node) => !/\d{3}/.test(q.value.cooked ?? ''));
  if (u.type === 'BinaryExpression' && u.operator === '+') {
    const sides = [unwrapExpr(u.left), unwrapExpr(u.right)];
    return sides.some((x) => isStringLiteral(x) || x.type === 'TemplateLiteral') && sides.some((x) => !isStringLiteral(x) && errorish(x));
  }
  return false;
}

/**
 * `String(err.message).includes('403')`, `/403/.test(err.message)`, a comparison with the message:
 * a 403 read from an error's text, which on v2 says 429 when throttled. Never simple: the text is
 * the client's, a human changes the test. On a request's own error with no word of what it means,
 * it keeps that call on v1 as a 403 status test does.
 */
function findMessageTests(a: Analysis, mod: ModuleInfo): void {
  for (const lit of mod.nodes.strings) {
    if (!isStringLiteral(lit) || typeof lit.value !== 'string' || lit.value.length > 60 || !/(^|\D)403(\D|$)/.test(lit.value)) continue;
    const p = mod.parent.get(lit);
    let check: Node | undefined;
    if (p?.type === 'CallExpression' && p.arguments[0] === lit && p.callee.type === 'MemberExpression' && !p.callee.computed && TEXT_SEARCH.has(p.callee.property.name) && isErrorText(mod, p.callee.object)) check = p;
    else if (p?.type === 'BinaryExpression' && ['==', '===', '!=', '!=='].includes(p.operator) && isErrorText(mod, p.left === lit ? p.right : p.left)) check = p;
    if (check) addMessageTest(a, mod, lit, check);
  }
  // `/403/.test(err.message)`, `err.message.match(/403/)`
  for (const call of mod.nodes.calls) {
    const callee = call.callee;
    if (callee?.type !== 'MemberExpression' || callee.computed) continue;
    const method = callee.property.name;
    const re = method === 'test' ? unwrapExpr(callee.object) : method === 'match' || method === 'search' ? unwrapExpr(call.arguments[0]) : undefined;
    const text = method === 'test' ? call.arguments[0] : callee.object;
    // (Babel's RegExpLiteral, or an ESTree Literal with `regex`, as the codemod's parser gives it)
    const pattern: unknown = re?.type === 'RegExpLiteral' ? re.pattern : re?.type === 'Literal' ? re.regex?.pattern : undefined;
    if (typeof pattern !== 'string' || !/(^|\D)403(\D|$)/.test(pattern) || !text || !isErrorText(mod, text)) continue;
    addMessageTest(a, mod, re, call);
  }
}

/** A rate-limit site at `lit` (`fixable`: a simple test the codemod changes; `errorOf`: the one call it serves). */
function addRateLimitSite(a: Analysis, mod: ModuleInfo, lit: Node, message: string, fixable: boolean, errorOf: Site['span'] | undefined, helper?: Helper): void {
  const span = spanOf(mod, lit, a.mod.file);
  const site: Site = {
    kind: 'rate-limit',
    span,
    file: span.file ?? a.mod.file,
    rule: RATE_LIMIT_RULE,
    rules: [RATE_LIMIT_RULE],
    method: null,
    methodSource: null,
    message,
    fidelity: 'exact',
    fixable,
    ...(errorOf ? { errorOf: { start: errorOf.start, end: errorOf.end } } : {}),
    ...(helper ? { helperOf: { name: helper.name, usedFrom: helper.usedFrom } } : {}),
  };
  a.addSite(site, { node: lit });
}

/** The rate-limit site of a 403 found in an error's text (`lit`: the string or regex literal). */
function addMessageTest(a: Analysis, mod: ModuleInfo, lit: Node, check: Node): void {
  const v2 = TRANSPORT.rateLimit.v2.status;
  const throttling = throttlesIn(mod, check);
  const errorOf = !throttling && mod === a.mod && !deniesAccess(mod, check) ? onRequestError(a, check) : undefined;
  if (!throttling && !errorOf) return;
  const message = errorOf
    ? `403 read from the text of the call's error, with nothing saying whether it means throttling (v2: ${v2}) or access denied (v2: 403)`
    : `403 read from an error's text as rate limiting (v2 throttles with ${v2}: test the status, or its text, for ${v2})`;
  addRateLimitSite(a, mod, lit, message, false, errorOf);
}

/**
 * Is the status tested the answer of a request this module sends to another API's host (a Trello
 * card, GitHub: they throttle with 403 too)? `resp.getResponseCode() == 403` with `resp =
 * UrlFetchApp.fetch('https://api.trello.com/1/cards…')`. A URL with a v1 path stays the helpdesk's,
 * whatever its host (a custom domain).
 */
function answerOfOtherApi(a: Analysis, mod: ModuleInfo, check: Node): boolean {
  const subject = check.type === 'SwitchCase' ? mod.parent.get(check)?.discriminant : isNumberLiteral(check.left) ? check.right : check.left;
  let call: Node | undefined;
  let n: Node | undefined = subject && unwrapExpr(subject);
  // (`status` → `res.status` → `res` → `await fetch(…)`: a few steps back to the request)
  for (let i = 0; n && i < 4 && !call; i++) {
    if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression') n = unwrapExpr(n.callee.object);
    else if (n.type === 'MemberExpression' || n.type === 'OptionalMemberExpression') n = unwrapExpr(n.object);
    if (n?.type !== 'Identifier') return false;
    const b = bindingAt(mod, n);
    if (!b?.init || b.writes.length || b.path) return false;
    let init = unwrapExpr(b.init);
    if (init.type === 'AwaitExpression') init = unwrapExpr(init.argument);
    if (init.type === 'CallExpression' && init.arguments?.length) call = init;
    else n = init;
  }
  if (!call) return false;
  const url = a.ev.eval(mod, call.arguments[0], EMPTY_FRAMES);
  if (url.t !== 'str') return false;
  const text = url.parts.map((x) => x.text).join('');
  const host = hostOf(text);
  return !!host && isCustomDomain(host) && !matchUrl(a.cat, text);
}

/** Words that show a 403 branch is about permissions (v2 keeps 403 for that). */
const ACCESS_WORDS = /denied|forbidden|permission|not.?allowed|unauthori[sz]ed|access|scope|privilege|role|admin|plan|feature/i;

function deniesAccess(mod: ModuleInfo, check: Node): boolean {
  const src = (n: Node | null | undefined) => (n ? mod.source.slice(n.start, n.end) : '');
  const cond = conditionOf(mod, check);
  const holder = mod.parent.get(cond);
  const guarded = holder?.type === 'IfStatement' || holder?.type === 'ConditionalExpression' ? src(holder.consequent) : '';
  return ACCESS_WORDS.test(src(cond)) || ACCESS_WORDS.test(guarded);
}

/**
 * Is the check in the error handler of a request of this file: `.catch((e) => …)` (or `.then(ok,
 * fail)`) chained on it, or the `catch` of a `try` that makes it?
 */
function onRequestError(a: Analysis, check: Node): Site['span'] | undefined {
  const mod = a.mod;
  const calls = a.sites.filter((s) => s.kind === 'call' && (!s.span.file || s.span.file === mod.file));
  // (the request the handler is for: the last one made there, as a chain's or a try's last call fails first in the code after it)
  const holds = (n: Node) => calls.filter((s) => s.span.start >= n.start && s.span.end <= n.end).at(-1)?.span;
  for (let cur: Node | undefined = check, up = mod.parent.get(check); up; cur = up, up = mod.parent.get(up)) {
    if (up.type === 'CatchClause' && up.body === cur) {
      const t = mod.parent.get(up);
      return t?.type === 'TryStatement' ? holds(t.block) : undefined;
    }
    if ((up.type === 'CallExpression' || up.type === 'OptionalCallExpression') && up.arguments.includes(cur) && /^(Arrow)?FunctionExpression$/.test(cur.type)) {
      const callee = unwrapExpr(up.callee);
      const name = callee?.type === 'MemberExpression' && !callee.computed ? callee.property.name : '';
      const failArg = name === 'catch' ? up.arguments[0] : name === 'then' ? up.arguments[1] : undefined;
      return failArg === cur ? holds(callee.object) : undefined;
    }
  }
  return undefined;
}

/** Keys of client options that list the statuses the client retries by itself. */
const RETRY_LIST_KEYS = /^(statusCodes|afterStatusCodes|retryOn|retryStatusCodes|retryableStatusCodes|retryOnStatus|statusesToRetry)$/;

/**
 * `statusCodes: [403, …]` inside a retry option (`retry: { … }`), or a key that says so itself; not
 * in the options of a client whose base is another API's host (`prefixUrl: 'https://api.github.com'`:
 * GitHub throttles with 403 too).
 */
function isRetryOption(mod: ModuleInfo, prop: Node): boolean {
  const key = propertyKey(prop) ?? '';
  if (!RETRY_LIST_KEYS.test(key)) return false;
  const obj = mod.parent.get(prop);
  const owner = obj && mod.parent.get(obj);
  const retry = /retry/i.test(key) ? obj : owner && isObjectProperty(owner) && /retry/i.test(propertyKey(owner) ?? '') ? mod.parent.get(owner) : undefined;
  if (!retry) return false;
  return !(retry.type === 'ObjectExpression' && (retry.properties as Node[]).some((p) => isObjectProperty(p) && BASE_KEYS.test(propertyKey(p) ?? '') && isStringLiteral(p.value) && isCustomDomain(hostOf(String(p.value.value)) ?? '')));
}

/** Options that give a client its base URL. */
const BASE_KEYS = /^(prefixUrl|baseURL|baseUrl|base_url|prefix)$/;

/** The whole condition a comparison is part of (`a && status === 403 && b`). */
function conditionOf(mod: ModuleInfo, check: Node): Node {
  let cond = check;
  for (;;) {
    const up = mod.parent.get(cond);
    if (up && (up.type === 'LogicalExpression' || up.type === 'ParenthesizedExpression' || (up.type === 'UnaryExpression' && up.operator === '!'))) cond = up;
    else return cond;
  }
}

/**
 * Is this 403 check about throttling? Evidence only from what the check guards, or, for a check in
 * a function (`const throttled = (e) => e.response.status === 403`), from what its callers guard
 * with it. `vouched`: a function whose callers elsewhere were seen to wait and retry.
 */
function throttlesIn(mod: ModuleInfo, check: Node, vouched?: Node, depth = 0): boolean {
  // (`depth`: how many callers deep the evidence was looked for; at CALLER_DEPTH, the check's own only)
  if (vouched && check.start >= vouched.start && check.end <= vouched.end) return true;
  const src = (n: Node | null | undefined) => (n ? mod.source.slice(n.start, n.end) : '');
  const fn = enclosingFunction(mod, check);
  const name = fn ? functionName(mod, fn) : undefined;
  const evidence = (text: string) => RETRY_WORDS.test(text) || (!!name && new RegExp(`\\b${escapeRegex(name)}\\s*\\(`).test(text));
  if (check.type === 'SwitchCase') {
    // the case's statements (an empty case falls through to the next one)
    const cases: Node[] = mod.parent.get(check)?.cases ?? [];
    for (let i = cases.indexOf(check); i >= 0 && i < cases.length; i++) {
      const body = (cases[i]!.consequent as Node[]).map(src).join('\n');
      if (cases[i]!.consequent.length) return evidence(body);
    }
    return false;
  }
  const cond = conditionOf(mod, check);
  // another API's throttling headers (GitHub's and GitLab's `x-ratelimit-remaining` with a 403; v1
  // never sent them): that API's check, whatever it guards
  const holderOf = mod.parent.get(cond);
  if (OTHER_API_LIMIT.test(src(cond)) || (holderOf?.type === 'IfStatement' && holderOf.test === cond && OTHER_API_LIMIT.test(src(holderOf.consequent)))) return false;
  if (RETRY_WORDS.test(src(cond))) return true;
  // (`if (!/403/.test(err.message)) throw err;`: what follows the if is the 403's branch)
  const negated = (check.type === 'BinaryExpression' && (check.operator === '!==' || check.operator === '!=')) || (cond.type === 'UnaryExpression' && cond.operator === '!');
  const holder = mod.parent.get(cond);
  if (!negated && holder?.type === 'IfStatement' && holder.test === cond) return evidence(src(holder.consequent));
  if (!negated && holder?.type === 'ConditionalExpression' && holder.test === cond) return evidence(src(holder.consequent));
  if (holder && /^(While|DoWhile|For)Statement$/.test(holder.type) && holder.test === cond) return evidence(src(holder.body));
  // a value (`retryIf: (e) => e.status === 403`, `if (s !== 403) return r;` then a retry): the function around it
  const around = fn ? src(fn) : mod.source;
  const owner = fn ? mod.parent.get(fn) : undefined;
  // (superagent's `.retry(3, (err, res) => …)` at the end of a chain: the method's own name)
  const method = owner?.type === 'CallExpression' && owner.callee.type === 'MemberExpression' && !owner.callee.computed ? owner.callee.property.name : '';
  // (a method's name: estree puts it on the `Property`/`MethodDefinition` that holds the function)
  const key = owner && (isObjectProperty(owner) || isMethodProperty(owner) || owner.type === 'MethodDefinition') ? (propertyKey(owner) ?? '') : owner?.type === 'CallExpression' ? `${calleeName(mod, owner.callee)} ${method}` : '';
  return RETRY_WORDS.test(around) || RETRY_WORDS.test(key) || (!!fn && depth < CALLER_DEPTH && callsOf(mod, fn).some((c) => throttlesIn(mod, c, undefined, depth + 1)));
}

/** The name a function is declared or assigned to in its module (`function limited(e)`, `const throttled = (e) => …`). */
function declaredId(mod: ModuleInfo, fn: Node): Node | undefined {
  const p = mod.parent.get(fn);
  const id = fn.type === 'FunctionDeclaration' ? fn.id : p?.type === 'VariableDeclarator' && p.init === fn ? p.id : undefined;
  return id?.type === 'Identifier' ? id : undefined;
}

/** How many helpers deep (`throttled()` calling `is403()`) callers are read for throttling evidence. */
const CALLER_DEPTH = 2;

/** The calls of a function by the name it is declared or assigned to in its module (`throttled(err)`). */
function callsOf(mod: ModuleInfo, fn: Node): Node[] {
  const id = declaredId(mod, fn);
  if (!id) return methodCallsOf(mod, fn);
  const refs = bindingAt(mod, id)?.refs ?? [];
  return refs.map((r) => mod.parent.get(r)).filter((c): c is Node => (c?.type === 'CallExpression' || c?.type === 'OptionalCallExpression') && refs.includes(c.callee));
}

/** The calls of a method of an object held by a constant (`const util = { isThrottled(e) {…} }`, `util.isThrottled(err)`). */
function methodCallsOf(mod: ModuleInfo, fn: Node): Node[] {
  const owner = fn.type === 'ObjectMethod' ? fn : mod.parent.get(fn);
  if (!owner || !(isObjectProperty(owner) || isMethodProperty(owner)) || (owner !== fn && owner.value !== fn)) return [];
  const key = propertyKey(owner);
  const obj = mod.parent.get(owner);
  const decl = obj?.type === 'ObjectExpression' ? mod.parent.get(obj) : undefined;
  if (!key || decl?.type !== 'VariableDeclarator' || decl.init !== obj || decl.id?.type !== 'Identifier') return [];
  const out: Node[] = [];
  for (const r of bindingAt(mod, decl.id)?.refs ?? []) {
    const m = mod.parent.get(r);
    const c = m && mod.parent.get(m);
    if ((m?.type === 'MemberExpression' || m?.type === 'OptionalMemberExpression') && m.object === r && !m.computed && m.property?.name === key && (c?.type === 'CallExpression' || c?.type === 'OptionalCallExpression') && c.callee === m) out.push(c);
  }
  return out;
}

/** A function that only gives back a test (`(e) => e.status === 403`, `{ return …; }`), sending no request of its own. */
function isPredicate(fn: Node): boolean {
  const body = fn.body;
  if (body?.type !== 'BlockStatement') return true;
  return body.body.length === 1 && body.body[0].type === 'ReturnStatement';
}

/** Is the function exported by its name (`export function`, `export { f }`, `exports.f = f`, `module.exports = { f }`), for other modules to call? */
function isExportedFunction(mod: ModuleInfo, fn: Node): boolean {
  const name = declaredId(mod, fn)?.name;
  if (!name) return false;
  const named = (n: Node | undefined) => n === fn || (unwrapExpr(n)?.type === 'Identifier' && unwrapExpr(n).name === name);
  if ([...mod.exports.values()].some((e) => (e.kind === 'binding' && e.name === name) || (e.kind === 'node' && named(e.node)))) return true;
  const whole = mod.cjsWhole && unwrapExpr(mod.cjsWhole);
  if (!whole) return false;
  return named(whole) || (whole.type === 'ObjectExpression' && (whole.properties as Node[]).some((p) => isObjectProperty(p) && named(p.value)));
}

/** An expression that reads a response status (`status`, `res.statusCode`, `getResponseCode()`, `Number(res.status)`). */
function isStatusExpr(mod: ModuleInfo, n: Node, depth = 0): boolean {
  const u = unwrapExpr(n);
  if (!u || depth > 4) return false;
  if (u.type === 'Identifier') return /status|code/i.test(u.name) || copiesStatus(mod, u, depth);
  if (u.type === 'MemberExpression' || u.type === 'OptionalMemberExpression') {
    const name = u.computed ? (isStringLiteral(u.property) ? u.property.value : '') : u.property.name;
    return STATUS_NAMES.test(String(name));
  }
  // the status made a number or text (`Number(err.response.status)`, `parseInt(s, 10)`, `+res.status`)
  if (u.type === 'UnaryExpression' && u.operator === '+') return isStatusExpr(mod, u.argument, depth + 1);
  if (u.type === 'CallExpression' && STATUS_CONVERSIONS.test(calleeName(mod, u.callee) ?? '')) return !!u.arguments[0] && isStatusExpr(mod, u.arguments[0], depth + 1);
  if (u.type === 'CallExpression') return /getResponseCode|status/i.test(calleeName(mod, u.callee));
  // a guarded read, `err.response && err.response.status`, `r ? r.status : 0`: the status it gives
  if (u.type === 'LogicalExpression' && (u.operator === '&&' || u.operator === '||' || u.operator === '??')) return isStatusExpr(mod, u.operator === '&&' ? u.right : u.left, depth + 1);
  if (u.type === 'ConditionalExpression') return isStatusExpr(mod, u.consequent, depth + 1) || isStatusExpr(mod, u.alternate, depth + 1);
  return false;
}

/** Calls that give a value back as a number or as text. */
const STATUS_CONVERSIONS = /^(Number|parseInt|parseFloat|Number\.parseInt|Number\.parseFloat|String)$/;

/** A short name the status is copied into, never written again (`const s = err.response ? err.response.status : 0`, `const { status: s } = res`). */
function copiesStatus(mod: ModuleInfo, id: Node, depth: number): boolean {
  const b = bindingAt(mod, id);
  if (!b?.init || b.writes.length || b.kind === 'param' || b.kind === 'function') return false;
  if (b.path?.length) return STATUS_NAMES.test(b.path.at(-1)!);
  return isStatusExpr(mod, b.init, depth + 1);
}

/** The name a function is called by (declaration, `const f = () => …`, method), for spotting recursion. */
function functionName(mod: ModuleInfo, fn: Node): string | undefined {
  if (fn.id?.name) return fn.id.name;
  const p = mod.parent.get(fn);
  if (p?.type === 'VariableDeclarator' && p.id?.type === 'Identifier') return p.id.name;
  if (fn.type === 'ObjectMethod' || fn.type === 'ClassMethod') return propertyKey(fn) ?? undefined;
  if (p && (isObjectProperty(p) || isMethodProperty(p) || p.type === 'MethodDefinition')) return propertyKey(p) ?? undefined;
  return undefined;
}
