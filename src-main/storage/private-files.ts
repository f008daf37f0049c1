// Card Desk's data folder holds customer data and the journal: on POSIX systems only the user may read it.
// The folder is 0700 and every file in it 0600, set at start for what is already there; new SQLite files
// are made 0600 as they are created (their WAL files follow the database file's mode).
import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const posix = process.platform !== 'win32';

/** Makes one file private (no-op on Windows, where the user's profile folder already is). */
export function makeFilePrivate(file: string): void {
  if (posix) chmodSync(file, PRIVATE_FILE_MODE);
}

/** Makes `folder` and everything under it private. Returns how many entries it could not change. */
export function makeFolderPrivate(folder: string): number {
  if (!posix) return 0;
  let failed = 0;
  const visit = (dir: string) => {
    try {
      chmodSync(dir, PRIVATE_FOLDER_MODE);
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) visit(path);
        else if (entry.isFile()) chmodSync(path, PRIVATE_FILE_MODE);
      }
    } catch {
      failed++;
    }
  };
  visit(folder);
  return failed;
}
