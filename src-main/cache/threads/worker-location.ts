// Where the cache worker's code is. In the built app it is `cache-worker.js` beside the main bundle
// (src-main/cache/worker.ts bundled self-contained into out/main/cache-worker.js); from sources (vitest,
// tsx) it is worker.ts itself, run through tsx. In the packaged app the main bundle sits inside
// `resources/app.asar`, which a worker thread cannot read its code from, so the worker is shipped
// unpacked beside it in `resources/app.asar.unpacked`, at the same path below that folder.
import { dirname, join, sep } from 'node:path';
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

/**
 * The same file's path in the unpacked copy of an asar archive: `…/app.asar/out/main/x.js` becomes
 * `…/app.asar.unpacked/out/main/x.js`. Paths outside an archive come back as they are.
 */
export function unpackedPath(file: string, separator: string = sep): string {
  const marker = `${separator}app.asar${separator}`;
  const at = file.lastIndexOf(marker);
  if (at < 0) return file;
  return `${file.slice(0, at)}${separator}app.asar.unpacked${separator}${file.slice(at + marker.length)}`;
}

/** The built worker in the folder of the main bundle, outside the asar archive when the app is packaged. */
export function builtWorkerLocation(bundleDir: string): WorkerLocation {
  return workerLocation(unpackedPath(join(bundleDir, BUILT_WORKER_FILE)));
}

/** The worker beside this module: worker.ts when running from sources, cache-worker.js when bundled. */
export function defaultWorkerLocation(moduleUrl: string = import.meta.url): WorkerLocation {
  const here = dirname(fileURLToPath(moduleUrl));
  return moduleUrl.endsWith('.ts') ? workerLocation(join(here, 'worker.ts')) : builtWorkerLocation(here);
}
