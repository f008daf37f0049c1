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

/** Each query's time in ms, sorted; `onEach` runs after each (e.g. to sample RSS). */
export async function timeQueries(
  queries: string[],
  run: (q: string) => unknown,
  onEach?: () => void,
): Promise<number[]> {
  return (await timeEachQuery(queries, run, onEach)).map((t) => t.ms).sort((a, b) => a - b);
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
