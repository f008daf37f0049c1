// A team copy of many customers made as the administrator (the bench's one shortcut: a syncer paging them
// through a rate limit would take ~17 minutes a million): the local sandbox's pages, unlimited, inserted as
// they come, each row stamped with its change number by the table's trigger as the syncer's are. The same
// customers a desk alone syncs from that sandbox, so the two caches' searches compare like with like.
import type { SandboxHandle } from '../../src-main/sandbox/handle';
import type { TestPostgres } from '../support/postgres';

const PAGES_PER_INSERT = 100;

/** One page of the sandbox's customers; a connection a crowded machine reset is asked again (a read). */
async function page(sandbox: SandboxHandle, at: number, tries = 3): Promise<unknown[]> {
  try {
    const answer = await fetch(`${sandbox.url}/customers?page=${at}&limit=100`, {
      headers: { Authorization: `Bearer ${sandbox.key}` },
    });
    return ((await answer.json()) as { data: unknown[] }).data;
  } catch (error) {
    if (tries <= 1) throw error;
    return page(sandbox, at, tries - 1);
  }
}

export async function copySandboxCustomers(db: TestPostgres, sandbox: SandboxHandle, customers: number): Promise<void> {
  const admin = await db.admin();
  try {
    const pages = Math.ceil(customers / 100);
    for (let from = 0; from < pages; from += PAGES_PER_INSERT) {
      const fetched = await Promise.all(
        Array.from({ length: Math.min(PAGES_PER_INSERT, pages - from) }, (_, i) => page(sandbox, from + i)),
      );
      await admin.query(
        `INSERT INTO card_desk.customers (id, record)
         SELECT r->>'_id', r FROM jsonb_array_elements($1::jsonb) AS r
         ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record
          WHERE customers.record IS DISTINCT FROM EXCLUDED.record`,
        [JSON.stringify(fetched.flat())],
      );
    }
    await admin.query('ANALYZE card_desk.customers');
  } finally {
    await admin.end();
  }
}
