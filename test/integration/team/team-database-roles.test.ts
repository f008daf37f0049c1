// The team database as `npm run team:setup` leaves it, on a real PostgreSQL: what each role may do is
// decided by the database (grants, row-level security, triggers), so a desk, which runs on the user's
// machine, cannot do more than its login may. Tried with real logins: two operators and a syncer.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MIGRATIONS, TEAM_SCHEMA_VERSION } from '../../../src-main/team/schema/migrations';
import { runTeamSetupCli, type TestPostgres } from '../../support/postgres';
import { sqlFailure, teamDatabaseWith, type TeamLogins } from '../../support/team-logins';

let team: TeamLogins<'alice' | 'bob' | 'sam'>;
let db: TestPostgres;
let alice: pg.Client;
let bob: pg.Client;
let syncer: pg.Client;
const desk = randomUUID();
// Each login writes for a desk of its own: the database refuses an event under another login's desk.
const bobDesk = randomUUID();

beforeAll(async () => {
  team = await teamDatabaseWith({
    alice: ['card_desk_operator'],
    bob: ['card_desk_operator'],
    sam: ['card_desk_operator', 'card_desk_syncer'],
  });
  ({ db } = team);
  ({ alice, bob, sam: syncer } = team.as);
});

afterAll(async () => {
  await team?.close();
});

const appendAs = (client: pg.Client, seq: number, extra = '', deskId = client === bob ? bobDesk : desk) =>
  client.query(
    `INSERT INTO card_desk.journal_events (desk_id, desk_name, journal_id, desk_seq, at, entry_id, kind, body${extra ? ', operator' : ''})
     VALUES ($1, 'DESK-1', 'j1', $2, now(), 'entry-1', 'begun', '{"operation":"cards.create"}'${extra ? `, '${extra}'` : ''})`,
    [deskId, seq],
  );

describe('team:setup', () => {
  it('is run again on an up-to-date database without changing anything', async () => {
    const output = await runTeamSetupCli(`postgres://postgres@127.0.0.1:${db.port}/carddesk`);
    expect(output).toContain(`is up to date: Card Desk's team schema is at version ${TEAM_SCHEMA_VERSION}`);
    const { rows } = await db.sql('SELECT version, applied_by FROM card_desk.schema_migrations ORDER BY version');
    expect(rows).toEqual(TEAM_MIGRATIONS.map((m) => ({ version: m.version, applied_by: 'postgres' })));
  });

  it('refuses a password in the address, naming the field', async () => {
    await expect(runTeamSetupCli(`postgres://postgres:secret@127.0.0.1:${db.port}/carddesk`)).rejects.toThrow(
      /--url: must not hold a password/,
    );
  });
});

describe('the team journal', () => {
  it('records the login that connected as the operator, whatever the desk sends', async () => {
    await appendAs(alice, 1);
    // A desk cannot name the operator itself: the column is not its to write.
    expect((await sqlFailure(appendAs(bob, 2, 'alice'))).code).toBe('42501');
    await bob.query('SET ROLE card_desk_operator');
    await appendAs(bob, 2);
    await bob.query('RESET ROLE');
    const { rows } = await db.sql(
      'SELECT desk_seq, operator FROM card_desk.journal_events WHERE desk_id = ANY($1::uuid[]) ORDER BY desk_seq',
      [[desk, bobDesk]],
    );
    expect(rows).toEqual([
      { desk_seq: '1', operator: 'alice' },
      { desk_seq: '2', operator: 'bob' },
    ]);
  });

  it('keeps an event once: the same desk, journal and sequence again is not stored twice', async () => {
    const again = await alice.query(
      `INSERT INTO card_desk.journal_events (desk_id, desk_name, journal_id, desk_seq, at, entry_id, kind, body)
       VALUES ($1, 'DESK-1', 'j1', 1, now(), 'entry-1', 'begun', '{}') ON CONFLICT DO NOTHING`,
      [desk],
    );
    expect(again.rowCount).toBe(0);
    expect((await sqlFailure(appendAs(alice, 1))).code).toBe('23505');
  });

  it('cannot be updated, deleted or truncated by an operator', async () => {
    const tries = {
      update: alice.query(`UPDATE card_desk.journal_events SET kind = 'settled' WHERE desk_id = $1`, [desk]),
      updateOwn: alice.query(`UPDATE card_desk.journal_events SET body = '{}' WHERE operator = 'alice'`),
      delete: alice.query('DELETE FROM card_desk.journal_events WHERE desk_id = $1', [desk]),
      truncate: alice.query('TRUNCATE card_desk.journal_events'),
    };
    for (const [what, attempt] of Object.entries(tries)) {
      const { code, message } = await sqlFailure(attempt);
      expect({ what, code }).toEqual({ what, code: '42501' });
      expect(message).toMatch(/permission denied for table journal_events/);
    }
    const { rows } = await db.sql(
      'SELECT count(*)::int AS n FROM card_desk.journal_events WHERE desk_id = ANY($1::uuid[])',
      [[desk, bobDesk]],
    );
    expect(rows[0].n).toBe(2);
  });

  it('cannot be changed even by its owner: the table refuses every update, delete and truncate', async () => {
    for (const statement of [
      'UPDATE card_desk.journal_events SET kind = $$x$$',
      'DELETE FROM card_desk.journal_events',
      'TRUNCATE card_desk.journal_events',
    ])
      await expect(db.sql(statement)).rejects.toThrow(/journal_events is append-only/);
  });

  it('is read by every operator, so the team has one journal', async () => {
    const { rows } = await bob.query<{ operator: string }>(
      'SELECT DISTINCT operator FROM card_desk.journal_events ORDER BY operator',
    );
    expect(rows.map((r) => r.operator)).toEqual(['alice', 'bob']);
  });
});

