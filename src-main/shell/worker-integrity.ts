// The customer cache's worker runs with full Node inside the main process, loaded from a file beside
// app.asar (app.asar.unpacked), which Electron's asar integrity check does not cover. Its SHA-256 is built
// into the main bundle when the app is built (electron.vite.config.ts), and the file is checked against
// it before the worker starts: a changed file stops start-up with a message naming it.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export class WorkerIntegrityError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`The cache worker ${file} ${detail}. Reinstall Card Desk.`);
    this.name = 'WorkerIntegrityError';
  }
}

/** Resolves when the worker file's SHA-256 (hex) is `expected`; rejects naming the file otherwise. */
export async function verifyWorkerFile(url: URL, expected: string): Promise<void> {
  const file = fileURLToPath(url);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new WorkerIntegrityError(file, code === 'ENOENT' ? 'is missing' : `cannot be read (${code ?? 'error'})`);
  }
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== expected.toLowerCase()) {
    throw new WorkerIntegrityError(
      file,
      `has been changed since this version was built (SHA-256 ${actual}, expected ${expected})`,
    );
  }
}
