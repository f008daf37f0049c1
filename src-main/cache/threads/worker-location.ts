// Where the cache worker's code is. In the built app it is `cache-worker.js` beside the main bundle
// (src-main/cache/worker.ts bundled self-contained into out/main/cache-worker.js), unpacked beside
// app.asar when packaged; from sources (vitest, tsx) it is worker.ts itself, run through tsx (see
// api/thread-file.ts).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unpackedPath, workerLocation, type WorkerLocation } from '../../api/thread-file';

export { unpackedPath, workerLocation, type WorkerLocation };

export const BUILT_WORKER_FILE = 'cache-worker.js';

/** The built worker in the folder of the main bundle, outside the asar archive when the app is packaged. */
export function builtWorkerLocation(bundleDir: string): WorkerLocation {
  return workerLocation(unpackedPath(join(bundleDir, BUILT_WORKER_FILE)));
}

/** The worker beside this module: worker.ts when running from sources, cache-worker.js when bundled. */
export function defaultWorkerLocation(moduleUrl: string = import.meta.url): WorkerLocation {
  const here = dirname(fileURLToPath(moduleUrl));
  return moduleUrl.endsWith('.ts') ? workerLocation(join(here, 'worker.ts')) : builtWorkerLocation(here);
}
