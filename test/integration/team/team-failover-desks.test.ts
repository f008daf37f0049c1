// Failover as two desks live it, on real parts: one independent API server (which counts the POSTs it
// receives), a primary PostgreSQL and a streaming standby made by pg_basebackup, the team address naming both
// (target_session_attrs=read-write), and two desks (app cores with their own data folders, keys and logins;
// alice's desk pages the customers for the team). At rest each desk holds at most one connection. The standby
// is cut off, a card is issued, the primary is stopped hard and the standby promoted: both desks are back on
// the new primary, the card issued before is in its team journal (sent again from the desk's journal), a card
// issued after is POSTed once, and a customer added afterwards reaches the other desk's cache.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card, Customer } from '../../../src-shared/api/records';
import type { TeamStatus } from '../../../src-shared/ipc/channels/team';
import type { AppCore } from '../../../src-main/core/app-core';
import { defaultSecretStore } from '../../../src-main/keychain/default-secret-store';
import { teamPasswordAccount } from '../../../src-main/team/team-settings';
import { startIndependentApi, type IndependentApi } from '../../support/independent-api';
import { postgresMissing, startPostgres, TEAM_DATABASE, type TestPostgres } from '../../support/postgres';
import { startStandby, type TestStandby } from '../../support/standby';
import { callCore, testAppCore } from '../support/app-core';

const LOGINS = { alice: 'alice-Pa55word-failover', bob: 'bob-Pa55word-failover' };
const KEYS = { alice: 'failover-key-alice-0001', bob: 'failover-key-bob-0002' };
type Login = keyof typeof LOGINS;
const POLL = { timeout: 60_000, interval: 200 };

let primary: TestPostgres;
let standby: TestStandby;
let server: IndependentApi;
let dir: string;
let url: string;
const desks = new Map<Login, { core: AppCore; environmentId: string }>();
const secrets = defaultSecretStore();

async function openDesk(login: Login): Promise<AppCore> {
  const core = await testAppCore(join(dir, login), {
    team: {
      sendEveryMs: 200,
      firstRetryMs: 100,
      maxRetryMs: 500,
      // Pooled connections close after 1 s idle (10 s in the app): the desks come to rest sooner.
      idleMs: 1_000,
      customers: { leaseSeconds: 10, renewEveryMs: 1_000, passEveryMs: 500, pollEveryMs: 1_000 },
    },
  });
  const { id } = (await callCore(core, 'environments.save', { name: 'Head office', baseUrl: server.url })) as {
    id: string;
  };
  desks.set(login, { core, environmentId: id });
  await callCore(core, 'keys.set', { environmentId: id, key: KEYS[login] });
  await callCore(core, 'environments.activate', { id });
  const status = (await callCore(core, 'team.connect', { url, user: login, password: LOGINS[login] })) as TeamStatus;
  expect(status).toMatchObject({ state: 'connected', login });
  return core;
}

const desk = (login: Login) => desks.get(login)!.core;
const status = (login: Login) => callCore(desk(login), 'team.status', undefined) as Promise<TeamStatus>;
const names = async (login: Login, query: string) =>
  ((await callCore(desk(login), 'customers.search', { query })) as { results: Customer[] }).results.map((c) => c.name);
const issue = (login: Login, customer: number) =>
  callCore(desk(login), 'cards.create', {
    customerId: server.customers[customer]!._id,
    type: 'virtual',
    currency: 'NGN',
    status: 'active',
    brand: 'Verve',
    debitAccountId: 'acc0'.padStart(24, '7'),
  }) as Promise<Card>;
const cardPostsFor = (customer: number) =>
  server.writes.filter((w) => w.path === '/cards' && w.body.customerId === server.customers[customer]!._id).length;

/** What `port`'s server answers to `sql`, asked as its superuser. */
async function ask<T>(port: number, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: TEAM_DATABASE, ssl: false });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The client sessions of each desk's login on `port`'s server, as a DBA counts them. */
const sessionsOn = async (port: number) =>
  Object.fromEntries(
    (
      await ask<{ login: string; n: number }>(
        port,
        `SELECT l.login, count(a.pid)::int AS n FROM unnest($1::text[]) AS l(login)
           LEFT JOIN pg_stat_activity a ON a.usename = l.login AND a.backend_type = 'client backend'
          GROUP BY l.login`,
        [Object.keys(LOGINS)],
      )
    ).map((r) => [r.login, r.n]),
  );

/** Each desk's oldest session on `port`'s server and when it last began a query. */
const lastWorkOn = async (port: number) =>
  Object.fromEntries(
    (
      await ask<{ login: string; pid: number; at: Date }>(
        port,
        `SELECT DISTINCT ON (usename) usename AS login, pid, query_start AS at FROM pg_stat_activity
          WHERE usename = ANY($1::text[]) AND backend_type = 'client backend' ORDER BY usename, backend_start`,
        [Object.keys(LOGINS)],
      )
    ).map((r) => [r.login, { pid: r.pid, at: r.at.getTime() }]),
  ) as Partial<Record<string, { pid: number; at: number }>>;

