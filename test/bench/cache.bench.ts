// The customer cache at size: a full sync of ctx.customers customers from the local sandbox (its own
// process, rate limit lifted) into a process that plays the app's main process (cache-main.ts), which
// then measures its RSS while searching and search latency in the cache and through the IPC dispatcher,
// in turns with a naive linear scan over the customers' JSON in this process (turns.ts); then the same
// searches in a fresh process that only opens the cache. Both processes are bundled and run as the app's main-process code is (buildProcesses).
// In the same run, before that, the same sync and searches by the cache as it was before records were
// sealed (BEFORE_SEALING, the sources of that commit taken from git; `--before REF` names another), so the
// cost of sealing is measured as a ratio on one machine at one time: the `before_*` and `*_ratio` figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CACHE_WORKER_ENTRY, bundleInAscii } from '../../electron.vite.config';
import { CustomerReader } from '../../src-main/cache/store/customer-reader';
import { openReader } from '../../src-main/cache/store/database';
import { CACHE_FILE_NAME } from '../../src-main/cache/service';
import { BUILT_WORKER_FILE } from '../../src-main/cache/threads/worker-location';
import type { Benchmark } from './benchmark';
import { BEFORE_SEALING, asModules, builtBefore } from './cache-before';
import type { CacheMainFigures } from './cache-main';
import { TYPICAL_OF_PASSES, median, percentile, slowestQueries, sortedMs, timePass, typicalOf } from './query-timing';
import { TurnsInRunner } from './turns';
import { testSeal } from '../support/cache-keys';

const LINEAR_QUERIES = 30;

/** The figures point 4 of sealing holds to, from one process's run. */
function headline(main: CacheMainFigures) {
  return {
    sync_customers_per_s: main.customers / main.syncSeconds,
    cache_search_p95_ms: percentile(main.direct, 95),
    handler_search_p95_ms: percentile(main.viaHandler, 95),
    main_rss_mb: mb(main.rssBytes),
    cache_file_mb: mb(main.fileBytes),
  };
}

/** Runs one sync-and-search of a built cache-main in a fresh data folder, then deletes the folder. */
async function runOnce(
  main: string,
  sandbox: { url: string; key: string },
  ctx: { customers: number; print: (line: string) => void },
): Promise<CacheMainFigures> {
  const folder = mkdtempSync(join(tmpdir(), 'card-desk-cache-bench-round-'));
  try {
    return await runBuilt<CacheMainFigures>(
      main,
      { url: sandbox.url, key: sandbox.key, folder, customers: ctx.customers },
      ctx.print,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

type Headline = ReturnType<typeof headline>;

/**
 * Of several rounds, each timing's and the file's best (the most customers a second, the least time and
 * bytes), and main RSS's median. What disturbs a timing only slows it, so a side's best round is its least
 * disturbed one. Settled RSS is mostly what glibc's arenas keep of memory freed during the sync, and that
 * differs between rounds of the same code both ways, by up to 15 % (docs/benchmarks.md, "Main RSS"): a side's lowest
 * round is then as much luck as its code, and the median of its rounds is the fairer figure.
 */
function summary(rounds: Headline[]): Headline {
  const pick = (key: keyof Headline, most: boolean) =>
    rounds.map((r) => r[key]).reduce((a, b) => (most ? Math.max(a, b) : Math.min(a, b)));
  return {
    sync_customers_per_s: pick('sync_customers_per_s', true),
    cache_search_p95_ms: pick('cache_search_p95_ms', false),
    handler_search_p95_ms: pick('handler_search_p95_ms', false),
    main_rss_mb: median(rounds.map((r) => r.main_rss_mb)),
    cache_file_mb: pick('cache_file_mb', false),
  };
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/** Starts the sandbox in a child process (so it neither shares this thread nor counts in its RSS). */
async function sandboxProcess(customers: number): Promise<{ url: string; key: string; child: ChildProcess }> {
  const index = fileURLToPath(new URL('../../src-main/sandbox/index.ts', import.meta.url));
  const script = `
    const { startSandbox } = await import(${JSON.stringify(index)});
    const s = await startSandbox({ customers: ${customers}, rateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60000 } });
    console.log(JSON.stringify({ url: s.url, key: s.key }));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}`)));
  });
  return { ...(JSON.parse(line) as { url: string; key: string }), child };
}

