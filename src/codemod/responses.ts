/**
 * Reads of v1-shaped responses and status checks, rewritten along the flows the shared tracer
 * found (src/analysis/flow/tracer.ts):
 * `.helpdesk_ticket.display_id` → `.id`, `.helpdesk_ticket.x` → `.x`, `[0].ticket.x` → `.x`
 * (v1 answered a one-item list), `.user.x` → `.x` for contacts, renamed fields; fields v2 no
 * longer has get a marker. `status === 200` after a create becomes 201, after a delete 204.
 */
import { fieldMappings, type FieldMapping, type Overlay, type Rule } from '../catalogue/index.ts';
import { reshapesValue } from '../catalogue/index.ts';
import { isIdentifierName, isMember, isObjectProperty, isStringLiteral, memberName, propName, unwrapExpr } from './ast.ts';
import { renameStepEdit, removeStepEdits, type ChainStep } from './chains.ts';
import type { Tx } from './context.ts';
import type { ResponseTracer } from '../analysis/flow/tracer.ts';
import { keyedObjectOf, type Taint } from '../analysis/flow/taint.ts';
import { sharedTestFunction, STATUS_PROPS } from '../analysis/flow/functions.ts';
import { STATUS_TEXT, statusReadOf, statusUses } from '../analysis/flow/status-uses.ts';
import { answersWithoutBody, mainStep } from '../analysis/answer-changes.ts';
import { isTypeScriptFile } from '../analysis/read-changes.ts';
import { isJsonParseOf, isTransparent } from '../analysis/syntax.ts';
import type { Node } from './parse.ts';
import { bindingOf, type Module } from './pieces.ts';
import { convertKey } from './values.ts';

const BODY_NAMES = new Set(['data', 'body', 'json', 'responseText', 'response', 'text']);

function describeShape(rule: Rule): string {
  const r = rule.response;
  if (!r) return 'a body';
  if (r.shape === 'summary-list') return `[{ ${r.wrapper}: {...} }]`;
  if (r.shape === 'list-wrapped') return `[{ ${r.wrapper}: {...} }, ...]`;
  if (r.shape === 'object' && r.wrapper) return `{ ${r.wrapper}: {...} }`;
  return 'a body';
}


function lastSegment(p: string): string {
  const parts = p.replace(/\[\]/g, '').split('.');
  return parts[parts.length - 1]!;
}

function parentPath(p: string): string {
  const i = p.lastIndexOf('.');
  return i < 0 ? '' : p.slice(0, i);
}

export function readMessage(m: FieldMapping): string {
  if (m.v2 === null) return `${m.v1} is not in the v2 response${m.reason ? `: ${m.reason}` : ''}`;
  const halves = m.reason?.split(' ↔ ');
  const r = halves && halves.length === 2 ? `v1 ${halves[0]}, v2 ${halves[1]}` : m.reason;
  return `${m.v1} is read differently in v2${m.v2 !== m.v1 ? ` (as ${m.v2})` : ''}: ${r ?? m.converters.join(', ')}`;
}

/**
 * Turns the flow of each transaction's response into edits and markers on that transaction.
 * `txOf` gives the transaction of a taint (a site of this module or of another one).
 */
