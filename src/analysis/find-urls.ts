/**
 * `url` sites: complete v1 URL strings (with a `.json`/`.xml` format) that no call of this file
 * was seen to use: route tables, request configs, constants handed to code we cannot follow. A
 * sibling `method: 'PUT'` in the same object gives the method.
 */
import type { HttpMethod } from '../catalogue/index.ts';
import { chooseRule, matchUrl } from './match-url.ts';
import type { Analysis } from './analysis.ts';
import { urlInfoOfParts } from './call-sites.ts';
import { HTTP_METHODS, isLogging } from './clients.ts';
import { EMPTY_FRAMES, isObjectProperty, isStringLiteral, propertyKey, unwrapExpr } from './evaluate.ts';
import { memberPath, type ModuleInfo } from './module.ts';
import type { Node } from './parse.ts';
import { serverRoutes } from './routes.ts';
import type { Site, Span, StringPart } from './types.ts';

/** Literal parts of a URL that lie inside its own expression (not in constants it refers to). */
export function ownParts(parts: StringPart[], file: string, root: { start: number; end: number }): StringPart[] {
  return parts.filter((p) => !p.dynamic && p.node !== 'synthetic' && p.file === file && !p.span.file && p.span.start >= root.start && p.span.end <= root.end);
}

export function findUrls(a: Analysis): void {
  const done = new Set<Node>(serverRoutes(a.mod).paths);
  for (const s of a.mod.nodes.strings) {
    const parent = a.mod.parent.get(s);
    if (!parent) continue;
    if (
      parent.type === 'ImportDeclaration' ||
      parent.type === 'ExportNamedDeclaration' ||
      parent.type === 'ExportAllDeclaration' ||
      parent.type === 'TSLiteralType' ||
      parent.type === 'TSExternalModuleReference' ||
      parent.type === 'Directive' ||
      ((parent.type === 'ObjectProperty' || parent.type === 'Property') && parent.key === s && !parent.computed)
    ) {
      continue;
    }
    const root = stringRoot(a.mod, s);
    if (done.has(root)) continue;
    done.add(root);
    // a log line names the URL, it requests nothing (`console.log('GET ' + url)`, `logger.info(…)`)
    const holder = a.mod.parent.get(root);
    if (holder && (holder.type === 'CallExpression' || holder.type === 'OptionalCallExpression') && holder.arguments.includes(root) && isLogging(memberPath(unwrapExpr(holder.callee))?.join('.') ?? '')) continue;
    const text = a.mod.source.slice(root.start, root.end);
    if (!a.facts.words.test(text)) continue;
    const v = a.ev.eval(a.mod, root, EMPTY_FRAMES);
    if (v.t !== 'str') continue;
    const whole = v.parts.map((p) => p.text).join('');
    // a v1 URL handed on as a query value (`/proxy?target=https://x.freshdesk.com/helpdesk/tickets.json`)
    const inner = matchUrl(a.cat, whole) ? null : (embeddedUrl(whole) ?? prefixedFromElsewhere(whole));
    const pattern = inner ?? whole;
    const um = matchUrl(a.cat, pattern);
    if (!um || !um.format) continue;
    // the root's own text used by a call here (constants shared by many URLs do not count)
    if (ownParts(v.parts, a.mod.file, root).some((p) => a.isConsumed(p))) continue;
    // a sibling `method: 'PUT'` in the same object (route tables, request configs)
    let method: string | null = null;
    let methodSpan: Span | undefined;
    const rp = a.mod.parent.get(root);
    if (rp && isObjectProperty(rp) && rp.value === root) {
      const obj = a.mod.parent.get(rp);
      for (const p of obj?.properties ?? []) {
        const k = propertyKey(p);
        if ((k === 'method' || k === 'type' || k === 'verb') && isObjectProperty(p) && isStringLiteral(p.value)) {
          const m = String(p.value.value).toUpperCase();
          if (HTTP_METHODS.has(m)) {
            method = m;
            methodSpan = a.span(p.value);
          }
        }
      }
    }
    const choice = chooseRule(a.cat, um, method);
    const span = a.span(root);
    const site: Site = {
      kind: 'url',
      span,
      file: a.mod.file,
      rule: choice.rule.id,
      rules: choice.rules,
      method: (method as HttpMethod) ?? null,
      methodSource: method ? 'sibling' : null,
      // an embedded URL's text is not the string's own: nothing to rewrite piece by piece
      url: inner ? { ...urlInfoOfParts(v.parts, um, span, choice.rule), pattern, parts: [] } : urlInfoOfParts(v.parts, um, span, choice.rule),
      message: inner ? (inner.startsWith('{') ? `v1 URL ${um.target} (its /helpdesk prefix comes from ${whole.slice(0, whole.indexOf('}') + 1)})` : `v1 URL ${um.target} passed on inside another URL`) : `v1 URL ${um.target}${method ? ` (${method})` : ''}`,
      fidelity: choice.rule.fidelity,
    };
    if (methodSpan) site.methodSpan = methodSpan;
    if (inner) site.fixable = false;
    a.addSite(site, { node: root });
  }
}

/**
 * `{base}/tickets.xml?filter_name=all_tickets` where `base` (from the environment, a setting)
 * already ends in `/helpdesk`: a v1 ticket list only when the v1 query (`filter_name`) says so.
 */
function prefixedFromElsewhere(text: string): string | null {
  const m = /^(\{[^}]+\})\/?(tickets(?:\/[\w{}.-]+)*\.(?:xml|json)\?(?:.*&)?filter_name=.*)$/.exec(text);
  return m ? `${m[1]}/helpdesk/${m[2]}` : null;
}

/** A complete URL that is the value of a query parameter of another one. */
function embeddedUrl(text: string): string | null {
  const m = /[?&][\w.-]+=((?:https?:\/\/|\{[^}]+\}\/)[^&#\s]+)/.exec(text);
  if (!m) return null;
  let url = m[1]!;
  try {
    if (/%2F/i.test(url)) url = decodeURIComponent(url);
  } catch {
    /* keep it as written */
  }
  return url;
}

/** The whole string expression a literal is part of (`'/a/' + id + '.json'`, a template). */
function stringRoot(mod: ModuleInfo, node: Node): Node {
  let cur = node;
  for (;;) {
    const p = mod.parent.get(cur);
    if (!p) return cur;
    if ((p.type === 'BinaryExpression' && p.operator === '+') || p.type === 'TemplateLiteral' || p.type === 'ParenthesizedExpression' || p.type === 'TSAsExpression') {
      cur = p;
      continue;
    }
    return cur;
  }
}
