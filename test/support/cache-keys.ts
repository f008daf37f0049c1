// Keys for customer caches that tests and benchmarks open directly (the app reads them from the keychain,
// cache-keys.ts). Fixed, so that processes a test starts (a sync killed mid-way, the bench's search
// process) open the same file as the test.
import { createHash } from 'node:crypto';
import type { LoadedCacheKeys } from '../../src-main/cache/store/cache-keys';
import { type CacheKeys, RecordSeal } from '../../src-main/cache/store/record-seal';

const fixedKey = (name: string) => new Uint8Array(createHash('sha256').update(`card-desk test ${name} key`).digest());

export const TEST_KEYS: CacheKeys = { data: fixedKey('data'), index: fixedKey('index') };
/** The seal of TEST_KEYS: what a store and a reader of one test file share. */
export const testSeal = new RecordSeal(TEST_KEYS);
export const testCacheKeys: LoadedCacheKeys = { keys: TEST_KEYS, notice: null };
