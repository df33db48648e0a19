/** What a route handler of either surface receives and returns. */
import type { User } from './model.ts';
import type { Store } from './store.ts';

export interface Services {
  /** run `fn` later (bulk jobs); timers are cleared when the sandbox closes */
  schedule(fn: () => void, ms: number): void;
  /** delay before a bulk job completes, so clients can see IN PROGRESS */
  jobDelayMs: number;
}

export interface Ctx {
  store: Store;
  now: () => number;
  services: Services;
  /** the authenticated agent */
  caller: User;
  method: string;
  /** path without query and without a format suffix */
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  /** parsed request body (JSON, nested form fields, or XML), undefined when none was sent */
  body: unknown;
  /** the body came as multipart/form-data or a form: every value is a string */
  formEncoded: boolean;
  /** scheme://host[:port] the client used, for Location and link headers */
  baseUrl: string;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** v1 only: root element name when the body is an array */
  xmlRoot?: string;
}

/** admin: admin role only; write: admin or agent; read: any agent incl. view-only */
export type Access = 'read' | 'write' | 'admin';

export type Handler = (ctx: Ctx) => Reply | Promise<Reply>;

export interface RouteDef {
  handler: Handler;
  access: Access;
}

export function numParam(ctx: Ctx, name: string): number {
  return Number(ctx.params[name]);
}
