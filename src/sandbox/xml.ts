/**
 * XML for the v1 `.xml` surface, in the Rails `to_xml` style the legacy service produced:
 * underscored element names, `type` attributes on non-strings (`integer`, `boolean`, `datetime`,
 * `array`), `nil="true"` for null. Requests are read back the same way, and also accept plain
 * untyped elements (all strings) and dashed names, which v1 clients sent too.
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { BodyError, isPlainObject } from './body.ts';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;

/** A name for one item of a list: "notes" → "note", "helpdesk_tickets" → "helpdesk_ticket". */
export function singular(name: string): string {
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (name.endsWith('sses')) return name.slice(0, -2);
  if (name.endsWith('s')) return name.slice(0, -1);
  return name; // as Rails' singularize leaves "reply_cc" alone
}

/** The builder's input: `{ tag: { '#text': v, '@_type': t } }` trees. */
type Node = Record<string, unknown>;

function typedNode(value: unknown, name: string): unknown {
  if (value === null || value === undefined) return { '@_nil': 'true' };
  if (typeof value === 'number') return { '#text': String(value), '@_type': Number.isInteger(value) ? 'integer' : 'float' };
  if (typeof value === 'boolean') return { '#text': String(value), '@_type': 'boolean' };
  if (typeof value === 'string') return TIMESTAMP.test(value) ? { '#text': value, '@_type': 'datetime' } : value;
  if (Array.isArray(value)) return arrayNode(value, name);
  if (isPlainObject(value)) return objectNode(value);
  return String(value);
}

function objectNode(obj: Record<string, unknown>): Node {
  const out: Node = {};
  for (const [key, value] of Object.entries(obj)) out[key] = typedNode(value, key);
  return out;
}

/**
 * Arrays become `<name type="array">` with one child per item. An item that is a single-key
 * wrapper (`{note:{…}}`, as v1 lists are) is unwrapped into a child named by that key.
 */
function arrayNode(items: unknown[], name: string): Node {
  const children: Record<string, unknown[]> = {};
  for (const item of items) {
    let childName = singular(name);
    let childValue: unknown = item;
    if (isPlainObject(item)) {
      const keys = Object.keys(item);
      if (keys.length === 1 && isPlainObject(item[keys[0]!])) {
        childName = keys[0]!;
        childValue = item[childName];
      }
    }
    (children[childName] ??= []).push(typedNode(childValue, childName));
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
  // nil="true" must stay a valued attribute: boolean (valueless) attributes are not XML
  suppressBooleanAttributes: false,
  processEntities: true,
});

/**
 * Renders a v1 response body. A single-key wrapper object (`{helpdesk_ticket:{…}}`) becomes that
 * root element; an array becomes `<{arrayRoot} type="array">`.
 */
export function renderXml(body: unknown, arrayRoot = 'records'): string {
  let rootName: string;
  let rootValue: unknown;
  if (Array.isArray(body)) {
    rootName = arrayRoot;
    rootValue = arrayNode(body, arrayRoot);
  } else if (isPlainObject(body) && Object.keys(body).length === 1) {
    rootName = Object.keys(body)[0]!;
    rootValue = typedNode(body[rootName], rootName);
  } else {
    rootName = 'hash';
    rootValue = typedNode(body ?? {}, rootName);
  }
  const xml = builder.build({ [rootName]: rootValue }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
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
  isArray: () => false,
});

function fromNode(node: unknown): unknown {
  if (node === null || node === undefined || node === '') return node === '' ? '' : null;
  if (typeof node !== 'object') return String(node);
  if (Array.isArray(node)) return node.map(fromNode);
  const obj = node as Record<string, unknown>;
  const type = obj['@_type'];
  if (obj['@_nil'] === 'true') return null;
  const text = obj['#text'];
  const childKeys = Object.keys(obj).filter((k) => !k.startsWith('@_') && k !== '#text');
  if (type === 'array') {
    const items: unknown[] = [];
    for (const key of childKeys) {
      const v = obj[key];
      for (const item of Array.isArray(v) ? v : [v]) items.push(fromNode(item));
    }
    return items;
  }
  if (childKeys.length === 0) {
    const s = text === undefined ? '' : String(text);
    if (type === 'integer') return Number.parseInt(s, 10);
    if (type === 'float' || type === 'decimal') return Number.parseFloat(s);
    if (type === 'boolean') return s === 'true' || s === '1';
    return s;
  }
  const out: Record<string, unknown> = {};
  for (const key of childKeys) {
    const v = obj[key];
    out[key.replace(/-/g, '_')] = Array.isArray(v) ? v.map(fromNode) : fromNode(v);
  }
  return out;
}

/** Parses a v1 XML request body into the same nested object a JSON body would give. */
export function parseXmlBody(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  // No DTDs: entity definitions are how XML bombs start, and no v1 client sent one.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new BodyError('invalid_xml', 'DTDs are not accepted');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new BodyError('invalid_xml', `Request body is not valid XML: ${valid.err.msg}`);
  let value: unknown;
  try {
    // fromNode recurses: absurdly deep documents end here as invalid, not as a crash
    value = fromNode(parser.parse(text));
  } catch {
    throw new BodyError('invalid_xml', 'Request body is not valid XML');
  }
  return isPlainObject(value) ? value : {};
}
