// Where the cache worker's code is. In the built app it is `cache-worker.js` beside the main bundle
// (electron-vite entry src-main/cache/worker.ts -> out/main/cache-worker.js); from sources (vitest, tsx)
// it is worker.ts itself, run through tsx. The composition root may pass its own location.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface WorkerLocation {
  url: URL;
  /** Node options for the worker thread, e.g. ['--import', 'tsx'] to run TypeScript sources. */
  execArgv: string[];
}

export const BUILT_WORKER_FILE = 'cache-worker.js';

/** A worker file given as a URL or path; a .ts file is run through tsx. */
export function workerLocation(where: URL | string): WorkerLocation {
  const url = where instanceof URL ? where : where.startsWith('file:') ? new URL(where) : pathToFileURL(where);
  return { url, execArgv: url.pathname.endsWith('.ts') ? ['--import', 'tsx'] : [] };
}

/** The worker beside this module: worker.ts when running from sources, cache-worker.js when bundled. */
export function defaultWorkerLocation(moduleUrl: string = import.meta.url): WorkerLocation {
  const here = dirname(fileURLToPath(moduleUrl));
  const fromSources = moduleUrl.endsWith('.ts');
  return workerLocation(join(here, fromSources ? 'worker.ts' : BUILT_WORKER_FILE));
}
