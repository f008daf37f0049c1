// The local sandbox under load: start-up time and memory with ctx.customers customers, and how many
// GET /customers?limit=100 pages per second it serves over loopback to concurrent keep-alive clients.
import { Agent, request } from 'node:http';
import { startSandbox } from '../../src-main/sandbox/index';
import type { Benchmark } from './benchmark';

const CONCURRENCY = 8;
const DURATION_MS = 3_000;
const PAGE_SIZE = 100;

/** GET a path and read the whole body; resolves with the status. */
function get(agent: Agent, base: URL, path: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ agent, host: base.hostname, port: base.port, path, headers: { Authorization: `Bearer ${key}` } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
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
    ctx.print(`started with ${ctx.customers.toLocaleString('en')} customers in ${startMs.toFixed(0)} ms, RSS +${rssMb.toFixed(1)} MB`);

    const base = new URL(sandbox.url);
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const pages = Math.ceil(ctx.customers / PAGE_SIZE);
    let next = 0;
    let done = 0;
    let failed = 0;
    try {
      // Warm up the code paths before timing.
      for (let i = 0; i < 50; i++) await get(agent, base, `/customers?limit=${PAGE_SIZE}&page=${i % pages}`, sandbox.key);
      const deadline = performance.now() + DURATION_MS;
      const t0 = performance.now();
      await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < deadline) {
          // Walk the pages in order, as a full sync would, so every page is generated afresh.
          const page = next++ % pages;
          const status = await get(agent, base, `/customers?limit=${PAGE_SIZE}&page=${page}`, sandbox.key);
          if (status === 200) done++;
          else failed++;
        }
      }));
      const seconds = (performance.now() - t0) / 1000;
      const rps = done / seconds;
      ctx.print(`${done} pages of ${PAGE_SIZE} in ${seconds.toFixed(2)} s with ${CONCURRENCY} keep-alive connections (${failed} failed): ${rps.toFixed(0)} requests/s (goal >= 2,000)`);
      return { sandbox_customers_rps: rps, sandbox_start_1m_ms: startMs, sandbox_rss_1m_mb: rssMb };
    } finally {
      agent.destroy();
      await sandbox.stop();
    }
  },
};
