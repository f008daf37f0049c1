// The team database through a real PgBouncer (Debian's) in transaction mode, as many banks run it: the desk's
// work goes through the pooler (nothing depends on a session between transactions), notices come over the
// direct address the policy gives for listening, else by looking every few seconds, and the link says which.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src-main/logging/logger';
import { parseTeamAddress, type TeamAddress } from '../../../src-main/team/team-address';
import { TeamLink } from '../../../src-main/team/team-link';
import { pgbouncerMissing, startPgBouncer, type TestPgBouncer } from '../../support/pgbouncer';
import { postgresMissing, startPostgres, type TestPostgres } from '../../support/postgres';

let db: TestPostgres;
let bouncer: TestPgBouncer;
const links: TeamLink[] = [];

beforeAll(async () => {
  const missing = postgresMissing() ?? pgbouncerMissing();
  if (missing) throw new Error(missing);
  db = await startPostgres();
  await db.createLogin('alice', 'alice-secret', ['card_desk_operator']);
  bouncer = await startPgBouncer(db, { alice: 'alice-secret' });
});

afterEach(async () => {
  for (const link of links.splice(0)) await link.close();
});

afterAll(async () => {
  await bouncer?.stop();
  await db?.remove();
});

const address = (url: string): TeamAddress => {
  const parsed = parseTeamAddress(url);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.address;
};

async function pooledLink(notices: { listen: TeamAddress } | { poll: true; everyMs: number }): Promise<TeamLink> {
  const link = new TeamLink({
    address: address(bouncer.url),
    user: 'alice',
    password: async () => 'alice-secret',
    extraCa: () => [],
    logger: createLogger({ level: 'silent' }),
    notices,
  });
  links.push(link);
  await link.start();
  return link;
}

function follow(link: TeamLink): string[] {
  const heard: string[] = [];
  link.listen({ channels: ['card_desk_customers'], heard: (channel) => heard.push(channel) });
  return heard;
}

describe('through PgBouncer in transaction mode', () => {
  it('works through the pooler, and hears notices over the direct address the policy gives', async () => {
    const link = await pooledLink({ listen: address(db.url) });
    expect(link.status).toMatchObject({ state: 'connected', login: 'alice' });
    expect(link.notices).toBe('listening');
    // Work that comes together goes through the pooler, each in its own transactions.
    const counts = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() =>
        link.use(async (client) => {
          await client.query('BEGIN');
          const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM card_desk.customers');
          await client.query('COMMIT');
          return rows[0]!.n;
        }),
      ),
    );
    expect(counts).toEqual([0, 0, 0, 0, 0, 0]);
    const heard = follow(link);
    await expect
      .poll(async () => (await db.sql(`SELECT 1 FROM pg_stat_activity WHERE query LIKE 'LISTEN%'`)).rowCount, {
        timeout: 30_000,
      })
      .toBe(1);
    await db.sql(`SELECT pg_notify('card_desk_customers', '1')`);
    await expect.poll(() => heard, { timeout: 30_000 }).toEqual(['card_desk_customers']);
  });

  it('looks every few seconds when the policy gives no direct address, and says so', async () => {
    // Every 500 ms here (5 s in the app).
    const link = await pooledLink({ poll: true, everyMs: 500 });
    expect(link.status.state).toBe('connected');
    expect(link.notices).toBe('polling');
    const heard = follow(link);
    // No NOTIFY at all: the looks come by themselves, again and again.
    await expect.poll(() => heard.length, { timeout: 30_000 }).toBeGreaterThan(1);
    expect(heard.slice(0, 2)).toEqual(['card_desk_customers', 'card_desk_customers']);
  });
});
