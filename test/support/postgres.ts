// A real PostgreSQL for the team tests: Debian's server (the `postgresql` package, which .ci/run installs),
// its own cluster made by initdb in a temporary folder, started by pg_ctl on a free port of 127.0.0.1 and
// run as the `postgres` user (the server refuses root). The administrator `postgres` signs in over TCP
// without a password (trust, from 127.0.0.1 only); every other login with its password (scram-sha-256).
// The database `carddesk` is made, then set up by `npm run team:setup`, as IT would. A test run does that
// once: the first set-up cluster of the run is kept as a template (in the folder postgres-templates.ts, the
// run's global setup, names) and each later one is a copy of it, stopped cleanly, on a port of its own.
import { execFile, execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
export const TEAM_DATABASE = 'carddesk';
/** The folder where a run keeps its set-up cluster (postgres-templates.ts sets it); none: each is made afresh. */
export const TEMPLATES_VARIABLE = 'CARD_DESK_POSTGRES_TEMPLATES';

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
  const setUp = options.setUp !== false;
  const template = setUp ? await setUpTemplate() : null;
  if (template) execFileSync('cp', ['-a', template, data]);
  else await initdb(data);
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
  if (!template) await createTeamDatabase(port, setUp);

  const url = `postgres://127.0.0.1:${port}/${TEAM_DATABASE}`;

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

function initdb(data: string): Promise<string> {
  return run('initdb', ['-D', data, '-U', 'postgres', '--auth-local=trust', '--auth-host=scram-sha-256', '--no-sync']);
}

/** The team database on the server at `port`, made and (when `setUp`) set up by `npm run team:setup`. */
async function createTeamDatabase(port: number, setUp: boolean): Promise<void> {
  const bootstrap = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', ssl: false });
  await bootstrap.connect();
  try {
    await bootstrap.query(`CREATE DATABASE ${TEAM_DATABASE}`);
  } finally {
    await bootstrap.end();
  }
  if (setUp) await runTeamSetupCli(`postgres://postgres@127.0.0.1:${port}/${TEAM_DATABASE}`);
}

let template: Promise<string | null> | undefined;

/**
 * The data folder of the run's set-up cluster, made by the first caller of the run while the others wait
 * for it; null when the run keeps none.
 */
function setUpTemplate(): Promise<string | null> {
  const folder = process.env[TEMPLATES_VARIABLE];
  if (!folder) return Promise.resolve(null);
  template ??= (async () => {
    const ready = join(folder, 'set-up-data');
    if (existsSync(ready)) return ready;
    const lock = join(folder, 'making');
    let making = false;
    try {
      mkdirSync(lock);
      making = true;
    } catch {
      // Another process of the run makes it: wait for it (a maker that failed takes its lock away).
      while (existsSync(lock) && !existsSync(ready)) await sleep(100);
      if (existsSync(ready)) return ready;
    }
    try {
      return await makeTemplate(folder, ready);
    } finally {
      if (making) rmSync(lock, { recursive: true, force: true });
    }
  })();
  return template;
}

/** A cluster set up by team:setup, stopped cleanly, moved to `ready` whole (unless another is there first). */
async function makeTemplate(folder: string, ready: string): Promise<string> {
  const building = mkdtempSync(join(folder, 'building-'));
  try {
    if (asRoot) execFileSync('chown', ['postgres', building]);
    const data = join(building, 'data');
    await initdb(data);
    const hba = join(building, 'pg_hba.conf');
    writeFileSync(hba, 'local all all trust\nhost all postgres 127.0.0.1/32 trust\n');
    if (asRoot) execFileSync('chown', ['postgres', hba]);
    const port = await freePort();
    // Its own settings on the command line: the copies' postgresql.conf is initdb's, for startPostgres to add to.
    const settings = `-p ${port} -k ${building} -c listen_addresses=127.0.0.1 -c hba_file=${hba} -c fsync=off`;
    await run('pg_ctl', ['-D', data, '-l', join(building, 'server.log'), '-o', settings, '-w', '-t', '120', 'start']);
    try {
      await createTeamDatabase(port, true);
    } finally {
      await run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '120', 'stop']);
    }
    if (!existsSync(ready)) renameSync(data, ready); // whole or not at all
    return ready;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
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
