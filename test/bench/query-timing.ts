// Timing a list of queries one after another, as the cache benchmark does in each of its processes.

/** Each query with its time in ms, in the order asked; `onEach` runs after each (e.g. to sample RSS). */
export async function timeEachQuery(
  queries: string[],
  run: (q: string) => unknown,
  onEach?: () => void,
): Promise<Array<{ query: string; ms: number }>> {
  const timed: Array<{ query: string; ms: number }> = [];
  for (const query of queries) {
    const t = performance.now();
    await run(query);
    timed.push({ query, ms: performance.now() - t });
    onEach?.();
  }
  return timed;
}

/** The times of `timed` in ms, sorted (what percentile reads). */
export const sortedMs = (timed: ReadonlyArray<{ ms: number }>): number[] =>
  timed.map((t) => t.ms).sort((a, b) => a - b);

/** One pass: each query's time in ms, in the order asked (a pass of typicalOf's). */
export async function timePass(queries: string[], run: (q: string) => unknown, onEach?: () => void): Promise<number[]> {
  return (await timeEachQuery(queries, run, onEach)).map((t) => t.ms);
}

/** Each query's time in ms, sorted; `onEach` runs after each (e.g. to sample RSS). */
export async function timeQueries(
  queries: string[],
  run: (q: string) => unknown,
  onEach?: () => void,
): Promise<number[]> {
  return sortedMs(await timeEachQuery(queries, run, onEach));
}

/** The `n` slowest of `timed`, slowest first, as `text (ms)` for a report line. */
export function slowestQueries(timed: Array<{ query: string; ms: number }>, n: number): string {
  return [...timed]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n)
    .map((t) => `${JSON.stringify(t.query)} ${t.ms.toFixed(2)}`)
    .join(', ');
}

/** The p-th percentile of sorted times. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The middle value (the mean of the middle two of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** How many passes a query's typical time is the median of (typicalOf). */
export const TYPICAL_OF_PASSES = 5;

/**
 * Each query's typical time in ms, in the order asked: the median of its times in `passes` (each pass's
 * times in the order asked). On a shared virtual machine the host pauses this one now and then, for a
 * fraction of a millisecond, and in a single pass the searches it lands on make most of the tail: one pass's
 * p95 moved between 0.42 and 0.82 ms from one pass to the next, seconds apart (docs/benchmarks.md,
 * 2026-11-29). A query's median is what it costs; what stays in the tail is the queries that cost more.
 */
export function typicalOf(queries: string[], passes: number[][]): Array<{ query: string; ms: number }> {
  return queries.map((query, i) => ({ query, ms: median(passes.map((pass) => pass[i]!)) }));
}

/**
 * Each query's typical time (typicalOf) over TYPICAL_OF_PASSES passes, in the order asked; `onFirstPass`
 * runs after each query of the first pass (e.g. to sample RSS).
 */
export async function typicalEachQuery(
  queries: string[],
  run: (q: string) => unknown,
  onFirstPass?: () => void,
): Promise<Array<{ query: string; ms: number }>> {
  const passes: number[][] = [];
  for (let pass = 0; pass < TYPICAL_OF_PASSES; pass++) {
    passes.push(await timePass(queries, run, pass === 0 ? onFirstPass : undefined));
  }
  return typicalOf(queries, passes);
}

/** Each query's typical time (typicalEachQuery), sorted. */
export async function typicalTimes(
  queries: string[],
  run: (q: string) => unknown,
  onFirstPass?: () => void,
): Promise<number[]> {
  return sortedMs(await typicalEachQuery(queries, run, onFirstPass));
}