export function responseEdits(mod: Module, flow: ResponseTracer, txOf: (t: Taint) => Tx | undefined, overlay: Overlay = {}): void {
  const pf = mod.pf;
  const done = new Set<string>();
  for (const [node, taints] of flow.taints) {
    for (const t of taints) {
      const tx = txOf(t);
      if (!tx) continue;
      const parent = pf.parent(node);
      // a destructuring of the wrapper: const { helpdesk_ticket } = res.data
      if (parent?.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'ObjectPattern' && t.level === 'pre') {
        destructuring(mod, parent.id, t, tx);
        continue;
      }
      if (parent) keyedObjectUse(mod, node, parent, t, tx);
      // the body of a call v2 answers with 204 and none, parsed: `JSON.parse('')` throws
      if (parent && t.level === 'res' && isJsonParseOf(parent, node) && answersWithoutBody(t.rule)) {
        tx.marker(pf, parent, t.rule.id, `v2 answers ${mainStep(t.rule)!.method} ${mainStep(t.rule)!.path} with 204 and no body: do not parse it (v1 answered ${describeShape(t.rule)})`);
      }
      // (through `as X`, `!` and parentheses: `(await r.json() as Row).user` reads the answer too)
      let object = node;
      let member = parent;
      while (member && isTransparent(member) && member.expression === object) {
        object = member;
        member = pf.parent(member);
      }
      if (!member || !isMember(member) || member.object !== object) continue;
      const id = `${tx.id}:${member.start}:${member.end}`;
      if (done.has(id)) continue;
      done.add(id);
      const name = memberName(member);
      const index = member.computed && (name === undefined || /^\d+$/.test(name));
      const step: ChainStep = { member, name: index ? undefined : name, index };
      readStep(mod, object, step, t, tx, overlay);
    }
  }
  for (const { prop, taint } of flow.patternReads) {
    const tx = txOf(taint);
    if (!tx) continue;
    const id = `${tx.id}:${prop.start}:${prop.end}`;
    if (done.has(id)) continue;
    done.add(id);
    patternStep(mod, prop, taint, tx, overlay);
  }
}

/**
 * An object whose keys v2 renames (custom fields) used as a whole: its keys enumerated
 * (`Object.keys(cf)`, `for (k in cf)`), spread, handed to a function, tested for a key (`'cf_x' in
 * cf`) or asked by a method of its own (`cf.hasOwnProperty('cf_region_318502')`). Its v1 names are read where the codemod cannot
 * rename them.
 */
function keyedObjectUse(mod: Module, node: Node, parent: Node, t: Taint, tx: Tx): void {
  const keyed = keyedObjectOf(t);
  if (!keyed) return;
  const grand = isMember(parent) && parent.object === node ? mod.pf.parent(parent) : undefined;
  const method = !!grand && (grand.type === 'CallExpression' || grand.type === 'OptionalCallExpression') && grand.callee === parent;
  const tested = parent.type === 'BinaryExpression' && parent.operator === 'in' && parent.right === node;
  const handed = method || tested || ((parent.type === 'CallExpression' || parent.type === 'NewExpression') && (parent.arguments as Node[]).includes(node)) || parent.type === 'SpreadElement' || ((parent.type === 'ForInStatement' || parent.type === 'ForOfStatement') && parent.right === node);
  if (handed) tx.marker(mod.pf, parent, t.rule.id, `${keyed.v1} is used as a whole (line ${parent.loc?.start.line ?? '?'}), and v2 names its keys otherwise (${keyed.reason ?? keyed.keys}): use the v2 names`);
}

/**
 * A property of an object pattern the response is destructured by: `{ display_id }` reads
 * `display_id` as `.display_id` does, and is renamed the same way (`{ id: display_id }`, the
 * binding kept); what a member read would mark is marked.
 */