/** The settled events of the card `cardId` in the team journal of `port`'s server. */
const cardEventsOn = async (port: number, cardId: string) =>
  (
    await ask<{ n: number }>(
      port,
      `SELECT count(*)::int AS n FROM card_desk.journal_events WHERE body->>'result_id' = $1`,
      [cardId],
    )
  )[0]!.n;

beforeAll(async () => {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  dir = mkdtempSync(join(tmpdir(), 'card-desk-failover-desks-'));
  primary = await startPostgres();
  await primary.createLogin('alice', LOGINS.alice, ['card_desk_operator', 'card_desk_syncer']);
  await primary.createLogin('bob', LOGINS.bob, ['card_desk_operator']);
  standby = await startStandby(primary);
  url = `postgres://127.0.0.1:${primary.port},127.0.0.1:${standby.port}/carddesk?target_session_attrs=read-write`;
  server = await startIndependentApi({ customers: 11, extraKeys: Object.values(KEYS) });
  await openDesk('alice');
  await openDesk('bob');
});

afterAll(async () => {
  for (const { core } of desks.values()) await core.dispose();
  for (const [login, { environmentId }] of desks) {
    await secrets.delete(teamPasswordAccount(environmentId, { url, user: login })).catch(() => false);
    for (const account of await secrets.accounts())
      if (account === environmentId || account.startsWith(`${environmentId} `)) await secrets.delete(account);
  }
  await server?.stop();
  await standby?.remove();
  await primary?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('two desks through a failover', () => {
  it('holds at most one connection a desk at rest', async () => {
    // Both caches filled from the team's copy: the desks' work is done, and what is left is rest.
    await expect.poll(() => names('bob', server.customers[10]!.name), POLL).toContain(server.customers[10]!.name);
    await expect.poll(() => names('alice', server.customers[10]!.name), POLL).toContain(server.customers[10]!.name);
    // The pool's connections close at their idle limit; the listening one stays (and runs the small work).
    await expect.poll(() => sessionsOn(primary.port), POLL).toEqual({ alice: 1, bob: 1 });
    // Work goes on at rest (alice's lease renewed, both desks reading the team journal): on that one connection.
    const resting = await lastWorkOn(primary.port);
    await expect
      .poll(async () => {
        const now = await lastWorkOn(primary.port);
        return Object.keys(LOGINS).every((login) => now[login] && now[login].at > resting[login]!.at);
      }, POLL)
      .toBe(true);
    const now = await lastWorkOn(primary.port);
    for (const login of Object.keys(LOGINS)) expect(now[login]!.pid).toBe(resting[login]!.pid);
  });

  it('finds the new primary on both desks, loses nothing, sends nothing twice, and customers flow again', async () => {
    // The standby is cut off; a card is issued: its events reach the primary only.
    await standby.cutOff();
    const before = await issue('alice', 1);
    await expect.poll(() => cardEventsOn(primary.port, before._id), POLL).toBeGreaterThan(0);
    // The primary is stopped hard; the standby comes back and is promoted: the card's events are lost with it.
    await primary.crash();
    await standby.start();
    expect(await cardEventsOn(standby.port, before._id)).toBe(0);
    await standby.promote();
    // Both desks find the new primary by themselves.
    await expect.poll(async () => (await status('alice')).state, POLL).toBe('connected');
    await expect.poll(async () => (await status('bob')).state, POLL).toBe('connected');
    // The card issued before the failover is in the new primary's team journal: alice's journal is the truth.
    await expect.poll(() => cardEventsOn(standby.port, before._id), POLL).toBeGreaterThan(0);
    // A card issued after it is POSTed once, and claimed on the new primary.
    const after = await issue('bob', 2);
    expect(cardPostsFor(2)).toBe(1);
    expect(cardPostsFor(1)).toBe(1);
    await expect.poll(() => cardEventsOn(standby.port, after._id), POLL).toBeGreaterThan(0);
    const claims = await ask<{ operator: string; state: string }>(
      standby.port,
      `SELECT operator, state FROM card_desk.write_claims WHERE result_id = $1`,
      [after._id],
    );
    expect(claims).toEqual([{ operator: 'bob', state: 'succeeded' }]);
    // A customer added afterwards is paged by alice's desk into the new primary and reaches bob's cache.
    server.addCustomers(1);
    const added = server.customers.at(-1)!.name;
    await expect.poll(() => names('bob', added), POLL).toContain(added);
    expect((await status('bob')).journal.waiting).toBe(0);
    expect((await status('alice')).journal.waiting).toBe(0);
  });
});
