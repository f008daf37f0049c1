// Two desks (two app cores, each with its own data folder and local sandbox) and one team database, a real
// PostgreSQL set up by `npm run team:setup` with two operator logins: each desk signs in with its own
// login (the password into the OS keychain, nowhere else), every journal event of both desks reaches the
// team journal in order and once, naming each desk's login; with the database stopped, a desk whose policy
// lets it issue on its own guard (teamRequiredForWrites false; refusing is team-claims.test.ts's) goes on
// issuing and its journal holds the events, which are sent when the database is back.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamStatus } from '../../../src-shared/ipc/channels/team';
import type { AppCore } from '../../../src-main/core/app-core';
import { defaultSecretStore } from '../../../src-main/keychain/default-secret-store';
import { LOCAL_SANDBOX_ENVIRONMENT_ID } from '../../../src-shared/ipc/channels/settings';
import { openJournal } from '../../../src-main/journal/journal';
import { createLogger } from '../../../src-main/logging/logger';
import { NO_POLICY } from '../../../src-main/policy/policy';
import { TeamService } from '../../../src-main/team/team-service';
import { teamPasswordAccount } from '../../../src-main/team/team-settings';
import { virtualCardRequest } from '../../support/card-requests';
import { postgresMissing, startPostgres, type TestPostgres } from '../../support/postgres';
import { callCore, testAppCore } from '../support/app-core';
import { TEST_CHAIN_KEY } from '../../support/journal-key';

const ALICE = { user: 'alice', password: 'alice-Pa55word-team' };
const BOB = { user: 'bob', password: 'bob-Pa55word-team' };

let db: TestPostgres;
let dir: string;
const desks: { core: AppCore; data: string; statuses: TeamStatus[] }[] = [];
const secrets = defaultSecretStore();

async function openDesk(name: string) {
  const data = join(dir, name);
  const statuses: TeamStatus[] = [];
  const core = await testAppCore(data, {
    policy: { ...NO_POLICY, teamRequiredForWrites: false },
    localSandbox: { customers: 20 },
    localSandboxFirstSync: false,
    team: { sendEveryMs: 100, firstRetryMs: 100, maxRetryMs: 500 },
    emit: (event, payload) => {
      if (event === 'team.changed') statuses.push(payload as TeamStatus);
    },
  });
  await callCore(core, 'customers.cacheStatus', undefined); // starts the local sandbox
  const desk = { core, data, statuses };
  desks.push(desk);
  return desk;
}

const status = (core: AppCore) => callCore(core, 'team.status', undefined) as Promise<TeamStatus>;

async function issueCard(core: AppCore, customer: number) {
  const fixtures = core.localSandbox()!.fixtures;
  await callCore(
    core,
    'cards.create',
    virtualCardRequest(fixtures, { customerId: fixtures.sampleCustomerIds[customer]! }),
  );
}

/** The team journal's events of one desk, as the administrator reads them. */
async function eventsOf(deskId: string) {
  const { rows } = await db.sql(
    'SELECT desk_seq::int AS seq, kind, operator FROM card_desk.journal_events WHERE desk_id = $1 ORDER BY team_seq',
    [deskId],
  );
  return rows as { seq: number; kind: string; operator: string }[];
}

/** Every file under a folder, read as text. */
function filesUnder(folder: string): string {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), 'latin1'))
    .join('\n');
}

beforeAll(async () => {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  dir = mkdtempSync(join(tmpdir(), 'card-desk-team-'));
  db = await startPostgres();
  await db.createLogin(ALICE.user, ALICE.password, ['card_desk_operator']);
  await db.createLogin(BOB.user, BOB.password, ['card_desk_operator']);
});

