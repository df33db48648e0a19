/**
 * Call-level edits: changing the HTTP method where the call shape allows it, adding a body to a
 * call that had none (query parameters v2 takes in the body), the properties of a query object
 * written at the call, and JSON headers for `.xml` calls.
 */
import { asHttpMethod, findProp, findProps, isNullish, isObjectProperty, isStringLiteral, keyText, propName, quoteString, sameCase, unwrapExpr } from './ast.ts';
import { headersOf, hasJsonContentType, type CallShape } from './call-shape.ts';
import { preferredQuote, type Tx } from './context.ts';
import type { Node, ParsedFile } from './parse.ts';
import { VERB_NAME } from '../analysis/clients.ts';
import type { QueryOptionChange } from '../analysis/query-options.ts';
import type { QueryObject } from './url.ts';

/** Changes the method of a call; returns a reason when the shape does not allow it. */
export function changeMethod(tx: Tx, pf: ParsedFile, shape: CallShape, method: string): string | null {
  const src = shape.methodSource;
  if (!src) return 'the method of this call is not written where the codemod can change it';
  const q = preferredQuote(pf);
  if (src.kind === 'callee-prop') {
    const old: string = src.node.name;
    const verb = method.toLowerCase();
    // axios.post(url, data, config) → axios.delete(url, config): only when there is no data to lose
    if (shape.client === 'axios' && (verb === 'delete' || verb === 'get') && shape.dataArgIndex === 1) {
      const args = shape.call.arguments as Node[];
      const data = args[1];
      if (data) {
        const d = unwrapExpr(data);
        const empty = isNullish(d) || (d.type === 'ObjectExpression' && d.properties.length === 0);
        if (!empty) return `axios.${verb}() takes no data argument; move what ${pf.text(data)} carries`;
        const next = args[2];
        tx.edit(pf, data.start, next ? next.start : data.end, '', 'drop the data argument');
        if (!next) {
          // also the comma before it
          const prevEnd = args[0]!.end;
          tx.edit(pf, prevEnd, data.start, '', 'drop the data argument');
        }
      }
    }
    // (Nuxt's `$get` answers the body and Bluebird's `getAsync` a promise: keep what wraps the verb)
    const wrapped = VERB_NAME.exec(old);
    const name = wrapped ? `${wrapped[1]}${sameCase(wrapped[2]!, verb)}${wrapped[3] ?? ''}` : sameCase(old, verb);
    tx.replace(pf, src.node, name, `method ${method}`);
    return null;
  }
  if (src.kind === 'string') {
    const lit = src.node;
    if (!isStringLiteral(lit)) return 'the method is computed';
    const old: string = lit.value;
    if (!asHttpMethod(old)) return 'the method is not a plain HTTP method';
    tx.edit(pf, lit.start + 1, lit.end - 1, sameCase(old, method), `method ${method}`);
    return null;
  }
  // default GET: add the method to the options (or an options argument to fetch)
  if (src.options) {
    insertProperty(tx, pf, src.options, `method: ${quoteString(method, q)}`, true);
    return null;
  }
  if (shape.client === 'fetch' || shape.client === 'undici') {
    const args = shape.call.arguments as Node[];
    if (args.length === 1) {
      tx.edit(pf, args[0]!.end, args[0]!.end, `, { method: ${quoteString(method, q)} }`, `method ${method}`);
      return null;
    }
  }
  return 'the call uses its default method and has no options object to set another';
}

/** Adds `text` as a property of an object literal (first or last). */
export function insertProperty(tx: Tx, pf: ParsedFile, obj: Node, text: string, first = false): void {
  const props = obj.properties as Node[];
  if (props.length === 0) {
    tx.edit(pf, obj.start + 1, obj.end - 1, ` ${text} `, 'add property');
    return;
  }
  const multiline = pf.source.slice(obj.start, obj.end).includes('\n');
  if (first) {
    const p = props[0]!;
    if (multiline && pf.startsLine(p.start)) tx.edit(pf, pf.lineStart(p.start), pf.lineStart(p.start), `${pf.indentAt(p.start)}${text},\n`, 'add property');
    else tx.edit(pf, p.start, p.start, `${text}, `, 'add property');
    return;
  }
  const last = props[props.length - 1]!;
  const rest = pf.source.slice(last.end, obj.end - 1);
  const comma = /^\s*,/.exec(rest);
  if (multiline && pf.startsLine(last.start)) {
    const indent = pf.indentAt(last.start);
    if (comma) tx.edit(pf, last.end + comma[0].length, last.end + comma[0].length, `\n${indent}${text},`, 'add property');
    else tx.edit(pf, last.end, last.end, `,\n${indent}${text}`, 'add property');
  } else tx.edit(pf, last.end, last.end, `, ${text}`, 'add property');
}

