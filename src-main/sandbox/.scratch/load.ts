import { Agent, request } from 'node:http';
import { startSandbox } from '../index';
const sb = await startSandbox({ customers: 1_000_000, rateLimit: { limit: 1e12, windowMs: 60000 } });
const base = new URL(sb.url);
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const get = (path: string) => new Promise<number>((resolve, reject) => {
  const req = request({ agent, host: base.hostname, port: base.port, path, headers: { Authorization: `Bearer ${sb.key}` } }, (res) => {
    res.on('data', () => {}); res.on('end', () => resolve(res.statusCode ?? 0));
  });
  req.on('error', reject); req.end();
});
for (const [label, path] of [['limit1', '/customers?limit=1&page='], ['limit100', '/customers?limit=100&page='], ['fs', '/fundingsources?x=']] as const) {
  let n = 0; const t0 = performance.now(); const deadline = t0 + 1500;
  await Promise.all(Array.from({ length: 8 }, async () => { while (performance.now() < deadline) { await get(path + (n++ % 1000)); } }));
  console.log(label, (n / ((performance.now() - t0) / 1000)).toFixed(0), 'rps');
}
agent.destroy(); await sb.stop(); process.exit(0);
