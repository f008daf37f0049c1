// One desk's link to its team database, for one environment and one login: a small pool of connections,
// what state the link is in and why, and healing. A database that goes away is a normal event: the link
// says so (`unreachable`), the desk keeps working on its own, and the link tries again, sooner first, then
// every `maxRetryMs`, until the database answers; then it is `connected` and its listeners hear it. A refused
// sign-in is not tried again (a wrong password tried over and over can lock a login): the operator signs in
// again. A login that is no Card Desk operator, or a database whose schema is missing or too old, heals when
// IT acts, so those are tried again at the slow pace.
import type pg from 'pg';
import type { Logger } from '../ports/ports';
import { errorMessage } from '../errors/error-message';
import { TEAM_SCHEMA_VERSION } from './schema/migrations';
import { addressText, type TeamAddress } from './team-address';
import { type TeamFailure, teamFailure } from './team-failure';
import { ConnectFailure, LinkConnections, type NoticesAt } from './link-connections';
import type { NoticeSubscription } from './team-notices';
import type { TeamSignIn } from '../../src-shared/ipc/channels/team';

export type LinkState = 'connecting' | 'connected' | 'switching' | 'unreachable' | 'refused';

export interface LinkStatus {
  state: LinkState;
  /** What is wrong, in the operator's words (null when connected or connecting). */
  problem: string | null;
  /** The database's name for this login (session_user), once connected. */
  login: string | null;
  /** Whether the login may page the API for the team (a card_desk_syncer member). */
  syncer: boolean;
  /** When the state began (ISO). */
  since: string;
}

export interface TeamLinkOptions {
  address: TeamAddress;
  user: string;
  /**
   * How the login signs in: `password` (read from the keychain each time a connection is made) or `windows`
   * (the operator's Kerberos ticket: GSSAPI, SSPI on Windows; windows-sign-in.ts), nothing typed or kept.
   */
  signIn?: TeamSignIn;
  /** The password, read from the keychain each time a connection is made (password sign-in). */
  password?: () => Promise<string>;
  /** The environment's extra CA certificates (PEM), read each time a connection is made. */
  extraCa: () => readonly string[];
  logger: Logger;
  /** Called on every change of state. */
  onStatus?: (status: LinkStatus) => void;
  /** First wait before trying again, doubled each time up to `maxRetryMs` (defaults 1 s and 30 s). */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** Where notices are heard (link-connections.ts): the address itself unless the policy names a pooler. */
  notices?: NoticesAt | undefined;
  /** A pooled connection idle this long is closed (default 10 s): at rest only the listening one stays. */
  idleMs?: number;
  now?: () => Date;
}

/** A failure that is not the network's: the link stays as it is and the caller is told. */
export class TeamQueryError extends Error {
  override readonly name: string = 'TeamQueryError';
}

/**
 * The database went away under the work (stopped, a network that dropped): the link is `unreachable` and
 * heals by itself. Never a refusal of the database, which callers say as an alarm.
 */
export class TeamLostError extends TeamQueryError {
  override readonly name = 'TeamLostError';
}

interface SessionCheck {
  login: string;
  operator: boolean;
  syncer: boolean;
  version: number | null;
  server: number;
  /** A standby (in recovery): it takes no write, so the desk looks for the primary. */
  standby: boolean;
}

export class TeamLink {
  private readonly connections: LinkConnections;
  private current: LinkStatus;
  private retryMs: number;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private checking: Promise<void> | null = null;
  private lastAnswer = 0;
  private readonly connectedListeners: ((switched: boolean) => void)[] = [];
  /** The server the link was last connected to (failover: another one means catching up). */
  private lastServer: number | null = null;
  /** How many times the link has become connected: what a (re)connection must check again is keyed by it. */
  private connects = 0;
  readonly where: string;