/** A process that only opens the synced cache and runs the queries twice (the app started after a sync). */
const FRESH_SEARCH = `
  import { openCustomerCache } from '../../src-main/cache/service';
  import { testCacheKeys } from '../support/cache-keys';
  const { folder, queries } = JSON.parse(process.argv[2]);
  const cache = await openCustomerCache({ folder, environmentId: 'bench', keys: testCacheKeys, api: {}, emit: () => {} });
  let rss = 0;
  const times = [];
  for (let pass = 0; pass < 2; pass++) for (const q of queries) {
    const t = performance.now();
    await cache.searchListed(q);
    if (pass === 1) times.push(performance.now() - t);
    rss = Math.max(rss, process.memoryUsage().rss);
  }
  await cache.close();
  times.sort((a, b) => a - b);
  console.log(JSON.stringify({ rssMb: rss / 1048576, p95Ms: times[Math.floor(times.length * 0.95)] }));`;

interface Built {
  /** cache-main.ts, bundled. */
  main: string;
  /** FRESH_SEARCH, bundled. */
  freshSearch: string;
}

/**
 * Builds the benchmark's processes into `folder` as the app ships its main-process code: bundled by esbuild
 * with the options of electron.vite.config.ts, written in ASCII, and the cache worker as BUILT_WORKER_FILE
 * beside them, where the cache service looks for it. Run by plain Node without V8 flags, as Electron runs the
 * app, they hold no TypeScript loader (tsx's loader thread and transpiled sources add ~16 MB the app never holds).
 */
async function buildProcesses(folder: string): Promise<Built> {
  const built: Built = { main: join(folder, 'cache-main.js'), freshSearch: join(folder, 'fresh-search.js') };
  const here = fileURLToPath(new URL('.', import.meta.url));
  writeFileSync(join(folder, BUILT_WORKER_FILE), await bundleInAscii({ entryPoints: [CACHE_WORKER_ENTRY] }));
  // In ASCII, as the app's main bundle is (electron.vite.config.ts).
  writeFileSync(built.main, await bundleInAscii({ entryPoints: [join(here, 'cache-main.ts')] }));
  asModules(folder);
  writeFileSync(
    built.freshSearch,
    await bundleInAscii({
      stdin: { contents: FRESH_SEARCH, resolveDir: here, sourcefile: 'fresh-search.ts', loader: 'ts' },
    }),
  );
  return built;
}

/**
 * Runs a built process with one JSON argument; relays its standard error; answers the last line it prints,
 * parsed. `during`, when given, runs while the process lives, taking turns with it (turns.ts).
 */
async function runBuilt<T>(
  bundle: string,
  args: unknown,
  print: (line: string) => void,
  during?: (turns: TurnsInRunner) => Promise<void>,
): Promise<T> {
  const child = spawn(process.execPath, [bundle, JSON.stringify(args)], {
    stdio: [during ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  const turns = new TurnsInRunner((line) => child.stdin?.write(line));
  const lines: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!turns.heard(line)) lines.push(line);
  });
  createInterface({ input: child.stderr! }).on('line', (line) => {
    if (line.trim()) print(line.trimEnd());
  });
  // A write to a child that has died fails; its exit, below, says what happened.
  child.stdin?.on('error', () => {});
  const closed = new Promise<string | null>((resolve) =>
    child.once('close', (code, signal) => resolve(code === 0 ? null : `exited with ${code ?? signal}`)),
  );
  if (during) {
    const ended = closed.then((how) => {
      throw new Error(`${basename(bundle)} ${how ?? 'exited'} before its turns ended`);
    });
    try {
      await Promise.race([during(turns), ended]);
    } catch (e) {
      child.kill();
      throw e;
    } finally {
      child.stdin?.end();
    }
  }
  const failed = await closed;
  if (failed) throw new Error(`${basename(bundle)} ${failed}`);
  return JSON.parse(lines.at(-1)!) as T;
}

