// One customer sync for the team: a real PostgreSQL set up by `npm run team:setup`, one independent API server
// that takes two keys and logs which one each request carried, and two desks (app cores with their own data
// folders), each with its own key and login: `syncer` (a card_desk_syncer member) and `alice` (an operator).
// Only the syncer's key pages GET /customers; alice's desk finds customers in its own cache, filled from the
// team database; a customer added to the server reaches both desks, and one it removes leaves both after
// the syncer's next full sweep. A syncer that goes away is replaced by
// another once its lease lapses, and with the database stopped a desk still searches and catches up after.
// 1,100 customers: a desk reads the team's copy in more than one batch (1,000 changes each), in order; the
// server's odd records (test/support/odd-customers.ts) among them, each read by the desk as the API's would be.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import type { TeamStatus } from '../../../src-shared/ipc/channels/team';
import type { AppCore } from '../../../src-main/core/app-core';
import { defaultSecretStore } from '../../../src-main/keychain/default-secret-store';
import { teamPasswordAccount } from '../../../src-main/team/team-settings';
import { startIndependentApi, type IndependentApi } from '../../support/independent-api';
import { ODD_CUSTOMERS } from '../../support/odd-customers';
import { postgresMissing, startPostgres, type TestPostgres } from '../../support/postgres';
import { callCore, testAppCore } from '../support/app-core';

const SYNCER = { user: 'syncer', password: 'syncer-Pa55word-team' };
const ALICE = { user: 'alice', password: 'alice-Pa55word-team' };
const ALICE_KEY = 'independent-test-key-alice';
const POLL = { timeout: 60_000, interval: 200 };

let db: TestPostgres;
let server: IndependentApi;
let dir: string;
const secrets = defaultSecretStore();
interface Desk {
  core: AppCore;
  environmentId: string;
}
let syncerDesk: Desk;
let aliceDesk: Desk;
const open: AppCore[] = [];

async function openDesk(name: string, key: string, login: { user: string; password: string }): Promise<Desk> {
  const core = await testAppCore(join(dir, name), {
    team: {
      sendEveryMs: 200,
      firstRetryMs: 100,
      maxRetryMs: 500,
      customers: { leaseSeconds: 10, renewEveryMs: 300, passEveryMs: 500, pollEveryMs: 1_000 },
    },
  });
  open.push(core);
  const saved = (await callCore(core, 'environments.save', { name: 'Bank', baseUrl: server.url })) as { id: string };
  await callCore(core, 'keys.set', { environmentId: saved.id, key });
  await callCore(core, 'environments.activate', { id: saved.id });
  await callCore(core, 'team.connect', { url: db.url, ...login });
  return { core, environmentId: saved.id };
}

const names = async (desk: Desk, query: string) =>
  ((await callCore(desk.core, 'customers.search', { query })) as { results: Customer[] }).results.map((c) => c.name);
const status = (desk: Desk) => callCore(desk.core, 'team.status', undefined) as Promise<TeamStatus>;
/** GET /customers pages sent with `key` (the key checked when it was set asks for one customer: not a page). */
const pagesBy = (key: string) => server.log.filter((r) => r.path === '/customers' && r.key === key && r.limit !== 1);
const customerPagesBy = (key: string) => pagesBy(key).length;
/** Adds a customer to the server; its name (the odd customers among them shift the numbers). */
function addCustomer(): string {
  server.addCustomers(1);
  return server.customers.at(-1)!.name;
}

beforeAll(async () => {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  dir = mkdtempSync(join(tmpdir(), 'card-desk-team-customers-'));
  db = await startPostgres();
  await db.createLogin(SYNCER.user, SYNCER.password, ['card_desk_operator', 'card_desk_syncer']);
  await db.createLogin(ALICE.user, ALICE.password, ['card_desk_operator']);
  server = await startIndependentApi({ customers: 1_100, oddCustomers: true, extraKeys: [ALICE_KEY] });
});

