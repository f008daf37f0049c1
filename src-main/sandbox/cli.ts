// `npm run sandbox -- [--port N] [--seed S] [--customers N] [--key K]`: serves the sandbox until
// SIGINT/SIGTERM. Prints the base URL and the key, one per line, so scripts can read them.
import { parseArgs } from 'node:util';
import { MAX_CUSTOMERS } from './data/customers';
import { startSandbox } from './index';
import { errorMessage } from '../errors/error-message';

function usageError(message: string): never {
  console.error(message);
  console.error('usage: npm run sandbox -- [--port N] [--seed S] [--customers N] [--key K]');
  process.exit(2);
}

function wholeNumber(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min || n > max) {
    usageError(
      `--${name} must be a whole number of at least ${min}${max < Number.MAX_SAFE_INTEGER ? ` and at most ${max}` : ''}`,
    );
  }
  return n;
}

function readArgs() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        seed: { type: 'string' },
        customers: { type: 'string' },
        key: { type: 'string' },
      },
    }).values;
  } catch (err) {
    return usageError(errorMessage(err));
  }
}

const values = readArgs();

// The stop signals are heard from the start: one that arrives while the sandbox is still starting stops it
// as soon as it has started, and the process exits with 0 rather than being killed half-way.
let stopRequested = false;
let stopNow: (() => void) | null = null;
const onStopSignal = () => {
  stopRequested = true;
  stopNow?.();
};
process.once('SIGINT', onStopSignal);
process.once('SIGTERM', onStopSignal);
console.error('Starting the sandbox…');

try {
  const sandbox = await startSandbox({
    port: wholeNumber('port', values.port, 0, 65_535),
    seed: wholeNumber('seed', values.seed, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    customers: wholeNumber('customers', values.customers, 1, MAX_CUSTOMERS),
    key: values.key,
  });
  stopNow = () => void sandbox.stop().then(() => process.exit(0));
  if (stopRequested) stopNow();
  else {
    console.log(sandbox.url);
    console.log(sandbox.key);
  }
} catch (err) {
  console.error(`The sandbox could not start: ${errorMessage(err)}`);
  process.exit(1);
}
