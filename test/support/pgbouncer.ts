// A real PgBouncer from Debian's `pgbouncer` package (.ci/run installs it) in front of a test PostgreSQL
// (postgres.ts), in transaction mode as many banks run it: a server connection is a client's only for one
// transaction, so LISTEN through it never hears anything. Its own folder, a free port of 127.0.0.1, logins
// with their passwords in its auth file; run as the `postgres` user (PgBouncer refuses root).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './ports';
import { TEAM_DATABASE, type TestPostgres } from './postgres';

export const PGBOUNCER = '/usr/sbin/pgbouncer';

export function pgbouncerMissing(): string | null {
  return existsSync(PGBOUNCER) ? null : `${PGBOUNCER} missing (apt-get install pgbouncer; .ci/run installs it)`;
}

export interface TestPgBouncer {
  port: number;
  /** The team database through the pooler: postgres://127.0.0.1:PORT/carddesk. */
  url: string;
  stop(): Promise<void>;
}

/** Starts PgBouncer in transaction mode before `db`, knowing `logins` (name and password). */
export async function startPgBouncer(db: TestPostgres, logins: Record<string, string>): Promise<TestPgBouncer> {
  const dir = mkdtempSync(join(tmpdir(), 'card-desk-pgbouncer-'));
  const port = await freePort();
  const at = (name: string) => join(dir, name);
  const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
  writeFileSync(
    at('userlist.txt'),
    Object.entries(logins)
      .map(([user, password]) => `${quote(user)} ${quote(password)}\n`)
      .join(''),
  );
  writeFileSync(
    at('pgbouncer.ini'),
    [
      '[databases]',
      `${TEAM_DATABASE} = host=127.0.0.1 port=${db.port} dbname=${TEAM_DATABASE}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      "unix_socket_dir = ''",
      'auth_type = scram-sha-256',
      `auth_file = ${at('userlist.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 5',
      'ignore_startup_parameters = extra_float_digits',
      `logfile = ${at('pgbouncer.log')}`,
      `pidfile = ${at('pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    for (const path of [dir, at('userlist.txt'), at('pgbouncer.ini')]) chownSync(path, uid, gid);
  }
  chmodSync(at('userlist.txt'), 0o600);
  const [file, args] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', PGBOUNCER, at('pgbouncer.ini')]]
    : [PGBOUNCER, [at('pgbouncer.ini')]];
  const child: ChildProcess = spawn(file, args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForPort(port, child, 'pgbouncer');
  return {
    port,
    url: `postgres://127.0.0.1:${port}/${TEAM_DATABASE}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
