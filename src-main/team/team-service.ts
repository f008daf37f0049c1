// The active environment's team database, on this desk: which one (the policy's address, or the one the
// operator chose), the operator's login (user name in team.json, password in the keychain), the link to it
// and the journal's outbox. Optional: an environment without one works exactly as a desk alone. A new
// active environment closes the old link and opens its own. The status bar and Settings hear every change
// (`team.changed`).
import { userInfo } from 'node:os';
import type { PoolClient } from 'pg';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type { TeamConnectInput, TeamJournalQuery, TeamSignIn, TeamStatus } from '../../src-shared/ipc/channels/team';
import type { Journal } from '../journal/journal';
import type { SecretStore } from '../keychain/secret-store';
import type { Policy } from '../policy/policy';
import type { Emit, Logger } from '../ports/ports';
import { errorMessage } from '../errors/error-message';
import type { CustomerFeed } from '../cache/team-door';
import { LoginSpans } from './login-spans';
import { feedThrough } from './sync/customer-feed';
import type { TeamCustomerPorts, TeamCustomers } from './sync/team-customers';
import type { NoticeSubscription } from './team-notices';
import {
  forgetPassword,
  keepPassword,
  linkRefusal,
  noPassword,
  openActive,
  savedPassword,
  type Active,
} from './team-active';
export { NoPasswordError } from './team-active';
import { listTeamJournal, type TeamJournalPage } from './team-journal';
import { serverName } from './team-address';
import { displayUrl, teamStatus } from './team-status';
import { type TeamLink, TeamQueryError } from './team-link';
import { TeamSettings, type Desk, type TeamLogin } from './team-settings';

export interface TeamServiceOptions {
  dataDir: string;
  secretStore: SecretStore;
  policy: Policy;
  journal: () => Journal;
  /** The environment's extra CA certificates (PEM), as its API calls trust them. */
  extraCa: (environmentId: string) => Promise<readonly string[]>;
  emit: Emit;
  logger: Logger;
  /** How often the outbox looks for new journal events (default 2 s). */
  sendEveryMs?: number;
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** A pooled connection idle this long is closed (default 10 s): at rest only the listening one stays. */
  idleMs?: number;
  /** The desk's customer cache and API client: with them the team's one customer sync runs (sync/). */
  customers?: TeamCustomerPorts;
}

/** The team database a write of an environment is claimed in, as this desk reaches it now. */
export interface ClaimsScene {
  environmentId: string;
  link: TeamLink | null;
  /** The database, as the operator knows it (its address without login). */
  where: string;
  signedIn: boolean;
  desk: Desk;
}

/** A connected link quiet this long is asked `SELECT 1` (on its listening connection, when it is free). */
const HEARTBEAT_MS = 15_000;

/**
 * The status, or null when it cannot be read because the desk is closing: its journal is shut while the link
 * still reports (a stopped database, a last answer), and there is no window left to tell.
 */
function readableStatus(read: () => TeamStatus, logger: Logger): TeamStatus | null {
  try {
    return read();
  } catch (error) {
    logger.debug({ err: errorMessage(error) }, 'team status not told: the desk is closing');
    return null;
  }
}

export class TeamService {
  readonly settings: TeamSettings;
  private readonly spans: LoginSpans;
  private environmentId = '';
  private active: Active | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastEmitted = '';

  constructor(private readonly options: TeamServiceOptions) {
    this.settings = new TeamSettings(options.dataDir, options.logger);
    this.spans = new LoginSpans(options.dataDir, options.logger);
    this.timer = setInterval(() => void this.tick(), options.sendEveryMs ?? 2_000);
    this.timer.unref?.();
  }

  /** Makes `environmentId` the one the desk works in: its team database (if any) is connected. */
  async activate(environmentId: string): Promise<void> {
    await this.closeActive();
    this.environmentId = environmentId;
    const login = this.settings.login(environmentId);
    this.spans.follow(environmentId, login?.user ?? null, this.options.journal().events);
    if (login && this.signedIn(environmentId)) {
      await this.open(environmentId, login);
      void this.active?.link.start();
    }
    this.emitStatus();
  }