  constructor(private readonly options: TeamLinkOptions) {
    this.where = addressText(options.address);
    this.retryMs = options.firstRetryMs ?? 1_000;
    this.current = { state: 'connecting', problem: null, login: null, syncer: false, since: this.nowIso() };
    this.connections = new LinkConnections({
      ...options,
      signIn: options.signIn ?? 'password',
      connected: () => this.current.state === 'connected',
      onIdleError: (error) => this.lost(error),
      // A refused sign-in of the listening connection is the link's: a lost server is found by the work.
      onListenConnectError: (error) => {
        if (teamFailure(error, this.failureContext()).reason !== 'unreachable') this.lost(error);
      },
    });
  }

  get status(): LinkStatus {
    return this.current;
  }

  /** How many times the link has become connected (each one may be to another primary after a failover). */
  get connection(): number {
    return this.connects;
  }

  /** How notices reach the desk: `listening` on a connection, or `polling` (the address is a pooler's). */
  get notices(): 'listening' | 'polling' {
    return this.connections.noticesMode;
  }

  /**
   * Calls `listener` each time the link becomes connected (after `onStatus`); `switched` is true when it is
   * another server than before (a failover: what the desk sent to the old primary may be lost).
   */
  onConnected(listener: (switched: boolean) => void): void {
    this.connectedListeners.push(listener);
  }

  /** Checks the login and the schema now (and keeps trying while the database cannot be reached). */
  start(): Promise<void> {
    this.checking ??= this.check().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  /** Follows notices on the link's one listening connection (team-notices.ts); the function returned stops. */
  listen(subscription: NoticeSubscription): () => void {
    return this.connections.listen(subscription);
  }

  /**
   * Runs `work` on a connection: the listening one when it is free, else a pooled one (closed when idle). A
   * lost database makes the link `unreachable` (and heal) and is thrown.
   */
  async use<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    if (this.closed) throw new TeamQueryError(`The link to ${this.where} is closed.`);
    const unreachable = (error: unknown) => teamFailure(error, this.failureContext()).reason === 'unreachable';
    try {
      const result = await this.connections.run(work, unreachable);
      this.lastAnswer = Date.now();
      return result;
    } catch (error) {
      if (error instanceof ConnectFailure) throw this.lost(error.reason);
      if (unreachable(error)) throw this.lost(error);
      throw new TeamQueryError(errorMessage(error));
    }
  }

  /**
   * A connection of its own, outside the pool, signed in as the link's are (LISTEN holds one for as long
   * as it listens); the caller connects and ends it.
   */
  separateClient(): pg.Client {
    if (this.closed) throw new TeamQueryError(`The link to ${this.where} is closed.`);
    return this.connections.separateClient();
  }

  /**
   * While connected, asks the database something small when it has not answered for `quietMs`: a database
   * that went away without a word (a network that dropped) is found, and the pool's connections stay warm.
   */
  async heartbeat(quietMs: number): Promise<void> {
    if (this.current.state !== 'connected' || Date.now() - this.lastAnswer < quietMs) return;
    await this.use((client) => client.query('SELECT 1')).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.connections.close();
  }

  private failureContext() {
    return { where: this.where, user: this.options.user, signIn: this.options.signIn ?? 'password' } as const;
  }

  private nowIso(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }

  private set(status: Omit<LinkStatus, 'since'>): void {
    const same =
      status.state === this.current.state &&
      status.problem === this.current.problem &&
      status.login === this.current.login;
    if (same) return;
    this.current = { ...status, since: this.nowIso() };
    this.options.onStatus?.(this.current);
    if (status.state !== 'connected') return;
    const switched = this.lastServer !== null && this.lastServer !== this.connections.server;
    this.lastServer = this.connections.server;
    this.connects++;
    this.connections.connected();
    for (const listener of this.connectedListeners) listener(switched);
  }

  /** Marks the link lost (when it was not already) and schedules a check; returns the error to throw. */
  private lost(error: unknown): Error {
    const failure = teamFailure(error, this.failureContext());
    if (!this.closed) {
      if (this.current.state !== 'unreachable' && this.current.state !== 'refused')
        this.options.logger.warn({ where: this.where, err: errorMessage(error) }, 'team database lost');
      // With several servers a lost primary is looked for again at once, among them all.
      if (
        failure.reason === 'unreachable' &&
        this.connections.servers.length > 1 &&
        this.current.state === 'connected'
      ) {
        this.set({ state: 'switching', problem: null, login: null, syncer: false });
        void this.start();
      } else this.fail(failure);
    }
    return new TeamLostError(failure.message);
  }

