// Customers the service stops listing leave the team's copy: the syncer's store (team/sync/syncer-store.ts)
// against a real PostgreSQL set up by team:setup, two syncer logins taking the lease in turn. A complete
// full sweep, even one resumed by another syncer, marks deleted the customers it did not see, keeping the
// change number of those it saw unchanged; an interrupted sweep marks no one; a sweep that saw too few marks
// no one and says why; the desks' feed sends the removed customers' ids.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResyncStorePort } from '../../../src-main/cache/sync/resync';
import { teamCustomerFeed } from '../../../src-main/team/sync/customer-feed';
import { teamSyncStore } from '../../../src-main/team/sync/syncer-store';
import { postgresMissing, startPostgres, type TestPostgres } from '../../support/postgres';

let db: TestPostgres;
const clients: pg.Client[] = [];
const warnings: string[] = [];
const logger = { info: () => undefined, warn: (_: object, msg?: string) => void warnings.push(msg ?? '') };

const customer = (i: number) => ({ _id: `c${i}`, type: 'individual', name: `Customer ${i}` });
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => customer(from + i));
const body = (data: unknown[], pages: number) => Buffer.from(JSON.stringify({ data, pagination: { pages } }));

/** A syncer's store over its own connection, holding the lease as DESK-n. */
async function syncer(login: string, desk: number): Promise<ResyncStorePort> {
  const client = await db.connectAs(login, `${login}-Pa55word`);
  clients.push(client);
  const id = `00000000-0000-4000-8000-00000000000${desk}`;
  const { rows } = await client.query('SELECT card_desk.take_sync_lease($1, $2, 60) AS ok', [id, `DESK-${desk}`]);
  expect(rows[0]).toEqual({ ok: true });
  const link = { use: <T>(work: (c: pg.PoolClient) => Promise<T>) => work(client as unknown as pg.PoolClient) };
  return teamSyncStore(link, logger);
}

async function release(desk: number): Promise<void> {
  const id = `00000000-0000-4000-8000-00000000000${desk}`;
  await db.sql(`UPDATE card_desk.sync_state SET holder = NULL, lease_until = NULL WHERE holder_desk_id = $1`, [id]);
}

/** A full sweep of `pages` (each a list of customers); `upTo` pages stored; completed when all are. */
async function sweep(store: ResyncStorePort, pages: unknown[][], upTo = pages.length) {
  const first = await store.storePage({ generation: null, page: 0, body: body(pages[0]!, pages.length) });
  if (!first.readable) throw new Error('page 0 unreadable');
  for (let p = 1; p < upTo; p++)
    await store.storePage({ generation: first.generation, page: p, body: body(pages[p]!, pages.length) });
  return upTo === pages.length ? store.finishGeneration(first.generation, new Date().toISOString()) : null;
}

const deletedIds = async () =>
  (await db.sql('SELECT id FROM card_desk.customers WHERE deleted ORDER BY id')).rows.map((r) => r.id as string);
const seqOf = async (id: string) =>
  (await db.sql('SELECT change_seq::int AS seq FROM card_desk.customers WHERE id = $1', [id])).rows[0]!.seq as number;

beforeAll(async () => {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  db = await startPostgres();
  for (const login of ['sync_one', 'sync_two'])
    await db.createLogin(login, `${login}-Pa55word`, ['card_desk_operator', 'card_desk_syncer']);
});

afterAll(async () => {
  for (const client of clients) await client.end().catch(() => undefined);
  await db?.remove();
});

describe('customers the service stops listing leave the team copy', () => {
  it('marks deleted, at the end of a sweep resumed by another syncer, those it did not see', async () => {
    const one = await syncer('sync_one', 1);
    expect(await sweep(one, [range(0, 20)])).toMatchObject({ pruned: 0, customerCount: 20 });
    const unchangedSeq = await seqOf('c3');
    // The next sweep: its first page by one syncer, which goes away; the other completes it.
    await sweep(one, [range(0, 10), range(10, 15)], 1);
    await release(1);
    const two = await syncer('sync_two', 2);
    const { generation } = await two.syncState();
    await two.storePage({ generation, page: 1, body: body(range(10, 15), 2) });
    expect(await two.finishGeneration(generation, new Date().toISOString())).toEqual({ pruned: 5, customerCount: 15 });
    expect(await deletedIds()).toEqual(['c15', 'c16', 'c17', 'c18', 'c19']);
    // Seen again unchanged: no new change number, so no desk reads it again.
    expect(await seqOf('c3')).toBe(unchangedSeq);
    const { rows } = await db.sql(`SELECT changed_by FROM card_desk.customers WHERE id = 'c15'`);
    expect(rows[0]).toEqual({ changed_by: 'sync_two' });
    await release(2);
  });

  it('sends the desks the removed customers by id, their records no more', async () => {
    const client = await db.connectAs('sync_one', 'sync_one-Pa55word');
    clients.push(client);
    const feed = teamCustomerFeed({ link: { use: (work) => work(client as unknown as pg.PoolClient) } });
    const changes = await feed.read(null, 1_000, new AbortController().signal);
    const sent = JSON.parse(Buffer.from(changes.body).toString('utf8')) as {
      data: { _id: string }[];
      removed: string[];
    };
    expect([...sent.removed].sort()).toEqual(['c15', 'c16', 'c17', 'c18', 'c19']);
    expect(sent.data.map((c) => c._id)).not.toContain('c15');
    expect(sent.data).toHaveLength(15);
  });

  it('marks no one after an interrupted sweep, nor after one started again that sees them all', async () => {
    const one = await syncer('sync_one', 3);
    // Interrupted after its first page: the customers on the pages it never read stay.
    await sweep(one, [range(0, 5), range(5, 15)], 1);
    expect(await deletedIds()).toEqual(['c15', 'c16', 'c17', 'c18', 'c19']);
    // Started again from page 0 and completed: it saw all of them.
    expect(await sweep(one, [range(0, 8), range(8, 15)])).toEqual({ pruned: 0, customerCount: 15 });
    expect(await deletedIds()).toEqual(['c15', 'c16', 'c17', 'c18', 'c19']);
    // A customer listed again comes back.
    expect(await sweep(one, [range(0, 16)])).toEqual({ pruned: 0, customerCount: 16 });
    expect(await deletedIds()).toEqual(['c16', 'c17', 'c18', 'c19']);
    await release(3);
  });

  it('marks no one when a complete sweep saw too few of the copy, and says why', async () => {
    const one = await syncer('sync_one', 4);
    await sweep(one, [range(0, 30)]);
    warnings.length = 0;
    // The service answered an empty list: 30 unseen of 30 is more than a sweep may remove at once.
    expect(await sweep(one, [[]])).toEqual({ pruned: 0, customerCount: 30 });
    expect(await deletedIds()).toEqual([]);
    expect(warnings.join('\n')).toContain('did not see 30 of the team');
    await release(4);
  });
});