afterAll(async () => {
  for (const { core } of desks) await core.dispose();
  for (const login of [ALICE, BOB])
    await secrets
      .delete(teamPasswordAccount(LOCAL_SANDBOX_ENVIRONMENT_ID, { url: db.url, user: login.user }))
      .catch(() => false);
  await db?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('two desks on one team database', () => {
  it('works alone without a team database, as before', async () => {
    const a = await openDesk('desk-a');
    expect(await status(a.core)).toMatchObject({ state: 'off', url: null, user: null });
    await issueCard(a.core, 0);
  });

  it('refuses a wrong password, saying the database refused the sign-in, and keeps nothing', async () => {
    const a = desks[0]!;
    await expect(callCore(a.core, 'team.connect', { url: db.url, user: 'alice', password: 'wrong' })).rejects.toThrow(
      /refused the sign-in of alice/,
    );
    expect(await status(a.core)).toMatchObject({ state: 'off' });
    expect(
      await secrets.get(teamPasswordAccount(LOCAL_SANDBOX_ENVIRONMENT_ID, { url: db.url, user: 'alice' })),
    ).toBeNull();
  });

  it('signs each desk in with its own login: the password in the keychain, never in a file or a log', async () => {
    const a = desks[0]!;
    const b = await openDesk('desk-b');
    const connected = (await callCore(a.core, 'team.connect', { url: db.url, ...ALICE })) as TeamStatus;
    expect(connected).toMatchObject({ state: 'connected', user: 'alice', login: 'alice', url: db.url });
    await callCore(b.core, 'team.connect', { url: db.url, ...BOB });
    expect(await secrets.get(teamPasswordAccount(LOCAL_SANDBOX_ENVIRONMENT_ID, { url: db.url, user: 'alice' }))).toBe(
      ALICE.password,
    );
    expect(await secrets.get(teamPasswordAccount(LOCAL_SANDBOX_ENVIRONMENT_ID, { url: db.url, user: 'bob' }))).toBe(
      BOB.password,
    );
    await Promise.all([a, b].map((d) => d.core.logger.flush()));
    for (const d of [a, b]) {
      const files = filesUnder(d.data);
      expect(files).toContain(db.url.replace('postgres://', '')); // team.json holds the address…
      expect(files).not.toContain(ALICE.password); // …and no password, nor does any log
      expect(files).not.toContain(BOB.password);
    }
    expect(JSON.stringify([...a.statuses, ...b.statuses])).not.toContain('Pa55word');
  });

  it('keeps the login in use when another sign-in on the desk is refused', async () => {
    const a = desks[0]!;
    await expect(callCore(a.core, 'team.connect', { url: db.url, user: 'bob', password: 'wrong' })).rejects.toThrow(
      /refused the sign-in of bob/,
    );
    await expect.poll(async () => (await status(a.core)).login).toBe('alice');
    expect(await status(a.core)).toMatchObject({ state: 'connected', user: 'alice' });
  });

  it('sends every journal event of both desks to the team journal, in order and once, naming each login', async () => {
    const [a, b] = desks as [(typeof desks)[0], (typeof desks)[0]];
    await issueCard(b.core, 1);
    await issueCard(a.core, 2);
    const deskA = (await status(a.core)).desk.id;
    const deskB = (await status(b.core)).desk.id;
    expect(deskA).not.toBe(deskB);
    // Desk A's card from before it signed in is sent too: the journal is the outbox.
    await expect.poll(async () => (await eventsOf(deskA)).length).toBe(4);
    await expect.poll(async () => (await eventsOf(deskB)).length).toBe(2);
    const eventsA = await eventsOf(deskA);
    expect(eventsA.map((e) => e.kind)).toEqual(['begun', 'settled', 'begun', 'settled']);
    expect(eventsA.map((e) => e.seq)).toEqual([...eventsA.map((e) => e.seq)].sort((x, y) => x - y));
    expect(new Set(eventsA.map((e) => e.operator))).toEqual(new Set(['alice']));
    expect(new Set((await eventsOf(deskB)).map((e) => e.operator))).toEqual(new Set(['bob']));

    const team = (await callCore(b.core, 'team.journal', {})) as {
      operator: string;
      deskId: string;
      outcome: string;
    }[];
    expect(team).toHaveLength(3);
    expect(team.map((e) => e.operator).sort()).toEqual(['alice', 'alice', 'bob']);
    expect(team.every((e) => e.outcome === 'succeeded')).toBe(true);
    expect(new Set(team.map((e) => e.deskId))).toEqual(new Set([deskA, deskB]));
    expect((await status(a.core)).journal.waiting).toBe(0);
  });

  it('keeps working while the database is stopped, holds the events, and sends them once when it returns', async () => {
    const a = desks[0]!;
    const deskA = (await status(a.core)).desk.id;
    await db.stop();
    await expect.poll(async () => (await status(a.core)).state).toBe('unreachable');
    expect((await status(a.core)).problem).toMatch(/cannot be reached .* keeps working on this desk and tries again/);
    await issueCard(a.core, 3);
    await expect.poll(async () => (await status(a.core)).journal.waiting).toBe(2);
    await expect(callCore(a.core, 'team.journal', {})).rejects.toThrow(/cannot be reached/);

    await db.start();
    await expect.poll(async () => (await status(a.core)).state).toBe('connected');
    await expect.poll(async () => (await status(a.core)).journal.waiting).toBe(0);
    const events = await eventsOf(deskA);
    expect(events.map((e) => e.kind)).toEqual(['begun', 'settled', 'begun', 'settled', 'begun', 'settled']);
    expect(new Set(events.map((e) => e.seq)).size).toBe(6);
  });

  it('signs out: the password leaves the keychain and the desk goes on alone', async () => {
    const b = desks[1]!;
    expect(await callCore(b.core, 'team.disconnect', undefined)).toMatchObject({ state: 'off', user: null });
    expect(
      await secrets.get(teamPasswordAccount(LOCAL_SANDBOX_ENVIRONMENT_ID, { url: db.url, user: 'bob' })),
    ).toBeNull();
    await issueCard(b.core, 4);
  });
});

describe("an environment whose team database the organisation's policy sets", () => {
  it('asks only for the login: another address is refused on its field, the policy’s is used', async () => {
    const data = join(dir, 'policy-desk');
    const journal = openJournal({ key: TEST_CHAIN_KEY, file: join(data, 'journal.sqlite') });
    const policyUrl = db.url.replace('postgres://', 'postgresql://');
    const team = new TeamService({
      dataDir: data,
      secretStore: secrets,
      policy: {
        ...NO_POLICY,
        environments: [
          {
            id: 'head-office',
            name: 'Head office',
            baseUrl: 'https://api.example.com',
            proxy: { mode: 'system' },
            extraCaFile: null,
            teamUrl: policyUrl,
          },
        ],
      },
      journal: () => journal,
      extraCa: async () => [],
      emit: () => undefined,
      logger: createLogger({ level: 'silent' }),
    });
    try {
      await team.activate('head-office');
      expect(team.status()).toMatchObject({ state: 'signed_out', url: db.url, urlSetByPolicy: true, user: null });
      const elsewhere = await team.connect({ url: 'postgres://db.example.com/carddesk', ...ALICE });
      expect(elsewhere).toMatchObject({
        ok: false,
        error: {
          kind: 'validation',
          field: 'url',
          message: `url is set by your organisation for this environment: ${db.url}`,
        },
      });
      const connected = await team.connect({ url: db.url, ...ALICE });
      expect(connected).toMatchObject({ ok: true, data: { state: 'connected', login: 'alice', urlSetByPolicy: true } });
      await team.disconnect();
      expect(team.status()).toMatchObject({ state: 'signed_out', url: db.url, user: null });
      expect(await secrets.get(teamPasswordAccount('head-office', { url: db.url, user: 'alice' }))).toBeNull();
    } finally {
      await team.dispose();
      journal.close();
    }
  });
});
