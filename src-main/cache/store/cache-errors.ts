// The cache's failures, each with a message fit to show the user, and how SQLite's codes map onto them.

/** The cache cannot work at all here (e.g. SQLite without FTS5). */
export class CacheUnavailableError extends Error {
  override name = 'CacheUnavailableError';
  /** Shown as it is: the IPC boundary (src-main/ipc/failure.ts) answers an error's appError. */
  get appError() {
    return { kind: 'internal' as const, message: this.message };
  }
}
/** The cache file is damaged or of an unknown version; it is moved aside and rebuilt. */
export class CacheUnreadableError extends Error {
  override name = 'CacheUnreadableError';
}
/**
 * The disk (or the cache's size cap) is full; the write that met it was rolled back. What was stored
 * before it is kept: the sync says how much (diskFullMessage).
 */
export class CacheFullError extends Error {
  override name = 'CacheFullError';
  constructor() {
    super(
      'The disk is full, so the customer cache could not store more. What it stored before is kept; free some space and sync again.',
    );
  }
}

/**
 * A sync stopped by a full disk, as it is: the customers the cache holds (search covers every one of them,
 * email included), and where the next sync resumes.
 */
export function diskFullMessage(customersKept: number, nextPage: number | null): string {
  const kept = `${customersKept.toLocaleString('en-US')} ${customersKept === 1 ? 'customer is' : 'customers are'}`;
  const resume =
    nextPage === null
      ? 'the next sync starts again from the first page'
      : `the next sync resumes from page ${(nextPage + 1).toLocaleString('en-US')}`;
  return `The disk is full, so the sync stopped. ${kept} kept in the customer cache and search covers them; free some space and ${resume}.`;
}

// SQLite primary result codes (the low byte of an extended code).
const SQLITE_CORRUPT = 11;
const SQLITE_FULL = 13;
const SQLITE_NOTADB = 26;

function primaryCode(e: unknown): number | null {
  const code = (e as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' ? code & 0xff : null;
}

export const isCorruption = (e: unknown): boolean => {
  if (e instanceof CacheUnreadableError) return true;
  const code = primaryCode(e);
  return code === SQLITE_CORRUPT || code === SQLITE_NOTADB;
};
export const isDiskFull = (e: unknown): boolean => e instanceof CacheFullError || primaryCode(e) === SQLITE_FULL;
