// Never twice across desks: two desks (two app cores, own data folders, own API keys, own database logins)
// on one independent API server and one team database. Both send the same card at once: the server receives
// one POST, and the other desk is told who is issuing it. A wallet whose answer is lost stays claimed (the
// other desk cannot send it) until reconciliation settles the claim. With the database stopped, a write is
// refused naming it while search goes on; a policy with teamRequiredForWrites false sends and says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InputOf } from '../../../src-shared/ipc/contract';
import type { ChannelName } from '../../../src-shared/ipc/names';
import type { Result } from '../../../src-shared/ipc/result';
import type { TeamStatus } from '../../../src-shared/ipc/channels/team';
import type { AppCore } from '../../../src-main/core/app-core';
import { defaultSecretStore } from '../../../src-main/keychain/default-secret-store';
import { NO_POLICY } from '../../../src-main/policy/policy';
import { teamPasswordAccount } from '../../../src-main/team/team-settings';
import { HEADER, validRow } from '../../support/bulk-fixture';
import { startIndependentApi, type IndependentApi } from '../../support/independent-api';
import { postgresMissing, startPostgres, type TestPostgres } from '../../support/postgres';
import { testAppCore } from '../support/app-core';

const LOGINS = { alice: 'alice-Pa55word-claims', bob: 'bob-Pa55word-claims', carol: 'carol-Pa55word-claims' };
const KEYS = { alice: 'desk-a-key-0001', bob: 'desk-b-key-0002', carol: 'desk-c-key-0003' };
type Login = keyof typeof LOGINS;

let db: TestPostgres;
let server: IndependentApi;
let dir: string;
const desks = new Map<Login, { core: AppCore; environmentId: string }>();
const secrets = defaultSecretStore();

async function call<C extends ChannelName>(core: AppCore, channel: C, input: InputOf<C>): Promise<Result<unknown>> {
  const handler = core.handlers[channel] as unknown as (i: unknown, ctx: { signal: AbortSignal }) => Promise<unknown>;
  return (await handler(input, { signal: new AbortController().signal })) as Result<unknown>;
}

async function data<T>(result: Promise<Result<unknown>>): Promise<T> {
  const r = await result;
  if (!r.ok) throw new Error(r.error.message);
  return r.data as T;
}

/** A desk with its own data folder, API key and login, working in an environment of the shared server. */
async function openDesk(login: Login, policy = NO_POLICY) {
  const core = await testAppCore(join(dir, login), {
    policy,
    team: { sendEveryMs: 100, firstRetryMs: 100, maxRetryMs: 500 },
  });
  const { id } = await data<{ id: string }>(
    call(core, 'environments.save', { name: 'Head office', baseUrl: server.url }),
  );
  await data(call(core, 'keys.set', { environmentId: id, key: KEYS[login] }));
  await data(call(core, 'environments.activate', { id }));
  const status = await data<TeamStatus>(
    call(core, 'team.connect', { url: db.url, user: login, password: LOGINS[login] }),
  );
  expect(status).toMatchObject({ state: 'connected', login });
  desks.set(login, { core, environmentId: id });
  return core;
}

const desk = (login: Login) => desks.get(login)!.core;

/** The desk's cache holds every customer of the server, filled from the team's copy (alice's desk syncs it). */
async function cacheFilled(login: Login): Promise<void> {
  await expect
    .poll(
      async () => (await data<{ customers: number }>(call(desk(login), 'customers.cacheStatus', undefined))).customers,
      {
        timeout: 30_000,
      },
    )
    .toBe(server.customers.length);
}
const debitAccountId = () => 'acc0'.padStart(24, '7');
const card = (customer: number) => ({
  customerId: server.customers[customer]!._id,
  type: 'virtual' as const,
  currency: 'NGN' as const,
  status: 'active' as const,
  brand: 'Verve' as const,
  debitAccountId: debitAccountId(),
});
const wallet = (customer: number) => ({
  type: 'wallet' as const,
  currency: 'NGN' as const,
  accountType: 'Savings' as const,
  customerId: server.customers[customer]!._id,
});
const posts = (path: string) => server.writes.filter((w) => w.path === path);

const claims = async () =>
  (
    await db.sql(
      'SELECT operator, operation, state, result_id, settled_by FROM card_desk.write_claims ORDER BY claim_id',
    )
  ).rows as { operator: string; operation: string; state: string; result_id: string | null; settled_by: string }[];

