/**
 * In-page app data (`domHelper.getTicketInfo()`, `client.data.get('ticket')`) is product data the
 * page already has, not an API request or response: the payload and read finders skip it.
 */
import { unwrapExpr } from './evaluate.ts';
import { bindingAt, type ModuleInfo } from './module.ts';
import type { Node } from './parse.ts';

const IN_PAGE = /domHelper|\.data\.get\s*\(|page_data|ticketInfo|getTicketInfo/;

/** An object literal given to in-page data code (`domHelper` fixtures), not a request. */
export function isInPageObject(mod: ModuleInfo, obj: Node): boolean {
  let cur = obj;
  for (let i = 0; i < 4 && cur; i++) {
    const p = mod.parent.get(cur);
    if (!p) return false;
    if (p.type === 'CallExpression' && IN_PAGE.test(mod.source.slice(p.callee.start, p.callee.end))) return true;
    cur = p;
  }
  return false;
}

/** The root of a member chain comes from in-page data (or is not there at all). */
export function isInPageRoot(mod: ModuleInfo, root: Node): boolean {
  if (!root) return true;
  if (root.type === 'CallExpression') return IN_PAGE.test(mod.source.slice(root.start, root.end));
  if (root.type !== 'Identifier') return false;
  // (the page's own global: `page_data.helpdesk_ticket`)
  if (IN_PAGE.test(root.name)) return true;
  const b = bindingAt(mod, root);
  if (!b) return false;
  if (b.init && IN_PAGE.test(mod.source.slice(b.init.start, b.init.end))) return true;
  if (b.kind === 'param' && b.fn) {
    const call = mod.parent.get(b.fn);
    if (call?.type === 'CallExpression') {
      const cal = unwrapExpr(call.callee);
      const obj = cal.type === 'MemberExpression' ? cal.object : cal;
      if (IN_PAGE.test(mod.source.slice(obj.start, obj.end))) return true;
    }
  }
  return false;
}