  status(): TeamStatus {
    const active = this.active;
    return teamStatus({
      writesNeedTeam: this.options.policy.teamRequiredForWrites ?? true,
      environmentId: this.environmentId,
      policyUrl: policyUrlOf(this.options.policy, this.environmentId),
      policySignIn: policySignIn(this.options.policy, this.environmentId),
      desk: this.settings.desk,
      active: active && {
        url: active.login.url,
        user: active.login.user,
        signIn: active.signIn,
        link: active.link,
        outbox: active.outbox,
        customers: active.customers?.status() ?? null,
      },
    });
  }

  /** Signs in to the team database: with a password (kept once accepted) or with Windows (`loginOf`). */
  async connect(input: TeamConnectInput): Promise<Result<TeamStatus>> {
    const environmentId = this.environmentId;
    const policyUrl = policyUrlOf(this.options.policy, environmentId);
    if (policyUrl && displayUrl(policyUrl) !== displayUrl(input.url)) return notPolicyAddress(policyUrl);
    const windows = (policySignIn(this.options.policy, environmentId) ?? input.signIn) === 'windows';
    const password = input.password ?? '';
    const login = loginOf(input, policyUrl ?? input.url, windows);
    await this.closeActive();
    await this.open(environmentId, login, async () => password);
    await this.active!.link.start();
    const status = this.active!.link.status;
    // Whatever login was saved before stays in use when this one is not accepted, or its password not kept.
    const failed =
      status.state !== 'connected'
        ? linkRefusal(status)
        : await keepPassword(this.options.secretStore, environmentId, { login, password }, this.settings);
    if (failed) {
      await this.activate(environmentId);
      return failed;
    }
    this.settings.setLogin(environmentId, login);
    this.spans.follow(environmentId, login.user, this.options.journal().events);
    if (!windows) {
      // From now on the password is read from the keychain, as after a restart.
      await this.closeActive();
      await this.open(environmentId, login);
      await this.active!.link.start();
    }
    void this.active?.outbox.send().then(() => this.emitStatus());
    this.emitStatus();
    return ok(this.status());
  }

  /** Stops using the team database on this desk and forgets the login; the desk goes on alone. */
  async disconnect(): Promise<Result<TeamStatus>> {
    const environmentId = this.environmentId;
    const login = this.settings.login(environmentId);
    await this.closeActive();
    const kept = login && (await forgetPassword(this.options.secretStore, environmentId, login, this.options.logger));
    if (kept) return kept;
    this.settings.setLogin(environmentId, null);
    this.spans.follow(environmentId, null, this.options.journal().events);
    this.emitStatus();
    return ok(this.status());
  }

  /** Signed in to the environment's team database: a login saved (at the policy's address, when it sets one). */
  signedIn(environmentId: string): boolean {
    return atAddress(this.settings.login(environmentId), policyUrlOf(this.options.policy, environmentId));
  }

  /** The team's customers on this desk (the syncer, the cache's fill), while `environmentId` is active. */
  customersOf(environmentId: string): TeamCustomers | null {
    return this.active?.environmentId === environmentId ? this.active.customers : null;
  }

  /** Follows notices on the active link's listening connection (none without a link); the function stops. */
  listen(subscription: NoticeSubscription): () => void {
    return this.active?.link.listen(subscription) ?? (() => undefined);
  }

  /** Runs `work` on the team database's connection; a failure says why in the operator's words. */
  use<T>(work: (client: PoolClient) => Promise<T>): Promise<Result<T>> {
    return useLink(this.active?.link ?? null, work);
  }

  /**
   * Where the claims of `environmentId`'s writes go (team/team-claims-store.ts): null when it has no team database;
   * `link` null when this desk is not linked to it now (signed out, or not the active environment).
   */
  claimsScene(environmentId = this.environmentId): ClaimsScene | null {
    return claimsSceneOf(environmentId, this.active, this.settings, policyUrlOf(this.options.policy, environmentId));
  }

  /** A page of the team journal (the Journal page's *Team* view and its export). */
  journal(query: TeamJournalQuery & { page: number; limit: number }): Promise<Result<TeamJournalPage>> {
    return this.use((client) => listTeamJournal(client, query));
  }

  async dispose(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.closeActive();
  }

  private async tick(): Promise<void> {
    const active = this.active;
    // A link that cannot connect reads the environment's CAs again: one IT added in Settings heals it.
    if (active && active.link.status.state !== 'connected')
      active.trust.ca = await this.options.extraCa(active.environmentId).catch(() => active.trust.ca);
    await this.active?.link.heartbeat(HEARTBEAT_MS);
    await this.active?.outbox.send();
    this.emitStatus();
  }

