// The local sandbox under load: start-up time and memory with ctx.customers customers, and how many
// GET /customers?limit=100 pages per second it serves over loopback. The client runs in a worker thread
// (as a real client is another process) with several keep-alive connections, walking the pages in order
// as a full sync would, so every page is generated afresh.
import { Worker } from 'node:worker_threads';
import { startSandbox } from '../../src-main/sandbox/index';
import type { Benchmark } from './benchmark';

const CONCURRENCY = 8;
const DURATION_MS = 3_000;
const PAGE_SIZE = 100;
const WARMUP = 200;

interface LoadResult {
  done: number;
  failed: number;
  seconds: number;
}

/** Plain JS for the worker: GETs pages on keep-alive connections until the deadline. */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { Agent, request } = require('node:http');
const { url, key, concurrency, durationMs, pageSize, pages, warmup } = workerData;
const base = new URL(url);
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const get = (path) => new Promise((resolve, reject) => {
  const req = request({ agent, host: base.hostname, port: base.port, path, headers: { Authorization: 'Bearer ' + key } }, (res) => {
    res.on('data', () => {});
    res.on('end', () => resolve(res.statusCode));
    res.on('error', reject);
  });
  req.on('error', reject);
  req.end();
});
(async () => {
  let next = 0, done = 0, failed = 0;
  const path = () => '/customers?limit=' + pageSize + '&page=' + (next++ % pages);
  for (let i = 0; i < warmup; i++) await get(path());
  const t0 = performance.now();
  const deadline = t0 + durationMs;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < deadline) {
      if ((await get(path())) === 200) done++; else failed++;
    }
  }));
  agent.destroy();
  parentPort.postMessage({ done, failed, seconds: (performance.now() - t0) / 1000 });
})().catch((err) => { throw err; });
`;

function runClient(url: string, key: string, pages: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, {
      eval: true,
      workerData: {
        url,
        key,
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
        pageSize: PAGE_SIZE,
        pages,
        warmup: WARMUP,
      },
    });
    worker.once('message', (m: LoadResult) => resolve(m));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`load client exited with ${code}`)));
  });
}

export const sandboxBenchmark: Benchmark = {
  name: 'sandbox',
  async run(ctx) {
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const sandbox = await startSandbox({
      customers: ctx.customers,
      rateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
    });
    const startMs = performance.now() - started;
    const rssMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    ctx.print(
      `started with ${ctx.customers.toLocaleString('en')} customers in ${startMs.toFixed(0)} ms, RSS +${rssMb.toFixed(1)} MB`,
    );
    try {
      const cpuBefore = process.threadCpuUsage();
      const load = await runClient(sandbox.url, sandbox.key, Math.ceil(ctx.customers / PAGE_SIZE));
      const cpu = process.threadCpuUsage(cpuBefore);
      const rps = load.done / load.seconds;
      // The server's own CPU per request (its thread only): steadier than requests/s on a busy machine.
      const cpuMsPerRequest = (cpu.user + cpu.system) / 1000 / (load.done + load.failed + WARMUP);
      ctx.print(
        `${load.done} pages of ${PAGE_SIZE} in ${load.seconds.toFixed(2)} s on ${CONCURRENCY} keep-alive connections ` +
          `(${load.failed} not 200): ${rps.toFixed(0)} requests/s (goal >= 2,500, checked at >= 2,000)`,
      );
      ctx.print(
        `server thread CPU: ${cpuMsPerRequest.toFixed(3)} ms per request (at most ${(1000 / cpuMsPerRequest).toFixed(0)} requests/s on one free core)`,
      );
      return { sandbox_customers_rps: rps, sandbox_start_1m_ms: startMs, sandbox_rss_1m_mb: rssMb };
    } finally {
      await sandbox.stop();
    }
  },
};
