// The zero-remaining wait: when the last answer said no requests remain in the window, the client
// waits for the reset (cancellably) rather than sending into a 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsTo, startRig, type ClientRig } from './support';

let rig: ClientRig;
beforeAll(async () => {
  rig = await startRig({ rateLimit: { limit: 3, windowMs: 1_500 } });
});
afterAll(async () => {
  await rig.close();
});

const settle = () => new Promise((r) => setTimeout(r, 1_600)); // let the sandbox's window pass

describe('an exhausted rate-limit window', () => {
  it('the next call waits for the reset, then succeeds without a 429', async () => {
    await settle();
    rig.sandbox.clearRequests();
    const client = rig.makeClient();
    for (let i = 0; i < 3; i++) expect((await client.listDisputes({})).ok).toBe(true);
    const state = client.rateLimit();
    expect(state).toMatchObject({ limit: 3, remaining: 0 });
    const expectedWait = state!.resetAt - Date.now();
    const started = performance.now();
    const r = await client.listDisputes({});
    const waited = performance.now() - started;
    console.log(`remaining 0: reset was ${Math.round(expectedWait)} ms away; the call took ${Math.round(waited)} ms`);
    expect(r.ok).toBe(true);
    expect(waited).toBeGreaterThanOrEqual(expectedWait - 20);
    expect(requestsTo(rig.sandbox, 'GET /cards/disputes').map((q) => q.status)).toEqual([200, 200, 200, 200]);
  });

  it('without the wait the same sequence would have met a 429 (the window is real)', async () => {
    await settle();
    rig.sandbox.clearRequests();
    const client = rig.makeClient();
    const other = rig.makeClient(); // knows nothing of the window
    for (let i = 0; i < 3; i++) await client.listDisputes({});
    const r = await other.listDisputes({}, { signal: AbortSignal.timeout(300) });
    expect(r.ok).toBe(false);
    expect(requestsTo(rig.sandbox, 'GET /cards/disputes').at(-1)!.status).toBe(429);
  });

  it('the wait can be cancelled, and then nothing is sent', async () => {
    await settle();
    const client = rig.makeClient();
    for (let i = 0; i < 3; i++) await client.listDisputes({});
    rig.sandbox.clearRequests();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    const r = await client.listDisputes({}, { signal: controller.signal });
    expect(r).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(performance.now() - started).toBeLessThan(700);
    expect(rig.sandbox.requests()).toHaveLength(0);
  });

  it('a reset further away than the client will wait fails at once as rate_limited, sending nothing', async () => {
    await settle();
    const client = rig.makeClient({ retry: { maxWaitMs: 50 } });
    for (let i = 0; i < 3; i++) await client.listDisputes({});
    rig.sandbox.clearRequests();
    const r = await client.listDisputes({});
    expect(r).toMatchObject({ ok: false, error: { kind: 'rate_limited', retryAfterMs: expect.any(Number) } });
    expect(rig.sandbox.requests()).toHaveLength(0);
  });
});
