// Setting a damaged file aside instead of deleting it: renamed to `<file>.corrupt-<time>` with its WAL
// files, and once a rebuild has worked only the newest such copy is kept, so they never pile up.
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const SIDE_FILES = ['', '-wal', '-shm', '-journal'];

const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

/** Renames the file (and its WAL) to `<file>.corrupt-<time>`; returns the new name. */
export function moveAside(file: string, at: Date): string {
  const target = `${file}.corrupt-${stamp(at)}`;
  for (const suffix of SIDE_FILES) {
    if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  }
  return target;
}

/** Deletes every `<file>.corrupt-*` copy (and its WAL files) but the newest. */
export function keepNewestCorruptCopy(file: string): void {
  const prefix = `${basename(file)}.corrupt-`;
  const copies = readdirSync(dirname(file))
    .filter((name) => name.startsWith(prefix) && !/-(wal|shm|journal)$/.test(name))
    // The names end in an ISO time, so they sort by when they were set aside.
    .sort((a, b) => b.localeCompare(a));
  for (const old of copies.slice(1)) {
    for (const suffix of SIDE_FILES) rmSync(join(dirname(file), old + suffix), { force: true });
  }
}
