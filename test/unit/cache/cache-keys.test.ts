// The cache's keys in the keychain (through the SecretStore port): made once and read back after, a
// damaged entry replaced, and no keychain at all met with keys for this session only and a notice.
import { describe, expect, it } from 'vitest';
import { cacheKeyAccounts, loadCacheKeys } from '../../../src-main/cache/store/cache-keys';
import type { SecretStore } from '../../../src-main/keychain/secret-store';
import { memoryStore } from '../memory-secret-store';
import { KeychainUnavailableError } from '../../../src-main/keychain/keychain-error';

describe("the cache's keys", () => {
  it('are made once per cache, filed under its account, and read back the same', async () => {
    const store = memoryStore();
    const first = await loadCacheKeys(store, 'env-1 https_api.example.ng');
    expect(first.notice).toBeNull();
    expect([...store.entries.keys()].sort()).toEqual(
      Object.values(cacheKeyAccounts('env-1 https_api.example.ng')).sort(),
    );
    expect([...store.entries.keys()].every((a) => a.startsWith('env-1 '))).toBe(true);
    const again = await loadCacheKeys(store, 'env-1 https_api.example.ng');
    expect(Buffer.from(again.keys.data).equals(Buffer.from(first.keys.data))).toBe(true);
    expect(Buffer.from(again.keys.index).equals(Buffer.from(first.keys.index))).toBe(true);
    expect(Buffer.from(first.keys.data).equals(Buffer.from(first.keys.index))).toBe(false);
    const other = await loadCacheKeys(store, 'env-2');
    expect(Buffer.from(other.keys.data).equals(Buffer.from(first.keys.data))).toBe(false);
  });

  it('replace an entry that is not a key', async () => {
    const store = memoryStore();
    const accounts = cacheKeyAccounts('env-1');
    store.entries.set(accounts.data, 'not a key');
    const loaded = await loadCacheKeys(store, 'env-1');
    expect(loaded.keys.data).toHaveLength(32);
    expect(store.entries.get(accounts.data)).toBe(Buffer.from(loaded.keys.data).toString('base64'));
  });

  it('are for this session only, with a notice, when the keychain cannot be used', async () => {
    const broken: SecretStore = {
      get: async () => {
        throw new KeychainUnavailableError('no_secret_service', 'ServiceUnknown');
      },
      set: async () => undefined,
      delete: async () => false,
      accounts: async () => [],
    };
    const loaded = await loadCacheKeys(broken, 'env-1');
    expect(loaded.keys.data).toHaveLength(32);
    expect(loaded.notice).toMatch(/keychain could not be used.*this session only/);
  });
});
