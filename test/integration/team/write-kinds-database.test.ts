// The kinds of write, kept by the team database in a table team:setup fills from the registry of write kinds
// (migration 8): on a real PostgreSQL set up to version 7 with a claim already made, then upgraded by
// `npm run team:setup` as IT runs it. After setup every kind of the registry (and a batch) is in the table with
// its words and its rule's shape; a row naming a kind the table lacks is refused by the database in words; the
// approval rules are checked against the table; setup run again changes nothing, and never deletes a kind.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_OPERATIONS, APPROVAL_OPERATION_WORDS } from '../../../src-shared/ipc/channels/approvals';
import { WRITE_KIND_NAMES } from '../../../src-shared/ipc/write-kinds';
import { TEAM_MIGRATIONS } from '../../../src-main/team/schema/migrations';
import { setUpTeamDatabase } from '../../../src-main/team/setup';
import { postgresMissing, runTeamSetupCli, startPostgres, type TestPostgres } from '../../support/postgres';
import { sqlFailure } from '../../support/team-logins';

let db: TestPostgres;
let mary: pg.Client;
let ike: pg.Client;
let adminUrl: string;
const desk = randomUUID();
const [firstKind] = WRITE_KIND_NAMES;
const KNOWN = [...APPROVAL_OPERATIONS].sort().join(', ');

const claim = (client: pg.Client, operation: string, fingerprint: string = randomUUID()) =>
  client.query(
    `INSERT INTO card_desk.write_claims (fingerprint, operation, entry_id, desk_id, desk_name)
     VALUES ($1, $2, $3, $4, 'DESK-1')`,
    [fingerprint, operation, randomUUID(), desk],
  );
const setRules = (rules: unknown) =>
  ike.query(`SELECT card_desk.set_approval_rules('https://api.bank.example', $1::jsonb, $2, 'DESK-1')`, [
    JSON.stringify(rules),
    desk,
  ]);
const kinds = async () =>
  (
    await mary.query<{ kind: string; words: string; approval_rule: unknown; added_at: Date }>(
      'SELECT kind, words, approval_rule, added_at FROM card_desk.write_kinds ORDER BY kind',
    )
  ).rows;

beforeAll(async () => {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  db = await startPostgres({ setUp: false });
  adminUrl = `postgres://postgres@127.0.0.1:${db.port}/carddesk`;
  // A team database of the Card Desk before migration 8, with a claim a desk made then.
  const admin = await db.admin();
  try {
    await setUpTeamDatabase(
      admin,
      TEAM_MIGRATIONS.filter((m) => m.version < 8),
    );
  } finally {
    await admin.end();
  }
  await db.createLogin('mary', 'mary-secret', ['card_desk_operator']);
  await db.createLogin('ike', 'ike-secret', ['card_desk_operator', 'card_desk_admin']);
  mary = await db.connectAs('mary', 'mary-secret');
  ike = await db.connectAs('ike', 'ike-secret');
  await claim(mary, firstKind, 'made-before-8');
  await runTeamSetupCli(adminUrl);
});

afterAll(async () => {
  await mary?.end().catch(() => undefined);
  await ike?.end().catch(() => undefined);
  await db?.remove();
});

