// One operator login against the team, with three desks working beside it: a real PostgreSQL set up by
// `npm run team:setup`, a syncer's desk (sam), an approver's (ada) and a maker's (mary), each an app core of
// its own on one independent API server, and a fourth login (mal, an operator) used only from a plain client,
// as `psql` would. Mal's inserts into the team journal (a later event for mary's card, an event far ahead in
// her desk's sequence, the approvals journal filled ahead) are refused: mary's card still reads as issued by
// her, her next card reaches the team journal, and approvals go on; a rejection reads with its approver's name.
// The syncer's own login cannot mark the whole team copy deleted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateCardRequest } from '../../../src-shared/api/requests';
import type { Approval } from '../../../src-shared/ipc/channels/approvals';
import type { TeamJournalEntry, TeamStatus } from '../../../src-shared/ipc/channels/team';
import type { AppCore } from '../../../src-main/core/app-core';
import { defaultSecretStore } from '../../../src-main/keychain/default-secret-store';
import { NO_POLICY, type Policy } from '../../../src-main/policy/policy';
import { teamPasswordAccount } from '../../../src-main/team/team-settings';
import { startIndependentApi, type IndependentApi } from '../../support/independent-api';
import { postgresMissing, startPostgres, type TestPostgres } from '../../support/postgres';
import { sqlFailure } from '../../support/team-logins';
import { callCore, testAppCore } from '../support/app-core';

const LOGINS = {
  sam: { password: 'sam-Pa55-insiders', roles: ['card_desk_operator', 'card_desk_syncer'] },
  ada: { password: 'ada-Pa55-insiders', roles: ['card_desk_operator', 'card_desk_approver'] },
  mary: { password: 'mary-Pa55-insiders', roles: ['card_desk_operator'] },
} as const;
type Login = keyof typeof LOGINS;
const ENV = 'bank';

let db: TestPostgres;
let server: IndependentApi;
let dir: string;
let mal: pg.Client;
const desks = {} as Record<Login, AppCore>;
const secrets = defaultSecretStore();

const card = (customer: number, limit: number): CreateCardRequest => ({
  customerId: server.customers[customer]!._id,
  type: 'virtual',
  currency: 'NGN',
  status: 'active',
  brand: 'Verve',
  debitAccountId: '7'.repeat(20) + 'acc0',
  spendingControls: { spendingLimits: [{ amount: limit, interval: 'monthly' }] },
});
const call = (login: Login, ...args: [string, unknown]) => callCore(desks[login], args[0] as never, args[1] as never);
const teamJournal = async (login: Login) => (await call(login, 'team.journal', { limit: 100 })) as TeamJournalEntry[];
const marysCards = async () =>
  (await teamJournal('ada')).filter((e) => e.kind === 'write' && e.operation === 'cards.create');

beforeAll(async () => {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  dir = mkdtempSync(join(tmpdir(), 'card-desk-insiders-'));
  [db, server] = await Promise.all([startPostgres(), startIndependentApi({ customers: 30 })]);
  for (const [name, login] of Object.entries(LOGINS)) await db.createLogin(name, login.password, [...login.roles]);
  await db.createLogin('mal', 'mal-Pa55-insiders', ['card_desk_operator']);
  const policy: Policy = {
    ...NO_POLICY,
    file: join(dir, 'policy.json'),
    environments: [
      {
        id: ENV,
        name: 'Bank live',
        baseUrl: server.url,
        proxy: { mode: 'none' },
        extraCaFile: null,
        teamUrl: db.url,
        approvals: { 'cards.create': { spendingLimitAbove: 500_000 } },
      },
    ],
  };
  for (const login of Object.keys(LOGINS) as Login[]) {
    const core = await testAppCore(join(dir, login), {
      policy,
      team: { sendEveryMs: 100, firstRetryMs: 100, maxRetryMs: 500 },
    });
    await callCore(core, 'keys.set', { environmentId: ENV, key: server.key });
    await callCore(core, 'environments.activate', { id: ENV });
    await callCore(core, 'team.connect', { url: db.url, user: login, password: LOGINS[login].password });
    desks[login] = core;
  }
  mal = await db.connectAs('mal', 'mal-Pa55-insiders');
});

