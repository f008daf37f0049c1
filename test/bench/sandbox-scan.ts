// The machine's yardstick for the sandbox step: a naive linear scan of N customers, as the cache step
// measures one (every customer's JSON lowercased in an array, filter + includes, the first 50), over the
// sandbox's own customers as the client reads them, in a process of its own so its gigabyte of strings never sits in the heap of the
// process the sandbox is measured in. Pages a second divided by scans a second is a figure of the code,
// steadier across machines than either (docs/benchmarks.md, the sandbox).
// `node --import tsx test/bench/sandbox-scan.ts CUSTOMERS` prints one line `SCAN {json}`.
import { customerSchema } from '../../src-shared/api/records';
import { CustomerDirectory } from '../../src-main/sandbox/data/customers';
import { queriesFor } from './customer-queries';
import { percentile, typicalTimes } from './query-timing';

/** Queries timed, as many as the cache step's linear scan. */
const QUERIES = 30;
const SAMPLE = 40;

const customers = Number(process.argv[2]);
if (!Number.isInteger(customers) || customers < 1) throw new Error('the number of customers must be a whole number');
const directory = new CustomerDirectory({ seed: 1, count: customers, businessId: '61807f80c10c636bd2000000' });
const all: string[] = [];
// Each customer as the client reads it and the cache holds it (customerSchema's fields, in its order).
for (let i = 0; i < customers; i++) all.push(JSON.stringify(customerSchema.parse(directory.at(i))).toLowerCase());
const sample = Array.from({ length: SAMPLE }, (_, i) => directory.embedded(Math.floor((i * customers) / SAMPLE)));
const queries = queriesFor(sample);
const chosen = queries.filter((_, i) => i % Math.ceil(queries.length / QUERIES) === 0);
// Each query's typical time, as the cache step times its scan (query-timing.ts, typicalOf).
const times = await typicalTimes(chosen, (q) => {
  const needle = q.toLowerCase();
  return all.filter((json) => json.includes(needle)).slice(0, 50);
});
console.log(`SCAN ${JSON.stringify({ p95Ms: percentile(times, 95), queries: chosen.length, customers: all.length })}`);
process.exit(0);