function patternStep(mod: Module, prop: Node, t: Taint, tx: Tx, overlay: Overlay): void {
  const pf = mod.pf;
  const rule = t.rule;
  const resp = rule.response;
  const name: string | undefined = prop.computed ? (isStringLiteral(prop.key) ? String(prop.key.value) : undefined) : (prop.key?.name ?? (isStringLiteral(prop.key) ? String(prop.key.value) : undefined));
  const main = mainStep(rule);
  if (t.level === 'pre') {
    if (name && (STATUS_PROPS.has(name) || name === STATUS_TEXT) && main && (resp?.v1Status ?? 200) !== main.status) {
      // `const { status } = await …`: its tests are rewritten where they are, as `res.status` ones
      const id = prop.value?.type === 'AssignmentPattern' ? prop.value.left : prop.value;
      const b = id?.type === 'Identifier' ? bindingOf(mod, id) : undefined;
      if (b && !b.writes?.length) for (const ref of b.refs) if (ref !== id) statusCheck(mod, ref, rule, tx, name === STATUS_TEXT);
      else tx.marker(pf, prop, rule.id, `v2 answers ${main.status} where v1 answered ${resp?.v1Status ?? 200}: check the test of the ${name} taken here`);
    }
    // the wrapper taken out by a declaration is unwrapped there (`destructuring`); elsewhere (a
    // parameter, an assignment) a human does it
    const pattern = pf.parent(prop)!;
    const declared = pf.parent(pattern);
    // (a for-of's declaration has no initialiser: its pattern takes each item, as a parameter does)
    const forOf = declared?.type === 'VariableDeclarator' && !declared.init;
    if (name && name === resp?.wrapper && !(declared?.type === 'VariableDeclarator' && !forOf)) {
      // nested in a pattern of the answer (`const { data: { user: contact } } = await …`): the
      // wrapper's pattern gives way to what it held (`{ data: contact }`)
      const value = prop.value;
      const only = pattern.properties.length === 1 && !prop.computed && value && value.type !== 'AssignmentPattern';
      const nested = only && (declared?.type === 'ObjectProperty' || declared?.type === 'Property') && declared.value === pattern;
      // or a parameter that takes only the wrapper (`({ agent }) => agent.user.name`, `({ agent } =
      // {})`, `({ agent: { available } })`): the item itself, or the pattern the wrapper held
      const fn = declared?.type === 'AssignmentPattern' && declared.left === pattern ? pf.parent(declared) : declared;
      // (an element of an array pattern, `for (const [i, { user }] of rows.entries())`, likewise)
      const element = declared?.type === 'ArrayPattern';
      const param = only && (value.type === 'Identifier' || value.type === 'ObjectPattern') && (forOf || element || (fn?.params as Node[] | undefined)?.includes(declared?.type === 'AssignmentPattern' ? declared : pattern));
      // (a typed parameter, `({ helpdesk_ticket }: any) =>`: `any` goes with the item, as without it
      // the item would be typed by the call (`Object` for HttpClient's `get()`); another type, the v1
      // envelope's, goes as before)
      const annotation = param ? pattern.typeAnnotation : undefined;
      const keepsAny = annotation?.typeAnnotation?.type === 'TSAnyKeyword';
      if (nested || param) {
        // (the text around the value goes, so the renames inside it apply where they are)
        tx.edits.push({ file: pf.file, start: pattern.start, end: value.start, text: '', why: `unwrap ${resp.wrapper}` });
        tx.edits.push({ file: pf.file, start: value.end, end: keepsAny ? annotation.start : pattern.end, text: '', why: `unwrap ${resp.wrapper}` });
        tx.change(pf, pattern, 'response-read', `the response is no longer wrapped in ${resp.wrapper}`);
      } else tx.marker(pf, prop, rule.id, `v2 does not wrap the response in ${resp.wrapper}: take the fields from the response itself`);
    }
    return;
  }
  if (main?.status === 204) return;
  const maps = fieldMappings(rule, 'response').filter((m) => !m.wrapper);
  const keyed = keyedObjectOf(t);
  const key = name === undefined ? undefined : t.prefix ? `${t.prefix}.${name}` : name;
  const m = key === undefined || keyed ? undefined : maps.find((x) => x.v1 === key);
  let v2: string | undefined;
  if (name === undefined) {
    tx.marker(pf, prop, rule.id, `a v1 field is taken by a computed key here: take it by its v2 name`);
    return;
  } else if (keyed) {
    const out = convertKey(keyed.keys!, name, overlay, keyed.v2 ?? keyed.v1);
    for (const issue of out.issues) tx.marker(pf, prop, rule.id, issue.message);
    v2 = String(out.value);
  } else if (!m) {
    // a host object v2 renamed whole (`{ user: { email } }` → `{ contact: { email } }`): its key;
    // one v2 flattened or split (cc_email, user's fields in two places): not rewritten inside a pattern
    // (TypeScript declares the host object's key in its types too, which this edit would not follow)
    const host = isTypeScriptFile(pf.file) ? undefined : renamedHost(maps, key!, prop.value);
    if (host) {
      tx.edits.push({ file: pf.file, start: prop.key.start, end: prop.key.end, text: host, why: `${name} → ${host}`, prop: { v1: name, v2: host, kind: 'rename', side: 'response', rule: rule.id } });
      tx.change(pf, prop, 'response-read', `{ ${name}: … } → { ${host}: … }`);
    } else if (maps.some((x) => x.v1.startsWith(`${key}.`))) tx.marker(pf, prop, rule.id, `${key} is gone in v2: ${maps.filter((x) => x.v1.startsWith(`${key}.`) && x.v2).slice(0, 4).map((x) => `${x.v1} is ${x.v2}`).join(', ')}`);
    return;
  } else if (m.v2 === null || reshapesValue(m) || (parentPath(m.v2) !== parentPath(m.v1) && !inRenamedHost(pf, prop, maps, m))) {
    tx.marker(pf, prop, rule.id, m.v2 === null || reshapesValue(m) ? readMessage(m) : `${m.v1} is ${m.v2} in v2`);
    return;
  } else v2 = lastSegment(m.v2);
  if (v2 === name) return;
  const text = isIdentifierName(v2) ? v2 : `'${v2}'`;
  if (prop.shorthand) {
    // `{ display_id }` / `{ display_id = 0 }`: the binding keeps its name
    tx.edits.push({ file: pf.file, start: prop.start, end: prop.start, text: `${text}: `, why: `${name} → ${v2}`, prop: { v1: name, v2, kind: 'rename', side: 'response', rule: rule.id } });
  } else {
    tx.edits.push({ file: pf.file, start: prop.key.start, end: prop.key.end, text: prop.computed ? `'${v2}'` : text, why: `${name} → ${v2}`, prop: { v1: name, v2, kind: 'rename', side: 'response', rule: rule.id } });
  }
  tx.change(pf, prop, 'response-read', `{ ${name} } → { ${v2} }`);
}