/**
 * Gives a call that sends no body one (`PUT /tickets/:id` with `{ responder_id }`), in the way the
 * client takes a body. Returns a reason when the call shape has no place for it.
 */
export function addBody(tx: Tx, pf: ParsedFile, shape: CallShape, objText: string): string | null {
  const q = preferredQuote(pf);
  const args = shape.call.arguments as Node[];
  const urlArg = args.findIndex((a) => a === shape.url || unwrapExpr(a) === shape.url);
  const json = `JSON.stringify(${objText})`;
  const ct = `${keyText('Content-Type', q)}: ${quoteString('application/json', q)}`;
  const afterUrl = (text: string) => {
    const u = args[urlArg]!;
    tx.edit(pf, u.end, u.end, `, ${text}`, 'add body');
  };
  switch (shape.client) {
    case 'axios':
      if (shape.dataArgIndex === 1) {
        const data = args[1];
        const d = data && unwrapExpr(data);
        if (!data) afterUrl(objText);
        else if (isNullish(d) || (d.type === 'ObjectExpression' && d.properties.length === 0)) tx.replace(pf, data, objText, 'add body');
        else return 'the call already has a data argument';
        return null;
      }
      if (shape.options) {
        insertProperty(tx, pf, shape.options, `data: ${objText}`);
        return null;
      }
      return 'no place for a body in this call';
    case 'got':
    case 'app-request':
      if (shape.options) insertProperty(tx, pf, shape.options, `json: ${objText}`);
      else if (urlArg === 0 && args.length === 1) afterUrl(`{ json: ${objText} }`);
      else return 'no options object to carry the body';
      return null;
    case 'request': {
      if (shape.options) {
        const j = findProp(shape.options, 'json');
        if (j && (j.value.type === 'BooleanLiteral' || (j.value.type === 'Literal' && j.value.value === true))) tx.replace(pf, j.value, objText, 'add body');
        else insertProperty(tx, pf, shape.options, `json: ${objText}`);
        return null;
      }
      if (urlArg === 0) {
        afterUrl(`{ json: ${objText} }`);
        return null;
      }
      return 'no place for a body in this call';
    }
    case 'fetch':
    case 'undici':
    case 'app-client': {
      if (!shape.options) {
        if (urlArg === 0 && args.length === 1 && shape.client !== 'app-client') {
          afterUrl(`{ headers: { ${ct} }, body: ${json} }`);
          return null;
        }
        return 'no options object to carry the body';
      }
      const headers = headersOf(shape);
      if (!hasJsonContentType(shape)) {
        if (headers) insertProperty(tx, pf, headers, ct);
        else if (findProp(shape.options, 'headers')) return 'the headers are computed; add Content-Type: application/json and the body by hand';
        else insertProperty(tx, pf, shape.options, `headers: { ${ct} }`);
      }
      insertProperty(tx, pf, shape.options, `body: ${json}`);
      return null;
    }
    case 'superagent':
    case 'unirest':
      tx.edit(pf, shape.call.end, shape.call.end, `.send(${objText})`, 'add body');
      return null;
    case 'jquery':
      if (shape.options) {
        insertProperty(tx, pf, shape.options, `data: ${json}`);
        if (!findProps(shape.options, ['contentType'])) insertProperty(tx, pf, shape.options, `contentType: ${quoteString('application/json', q)}`);
        return null;
      }
      return 'no options object to carry the body';
    case 'needle':
      if (shape.dataArgIndex !== undefined && !args[shape.dataArgIndex]) {
        tx.edit(pf, args[shape.dataArgIndex - 1]!.end, args[shape.dataArgIndex - 1]!.end, `, ${objText}, { json: true }`, 'add body');
        return null;
      }
      return 'no place for a body in this call';
    default:
      return 'the codemod does not know how this call sends a body';
  }
}

