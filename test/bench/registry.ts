import type { Benchmark } from './benchmark';
import { sandboxBenchmark } from './sandbox.bench';
import { cacheBenchmark } from './cache.bench';
import { rateBudgetBenchmark } from './rate-budget.bench';
import { uiBenchmark } from './ui.bench';
import { apiParseBenchmark } from './api-parse.bench';

/** Every benchmark `npm run bench` runs, in order. */
export const benchmarks: Benchmark[] = [
  sandboxBenchmark,
  cacheBenchmark,
  uiBenchmark,
  rateBudgetBenchmark,
  apiParseBenchmark,
];
