/**
 * v1 XML in the Rails `to_xml` style legacy clients parse: underscored names, `type` attributes on
 * non-strings (`integer`, `boolean`, `datetime`, `array`), `nil="true"` for null. Requests are read
 * the same way, and plain untyped or dashed elements are accepted too (v1 clients sent both).
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { ShimInputError } from './errors.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** "helpdesk_tickets" → "helpdesk_ticket", "categories" → "category". */
export function singular(name: string): string {
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (name.endsWith('sses')) return name.slice(0, -2);
  if (name.endsWith('s')) return name.slice(0, -1);
  return name;
}

/** "helpdesk_ticket" → "helpdesk_tickets", "category" → "categories". */
export function plural(name: string): string {
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  if (name.endsWith('s')) return `${name}es`;
  return `${name}s`;
}

function typedNode(value: unknown, name: string): unknown {
  if (value === null || value === undefined) return { '@_nil': 'true' };
  if (typeof value === 'number') return { '#text': String(value), '@_type': Number.isInteger(value) ? 'integer' : 'float' };
  if (typeof value === 'boolean') return { '#text': String(value), '@_type': 'boolean' };
  if (typeof value === 'string') return TIMESTAMP.test(value) ? { '#text': value, '@_type': 'datetime' } : value;
  if (Array.isArray(value)) return arrayNode(value, name);
  if (isObj(value)) {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) out[xmlName(k)] = typedNode(v, k);
    return out;
  }
  return String(value);
}

/** Element names must be XML names: anything else (a custom field with odd characters) is escaped to `_`. */
function xmlName(key: string): string {
  const clean = key.replace(/[^A-Za-z0-9_.-]/g, '_');
  return /^[A-Za-z_]/.test(clean) ? clean : `_${clean}`;
}

/** `<name type="array">` with one child per item; a single-key wrapper item (`{note:{…}}`) names its child. */
function arrayNode(items: unknown[], name: string): Obj {
  const children: Record<string, unknown[]> = {};
  for (const item of items) {
    let childName = singular(name);
    let childValue: unknown = item;
    if (isObj(item)) {
      const keys = Object.keys(item);
      if (keys.length === 1 && isObj(item[keys[0]!])) {
        childName = keys[0]!;
        childValue = item[childName];
      }
    }
    (children[xmlName(childName)] ??= []).push(typedNode(childValue, childName));
  }
  return { '@_type': 'array', ...children };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: false,
  suppressBooleanAttributes: false,
  processEntities: true,
});

/** A v1 body as XML: a one-key wrapper object becomes the root element, an array `<arrayRoot type="array">`. */
export function renderXml(body: unknown, arrayRoot = 'records'): string {
  let rootName: string;
  let rootValue: unknown;
  if (Array.isArray(body)) {
    rootName = arrayRoot;
    rootValue = arrayNode(body, arrayRoot);
  } else if (isObj(body) && Object.keys(body).length === 1) {
    rootName = Object.keys(body)[0]!;
    rootValue = typedNode(body[rootName], rootName);
  } else {
    rootName = 'hash';
    rootValue = typedNode(body ?? {}, rootName);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ [xmlName(rootName)]: rootValue }) as string}`;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

function fromNode(node: unknown, depth: number): unknown {
  if (depth > 64) throw new ShimInputError(400, 'the XML body is nested too deeply');
  if (node === null || node === undefined) return null;
  if (node === '') return '';
  if (typeof node !== 'object') return String(node);
  if (Array.isArray(node)) return node.map((n) => fromNode(n, depth + 1));
  const obj = node as Obj;
  if (obj['@_nil'] === 'true') return null;
  const type = obj['@_type'];
  const childKeys = Object.keys(obj).filter((k) => !k.startsWith('@_') && k !== '#text');
  if (type === 'array') {
    const items: unknown[] = [];
    for (const key of childKeys) {
      const v = obj[key];
      for (const item of Array.isArray(v) ? v : [v]) items.push(fromNode(item, depth + 1));
    }
    return items;
  }
  if (childKeys.length === 0) {
    const s = obj['#text'] === undefined ? '' : String(obj['#text']);
    if (type === 'integer') return Number.parseInt(s, 10);
    if (type === 'float' || type === 'decimal') return Number.parseFloat(s);
    if (type === 'boolean') return s === 'true' || s === '1';
    return s;
  }
  const out: Obj = {};
  for (const key of childKeys) {
    const v = obj[key];
    out[key.replace(/-/g, '_')] = Array.isArray(v) ? v.map((n) => fromNode(n, depth + 1)) : fromNode(v, depth + 1);
  }
  return out;
}

/** A v1 XML request body → the object a JSON body would have given. */
export function parseXml(text: string): Obj {
  if (text.trim() === '') return {};
  // no DTDs: entity definitions are how XML bombs start, and no v1 client sent one
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new ShimInputError(400, 'the XML body has a DTD; DTDs are not accepted');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new ShimInputError(400, `the body is not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const value = fromNode(parser.parse(text), 0);
  if (!isObj(value)) throw new ShimInputError(400, 'the XML body has no root element');
  return value;
}
