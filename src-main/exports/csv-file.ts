// Writes CSV rows to a temporary file beside the target and moves it into place only when complete, so
// a cancelled or failed export never leaves a partial file where the user asked for one.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { asError } from '../errors/error-message';
import type { Cell } from './cells';
import { guardFormula } from './formula-guard';

export interface CsvFile {
  /** The temporary file being written. */
  readonly partPath: string;
  write(rows: readonly Cell[][]): Promise<void>;
  /** Finishes the file and renames it onto the target (replacing a file the user chose to overwrite). */
  commit(): Promise<void>;
  /** Stops writing and removes the temporary file. */
  discard(): Promise<void>;
}

export function partPathFor(target: string, exportId: string): string {
  return join(dirname(target), `.${basename(target)}.${exportId}.part`);
}

export async function createCsvFile(target: string, headers: readonly string[], exportId: string): Promise<CsvFile> {
  const partPath = partPathFor(target, exportId);
  const out = createWriteStream(partPath, { flags: 'wx' });
  await once(out, 'open');
  const csv = stringify({
    header: true,
    columns: [...headers],
    // A byte order mark makes spreadsheet programs read the file as UTF-8 (names with accents).
    bom: true,
    cast: {
      string: guardFormula,
      boolean: (v) => (v ? 'true' : 'false'),
    },
  });
  const written = pipeline(csv, out);
  // Surface a write failure on the next write or commit, not as an unhandled rejection.
  let failure: unknown = null;
  written.catch((e: unknown) => {
    failure ??= e;
  });

  const check = () => {
    if (failure) throw asError(failure);
  };

  return {
    partPath,
    async write(rows) {
      check();
      for (const row of rows) {
        if (!csv.write(row)) await Promise.race([once(csv, 'drain'), written]);
        check();
      }
    },
    async commit() {
      check();
      csv.end();
      await written;
      await rename(partPath, target);
    },
    async discard() {
      csv.destroy();
      await written.catch(() => undefined);
      await rm(partPath, { force: true });
    },
  };
}
