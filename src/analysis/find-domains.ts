/**
 * The host a v1 request goes to, when the code names it: the URL's own origin, the `host` or
 * `hostname` of the options object (`http.request({ host, path })`), or a `baseUrl`/`host`/`domain`
 * sibling of the config entry holding the path. v2 is served only on the account's own
 * `<account>.freshdesk.com` domain, never on a custom domain (`support.example.com`, a CNAME of the
 * portal), so a request on such a host needs a new base URL, not only a new path.
 */
import { basename } from 'node:path';
import type { Analysis } from './analysis.ts';
import { EMPTY_FRAMES, isObjectProperty, propertyKey } from './evaluate.ts';
import { bindingAt } from './module.ts';
import type { Node } from './parse.ts';

const HOST_KEYS = /^(host|hostname|base|root|baseurl|base_url|baseuri|domain|endpoint|server|apiurl|api_url|url_base|helpdeskurl|fd_url|freshdeskurl)$/i;
/** The service's own domains, and what is not a real host (placeholders, reserved names, local addresses). */
const SERVICE_HOST = /(^|\.)(freshdesk|freshservice|freshworks)\.com$|^localhost$|^127\.|^0\.0\.0\.0$|^\{|\}|^$|\.(example|test|invalid|localhost|local|internal)$|(^|\.)example\.(com|org|net)$/i;

/** The host part of a URL or a bare host string, or null. */
export function hostOf(text: string): string | null {
  const m = /^\s*(?:https?:)?\/\/([^/?#:'"`\s]+)/i.exec(text) ?? /^\s*([a-z0-9-]+(?:\.[a-z0-9-]+)+)\s*$/i.exec(text);
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * A host of the vendor's other product: same v1 paths, but a v2 of its own that this catalogue does
 * not describe (the helpdesk's v2 answers and field names would be wrong there).
 */
export function isOtherProduct(host: string): boolean {
  // (a host the code takes from a setting named for it: `https://${freshserviceDomain}/…`)
  return /(^|\.)freshservice\.com$/i.test(host) || /^\{[^}]*fresh_?service/i.test(host);
}

/** A host that is not the service's own domain. */
export function isCustomDomain(host: string): boolean {
  return !SERVICE_HOST.test(host) && /\.[a-z]{2,}$/i.test(host);
}

/** Sets `host` on request sites whose host the code names. */
export function findHosts(a: Analysis): void {
  const objects = new Map<number, Node>(a.mod.nodes.objects.map((o) => [o.start as number, o]));
  const strings = new Map<number, Node>(a.mod.nodes.strings.map((o) => [o.start as number, o]));
  for (const it of a.found) {
    const site = it.site;
    if ((site.kind !== 'call' && site.kind !== 'url') || !site.url || site.span.file) continue;
    let host = site.url.origin ? hostOf(site.url.origin) : null;
    if (!host && site.call?.options && !site.call.options.file) host = hostIn(a, objects.get(site.call.options.start));
    // the options object the path literal sits in (`const options = { host, path: '/helpdesk/…' }`)
    if (!host) {
      const lit = site.url.parts.find((p) => p.node === 'literal' && !p.span.file && p.file === a.mod.file);
      const str = lit && strings.get(lit.span.start);
      const prop = str && a.mod.parent.get(str);
      if (prop && isObjectProperty(prop)) host = hostIn(a, a.mod.parent.get(prop));
    }
    if (!host && site.kind === 'url') {
      const prop = a.mod.parent.get(it.node ?? ({} as Node));
      if (prop && isObjectProperty(prop)) host = hostIn(a, a.mod.parent.get(prop));
    }
    // a host from a setting the code names for the other product (`https://${freshserviceDomain}/…`,
    // the options built in lib/freshservice.js): the name is all the code says of it
    // (or the HTTP wrapper the request goes through builds it: `endpoint: https://${freshserviceDomain}/`)
    if (!host || host.startsWith('{')) {
      const text = site.span.file ? '' : a.mod.source.slice(site.span.start, site.span.end);
      const wrappers = [...a.wrapperModules].filter((m) => site.call?.wrapperFiles?.includes(m.file) || (m.abs !== null && site.call?.wrapperFiles?.includes(m.abs)));
      // a client object of another module of the repo (`api.post(path)`, `api` required from ./common/api)
      const root = it.node?.callee ? rootIdentifier(it.node.callee) : null;
      const b = root ? bindingAt(a.mod, root) : undefined;
      const req = b?.init?.type === 'CallExpression' && b.init.callee?.name === 'require' ? b.init.arguments?.[0]?.value : undefined;
      const from = b?.importFrom?.source ?? (typeof req === 'string' ? req : undefined);
      const client = from?.startsWith('.') ? a.ev.loadRelative(a.mod, from) : null;
      if (client) wrappers.push(client);
      const named =
        PRODUCT_NAMED.test(text) ||
        site.url.parts.some((p) => PRODUCT_NAMED.test(basename(p.file ?? ''))) ||
        wrappers.some((m) => PRODUCT_NAMED.test(m.source) && !/freshdesk/i.test(m.source));
      if (named) host = '{freshservice}';
    }
    if (host) site.host = host;
  }
}

const PRODUCT_NAMED = /fresh_?service/i;

function rootIdentifier(n: Node): Node | null {
  let cur = n;
  while (cur && (cur.type === 'MemberExpression' || cur.type === 'OptionalMemberExpression')) cur = cur.object;
  return cur?.type === 'Identifier' ? cur : null;
}

function hostIn(a: Analysis, obj: Node | undefined): string | null {
  if (!obj || obj.type !== 'ObjectExpression') return null;
  for (const p of obj.properties as Node[]) {
    if (!isObjectProperty(p) || !HOST_KEYS.test(propertyKey(p) ?? '')) continue;
    const v = a.ev.eval(a.mod, p.value, EMPTY_FRAMES);
    if (v.t !== 'str') continue;
    const text = v.parts.map((x) => (x.dynamic ? '{x}' : x.text)).join('');
    const h = hostOf(text);
    if (h) return h;
  }
  return null;
}
