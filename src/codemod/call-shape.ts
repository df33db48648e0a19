/**
 * What the rewriters need of a v1 call: where its URL, method, options and body are written. It is
 * built from the shared analysis's call model (`toUrlSite` in ./sites.ts) and never re-derived
 * here: which client a call uses and where its body is are the analysis's answers
 * (src/analysis/clients.ts is the one client table).
 */
import type { ClientKind } from '../analysis/index.ts';
import { calleeName, findProp, findProps, isCall, isObjectProperty, isStringLiteral, propName, unwrapExpr } from './ast.ts';
import type { Node } from './parse.ts';

export type MethodSource =
  /** `axios.post(...)`: the property name of the callee. */
  | { kind: 'callee-prop'; node: Node }
  /** `method: 'POST'`, `xhr.open('POST', url)`, `needle('post', url)`. */
  | { kind: 'string'; node: Node }
  /** No method written: the client's default (GET). `options` is where one can be added. */
  | { kind: 'default'; options?: Node };

export interface CallShape {
  /** The analysis's client; calls through a function of the repo are `generic`. */
  client: ClientKind;
  /** For a call through a function of the repo: the client that function calls (the analysis' `innerClient`). */
  innerClient?: ClientKind;
  call: Node;
  url: Node;
  method: string | null;
  methodSource: MethodSource | null;
  /** The body expression (a data argument, `body:`/`json:`/`data:`, `.send(x)`, `req.write(x)`). */
  body?: { node: Node };
  /**
   * The module that puts the body in place when it is not this one (an options builder there,
   * `request(buildOptions(…, data))`): then there is no `body` here to rewrite.
   */
  bodyElsewhere?: string;
  /** The options/config object literal of the call, when there is one. */
  options?: Node;
  /** The argument position where the client takes a body (given or not), for adding one. */
  dataArgIndex?: number;
}

/** `JSON.stringify(x)` → x. */
export function stringifyArg(n: Node | undefined): Node | undefined {
  if (!n) return undefined;
  const c = unwrapExpr(n);
  if (isCall(c) && calleeName(c) === 'JSON.stringify' && c.arguments.length >= 1) return c.arguments[0];
  return undefined;
}

/** The literal headers object of a call's options (`Accept`, `Content-Type`). */
export function headersOf(shape: CallShape): Node | undefined {
  const h = findProp(shape.options, 'headers');
  return h && unwrapExpr(h.value).type === 'ObjectExpression' ? unwrapExpr(h.value) : undefined;
}

export function hasJsonContentType(shape: CallShape): boolean {
  const headers = headersOf(shape);
  if (headers) {
    for (const p of headers.properties as Node[]) {
      if (isObjectProperty(p) && /^content-type$/i.test(propName(p) ?? '') && isStringLiteral(unwrapExpr(p.value))) {
        return /json/i.test(unwrapExpr(p.value).value);
      }
    }
  }
  const ct = findProps(shape.options, ['contentType']);
  if (ct && isStringLiteral(unwrapExpr(ct.value))) return /json/i.test(unwrapExpr(ct.value).value);
  return false;
}
