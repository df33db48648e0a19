/**
 * Server route definitions and request annotations, told apart from client calls.
 *
 * A web framework declares the paths it *serves* with the same verbs a client *sends*
 * (`Route::get('/helpdesk/tickets.json', …)`, Rails `get '/x', to: 'c#a'`, ktor `get("/x") { … }`,
 * gin `r.GET("/x", h)`, Spring `@GetMapping`, ASP.NET `[HttpGet]`, Flask `@app.route`). Those are the
 * app's own routes, not v1 calls. Declarative clients (Retrofit, Refit, Feign, Spring HTTP
 * interfaces) put the request in an annotation instead: a call with the annotation's method.
 */
import type { Dialect, CallView } from './dialects.ts';
import type { SyntaxNode } from './grammars.ts';
import type { HttpMethod } from '../../catalogue/index.ts';

const VERB = /^(get|post|put|delete|patch|head|options|any|match|all)$/i;

/** Calls that register a route by name (their path is served, never requested). */
const REGISTRATION = /^(HandleFunc|Handle|MapGet|MapPost|MapPut|MapDelete|MapPatch|MapMethods|add_url_rule|add_route|add_api_route|add_get|add_post|add_put|add_delete|add_patch|add_view)$/;

/**
 * A web framework the file uses (its import, its base class, its routing file): only there is a
 * verb call with a handler a route. Without one, the same shape is a client's: a wrapper's
 * `get(path, callback)`, Go's `c.GET(path, &out)`, a ktor client's `with(client) { get(path) { … } }`.
 */