/**
 * The v2 name of a host object a pattern takes apart whole (`user: { email, name }` of an agent):
 * when every field it takes moves under one other object of the same parent with its own name
 * (`user.email` is `contact.email`), the key alone changes. Undefined otherwise.
 */
function renamedHost(maps: FieldMapping[], key: string, value: Node | undefined): string | undefined {
  const inner = value?.type === 'AssignmentPattern' ? value.left : value;
  if (inner?.type !== 'ObjectPattern' || !inner.properties.length) return undefined;
  let host: string | undefined;
  for (const p of inner.properties as Node[]) {
    if (!isObjectProperty(p) || p.computed) return undefined;
    const n = propName(p);
    const m = maps.find((x) => x.v1 === `${key}.${n}`);
    if (!m?.v2 || reshapesValue(m) || lastSegment(m.v2) !== n || parentPath(parentPath(m.v2)) !== parentPath(key)) return undefined;
    const h = lastSegment(parentPath(m.v2));
    if (host !== undefined && h !== host) return undefined;
    host = h;
  }
  return host;
}

/** A field taken from a host object whose key the pattern renames whole (see renamedHost): nothing to change here. */
function inRenamedHost(pf: Module['pf'], prop: Node, maps: FieldMapping[], m: FieldMapping): boolean {
  const pattern = pf.parent(prop);
  // (`{ user: { email } = {} }`: the host's pattern under its default)
  const up = pattern && pf.parent(pattern);
  const owner = up?.type === 'AssignmentPattern' && up.left === pattern ? pf.parent(up) : up;
  const hostKey = parentPath(m.v1);
  return !!owner && isObjectProperty(owner) && (owner.value === pattern || owner.value === up) && propName(owner) === lastSegment(hostKey) && !isTypeScriptFile(pf.file) && renamedHost(maps, hostKey, pattern) !== undefined;
}

