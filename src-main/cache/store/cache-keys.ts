// The customer cache's two keys (record-seal.ts) in the OS keychain, one entry each, filed under the
// environment's id: `<account> customer-cache-data` (AES-256-GCM) and `<account> customer-cache-index`
// (HMAC-SHA-256 of identity numbers), where `<account>` names the cache's folder (`<environment id>
// <address folder>`), so each address has its own cache and keys, and deleting the environment (which
// removes every keychain account of its id) deletes them too.
// The keys are read once when the cache opens and held in memory only; the cache worker gets them in its
// opening message. A key that is missing or unreadable is replaced by a new one, and the cache file, whose
// records the old key sealed, is deleted and rebuilt (key-check.ts). With no usable keychain the cache
// gets keys for this session only: its file is rebuilt at the next start.
import { randomBytes } from 'node:crypto';
import { join, relative, sep } from 'node:path';
import { errorMessage } from '../../errors/error-message';
import type { SecretStore } from '../../keychain/secret-store';
import type { Logger } from '../../ports/ports';
import { type CacheKeys, KEY_BYTES } from './record-seal';

export interface LoadedCacheKeys {
  keys: CacheKeys;
  /** What the operator should know about the keys (the keychain could not be used); null when nothing. */
  notice: string | null;
}

export const DATA_KEY_SUFFIX = 'customer-cache-data';
export const INDEX_KEY_SUFFIX = 'customer-cache-index';

/** The keychain account a cache's keys are filed under: its folder under `<dataDir>/environments`, words apart. */
export const cacheAccountOf = (dataDir: string, folder: string): string =>
  relative(join(dataDir, 'environments'), folder).split(sep).join(' ');

/** The keychain accounts of a cache's keys, for the environment's keychain account at its address. */
export const cacheKeyAccounts = (account: string) => ({
  data: `${account} ${DATA_KEY_SUFFIX}`,
  index: `${account} ${INDEX_KEY_SUFFIX}`,
});

/** A stored key, or null when it is absent or not a key (base64 of KEY_BYTES bytes). */
function parseKey(stored: string | null): Uint8Array | null {
  if (stored === null || !/^[A-Za-z0-9+/]+={0,2}$/.test(stored)) return null;
  const bytes = Buffer.from(stored, 'base64');
  return bytes.length === KEY_BYTES ? new Uint8Array(bytes) : null;
}

async function loadOrCreate(store: SecretStore, account: string): Promise<Uint8Array> {
  const found = parseKey(await store.get(account));
  if (found) return found;
  const key = new Uint8Array(randomBytes(KEY_BYTES));
  await store.set(account, Buffer.from(key).toString('base64'));
  return key;
}

/** The cache's keys for `account` (see above); never throws. */
export async function loadCacheKeys(store: SecretStore, account: string, logger?: Logger): Promise<LoadedCacheKeys> {
  const accounts = cacheKeyAccounts(account);
  try {
    const data = await loadOrCreate(store, accounts.data);
    const index = await loadOrCreate(store, accounts.index);
    return { keys: { data, index }, notice: null };
  } catch (e) {
    logger?.warn({ error: errorMessage(e) }, 'customer cache keys not in the keychain; keys for this session only');
    return {
      keys: { data: new Uint8Array(randomBytes(KEY_BYTES)), index: new Uint8Array(randomBytes(KEY_BYTES)) },
      notice:
        'The system keychain could not be used, so the customer cache has keys for this session only: it is rebuilt from the service now and again at the next start.',
    };
  }
}