  private fail(failure: TeamFailure): void {
    const state: LinkState = failure.reason === 'unreachable' ? 'unreachable' : 'refused';
    this.set({ state, problem: failure.message, login: null, syncer: false });
    if (failure.reason === 'sign_in') return;
    this.schedule(failure.reason === 'unreachable' ? this.retryMs : (this.options.maxRetryMs ?? 30_000));
  }

  private schedule(ms: number): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.start();
    }, ms);
    this.timer.unref?.();
    this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 30_000);
  }

  /** Checks the server in use, then the address's others in turn, until one takes writes. */
  private async check(): Promise<void> {
    let outcome: SessionCheck | TeamFailure | null = null;
    for (let tried = 0; tried < this.connections.servers.length; tried++) {
      if (tried > 0) await this.connections.next();
      outcome = await checkServer(this.connections.pool, this.where, this.failureContext());
      if (this.closed) return;
      if (!('reason' in outcome) || outcome.reason !== 'unreachable') break;
    }
    if (!outcome || 'reason' in outcome) return this.fail(outcome!);
    this.retryMs = this.options.firstRetryMs ?? 1_000;
    this.lastAnswer = Date.now();
    this.options.logger.info({ where: this.where, login: outcome.login }, 'team database connected');
    this.set({ state: 'connected', problem: null, login: outcome.login, syncer: outcome.syncer });
  }
}

/** Signs in to the server the pool reaches and checks the login, the schema and that it takes writes. */
async function checkServer(
  pool: pg.Pool,
  where: string,
  context: Parameters<typeof teamFailure>[1],
): Promise<SessionCheck | TeamFailure> {
  let session: SessionCheck;
  try {
    const client = await pool.connect();
    try {
      session = await readSession(client);
    } finally {
      client.release();
    }
  } catch (error) {
    const missingSchema =
      ['42P01', '3F000', '42501', '42704'].includes(String((error as { code?: string }).code)) &&
      !/permission denied for database/i.test(errorMessage(error));
    return missingSchema
      ? {
          reason: 'refused',
          message: `${where} is not set up for Card Desk (${errorMessage(error)}). Ask IT to run team:setup on it.`,
        }
      : teamFailure(error, context);
  }
  if (session.standby)
    return {
      reason: 'unreachable',
      message: `The team database ${where} answers only as a standby (read-only) now. Card Desk keeps working on this desk and looks for the primary again.`,
    };
  const problem = sessionProblem(session, where);
  return problem ? { reason: 'refused', message: problem } : session;
}

async function readSession(client: pg.PoolClient): Promise<SessionCheck> {
  const { rows } = await client.query<Omit<SessionCheck, 'version'>>(`
    SELECT session_user AS login,
           pg_has_role(session_user, 'card_desk_operator', 'MEMBER') AS operator,
           pg_has_role(session_user, 'card_desk_syncer', 'MEMBER') AS syncer,
           current_setting('server_version_num')::int AS server,
           pg_is_in_recovery() AS standby`);
  const session = rows[0]!;
  // The schema is read only by a member: anyone else could not, and is told what they lack instead.
  if (!session.operator) return { ...session, version: null };
  const version = await client.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM card_desk.schema_migrations',
  );
  return { ...session, version: version.rows[0]?.version ?? null };
}

function sessionProblem(session: SessionCheck, where: string): string | null {
  if (session.server < 140_000)
    return `${where} runs PostgreSQL ${Math.floor(session.server / 10_000)}; Card Desk needs PostgreSQL 14 or newer.`;
  if (!session.operator)
    return `The login ${session.login} is not a Card Desk operator on ${where}. Ask IT: GRANT card_desk_operator TO ${session.login};`;
  if ((session.version ?? 0) < TEAM_SCHEMA_VERSION)
    return `${where} holds an older Card Desk team schema (version ${session.version ?? 0}; this Card Desk needs ${TEAM_SCHEMA_VERSION}). Ask IT to run team:setup on it again.`;
  return null;
}
