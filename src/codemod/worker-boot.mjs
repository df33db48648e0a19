// Worker entry in plain JavaScript: registers tsx in this thread (the parent's registration and
// `--import` in execArgv do not reach a worker's own module loading on Node 20), then loads the
// TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
