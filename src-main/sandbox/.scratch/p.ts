import { CustomerDirectory } from '../data/customers';
const d = new CustomerDirectory({ seed: 1, count: 1_000_000, businessId: 'x'.repeat(24) });
for (let i = 0; i < 200; i++) d.range(i * 100, i * 100 + 100);
let t = performance.now();
let s = 0;
for (let i = 0; i < 1000; i++) { const r = d.range(i * 100, i * 100 + 100); s += r.length; }
console.log('gen per page ms', (performance.now() - t) / 1000);
const page = d.range(0, 100);
t = performance.now();
for (let i = 0; i < 1000; i++) JSON.stringify(page);
console.log('stringify per page ms', (performance.now() - t) / 1000, JSON.stringify(page).length);
t = performance.now();
for (let i = 0; i < 100000; i++) d.idOf(i);
console.log('idOf us', (performance.now() - t) / 100);
t = performance.now();
for (let i = 0; i < 100000; i++) new Date(1e12 + i).toISOString();
console.log('toISOString us', (performance.now() - t) / 100);
