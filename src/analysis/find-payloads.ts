/**
 * `wrapper` sites: the v1 payload wrapper key (`{ helpdesk_ticket: {...} }`, `'helpdesk_ticket[subject]'`,
 * `data.helpdesk_ticket = …`, a JSON string) that v2 drops, with the body fields that change. In
 * the body of each v1 call (followed through variables, spreads, FormData appends and superagent
 * `.field()`), and, in a file that talks to v1, distinctive wrapper names anywhere.
 */
import { v2RefusesRequestField, type Rule } from '../catalogue/index.ts';
import { escapeRegex } from './match-url.ts';
import { urlOf } from './call-sites.ts';
import type { Analysis } from './analysis.ts';
import { isJsonStringify } from './module.ts';
import { isDistinctiveWrapper, writeMappings } from './catalogue-facts.ts';
import type { CallShape, NodeRef } from './clients.ts';
import { EMPTY_FRAMES, Evaluator, isObjectProperty, isStringLiteral, propertyKey, unwrapExpr, type Frames, type Value } from './evaluate.ts';
import { isInPageObject } from './in-page-data.ts';
import { bindingAt, memberPath, spanOf, type Binding, type ModuleInfo } from './module.ts';
import type { Node } from './parse.ts';
import type { Site, Span, StringPart, WrapperInfo } from './types.ts';
import { inlineValueForm } from './converters.ts';
import { spreadLiteralChoices, wrapperSpreadChoices } from './binding-facts.ts';

/** The rule a wrapper name belongs to among a call's candidate rules. */
type RuleFor = (wrapper: string) => Rule;

