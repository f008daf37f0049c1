// The page reader thread sending requests for the calling thread (CacheWriter.transport) with the real threads,
// the real client and the real sandbox: answers, failures with their codes, and a worker that is gone.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardApiClient } from '../../../src-main/api/client';
import { CacheWriter } from '../../../src-main/cache/threads/cache-writer';
import { workerLocation } from '../../../src-main/cache/threads/worker-location';
import { startSandbox } from '../../../src-main/sandbox';
import type { SandboxHandle } from '../../../src-main/sandbox/handle';
import { NO_RATE_LIMIT } from './cache-fixture';

const WORKER = new URL('../../../src-main/cache/threads/worker.ts', import.meta.url);

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox({ customers: 300, rateLimit: NO_RATE_LIMIT });
});
afterAll(() => sandbox.stop());

/** A port on 127.0.0.1 with nothing listening. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('requests sent from the page reader thread', () => {
  it('answer as the client would read them itself: the bytes, the ETag and the rate-limit headers', async () => {
    const writer = new CacheWriter(workerLocation(WORKER));
    try {
      const api = createCardApiClient({ baseUrl: sandbox.url, getKey: async () => sandbox.key });
      const direct = await api.listCustomersBytes({ page: 1, limit: 7 });
      const viaWorker = await api.listCustomersBytes({ page: 1, limit: 7 }, { transport: writer.transport });
      if (!direct.ok || !viaWorker.ok) throw new Error('a page failed');
      expect(Buffer.from(viaWorker.data).equals(Buffer.from(direct.data))).toBe(true);
      expect(viaWorker.etag).toBe(direct.etag);
      expect(api.rateLimit()).toMatchObject({ limit: NO_RATE_LIMIT.limit });
    } finally {
      await writer.stop();
    }
  });

  it('fail with the connection error the worker saw, so the client says it could not connect', async () => {
    const writer = new CacheWriter(workerLocation(WORKER));
    try {
      const api = createCardApiClient({
        baseUrl: `http://127.0.0.1:${await closedPort()}`,
        getKey: async () => 'k',
        retry: { maxAttempts: 1 },
      });
      const r = await api.listCustomersBytes({ page: 0, limit: 1 }, { transport: writer.transport });
      expect(!r.ok && r.error).toMatchObject({ kind: 'network', message: expect.stringMatching(/^Could not connect/) });
    } finally {
      await writer.stop();
    }
  });

  it('fail at once, without retries, when the worker has stopped', async () => {
    const writer = new CacheWriter(workerLocation(WORKER));
    await writer.stop();
    const waits: number[] = [];
    const api = createCardApiClient({
      baseUrl: sandbox.url,
      getKey: async () => sandbox.key,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    sandbox.clearRequests();
    const r = await api.listCustomersBytes({ page: 0, limit: 1 }, { transport: writer.transport });
    expect(!r.ok && r.error.kind).toBe('internal');
    expect(waits).toEqual([]);
    expect(sandbox.requests()).toEqual([]);
  });
});
