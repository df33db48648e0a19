/**
 * Checks an app's `config/iparams.json` against the installation-parameter spec (shared/spec/002):
 * mandatory attributes, allowed types, options for dropdown/radio/multiselect, default values,
 * `type_attributes.product` for domain/api_key, secret-like keys without `secure: true`, regex
 * pairs with their `-error` message, events (`change` only), data-bind values, plain http URLs.
 *
 * Positions come from a small JSON parser that remembers where every key and value starts, so
 * each problem points at the attribute it is about.
 */

export interface IparamsProblem {
  /** `iparams.<check>`. */
  rule: string;
  /** Offset in the file. */
  start: number;
  end: number;
  /** The iparam key (or '' for file-level problems). */
  key: string;
  message: string;
  advice: string;
  severity: 'error' | 'warning';
}

export const IPARAM_TYPES = [
  'text',
  'paragraph',
  'dropdown',
  'email',
  'number',
  'phone_number',
  'date',
  'url',
  'radio',
  'checkbox',
  'multiselect',
  'domain',
  'api_key',
] as const;

const ATTRIBUTES = new Set([
  'display_name',
  'description',
  'type',
  'options',
  'default_value',
  'required',
  'visible',
  'secure',
  'regex',
  'type_attributes',
  'events',
  'data-bind',
]);

const WITH_OPTIONS = new Set(['dropdown', 'radio', 'multiselect']);
const SECRET_KEY = /key|auth|token|secret|password|passwd/i;
const DATA_BIND = new Set(['product.domain', 'product.api_key']);

// ---------------------------------------------------------------------------------------------
// JSON with positions

export interface JNode {
  kind: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';
  start: number;
  end: number;
  value: unknown;
  /** Object members: key → { keyStart, keyEnd, node }. */
  members?: Array<{ key: string; keyStart: number; keyEnd: number; node: JNode }>;
  items?: JNode[];
}

export class JsonError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

export function parseJsonWithPositions(text: string): JNode {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const fail = (msg: string): never => {
    throw new JsonError(msg, i);
  };
  const str = (): { value: string; start: number; end: number } => {
    const start = i;
    if (text[i] !== '"') fail('expected a string');
    i++;
    let out = '';
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') {
        const e = text[i + 1];
        if (e === 'u') {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
          continue;
        }
        out += ({ n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' } as Record<string, string>)[e!] ?? e;
        i += 2;
        continue;
      }
      if (text[i] === '\n') fail('unterminated string');
      out += text[i];
      i++;
    }
    if (text[i] !== '"') fail('unterminated string');
    i++;
    return { value: out, start, end: i };
  };
  const value = (): JNode => {
    ws();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const members: NonNullable<JNode['members']> = [];
      ws();
      if (text[i] === '}') {
        i++;
        return { kind: 'object', start, end: i, value: {}, members };
      }
      for (;;) {
        ws();
        const k = str();
        ws();
        if (text[i] !== ':') fail('expected ":"');
        i++;
        const node = value();
        members.push({ key: k.value, keyStart: k.start, keyEnd: k.end, node });
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          break;
        }
        fail('expected "," or "}"');
      }
      const obj: Record<string, unknown> = {};
      for (const m of members) obj[m.key] = m.node.value;
      return { kind: 'object', start, end: i, value: obj, members };
    }
    if (c === '[') {
      i++;
      const items: JNode[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return { kind: 'array', start, end: i, value: [], items };
      }
      for (;;) {
        items.push(value());
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          break;
        }
        fail('expected "," or "]"');
      }
      return { kind: 'array', start, end: i, value: items.map((x) => x.value), items };
    }
    if (c === '"') {
      const s = str();
      return { kind: 'string', start, end: s.end, value: s.value };
    }
    const lit = /^(true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 40));
    if (!lit) fail(`unexpected ${c === undefined ? 'end of file' : JSON.stringify(c)}`);
    i += lit![0].length;
    const t = lit![0];
    if (t === 'true' || t === 'false') return { kind: 'boolean', start, end: i, value: t === 'true' };
    if (t === 'null') return { kind: 'null', start, end: i, value: null };
    return { kind: 'number', start, end: i, value: Number(t) };
  };
  const root = value();
  ws();
  if (i < text.length) fail('unexpected text after the JSON value');
  return root;
}

function member(node: JNode, key: string) {
  return node.members?.find((m) => m.key === key);
}

// ---------------------------------------------------------------------------------------------

