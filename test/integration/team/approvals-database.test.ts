// Four eyes, kept by the database: on a real PostgreSQL set up by `npm run team:setup`, approval requests are
// changed only through functions that check the login that connected (session_user). Tried as the wrong
// logins: the maker approving their own request, an operator who is no approver, an approval of a body
// edited after it was asked for, of an expired request, a withdrawal by someone else, a direct update.
import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPostgres } from '../../support/postgres';
import { sqlFailure, teamDatabaseWith, type TeamLogins } from '../../support/team-logins';

let team: TeamLogins<'mary' | 'olu' | 'ada' | 'ben'>;
let db: TestPostgres;
let maker: pg.Client;
let operator: pg.Client;
let approver: pg.Client;
let second: pg.Client;
// Each login asks from a desk of its own (the database refuses a request under another login's desk).
const desks = new Map<pg.Client, string>();
const deskOf = (client: pg.Client) => desks.get(client) ?? desks.set(client, randomUUID()).get(client)!;

beforeAll(async () => {
  team = await teamDatabaseWith({
    mary: ['card_desk_operator'],
    olu: ['card_desk_operator'],
    ada: ['card_desk_operator', 'card_desk_approver'],
    ben: ['card_desk_operator', 'card_desk_approver'],
  });
  ({ db } = team);
  ({ mary: maker, olu: operator, ada: approver, ben: second } = team.as);
});

afterAll(async () => {
  await team?.close();
});

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Asks for approval as `client`; the request's id. */
async function ask(client: pg.Client, fingerprint: string, body = `{"customerId":"${fingerprint}"}`) {
  const { rows } = await client.query<{ id: string; maker: string; state: string }>(
    `SELECT (r).id, (r).maker, (r).state FROM (SELECT card_desk.request_approval('cards.create', $1, $2, $3,
       '{"customer":"Ada Obi"}', ARRAY['spending limit above 500000'], 'bank-live', 'https://api.bank.example',
       $4, 'DESK-1', 'new branch manager', 24) AS r) s`,
    [body, sha(body), fingerprint, deskOf(client)],
  );
  return rows[0]!;
}

const approve = (client: pg.Client, id: string) =>
  client.query(`SELECT (card_desk.approve_request($1, 'ok', 'DESK-9')).state`, [id]);
const stateOf = async (id: string) =>
  (await db.sql('SELECT state, checker FROM card_desk.approval_requests WHERE id = $1', [id])).rows[0];

