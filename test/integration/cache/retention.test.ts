// A customer cache not opened for cacheRetentionDays (default 30) is deleted when the app starts, with its
// WAL files and set-aside copies; one opened more recently is kept, and opening a cache marks it opened.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app-core';
import { CACHE_FILE_NAME } from '../../../src-main/cache/service';
import { testAppCore } from '../support/app-core';
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
