// `npm run sandbox -- [--port N] [--seed S] [--customers N] [--key K]`: serves the sandbox until
// SIGINT/SIGTERM. Prints the base URL and the key, one per line, so scripts can read them.
import { parseArgs } from 'node:util';
import { startSandbox } from './index';

function wholeNumber(name: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min}`);
    process.exit(2);
  }
  return n;
}

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    seed: { type: 'string' },
    customers: { type: 'string' },
    key: { type: 'string' },
  },
});

try {
  const sandbox = await startSandbox({
    port: wholeNumber('port', values.port, 0),
    seed: wholeNumber('seed', values.seed, Number.MIN_SAFE_INTEGER),
    customers: wholeNumber('customers', values.customers, 1),
    key: values.key,
  });
  console.log(sandbox.url);
  console.log(sandbox.key);
  const shutdown = () => {
    void sandbox.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (err) {
  console.error(`The sandbox could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
