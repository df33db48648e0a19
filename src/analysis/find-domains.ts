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
import type { Node } from './parse.ts';
import type { ModuleInfo } from './module.ts';
import type { Site } from './types.ts';

const HOST_KEYS = /^(host|hostname|base|root|baseurl|base_url|baseuri|domain|endpoint|server|apiurl|api_url|url_base|helpdeskurl|fd_url|freshdeskurl)$/i;
/** The service's own domains, and what is not a real host (placeholders, reserved names, local addresses). */
const PLACEHOLDER_HOST = /\.(example|test|invalid)$|(^|\.)example\.(com|org|net)$/i;
const SERVICE_HOST = new RegExp(`(^|\\.)(freshdesk|freshservice|freshworks)\\.com$|^localhost$|^127\\.|^0\\.0\\.0\\.0$|^\\{|\\}|^$|\\.(localhost|local|internal)$|${PLACEHOLDER_HOST.source}`, 'i');

/** The host part of a URL or a bare host string, or null. */
export function hostOf(text: string): string | null {
  const m = /^\s*(?:https?:)?\/\/([^/?#:'"`\s]+)/i.exec(text) ?? /^\s*([a-z0-9-]+(?:\.[a-z0-9-]+)+)\s*$/i.exec(text);
  return m ? m[1]!.toLowerCase() : null;
}

/** A name the code gives the other product (`freshserviceDomain`, `lib/freshservice.js`). */
const PRODUCT_NAMED = /fresh_?service/i;

/**
 * A host of the vendor's other product: same v1 paths, but a v2 of its own that this catalogue does
 * not describe (the helpdesk's v2 answers and field names would be wrong there).
 */
export function isOtherProduct(host: string): boolean {
  // (a host the code takes from a setting named for it: `https://${freshserviceDomain}/…`)
  return /(^|\.)freshservice\.com$/i.test(host) || (host.startsWith('{') && PRODUCT_NAMED.test(host));
}

/** The task for a request to the other product (the audit's advice in every language, from the verdict or the syntax audit). */
export function otherProductNeed(host: string): string {
  const where = host.startsWith('{') ? 'a Freshservice account (so the code names its host)' : `${host}, a Freshservice account`;
  return `the request goes to ${where}: this catalogue maps the helpdesk's v1 to the helpdesk's v2, not to Freshservice's v2 (other answers and fields); migrate it by hand`;
}

/** A name the code gives the other product, and no name of the helpdesk beside it. */
export function namesOtherProduct(text: string): boolean {
  return PRODUCT_NAMED.test(text) && !/freshdesk/i.test(text);
}

/**
 * Hosts of other services whose REST paths look like v1's (`/contacts.json` of a Firebase database,
 * a Shopify store's `/customers.json`, Twilio's `…/Messages.json`, Highrise's `/companies.xml`):
 * a request there is no helpdesk request, whatever its path.
 */
const OTHER_SERVICE_DOMAINS = 'firebaseio\\.com|firebasedatabase\\.app|firebaseapp\\.com|web\\.app|myshopify\\.com|shopify\\.com|twilio\\.com|highrisehq\\.com|basecamphq\\.com|basecamp\\.com|harvestapp\\.com|teamwork\\.com|zendesk\\.com|github\\.com|githubusercontent\\.com|gitlab\\.com|bitbucket\\.org|atlassian\\.net|uservoice\\.com|desk\\.com|helpscout\\.net|groovehq\\.com|intercom\\.io|hubapi\\.com|salesforce\\.com|force\\.com|zoho\\.com|zohoapis\\.com|trello\\.com|asana\\.com|slack\\.com|stripe\\.com|googleapis\\.com|twitter\\.com|facebook\\.com|mailchimp\\.com|pivotaltracker\\.com';
const OTHER_SERVICE_HOST = new RegExp(`(^|\\.)(${OTHER_SERVICE_DOMAINS})$`, 'i');
/** Such a domain written in code (`user + '.highrisehq.com'`, `https://x.firebaseio.com`). */
const OTHER_SERVICE_TEXT = new RegExp(`[\\w.-]*\\.(${OTHER_SERVICE_DOMAINS})\\b`, 'i');

/**
 * Services installed on a host of their own (no domain to recognise them by) whose REST paths look
 * like v1's: Redmine's `/groups.json`, `/users/1.json`, osTicket's and UVdesk's `/tickets.json`.
 */
const SELF_HOSTED_SERVICES = ['redmine', 'osticket', 'uvdesk', 'zammad', 'otrs', 'glpi', 'mantis', 'bugzilla', 'youtrack', 'jira', 'moneybird', 'discourse', 'gitlab', 'wordpress'];
/**
 * A host named for such a service, or for a forum (`redmine.acme.org`, `forum.acme.org`): the
 * helpdesk's custom domains are named for support (`support.acme.com`, `help.acme.com`).
 */
const OTHER_PRODUCT_LABEL = new RegExp(`(^|\\.)(${[...SELF_HOSTED_SERVICES, 'forums?'].join('|')})(\\.|$)`, 'i');

/** A host of another service (see OTHER_SERVICE_HOST, OTHER_PRODUCT_LABEL): its requests are not v1 requests. */
export function isOtherService(host: string): boolean {
  return OTHER_SERVICE_HOST.test(host) || (OTHER_PRODUCT_LABEL.test(host) && !/(^|\.)(freshdesk|freshservice|freshworks)\./i.test(host));
}

/** Names of the services above (`zendesk`, `redmine`); `desk`, `force` and `web` name the helpdesk's own code as often. */
const OTHER_SERVICE_WORD = new RegExp(
  `(?:^|[^a-z])(?:${[...OTHER_SERVICE_DOMAINS.split('|').map((d) => d.split('\\.')[0]!), ...SELF_HOSTED_SERVICES].filter((w) => !/^(desk|force|web)$/.test(w)).join('|')})(?:$|[^a-z])`,
  'i',
);

/**
 * A URL's base that names another service, and not the helpdesk: a variable, setting or member named
 * for it (`{REDMINE}/groups.json`, `"$redmine/users.json"`), or a host of that name
 * (`https://redmine.example.org`). camelCase names are read word by word (`redmineUrl`).
 */
export function baseNamesOtherService(base: string): boolean {
  if (/fresh_?desk|fresh_?service|freshworks/i.test(base)) return false;
  return OTHER_SERVICE_WORD.test(base.replace(/([a-z0-9])([A-Z])/g, '$1_$2'));
}

/** The URL's base (what its pattern holds before the v1 path) names another service: see baseNamesOtherService. */
export function urlBaseNamesOtherService(url: { pattern: string; path: string; origin?: string }): boolean {
  const at = url.pattern.indexOf(url.path);
  return baseNamesOtherService(at > 0 ? url.pattern.slice(0, at) : (url.origin ?? ''));
}

/** The other service's domain a source names, when it never names the helpdesk (a client module built for that service). */
export function otherServiceNamedIn(text: string): string | null {
  if (/fresh_?desk|fresh_?service/i.test(text)) return null;
  const m = OTHER_SERVICE_TEXT.exec(text);
  return m ? m[0].replace(/^[.-]+/, '').toLowerCase() : null;
}

/** A host of documentation and tests (`api.example.com`, `crm.test`): it names no service. */
export function isPlaceholderHost(host: string): boolean {
  return PLACEHOLDER_HOST.test(host) && !/(^|\.)(freshdesk|freshservice|freshworks)\./i.test(host);
}

/** Words of a setting's name that say nothing of which service it points at (`API_BASE_URL`, `config.host`). */
const GENERIC_SETTING_WORDS = /^(api|apis|url|urls|uri|base|host|hostname|domain|endpoint|server|root|site|app|service|rest|http|https|prod|production|dev|staging|env|process|config|cfg|settings|options|opts|this|window|v1|address|origin|path|prefix|remote|target|backend|instance|account|subdomain|web|public|private|internal|default|my|the|our)$/i;
/** Words that name the helpdesk (`FD_URL`, `FRESHDESK_DOMAIN`, `supportHost`, `helpdeskBase`). */
const HELPDESK_SETTING_WORDS = /^(fd|fresh\w*|desk|helpdesk|hd|support|ticket|tickets|ticketing)$/i;

/**
 * Does the setting a base URL comes from name another system (`process.env.DISCOURSE_URL`,
 * `config.redmineHost`)? Neither a generic name (`API_URL`) nor one of the helpdesk's does.
 */
export function settingNamesOtherSystem(setting: string): boolean {
  const words = setting.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[^A-Za-z0-9]+/).filter(Boolean);
  if (words.some((w) => HELPDESK_SETTING_WORDS.test(w))) return false;
  return words.some((w) => !GENERIC_SETTING_WORDS.test(w) && !/^\d+$/.test(w));
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
    if ((!host || host.startsWith('{')) && namedForOtherProduct(a, it.node, site)) host = '{freshservice}';
    // a URL with no host at all, sent on a host the code builds where the request cannot follow it
    // (`this.host = user + '.highrisehq.com'` in the client module), named for another service: that
    // service's request (a URL with a host of its own, even one read at run time, `'https://' +
    // domain + …`, is not guessed from another service the module also talks to)
    if (!host && !site.url.origin) host = otherServiceOfClients(a, it.node, site) ?? host;
    if (host) site.host = host;
  }
}


