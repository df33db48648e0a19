/**
 * A codemod worker thread: plans the files it is sent, then applies the work decided for them
 * (its parsed modules stay cached between the two requests). Started by run.ts through
 * src/analysis/run/pool.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { applyWork, Planner, toWire, type FileWork } from './project.ts';

const planner = new Planner({ overlay: workerData?.overlay, only: workerData?.only, imported: workerData?.imported, callers: workerData?.callers });

parentPort!.on('message', (msg: { id: number; type: 'plan'; files: string[]; repoContext?: boolean; repoRules?: string[] } | { id: number; type: 'apply'; work: FileWork[] }) => {
  try {
    if (msg.type === 'plan') {
      if (msg.repoContext) planner.inRepoContext(msg.files, msg.repoRules);
      parentPort!.postMessage({ id: msg.id, outcomes: msg.files.map((f) => toWire(planner.plan(f))) });
    } else {
      parentPort!.postMessage({ id: msg.id, results: msg.work.map((w) => applyWork(planner.modules, w)) });
    }
  } catch (e) {
    parentPort!.postMessage({ id: msg.id, error: (e as Error).message });
  }
});
