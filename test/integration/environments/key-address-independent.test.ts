// A key belongs to its address, checked against servers that are not the local sandbox: two independent
// card APIs that accept the SAME key and log every request, so any request that reached the new address
// with the old key would show in its log (and succeed there).
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { NO_KEY } from '../../../src-main/api/failures';
import { keyAccount } from '../../../src-main/environments/environment-keys';
import { startIndependentApi, type IndependentApi } from '../../support/independent-api';
import { createManagerRig, requireTestKeychain, type ManagerRig } from './support';

let rig: ManagerRig;
let first: IndependentApi;
let second: IndependentApi;
const options = { customers: 5, limit: 1_000, windowMs: 60_000 };

beforeAll(() => requireTestKeychain());
beforeEach(async () => {
  rig = createManagerRig();
  first = await startIndependentApi(options);
  second = await startIndependentApi(options);
});
afterEach(async () => {
  await rig.close();
  await first.stop();
  await second.stop();
});

it('an environment moved to a new address never sends its key there, even where that key would work', async () => {
  const saved = await rig.manager.save({ name: 'Independent', baseUrl: first.url });
  if (!saved.ok) throw new Error(saved.error.message);
  const env = saved.data;
  try {
    expect(await rig.manager.setKey({ environmentId: env.id, key: first.key })).toMatchObject({ ok: true });
    await rig.manager.activate(env.id);
    expect((await (await rig.manager.active()).api.listCustomers({ page: 0, limit: 5 })).ok).toBe(true);
    expect(first.log.some((r) => r.status === 200)).toBe(true);

    const moved = await rig.manager.save({ id: env.id, name: 'Independent', baseUrl: second.url });
    expect(moved).toMatchObject({ ok: true, data: { hasKey: false, keyVerified: null } });
    const { api } = await rig.manager.active();
    expect(api.baseUrl).toBe(second.url);
    expect(await api.listCustomers({ page: 0, limit: 5 })).toEqual({
      ok: false,
      error: { kind: 'unauthorized', message: NO_KEY, keyMissing: true },
    });
    expect(await api.listAccounts({})).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    await rig.manager.list();
    expect(second.log).toEqual([]);
    expect(await rig.secretStore.get(keyAccount({ id: env.id, baseUrl: second.url }))).toBeNull();
  } finally {
    await rig.manager.delete(env.id);
  }
  // Deleting it removed the key of its first address too.
  expect(await rig.secretStore.get(keyAccount({ id: env.id, baseUrl: first.url }))).toBeNull();
});