describe('the kinds of write in the team database', () => {
  it('holds every kind of the registry after setup, with its words and its rule’s shape', async () => {
    const rows = await kinds();
    expect(rows.map((r) => r.kind)).toEqual([...APPROVAL_OPERATIONS].sort());
    for (const row of rows) expect(row.words).toBe(APPROVAL_OPERATION_WORDS[row.kind as 'bulkIssue']);
    expect(rows.find((r) => r.kind === 'bulkIssue')!.approval_rule).toEqual({
      choices: ['always', 'never'],
      conditions: { rowsAbove: 'count' },
      required: ['rowsAbove'],
    });
    // The claim made before the table keeps its kind; the CHECK that listed the kinds is gone.
    const kept = await mary.query(`SELECT operation FROM card_desk.write_claims WHERE fingerprint = 'made-before-8'`);
    expect(kept.rows).toEqual([{ operation: firstKind }]);
    const checks = await db.sql(
      `SELECT conname FROM pg_constraint WHERE conrelid = 'card_desk.approval_requests'::regclass AND contype = 'c'
         AND pg_get_constraintdef(oid) LIKE '%operation%'`,
    );
    expect(checks.rows).toEqual([]);
  });

  it('refuses a claim or an approval request of a kind it does not know, naming the kinds it knows', async () => {
    const expected = {
      code: '23503',
      message: `cards.freeze is not a kind of write this team database knows (it knows ${KNOWN}): run team:setup of the Card Desk that sends it`,
    };
    expect(await sqlFailure(claim(mary, 'cards.freeze'))).toEqual(expected);
    const body = '{"card":"x"}';
    const asked = mary.query(
      `SELECT card_desk.request_approval('cards.freeze', $1, encode(sha256(convert_to($1, 'UTF8')), 'hex'), 'fp-1',
         '[]'::jsonb, ARRAY['always'], 'bank', 'https://api.bank.example', $2, 'DESK-1', '', 24)`,
      [body, desk],
    );
    expect(await sqlFailure(asked)).toEqual(expected);
    // Only team:setup (the schema's owner) adds a kind; no login of a desk can.
    for (const client of [mary, ike])
      expect(
        (await sqlFailure(client.query(`INSERT INTO card_desk.write_kinds VALUES ('cards.freeze', 'x')`))).code,
      ).toBe('42501');
  });

  it('checks the approval rules against each kind’s rule in the table', async () => {
    expect((await sqlFailure(setRules({ 'cards.freeze': 'always' }))).message).toContain(
      `cards.freeze is not a write whose approval can be set (${KNOWN}, approvalHours)`,
    );
    expect((await sqlFailure(setRules({ bulkIssue: { rowsAbove: 2.5 } }))).message).toContain(
      'bulkIssue.rowsAbove must be a whole number from 0',
    );
    expect((await sqlFailure(setRules({ bulkIssue: {} }))).message).toContain('bulkIssue.rowsAbove is required');
    // A kind the table learns is one whose approval can be set, by the shape its row gives.
    await db.sql(
      `INSERT INTO card_desk.write_kinds (kind, words, approval_rule)
       VALUES ('cards.freeze', 'Freeze card', '{"choices": ["always", "never"], "conditions": null, "required": []}')`,
    );
    await setRules({ 'cards.freeze': 'always', bulkIssue: { rowsAbove: 3 } });
    expect((await sqlFailure(setRules({ 'cards.freeze': 'sometimes' }))).message).toContain(
      'cards.freeze must be always or never',
    );
    await claim(mary, 'cards.freeze');
  });

  it('changes nothing when setup runs again, and never deletes a kind it does not know', async () => {
    const before = await kinds();
    const output = await runTeamSetupCli(adminUrl);
    expect(output).toContain('is up to date');
    expect(await kinds()).toEqual(before);
    expect(before.map((r) => r.kind)).toContain('cards.freeze');
    // A kind of the registry missing from the table (a DBA's mistake) comes back with the next setup.
    await db.sql(`DELETE FROM card_desk.write_kinds WHERE kind = 'bulkIssue'`);
    expect(await runTeamSetupCli(adminUrl)).toContain('kinds of write added: bulkIssue');
    expect((await kinds()).map((r) => r.kind)).toEqual(before.map((r) => r.kind));
  });

  it('keeps the words and rules a newer Card Desk gave, and brings them back up to date from its own registry', async () => {
    const bulkWords = () => kinds().then((rows) => rows.find((r) => r.kind === 'bulkIssue')!.words);
    await db.sql(
      `UPDATE card_desk.write_kinds SET words = 'Issue from a file, as a newer desk says' WHERE kind = 'bulkIssue'`,
    );
    await db.sql(`INSERT INTO card_desk.schema_migrations (version, name) VALUES (99, 'a newer Card Desk')`);
    await runTeamSetupCli(adminUrl);
    expect(await bulkWords()).toBe('Issue from a file, as a newer desk says');
    await db.sql('DELETE FROM card_desk.schema_migrations WHERE version = 99');
    await runTeamSetupCli(adminUrl);
    expect(await bulkWords()).toBe(APPROVAL_OPERATION_WORDS.bulkIssue);
  });
});