const WEB_FRAMEWORKS: Record<string, RegExp> = {
  ruby: /\brequire\s+['"](sinatra|roda|grape|hanami|padrino|cuba)\b|<\s*(Sinatra::(Base|Application)|Roda\b|Grape::API|Hanami::)|\.routes\.draw\b|\bRoda\.route\b/,
  kotlin: /^\s*import\s+(io\.ktor\.server|io\.javalin|org\.http4k\.routing|spark\.)/m,
  java: /^\s*import\s+(static\s+)?(spark\.|io\.javalin|io\.vertx\.ext\.web|io\.jooby|ratpack\.|org\.springframework\.web\.servlet\.function)|\bJavalin\b|\bRouter\s+router\b/m,
  php: /\buse\s+(Slim|Silex|Mezzio|FastRoute|Laravel\\Lumen|Illuminate\\(Support\\Facades\\Route|Routing))\\|AppFactory::create|new\s+\\?Slim\\App|\$router\s*->\s*(group|get|post|put|delete|patch)\s*\(|Psr\\Http\\(Message\\ServerRequestInterface|Server\\)/,
  // (the import, or a router type in a signature: `r chi.Router`, `c *gin.Context`)
  go: /"github\.com\/(gin-gonic\/gin|labstack\/echo|go-chi\/chi|gorilla\/mux|julienschmidt\/httprouter|gofiber\/fiber|go-martini|beego|kataras\/iris)|\b(chi\.Router|chi\.Mux|gin\.(Engine|RouterGroup|Context|IRouter)|echo\.(Echo|Group|Context)|mux\.Router|fiber\.(App|Ctx|Router)|httprouter\.Router)\b/,
  csharp: /^\s*using\s+(Nancy|Carter)\b/m,
  python: /^\s*(from|import)\s+(flask|fastapi|bottle|sanic|aiohttp\.web|starlette|falcon|tornado\.web|django)\b/m,
};

function usesWebFramework(lang: string, fileText: string): boolean {
  return !!WEB_FRAMEWORKS[lang]?.test(fileText);
}
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
const methodOf = (s: string | undefined | null): HttpMethod | null => {
  const m = (s ?? '').replace(/^.*[.:]/, '').replace(/['"]/g, '').toUpperCase();
  return (METHODS as readonly string[]).includes(m) ? (m as HttpMethod) : null;
};

/** A literal path with no host and no interpolation (`'/helpdesk/tickets.json'`, `"helpdesk/x.json"`). */
function plainPath(d: Dialect, n: SyntaxNode | undefined): boolean {
  if (!n || !d.strings.has(n.type)) return false;
  if (n.namedChildren.some((c) => d.isHole(c))) return false;
  const t = n.text.replace(/^[@$]?['"`]+|['"`]+$/g, '');
  // (CodeIgniter's placeholders are in parentheses: `tickets/(:num).json`)
  return !/:\/\//.test(t) && !/^\w+\s/.test(t) && /^[\w/{}:<>.*^$\\()-]+$/.test(t) && /[/.]/.test(t);
}

/**
 * A handler handed to a route: a closure/lambda/function literal, a method reference
 * (`TicketController::list`), an invokable class (`ListTickets::class`), `[Ctrl::class, 'm']`,
 * `['uses' => 'Ctrl@m']`, `'Ctrl@m'`, `'c#a'`, CodeIgniter's `'Ctrl::m'` (with its `/$1` arguments).
 */
function isHandler(d: Dialect, n: SyntaxNode): boolean {
  if (/lambda|closure|anonymous_function|func_literal|arrow_function|function_expression|^block$|do_block|method_reference|callable_reference/.test(n.type)) return true;
  if (/^class_constant_access_expression$/.test(n.type) && /::class$/.test(n.text)) return true;
  if (/^array/.test(n.type) && (/::class\b/.test(n.text) || /['"]uses['"]\s*=>/.test(n.text))) return true;
  if (d.strings.has(n.type)) return /^['"]\\?\w[\w\\/]*(@|#|::)\w+(\/\$\d+)*['"]$/.test(n.text);
  return false;
}

/**
 * A request-verb call that declares a server route: its path is a plain literal and it takes a
 * handler, either as a block/trailing lambda/`to:`/`=>` on a call with no receiver (Rails,
 * Sinatra, ktor's routing DSL, Laravel's `Route` facade) or as a separate argument (Slim
 * `$app->get('/x', function …)`, Javalin/Spark lambdas, gin/echo `r.GET("/x", h)`, chi
 * `r.Get("/x", h)`). A receiver with a block is a client (Faraday `conn.post('/x') { |req| … }`,
 * ktor `client.get(url) { … }`), as is a call without any handler (HTTParty's class-level `get`).
 */
export function isServerRoute(c: CallView, d: Dialect, lang: string, fileText = ''): boolean {
  // Django/`urlpatterns`: path('helpdesk/tickets.json', views.list)
  if (lang === 'python' && /^(path|re_path)$/.test(c.name) && !c.receiver && c.args.length >= 2 && plainPath(d, c.args[0]) && /^(identifier|attribute|call)$/.test(c.args[1]!.type)) return true;
  // registrations named as such, whatever the framework: gorilla/net/http `HandleFunc`, ASP.NET
  // `MapGet`, Flask `add_url_rule`, Pyramid `add_route(name, path)`, aiohttp `add_get`, Laravel `Route::match(verbs, path, …)`
  if (REGISTRATION.test(c.name) && c.args.slice(0, 2).some((a) => plainPath(d, a))) return true;
  if (c.name === 'match' && /(^|\\|::)Route$/.test(c.receiver) && plainPath(d, c.args[1])) return true;
  if (!VERB.test(c.name)) return false;
  const facade = /(^|\\|::)Route$/.test(c.receiver);
  // Slim/Silex route files (`return function ($app) { $app->get('/x', ListTickets::class); }`, Slim's
  // `$group->get(…)`, CodeIgniter's `$routes->get('x', 'Ctrl::m')`): the app or routing object with a
  // handler, even where the file imports nothing of the framework
  if (lang === 'php' && /^\$(app|group|routes|router)$/.test(c.receiver) && plainPath(d, c.args[0]) && c.args.slice(1).some((a) => isHandler(d, a))) return true;
  // Everything below reads a client's shape too (a wrapper's `get(path, callback)`, a ktor client's
  // `with(client) { get(path) { … } }`, HTTParty's `get(path) do |fragment|`): only in a file that
  // uses a web framework is it a route
  if (!facade && !usesWebFramework(lang, fileText)) return false;
  const bare = !c.receiver || facade;
  const first = c.args[0];
  // Rails `get '/x' => 'c#a'`: the path is the key of a pair
  if (lang === 'ruby' && bare && first?.type === 'pair' && plainPath(d, first.childForFieldName('key') ?? undefined)) return true;
  if (!plainPath(d, first)) return false;
  // Roda: `route do |r|` … `r.post 'contacts.json' do … end`: the routing tree's request, with a block
  if (lang === 'ruby' && /^\w+$/.test(c.receiver) && new RegExp(`\\broute\\s*(?:do|\\{)\\s*\\|\\s*${c.receiver}\\s*\\|`).test(fileText) && c.node.namedChildren.some((x) => x.type === 'do_block' || x.type === 'block')) return true;
  if (bare) {
    if (c.kwargs.has('to') || c.kwargs.has('controller') || c.kwargs.has('action')) return true;
    if (c.node.namedChildren.some((x) => x.type === 'do_block' || x.type === 'block')) return true;
    // ktor: `get("/x") { … }` is a call whose suffix is a trailing lambda, wrapping this call
    const outer = c.node.parent;
    if (outer?.type === 'call_expression' && outer.namedChild(0)?.startIndex === c.node.startIndex && outer.namedChildren.some((x) => x.type === 'call_suffix' && x.namedChildren.some((y) => y.type === 'annotated_lambda'))) return true;
  }
  // Javalin in Kotlin: `app.get("/x") { ctx -> … }` (a receiver and a trailing lambda) in a file that imports it
  if (lang === 'kotlin' && /^\s*import\s+io\.javalin\b/m.test(fileText)) {
    const outer = c.node.parent;
    if (outer?.type === 'call_expression' && outer.namedChildren.some((x) => x.type === 'call_suffix' && x.namedChildren.some((y) => y.type === 'annotated_lambda'))) return true;
  }
  // Vert.x Web: `router.get("/x").handler(h)`
  if (lang === 'java' && c.args.length === 1 && /^\s*\.\s*(handler|blockingHandler|respond)\s*\(/.test(fileText.slice(c.node.endIndex, c.node.endIndex + 40))) return true;
  const rest = c.args.slice(1);
  // Vert.x 3's client takes its response handler beside the path, and is sent by `.end()`
  if (rest.some((a) => isHandler(d, a))) return !/^[^;\n]*?\.\s*end\s*\(/.test(fileText.slice(c.node.endIndex, c.node.endIndex + 200));
  if (lang === 'go') {
    // gin/echo register with all-caps verbs; chi's `Get/Post` take exactly (path, handler): the
    // client's `http.Post(url, contentType, body)` takes three, `http.Get(url)` one, and a wrapper's
    // `c.Get(path, &out)` a value, not a function (a method value `h.List`, or a function of the file)
    if (/^[A-Z]+$/.test(c.name) && rest.length >= 1) return true;
    const h = rest[0];
    if (rest.length === 1 && /^[A-Z]/.test(c.name) && h && (h.type === 'func_literal' || isGoFunction(h, fileText) || isGoRouter(c.receiver, fileText))) return true;
  }
  return false;
}

/**
 * A path string that declares a route outside any call of a verb: http4k's `"/contacts.json" bind
 * Method.GET to handler` (and `"/x" bind routes(…)`), in a file that uses a web framework.
 */
export function isRoutePath(n: SyntaxNode, lang: string, fileText: string): boolean {
  if (lang !== 'kotlin') return false;
  const p = n.parent;
  return p?.type === 'infix_expression' && p.namedChild(0)?.startIndex === n.startIndex && p.namedChild(1)?.text === 'bind' && usesWebFramework(lang, fileText);
}

/** A Go function value: a method value (`h.ListTickets`), `http.HandlerFunc(f)`, or a function the file declares. */
function isGoFunction(n: SyntaxNode, fileText: string): boolean {
  // (named for an action or a handler: a field handed to a wrapper is data, `opts.Query`, `resp.Body`)
  if (n.type === 'selector_expression') return /\.(?:Handle|Serve|List|Index|Show|Get|Create|Add|Update|Delete|Remove|Post|Put|Patch)\w*$|Handler(?:Func)?$/.test(n.text);
  if (n.type === 'call_expression') return /Handler(Func)?\s*\(/.test(n.text);
  if (n.type !== 'identifier') return false;
  return new RegExp(`\\bfunc\\s+(?:\\([^)]*\\)\\s*)?${n.text}\\s*\\(|\\b${n.text}\\s*:?=\\s*func\\s*\\(`).test(fileText) || /[Hh]andler$|^handle[A-Z]/.test(n.text);
}

/** A router the file makes or is given (`c := chi.NewRouter()`, `r *mux.Router`): its `Delete(path, h.DropAgent)` registers whatever `h.X` is named. */
function isGoRouter(receiver: string, fileText: string): boolean {
  if (!/^\w+$/.test(receiver)) return false;
  const made = new RegExp(`\\b${receiver}\\s*:?=\\s*(?:chi\\.New(?:Router|Mux)|mux\\.NewRouter|gin\\.(?:Default|New)|echo\\.New|fiber\\.New|httprouter\\.New)\\s*\\(`);
  const given = new RegExp(`\\b${receiver}\\s+\\*?(?:chi\\.(?:Router|Mux)|mux\\.Router|gin\\.(?:Engine|RouterGroup|IRouter)|echo\\.(?:Echo|Group)|fiber\\.(?:App|Router)|httprouter\\.Router)\\b`);
  return made.test(fileText) || given.test(fileText);
}

export type Annotated = { kind: 'server' } | { kind: 'client'; method: HttpMethod | null; verbInText: boolean; node?: SyntaxNode; prefix?: string };

/** Annotation-like nodes: Java/Kotlin annotations, C#/PHP attributes, Python decorators. */
const ANNOTATION = /^(annotation|marker_annotation|attribute|decorator)$/;

function annotationName(n: SyntaxNode): string {
  if (n.type === 'decorator') return n.namedChild(0)?.text.replace(/\(.*$/s, '') ?? '';
  const head = n.namedChildren.find((c) => /identifier|name|constructor_invocation|user_type|scoped_identifier|qualified_name/.test(c.type));
  return (head?.text ?? '').replace(/\(.*$/s, '').replace(/^.*[.\\]/, '');
}

/** The names of the annotations on the declaration an annotation belongs to, and on its enclosing type. */
function siblingsAndOwner(a: SyntaxNode): { siblings: string[]; owner: string[] } {
  let decl: SyntaxNode | null = a.parent;
  while (decl && /modifiers|attribute_list|attribute_group|decorated_definition/.test(decl.type) && !/declaration|definition/.test(decl.type)) decl = decl.parent;
  const namesIn = (d: SyntaxNode | null): string[] => {
    const out: string[] = [];
    if (!d) return out;
    const walk = (n: SyntaxNode, depth: number) => {
      for (const c of n.namedChildren) {
        if (ANNOTATION.test(c.type)) out.push(annotationName(c));
        else if (depth < 2 && /modifiers|attribute_list|attribute_group/.test(c.type)) walk(c, depth + 1);
      }
    };
    walk(d, 0);
    return out;
  };
  let owner: SyntaxNode | null = decl?.parent ?? null;
  while (owner && !/class_declaration|interface_declaration|object_declaration|class_definition/.test(owner.type)) owner = owner.parent;
  return { siblings: namesIn(decl), owner: namesIn(owner) };
}

/** Client-only annotation names: Retrofit, Refit/RestEase, Feign, Spring 6 HTTP interfaces. */
const CLIENT_ANNOTATION = /^(GET|POST|PUT|DELETE|PATCH|HEAD|HTTP|RequestLine|(Get|Post|Put|Delete|Patch|Http)Exchange)$/;
/** Names that are requests only in a client interface (`@FeignClient`, Micronaut `@Client`, MicroProfile `@RegisterRestClient`). */
const SPRING_OR_MICRONAUT = /^((Get|Post|Put|Delete|Patch|Request)Mapping|Get|Post|Put|Delete|Patch|Path)$/;
const CLIENT_OWNER = /^(FeignClient|Client|RegisterRestClient|HttpExchange)$/;

/**
 * What the annotation/attribute/decorator a string sits in says: a client request with its
 * method, a server route (quiet), or nothing (not an annotation, or one of another kind).
 */
export function annotationOf(n: SyntaxNode, lang: string, fileText: string): Annotated | null {
  const got = classify(n, lang, fileText);
  if (got?.kind !== 'client') return got;
  const node = annotationNode(n)!;
  const prefix = typePrefix(node);
  return { ...got, node, ...(prefix ? { prefix } : {}) };
}

/**
 * The path a client type declares for all its methods (`@RequestMapping("/helpdesk")` on a Feign
 * interface, MicroProfile's `@Path("/helpdesk")`, `@HttpExchange("/helpdesk")`): the methods' paths
 * are under it. Null when the type declares none.
 */
function typePrefix(a: SyntaxNode): string | null {
  let owner: SyntaxNode | null = a.parent;
  while (owner && !/class_declaration|interface_declaration|object_declaration/.test(owner.type)) owner = owner.parent;
  if (!owner) return null;
  for (const c of owner.namedChildren) {
    const list = /modifiers/.test(c.type) ? c.namedChildren : ANNOTATION.test(c.type) ? [c] : [];
    for (const x of list) {
      if (!ANNOTATION.test(x.type) || x === a || !/^(RequestMapping|Path|HttpExchange)$/.test(annotationName(x))) continue;
      const m = /\(\s*(?:(?:value|path|url)\s*=\s*)?\{?\s*"([^"]*)"/.exec(x.text);
      if (m && m[1]!.startsWith('/')) return m[1]!;
    }
  }
  return null;
}

/** The annotation, attribute or decorator a string sits in (through its argument list). */
function annotationNode(n: SyntaxNode): SyntaxNode | null {
  let a: SyntaxNode | null = n.parent;
  for (let i = 0; a && i < 6 && !ANNOTATION.test(a.type); i++) a = a.parent;
  return a && ANNOTATION.test(a.type) ? a : null;
}

function classify(n: SyntaxNode, lang: string, fileText: string): Annotated | null {
  const a = annotationNode(n);
  if (!a) return null;
  const name = annotationName(a);
  const bare = name.replace(/^.*\./, '');
  if (a.type === 'decorator') {
    // Python: a route decorator of Flask/FastAPI/… unless the file is an uplink (Retrofit-like) client
    if (/^\s*(?:from|import)\s+uplink\b/m.test(fileText)) return { kind: 'client', method: methodOf(bare), verbInText: false };
    return { kind: 'server' };
  }
  // Refit/RestEase in C#: `[Get("…")]`; ASP.NET's `[HttpGet]`/`[Route]` serve
  if (lang === 'csharp') return /^(Get|Post|Put|Delete|Patch)$/.test(bare) ? { kind: 'client', method: methodOf(bare), verbInText: false } : { kind: 'server' };
  if (lang === 'php') return { kind: 'server' };
  const argMethod = () => {
    const m = /\bmethod\s*=\s*(?:\{\s*)?(?:RequestMethod\.|HttpMethod\.)?["']?(\w+)/.exec(a.text);
    return methodOf(m?.[1]);
  };
  const { siblings, owner } = siblingsAndOwner(a);
  if (CLIENT_ANNOTATION.test(bare)) {
    if (bare === 'RequestLine') return { kind: 'client', method: methodOf(/["']\s*(\w+)\s/.exec(a.text)?.[1]), verbInText: true };
    if (/^(HTTP|HttpExchange)$/.test(bare)) return { kind: 'client', method: argMethod(), verbInText: false };
    return { kind: 'client', method: methodOf(bare.replace(/Exchange$/, '')), verbInText: false };
  }
  if (SPRING_OR_MICRONAUT.test(bare)) {
    if (!owner.some((o) => CLIENT_OWNER.test(o))) return { kind: 'server' };
    if (bare === 'Path') return { kind: 'client', method: methodOf(siblings.find((s) => /^(GET|POST|PUT|DELETE|PATCH)$/.test(s))), verbInText: false };
    if (bare === 'RequestMapping') return { kind: 'client', method: argMethod(), verbInText: false };
    return { kind: 'client', method: methodOf(bare.replace(/Mapping$/, '')), verbInText: false };
  }
  return null;
}

/** The call a Python decorator is made of (`@router.get("/x")`): a declaration, never a request of its own. */
export function inDecorator(n: SyntaxNode): boolean {
  return n.parent?.type === 'decorator';
}
