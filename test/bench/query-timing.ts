// Timing a list of queries one after another, as the cache benchmark does in each of its processes.

/** Each query's time in ms, sorted; `onEach` runs after each (e.g. to sample RSS). */
export async function timeQueries(
  queries: string[],
  run: (q: string) => unknown,
  onEach?: () => void,
): Promise<number[]> {
  const times: number[] = [];
  for (const q of queries) {
    const t = performance.now();
    await run(q);
    times.push(performance.now() - t);
    onEach?.();
  }
  return times.sort((a, b) => a - b);
}

/** The p-th percentile of sorted times. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
