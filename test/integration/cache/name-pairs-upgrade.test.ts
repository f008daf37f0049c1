// A cache whose name-pairs index is pending (as migration 7 leaves a file that holds customers): opened, it
// gets the index built in the background by its worker, searching all the while, and then answers as
// before from the new index.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import { JOINER } from '../../../src-main/cache/search/name-pairs';
import { CACHE_FILE_NAME } from '../../../src-main/cache/service';
import { allCustomers, openCache, sandboxWithClient, temporaryFolder } from './cache-fixture';
import type { CardApiClient } from '../../../src-main/api/types';
import type { SandboxHandle } from '../../../src-main/sandbox/handle';

let sandbox: SandboxHandle;
let api: CardApiClient;
let everyone: Customer[];
const tmp = temporaryFolder();
const file = join(tmp.folder, CACHE_FILE_NAME);

beforeAll(async () => {
  const rig = await sandboxWithClient({ customers: 400, seed: 5 });
  sandbox = rig.sandbox;
  api = rig.api;
  everyone = await allCustomers(rig.api);
  const { cache } = await openCache(tmp.folder, rig.api);
  const synced = await cache.sync();
  expect(synced.ok && synced.data.phase).toBe('done');
  await cache.close();
  // Its customers, no pairs, the pairs marked pending.
  const db = new DatabaseSync(file);
  db.exec(
    "INSERT INTO customer_name_pairs (customer_name_pairs) VALUES ('delete-all'); INSERT INTO meta (key, value) VALUES ('name_pairs_pending', 1)",
  );
  db.close();
});
afterAll(async () => {
  tmp.remove();
  await sandbox?.stop();
});

const pending = () => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare("SELECT 1 AS one FROM meta WHERE key = 'name_pairs_pending'").get() !== undefined;
  } finally {
    db.close();
  }
};

describe('a cache whose name pairs are pending', () => {
  it('builds them after opening and finds the same customers before and after', async () => {
    const { cache } = await openCache(tmp.folder, api);
    try {
      const c = everyone.find((x) => x.individual?.firstName && x.individual.lastName)!;
      const query = `${c.individual!.firstName} ${c.individual!.lastName!.slice(0, 2)}`;
      const before = await cache.search(query);
      expect(before.results.map((x) => x._id)).toContain(c._id);
      for (let waited = 0; pending() && waited < 20_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      expect(pending()).toBe(false);
      const db = new DatabaseSync(file, { readOnly: true });
      const first = c.individual!.firstName!.toLowerCase();
      const rows = db
        .prepare('SELECT count(*) AS n FROM customer_name_pairs WHERE customer_name_pairs MATCH ?')
        .get(`"${first}${JOINER}${c.individual!.lastName!.slice(0, 1)}"`)?.n;
      db.close();
      expect(rows).toBeGreaterThan(0);
      const after = await cache.search(query);
      expect(after.results).toEqual(before.results);
      expect(after.total).toBe(before.total);
    } finally {
      await cache.close();
    }
  });
});
