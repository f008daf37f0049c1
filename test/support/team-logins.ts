// A real PostgreSQL set up by team:setup (postgres.ts) with logins a test names and their roles, each already
// connected as itself, for the tests that try the team database's rules as each login: the operator, the
// approver, the syncer, the administrator. Each login's password is `<name>-secret`.
import type pg from 'pg';
import { postgresMissing, startPostgres, type TestPostgres } from './postgres';

export interface TeamLogins<N extends string> {
  db: TestPostgres;
  /** A connection as each login. */
  as: Record<N, pg.Client>;
  /** Ends the connections and removes the database. */
  close(): Promise<void>;
}

export async function teamDatabaseWith<N extends string>(logins: Record<N, readonly string[]>): Promise<TeamLogins<N>> {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  const db = await startPostgres();
  const as = {} as Record<N, pg.Client>;
  for (const [name, roles] of Object.entries(logins) as [N, readonly string[]][]) {
    await db.createLogin(name, `${name}-secret`, [...roles]);
    as[name] = await db.connectAs(name, `${name}-secret`);
  }
  return {
    db,
    as,
    close: async () => {
      for (const client of Object.values<pg.Client>(as)) await client.end().catch(() => undefined);
      await db.remove();
    },
  };
}

/** The error a statement fails with: its SQLSTATE and message; throws when the statement was allowed. */
export async function sqlFailure(run: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await run;
  } catch (error) {
    return { code: String((error as { code?: string }).code), message: (error as Error).message };
  }
  throw new Error('the statement was allowed');
}