describe('approval requests in the team database', () => {
  it('stamps the maker as the login that connected and refuses a hash that is not the body’s', async () => {
    const asked = await ask(maker, 'fp-1');
    expect(asked).toMatchObject({ maker: 'mary', state: 'waiting' });
    const wrong = await sqlFailure(
      maker.query(
        `SELECT card_desk.request_approval('cards.create', '{"a":1}', $1, 'fp-x', '{}', ARRAY[]::text[], 'e', 'a',
           $2, 'DESK-1', null, 24)`,
        [sha('{"a":2}'), deskOf(maker)],
      ),
    );
    expect(wrong.message).toMatch(/body_sha256 does not match the body/);
  });

  it('refuses a second request for the same write while one is open, naming who asked', async () => {
    const { message } = await sqlFailure(ask(operator, 'fp-1'));
    expect(message).toMatch(/already waiting for approval \(request \d+, asked by mary on DESK-1/);
  });

  it('refuses the maker’s own approval and an approval by an operator who is no approver', async () => {
    const { id } = await ask(maker, 'fp-2');
    const own = await sqlFailure(approve(maker, id));
    expect(own).toMatchObject({ code: '42501' });
    expect(own.message).toMatch(/mary is not an approver/);
    // Even a maker who is an approver cannot decide their own request.
    const { id: approversOwn } = await ask(approver, 'fp-2b');
    expect((await sqlFailure(approve(approver, approversOwn))).message).toMatch(/ada asked for request \d+ and cannot/);
    const plain = await sqlFailure(approve(operator, id));
    expect(plain).toMatchObject({ code: '42501' });
    expect(plain.message).toMatch(/olu is not an approver/);
    expect(await stateOf(id)).toEqual({ state: 'waiting', checker: null });
    await approve(approver, id);
    expect(await stateOf(id)).toEqual({ state: 'approved', checker: 'ada' });
    // Decided once: a second approver finds it no longer waiting.
    expect((await sqlFailure(approve(second, id))).message).toMatch(/is approved by ada, no longer waiting/);
  });

  it('refuses to approve a request whose stored body was edited after it was asked for', async () => {
    const { id } = await ask(maker, 'fp-3');
    await db.sql(`UPDATE card_desk.approval_requests SET body = replace(body, 'fp-3', 'fp-4') WHERE id = $1`, [id]);
    expect((await sqlFailure(approve(approver, id))).message).toMatch(/changed after it was asked for/);
    expect(await stateOf(id)).toEqual({ state: 'waiting', checker: null });
  });

  it('refuses to approve an expired request, and marks it expired', async () => {
    const { id } = await ask(maker, 'fp-5');
    await db.sql(`UPDATE card_desk.approval_requests SET expires_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    expect((await sqlFailure(approve(approver, id))).message).toMatch(/expired at .*ask for it again/);
    await maker.query('SELECT card_desk.expire_requests()');
    expect(await stateOf(id)).toEqual({ state: 'expired', checker: null });
    // The same write may be asked for again once the old request expired.
    expect(await ask(maker, 'fp-5')).toMatchObject({ state: 'waiting' });
  });

  it('lets only the maker withdraw, and no desk change a request directly', async () => {
    const { id } = await ask(maker, 'fp-6');
    const other = await sqlFailure(operator.query(`SELECT card_desk.withdraw_request($1, 'DESK-2')`, [id]));
    expect(other.message).toMatch(/Only mary, who asked for request \d+, can withdraw it/);
    for (const client of [maker, approver]) {
      const direct = await sqlFailure(
        client.query(`UPDATE card_desk.approval_requests SET state = 'approved', checker = 'ada' WHERE id = $1`, [id]),
      );
      expect(direct.code).toBe('42501');
    }
    await maker.query(`SELECT card_desk.withdraw_request($1, 'DESK-1')`, [id]);
    expect(await stateOf(id)).toEqual({ state: 'withdrawn', checker: null });
  });

  it('is claimed for sending once, by its checker, while its body still matches', async () => {
    const { id } = await ask(maker, 'fp-7');
    await approve(approver, id);
    const claim = (client: pg.Client) =>
      client.query(`SELECT (card_desk.claim_for_sending($1, $2, 'DESK-9')).state`, [id, randomUUID()]);
    expect((await sqlFailure(claim(second))).message).toMatch(/is sent by ada, who approved it/);
    const attempts = await Promise.allSettled([claim(approver), claim(approver)]);
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    await approver.query(`SELECT card_desk.record_outcome($1, 'sent', 'card-1', null, 'entry-1')`, [id]);
    expect(
      (await sqlFailure(maker.query(`SELECT card_desk.record_outcome($1, 'failed', null, 'x', null)`, [id]))).code,
    ).toBe('42501');

    const { id: edited } = await ask(maker, 'fp-8');
    await approve(approver, edited);
    await db.sql(`UPDATE card_desk.approval_requests SET body = '{"customerId":"other"}' WHERE id = $1`, [edited]);
    expect((await sqlFailure(claim(approver))).message).toMatch(
      /is not approved and waiting to be sent \(it is sent\)/,
    );
    const sendEdited = await sqlFailure(
      approver.query(`SELECT card_desk.claim_for_sending($1, $2, 'DESK-9')`, [edited, randomUUID()]),
    );
    expect(sendEdited.message).toMatch(/changed after it was approved: it is not sent/);
  });

  it('writes every step to the team journal with who did it', async () => {
    const { rows } = await db.sql(
      `SELECT kind, operator, body->>'maker' AS maker, body->>'checker' AS checker
         FROM card_desk.journal_events WHERE entry_id = (
           SELECT 'approval-' || id FROM card_desk.approval_requests WHERE fingerprint = 'fp-7')
        ORDER BY team_seq`,
    );
    expect(rows).toEqual([
      { kind: 'approval_requested', operator: 'mary', maker: 'mary', checker: null },
      { kind: 'approval_approved', operator: 'ada', maker: 'mary', checker: 'ada' },
      { kind: 'approval_sending', operator: 'ada', maker: 'mary', checker: 'ada' },
      { kind: 'approval_sent', operator: 'ada', maker: 'mary', checker: 'ada' },
    ]);
  });
});