describe('customers and the sync lease', () => {
  const addCustomer = (client: pg.Client, id: string) =>
    client.query(
      `INSERT INTO card_desk.customers (id, record) VALUES ($1, jsonb_build_object('_id', $1::text, 'name', 'Ada'))`,
      [id],
    );

  it('lets no operator write customers, and a syncer only while it holds the lease', async () => {
    expect((await sqlFailure(addCustomer(alice, 'cus_1'))).code).toBe('42501');
    expect((await sqlFailure(addCustomer(syncer, 'cus_1'))).message).toMatch(/row-level security/);
    expect((await sqlFailure(alice.query(`SELECT card_desk.take_sync_lease($1, 'DESK-1', 60)`, [desk]))).code).toBe(
      '42501',
    );
    const took = await syncer.query<{ took: boolean }>(`SELECT card_desk.take_sync_lease($1, 'DESK-S', 60) AS took`, [
      desk,
    ]);
    expect(took.rows[0]!.took).toBe(true);
    await addCustomer(syncer, 'cus_1');
    await addCustomer(syncer, 'cus_2');
    await syncer.query(`UPDATE card_desk.customers SET record = '{"_id":"cus_1","name":"Ada L"}' WHERE id = 'cus_1'`);
    const { rows } = await alice.query<{ id: string; change_seq: string; changed_by: string }>(
      'SELECT id, change_seq, changed_by FROM card_desk.customers ORDER BY change_seq',
    );
    expect(rows.map((r) => [r.id, r.changed_by])).toEqual([
      ['cus_2', 'sam'],
      ['cus_1', 'sam'],
    ]);
    expect(Number(rows[1]!.change_seq)).toBeGreaterThan(Number(rows[0]!.change_seq));
  });

  it('is held by one desk at a time, and names the login that holds it', async () => {
    const other = await syncer.query<{ took: boolean }>(`SELECT card_desk.take_sync_lease($1, 'DESK-T', 60) AS took`, [
      randomUUID(),
    ]);
    expect(other.rows[0]!.took).toBe(false);
    const { rows } = await bob.query('SELECT holder, holder_desk_name FROM card_desk.sync_state');
    expect(rows).toEqual([{ holder: 'sam', holder_desk_name: 'DESK-S' }]);
  });
});

describe('write claims', () => {
  const claim = (client: pg.Client, fingerprint: string) =>
    client.query(
      `INSERT INTO card_desk.write_claims (fingerprint, operation, entry_id, desk_id, desk_name)
       VALUES ($1, 'cards.create', 'e1', $2, 'DESK-1')`,
      [fingerprint, client === bob ? bobDesk : desk],
    );
  const claimsOf = (fingerprint: string) =>
    db.sql('SELECT operator, state, settled_by FROM card_desk.write_claims WHERE fingerprint = $1 ORDER BY claim_id', [
      fingerprint,
    ]);

  it('lets one desk claim a write; another sees who claimed it and can neither claim nor settle it', async () => {
    await claim(alice, 'fp-1');
    expect((await sqlFailure(claim(bob, 'fp-1'))).code).toBe('23505');
    const { rows } = await bob.query(
      `SELECT operator, state FROM card_desk.write_claims WHERE fingerprint = 'fp-1' AND state = 'in_flight'`,
    );
    expect(rows).toEqual([{ operator: 'alice', state: 'in_flight' }]);
    const settled = await bob.query(`UPDATE card_desk.write_claims SET state = 'succeeded' WHERE fingerprint = 'fp-1'`);
    expect(settled.rowCount).toBe(0);
  });

  it('keeps an unknown outcome claimed until any operator reconciles it, naming who did; then it may be claimed anew', async () => {
    await alice.query(`UPDATE card_desk.write_claims SET state = 'outcome_unknown' WHERE fingerprint = 'fp-1'`);
    expect((await sqlFailure(claim(bob, 'fp-1'))).code).toBe('23505');
    const done = await bob.query(
      `UPDATE card_desk.write_claims SET state = 'reconciled', result_id = 'card_9' WHERE fingerprint = 'fp-1'`,
    );
    expect(done.rowCount).toBe(1);
    expect((await claimsOf('fp-1')).rows).toEqual([{ operator: 'alice', state: 'reconciled', settled_by: 'bob' }]);
    await claim(bob, 'fp-1');
    expect((await claimsOf('fp-1')).rows.map((r) => [r.operator, r.state])).toEqual([
      ['alice', 'reconciled'],
      ['bob', 'in_flight'],
    ]);
  });

  it('moves a claim only forward, and keeps every claim', async () => {
    // Settled claims are no operator's to change: nothing matches.
    expect((await alice.query(`UPDATE card_desk.write_claims SET state = 'in_flight'`)).rowCount).toBe(0);
    await bob.query(
      `UPDATE card_desk.write_claims SET state = 'succeeded' WHERE fingerprint = 'fp-1' AND state = 'in_flight'`,
    );
    const reopen = await sqlFailure(
      db.sql(`UPDATE card_desk.write_claims SET state = 'in_flight' WHERE operator = 'bob'`),
    );
    expect(reopen.message).toMatch(/a claim that is succeeded cannot become in_flight/);
    expect((await sqlFailure(alice.query('DELETE FROM card_desk.write_claims'))).code).toBe('42501');
    expect((await claimsOf('fp-1')).rows).toHaveLength(2);
  });
});
