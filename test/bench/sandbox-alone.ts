// The sandbox step's measurement in a process of its own, which loads the sandbox and nothing else of the
// benchmarks: `npm run bench` compares it with the same measurement in its own process (sandbox.bench.ts).
// `node --import tsx test/bench/sandbox-alone.ts CUSTOMERS` prints one line `SANDBOX {json}`.
import { measureSandbox } from './sandbox.bench';

const customers = Number(process.argv[2]);
if (!Number.isInteger(customers) || customers < 1) throw new Error('the number of customers must be a whole number');
console.log(`SANDBOX ${JSON.stringify(await measureSandbox(customers))}`);
process.exit(0);
