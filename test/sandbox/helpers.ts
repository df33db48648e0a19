/** Test helpers: a real sandbox on a free port and a tiny HTTP client for it. */
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.ts';

export function basic(user: string, password = 'X'): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export const ADMIN = basic('sandbox-admin-key');
export const VIEWER = basic('sandbox-viewer-key');
export const AGENT = basic('sandbox-agent-key');

export interface Res {
  status: number;
  headers: Headers;
  text: string;
  /** parsed JSON body, or undefined when empty / not JSON */
  json: any;
}

export interface Client {
  sandbox: Sandbox;
  call(method: string, path: string, init?: { body?: unknown; auth?: string | null; headers?: Record<string, string>; raw?: BodyInit }): Promise<Res>;
  get(path: string, auth?: string | null): Promise<Res>;
  close(): Promise<void>;
}

/** The clock the tests pin: seeded dates (and the date filters the tests use) fall before it. */
export const TEST_NOW = '2025-06-30T00:00:00Z';

export async function openSandbox(options: SandboxOptions = {}): Promise<Client> {
  const sandbox = await startSandbox({ port: 0, tickets: 300, now: TEST_NOW, onError: (e) => { throw e; }, ...options });
  const call: Client['call'] = async (method, path, init = {}) => {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    const auth = init.auth === undefined ? ADMIN : init.auth;
    if (auth !== null) headers.Authorization = auth;
    let body: BodyInit | undefined = init.raw;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const r = await fetch(sandbox.url + path, { method, headers, body });
    const text = await r.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: r.status, headers: r.headers, text, json };
  };
  return {
    sandbox,
    call,
    get: (path, auth) => call('GET', path, { auth }),
    close: () => sandbox.close(),
  };
}

/** The error codes of a v2 error body, for compact assertions. */
export function codes(res: Res): string[] {
  return (res.json?.errors ?? []).map((e: { code: string }) => e.code);
}

export const UTC_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
export const OFFSET_10 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+10:00$/;
