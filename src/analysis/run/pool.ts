/**
 * Worker threads running TypeScript modules, shared by the tools: one boot (`startTsWorker`) and
 * one request/response pool (`WorkerPool`) whose workers keep their state between requests.
 */
import { Worker } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module. `execArgv: ['--import', 'tsx']` does not register
 * tsx inside workers on Node 20, so a one-line bootstrap registers it, then imports the module.
 */
export function startTsWorker(entry: URL, workerData: unknown): Worker {
  const api = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(code, { eval: true, workerData });
}

/**
 * `size` workers running `entry`, each answering `{ id, ...request }` messages with
 * `{ id, ...response }` (or `{ id, error }`); a request goes to the worker named by its index, so a
 * caller can send related work where the state for it already is.
 */
export class WorkerPool<Req extends object, Res extends object> {
  private readonly workers: Worker[] = [];
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (r: Res) => void; reject: (e: Error) => void }>();

  constructor(entry: URL, size: number, workerData: unknown) {
    for (let i = 0; i < size; i++) {
      const w = startTsWorker(entry, workerData);
      w.on('message', (r: Res & { id: number; error?: string }) => {
        const p = this.pending.get(r.id);
        this.pending.delete(r.id);
        if (r.error) p?.reject(new Error(r.error));
        else p?.resolve(r);
      });
      w.on('error', (e) => {
        for (const p of this.pending.values()) p.reject(e);
        this.pending.clear();
      });
      this.workers.push(w);
    }
  }

  get size(): number {
    return this.workers.length;
  }

  send(worker: number, req: Req): Promise<Res> {
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.workers[worker]!.postMessage({ ...req, id });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