function destructuring(mod: Module, pattern: Node, t: Taint, tx: Tx): void {
  const wrapper = t.rule.response?.wrapper;
  if (!wrapper) return;
  const props = pattern.properties as Node[];
  const hit = props.find((p) => isObjectProperty(p) && propName(p) === wrapper);
  if (!hit) return;
  const pf = mod.pf;
  // (`{ helpdesk_ticket: { … } = {} }`: the default stood in for a missing wrapper, which v2 never has)
  const inner = hit.value.type === 'AssignmentPattern' && hit.value.left.type === 'ObjectPattern' ? hit.value.left : hit.value;
  if (props.length === 1 && inner.type === 'ObjectPattern' && !pattern.typeAnnotation) {
    // `{ helpdesk_ticket: { display_id } }` → `{ display_id }`: the text around the inner pattern
    // goes, so the inner pattern's own renames (patternStep) apply where they are
    tx.edits.push({ file: pf.file, start: pattern.start, end: inner.start, text: '', why: `unwrap ${wrapper}` });
    tx.edits.push({ file: pf.file, start: inner.end, end: pattern.end, text: '', why: `unwrap ${wrapper}` });
    tx.change(pf, pattern, 'response-read', `the response is no longer wrapped in ${wrapper}`);
  } else if (props.length === 1 && hit.value.type !== 'ObjectPattern' && (hit.value.type !== 'AssignmentPattern' || hit.value.left.type === 'Identifier')) {
    // (`{ user: contact = {} }` → `contact`: the default stood in for a missing wrapper, as above)
    const name = hit.value.type === 'AssignmentPattern' ? hit.value.left : hit.value;
    tx.replace(pf, pattern, pf.text(name), `unwrap ${wrapper}`);
    tx.change(pf, pattern, 'response-read', `the response is no longer wrapped in ${wrapper}`);
  } else tx.marker(pf, pattern, t.rule.id, `v2 does not wrap the response in ${wrapper}: take the fields from the response itself`);
}

