// The cache's failures, each with a message fit to show the user, and how SQLite's codes map onto them.

/** The cache cannot work at all here (e.g. SQLite without FTS5). */
export class CacheUnavailableError extends Error {
  override name = 'CacheUnavailableError';
}
/** The cache file is damaged or of an unknown version; it is moved aside and rebuilt. */
export class CacheUnreadableError extends Error {
  override name = 'CacheUnreadableError';
}
/** The disk (or the cache's size cap) is full; the write was rolled back. */
export class CacheFullError extends Error {
  override name = 'CacheFullError';
  constructor() {
    super(
      'The disk is full, so the customer cache could not be updated. It is unchanged; free some space and sync again.',
    );
  }
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
