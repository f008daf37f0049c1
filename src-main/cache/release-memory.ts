// Handing memory back after heavy work. V8 keeps what a burst of allocation grew (a young generation
// grown to its 64 MB semi-space maximum, pooled pages) until a collection that aims to reduce memory,
// which it runs only under memory pressure. A customer sync of a million customers is such a burst; the
// Electron main process and the cache worker live on for hours after it, so each asks for that
// collection once the sync is over (a pause of a few tens of milliseconds, once per sync).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'major'; execution: 'async'; flavor: 'last-resort' }) => Promise<void>;

let collect: Collect | null | undefined;

function collector(): Collect | null {
  if (collect === undefined) {
    try {
      // Exposes V8's gc() to contexts created from now on; this one context only is made to fetch it.
      setFlagsFromString('--expose-gc');
      const gc: unknown = runInNewContext('gc');
      collect = typeof gc === 'function' ? (gc as Collect) : null;
    } catch {
      collect = null;
    }
  }
  return collect;
}

/** Runs a memory-reducing collection of this thread's heap; resolves when it is done (never rejects). */
export async function releaseMemory(): Promise<void> {
  try {
    await collector()?.({ type: 'major', execution: 'async', flavor: 'last-resort' });
  } catch {
    // Only tidies memory.
  }
}