function readStep(mod: Module, objectNode: Node, step: ChainStep, t: Taint, tx: Tx, overlay: Overlay): void {
  const pf = mod.pf;
  const rule = t.rule;
  const resp = rule.response;
  const main = mainStep(rule);
  const noBody = main?.status === 204 && resp?.shape !== 'none';
  if (noBody && t.level === 'res') return;
  if (t.level === 'pre') {
    const name = step.name;
    // status checks on the response object (`res.status`, `resp.getResponseCode()`)
    const status = statusReadOf(objectNode, step.member, pf.parent(step.member));
    if (status) {
      statusCheck(mod, status, rule, tx);
      return;
    }
    if (noBody) {
      // v2 answers 204 with no body: reading one is a bug now
      if (step.index || BODY_NAMES.has(name ?? '') || name === resp?.wrapper) {
        tx.marker(pf, step.member, rule.id, `v2 answers ${main!.method} ${main!.path} with 204 and no body: do not read it (v1 answered ${describeShape(rule)})`);
      }
      return;
    }
    if (!resp?.wrapper || name !== resp.wrapper) return;
    // [0].ticket: v1 answered a one-item list, v2 the object
    if (resp.shape === 'summary-list') {
      const obj = unwrapExpr(objectNode);
      if (isMember(obj) && obj.computed && memberName(obj) === '0') {
        tx.edits.push({ file: pf.file, start: obj.object.end, end: step.member.end, text: '', why: 'v2 answers one object' });
        tx.change(pf, step.member, 'response-read', `[0].${resp.wrapper} → the response object`);
        return;
      }
      tx.marker(pf, step.member, rule.id, `v1 answered a list of { ${resp.wrapper} } summaries; v2 answers one ticket object: read its fields directly`);
      return;
    }
    const [unwrap, ...keepOptional] = removeStepEdits(pf, step);
    tx.edits.push({ file: pf.file, ...unwrap!, why: `unwrap ${resp.wrapper}`, prop: { v1: resp.wrapper, v2: null, kind: 'unwrap', side: 'response', rule: rule.id } });
    for (const e of keepOptional) tx.edits.push({ file: pf.file, ...e, why: 'keep ?.' });
    tx.change(pf, step.member, 'response-read', `.${resp.wrapper} removed (v2 answers the bare object)`);
    return;
  }
  // level res: a field of the resource. Wrappers of list items (`notes[].note`) are not unwrapped
  // here: the only ones are ticket notes, which v2 returns from another call (or not at all), so a
  // read through one keeps its marker (below) for a human
  const maps = fieldMappings(rule, 'response').filter((m) => !m.wrapper);
  // a key of an object whose keys v2 renames (custom fields lose the _<account_id> suffix)
  const keyed = keyedObjectOf(t);
  if (keyed) {
    customKeyRead(mod, step, keyed, rule, tx, overlay);
    return;
  }
  const key = step.name === undefined ? null : t.prefix ? `${t.prefix}.${step.name}` : step.name;
  if (key === null) return;
  const m = maps.find((x) => x.v1 === key);
  if (!m) {
    // a host object v2 flattened or renamed (cc_email.reply_cc → reply_cc_emails, user.email → contact.email)
    const nested = maps.filter((x) => x.v1.startsWith(`${key}.`));
    if (!nested.length) return;
    const parent = pf.parent(step.member);
    const next = parent && isMember(parent) && parent.object === step.member ? memberName(parent) : undefined;
    const plan = next !== undefined ? hostPlan(maps, key, next) : null;
    const moved = nested.filter((x) => x.v2).slice(0, 4).map((x) => `${x.v1} is ${x.v2}`).join(', ');
    if (!plan || plan.child === null) {
      tx.marker(pf, step.member, rule.id, `${key} is gone in v2: ${moved}`);
      return;
    }
    // (a host renamed whole in TypeScript: the declared type keeps the v1 host, tsc fails; as for patterns)
    if (plan.host !== 'remove' && plan.host !== step.name && isTypeScriptFile(pf.file)) {
      tx.marker(pf, step.member, rule.id, `${key} is ${plan.host} in v2 (${moved}): rename it in the reads and in the declared type`);
      return;
    }
    if (plan.host === 'remove') for (const e of removeStepEdits(pf, step)) tx.edits.push({ file: pf.file, ...e, why: `flatten ${key}` });
    else if (plan.host !== step.name) tx.edits.push({ file: pf.file, ...renameStepEdit(pf, step, plan.host), why: `${key} → ${plan.host}` });
    return;
  }
  if (m.v2 === null) {
    tx.marker(pf, step.member, rule.id, readMessage(m));
    // the declaration of the field (a TypeScript interface) gets the same note
    tx.edits.push({ file: pf.file, start: step.member.property.start, end: step.member.property.start, text: '', why: 'type note', prop: { v1: step.name!, v2: null, kind: 'rename', side: 'response', rule: rule.id, reason: readMessage(m) } });
    return;
  }
  if (reshapesValue(m)) {
    tx.marker(pf, step.member, rule.id, readMessage(m));
  }
  let newName = lastSegment(m.v2);
  if (parentPath(m.v2) !== parentPath(m.v1)) {
    // a field of a host object: the host step is rewritten by its own read (see above)
    const plan = key.includes('.') ? hostPlan(maps, parentPath(key), step.name!) : null;
    if (!plan || plan.child === null) {
      tx.marker(pf, step.member, rule.id, `${m.v1} is ${m.v2} in v2`);
      return;
    }
    newName = plan.child;
  }
  if (newName !== step.name) {
    tx.edits.push({ file: pf.file, ...renameStepEdit(pf, step, newName), why: `${m.v1} → ${m.v2}`, prop: { v1: step.name!, v2: newName, kind: 'rename', side: 'response', rule: rule.id } });
    tx.change(pf, step.member, 'response-read', `.${step.name} → .${newName}`);
  }
}

