// A customer cache not opened for cacheRetentionDays (default 30) is deleted when the app starts, with its
// WAL files and set-aside copies, and its two keys leave the real keychain with it, so a copy of the file
// recovered afterwards opens with no key the keychain holds; one opened more recently is kept, and opening a
// cache marks it opened.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app-core';
import { CACHE_FILE_NAME } from '../../../src-main/cache/service';
import { testAppCore } from '../support/app-core';
import { customerRow } from '../../../src-main/cache/search/search-fields';
import {
  DATA_KEY_SUFFIX,
  INDEX_KEY_SUFFIX,
  cacheAccountOf,
  cacheKeyAccounts,
  loadCacheKeys,
} from '../../../src-main/cache/store/cache-keys';
import { CustomerStore } from '../../../src-main/cache/store/customer-store';
import { openWriter } from '../../../src-main/cache/store/database';
import { RecordSeal, SealBrokenError } from '../../../src-main/cache/store/record-seal';
import { RETIRED_KEYS_FILE } from '../../../src-main/cache/store/retired-keys';
import { openGroup } from '../../../src-main/cache/store/sealed-groups';
import { defaultSecretStore } from '../../../src-main/keychain/default-secret-store';
import { fillerCustomers } from '../../support/generated-customers';
import { openCache, sandboxWithClient } from './cache-fixture';

const DAY = 86_400_000;
let dataDir: string;
let core: AppCore | null = null;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'card-desk-retention-'));
});
afterEach(async () => {
  await core?.dispose();
  core = null;
  rmSync(dataDir, { recursive: true, force: true });
});

/** A cache file (and its WAL and a damaged copy) last opened `daysAgo` days ago. */
function cacheOpened(folder: string, daysAgo: number): string {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, CACHE_FILE_NAME);
  for (const name of [CACHE_FILE_NAME, `${CACHE_FILE_NAME}-wal`, `${CACHE_FILE_NAME}.corrupt-2026-01-01T00-00-00-000Z`])
    writeFileSync(join(folder, name), 'cached');
  const at = new Date(Date.now() - daysAgo * DAY);
  utimesSync(file, at, at);
  return file;
}

describe('cache retention', () => {
  it('deletes at start the caches not opened for 30 days, keeping the others and the rest of the folder', async () => {
    const stale = cacheOpened(join(dataDir, 'environments', 'env-a', 'https_api.example.ng'), 31);
    const recent = cacheOpened(join(dataDir, 'environments', 'env-b', 'https_api.example.ng'), 29);
    const sandbox = cacheOpened(join(dataDir, 'environments', 'local-sandbox'), 45);
    writeFileSync(join(dataDir, 'environments', 'env-a', 'https_api.example.ng', 'known-cards.sqlite'), 'cards');
    core = await testAppCore(dataDir);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(`${stale}-wal`)).toBe(false);
    expect(existsSync(`${stale}.corrupt-2026-01-01T00-00-00-000Z`)).toBe(false);
    expect(existsSync(sandbox)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(`${recent}-wal`)).toBe(true);
    expect(existsSync(join(dataDir, 'environments', 'env-a', 'https_api.example.ng', 'known-cards.sqlite'))).toBe(true);
  });

  it('takes the period it is given', async () => {
    const week = cacheOpened(join(dataDir, 'environments', 'env-a', 'addr'), 8);
    const day = cacheOpened(join(dataDir, 'environments', 'env-b', 'addr'), 1);
    core = await testAppCore(dataDir, { cacheRetentionDays: 7 });
    expect(existsSync(week)).toBe(false);
    expect(existsSync(day)).toBe(true);
  });

  it('marks a cache opened when it opens', async () => {
    const rig = await sandboxWithClient({ customers: 10 });
    const folder = join(dataDir, 'environments', 'env-c', 'addr');
    try {
      const first = await openCache(folder, rig.api);
      await first.cache.close();
      const file = join(folder, CACHE_FILE_NAME);
      const old = new Date(Date.now() - 40 * DAY);
      utimesSync(file, old, old);
      const again = await openCache(folder, rig.api);
      await again.cache.close();
      expect(Date.now() - statSync(file).mtimeMs).toBeLessThan(DAY);
    } finally {
      await rig.sandbox.stop();
    }
  });
});

describe("a retired cache's keys", () => {
  const secrets = defaultSecretStore();
  afterAll(() => (secrets as { dispose?: () => void }).dispose?.());

  it('leave the keychain with its file: a recovered copy opens with no key the keychain still holds', async () => {
    const folder = join(dataDir, 'environments', 'env-r', 'https_api.example.ng');
    mkdirSync(folder, { recursive: true });
    const file = join(folder, CACHE_FILE_NAME);
    const account = cacheAccountOf(dataDir, folder);
    const seal = new RecordSeal((await loadCacheKeys(secrets, account)).keys);
    const { db } = openWriter(file, seal);
    const store = new CustomerStore(db, seal);
    const { generation } = store.writePages([
      { generation: null, page: 0, totalPages: 1, rows: fillerCustomers(0, 30).map(customerRow) },
    ]);
    store.finishGeneration(generation, new Date().toISOString());
    db.close();
    // What someone could recover of the file after it is deleted: a copy made before.
    const recovered = join(dataDir, 'recovered.sqlite');
    copyFileSync(file, recovered);
    const old = new Date(Date.now() - 31 * DAY);
    utimesSync(file, old, old);

    core = await testAppCore(dataDir);
    expect(existsSync(file)).toBe(false);
    const accounts = cacheKeyAccounts(account);
    expect(await secrets.get(accounts.data)).toBeNull();
    expect(await secrets.get(accounts.index)).toBeNull();
    expect(existsSync(join(dataDir, RETIRED_KEYS_FILE))).toBe(false);

    const copy = new DatabaseSync(recovered, { readOnly: true });
    try {
      const group = copy.prepare('SELECT bytes, ids FROM sealed_records LIMIT 1').get()!;
      // The copy is readable with the keys it was written under: only their removal keeps it shut.
      expect(openGroup(seal, group.bytes as Uint8Array, group.ids as Uint8Array).ids[0]).toBe(
        fillerCustomers(0, 1)[0]!._id,
      );
      const held = (await secrets.accounts()).filter((a) => a.endsWith(` ${DATA_KEY_SUFFIX}`));
      for (const dataAccount of held) {
        const data = Buffer.from((await secrets.get(dataAccount))!, 'base64');
        const index = Buffer.from(
          (await secrets.get(dataAccount.replace(DATA_KEY_SUFFIX, INDEX_KEY_SUFFIX)))!,
          'base64',
        );
        expect(() =>
          openGroup(new RecordSeal({ data, index }), group.bytes as Uint8Array, group.ids as Uint8Array),
        ).toThrow(SealBrokenError);
      }
    } finally {
      copy.close();
    }
  });
});
