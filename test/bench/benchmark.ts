export interface BenchContext {
  /** How many customers the sandbox and cache are sized to (`--customers`, default 1,000,000). */
  customers: number;
  /** The git ref the cache benchmark measures as "before" (`--before`; default: the cache before sealed records). */
  before?: string;
  /** Rounds of before and after the cache benchmark runs, taking turns (`--rounds`, default 3). */
  rounds?: number;
  /** Desks that open at once (`--desks`, the `team-monday` step; default 20). */
  desks?: number;
  /** Prints a line of commentary under the benchmark's heading. */
  print(line: string): void;
}
export interface Benchmark {
  name: string;
  /** Returns the figures by their BENCH key. */
  run(ctx: BenchContext): Promise<Record<string, number>>;
}
