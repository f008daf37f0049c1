// The keys of retired caches leave the keychain; one the keychain refuses to remove is remembered (its account's
// name, never the key) and removed at the next start, and the operator is told meanwhile.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheKeyAccounts } from '../../../src-main/cache/store/cache-keys';
import { RETIRED_KEYS_FILE, forgetRetiredKeys, retiredKeysNotice } from '../../../src-main/cache/store/retired-keys';
import { memoryStore } from '../memory-secret-store';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'retired-keys-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const deleted = () => join(dataDir, 'environments', 'env-a', 'https_api.example.ng', 'customers.sqlite');
const accounts = cacheKeyAccounts('env-a https_api.example.ng');

describe('the keys of retired caches', () => {
  it('are removed from the keychain with the file', async () => {
    const store = memoryStore();
    store.entries.set(accounts.data, 'data-key').set(accounts.index, 'index-key').set('env-b addr', 'other');
    const result = await forgetRetiredKeys({ store, dataDir, deletedFiles: [deleted()] });
    expect(result).toEqual({ removed: [accounts.data, accounts.index], left: [], problem: null });
    expect([...store.entries.keys()]).toEqual(['env-b addr']);
    expect(existsSync(join(dataDir, RETIRED_KEYS_FILE))).toBe(false);
  });

  it('that the keychain refuses to remove are remembered by name and removed at the next start', async () => {
    const store = memoryStore();
    store.entries.set(accounts.data, 'data-key').set(accounts.index, 'index-key');
    const refusing = {
      ...store,
      delete: () => Promise.reject(new Error('No system keychain (Secret Service) is running.')),
    };
    const first = await forgetRetiredKeys({ store: refusing, dataDir, deletedFiles: [deleted()] });
    expect(first.left).toEqual([accounts.data, accounts.index]);
    expect(retiredKeysNotice(first.left.length, first.problem!)).toBe(
      'Card Desk deleted customer caches no one had opened for the retention period, but could not remove 2 of their keys from the system keychain (No system keychain (Secret Service) is running.). It tries again at the next start.',
    );
    const remembered = readFileSync(join(dataDir, RETIRED_KEYS_FILE), 'utf8');
    expect(JSON.parse(remembered)).toEqual([accounts.data, accounts.index]);
    expect(remembered).not.toContain('data-key');
    // The next start, with the keychain back and nothing newly retired.
    const next = await forgetRetiredKeys({ store, dataDir, deletedFiles: [] });
    expect(next).toEqual({ removed: [accounts.data, accounts.index], left: [], problem: null });
    expect(store.entries.size).toBe(0);
    expect(existsSync(join(dataDir, RETIRED_KEYS_FILE))).toBe(false);
  });
});