/** The linear scan's figures: each query's typical time in ms, sorted, and how many customers it scanned. */
interface LinearScan {
  times: number[];
  customers: number;
}

/**
 * The naive alternative to the cache: every customer's JSON in an array, filter + includes, the first 50.
 * Each of LINEAR_QUERIES of main's queries timed in TYPICAL_OF_PASSES passes, each pass followed by main's
 * turn to time a pass of its searches (turns.ts): both sides' passes at the same times.
 */
async function linearScanInTurns(file: string, turns: TurnsInRunner): Promise<LinearScan> {
  const queries = await turns.ready;
  const reader = new CustomerReader(openReader(file), testSeal);
  const all: string[] = [];
  for (const customer of reader.scan()) all.push(JSON.stringify(customer).toLowerCase());
  reader.close();
  const chosen = queries.filter((_, i) => i % Math.ceil(queries.length / LINEAR_QUERIES) === 0);
  const scan = (q: string) => {
    const needle = q.toLowerCase();
    return all.filter((json) => json.includes(needle)).slice(0, 50);
  };
  const passes: number[][] = [];
  for (let pass = 0; pass < TYPICAL_OF_PASSES; pass++) {
    passes.push(await timePass(chosen, scan));
    await turns.give();
  }
  return { times: sortedMs(typicalOf(chosen, passes)), customers: all.length };
}

