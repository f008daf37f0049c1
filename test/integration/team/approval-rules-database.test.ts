// Approval rules, kept by the database: on a real PostgreSQL set up by team:setup, only a member of
// card_desk_admin (the login that connected, session_user) sets or clears an address's rules, through
// set_approval_rules, which refuses shapes it does not know, journals who changed what and notifies desks.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlFailure, teamDatabaseWith, type TeamLogins } from '../../support/team-logins';

let team: TeamLogins<'mary' | 'ada' | 'ike'>;
let operator: pg.Client;
let approver: pg.Client;
let admin: pg.Client;
const desk = randomUUID();
const ADDRESS = 'https://api.bank.example';

beforeAll(async () => {
  team = await teamDatabaseWith({
    mary: ['card_desk_operator'],
    ada: ['card_desk_operator', 'card_desk_approver'],
    ike: ['card_desk_operator', 'card_desk_admin'],
  });
  ({ mary: operator, ada: approver, ike: admin } = team.as);
});

afterAll(async () => {
  await team?.close();
});

const set = (client: pg.Client, rules: unknown, address = ADDRESS) =>
  client.query<{ rules: unknown; set_by: string }>(
    `SELECT (r).rules, (r).set_by FROM (SELECT card_desk.set_approval_rules($1, $2::jsonb, $3, 'DESK-1') AS r) s`,
    [address, rules === null ? null : JSON.stringify(rules), desk],
  );

describe('approval rules in the team database', () => {
  it('refuses an operator and an approver, and any direct change', async () => {
    for (const [client, login] of [
      [operator, 'mary'],
      [approver, 'ada'],
    ] as const) {
      expect(await sqlFailure(set(client, { 'cards.create': 'always' }))).toEqual({
        code: '42501',
        message: `${login} is not an administrator of the team database (card_desk_admin)`,
      });
    }
    for (const client of [operator, admin]) {
      const refused = await sqlFailure(
        client.query(`INSERT INTO card_desk.approval_rules (environment_address, rules) VALUES ('x', '{}')`),
      );
      expect(refused.code).toBe('42501');
    }
    expect((await operator.query('SELECT * FROM card_desk.approval_rules')).rowCount).toBe(0);
  });

  it('lets an administrator set and clear them, stamped, journaled and notified', async () => {
    await operator.query('LISTEN card_desk_approval_rules');
    const heard: string[] = [];
    operator.on('notification', (n) => heard.push(String(n.payload)));
    const rules = { 'cards.create': { spendingLimitAbove: 500000 }, bulkIssue: { rowsAbove: 20 }, approvalHours: 8 };
    const { rows } = await set(admin, rules);
    expect(rows[0]).toEqual({ rules, set_by: 'ike' });
    const read = await operator.query('SELECT rules, set_by FROM card_desk.approval_rules');
    expect(read.rows).toEqual([{ rules, set_by: 'ike' }]);
    await expect.poll(() => heard, { timeout: 10_000 }).toContain(ADDRESS);

    await set(admin, null);
    const cleared = await approver.query('SELECT rules, set_by FROM card_desk.approval_rules');
    expect(cleared.rows).toEqual([{ rules: null, set_by: 'ike' }]);
    const events = await approver.query<{ kind: string; operator: string; body: { rules: unknown } }>(
      `SELECT kind, operator, body FROM card_desk.journal_events WHERE journal_id = 'approval-rules' ORDER BY team_seq`,
    );
    expect(events.rows.map((e) => [e.kind, e.operator, e.body.rules])).toEqual([
      ['approval_rules_set', 'ike', rules],
      ['approval_rules_cleared', 'ike', null],
    ]);
  });

  it('refuses shapes it does not know, naming what is wrong', async () => {
    const cases: [unknown, string][] = [
      [['always'], 'rules must be an object'],
      [{ 'cards.delete': 'always' }, 'cards.delete is not a write whose approval can be set'],
      [{ 'cards.create': 'sometimes' }, 'cards.create must be always, never or conditions'],
      [{ 'cards.create': { colour: 'red' } }, 'cards.create has an unknown condition colour'],
      [{ 'cards.create': { spendingLimitAbove: '500000' } }, 'cards.create.spendingLimitAbove must be an amount'],
      [{ 'accounts.create': { rowsAbove: 2 } }, 'accounts.create must be always or never'],
      [{ bulkIssue: { rowsAbove: 2.5 } }, 'bulkIssue.rowsAbove must be a whole number from 0'],
      [{ approvalHours: 0 }, 'approvalHours must be a whole number of hours from 1 to 720'],
    ];
    for (const [rules, message] of cases) {
      const refused = await sqlFailure(set(admin, rules, 'https://other.example'));
      expect(refused.code).toBe('23514');
      expect(refused.message).toContain(message);
    }
    expect(
      (await admin.query(`SELECT * FROM card_desk.approval_rules WHERE environment_address <> $1`, [ADDRESS])).rowCount,
    ).toBe(0);
  });
});