/** `Accept: application/xml` / `Content-Type: application/xml` → JSON, in a call's literal headers. */
export function jsonHeaders(tx: Tx, pf: ParsedFile, shape: CallShape): void {
  const headers = headersOf(shape);
  const objs = [headers, shape.options].filter(Boolean) as Node[];
  for (const obj of objs) {
    for (const p of obj.properties as Node[]) {
      if (!isObjectProperty(p)) continue;
      const name = (propName(p) ?? '').toLowerCase();
      if (!['accept', 'content-type', 'contenttype', 'datatype'].includes(name)) continue;
      const v = unwrapExpr(p.value);
      if (!isStringLiteral(v) || !/xml/i.test(v.value)) continue;
      const next = name === 'datatype' ? v.value.replace(/xml/gi, 'json') : v.value.replace(/(application|text)\/xml/gi, 'application/json');
      tx.edit(pf, v.start + 1, v.end - 1, next, 'JSON instead of XML');
      tx.change(pf, v, 'xml', `${propName(p)}: ${next}`);
    }
  }
}

/**
 * Edits a query object written at the call (`params: { state: 'all', page: 1 }`) to the v2 query:
 * properties v2 does without go (with their commas), renamed ones get their v2 key, literal values
 * v2 spells otherwise their v2 text, and what v2 adds comes last.
 */
export function rewriteQueryOptions(tx: Tx, options: QueryObject, changes: QueryOptionChange[]): void {
  const pf = options.mod.pf;
  const quote = preferredQuote(pf);
  const props = options.node.properties as Node[];
  const removed = new Set(changes.flatMap((c) => (c.op === 'remove' ? [options.props.find((p) => p.key === c.key)!.prop] : [])));
  const added = changes.flatMap((c) => (c.op === 'add' ? [`${keyText(c.name, quote)}: ${quoteString(c.value, quote)}`] : []));
  if (props.length > 0 && removed.size === props.length) {
    tx.edit(pf, options.node.start + 1, options.node.end - 1, added.length ? ` ${added.join(', ')} ` : '', 'query options');
    added.length = 0;
  }
  // runs of removed properties go with the commas between them and the next kept one (or the
  // previous one, at the end), so no two deletions touch
  else for (let i = 0; i < props.length; ) {
    if (!removed.has(props[i]!)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < props.length && removed.has(props[j + 1]!)) j++;
    const next = props[j + 1];
    const prev = props[i - 1];
    const start = next ? props[i]!.start : prev ? prev.end : props[i]!.start;
    const end = next ? next.start : props[j]!.end;
    tx.edit(pf, start, end, '', 'remove query option');
    i = j + 1;
  }
  for (const c of changes) {
    if (c.op === 'remove') tx.change(pf, options.node, 'query', `${c.key} left out of the query (v2 has no such parameter or value)`);
    if (c.op !== 'set') continue;
    const p = options.props.find((x) => x.key === c.key)!.prop;
    const value = c.value === undefined ? pf.text(p.value) : queryValueSource(pf, p.value, c.value, quote);
    if (p.shorthand || c.value !== undefined && c.name !== c.key) tx.replace(pf, p, `${keyText(c.name, quote)}: ${value}`, 'query option');
    else if (c.name !== c.key) tx.replace(pf, p.key, isStringLiteral(p.key) ? quoteString(c.name, pf.source[p.key.start]!) : keyText(c.name, quote), 'query option key');
    else tx.replace(pf, p.value, value, 'query option value');
    tx.change(pf, p, 'query', c.value === undefined ? `${c.key} → ${c.name}` : `${c.key}=${JSON.stringify(p.value ? pf.text(p.value) : c.key)} → ${c.name}=${c.value}`);
  }
  if (added.length) insertProperty(tx, pf, options.node, added.join(', '));
  for (const c of changes) if (c.op === 'add') tx.change(pf, options.node, 'query', `${c.name}=${c.value} added to the query`);
}

/** A query value as source: a number where a number was written and v2's value is one. */
function queryValueSource(pf: ParsedFile, old: Node, value: string, quote: string): string {
  const n = unwrapExpr(old);
  if ((n.type === 'NumericLiteral' || (n.type === 'Literal' && typeof n.value === 'number')) && /^-?\d+(\.\d+)?$/.test(value)) return value;
  return quoteString(value, quote);
}
