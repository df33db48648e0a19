/**
 * A cheap syntactic test before any evaluation: could this expression hold (part of) a v1 URL?
 * Most calls of a file are not requests; this keeps the evaluator away from them.
 */
import type { CatalogueFacts } from './catalogue-facts.ts';
import { isObjectProperty, unwrapExpr } from './evaluate.ts';
import { bindingAt, isFunctionNode, memberPath, type ModuleInfo } from './module.ts';
import type { Node } from './parse.ts';

/**
 * Literal text with a v1 path word, or a name bound to such text, a function of the repo, an
 * import of the repo. Parameters and globals alone never make a complete v1 URL. The returned
 * test remembers its answers (one per module).
 */
export function v1UrlHint(mod: ModuleInfo, facts: CatalogueFacts, global: (name: string) => boolean = () => false): (node: Node) => boolean {
  const memo = new WeakMap<object, boolean>();
  const mayBeV1 = (raw: Node): boolean => {
    const node = unwrapExpr(raw);
    if (!node || typeof node !== 'object') return false;
    const known = memo.get(node);
    if (known !== undefined) return known;
    memo.set(node, false); // cycles
    let r = false;
    switch (node.type) {
      case 'StringLiteral':
      case 'Literal':
        r = typeof node.value === 'string' && facts.words.test(node.value);
        break;
      case 'TemplateLiteral':
        r = facts.words.test(mod.source.slice(node.start, node.end)) || node.expressions.some((e: Node) => mayBeV1(e));
        break;
      case 'BinaryExpression':
      case 'LogicalExpression':
        r = mayBeV1(node.left) || mayBeV1(node.right);
        break;
      case 'ThisExpression':
        // (an instance's state or sibling method may hold one; also `var self = this`)
        r = true;
        break;
      case 'ConditionalExpression':
        r = mayBeV1(node.consequent) || mayBeV1(node.alternate);
        break;
      case 'AwaitExpression':
      case 'SpreadElement':
        r = mayBeV1(node.argument);
        break;
      case 'Identifier': {
        const b = bindingAt(mod, node);
        // (a global another script declares is followed like a constant of this one)
        if (!b) r = global(node.name);
        else if (b.kind === 'import') r = !!b.importFrom?.source.startsWith('.');
        else if (b.kind === 'function') r = true;
        else if (b.kind === 'param' || b.kind === 'class' || b.kind === 'catch') r = false;
        else {
          r = (!!b.init && (isFunctionNode(b.init) || mayBeV1(b.init) || isRequireRelative(b.init))) || b.appends.some((a) => mayBeV1(a.right)) || b.assigns.some((a) => mayBeV1(a.right)) || b.refs.some(setsV1Property);
        }
        break;
      }
      case 'MemberExpression':
      case 'OptionalMemberExpression': {
        const obj = unwrapExpr(node.object);
        r = obj.type === 'ThisExpression' || mayBeV1(obj) || (node.computed && mayBeV1(node.property));
        break;
      }
      case 'CallExpression':
      case 'OptionalCallExpression':
      case 'NewExpression': {
        r = (node.arguments ?? []).some((a: Node) => mayBeV1(a));
        // a method of a value that may hold one (`[BASE, 'contacts', id + '.json'].join('/')`)
        const called = unwrapExpr(node.callee);
        if (!r && (called?.type === 'MemberExpression' || called?.type === 'OptionalMemberExpression') && called.object.type !== 'ThisExpression') r = mayBeV1(called.object);
        if (!r) {
          const callee = unwrapExpr(node.callee);
          const root = memberPath(callee)?.[0];
          const b = root && root !== 'this' ? (mod.scopeOf.get(callee) ?? mod.root).lookup(root, callee.start) : undefined;
          r = root === 'this' || (!!b && (b.kind === 'function' || (b.kind === 'import' && !!b.importFrom?.source.startsWith('.')) || (!!b.init && (isFunctionNode(b.init) || isRequireRelative(b.init) || mayBeV1(b.init)))));
        }
        break;
      }
      case 'ObjectExpression':
        r = node.properties.some((p: Node) => (p.type === 'SpreadElement' ? mayBeV1(p.argument) : isObjectProperty(p) && mayBeV1(p.value)));
        break;
      case 'ArrayExpression':
        r = node.elements.some((e: Node) => e && mayBeV1(e));
        break;
      default:
        r = false;
    }
    memo.set(node, r);
    return r;
  };
  /** `opts.url = paths.TICKETS`: an options object filled in property by property. */
  function setsV1Property(ref: Node): boolean {
    const m = mod.parent.get(ref);
    const asg = m && mod.parent.get(m);
    return m?.type === 'MemberExpression' && m.object === ref && asg?.type === 'AssignmentExpression' && asg.left === m && mayBeV1(asg.right);
  }
  return mayBeV1;
}

/** `require('./x')` or `require('./x').y`: a module of the repo. */
function isRequireRelative(n: Node): boolean {
  const u = unwrapExpr(n);
  if (u?.type === 'MemberExpression') return isRequireRelative(u.object);
  return u?.type === 'CallExpression' && u.callee?.type === 'Identifier' && u.callee.name === 'require' && String(u.arguments?.[0]?.value ?? '').startsWith('.');
}
