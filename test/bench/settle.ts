// The pause between a sync and the cache benchmark's measurements of memory. For some seconds after a
// collection V8 keeps the pages a burst of allocation used; its memory reducer hands them back once the
// process has been quiet for about 8 s. At 1M customers the main process's RSS stayed at 203–238 MB for the
// first 5 s after a sync and was at 137–162 MB 10 s later, both for the cache before sealing and after it
// (2026-11-26, quiet machine). The app lives on for hours after a sync, so the figure that matters is the
// settled one; the RSS right after the sync is reported beside it.
//
// The "before" side of the benchmark runs an older cache-main.ts: cache-before.ts copies this file beside it
// and inserts the same call at SETTLE_MARKER, so both sides pause alike.

/** How long the process is left quiet after the sync (V8's memory reducer acts ~8 s after the last collection). */
export const SETTLE_MS = 15_000;

/** The comment line in cache-main.ts (this one's and older ones') before which the pause goes. */
export const SETTLE_MARKER = '// Queries from a spread of stored customers.';

/** The line cache-before.ts inserts into an older cache-main.ts at SETTLE_MARKER. */
export const SETTLE_CALL = "await (await import('./settle')).settle();";

/** Waits SETTLE_MS; answers the RSS in bytes as it was right after the sync, when called. */
export async function settle(): Promise<number> {
  const rssAfterSync = process.memoryUsage().rss;
  console.error(
    `  RSS right after the sync: ${(rssAfterSync / 1048576).toFixed(0)} MB; settling for ${SETTLE_MS / 1000} s`,
  );
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return rssAfterSync;
}