export function findPayloads(a: Analysis, v1: boolean): void {
  for (const it of [...a.found]) {
    if (it.site.kind !== 'call' || !it.body || !it.site.rule) continue;
    const rule = a.cat.get(it.site.rule);
    if (!rule) continue;
    const before = a.sites.length;
    bodyWrappers(a, rule, it.site.rules, it.body, it.shape);
    // the wrappers found in this call's body belong to it (the call model groups them)
    const call = it.site.call?.span;
    if (call) for (const s of a.sites.slice(before)) if (s.wrapper) s.wrapper.call ??= { start: call.start, end: call.end, file: it.site.file };
    preferWrittenRule(it.site, a.sites.slice(before));
  }
  if (!v1) {
    bodiesToUnseenUrls(a);
    return;
  }
  // file-level: distinctive wrappers anywhere in a file that talks to v1
  const fileRules = new Set(a.sites.flatMap((s) => s.rules));
  const ruleForName = (w: string): { rule: Rule; rules: string[] } | undefined => {
    const candidates = a.facts.requestWrappers.get(w);
    if (!candidates) return undefined;
    const inFile = candidates.filter((r) => fileRules.has(r.id));
    const inRepo = candidates.filter((r) => a.repoRules.has(r.id) && r.v1.method !== 'GET');
    const list = inFile.length ? inFile : inRepo.length ? inRepo : candidates;
    return { rule: list[0]!, rules: list.map((r) => r.id) };
  };
  const distinctive = [...a.facts.requestWrappers.keys()].filter(isDistinctiveWrapper);
  // object literal keys
  for (const obj of a.mod.nodes.objects) {
    for (const p of obj.properties as Node[]) {
      const k = propertyKey(p);
      if (!k) continue;
      const bracket = /^([A-Za-z_]\w*)\[/.exec(k);
      const w = bracket ? bracket[1]! : k;
      if (!distinctive.includes(w) && !(bracket && a.facts.requestWrappers.has(w) && fileRules.size > 0)) continue;
      if (isInPageObject(a.mod, obj) || describesSchema(a.mod, obj)) continue;
      const r = ruleForName(w);
      if (!r) continue;
      const info: WrapperInfo = { name: w, form: bracket ? 'bracket-key' : p.shorthand ? 'shorthand' : 'object-key', keySpan: a.span(p.key), objectSpan: a.span(obj) };
      if (bracket) info.key = k;
      else {
        const siblings = siblingKeys(obj, p);
        if (siblings.length) info.siblings = siblings;
        if (isObjectProperty(p)) {
          info.valueSpan = a.span(p.value);
          info.fields = requestFields(a, r.rule, a.mod, p.value, EMPTY_FRAMES);
          if (opaqueValue(a, r.rule, a.mod, p.value, EMPTY_FRAMES)) info.opaque = true;
        }
      }
      wrapperSite(a, r.rule, r.rules, info, a.mod, bracket ? `multipart field ${k}` : `payload wrapped in ${w}`);
    }
  }
  // member writes `data.helpdesk_ticket = ...` and string keys
  for (const asg of a.mod.nodes.assignments) {
    const top = asg.left;
    if (top.type !== 'MemberExpression') continue;
    // find the wrapper step in the written chain
    let cur = top;
    while (cur && cur.type === 'MemberExpression') {
      const k = cur.computed ? Evaluator.text(a.ev.eval(a.mod, cur.property, EMPTY_FRAMES)) : cur.property.name;
      if (k && distinctive.includes(k) && isObjectish(cur.object)) {
        const r = ruleForName(k);
        if (r) {
          const info: WrapperInfo = { name: k, form: cur.computed && !isStringLiteral(cur.property) ? 'computed-key' : 'member-assign', keySpan: a.span(cur.property) };
          // `data.helpdesk_ticket.custom_field[FIELDS.region] = …`: a field name only known at run time
          for (let step = top; step && step !== cur; step = step.object) if (step.computed && !isStringLiteral(step.property) && step.property.type !== 'NumericLiteral') info.computedField = true;
          if (cur === top) {
            info.valueSpan = a.span(asg.right);
            info.fields = requestFields(a, r.rule, a.mod, asg.right, EMPTY_FRAMES);
      if (opaqueValue(a, r.rule, a.mod, asg.right, EMPTY_FRAMES)) info.opaque = true;
          }
          wrapperSite(a, r.rule, r.rules, info, a.mod, cur === top ? `payload wrapped in ${k} (assigned)` : `write into ${k}`);
        }
        break;
      }
      cur = cur.object;
    }
  }
  for (const s of a.mod.nodes.strings) {
    // a bracket key, also built piecewise: `'helpdesk_ticket[custom_field][region_' + accountId + ']'`
    const head = s.type === 'TemplateLiteral' ? String((s.quasis as Node[])[0]?.value?.cooked ?? '') : String(s.value);
    const bracket = /^([A-Za-z_]\w*)\[/.exec(head);
    if (bracket && a.facts.requestWrappers.has(bracket[1]!)) {
      const root = keyRoot(a, s);
      const parent = root && a.mod.parent.get(root);
      if (root && parent?.type === 'CallExpression' && parent.arguments[0] === root) {
        const name = parent.callee?.property?.name;
        if (name === 'append' || name === 'field' || name === 'attach' || name === 'set') {
          const r = ruleForName(bracket[1]!);
          const v = root === s ? null : a.ev.eval(a.mod, root, EMPTY_FRAMES);
          const key = v && v.t === 'str' ? v.parts.map((p) => p.text).join('') : head;
          const before = a.sites.length;
          if (r) wrapperSite(a, r.rule, r.rules, { name: bracket[1]!, form: 'bracket-key', keySpan: a.span(root), key }, a.mod, `multipart field ${key}`);
          // a key built from pieces is not one literal to rewrite
          if (root !== s) for (const site of a.sites.slice(before)) site.fixable = false;
        }
      }
      continue;
    }
    if (s.type === 'TemplateLiteral') continue;
    const parent = a.mod.parent.get(s);
    const value = String(s.value);
    for (const w of distinctive) {
      if (value.includes(`"${w}"`) && new RegExp(`"${escapeRegex(w)}"\\s*:`).test(value)) {
        const r = ruleForName(w);
        if (r) wrapperSite(a, r.rule, r.rules, { name: w, form: 'json-string', keySpan: a.span(s), ...jsonSiblings(value, w), ...refusedInJson(r.rule, value, w, a.span(s)) }, a.mod, `JSON payload wrapped in ${w}`);
      }
    }
  }
}

/**
 * A call whose method is not known, with a body that carries one candidate's request wrapper
 * (`helpdesk_ticket` among tickets.list, tickets.create): that candidate is the likeliest, so its
 * plan heads the call's marker (the method stays unknown, and is said so).
 */
function preferWrittenRule(call: Site, wrappers: Site[]): void {
  if (call.methodSource !== null && call.methodSource !== 'rule') return;
  const w = wrappers.find((x) => x.kind === 'wrapper' && x.rule && x.rule !== call.rule && call.rules.includes(x.rule));
  const written = w?.rule;
  if (!written) return;
  call.rule = written;
  call.fidelity = w.fidelity;
  call.rules = [written, ...call.rules.filter((r) => r !== written)];
}

/**
 * In a file that names no v1 URL: a request whose body holds a distinctive v1 wrapper
 * (`fetch(settings.url, { body: JSON.stringify({ helpdesk_ticket: {…} }) })`, the URL from
 * configuration). The body alone says it is a v1 write, wherever the URL comes from; its wrapper is
 * reported (never auto-fixable: the call's URL is not seen).
 */
function bodiesToUnseenUrls(a: Analysis): void {
  const names = [...a.facts.requestWrappers.keys()].filter((w) => isDistinctiveWrapper(w) && a.mod.source.includes(w));
  if (!names.length) return;
  for (const call of a.mod.nodes.calls) {
    const shape = a.rec.recognize(a.mod, call, EMPTY_FRAMES);
    if (!shape?.body) continue;
    // a URL the code writes out is another API's (Redmine's helpdesk plugin also says helpdesk_ticket)
    const url = urlOf(a, shape);
    if (url?.some((p) => !p.dynamic && p.node !== 'synthetic' && /[a-z]/i.test(p.text))) continue;
    const text = a.mod.source.slice(call.start, call.end);
    const own = names.filter((w) => text.includes(w) || bodyNamesWrapper(a, shape.body!, w));
    for (const w of own) {
      // the write of that wrapper: a create when v1 has one
      const candidates = a.facts.requestWrappers.get(w)!;
      const rule = candidates.find((r) => r.v1.method === 'POST') ?? candidates[0]!;
      bodyWrappers(a, rule, candidates.map((r) => r.id), shape.body, shape);
    }
  }
}

/** Does the body expression (or the variable holding it) write this wrapper key? */
function bodyNamesWrapper(a: Analysis, body: NodeRef, wrapper: string): boolean {
  let n = unwrapExpr(body.node);
  if (isJsonStringify(n)) n = unwrapExpr(n.arguments[0]);
  const b = n?.type === 'Identifier' ? bindingAt(body.mod, n) : undefined;
  const init = b?.init && unwrapExpr(b.init);
  const at = init ?? n;
  return !!at && body.mod.source.slice(at.start, at.end).includes(wrapper);
}

/** Fields v2 refuses among these names written under a wrapper in text (a bracket key, a JSON string). */
function refusedNames(rule: Rule, names: string[], span: Span): WrapperInfo['fields'] {
  const refused = names.filter((n) => v2RefusesRequestField(rule, n));
  return refused.length ? refused.map((n) => ({ v1: n, v2: n, span, refused: true })) : undefined;
}

/** The fields of the wrapper in a JSON string body (`'{"helpdesk_ticket": {"id": 7}}'`) that v2 refuses. */
function refusedInJson(rule: Rule, text: string, wrapper: string, span: Span): { fields?: WrapperInfo['fields'] } {
  try {
    const inner = (JSON.parse(text) as Record<string, unknown>)?.[wrapper];
    if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return {};
    const fields = refusedNames(rule, Object.keys(inner), span);
    return fields ? { fields } : {};
  } catch {
    // a fragment of a string built around it: its fields are not known
    return {};
  }
}

function wrapperSite(a: Analysis, rule: Rule, rules: string[], w: WrapperInfo, mod: ModuleInfo, message: string): void {
  // `helpdesk_ticket[id]`: a field v2 refuses, named in the key
  if (w.form === 'bracket-key' && w.key && !w.computedField && !w.fields) {
    const field = /^[A-Za-z_]\w*\[([^\]]+)\]/.exec(w.key)?.[1];
    const refused = field ? refusedNames(rule, [field], w.keySpan) : undefined;
    if (refused) w.fields = refused;
  }
  const site: Site = {
    kind: 'wrapper',
    span: w.keySpan,
    file: w.keySpan.file ?? mod.file,
    rule: rule.id,
    rules,
    method: rule.v1.method,
    methodSource: 'rule',
    wrapper: w,
    message,
    fidelity: rule.fidelity,
  };
  a.addSite(site);
}

/** The fields of a wrapped payload object whose writes change in v2. */
/** A value written out in the source (strings without holes, numbers, booleans, arrays of them). */
function isLiteralValue(n: Node): boolean {
  if (isStringLiteral(n) || n.type === 'NumericLiteral' || n.type === 'BooleanLiteral' || n.type === 'NullLiteral') return true;
  if (n.type === 'Literal') return true;
  if (n.type === 'TemplateLiteral') return n.expressions.length === 0;
  if (n.type === 'UnaryExpression' && n.operator === '-') return n.argument.type === 'NumericLiteral';
  if (n.type === 'ArrayExpression') return (n.elements as Node[]).every((e) => e && isLiteralValue(unwrapExpr(e)));
  return false;
}

/**
 * The wrapped value is not an object the analysis can see (a parameter, a call result), or one
 * that spreads such a value (`{ email, ...fields }`: keys nobody here names).
 */
function opaqueValue(a: Analysis, _rule: Rule, mod: ModuleInfo, valueNode: Node | undefined, frames: Frames): boolean {
  if (!valueNode) return false;
  const v = a.ev.eval(mod, valueNode, frames);
  if (v.t !== 'obj') return true;
  return (v.node.properties as Node[]).some((p) => (p.type === 'SpreadElement' || p.type === 'SpreadProperty') && !knownSpread(a, v.mod, p.argument, v.frames));
}

/** A spread whose keys are written here: an object, or a choice of object literals (what the codemod rewrites). */
function knownSpread(a: Analysis, mod: ModuleInfo, arg: Node, frames: Frames): boolean {
  return a.ev.eval(mod, arg, frames).t === 'obj' || !!spreadLiteralChoices(arg, (id) => bindingAt(mod, id));
}

function requestFields(a: Analysis, rule: Rule, mod: ModuleInfo, valueNode: Node | undefined, frames: Frames): WrapperInfo['fields'] {
  if (!valueNode) return undefined;
  const v = a.ev.eval(mod, valueNode, frames);
  if (v.t !== 'obj') return undefined;
  const maps = writeMappings(rule);
  const out: NonNullable<WrapperInfo['fields']> = [];
  for (const p of v.node.properties as Node[]) {
    const k = propertyKey(p);
    if (!k) continue;
    const m = maps.find((x) => x.v1 === k || x.v1.startsWith(`${k}.`));
    const refused = v2RefusesRequestField(rule, k);
    if (m || refused) {
      const field: NonNullable<WrapperInfo['fields']>[number] = { v1: k, v2: m ? m.v2 : k, span: spanOf(v.mod, p.key ?? p, a.mod.file) };
      if (p.value && isLiteralValue(unwrapExpr(p.value))) field.literal = true;
      else if (p.value) field.inline = inlineValueForm(p.value);
      // (keys the codemod renames where the object is written: one it cannot see keeps them)
      if (m?.keys && p.value && a.ev.eval(v.mod, p.value, frames).t !== 'obj') field.opaqueKeys = true;
      if (refused) field.refused = true;
      out.push(field);
    }
  }
  return out.length ? out : undefined;
}

/** Wrapper keys in a request body (object literal, JSON string, FormData, assignments on its variable). */
function bodyWrappers(a: Analysis, rule: Rule, rules: string[], body: NodeRef, shape?: CallShape): void {
  const wrapperNames = new Set<string>();
  for (const id of rules) {
    const w = a.cat.get(id)?.request?.wrapper;
    if (w) wrapperNames.add(w);
  }
  if (rule.request?.wrapper) wrapperNames.add(rule.request.wrapper);
  if (wrapperNames.size === 0) return;
  const ruleFor: RuleFor = (w) => (rule.request?.wrapper === w ? rule : (rules.map((id) => a.cat.get(id)!).find((r) => r?.request?.wrapper === w) ?? rule));
  let node = unwrapExpr(body.node);
  if (isJsonStringify(node)) node = unwrapExpr(node.arguments[0]);
  else if (node?.type === 'Identifier') {
    // `var dataString = JSON.stringify(data); request({ body: dataString })`: the body is `data`
    const b = bindingAt(body.mod, node);
    const init = b && b.init && !b.path && b.writes.length === 0 && (b.kind === 'const' || b.kind === 'let' || b.kind === 'var') ? unwrapExpr(b.init) : undefined;
    if (init && isJsonStringify(init)) node = unwrapExpr(init.arguments[0]);
  }
  if (!node) return;
  const v = a.ev.eval(body.mod, node, body.frames);
  if (v.t === 'obj') objectWrappers(a, v, wrapperNames, ruleFor, rules);
  if (v.t === 'str') stringWrappers(a, v.parts, wrapperNames, ruleFor, rules);
  // the variable holding the body: assignments and FormData appends on it
  const holder = node.type === 'Identifier' ? node : undefined;
  if (holder) {
    const b = bindingAt(body.mod, holder);
    if (b) bindingWrappers(a, body.mod, b, wrapperNames, ruleFor, rules);
  }
  // superagent/unirest `.field('helpdesk_ticket[x]', v)` / `.attach(...)`
  for (const c of shape?.chain ?? []) {
    const name = c.callee.property?.name;
    if ((name === 'field' || name === 'attach') && c.arguments[0]) bracketKeyArg(a, a.mod, c.arguments[0], wrapperNames, ruleFor, rules);
  }
}

function objectWrappers(a: Analysis, v: Extract<Value, { t: 'obj' }>, names: Set<string>, ruleFor: RuleFor, rules: string[]): void {
  for (const p of v.node.properties as Node[]) {
    if (p.type === 'SpreadElement' || p.type === 'SpreadProperty') {
      // a choice of literals: its wrappers are the body's only when the codemod unwraps each
      // literal (others are found in the body's text, and keep the call on v1)
      const choice = wrappedChoices(v, p, names);
      const chosen = choice ? choice.map((literal) => a.ev.eval(v.mod, literal, v.frames)) : [a.ev.eval(v.mod, p.argument, v.frames)];
      for (const sv of chosen) if (sv.t === 'obj') objectWrappers(a, sv, names, ruleFor, rules);
      continue;
    }
    let k = propertyKey(p);
    let form: WrapperInfo['form'] = p.shorthand ? 'shorthand' : 'object-key';
    if (k === undefined && p.computed) {
      const kv = a.ev.eval(v.mod, p.key, v.frames);
      k = Evaluator.text(kv);
      form = 'computed-key';
    }
    if (!k) continue;
    const bracket = /^([A-Za-z_]\w*)\[/.exec(k);
    const w = names.has(k) ? k : bracket && names.has(bracket[1]!) ? bracket[1]! : undefined;
    if (!w) continue;
    const rule = ruleFor(w);
    const info: WrapperInfo = {
      name: w,
      form: bracket ? 'bracket-key' : form,
      keySpan: spanOf(v.mod, p.key, a.mod.file),
      objectSpan: spanOf(v.mod, v.node, a.mod.file),
    };
    if (bracket) info.key = k;
    else {
      const siblings = siblingKeys(v.node, p);
      if (siblings.length) info.siblings = siblings;
    }
    if (!bracket && isObjectProperty(p)) {
      info.valueSpan = spanOf(v.mod, p.value, a.mod.file);
      info.fields = requestFields(a, rule, v.mod, p.value, v.frames);
      if (opaqueValue(a, rule, v.mod, p.value, v.frames)) info.opaque = true;
    }
    wrapperSite(a, rule, rules, info, v.mod, bracket ? `multipart field ${k}` : `payload wrapped in ${w}`);
  }
}

/**
 * For a spread of a choice of object literals: the literals that each carry the wrapper (`...(urgent
 * ? { helpdesk_ticket: … } : { helpdesk_ticket: … })`), which the codemod unwraps literal by literal
 * (`wrapperSpreadChoices`), else none. Undefined for a spread of anything else.
 */
function wrappedChoices(v: Extract<Value, { t: 'obj' }>, spread: Node, names: Set<string>): Node[] | undefined {
  const lookup = (id: Node) => bindingAt(v.mod, id);
  const own = spreadLiteralChoices(spread.argument, lookup);
  if (!own) return undefined;
  for (const w of names) {
    const literals = wrapperSpreadChoices(v.node, w, lookup);
    if (literals && own.includes(literals[0]!)) return literals;
  }
  return [];
}

function stringWrappers(a: Analysis, parts: StringPart[], names: Set<string>, ruleFor: RuleFor, rules: string[]): void {
  for (const part of parts) {
    if (part.dynamic || part.node === 'synthetic') continue;
    for (const w of names) {
      const re = new RegExp(`(["'\\\\]*)${escapeRegex(w)}\\1\\s*:`);
      const m = re.exec(part.text);
      if (!m) continue;
      const rule = ruleFor(w);
      wrapperSite(a, rule, rules, { name: w, form: 'json-string', keySpan: { ...part.span }, ...jsonSiblings(part.text, w), ...refusedInJson(rule, part.text, w, part.span) }, a.mod, `JSON payload wrapped in ${w}`);
    }
  }
}

function bracketKeyArg(a: Analysis, mod: ModuleInfo, arg: Node, names: Set<string>, ruleFor: RuleFor, rules: string[]): void {
  const v = a.ev.eval(mod, arg, EMPTY_FRAMES);
  const kv = Evaluator.text(v);
  if (!kv) return;
  const m = /^([A-Za-z_]\w*)\[/.exec(kv);
  if (!m || !names.has(m[1]!)) return;
  const rule = ruleFor(m[1]!);
  // `'helpdesk_ticket[' + kind + ']'`: the field's v1 name is only known at run time
  const computed = v.t === 'str' && v.parts.some((p) => p.dynamic);
  wrapperSite(a, rule, rules, { name: m[1]!, form: 'bracket-key', keySpan: spanOf(mod, arg, a.mod.file), key: kv, ...(computed ? { computedField: true } : {}) }, mod, `multipart field ${kv}`);
}

/** `payload.helpdesk_ticket = {...}`, `payload[WRAPPER].custom_field[k] = v`, `form.append('helpdesk_ticket[x]', v)`. */
function bindingWrappers(a: Analysis, mod: ModuleInfo, b: Binding, names: Set<string>, ruleFor: RuleFor, rules: string[]): void {
  for (const ref of b.refs) {
    const parent = mod.parent.get(ref);
    if (!parent || (parent.type !== 'MemberExpression' && parent.type !== 'OptionalMemberExpression') || parent.object !== ref) continue;
    const gp = mod.parent.get(parent);
    // form.append('helpdesk_ticket[subject]', x)
    if (gp?.type === 'CallExpression' && gp.callee === parent) {
      const name = parent.property?.name;
      if ((name === 'append' || name === 'set' || name === 'field' || name === 'attach') && gp.arguments[0]) {
        bracketKeyArg(a, mod, gp.arguments[0], names, ruleFor, rules);
      }
      continue;
    }
    let k: string | undefined;
    if (!parent.computed) k = parent.property.name;
    else k = Evaluator.text(a.ev.eval(mod, parent.property, EMPTY_FRAMES));
    if (!k || !names.has(k)) continue;
    // only writes: `x.W = ...` or a longer chain that is assigned (`x.W.custom_field[k] = v`)
    let top = parent;
    for (;;) {
      const up = mod.parent.get(top);
      if (up && (up.type === 'MemberExpression' || up.type === 'OptionalMemberExpression') && up.object === top) top = up;
      else break;
    }
    const assign = mod.parent.get(top);
    if (!assign || assign.type !== 'AssignmentExpression' || assign.left !== top) continue;
    const rule = ruleFor(k);
    const info: WrapperInfo = {
      name: k,
      form: parent.computed && !isStringLiteral(parent.property) ? 'computed-key' : 'member-assign',
      keySpan: spanOf(mod, parent.property, a.mod.file),
    };
    // `x.W.custom_field[FIELDS.region] = …`: a field name only known at run time
    for (let step = top; step && step !== parent; step = step.object) if (step.computed && !isStringLiteral(step.property) && step.property.type !== 'NumericLiteral') info.computedField = true;
    if (top === parent) {
      info.valueSpan = spanOf(mod, assign.right, a.mod.file);
      info.fields = requestFields(a, rule, mod, assign.right, EMPTY_FRAMES);
      if (opaqueValue(a, rule, mod, assign.right, EMPTY_FRAMES)) info.opaque = true;
    } else {
      const chain = memberPath(top);
      const after = chain ? chain.slice(chain.indexOf(k) + 1) : [];
      const m = writeMappings(rule).find((x) => after[0] !== undefined && (x.v1 === after[0] || x.v1.startsWith(`${after[0]}.`)));
      const refused = after[0] !== undefined && v2RefusesRequestField(rule, after[0]);
      if ((m || refused) && after[0]) info.fields = [{ v1: after[0], v2: m ? m.v2 : after[0], span: spanOf(mod, top, a.mod.file), ...(refused ? { refused } : {}) }];
    }
    wrapperSite(a, rule, rules, info, mod, top === parent ? `payload wrapped in ${k} (assigned)` : `write into ${k}.${memberPath(top)?.slice(-1)[0] ?? ''}`);
  }
}

/**
 * An object under a JSON Schema's `properties` (a connector's output description: `properties: {
 * helpdesk_ticket: { title, type: 'object' } }`): it names fields, it is never sent.
 */
export function describesSchema(mod: ModuleInfo, obj: Node): boolean {
  const holder = mod.parent.get(obj);
  if (!holder || !isObjectProperty(holder) || propertyKey(holder) !== 'properties') return false;
  const schema = mod.parent.get(holder);
  return !!schema && schema.type === 'ObjectExpression' && (schema.properties as Node[]).some((p) => isObjectProperty(p) && propertyKey(p) === 'type');
}

function isObjectish(n: Node): boolean {
  const u = unwrapExpr(n);
  return u.type === 'Identifier' || u.type === 'MemberExpression' || u.type === 'ThisExpression';
}

/** The whole key expression a string starts (`'a[' + x + ']'`), or null when the string is not its first piece. */
function keyRoot(a: Analysis, s: Node): Node | null {
  let cur = s;
  for (;;) {
    const p = a.mod.parent.get(cur);
    if (p?.type === 'BinaryExpression' && p.operator === '+' && p.left === cur) {
      cur = p;
      continue;
    }
    if (p?.type === 'BinaryExpression' && p.operator === '+') return null;
    return cur;
  }
}

/** The other plain keys of the object that holds a wrapper key (bracket keys are the wrapper's own form fields). */
function siblingKeys(obj: Node, own: Node): string[] {
  return (obj.properties as Node[])
    .filter((q) => q !== own)
    .map((q) => propertyKey(q))
    .filter((k): k is string => !!k && !/\[/.test(k));
}

/** The other top-level keys of a JSON payload written as a string, when it parses whole. */
function jsonSiblings(text: string, wrapper: string): { siblings?: string[] } {
  try {
    const v: unknown = JSON.parse(text);
    if (!v || typeof v !== 'object' || Array.isArray(v) || !(wrapper in v)) return {};
    const siblings = Object.keys(v).filter((k) => k !== wrapper);
    return siblings.length ? { siblings } : {};
  } catch {
    return {};
  }
}
