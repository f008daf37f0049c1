// A real PostgreSQL for the team tests: Debian's server (the `postgresql` package, which .ci/run installs),
// its own cluster made by initdb in a temporary folder, started by pg_ctl on a free port of 127.0.0.1 and
// run as the `postgres` user (the server refuses root). The administrator `postgres` signs in over TCP
// without a password (trust, from 127.0.0.1 only); every other login with its password (scram-sha-256).
// The database `carddesk` is made, then set up by `npm run team:setup`, as IT would.
import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
export const TEAM_DATABASE = 'carddesk';

/** Why no PostgreSQL can be started here, or null when one can. */
export function postgresMissing(): string | null {
  if (!existsSync(join(POSTGRES_BIN, 'pg_ctl')))
    return `PostgreSQL's server is not installed in ${POSTGRES_BIN} (apt-get install postgresql; .ci/run installs it)`;
  return null;
}

export interface TestPostgres {
  host: '127.0.0.1';
  port: number;
  /** The team database's address (no user): postgres://127.0.0.1:PORT/carddesk. */
  url: string;
  /** A connection as the administrator (postgres). */
  admin(): Promise<pg.Client>;
  /** Runs SQL as the administrator. */
  sql(text: string, values?: unknown[]): Promise<pg.QueryResult>;
  /** Makes a login with a password and the given roles (`CREATE ROLE … LOGIN PASSWORD … IN ROLE …`). */
  createLogin(name: string, password: string, roles: string[]): Promise<void>;
  /** A connection as a login. */
  connectAs(user: string, password: string): Promise<pg.Client>;
  /** Stops the server (fast shutdown: every connection is ended), as when the database goes away. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
  /** Stops it hard (immediate: no checkpoint, as a machine that fails), not to be started again. */
  crash(): Promise<void>;
}

const asRoot = userInfo().uid === 0;

/** Runs a server program, as the postgres user when this process is root. */
export function run(program: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(POSTGRES_BIN, program), ...args]]
    : [join(POSTGRES_BIN, program), args];
  return new Promise((resolve, reject) => {
    execFile(
      file,
      argv,
      { encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${program} failed: ${error.message}\n${stdout}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface StartPostgresOptions {
  /** Extra lines for postgresql.conf (e.g. ssl = on). */
  conf?: string[];
  /** TLS for the server: its key and certificate (PEM text); `ssl = on` with them. */
  tls?: { key: string; cert: string };
  /** Set up the schema with `npm run team:setup` (default true). */
  setUp?: boolean;
  /**
   * How logins other than `postgres` sign in from 127.0.0.1: pg_hba.conf lines in place of the default
   * `host all all 127.0.0.1/32 scram-sha-256` (e.g. `hostssl … gss include_realm=0 krb_realm=…`).
   */
  hba?: string[];
  /** Variables for the server's environment (e.g. KRB5_CONFIG for a Kerberos realm of the test's own). */
  env?: NodeJS.ProcessEnv;
}

/** Starts a PostgreSQL of its own (initdb, pg_ctl) and sets up the team database; `remove()` when done. */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<TestPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'card-desk-pg-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const tlsLines: string[] = [];
  if (options.tls) {
    const key = join(dir, 'server.key');
    const cert = join(dir, 'server.pem');
    writeFileSync(key, options.tls.key, { mode: 0o600 });
    writeFileSync(cert, options.tls.cert);
    if (asRoot) for (const f of [key, cert]) execFileSync('chown', ['postgres', f]);
    chmodSync(key, 0o600);
    tlsLines.push('ssl = on', `ssl_cert_file = '${cert}'`, `ssl_key_file = '${key}'`);
  }
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth-local=trust', '--auth-host=scram-sha-256', '--no-sync']);
  const hba = join(dir, 'pg_hba.conf');
  writeFileSync(
    hba,
    [
      'local all all trust',
      'host all postgres 127.0.0.1/32 trust',
      // A standby made by pg_basebackup (standby.ts) streams from it as the administrator.
      'host replication postgres 127.0.0.1/32 trust',
      ...(options.hba ?? ['host all all 127.0.0.1/32 scram-sha-256']),
      '',
    ].join('\n'),
  );
  // The cluster's own settings file gets the test's lines: its pg_hba.conf, no fsync (a test's data is thrown away).
  appendFileSync(
    join(data, 'postgresql.conf'),
    [
      `hba_file = '${hba}'`,
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      ...tlsLines,
      ...(options.conf ?? []),
    ]
      .map((line) => `${line}\n`)
      .join(''),
  );
  if (asRoot) execFileSync('chown', ['postgres', hba]);
  const port = await freePort();
  const startServer = () =>
    run(
      'pg_ctl',
      [
        '-D',
        data,
        '-l',
        join(dir, 'server.log'),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
        '-w',
        '-t',
        '120',
        'start',
      ],
      options.env,
    ).then(() => undefined);
  await startServer();

  const clientAs = async (user: string, password?: string, database = TEAM_DATABASE) => {
    const client = new pg.Client({ host: '127.0.0.1', port, user, password, database, ssl: false });
    await client.connect();
    return client;
  };
  const admin = () => clientAs('postgres');
  const sql = async (text: string, values?: unknown[]) => {
    const client = await admin();
    try {
      return await client.query(text, values);
    } finally {
      await client.end();
    }
  };
  const bootstrap = await clientAs('postgres', undefined, 'postgres');
  await bootstrap.query(`CREATE DATABASE ${TEAM_DATABASE}`);
  await bootstrap.end();

  const url = `postgres://127.0.0.1:${port}/${TEAM_DATABASE}`;
  if (options.setUp !== false) await runTeamSetupCli(`postgres://postgres@127.0.0.1:${port}/${TEAM_DATABASE}`);

  let stopped = false;
  return {
    host: '127.0.0.1',
    port,
    url,
    admin,
    sql,
    async createLogin(name, password, roles) {
      const client = await admin();
      try {
        const quoted = (await client.query<{ q: string }>('SELECT quote_literal($1) AS q', [password])).rows[0]!.q;
        await client.query(
          `CREATE ROLE ${name} LOGIN PASSWORD ${quoted}${roles.length > 0 ? ` IN ROLE ${roles.join(', ')}` : ''}`,
        );
      } finally {
        await client.end();
      }
    },
    connectAs: (user, password) => clientAs(user, password),
    async stop() {
      await run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '120', 'stop']);
      stopped = true;
    },
    async start() {
      await startServer();
      stopped = false;
    },
    async crash() {
      await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '120', 'stop']);
      stopped = true;
    },
    async remove() {
      if (!stopped)
        await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '120', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `npm run team:setup -- --url URL` as IT runs it; its output, or throws with it. */
export function runTeamSetupCli(url: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      ['run', '--silent', 'team:setup', '--', '--url', url, ...extra],
      { encoding: 'utf8', timeout: 120_000, env: { ...process.env, PGPASSWORD: '', ...env } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`team:setup failed (${error.code}): ${stdout}${stderr}`));
        else resolve(stdout + stderr);
      },
    );
  });
}
