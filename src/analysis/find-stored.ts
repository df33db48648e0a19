/**
 * Stored v1 objects: a model or schema whose field names are v1's (`display_id`, `status_name`,
 * `frDueBy`, `isescalated`), in a file of a repo that talks to v1. Such records were saved from v1
 * answers: after the move, new records come in v2 shape and the stored ones need migrating. Found
 * where an object's keys name two or more v1-only response fields and the object is a schema (the
 * argument of `new Schema(…)`, `sequelize.define(…)`, `Model.init(…)`) or its values are types
 * (`String`, `Number`, `{ type: Date }`, `DataTypes.INTEGER`). Reported as an untraced
 * `response-read` (never auto-fixable): one site per object, every v1 field listed.
 */
import type { Rule } from '../catalogue/index.ts';
import type { Analysis } from './analysis.ts';
import { readChanges } from './read-changes.ts';
import { isObjectProperty, propertyKey } from './evaluate.ts';
import type { Node } from './parse.ts';
import type { ReadInfo, Site } from './types.ts';

const SCHEMA_CALLEE = /(^|\.)(Schema|define|init|model|createTable|addColumn|table|Model)$/;
const TYPE_VALUE = /^(String|Number|Boolean|Date|Object|Array|Mixed|ObjectId|Buffer|Schema\.Types\.\w+|mongoose\.Schema\.Types\.\w+|(DataTypes|Sequelize|Types)\.[A-Z]+\w*(\(\d*\))?)$/;

export function findStoredObjects(a: Analysis, context: boolean): void {
  if (!context || a.facts.distinctiveFields.size === 0) return;
  const src = (n: Node) => a.mod.source.slice(n.start, n.end);
  for (const obj of a.mod.nodes.objects) {
    const props = (obj.properties as Node[]).filter(isObjectProperty);
    const v1 = props.filter((p) => {
      const k = propertyKey(p);
      return !!k && a.facts.distinctiveFields.has(k);
    });
    if (v1.length < 2) continue;
    const typed = props.filter((p) => isTypeValue(src, p.value)).length;
    if (!inSchemaCall(a, obj) && typed < Math.max(2, Math.ceil(props.length / 2))) continue;
    // the rule most of the fields belong to (a ticket model: the ticket view)
    const votes = new Map<Rule, number>();
    for (const p of v1) for (const r of a.facts.distinctiveFields.get(propertyKey(p)!)!) votes.set(r, (votes.get(r) ?? 0) + 1);
    const rule = [...votes.entries()].sort((x, y) => y[1] - x[1] || order(x[0]) - order(y[0]))[0]![0];
    const fields: ReadInfo['fields'] = [];
    const changed: Node[] = [];
    for (const p of v1) {
      const k = propertyKey(p)!;
      const change = readChanges(rule, rule.response!.shape === 'object' ? [k] : ['[]', k]).find((c) => c.v1 === k || c.v1.endsWith(`.${k}`));
      // a field the rule's v1 answer did not change (another rule's name) is nothing to migrate here
      if (!change) continue;
      fields.push({ v1: k, v2: change.v2, span: a.span(p.key ?? p), reason: change.reason });
      changed.push(p);
    }
    if (changed.length < 2) continue;
    const first = changed[0]!;
    const site: Site = {
      kind: 'response-read',
      span: a.span(first.key ?? first),
      file: a.mod.file,
      rule: rule.id,
      rules: [rule.id],
      method: rule.v1.method,
      methodSource: 'rule',
      read: { chain: changed.map((p) => propertyKey(p)!), fields, root: 'stored', traced: false },
      message: `stored v1 object: a model or schema with the v1 fields ${fields.map((f) => f.v1).join(', ')} (records saved from v1 answers need migrating)`,
      fidelity: 'lossy',
    };
    a.addSite(site, { node: obj });
  }
}

function isTypeValue(src: (n: Node) => string, v: Node | undefined): boolean {
  if (!v) return false;
  if (v.type === 'Identifier' || v.type === 'MemberExpression' || v.type === 'CallExpression') return TYPE_VALUE.test(src(v).replace(/\s+/g, ''));
  if (v.type === 'ArrayExpression') return v.elements.length === 1 && isTypeValue(src, v.elements[0]);
  if (v.type === 'ObjectExpression') {
    const t = (v.properties as Node[]).find((p) => isObjectProperty(p) && propertyKey(p) === 'type');
    return !!t && isTypeValue(src, t.value);
  }
  return false;
}

function inSchemaCall(a: Analysis, obj: Node): boolean {
  const p = a.mod.parent.get(obj);
  if (!p || (p.type !== 'CallExpression' && p.type !== 'NewExpression') || !p.arguments.includes(obj)) return false;
  const callee = a.mod.source.slice(p.callee.start, p.callee.end).replace(/\s+/g, '');
  return SCHEMA_CALLEE.test(callee);
}

function order(r: Rule): number {
  return ['GET', 'POST', 'PUT', 'DELETE'].indexOf(r.v1.method);
}
