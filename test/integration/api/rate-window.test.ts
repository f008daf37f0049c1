// The zero-remaining wait: when the last answer said no requests remain in the window, the client
// waits for the reset (cancellably) rather than sending into a 429. Each test has a sandbox of its own,
// so each starts on a fresh window whatever ran before it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sleep, type Sleep } from '../../../src-main/api/backoff';
import { FAST, recordingBudget, requestsTo, startRig, type ClientRig } from './support';

let rig: ClientRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function windowOf(windowMs: number): Promise<ClientRig> {
  rig = await startRig({ rateLimit: { limit: 3, windowMs } });
  return rig;
}

/** The waits the client chose, through the real sleep. */
function recordingSleep(): { sleep: Sleep; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: (ms, signal) => (waits.push(ms), sleep(ms, signal)) };
}

describe('an exhausted rate-limit window', () => {
  it('the next call waits for the reset, then succeeds without a 429', async () => {
    const { makeClient, sandbox } = await windowOf(1_500);
    const { sleep, waits: sleeps } = recordingSleep();
    const { budget, holds: waits } = recordingBudget();
    const client = makeClient({ sleep, budget });
    for (let i = 0; i < 3; i++) expect((await client.listDisputes({})).ok).toBe(true);
    expect(client.rateLimit()).toMatchObject({ limit: 3, remaining: 0 });
    expect(waits).toEqual([]);
    const r = await client.listDisputes({});
    expect(r.ok).toBe(true);
    expect(sleeps).toEqual([]);
    // One wait, for what was left of the window (the reset is sent in whole seconds, so up to a second
    // more), and no request sent into it.
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[0]).toBeLessThanOrEqual(2_500);
    expect(requestsTo(sandbox, 'GET /cards/disputes').map((q) => q.status)).toEqual([200, 200, 200, 200]);
  });

  it('without the wait the same sequence would have met a 429 (the window is real)', async () => {
    const { makeClient, sandbox } = await windowOf(600_000);
    const client = makeClient();
    const other = makeClient({ retry: { ...FAST.retry, maxAttempts: 1 } }); // knows nothing of the window
    for (let i = 0; i < 3; i++) await client.listDisputes({});
    const r = await other.listDisputes({});
    expect(r).toMatchObject({ ok: false, error: { kind: 'rate_limited' } });
    expect(requestsTo(sandbox, 'GET /cards/disputes').at(-1)!.status).toBe(429);
  });

  it('the wait can be cancelled, and then nothing is sent', async () => {
    const { makeClient, sandbox } = await windowOf(600_000);
    const { budget, holds: waits } = recordingBudget();
    const client = makeClient({ budget, retry: { ...FAST.retry, maxWaitMs: 900_000 } });
    for (let i = 0; i < 3; i++) await client.listDisputes({});
    sandbox.clearRequests();
    const controller = new AbortController();
    const pending = client.listDisputes({}, { signal: controller.signal });
    // Only the abort can end a ten-minute wait before the test's own timeout.
    await vi.waitFor(() => expect(waits).toHaveLength(1), { timeout: 30_000 });
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('a reset further away than the client will wait fails at once as rate_limited, sending nothing', async () => {
    const { makeClient, sandbox } = await windowOf(600_000);
    const { sleep, waits } = recordingSleep();
    const client = makeClient({ sleep, retry: { maxWaitMs: 50 } });
    for (let i = 0; i < 3; i++) await client.listDisputes({});
    sandbox.clearRequests();
    const r = await client.listDisputes({});
    expect(r).toMatchObject({ ok: false, error: { kind: 'rate_limited', retryAfterMs: expect.any(Number) } });
    expect(waits).toEqual([]);
    expect(sandbox.requests()).toHaveLength(0);
  });
});