afterAll(async () => {
  await mal?.end().catch(() => undefined);
  for (const core of Object.values(desks)) await core.dispose();
  for (const user of Object.keys(LOGINS))
    await secrets.delete(teamPasswordAccount(ENV, { url: db.url, user })).catch(() => false);
  await Promise.all([db?.remove(), server?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const malInserts = (deskId: string, journalId: string, seq: string, entryId: string, body: object) =>
  mal.query(
    `INSERT INTO card_desk.journal_events (desk_id, desk_name, journal_id, desk_seq, at, entry_id, kind, body)
     VALUES ($1, 'MARY-DESK', $2, $3, now() - interval '3 days', $4, 'settled', $5)`,
    [deskId, journalId, seq, entryId, JSON.stringify(body)],
  );

describe('one operator login with psql, against three desks', () => {
  it('registers each desk to its login at its first connection, before it writes anything', async () => {
    const owners = async () =>
      (await db.sql('SELECT desk_id::text, login FROM card_desk.desk_logins ORDER BY login')).rows;
    const deskOf = async (login: Login) => ((await call(login, 'team.status', undefined)) as TeamStatus).desk.id;
    await expect.poll(owners).toEqual([
      { desk_id: await deskOf('ada'), login: 'ada' },
      { desk_id: await deskOf('mary'), login: 'mary' },
      { desk_id: await deskOf('sam'), login: 'sam' },
    ]);
    expect((await db.sql('SELECT count(*)::int AS n FROM card_desk.journal_events')).rows[0]).toEqual({ n: 0 });
  });

  it("leaves mary's card issued by her, her next card reaching the team journal, and approvals working", async () => {
    await call('mary', 'cards.create', card(0, 100_000));
    await expect
      .poll(async () => (await marysCards()).map((e) => [e.operator, e.outcome]))
      .toEqual([['mary', 'succeeded']]);
    const { rows } = await db.sql(
      `SELECT desk_id::text, journal_id, entry_id, max(desk_seq)::text AS top FROM card_desk.journal_events
        WHERE operator = 'mary' GROUP BY 1, 2, 3`,
    );
    const { desk_id: deskId, journal_id: journalId, entry_id: entryId, top } = rows[0];
    expect(deskId).toBe(((await call('mary', 'team.status', undefined)) as TeamStatus).desk.id);

    // A later event for her card, saying it failed; an event far ahead in her sequence; her next numbers.
    const later = await sqlFailure(
      malInserts(deskId, journalId, String(Number(top) + 1), entryId, {
        operation: 'cards.create',
        outcome: 'failed',
        error: 'declined',
      }),
    );
    expect(later.message).toContain(`The desk ${deskId} belongs to mary: mal may not write for it`);
    expect((await sqlFailure(malInserts(deskId, journalId, '9000000000000000', 'x', {}))).code).toBe('42501');
    for (let seq = Number(top) + 1; seq <= Number(top) + 5; seq++)
      expect((await sqlFailure(malInserts(deskId, journalId, String(seq), `fake-${seq}`, {}))).code).toBe('42501');
    // The approvals journal filled ahead, under a desk of his own.
    const malDesk = '5f0c0e1c-4d7e-4a5b-9f55-0a0a0a0a0a0a';
    for (let seq = 1; seq <= 20; seq++)
      expect((await sqlFailure(malInserts(malDesk, 'approvals', String(seq), `approval-${seq}`, {}))).message).toMatch(
        /The approvals journal is written by the team database alone/,
      );

    // Mary's next card reaches the team journal; both read as issued by her.
    await call('mary', 'cards.create', card(1, 100_000));
    await expect
      .poll(async () => (await marysCards()).map((e) => [e.operator, e.outcome]))
      .toEqual([
        ['mary', 'succeeded'],
        ['mary', 'succeeded'],
      ]);
    expect(((await call('mary', 'team.status', undefined)) as TeamStatus).journal).toMatchObject({ alarm: null });

    // Approvals go on: one approved and sent by ada's desk, one rejected with her reason.
    const sent = (await call('mary', 'approvals.request', {
      operation: 'cards.create',
      input: card(2, 600_000),
    })) as Approval;
    expect(await call('ada', 'approvals.approve', { id: sent.id })).toMatchObject({ state: 'sent', checker: 'ada' });
    const refused = (await call('mary', 'approvals.request', {
      operation: 'cards.create',
      input: card(3, 700_000),
    })) as Approval;
    await call('ada', 'approvals.reject', { id: refused.id, reason: 'not this one' });
    const rejected = (await teamJournal('sam')).find((e) => e.entryId === `approval-${refused.id}`)!;
    expect(rejected).toMatchObject({
      kind: 'approval',
      outcome: 'rejected',
      story: 'Approval requested by mary · rejected by ada: not this one',
    });
    expect(rejected.steps.map((s) => s.operator)).toEqual(['mary', 'ada']);
  });

  it('says so when the team journal holds another event under one of its numbers, never dropping it silently', async () => {
    // Only a login an administrator let write for mary's desk could still do this: an event under her next number.
    const { rows } = await db.sql(
      `SELECT desk_id::text, journal_id, max(desk_seq)::int AS top FROM card_desk.journal_events
        WHERE operator = 'mary' AND journal_id <> 'approvals' GROUP BY 1, 2`,
    );
    const { desk_id: deskId, journal_id: journalId, top } = rows[0];
    await db.sql(`SELECT card_desk.allow_desk_login($1, 'mal', 'covering the counter this morning')`, [deskId]);
    await malInserts(deskId, journalId, String(top + 1), 'not-hers', { outcome: 'failed' });
    await db.sql(`SELECT card_desk.remove_desk_login($1, 'mal', 'back to his own desk')`, [deskId]);
    await call('mary', 'cards.create', card(4, 100_000));
    await expect
      .poll(async () => ((await call('mary', 'team.status', undefined)) as TeamStatus).journal.alarm)
      .toMatch(new RegExp(`^The team journal holds different events under 1 of this desk's numbers \\(${top + 1}\\)`));
    // It stays said once every later event has gone: the desk's own event under that number is not there.
    await expect
      .poll(async () => ((await call('mary', 'team.status', undefined)) as TeamStatus).journal.waiting)
      .toBe(0);
    expect(((await call('mary', 'team.status', undefined)) as TeamStatus).journal.alarm).toContain(`(${top + 1})`);
  });

  it('lets the syncer’s own login mark no more than a tenth of the team copy deleted', async () => {
    await expect
      .poll(async () => Number((await db.sql('SELECT count(*) AS n FROM card_desk.customers')).rows[0].n), {
        timeout: 30_000,
      })
      .toBe(server.customers.length);
    // Sam's desk holds the lease: his login, from psql, is the one the lease lets write.
    await expect
      .poll(async () => ((await call('sam', 'team.status', undefined)) as TeamStatus).customers?.thisDeskSyncs)
      .toBe(true);
    const sam = await db.connectAs('sam', LOGINS.sam.password);
    try {
      const all = await sqlFailure(sam.query('UPDATE card_desk.customers SET deleted = true'));
      expect(all.message).toContain(`refused to mark ${server.customers.length} of its ${server.customers.length}`);
      const swapped = await sqlFailure(
        sam.query(`UPDATE card_desk.customers SET record = jsonb_set(record, '{_id}', '"someone-else"')`),
      );
      expect(swapped.message).toMatch(/its record's _id is someone-else/);
    } finally {
      await sam.end();
    }
    const { rows } = await db.sql('SELECT count(*)::int AS n FROM card_desk.customers WHERE deleted');
    expect(rows[0]).toEqual({ n: 0 });
  });
});
