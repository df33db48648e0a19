/**
 * The analysis thread (./analysis-thread.ts): audits the JS/TS files it is sent, one message each,
 * and answers each with its `FileResult`. It lives as long as the process and serves every audit.
 * Each audit run gets its own module loader, as the main thread's (see `runAudit`).
 */
import { parentPort } from 'node:worker_threads';
import { loadCatalogue, type Catalogue } from '../catalogue/index.ts';
import { FsModuleLoader } from '../analysis/index.ts';
import { analyzeFile, type AnalysisContext } from './file-analysis.ts';
import type { AnalysisRequest } from './analysis-thread.ts';

const catalogues = new Map<string, Catalogue>();
let run: { id: number; ctx: AnalysisContext } | null = null;

parentPort!.on('message', (req: AnalysisRequest) => {
  try {
    if (run?.id !== req.run) {
      const key = JSON.stringify(req.overlay ?? null);
      let cat = catalogues.get(key);
      if (!cat) {
        cat = loadCatalogue(req.overlay);
        catalogues.set(key, cat);
      }
      run = { id: req.run, ctx: { root: req.root, cat, loader: new FsModuleLoader(undefined, false) } };
    }
    parentPort!.postMessage({ id: req.id, result: analyzeFile(req.file, req.text, run.ctx) });
  } catch (e) {
    parentPort!.postMessage({ id: req.id, error: e instanceof Error ? e.message : String(e) });
  }
});
// loaded: the audits may send files now
parentPort!.postMessage({ ready: true });
