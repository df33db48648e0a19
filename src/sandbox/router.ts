/**
 * A small path router. Patterns use `:name` for a numeric segment (every id in both APIs is a
 * number; a non-numeric id is simply not a route, hence 404) and `*name` for any one segment.
 * Knowing every method registered for a path lets the server answer 405 for a wrong verb.
 */

export interface Route<H> {
  method: string;
  pattern: string;
  handler: H;
}

interface Compiled<H> extends Route<H> {
  regex: RegExp;
  keys: string[];
}

export type Match<H> =
  | { kind: 'found'; route: Route<H>; params: Record<string, string> }
  | { kind: 'wrong_method'; allowed: string[] }
  | { kind: 'not_found' };

export class Router<H> {
  /** routes grouped by segment count: a cheap first cut before any regex runs */
  private readonly bySegments = new Map<number, Compiled<H>[]>();

  add(method: string, pattern: string, handler: H): this {
    const keys: string[] = [];
    const source = pattern
      .split('/')
      .map((segment) => {
        if (segment.startsWith(':')) {
          keys.push(segment.slice(1));
          return '(\\d{1,15})';
        }
        if (segment.startsWith('*')) {
          keys.push(segment.slice(1));
          return '([^/]+)';
        }
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    const count = pattern.split('/').length;
    const list = this.bySegments.get(count) ?? [];
    list.push({ method, pattern, handler, regex: new RegExp(`^${source}$`), keys });
    this.bySegments.set(count, list);
    return this;
  }

  match(method: string, path: string): Match<H> {
    const candidates = this.bySegments.get(path.split('/').length);
    if (!candidates) return { kind: 'not_found' };
    const allowed: string[] = [];
    for (const route of candidates) {
      const m = route.regex.exec(path);
      if (!m) continue;
      if (route.method === method) {
        const params: Record<string, string> = {};
        route.keys.forEach((key, i) => {
          params[key] = m[i + 1]!;
        });
        return { kind: 'found', route, params };
      }
      if (!allowed.includes(route.method)) allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: 'wrong_method', allowed } : { kind: 'not_found' };
  }

  routes(): Route<H>[] {
    return Array.from(this.bySegments.values()).flat();
  }
}