/** All problems of one iparams.json text. */
export function checkIparams(text: string): IparamsProblem[] {
  const out: IparamsProblem[] = [];
  let root: JNode;
  try {
    root = parseJsonWithPositions(text);
  } catch (e) {
    const off = e instanceof JsonError ? e.offset : 0;
    return [
      {
        rule: 'iparams.invalid-json',
        start: off,
        end: off + 1,
        key: '',
        message: `iparams.json is not valid JSON: ${(e as Error).message}`,
        advice: 'Fix the JSON syntax: the developer kit refuses to pack the app.',
        severity: 'error',
      },
    ];
  }
  if (root.kind !== 'object') {
    return [
      { rule: 'iparams.not-object', start: root.start, end: root.end, key: '', message: 'iparams.json must be an object of iparams', advice: 'Use { "<key>": { "display_name": ..., "type": ... } }.', severity: 'error' },
    ];
  }
  const push = (p: Omit<IparamsProblem, 'severity'> & { severity?: IparamsProblem['severity'] }) => out.push({ severity: 'error', ...p });
  for (const m of root.members ?? []) {
    const key = m.key;
    const at = { start: m.keyStart, end: m.keyEnd };
    const def = m.node;
    if (def.kind !== 'object') {
      push({ rule: 'iparams.not-object', ...at, key, message: `iparam "${key}" must be an object`, advice: 'Give it display_name and type.' });
      continue;
    }
    const get = (k: string) => member(def, k);
    for (const a of def.members ?? []) {
      if (!ATTRIBUTES.has(a.key)) {
        push({
          rule: 'iparams.unknown-attribute',
          start: a.keyStart,
          end: a.keyEnd,
          key,
          message: `iparam "${key}" has an unknown attribute "${a.key}"`,
          advice: `Remove it or use one of: ${[...ATTRIBUTES].join(', ')}.`,
          severity: 'warning',
        });
      }
    }
    const dn = get('display_name');
    if (!dn) push({ rule: 'iparams.missing-attribute', ...at, key, message: `iparam "${key}" has no display_name (mandatory)`, advice: 'Add "display_name": the label on the installation page.' });
    else if (dn.node.kind !== 'string' || !String(dn.node.value).trim()) push({ rule: 'iparams.bad-value', start: dn.node.start, end: dn.node.end, key, message: `display_name of "${key}" must be a non-empty string`, advice: 'Give the label as text.' });
    const typeM = get('type');
    let type: string | undefined;
    if (!typeM) push({ rule: 'iparams.missing-attribute', ...at, key, message: `iparam "${key}" has no type (mandatory)`, advice: `Add "type": one of ${IPARAM_TYPES.join(', ')}.` });
    else if (typeM.node.kind !== 'string' || !(IPARAM_TYPES as readonly string[]).includes(String(typeM.node.value))) {
      push({ rule: 'iparams.bad-type', start: typeM.node.start, end: typeM.node.end, key, message: `iparam "${key}" has type ${JSON.stringify(typeM.node.value)}, which is not allowed`, advice: `Use one of ${IPARAM_TYPES.join(', ')}.` });
    } else type = String(typeM.node.value);

    // options
    const opts = get('options');
    if (type && WITH_OPTIONS.has(type)) {
      if (!opts) push({ rule: 'iparams.missing-options', ...at, key, message: `${type} iparam "${key}" has no options`, advice: 'Add "options": the list of choices (strings).' });
      else if (opts.node.kind !== 'array' || (opts.node.items ?? []).length === 0 || (opts.node.items ?? []).some((x) => x.kind !== 'string')) {
        push({ rule: 'iparams.bad-options', start: opts.node.start, end: opts.node.end, key, message: `options of "${key}" must be a non-empty array of strings`, advice: 'List the choices as strings.' });
      }
    } else if (opts && type) {
      push({ rule: 'iparams.unused-options', start: opts.keyStart, end: opts.keyEnd, key, message: `options on ${type} iparam "${key}" are ignored`, advice: 'Options apply to dropdown, radio and multiselect only: remove them or change the type.', severity: 'warning' });
    }
    const options = opts?.node.kind === 'array' ? (opts.node.value as unknown[]) : undefined;

    // default value
    const dv = get('default_value');
    if (dv && type) {
      const v = dv.node.value;
      const bad = (msg: string, advice: string) => push({ rule: 'iparams.bad-default', start: dv.node.start, end: dv.node.end, key, message: msg, advice });
      if (type === 'multiselect') {
        if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) bad(`default_value of multiselect "${key}" must be an array of strings`, 'Give the preselected options as an array.');
        else if (options && v.some((x) => !options.includes(x))) bad(`default_value of "${key}" names options that do not exist`, 'Preselect only values listed in options.');
      } else if (type === 'checkbox') {
        if (typeof v !== 'boolean') bad(`default_value of checkbox "${key}" must be true or false`, 'Use a boolean.');
      } else if (typeof v !== 'string') {
        bad(`default_value of "${key}" must be a string`, 'Give the default as text.');
      } else if (options && WITH_OPTIONS.has(type) && !options.includes(v)) {
        bad(`default_value ${JSON.stringify(v)} of "${key}" is not one of its options`, 'Preselect a value listed in options.');
      } else if (type === 'number' && !/^-?\d{1,10}$/.test(v)) {
        bad(`default_value of number "${key}" must be an integer of at most 10 digits`, 'Use an integer up to 10 digits.');
      }
      if (typeof v === 'string' && /^http:\/\//i.test(v)) {
        push({ rule: 'iparams.insecure-url', start: dv.node.start, end: dv.node.end, key, message: `default_value of "${key}" is a plain http:// URL`, advice: 'Use https://: API v2 refuses plain HTTP (ssl_required).', severity: 'warning' });
      }
    }

    // booleans
    for (const b of ['required', 'visible', 'secure']) {
      const bm = get(b);
      if (bm && bm.node.kind !== 'boolean') push({ rule: 'iparams.bad-value', start: bm.node.start, end: bm.node.end, key, message: `${b} of "${key}" must be true or false`, advice: `Write ${b}: true or false (not a string).` });
    }
    // product for domain / api_key
    if (type === 'domain' || type === 'api_key') {
      const ta = get('type_attributes');
      const product = ta?.node.kind === 'object' ? member(ta.node, 'product') : undefined;
      if (!product || product.node.kind !== 'string' || !String(product.node.value)) {
        push({
          rule: 'iparams.missing-product',
          start: ta ? ta.keyStart : at.start,
          end: ta ? ta.keyEnd : at.end,
          key,
          message: `${type} iparam "${key}" has no type_attributes.product`,
          advice: 'Add "type_attributes": { "product": "<product>" }: it is required for domain and api_key, which are validated at installation.',
        });
      }
    }
    // secrets must be secure
    const secure = get('secure')?.node.value === true;
    if ((SECRET_KEY.test(key) || type === 'api_key') && !secure) {
      push({
        rule: 'iparams.not-secure',
        ...at,
        key,
        message: `iparam "${key}" looks like a secret but is not marked secure`,
        advice: 'Add "secure": true and use it only through the request method (it is then kept from front-end code).',
        severity: 'warning',
      });
    }
    // regex pairs
    const rx = get('regex');
    if (rx) {
      if (rx.node.kind !== 'object') push({ rule: 'iparams.bad-regex', start: rx.node.start, end: rx.node.end, key, message: `regex of "${key}" must be an object of name/expression pairs`, advice: 'Use { "<name>": "<expression>", "<name>-error": "<message>" }.' });
      else {
        const names = new Set((rx.node.members ?? []).map((x) => x.key));
        for (const r of rx.node.members ?? []) {
          if (r.key.endsWith('-error')) {
            if (!names.has(r.key.slice(0, -6))) push({ rule: 'iparams.bad-regex', start: r.keyStart, end: r.keyEnd, key, message: `regex message "${r.key}" of "${key}" has no expression "${r.key.slice(0, -6)}"`, advice: 'Pair every -error message with its expression.', severity: 'warning' });
            continue;
          }
          if (!names.has(`${r.key}-error`)) push({ rule: 'iparams.bad-regex', start: r.keyStart, end: r.keyEnd, key, message: `regex "${r.key}" of "${key}" has no "${r.key}-error" message`, advice: `Add "${r.key}-error": the message shown when the value does not match.` });
          if (r.node.kind !== 'string') push({ rule: 'iparams.bad-regex', start: r.node.start, end: r.node.end, key, message: `regex "${r.key}" of "${key}" must be a string`, advice: 'Write the expression as a string.' });
          else {
            try {
              new RegExp(String(r.node.value));
            } catch (e) {
              push({ rule: 'iparams.bad-regex', start: r.node.start, end: r.node.end, key, message: `regex "${r.key}" of "${key}" does not compile: ${(e as Error).message}`, advice: 'Fix the expression.' });
            }
          }
        }
      }
    }
    // events: change only
    const ev = get('events');
    if (ev) {
      if (ev.node.kind !== 'array') push({ rule: 'iparams.bad-events', start: ev.node.start, end: ev.node.end, key, message: `events of "${key}" must be an array`, advice: 'Use [ { "change": "<callback>" } ].' });
      else {
        for (const item of ev.node.items ?? []) {
          if (item.kind !== 'object') {
            push({ rule: 'iparams.bad-events', start: item.start, end: item.end, key, message: `each event of "${key}" must be an object`, advice: 'Use { "change": "<callback>" }.' });
            continue;
          }
          for (const e of item.members ?? []) {
            if (e.key !== 'change') push({ rule: 'iparams.bad-events', start: e.keyStart, end: e.keyEnd, key, message: `event "${e.key}" of "${key}" is not supported (only change is)`, advice: 'Use the change event and validate in its callback.' });
            else if (e.node.kind !== 'string' || !String(e.node.value)) push({ rule: 'iparams.bad-events', start: e.node.start, end: e.node.end, key, message: `change event of "${key}" must name a callback function`, advice: 'Give the name of a function in config/assets/iparams.js.' });
          }
        }
      }
    }
    const db = get('data-bind');
    if (db && (db.node.kind !== 'string' || !DATA_BIND.has(String(db.node.value)))) {
      push({ rule: 'iparams.bad-data-bind', start: db.node.start, end: db.node.end, key, message: `data-bind of "${key}" must be product.domain or product.api_key`, advice: 'Use "product.domain" or "product.api_key".' });
    }
  }
  return out;
}
