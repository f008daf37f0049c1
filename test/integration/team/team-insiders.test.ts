// The team database against the people inside: on a real PostgreSQL set up by `npm run team:setup`, each
// attack is made as the login an attacker would have, with a plain client as `psql` would (mal, an operator;
// sam, the syncer; a login with no Card Desk role), and the desks' own logins go on working beside it.
import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTeamJournal } from '../../../src-main/team/team-journal';
import type { TestPostgres } from '../../support/postgres';
import { sqlFailure, teamDatabaseWith, type TeamLogins } from '../../support/team-logins';

let team: TeamLogins<'alice' | 'bob' | 'sam' | 'mal' | 'ida'>;
let db: TestPostgres;
let alice: pg.Client;
let bob: pg.Client;
let sam: pg.Client;
let mal: pg.Client;
let ida: pg.Client;
const aliceDesk = randomUUID();
const bobDesk = randomUUID();
const malDesk = randomUUID();
const aliceJournal = randomUUID();

beforeAll(async () => {
  team = await teamDatabaseWith({
    alice: ['card_desk_operator'],
    bob: ['card_desk_operator', 'card_desk_approver'],
    sam: ['card_desk_operator', 'card_desk_syncer'],
    mal: ['card_desk_operator'],
    ida: ['card_desk_admin'],
  });
  ({ db } = team);
  ({ alice, bob, sam, mal, ida } = team.as);
});

afterAll(async () => {
  await team?.close();
});

const event = (client: pg.Client, desk: string, journal: string, seq: number | string, entry: string, body: object) =>
  client.query(
    `INSERT INTO card_desk.journal_events (desk_id, desk_name, journal_id, desk_seq, at, entry_id, kind, body)
     VALUES ($1, 'DESK', $2, $3, now(), $4, 'settled', $5)`,
    [desk, journal, seq, entry, JSON.stringify(body)],
  );

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function ask(client: pg.Client, desk: string, fingerprint: string, summary: object = { customer: 'Ada Obi' }) {
  const body = `{"customerId":"${fingerprint}","spendingLimit":900000000}`;
  const { rows } = await client.query<{ id: string }>(
    `SELECT (r).id FROM (SELECT card_desk.request_approval('cards.create', $1, $2, $3, $4, ARRAY['limit'],
       'bank-live', 'https://api.bank.example', $5, 'DESK-A', 'note', 24) AS r) s`,
    [body, sha(body), fingerprint, JSON.stringify(summary), desk],
  );
  return rows[0]!.id;
}

describe("another desk's journal", () => {
  it('is written only by its own login: a later event for its entry, or one far ahead, is refused', async () => {
    await event(alice, aliceDesk, aliceJournal, 1, 'card-1', { operation: 'cards.create', outcome: 'pending' });
    await event(alice, aliceDesk, aliceJournal, 2, 'card-1', { operation: 'cards.create', outcome: 'succeeded' });
    const later = await sqlFailure(event(mal, aliceDesk, aliceJournal, 3, 'card-1', { outcome: 'failed' }));
    expect(later).toMatchObject({ code: '42501' });
    expect(later.message).toContain(`The desk ${aliceDesk} belongs to alice: mal may not write for it`);
    const ahead = await sqlFailure(event(mal, aliceDesk, aliceJournal, '9000000000000000', 'x', {}));
    expect(ahead.code).toBe('42501');
    // Under SET ROLE too: the database asks who connected.
    await mal.query('SET ROLE card_desk_operator');
    expect((await sqlFailure(event(mal, aliceDesk, aliceJournal, 3, 'card-1', {}))).code).toBe('42501');
    await mal.query('RESET ROLE');
    // Alice's next event goes in, and her card reads as hers, issued.
    await event(alice, aliceDesk, aliceJournal, 3, 'card-2', { operation: 'cards.create', outcome: 'pending' });
    const { entries } = await listTeamJournal(alice as unknown as PoolClient, { page: 0, limit: 50 });
    expect(entries.find((e) => e.entryId === 'card-1')).toMatchObject({ operator: 'alice', outcome: 'succeeded' });
    const { rows } = await db.sql('SELECT max(desk_seq)::int AS top FROM card_desk.journal_events WHERE desk_id = $1', [
      aliceDesk,
    ]);
    expect(rows[0]).toEqual({ top: 3 });
  });

  it("refuses a claim, a request and a send under another login's desk", async () => {
    const claim = sqlFailure(
      mal.query(
        `INSERT INTO card_desk.write_claims (fingerprint, operation, entry_id, desk_id, desk_name)
         VALUES ('fp-alice', 'cards.create', 'e1', $1, 'DESK-A')`,
        [aliceDesk],
      ),
    );
    expect(await claim).toMatchObject({ code: '42501' });
    expect((await sqlFailure(ask(mal, aliceDesk, 'fp-mal-on-alice'))).code).toBe('42501');
  });

  it('is opened to a second login only by an administrator, who says why; the team journal keeps it', async () => {
    expect((await sqlFailure(mal.query(`SELECT card_desk.allow_desk_login($1, 'mal', 'me')`, [aliceDesk]))).code).toBe(
      '42501',
    );
    expect(
      (await sqlFailure(ida.query(`SELECT card_desk.allow_desk_login($1, 'bob', '')`, [aliceDesk]))).message,
    ).toMatch(/reason is required/);
    await ida.query(`SELECT card_desk.allow_desk_login($1, 'bob', 'alice on leave: bob works at her desk')`, [
      aliceDesk,
    ]);
    await event(bob, aliceDesk, aliceJournal, 4, 'card-3', { operation: 'cards.create', outcome: 'pending' });
    const { rows } = await db.sql(
      `SELECT operator, kind, body->>'login' AS login, body->>'reason' AS reason FROM card_desk.journal_events
        WHERE journal_id = 'team-admin' AND desk_id = $1`,
      [aliceDesk],
    );
    expect(rows).toEqual([
      { operator: 'ida', kind: 'desk_login_allowed', login: 'bob', reason: 'alice on leave: bob works at her desk' },
    ]);
  });
});

