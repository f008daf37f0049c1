// The customer cache at size: a full sync of ctx.customers customers from the local sandbox (its own
// process, rate limit lifted) into a process that plays the app's main process (cache-main.ts), which
// then measures search latency in the cache and through the IPC dispatcher and its RSS while searching;
// then the same searches in a fresh process that only opens the cache, and by a naive linear scan over
// the customers' JSON.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { CACHE_WORKER_ENTRY, NODE_BUNDLE } from '../../electron.vite.config';
import { CustomerReader } from '../../src-main/cache/customer-reader';
import { openReader } from '../../src-main/cache/database';
import { CACHE_FILE_NAME } from '../../src-main/cache/service';
import { BUILT_WORKER_FILE } from '../../src-main/cache/worker-location';
import type { Benchmark } from './benchmark';
import type { CacheMainFigures } from './cache-main';
import { percentile, timeQueries } from './query-timing';

const LINEAR_QUERIES = 30;

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

/** Opens the cache in a new process and runs the queries twice; answers the second pass's p95 and the peak RSS. */
async function freshProcessSearch(folder: string, queries: string[]): Promise<{ rssMb: number; p95Ms: number }> {
  const service = fileURLToPath(new URL('../../src-main/cache/service.ts', import.meta.url));
  const script = `
    const { openCustomerCache } = await import(${JSON.stringify(service)});
    const queries = ${JSON.stringify(queries)};
    const cache = await openCustomerCache({ folder: ${JSON.stringify(folder)}, environmentId: 'bench', api: {}, emit: () => {} });
    let rss = 0;
    const times = [];
    for (let pass = 0; pass < 2; pass++) for (const q of queries) {
      const t = performance.now();
      await cache.search(q);
      if (pass === 1) times.push(performance.now() - t);
      rss = Math.max(rss, process.memoryUsage().rss);
    }
    await cache.close();
    times.sort((a, b) => a - b);
    console.log(JSON.stringify({ rssMb: rss / 1048576, p95Ms: times[Math.floor(times.length * 0.95)] }));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the search process exited with ${code}`);
  return JSON.parse(out.trim().split('\n').pop()!) as { rssMb: number; p95Ms: number };
}

/**
 * Builds cache-main.ts and the cache worker into `folder` as the app ships its main-process code: bundled
 * by esbuild with the options of electron.vite.config.ts, the worker as BUILT_WORKER_FILE beside the
 * bundle, where the cache service looks for it. Answers the bundle's path.
 */
async function buildMainProcess(folder: string): Promise<string> {
  const bundle = join(folder, 'cache-main.js');
  await build({ ...NODE_BUNDLE, entryPoints: [CACHE_WORKER_ENTRY], outfile: join(folder, BUILT_WORKER_FILE) });
  await build({
    ...NODE_BUNDLE,
    entryPoints: [fileURLToPath(new URL('./cache-main.ts', import.meta.url))],
    outfile: bundle,
  });
  return bundle;
}

/**
 * Runs cache-main.ts (the app's main process for the cache), built as the app is built and run by plain
 * Node without V8 flags, as Electron runs the app: no TypeScript loader in the process (tsx's loader
 * thread and transpiled sources would add ~16 MB the app never holds). Relays its lines; answers its figures.
 */
async function mainProcess(
  args: { url: string; key: string; folder: string; customers: number },
  print: (line: string) => void,
): Promise<CacheMainFigures> {
  const built = mkdtempSync(join(tmpdir(), 'card-desk-cache-main-'));
  try {
    const child = spawn(process.execPath, [await buildMainProcess(built), JSON.stringify(args)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n')) if (line.trim()) print(line.trimEnd());
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`the cache's main process exited with ${code}`);
    return JSON.parse(out.trim().split('\n').pop()!) as CacheMainFigures;
  } finally {
    rmSync(built, { recursive: true, force: true });
  }
}

export const cacheBenchmark: Benchmark = {
  name: 'cache',
  async run(ctx) {
    const sandbox = await sandboxProcess(ctx.customers);
    const folder = mkdtempSync(join(tmpdir(), 'card-desk-cache-bench-'));
    const file = join(folder, CACHE_FILE_NAME);
    try {
      const main = await mainProcess(
        { url: sandbox.url, key: sandbox.key, folder, customers: ctx.customers },
        ctx.print,
      );
      const rate = main.customers / main.syncSeconds;
      const { direct, viaHandler, queries } = main;
      ctx.print(
        `synced ${main.customers.toLocaleString('en')} customers in ${main.syncSeconds.toFixed(1)} s: ${rate.toFixed(0)}/s (goal >= 30,000, checked at >= 25,000); file ${mb(main.fileBytes).toFixed(0)} MB`,
      );
      ctx.print(
        `${queries.length} searches in the cache: p50 ${percentile(direct, 50).toFixed(2)} ms, p95 ${percentile(direct, 95).toFixed(2)} ms, max ${direct.at(-1)!.toFixed(2)} ms (goal p95 <= 1 ms, checked at <= 2 ms)`,
      );
      ctx.print(
        `through the IPC handler: p50 ${percentile(viaHandler, 50).toFixed(2)} ms, p95 ${percentile(viaHandler, 95).toFixed(2)} ms (goal p95 <= 2 ms, checked at <= 5 ms)`,
      );
      ctx.print(
        `main process RSS while searching: ${mb(main.rssBytes).toFixed(0)} MB (goal <= 250 MB), of which its V8 young generation ${mb(main.youngGenerationBytes).toFixed(0)} MB`,
      );

      // The same searches in a fresh process that only opens the synced cache (the app started after a sync).
      const fresh = await freshProcessSearch(folder, queries);
      ctx.print(
        `in a fresh process that opens the synced cache: RSS ${fresh.rssMb.toFixed(0)} MB while searching, p95 ${fresh.p95Ms.toFixed(2)} ms`,
      );

      // The naive alternative: every customer's JSON in an array, filter + includes.
      const reader = new CustomerReader(openReader(file));
      const all: string[] = [];
      for (const customer of reader.scan()) all.push(JSON.stringify(customer).toLowerCase());
      reader.close();
      const linearQueries = queries.filter((_, i) => i % Math.ceil(queries.length / LINEAR_QUERIES) === 0);
      const linear = await timeQueries(linearQueries, (q) => {
        const needle = q.toLowerCase();
        return all.filter((json) => json.includes(needle)).slice(0, 50);
      });
      const linearP95 = percentile(linear, 95);
      ctx.print(
        `linear scan of ${all.length.toLocaleString('en')} JSON strings: p95 ${linearP95.toFixed(1)} ms, ${(linearP95 / percentile(direct, 95)).toFixed(0)}x the cache's p95 (goal >= 100x)`,
      );

      return {
        cache_search_p50_ms: percentile(direct, 50),
        cache_search_p95_ms: percentile(direct, 95),
        handler_search_p95_ms: percentile(viaHandler, 95),
        linear_scan_p95_ms: linearP95,
        sync_customers_per_s: rate,
        cache_file_mb: mb(main.fileBytes),
        main_rss_mb: mb(main.rssBytes),
      };
    } finally {
      sandbox.child.kill('SIGTERM');
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
