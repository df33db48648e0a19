/**
 * Member chains (`res.data.helpdesk_ticket.display_id`) read upwards from an expression, and the
 * edits that remove a wrapper step or rename a field step while leaving the rest as written.
 */
import { escapeStringBody, isIdentifierName, isMember, isStringLiteral, memberName } from './ast.ts';
import type { Node, ParsedFile } from './parse.ts';

export interface ChainStep {
  /** The member expression of this step. */
  member: Node;
  /** Static property name; undefined for a computed dynamic key (`x[k]`). */
  name: string | undefined;
  /** `[0]`, `[i]`: an index into an array. */
  index: boolean;
}

/** Steps from `node` upwards while `node` is the object of a member expression. */
export function chainFrom(pf: ParsedFile, node: Node): { steps: ChainStep[]; top: Node } {
  const steps: ChainStep[] = [];
  let cur = node;
  for (;;) {
    let parent = pf.parent(cur);
    // `a!.b`, `(a as T).b`, `(a).b`
    while (parent && (parent.type === 'TSNonNullExpression' || parent.type === 'TSAsExpression' || parent.type === 'TSTypeAssertion' || parent.type === 'ParenthesizedExpression') && parent.expression === cur) {
      cur = parent;
      parent = pf.parent(cur);
    }
    if (!parent || !isMember(parent) || parent.object !== cur) break;
    const name = memberName(parent);
    const index = parent.computed && (name === undefined ? true : /^\d+$/.test(name));
    steps.push({ member: parent, name: index ? undefined : name, index });
    cur = parent;
  }
  // an estree ChainExpression wraps the whole optional chain
  const wrap = pf.parent(cur);
  if (wrap?.type === 'ChainExpression') cur = wrap;
  return { steps, top: cur };
}

/**
 * The edit removing one step (`.helpdesk_ticket`, `?.user`, `['user']`) from a chain. It starts
 * at the access itself, not at the object's end: a parenthesised object (`(await res.json()).user`)
 * ends before its closing parenthesis, which must stay.
 */
export function removeStepEdit(pf: ParsedFile, step: ChainStep): { start: number; end: number; text: string } {
  const m = step.member;
  const src = pf.source;
  let start = m.computed ? src.lastIndexOf('[', m.property.start) : src.lastIndexOf('.', m.property.start);
  if (start >= 0 && src[start] === '.' && src[start - 1] === '?') start--;
  else if (start >= 0 && src[start] === '[' && src.slice(start - 2, start) === '?.') start -= 2;
  return { start: start >= m.object.end ? start : m.object.end, end: m.end, text: '' };
}

/**
 * The edits removing one step, keeping its optional access: `find(…)?.agent.user` without
 * `.agent` is `find(…)?.user` (the `?.` guarded the object before the step, so the next step takes
 * it), not `find(…).user`, which throws where v1 gave undefined.
 */
export function removeStepEdits(pf: ParsedFile, step: ChainStep): Array<{ start: number; end: number; text: string }> {
  const main = removeStepEdit(pf, step);
  const m = step.member;
  const src = pf.source;
  const optional = m.optional === true || src.slice(main.start, main.start + 2) === '?.';
  const next = pf.parent(m);
  if (!optional || !next || !isMember(next) || next.object !== m || next.optional || src.slice(m.end, next.property.start).includes('?.')) return [main];
  const at = next.computed ? src.indexOf('[', m.end) : src.indexOf('.', m.end);
  if (at < 0 || at > next.property.start) return [main];
  return [main, { start: at, end: at, text: next.computed ? '?.' : '?' }];
}

/** The edit renaming a step's property, keeping how it is written (`.x`, `?.x`, `['x']`). */
export function renameStepEdit(pf: ParsedFile, step: ChainStep, name: string): { start: number; end: number; text: string } {
  const m = step.member;
  const prop = m.property;
  if (!m.computed) {
    if (isIdentifierName(name)) return { start: prop.start, end: prop.end, text: name };
    // `.x` → `['x-y']`
    const dot = pf.source.lastIndexOf('.', prop.start);
    const optional = pf.source.slice(dot - 1, dot + 1) === '?.';
    return { start: optional ? dot + 1 : dot, end: prop.end, text: `${optional ? '' : ''}['${name}']` };
  }
  if (isStringLiteral(prop)) {
    const q = pf.source[prop.start]!;
    return { start: prop.start + 1, end: prop.end - 1, text: escapeStringBody(name, q) };
  }
  return { start: prop.start, end: prop.end, text: `'${name}'` };
}

/** Replaces the property of a step with a nested path (`.cc_email.cc_emails` handled by callers). */
export function stepText(pf: ParsedFile, step: ChainStep): string {
  return pf.source.slice(step.member.object.end, step.member.end);
}
