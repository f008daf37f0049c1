// Where a worker thread's code is, for the threads main starts (the cache worker, the answer reader). In
// the built app each is a file beside the main bundle; from sources (vitest, tsx) it is the .ts file
// itself, run through tsx. In the packaged app the main bundle sits inside `resources/app.asar`, which a
// worker thread cannot read its code from, so worker files are shipped unpacked beside it in
// `resources/app.asar.unpacked`, at the same path below that folder (electron-builder.yml, asarUnpack).
import { pathToFileURL } from 'node:url';
import { sep } from 'node:path';

export interface WorkerLocation {
  url: URL;
  /** Node options for the worker thread, e.g. ['--import', 'tsx'] to run TypeScript sources. */
  execArgv: string[];
}

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
