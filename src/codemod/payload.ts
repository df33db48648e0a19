/**
 * Request payloads: the v1 wrapper (`helpdesk_ticket`) is unwrapped and fields are renamed and
 * converted per the catalogue's field mappings, wherever the body is written: object literals
 * (also behind a constant or a builder function), shorthand properties, piecewise mutation
 * (`data.helpdesk_ticket.custom_field[k] = v`), JSON string literals, FormData / multipart
 * bracket keys. What cannot be done with certainty gets a marker at the property.
 */
import { fieldMappings, type Catalogue, type FieldMapping, type Overlay, type Rule } from '../catalogue/index.ts';
import { reshapesValue } from '../catalogue/index.ts';
import { splitBracketKey } from '../catalogue/form.ts';
import {
  calleeName,
  isCall,
  isMember,
  isObjectProperty,
  isSpread,
  isStringLiteral,
  keyText,
  literalValue,
  memberName,
  propName,
  quoteString,
  unwrapExpr,
} from './ast.ts';
import { stringifyArg, type CallShape } from './call-shape.ts';
import { chainFrom, removeStepEdit, renameStepEdit } from './chains.ts';
import { preferredQuote, type Tx } from './context.ts';
import type { Node, ParsedFile } from './parse.ts';
import { isFunctionNode, isStringifiedInPlace } from '../analysis/module.ts';
import { forwardReason } from '../analysis/converters.ts';
import { spreadLiteralChoices, wrapperSpreadChoices } from '../analysis/binding-facts.ts';
import { bindingOf, declaredValue, functionOf, returnedExpression, type Flattener, type Module } from './pieces.ts';
import { convertKey, convertLiteral, inlineConversion, needsConversion, staticValue, valueToSource } from './values.ts';

export interface PayloadEnv {
  cat: Catalogue;
  overlay: Overlay;
  flattener: Flattener;
  tx: Tx;
  rule: Rule;
  /** v1 method and target with sentinels, for translating JSON string bodies whole. */
  method: string;
  target: string;
  /** Properties the v2 body must gain (query parameters that moved into the body), as source text. */
  additions: Array<{ name: string; source: string }>;
  /** `--callers v2` and the body is what the code's callers hand in: they send v2 fields now (the verdict's contract says so). */
  bodyFromCallers?: boolean;
}

type Mappings = FieldMapping[];

/**
 * Request mappings with paths relative to the unwrapped body (`topic.forum_id` → `forum_id`).
 * Wrappers around nested items (`notes[].note`) are response-side in the catalogue; a request body
 * is not unwrapped below its top-level wrapper here, so they are left out.
 */
export function mappingsOf(rule: Rule): Mappings {
  const w = rule.request?.wrapper;
  return fieldMappings(rule, 'request')
    .filter((m) => !m.wrapper)
    .map((m) => (w && m.v1.startsWith(`${w}.`) ? { ...m, v1: m.v1.slice(w.length + 1) } : m));
}

/**
 * The object literal of a body, unwrapped (`{ topic: {...} }` → the inner literal), when the body
 * is written where it can be read: for fields v2 takes in the path.
 */
export function bodyObject(flattener: Flattener, mod: Module, node: Node, wrapper: string | undefined): { mod: Module; obj: Node } | undefined {
  let n = unwrapExpr(node);
  const inner = stringifyArg(n);
  if (inner) n = unwrapExpr(inner);
  const found = n.type === 'ObjectExpression' ? { mod, node: n } : flattener.objectOf(mod, n);
  if (!found) return undefined;
  if (!wrapper) return { mod: found.mod, obj: found.node };
  const p = (found.node.properties as Node[]).find((x) => isObjectProperty(x) && propName(x) === wrapper);
  const v = p && unwrapExpr(p.value);
  return v?.type === 'ObjectExpression' ? { mod: found.mod, obj: v } : undefined;
}

function lastSegment(path: string): string {
  const parts = path.split('.');
  return parts[parts.length - 1]!;
}

/** The field changes of a rule's request in a few words, for markers (timestamps and ids left out). */
export function requestSummary(rule: Rule): string[] {
  return mappingsOf(rule)
    .filter((m) => !/^(query|params)\./.test(m.v1) && m.v1 !== 'display_id' && !m.v1.includes('[]'))
    .filter((m) => m.v1 !== m.v2 || reshapesValue(m) || !!m.keys)
    .map(describeMapping)
    .filter(Boolean)
    // one field written two ways in v1 (`helpdesk.tags` and `tags`): its conversion is said once
    .filter((d, i, all) => !all.slice(0, i).some((prev) => prev.split('; ').includes(d)));
}


/** What a v1 field becomes, in words, for markers. */
export function describeMapping(m: FieldMapping): string {
  if (m.v2 === null) return `${m.v1} has no v2 field${m.reason ? ` (${m.reason})` : ''}`;
  const parts: string[] = [];
  if (m.v2 !== m.v1) parts.push(`${m.v1} → ${m.v2}`);
  if (m.converters.length) parts.push(`${m.v2}: ${forwardReason(m.reason) ?? m.converters.join(', ')}`);
  if (m.keys) parts.push(`${m.v2} keys: ${forwardReason(m.reason) ?? m.keys}`);
  return parts.join('; ');
}

/** Resolves the body expression of a call and rewrites it; returns false when it had to leave a marker instead. */
export function rewriteBody(env: PayloadEnv, mod: Module, body: NonNullable<CallShape['body']>): boolean {
  const wrapper = env.rule.request?.wrapper;
  const node = unwrapExpr(body.node);
  const inner = stringifyArg(node);
  const target = inner ? unwrapExpr(inner) : node;
  return rewriteValue(env, mod, target, wrapper);
}

