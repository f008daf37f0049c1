// Handing memory back after heavy work. V8 keeps what a burst of allocation grew (a young generation
// grown to its 64 MB semi-space maximum, pooled pages) until a collection that aims to reduce memory,
// which it runs only under memory pressure. A customer sync of a million customers is such a burst; the
// Electron main process and the cache worker live on for hours after it, so each asks for that
// collection once the sync is over (a short pause, once per sync). Without it the main process keeps
// what a large sync grew (`npm run bench`; the figures: docs/cache-design.md).
//
// V8 hands that collection out as `gc()`: to every context of a process launched with --expose-gc, and
// to contexts made after the flag is turned on at run time (the way jest's leak detector gets it). An
// Electron app cannot put V8 flags on its main process's command line, so the first call turns on that
// one flag (it adds a function to new contexts and changes nothing else) and takes `gc` from a new,
// empty context of this thread; a process launched with the flag uses its global one.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Flavor = 'last-resort' | 'regular';
type Collect = (options: { type: 'major'; execution: 'async'; flavor: Flavor }) => Promise<void>;

let fromNewContext: unknown;

/** This thread's `gc`: the global one, or one from a new context once --expose-gc is on; null when V8 gives none. */
export function memoryCollector(scope: { gc?: unknown } = globalThis): unknown {
  if (typeof scope.gc === 'function') return scope.gc;
  if (fromNewContext === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      fromNewContext = runInNewContext('typeof gc === "function" ? gc : null') as unknown;
    } catch {
      fromNewContext = null;
    }
  }
  return fromNewContext;
}

/** Runs a memory-reducing collection of this thread's heap with `collect`; resolves to whether it ran (never rejects). */
export function releaseMemory(collect: unknown = memoryCollector()): Promise<boolean> {
  return fullCollection(collect, 'last-resort');
}

/**
 * Runs a regular full collection of this thread's heap with `collect`, in a task of its own rather than
 * in the caller's turn; resolves to whether it ran (never rejects).
 */
export function collectHeap(collect: unknown = memoryCollector()): Promise<boolean> {
  return fullCollection(collect, 'regular');
}

async function fullCollection(collect: unknown, flavor: Flavor): Promise<boolean> {
  if (typeof collect !== 'function') return false;
  try {
    await (collect as Collect)({ type: 'major', execution: 'async', flavor });
    return true;
  } catch {
    return false; // only tidies memory
  }
}
