import type { Benchmark } from './benchmark';
import { sandboxBenchmark } from './sandbox.bench';
import { cacheBenchmark } from './cache.bench';
import { rateBudgetBenchmark } from './rate-budget.bench';
import { apiParseBenchmark } from './api-parse.bench';
import { bulkIssueBenchmark } from './bulk-issue.bench';
import { journalBenchmark } from './journal.bench';
import { teamBenchmark } from './team.bench';
import { teamMondayBenchmark } from './team-monday.bench';

/**
 * The UI benchmark, loaded when it runs: its tooling (the renderer build, the harness, Chromium's driver)
 * adds some 300 MB to this process's RSS, which the cache benchmark before it would otherwise count as
 * the main process's (`main_rss_mb`).
 */
const uiBenchmark: Benchmark = {
  name: 'ui',
  run: async (ctx) => (await import('./ui.bench')).uiBenchmark.run(ctx),
};

/** Every benchmark `npm run bench` runs, in order. */
export const benchmarks: Benchmark[] = [
  sandboxBenchmark,
  cacheBenchmark,
  uiBenchmark,
  rateBudgetBenchmark,
  apiParseBenchmark,
  bulkIssueBenchmark,
  journalBenchmark,
  teamBenchmark,
  teamMondayBenchmark,
];