function rewriteValue(env: PayloadEnv, mod: Module, node: Node, wrapper: string | undefined, depth = 0): boolean {
  const pf = mod.pf;
  const n = unwrapExpr(node);
  if (depth > 4) return giveUp(env, pf, n, 'the body is built too indirectly to follow');
  if (n.type === 'ObjectExpression') {
    if (hasBracketKeys(n)) return rewriteBracketObject(env, pf, n);
    return rewriteObject(env, mod, n, wrapper);
  }
  if (isStringLiteral(n) || (n.type === 'TemplateLiteral' && n.expressions.length === 0)) return rewriteJsonString(env, pf, n);
  if (n.type === 'Identifier') {
    const b = bindingOf(mod, n);
    if (!b) return giveUp(env, pf, n, `the body ${n.name} is not defined in this module`);
    const init = b.kind === 'function' ? undefined : declaredValue(b);
    if (init) {
      const i = unwrapExpr(init);
      if (i.type === 'NewExpression' && i.callee.type === 'Identifier' && i.callee.name === 'FormData') return rewriteFormData(env, mod, b.refs);
      // (`payload = JSON.stringify(payload)` keeps its fields: the object literal is still the body)
      if (b.writes.some((w) => !isStringifiedInPlace(w))) return giveUp(env, pf, n, `the body ${n.name} is reassigned; unwrap it by hand`);
      const ok = rewriteValue(env, mod, i, wrapper, depth + 1);
      // piecewise mutation: data.helpdesk_ticket.subject = ...
      const okPieces = rewritePiecewise(env, mod, b.refs, wrapper, n);
      return ok && okPieces;
    }
    // `var data; data = { helpdesk_note: … }` (CoffeeScript's output): declared bare, assigned once
    // before the call and in the same function, that one value is the body
    const set = b.kind === 'var' && !b.init && b.writes.length === 1 ? b.writes[0]! : undefined;
    if (set?.type === 'AssignmentExpression' && set.operator === '=' && set.end <= n.start && sameFunction(mod, set, n)) {
      const ok = rewriteValue(env, mod, set.right, wrapper, depth + 1);
      const okPieces = rewritePiecewise(env, mod, b.refs, wrapper, n);
      return ok && okPieces;
    }
    const obj = env.flattener.objectOf(mod, n);
    if (obj) return rewriteValue(env, obj.mod, obj.node, wrapper, depth + 1);
    if (env.bodyFromCallers && b.kind === 'param') return true;
    return giveUp(env, pf, n, `the body ${n.name} comes from elsewhere`);
  }
  if (isCall(n) && n.callee.type === 'Identifier') {
    const b = bindingOf(mod, n.callee);
    const fn = functionOf(b);
    const ret = fn && returnedExpression(fn);
    if (ret) return rewriteValue(env, mod, ret, wrapper, depth + 1);
    return giveUp(env, pf, n, `the body is built by ${n.callee.name}()`);
  }
  if (isCall(n) && calleeName(n) === 'JSON.stringify' && n.arguments[0]) return rewriteValue(env, mod, n.arguments[0], wrapper, depth + 1);
  return giveUp(env, pf, n, 'the body is computed');
}

function giveUp(env: PayloadEnv, pf: ParsedFile, node: Node, why: string): false {
  const wrapper = env.rule.request?.wrapper;
  const fields = requestSummary(env.rule);
  const parts = [`${why}:`];
  if (wrapper) parts.push(`send the fields without the ${wrapper} wrapper`);
  // the first few field changes; the rest are one command away (markers stay short)
  if (fields.length) parts.push(`(${fields.slice(0, 3).join('; ')}${fields.length > 3 ? `; ${fields.length - 3} more: hdmigrate rules ${env.rule.id}` : ''})`);
  for (const a of env.additions) parts.push(`and add ${a.name}: ${a.source} to the body`);
  env.tx.marker(pf, node, env.rule.id, parts.join(' '));
  return false;
}

