// What the desk says of its team database in each state it can find it in, on a real PostgreSQL: a login
// that is no operator, a database that is not set up or holds an older schema, no database of that name, a
// server without TLS where TLS is asked for; a keychain that stops giving the password, which heals when
// the keychain is back; and a server stopped under a statement, which is lost (never a refusal) and heals.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openJournal, type Journal } from '../../../src-main/journal/journal';
import { KeychainUnavailableError } from '../../../src-main/keychain/keychain-error';
import type { SecretStore } from '../../../src-main/keychain/secret-store';
import { createLogger } from '../../../src-main/logging/logger';
import { NO_POLICY } from '../../../src-main/policy/policy';
import { TEAM_MIGRATIONS, TEAM_SCHEMA_VERSION } from '../../../src-main/team/schema/migrations';
import { parseTeamAddress } from '../../../src-main/team/team-address';
import { TeamLink } from '../../../src-main/team/team-link';
import { TeamService } from '../../../src-main/team/team-service';
import { postgresMissing, startPostgres, type TestPostgres } from '../../support/postgres';
import { TEST_CHAIN_KEY } from '../../support/journal-key';

const logger = createLogger({ level: 'silent' });
let db: TestPostgres;
let dir: string;
const links: TeamLink[] = [];

beforeAll(async () => {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  dir = mkdtempSync(join(tmpdir(), 'card-desk-team-link-'));
  db = await startPostgres();
  await db.createLogin('alice', 'alice-secret', ['card_desk_operator']);
  await db.createLogin('carol', 'carol-secret', []);
  await db.sql('CREATE DATABASE not_set_up');
});