beforeAll(async () => {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  dir = mkdtempSync(join(tmpdir(), 'card-desk-claims-'));
  db = await startPostgres();
  // Alice's desk also pages the API's customers for the team; every desk's cache fills from the team's copy.
  for (const [user, password] of Object.entries(LOGINS))
    await db.createLogin(user, password, ['card_desk_operator', ...(user === 'alice' ? ['card_desk_syncer'] : [])]);
  server = await startIndependentApi({ customers: 11, extraKeys: Object.values(KEYS) });
  await openDesk('alice');
  await openDesk('bob');
});

afterAll(async () => {
  for (const { core } of desks.values()) await core.dispose();
  for (const [login, { environmentId }] of desks) {
    await secrets.delete(teamPasswordAccount(environmentId, { url: db.url, user: login })).catch(() => false);
    await secrets.delete(environmentId).catch(() => false);
    for (const account of await secrets.accounts())
      if (account.startsWith(`${environmentId} `)) await secrets.delete(account);
  }
  await server?.stop();
  await db?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('never twice across desks', () => {
  it('sends a card both desks send at once only once; the other desk is told who is issuing it', async () => {
    // The service holds the card it receives until one desk has its answer: the first claim is still in flight.
    const release = server.holdWrites();
    const sending = [call(desk('alice'), 'cards.create', card(0)), call(desk('bob'), 'cards.create', card(0))];
    await Promise.race(sending);
    release();
    const both = await Promise.all(sending);
    expect(posts('/cards')).toHaveLength(1);
    const sent = both.findIndex((r) => r.ok);
    expect(sent).toBeGreaterThanOrEqual(0);
    const [winner, loser] = sent === 0 ? ['alice', both[1]] : ['bob', both[0]];
    if (!loser || loser.ok) throw new Error('both desks sent the card');
    expect(loser.error.kind).toBe('conflict');
    expect(loser.error.message).toMatch(
      new RegExp(`^Being issued by ${winner} on .+ since \\d\\d:\\d\\d\\. Card Desk does not send it twice`),
    );
    await expect.poll(claims).toEqual([
      expect.objectContaining({
        operator: winner,
        operation: 'cards.create',
        state: 'succeeded',
        settled_by: winner,
      }),
    ]);
    // Once issued, the other desk's attempt asks "another?" naming who issued it, and sends nothing.
    const other = winner === 'alice' ? 'bob' : 'alice';
    const again = await call(desk(other), 'cards.create', card(0));
    expect(again).toMatchObject({ ok: false, error: { kind: 'conflict', repeatOf: { noun: 'card' } } });
    if (!again.ok)
      expect(again.error.message).toMatch(
        new RegExp(`^Already issued by ${winner} on .+: card \\w+\\. Issue another\\?$`),
      );
    expect(posts('/cards')).toHaveLength(1);
  });

  it('keeps a write whose answer was lost claimed until reconciliation settles it', async () => {
    server.loseWriteAnswers = true;
    const lost = await call(desk('alice'), 'accounts.create', wallet(1));
    expect(lost).toMatchObject({ ok: false, error: { kind: 'outcome_unknown' } });
    await expect.poll(async () => (await claims()).at(-1)?.state).toBe('outcome_unknown');
    const held = await call(desk('bob'), 'accounts.create', wallet(1));
    expect(held).toMatchObject({ ok: false, error: { kind: 'conflict' } });
    if (!held.ok)
      expect(held.error.message).toMatch(/^Sent by alice on .+ at \d\d:\d\d, and its outcome is not known yet/);
    expect(posts('/accounts')).toHaveLength(1);

    // The service answers again: alice's desk looks (before refusing her own second try) and finds the wallet.
    server.loseWriteAnswers = false;
    const retried = await call(desk('alice'), 'accounts.create', wallet(1));
    expect(retried.ok).toBe(false);
    await expect
      .poll(async () => (await claims()).at(-1))
      .toMatchObject({
        operator: 'alice',
        state: 'reconciled',
        result_id: expect.stringMatching(/\w+/),
      });
    const after = await call(desk('bob'), 'accounts.create', wallet(1));
    if (after.ok) throw new Error('sent a second wallet');
    expect(after.error.message).toMatch(/^Already opened by alice on .+: wallet \w+\. Open another\?$/);
    expect(posts('/accounts')).toHaveLength(1);
  });

  it('names both operators in the team journal by their database logins', async () => {
    const issued = await call(desk('bob'), 'cards.create', card(2));
    expect(issued.ok ? 'issued' : issued.error.message).toBe('issued');
    await expect
      .poll(async () => (await db.sql('SELECT DISTINCT operator FROM card_desk.journal_events ORDER BY 1')).rows)
      .toEqual([{ operator: 'alice' }, { operator: 'bob' }]);
  });

  it('reports a batch row another desk issued for that row, and sends the rest', async () => {
    expect(await call(desk('alice'), 'cards.create', card(8))).toMatchObject({ ok: true });
    const bob = desk('bob');
    await cacheFilled('bob');
    const csv = [
      HEADER,
      validRow(server.customers[8]!._id, debitAccountId(), 'R-8'),
      validRow(server.customers[9]!._id, debitAccountId(), 'R-9'),
    ].join('\n');
    const { batchId } = await data<{ batchId: string }>(call(bob, 'bulkIssue.preview', { csv }));
    await data(call(bob, 'bulkIssue.start', { batchId, cards: 2 }));
    await expect
      .poll(async () => (await data<{ state: string }>(call(bob, 'bulkIssue.status', { batchId }))).state, {
        timeout: 30_000,
      })
      .toBe('done');
    const { rows } = await data<{ rows: { outcome: string; error: string | null }[] }>(
      call(bob, 'bulkIssue.results', { batchId }),
    );
    expect(rows.map((r) => r.outcome)).toEqual(['not_sent', 'issued']);
    expect(rows[0]!.error).toMatch(/^Not sent: Already issued by alice on .+ at \d\d:\d\d: card \w+\./);
    expect(posts('/cards').filter((p) => p.body.customerId === server.customers[8]!._id)).toHaveLength(1);
  });

  it('settles a claim the database missed when it is back, from the journal', async () => {
    const release = server.holdWrites();
    const sending = call(desk('alice'), 'cards.create', card(10));
    await expect.poll(async () => (await claims()).at(-1)).toMatchObject({ operator: 'alice', state: 'in_flight' });
    await db.stop();
    release();
    expect(await sending).toMatchObject({ ok: true });
    await db.start();
    await expect
      .poll(async () => (await claims()).at(-1), { timeout: 30_000 })
      .toMatchObject({ operator: 'alice', state: 'succeeded', result_id: expect.stringMatching(/\w+/) });
  });

  it('refuses a write naming the team database while it is stopped; search goes on', async () => {
    const alice = desk('alice');
    await cacheFilled('alice');
    await db.stop();
    try {
      await expect
        .poll(async () => (await data<TeamStatus>(call(alice, 'team.status', undefined))).state)
        .toBe('unreachable');
      const refused = await call(alice, 'cards.create', card(3));
      expect(refused).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
      if (!refused.ok)
        expect(refused.error.message).toMatch(
          /^The team database 127\.0\.0\.1:\d+ is unreachable, so Card Desk cannot make sure no other desk is issuing this card\. Nothing was sent\./,
        );
      expect(posts('/cards')).toHaveLength(5);
      const found = await data<{ results: unknown[] }>(call(alice, 'customers.search', { query: 'Customer' }));
      expect(found.results.length).toBeGreaterThan(0);
      // Said before Send too, and a batch from a file is refused whole.
      const status = await data<TeamStatus>(call(alice, 'team.status', undefined));
      expect(status.writesRefused).toMatch(
        /^The team database 127\.0\.0\.1:\d+ cannot be reached, so Card Desk sends no card/,
      );
      const csv = [HEADER, validRow(server.customers[7]!._id, debitAccountId(), 'ROW-1')].join('\n');
      const { batchId } = await data<{ batchId: string }>(call(alice, 'bulkIssue.preview', { csv }));
      const batch = await call(alice, 'bulkIssue.start', { batchId, cards: 1 });
      expect(batch).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
      if (!batch.ok) expect(batch.error.message).toMatch(/^The team database 127\.0\.0\.1:\d+ is unreachable/);
    } finally {
      await db.start();
    }
  });

  it('sends on the desk’s own guard, and says so, when the policy does not require the team database', async () => {
    const carol = await openDesk('carol', { ...NO_POLICY, teamRequiredForWrites: false });
    await db.stop();
    try {
      await expect
        .poll(async () => (await data<TeamStatus>(call(carol, 'team.status', undefined))).state)
        .toBe('unreachable');
      const sent = await call(carol, 'cards.create', card(4));
      expect(sent.ok ? 'sent' : sent.error.message).toBe('sent');
      expect(sent).toMatchObject({
        ok: true,
        notice: expect.stringMatching(
          /^Sent with this desk's own guard only: the team database 127\.0\.0\.1:\d+ could not be asked/,
        ),
      });
      expect(posts('/cards')).toHaveLength(6);
    } finally {
      await db.start();
    }
    // Its claim could not be made; the database, once back, holds no claim of carol's that blocks anyone.
    await expect
      .poll(async () => (await data<TeamStatus>(call(carol, 'team.status', undefined))).state)
      .toBe('connected');
    expect((await claims()).filter((c) => c.operator === 'carol')).toEqual([]);
  });

  it('sends each journal event under the login signed in on the desk when it was written', async () => {
    const carol = desk('carol');
    const deskId = (await data<TeamStatus>(call(carol, 'team.status', undefined))).desk.id;
    const operators = async () =>
      (
        await db.sql(
          `SELECT operator FROM card_desk.journal_events WHERE desk_id = $1 AND journal_id <> 'team-admin' ORDER BY desk_seq`,
          [deskId],
        )
      ).rows.map((r: { operator: string }) => r.operator);
    // Carol's card, issued while the database was stopped (above), is in the team journal under her login.
    await expect.poll(operators).toEqual(['carol', 'carol']);
    await db.stop();
    try {
      await expect
        .poll(async () => (await data<TeamStatus>(call(carol, 'team.status', undefined))).state)
        .toBe('unreachable');
      expect(await call(carol, 'cards.create', card(5))).toMatchObject({ ok: true });
      await data(call(carol, 'team.disconnect', undefined));
    } finally {
      await db.start();
    }
    // Bob signs in on carol's desk: her two waiting events are not his to send, nor are his after hers.
    await data(call(carol, 'team.connect', { url: db.url, user: 'bob', password: LOGINS.bob }));
    expect(await call(carol, 'cards.create', card(6))).toMatchObject({ ok: true });
    await expect
      .poll(async () => (await data<TeamStatus>(call(carol, 'team.status', undefined))).journal)
      .toMatchObject({ waiting: 4, waitingFor: 'carol' });
    expect(await operators()).toEqual(['carol', 'carol']);
    // Carol signs in again: hers go under her login, and bob's wait for him.
    await data(call(carol, 'team.connect', { url: db.url, user: 'carol', password: LOGINS.carol }));
    await expect.poll(operators).toEqual(['carol', 'carol', 'carol', 'carol']);
    await expect
      .poll(async () => (await data<TeamStatus>(call(carol, 'team.status', undefined))).journal)
      .toMatchObject({ waiting: 2, waitingFor: 'bob' });
    // The desk is carol's: the database refuses bob's events under it, and the desk says so, until an
    // administrator lets bob write for it, saying why.
    await data(call(carol, 'team.connect', { url: db.url, user: 'bob', password: LOGINS.bob }));
    await expect
      .poll(async () => (await data<TeamStatus>(call(carol, 'team.status', undefined))).journal.alarm)
      .toContain(`The desk ${deskId} belongs to carol: bob may not write for it`);
    expect(await operators()).toEqual(['carol', 'carol', 'carol', 'carol']);
    await db.sql(`SELECT card_desk.allow_desk_login($1, 'bob', 'bob works at carol''s desk this week')`, [deskId]);
    await expect.poll(operators).toEqual(['carol', 'carol', 'carol', 'carol', 'bob', 'bob']);
    // The rows are committed before the desk hears back, so its alarm clears a moment after they show.
    await expect
      .poll(async () => (await data<TeamStatus>(call(carol, 'team.status', undefined))).journal.alarm)
      .toBeNull();
  });

  it('lets no login rewrite who claimed a write, nor settle another desk’s write in flight', async () => {
    await db.sql(
      `INSERT INTO card_desk.write_claims (fingerprint, operation, entry_id, desk_id, desk_name)
       VALUES ('fp-open', 'cards.create', 'entry-open', gen_random_uuid(), 'DESK-ALICE')`,
    );
    const bob = await db.connectAs('bob', LOGINS.bob);
    try {
      const rename = await bob
        .query(`UPDATE card_desk.write_claims SET operator = 'bob'`)
        .catch((e: { code: string }) => e);
      expect(rename).toMatchObject({ code: '42501' });
      const settle = await bob.query(
        `UPDATE card_desk.write_claims SET state = 'failed' WHERE fingerprint = 'fp-open'`,
      );
      expect(settle.rowCount).toBe(0);
    } finally {
      await bob.end();
    }
  });
});