function hasBracketKeys(obj: Node): boolean {
  return (obj.properties as Node[]).some((p) => isObjectProperty(p) && /\[/.test(propName(p) ?? ''));
}

// ---------------------------------------------------------------------------------------------
// object literals

function rewriteObject(env: PayloadEnv, mod: Module, obj: Node, wrapper: string | undefined): boolean {
  const pf = mod.pf;
  const tx = env.tx;
  const maps = mappingsOf(env.rule);
  let ok = true;
  const props = obj.properties as Node[];
  const wrapperProp = wrapper ? props.find((p) => isObjectProperty(p) && propName(p) === wrapper) : undefined;
  // the wrapper in each literal of a spread choice: each literal is unwrapped as a body of its own
  const chosen = wrapper && !wrapperProp ? wrapperSpreadChoices(obj, wrapper, (id) => bindingOf(mod, id)) : null;
  if (chosen) return rewriteWrappedChoices(env, mod, obj, chosen, wrapper!);
  if (wrapper && !wrapperProp) {
    const dynamic = props.some((p) => isSpread(p) || (isObjectProperty(p) && propName(p) === undefined));
    if (dynamic) {
      giveUp(env, pf, obj, `could not see the ${wrapper} wrapper in this body`);
      return false;
    }
  }
  // fields beside the wrapper (cc_emails, helpdesk: { tags })
  for (const p of props) {
    if (p === wrapperProp) continue;
    ok = rewriteProperty(env, pf, p, maps, props) && ok;
  }
  if (wrapperProp) {
    const value = unwrapExpr(wrapperProp.value);
    if (value.type === 'ObjectExpression') {
      for (const p of value.properties as Node[]) ok = rewriteProperty(env, pf, p, maps, value.properties) && ok;
      unwrapEdits(tx, pf, obj, wrapperProp, value);
      tx.change(pf, wrapperProp, 'payload', `unwrapped ${wrapper}`);
    } else if (value.type === 'Identifier' || isMember(value) || isCall(value)) {
      // { helpdesk_ticket: ticket } → { ...ticket }
      const text = pf.text(value);
      tx.replace(pf, wrapperProp, `...${text}`, `unwrap ${wrapper}`);
      tx.change(pf, wrapperProp, 'payload', `unwrapped ${wrapper} (spread ${text})`);
      const inner = value.type === 'Identifier' ? env.flattener.objectOf(mod, value) : undefined;
      if (inner && inner.node !== obj) {
        for (const p of inner.node.properties as Node[]) ok = rewriteProperty(env, inner.mod.pf, p, maps, inner.node.properties) && ok;
      } else if (maps.some((m) => m.v1 !== m.v2 || m.converters.length)) {
        const fields = requestSummary(env.rule);
        tx.marker(pf, wrapperProp, env.rule.id, `send the fields of ${text} with their v2 names and values: ${fields.slice(0, 3).join('; ')}${fields.length > 3 ? `; ${fields.length - 3} more: hdmigrate rules ${env.rule.id}` : ''}`);
        ok = false;
      }
    } else {
      giveUp(env, pf, wrapperProp, `the ${wrapper} value is computed`);
      ok = false;
    }
  }
  if (env.additions.length) {
    // fields the body already has (a default the catalogue adds only when missing) are not added again
    const have = new Set<string>();
    const names = (list: Node[]) => {
      for (const p of list) {
        const n = isObjectProperty(p) ? propName(p) : undefined;
        if (n === undefined) continue;
        const m = maps.find((x) => x.v1 === n);
        have.add(m?.v2 ? lastSegment(m.v2) : n);
      }
    };
    names(props.filter((p) => p !== wrapperProp));
    if (wrapperProp && unwrapExpr(wrapperProp.value).type === 'ObjectExpression') names(unwrapExpr(wrapperProp.value).properties);
    const add = env.additions.filter((a) => !have.has(a.name));
    if (add.length) addProperties(tx, pf, obj, add, wrapperProp);
  }
  return ok;
}

/** A body spreading a choice of wrapped literals: each literal unwrapped, the body's other fields renamed as beside a wrapper. */
function rewriteWrappedChoices(env: PayloadEnv, mod: Module, obj: Node, literals: Node[], wrapper: string): boolean {
  const maps = mappingsOf(env.rule);
  const spread = new Set(literals);
  let ok = true;
  for (const literal of literals) ok = rewriteObject(env, mod, literal, wrapper) && ok;
  for (const p of obj.properties as Node[]) {
    const choice = isSpread(p) && spreadLiteralChoices(p.argument, (id) => bindingOf(mod, id));
    if (choice && choice.every((l) => spread.has(l))) continue;
    ok = rewriteProperty(env, mod.pf, p, maps, obj.properties) && ok;
  }
  return ok;
}

/** Renames / converts / drops one property according to the mappings. */
function rewriteProperty(env: PayloadEnv, pf: ParsedFile, p: Node, maps: Mappings, siblings: Node[]): boolean {
  const tx = env.tx;
  const rule = env.rule.id;
  if (isSpread(p)) {
    const arg = unwrapExpr(p.argument);
    const obj = arg.type === 'Identifier' ? env.flattener.objectOf(env.tx.mod, arg) : undefined;
    if (obj && obj.mod.pf === pf) {
      let ok = true;
      for (const q of obj.node.properties as Node[]) ok = rewriteProperty(env, pf, q, maps, obj.node.properties) && ok;
      return ok;
    }
    // a choice of object literals (`...extra` with `const extra = priority ? { priority } : {}`,
    // `...(note && { note })`): each literal's keys are known, and each is rewritten
    const branches = spreadLiteralChoices(arg, (id) => bindingOf(env.tx.mod, id));
    if (branches) {
      let ok = true;
      for (const b of branches) for (const q of b.properties as Node[]) ok = rewriteProperty(env, pf, q, maps, b.properties) && ok;
      return ok;
    }
    if (maps.some((m) => m.v1 !== m.v2)) {
      tx.marker(pf, p, rule, `fields spread from ${pf.text(p.argument)} must use v2 names: ${maps.filter((m) => !m.v1.includes('.')).map(describeMapping).slice(0, 6).join('; ')}`);
      return false;
    }
    return true;
  }
  if (!isObjectProperty(p)) return true;
  const name = propName(p);
  if (name === undefined) return true;
  const exact = maps.find((m) => m.v1 === name);
  const nested = maps.filter((m) => m.v1.startsWith(`${name}.`));
  if (!exact && nested.length) return rewriteHost(env, pf, p, name, nested, siblings);
  if (!exact) return true;
  const m = exact;
  if (m.v2?.startsWith('params.')) {
    // forum_id and friends move from the body into the v2 path (done with the URL)
    tx.edits.push(removePropertyEdit(pf, p, siblings));
    tx.change(pf, p, 'payload', `${name} moved into the URL`);
    return true;
  }
  if (m.v2 === null) {
    tx.edits.push(removePropertyEdit(pf, p, siblings));
    tx.marker(pf, p, rule, `removed ${name}: ${m.reason ?? 'no v2 field'}`);
    tx.change(pf, p, 'payload', `removed ${name} (no v2 field)`);
    return false;
  }
  const newName = lastSegment(m.v2);
  if (m.v2.includes('.')) {
    tx.marker(pf, p, rule, `${name} moves to ${m.v2} in v2`);
    return false;
  }
  let ok = true;
  const quote = preferredQuote(pf);
  const value = unwrapExpr(p.value);
  let valueText: string | null = null;
  if (m.converters.length && needsConversion(m.converters, env.overlay)) {
    const sv = staticValue(value);
    if (sv.ok) {
      const out = convertLiteral(m.converters, sv.value, env.overlay, name);
      const manual = out.issues.find((i) => i.fidelity === 'manual' || i.fidelity === 'none');
      if (manual) {
        tx.marker(pf, p, rule, manual.message);
        ok = false;
      } else {
        if (JSON.stringify(out.value) !== JSON.stringify(sv.value)) valueText = valueToSource(out.value, quote);
        for (const i of out.issues) tx.marker(pf, p, rule, i.message);
      }
    } else {
      const inline = inlineConversion(m.converters, pf.text(p.value), p.value, quote, env.overlay);
      if (inline !== null) valueText = inline;
      else {
        tx.marker(pf, p, rule, `${newName} in v2: ${forwardReason(m.reason) ?? m.converters.join(', ')}; convert ${pf.text(p.value)} before sending it`);
        ok = false;
      }
    }
  }
  if (m.keys) ok = rewriteKeys(env, pf, p, m) && ok;
  const renamed = newName !== name;
  if (p.shorthand) {
    if (renamed || valueText !== null) {
      tx.replace(pf, p, `${keyText(newName, quote)}: ${valueText ?? pf.text(p.value)}`, `field ${name}`);
      tx.change(pf, p, 'payload', renamed ? `${name} → ${newName}` : `converted ${name}`);
    }
    return ok;
  }
  if (renamed) {
    const key = p.key;
    const text = isStringLiteral(key) ? quoteString(newName, pf.source[key.start]!) : keyText(newName, quote);
    tx.edits.push({ file: pf.file, start: key.start, end: key.end, text, why: `rename ${name}`, prop: { v1: name, v2: newName, kind: 'rename', side: 'request', rule: rule } });
    tx.change(pf, p, 'payload', `${name} → ${newName}`);
  }
  if (valueText !== null) {
    tx.replace(pf, p.value, valueText, `convert ${name}`);
    tx.change(pf, p, 'payload', `converted ${name}`);
  }
  return ok;
}

/** `helpdesk: { tags: 'a,b' }` → `tags: ['a', 'b']` (a document-level move out of a host object). */
function rewriteHost(env: PayloadEnv, pf: ParsedFile, p: Node, host: string, nested: Mappings, siblings: Node[]): boolean {
  const tx = env.tx;
  const value = unwrapExpr(p.value);
  if (value.type !== 'ObjectExpression') {
    tx.marker(pf, p, env.rule.id, nested.map(describeMapping).join('; '));
    return false;
  }
  const parts: string[] = [];
  let ok = true;
  const quote = preferredQuote(pf);
  for (const q of value.properties as Node[]) {
    const name = isObjectProperty(q) ? propName(q) : undefined;
    const m = name !== undefined ? nested.find((x) => x.v1 === `${host}.${name}`) : undefined;
    if (!m || !m.v2 || m.v2.includes('.')) {
      tx.marker(pf, p, env.rule.id, `${host}.${name ?? '?'}: ${m ? describeMapping(m) : 'not a v2 field'}`);
      return false;
    }
    let text = pf.text(q.value);
    if (m.converters.length && needsConversion(m.converters, env.overlay)) {
      const sv = staticValue(q.value);
      if (sv.ok) {
        const out = convertLiteral(m.converters, sv.value, env.overlay, m.v1);
        if (out.issues.some((i) => i.fidelity !== 'lossy')) {
          tx.marker(pf, p, env.rule.id, out.issues.map((i) => i.message).join('; '));
          return false;
        }
        text = valueToSource(out.value, quote);
      } else {
        const inline = inlineConversion(m.converters, text, q.value, quote, env.overlay);
        if (inline === null) {
          tx.marker(pf, p, env.rule.id, `${m.v1} → ${m.v2}: ${m.reason ?? ''}`);
          ok = false;
        } else text = inline;
      }
    }
    parts.push(`${keyText(m.v2, quote)}: ${text}`);
  }
  if (!ok) return false;
  if (parts.length === 0) {
    tx.edits.push(removePropertyEdit(pf, p, siblings));
  } else tx.replace(pf, p, parts.join(', '), `hoist ${host}`);
  tx.change(pf, p, 'payload', `moved ${host}.* to the top level`);
  return true;
}

function rewriteKeys(env: PayloadEnv, pf: ParsedFile, p: Node, m: FieldMapping): boolean {
  const value = unwrapExpr(p.value);
  if (value.type !== 'ObjectExpression') {
    if (value.type === 'Identifier') {
      const obj = env.flattener.objectOf(env.tx.mod, value);
      if (obj && obj.mod.pf === pf) return renameKeysOf(env, pf, obj.node, m, p);
    }
    env.tx.marker(pf, p, env.rule.id, `${m.v2} keys: ${forwardReason(m.reason) ?? m.keys}; rename the keys of ${pf.text(p.value)}`);
    return false;
  }
  return renameKeysOf(env, pf, value, m, p);
}

function renameKeysOf(env: PayloadEnv, pf: ParsedFile, obj: Node, m: FieldMapping, _at: Node): boolean {
  let ok = true;
  for (const q of obj.properties as Node[]) {
    const k = isObjectProperty(q) ? propName(q) : undefined;
    if (k === undefined || q.computed && !isStringLiteral(q.key)) {
      env.tx.marker(pf, q, env.rule.id, `${m.v2} keys: ${forwardReason(m.reason) ?? m.keys}; this key is computed`);
      ok = false;
      continue;
    }
    const out = convertKey(m.keys!, k, env.overlay, m.v2 ?? m.v1);
    for (const i of out.issues) env.tx.marker(pf, q, env.rule.id, i.message);
    const nk = String(out.value);
    if (nk !== k) {
      if (q.shorthand) env.tx.replace(pf, q, `${keyText(nk, preferredQuote(pf))}: ${pf.text(q.value)}`, 'custom field key');
      else {
        const key = q.key;
        env.tx.replace(pf, key, isStringLiteral(key) ? quoteString(nk, pf.source[key.start]!) : keyText(nk, preferredQuote(pf)), 'custom field key');
      }
      env.tx.change(pf, q, 'payload', `custom field ${k} → ${nk}`);
    }
  }
  return ok;
}

/** Deleting a property with its comma, keeping the layout of the others. */
export function removePropertyEdit(pf: ParsedFile, p: Node, siblings: Node[]): { file: string; start: number; end: number; text: string; why: string } {
  const i = siblings.indexOf(p);
  const next = siblings[i + 1];
  const prev = siblings[i - 1];
  if (next) return { file: pf.file, start: p.start, end: next.start, text: '', why: 'remove property' };
  if (prev) return { file: pf.file, start: prev.end, end: p.end, text: '', why: 'remove property' };
  return { file: pf.file, start: p.start, end: p.end, text: '', why: 'remove property' };
}

/**
 * Unwrapping `{ ..., W: { a, b }, ... }` into `{ ..., a, b, ... }` with span edits only: the
 * `W: {` opening and the `}` closing are deleted and the inner lines lose one indentation step,
 * except lines inside strings and template literals. Comments inside stay where they are.
 */
function unwrapEdits(tx: Tx, pf: ParsedFile, outer: Node, prop: Node, inner: Node): void {
  const props = inner.properties as Node[];
  const outerProps = outer.properties as Node[];
  if (props.length === 0) {
    if (outerProps.length === 1) tx.edit(pf, outer.start + 1, outer.end - 1, '', `remove empty ${propName(prop)}`);
    else tx.edits.push(removePropertyEdit(pf, prop, outerProps));
    return;
  }
  const first = props[0]!;
  const last = props[props.length - 1]!;
  const src = pf.source;
  // opening: `W: {` and the whitespace up to the first inner property (comments kept)
  const openEnd = inner.start + 1;
  const between = src.slice(openEnd, first.start);
  if (/\/[/*]/.test(between)) tx.edit(pf, prop.start, openEnd, '', 'unwrap (open)');
  else tx.edit(pf, prop.start, first.start, '', 'unwrap (open)');
  // closing
  const closeStart = inner.end - 1;
  const tail = src.slice(last.end, closeStart);
  let afterClose = inner.end;
  const outerComma = /^[ \t]*,/.exec(src.slice(inner.end));
  if (!/\/[/*]/.test(tail)) {
    tx.edit(pf, last.end, inner.end, '', 'unwrap (close)');
  } else {
    // keep the comments; the inner comma (or one we add) separates from what follows
    const hasComma = /^\s*,/.test(tail);
    const more = outerProps.indexOf(prop) < outerProps.length - 1 || !!outerComma;
    if (!hasComma && more) tx.edit(pf, last.end, last.end, ',', 'unwrap (comma)');
    const nl = tail.lastIndexOf('\n');
    const cut = nl >= 0 ? last.end + nl : closeStart;
    if (outerComma) afterClose = inner.end + outerComma[0].length;
    tx.edit(pf, cut, afterClose, '', 'unwrap (close)');
  }
  // dedent the inner lines by the difference between the inner and the outer indentation
  const propIndent = pf.indentAt(prop.start);
  const innerIndent = pf.startsLine(first.start) ? pf.indentAt(first.start) : null;
  if (innerIndent === null || innerIndent.length <= propIndent.length || !innerIndent.startsWith(propIndent)) return;
  const delta = innerIndent.length - propIndent.length;
  const protectedRanges = pf.nodes
    .filter((n) => n.start >= inner.start && n.end <= inner.end && (n.type === 'TemplateLiteral' || isStringLiteral(n)))
    .map((n) => [n.start, n.end] as const);
  for (let i = src.indexOf('\n', first.start); i >= 0 && i < last.end; i = src.indexOf('\n', i + 1)) {
    const ls = i + 1;
    if (protectedRanges.some(([a, b]) => ls > a && ls < b)) continue;
    if (tx.edits.some((e) => e.file === pf.file && e.start < ls && e.end > ls)) continue;
    const ws = /^[ \t]*/.exec(src.slice(ls, ls + delta + 1))![0];
    if (ws.length === 0 || src[ls + ws.length] === '\n') continue;
    const take = Math.min(delta, ws.length);
    tx.edit(pf, ls, ls + take, '', 'unwrap (dedent)');
  }
}

/** Adds properties to an object literal, on their own lines when the object spans lines. */
function addProperties(tx: Tx, pf: ParsedFile, obj: Node, additions: Array<{ name: string; source: string }>, wrapperProp?: Node): void {
  const quote = preferredQuote(pf);
  const props = obj.properties as Node[];
  const text = additions.map((a) => `${keyText(a.name, quote)}: ${a.source}`);
  if (props.length === 0) {
    tx.edit(pf, obj.start + 1, obj.end - 1, ` ${text.join(', ')} `, 'add body fields');
    return;
  }
  const last = props[props.length - 1]!;
  const multiline = pf.source.slice(obj.start, obj.end).includes('\n');
  const trailingComma = /^\s*,/.test(pf.source.slice(last.end, obj.end - 1));
  // after the wrapper is unwrapped the last inner property ends where the wrapper did
  const anchorEnd = last === wrapperProp ? last.end : last.end;
  if (multiline) {
    const indent = pf.indentAt(last.start);
    const lines = text.map((t) => `\n${indent}${t},`).join('');
    if (trailingComma) {
      const comma = pf.source.indexOf(',', anchorEnd);
      tx.edit(pf, comma + 1, comma + 1, lines, 'add body fields');
    } else tx.edit(pf, anchorEnd, anchorEnd, `,${lines.slice(0, -1)}`, 'add body fields');
  } else {
    tx.edit(pf, anchorEnd, anchorEnd, `, ${text.join(', ')}`, 'add body fields');
  }
}

// ---------------------------------------------------------------------------------------------
// piecewise mutation: data.helpdesk_ticket.custom_field[k] = v

function rewritePiecewise(env: PayloadEnv, mod: Module, refs: Node[], wrapper: string | undefined, bodyRef: Node): boolean {
  const pf = mod.pf;
  const maps = mappingsOf(env.rule);
  let ok = true;
  for (const ref of refs) {
    if (ref === bodyRef) continue;
    const { steps } = chainFrom(pf, ref);
    if (steps.length === 0) continue;
    let i = 0;
    if (wrapper && steps[0]!.name === wrapper) {
      const top = steps[0]!.member;
      const parent = pf.parent(top);
      if (steps.length === 1) {
        // data.helpdesk_ticket = { ... } → Object.assign(data, { ... })
        if (parent?.type === 'AssignmentExpression' && parent.left === top && parent.operator === '=') {
          const rhs = unwrapExpr(parent.right);
          env.tx.replace(pf, parent, `Object.assign(${pf.text(ref)}, ${pf.text(parent.right)})`, 'unwrap assignment');
          if (rhs.type === 'ObjectExpression') for (const p of rhs.properties as Node[]) ok = rewriteProperty(env, pf, p, maps, rhs.properties) && ok;
          env.tx.change(pf, parent, 'payload', `unwrapped ${wrapper} assignment`);
          continue;
        }
        env.tx.marker(pf, top, env.rule.id, `${pf.text(top)} is used whole; v2 has no ${wrapper} wrapper`);
        ok = false;
        continue;
      }
      env.tx.edits.push({ file: pf.file, ...removeStepEdit(pf, steps[0]!), why: `unwrap ${wrapper}` });
      i = 1;
    }
    const field = steps[i];
    if (!field) continue;
    if (field.name === undefined) {
      env.tx.marker(pf, field.member, env.rule.id, `a computed field of the ${wrapper ?? 'body'}: check it against v2 names`);
      ok = false;
      continue;
    }
    const m = maps.find((x) => x.v1 === field.name) ?? undefined;
    const nested = maps.filter((x) => x.v1.startsWith(`${field.name}.`));
    if (!m && nested.length) {
      const sub = steps[i + 1];
      const nm = sub?.name !== undefined ? nested.find((x) => x.v1 === `${field.name}.${sub.name}`) : undefined;
      if (sub && nm?.v2 && !nm.v2.includes('.')) {
        // data.helpdesk.tags = x → data.tags = x
        env.tx.edits.push({ file: pf.file, ...removeStepEdit(pf, field), why: 'hoist' });
        env.tx.edits.push({ file: pf.file, ...renameStepEdit(pf, sub, nm.v2), why: 'hoist' });
        const how = nm.converters.length && needsConversion(nm.converters, env.overlay) ? ` (${forwardReason(nm.reason) ?? nm.converters.join(', ')})` : '';
        env.tx.change(pf, sub.member, 'payload', `${field.name}.${sub.name} → ${nm.v2}${how}`);
        ok = convertAssigned(env, pf, sub.member, nm) && ok;
        continue;
      }
      env.tx.marker(pf, field.member, env.rule.id, nested.map(describeMapping).join('; '));
      ok = false;
      continue;
    }
    if (!m) continue;
    if (m.v2 === null) {
      env.tx.marker(pf, field.member, env.rule.id, `${field.name}: ${m.reason ?? 'no v2 field'}; remove it`);
      ok = false;
      continue;
    }
    const nn = lastSegment(m.v2);
    if (nn !== field.name) env.tx.edits.push({ file: pf.file, ...renameStepEdit(pf, field, nn), why: `rename ${field.name}` });
    env.tx.change(pf, field.member, 'payload', `${wrapper ? `${wrapper}.` : ''}${field.name} → ${nn}`);
    if (m.keys) {
      const keyStep = steps[i + 1];
      if (keyStep) {
        const k = keyStep.name ?? (keyStep.member.computed ? literalValue(unwrapExpr(keyStep.member.property)) : undefined);
        if (typeof k === 'string') {
          const out = convertKey(m.keys, k, env.overlay, m.v2);
          if (out.value !== k) env.tx.edits.push({ file: pf.file, ...renameStepEdit(pf, { ...keyStep, name: k }, String(out.value)), why: 'custom field key' });
          for (const iss of out.issues) env.tx.marker(pf, keyStep.member, env.rule.id, iss.message);
        } else {
          env.tx.marker(pf, keyStep.member, env.rule.id, `${m.v2} keys: ${forwardReason(m.reason) ?? m.keys}; ${pf.text(keyStep.member.property)} is computed, convert it`);
          ok = false;
        }
      } else {
        const parent = pf.parent(field.member);
        if (parent?.type === 'AssignmentExpression' && parent.left === field.member && unwrapExpr(parent.right).type === 'ObjectExpression') {
          ok = renameKeysOf(env, pf, unwrapExpr(parent.right), m, parent) && ok;
        }
      }
    } else ok = convertAssigned(env, pf, field.member, m) && ok;
  }
  return ok;
}

/** `x.cc_emails = 'a,b'`: converts the assigned value like a property value. */
function convertAssigned(env: PayloadEnv, pf: ParsedFile, member: Node, m: FieldMapping): boolean {
  if (!m.converters.length || !needsConversion(m.converters, env.overlay)) return true;
  const parent = pf.parent(member);
  if (parent?.type !== 'AssignmentExpression' || parent.left !== member) return true;
  const quote = preferredQuote(pf);
  const sv = staticValue(parent.right);
  if (sv.ok) {
    const out = convertLiteral(m.converters, sv.value, env.overlay, m.v1);
    if (out.issues.some((i) => i.fidelity !== 'lossy')) {
      env.tx.marker(pf, parent, env.rule.id, out.issues.map((i) => i.message).join('; '));
      return false;
    }
    env.tx.replace(pf, parent.right, valueToSource(out.value, quote), `convert ${m.v1}`);
    return true;
  }
  const inline = inlineConversion(m.converters, pf.text(parent.right), parent.right, quote, env.overlay);
  if (inline === null) {
    env.tx.marker(pf, parent, env.rule.id, `${m.v2}: ${forwardReason(m.reason) ?? m.converters.join(', ')}; convert the value`);
    return false;
  }
  env.tx.replace(pf, parent.right, inline, `convert ${m.v1}`);
  return true;
}

// ---------------------------------------------------------------------------------------------
// JSON string literals

function rewriteJsonString(env: PayloadEnv, pf: ParsedFile, n: Node): boolean {
  const text: string = isStringLiteral(n) ? n.value : n.quasis[0].value.cooked;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return giveUp(env, pf, n, 'the body string is not JSON');
  }
  const t = env.cat.translate({ method: env.method, target: env.target, body: parsed });
  if (t.error || !t.calls.length) return giveUp(env, pf, n, t.error ?? 'the catalogue could not translate this body');
  const main = t.calls.find((c) => c.body) ?? t.calls[0]!;
  const body = keepOrder(main.body ?? {}, parsed, env.rule.request?.wrapper);
  const manual = t.detail?.issues.filter((i) => i.path.startsWith('body') && (i.fidelity === 'manual' || i.fidelity === 'none')) ?? [];
  if (manual.length) return giveUp(env, pf, n, manual.map((i) => i.message).join('; '));
  const spaced = /":\s/.test(text);
  const indent = /\n(\s+)"/.exec(text)?.[1];
  const json = indent ? JSON.stringify(body, null, indent) : spaced ? JSON.stringify(body).replace(/":/g, '": ').replace(/,"/g, ', "') : JSON.stringify(body);
  const quote = isStringLiteral(n) ? pf.source[n.start]! : '`';
  env.tx.replace(pf, n, quoteString(json, quote), 'translate JSON body');
  env.tx.change(pf, n, 'payload', 'translated the JSON body');
  for (const i of t.detail?.issues ?? []) if (i.path.startsWith('body') && i.fidelity === 'lossy') env.tx.marker(pf, n, env.rule.id, i.message);
  return true;
}

/** The translated object with its keys in the order the v1 keys were written (renamed keys take their place). */
function keepOrder(out: Record<string, unknown>, v1: unknown, wrapper: string | undefined): Record<string, unknown> {
  if (!v1 || typeof v1 !== 'object') return out;
  const src = v1 as Record<string, unknown>;
  const order: string[] = [];
  for (const k of Object.keys(src)) {
    if (k === wrapper && src[k] && typeof src[k] === 'object') order.push(...Object.keys(src[k] as object));
    else order.push(k);
  }
  const keys = Object.keys(out);
  const rank = (k: string) => {
    const i = order.indexOf(k);
    return i < 0 ? order.length + keys.indexOf(k) : i;
  };
  const sorted = [...keys].sort((a, b) => rank(a) - rank(b));
  return Object.fromEntries(sorted.map((k) => [k, out[k]]));
}

// ---------------------------------------------------------------------------------------------
// multipart: FormData.append('helpdesk_ticket[subject]', v), { 'helpdesk_ticket[...]': v }

/** The v2 multipart key for a v1 bracket key, or a reason why there is none. */
export function v2BracketKey(rule: Rule, key: string, overlay: Overlay): { key: string; converters: string[]; issues: string[] } | { error: string } {
  const spec = rule.request;
  if (spec?.multipart && key === spec.multipart.v1Files) return { key: spec.multipart.v2Files, converters: [], issues: [] };
  const parts = splitBracketKey(key);
  const wrapper = spec?.wrapper;
  let rest = parts;
  if (wrapper) {
    if (parts[0] !== wrapper) return { error: `${key} is not a field of ${wrapper}` };
    rest = parts.slice(1);
  }
  if (rest.length === 0) return { error: `${key} has no field` };
  const maps = mappingsOf(rule);
  const field = rest[0]!;
  const m = maps.find((x) => x.v1 === field);
  if (!m) return { key: bracket([field, ...rest.slice(1)]), converters: [], issues: [] };
  if (m.v2 === null) return { error: `${field}: ${m.reason ?? 'no v2 field'}` };
  const issues: string[] = [];
  let tail = rest.slice(1);
  if (m.keys && tail.length) {
    const out = convertKey(m.keys, tail[0]!, overlay, m.v2);
    issues.push(...out.issues.map((i) => i.message));
    tail = [String(out.value), ...tail.slice(1)];
  }
  return { key: bracket([...m.v2.split('.'), ...tail]), converters: m.converters, issues };
}

function bracket(parts: string[]): string {
  return parts[0] + parts.slice(1).map((p) => `[${p}]`).join('');
}

function rewriteBracketKeyLiteral(env: PayloadEnv, pf: ParsedFile, keyNode: Node, valueNode: Node | undefined, at: Node): boolean {
  const key: string = keyNode.value;
  const out = v2BracketKey(env.rule, key, env.overlay);
  if ('error' in out) {
    env.tx.marker(pf, at, env.rule.id, out.error);
    return false;
  }
  if (out.key !== key) {
    env.tx.edit(pf, keyNode.start + 1, keyNode.end - 1, out.key.replace(/\\/g, '\\\\').replace(new RegExp(pf.source[keyNode.start]!, 'g'), `\\${pf.source[keyNode.start]}`), 'multipart key');
    env.tx.change(pf, keyNode, 'payload', `${key} → ${out.key}`);
  }
  for (const i of out.issues) env.tx.marker(pf, at, env.rule.id, i);
  if (valueNode && out.converters.length && needsConversion(out.converters, env.overlay)) {
    const sv = staticValue(valueNode);
    if (sv.ok && typeof sv.value !== 'object') {
      const conv = convertLiteral(out.converters, sv.value, env.overlay, key);
      if (Array.isArray(conv.value)) {
        env.tx.marker(pf, at, env.rule.id, `${out.key}: send each value as its own ${out.key}[] field`);
        return false;
      }
      env.tx.replace(pf, valueNode, valueToSource(conv.value, preferredQuote(pf)), 'convert multipart value');
    } else {
      // a value known only at run time: converted where it is written, when the conversion has a
      // short exact form (plain text → HTML), as in an object literal body
      const inline = inlineConversion(out.converters, pf.text(valueNode), valueNode, preferredQuote(pf), env.overlay);
      if (inline === null) {
        env.tx.marker(pf, at, env.rule.id, `${out.key}: convert the value (${out.converters.join(', ')})`);
        return false;
      }
      env.tx.replace(pf, valueNode, inline, 'convert multipart value');
      env.tx.change(pf, valueNode, 'payload', `${out.key}: value converted (${out.converters.join(', ')})`);
    }
  }
  return true;
}

function rewriteBracketObject(env: PayloadEnv, pf: ParsedFile, obj: Node): boolean {
  let ok = true;
  for (const p of obj.properties as Node[]) {
    if (!isObjectProperty(p)) continue;
    const name = propName(p);
    if (name === undefined || !isStringLiteral(p.key)) continue;
    ok = rewriteBracketKeyLiteral(env, pf, p.key, p.value, p) && ok;
  }
  if (env.additions.length) addProperties(env.tx, pf, obj, env.additions);
  return ok;
}

function rewriteFormData(env: PayloadEnv, mod: Module, refs: Node[]): boolean {
  const pf = mod.pf;
  let ok = true;
  for (const ref of refs) {
    const m = pf.parent(ref);
    if (!m || !isMember(m) || m.object !== ref) continue;
    const name = memberName(m);
    const call = pf.parent(m);
    if (!call || !isCall(call) || call.callee !== m) continue;
    if (name !== 'append' && name !== 'set') continue;
    const k = call.arguments[0] && unwrapExpr(call.arguments[0]);
    if (!k) continue;
    if (isStringLiteral(k)) ok = rewriteBracketKeyLiteral(env, pf, k, call.arguments[1], call) && ok;
    else if (k.type === 'TemplateLiteral' || (k.type === 'BinaryExpression' && k.operator === '+')) {
      const text = pf.text(k);
      if (env.rule.request?.wrapper && text.includes(env.rule.request.wrapper)) {
        env.tx.marker(pf, call, env.rule.id, `multipart key ${text} is built at run time: v2 keys have no ${env.rule.request.wrapper}[...] prefix`);
        ok = false;
      }
    }
  }
  if (env.additions.length) {
    const first = refs.find((r) => pf.parent(r)?.type === 'MemberExpression');
    env.tx.marker(pf, first ?? refs[0]!, env.rule.id, `add ${env.additions.map((a) => `${a.name} (${a.source})`).join(', ')} to the form`);
    ok = false;
  }
  return ok;
}

/**
 * The form fields a chained client adds after the request call (unirest, superagent:
 * `unirest.post(url).field(fields).attach('helpdesk_ticket[attachments][][resource]', file)`): each
 * literal bracket key of the wrapper becomes its v2 key; one built at run time keeps the call on
 * v1. False when a key could not be rewritten with certainty.
 */
export function rewriteChainedFields(env: PayloadEnv, mod: Module, call: Node): boolean {
  const pf = mod.pf;
  const wrapper = env.rule.request?.wrapper;
  if (!wrapper) return true;
  let ok = true;
  for (let cur = call; ; ) {
    const m = pf.parent(cur);
    const next = m && isMember(m) && m.object === cur ? pf.parent(m) : undefined;
    if (!m || !next || !isCall(next) || next.callee !== m) break;
    cur = next;
    const name = memberName(m);
    if ((name !== 'field' && name !== 'attach') || next.arguments.length < 2) continue;
    const k = unwrapExpr(next.arguments[0]);
    if (isStringLiteral(k)) {
      if (isBracketKeyOf(k.value, wrapper)) ok = rewriteBracketKeyLiteral(env, pf, k, name === 'field' ? next.arguments[1] : undefined, next) && ok;
    } else if (pf.text(k).includes(wrapper)) {
      env.tx.marker(pf, next, env.rule.id, `multipart key ${pf.text(k)} is built at run time: v2 keys have no ${wrapper}[...] prefix`);
      ok = false;
    }
  }
  return ok;
}

/** Is this string a v1 bracket key of some wrapper (`helpdesk_ticket[subject]`)? */
export function isBracketKeyOf(key: string, wrapper: string): boolean {
  return key.startsWith(`${wrapper}[`);
}

/** Are both nodes in the same innermost function (or both at the top level)? */
function sameFunction(mod: Module, a: Node, b: Node): boolean {
  const fnOf = (n: Node) => {
    for (let p = mod.pf.parent(n); p; p = mod.pf.parent(p)) if (isFunctionNode(p)) return p;
    return undefined;
  };
  return fnOf(a) === fnOf(b);
}