/**
 * `custom_field.cf_region_4711` → `custom_fields.cf_region`: the key converted as the payload
 * rewriter converts a written key (`convertKey`, the catalogue's key converter), so a field read
 * back is the field written; a computed key, or one the converter cannot name, is a marker.
 */
function customKeyRead(mod: Module, step: ChainStep, keyed: FieldMapping, rule: Rule, tx: Tx, overlay: Overlay): void {
  const pf = mod.pf;
  const container = keyed.v2 ?? keyed.v1;
  if (step.name === undefined) {
    // `custom_field[0]` is no key either: v2 custom fields are an object of names too
    tx.marker(pf, step.member, rule.id, `${container} keys: ${keyed.reason ?? keyed.keys}; ${pf.text(step.member.property)} is computed: read the field by its v2 name`);
    return;
  }
  const out = convertKey(keyed.keys!, step.name, overlay, container);
  for (const issue of out.issues) tx.marker(pf, step.member, rule.id, issue.message);
  const v2 = String(out.value);
  if (v2 === step.name) return;
  tx.edits.push({ file: pf.file, ...renameStepEdit(pf, step, v2), why: 'custom field key', prop: { v1: step.name, v2, kind: 'rename', side: 'response', rule: rule.id } });
  tx.change(pf, step.member, 'response-read', `.${step.name} → .${v2}`);
}

/**
 * How `host.child` is read in v2: the host step removed (the field moved up) or renamed (the
 * object is called differently), and the child's new name; null when the two steps do not map.
 */
function hostPlan(maps: FieldMapping[], hostKey: string, child: string): { host: 'remove' | string; child: string | null } | null {
  const m = maps.find((x) => x.v1 === `${hostKey}.${child}`);
  if (!m) return null;
  if (m.v2 === null) return { host: 'remove', child: null };
  const v2parent = parentPath(m.v2);
  const base = parentPath(hostKey);
  if (v2parent === base) return { host: 'remove', child: lastSegment(m.v2) };
  if (parentPath(v2parent) === base) return { host: lastSegment(v2parent), child: lastSegment(m.v2) };
  return null;
}

/**
 * `res.status === 200` → 201 (create) / 204 (delete, restore, follow) where the test compares with
 * a literal; a use of the status nobody can judge here (copied and compared with a variable,
 * handed on, its text compared with 'OK') gets a marker (`statusUses`, shared with the audit).
 */
function statusCheck(mod: Module, member: Node, rule: Rule, tx: Tx, text?: boolean): void {
  const pf = mod.pf;
  const v1 = rule.response?.v1Status ?? 200;
  const v2 = mainStep(rule)?.status ?? 200;
  if (v1 === v2) return;
  const traced = { info: mod.info, tree: pf };
  const shared = sharedTestFunction(traced, member);
  if (shared) {
    tx.marker(pf, member, rule.id, `v2 answers ${v2} where v1 answered ${v1}, and this status test in ${shared}() serves other calls too: make it accept ${v2} for this call only`);
    return;
  }
  for (const use of statusUses(traced, member, v1, text)) {
    if (use.kind === 'rewrite') {
      const inCase = pf.parent(use.literal)?.type === 'SwitchCase';
      tx.replace(pf, use.literal, String(v2), `status ${v1} → ${v2}`);
      tx.change(pf, use.literal, 'status', inCase ? `case ${v1} → ${v2}` : `expects ${v2} (v2) instead of ${v1} (v1)`);
    } else tx.marker(pf, use.node, rule.id, `v2 answers ${v2} where v1 answered ${v1}: check this use of the status`);
  }
}

