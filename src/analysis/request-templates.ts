/**
 * Request templates of app platform 2.3 (`config/requests.json`: `{ name: { schema: { method,
 * protocol, host, path } } }`): the URL a template requests, for the audit (which reports it) and
 * the codemod (for which an app whose templates name v1 paths talks to v1).
 */
export interface TemplateSchema {
  method?: unknown;
  protocol?: unknown;
  host?: unknown;
  path?: unknown;
}

/** The method and the URL pattern a template requests (`{host}` when the host is not written). */
export function templateRequest(schema: TemplateSchema): { method: string; pattern: string } | null {
  if (typeof schema.path !== 'string') return null;
  const method = String(schema.method ?? 'GET').toUpperCase();
  const host = typeof schema.host === 'string' ? schema.host : '{host}';
  return { method, pattern: `${schema.protocol === 'http' ? 'http' : 'https'}://${host}${schema.path}` };
}

/** Every template of a `config/requests.json` text (none when it is not such a file). */
export function requestTemplatesOf(text: string): Array<{ name: string; method: string; pattern: string }> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return [];
  const out: Array<{ name: string; method: string; pattern: string }> = [];
  for (const [name, value] of Object.entries(json as Record<string, unknown>)) {
    const schema = (value as { schema?: TemplateSchema } | null)?.schema;
    const r = schema && typeof schema === 'object' ? templateRequest(schema) : null;
    if (r) out.push({ name, ...r });
  }
  return out;
}
