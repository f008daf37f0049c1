// Handing memory back after heavy work. V8 keeps what a burst of allocation grew (a young generation
// grown to its 64 MB semi-space maximum, pooled pages) until a collection that aims to reduce memory,
// which it runs only under memory pressure. A customer sync of a million customers is such a burst; the
// Electron main process and the cache worker live on for hours after it, so each asks for that
// collection once the sync is over (a pause of a few tens of milliseconds, once per sync).
//
// V8 offers that collection as `gc()` only to a process launched with `--expose-gc` (Electron:
// `--js-flags=--expose-gc`; worker threads share the flag). Card Desk never turns V8 flags on while it
// runs: without the launch flag this does nothing, and V8 collects when it sees fit.

type Collect = (options: { type: 'major'; execution: 'async'; flavor: 'last-resort' }) => Promise<void>;

/**
 * Runs a memory-reducing collection of this thread's heap when the launch flag exposed one; resolves to
 * whether it ran (never rejects). `scope` is where `gc` is looked for (the global scope).
 */
export async function releaseMemory(scope: { gc?: unknown } = globalThis): Promise<boolean> {
  const gc = scope.gc;
  if (typeof gc !== 'function') return false;
  try {
    await (gc as Collect)({ type: 'major', execution: 'async', flavor: 'last-resort' });
    return true;
  } catch {
    return false; // only tidies memory
  }
}
