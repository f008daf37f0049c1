// One connection a desk at rest, on a real PostgreSQL: the link follows every channel (customers, approvals,
// rules) on one listening connection, runs its small work there while it is free, and the pool's
// connections close when idle; a listening connection a DBA ends is made again, and notices reach every
// subscription again. Counted in pg_stat_activity, as a DBA counts sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src-main/logging/logger';
import { parseTeamAddress } from '../../../src-main/team/team-address';
import { TeamLink } from '../../../src-main/team/team-link';
import { postgresMissing, startPostgres, type TestPostgres } from '../../support/postgres';

let db: TestPostgres;
let link: TeamLink;
const heard: string[] = [];
let listenings = 0;

beforeAll(async () => {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  db = await startPostgres();
  await db.createLogin('alice', 'alice-secret', ['card_desk_operator']);
  const parsed = parseTeamAddress(db.url);
  if (!parsed.ok) throw new Error(parsed.problem);
  link = new TeamLink({
    address: parsed.address,
    user: 'alice',
    password: async () => 'alice-secret',
    extraCa: () => [],
    logger: createLogger({ level: 'silent' }),
    idleMs: 500,
  });
  link.listen({
    channels: ['card_desk_customers'],
    heard: (channel) => heard.push(channel),
    listening: () => listenings++,
  });
  link.listen({
    channels: ['card_desk_approvals', 'card_desk_approval_rules'],
    heard: (channel) => heard.push(channel),
  });
  await link.start();
});

afterAll(async () => {
  await link?.close();
  await db?.remove();
});

const sessions = async () =>
  (
    await db.sql(
      `SELECT pid, query FROM pg_stat_activity WHERE usename = 'alice' AND backend_type = 'client backend' ORDER BY pid`,
    )
  ).rows as { pid: number; query: string }[];

const notify = (channel: string) => db.sql(`SELECT pg_notify($1, 'x')`, [channel]);

describe('one connection a desk at rest', () => {
  it('listens on one connection for every channel, and the pool closes its connections when idle', async () => {
    await expect.poll(() => listenings, { timeout: 30_000 }).toBe(1);
    // Work that comes together takes pooled connections beside the listening one.
    await Promise.all([1, 2, 3].map(() => link.use((client) => client.query('SELECT pg_sleep(0.3)'))));
    expect((await sessions()).length).toBeGreaterThan(1);
    await expect.poll(async () => (await sessions()).length, { timeout: 30_000 }).toBe(1);
    const [listener] = await sessions();
    // Small work at rest runs on the one left, the listening one: no new connection.
    const pid = await link.use(
      async (client) => (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid,
    );
    expect(pid).toBe(listener!.pid);
    expect((await sessions()).length).toBe(1);
    for (const channel of ['card_desk_customers', 'card_desk_approvals', 'card_desk_approval_rules'])
      await notify(channel);
    await expect
      .poll(() => [...heard].sort(), { timeout: 30_000 })
      .toEqual(['card_desk_approval_rules', 'card_desk_approvals', 'card_desk_customers']);
  });

  it('listens again when a DBA ends the listening connection, and notices reach every channel again', async () => {
    const [listener] = await sessions();
    await db.sql('SELECT pg_terminate_backend($1)', [listener!.pid]);
    await expect.poll(() => listenings, { timeout: 30_000 }).toBe(2);
    heard.length = 0;
    await notify('card_desk_customers');
    await notify('card_desk_approvals');
    await expect
      .poll(() => [...heard].sort(), { timeout: 30_000 })
      .toEqual(['card_desk_approvals', 'card_desk_customers']);
    expect(link.status.state).toBe('connected');
  });

  it('rolls back a transaction work left open on the listening connection: it goes on listening for all', async () => {
    await expect.poll(async () => (await sessions()).length, { timeout: 30_000 }).toBe(1);
    await expect(
      link.use(async (client) => {
        await client.query('BEGIN');
        await client.query('SELECT 1/0');
      }),
    ).rejects.toThrow(/division by zero/);
    const state = await link.use(
      async (client) => (await client.query<{ s: string }>(`SELECT 'idle' AS s`)).rows[0]!.s,
    );
    expect(state).toBe('idle');
    heard.length = 0;
    await notify('card_desk_customers');
    await expect.poll(() => heard, { timeout: 30_000 }).toEqual(['card_desk_customers']);
  });
});