/**
 * A request whose host the code takes from somewhere it does not show, but names for the other
 * product: the URL expression (`https://${freshserviceDomain}/…`), a file a URL part comes from
 * (`lib/freshservice.js` building the options), or the client module the request goes through (an
 * HTTP wrapper, or the module a client object is required from: `api.post(path)` with `api` from
 * `./common/api`, whose `endpoint` is `https://${freshserviceDomain}/`) when it never names the
 * helpdesk. The name is all the code says of the host.
 */
function namedForOtherProduct(a: Analysis, call: Node | undefined, site: Site): boolean {
  const text = site.span.file ? '' : a.mod.source.slice(site.span.start, site.span.end);
  if (PRODUCT_NAMED.test(text) || site.url!.parts.some((p) => PRODUCT_NAMED.test(basename(p.file ?? '')))) return true;
  // the module itself names only the other product (`require('./lib/freshservice')`, a
  // `FRESHSERVICE_DOMAIN` setting) and the module building its requests is not in the tree
  if (namesOtherProduct(a.mod.source)) return true;
  return clientModules(a, call, site).some((m) => PRODUCT_NAMED.test(m.source) && !/freshdesk/i.test(m.source));
}

/** The domain of another service that the module, or a module its request goes through, names (see otherServiceNamedIn). */
function otherServiceOfClients(a: Analysis, call: Node | undefined, site: Site): string | null {
  for (const m of [a.mod, ...clientModules(a, call, site)]) {
    const other = otherServiceNamedIn(m.source);
    if (other) return other;
  }
  return null;
}

/**
 * The modules a request goes through: the HTTP wrappers of the repo it calls, and the module a
 * client object is required from (`api.post(path)` with `api` from `./common/api`).
 */
function clientModules(a: Analysis, call: Node | undefined, site: Site): ModuleInfo[] {
  const files = site.call?.wrapperFiles ?? [];
  const clients = [...a.wrapperModules].filter((m) => files.includes(m.file) || (m.abs !== null && files.includes(m.abs)));
  let root = call?.callee;
  while (root && (root.type === 'MemberExpression' || root.type === 'OptionalMemberExpression')) root = root.object;
  if (root?.type === 'Identifier') {
    const v = a.ev.eval(a.mod, root, EMPTY_FRAMES);
    if ('mod' in v && v.mod && v.mod !== a.mod) clients.push(v.mod);
  }
  return clients;
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
