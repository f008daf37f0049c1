// One connection a desk at rest, counted as a DBA counts sessions: 100 simulated desks, each a real TeamLink
// following the channels a desk follows (customers, approvals, rules) on its listening connection, each
// first working (three pieces of work at once, taking pooled connections) and then at rest for a minute with
// the heartbeat a desk runs (TeamService's, every 2 s); the sessions of the desks' login in pg_stat_activity
// at the busiest and after the minute.
import type { Logger } from '../../src-main/ports/ports';
import { parseTeamAddress } from '../../src-shared/ipc/channels/team';
import { TeamLink } from '../../src-main/team/team-link';
import type { TestPostgres } from '../support/postgres';

const DESKS = 100;
const REST_MS = 60_000;
const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

export async function desksAtRest(
  db: TestPostgres,
  login: { user: string; password: string },
  print: (line: string) => void,
): Promise<Record<string, number>> {
  const parsed = parseTeamAddress(db.url);
  if (!parsed.ok) throw new Error(parsed.problem);
  const sessions = async () =>
    Number((await db.sql(`SELECT count(*) AS n FROM pg_stat_activity WHERE usename = $1`, [login.user])).rows[0]!.n);
  const links: TeamLink[] = [];
  const timers: NodeJS.Timeout[] = [];
  try {
    for (let i = 0; i < DESKS; i++) {
      const link = new TeamLink({
        address: parsed.address,
        user: login.user,
        password: async () => login.password,
        extraCa: () => [],
        logger: silent,
      });
      for (const channels of [['card_desk_customers'], ['card_desk_approvals', 'card_desk_approval_rules']])
        link.listen({ channels, heard: () => undefined });
      await link.start();
      links.push(link);
    }
    let busiest = 0;
    await Promise.all([
      ...links.map((link) =>
        Promise.all([1, 2, 3].map(() => link.use((client) => client.query('SELECT pg_sleep(0.5)')))),
      ),
      (async () => {
        await new Promise((r) => setTimeout(r, 250));
        busiest = await sessions();
      })(),
    ]);
    for (const link of links) {
      const timer = setInterval(() => void link.heartbeat(15_000), 2_000);
      timers.push(timer);
    }
    await new Promise((r) => setTimeout(r, REST_MS));
    const atRest = await sessions();
    print(
      `${DESKS} desks: ${busiest} sessions while each did three things at once, ${atRest} after a minute at rest (${(atRest / DESKS).toFixed(2)} a desk)`,
    );
    return {
      team_sessions_100_desks_busy: busiest,
      team_sessions_100_desks_at_rest: atRest,
      team_sessions_per_desk_at_rest: atRest / DESKS,
    };
  } finally {
    for (const timer of timers) clearInterval(timer);
    for (const link of links) await link.close();
  }
}