describe('the journals the functions write', () => {
  it('cannot be written by a login, even under its own desk, so approvals and rules go on', async () => {
    for (const journal of ['approvals', 'approval-rules', 'team-admin']) {
      for (let seq = 1; seq <= 3; seq++) {
        const refused = await sqlFailure(event(mal, malDesk, journal, seq, `approval-${seq}`, { outcome: 'failed' }));
        expect(refused.message).toContain(`The ${journal} journal is written by the team database alone`);
      }
    }
    const id = await ask(alice, aliceDesk, 'fp-ok');
    await bob.query(`SELECT card_desk.approve_request($1, 'ok', 'DESK-B')`, [id]);
    const other = await ask(alice, aliceDesk, 'fp-no');
    await bob.query(`SELECT card_desk.reject_request($1, 'not this one', 'DESK-B')`, [other]);
    const { rows } = await db.sql(
      `SELECT state, checker FROM card_desk.approval_requests WHERE id = ANY($1::bigint[]) ORDER BY id`,
      [[id, other]],
    );
    expect(rows).toEqual([
      { state: 'approved', checker: 'bob' },
      { state: 'rejected', checker: 'bob' },
    ]);
    // The team journal tells the rejection as what it is, naming the maker and the approver who rejected it.
    const { entries } = await listTeamJournal(alice as unknown as PoolClient, { page: 0, limit: 50 });
    const rejected = entries.find((e) => e.entryId === `approval-${other}`)!;
    expect(rejected).toMatchObject({
      kind: 'approval',
      outcome: 'rejected',
      story: 'Approval requested by alice · rejected by bob: not this one',
    });
    expect(rejected.steps.map((s) => s.operator)).toEqual(['alice', 'bob']);
    expect(Date.parse(rejected.receivedAt)).not.toBeNaN();
    await ida.query(
      `SELECT card_desk.set_approval_rules('https://api.bank.example', '{"accounts.create":"always"}', $1, 'DESK-I')`,
      [randomUUID()],
    );
  });

  it('never lets a failure to mark expired requests block a new request', async () => {
    const old = await ask(alice, aliceDesk, 'fp-old');
    await db.sql(`UPDATE card_desk.approval_requests SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
      old,
    ]);
    // Only an owner could still take the approvals journal's next number; expiring then fails, asking does not.
    await db.sql(
      `INSERT INTO card_desk.journal_events (desk_id, desk_name, journal_id, desk_seq, at, entry_id, kind, body)
       SELECT $1, 'DBA', 'approvals', last_value + 1, now(), 'in-the-way', 'x', '{}' FROM card_desk.approval_event_seq`,
      [malDesk],
    );
    const id = await ask(alice, aliceDesk, 'fp-after');
    const { rows } = await db.sql('SELECT state FROM card_desk.approval_requests WHERE id = $1', [id]);
    expect(rows).toEqual([{ state: 'waiting' }]);
  });

  it("cannot have their numbers taken by a login's sequence", async () => {
    expect((await sqlFailure(mal.query(`SELECT nextval('card_desk.approval_event_seq')`))).code).toBe('42501');
    expect((await sqlFailure(mal.query(`SELECT setval('card_desk.approval_event_seq', 9000)`))).code).toBe('42501');
  });
});

describe("the maker's words", () => {
  it('are bounded in size: a review of 4 MB is refused', async () => {
    const huge = { customer: 'x'.repeat(30_000) };
    const refused = await sqlFailure(ask(alice, aliceDesk, 'fp-huge', huge));
    expect(refused.message).toMatch(/approval_summary_bounded/);
  });
});

describe("the syncer's reach", () => {
  const upsert = (id: string, record: object) =>
    sam.query(
      `INSERT INTO card_desk.customers (id, record) VALUES ($1, $2)
       ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record`,
      [id, JSON.stringify(record)],
    );

  it('cannot mark the whole copy deleted, nor store a record under another id', async () => {
    await sam.query(`SELECT card_desk.take_sync_lease($1, 'DESK-S', 60)`, [randomUUID()]);
    for (let i = 0; i < 40; i++) await upsert(`cus_${i}`, { _id: `cus_${i}`, name: `Customer ${i}` });
    const all = await sqlFailure(sam.query('UPDATE card_desk.customers SET deleted = true'));
    expect(all).toMatchObject({ code: '42501' });
    expect(all.message).toContain('refused to mark 40 of its 40 customers deleted at once: at most 10 may be');
    await sam.query(`UPDATE card_desk.customers SET deleted = true WHERE id IN ('cus_1', 'cus_2')`);
    const swapped = await sqlFailure(upsert('cus_3', { _id: 'cus_4', name: 'Someone else' }));
    expect(swapped.message).toContain("The customer cus_3 was refused: its record's _id is cus_4");
    const { rows } = await db.sql(`SELECT count(*)::int AS n FROM card_desk.customers WHERE deleted`);
    expect(rows[0]).toEqual({ n: 2 });
  });
});

describe('least privilege', () => {
  it('lets no login without a Card Desk role connect', async () => {
    await db.createLogin('eve', 'eve-secret', []);
    const refused = await sqlFailure(db.connectAs('eve', 'eve-secret'));
    expect(refused).toMatchObject({ code: '42501' });
    expect(refused.message).toMatch(/permission denied for database "?carddesk"?/);
  });

  it('has no Card Desk function executable by PUBLIC', async () => {
    const { rows } = await db.sql(
      `SELECT p.oid::regprocedure::text AS fn FROM pg_proc p
        WHERE p.pronamespace = 'card_desk'::regnamespace AND has_function_privilege('public', p.oid, 'EXECUTE')`,
    );
    expect(rows).toEqual([]);
    const { rows: all } = await db.sql(
      `SELECT count(*)::int AS n FROM pg_proc WHERE pronamespace = 'card_desk'::regnamespace`,
    );
    expect(all[0].n).toBeGreaterThan(20);
  });

  it('lets an approver, not an operator, release the claim of a desk that is gone, journaling who and why', async () => {
    await alice.query(
      `INSERT INTO card_desk.write_claims (fingerprint, operation, entry_id, desk_id, desk_name)
       VALUES ('fp-gone', 'cards.create', 'e-gone', $1, 'DESK-A')`,
      [aliceDesk],
    );
    const { rows: claims } = await db.sql(`SELECT claim_id FROM card_desk.write_claims WHERE fingerprint = 'fp-gone'`);
    const claimId = claims[0].claim_id as string;
    const release = (client: pg.Client, desk: string) =>
      client.query(`SELECT (card_desk.release_claim($1, 'the desk burned down', $2, 'DESK-B')).state`, [claimId, desk]);
    expect((await sqlFailure(release(mal, malDesk))).message).toContain('mal is not an approver');
    expect((await release(bob, bobDesk)).rows[0]).toEqual({ state: 'resend_allowed' });
    const { rows } = await db.sql(
      `SELECT operator, kind, body->>'reason' AS reason, body->>'held_by' AS held_by
         FROM card_desk.journal_events WHERE journal_id = 'team-admin' AND entry_id = $1`,
      [`claim ${claimId}`],
    );
    expect(rows).toEqual([
      { operator: 'bob', kind: 'claim_released', reason: 'the desk burned down', held_by: 'alice' },
    ]);
  });
});
