/**
 * RxJS pipes (Angular's HttpClient, NestJS's HttpService): `http.get(url).pipe(map((r) => r.x),
 * tap(log), retry(2))`. What each operator does to the value the observable carries, so that the
 * tracer follows the answer through the pipe instead of losing it there. Only a pipe whose every
 * argument is a call of a known operator is one: a Node stream's `.pipe(dest)` is not.
 */
import type { Node } from '../parse.ts';
import { calleeName, isCall, isFunction, isMember, memberName, unwrapExpr } from '../syntax.ts';
import { returnedValues } from './functions.ts';

/** What an operator does to the value: `map` replaces it with what its function returns. */
export type OperatorEffect =
  /** `map(fn)`: fn gets the value; the stream carries what fn returns. */
  | 'maps'
  /** `tap(fn)`, `filter(fn)`: fn gets the value (reads there are reads of it); the value goes on unchanged. */
  | 'reads'
  /** `retry(2)`, `take(1)`: the value goes on unchanged. */
  | 'passes'
  /** Anything else (`switchMap`, `pluck`, `startWith`, `catchError` with a stand-in): not followed. */
  | 'unknown';

const MAPS = new Set(['map']);
const READS = new Set(['tap', 'filter', 'first', 'last', 'takeWhile', 'skipWhile', 'find', 'single']);
const PASSES = new Set(['take', 'retry', 'timeout', 'share', 'shareReplay', 'delay', 'takeUntil', 'distinctUntilChanged', 'defaultIfEmpty', 'throwIfEmpty', 'finalize', 'debounceTime', 'throttleTime', 'observeOn', 'subscribeOn', 'takeLast']);
const KNOWN = new Set([...MAPS, ...READS, ...PASSES, 'catchError', 'retryWhen', 'switchMap', 'mergeMap', 'concatMap', 'exhaustMap', 'pluck', 'startWith', 'scan', 'reduce', 'toArray', 'mapTo', 'withLatestFrom', 'timeoutWith', 'delayWhen', 'auditTime', 'sampleTime', 'skip', 'ignoreElements', 'materialize', 'elementAt', 'every', 'count', 'max', 'min', 'mergeMapTo', 'switchMapTo', 'concatMapTo', 'expand', 'groupBy', 'pairwise', 'partition', 'race', 'repeat', 'sequenceEqual', 'bufferCount', 'windowCount']);

/** Is `call` (`x.pipe(…)`) an RxJS pipe: every argument a call of a known operator? */
export function isOperatorPipe(call: Node): boolean {
  const args = call.arguments as Node[];
  return args.length > 0 && args.every((a) => {
    const x = unwrapExpr(a);
    return isCall(x) && x.callee.type === 'Identifier' && KNOWN.has(x.callee.name);
  });
}

/** Is `fn` the function of a `map(fn)` that is an operator of an RxJS pipe (what it returns goes on down the pipe)? */
export function mapsInPipe(op: Node | undefined, fn: Node, parentOf: (n: Node) => Node | undefined): boolean {
  if (!op || !isCall(op) || calleeName(op) !== 'map' || unwrapExpr((op.arguments as Node[])[0] ?? op) !== fn) return false;
  let up = parentOf(op);
  while (up && up.type === 'ParenthesizedExpression') up = parentOf(up);
  return !!up && isCall(up) && (up.arguments as Node[]).some((a) => unwrapExpr(a) === op) && isMember(up.callee) && memberName(up.callee) === 'pipe' && isOperatorPipe(up);
}

/** What the operator call (an argument of an RxJS pipe) does to the value, and the function it hands the value to. */
export function operatorEffect(op: Node): { effect: OperatorEffect; fn?: Node } {
  const name = calleeName(op) ?? '';
  const first = (op.arguments as Node[])[0];
  const fn = first && isFunction(unwrapExpr(first)) ? unwrapExpr(first) : undefined;
  if (MAPS.has(name)) return fn ? { effect: 'maps', fn } : { effect: 'unknown' };
  if (READS.has(name)) return fn ? { effect: 'reads', fn } : (op.arguments as Node[]).length ? { effect: 'unknown' } : { effect: 'passes' };
  if (PASSES.has(name)) return { effect: 'passes' };
  // an error handler that gives no value in place of the answer (it rethrows, or ends the stream)
  if (name === 'catchError' && fn && givesNoStandIn(fn)) return { effect: 'passes' };
  return { effect: 'unknown' };
}

/** Does an error handler only rethrow or end the stream (`throwError(…)`, `EMPTY`, `of()`, `of(null)`)? */
function givesNoStandIn(fn: Node): boolean {
  if (!fn.body) return false;
  return returnedValues(fn).every((v) => {
    const x = unwrapExpr(v);
    if (x.type === 'Identifier') return x.name === 'EMPTY';
    if (!isCall(x)) return false;
    const name = calleeName(x);
    if (name === 'throwError') return true;
    const args = x.arguments as Node[];
    return name === 'of' && args.every((a) => {
      const y = unwrapExpr(a);
      return y.type === 'NullLiteral' || (y.type === 'Literal' && y.value === null) || (y.type === 'Identifier' && y.name === 'undefined');
    });
  });
}
