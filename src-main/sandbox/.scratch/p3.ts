import { CustomerDirectory } from '../data/customers';
const d = new CustomerDirectory({ seed: 1, count: 1_000_000, businessId: 'x'.repeat(24) });
for (let i = 0; i < 500; i++) d.range(i * 100, i * 100 + 100);
for (let k = 0; k < 3; k++) {
let c0 = process.cpuUsage();
for (let i = 0; i < 3000; i++) d.range(i * 100, i * 100 + 100);
let c = process.cpuUsage(c0);
console.log('gen cpu per page ms', ((c.user + c.system) / 1000 / 3000).toFixed(3));
const page = d.range(0, 100);
c0 = process.cpuUsage();
for (let i = 0; i < 3000; i++) JSON.stringify(page);
c = process.cpuUsage(c0);
console.log('stringify cpu per page ms', ((c.user + c.system) / 1000 / 3000).toFixed(3));
}
