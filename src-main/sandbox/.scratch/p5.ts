import { CustomerDirectory } from '../data/customers';
const d = new CustomerDirectory({ seed: 7, count: 1_000_000, businessId: 'a'.repeat(24) });
for (let i = 0; i < 8000; i++) Buffer.from(d.rangeJson(i * 100, i * 100 + 100));
