// Failover on real parts: a primary PostgreSQL and a streaming standby made by pg_basebackup, the team address
// naming both (target_session_attrs=read-write). The standby is cut off, a card is issued (its journal event
// reaches only the primary), the primary is stopped hard and the standby promoted: the write is lost with the
// old primary. The desk says it is switching, finds the new primary by itself, sends again what the new one
// lacks of its journal, and a card issued afterwards reaches it once. A standby never took a write. A card
// whose outcome was unknown when the primary went is claimed again on the new one (the desk's journal is the
// truth), so no other desk can send it meanwhile.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamStatus } from '../../../src-shared/ipc/channels/team';
import { openJournal, type Journal } from '../../../src-main/journal/journal';
import { defaultSecretStore } from '../../../src-main/keychain/default-secret-store';
import { createLogger } from '../../../src-main/logging/logger';
import { NO_POLICY } from '../../../src-main/policy/policy';
import { TeamService } from '../../../src-main/team/team-service';
import { TeamWriteClaims } from '../../../src-main/team/team-claims-store';
import { teamFingerprint } from '../../../src-main/issuing/claim-answers';
import { TEST_CHAIN_KEY } from '../../support/journal-key';
import { postgresMissing, startPostgres, TEAM_DATABASE, type TestPostgres } from '../../support/postgres';
import { startStandby, type TestStandby } from '../../support/standby';

let primary: TestPostgres;
let standby: TestStandby;
let dir: string;
let journal: Journal;
let team: TeamService;
let claims: TeamWriteClaims;
const states: string[] = [];

beforeAll(async () => {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  primary = await startPostgres();
  await primary.createLogin('alice', 'alice-secret', ['card_desk_operator']);
  standby = await startStandby(primary);
  dir = mkdtempSync(join(tmpdir(), 'card-desk-failover-'));
  journal = openJournal({ key: TEST_CHAIN_KEY, file: join(dir, 'journal.sqlite') });
  team = new TeamService({
    dataDir: dir,
    secretStore: defaultSecretStore(),
    policy: NO_POLICY,
    journal: () => journal,
    extraCa: async () => [],
    emit: (_channel, status) => states.push((status as TeamStatus).state),
    logger: createLogger({ level: 'silent' }),
    sendEveryMs: 200,
    firstRetryMs: 200,
    maxRetryMs: 1_000,
  });
  await team.activate('env-1');
  claims = new TeamWriteClaims({
    team,
    journal: () => journal,
    required: true,
    logger: createLogger({ level: 'silent' }),
    teamFingerprint,
    catchUpEveryMs: 200,
  });
});

afterAll(async () => {
  claims?.dispose();
  await team?.disconnect().catch(() => undefined);
  await team?.dispose();
  journal?.close();
  await standby?.remove();
  await primary?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const ORIGIN = 'https://api.bank.example';
const issue = (reference: string, id?: string) =>
  journal.begin({
    ...(id ? { id } : {}),
    environmentId: 'env-1',
    operation: 'cards.create',
    request: { customerId: 'c-1', reference },
    clientReference: reference,
    fingerprint: `fp-${reference}`,
    origin: ORIGIN,
  }).id;

/** A card claimed across desks, then sent: its answer lost (outcome unknown), as issuing records it. */
async function issueUnanswered(reference: string): Promise<string> {
  const entryId = `entry-${reference}`;
  const answer = await claims.claim({
    environmentId: 'env-1',
    fingerprint: teamFingerprint(ORIGIN, `fp-${reference}`),
    operation: 'cards.create',
    entryId,
    repeatSince: null,
  });
  expect(answer).toEqual({ kind: 'claimed' });
  issue(reference, entryId);
  await claims.follow(journal.settle(entryId, { outcome: 'outcome_unknown', error: 'no answer' }));
  return entryId;
}

/** The state of this desk's claim of an entry on the server at `port` (null: none). */
async function claimOn(port: number, entryId: string): Promise<string | null> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: TEAM_DATABASE, ssl: false });
  await client.connect();
  try {
    const { rows } = await client.query<{ state: string }>(
      'SELECT state FROM card_desk.write_claims WHERE entry_id = $1',
      [entryId],
    );
    return rows[0]?.state ?? null;
  } finally {
    await client.end();
  }
}

/** The events the server at `port` holds of an entry. */
async function eventsOn(port: number, entryId: string): Promise<number> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: TEAM_DATABASE, ssl: false });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM card_desk.journal_events WHERE entry_id = $1',
      [entryId],
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe('a primary that fails over to its standby', () => {
  it('finds the new primary, sends again what it lost, and a new card reaches it once', async () => {
    const url = `postgres://127.0.0.1:${primary.port},127.0.0.1:${standby.port}/carddesk?target_session_attrs=read-write`;
    expect(await team.connect({ url, user: 'alice', password: 'alice-secret' })).toMatchObject({
      ok: true,
      data: { state: 'connected', login: 'alice' },
    });
    // The standby is cut off; a card is issued: its event reaches the primary only.
    await standby.cutOff();
    const before = issue('BEFORE-FAILOVER');
    const unknown = await issueUnanswered('UNKNOWN-BEFORE-FAILOVER');
    await expect.poll(() => eventsOn(primary.port, before), { timeout: 30_000 }).toBe(1);
    expect(await claimOn(primary.port, unknown)).toBe('outcome_unknown');
    // The primary is stopped hard; the standby comes back and is promoted.
    await primary.crash();
    await standby.start();
    await standby.promote();
    await expect.poll(() => team.status().state, { timeout: 60_000 }).toBe('connected');
    expect(states).toContain('switching');
    // The new primary lacked the event; the desk's journal is the truth, and it is sent again.
    await expect.poll(() => eventsOn(standby.port, before), { timeout: 30_000 }).toBe(1);
    // The claim of the card whose outcome is unknown was lost with the old primary: it is claimed again there
    // from the journal (nothing sent to the API), so the same card on another desk is refused.
    await expect.poll(() => claimOn(standby.port, unknown), { timeout: 30_000 }).toBe('outcome_unknown');
    const after = issue('AFTER-FAILOVER');
    await expect.poll(() => eventsOn(standby.port, after), { timeout: 30_000 }).toBe(1);
    expect(team.status().journal.waiting).toBe(0);
  });
});
