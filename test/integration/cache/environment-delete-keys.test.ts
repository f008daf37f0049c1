// Deleting an environment in Settings removes its customer cache's keys from the real keychain (the data
// key the records are sealed under and the index key of the identity numbers' blind index), with its API
// key and its cache folder, whether it is the active environment or not; another environment's keys stay.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InputOf } from '../../../src-shared/ipc/contract';
import type { ChannelName } from '../../../src-shared/ipc/names';
import type { AppCore } from '../../../src-main/core/app-core';
import { DATA_KEY_SUFFIX, INDEX_KEY_SUFFIX } from '../../../src-main/cache/store/cache-keys';
import { defaultSecretStore } from '../../../src-main/keychain/default-secret-store';
import { callCore, testAppCore } from '../support/app-core';
import { startIndependentApi, type IndependentApi } from '../../support/independent-api';
import { requireTestKeychain } from '../environments/support';

const CUSTOMERS = 30;

let dataDir: string;
let servers: IndependentApi[] = [];
let core: AppCore | null = null;
const created: string[] = [];
const keychain = defaultSecretStore();

beforeAll(() => requireTestKeychain());
beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'card-desk-env-delete-'));
  servers = [await startIndependentApi({ customers: CUSTOMERS }), await startIndependentApi({ customers: CUSTOMERS })];
  core = await testAppCore(dataDir);
});
afterEach(async () => {
  // Whatever a failed test left: no keys of these environments stay in the keychain.
  for (const account of await keychain.accounts()) {
    if (created.some((id) => account.startsWith(`${id} `) || account === id)) await keychain.delete(account);
  }
  created.length = 0;
  await core?.dispose();
  core = null;
  for (const s of servers) await s.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = <C extends ChannelName>(channel: C, input: InputOf<C>) => callCore(core!, channel, input);

/** An environment of `server`, made active and its customers synced into its sealed cache. */
async function syncedEnvironment(name: string, server: IndependentApi): Promise<string> {
  const { id } = (await call('environments.save', { name, baseUrl: server.url })) as { id: string };
  created.push(id);
  await call('keys.set', { environmentId: id, key: server.key });
  await call('environments.activate', { id });
  const synced = (await call('customers.sync', { full: true })) as { phase: string; customers: number };
  expect(synced).toMatchObject({ phase: 'done', customers: CUSTOMERS });
  return id;
}

/** The keychain accounts of an environment's cache keys, by kind. */
async function cacheKeysOf(id: string): Promise<{ data: string[]; index: string[] }> {
  const mine = (await keychain.accounts()).filter((a) => a.startsWith(`${id} `));
  return {
    data: mine.filter((a) => a.endsWith(` ${DATA_KEY_SUFFIX}`)),
    index: mine.filter((a) => a.endsWith(` ${INDEX_KEY_SUFFIX}`)),
  };
}

const everyAccountOf = async (id: string) =>
  (await keychain.accounts()).filter((a) => a === id || a.startsWith(`${id} `));

describe('deleting an environment', () => {
  it('removes its cache data key and blind-index key from the keychain, and keeps the other environment’s', async () => {
    const first = await syncedEnvironment('First bank', servers[0]!);
    const second = await syncedEnvironment('Second bank', servers[1]!);
    const firstKeys = await cacheKeysOf(first);
    const secondKeys = await cacheKeysOf(second);
    for (const keys of [firstKeys, secondKeys]) {
      expect(keys.data).toHaveLength(1);
      expect(keys.index).toHaveLength(1);
      for (const account of [...keys.data, ...keys.index])
        expect(await keychain.get(account)).toMatch(/^[\w+/=]{40,}$/);
    }
    const firstFolder = join(dataDir, 'environments', first);
    expect(existsSync(firstFolder)).toBe(true);

    // Not the active one: its keys go, the active environment's stay and its cache still searches.
    expect(await call('environments.delete', { id: first })).toEqual({ deleted: true });
    for (const account of [...firstKeys.data, ...firstKeys.index]) expect(await keychain.get(account)).toBeNull();
    expect(await everyAccountOf(first)).toEqual([]);
    expect(existsSync(firstFolder)).toBe(false);
    expect(await cacheKeysOf(second)).toEqual(secondKeys);
    const someone = servers[1]!.customers[3]!;
    const found = (await call('customers.search', { query: someone.emailAddress })) as { results: { _id: string }[] };
    expect(found.results.map((c) => c._id)).toEqual([someone._id]);

    // The active one, its cache open: its keys go too.
    expect(await call('environments.delete', { id: second })).toEqual({ deleted: true });
    for (const account of [...secondKeys.data, ...secondKeys.index]) expect(await keychain.get(account)).toBeNull();
    expect(await everyAccountOf(second)).toEqual([]);
    expect(existsSync(join(dataDir, 'environments', second))).toBe(false);
  });
});