  /** Opens the link for the login: `password` given (a sign-in being tried), else read from the keychain. */
  private async open(environmentId: string, login: TeamLogin, password?: () => Promise<string>): Promise<void> {
    const trust = { ca: await this.options.extraCa(environmentId).catch(() => []) };
    const signIn = policySignIn(this.options.policy, environmentId) ?? login.signIn ?? 'password';
    this.active = openActive(this.options, {
      spans: this.spans,
      environmentId,
      login,
      signIn,
      password:
        signIn === 'windows'
          ? noPassword
          : (password ?? (() => savedPassword(this.options.secretStore, environmentId, login))),
      trust,
      desk: this.settings.desk,
      onStatus: (status) => {
        if (status.state === 'connected') void this.active?.outbox.send().then(() => this.emitStatus());
        this.emitStatus();
      },
    });
  }

  private async closeActive(): Promise<void> {
    const active = this.active;
    this.active = null;
    await active?.close();
  }

  private emitStatus(): void {
    const status = readableStatus(() => this.status(), this.options.logger);
    if (!status) return;
    const text = JSON.stringify(status);
    if (text === this.lastEmitted) return;
    this.lastEmitted = text;
    this.options.emit('team.changed', status);
  }
}

/**
 * Where the environment's customer cache fills from while the desk is signed in to its team database: the
 * team's copy, by change number (the API's customer pages are then the syncer's alone). Null when the
 * environment has no team database on this desk: the cache pages the API itself.
 */
export function teamCustomerFeed(team: TeamService, environmentId: string): CustomerFeed | null {
  if (!team.signedIn(environmentId)) return null;
  return feedThrough(() => team.customersOf(environmentId)?.feed ?? null);
}

/** The address the policy sets for the environment, if it sets one. */
function policyUrlOf(policy: Policy, environmentId: string): string | null {
  return policy.environments.find((e) => e.id === environmentId)?.teamUrl ?? null;
}

/** A sign-in to another address than the one the policy sets for the environment. */
function notPolicyAddress(policyUrl: string): Result<TeamStatus> {
  const message = `url is set by your organisation for this environment: ${displayUrl(policyUrl)}`;
  return err('validation', message, { field: 'url' });
}

/** How the policy has operators sign in to the environment's team database, if it says. */
function policySignIn(policy: Policy, environmentId: string): TeamSignIn | null {
  return policy.environments.find((e) => e.id === environmentId)?.teamSignIn ?? null;
}

/** The login a sign-in names: with Windows, the operator's Windows user name when none is given. */
function loginOf(input: TeamConnectInput, url: string, windows: boolean): TeamLogin {
  return windows
    ? { url, user: input.user || userInfo().username, signIn: 'windows' }
    : { url, user: input.user ?? '' };
}

/** A login saved, at the policy's address when the policy sets one. */
function atAddress(login: TeamLogin | null, policyUrl: string | null): boolean {
  return login !== null && (!policyUrl || policyUrl === login.url);
}

/** Runs `work` on the link's connection; a failure says why in the operator's words. */
async function useLink<T>(link: TeamLink | null, work: (client: PoolClient) => Promise<T>): Promise<Result<T>> {
  if (!link) return err('not_found', 'This environment has no team database: set one in Settings → Team.');
  if (link.status.state !== 'connected')
    return err('network', link.status.problem ?? `The team database ${link.where} is not connected yet.`);
  try {
    return ok(await link.use(work));
  } catch (error) {
    return err(error instanceof TeamQueryError ? 'network' : 'internal', errorMessage(error));
  }
}

function claimsSceneOf(
  environmentId: string,
  active: Active | null,
  settings: TeamSettings,
  policyUrl: string | null,
): ClaimsScene | null {
  const desk = settings.desk;
  if (active && active.environmentId === environmentId)
    return { environmentId, link: active.link, where: serverName(active.login.url), signedIn: true, desk };
  const login = settings.login(environmentId);
  const url = policyUrl ?? login?.url ?? null;
  if (!url) return null;
  return { environmentId, link: null, where: serverName(url), signedIn: login !== null, desk };
}
