import { Worker } from 'node:worker_threads';
import { startSandbox } from '../index';
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { Agent, request } = require('node:http');
const { url, key, path, n } = workerData;
const base = new URL(url);
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const get = (p) => new Promise((resolve, reject) => {
  const req = request({ agent, host: base.hostname, port: base.port, path: p, headers: { Authorization: 'Bearer ' + key } }, (res) => {
    res.on('data', () => {}); res.on('end', () => resolve(res.statusCode)); });
  req.on('error', reject); req.end(); });
(async () => { let i = 0; await Promise.all(Array.from({ length: 8 }, async () => { while (i < n) { await get(path + (i++)); } })); agent.destroy(); parentPort.postMessage('done'); })();
`;
const sb = await startSandbox({ customers: 1_000_000, rateLimit: { limit: 1e12, windowMs: 60000 } });
for (const path of (process.argv[2] ?? '/fundingsources?x=,/customers?limit=1&page=,/customers?limit=100&page=').split(',')) {
  for (let k = 0; k < 2; k++) {
    const n = 1500;
    const c0 = process.threadCpuUsage(); const t0 = performance.now();
    await new Promise((res, rej) => { const w = new Worker(CLIENT, { eval: true, workerData: { url: sb.url, key: sb.key, path, n } }); w.once('message', res); w.once('error', rej); });
    const c = process.threadCpuUsage(c0);
    console.log(path.padEnd(30), 'server cpu ms/req', ((c.user + c.system) / 1000 / n).toFixed(3), 'wall rps', (n / ((performance.now() - t0) / 1000)).toFixed(0));
  }
}
await sb.stop(); process.exit(0);