export const cacheBenchmark: Benchmark = {
  name: 'cache',
  async run(ctx) {
    const sandbox = await sandboxProcess(ctx.customers);
    const folder = mkdtempSync(join(tmpdir(), 'card-desk-cache-bench-'));
    const builtIn = mkdtempSync(join(tmpdir(), 'card-desk-cache-bench-built-'));
    const file = join(folder, CACHE_FILE_NAME);
    try {
      // Before and after take turns (before, after, before, after...), so a change in the machine's load
      // weighs on both; each side's best round is compared.
      const ref = ctx.before ?? BEFORE_SEALING;
      const before = await builtBefore(ref, ctx.print);
      const rounds = ctx.rounds ?? 3;
      const beforeRounds: Headline[] = [];
      const afterRounds: Headline[] = [];
      if (before) {
        ctx.print(`before (${ref.slice(0, 10)}, records in plain form), round 1 of ${rounds}`);
        beforeRounds.push(headline(await runOnce(before.main, sandbox, ctx)));
      }
      const built = await buildProcesses(builtIn);
      // Main's searches and the linear scan take turns (turns.ts).
      const scanned: { linear?: LinearScan } = {};
      const main = await runBuilt<CacheMainFigures>(
        built.main,
        { url: sandbox.url, key: sandbox.key, folder, customers: ctx.customers, turns: true },
        ctx.print,
        async (turns) => void (scanned.linear = await linearScanInTurns(file, turns)),
      );
      const linear = scanned.linear!;
      const rate = main.customers / main.syncSeconds;
      const { direct, directTimed, viaHandler, queries } = main;
      ctx.print(
        `synced ${main.customers.toLocaleString('en')} customers in ${main.syncSeconds.toFixed(1)} s: ${rate.toFixed(0)}/s (goal >= 30,000, checked at >= 25,000); file ${mb(main.fileBytes).toFixed(0)} MB`,
      );
      ctx.print(
        `${queries.length} searches in the cache: p50 ${percentile(direct, 50).toFixed(2)} ms, p95 ${percentile(direct, 95).toFixed(2)} ms, max ${direct.at(-1)!.toFixed(2)} ms, each the median of its ${TYPICAL_OF_PASSES} passes (goal p95 <= 1 ms, checked at <= 2 ms)`,
      );
      ctx.print(`the slowest of them (ms): ${slowestQueries(directTimed, 12)}`);
      if (main.singlePass) {
        ctx.print(
          `a single pass right after the settle, as this step timed it until 2026-11-29: p50 ${percentile(main.singlePass, 50).toFixed(2)} ms, p95 ${percentile(main.singlePass, 95).toFixed(2)} ms`,
        );
      }
      ctx.print(
        `through the IPC handler: p50 ${percentile(viaHandler, 50).toFixed(2)} ms, p95 ${percentile(viaHandler, 95).toFixed(2)} ms (goal p95 <= 2 ms, checked at <= 5 ms)`,
      );
      ctx.print(
        `main process RSS while searching, settled after the sync: ${mb(main.rssBytes).toFixed(0)} MB (goal <= 150 MB, checked at <= 160 MB), of which its V8 young generation ${mb(main.youngGenerationBytes).toFixed(0)} MB; right after the sync ${mb(main.rssAfterSyncBytes).toFixed(0)} MB`,
      );
      if (main.rssBusyBytes !== undefined && main.youngGenerationBusyBytes !== undefined) {
        ctx.print(
          `after every timed pass, thousands of searches in a row: ${mb(main.rssBusyBytes).toFixed(0)} MB, its young generation ${mb(main.youngGenerationBusyBytes).toFixed(0)} MB (V8 gives it back once the process is quiet)`,
        );
      }

      // The same searches in a fresh process that only opens the synced cache (the app started after a sync).
      const fresh = await runBuilt<{ rssMb: number; p95Ms: number }>(built.freshSearch, { folder, queries }, ctx.print);
      ctx.print(
        `in a fresh process that opens the synced cache: RSS ${fresh.rssMb.toFixed(0)} MB while searching, p95 ${fresh.p95Ms.toFixed(2)} ms`,
      );

      const linearP95 = percentile(linear.times, 95);
      ctx.print(
        `linear scan of ${linear.customers.toLocaleString('en')} JSON strings: p95 ${linearP95.toFixed(1)} ms (each the median of its ${TYPICAL_OF_PASSES} passes, in turns with the searches'), ${(linearP95 / percentile(direct, 95)).toFixed(0)}x the cache's p95 (goal >= 500x, checked at >= 300x)`,
      );

      const compared: Record<string, number> = {};
      afterRounds.push(headline(main));
      if (before) {
        for (let round = 2; round <= rounds; round++) {
          ctx.print(`before, round ${round} of ${rounds}`);
          beforeRounds.push(headline(await runOnce(before.main, sandbox, ctx)));
          ctx.print(`after, round ${round} of ${rounds}`);
          afterRounds.push(headline(await runOnce(built.main, sandbox, ctx)));
        }
        rmSync(before.root, { recursive: true, force: true });
        for (const [i, r] of beforeRounds.entries()) ctx.print(`before, round ${i + 1}: ${JSON.stringify(r)}`);
        for (const [i, r] of afterRounds.entries()) ctx.print(`after, round ${i + 1}: ${JSON.stringify(r)}`);
        const [was, now] = [summary(beforeRounds), summary(afterRounds)];
        ctx.print(
          `sealed records against the cache before them, of ${rounds} rounds each the best, main RSS the median (goal: within 10 %, the file at most 10 % larger):`,
        );
        for (const key of Object.keys(now) as (keyof typeof now)[]) {
          const ratio = now[key] / was[key];
          compared[`before_${key}`] = was[key];
          compared[`${key}_ratio`] = ratio;
          ctx.print(`  ${key}: before ${was[key].toFixed(2)}, after ${now[key].toFixed(2)} (x${ratio.toFixed(3)})`);
        }
      }

      return {
        ...compared,
        cache_search_p50_ms: percentile(direct, 50),
        cache_search_p95_ms: percentile(direct, 95),
        ...(main.singlePass ? { cache_search_single_pass_p95_ms: percentile(main.singlePass, 95) } : {}),
        handler_search_p95_ms: percentile(viaHandler, 95),
        linear_scan_p95_ms: linearP95,
        sync_customers_per_s: rate,
        cache_file_mb: mb(main.fileBytes),
        main_rss_mb: mb(main.rssBytes),
        main_rss_after_sync_mb: mb(main.rssAfterSyncBytes),
        ...(main.rssBusyBytes !== undefined ? { main_rss_busy_mb: mb(main.rssBusyBytes) } : {}),
      };
    } finally {
      sandbox.child.kill('SIGTERM');
      rmSync(folder, { recursive: true, force: true });
      rmSync(builtIn, { recursive: true, force: true });
    }
  },
};
