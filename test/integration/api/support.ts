// Shared set-up for the client's integration tests: a real local sandbox on 127.0.0.1 and a client on it.
import { RateBudget } from '../../../src-main/api/rate-budget';
import { createServer } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../../src-main/sandbox/index';
import type { SandboxHandle, SandboxOptions } from '../../../src-main/sandbox/handle';
import { createCardApiClient, type ApiOutcome, type CardApiClientOptions } from '../../../src-main/api/client';
import { createLogger, type AppLogger } from '../../../src-main/logging/logger';
import type { CardApiClient } from '../../../src-main/api/types';

/** Small timeouts and delays so fault tests run in seconds. */
export const FAST = {
  timeouts: { headersMs: 400, totalMs: 1_500 },
  retry: { maxAttempts: 3, baseDelayMs: 20, maxDelayMs: 100, maxWaitMs: 5_000 },
} satisfies Pick<CardApiClientOptions, 'timeouts' | 'retry'>;

export interface ClientRig {
  sandbox: SandboxHandle;
  client: CardApiClient;
  outcomes: ApiOutcome[];
  logger: AppLogger;
  logFile: string;
  /** The log file so far (the logger at debug: one line per attempt). */
  readLog(): Promise<string>;
  makeClient(overrides?: Partial<CardApiClientOptions>): CardApiClient;
  close(): Promise<void>;
}

export async function startRig(
  sandboxOptions: SandboxOptions = {},
  clientOverrides: Partial<CardApiClientOptions> = {},
): Promise<ClientRig> {
  const sandbox = await startSandbox({ customers: 60, seed: 7, ...sandboxOptions });
  const dir = mkdtempSync(join(tmpdir(), 'card-desk-api-'));
  const logFile = join(dir, 'logs', 'main.log');
  const logger = createLogger({ file: logFile, level: 'debug' });
  const outcomes: ApiOutcome[] = [];
  const makeClient = (overrides: Partial<CardApiClientOptions> = {}) =>
    createCardApiClient({
      baseUrl: sandbox.url,
      getKey: async () => sandbox.key,
      logger,
      onOutcome: (o) => outcomes.push(o),
      ...FAST,
      ...clientOverrides,
      ...overrides,
    });
  return {
    sandbox,
    client: makeClient(),
    outcomes,
    logger,
    logFile,
    readLog: async () => {
      await logger.flush();
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
    makeClient,
    async close() {
      await sandbox.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A 127.0.0.1 port with nothing listening on it (connections are refused). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Requests the sandbox received for one endpoint. */
export const requestsTo = (sandbox: SandboxHandle, endpoint: string) =>
  sandbox.requests().filter((r) => r.endpoint === endpoint);

/** A rate budget that records how long each call it holds is expected to wait (the client's own waits
 * between retries go through its `sleep`; the budget's waits for a window or a 429 do not). */
export function recordingBudget(): { budget: RateBudget; holds: number[] } {
  const holds: number[] = [];
  return { holds, budget: new RateBudget({ onHold: (ms) => holds.push(ms) }) };
}
