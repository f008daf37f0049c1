// What `team:setup` does on a database its administrator connects to: the roles, the schema, then every
// numbered migration not yet recorded, each in its own transaction. Two setups at once wait for each other
// (an advisory lock), so a migration never runs twice. Then, on every run, the kinds of write this Card Desk
// knows are added to the database's list (write-kinds-table.ts). Running it again on an up-to-date database
// changes nothing and says so.
import type { ClientBase } from 'pg';
import { TEAM_MIGRATIONS, type TeamMigration } from './schema/migrations';
import { SETUP_PREAMBLE } from './schema/roles';
import { fillWriteKinds } from './write-kinds-table';

/** The advisory lock key of team:setup ("card desk setup" as a number). */
const SETUP_LOCK = 7_263_517_001;

export interface SetupReport {
  /** The migrations that ran now, in order. */
  applied: { version: number; name: string }[];
  /** The schema's version after the setup. */
  version: number;
  /** Who ran it (the database's session_user). */
  admin: string;
  /** The kinds of write added to card_desk.write_kinds now. */
  kindsAdded: string[];
}

async function appliedVersions(client: ClientBase): Promise<Set<number>> {
  const { rows } = await client.query<{ version: number }>('SELECT version FROM card_desk.schema_migrations');
  return new Set(rows.map((r) => r.version));
}

async function inTransaction(client: ClientBase, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await work();
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Again on every run: no function of the schema executable by PUBLIC (one added by hand included). */
async function revokeFromPublic(client: ClientBase): Promise<void> {
  await client.query('REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA card_desk FROM PUBLIC');
}

/** Refuses to say the database is set up while PUBLIC may connect to it or run one of its functions. */
async function checkLeastPrivilege(client: ClientBase): Promise<void> {
  const { rows } = await client.query<{ connect: boolean; functions: string[] }>(
    `SELECT has_database_privilege('public', current_database(), 'CONNECT') AS connect,
            coalesce((SELECT array_agg(p.oid::regprocedure::text ORDER BY p.oid::regprocedure::text) FROM pg_proc p
                       WHERE p.pronamespace = 'card_desk'::regnamespace
                         AND has_function_privilege('public', p.oid, 'EXECUTE')
                         AND EXISTS (SELECT FROM card_desk.schema_migrations WHERE version >= 7)), '{}') AS functions`,
  );
  const { connect, functions } = rows[0]!;
  if (connect)
    throw new Error('PUBLIC may still connect to the team database: REVOKE CONNECT ON DATABASE … FROM PUBLIC failed');
  if (functions.length > 0)
    throw new Error(`PUBLIC may still execute ${functions.join(', ')}: REVOKE EXECUTE … FROM PUBLIC failed`);
}

/** Sets up or upgrades the team schema through `client` (an administrator's connection). */
export async function setUpTeamDatabase(
  client: ClientBase,
  migrations: readonly TeamMigration[] = TEAM_MIGRATIONS,
): Promise<SetupReport> {
  const { rows } = await client.query<{ admin: string }>('SELECT session_user AS admin');
  const admin = rows[0]!.admin;
  await client.query('SELECT pg_advisory_lock($1)', [SETUP_LOCK]);
  try {
    await inTransaction(client, async () => {
      await client.query(SETUP_PREAMBLE);
      // Only the logins of Card Desk's roles may connect to this database (pg_hba.conf still decides from
      // where): a login without one can neither read nor LISTEN to nor fake the team's notices.
      await client.query(
        `DO $$ BEGIN
           EXECUTE format('REVOKE CONNECT, TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
           EXECUTE format('GRANT CONNECT ON DATABASE %I TO card_desk_operator, card_desk_approver, card_desk_syncer, card_desk_admin', current_database());
         END $$;`,
      );
    });
    const done = await appliedVersions(client);
    const applied: SetupReport['applied'] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version)) continue;
      await inTransaction(client, async () => {
        await client.query(migration.sql);
        await client.query('INSERT INTO card_desk.schema_migrations (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ]);
      });
      applied.push({ version: migration.version, name: migration.name });
      done.add(migration.version);
    }
    let kindsAdded: string[] = [];
    // A database a newer Card Desk set up keeps its kinds' words and rules: this one only adds what is missing.
    const newest = Math.max(...migrations.map((m) => m.version));
    if (done.has(8))
      await inTransaction(client, async () => {
        kindsAdded = await fillWriteKinds(client, { update: Math.max(...done) <= newest });
      });
    if (done.has(7)) await inTransaction(client, () => revokeFromPublic(client));
    await checkLeastPrivilege(client);
    return { applied, version: Math.max(0, ...done), admin, kindsAdded };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [SETUP_LOCK]).catch(() => undefined);
  }
}
