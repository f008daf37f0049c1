// `npm run bench [-- --customers N]`: runs every benchmark in one process, prints each figure as it is
// measured and ends with one line `BENCH {json}` holding them all.
import { parseArgs } from 'node:util';
import type { Benchmark } from './benchmark';
import { benchmarks } from './registry';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '1000000' },
    only: { type: 'string' },
    before: { type: 'string' },
    rounds: { type: 'string' },
    desks: { type: 'string' },
  },
  allowPositionals: true,
});
const customers = Number(values.customers);
if (!Number.isInteger(customers) || customers < 1) {
  console.error('--customers must be a whole number of at least 1');
  process.exit(2);
}

const figures: Record<string, number> = {};
const selected: Benchmark[] = values.only ? benchmarks.filter((b) => b.name === values.only) : benchmarks;
for (const bench of selected) {
  console.log(`\n== ${bench.name} (${customers.toLocaleString('en')} customers)`);
  const started = performance.now();
  const result = await bench.run({
    customers,
    ...(values.before ? { before: values.before } : {}),
    ...(values.rounds ? { rounds: Number(values.rounds) } : {}),
    ...(values.desks ? { desks: Number(values.desks) } : {}),
    print: (line) => console.log(`  ${line}`),
  });
  for (const [k, v] of Object.entries(result)) {
    figures[k] = Math.round(v * 1000) / 1000;
    console.log(`  ${k} = ${figures[k]}`);
  }
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
console.log(`BENCH ${JSON.stringify(figures)}`);
process.exit(0);
