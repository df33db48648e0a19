/**
 * What a module declares about the answer it hands its callers, besides the code that hands it on.
 * With `--callers v2` the callers get the v2 answer, and such a declaration would still promise the
 * old one, so the verdict keeps the call on v1 until it is changed with it:
 * - JSON schemas naming the v1 shape of a call's answer (a connector activity's `this.output = {
 *   type: 'object', properties: { user: { … } } }`): the wrapper, or fields v2 renames or drops
 *   (`CallInfo.answerSchemas`);
 * - types where the call is made: a type argument of the call (`axios.get<V1Ticket>(…)`), the
 *   return type of the function making it, a type assertion or annotated variable in it, a JSDoc
 *   `@returns`/`@param {function…}`/`@callback`/`@type` on it (`CallInfo.answerTypes`). TypeScript
 *   would keep checking the callers against the v1 shape, or stop compiling.
 */
import { changesForCode, fieldMappings } from '../catalogue/index.ts';
import type { Analysis } from './analysis.ts';
import { propertyKey } from './evaluate.ts';
import { describesSchema } from './find-payloads.ts';
import { children, enclosingFunction, positionOf } from './module.ts';
import type { Node } from './parse.ts';

export function findAnswerSchemas(a: Analysis): void {
  const schemas = a.mod.nodes.objects.filter((o) => describesSchema(a.mod, o));
  if (!schemas.length) return;
  const keysOf = (o: Node) => new Set((o.properties as Node[]).map((p) => propertyKey(p)).filter((k): k is string => !!k));
  for (const it of a.found) {
    const call = it.site.call;
    if (it.site.kind !== 'call' || !call || !it.site.rule || it.site.file !== a.mod.file) continue;
    const rule = a.cat.get(it.site.rule);
    const resp = rule?.response;
    if (!rule || !resp || resp.shape === 'none') continue;
    // the keys a v1 answer has at its top and v2 names otherwise (or not at all)
    const v1Keys = new Set([...(resp.wrapper ? [resp.wrapper] : []), ...fieldMappings(rule, 'response').filter((m) => changesForCode(m) && !m.v1.includes('.') && !m.v1.includes('[')).map((m) => m.v1)]);
    for (const o of schemas) {
      if (![...keysOf(o)].some((k) => v1Keys.has(k))) continue;
      const line = o.loc?.start.line;
      if (line && !(call.answerSchemas ??= []).includes(line)) call.answerSchemas.push(line);
    }
  }
}

const TYPE_ASSERTIONS = new Set(['TSAsExpression', 'TSTypeAssertion', 'TSSatisfiesExpression']);
const SCALAR_TYPES = new Set(['TSStringKeyword', 'TSNumberKeyword', 'TSBooleanKeyword', 'TSAnyKeyword', 'TSUnknownKeyword', 'TSNullKeyword', 'TSUndefinedKeyword', 'TSLiteralType']);
/** Nodes a function sits in whose start a JSDoc comment precedes (`const f = function`, `X.prototype.m = …`, `export …`). */
const HOLDERS = new Set(['VariableDeclarator', 'VariableDeclaration', 'AssignmentExpression', 'ExpressionStatement', 'ExportNamedDeclaration', 'ExportDefaultDeclaration', 'ObjectProperty', 'Property', 'ClassProperty']);
const JSDOC_TYPES = /@(returns?|callback|type)\b|@param\s*\{[^}]*(function|=>|callback)/i;

export function findAnswerTypes(a: Analysis): void {
  // (per function, once: a long function with many calls is walked one time)
  const inFunction = new Map<Node, number[]>();
  for (const it of a.found) {
    const call = it.site.call;
    const node = it.node;
    if (it.site.kind !== 'call' || !call || !node || it.site.file !== a.mod.file) continue;
    const lines: number[] = [];
    const at = (n: Node) => n.loc?.start.line;
    if (node.typeParameters || node.typeArguments) lines.push(at(node));
    const fn = enclosingFunction(a.mod, node);
    if (fn) {
      let own = inFunction.get(fn);
      if (!own) inFunction.set(fn, (own = declaredIn(a, fn)));
      lines.push(...own);
    }
    const found = [...new Set(lines.filter((l): l is number => typeof l === 'number'))].sort((x, y) => x - y);
    if (found.length) call.answerTypes = found;
  }
}

/** The lines of types a function declares: its return type, assertions and annotated variables in it, its JSDoc. */
function declaredIn(a: Analysis, fn: Node): number[] {
  const lines: number[] = [];
  const at = (n: Node) => n.loc?.start.line;
  if (fn.returnType) lines.push(at(fn.returnType));
  // a type assertion or an annotated variable inside the function (`res.data as V1Ticket`, `const t: V1Ticket = …`)
  walkInside(fn, (n) => {
    // (a type that can hold an answer's shape: not `process.env.KEY as string`)
    const type = TYPE_ASSERTIONS.has(n.type) ? n.typeAnnotation : n.type === 'VariableDeclarator' ? n.id?.typeAnnotation?.typeAnnotation : undefined;
    if (type && !SCALAR_TYPES.has(type.type)) lines.push(at(n));
  });
  // a JSDoc comment on the function or the statement declaring it (`/** … */` right before it;
  // a bounded look back, so a file of many functions is not copied once per function)
  let holder: Node = fn;
  for (let p = a.mod.parent.get(holder); p && HOLDERS.has(p.type); p = a.mod.parent.get(p)) holder = p;
  const from = Math.max(0, holder.start - 4000);
  const before = a.mod.source.slice(from, holder.start).trimEnd();
  const open = before.endsWith('*/') ? before.lastIndexOf('/**') : -1;
  if (open >= 0 && JSDOC_TYPES.test(before.slice(open))) lines.push(positionOf(a.mod, from + open).line);
  return lines.filter((l): l is number => typeof l === 'number');
}

/** Every node inside `fn` (its own body, nested functions included). */
function walkInside(fn: Node, visit: (n: Node) => void): void {
  const stack: Node[] = [fn.body];
  while (stack.length) {
    const n = stack.pop()!;
    visit(n);
    stack.push(...children(n));
  }
}
