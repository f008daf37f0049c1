// Checking a key the operator enters is a call in the environment's own request budget: the service's
// rate-limit figures it answers move the budget every other call of that environment uses, and while the
// budget holds calls (after a 429) the check waits its turn like them. The key goes only to the address
// it was entered for.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../../src-main/sandbox/handle';
import { startSandbox } from '../../../src-main/sandbox/index';
import { createManagerRig, requireTestKeychain, type ManagerRig } from './support';

const USER_KEY = 'sk_live_budget_service_key_0003';
const LIMIT = 20;
let service: SandboxHandle;
let rig: ManagerRig;

beforeAll(async () => {
  requireTestKeychain();
  service = await startSandbox({
    customers: 30,
    seed: 3,
    key: USER_KEY,
    rateLimit: { limit: LIMIT, windowMs: 600_000 },
  });
});
afterAll(() => service.stop());
beforeEach(() => {
  rig = createManagerRig();
});
afterEach(async () => {
  service.faults.clear();
  await rig.close();
});

async function activeUserEnvironment() {
  const saved = await rig.manager.save({ name: 'Live', baseUrl: service.url });
  if (!saved.ok) throw new Error(saved.error.message);
  await rig.manager.activate(saved.data.id);
  return saved.data;
}

describe('the key check shares the environment’s request budget', () => {
  it("the check's answer moves the budget the environment's calls then use", async () => {
    const env = await activeUserEnvironment();
    expect(rig.manager.status().rateLimit).toBeNull();
    service.clearRequests();
    const before = LIMIT - (await countUsed());
    expect(await rig.manager.setKey({ environmentId: env.id, key: USER_KEY })).toEqual({
      ok: true,
      data: { verified: true },
    });
    // Only the check was sent, to the environment's address, and the environment's budget knows of it.
    expect(service.requests().map((r) => `${r.method} ${r.url} ${r.status}`)).toEqual(['GET /customers?limit=1 200']);
    expect(rig.manager.status().rateLimit).toMatchObject({ limit: LIMIT, remaining: before - 1 });

    const { api } = await rig.manager.active();
    expect((await api.listDisputes({})).ok).toBe(true);
    expect(rig.manager.status().rateLimit).toMatchObject({ limit: LIMIT, remaining: before - 2 });
    await rig.manager.deleteKey(env.id);
  });

  it('while the budget holds calls after a 429, the check waits for the stated wait like any call', async () => {
    const env = await activeUserEnvironment();
    await rig.manager.setKey({ environmentId: env.id, key: USER_KEY });
    const { api } = await rig.manager.active();
    service.faults.add({ kind: 'rate_limit', endpoint: 'GET /cards/disputes', retryAfterSeconds: 1, count: 1 });
    service.clearRequests();
    const disputes = api.listDisputes({});
    await expect.poll(() => rig.manager.status().rateLimit?.remaining).toBe(0);
    const checked = await rig.manager.setKey({ environmentId: env.id, key: USER_KEY });
    expect(checked).toEqual({ ok: true, data: { verified: true } });
    expect((await disputes).ok).toBe(true);

    // The sandbox's own log: the check was not sent before the wait the 429 asked for.
    const log = service.requests();
    const limited = log.find((r) => r.status === 429)!;
    const check = log.find((r) => r.url === '/customers?limit=1')!;
    expect(Date.parse(check.at)).toBeGreaterThanOrEqual(Date.parse(limited.at) + 1_000 - 5);
    await rig.manager.deleteKey(env.id);
  });
});

/** Requests the service's limiter has counted for the key so far (its remaining figure is LIMIT minus this). */
async function countUsed(): Promise<number> {
  const r = await fetch(`${service.url}/fundingsources`, { headers: { Authorization: `Bearer ${USER_KEY}` } });
  await r.body?.cancel();
  service.clearRequests();
  return LIMIT - Number(r.headers.get('X-RateLimit-Remaining'));
}
