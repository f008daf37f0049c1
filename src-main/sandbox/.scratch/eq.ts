import { CustomerDirectory } from '../data/customers';
const d = new CustomerDirectory({ seed: 7, count: 1_000_000, businessId: 'a'.repeat(24) });
let bad = 0;
for (let p = 0; p < 10000; p += 37) { if (JSON.stringify(d.range(p * 100, p * 100 + 100)) !== d.rangeJson(p * 100, p * 100 + 100)) bad++; }
console.log('mismatching pages', bad);
for (let k = 0; k < 3; k++) {
let c0 = process.threadCpuUsage();
for (let i = 0; i < 3000; i++) Buffer.from(d.rangeJson(i * 100, i * 100 + 100));
let c = process.threadCpuUsage(c0);
console.log('rangeJson+buf cpu per page ms', ((c.user + c.system) / 1000 / 3000).toFixed(3));
c0 = process.threadCpuUsage();
for (let i = 0; i < 3000; i++) Buffer.from(JSON.stringify(d.range(i * 100, i * 100 + 100)));
c = process.threadCpuUsage(c0);
console.log('range+stringify+buf cpu per page ms', ((c.user + c.system) / 1000 / 3000).toFixed(3));
}
