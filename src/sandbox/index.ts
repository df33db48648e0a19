/**
 * The embedded helpdesk: `startSandbox()` seeds (or loads) an account, and serves the v1 legacy
 * API and the v2 API over one store on one port. Used by `hdmigrate sandbox`, the demo, the tests,
 * the verifier and the shim.
 */
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { DEMO_KEYS } from './constants.ts';
import type { Services } from './context.ts';
import { FaultInjector, parseFaults, type FaultPlan } from './faults.ts';
import type { AccountState } from './model.ts';
import { RateLimiter, type RateLimitConfig } from './ratelimit.ts';
import { seedAccount } from './seed/index.ts';
import { createRequestHandler } from './server.ts';
import { Store } from './store.ts';
import { createSelfSignedCertificate } from './tls.ts';

export { DEMO_KEYS, DEMO_LOGINS, DEMO_AGENT_IDS, ACCOUNT_ID, SHOWCASE, TICKET_CUSTOM_FIELDS, API_VERSION_HEADER } from './constants.ts';
export { parseFaults, FaultSpecError, type FaultPlan } from './faults.ts';
export { parseRateLimit, type RateLimitConfig } from './ratelimit.ts';
export { DEFAULT_PORT, DEFAULT_TICKETS, DEFAULT_V1_RATE_LIMIT, DEFAULT_V2_RATE_LIMIT, SandboxStartError, parseClock } from './defaults.ts';
import { DEFAULT_PORT, DEFAULT_TICKETS, DEFAULT_V1_RATE_LIMIT, DEFAULT_V2_RATE_LIMIT, SandboxStartError, parseClock } from './defaults.ts';
export { seedAccount } from './seed/index.ts';
export { Store } from './store.ts';
export type { AccountState } from './model.ts';

export interface SandboxOptions {
  /** default 4010; 0 picks a free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** PRNG seed of the account (default 1) */
  seed?: number;
  /** number of seeded tickets (default 2000) */
  tickets?: number;
  /** load the account from this JSON file if it exists (instead of seeding); write it on close */
  dataFile?: string;
  /** v2 budget, per account (default 2000 calls / 60 s) */
  rateLimit?: RateLimitConfig;
  /** v1 budget (default 1000 calls / 3600 s, spec 001) */
  v1RateLimit?: RateLimitConfig;
  /** fault spec (see faults.ts) or a parsed plan */
  faults?: string | FaultPlan;
  /** serve HTTPS (self-signed) and plain HTTP on the same port */
  tls?: boolean;
  /** refuse plain HTTP (v2: 403 ssl_required; v1: 301 to https). Default: on with tls, off without */
  sslRequired?: boolean;
  /** delay before bulk jobs complete (default 50 ms) */
  jobDelayMs?: number;
  /** v2 default ticket list window in days (default 30; 0 lists all) */
  defaultListWindowDays?: number;
  /**
   * The sandbox's clock. Seeded records are dated relative to its "now" at start-up, so a fresh
   * sandbox always holds recent tickets, notes and time entries.
   * - a function: the clock itself (tests drive it); the seed anchors at its first reading
   * - an instant (ISO text in any v2 date form, epoch ms, or a Date): the clock starts there and
   *   runs on with real time; the same seed and the same instant give the same account byte for byte
   * - absent: the real clock (Date.now)
   */
  now?: (() => number) | string | number | Date;
  /** called for unexpected server errors (default: one line on stderr) */
  onError?: (err: unknown) => void;
}

export interface Sandbox {
  /** base URL, e.g. http://127.0.0.1:4010 (https with tls) */
  url: string;
  port: number;
  /** demo API keys: the same for every seed */
  keys: { admin: string; viewer: string };
  /** PEM of the self-signed certificate when tls is on (trust it as a CA) */
  ca?: string;
  /** the live store, for tests and in-process tools */
  store: Store;
  /** the sandbox's clock (epoch ms): what it stamps writes with and counts windows from */
  now(): number;
  /** writes the account to `dataFile` now (no-op without one) */
  save(): Promise<void>;
  /** stops accepting, drops connections, writes `dataFile` */
  close(): Promise<void>;
}


/**
 * Turns the `now` option into a clock. An instant starts a clock that runs on from it, rather than
 * a frozen one: rate-limit windows, bulk-job delays and the order of writes need time to pass.
 */
export function clockFrom(now: SandboxOptions['now'], realNow: () => number = Date.now): () => number {
  if (now === undefined) return realNow;
  if (typeof now === 'function') return now;
  const start = parseClock(now);
  const startedAt = realNow();
  return () => start + (realNow() - startedAt);
}


