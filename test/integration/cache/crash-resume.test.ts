// A sync killed with SIGKILL in the middle leaves a consistent cache, and the next sync resumes there.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncProgress } from '../../../src-shared/ipc/channels/customers';
import { CACHE_FILE_NAME } from '../../../src-main/cache/service';
import {
  allCustomers,
  customerPagesRequested,
  openCache,
  sandboxWithClient,
  temporaryFolder,
  until,
} from './cache-fixture';

const CHILD = fileURLToPath(new URL('./fixtures/sync-child.ts', import.meta.url));
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const num = (db: DatabaseSync, sql: string) => Number(Object.values(db.prepare(sql).get() ?? {})[0]);

describe('a sync killed mid-way', () => {
  it('leaves only whole pages, the full-text index in step, and resumes without starting over', async () => {
    const COUNT = 4_000;
    const { sandbox, api } = await sandboxWithClient({ customers: COUNT, seed: 5 });
    const tmp = temporaryFolder();
    cleanups.push(() => sandbox.stop(), tmp.remove);
    sandbox.faults.add({ kind: 'latency', endpoint: 'GET /customers', ms: 30 });

    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, tmp.folder, sandbox.url, sandbox.key], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const events: SyncProgress[] = [];
    let buffered = '';
    child.stdout.on('data', (d: Buffer) => {
      buffered += d.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) if (line.trim()) events.push(JSON.parse(line) as SyncProgress);
    });
    await until(() => events.some((e) => e.pagesDone >= 8) || child.exitCode !== null, 30_000);
    expect(stderr).toBe('');
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // Straight from the file: whole pages only, the resume point with them, the index in step.
    const db = new DatabaseSync(join(tmp.folder, CACHE_FILE_NAME));
    const nextPage = num(db, "SELECT value FROM meta WHERE key = 'sync_next_page'");
    const stored = num(db, 'SELECT count(*) FROM customers');
    expect(nextPage).toBeGreaterThanOrEqual(8);
    expect(nextPage).toBeLessThan(40);
    expect(stored).toBe(nextPage * 100);
    expect(num(db, "SELECT value FROM meta WHERE key = 'sync_customers_done'")).toBe(stored);
    expect(num(db, "SELECT value FROM meta WHERE key = 'customer_count'")).toBe(stored);
    for (const index of ['customer_names', 'customer_phones']) {
      // Checks the index against the customers table: every row's words, and nothing else.
      expect(() => db.exec(`INSERT INTO ${index} (${index}, rank) VALUES ('integrity-check', 1)`)).not.toThrow();
    }
    expect(db.prepare('PRAGMA quick_check').get()?.quick_check).toBe('ok');
    const storedIds = new Set(
      db
        .prepare('SELECT id FROM customers')
        .all()
        .map((r) => String(r.id)),
    );
    // A first sync goes without the list's name order until its pages stop; this one never stopped.
    db.exec('DROP INDEX IF EXISTS customers_by_kyc_name');
    db.close();
    const expectedIds = (await allCustomers(api)).slice(0, nextPage * 100).map((c) => c._id);
    expect(storedIds).toEqual(new Set(expectedIds));

    // Reopened, the cache resumes at the first missing page.
    sandbox.faults.clear();
    sandbox.clearRequests();
    const { cache } = await openCache(tmp.folder, api);
    cleanups.push(() => cache.close());
    expect((await cache.status()).resumeFromPage).toBe(nextPage);
    // Opening built the name order the interrupted sync went without.
    const byName = await cache.browse({ sort: 'name', limit: 5 });
    expect(byName.nameOrderPending).toBeUndefined();
    expect(byName.results).toHaveLength(5);
    const result = await cache.sync();
    expect(result.ok && result.data).toMatchObject({ phase: 'done', customers: COUNT, pagesDone: 40 });
    const pages = customerPagesRequested(sandbox).map((p) => p.page);
    expect(pages).not.toContain(0);
    expect(Math.min(...pages)).toBe(nextPage);
    expect((await cache.status()).customers).toBe(COUNT);
  });
});