afterAll(async () => {
  for (const core of open) await core.dispose();
  for (const desk of [syncerDesk, aliceDesk].filter(Boolean))
    for (const login of [SYNCER, ALICE])
      await secrets
        .delete(teamPasswordAccount(desk.environmentId, { url: db.url, user: login.user }))
        .catch(() => false);
  await server?.stop();
  await db?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('one customer sync for the team', () => {
  it("pages the API with the syncer's key only; the other desk finds customers from its own cache", async () => {
    syncerDesk = await openDesk('desk-syncer', server.key, SYNCER);
    aliceDesk = await openDesk('desk-alice', ALICE_KEY, ALICE);
    await expect.poll(() => names(aliceDesk, 'Customer 1099'), POLL).toContain('Customer 1099');
    await expect.poll(() => names(syncerDesk, 'Customer 17'), POLL).toContain('Customer 17');
    const { rows } = await db.sql('SELECT count(*)::int AS n, max(changed_by) AS by FROM card_desk.customers');
    expect(rows[0]).toEqual({ n: 1_100 + ODD_CUSTOMERS.length, by: 'syncer' });
    expect(customerPagesBy(server.key)).toBeGreaterThanOrEqual(11);
    expect(customerPagesBy(ALICE_KEY)).toBe(0);
    // The odd records the service holds reach her cache, each found by its word.
    for (const odd of ODD_CUSTOMERS) expect((await names(aliceDesk, odd.searchBy)).length).toBe(1);
    // Alice's own sync reads the team database, not the API.
    await callCore(aliceDesk.core, 'customers.sync', {});
    expect(customerPagesBy(ALICE_KEY)).toBe(0);
  });

  it('says on both desks who syncs for the team and how fresh its copy is', async () => {
    await expect
      .poll(async () => (await status(aliceDesk)).customers, POLL)
      .toMatchObject({ syncedBy: { login: 'syncer', thisDesk: false }, thisDeskSyncs: false, behind: 0 });
    const alice = (await status(aliceDesk)).customers!;
    expect(alice.lastPageAt).not.toBeNull();
    expect(alice.appliedSeq).toBe(alice.teamSeq);
    await expect
      .poll(async () => (await status(syncerDesk)).customers, POLL)
      .toMatchObject({ syncedBy: { login: 'syncer', thisDesk: true }, thisDeskSyncs: true });
  });

  it('brings a customer added to the server to both desks, still paged by the syncer alone', async () => {
    const added = addCustomer();
    await expect.poll(() => names(aliceDesk, added), POLL).toContain(added);
    await expect.poll(() => names(syncerDesk, added), POLL).toContain(added);
    expect(customerPagesBy(ALICE_KEY)).toBe(0);
  });

  it("removes from both desks a customer the service stops listing, at the syncer's next full sweep", async () => {
    const gone = server.removeCustomers((c) => c.name === 'Customer 17')[0]!;
    expect(await names(aliceDesk, 'Customer 17')).toContain('Customer 17');
    const generation = async () =>
      Number((await db.sql(`SELECT cursor::jsonb->>'generation' AS g FROM card_desk.sync_state`)).rows[0]!.g);
    const before = await generation();
    // A full sweep is due once the list's shape is forgotten (asked again until one starts).
    await expect
      .poll(async () => {
        if ((await generation()) === before)
          await db.sql(`UPDATE card_desk.sync_state SET list_shape = NULL WHERE list = 'customers'`);
        return names(aliceDesk, 'Customer 17');
      }, POLL)
      .not.toContain('Customer 17');
    await expect.poll(() => names(syncerDesk, 'Customer 17'), POLL).not.toContain('Customer 17');
    const { rows } = await db.sql('SELECT deleted FROM card_desk.customers WHERE id = $1', [gone._id]);
    expect(rows[0]).toEqual({ deleted: true });
    expect(await names(aliceDesk, 'Customer 18')).toContain('Customer 18');
    // The sweep ends by learning the list's shape again: the next passes are incremental.
    await expect
      .poll(
        async () => (await db.sql(`SELECT list_shape IS NOT NULL AS known FROM card_desk.sync_state`)).rows[0],
        POLL,
      )
      .toEqual({ known: true });
  });

  it('hands the sync to another syncer once the lease of a desk that went away lapses', async () => {
    const { rows } = await db.sql(`SELECT holder_desk_id::text AS id FROM card_desk.sync_state`);
    const gone = rows[0]!.id as string;
    // The syncer's desk closes (its lease released); a desk of the same login takes it and vanishes.
    await syncerDesk.core.dispose();
    open.splice(open.indexOf(syncerDesk.core), 1);
    const ghost = await db.connectAs(SYNCER.user, SYNCER.password);
    const took = await ghost.query(`SELECT card_desk.take_sync_lease(gen_random_uuid(), 'GHOST-DESK', 600) AS ok`);
    await ghost.end();
    expect(took.rows[0]).toEqual({ ok: true });
    // IT makes alice a syncer too; she signs in again and sees who holds the lease until it lapses.
    await db.sql('GRANT card_desk_syncer TO alice');
    await callCore(aliceDesk.core, 'team.connect', { url: db.url, ...ALICE });
    await expect
      .poll(async () => (await status(aliceDesk)).customers?.syncedBy, POLL)
      .toMatchObject({ login: 'syncer', deskName: 'GHOST-DESK' });
    // The vanished desk's lease runs out: its end is moved to now in the database rather than waited for.
    await db.sql(`UPDATE card_desk.sync_state SET lease_until = now() WHERE holder_desk_name = 'GHOST-DESK'`);
    await expect
      .poll(async () => (await status(aliceDesk)).customers, POLL)
      .toMatchObject({ syncedBy: { login: 'alice', thisDesk: true }, thisDeskSyncs: true });
    const holder = await db.sql(`SELECT holder, holder_desk_id::text AS id FROM card_desk.sync_state`);
    expect(holder.rows[0]).toMatchObject({ holder: 'alice' });
    expect(holder.rows[0]!.id).not.toBe(gone);
    // Resumed from the team's cursor: the new syncer re-reads no page of what the last one stored.
    const added = addCustomer();
    await expect.poll(() => names(aliceDesk, added), POLL).toContain(added);
    const alicePages = pagesBy(ALICE_KEY);
    expect(alicePages.length).toBeLessThanOrEqual(4);
    expect(alicePages.map((r) => r.page)).not.toContain(0);
  });

  it('searches with the database stopped, and catches up when it is back', async () => {
    await db.stop();
    await expect.poll(async () => (await status(aliceDesk)).state, POLL).toBe('unreachable');
    expect(await names(aliceDesk, 'Customer 42')).toContain('Customer 42');
    const added = addCustomer();
    expect(await names(aliceDesk, added)).toEqual([]);
    await db.start();
    await expect.poll(() => names(aliceDesk, added), POLL).toContain(added);
    const { rows } = await db.sql('SELECT count(*)::int AS n FROM card_desk.customers');
    expect(rows[0]).toEqual({ n: 1_103 + ODD_CUSTOMERS.length });
  });
});
