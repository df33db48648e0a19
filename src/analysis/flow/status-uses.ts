/**
 * What code does with a response's status (`res.statusCode`, `res.status`, `res.statusText`) when
 * v2 answers another success status than v1 did (a create answers 201, a delete 204). Each use is
 * a test the codemod rewrites where it is (`=== 200` → 201, `case 200:`), one that holds for both
 * (a range, another code, a truthiness test, a log line), or one nobody can judge here: the status
 * copied and compared with a variable, stored, returned, handed to a function, its text compared
 * with `'OK'`. The codemod rewrites the first and marks the last; the audit asks the same function
 * for what stays (`CallInfo.statusUnclear`), so both tools agree.
 */
import { isLogging, calleeName } from '../clients.ts';
import type { Node } from '../parse.ts';
import { isMember, memberName, unwrapExpr } from '../syntax.ts';
import { STATUS_PROPS } from './functions.ts';
import { bindingOf, type TracedModule } from './traced-module.ts';

export type StatusUse =
  /** a literal status the test compares with: becomes the v2 status */
  | { kind: 'rewrite'; literal: Node }
  /** a use whose meaning for the v2 status nobody can check here */
  | { kind: 'unclear'; node: Node };

/** The property of a response that holds its status text (`OK` in v1, `Created` in v2 for a create). */
export const STATUS_TEXT = 'statusText';

const EQUALITY = new Set(['===', '==', '!==', '!=']);
const RANGE = new Set(['<', '<=', '>', '>=']);
const WRAPPERS = new Set(['ParenthesizedExpression', 'TSAsExpression', 'TSNonNullExpression', 'TSSatisfiesExpression']);

/** Is `member` a read of a status property (`.status`, `.statusCode`, `.statusText`)? */
export function isStatusRead(member: Node): boolean {
  const name = isMember(member) ? memberName(member) : undefined;
  return !!name && (STATUS_PROPS.has(name) || name === STATUS_TEXT);
}

/** Methods a response answers its status by: Apps Script's `resp.getResponseCode()`. */
const STATUS_METHODS: ReadonlySet<string> = new Set(['getResponseCode']);

/**
 * The expression that holds the status where code reads it off a response `node` (its parent and
 * grandparent given): the member `res.status` / `.statusCode` / `.statusText`, or the call
 * `resp.getResponseCode()`. Null when the response is not read for its status there.
 */
export function statusReadOf(node: Node, parent: Node | undefined, grand: Node | undefined): Node | null {
  if (!isMember(parent) || parent!.object !== node) return null;
  if (isStatusRead(parent!)) return parent!;
  const called = (grand?.type === 'CallExpression' || grand?.type === 'OptionalCallExpression') && grand.callee === parent && !grand.arguments.length;
  return called && STATUS_METHODS.has(memberName(parent!) ?? '') ? grand! : null;
}

/**
 * The uses of a status value read at `node` (a `res.statusCode` member, or a name holding it),
 * for a rule whose success status goes from `v1` to another one. `text`: the value is the status
 * text (`statusText`), which no numeric rewrite fixes.
 */
export function statusUses(mod: TracedModule, node: Node, v1: number, text = isMember(node) && memberName(node) === STATUS_TEXT, depth = 0): StatusUse[] {
  let cur = node;
  let parent = mod.tree.parent(cur);
  while (parent && WRAPPERS.has(parent.type)) {
    cur = parent;
    parent = mod.tree.parent(cur);
  }
  if (!parent) return [];
  const unclear: StatusUse[] = [{ kind: 'unclear', node: parent.type === 'ExpressionStatement' ? cur : parent }];
  if (parent.type === 'BinaryExpression' && EQUALITY.has(parent.operator)) {
    if (text) return unclear;
    const other = unwrapExpr(parent.left === cur ? parent.right : parent.left);
    if (isNumber(other)) return other.value === v1 ? [{ kind: 'rewrite', literal: other }] : [];
    return unclear;
  }
  if (parent.type === 'SwitchStatement' && parent.discriminant === cur) {
    if (text) return unclear;
    const out: StatusUse[] = [];
    for (const c of parent.cases as Node[]) {
      if (!c.test) continue;
      const t = unwrapExpr(c.test);
      if (!isNumber(t)) return unclear;
      if (t.value === v1) out.push({ kind: 'rewrite', literal: t });
    }
    return out;
  }
  // a range (`>= 200 && < 300`) holds for both; so does a truthiness test
  if (parent.type === 'BinaryExpression' && RANGE.has(parent.operator)) return text ? unclear : [];
  if ((parent.type === 'IfStatement' || parent.type === 'ConditionalExpression' || parent.type === 'WhileStatement') && parent.test === cur) return [];
  if (parent.type === 'UnaryExpression' && parent.operator === '!') return [];
  if (printed(mod, cur)) return [];
  // copied into a name first (`var code = res.statusCode; if (code === 200)`): that name's uses
  if (parent.type === 'VariableDeclarator' && parent.init === cur && parent.id.type === 'Identifier' && depth < 4) {
    const b = bindingOf(mod, parent.id);
    if (b && !b.writes.length) return b.refs.filter((r) => r !== parent.id).flatMap((r) => statusUses(mod, r, v1, text, depth + 1));
  }
  return unclear;
}

function isNumber(n: Node): boolean {
  return (n?.type === 'NumericLiteral' || (n?.type === 'Literal' && typeof n.value === 'number'));
}

/**
 * Is the value only printed: written into a message (`'HTTP ' + res.statusCode`, a template), or
 * handed to a logging call?
 */
function printed(mod: TracedModule, node: Node): boolean {
  let cur = node;
  let parent = mod.tree.parent(cur);
  let text = false;
  while (parent && ((parent.type === 'BinaryExpression' && parent.operator === '+') || parent.type === 'TemplateLiteral' || WRAPPERS.has(parent.type))) {
    if (parent.type === 'TemplateLiteral' || (parent.type === 'BinaryExpression' && [parent.left, parent.right].some((x: Node) => isString(unwrapExpr(x))))) text = true;
    cur = parent;
    parent = mod.tree.parent(cur);
  }
  if (text || !parent) return text;
  const call = parent.type === 'CallExpression' || parent.type === 'OptionalCallExpression' || parent.type === 'NewExpression';
  if (!call || parent.callee === cur) return false;
  const callee = calleeName(mod.info, parent.callee);
  // `String(res.statusCode)` is its text; `new Error(…)` only says it (`new Error(String(res.statusCode))`)
  if (callee === 'String') return printed(mod, parent);
  return isLogging(callee) || errorMessage(callee);
}

/** An error built from the value: its message (`new Error(…)`, `createError(…)`), read by people. */
function errorMessage(callee: string): boolean {
  return /(^|\.)(\w*Error|createError)$/.test(callee);
}

function isString(n: Node): boolean {
  return n?.type === 'StringLiteral' || (n?.type === 'Literal' && typeof n.value === 'string') || n?.type === 'TemplateLiteral';
}
