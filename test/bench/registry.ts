import type { Benchmark } from './benchmark';
import { sandboxBenchmark } from './sandbox.bench';

/** Every benchmark `npm run bench` runs, in order. */
export const benchmarks: Benchmark[] = [
  sandboxBenchmark,
];
