// The active environment's link to its team database on this desk, as TeamService opens it: the link for
// the login (signed in with its password from the keychain, or with Windows), the journal's outbox on it and
// the team's customers, closed together.
import { err, type Result } from '../../src-shared/ipc/result';
import type { TeamStatus } from '../../src-shared/ipc/channels/team';
import { errorMessage } from '../errors/error-message';
import { KeychainUnavailableError } from '../keychain/keychain-error';
import type { SecretStore } from '../keychain/secret-store';
import type { TeamSignIn } from '../../src-shared/ipc/channels/team';
import { JournalOutbox } from './journal-outbox';
import type { LoginSpans } from './login-spans';
import { TeamCustomers, type TeamCustomerPorts } from './sync/team-customers';
import type { Journal } from '../journal/journal';
import type { Logger } from '../ports/ports';
import type { Policy } from '../policy/policy';
import { parseTeamAddress } from './team-address';
import type { NoticesAt } from './link-connections';
import { TeamLink, type LinkStatus } from './team-link';
import { teamPasswordAccount, type Desk, type TeamLogin, type TeamSettings } from './team-settings';

/** What opening a link needs of the team service's options. */
export interface ActiveOptions {
  policy: Policy;
  journal: () => Journal;
  logger: Logger;
  firstRetryMs?: number;
  maxRetryMs?: number;
  idleMs?: number;
  customers?: TeamCustomerPorts;
}

export interface Active {
  environmentId: string;
  login: TeamLogin;
  /** How the link signs in (the policy's way, else the login's). */
  signIn: TeamSignIn;
  link: TeamLink;
  outbox: JournalOutbox;
  /** The team's customers on this desk (when the desk has a cache to fill). */
  customers: TeamCustomers | null;
  /** The environment's extra CAs as the link's next connection trusts them. */
  trust: { ca: readonly string[] };
  /** Ends the outbox's sending, stops the team's customers on this desk (the lease released), then closes the link. */
  close: () => Promise<void>;
}

export class NoPasswordError extends Error {
  override readonly name = 'NoPasswordError';
  readonly code = 'CARD_DESK_NO_PASSWORD';
}

export /** A link to the environment's team database for the login, and the journal's outbox on it. */
function openActive(
  options: ActiveOptions,
  input: {
    spans: LoginSpans;
    environmentId: string;
    login: TeamLogin;
    signIn: TeamSignIn;
    password: () => Promise<string>;
    trust: { ca: readonly string[] };
    desk: Desk;
    onStatus: (status: LinkStatus) => void;
  },
): Active {
  const parsed = parseTeamAddress(input.login.url);
  if (!parsed.ok) throw new Error(parsed.problem);
  const link = new TeamLink({
    address: parsed.address,
    user: input.login.user,
    signIn: input.signIn,
    password: input.password,
    notices: noticesOf(options.policy, input.environmentId),
    extraCa: () => input.trust.ca,
    logger: options.logger,
    onStatus: input.onStatus,
    ...(options.firstRetryMs === undefined ? {} : { firstRetryMs: options.firstRetryMs }),
    ...(options.maxRetryMs === undefined ? {} : { maxRetryMs: options.maxRetryMs }),
    ...(options.idleMs === undefined ? {} : { idleMs: options.idleMs }),
  });
  const outbox = new JournalOutbox({
    link,
    journal: options.journal,
    environmentId: input.environmentId,
    desk: input.desk,
    spans: input.spans,
    logger: options.logger,
  });
  const customers = options.customers
    ? new TeamCustomers({
        environmentId: input.environmentId,
        link,
        desk: input.desk,
        ports: options.customers,
        logger: options.logger,
      })
    : null;
  link.onConnected((switched) => {
    // Another primary than before (failover): what it holds of this desk's journal is read again first.
    if (switched) outbox.recheck();
    customers?.connected();
  });
  const close = async () => {
    await outbox.stop();
    await customers?.stop();
    await link.close();
  };
  return {
    environmentId: input.environmentId,
    login: input.login,
    signIn: input.signIn,
    link,
    outbox,
    customers,
    trust: input.trust,
    close,
  };
}

export /** Windows sign-in has no password (windows-sign-in.ts answers a server that asks for one). */
const noPassword = (): Promise<string> =>
  Promise.reject(new NoPasswordError('This desk signs in to the team database with Windows: no password is kept.'));

export /** The login's password from the keychain, read for each new connection. */
async function savedPassword(secrets: SecretStore, environmentId: string, login: TeamLogin): Promise<string> {
  const password = await secrets.get(teamPasswordAccount(environmentId, login));
  if (password === null)
    throw new NoPasswordError(
      'The team database password is not in the keychain any more: sign in again in Settings → Team.',
    );
  return password;
}

/** A sign-in the link did not get through, as the form is told. */
export function linkRefusal(status: LinkStatus): Result<TeamStatus> {
  return err(status.state === 'unreachable' ? 'network' : 'unauthorized', status.problem ?? 'Not connected.');
}

/**
 * Keeps an accepted login's password in the keychain (none with Windows sign-in), and takes out the password
 * of the login saved before when it is not the same one; how keeping failed, or null.
 */
export async function keepPassword(
  secrets: SecretStore,
  environmentId: string,
  accepted: { login: TeamLogin; password: string },
  settings: TeamSettings,
): Promise<Result<TeamStatus> | null> {
  const account = (l: TeamLogin) => (l.signIn === 'windows' ? null : teamPasswordAccount(environmentId, l));
  const kept = account(accepted.login);
  try {
    if (kept) await secrets.set(kept, accepted.password);
  } catch (error) {
    if (error instanceof KeychainUnavailableError) return error.toErr();
    return err('keychain_unavailable', `The keychain could not keep the password: ${errorMessage(error)}`);
  }
  const previous = settings.login(environmentId);
  const before = previous && account(previous);
  if (before && before !== kept) await secrets.delete(before).catch(() => false);
  return null;
}

/** Takes a login's password out of the keychain (none with Windows sign-in); why it could not, or null. */
export async function forgetPassword(
  secrets: SecretStore,
  environmentId: string,
  login: TeamLogin,
  logger: Logger,
): Promise<Result<TeamStatus> | null> {
  try {
    if (login.signIn !== 'windows') await secrets.delete(teamPasswordAccount(environmentId, login));
    return null;
  } catch (error) {
    logger.warn({ err: errorMessage(error) }, 'team password could not leave the keychain');
    if (error instanceof KeychainUnavailableError)
      return err('keychain_unavailable', `${error.message} The login was kept; sign out again when it works.`);
    return null;
  }
}

/**
 * Where the link hears notices: over the policy's direct `listenUrl` beside a pooler, by looking when the
 * address is a pooler's without one, else on the address itself (undefined).
 */
function noticesOf(policy: Policy, environmentId: string): NoticesAt | undefined {
  const environment = policy.environments.find((e) => e.id === environmentId);
  if (!environment?.teamPooler) return undefined;
  const parsed = environment.teamListenUrl ? parseTeamAddress(environment.teamListenUrl) : null;
  return parsed?.ok ? { listen: parsed.address } : { poll: true };
}