async function loadOrSeed(options: SandboxOptions, anchor: number): Promise<Store> {
  if (options.dataFile && existsSync(options.dataFile)) {
    let state: AccountState;
    try {
      state = JSON.parse(await readFile(options.dataFile, 'utf8')) as AccountState;
    } catch (e) {
      throw new SandboxStartError(`cannot read ${options.dataFile}: ${(e as Error).message}`);
    }
    if (state?.format !== 'hdmigrate-sandbox/1') throw new SandboxStartError(`${options.dataFile} is not a sandbox data file`);
    return new Store(state);
  }
  return new Store(seedAccount({ seed: options.seed ?? 1, tickets: options.tickets ?? DEFAULT_TICKETS, anchor }));
}

async function writeState(store: Store, file: string): Promise<void> {
  // write-then-rename, so a crash never leaves half a file behind
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(store.snapshot()));
  await rename(tmp, file);
}

function listen(server: net.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(err.code === 'EADDRINUSE' ? new SandboxStartError(`port ${port} is already in use`) : err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const now = clockFrom(options.now);
  // A data file keeps the anchor it was seeded with: its records are as old as they were.
  const store = await loadOrSeed(options, now());
  const tls = options.tls ?? false;
  store.account.sslRequired = options.sslRequired ?? tls;
  if (options.defaultListWindowDays !== undefined) store.account.defaultListWindowDays = options.defaultListWindowDays;

  const timers = new Set<NodeJS.Timeout>();
  const services: Services = {
    jobDelayMs: options.jobDelayMs ?? 50,
    schedule(fn, ms) {
      // setTimeout counts from the event loop's cached time, which a long tick (the first
      // compile of a request schema) leaves behind: wait until `ms` have really passed.
      const due = performance.now() + ms;
      const wait = (left: number) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          const rest = due - performance.now();
          if (rest >= 1) wait(rest);
          else fn();
        }, left);
        timers.add(timer);
      };
      wait(ms);
    },
  };
  const faultPlan = typeof options.faults === 'string' ? parseFaults(options.faults) : options.faults;
  const handler = createRequestHandler({
    store,
    now,
    services,
    v2Limiter: new RateLimiter(options.rateLimit ?? DEFAULT_V2_RATE_LIMIT, now),
    v1Limiter: new RateLimiter(options.v1RateLimit ?? DEFAULT_V1_RATE_LIMIT, now),
    faults: faultPlan ? new FaultInjector(faultPlan, store.seed) : null,
    onError: options.onError ?? ((err) => process.stderr.write(`hdmigrate sandbox: internal error: ${(err as Error)?.stack ?? String(err)}\n`)),
  });

  const httpServer = http.createServer({ keepAliveTimeout: 5_000 }, handler);
  httpServer.requestTimeout = 30_000;
  httpServer.headersTimeout = 10_000;
  let listener: net.Server = httpServer;
  let httpsServer: https.Server | undefined;
  let ca: string | undefined;
  const tlsSockets = new Set<net.Socket>();
  if (tls) {
    const { key, cert } = createSelfSignedCertificate();
    ca = cert;
    httpsServer = https.createServer({ key, cert, keepAliveTimeout: 5_000 }, handler);
    httpsServer.requestTimeout = 30_000;
    // One port, both schemes: a TLS ClientHello starts with 0x16; anything else is plain HTTP,
    // which is how a plain-HTTP v2 call reaches us to be refused with ssl_required.
    const both = httpsServer;
    listener = net.createServer((socket) => {
      // The inner servers never listen, so they do not track these sockets: we do, for close().
      tlsSockets.add(socket);
      socket.once('close', () => tlsSockets.delete(socket));
      socket.once('error', () => socket.destroy());
      socket.once('readable', () => {
        const first = socket.read(1) as Buffer | null;
        if (!first) return socket.destroy();
        socket.unshift(first);
        (first[0] === 0x16 ? both : httpServer).emit('connection', socket);
      });
    });
  }

  const host = options.host ?? '127.0.0.1';
  await listen(listener, options.port ?? DEFAULT_PORT, host);
  const port = (listener.address() as AddressInfo).port;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const url = `${tls ? 'https' : 'http'}://${shownHost}:${port}`;

  let closed: Promise<void> | undefined;
  const save = async () => {
    if (options.dataFile) await writeState(store, options.dataFile);
  };
  return {
    url,
    port,
    keys: { admin: DEMO_KEYS.admin, viewer: DEMO_KEYS.viewer },
    ca,
    store,
    now,
    save,
    close() {
      closed ??= (async () => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        await new Promise<void>((resolve) => {
          listener.close(() => resolve());
          httpServer.closeAllConnections();
          for (const socket of tlsSockets) socket.destroy();
        });
        await save();
      })();
      return closed;
    },
  };
}
