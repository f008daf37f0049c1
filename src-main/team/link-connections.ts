// The connections of one team link: a pool for work that comes together (closed when idle, `idleMs`) and the
// one listening connection (team-notices.ts), which runs work itself while it is free, so a desk at rest
// holds one connection. Every connection signs in the same way: with the login's password (read from the
// keychain each time) or with Windows (windows-sign-in.ts).
import pg from 'pg';
import type { TeamSignIn } from '../../src-shared/ipc/channels/team';
import type { Logger } from '../ports/ports';
import { connectionConfig, serversOf, type TeamAddress } from './team-address';
import { TeamNotices, type NoticeSubscription } from './team-notices';
import { windowsSignInClient } from './windows-sign-in';

/**
 * Where notices are heard: a direct address (beside a pooler's) to LISTEN on, or none (`poll`: the address is a
 * pooler in transaction mode; every channel is then taken as notified every `everyMs`, default 5 s).
 */
export type NoticesAt = { listen: TeamAddress } | { poll: true; everyMs?: number };

export interface LinkConnectionsOptions {
  address: TeamAddress;
  user: string;
  signIn: TeamSignIn;
  password?: (() => Promise<string>) | undefined;
  extraCa: () => readonly string[];
  /** Where notices are heard (NoticesAt); the address itself when absent. */
  notices?: NoticesAt | undefined;
  /** A pooled connection idle this long is closed (default 10 s). */
  idleMs?: number | undefined;
  logger: Logger;
  /** Whether the link is connected now (the listening connection is made only then). */
  connected: () => boolean;
  /** An idle pooled connection the server ended. */
  onIdleError: (error: Error) => void;
  /** The listening connection could not be made (signed in or reached). */
  onListenConnectError: (error: unknown) => void;
}

/** The pool could not give a connection: the database (or the sign-in) failed before any work ran. */
export class ConnectFailure extends Error {
  override readonly name = 'ConnectFailure';
  constructor(readonly reason: unknown) {
    super('no connection');
  }
}

export class LinkConnections {
  pool: pg.Pool;
  private config: pg.ClientConfig;
  /** The address's servers (one, or several for failover) and the one in use. */
  readonly servers: TeamAddress[];
  private at = 0;
  private readonly newPool: () => pg.Pool;
  private readonly configOf: (server: TeamAddress) => pg.ClientConfig;
  private readonly Client: typeof pg.Client;
  private readonly notices: TeamNotices;

  constructor(options: LinkConnectionsOptions) {
    // The password and the CA list are read each time a connection is made: a change heals the next one.
    const secrets = {
      user: options.user,
      password: options.signIn === 'windows' ? undefined : options.password,
      extraCa: options.extraCa,
    };
    this.servers = serversOf(options.address);
    this.configOf = (server) => connectionConfig(server, secrets);
    this.config = this.configOf(this.servers[0]!);
    this.Client = options.signIn === 'windows' ? windowsSignInClient() : pg.Client;
    this.newPool = () => {
      const idleTimeoutMillis = options.idleMs ?? 10_000;
      const pool = new pg.Pool({ ...this.config, Client: this.Client, max: 3, idleTimeoutMillis });
      // An idle connection the server ended: the next use finds out and heals; nothing to throw here.
      pool.on('error', options.onIdleError);
      // A server that ends a connection while it is lent (between two queries of a transaction) or being
      // ended after a failure is an error event on the client: the work's next query fails with it and heals
      // the link, and a connection the pool drops is not listened to any more; without a listener of its own
      // for its whole life, Node would end the app with it.
      pool.on('connect', (client) => client.on('error', () => undefined));
      return pool;
    };
    this.pool = this.newPool();
    const notices = options.notices;
    const listenConfig = notices && 'listen' in notices ? connectionConfig(notices.listen, secrets) : null;
    this.notices = new TeamNotices({
      client:
        notices && 'poll' in notices
          ? null
          : listenConfig
            ? () => this.separateClient(listenConfig)
            : () => this.separateClient(),
      ...(notices && 'poll' in notices && notices.everyMs !== undefined ? { pollMs: notices.everyMs } : {}),
      connected: options.connected,
      logger: options.logger,
      cannotConnect: options.onListenConnectError,
    });
  }

  /** A connection of its own, outside the pool; the caller connects and ends it. */
  separateClient(config = this.config): pg.Client {
    const client = new this.Client(config);
    // A server that ends the connection while the client is idle (stopped, or a DBA ending sessions) is an
    // error event: without a listener Node would end the app with it. Its owner hears it too and acts (the
    // next query fails and heals); here it is only kept from becoming an uncaught exception.
    client.on('error', () => undefined);
    return client;
  }

  listen(subscription: NoticeSubscription): () => void {
    return this.notices.subscribe(subscription);
  }

  /** The server in use now. */
  get server(): number {
    return this.at;
  }

  /**
   * Uses the next of the address's servers (failover): a new pool for it, and the listening connection made
   * again there (notices never cross a failover); the old server's connections are ended.
   */
  async next(): Promise<void> {
    this.at = (this.at + 1) % this.servers.length;
    this.config = this.configOf(this.servers[this.at]!);
    const old = this.pool;
    this.pool = this.newPool();
    await this.notices.drop();
    void old.end().catch(() => undefined);
  }

  /** How notices reach the desk: `listening` on a connection, or `polling` (through a pooler). */
  get noticesMode(): 'listening' | 'polling' {
    return this.notices.mode;
  }

  /** The link is connected (again): listen. */
  connected(): void {
    this.notices.ensure();
  }

  /**
   * Runs `work` on the listening connection when it is free, else on a pooled one; `broken(error)` says
   * whether a failed connection is lost (then not given back to the pool). A pool that cannot connect
   * throws `ConnectFailure`.
   */
  async run<T>(work: (client: pg.PoolClient) => Promise<T>, broken: (error: unknown) => boolean): Promise<T> {
    // The listening connection is a Client, not a pool's: `work` never releases it (run does, for the pool's).
    const leased = await this.notices.lease((client) => work(client as pg.PoolClient));
    if (leased) return leased.value;
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw new ConnectFailure(error);
    }
    try {
      const result = await work(client);
      client.release();
      return result;
    } catch (error) {
      client.release(broken(error));
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.notices.close();
    await this.pool.end().catch(() => undefined);
  }
}
