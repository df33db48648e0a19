/**
 * Worker thread: audits the files it is sent and posts one result per file.
 * Started by pool.ts with `execArgv: ['--import', 'tsx']`.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { loadCatalogue, type Overlay } from '../catalogue/index.ts';
import { analyzeFile, prepareLanguage, useProjectFiles, type FileTask } from './file-analysis.ts';
import { FsModuleLoader, type CallersContract } from '../analysis/index.ts';

interface Init {
  root: string;
  overlay?: Overlay;
  tasks: FileTask[];
  /** The walked files of other languages, for their helper index (see useProjectFiles). */
  projectFiles?: string[];
  callers?: CallersContract;
}

const init = workerData as Init;
const cat = loadCatalogue(init.overlay);
const ctx = { root: init.root, cat, loader: new FsModuleLoader(undefined, false), callers: init.callers };
if (init.projectFiles) useProjectFiles(init.root, init.projectFiles);
for (const task of init.tasks) {
  let text: string;
  try {
    text = readFileSync(task.abs, 'utf8');
  } catch (e) {
    parentPort!.postMessage({ rel: task.rel, findings: [], markers: [], consumed: [], urlParts: [], parsed: false, skipped: { file: task.rel, reason: 'unreadable', detail: (e as NodeJS.ErrnoException).code } });
    continue;
  }
  await prepareLanguage(task.language);
  parentPort!.postMessage(analyzeFile(task, text, ctx));
}
parentPort!.postMessage({ done: true });