afterAll(async () => {
  for (const link of links) await link.close();
  await db?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function linkTo(url: string, user = 'alice', password = `${user}-secret`, idleMs?: number): Promise<TeamLink> {
  const parsed = parseTeamAddress(url);
  if (!parsed.ok) throw new Error(parsed.problem);
  const link = new TeamLink({
    address: parsed.address,
    user,
    password: async () => password,
    extraCa: () => [],
    logger,
    firstRetryMs: 60_000,
    maxRetryMs: 60_000,
    idleMs,
  });
  links.push(link);
  await link.start();
  return link;
}

const at = (database: string, query = '') => `postgres://127.0.0.1:${db.port}/${database}${query}`;

describe('the team database refuses, and the desk says why and what to do', () => {
  it('a login that is no Card Desk operator', async () => {
    const link = await linkTo(at('carddesk'), 'carol');
    expect(link.status).toMatchObject({ state: 'refused' });
    expect(link.status.problem).toBe(
      `The login carol is not a Card Desk operator on ${at('carddesk')}. Ask IT: GRANT card_desk_operator TO carol;`,
    );
  });

  it('a database team:setup never ran on', async () => {
    const link = await linkTo(at('not_set_up'));
    expect(link.status.state).toBe('refused');
    expect(link.status.problem).toMatch(/is not set up for Card Desk .* Ask IT to run team:setup on it\.$/);
  });

  it('a database whose schema is older than this Card Desk needs', async () => {
    const last = TEAM_SCHEMA_VERSION;
    const before = TEAM_MIGRATIONS.at(-2)!.version;
    const { rows } = await db.sql('DELETE FROM card_desk.schema_migrations WHERE version = $1 RETURNING name', [last]);
    try {
      const link = await linkTo(at('carddesk'));
      expect(link.status.state).toBe('refused');
      expect(link.status.problem).toBe(
        `${at('carddesk')} holds an older Card Desk team schema (version ${before}; this Card Desk needs ${last}). Ask IT to run team:setup on it again.`,
      );
    } finally {
      await db.sql('INSERT INTO card_desk.schema_migrations (version, name) VALUES ($1, $2)', [last, rows[0].name]);
    }
  });

  it('a server that has no database of that name', async () => {
    const link = await linkTo(at('nowhere'));
    expect(link.status.state).toBe('refused');
    expect(link.status.problem).toMatch(/^The team database server has no database of that name/);
  });

  it('a server without TLS where the address asks for it', async () => {
    const link = await linkTo(at('carddesk', '?sslmode=verify-full'));
    expect(link.status.state).toBe('refused');
    expect(link.status.problem).toBe(
      `The team database ${at('carddesk', '?sslmode=verify-full')} does not offer TLS, and Card Desk connects to another computer only over TLS. Ask IT to switch ssl on in its postgresql.conf.`,
    );
  });
});

describe('a keychain that goes away', () => {
  it('is said as the reason, and the desk connects again by itself when it is back', async () => {
    const saved = new Map<string, string>();
    let broken = false;
    const keychain: SecretStore = {
      get: async (account) => {
        if (broken) throw new KeychainUnavailableError('no_secret_service', 'the Secret Service is not running');
        return saved.get(account) ?? null;
      },
      set: async (account, secret) => void saved.set(account, secret),
      delete: async (account) => saved.delete(account),
      accounts: async () => [...saved.keys()],
    };
    const journal: Journal = openJournal({ key: TEST_CHAIN_KEY, file: join(dir, 'journal.sqlite') });
    const team = new TeamService({
      dataDir: dir,
      secretStore: keychain,
      policy: NO_POLICY,
      journal: () => journal,
      extraCa: async () => [],
      emit: () => undefined,
      logger,
      firstRetryMs: 100,
      maxRetryMs: 300,
    });
    try {
      await team.activate('env-1');
      expect(await team.connect({ url: at('carddesk'), user: 'alice', password: 'alice-secret' })).toMatchObject({
        ok: true,
      });
      broken = true;
      // The database ends the desk's connections: the next one needs the password, which the keychain cannot give.
      await db.sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'alice'`);
      await expect
        .poll(() => team.status().problem ?? '')
        .toMatch(
          /^The keychain could not give the team database password: No system keychain \(Secret Service\) is running\./,
        );
      expect(team.status().state).toBe('refused');
      broken = false;
      await expect.poll(() => team.status().state).toBe('connected');
    } finally {
      await team.dispose();
      journal.close();
    }
  });
});

describe('a database that goes away under the work', () => {
  it('is thrown as lost, never as a refusal the desk would raise as an alarm, and the link heals', async () => {
    const link = await linkTo(at('carddesk'));
    expect(link.status.state).toBe('connected');
    // The work is under way when the server stops: the statement's connection is ended by the shutdown.
    const work = link.use((client) => client.query('SELECT pg_sleep(30)'));
    const stopped = db.stop();
    const thrown = await work.then(
      () => null,
      (error: unknown) => error as Error,
    );
    await stopped;
    try {
      expect(thrown?.name).toBe('TeamLostError');
      expect(thrown?.message).toMatch(/cannot be reached .* keeps working on this desk and tries again/);
      expect(link.status.state).toBe('unreachable');
      // Asked again while it is away: lost again, not refused.
      const again = await link.use((client) => client.query('SELECT 1')).catch((error: unknown) => error as Error);
      expect((again as Error).name).toBe('TeamLostError');
    } finally {
      await db.start();
    }
    await link.start();
    expect(link.status.state).toBe('connected');
  });
});

describe('a password IT changes while the desk listens', () => {
  it('is said as refused as soon as the listening connection cannot sign in again, with no work asked', async () => {
    await db.createLogin('dora', 'dora-secret', ['card_desk_operator']);
    // Pooled connections close soon after their work, as at rest (one connection a desk: the listening one).
    const link = await linkTo(at('carddesk'), 'dora', 'dora-secret', 200);
    const heard: string[] = [];
    const stop = link.listen({ channels: ['card_desk_customers'], heard: (channel) => heard.push(channel) });
    try {
      expect(link.status.state).toBe('connected');
      // At rest: the desk's one session is the listening one.
      const sessions = async () =>
        (await db.sql(`SELECT query FROM pg_stat_activity WHERE usename = 'dora'`)).rows.map((r) => String(r.query));
      await expect.poll(sessions).toEqual(['LISTEN card_desk_customers']);
      await db.sql(`ALTER ROLE dora PASSWORD 'dora-changed'`);
      await db.sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'dora'`);
      // Nothing asks the link for work: only the listening connection, made again, meets the new password.
      await expect.poll(() => link.status.state).toBe('refused');
      expect(link.status.problem).toMatch(/refused the sign-in of dora/);
    } finally {
      stop();
    }
  });
});
